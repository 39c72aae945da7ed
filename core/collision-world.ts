// A scene kept live for collision queries: every shape has a proxy in a dynamic AABB tree holding
// an enlarged ("fat") box, so a shape that moves a little does not touch the tree; the set of pairs
// whose fat boxes overlap is kept incrementally (Box2D's broadphase move buffer and pair set), and
// contact manifolds are recomputed only for pairs with a changed shape. Ray casts, sweeps and
// region queries walk the tree. Filtering follows collision-filter.ts.
import { bitsCollide, DEFAULT_FILTER_RULE, type FilterRule } from "./collision-filter";
import { DynamicTree } from "./dynamic-tree";
import { collide, Manifold } from "./manifold";
import type { AABB } from "./geometry";
import { makeBody, manifoldPoints, type OverlapPair } from "./overlaps";
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

/**
 * A shape in the world. Its geometry, transform and box are kept here rather than in a
 * CollisionBody of their own: one object fewer per shape for the collector to carry on a big load.
 */
interface Body {
  shape: Shape;
  geometry: Geometry;
  transform: Transform;
  aabb: AABB;
  proxy: number;
  /** Position in the last synced shape list: results come in scene order. */
  index: number;
  layer: number;
  mask: number;
  /** Bumped whenever the shape changes, so cached manifolds know they are stale. */
  version: number;
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

/** Slots are below 2^22 (four million shapes), so two make one exact key. */
const SLOT_LIMIT = 4194304;
const pairKey = (p: number, q: number): number => (p < q ? p * SLOT_LIMIT + q : q * SLOT_LIMIT + p);
/** From this many shapes on, a first load builds the tree in bulk. */
const BULK = 256;

/**
 * How far a proxy's box reaches beyond the shape: a tenth of its size (at least 1e-9 of its
 * position's magnitude, for shapes far out), so dragging moves the tree only every few frames.
 */
function fatten(b: AABB, out: Float64Array): void {
  const { minX, minY, maxX, maxY } = b;
  const margin = 0.1 * Math.max(maxX - minX, maxY - minY) + 1e-9 * (Math.abs(minX) + Math.abs(minY)) + 1e-12;
  out[0] = minX - margin;
  out[1] = minY - margin;
  out[2] = maxX + margin;
  out[3] = maxY + margin;
}

const manifold = new Manifold();
const cast = new CastOutput();
/** Reused for every ray against a shape (RayCastOptions is read only there). */
const rayOptions = { reportInside: false, maxFraction: 1 };

export class CollisionWorld {
  readonly filter: FilterRule;
  private tree = new DynamicTree();
  /** Body slots (null when free) and each slot's fat box, four numbers a slot. */
  private slots: (Body | null)[] = [];
  private fat = new Float64Array(64);
  /** Each slot's exact box, four numbers a slot, beside the fat ones: region queries read them without touching the bodies. */
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
  private readonly box = new Float64Array(4);

  constructor(options: CollisionWorldOptions = {}) {
    this.filter = options.filter ?? DEFAULT_FILTER_RULE;
  }

  get size(): number {
    return this.byId.size;
  }

  /** The synced shape with this id and its index in the synced list, or undefined: O(1), for views that look up a few shapes among many. */
  lookup(id: string): { readonly shape: Shape; readonly index: number } | undefined {
    const slot = this.byId.get(id);
    return slot === undefined ? undefined : this.slots[slot]!;
  }

  /**
   * The exact box of `shape` when the world holds this very object (shared: not to be modified),
   * else undefined: views that cull by boxes read the world's instead of computing their own.
   */
  boxOf(shape: Shape): AABB | undefined {
    const slot = this.byId.get(shape.id);
    if (slot === undefined) return undefined;
    const body = this.slots[slot]!;
    return body.shape === shape ? body.aabb : undefined;
  }

