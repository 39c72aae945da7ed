// The Objects panel's rows: the shapes in draw order, then the probes, and the search over them.
import type { Probe, Shape } from "../../../core";

export type Item = Shape | Probe;

/** The row at `i`: the shapes first, in draw order, then the probes. */
export const itemAt = (shapes: readonly Shape[], probes: readonly Probe[], i: number): Item => (i < shapes.length ? shapes[i]! : probes[i - shapes.length]!);

/** The kind a row shows: the type, and how a chain is made ("chain, closed, one-sided"). */
export function objectKind(item: Item): string {
  if (item.type !== "chain") return item.type;
  return ["chain", ...(item.closed === true ? ["closed"] : []), ...(item.oneSided === true ? ["one-sided"] : [])].join(", ");
}

/** Whether the item's name, id or kind contains `query` (lower case); "sensor" finds the sensors. */
export function matchesQuery(item: Item, query: string): boolean {
  return (item.name ?? "").toLowerCase().includes(query) || item.id.toLowerCase().includes(query) || objectKind(item).includes(query) || ("sensor" in item && item.sensor === true && "sensor".includes(query));
}

/** The indices of the rows the query keeps, or null when it keeps every row. */
export function filterRows(shapes: readonly Shape[], probes: readonly Probe[], query: string): Int32Array | null {
  const q = query.trim().toLowerCase();
  if (q === "") return null;
  const total = shapes.length + probes.length;
  const kept = new Int32Array(total);
  let n = 0;
  for (let i = 0; i < total; i++) if (matchesQuery(itemAt(shapes, probes, i), q)) kept[n++] = i;
  return kept.subarray(0, n);
}
