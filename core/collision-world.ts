// A scene kept live for collision queries: every shape has a proxy in a dynamic AABB tree holding
// an enlarged ("fat") box, so a shape that moves a little does not touch the tree; the set of pairs
// whose fat boxes overlap is kept incrementally (Box2D's broadphase move buffer and pair set), and
// contact manifolds are recomputed only for pairs with a changed shape. Ray casts, sweeps and
// region queries walk the tree. Filtering follows collision-filter.ts.
import { bitsCollide, DEFAULT_FILTER_RULE, type FilterRule } from "./collision-filter";
import { DynamicTree } from "./dynamic-tree";
import { collide, Manifold } from "./manifold";
import { writeShapeBounds } from "./geometry";
import { manifoldPoints, shapeGeometry, shapeTransform, type OverlapPair } from "./overlaps";
import { CastOutput, rayCast } from "./raycast";
import type { CastHit, QueryMode } from "./scene-query";
import { shapeCast } from "./shape-cast";
import type { Geometry, Transform } from "./shapes";
import { collisionLayerOf, collisionMaskOf, type Probe, type Shape } from "./scene/types";
import { vec2, type Vec2 } from "./vec2";

export interface CollisionWorldOptions {
  /** How two shapes' bits combine (default "godot"). */
  readonly filter?: FilterRule;
}

export interface WorldQueryOptions {
  readonly mode?: QueryMode;
  /** Only shapes on these collision layers (collisionLayer & mask ≠ 0); without it, every shape. */
  readonly mask?: number;
  /** Rays only: report shapes the ray starts inside, at fraction 0. */
  readonly reportInside?: boolean;
  /** Shapes to leave out (by id). */
  readonly ignore?: ReadonlySet<string>;
}

interface Pair {
  /** The two slots, lower first. */
  readonly a: number;
  readonly b: number;
  versionA: number;
  versionB: number;
  /** The slot that was A of the manifold: the one first in scene order when it was computed. */
  first: number;
  /** The overlap, or null when the shapes (whose fat boxes meet) do not overlap. */
  overlap: OverlapPair | null;
}

/** Pairs to refresh in order (`next` the first not done), and the slots that had moved when they were found. */
interface Waiting {
  readonly pairs: Pair[];
  readonly keys: number[];
  next: number;
  readonly moved: Uint8Array;
}

/** Slots are below 2^22 (four million shapes), so two make one exact key. */
const SLOT_LIMIT = 4194304;
const pairKey = (p: number, q: number): number => (p < q ? p * SLOT_LIMIT + q : q * SLOT_LIMIT + p);
/** From this many shapes on, a first load builds the tree in bulk. */
const BULK = 256;

/**
 * How far a proxy's box reaches beyond the shape: a tenth of its size (at least 1e-9 of its
 * position's magnitude, for shapes far out), so dragging moves the tree only every few frames.
 * Reads the tight box at tight[k…], writes the fat one at out[k…].
 */
function fatten(tight: Float64Array, out: Float64Array, k: number): void {
  const minX = tight[k]!, minY = tight[k + 1]!, maxX = tight[k + 2]!, maxY = tight[k + 3]!;
  const margin = 0.1 * Math.max(maxX - minX, maxY - minY) + 1e-9 * (Math.abs(minX) + Math.abs(minY)) + 1e-12;
  out[k] = minX - margin;
  out[k + 1] = minY - margin;
  out[k + 2] = maxX + margin;
  out[k + 3] = maxY + margin;
}

const manifold = new Manifold();
const cast = new CastOutput();
/** Reused for every ray against a shape (RayCastOptions is read only there). */
const rayOptions = { reportInside: false, maxFraction: 1 };

