// Overlaps the collision filter ignores: CollisionWorld.ignoredOverlaps must equal the plain
// pair-by-pair reference (findIgnoredOverlaps) after every step of random edits, asked after every
// step or only now and then (a drag's steps piling up), under each filter rule; and the reason
// reads as a designer would say it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, describeBits, describeFilterMisses, filterMisses, type FilterRule, type Shape } from "../../core/index";
import { anyShape, seedOf } from "./arbitraries";
import { findIgnoredOverlaps, findOverlaps } from "./scan-reference";

const box = (id: string, x: number, bits: { collisionLayer?: number; collisionMask?: number } = {}): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: 2, height: 2, ...bits });

describe("filterMisses and its wording", () => {
  const player = { id: "player", layer: 0b10, mask: 0b10 };
  const coin = { id: "coin", layer: 0b100, mask: 0b1 };

  it("godot lists both sides (neither scans the other); box2d the sides that miss; a meeting pair none", () => {
    expect(filterMisses(player, coin, "godot")).toEqual([
      { shape: "player", mask: 2, other: "coin", layer: 4 },
      { shape: "coin", mask: 1, other: "player", layer: 2 },
    ]);
    // The coin now scans the player: godot lets them meet, box2d still needs the player to scan the coin.
    const scanning = { ...coin, mask: 0b11 };
    expect(filterMisses(player, scanning, "godot")).toEqual([]);
    expect(filterMisses(player, scanning, "box2d")).toEqual([{ shape: "player", mask: 2, other: "coin", layer: 4 }]);
    expect(filterMisses(player, coin, "none")).toEqual([]);
  });

  it("bit 32 is unsigned in the misses", () => {
    expect(filterMisses({ id: "a", layer: 0x80000000, mask: 0 }, { id: "b", layer: 1, mask: 0 }, "godot")[0]).toEqual({ shape: "a", mask: 0, other: "b", layer: 1 });
    expect(filterMisses({ id: "a", layer: 1, mask: 0 }, { id: "b", layer: 0x80000000 | 0, mask: 0 }, "godot")[0]!.layer).toBe(0x80000000);
  });

  it("words bits as the Collision panel numbers them, with their names", () => {
    expect(describeBits(0b100)).toBe("3");
    expect(describeBits(0b11)).toBe("1+2");
    expect(describeBits(0)).toBe("none");
    expect(describeBits(0x80000000)).toBe("32");
    expect(describeBits(0b101, new Map([[3, "pickups"]]))).toBe("1+3 (pickups)");
  });

  it("says which mask lacks which layer, by the names it is given", () => {
    const misses = filterMisses(player, coin, "godot");
    expect(describeFilterMisses(misses.slice(0, 1))).toBe("masks don't meet (player's mask 2 lacks coin's layer 3)");
    const names = new Map([["player", "Hero"], ["coin", "Coin"]]);
    expect(describeFilterMisses(misses, (id) => names.get(id) ?? id)).toBe("masks don't meet (Hero's mask 2 lacks Coin's layer 3; Coin's mask 1 lacks Hero's layer 2)");
  });
});

describe("CollisionWorld.ignoredOverlaps", () => {
  it("lists overlapping pairs the filter keeps apart, and only those", () => {
    // a–b overlap and interact; b–c overlap, but c is on layer 3 and neither scans the other; c–d are apart.
    const shapes = [box("a", 0), box("b", 1.5), box("c", 3, { collisionLayer: 4, collisionMask: 4 }), box("d", 9, { collisionLayer: 8, collisionMask: 0 })];
    const world = new CollisionWorld();
    world.sync(shapes);
    expect(world.overlaps().map((p) => `${p.a}-${p.b}`)).toEqual(["a-b"]);
    const ignored = world.ignoredOverlaps();
    expect(ignored.map((p) => `${p.a}-${p.b}`)).toEqual(["b-c"]);
    expect(ignored[0]!.misses).toEqual([
      { shape: "b", mask: 1, other: "c", layer: 4 },
      { shape: "c", mask: 4, other: "b", layer: 1 },
    ]);
    expect(ignored).toEqual(findIgnoredOverlaps(shapes));
  });

  it("is empty when every shape's bits meet (one set of bits), and under the rule none", () => {
    const shapes = [box("a", 0), box("b", 1), box("c", 2, { collisionLayer: 3, collisionMask: 3 })];
    const world = new CollisionWorld();
    world.sync(shapes);
    expect(world.ignoredOverlaps()).toEqual([]);
    const none = new CollisionWorld({ filter: "none" });
    none.sync([box("a", 0, { collisionMask: 0 }), box("b", 1, { collisionMask: 0 })]);
    expect(none.ignoredOverlaps()).toEqual([]);
  });

  it("finds pairs of one set of bits that does not meet itself, and among more sets than the pass over the bits keeps", () => {
    // Both on layer 2 scanning layer 1: the same bits, kept apart.
    const same = [box("a", 0, { collisionLayer: 2, collisionMask: 1 }), box("b", 1, { collisionLayer: 2, collisionMask: 1 })];
    const world = new CollisionWorld();
    world.sync(same);
    expect(pairIds(world.ignoredOverlaps())).toEqual(["a|b"]);
    // 20 stacked boxes, each on a layer of its own that only it scans: every pair is kept apart.
    const stack = Array.from({ length: 20 }, (_, k) => box(`s${k}`, k / 10, { collisionLayer: 1 << k, collisionMask: 1 << k }));
    world.sync(stack);
    expect(world.ignoredOverlaps()).toHaveLength(190);
    expect(world.ignoredOverlaps()).toEqual(findIgnoredOverlaps(stack));
  });

  it("follows a drag of a shape into and out of a filtered overlap, and a bit change in place", () => {
    const world = new CollisionWorld();
    let shapes = [box("a", 0), box("coin", 10, { collisionLayer: 4, collisionMask: 0 })];
    world.sync(shapes);
    expect(world.ignoredOverlaps()).toEqual([]);
    shapes = [shapes[0]!, { ...shapes[1]!, x: 1 }];
    world.sync(shapes);
    expect(world.ignoredOverlaps().map((p) => p.b)).toEqual(["coin"]);
    // The coin now scans layer 1: the pair interacts, and is an overlap instead.
    shapes = [shapes[0]!, { ...shapes[1]!, collisionMask: 1 }];
    world.sync(shapes);
    expect(world.ignoredOverlaps()).toEqual([]);
    expect(world.overlaps().map((p) => p.b)).toEqual(["coin"]);
  });
});

