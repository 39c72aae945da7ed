// The broad phase on its own, against brute force over the live boxes: seeded runs of create,
// move (small and large), filter changes and destroy, where the pair set kept from updatePairs
// (and pruned as the contact cache prunes it: a moved slot's pair whose fat boxes parted) must
// equal every pair of live slots whose fat boxes meet and that the filter accepts. Then the fat
// box's contract, the first load's walk, the moved flags, region queries and the errors.
import { describe, expect, it } from "vitest";
import { BroadPhase, pairKey, SLOT_LIMIT, type PairSet } from "../../core/broad-phase";
import { seededRandom } from "../seeded-random";

/** A pair set as plain as it gets: key → the slots it was added with. */
class Pairs implements PairSet {
  readonly map = new Map<number, [number, number]>();
  added = 0;
  get size(): number {
    return this.map.size;
  }
  has(p: number, q: number): boolean {
    return this.map.has(pairKey(p, q));
  }
  add(p: number, q: number): void {
    const key = pairKey(p, q);
    expect(this.map.has(key), `pair ${p}-${q} reported twice`).toBe(false);
    this.map.set(key, [p, q]);
    this.added++;
  }
}

function setBox(bp: BroadPhase, slot: number, box: readonly number[]): void {
  bp.reserve(slot + 1);
  bp.tight.set(box, 4 * slot);
}

const boxOf = (bp: BroadPhase, slot: number, fat: boolean): number[] => [...(fat ? bp["fatBoxes"] : bp.tight).subarray(4 * slot, 4 * slot + 4)];

/** The slots in the move buffer. */
const buffered = (bp: BroadPhase): number[] => [...bp["moveBuffer"].subarray(0, bp["moveCount"])];

function randomBox(r: () => number, spread: number): number[] {
  const x = (r() - 0.5) * spread, y = (r() - 0.5) * spread, w = 0.5 + r() * 8, h = 0.5 + r() * 8;
  return [x, y, x + w, y + h];
}

function run(seed: number, steps: number, spread: number): void {
  const r = seededRandom(seed);
  const bp = new BroadPhase(), pairs = new Pairs();
  const live = new Set<number>(), group = new Map<number, number>();
  // The filter: slots of groups 1 and 2 never pair; group changes go through bufferMove.
  const shouldPair = (p: number, q: number) => group.get(p)! + group.get(q)! !== 3;
  let nextSlot = 0;
  const free: number[] = [];
  for (let step = 0; step < steps; step++) {
    const roll = r(), slots = [...live];
    const some = slots[Math.floor(r() * slots.length)];
    if (roll < 0.3 || some === undefined) {
      const slot = free.pop() ?? nextSlot++;
      setBox(bp, slot, randomBox(r, spread));
      bp.createProxy(slot);
      live.add(slot);
      group.set(slot, Math.floor(r() * 3));
    } else if (roll < 0.7) {
      const [x0, y0, x1, y1] = boxOf(bp, some, false) as [number, number, number, number];
      const far = r() < 0.2, dx = far ? (r() - 0.5) * spread : (r() - 0.5) * 0.6, dy = far ? (r() - 0.5) * spread : (r() - 0.5) * 0.6;
      setBox(bp, some, [x0 + dx, y0 + dy, x1 + dx, y1 + dy]);
      const stayed = boxOf(bp, some, false).every((v, i) => (i < 2 ? v >= boxOf(bp, some, true)[i]! : v <= boxOf(bp, some, true)[i]!));
      expect(bp.moveProxy(some), `step ${step}: moveProxy says whether the box left the fat one`).toBe(!stayed);
    } else if (roll < 0.8) {
      group.set(some, Math.floor(r() * 3));
      bp.bufferMove(some);
    } else {
      bp.destroyProxy(some);
      live.delete(some);
      free.push(some);
      for (const [key, [p, q]] of pairs.map) if (p === some || q === some) pairs.map.delete(key);
    }
    if (r() < 0.5) continue;
    const moved = bp.updatePairs(pairs, shouldPair);
    // What the contact cache does: a moved slot's pair is dropped once the fat boxes part or the filter refuses it.
    for (const [key, [p, q]] of pairs.map) if ((moved[p] || moved[q]) && (!bp.fatOverlap(p, q) || !shouldPair(p, q))) pairs.map.delete(key);
    const expected: number[] = [];
    const ids = [...live].sort((u, v) => u - v);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) if (bp.fatOverlap(ids[i]!, ids[j]!) && shouldPair(ids[i]!, ids[j]!)) expected.push(pairKey(ids[i]!, ids[j]!));
    }
    expect([...pairs.map.keys()].sort((u, v) => u - v), `seed ${seed} step ${step}`).toEqual(expected);
    expect(bp["live"]).toBe(live.size);
    for (const slot of live) {
      const t = boxOf(bp, slot, false), f = boxOf(bp, slot, true);
      expect(f[0]! < t[0]! && f[1]! < t[1]! && f[2]! > t[2]! && f[3]! > t[3]!, `slot ${slot}: the fat box holds the exact one with a margin`).toBe(true);
    }
  }
}

