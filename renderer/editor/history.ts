// Undo history as patches: an entry holds what one change replaced and what replaced it, never a
// copy of the document. A single-shape edit on a 100,000-shape level costs the two versions of that
// shape and an index, where a snapshot would hold another 100,000-slot array.
import { createStore, type StoreApi } from "zustand/vanilla";
import { describeChange } from "./describe-change";
import { DOCUMENT_KEYS, DOCUMENT_VALUES, type DocumentList, type DocumentSlice, type DocumentValue } from "./state";

/**
 * How one array became another. `splice`: the items from `start` on, `removed` in the old array,
 * became `inserted` (adds and deletes: the common head and tail are not stored). `replace`: the
 * arrays have one length and the items at `at` changed from `before` to `after`.
 */
export type ArrayPatch<T> =
  | { readonly kind: "splice"; readonly start: number; readonly removed: readonly T[]; readonly inserted: readonly T[] }
  | { readonly kind: "replace"; readonly at: readonly number[]; readonly before: readonly T[]; readonly after: readonly T[] };

/** The patch from `a` to `b`, or null when they hold the same items (the same array, or a copy). */
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
    return at.length === 0 ? null : { kind: "replace", at, before, after };
  }
  let head = 0;
  const n = Math.min(a.length, b.length);
  while (head < n && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < n - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { kind: "splice", start: head, removed: a.slice(head, a.length - tail), inserted: b.slice(head, b.length - tail) };
}

