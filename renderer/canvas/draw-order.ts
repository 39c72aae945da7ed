// Which shapes the canvas draws, and in what order: layer by layer from the bottom, hidden layers
// left out, and whether each can be picked (locked layers are drawn but not pickable).
import type { Layer, Shape } from "../../core";

export interface DrawnShape {
  readonly shape: Shape;
  readonly locked: boolean;
}

/** The shapes of one visible editor layer, in scene order. */
export interface LayerRun {
  /** The layer's id; "" for shapes whose layer is unknown. */
  readonly layer: string;
  readonly locked: boolean;
  readonly shapes: readonly Shape[];
}

/**
 * The visible layers bottom first, each with its shapes in scene order; shapes whose layer is
 * unknown come last, so nothing vanishes silently. Linear: no sort, so it keeps up with a drag of
 * one shape among 100,000.
 */
export function layerRuns(shapes: readonly Shape[], layers: readonly Layer[]): readonly LayerRun[] {
  const buckets = new Map<string, Shape[]>(layers.map((l) => [l.id, []]));
  const unknown: Shape[] = [];
  for (const s of shapes) (buckets.get(s.layer ?? "") ?? unknown).push(s);
  const runs: LayerRun[] = [];
  const done = new Set<string>();
  for (const l of layers) {
    // Layer ids are unique in a valid scene; a repeat must still not draw its shapes twice.
    if (done.has(l.id)) continue;
    done.add(l.id);
    if (l.visible !== false) runs.push({ layer: l.id, locked: l.locked === true, shapes: buckets.get(l.id)! });
  }
  if (unknown.length > 0) runs.push({ layer: "", locked: false, shapes: unknown });
  return runs;
}

export function drawOrder(shapes: readonly Shape[], layers: readonly Layer[]): readonly DrawnShape[] {
  return layerRuns(shapes, layers).flatMap((run) => run.shapes.map((shape) => ({ shape, locked: run.locked })));
}
