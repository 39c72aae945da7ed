// The Editor: one per window, one per test. It owns the editor's state store and its undo history,
// the collision world that follows the document, the values derived from it (overlaps, probe
// results), the transient overlays tools draw, and the tools themselves. React reads it through a
// context (react.tsx); actions are functions of an Editor (renderer/store, renderer/actions).
//
// The world is synced in one place: a subscription to the store that runs on every change of the
// shapes, before any view reads. Reads (overlaps, lookups, probe hits) never sync.
import { createStore, type StoreApi } from "zustand/vanilla";
import { CollisionWorld, overlappingIds, type CastHit, type IgnoredPair, type OverlapPair, type Probe, type Shape } from "../../core";
import { History, itemsPut, type StepTaken } from "./history";
import { documentOf, initialState, sameDocument, type DocumentSlice, type EditorState } from "./state";
import { createOverlayStore, type ToolOverlay } from "./overlay";
import { layerLetsSelect, ShapeCounts } from "../store/layer-actions";
import { pickable } from "../tools/select/picking";
import { createReplayStore, ReplayResults, type ReplayState } from "../store/replay";
import { ToolRoot } from "../tools/root";
import { ImageCache, type ImageLoader } from "../images/image-cache";
import type { Level } from "../images/pyramid";
import { TiledBackdrop } from "../tiled-map/backdrop";
import type { TiledTextReader } from "../tiled-map/read-text";

export interface DocumentOverlaps {
  readonly pairs: readonly OverlapPair[];
  readonly ids: ReadonlySet<string>;
  /** Not looked for yet (a big file just opened, deferOverlaps): no pairs meanwhile. */
  readonly pending: boolean;
}

const PENDING: DocumentOverlaps = { pairs: [], ids: new Set(), pending: true };

/** Pairs whose contact is found per step while deferred overlaps are settled: well under a frame. */
const PAIRS_PER_STEP = 2000;

function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export interface WriteOptions {
  /** false: the change is not an undo step of its own (history loads, undo itself). */
  readonly record?: boolean;
  /** The step's name where the one derived from the change (describe-change.ts) would be vague: "Paste 2 items". */
  readonly label?: string;
  /** Joins the step to the last one when that had the same key, moments ago (History.record): nudges of one selection. */
  readonly merge?: unknown;
}

export class Editor {
  readonly store: StoreApi<EditorState>;
  readonly history: History;
  /** What tools draw over the scene during a gesture; outside the document and its history. */
  readonly overlay: StoreApi<ToolOverlay> = createOverlayStore();
  /** A QA ray log opened over the scene (not part of the document). */
  readonly replay: StoreApi<ReplayState> = createReplayStore();
  readonly replayResults: ReplayResults;
  /** Shapes per layer, for the layers panel. */
  readonly layerCounts = new ShapeCounts();
  /** Bumped when deferred overlaps are found, so the views that showed none draw them. */
  readonly settled: StoreApi<{ readonly count: number }> = createStore(() => ({ count: 0 }));
  readonly tools: ToolRoot;
  /** The document's pictures, decoded (none without a loader: tests in Node). */
  readonly imageCache: ImageCache<Level>;
  /** The scene's Tiled map, loaded for its backdrop, and how it is shown (none loads without a reader: tests in Node). */
  readonly backdrop: TiledBackdrop;
  /** The canvas size in CSS pixels, told by the canvas as it resizes; keyboard zoom centres on it. */
  canvasSize = { width: 800, height: 600 };
  /** Bumped when canvasSize changes, for views that frame the canvas's view (the mini-map). */
  readonly canvasResized: StoreApi<{ readonly count: number }> = createStore(() => ({ count: 0 }));

  private world = new CollisionWorld();
  private gestureStart: DocumentSlice | null = null;
  private overlapsKey: readonly Shape[] | null = null;
  private pairs: readonly OverlapPair[] = [];
  private overlapIds: ReadonlySet<string> = new Set();
  private pendingFor: readonly Shape[] | null = null;
  private probeKey: { shapes: readonly Shape[]; probes: readonly Probe[] } | null = null;
  private hits = new Map<string, CastHit | null>();
  private sensorKey: readonly Shape[] | null = null;
  private sensorPairs: readonly OverlapPair[] = [];
  private pairIndex: { readonly pairs: readonly OverlapPair[]; readonly byShape: ReadonlyMap<string, readonly number[]> } | null = null;

