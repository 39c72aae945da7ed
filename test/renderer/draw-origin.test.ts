// The draw origin (renderer/canvas/draw-origin.ts): where it sits for a view, that it stays (0, 0)
// near the world's origin and sticks while a pan stays within reach, and that points handed to the
// canvas are small however far the shapes are.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Shape } from "../../core";
import { anchored, nextDrawOrigin, offsetSink, ORIGIN_REACH, ZERO_ORIGIN } from "../../renderer/canvas/draw-origin";
import { paintShapes } from "../../renderer/canvas/shape-batch";
import { shapePaint, THEME } from "../../renderer/canvas/theme";
import { fitView } from "../../renderer/store/view";

const W = 980, H = 554;
/** The view centred on world point (x, y) at `scale`. */
const viewAt = (x: number, y: number, scale: number) => ({ x: W / 2 - x * scale, y: H / 2 - y * scale, scale });

/** Every number a path method was called with. */
function pathNumbers(): { ctx: CanvasRenderingContext2D; numbers: number[] } {
  const numbers: number[] = [];
  const record = (...args: unknown[]) => { for (const a of args) if (typeof a === "number") numbers.push(a); };
  const ctx = { save() {}, restore() {}, beginPath() {}, fill() {}, stroke() {}, setLineDash() {}, moveTo: record, lineTo: record, arc: record, rect: record, closePath() {} };
  return { ctx: ctx as Partial<CanvasRenderingContext2D> as CanvasRenderingContext2D, numbers };
}

describe("draw origin", () => {
  it("is (0, 0) for any view within reach of the world's origin", () => {
    expect(nextDrawOrigin(ZERO_ORIGIN, viewAt(0, 0, 1), W, H)).toBe(ZERO_ORIGIN);
    expect(nextDrawOrigin({ x: 5e8, y: 0 }, viewAt(1000, -2000, 4), W, H)).toBe(ZERO_ORIGIN);
    expect(nextDrawOrigin(ZERO_ORIGIN, viewAt(1e6, 0, 0.01), W, H)).toBe(ZERO_ORIGIN);
  });

  it("moves near a far view's centre, and stays there while the view stays within reach", () => {
    const far = nextDrawOrigin(ZERO_ORIGIN, viewAt(1e9 + 0.4, -5e8, 3), W, H);
    expect(far).toEqual({ x: 1e9, y: -5e8 });
    // A pan of 1,000 pixels keeps it.
    expect(nextDrawOrigin(far, viewAt(1e9 + 333, -5e8, 3), W, H)).toBe(far);
    // Beyond reach, it follows.
    const moved = nextDrawOrigin(far, viewAt(1e9 + (2 * ORIGIN_REACH) / 3, -5e8, 3), W, H);
    expect(moved).not.toBe(far);
    expect(moved.x).toBe(Math.round(1e9 + (2 * ORIGIN_REACH) / 3));
  });

  it("keeps the view's centre within reach in screen pixels, for any view up to the format's ±1e15", () => {
    fc.assert(fc.property(
      fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.double({ min: 0.01, max: 64, noNaN: true }),
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      (x, y, scale, px) => {
        const o = nextDrawOrigin({ x: px, y: px }, viewAt(x, y, scale), W, H);
        expect(Math.abs((o.x - x) * scale)).toBeLessThanOrEqual(ORIGIN_REACH + 1);
        expect(Math.abs((o.y - y) * scale)).toBeLessThanOrEqual(ORIGIN_REACH + 1);
      },
    ));
  });

  it("offsetSink writes points relative to the origin; anchored places a line at its first point", () => {
    const { ctx, numbers } = pathNumbers();
    const sink = offsetSink(ctx, 1e9, 2e9);
    sink.moveTo(1e9 + 3, 2e9 - 4);
    sink.arc(1e9, 2e9 + 1, 7, 0, 1);
    expect(numbers).toEqual([3, -4, 0, 1, 7, 0, 1]);
    expect(offsetSink(ctx, 0, 0)).toBe(ctx);
    expect(anchored([1e12, 5, 1e12 + 10, -5, 1e12 - 1, 0])).toEqual({ x: 1e12, y: 5, points: [0, 0, 10, -10, -1, -5] });
  });

  it("a batch far from the world's origin hands the canvas small numbers", () => {
    const shapes: Shape[] = [
      { id: "crate", type: "box", x: 1e12, y: -1e12, rotation: 0, width: 100, height: 60 },
      { id: "coin", type: "circle", x: 1e12 + 200, y: -1e12, rotation: 0, radius: 30 },
      { id: "speck", type: "circle", x: 1e12 + 400, y: -1e12, rotation: 0, radius: 0.01 },
    ];
    const box = { minX: 1e12 - 1000, minY: -1e12 - 1000, maxX: 1e12 + 1000, maxY: -1e12 + 1000 };
    const origin = nextDrawOrigin(ZERO_ORIGIN, fitView(box, W, H), W, H);
    const { ctx, numbers } = pathNumbers();
    expect(paintShapes(ctx, shapes, new Set(), box, "plain", shapePaint(THEME, "#6b7cff", false), 1, undefined, origin)).toBe(3);
    expect(numbers.length).toBeGreaterThan(10);
    for (const n of numbers) expect(Math.abs(n)).toBeLessThan(2000);
  });
});
