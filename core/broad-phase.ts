// The broad phase, after Box2D's broad_phase.c: one proxy per slot in a dynamic AABB tree holding
// an enlarged ("fat") box, a move buffer of the proxies whose fat box was (re)inserted, and the
// search for new candidate pairs among them. It keeps no contacts: the pairs it has reported live
// in a PairSet its owner gives it (contact-cache.ts), which also drops them when the fat boxes
// part (Box2D does that in its contact update, not in the broad phase).
import { DynamicTree } from "./dynamic-tree";

/** Slots are below 2^22 (four million proxies), so two make one exact key below 2^44. */
export const SLOT_LIMIT = 4194304;

/** The key of the pair of slots p and q, the same in either order (Box2D's B2_SHAPE_PAIR_KEY). */
export const pairKey = (p: number, q: number): number => (p < q ? p * SLOT_LIMIT + q : q * SLOT_LIMIT + p);

/**
 * The pairs already reported, as the broad phase needs to see them: it adds only pairs not in it.
 * By slots, not by pairKey: a key above 2^31 passed to a call V8 does not inline is boxed.
 */
export interface PairSet {
  readonly size: number;
  has(p: number, q: number): boolean;
  /** A new candidate pair: slots p and q. */
  add(p: number, q: number): void;
}

/**
 * How far a proxy's box reaches beyond the shape: a tenth of its size, plus 1e-9 of its position's
 * magnitude so that shapes far from the origin still get a margin above their rounding. A shape
 * that moves a little stays inside its fat box and does not touch the tree (Box2D's
 * b2_aabbMargin, relative here because scene units are arbitrary). Reads the exact box at
 * tight[k…], writes the fat one at out[k…].
 */
function fatten(tight: Float64Array, out: Float64Array, k: number): void {
  const minX = tight[k]!, minY = tight[k + 1]!, maxX = tight[k + 2]!, maxY = tight[k + 3]!;
  const margin = 0.1 * Math.max(maxX - minX, maxY - minY) + 1e-9 * (Math.abs(minX) + Math.abs(minY)) + 1e-12;
  out[k] = minX - margin;
  out[k + 1] = minY - margin;
  out[k + 2] = maxX + margin;
  out[k + 3] = maxY + margin;
}

/** How many steps ahead a moving proxy's fat box reaches along its last step (Box2D v2.4's b2_aabbMultiplier). */
const STRETCH = 16;

/** `fresh` (a larger array) with `old` copied to its start. */
export function copiedInto<A extends Uint8Array | Int32Array | Uint32Array | Float64Array>(old: A, fresh: A): A {
  fresh.set(old);
  return fresh;
}

/**
 * Proxies by slot (a small whole number the owner picks and reuses). The owner writes a slot's
 * exact box into `tight` (four numbers a slot, minX minY maxX maxY) before createProxy or
 * moveProxy; the broad phase derives the fat box from it.
 */
export class BroadPhase {
  private dynamicTree = new DynamicTree();
  /** The tree's proxy of each slot, -1 for a slot without one. */
  private proxyAt = new Int32Array(16).fill(-1);
  /** Each slot's fat box, as the tree holds it. */
  private fatBoxes = new Float64Array(64);
  private tightBoxes = new Float64Array(64);
  /**
   * Slots whose fat box was (re)inserted, or that were marked with bufferMove, since updatePairs:
   * moveBuffer[0…moveCount), each once (`buffered` flags them), so a game that moves shapes and
   * never asks for pairs keeps it within the slots' count (Box2D's moveSet).
   */
  private moveBuffer = new Int32Array(16);
  private moveCount = 0;
  private buffered = new Uint8Array(16);
  /** updatePairs' answer, kept: each call clears it and flags its own moved slots. */
  private moved = new Uint8Array(16);
  /** updatePairs' state for pairVisit: the pair set, the filter, the slot queried. */
  private pairSet: PairSet | null = null;
  private shouldPair: (p: number, q: number) => boolean = () => false;
  private querying = 0;
  private readonly queryBox = new Float64Array(4);
  /** moveProxy's step dx, dy (written by the caller: an array, so no number is boxed). */
  readonly step = new Float64Array(2);
  /** One past the highest slot ever given a proxy. */
  private slotEnd = 0;
  /** How many slots have a proxy. */
  private live = 0;

  /** The tree of fat boxes; its user data is the slot. */
  get tree(): DynamicTree {
    return this.dynamicTree;
  }

  /** Each slot's exact box, four numbers a slot; replaced (not resized in place) by reserve. */
  get tight(): Float64Array {
    return this.tightBoxes;
  }