  constructor(options: { readonly historyLimit?: number; readonly state?: Partial<EditorState>; readonly imageLoader?: ImageLoader<Level>; readonly tiledReader?: TiledTextReader } = {}) {
    this.store = createStore<EditorState>()(() => ({ ...initialState(), ...options.state }));
    this.imageCache = new ImageCache(options.imageLoader ?? null);
    this.backdrop = new TiledBackdrop(options.tiledReader ?? null, options.imageLoader ?? null);
    this.history = new History(options.historyLimit ?? 500);
    // Registered first, so the world follows the shapes before any view hears of the change.
    this.store.subscribe((s, prev) => {
      if (s.shapes !== prev.shapes) this.world.sync(s.shapes);
    });
    // A picked point belongs to the selection it was picked in.
    this.store.subscribe((s, prev) => {
      if (s.selection !== prev.selection && this.overlay.getState().vertex !== null) this.overlay.setState({ vertex: null });
    });
    // A replayed ray is selected together with the shapes selectRay chose (set after them): any
    // later change of the selection (Escape, a click elsewhere, an undo) ends the ray's too.
    this.store.subscribe((s, prev) => {
      if (s.selection !== prev.selection && this.replay.getState().selected !== null) this.replay.setState({ selected: null });
    });
    this.world.sync(this.store.getState().shapes);
    this.replayResults = new ReplayResults(() => this.world);
    this.tools = new ToolRoot(this);
  }

  getState(): EditorState {
    return this.store.getState();
  }

  /**
   * Writes the state. A change of the document outside a gesture is one undo step (unless
   * `record` is false); inside a gesture the whole gesture becomes one step when it ends.
   */
  update(patch: Partial<EditorState>, options: WriteOptions = {}): void {
    const before = this.store.getState();
    // Selecting shapes or probes (or nothing) drops a selected image: one kind of selection at a time.
    const dropImage = "selection" in patch && !("selectedImage" in patch) && before.selectedImage !== null;
    this.store.setState(dropImage ? { ...patch, selectedImage: null } : patch);
    const after = this.store.getState();
    // A notice belongs to the action that raised it: the next action's change ends it.
    const selectionChanged = before.selection !== after.selection || before.selectedImage !== after.selectedImage;
    if (after.notice !== null && !("notice" in patch) && (!sameDocument(before, after) || selectionChanged || before.tool !== after.tool)) {
      this.store.setState({ notice: null });
    }
    if (options.record === false || this.gestureStart) return;
    if (!sameDocument(before, after)) this.history.record(before, after, options.label, options.merge);
  }

  // ---- Gestures and history.

  /** Whether a gesture is under way (a tool checks before each step: undo or open may end it). */
  gestureActive(): boolean {
    return this.gestureStart !== null;
  }

  /** Starts a gesture: changes until endGesture() become one undo step. */
  beginGesture(): void {
    this.gestureStart ??= documentOf(this.getState());
  }

  /** Ends the gesture as one undo step, named `label` where the name derived from the change would be vague. */
  endGesture(label?: string): void {
    const start = this.gestureStart;
    if (!start) return;
    this.gestureStart = null;
    this.history.record(start, this.getState(), label);
  }

  /** Escape during a gesture: back to the document before it, with nothing recorded. */
  cancelGesture(): void {
    const start = this.gestureStart;
    if (!start) return;
    this.gestureStart = null;
    this.store.setState(start);
  }

  /** Takes back the last step; the status line names it ("Undid: Move 2 shapes"). */
  undo(): void {
    this.cancelGesture();
    this.took(this.history.undo(documentOf(this.getState())), "Undid");
  }

  /** Makes the last undone step again; the status line names it ("Redid: Add box"). */
  redo(): void {
    this.cancelGesture();
    this.took(this.history.redo(documentOf(this.getState())), "Redid");
  }

