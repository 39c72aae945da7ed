// The Objects panel's rows: the shapes in scene order, then the probes, and the search over them.
import type { Probe, Shape } from "../../../core";

export type Item = Shape | Probe;

/** The row at `i`: the shapes first, in scene order, then the probes. */
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
