// Undo history as patches: an entry holds what one change replaced and what replaced it, never a
// copy of the document. A single-shape edit on a 100,000-shape level costs the two versions of that
// shape and an index, where a snapshot would hold another 100,000-slot array.
import { createStore, type StoreApi } from "zustand/vanilla";
import { DOCUMENT_KEYS, type DocumentList, type DocumentSlice } from "./state";

/**
 * How one array became another. `splice`: the items from `start` on, `removed` in the old array,
 * became `inserted` (adds and deletes: the common head and tail are not stored). `replace`: the
 * arrays have one length and the items at `at` changed from `before` to `after`.
 */
export type ArrayPatch<T> =
  | { readonly kind: "splice"; readonly start: number; readonly removed: readonly T[]; readonly inserted: readonly T[] }
  | { readonly kind: "replace"; readonly at: readonly number[]; readonly before: readonly T[]; readonly after: readonly T[] };

/** The patch from `a` to `b`, or null when they are the same array. */
export function diffArray<T>(a: readonly T[], b: readonly T[]): ArrayPatch<T> | null {
  if (a === b) return null;
  if (a.length === b.length) {
    const at: number[] = [], before: T[] = [], after: T[] = [];
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      at.push(i);
      before.push(a[i]!);
      after.push(b[i]!);
    }
    return { kind: "replace", at, before, after };
  }
  let head = 0;
  const n = Math.min(a.length, b.length);
  while (head < n && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < n - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { kind: "splice", start: head, removed: a.slice(head, a.length - tail), inserted: b.slice(head, b.length - tail) };
}

/** `patch` applied to `from` forwards (old → new) or backwards (new → old): a new array. */
export function applyArrayPatch<T>(from: readonly T[], patch: ArrayPatch<T>, forwards: boolean): readonly T[] {
  if (patch.kind === "replace") {
    const out = [...from];
    const items = forwards ? patch.after : patch.before;
    patch.at.forEach((i, k) => {
      out[i] = items[k]!;
    });
    return out;
  }
  const [drop, put] = forwards ? [patch.removed, patch.inserted] : [patch.inserted, patch.removed];
  return [...from.slice(0, patch.start), ...put, ...from.slice(patch.start + drop.length)];
}

/** One undo step: a patch per document list that changed, and the grid cell's two values when it did. */
export type DocumentPatch = { readonly [K in DocumentList]?: ArrayPatch<DocumentSlice[K][number]> } & { readonly gridSize?: { readonly before: number; readonly after: number } };

export function diffDocument(a: DocumentSlice, b: DocumentSlice): DocumentPatch | null {
  const patch: { [K in DocumentList]?: ArrayPatch<DocumentSlice[K][number]> } & { gridSize?: { before: number; after: number } } = {};
  let any = false;
  if (a.gridSize !== b.gridSize) {
    patch.gridSize = { before: a.gridSize, after: b.gridSize };
    any = true;
  }
  for (const k of DOCUMENT_KEYS) {
    const p = diffArray<unknown>(a[k], b[k]);
    if (p) {
      (patch as Record<string, ArrayPatch<unknown>>)[k] = p;
      any = true;
    }
  }
  return any ? patch : null;
}

export function applyDocumentPatch(doc: DocumentSlice, patch: DocumentPatch, forwards: boolean): DocumentSlice {
  const out: Record<string, unknown> = { ...doc };
  if (patch.gridSize) out.gridSize = forwards ? patch.gridSize.after : patch.gridSize.before;
  for (const k of DOCUMENT_KEYS) {
    const p = patch[k] as ArrayPatch<unknown> | undefined;
    if (p) out[k] = applyArrayPatch<unknown>(doc[k], p, forwards);
  }
  return out as unknown as DocumentSlice;
}

/** How many steps can be undone and redone, for views (the toolbar's buttons). */
export interface HistoryCounts {
  readonly undo: number;
  readonly redo: number;
}

/** A bounded list of document patches with a redo list (zundo keeps whole snapshots, which a 100,000-shape level cannot afford). */
export class History {
  private past: DocumentPatch[] = [];
  private future: DocumentPatch[] = [];
  readonly counts: StoreApi<HistoryCounts> = createStore<HistoryCounts>()(() => ({ undo: 0, redo: 0 }));

  constructor(readonly limit = 500) {}

  get undoCount(): number {
    return this.past.length;
  }

  get redoCount(): number {
    return this.future.length;
  }

  /** Records the change from `before` to `after` as one step (nothing when the document is the same); clears redo. */
  record(before: DocumentSlice, after: DocumentSlice): void {
    const patch = diffDocument(before, after);
    if (!patch) return;
    this.past.push(patch);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    this.tell();
  }

  /** The document one step back from `current`, or null when there is none. */
  undo(current: DocumentSlice): DocumentSlice | null {
    return this.step(current, this.past, this.future, false);
  }

  /** The document one step forward from `current`, or null when there is none. */
  redo(current: DocumentSlice): DocumentSlice | null {
    return this.step(current, this.future, this.past, true);
  }

  /** Moves a patch from one list to the other and applies it to `current` in that direction. */
  private step(current: DocumentSlice, from: DocumentPatch[], to: DocumentPatch[], forwards: boolean): DocumentSlice | null {
    const patch = from.pop();
    if (!patch) return null;
    to.push(patch);
    this.tell();
    return applyDocumentPatch(current, patch, forwards);
  }

  /**
   * Puts `map(item)` for every item of field `key` that any step holds: for a change that is
   * not a step of its own and must hold after undo too (Save As moving image paths). `map` gives
   * the same object for the same item, so steps still meet the document they apply to.
   */
  mapItems<K extends DocumentList>(key: K, map: (item: DocumentSlice[K][number]) => DocumentSlice[K][number]): void {
    const each = (items: readonly DocumentSlice[K][number][]) => items.map(map);
    const rewrite = (patch: DocumentPatch): DocumentPatch => {
      const p = patch[key] as ArrayPatch<DocumentSlice[K][number]> | undefined;
      if (!p) return patch;
      const moved = p.kind === "replace" ? { ...p, before: each(p.before), after: each(p.after) } : { ...p, removed: each(p.removed), inserted: each(p.inserted) };
      return { ...patch, [key]: moved };
    };
    this.past = this.past.map(rewrite);
    this.future = this.future.map(rewrite);
  }

  clear(): void {
    this.past = [];
    this.future = [];
    this.tell();
  }

  private tell(): void {
    const c = this.counts.getState();
    if (c.undo !== this.past.length || c.redo !== this.future.length) this.counts.setState({ undo: this.past.length, redo: this.future.length });
  }
}