  /**
   * Undoes or redoes until `done` steps are left to undo (the History list's row clicked). The
   * status line names the step when one was taken; when several were, it counts them and its
   * tooltip names them.
   */
  goToStep(done: number): void {
    const from = this.history.undoCount;
    const to = Math.max(0, Math.min(done, from + this.history.redoCount));
    const names: string[] = [];
    while (this.history.undoCount > to) {
      names.push(this.history.undoLabel!);
      this.undo();
    }
    while (this.history.undoCount < to) {
      names.push(this.history.redoLabel!);
      this.redo();
    }
    const verb = to < from ? "Undid" : "Redid";
    if (names.length > 1) this.store.setState((s) => ({ notice: `${verb} ${names.length} steps`, noticeId: s.noticeId + 1, noticeDetail: `${verb}: ${names.join(", ")}` }));
  }

  private took(step: StepTaken | null, verb: string): void {
    if (!step) return;
    const { noticeId } = this.getState();
    this.store.setState({ ...step.doc, notice: `${verb}: ${step.label}`, noticeId: noticeId + 1, noticeDetail: null });
    // Edges a refused edit would have crossed belong to the document before the step.
    if (this.overlay.getState().crossing !== null) this.overlay.setState({ crossing: null });
    this.selectAfterStep(step);
  }

  /**
   * After an undo or redo: the shapes and probes it put back or changed are selected unless they
   * all are already (a deletion undone, a field of an unselected shape restored), as Illustrator
   * does, so what changed shows and the next key acts on it; otherwise the selection keeps what
   * still exists and can be selected.
   */
  private selectAfterStep(step: StepTaken): void {
    const { layers, selection } = this.getState();
    const touched = [
      ...itemsPut(step.patch.shapes, step.forwards).filter((s) => pickable(s, layers)),
      ...itemsPut(step.patch.probes, step.forwards),
    ].map((x) => x.id);
    const selected = new Set(selection);
    if (touched.length > 0 && !touched.every((id) => selected.has(id))) this.store.setState({ selection: touched, selectedImage: null });
    else this.pruneSelection();
  }

  /**
   * After an undo or redo: the selection keeps what still exists and can be selected (a redo may
   * lock or hide a selected shape's layer again, as locking it did the first time).
   */
  private pruneSelection(): void {
    const { probes, selection, selectedImage, images, layers } = this.getState();
    if (selectedImage !== null && !images.some((i) => i.id === selectedImage)) this.store.setState({ selectedImage: null });
    if (selection.length === 0) return;
    const probeIds = new Set(probes.map((p) => p.id));
    const kept = selection.filter((id) => {
      if (probeIds.has(id)) return true;
      const shape = this.world.lookup(id)?.shape;
      return shape !== undefined && layerLetsSelect(shape, layers);
    });
    if (kept.length !== selection.length) this.store.setState({ selection: kept });
  }

  // ---- The collision world and what is derived from it.

  /** The world that follows the document's shapes (read-only use: queries, boxes, lookups). */
  documentWorld(): CollisionWorld {
    return this.world;
  }

  /**
   * Makes `built` the document's world: an open that built it for the shapes it is about to load
   * (and asked it for their pairs) hands it over, so the first draw finds both done.
   */
  adoptWorld(built: CollisionWorld): void {
    this.world = built;
    this.overlapsKey = null;
    this.sensorKey = null;
    this.probeKey = null;
    this.replayResults.forget();
  }

  /** The shape with this id, through the world's id index. */
  shapeById(id: string): Shape | undefined {
    return this.world.lookup(id)?.shape;
  }

  /** The shapes with these ids, in scene order. */
  shapesWithIds(ids: readonly string[]): readonly Shape[] {
    if (ids.length === 0) return [];
    const found: { shape: Shape; index: number }[] = [];
    for (const id of ids.length > 1 ? new Set(ids) : ids) {
      const hit = this.world.lookup(id);
      if (hit) found.push(hit);
    }
    return found.sort((a, b) => a.index - b.index).map((f) => f.shape);
  }

  /** Until settleOverlaps, these shapes (a big open's, about to load) have no overlaps yet: pending. */
  deferOverlaps(shapes: readonly Shape[]): void {
    this.pendingFor = shapes;
  }

