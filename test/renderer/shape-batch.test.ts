// paintShapes against a recording context: culling, colours per overlap flag, whole shapes drawn
// in order, and tiny shapes (a level seen from afar) batched into one stroked path per colour run.
import { describe, expect, it } from "vitest";
import type { Shape } from "../../core";
import { paintShapes } from "../../renderer/canvas/shape-batch";
import { THEME } from "../../renderer/canvas/theme";

/** Records every call and style change as a line. */
function recorder(): { ctx: CanvasRenderingContext2D; log: string[] } {
  const log: string[] = [];
  const target: Record<string, unknown> = {};
  const ctx = new Proxy(target, {
    get: (_t, name: string) => (name in target ? target[name] : (...args: unknown[]) => log.push(`${name}(${args.map((a) => (typeof a === "number" ? Math.round(a) : a)).join(",")})`)),
    set: (_t, name: string, value: unknown) => {
      target[name] = value;
      if (name === "fillStyle" || name === "strokeStyle") log.push(`${name}=${String(value)}`);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, log };
}

const box = (id: string, x: number, size: number): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: size, height: size });
const everything = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 };

describe("paintShapes", () => {
  it("strokes a run of tiny shapes of one colour as one path, and starts a new one when the colour changes", () => {
    const { ctx, log } = recorder();
    // At 0.1 px per unit, 10-unit boxes are 1 px: tiny. b is overlapping, so its colour differs.
    const shapes = [box("a", 0, 10), box("b", 20, 10), box("c", 40, 10), box("d", 60, 10)];
    const drawn = paintShapes(ctx, shapes, new Set(["b"]), everything, "plain", THEME, 0.1);
    expect(drawn).toBe(4);
    expect(log.filter((l) => l.startsWith("stroke(")).length).toBe(3); // a | b | c d
    expect(log.filter((l) => l.startsWith("rect(")).length).toBe(4);
    expect(log.some((l) => l.startsWith("strokeRect"))).toBe(false);
    const strokes = log.flatMap((l, i) => (l.startsWith("stroke(") ? [i] : []));
    const rects = log.flatMap((l, i) => (l.startsWith("rect(") ? [i] : []));
    // c and d share the last path: both rects come after the second stroke, before the third.
    expect(rects[2]! > strokes[1]! && rects[3]! < strokes[2]!).toBe(true);
  });

  it("draws large shapes whole, each filled and stroked in scene order, flushing tiny ones first", () => {
    const { ctx, log } = recorder();
    const shapes = [box("t", 0, 10), box("big", 100, 400), box("u", 600, 10)];
    paintShapes(ctx, shapes, new Set(), everything, "plain", THEME, 0.1);
    const ops = log.filter((l) => /^(rect|fill|stroke|moveTo)\(/.test(l)).map((l) => l.split("(")[0]);
    // t's rect and stroke, then big traced (moveTo…), filled and stroked, then u's rect and stroke.
    expect(ops).toEqual(["rect", "stroke", "moveTo", "fill", "stroke", "rect", "stroke"]);
  });

  it("skips shapes outside the rectangle", () => {
    const { ctx, log } = recorder();
    const drawn = paintShapes(ctx, [box("in", 0, 10), box("out", 5000, 10)], new Set(), { minX: -100, minY: -100, maxX: 100, maxY: 100 }, "plain", THEME, 1);
    expect(drawn).toBe(1);
    expect(log.filter((l) => l.startsWith("moveTo(")).length).toBe(1);
  });
});