const BITS = [0, 1, 2, 3, 4, 0x80000000];
const bitsArb = fc.record({ collisionLayer: fc.constantFrom(...BITS), collisionMask: fc.constantFrom(...BITS) }, { requiredKeys: [] });
const shapeArb = fc.tuple(anyShape("x", { extent: 12, maxSize: 8, grid: false }), bitsArb).map(([s, bits]) => ({ ...s, ...bits }));

type Edit =
  | { readonly kind: "move"; readonly at: number; readonly dx: number; readonly dy: number }
  | { readonly kind: "bits"; readonly at: number; readonly bits: { collisionLayer?: number; collisionMask?: number } }
  | { readonly kind: "add"; readonly shape: Shape }
  | { readonly kind: "remove"; readonly at: number }
  | { readonly kind: "swap"; readonly at: number; readonly with: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("move" as const), at: fc.nat(), dx: fc.double({ min: -6, max: 6, noNaN: true }), dy: fc.double({ min: -6, max: 6, noNaN: true }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("bits" as const), at: fc.nat(), bits: bitsArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("add" as const), shape: shapeArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }) },
);

function applyEdit(shapes: readonly Shape[], e: Edit, nextId: () => string): Shape[] {
  const out = [...shapes];
  if (e.kind === "add") return [...out, { ...e.shape, id: nextId() }];
  if (out.length === 0) return out;
  const k = e.at % out.length, s = out[k]!;
  switch (e.kind) {
    case "move": out[k] = { ...s, x: s.x + e.dx, y: s.y + e.dy }; break;
    case "bits": {
      const { collisionLayer: _l, collisionMask: _m, ...rest } = s;
      out[k] = { ...rest, ...e.bits } as Shape;
      break;
    }
    case "remove": out.splice(k, 1); break;
    case "swap": {
      const j = e.with % out.length;
      [out[k], out[j]] = [out[j]!, out[k]!];
      break;
    }
  }
  return out;
}

const pairIds = (pairs: readonly { a: string; b: string }[]) => pairs.map((p) => `${p.a}|${p.b}`);

describe("CollisionWorld.ignoredOverlaps against the plain reference", () => {
  for (const rule of ["godot", "box2d", "none"] as const satisfies readonly FilterRule[]) {
    it(`${rule}: after every edit, asked every step or now and then`, () => {
      fc.assert(
        fc.property(fc.array(shapeArb, { maxLength: 14 }), fc.array(fc.tuple(editArb, fc.boolean()), { maxLength: 25 }), (start, edits) => {
          let n = 0;
          const nextId = () => `s${n++}`;
          let shapes: Shape[] = start.map((s) => ({ ...s, id: nextId() }));
          const world = new CollisionWorld({ filter: rule });
          world.sync(shapes);
          expect(world.ignoredOverlaps()).toEqual(findIgnoredOverlaps(shapes, rule));
          for (const [e, ask] of edits) {
            shapes = applyEdit(shapes, e, nextId);
            world.sync(shapes);
            if (!ask) continue;
            const ignored = world.ignoredOverlaps();
            expect(ignored).toEqual(findIgnoredOverlaps(shapes, rule));
            // Every touching pair is either an overlap or ignored, never both.
            const kept = pairIds(world.overlaps());
            expect([...kept, ...pairIds(ignored)].sort()).toEqual(pairIds(findOverlaps(shapes, { filter: "none" })).sort());
          }
          expect(world.ignoredOverlaps()).toEqual(findIgnoredOverlaps(shapes, rule));
        }),
        { seed: seedOf(`ignored overlaps ${rule}`), numRuns: 150 },
      );
    });
  }
});
