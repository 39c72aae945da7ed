// Which shapes the pointer can pick: only shown ones in visible, unlocked layers. Candidates come from
// the collision world's index (a box query), then exact geometry decides: a click or a marquee
// among 100,000 shapes looks at the few near it.
import { aabbOverlaps, containsPoint, geometryOf, transformOf, type Layer, type Probe, type Shape } from "../../../core";
import type { Editor } from "../../editor/editor";
import type { Marquee } from "../../editor/overlay";
import { distanceToChain } from "../../shapes/chain";
import type { Point2 } from "../../shapes/kind";

/** Whether a shape (not hidden) and its layer let it be selected or edited on the canvas. */
export function pickable(shape: Shape, layers: readonly Layer[]): boolean {
  if (shape.visible === false) return false;
  const id = shape.layer ?? layers[0]?.id;
  const layer = layers.find((l) => l.id === id);
  return layer?.visible !== false && layer?.locked !== true;
}

/** A shape met by a query, with where it is drawn: its layer's place (unknown layers last) and its scene index. */
interface Candidate {
  readonly shape: Shape;
  readonly layer: number;
  readonly index: number;
}

/** The pickable shapes whose boxes meet the rectangle, with their draw-order keys. */
function candidates(editor: Editor, minX: number, minY: number, maxX: number, maxY: number): Candidate[] {
  const { layers } = editor.getState();
  const world = editor.documentWorld();
  const place = new Map<string, number>();
  layers.forEach((l, i) => {
    if (!place.has(l.id)) place.set(l.id, i);
  });
  const layerState = new Map(layers.map((l) => [l.id, l.visible !== false && l.locked !== true]));
  const found: Candidate[] = [];
  world.forEachInBox(minX, minY, maxX, maxY, (shape) => {
    const id = shape.layer ?? layers[0]?.id ?? "";
    if (layerState.get(id) === false || shape.visible === false) return;
    found.push({ shape, layer: place.get(id) ?? layers.length, index: world.lookup(shape.id)!.index });
  });
  return found;
}

/** How near a chain's edge the pointer picks it, in screen pixels: an edge has no inside. */
export const EDGE_PICK_PIXELS = 5;

/** Whether the world point picks the shape: inside a solid, within `reach` world units of a chain's edge. */
export function shapePicked(shape: Shape, p: Point2, reach: number): boolean {
  if (shape.type === "chain") return distanceToChain(shape, p) <= reach;
  const g = geometryOf(shape);
  return g.ok && containsPoint(g.value, transformOf(shape), p.x, p.y);
}

/** Pickable shapes containing the world point (chains: near it), topmost (last drawn: upper layers first) first. */
export function shapesAt(editor: Editor, p: Point2): Shape[] {
  const reach = EDGE_PICK_PIXELS / editor.getState().view.scale;
  const hits = candidates(editor, p.x - reach, p.y - reach, p.x + reach, p.y + reach).filter((c) => shapePicked(c.shape, p, reach));
  return hits.sort((a, b) => b.layer - a.layer || b.index - a.index).map((c) => c.shape);
}

export const marqueeRect = (m: Marquee) => ({ minX: Math.min(m.from.x, m.to.x), minY: Math.min(m.from.y, m.to.y), maxX: Math.max(m.from.x, m.to.x), maxY: Math.max(m.from.y, m.to.y) });

/** Pickable shapes whose bounding box meets the marquee (Tiled's rule: touching is enough), in scene order. */
export function shapesInMarquee(editor: Editor, m: Marquee): Shape[] {
  const r = marqueeRect(m);
  return candidates(editor, r.minX, r.minY, r.maxX, r.maxY).sort((a, b) => a.index - b.index).map((c) => c.shape);
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