  /**
   * Finds the deferred overlaps a step at a time, `pause` letting the browser paint and take input
   * between steps, and shows them. Stops early when the document's shapes change (an edit finds
   * the overlaps at once, through the same world) or another open defers its own.
   */
  async settleOverlaps(pause: () => Promise<void>): Promise<void> {
    const shapes = this.pendingFor;
    if (!shapes) return;
    while (this.pendingFor === shapes && this.getState().shapes === shapes && !this.world.prepareOverlaps(PAIRS_PER_STEP)) await pause();
    if (this.pendingFor !== shapes) return;
    this.pendingFor = null;
    this.overlaps();
    this.settled.setState((s) => ({ count: s.count + 1 }));
  }

  /** Every overlapping pair of the document, memoised on the shapes array (immutable). */
  overlaps(): DocumentOverlaps {
    const shapes = this.getState().shapes;
    if (shapes === this.pendingFor) return PENDING;
    if (shapes !== this.overlapsKey) {
      this.pairs = this.world.overlaps();
      // The same set object when no shape started or stopped overlapping (most steps of a drag):
      // views that compare sets, each canvas batch above all, then skip their work.
      const next = overlappingIds(this.pairs);
      if (!sameMembers(next, this.overlapIds)) this.overlapIds = next;
      this.overlapsKey = shapes;
    }
    return { pairs: this.pairs, ids: this.overlapIds, pending: false };
  }

  /**
   * Every touching pair with a sensor on either side (the triggers' contacts, never overlap
   * warnings), memoised on the shapes array; none while a big open's overlaps are pending.
   */
  sensorContacts(): readonly OverlapPair[] {
    const shapes = this.getState().shapes;
    if (shapes === this.pendingFor) return [];
    if (shapes !== this.sensorKey) {
      this.sensorPairs = this.world.sensorContacts();
      this.sensorKey = shapes;
    }
    return this.sensorPairs;
  }

  /** The sensor pairs that involve any of `ids`, in the order of sensorContacts(). */
  sensorContactsOf(ids: ReadonlySet<string>): readonly OverlapPair[] {
    if (ids.size === 0) return [];
    return this.sensorContacts().filter((p) => ids.has(p.a) || ids.has(p.b));
  }

  /**
   * The overlapping pairs the collision filter keeps apart, with why: found by the world only when
   * asked and kept until the shapes change (overlaps() never pays for them); none while a big
   * open's overlaps are pending.
   */
  ignoredOverlaps(): readonly IgnoredPair[] {
    return this.getState().shapes === this.pendingFor ? [] : this.world.ignoredOverlaps();
  }

  /**
   * The overlapping pairs that involve any of `ids`, in the order of overlaps(): through an index
   * of the pairs by shape, made once per pair list, so a selection among tens of thousands of
   * pairs looks at its own.
   */
  overlapsOf(ids: ReadonlySet<string>): readonly OverlapPair[] {
    const { pairs } = this.overlaps();
    if (ids.size === 0 || pairs.length === 0) return [];
    if (this.pairIndex?.pairs !== pairs) {
      const byShape = new Map<string, number[]>();
      pairs.forEach((p, i) => {
        for (const id of [p.a, p.b]) {
          const list = byShape.get(id);
          if (list) list.push(i);
          else byShape.set(id, [i]);
        }
      });
      this.pairIndex = { pairs, byShape };
    }
    const at = new Set<number>();
    for (const id of ids) for (const i of this.pairIndex.byShape.get(id) ?? []) at.add(i);
    return [...at].sort((a, b) => a - b).map((i) => pairs[i]!);
  }

  /** The closest hit of every probe, recomputed when the shapes or the probes change. */
  probeHits(): ReadonlyMap<string, CastHit | null> {
    const { shapes, probes } = this.getState();
    const key = this.probeKey;
    if (!key || key.shapes !== shapes || key.probes !== probes) {
      // A probe whose own object and the shapes are unchanged keeps its result.
      const next = new Map<string, CastHit | null>();
      const sameShapes = key?.shapes === shapes;
      const before = new Map(key?.probes.map((p) => [p.id, p]) ?? []);
      for (const p of probes) next.set(p.id, sameShapes && before.get(p.id) === p && this.hits.has(p.id) ? this.hits.get(p.id)! : this.world.probe(p));
      this.hits = next;
      this.probeKey = { shapes, probes };
    }
    return this.hits;
  }

  /** The closest hit of a probe that is not in the document (a tool's preview). */
  probeHit(probe: Probe): CastHit | null {
    return this.world.probe(probe);
  }
}