/** The items a patch applied this way puts in place (added or changed; not those it only moves). */
export function itemsPut<T>(patch: ArrayPatch<T> | undefined, forwards: boolean): readonly T[] {
  if (!patch) return [];
  const [olds, news] = patch.kind === "replace" ? [patch.before, patch.after] : [patch.removed, patch.inserted];
  const [from, to] = forwards ? [olds, news] : [news, olds];
  const had = new Set(from);
  return to.filter((x) => !had.has(x));
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

/** A plain value's change: both values whole. */
export interface ValueChange<T> {
  readonly before: T;
  readonly after: T;
}

/** One undo step: a patch per document list that changed, and each plain value's two values when it did. */
export type DocumentPatch = { readonly [K in DocumentList]?: ArrayPatch<DocumentSlice[K][number]> } & { readonly [K in DocumentValue]?: ValueChange<DocumentSlice[K]> };

export function diffDocument(a: DocumentSlice, b: DocumentSlice): DocumentPatch | null {
  const patch: Record<string, unknown> = {};
  let any = false;
  for (const k of DOCUMENT_VALUES) {
    if (a[k] !== b[k]) {
      patch[k] = { before: a[k], after: b[k] };
      any = true;
    }
  }
  for (const k of DOCUMENT_KEYS) {
    const p = diffArray<unknown>(a[k], b[k]);
    if (p) {
      patch[k] = p;
      any = true;
    }
  }
  return any ? (patch as DocumentPatch) : null;
}

export function applyDocumentPatch(doc: DocumentSlice, patch: DocumentPatch, forwards: boolean): DocumentSlice {
  const out: Record<string, unknown> = { ...doc };
  for (const k of DOCUMENT_VALUES) {
    const change = patch[k];
    if (change) out[k] = forwards ? change.after : change.before;
  }
  for (const k of DOCUMENT_KEYS) {
    const p = patch[k] as ArrayPatch<unknown> | undefined;
    if (p) out[k] = applyArrayPatch<unknown>(doc[k], p, forwards);
  }
  return out as unknown as DocumentSlice;
}

/** One undo step: its patch and its name ("Move 2 shapes", describe-change.ts). */
export interface HistoryStep {
  readonly patch: DocumentPatch;
  readonly label: string;
}

/** What undo or redo did: the document it made, the step's name and patch, and which way the patch went. */
export interface StepTaken {
  readonly doc: DocumentSlice;
  readonly label: string;
  readonly patch: DocumentPatch;
  readonly forwards: boolean;
}

/** How many steps can be undone and redone, and the names of the next ones, for views (the toolbar's buttons, the menus). */
export interface HistoryCounts {
  readonly undo: number;
  readonly redo: number;
  /** The name of the step Undo takes back, or null when there is none. */
  readonly undoLabel: string | null;
  /** The name of the step Redo makes again, or null when there is none. */
  readonly redoLabel: string | null;
}

/** The steps' names for the History list: those that can be undone, oldest first, and those that can be redone, next first. */
export interface HistorySteps {
  readonly done: readonly string[];
  readonly undone: readonly string[];
}

/** Steps recorded with the same merge key no further apart than this (ms) become one, as Godot merges nudges. */
export const MERGE_WITHIN_MS = 1000;

/** A bounded list of document patches with a redo list (zundo keeps whole snapshots, which a 100,000-shape level cannot afford). */
export class History {
  private past: HistoryStep[] = [];
  private future: HistoryStep[] = [];
  /** The merge key of the last step recorded and when, while the next step may join it; null after any other step, an undo or a redo. */
  private open: { readonly key: unknown; readonly at: number } | null = null;
  readonly counts: StoreApi<HistoryCounts> = createStore<HistoryCounts>()(() => ({ undo: 0, redo: 0, undoLabel: null, redoLabel: null }));
  /** Every step's name, told on every change (the counts may stay the same when the oldest step is dropped). */
  readonly steps: StoreApi<HistorySteps> = createStore<HistorySteps>()(() => ({ done: [], undone: [] }));

  constructor(readonly limit = 500, private readonly now: () => number = () => Date.now()) {}

  get undoCount(): number {
    return this.past.length;
  }

  get redoCount(): number {
    return this.future.length;
  }

  /** The name of the step Undo takes back, or null when there is none. */
  get undoLabel(): string | null {
    return this.past.at(-1)?.label ?? null;
  }

  /** The name of the step Redo makes again, or null when there is none. */
  get redoLabel(): string | null {
    return this.future.at(-1)?.label ?? null;
  }

  /**
   * Records the change from `before` to `after` as one step named `label`, or by what changed
   * (describe-change.ts); nothing when the document is the same. Clears redo. With `mergeKey`, a
   * step right after one recorded with the same key (compared with ===), within MERGE_WITHIN_MS of
   * it and with no other step, undo or redo between, joins it: one step from the document before
   * the first to `after`, named anew (none when they cancel out).
   */
  record(before: DocumentSlice, after: DocumentSlice, label?: string, mergeKey?: unknown): void {
    const patch = diffDocument(before, after);
    if (!patch) return;
    const at = this.now(), last = this.past.at(-1);
    const joins = mergeKey !== undefined && last !== undefined && this.open?.key === mergeKey && at - this.open.at <= MERGE_WITHIN_MS;
    this.open = mergeKey === undefined ? null : { key: mergeKey, at };
    if (joins) {
      this.past.pop();
      const whole = diffDocument(applyDocumentPatch(before, last.patch, false), after);
      if (whole) this.past.push({ patch: whole, label: label ?? describeChange(after, whole) });
      // Cancelled out: the step is gone, and the one before it (another action's) is never joined.
      else this.open = null;
    } else {
      this.past.push({ patch, label: label ?? describeChange(after, patch) });
      if (this.past.length > this.limit) this.past.shift();
    }
    this.future = [];
    this.tell();
  }

  /** The document one step back from `current` and the step's name, or null when there is none. */
  undo(current: DocumentSlice): StepTaken | null {
    return this.step(current, this.past, this.future, false);
  }

  /** The document one step forward from `current` and the step's name, or null when there is none. */
  redo(current: DocumentSlice): StepTaken | null {
    return this.step(current, this.future, this.past, true);
  }

  /** Moves a step from one list to the other and applies its patch to `current` in that direction. */
  private step(current: DocumentSlice, from: HistoryStep[], to: HistoryStep[], forwards: boolean): StepTaken | null {
    this.open = null;
    const step = from.pop();
    if (!step) return null;
    to.push(step);
    this.tell();
    return { doc: applyDocumentPatch(current, step.patch, forwards), label: step.label, patch: step.patch, forwards };
  }

  /**
   * Puts `map(item)` for every item of field `key` that any step holds: for a change that is
   * not a step of its own and must hold after undo too (Save As moving image paths). `map` gives
   * the same object for the same item, so steps still meet the document they apply to.
   */
  mapItems<K extends DocumentList>(key: K, map: (item: DocumentSlice[K][number]) => DocumentSlice[K][number]): void {
    const each = (items: readonly DocumentSlice[K][number][]) => items.map(map);
    const rewrite = (step: HistoryStep): HistoryStep => {
      const p = step.patch[key] as ArrayPatch<DocumentSlice[K][number]> | undefined;
      if (!p) return step;
      const moved = p.kind === "replace" ? { ...p, before: each(p.before), after: each(p.after) } : { ...p, removed: each(p.removed), inserted: each(p.inserted) };
      return { ...step, patch: { ...step.patch, [key]: moved } };
    };
    this.past = this.past.map(rewrite);
    this.future = this.future.map(rewrite);
  }

  clear(): void {
    this.open = null;
    this.past = [];
    this.future = [];
    this.tell();
  }

  private tell(): void {
    const c = this.counts.getState();
    const next = { undo: this.past.length, redo: this.future.length, undoLabel: this.undoLabel, redoLabel: this.redoLabel };
    if (c.undo !== next.undo || c.redo !== next.redo || c.undoLabel !== next.undoLabel || c.redoLabel !== next.redoLabel) this.counts.setState(next);
    this.steps.setState({ done: this.past.map((s) => s.label), undone: this.future.map((s) => s.label).reverse() });
  }
}
