// Property tests: the core's overlap (flag, penetration depth, normal) against the independent
// reference in ./reference.ts, for all 10 unordered pairs of shape kinds. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vec2, type Vec2 } from "../../core/index";
import type { ConvexShape as Shape } from "./arbitraries";
import { overlap } from "./penetration";
import { KIND_PAIRS, anyShape, real, shapeOf, type Kind, type ShapeOptions } from "./arbitraries";
import { magnitudeOf, signedDistance, translate } from "./reference";


/** Cases this close to touching (relative to the coordinates' size) are left out. */
const BOUNDARY = 1e-6;
const DEPTH_TOLERANCE = 1e-9;
/** "A bit" more or less than depth when moving b along the normal. */
const NUDGE = 1e-7;
const RUNS = 400;

const seedOf = (name: string): number => {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h | 0;
};

function pairArb(ka: Kind, kb: Kind, options: ShapeOptions = {}): fc.Arbitrary<[Shape, Shape]> {
  return fc.tuple(shapeOf(ka, "a", options), shapeOf(kb, "b", options));
}

/** The whole contract for one pair, checked against the reference. */
function agreesWithReference(a: Shape, b: Shape): void {
  const scale = magnitudeOf(a, b);
  const sd = signedDistance(a, b);
  fc.pre(Math.abs(sd) >= BOUNDARY * scale);
  const hit = overlap(a, b);
  expect(hit !== null, `overlapping per reference: ${sd < 0} (signed distance ${sd})`).toBe(sd < 0);
  if (hit === null) return;
  expect(Number.isFinite(hit.depth)).toBe(true);
  expect(Math.abs(hit.depth - -sd), `depth ${hit.depth} vs reference ${-sd}`).toBeLessThanOrEqual(DEPTH_TOLERANCE * scale);
  expect(Math.abs(Math.hypot(hit.normal.x, hit.normal.y) - 1)).toBeLessThanOrEqual(1e-9);
  const nudge = NUDGE * scale;
  const after = (distance: number): number => signedDistance(a, translate(b, hit.normal.x * distance, hit.normal.y * distance));
  expect(after(hit.depth + nudge), "moving b by depth·normal (and a hair) separates it").toBeGreaterThan(0);
  expect(after(hit.depth - nudge), "moving b by a bit less than depth·normal does not").toBeLessThan(0);
}

describe("overlap agrees with the reference signed distance", () => {
  it.each(KIND_PAIRS)("%s vs %s", (ka, kb) => {
    fc.assert(
      fc.property(pairArb(ka, kb), ([a, b]) => agreesWithReference(a, b)),
      { seed: seedOf(`ref ${ka} ${kb}`), numRuns: RUNS },
    );
  });

  it("produces a fair share of overlapping and of separate pairs (the properties are not vacuous)", () => {
    for (const [ka, kb] of KIND_PAIRS) {
      const pairs = fc.sample(pairArb(ka, kb), { seed: seedOf(`ref ${ka} ${kb}`), numRuns: RUNS });
      const overlapping = pairs.filter(([a, b]) => signedDistance(a, b) < 0).length;
      expect(overlapping, `${ka}/${kb}`).toBeGreaterThan(RUNS * 0.15);
      expect(overlapping, `${ka}/${kb}`).toBeLessThan(RUNS * 0.85);
    }
  });
});

/** Whether moving b by `depth` along `n` is a smallest separating translation, per the reference. */
function isSmallestSeparation(a: Shape, b: Shape, depth: number, n: Vec2): boolean {
  const nudge = NUDGE * magnitudeOf(a, b);
  const after = (distance: number): number => signedDistance(a, translate(b, n.x * distance, n.y * distance));
  return after(depth + nudge) > 0 && after(depth - nudge) < 0;
}

const near = (u: Vec2, v: Vec2): boolean => Math.abs(u.x - v.x) <= 1e-6 && Math.abs(u.y - v.y) <= 1e-6;

// Swapping and translating compare the core with itself. When several directions tie for the
// smallest translation (concentric boxes, say) the normal is legitimately ambiguous, so a normal
// that differs must at least be another smallest separating translation. Free values only.
const FREE: ShapeOptions = { grid: false };