export class CollisionWorld {
  readonly filter: FilterRule;
  private tree = new DynamicTree();
  // A shape's state, slot by slot, in arrays rather than an object per shape: a 100,000-shape
  // load kept 100,000 bodies and boxes alive for the collector to copy. A slot is free when its
  // shape is null.
  private shapeAt: (Shape | null)[] = [];
  /**
   * Geometry and transform, made the first time a pair's boxes meet or a query reaches the shape
   * (undefined until then, and again after an edit): a third of a big level's shapes is never
   * near another and costs only its box.
   */
  private geometryAt: (Geometry | undefined)[] = [];
  private transformAt: (Transform | undefined)[] = [];
  /** Position in the last synced shape list: results come in scene order. */
  private indexAt = new Int32Array(16);
  private layerAt = new Uint32Array(16);
  private maskAt = new Uint32Array(16);
  private proxyAt = new Int32Array(16);
  /** Bumped whenever the shape changes, so cached manifolds know they are stale. */
  private versionAt = new Int32Array(16);
  /** Each slot's fat box (the tree's), four numbers a slot. */
  private fat = new Float64Array(64);
  /** Each slot's exact box (writeShapeBounds), four numbers a slot: region queries and the pair test read them without touching the shapes. */
  private tight = new Float64Array(64);
  private freeSlots: number[] = [];
  private readonly byId = new Map<string, number>();
  private readonly pairs = new Map<number, Pair>();
  /** Slots whose fat box was (re)inserted, or whose bits changed, since the pairs were updated. */
  private readonly moved: number[] = [];
  private synced: readonly Shape[] | null = null;
  /** The pair set is brought up to date when pairs are asked for, not on every sync. */
  private pairsDirty = false;
  private overlapsCache: OverlapPair[] | null = null;
  /**
   * The last list overlaps() built, its pairs in the same order, and the slots edited in place
   * since (null when anything else happened: adds, removals, reorders): a drag step rebuilds only
   * the touched slots' pairs and merges them into the list, instead of walking every pair.
   */
  private listed: { readonly list: OverlapPair[]; readonly pairs: Pair[]; readonly order: number[] } | null = null;
  private touched: Set<number> | null = null;
  /** Each slot's pair keys, so an edited shape's pairs are found without walking them all. */
  private pairsOf: (Set<number> | undefined)[] = [];
  /** Pairs whose manifolds wait, when overlaps() is being prepared in steps (prepareOverlaps). */
  private waiting: Waiting | null = null;

  constructor(options: CollisionWorldOptions = {}) {
    this.filter = options.filter ?? DEFAULT_FILTER_RULE;
  }

  get size(): number {
    return this.byId.size;
  }

  /** The synced shape with this id and its index in the synced list, or undefined: O(1), for views that look up a few shapes among many. */
  lookup(id: string): { readonly shape: Shape; readonly index: number } | undefined {
    const slot = this.byId.get(id);
    return slot === undefined ? undefined : { shape: this.shapeAt[slot]!, index: this.indexAt[slot]! };
  }

  /**
   * Writes the box of `shape` (shapeBounds) to out[0…3] and returns true when the world holds
   * this very object, else returns false: views that cull 100,000 shapes by their boxes read the
   * world's instead of computing their own, with no object per shape.
   */
  readBox(shape: Shape, out: Float64Array): boolean {
    const slot = this.byId.get(shape.id);
    if (slot === undefined || this.shapeAt[slot] !== shape) return false;
    const t = this.tight, k = 4 * slot;
    out[0] = t[k]!; out[1] = t[k + 1]!; out[2] = t[k + 2]!; out[3] = t[k + 3]!;
    return true;
  }

  /**
   * Makes the world hold exactly `shapes` (validated scene shapes with unique ids): new ids are
   * added, missing ones removed, and shapes whose object changed are updated. Shapes are
   * immutable, so an unchanged object costs one comparison. Calling it with the same array again
   * does nothing. A shape's geometry is made when first needed: one that bypassed validation and
   * has none throws then, from overlaps() or a query.
   */
  sync(shapes: readonly Shape[]): void {
    if (shapes === this.synced) return;
    if (this.byId.size === 0 && shapes.length >= BULK) {
      this.load(shapes);
      return;
    }
    if (this.patch(shapes)) return;
    const seen = new Set<number>();
    shapes.forEach((shape, index) => {
      const slot = this.byId.get(shape.id);
      if (slot === undefined) seen.add(this.add(shape, index));
      else {
        seen.add(slot);
        this.indexAt[slot] = index;
        if (this.shapeAt[slot] !== shape) this.update(slot, shape);
      }
    });
    if (seen.size !== this.byId.size) {
      const removed = new Set<number>();
      for (const [id, slot] of this.byId) if (!seen.has(slot)) { this.remove(id, slot); removed.add(slot); }
      // Their pairs in one pass over the pair set, however many shapes went.
      for (const [key, pair] of this.pairs) if (removed.has(pair.a) || removed.has(pair.b)) this.dropPair(key, pair);
    }
    this.synced = shapes;
    this.shapesChanged();
    this.touched = null;
  }