  /** Room for slots 0..count-1. Throws a RangeError from SLOT_LIMIT on. */
  reserve(count: number): void {
    if (count > SLOT_LIMIT) throw new RangeError(`a collision world holds at most ${SLOT_LIMIT} shapes`);
    if (count <= this.proxyAt.length) return;
    const size = Math.max(count, 2 * this.proxyAt.length);
    this.proxyAt = copiedInto(this.proxyAt, new Int32Array(size).fill(-1));
    this.buffered = copiedInto(this.buffered, new Uint8Array(size));
    this.moved = new Uint8Array(size);
    this.moveBuffer = copiedInto(this.moveBuffer, new Int32Array(size));
    this.fatBoxes = copiedInto(this.fatBoxes, new Float64Array(4 * size));
    this.tightBoxes = copiedInto(this.tightBoxes, new Float64Array(4 * size));
  }

  /**
   * Replaces every proxy with slots 0..count-1, their exact boxes already in `tight`: one tree
   * built in bulk (Morton order, binned SAH near the leaves) instead of one insertion each. Every slot counts as moved.
   */
  load(count: number): void {
    this.reserve(count);
    const tight = this.tightBoxes, fat = this.fatBoxes, proxyAt = this.proxyAt, slots = new Int32Array(count);
    this.moveCount = 0;
    this.buffered.fill(0);
    for (let i = 0; i < count; i++) {
      fatten(tight, fat, 4 * i);
      slots[i] = i;
      proxyAt[i] = i;
      this.bufferMove(i);
    }
    proxyAt.fill(-1, count);
    // build() numbers proxies 0..count-1 in input order: proxy i is slot i. A loaded world is
    // queried next: the rays' packed copy is made with the tree, not by the first rays.
    this.dynamicTree = DynamicTree.build(fat.subarray(0, 4 * count), slots);
    this.dynamicTree.packForRays();
    this.slotEnd = count;
    this.live = count;
  }

  /** A proxy for the slot, from its exact box in `tight`. The tree checks the box: NaN in it throws, and nothing is added. */
  createProxy(slot: number): void {
    this.reserve(slot + 1);
    const f = this.fatBoxes, k = 4 * slot;
    fatten(this.tightBoxes, f, k);
    this.proxyAt[slot] = this.dynamicTree.createProxyIn(f, k, slot);
    if (slot >= this.slotEnd) this.slotEnd = slot + 1;
    this.live++;
    this.bufferMove(slot);
  }

  /**
   * After the slot's exact box in `tight` changed: re-fattens and moves the proxy only when the
   * exact box left the fat one, and returns whether it did. With `stretched`, `step` holds how
   * far the box moved (a game loop's step), and the new fat box reaches that way STRETCH times as
   * far, at most the box's size a side (Box2D v2.4's b2DynamicTree::MoveProxy and
   * b2_aabbMultiplier): a shape moving steadily then leaves its fat box every few steps instead
   * of every step or two.
   */
  moveProxy(slot: number, stretched = false): boolean {
    const t = this.tightBoxes, f = this.fatBoxes, k = 4 * slot;
    if (t[k]! >= f[k]! && t[k + 1]! >= f[k + 1]! && t[k + 2]! <= f[k + 2]! && t[k + 3]! <= f[k + 3]!) return false;
    fatten(t, f, k);
    if (stretched) {
      // The step and the box are finite (the world refuses coordinates beyond ±1e15).
      const size = Math.max(t[k + 2]! - t[k]!, t[k + 3]! - t[k + 1]!), step = this.step;
      for (let i = 0; i < 2; i++) {
        const reach = Math.max(-size, Math.min(size, STRETCH * step[i]!));
        if (reach < 0) f[k + i] = f[k + i]! + reach;
        else f[k + i + 2] = f[k + i + 2]! + reach;
      }
    }
    this.dynamicTree.moveProxyIn(this.proxyAt[slot]!, f, k);
    this.bufferMove(slot);
    return true;
  }

  /** Looks for the slot's pairs again at the next updatePairs though its box stayed (its filter bits changed: Box2D's b2BufferMove). */
  bufferMove(slot: number): void {
    if (this.buffered[slot]) return;
    this.buffered[slot] = 1;
    this.moveBuffer[this.moveCount++] = slot;
  }

  destroyProxy(slot: number): void {
    this.dynamicTree.destroyProxy(this.proxyAt[slot]!);
    this.proxyAt[slot] = -1;
    this.live--;
  }

