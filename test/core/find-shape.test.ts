// A shape named on the command line: by id, or by a name no other shape has.
import { describe, expect, it } from "vitest";
import { findShapeByIdOrName } from "../../core/scene/find-shape";
import type { Shape } from "../../core/index";

const circle = (id: string, name?: string): Shape => ({ id, type: "circle", x: 0, y: 0, rotation: 0, radius: 1, ...(name === undefined ? {} : { name }) });

const SHAPES: readonly Shape[] = [
  circle("player", "Player"),
  circle("c1", "coin"),
  circle("c2", "coin"),
  circle("c3", "coin"),
  circle("door", "c1"),
  circle("plain"),
  circle("blank", ""),
];

describe("findShapeByIdOrName", () => {
  it("finds a shape by its id, and by its name when no other shape has it", () => {
    expect(findShapeByIdOrName(SHAPES, "player")).toEqual({ ok: true, shape: SHAPES[0] });
    expect(findShapeByIdOrName(SHAPES, "Player")).toEqual({ ok: true, shape: SHAPES[0] });
  });

  it("an id wins over another shape's name", () => {
    // "c1" is the id of a coin and the name of the door.
    expect(findShapeByIdOrName(SHAPES, "c1")).toEqual({ ok: true, shape: SHAPES[1] });
  });

  it("a name several shapes share is ambiguous: their ids in scene order", () => {
    expect(findShapeByIdOrName(SHAPES, "coin")).toEqual({ ok: false, reason: "ambiguous", ids: ["c1", "c2", "c3"] });
  });

  it("no id and no name: none; names are matched exactly, and the empty name names no shape", () => {
    expect(findShapeByIdOrName(SHAPES, "nope")).toEqual({ ok: false, reason: "none" });
    expect(findShapeByIdOrName(SHAPES, "player ")).toEqual({ ok: false, reason: "none" });
    expect(findShapeByIdOrName(SHAPES, "COIN")).toEqual({ ok: false, reason: "none" });
    expect(findShapeByIdOrName(SHAPES, "")).toEqual({ ok: false, reason: "none" });
    expect(findShapeByIdOrName([], "x")).toEqual({ ok: false, reason: "none" });
  });
});
