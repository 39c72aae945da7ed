// The small arrows a one-sided chain shows: one per edge, from its midpoint along the edge's
// normal, the side it blocks from. For an edge from P to Q the normal is (dy, −dx) normalised,
// (dx, dy) = Q − P in y-down world units: an edge drawn left to right faces up (core/scene/types.ts).
import type { Shape } from "../../core";
import { chainEdgeCount, chainWorldPoints } from "../shapes/chain";
import type { Point2 } from "../shapes/kind";

type Chain = Extract<Shape, { type: "chain" }>;

export interface NormalArrow {
  /** The edge's midpoint. */
  readonly from: Point2;
  /** The arrow's tip, `length` along the normal. */
  readonly to: Point2;
  /** The ends of the head's two strokes. */
  readonly left: Point2;
  readonly right: Point2;
}

/** Where a path is drawn: a canvas context, or any writer with the same two methods. */
interface LineSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/** The arrows of a chain's edges (none unless one-sided), `length` world units long; a zero-length edge has none. */
export function normalArrows(s: Chain, length: number): NormalArrow[] {
  if (s.oneSided !== true) return [];
  const w = chainWorldPoints(s), n = w.length, head = length * 0.35;
  const out: NormalArrow[] = [];
  for (let i = 0; i < chainEdgeCount(s); i++) {
    const a = w[i]!, b = w[(i + 1) % n]!;
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
    if (len === 0) continue;
    const nx = dy / len, ny = -dx / len;
    const from = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const to = { x: from.x + nx * length, y: from.y + ny * length };
    // The head's strokes run back from the tip, each turned 40° off the shaft.
    const back = { x: -nx * head, y: -ny * head };
    const c = Math.cos(0.7), sn = Math.sin(0.7);
    out.push({
      from,
      to,
      left: { x: to.x + back.x * c - back.y * sn, y: to.y + back.x * sn + back.y * c },
      right: { x: to.x + back.x * c + back.y * sn, y: to.y - back.x * sn + back.y * c },
    });
  }
  return out;
}

/** Adds the arrows to the current path: each a shaft and a head of two strokes. */
export function traceArrows(arrows: readonly NormalArrow[], sink: LineSink): void {
  for (const a of arrows) {
    sink.moveTo(a.from.x, a.from.y);
    sink.lineTo(a.to.x, a.to.y);
    sink.moveTo(a.left.x, a.left.y);
    sink.lineTo(a.to.x, a.to.y);
    sink.lineTo(a.right.x, a.right.y);
  }
}

/** An arrow's length in screen pixels, whatever the zoom. */
export const ARROW_PIXELS = 12;
