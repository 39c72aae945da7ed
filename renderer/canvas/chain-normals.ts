// The small arrows a one-sided chain shows: along each edge's normal, the side it blocks from; one
// at the midpoint of every edge, and more evenly spaced along a long one (about ARROW_SPACING arrow
// lengths apart), so a long platform shows its side wherever it is in view. For an edge from P to Q the normal is (dy, −dx) normalised,
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

/** How far apart a long edge's arrows are, at most, in arrow lengths. */
export const ARROW_SPACING = 6;

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
    // The head's strokes run back from the tip, each turned 40° off the shaft.
    const back = { x: -nx * head, y: -ny * head };
    const c = Math.cos(0.7), sn = Math.sin(0.7);
    // An odd count, so the midpoint always has one.
    const count = 2 * Math.max(0, Math.min(32, Math.floor((len / (ARROW_SPACING * length) - 1) / 2))) + 1;
    for (let k = 0; k < count; k++) {
      const t = (k + 0.5) / count;
      const from = { x: a.x + dx * t, y: a.y + dy * t };
      const to = { x: from.x + nx * length, y: from.y + ny * length };
      out.push({
        from,
        to,
        left: { x: to.x + back.x * c - back.y * sn, y: to.y + back.x * sn + back.y * c },
        right: { x: to.x + back.x * c + back.y * sn, y: to.y - back.x * sn + back.y * c },
      });
    }
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