  /**
   * Makes the world hold exactly `shapes` (validated scene shapes with unique ids): new ids are
   * added, missing ones removed, and shapes whose object changed are updated. Shapes are
   * immutable, so an unchanged object costs one comparison. Calling it with the same array again
   * does nothing.
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
        const body = this.slots[slot]!;
        body.index = index;
        if (body.shape !== shape) this.update(slot, shape);
      }
    });
    if (seen.size !== this.byId.size) {
      const removed = new Set<number>();
      for (const [id, slot] of this.byId) if (!seen.has(slot)) { this.remove(id, slot); removed.add(slot); }
      // Their pairs in one pass over the pair set, however many shapes went.
      for (const [key, pair] of this.pairs) if (removed.has(pair.a) || removed.has(pair.b)) this.dropPair(key, pair);
    }
    this.synced = shapes;
    this.overlapsCache = null;
    this.pairsDirty = true;
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
    if (changed.length > 0) {
      this.overlapsCache = null;
      this.pairsDirty = true;
    }
    return true;
  }

  /** A first load of many shapes: one bulk-built tree (binned SAH) instead of one insertion each. */
  private load(shapes: readonly Shape[]): void {
    const n = shapes.length;
    if (n >= SLOT_LIMIT) throw new RangeError(`a collision world holds at most ${SLOT_LIMIT} shapes`);
    this.slots = [];
    this.freeSlots = [];
    this.pairsOf = [];
    this.fat = new Float64Array(Math.max(4 * n, 64));
    this.tight = new Float64Array(this.fat.length);
    const userData = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const shape = shapes[i]!, { geometry, transform, aabb } = makeBody(shape);
      fatten(aabb, this.box);
      this.fat.set(this.box, 4 * i);
      this.setTight(i, aabb);
      userData[i] = i;
      this.slots.push({ shape, geometry, transform, aabb, proxy: i, index: i, layer: collisionLayerOf(shape), mask: collisionMaskOf(shape), version: 0 });
      this.byId.set(shape.id, i);
      this.moved.push(i);
    }
    // build() numbers proxies 0..n-1 in input order: proxy i is slot i.
    this.tree = DynamicTree.build(this.fat.subarray(0, 4 * n), userData);
    this.synced = shapes;
    this.overlapsCache = null;
    this.pairsDirty = true;
    this.touched = null;
  }

  private add(shape: Shape, index: number): number {
    const slot = this.freeSlots.pop() ?? this.slots.length;
    if (slot >= SLOT_LIMIT) throw new RangeError(`a collision world holds at most ${SLOT_LIMIT} shapes`);
    if (4 * slot + 4 > this.fat.length) {
      const grown = new Float64Array(Math.max(8 * slot + 8, 64)), tight = new Float64Array(grown.length);
      grown.set(this.fat);
      tight.set(this.tight);
      this.fat = grown;
      this.tight = tight;
    }
    const { geometry, transform, aabb } = makeBody(shape);
    fatten(aabb, this.box);
    this.fat.set(this.box, 4 * slot);
    this.setTight(slot, aabb);
    const proxy = this.tree.createProxy(this.box[0]!, this.box[1]!, this.box[2]!, this.box[3]!, slot);
    this.slots[slot] = { shape, geometry, transform, aabb, proxy, index, layer: collisionLayerOf(shape), mask: collisionMaskOf(shape), version: 0 };
    this.byId.set(shape.id, slot);
    this.moved.push(slot);
    return slot;
  }

  private update(slot: number, shape: Shape): void {
    const body = this.slots[slot]!;
    const { geometry, transform, aabb } = makeBody(shape);
    body.shape = shape;
    body.geometry = geometry;
    body.transform = transform;
    body.aabb = aabb;
    this.setTight(slot, aabb);
    body.version++;
    const layer = collisionLayerOf(shape), mask = collisionMaskOf(shape);
    const bitsChanged = layer !== body.layer || mask !== body.mask;
    body.layer = layer;
    body.mask = mask;
    const f = this.fat, k = 4 * slot, { minX, minY, maxX, maxY } = aabb;
    if (minX < f[k]! || minY < f[k + 1]! || maxX > f[k + 2]! || maxY > f[k + 3]!) {
      fatten(aabb, this.box);
      f.set(this.box, k);
      this.tree.moveProxy(body.proxy, this.box[0]!, this.box[1]!, this.box[2]!, this.box[3]!);
      this.moved.push(slot);
    } else if (bitsChanged) this.moved.push(slot);
  }

  /** Drops the shape from the tree and the slots; the caller drops its pairs. */
  private remove(id: string, slot: number): void {
    const body = this.slots[slot]!;
    this.tree.destroyProxy(body.proxy);
    this.slots[slot] = null;
    this.byId.delete(id);
    this.freeSlots.push(slot);
    this.pairsOf[slot] = undefined;
  }

  private setTight(slot: number, b: AABB): void {
    const t = this.tight, k = 4 * slot;
    t[k] = b.minX; t[k + 1] = b.minY; t[k + 2] = b.maxX; t[k + 3] = b.maxY;
  }

