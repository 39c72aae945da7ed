// Which shapes the pointer can pick: only those in visible, unlocked layers. Pure functions of the
// document, so the select tool and its tests share one answer.
import { aabbOverlaps, computeAABB, containsPoint, geometryOf, transformOf, type Layer, type Probe, type Shape } from "../../../core";
import { drawOrder } from "../../canvas/draw-order";
import { shapeMeets } from "../../canvas/shape-batch";
import type { Marquee } from "../overlay";
import type { Point2 } from "../place/place-shape";

/** Whether a shape's layer lets it be selected or edited on the canvas. */
export function pickable(shape: Shape, layers: readonly Layer[]): boolean {
  const id = shape.layer ?? layers[0]?.id;
  const layer = layers.find((l) => l.id === id);
  return layer?.visible !== false && layer?.locked !== true;
}

/** Pickable shapes containing the world point, topmost (last drawn: upper layers first) first. */
export function shapesAt(shapes: readonly Shape[], layers: readonly Layer[], p: Point2): Shape[] {
  const out: Shape[] = [];
  const drawn = drawOrder(shapes, layers);
  for (let i = drawn.length - 1; i >= 0; i--) {
    const s = drawn[i]!.shape;
    // The cached bounding box first: a click among 100,000 shapes builds few geometries.
    if (!shapeMeets(s, { minX: p.x, minY: p.y, maxX: p.x, maxY: p.y }) || !pickable(s, layers)) continue;
    const g = geometryOf(s);
    if (g.ok && containsPoint(g.value, transformOf(s), p.x, p.y)) out.push(s);
  }
  return out;
}

const marqueeRect = (m: Marquee) => ({ minX: Math.min(m.from.x, m.to.x), minY: Math.min(m.from.y, m.to.y), maxX: Math.max(m.from.x, m.to.x), maxY: Math.max(m.from.y, m.to.y) });

/** Pickable shapes whose bounding box meets the marquee (Tiled's rule: touching is enough). */
export function shapesInMarquee(shapes: readonly Shape[], layers: readonly Layer[], m: Marquee): Shape[] {
  const rect = marqueeRect(m);
  return shapes.filter((s) => {
    if (!pickable(s, layers)) return false;
    const g = geometryOf(s);
    return g.ok && aabbOverlaps(computeAABB(g.value, transformOf(s)), rect);
  });
}

/** Probes the marquee meets: a ray by the box of its two ends, a sweep by its target (its handle). */
export function probesInMarquee(probes: readonly Probe[], m: Marquee): Probe[] {
  const r = marqueeRect(m);
  return probes.filter((p) => {
    if (p.type === "sweep") return p.to[0] >= r.minX && p.to[0] <= r.maxX && p.to[1] >= r.minY && p.to[1] <= r.maxY;
    const box = { minX: Math.min(p.from[0], p.to[0]), minY: Math.min(p.from[1], p.to[1]), maxX: Math.max(p.from[0], p.to[0]), maxY: Math.max(p.from[1], p.to[1]) };
    return aabbOverlaps(box, r);
  });
}

/**
 * Alt-click: the shape under the selected one in the stack at the point, cycling back to the top;
 * with nothing of the stack selected, the one under the top.
 */
export function shapeBeneath(stack: readonly Shape[], selection: readonly string[]): Shape | null {
  if (stack.length === 0) return null;
  const at = stack.findIndex((s) => selection.includes(s.id));
  return stack[((at < 0 ? 0 : at) + 1) % stack.length]!;
}
