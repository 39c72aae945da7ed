// Which shapes the canvas draws, and in what order: layer by layer from the bottom, hidden layers
// and hidden shapes (visible: false, Tiled's hidden objects) left out, and whether each can be
// picked (locked layers are drawn but not pickable).
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
  for (const s of shapes) if (s.visible !== false) (buckets.get(s.layer ?? "") ?? unknown).push(s);
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
  /**
   * The run's shapes in order with each selected one replaced by null: the batch draws these. A
   * selection change swaps a few entries, so the batch redraws only their area.
   */
  readonly rest: readonly (Shape | null)[];
  /** The run's selected shapes, in order: drawn above the batch, redrawn on every drag step. */
  readonly live: readonly Shape[];
}

/** splitRuns' result with where each scene index went, so the next step can follow it. */
export interface SplitRuns {
  readonly shapes: readonly Shape[];
  readonly layers: readonly Layer[];
  readonly selected: ReadonlySet<string>;
  readonly runs: readonly SplitRun[];
  /** Per scene index: the run (−1 when not drawn), the position in the run (and in `rest`), and the position in `live` (−1 when unselected). */
  readonly runOf: Int32Array;
  readonly at: Int32Array;
  readonly liveAt: Int32Array;
}

/** The live lists of `runs` for a selection: the selected shapes of each run, in run order. */
function liveLists(shapes: readonly Shape[], runCount: number, runOf: Int32Array, at: Int32Array, selectedIndices: Iterable<number>): { lists: Shape[][]; liveAt: Int32Array } {
  const picked: number[][] = Array.from({ length: runCount }, () => []);
  for (const i of selectedIndices) if (runOf[i]! >= 0) picked[runOf[i]!]!.push(i);
  const liveAt = new Int32Array(shapes.length).fill(-1);
  const lists = picked.map((list) => {
    list.sort((a, b) => at[a]! - at[b]!);
    list.forEach((i, k) => (liveAt[i] = k));
    return list.map((i) => shapes[i]!);
  });
  return { lists, liveAt };
}

/** The visible layers (layerRuns) with each one's shapes split into unselected and selected. */
export function splitRuns(shapes: readonly Shape[], layers: readonly Layer[], selected: ReadonlySet<string>): SplitRuns {
  const runs = layerRuns(shapes, layers);
  const index = new Map<Shape, number>();
  shapes.forEach((s, i) => index.set(s, i));
  const runOf = new Int32Array(shapes.length).fill(-1), at = new Int32Array(shapes.length);
  const chosen: number[] = [];
  const rests = runs.map((run, r): (Shape | null)[] =>
    run.shapes.map((s, pos) => {
      const i = index.get(s)!;
      runOf[i] = r;
      at[i] = pos;
      if (selected.size > 0 && selected.has(s.id)) {
        chosen.push(i);
        return null;
      }
      return s;
    }),
  );
  const { lists, liveAt } = liveLists(shapes, runs.length, runOf, at, chosen);
  return { shapes, layers, selected, runs: runs.map((run, r) => ({ run, rest: rests[r]!, live: lists[r]! })), runOf, at, liveAt };
}

/**
 * splitRuns for the next document and selection, following the last result when only shape
 * objects were replaced in place (same length, same ids, same layers: a drag step, an inspector
 * edit) and the layers are the same. Replaced shapes are written into copies of the lists that
 * hold them; a selection change swaps its shapes between `rest` (null there) and `live`. Every
 * other list keeps its array, so its batch sees nothing new. Otherwise splits anew. `indexOf`
 * gives a shape id's scene index (the world's id index): a click among 100,000 shapes costs the
 * few shapes it selects and deselects, not a pass over them all.
 */
export function followSplitRuns(prev: SplitRuns | null, shapes: readonly Shape[], layers: readonly Layer[], selected: ReadonlySet<string>, indexOf?: (id: string) => number | undefined): SplitRuns {
  if (!prev || prev.layers !== layers || prev.shapes.length !== shapes.length) return splitRuns(shapes, layers, selected);
  if (prev.shapes === shapes && prev.selected === selected) return prev;
  const replaced = replacedInPlace(prev.shapes, shapes);
  // A shape that changed layers, or was hidden or shown, changes the runs themselves.
  if (!replaced || replaced.some((i) => prev.shapes[i]!.layer !== shapes[i]!.layer || (prev.shapes[i]!.visible !== false) !== (shapes[i]!.visible !== false))) return splitRuns(shapes, layers, selected);
  const { runOf, at } = prev;
  const find = indexOf ?? ((id: string) => shapes.findIndex((s) => s.id === id));
  // Scene indices of the shapes whose selection flipped (a selected probe id finds none).
  const flipped: number[] = [];
  const flip = (id: string) => {
    const i = find(id);
    if (i !== undefined && i >= 0 && shapes[i]!.id === id) flipped.push(i);
  };
  if (prev.selected !== selected) {
    for (const id of prev.selected) if (!selected.has(id)) flip(id);
    for (const id of selected) if (!prev.selected.has(id)) flip(id);
  }
  const copies = new Map<number, (Shape | null)[]>();
  const rest = (r: number): (Shape | null)[] => {
    let c = copies.get(r);
    if (!c) copies.set(r, (c = [...prev.runs[r]!.rest]));
    return c;
  };
  for (const i of replaced) if (runOf[i]! >= 0 && !selected.has(shapes[i]!.id)) rest(runOf[i]!)[at[i]!] = shapes[i]!;
  for (const i of flipped) if (runOf[i]! >= 0) rest(runOf[i]!)[at[i]!] = selected.has(shapes[i]!.id) ? null : shapes[i]!;
  let lists: readonly (readonly Shape[])[] = prev.runs.map((r) => r.live);
  let liveAt = prev.liveAt;
  if (flipped.length > 0) {
    const chosen: number[] = [];
    for (const id of selected) {
      const i = find(id);
      if (i !== undefined && i >= 0 && shapes[i]!.id === id) chosen.push(i);
    }
    const made = liveLists(shapes, prev.runs.length, runOf, at, chosen);
    liveAt = made.liveAt;
    // A run whose selected shapes are the same keeps its list (and its live nodes).
    lists = made.lists.map((l, r) => {
      const old = prev.runs[r]!.live;
      return l.length === old.length && l.every((s, k) => s === old[k]) ? old : l;
    });
  } else {
    const liveCopies = new Map<number, Shape[]>();
    for (const i of replaced) {
      const r = runOf[i]!, k = liveAt[i]!;
      if (r < 0 || k < 0) continue;
      let c = liveCopies.get(r);
      if (!c) liveCopies.set(r, (c = [...lists[r]!]));
      c[k] = shapes[i]!;
    }
    if (liveCopies.size > 0) lists = lists.map((l, r) => liveCopies.get(r) ?? l);
  }
  const runs = prev.runs.map((sr, r): SplitRun => {
    const restCopy = copies.get(r), live = lists[r]!;
    if (!restCopy && live === sr.live) return sr;
    // The run's own list (layerRuns' shapes) is not drawn from; its rest and live are.
    return { run: sr.run, rest: restCopy ?? sr.rest, live };
  });
  return { shapes, layers, selected, runs, runOf, at, liveAt };
}