  /**
   * The common edit (a drag, an inspector change): the same shapes in the same places but for a
   * few replaced objects with the same ids. Compares by index instead of diffing by id; returns
   * false, having changed nothing, when the edit is anything else.
   */
  private patch(shapes: readonly Shape[]): boolean {
    const before = this.synced;
    if (!before || before.length !== shapes.length) return false;
    const changed: number[] = [];
    for (let i = 0; i < shapes.length; i++) {
      if (shapes[i] === before[i]) continue;
      if (shapes[i]!.id !== before[i]!.id) return false;
      changed.push(i);
    }
    for (const i of changed) {
      const slot = this.byId.get(shapes[i]!.id)!;
      this.update(slot, shapes[i]!);
      this.touched?.add(slot);
    }
    this.synced = shapes;
    if (changed.length > 0) this.shapesChanged();
    return true;
  }

  /** After any change of the shapes: the pairs need a look, the list a remake, and pairs prepared in steps (prepareOverlaps) start again. */
  private shapesChanged(): void {
    this.overlapsCache = null;
    this.pairsDirty = true;
    this.waiting = null;
  }

  /** Room for slots 0..count-1 in every per-slot array. */
  private reserve(count: number): void {
    if (count <= this.indexAt.length) return;
    const size = Math.max(count, 2 * this.indexAt.length);
    this.indexAt = copiedInto(this.indexAt, new Int32Array(size));
    this.proxyAt = copiedInto(this.proxyAt, new Int32Array(size));
    this.versionAt = copiedInto(this.versionAt, new Int32Array(size));
    this.layerAt = copiedInto(this.layerAt, new Uint32Array(size));
    this.maskAt = copiedInto(this.maskAt, new Uint32Array(size));
    this.fat = copiedInto(this.fat, new Float64Array(4 * size));
    this.tight = copiedInto(this.tight, new Float64Array(4 * size));
  }

  /** A first load of many shapes: one bulk-built tree (binned SAH) instead of one insertion each. */
  private load(shapes: readonly Shape[]): void {
    const n = shapes.length;
    if (n >= SLOT_LIMIT) throw new RangeError(`a collision world holds at most ${SLOT_LIMIT} shapes`);
    this.freeSlots = [];
    this.pairsOf = [];
    this.reserve(n);
    const userData = new Int32Array(n), tight = this.tight, fat = this.fat;
    const shapeAt: Shape[] = new Array<Shape>(n), none: undefined[] = new Array<undefined>(n);
    for (let i = 0; i < n; i++) {
      const shape = shapes[i]!;
      writeShapeBounds(shape, tight, 4 * i);
      fatten(tight, fat, 4 * i);
      shapeAt[i] = shape;
      userData[i] = i;
      this.indexAt[i] = i;
      this.proxyAt[i] = i;
      this.layerAt[i] = collisionLayerOf(shape);
      this.maskAt[i] = collisionMaskOf(shape);
      this.byId.set(shape.id, i);
      this.moved.push(i);
    }
    this.shapeAt = shapeAt;
    this.geometryAt = none;
    this.transformAt = none.slice();
    // build() numbers proxies 0..n-1 in input order: proxy i is slot i.
    this.tree = DynamicTree.build(fat.subarray(0, 4 * n), userData);
    this.synced = shapes;
    this.shapesChanged();
    this.touched = null;
  }

