// Which shapes the canvas draws, and in what order: layer by layer from the bottom, hidden layers
// left out, and whether each can be picked (locked layers are drawn but not pickable).
import type { Layer, Shape } from "../../core";

export interface DrawnShape {
  readonly shape: Shape;
  readonly locked: boolean;
}

/** Shapes whose layer is unknown are drawn last, so nothing vanishes silently. */
export function drawOrder(shapes: readonly Shape[], layers: readonly Layer[]): readonly DrawnShape[] {
  const rank = new Map(layers.map((l, i) => [l.id, i]));
  const byId = new Map(layers.map((l) => [l.id, l]));
  return shapes
    .filter((s) => byId.get(s.layer ?? "")?.visible !== false)
    .map((shape, i) => ({ shape, locked: byId.get(shape.layer ?? "")?.locked === true, i, r: rank.get(shape.layer ?? "") ?? layers.length }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ shape, locked }) => ({ shape, locked }));
}
