// The Inspector's header for selected shapes: each kind's own plural ("3 boxes", never "3 boxs").
import { describe, expect, it } from "vitest";
import type { Shape, ShapeType } from "../../core";
import { countOfKind, selectionHeading } from "../../renderer/shapes/selection-heading";
import { SHAPE_KINDS } from "../../renderer/shapes/registry";

const shape = (type: ShapeType, id: string): Shape =>
  type === "circle" ? { id, type, x: 0, y: 0, rotation: 0, radius: 1 }
    : type === "box" ? { id, type, x: 0, y: 0, rotation: 0, width: 1, height: 1 }
      : type === "capsule" ? { id, type, x: 0, y: 0, rotation: 0, radius: 1, height: 4 }
        : type === "polygon" ? { id, type, x: 0, y: 0, rotation: 0, points: [[0, 0], [1, 0], [0, 1]] }
          : { id, type, x: 0, y: 0, rotation: 0, points: [[0, 0], [1, 0]] };

describe("the Inspector's header", () => {
  it("names every kind's plural as written English does", () => {
    const plurals = Object.keys(SHAPE_KINDS).map((t) => countOfKind(3, t as ShapeType));
    expect(plurals).toEqual(["3 circles", "3 boxes", "3 capsules", "3 polygons", "3 chains"]);
  });

  it("one shape by kind and id; several of one kind counted by it; mixed kinds as shapes", () => {
    expect(selectionHeading([shape("box", "box-1")])).toBe("box box-1");
    expect(selectionHeading([shape("box", "a"), shape("box", "b"), shape("box", "c")])).toBe("3 boxes");
    expect(selectionHeading([shape("chain", "a"), shape("chain", "b")])).toBe("2 chains");
    expect(selectionHeading([shape("box", "a"), shape("circle", "b")])).toBe("2 shapes");
    expect(countOfKind(1, "box")).toBe("1 box");
    expect(countOfKind(1, null)).toBe("1 shape");
  });
});
