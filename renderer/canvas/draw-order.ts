// Which shapes the canvas draws, and in what order: layer by layer from the bottom, hidden layers
// left out, and whether each can be picked (locked layers are drawn but not pickable).
import type { Layer, Shape } from "../../core";
import { replacedInPlace } from "../store/replaced-in-place";

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

/** One visible layer as the canvas draws it: its unselected shapes in one batch, the selected ones live. */
export interface SplitRun {
  readonly run: LayerRun;
  readonly rest: readonly Shape[];
  readonly live: readonly Shape[];
}

/** splitRuns' result with where each scene index went, so the next drag step can follow it. */
export interface SplitRuns {
  readonly shapes: readonly Shape[];
  readonly layers: readonly Layer[];
  readonly selected: ReadonlySet<string>;
  readonly runs: readonly SplitRun[];
  /** Per scene index: the run (−1 when not drawn), and the position in `rest` (≥ 0) or in `live` (−1 − position). */
  readonly runOf: Int32Array;
  readonly at: Int32Array;
}

/** The visible layers (layerRuns) with each one's shapes split into unselected and selected. */
export function splitRuns(shapes: readonly Shape[], layers: readonly Layer[], selected: ReadonlySet<string>): SplitRuns {
  const runs = layerRuns(shapes, layers);
  const index = new Map<Shape, number>();
  shapes.forEach((s, i) => index.set(s, i));
  const runOf = new Int32Array(shapes.length).fill(-1), at = new Int32Array(shapes.length);
  const split = runs.map((run, r): SplitRun => {
    const rest: Shape[] = [], live: Shape[] = [];
    for (const s of run.shapes) {
      const i = index.get(s)!;
      runOf[i] = r;
      if (selected.size > 0 && selected.has(s.id)) { at[i] = -1 - live.length; live.push(s); }
      else { at[i] = rest.length; rest.push(s); }
    }
    return { run, rest, live };
  });
  return { shapes, layers, selected, runs: split, runOf, at };
}

/**
 * splitRuns for the next document, following the last result when only shape objects were
 * replaced in place (same length, same ids, same layers: a drag step, an inspector edit), with
 * the same layers and selection. The few replaced shapes are written into copies of the lists
 * that hold them; every other list keeps its array, so its batch sees nothing new. Otherwise
 * splits anew. A drag among 100,000 shapes costs a pass of comparisons, no grouping.
 */
export function followSplitRuns(prev: SplitRuns | null, shapes: readonly Shape[], layers: readonly Layer[], selected: ReadonlySet<string>): SplitRuns {
  if (!prev || prev.layers !== layers || prev.selected !== selected || prev.shapes.length !== shapes.length) return splitRuns(shapes, layers, selected);
  if (prev.shapes === shapes) return prev;
  const replaced = replacedInPlace(prev.shapes, shapes);
  if (!replaced || replaced.some((i) => prev.shapes[i]!.layer !== shapes[i]!.layer)) return splitRuns(shapes, layers, selected);
  const copies = new Map<readonly Shape[], Shape[]>();
  const copy = (list: readonly Shape[]): Shape[] => {
    let c = copies.get(list);
    if (!c) copies.set(list, (c = [...list]));
    return c;
  };
  for (const i of replaced) {
    const r = prev.runOf[i]!;
    if (r < 0) continue; // on a hidden layer: not drawn
    const s = shapes[i]!, p = prev.at[i]!, run = prev.runs[r]!;
    if (p >= 0) copy(run.rest)[p] = s;
    else copy(run.live)[-1 - p] = s;
  }
  const runs = prev.runs.map((sr): SplitRun => {
    const rest = copies.get(sr.rest), live = copies.get(sr.live);
    if (!rest && !live) return sr;
    // The run's own list (layerRuns' shapes) is not drawn from; its rest and live are.
    return { run: sr.run, rest: rest ?? sr.rest, live: live ?? sr.live };
  });
  return { shapes, layers, selected, runs, runOf: prev.runOf, at: prev.at };
}