  private add(shape: Shape, index: number): number {
    const slot = this.freeSlots.pop() ?? this.shapeAt.length;
    if (slot >= SLOT_LIMIT) throw new RangeError(`a collision world holds at most ${SLOT_LIMIT} shapes`);
    this.reserve(slot + 1);
    const k = 4 * slot;
    writeShapeBounds(shape, this.tight, k);
    fatten(this.tight, this.fat, k);
    const f = this.fat;
    // The tree checks the box: a shape with NaN in it throws here and is not added.
    const proxy = this.tree.createProxy(f[k]!, f[k + 1]!, f[k + 2]!, f[k + 3]!, slot);
    this.shapeAt[slot] = shape;
    this.geometryAt[slot] = undefined;
    this.transformAt[slot] = undefined;
    this.indexAt[slot] = index;
    this.proxyAt[slot] = proxy;
    this.layerAt[slot] = collisionLayerOf(shape);
    this.maskAt[slot] = collisionMaskOf(shape);
    this.versionAt[slot] = 0;
    this.byId.set(shape.id, slot);
    this.moved.push(slot);
    return slot;
  }

  private update(slot: number, shape: Shape): void {
    const t = this.tight, f = this.fat, k = 4 * slot;
    writeShapeBounds(shape, t, k);
    this.shapeAt[slot] = shape;
    this.geometryAt[slot] = undefined;
    this.transformAt[slot] = undefined;
    this.versionAt[slot] = this.versionAt[slot]! + 1;
    const layer = collisionLayerOf(shape) >>> 0, mask = collisionMaskOf(shape) >>> 0;
    const bitsChanged = layer !== this.layerAt[slot] || mask !== this.maskAt[slot];
    this.layerAt[slot] = layer;
    this.maskAt[slot] = mask;
    if (t[k]! < f[k]! || t[k + 1]! < f[k + 1]! || t[k + 2]! > f[k + 2]! || t[k + 3]! > f[k + 3]!) {
      fatten(t, f, k);
      this.tree.moveProxy(this.proxyAt[slot]!, f[k]!, f[k + 1]!, f[k + 2]!, f[k + 3]!);
      this.moved.push(slot);
    } else if (bitsChanged) this.moved.push(slot);
  }

  /** Drops the shape from the tree and the slots; the caller drops its pairs. */
  private remove(id: string, slot: number): void {
    this.tree.destroyProxy(this.proxyAt[slot]!);
    this.shapeAt[slot] = null;
    this.geometryAt[slot] = undefined;
    this.transformAt[slot] = undefined;
    this.byId.delete(id);
    this.freeSlots.push(slot);
    this.pairsOf[slot] = undefined;
  }

  /** The slot's geometry, made now if this is its first use since the shape was set. */
  private geometry(slot: number): Geometry {
    let g = this.geometryAt[slot];
    if (g === undefined) {
      const shape = this.shapeAt[slot]!;
      g = this.geometryAt[slot] = shapeGeometry(shape);
      this.transformAt[slot] = shapeTransform(shape, g);
    }
    return g;
  }

  /** The slot's transform; geometry(slot) first. */
  private transform(slot: number): Transform {
    return this.transformAt[slot]!;
  }

  private fatOverlap(p: number, q: number): boolean {
    const f = this.fat, i = 4 * p, j = 4 * q;
    return f[i]! <= f[j + 2]! && f[j]! <= f[i + 2]! && f[i + 1]! <= f[j + 3]! && f[j + 1]! <= f[i + 3]!;
  }

  /** Whether the exact boxes of two slots meet (touching counts), as findOverlaps' sweep tests them. */
  private tightOverlap(p: number, q: number): boolean {
    const t = this.tight, i = 4 * p, j = 4 * q;
    return t[i]! <= t[j + 2]! && t[j]! <= t[i + 2]! && t[i + 1]! <= t[j + 3]! && t[j + 1]! <= t[i + 3]!;
  }

  private bits(p: number, q: number): boolean {
    return bitsCollide(this.layerAt[p]!, this.maskAt[p]!, this.layerAt[q]!, this.maskAt[q]!, this.filter);
  }