describe("symmetry: swapping a and b gives the same depth and the negated normal", () => {
  it.each(KIND_PAIRS)("%s vs %s", (ka, kb) => {
    fc.assert(
      fc.property(pairArb(ka, kb, FREE), ([a, b]) => {
        const scale = magnitudeOf(a, b);
        fc.pre(Math.abs(signedDistance(a, b)) >= BOUNDARY * scale);
        const ab = overlap(a, b);
        const ba = overlap(b, a);
        expect(ab === null).toBe(ba === null);
        if (ab === null || ba === null) return;
        expect(Math.abs(ab.depth - ba.depth)).toBeLessThanOrEqual(DEPTH_TOLERANCE * scale);
        const flipped = vec2(-ba.normal.x, -ba.normal.y);
        const ok = near(ab.normal, flipped) || (isSmallestSeparation(a, b, ab.depth, ab.normal) && isSmallestSeparation(a, b, ab.depth, flipped));
        expect(ok, `normals ${JSON.stringify(ab.normal)} / ${JSON.stringify(ba.normal)}`).toBe(true);
      }),
      { seed: seedOf(`sym ${ka} ${kb}`), numRuns: RUNS, unbiased: true },
    );
  });
});

describe("translation invariance: moving both shapes by the same offset changes nothing", () => {
  const offset = fc.tuple(real(-1000, 1000), real(-1000, 1000));
  it.each(KIND_PAIRS)("%s vs %s", (ka, kb) => {
    fc.assert(
      fc.property(pairArb(ka, kb, FREE), offset, ([a, b], [dx, dy]) => {
        const a2 = translate(a, dx, dy);
        const b2 = translate(b, dx, dy);
        const scale = magnitudeOf(a2, b2);
        fc.pre(Math.abs(signedDistance(a, b)) >= BOUNDARY * scale);
        const before = overlap(a, b);
        const after = overlap(a2, b2);
        expect(after === null).toBe(before === null);
        if (before === null || after === null) return;
        expect(Math.abs(after.depth - before.depth)).toBeLessThanOrEqual(DEPTH_TOLERANCE * scale);
        const ok = near(after.normal, before.normal) || (isSmallestSeparation(a2, b2, after.depth, after.normal) && isSmallestSeparation(a2, b2, after.depth, before.normal));
        expect(ok, `normals ${JSON.stringify(before.normal)} / ${JSON.stringify(after.normal)}`).toBe(true);
      }),
      { seed: seedOf(`move ${ka} ${kb}`), numRuns: RUNS, unbiased: true },
    );
  });
});

describe("degenerate inputs", () => {
  // height = 2·radius exactly is a circle; a capsule a few ulps taller has a core segment about
  // 1e-14 long, which must still behave (within tolerance) like that circle.
  it("a capsule only a hair taller than its caps still agrees with the reference", () => {
    // Half the time b sits in the same column as a (same x), as grid-snapped layouts do.
    const column = fc.tuple(shapeOf("capsule", "a", { capsuleExtra: "hair" }), anyShape("b"), fc.boolean());
    fc.assert(
      fc.property(column, ([a, b0, aligned]) => {
        const b = aligned ? { ...b0, x: a.x } : b0;
        agreesWithReference(a, b);
        agreesWithReference(b, a);
      }),
      { seed: seedOf("hair capsule"), numRuns: RUNS * 2 },
    );
  });

  // A box's or a capsule's faces against a polygon go through a search that keeps one bit a
  // vertex (polygons of more than 30 points through another), two polygons through one walk over
  // both: all agree with the reference.
  it("boxes, capsules and polygons against polygons of 24 to 48 points agree with the reference, both orders", () => {
    const many = fc.tuple(fc.integer({ min: 24, max: 48 }), real(2, 12), real(2, 12), real(0, 2 * Math.PI)).map(([n, rx, ry, phase]) =>
      Array.from({ length: n }, (_, i): [number, number] => [rx * Math.cos(phase + (2 * Math.PI * i) / n), ry * Math.sin(phase + (2 * Math.PI * i) / n)]),
    );
    const polygon = fc.tuple(shapeOf("polygon", "b"), many).map(([p, points]): Shape => (p.type === "polygon" ? { ...p, points } : p));
    const pair = fc.tuple(fc.oneof(shapeOf("box", "a"), shapeOf("capsule", "a"), shapeOf("polygon", "a")), polygon);
    fc.assert(
      fc.property(pair, ([a, b]) => {
        agreesWithReference(a, b);
        agreesWithReference(b, a);
      }),
      { seed: seedOf("many points"), numRuns: RUNS },
    );
  });

  it("concentric and coincident shapes of every kind give a finite depth and a unit normal", () => {
    const sameCentre = fc.tuple(anyShape("a"), anyShape("b")).map(([a, b]): [Shape, Shape] => [a, { ...b, x: a.x, y: a.y }]);
    fc.assert(
      fc.property(sameCentre, ([a, b]) => {
        // Circles, boxes and capsules contain their own position; a polygon's points are free.
        if (a.type !== "polygon" && b.type !== "polygon") expect(overlap(a, b)).not.toBeNull();
        agreesWithReference(a, b);
      }),
      { seed: seedOf("concentric"), numRuns: RUNS },
    );
});
});
