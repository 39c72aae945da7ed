// The contact cache on its own, fed pairs by hand as the broad phase would, over a plain shape
// list standing in for the world: a manifold is made once per pair of shape versions, with A the
// shape first in scene order; a pair is dropped only when a moved shape's fat box parted or the
// filter refuses it; updates run in steps; and the overlap list, merged after edits in place,
// equals the one-pass findOverlaps over the scene in its order (seeded).
import { describe, expect, it } from "vitest";
import { ContactCache, type ContactBoxes, type ContactShapes } from "../../core/contact-cache";
import { aabbOverlaps, bitsCollide, shapeBounds, type AABB, type Shape } from "../../core/index";
import { shapeGeometry, shapeTransform, type OverlapPair } from "../../core/overlaps";
import { findOverlaps } from "./scan-reference";
import { seededRandom } from "../seeded-random";

/** Shapes by slot with their scene index and version; boxes are the shape's, the fat one grown by `margin`. */
class Plain implements ContactShapes, ContactBoxes {
  readonly shapes: Shape[] = [];
  readonly indexOf: number[] = [];
  readonly versionOf: number[] = [];
  /** How many geometries were made. */
  made = 0;
  constructor(private readonly margin = 1) {}

  put(slot: number, shape: Shape, index = slot): void {
    this.versionOf[slot] = this.shapes[slot] === undefined ? 0 : this.versionOf[slot]! + 1;
    this.shapes[slot] = shape;
    this.indexOf[slot] = index;
  }
  id(slot: number): string {
    return this.shapes[slot]!.id;
  }
  index(slot: number): number {
    return this.indexOf[slot]!;
  }
  version(slot: number): number {
    return this.versionOf[slot]!;
  }
  geometry(slot: number) {
    this.made++;
    return shapeGeometry(this.shapes[slot]!);
  }
  transform(slot: number) {
    const s = this.shapes[slot]!;
    return shapeTransform(s, shapeGeometry(s));
  }
  collides(p: number, q: number): boolean {
    const a = this.shapes[p]!, b = this.shapes[q]!;
    return bitsCollide(a.collisionLayer ?? 1, a.collisionMask ?? 1, b.collisionLayer ?? 1, b.collisionMask ?? 1, "godot");
  }
  sensor(slot: number): boolean {
    return this.shapes[slot]!.sensor === true;
  }
  private box(slot: number, grow: number): AABB {
    const b = shapeBounds(this.shapes[slot]!);
    return { minX: b.minX - grow, minY: b.minY - grow, maxX: b.maxX + grow, maxY: b.maxY + grow };
  }
  fatOverlap(p: number, q: number): boolean {
    return aabbOverlaps(this.box(p, this.margin), this.box(q, this.margin));
  }
  tightOverlap(p: number, q: number): boolean {
    return aabbOverlaps(this.box(p, 0), this.box(q, 0));
  }
  /** The shapes in scene order. */
  scene(): Shape[] {
    const slots = this.shapes.map((_, slot) => slot);
    return slots.sort((u, v) => this.indexOf[u]! - this.indexOf[v]!).map((slot) => this.shapes[slot]!);
  }
}

const circle = (id: string, x: number, y = 0, radius = 1, bits: { collisionLayer?: number; collisionMask?: number } = {}): Shape => ({ id, type: "circle", x, y, rotation: 0, radius, ...bits });

/** Runs a whole update: the broad phase's moved flags, then every waiting contact. */
function update(cache: ContactCache, moved: number[] = [], slots = 8): void {
  const flags = new Uint8Array(slots);
  for (const slot of moved) flags[slot] = 1;
  cache.changed();
  cache.begin(flags);
  expect(cache.update(Infinity)).toBe(true);
}

/** The cache's list as its pairs: every overlapping contact, in scene order. */
function listOf(cache: ContactCache): OverlapPair[] {
  const pairs: OverlapPair[] = [];
  for (let i = 0, n = cache.list(); i < n; i++) pairs.push(cache.pair(cache.at(i)));
  return pairs;
}