  private addPair(key: number, p: number, q: number): void {
    this.pairs.set(key, { a: Math.min(p, q), b: Math.max(p, q), versionA: -1, versionB: -1, first: -1, overlap: null });
    (this.pairsOf[p] ??= new Set()).add(key);
    (this.pairsOf[q] ??= new Set()).add(key);
  }

  private dropPair(key: number, pair: Pair): void {
    this.pairs.delete(key);
    this.pairsOf[pair.a]?.delete(key);
    this.pairsOf[pair.b]?.delete(key);
  }

  /** New candidate pairs from moved proxies; pairs whose fat boxes parted or whose bits no longer meet dropped; stale manifolds recomputed. */
  private updatePairs(): void {
    this.refreshPairs(Infinity);
  }

  /**
   * Looks at the shapes moved since the last look for new candidate pairs, unless pairs still wait
   * from it (a sync in between drops those), then refreshes up to `limit` of the pairs that wait:
   * true when none is left.
   */
  private refreshPairs(limit: number): boolean {
    if (!this.waiting) this.waiting = this.findWaiting();
    const waiting = this.waiting, end = Math.min(waiting.keys.length, waiting.next + limit);
    for (let i = waiting.next; i < end; i++) this.refresh(waiting.pairs[i]!, waiting.keys[i]!, waiting.moved);
    waiting.next = end;
    if (end < waiting.keys.length) return false;
    this.waiting = null;
    return true;
  }

  /** New candidate pairs of the moved shapes, and the pairs whose manifolds may be stale (every pair unless only shapes edited in place moved). */
  private findWaiting(): Waiting {
    const shapeAt = this.shapeAt, pairs = this.pairs;
    // Moved slots as flags: a pair of two moved shapes is taken from the lower slot's query only.
    const moved = new Uint8Array(shapeAt.length);
    let movedCount = 0;
    for (const p of this.moved) {
      if (!moved[p] && shapeAt[p]) movedCount++;
      moved[p] = 1;
    }
    if (pairs.size === 0 && movedCount === this.byId.size) {
      // Everything is new (a first load): one walk of the tree against itself finds every pair
      // of overlapping fat boxes, where a query per shape would descend from the root n times.
      const keys: number[] = [];
      this.tree.forEachOverlappingPair((p, q) => {
        if (this.bits(p, q)) keys.push(pairKey(p, q));
      });
      // Into the map in slot order, as queries slot by slot would have put them: overlaps() sorts
      // its list by scene index, and a nearly sorted list sorts in one pass (tree order made every
      // later drag step a full sort).
      const sorted = Float64Array.from(keys).sort();
      for (const key of sorted) {
        const p = Math.floor(key / SLOT_LIMIT), q = key - p * SLOT_LIMIT;
        this.addPair(key, p, q);
      }
      moved.fill(0);
    }
    for (let p = 0; p < moved.length; p++) {
      if (!moved[p] || !shapeAt[p]) continue;
      const f = this.fat, k = 4 * p;
      this.tree.query(f[k]!, f[k + 1]!, f[k + 2]!, f[k + 3]!, (_proxy, q) => {
        if (q === p || (q < p && moved[q])) return true;
        const key = pairKey(p, q);
        if (pairs.has(key) || !this.bits(p, q)) return true;
        this.addPair(key, p, q);
        return true;
      });
    }
    this.moved.length = 0;
    const waiting: Waiting = { pairs: [], keys: [], next: 0, moved };
    const wait = (pair: Pair, key: number) => {
      waiting.pairs.push(pair);
      waiting.keys.push(key);
    };
    const touched = this.touched;
    if (touched) {
      // Only shapes edited in place since the last update: only their pairs can have changed
      // (scene order too is as it was). Keys first: refreshing may drop pairs from these sets.
      const keys = new Set<number>();
      for (const slot of touched) this.pairsOf[slot]?.forEach((key) => keys.add(key));
      for (const key of keys) wait(pairs.get(key)!, key);
    } else {
      // forEach, not for-of: no [key, value] array per pair (a first load has tens of thousands).
      pairs.forEach(wait);
    }
    return waiting;
  }