  /** Whether the fat boxes of two slots meet (touching counts). */
  fatOverlap(p: number, q: number): boolean {
    const f = this.fatBoxes, i = 4 * p, j = 4 * q;
    return f[i]! <= f[j + 2]! && f[j]! <= f[i + 2]! && f[i + 1]! <= f[j + 3]! && f[j + 1]! <= f[i + 3]!;
  }

  /** Whether the exact boxes of two slots meet (touching counts). */
  tightOverlap(p: number, q: number): boolean {
    const t = this.tightBoxes, i = 4 * p, j = 4 * q;
    return t[i]! <= t[j + 2]! && t[j]! <= t[i + 2]! && t[i + 1]! <= t[j + 3]! && t[j + 1]! <= t[i + 3]!;
  }

  /**
   * Calls visit(slot) for every slot whose exact box meets the given one (touching counts), in
   * tree order: the tree's fat boxes find the candidates, the exact boxes decide.
   */
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (slot: number) => void): void {
    const t = this.tightBoxes;
    this.dynamicTree.query(minX, minY, maxX, maxY, (_proxy, slot) => {
      const k = 4 * slot;
      if (t[k]! <= maxX && minX <= t[k + 2]! && t[k + 1]! <= maxY && minY <= t[k + 3]!) visit(slot);
      return true;
    });
  }

  /**
   * Adds to `pairs` every pair of a moved slot and another whose fat boxes meet, that `shouldPair`
   * accepts and that `pairs` does not hold yet (Box2D's b2UpdateBroadPhasePairs), then empties the
   * move buffer. Returns the moved slots as flags (indexed by slot; entries past the slots are 0):
   * only their pairs can have parted. The array is the broad phase's own, rewritten by the next call. When every proxy moved and `pairs` is empty (a first load), one walk of the tree
   * against itself finds the pairs, added in key order, and no slot is flagged.
   */
  updatePairs(pairs: PairSet, shouldPair: (p: number, q: number) => boolean): Uint8Array {
    const proxyAt = this.proxyAt, moved = this.moved.fill(0), buffer = this.moveBuffer;
    /** The moved slots with a proxy (in buffer[0…movedCount)). */
    let movedCount = 0;
    for (let i = 0; i < this.moveCount; i++) {
      const p = buffer[i]!;
      this.buffered[p] = 0;
      if (proxyAt[p]! >= 0) buffer[movedCount++] = p;
      moved[p] = 1;
    }
    this.moveCount = 0;
    if (pairs.size === 0 && movedCount === this.live) {
      this.loadPairs(pairs, shouldPair);
      return moved.fill(0);
    }
    // In the order moved: which pairs are added does not depend on it.
    const f = this.fatBoxes, box = this.queryBox;
    this.pairSet = pairs;
    this.shouldPair = shouldPair;
    for (let i = 0; i < movedCount; i++) {
      const k = 4 * buffer[i]!;
      this.querying = buffer[i]!;
      box[0] = f[k]!; box[1] = f[k + 1]!; box[2] = f[k + 2]!; box[3] = f[k + 3]!;
      this.dynamicTree.queryIn(box, this.pairVisit);
    }
    this.pairSet = null;
    return moved;
  }

  /**
   * A first load's pairs (every proxy moved, none reported): the self-walk visits each overlapping
   * pair of leaves once, where a query per proxy would descend from the root once each. Added in
   * key order, which is slot order: the owner's lists (in scene order, mostly slot order after a
   * load) come nearly sorted. Apart from updatePairs, whose frame would otherwise make the closure's
   * context on every call.
   */
  private loadPairs(pairs: PairSet, shouldPair: (p: number, q: number) => boolean): void {
    const keys: number[] = [];
    this.dynamicTree.forEachOverlappingPair((p, q) => {
      if (shouldPair(p, q)) keys.push(pairKey(p, q));
    });
    for (const key of Float64Array.from(keys).sort()) {
      const p = Math.floor(key / SLOT_LIMIT);
      pairs.add(p, key - p * SLOT_LIMIT);
    }
  }

  /** updatePairs' visit of slot q found by the query of slot `querying`: made once, so that a query makes no closure. */
  private readonly pairVisit = (_proxy: number, q: number): boolean => {
    const p = this.querying, pairs = this.pairSet!;
    // A pair of two moved slots is taken from the lower slot's query only.
    if (q === p || (q < p && this.moved[q])) return true;
    if (!pairs.has(p, q) && this.shouldPair(p, q)) pairs.add(p, q);
    return true;
  };
}
