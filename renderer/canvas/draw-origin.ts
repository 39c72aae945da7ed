// Coordinates handed to the canvas stay small. A 2D canvas keeps its transform and path points in
// single precision (Skia's SkScalar is a float), so a shape at x = 1e9 would be drawn 64 units off
// and a view translated by −3·10⁹ pixels would land hundreds of pixels off. Konva composes node
// transforms in double precision, so a node placed at a world point and drawing relative to it is
// exact: each Konva node here either sits at one of its own points (anchored), or at a draw origin
// near the view (nodes drawing many things), and hands the canvas only differences from it.
import type { PathSink } from "../../core";
import type { ViewState } from "../store/preferences";

export interface DrawOrigin {
  readonly x: number;
  readonly y: number;
}

export const ZERO_ORIGIN: DrawOrigin = { x: 0, y: 0 };

/**
 * How far from the canvas centre, in screen pixels, the draw origin may lie before it moves.
 * Single precision keeps 24 bits: a point this many pixels from its node is still placed to a
 * small fraction of a pixel.
 */
export const ORIGIN_REACH = 2 ** 16;

/**
 * The draw origin for `view` on a `width` × `height` canvas: (0, 0) whenever it is within reach
 * (every scene near the world's origin draws exactly as it always did), else `previous` while it
 * is within reach (a pan does not move it on every step), else the world point at the canvas
 * centre, rounded to whole units.
 */
export function nextDrawOrigin(previous: DrawOrigin, view: ViewState, width: number, height: number): DrawOrigin {
  const cx = (width / 2 - view.x) / view.scale, cy = (height / 2 - view.y) / view.scale;
  const near = (o: DrawOrigin) => Math.abs((o.x - cx) * view.scale) <= ORIGIN_REACH && Math.abs((o.y - cy) * view.scale) <= ORIGIN_REACH;
  if (near(ZERO_ORIGIN)) return ZERO_ORIGIN;
  if (near(previous)) return previous;
  return { x: Math.round(cx), y: Math.round(cy) };
}

/** A path sink that takes world points and writes them relative to (ox, oy): `sink` itself when that is (0, 0). */
export function offsetSink(sink: PathSink, ox: number, oy: number): PathSink {
  if (ox === 0 && oy === 0) return sink;
  return {
    moveTo: (x, y) => sink.moveTo(x - ox, y - oy),
    lineTo: (x, y) => sink.lineTo(x - ox, y - oy),
    arc: (x, y, r, a0, a1) => sink.arc(x - ox, y - oy, r, a0, a1),
    closePath: () => sink.closePath(),
  };
}

/**
 * A Konva Line's or Arrow's placement for world points [x0, y0, x1, y1, …]: at its first point,
 * its points relative to it.
 */
export function anchored(points: readonly number[]): { x: number; y: number; points: number[] } {
  const x = points[0] ?? 0, y = points[1] ?? 0;
  return { x, y, points: points.map((v, i) => (i % 2 === 0 ? v - x : v - y)) };
}