  /** Drops a pair whose fat boxes parted or whose bits no longer meet (shapes in `moved` only); else recomputes its manifold if a shape or the scene order changed. */
  private refresh(pair: Pair, key: number, moved: Uint8Array): void {
    const a = pair.a, b = pair.b, indexAt = this.indexAt, versionAt = this.versionAt;
    if ((moved[a] || moved[b]) && (!this.fatOverlap(a, b) || !this.bits(a, b))) {
      this.dropPair(key, pair);
      return;
    }
    // In scene order, as findOverlaps: A is the shape that comes first (a reorder recomputes).
    const first = indexAt[a]! < indexAt[b]! ? a : b, second = first === a ? b : a;
    if (pair.versionA === versionAt[a] && pair.versionB === versionAt[b] && pair.first === first) return;
    pair.versionA = versionAt[a]!;
    pair.versionB = versionAt[b]!;
    pair.first = first;
    // Exact boxes apart: no overlap, and no geometry made for a pair that only came near.
    if (!this.tightOverlap(a, b)) {
      pair.overlap = null;
      return;
    }
    const shapeAt = this.shapeAt;
    const m = collide(this.geometry(first), this.transform(first), this.geometry(second), this.transform(second), manifold);
    pair.overlap = m.pointCount === 0 ? null : { a: shapeAt[first]!.id, b: shapeAt[second]!.id, depth: m.depth, normal: vec2(m.normalX, m.normalY), points: manifoldPoints(m) };
  }

  /**
   * Does up to `limit` pairs of the work the next overlaps() would do, so that a caller can spread
   * a big first load's pairs over several tasks (the editor after opening a big file): true once
   * overlaps() has only its list left to make. The first step also finds the candidate pairs (a
   * walk of the tree: about 0.1 s for 100,000 shapes). Any sync in between is taken into account.
   */
  prepareOverlaps(limit: number): boolean {
    if (!this.pairsDirty) return true;
    if (!this.refreshPairs(limit)) return false;
    this.pairsDirty = false;
    return true;
  }

  /** Every overlapping pair that the filter lets interact, `a` before `b` in scene order, sorted as findOverlaps sorts. */
  overlaps(): readonly OverlapPair[] {
    if (this.pairsDirty) {
      this.updatePairs();
      this.pairsDirty = false;
    }
    if (this.overlapsCache) return this.overlapsCache;
    const indexAt = this.indexAt, touched = this.touched, listed = this.listed;
    // Scene order of a pair: its lower index, then its higher one.
    const order = (p: Pair): number => {
      const i = indexAt[p.a]!, j = indexAt[p.b]!;
      return i < j ? i * SLOT_LIMIT + j : j * SLOT_LIMIT + i;
    };
    const found: Pair[] = [], at: number[] = [];
    if (touched && listed) {
      // The last list without the touched shapes' pairs (still in order), merged with their
      // pairs as they are now, sorted: a drag step sorts a handful, not every pair.
      const fresh: { key: number; pair: Pair }[] = [];
      const seen = new Set<number>();
      const flag = new Uint8Array(this.shapeAt.length);
      for (const slot of touched) {
        flag[slot] = 1;
        this.pairsOf[slot]?.forEach((key) => {
          const pair = this.pairs.get(key)!;
          if (pair.overlap && !seen.has(key)) { seen.add(key); fresh.push({ key: order(pair), pair }); }
        });
      }
      fresh.sort((u, v) => u.key - v.key);
      let k = 0;
      const { pairs: before, order: keys } = listed;
      for (let i = 0; i < before.length; i++) {
        const pair = before[i]!;
        if (flag[pair.a] || flag[pair.b]) continue;
        const key = keys[i]!;
        for (; k < fresh.length && fresh[k]!.key < key; k++) { found.push(fresh[k]!.pair); at.push(fresh[k]!.key); }
        found.push(pair);
        at.push(key);
      }
      for (; k < fresh.length; k++) { found.push(fresh[k]!.pair); at.push(fresh[k]!.key); }
    } else {
      const keyed: { key: number; pair: Pair }[] = [];
      for (const pair of this.pairs.values()) if (pair.overlap) keyed.push({ key: order(pair), pair });
      keyed.sort((u, v) => u.key - v.key);
      for (const f of keyed) { found.push(f.pair); at.push(f.key); }
    }
    const list = found.map((p) => p.overlap!);
    this.listed = { list, pairs: found, order: at };
    this.touched = new Set();
    return (this.overlapsCache = list);
  }

