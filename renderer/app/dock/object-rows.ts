// The Objects panel's rows: the shapes in draw order, then the probes, and the search over them.
import type { Layer, Probe, Shape } from "../../../core";
import { replacedInPlace } from "../../store/replaced-in-place";

export type Item = Shape | Probe;

/**
 * The shapes in draw order, as the canvas draws them (draw-order.ts): layer by layer from the
 * bottom, each layer's in scene order, shapes of an unknown layer last; hidden ones included, as
 * the list shows every shape. `shapes` itself when it is in that order already; else a new array
 * and, in `pos`, each scene index's place in it.
 */
export function inDrawOrder(shapes: readonly Shape[], layers: readonly Layer[]): { readonly listed: readonly Shape[]; readonly pos: Int32Array | null } {
  const rank = new Map<string, number>();
  for (const [i, l] of layers.entries()) if (!rank.has(l.id)) rank.set(l.id, i);
  const ranks = new Int32Array(shapes.length);
  let sorted = true;
  for (let i = 0; i < shapes.length; i++) {
    ranks[i] = rank.get(shapes[i]!.layer ?? "") ?? layers.length;
    if (i > 0 && ranks[i]! < ranks[i - 1]!) sorted = false;
  }
  if (sorted) return { listed: shapes, pos: null };
  // A counting sort by rank: stable, linear.
  const starts = new Int32Array(layers.length + 2);
  for (let i = 0; i < shapes.length; i++) starts[ranks[i]! + 1]!++;
  for (let r = 1; r < starts.length; r++) starts[r]! += starts[r - 1]!;
  const listed = new Array<Shape>(shapes.length);
  const pos = new Int32Array(shapes.length);
  for (let i = 0; i < shapes.length; i++) {
    const at = starts[ranks[i]!]!++;
    listed[at] = shapes[i]!;
    pos[i] = at;
  }
  return { listed, pos };
}

/**
 * inDrawOrder followed through a drag: when only some shapes were replaced in place and none of
 * them changed layer, the last order stands, with the new objects put in their places (a drag
 * step among 100,000 shapes does not sort them again).
 */
export class ListOrder {
  private scene: readonly Shape[] | null = null;
  private layers: readonly Layer[] | null = null;
  private order: ReturnType<typeof inDrawOrder> = { listed: [], pos: null };

  of(shapes: readonly Shape[], layers: readonly Layer[]): readonly Shape[] {
    const before = this.scene;
    if (shapes === before && layers === this.layers) return this.order.listed;
    const replaced = before !== null && layers === this.layers ? replacedInPlace(before, shapes) : null;
    this.scene = shapes;
    this.layers = layers;
    if (replaced && replaced.every((i) => before![i]!.layer === shapes[i]!.layer)) {
      const { pos } = this.order;
      if (pos === null) this.order = { listed: shapes, pos: null };
      else {
        const listed = this.order.listed.slice();
        for (const i of replaced) listed[pos[i]!] = shapes[i]!;
        this.order = { listed, pos };
      }
    } else this.order = inDrawOrder(shapes, layers);
    return this.order.listed;
  }

  /** The listed place of the shape at scene index `i`. */
  placeOf(i: number): number {
    return this.order.pos === null ? i : this.order.pos[i]!;
  }
}

/** The row at `i`: the shapes first (in draw order: ListOrder), then the probes. */
export const itemAt = (shapes: readonly Shape[], probes: readonly Probe[], i: number): Item => (i < shapes.length ? shapes[i]! : probes[i - shapes.length]!);

/** The kind a row shows: the type, and how a chain is made ("chain, closed, one-sided"). */
export function objectKind(item: Item): string {
  if (item.type !== "chain") return item.type;
  return ["chain", ...(item.closed === true ? ["closed"] : []), ...(item.oneSided === true ? ["one-sided"] : [])].join(", ");
}

/**
 * Whether the item's name, id, kind, class or layer's name contains `query` (lower case); "sensor"
 * finds the sensors. `layerNames` maps a layer's id to its name.
 */
export function matchesQuery(item: Item, query: string, layerNames: ReadonlyMap<string, string> = new Map()): boolean {
  const has = (text: string | undefined) => text !== undefined && text.toLowerCase().includes(query);
  const layer = "layer" in item && item.layer !== undefined ? (layerNames.get(item.layer) ?? item.layer) : undefined;
  return has(item.name) || has(item.id) || objectKind(item).includes(query) || ("sensor" in item && item.sensor === true && "sensor".includes(query)) || ("class" in item && has(item.class)) || has(layer);
}

/** The indices of the rows the query keeps, or null when it keeps every row. */
export function filterRows(shapes: readonly Shape[], probes: readonly Probe[], query: string, layerNames?: ReadonlyMap<string, string>): Int32Array | null {
  const q = query.trim().toLowerCase();
  if (q === "") return null;
  const total = shapes.length + probes.length;
  const kept = new Int32Array(total);
  let n = 0;
  for (let i = 0; i < total; i++) if (matchesQuery(itemAt(shapes, probes, i), q, layerNames)) kept[n++] = i;
  return kept.subarray(0, n);
}

/** The list as the panel shows it: every item, or the rows a search kept (`rows`). */
export interface ListedRows {
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
  readonly rows: Int32Array | null;
}

export const listedCount = (l: ListedRows): number => (l.rows ? l.rows.length : l.shapes.length + l.probes.length);

/** The item on listed row `r`. */
export const listedItem = (l: ListedRows, r: number): Item => itemAt(l.shapes, l.probes, l.rows ? l.rows[r]! : r);

/** The listed row of item `id`, or -1 when the list does not show it. */
export function listedRowOf(l: ListedRows, id: string): number {
  const n = listedCount(l);
  for (let r = 0; r < n; r++) if (listedItem(l, r).id === id) return r;
  return -1;
}

/** The ids of listed rows `from` to `to` (either way round), starting at `from`: a Shift range from its anchor. */
export function listedRange(l: ListedRows, from: number, to: number): string[] {
  const step = to >= from ? 1 : -1;
  const ids: string[] = [];
  for (let r = from; r !== to + step; r += step) ids.push(listedItem(l, r).id);
  return ids;
}

/** Every listed id (Ctrl+A in the list, Enter in the search field: what the search found). */
export const listedIds = (l: ListedRows): string[] => listedRange(l, 0, listedCount(l) - 1);

/**
 * The row a walking key goes to from row `at` (-1: none yet) in a list of `count` rows showing
 * `page` at once, as a listbox's arrows, Home/End and PageUp/PageDown do; null for another key.
 */
export function stepRow(key: string, at: number, count: number, page: number): number | null {
  if (count === 0) return null;
  const clamp = (r: number) => Math.min(count - 1, Math.max(0, r));
  switch (key) {
    case "ArrowDown": return at < 0 ? 0 : clamp(at + 1);
    case "ArrowUp": return at < 0 ? count - 1 : clamp(at - 1);
    case "Home": return 0;
    case "End": return count - 1;
    case "PageDown": return clamp(Math.max(at, 0) + page);
    case "PageUp": return clamp(at - page);
    default: return null;
  }
}
