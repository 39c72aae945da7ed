// Values derived from the document, computed once per document version and shared by every view.
// One CollisionWorld follows the document: a drag moves one shape, and only that shape's pairs and
// the probes are looked at again, through the world's tree.
import { create } from "zustand";
import { CollisionWorld, overlappingIds, type CastHit, type OverlapPair, type Probe, type Shape } from "../../core";
import { useEditor } from "./editor-store";

let world = new CollisionWorld();

/** The one world that follows the document (overlaps, probes, the replay view); synced to `shapes` when given. */
export function documentWorld(shapes?: readonly Shape[]): CollisionWorld {
  if (shapes) world.sync(shapes);
  return world;
}

/**
 * Makes `built` the document's world: an open that built it for the shapes it is about to load
 * (and asked it for their pairs) hands it over, so the first draw finds both done.
 */
export function adoptDocumentWorld(built: CollisionWorld): void {
  world = built;
  key = null;
}

/**
 * The shapes with these ids, in scene order, through the world's id index: panels ask on every
 * drag step, and filtering 10,000 shapes for a selection of one cost each of them a scan.
 */
export function shapesWithIds(shapes: readonly Shape[], ids: readonly string[]): readonly Shape[] {
  if (ids.length === 0) return [];
  world.sync(shapes);
  const found: { shape: Shape; index: number }[] = [];
  for (const id of ids.length > 1 ? new Set(ids) : ids) {
    const hit = world.lookup(id);
    if (hit) found.push(hit);
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.shape);
}

/** The shape with this id, through the world's id index (O(1) once synced). */
export function shapeWithId(shapes: readonly Shape[], id: string): Shape | undefined {
  world.sync(shapes);
  return world.lookup(id)?.shape;
}

let key: readonly Shape[] | null = null;
let pairs: readonly OverlapPair[] = [];
let ids = new Set<string>();

export interface DocumentOverlaps {
  readonly pairs: readonly OverlapPair[];
  readonly ids: ReadonlySet<string>;
  /** Not looked for yet (a big file just opened, deferOverlaps): no pairs meanwhile. */
  readonly pending: boolean;
}

/**
 * Shapes whose overlaps wait: a big open draws its shapes first and finds their pairs once they
 * are on screen (half a second for 100,000 shapes, which the scene then shows that much sooner).
 */
let pendingFor: readonly Shape[] | null = null;
const PENDING: DocumentOverlaps = { pairs: [], ids: new Set(), pending: true };
/** Bumped when deferred overlaps are found: the views that showed none then draw them. */
const useSettled = create<{ readonly count: number }>(() => ({ count: 0 }));

/** Until settleOverlaps, these shapes (a big open's, about to load) have no overlaps yet, pending. */
export function deferOverlaps(shapes: readonly Shape[]): void {
  pendingFor = shapes;
}

/** Pairs whose contact is found per step while deferred overlaps are settled: about 15 ms. */
const PAIRS_PER_STEP = 2000;

/**
 * Finds the deferred overlaps a step at a time, `pause` letting the browser paint and take input
 * between steps, and shows them. Stops early when the document's shapes change (an edit finds the
 * overlaps at once, through the same world) or another open defers its own.
 */
export async function settleOverlaps(pause: () => Promise<void>): Promise<void> {
  const shapes = pendingFor;
  if (!shapes) return;
  world.sync(shapes);
  while (pendingFor === shapes && useEditor.getState().shapes === shapes && !world.prepareOverlaps(PAIRS_PER_STEP)) await pause();
  if (pendingFor !== shapes) return;
  pendingFor = null;
  overlapsOf(useEditor.getState().shapes);
  useSettled.setState((s) => ({ count: s.count + 1 }));
}

/** Every overlapping pair of the document (memoised on the shapes array, which is immutable). */
export function overlapsOf(shapes: readonly Shape[]): DocumentOverlaps {
  if (shapes === pendingFor) return PENDING;
  if (shapes !== key) {
    world.sync(shapes);
    pairs = world.overlaps();
    // The same set object when no shape started or stopped overlapping (most steps of a drag):
    // every view that compares sets, each canvas batch above all, then skips its work.
    const next = overlappingIds(pairs);
    if (!sameMembers(next, ids)) ids = next;
    key = shapes;
  }
  return { pairs, ids, pending: false };
}

function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export function useOverlaps(): DocumentOverlaps {
  useSettled((s) => s.count);
  return overlapsOf(useEditor((s) => s.shapes));
}

let probeKey: { shapes: readonly Shape[]; probes: readonly Probe[] } | null = null;
let probeHits = new Map<string, CastHit | null>();

/** The closest hit of every probe, recomputed when the shapes or the probes change. */
export function probeHitsOf(shapes: readonly Shape[], probes: readonly Probe[]): ReadonlyMap<string, CastHit | null> {
  if (!probeKey || probeKey.shapes !== shapes || probeKey.probes !== probes) {
    // A probe whose own object and the shapes are unchanged keeps its result.
    const next = new Map<string, CastHit | null>();
    const sameShapes = probeKey?.shapes === shapes;
    const before = new Map(probeKey?.probes.map((p) => [p.id, p]) ?? []);
    world.sync(shapes);
    for (const p of probes) next.set(p.id, sameShapes && before.get(p.id) === p && probeHits.has(p.id) ? probeHits.get(p.id)! : world.probe(p));
    probeHits = next;
    probeKey = { shapes, probes };
  }
  return probeHits;
}

export function useProbeHits() {
  return probeHitsOf(useEditor((s) => s.shapes), useEditor((s) => s.probes));
}