  /**
   * Calls visit(shape) for every shape whose bounding box meets the given box (touching counts) and
   * whose layer the mask scans (no mask: every shape), in no particular order.
   */
  forEachInBox(minX: number, minY: number, maxX: number, maxY: number, visit: (shape: Shape) => void, mask?: number): void {
    this.slotsInBox(minX, minY, maxX, maxY, mask, (slot) => visit(this.shapeAt[slot]!));
  }

  /** Ids of the shapes whose box meets the given box and whose layer the mask scans, in scene order. */
  queryBox(minX: number, minY: number, maxX: number, maxY: number, mask?: number): string[] {
    const found: number[] = [];
    this.slotsInBox(minX, minY, maxX, maxY, mask, (slot) => found.push(slot));
    const indexAt = this.indexAt;
    return found.sort((u, v) => indexAt[u]! - indexAt[v]!).map((slot) => this.shapeAt[slot]!.id);
  }

  private slotsInBox(minX: number, minY: number, maxX: number, maxY: number, mask: number | undefined, visit: (slot: number) => void): void {
    // The tree holds fat boxes: each candidate is checked against its exact box, kept in a typed
    // array so a candidate that misses costs no shape read.
    const t = this.tight, layerAt = this.layerAt;
    this.tree.query(minX, minY, maxX, maxY, (_proxy, slot) => {
      const k = 4 * slot;
      if (t[k]! <= maxX && minX <= t[k + 2]! && t[k + 1]! <= maxY && minY <= t[k + 3]!) {
        if (mask === undefined || (layerAt[slot]! & mask) !== 0) visit(slot);
      }
      return true;
    });
  }

  /** Casts the ray from → to, as raycastScene does, through the tree. */
  raycast(from: Vec2, to: Vec2, options: WorldQueryOptions = {}): CastHit[] {
    const mode = options.mode ?? "closest", mask = options.mask, ignore = options.ignore;
    const shapeAt = this.shapeAt, indexAt = this.indexAt, layerAt = this.layerAt;
    rayOptions.reportInside = options.reportInside ?? false;
    if (mode === "closest") {
      // The best hit so far in locals: nothing is allocated per candidate, one CastHit at the end.
      let bestSlot = -1, bestIndex = 0, fraction = 0, px = 0, py = 0, nx = 0, ny = 0, inside = false;
      this.tree.rayCast(from.x, from.y, to.x, to.y, 1, (_proxy, slot, maxFraction) => {
        if ((mask !== undefined && (layerAt[slot]! & mask) === 0) || (ignore !== undefined && ignore.has(shapeAt[slot]!.id))) return -1;
        rayOptions.maxFraction = maxFraction;
        rayCast(this.geometry(slot), this.transform(slot), from.x, from.y, to.x, to.y, cast, rayOptions);
        if (!cast.hit) return -1;
        // The ray is clipped at the best hit, so this one is no farther; a tie goes to scene order.
        if (bestSlot >= 0 && cast.fraction === fraction && indexAt[slot]! > bestIndex) return -1;
        bestSlot = slot;
        bestIndex = indexAt[slot]!;
        fraction = cast.fraction;
        px = cast.pointX; py = cast.pointY; nx = cast.normalX; ny = cast.normalY; inside = cast.startedInside;
        return fraction;
      });
      return bestSlot < 0 ? [] : [{ shape: shapeAt[bestSlot]!.id, fraction, point: vec2(px, py), normal: vec2(nx, ny), startedInside: inside }];
    }
    const hits: { index: number; hit: CastHit }[] = [];
    let stop = false;
    rayOptions.maxFraction = 1;
    this.tree.rayCast(from.x, from.y, to.x, to.y, 1, (_proxy, slot, maxFraction) => {
      if (stop) return 0;
      if ((mask !== undefined && (layerAt[slot]! & mask) === 0) || (ignore !== undefined && ignore.has(shapeAt[slot]!.id))) return -1;
      rayCast(this.geometry(slot), this.transform(slot), from.x, from.y, to.x, to.y, cast, rayOptions);
      if (!cast.hit) return -1;
      hits.push({ index: indexAt[slot]!, hit: toHit(shapeAt[slot]!.id, cast) });
      if (mode === "any") {
        stop = true;
        return 0;
      }
      return maxFraction;
    });
    return finish(hits, mode);
  }