describe("BroadPhase against brute force over the fat boxes (seeded)", () => {
  it.each([[1, 40], [2, 120], [3, 30]] as const)("seed %i, spread %i: 600 steps of creates, moves, filter changes and destroys", (seed, spread) => {
    run(seed, 600, spread);
  });

  it("a first load walks the tree once: every pair once, added in key order, and no slot flagged", () => {
    const r = seededRandom(12);
    const bp = new BroadPhase(), pairs = new Pairs(), n = 400;
    bp.reserve(n);
    for (let i = 0; i < n; i++) bp.tight.set(randomBox(r, 80), 4 * i);
    bp.load(n);
    expect(bp["live"]).toBe(n);
    const moved = bp.updatePairs(pairs, (p, q) => (p + q) % 5 !== 0);
    expect([...moved].every((m) => m === 0)).toBe(true);
    const keys = [...pairs.map.keys()];
    expect(keys).toEqual([...keys].sort((u, v) => u - v));
    let brute = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) if (bp.fatOverlap(p, q) && (p + q) % 5 !== 0) brute++;
    expect(keys.length).toBe(brute);
    expect(brute).toBeGreaterThan(100);
    // Nothing moved since: nothing new, and no slot flagged.
    const again = bp.updatePairs(pairs, () => true);
    expect(pairs.added).toBe(brute);
    expect([...again].every((m) => m === 0)).toBe(true);
  });

  it("flags exactly the slots moved out of their fat box or buffered, and only once each update", () => {
    const bp = new BroadPhase(), pairs = new Pairs();
    for (let i = 0; i < 4; i++) {
      setBox(bp, i, [10 * i, 0, 10 * i + 2, 2]);
      bp.createProxy(i);
    }
    expect([...bp.updatePairs(pairs, () => true)].slice(0, 4)).toEqual([0, 0, 0, 0]);
    setBox(bp, 1, [10.01, 0, 12.01, 2]);
    expect(bp.moveProxy(1)).toBe(false);
    setBox(bp, 2, [28.5, 0, 30.5, 2]);
    expect(bp.moveProxy(2)).toBe(true);
    bp.bufferMove(3);
    expect([...bp.updatePairs(pairs, () => true)].slice(0, 4)).toEqual([0, 0, 1, 1]);
    expect([...pairs.map.values()]).toEqual([[2, 3]]);
    expect([...bp.updatePairs(pairs, () => true)].slice(0, 4)).toEqual([0, 0, 0, 0]);
  });

  it("a slot moved again and again before updatePairs is buffered once: the buffer stays within the slots' count", () => {
    const bp = new BroadPhase(), pairs = new Pairs();
    for (let i = 0; i < 3; i++) {
      setBox(bp, i, [10 * i, 0, 10 * i + 2, 2]);
      bp.createProxy(i);
    }
    bp.updatePairs(pairs, () => true);
    // A game loop that moves a shape far every step and never asks for pairs.
    for (let step = 1; step <= 10_000; step++) {
      setBox(bp, 1, [10 + 5 * step, 0, 12 + 5 * step, 2]);
      expect(bp.moveProxy(1)).toBe(true);
      bp.bufferMove(2);
    }
    expect(buffered(bp)).toEqual([1, 2]);
    expect([...bp.updatePairs(pairs, () => true)].slice(0, 3)).toEqual([0, 1, 1]);
    expect(buffered(bp)).toEqual([]);
    // Flags cleared: the next move buffers the slot again.
    setBox(bp, 1, [0, 0, 2, 2]);
    bp.moveProxy(1);
    expect(buffered(bp)).toEqual([1]);
    expect([...pairs.map.values()]).toEqual([]);
    expect([...bp.updatePairs(pairs, () => true)].slice(0, 3)).toEqual([0, 1, 0]);
    expect([...pairs.map.values()]).toEqual([[1, 0]]);
  });

  it("query gives the slots whose exact box meets the region (touching counts), not those only the fat box reaches", () => {
    const bp = new BroadPhase();
    setBox(bp, 0, [0, 0, 10, 10]);
    setBox(bp, 1, [20, 0, 30, 10]);
    bp.createProxy(0);
    bp.createProxy(1);
    const found = (minX: number, maxX: number) => {
      const out: number[] = [];
      bp.query(minX, 0, maxX, 1, (slot) => out.push(slot));
      return out.sort();
    };
    expect(found(10, 20)).toEqual([0, 1]);
    expect(found(10.5, 19.5)).toEqual([]);
    expect(bp["fatBoxes"][2]).toBeGreaterThan(10.5);
    expect(found(-5, 35)).toEqual([0, 1]);
  });

  it("refuses a box with NaN (nothing added) and a slot from SLOT_LIMIT on", () => {
    const bp = new BroadPhase();
    setBox(bp, 0, [0, 0, Number.NaN, 1]);
    expect(() => bp.createProxy(0)).toThrow();
    expect(bp["live"]).toBe(0);
    expect(() => bp.reserve(SLOT_LIMIT + 1)).toThrow(RangeError);
  });
});