describe("ContactCache", () => {
  it("makes a pair's manifold once per pair of versions, A being the shape first in scene order", () => {
    const plain = new Plain(), cache = new ContactCache(plain, plain);
    plain.put(0, circle("late", 1.5), 1);
    plain.put(1, circle("early", 0), 0);
    cache.add(0, 1);
    update(cache);
    expect(listOf(cache).map((p) => [p.a, p.b, p.normal.x])).toEqual([["early", "late", 1]]);
    expect(plain.made).toBe(2);
    update(cache);
    expect(plain.made).toBe(2);
    // A new object for one shape: its version goes up, the manifold is made again.
    plain.put(0, circle("late", 1.2), 1);
    cache.touch(0);
    update(cache);
    expect(plain.made).toBe(4);
    expect(listOf(cache)[0]!.depth).toBeCloseTo(0.8, 12);
    // The scene order turns: A and B swap, the normal with them.
    plain.indexOf[0] = 0;
    plain.indexOf[1] = 1;
    cache.reorder();
    update(cache);
    expect(listOf(cache).map((p) => [p.a, p.b, p.normal.x])).toEqual([["late", "early", -1]]);
  });

  it("makes no geometry for a pair whose exact boxes are apart, and lists nothing for it", () => {
    const plain = new Plain(5), cache = new ContactCache(plain, plain);
    plain.put(0, circle("a", 0));
    plain.put(1, circle("b", 3));
    cache.add(0, 1);
    update(cache);
    expect(plain.made).toBe(0);
    expect(listOf(cache)).toEqual([]);
    expect(cache.find(0, 1)).toBeGreaterThanOrEqual(0);
    // Live, and not marked overlapping (the flags LIVE alone).
    expect(cache["ints"][4 * cache.find(0, 1) + 3]).toBe(1);
  });

  it("drops a pair only when a moved shape's fat box parted from the other's, or the filter refuses it", () => {
    const plain = new Plain(), cache = new ContactCache(plain, plain);
    plain.put(0, circle("a", 0));
    plain.put(1, circle("b", 1));
    plain.put(2, circle("c", 30));
    cache.add(0, 1);
    update(cache);
    plain.put(1, circle("b", 10));
    // Not flagged as moved: the pair stays, though its boxes parted (the broad phase did not move it).
    update(cache);
    expect(cache.size).toBe(1);
    update(cache, [1]);
    expect(cache.size).toBe(0);
    cache.add(1, 2);
    plain.put(2, circle("c", 11, 0, 1, { collisionLayer: 2, collisionMask: 2 }));
    update(cache, [0]);
    expect(cache.size).toBe(1);
    update(cache, [2]);
    expect(cache.size).toBe(0);
  });

  it("updates in steps: false until every waiting contact is done; changed() starts over", () => {
    const plain = new Plain(), cache = new ContactCache(plain, plain);
    for (let i = 0; i < 6; i++) plain.put(i, circle(`s${i}`, i * 1.5));
    for (let i = 0; i < 5; i++) cache.add(i, i + 1);
    cache.begin(new Uint8Array(6));
    expect(cache.updating).toBe(true);
    expect(cache.update(2)).toBe(false);
    expect(cache.update(2)).toBe(false);
    cache.changed();
    expect(cache.updating).toBe(false);
    cache.begin(new Uint8Array(6));
    expect(cache.update(3)).toBe(false);
    expect(cache.update(3)).toBe(true);
    expect(listOf(cache)).toHaveLength(5);
  });

  it("removeSlots drops every contact of the removed shapes", () => {
    const plain = new Plain(), cache = new ContactCache(plain, plain);
    for (let i = 0; i < 4; i++) plain.put(i, circle(`s${i}`, i));
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) cache.add(p, q);
    cache.removeSlots(new Set([1, 2]));
    expect(cache.size).toBe(1);
    expect(cache.has(0, 3)).toBe(true);
  });

  it.each([5, 6, 7])("seed %i: the list, merged after edits in place or sorted whole after reorders, equals findOverlaps over the scene", (seed) => {
    const r = seededRandom(seed);
    const n = 40, plain = new Plain(0.5), cache = new ContactCache(plain, plain);
    const randomCircle = (id: string) => circle(id, r() * 30, r() * 30, 0.5 + r() * 3, r() < 0.3 ? { collisionLayer: 2, collisionMask: 2 } : {});
    for (let i = 0; i < n; i++) plain.put(i, randomCircle(`c${i}`));
    /** The broad phase's part: every pair of a moved slot whose fat boxes meet and that the filter accepts. */
    const report = (moved: number[]) => {
      for (const p of moved) for (let q = 0; q < n; q++) if (q !== p && !cache.has(p, q) && plain.fatOverlap(p, q) && plain.collides(p, q)) cache.add(p, q);
    };
    report(Array.from({ length: n }, (_, i) => i));
    update(cache, [], n);
    for (let step = 0; step < 150; step++) {
      const moved: number[] = [];
      if (r() < 0.8) {
        for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
          const slot = Math.floor(r() * n), s = plain.shapes[slot]!;
          plain.put(slot, r() < 0.2 ? randomCircle(s.id) : { ...s, x: s.x + (r() - 0.5) * 3, y: s.y + (r() - 0.5) * 3 }, plain.indexOf[slot]);
          cache.touch(slot);
          moved.push(slot);
        }
      } else {
        // Two shapes change places in the scene.
        const i = Math.floor(r() * n), j = Math.floor(r() * n);
        [plain.indexOf[i], plain.indexOf[j]] = [plain.indexOf[j]!, plain.indexOf[i]!];
        cache.reorder();
      }
      report(moved);
      update(cache, moved, n);
      expect(listOf(cache), `seed ${seed} step ${step}`).toEqual(findOverlaps(plain.scene()));
    }
  });
});