  /** A probe's closest hit, as evaluateProbe gives it (null for a miss, or a sweep of a shape not in the world). */
  probe(probe: Probe): CastHit | null {
    if (probe.type === "ray") return this.raycast(vec2(probe.from[0], probe.from[1]), vec2(probe.to[0], probe.to[1]))[0] ?? null;
    if (!this.byId.has(probe.shape)) return null;
    return this.sweep(probe.shape, vec2(probe.to[0], probe.to[1]))[0] ?? null;
  }

  /** Sweeps shape `movingId` from its position to `to`, as sweepScene does, through the tree; only shapes the filter lets it meet. */
  sweep(movingId: string, to: Vec2, options: WorldQueryOptions = {}): CastHit[] {
    const slot = this.byId.get(movingId);
    if (slot === undefined) throw new Error(`no shape with id "${movingId}"`);
    const mode = options.mode ?? "closest", mask = options.mask;
    const shapeAt = this.shapeAt, indexAt = this.indexAt, layerAt = this.layerAt, t = this.tight;
    const moving = shapeAt[slot]!;
    const tx = to.x - moving.x, ty = to.y - moving.y;
    const k = 4 * slot;
    const minX = Math.min(t[k]!, t[k]! + tx), minY = Math.min(t[k + 1]!, t[k + 1]! + ty);
    const maxX = Math.max(t[k + 2]!, t[k + 2]! + tx), maxY = Math.max(t[k + 3]!, t[k + 3]! + ty);
    const candidates: number[] = [];
    this.tree.query(minX, minY, maxX, maxY, (_proxy, q) => {
      if (q !== slot && (mask === undefined || (layerAt[q]! & mask) !== 0) && !options.ignore?.has(shapeAt[q]!.id) && this.bits(slot, q)) candidates.push(q);
      return true;
    });
    // Scene order, as sweepScene: a closest sweep then clips at the best fraction so far.
    candidates.sort((u, v) => indexAt[u]! - indexAt[v]!);
    const hits: { index: number; hit: CastHit }[] = [];
    let best = 1;
    const movingGeometry = this.geometry(slot), movingTransform = this.transform(slot);
    for (const q of candidates) {
      const j = 4 * q;
      if (t[j]! > maxX || t[j + 2]! < minX || t[j + 1]! > maxY || t[j + 3]! < minY) continue;
      shapeCast(this.geometry(q), this.transform(q), movingGeometry, movingTransform, tx, ty, cast, mode === "closest" ? best : 1);
      if (!cast.hit) continue;
      hits.push({ index: indexAt[q]!, hit: toHit(shapeAt[q]!.id, cast) });
      if (mode === "any") break;
      if (cast.fraction < best) best = cast.fraction;
    }
    return finish(hits, mode);
  }
}

/** `fresh` (a larger array) with `old` copied to its start. */
function copiedInto<A extends Int32Array | Uint32Array | Float64Array>(old: A, fresh: A): A {
  fresh.set(old);
  return fresh;
}

function toHit(id: string, c: CastOutput): CastHit {
  return { shape: id, fraction: c.fraction, point: vec2(c.pointX, c.pointY), normal: vec2(c.normalX, c.normalY), startedInside: c.startedInside };
}

/** By fraction, ties in scene order; closest keeps the first. */
function finish(hits: { index: number; hit: CastHit }[], mode: QueryMode): CastHit[] {
  hits.sort((p, q) => p.hit.fraction - q.hit.fraction || p.index - q.index);
  const sorted = hits.map((h) => h.hit);
  return mode === "closest" ? sorted.slice(0, 1) : sorted;
}
