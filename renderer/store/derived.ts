// Values derived from the document, computed once per document version and shared by every view.
import { findOverlaps, overlappingIds, type OverlapPair, type Shape } from "../../core";
import { useEditor } from "./editor-store";

let key: readonly Shape[] | null = null;
let pairs: OverlapPair[] = [];
let ids = new Set<string>();

/** Every overlapping pair of the document (memoised on the shapes array, which is immutable). */
export function overlapsOf(shapes: readonly Shape[]): { readonly pairs: readonly OverlapPair[]; readonly ids: ReadonlySet<string> } {
  if (shapes !== key) {
    pairs = findOverlaps(shapes);
    ids = overlappingIds(pairs);
    key = shapes;
  }
  return { pairs, ids };
}

export function useOverlaps() {
  return overlapsOf(useEditor((s) => s.shapes));
}