  private fatOverlap(p: number, q: number): boolean {
    const f = this.fat, i = 4 * p, j = 4 * q;
    return f[i]! <= f[j + 2]! && f[j]! <= f[i + 2]! && f[i + 1]! <= f[j + 3]! && f[j + 1]! <= f[i + 3]!;
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
    const slots = this.slots, pairs = this.pairs, filter = this.filter;
    // Moved slots as flags: a pair of two moved shapes is taken from the lower slot's query only.
    const moved = new Uint8Array(slots.length);
    let movedCount = 0;
    for (const p of this.moved) {
      if (!moved[p] && slots[p]) movedCount++;
      moved[p] = 1;
    }
    if (pairs.size === 0 && movedCount === this.byId.size) {
      // Everything is new (a first load): one walk of the tree against itself finds every pair
      // of overlapping fat boxes, where a query per shape would descend from the root n times.
      const keys: number[] = [];
      this.tree.forEachOverlappingPair((p, q) => {
        const a = slots[p]!, b = slots[q]!;
        if (bitsCollide(a.layer, a.mask, b.layer, b.mask, filter)) keys.push(pairKey(p, q));
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
      if (!moved[p]) continue;
      const body = slots[p];
      if (!body) continue;
      const f = this.fat, k = 4 * p;
      this.tree.query(f[k]!, f[k + 1]!, f[k + 2]!, f[k + 3]!, (_proxy, q) => {
        if (q === p || (q < p && moved[q])) return true;
        const key = pairKey(p, q);
        if (pairs.has(key)) return true;
        const other = slots[q]!;
        if (!bitsCollide(body.layer, body.mask, other.layer, other.mask, filter)) return true;
        this.addPair(key, p, q);
        return true;
      });
    }
    this.moved.length = 0;
    const refresh = (pair: Pair, key: number): void => {
      const a = slots[pair.a]!, b = slots[pair.b]!;
      if (moved[pair.a] || moved[pair.b]) {
        if (!this.fatOverlap(pair.a, pair.b) || !bitsCollide(a.layer, a.mask, b.layer, b.mask, filter)) {
          this.dropPair(key, pair);
          return;
        }
      }
      // In scene order, as findOverlaps: A is the shape that comes first (a reorder recomputes).
      const aFirst = a.index < b.index, first = aFirst ? a : b, second = aFirst ? b : a;
      const firstSlot = aFirst ? pair.a : pair.b;
      if (pair.versionA === a.version && pair.versionB === b.version && pair.first === firstSlot) return;
      pair.versionA = a.version;
      pair.versionB = b.version;
      pair.first = firstSlot;
      const m = collide(first.geometry, first.transform, second.geometry, second.transform, manifold);
      pair.overlap = m.pointCount === 0 ? null : { a: first.shape.id, b: second.shape.id, depth: m.depth, normal: vec2(m.normalX, m.normalY), points: manifoldPoints(m) };
    };
    const touched = this.touched;
    if (touched) {
      // Only shapes edited in place since the last update: only their pairs can have changed
      // (scene order too is as it was). Keys first: refreshing may drop pairs from these sets.
      const keys = new Set<number>();
      for (const slot of touched) this.pairsOf[slot]?.forEach((key) => keys.add(key));
      for (const key of keys) refresh(pairs.get(key)!, key);
    } else {
      // forEach, not for-of: no [key, value] array per pair (a first load has tens of thousands).
      pairs.forEach(refresh);
    }
  }

  /** Every overlapping pair that the filter lets interact, `a` before `b` in scene order, sorted as findOverlaps sorts. */
  overlaps(): readonly OverlapPair[] {
    if (this.pairsDirty) {
      this.updatePairs();
      this.pairsDirty = false;
    }
    if (this.overlapsCache) return this.overlapsCache;
    const slots = this.slots, touched = this.touched, listed = this.listed;
    // Scene order of a pair: its lower index, then its higher one.
    const order = (p: Pair): number => {
      const i = slots[p.a]!.index, j = slots[p.b]!.index;
      return i < j ? i * SLOT_LIMIT + j : j * SLOT_LIMIT + i;
    };
    const found: Pair[] = [], at: number[] = [];
    if (touched && listed) {
      // The last list without the touched shapes' pairs (still in order), merged with their
      // pairs as they are now, sorted: a drag step sorts a handful, not every pair.
      const fresh: { key: number; pair: Pair }[] = [];
      const seen = new Set<number>();
      const flag = new Uint8Array(slots.length);
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
    // bodiesInBox's walk with the shape handed straight to `visit`: one closure per candidate
    // fewer, a third of a query that finds a handful of shapes.
    const slots = this.slots, t = this.tight;
    this.tree.query(minX, minY, maxX, maxY, (_proxy, slot) => {
      const k = 4 * slot;
      if (t[k]! <= maxX && minX <= t[k + 2]! && t[k + 1]! <= maxY && minY <= t[k + 3]!) {
        const body = slots[slot]!;
        if (mask === undefined || (body.layer & mask) !== 0) visit(body.shape);
      }
      return true;
    });
  }

  /** Ids of the shapes whose box meets the given box and whose layer the mask scans, in scene order. */
  queryBox(minX: number, minY: number, maxX: number, maxY: number, mask?: number): string[] {
    const found: Body[] = [];
    this.bodiesInBox(minX, minY, maxX, maxY, mask, (body) => found.push(body));
    return found.sort((u, v) => u.index - v.index).map((b) => b.shape.id);
  }

  private bodiesInBox(minX: number, minY: number, maxX: number, maxY: number, mask: number | undefined, visit: (body: Body) => void): void {
    // The tree holds fat boxes: each candidate is checked against its exact box, kept in a typed
    // array so a candidate that misses costs no body read.
    const slots = this.slots, t = this.tight;
    this.tree.query(minX, minY, maxX, maxY, (_proxy, slot) => {
      const k = 4 * slot;
      if (t[k]! <= maxX && minX <= t[k + 2]! && t[k + 1]! <= maxY && minY <= t[k + 3]!) {
        const body = slots[slot]!;
        if (mask === undefined || (body.layer & mask) !== 0) visit(body);
      }
      return true;
    });
  }

  /** Casts the ray from → to, as raycastScene does, through the tree. */
  raycast(from: Vec2, to: Vec2, options: WorldQueryOptions = {}): CastHit[] {
    const mode = options.mode ?? "closest", mask = options.mask, ignore = options.ignore, slots = this.slots;
    rayOptions.reportInside = options.reportInside ?? false;
    if (mode === "closest") {
      // The best hit so far in locals: nothing is allocated per candidate, one CastHit at the end.
      let bestSlot = -1, bestIndex = 0, fraction = 0, px = 0, py = 0, nx = 0, ny = 0, inside = false;
      this.tree.rayCast(from.x, from.y, to.x, to.y, 1, (_proxy, slot, maxFraction) => {
        const body = slots[slot]!;
        if ((mask !== undefined && (body.layer & mask) === 0) || (ignore !== undefined && ignore.has(body.shape.id))) return -1;
        rayOptions.maxFraction = maxFraction;
        rayCast(body.geometry, body.transform, from.x, from.y, to.x, to.y, cast, rayOptions);
        if (!cast.hit) return -1;
        // The ray is clipped at the best hit, so this one is no farther; a tie goes to scene order.
        if (bestSlot >= 0 && cast.fraction === fraction && body.index > bestIndex) return -1;
        bestSlot = slot;
        bestIndex = body.index;
        fraction = cast.fraction;
        px = cast.pointX; py = cast.pointY; nx = cast.normalX; ny = cast.normalY; inside = cast.startedInside;
        return fraction;
      });
      return bestSlot < 0 ? [] : [{ shape: slots[bestSlot]!.shape.id, fraction, point: vec2(px, py), normal: vec2(nx, ny), startedInside: inside }];
    }
    const hits: { index: number; hit: CastHit }[] = [];
    let stop = false;
    rayOptions.maxFraction = 1;
    this.tree.rayCast(from.x, from.y, to.x, to.y, 1, (_proxy, slot, maxFraction) => {
      if (stop) return 0;
      const body = slots[slot]!;
      if ((mask !== undefined && (body.layer & mask) === 0) || (ignore !== undefined && ignore.has(body.shape.id))) return -1;
      rayCast(body.geometry, body.transform, from.x, from.y, to.x, to.y, cast, rayOptions);
      if (!cast.hit) return -1;
      hits.push({ index: body.index, hit: toHit(body.shape.id, cast) });
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
    const moving = this.slots[slot]!;
    const tx = to.x - moving.shape.x, ty = to.y - moving.shape.y;
    const box = moving.aabb;
    const minX = Math.min(box.minX, box.minX + tx), minY = Math.min(box.minY, box.minY + ty);
    const maxX = Math.max(box.maxX, box.maxX + tx), maxY = Math.max(box.maxY, box.maxY + ty);
    const candidates: Body[] = [];
    this.tree.query(minX, minY, maxX, maxY, (_proxy, q) => {
      const body = this.slots[q]!;
      if (q !== slot && (mask === undefined || (body.layer & mask) !== 0) && !options.ignore?.has(body.shape.id) && bitsCollide(moving.layer, moving.mask, body.layer, body.mask, this.filter)) candidates.push(body);
      return true;
    });
    // Scene order, as sweepScene: a closest sweep then clips at the best fraction so far.
    candidates.sort((u, v) => u.index - v.index);
    const hits: { index: number; hit: CastHit }[] = [];
    let best = 1;
    for (const body of candidates) {
      const { geometry, transform, aabb } = body;
      if (aabb.minX > maxX || aabb.maxX < minX || aabb.minY > maxY || aabb.maxY < minY) continue;
      shapeCast(geometry, transform, moving.geometry, moving.transform, tx, ty, cast, mode === "closest" ? best : 1);
      if (!cast.hit) continue;
      hits.push({ index: body.index, hit: toHit(body.shape.id, cast) });
      if (mode === "any") break;
      if (cast.fraction < best) best = cast.fraction;
    }
    return finish(hits, mode);
  }
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
