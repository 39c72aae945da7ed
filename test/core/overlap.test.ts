// Hand-written overlap cases with exact expected values, and the AABB of every kind.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aabbOverlaps, collideCircles, computeAABB, shapeBounds, makeCircle, Manifold, shapeAABB, type AABB, type Made } from "../../core/index";
import type { ConvexShape as Shape } from "./arbitraries";
import { makeBody } from "../../core/overlaps";
import { FALLBACK_NORMAL_X, FALLBACK_NORMAL_Y } from "../../core/manifold";
import { anyShape, extremeShape, KINDS, seedOf } from "./arbitraries";
import { overlap, type Penetration } from "./penetration";
import { signedDistance } from "./reference";

function must<T>(made: Made<T>): T {
  if (!made.ok) throw new Error(made.reason);
  return made.value;
}

const circle = (id: string, x: number, y: number, radius: number): Shape => ({ id, type: "circle", x, y, rotation: 0, radius });
const box = (id: string, x: number, y: number, width: number, height: number, rotation = 0): Shape => ({ id, type: "box", x, y, rotation, width, height });
const capsule = (id: string, x: number, y: number, radius: number, height: number, rotation = 0): Shape => ({ id, type: "capsule", x, y, rotation, radius, height });
const polygon = (id: string, x: number, y: number, points: [number, number][], rotation = 0): Shape => ({ id, type: "polygon", x, y, rotation, points });

/** Asserts an overlap with this depth and normal (to ~12 significant digits). */
function expectHit(hit: Penetration | null, depth: number, nx: number, ny: number): void {
  expect(hit).not.toBeNull();
  expect(hit!.depth).toBeCloseTo(depth, 12);
  expect(hit!.normal.x).toBeCloseTo(nx, 12);
  expect(hit!.normal.y).toBeCloseTo(ny, 12);
}

const isUnit = (p: Penetration): boolean => Math.abs(Math.hypot(p.normal.x, p.normal.y) - 1) < 1e-12;

describe("circle–circle", () => {
  it("3-4-5: depth is rA + rB − distance, normal points from a to b", () => {
    expectHit(overlap(circle("a", 0, 0, 2), circle("b", 3, 4, 4)), 1, 0.6, 0.8);
    expectHit(overlap(circle("b", 3, 4, 4), circle("a", 0, 0, 2)), 1, -0.6, -0.8);
  });

  it("concentric circles: depth rA + rB, a unit normal, no NaN", () => {
    const hit = overlap(circle("a", 5, -7, 1), circle("b", 5, -7, 2));
    expect(hit).not.toBeNull();
    expect(hit!.depth).toBe(3);
    expect(Number.isNaN(hit!.normal.x) || Number.isNaN(hit!.normal.y)).toBe(false);
    expect(isUnit(hit!)).toBe(true);
  });

  it("concentric circles take FALLBACK_NORMAL (written as literals in collideCircles for speed)", () => {
    const out = collideCircles(must(makeCircle(1)), { px: 3, py: 4, c: 1, s: 0 }, must(makeCircle(2)), { px: 3, py: 4, c: 0, s: 1 }, new Manifold());
    expect([out.pointCount, out.normalX, out.normalY, out.depth]).toEqual([1, FALLBACK_NORMAL_X, FALLBACK_NORMAL_Y, 3]);
  });

  it("touching circles do not overlap, and apart ones neither", () => {
    expect(overlap(circle("a", 0, 0, 1), circle("b", 2, 0, 1))).toBeNull();
    expect(overlap(circle("a", 0, 0, 1), circle("b", 0, 2.5, 1))).toBeNull();
  });
});

describe("capsules", () => {
  it("a zero-length capsule (height = 2·radius) behaves exactly as a circle, whatever its rotation", () => {
    const other = circle("b", 1, 2, 1.5);
    const asCircle = overlap(circle("a", 0, 0, 2), other);
    expectHit(asCircle, 3.5 - Math.sqrt(5), 1 / Math.sqrt(5), 2 / Math.sqrt(5));
    for (const rotation of [0, 37, 90, -135]) expect(overlap(capsule("a", 0, 0, 2, 4, rotation), other)).toEqual(asCircle);
    // Straight below, where a segment's axes would all be vertical or horizontal.
    expectHit(overlap(capsule("a", 0, 0, 2, 4), circle("b", 0, 3, 2)), 1, 0, 1);
  });

  it("a capsule a hair taller than its caps (core segment ~1e-14 long) still behaves as that circle", () => {
    // height ≥ 2·radius is valid, and an editor's arithmetic easily lands a few ulps above it.
    const hair = capsule("a", 0, 0, 2, 4 + 2e-14);
    expectHit(overlap(hair, circle("b", 0, 3, 2)), 1, 0, 1);
    // 9.5 apart: must not overlap at all.
    expect(overlap(capsule("a", -10, -10, 0.25, 0.5000000000000002), capsule("b", -10, 0, 0.25, 0.5))).toBeNull();
  });

  it("parallel overlapping capsules side by side (the seed case)", () => {
    // Cores x = 0, y ∈ [−2, 2] and x = 1.5, y ∈ [−1, 3]: 1.5 apart, radii 1 + 1.
    expectHit(overlap(capsule("a", 0, 0, 1, 6), capsule("b", 1.5, 1, 1, 6)), 0.5, 1, 0);
    expectHit(overlap(capsule("b", 1.5, 1, 1, 6), capsule("a", 0, 0, 1, 6)), 0.5, -1, 0);
    // The same turned 90° (clockwise on screen): both horizontal, b below a.
    expectHit(overlap(capsule("a", 0, 0, 1, 6, 90), capsule("b", 1, 1.5, 1, 6, 90)), 0.5, 0, 1);
  });

  it("collinear capsules end to end", () => {
    // Cores y ∈ [−2, 2] and y ∈ [3, 7]: 1 apart.
    expectHit(overlap(capsule("a", 0, 0, 1, 6), capsule("b", 0, 5, 1, 6)), 1, 0, 1);
  });

  it("coincident capsules: depth is the two radii, normal across the segment", () => {
    const hit = overlap(capsule("a", 0, 0, 1, 6), capsule("b", 0, 0, 1, 6));
    expect(hit).not.toBeNull();
    expect(hit!.depth).toBeCloseTo(2, 12);
    expect(Math.abs(hit!.normal.x)).toBeCloseTo(1, 12);
    expect(hit!.normal.y).toBeCloseTo(0, 12);
  });

  it("a capsule's cap touching a circle is not an overlap", () => {
    expect(overlap(capsule("a", 0, 0, 1, 4), circle("b", 0, 3, 1))).toBeNull();
  });
});

describe("boxes", () => {
  it("axis-aligned: the smaller axis overlap wins", () => {
    // a: x ∈ [−2, 2], y ∈ [−1, 1]; b: x ∈ [1.5, 3.5], y ∈ [−0.5, 1.5] → 0.5 along x, 1.5 along y.
    expectHit(overlap(box("a", 0, 0, 4, 2), box("b", 2.5, 0.5, 2, 2)), 0.5, 1, 0);
    expectHit(overlap(box("a", 0, 0, 4, 2), box("b", 0.5, 1.75, 2, 2)), 0.25, 0, 1);
  });

  it("a box turned 45° pokes a corner into an axis-aligned one", () => {
    // b's left corner is at 2.2 − √2; a's right face at 1.
    expectHit(overlap(box("a", 0, 0, 2, 2), box("b", 2.2, 0, 2, 2, 45)), 1 + Math.SQRT2 - 2.2, 1, 0);
  });

  it("two boxes turned 45° face to face: the normal turns with them (clockwise on screen)", () => {
    const d = 1.5;
    const hit = overlap(box("a", 0, 0, 2, 2, 45), box("b", d * Math.SQRT1_2, d * Math.SQRT1_2, 2, 2, 45));
    expectHit(hit, 0.5, Math.SQRT1_2, Math.SQRT1_2);
  });

  it("edge to edge and corner to corner is touching, not overlapping", () => {
    expect(overlap(box("a", 0, 0, 2, 2), box("b", 2, 0, 2, 2))).toBeNull();
    expect(overlap(box("a", 0, 0, 2, 2), box("b", 2, 2, 2, 2))).toBeNull();
    expect(overlap(box("a", 0, 0, 2, 2), box("b", 0.5, 2, 2, 2))).toBeNull();
    expect(overlap(box("a", 0, 0, 2, 2, 90), box("b", 0, -2, 2, 2, 270))).toBeNull();
    expect(overlap(box("a", 0, 0, 2, 2, 45), box("b", 2 * Math.SQRT1_2, 2 * Math.SQRT1_2, 2, 2, 45))).toBeNull();
    expect(overlap(box("a", 0, 0, 2, 2), circle("b", 2, 0, 1))).toBeNull();
    expect(overlap(box("a", 0, 0, 2, 2), polygon("b", 1, 0, [[0, -1], [2, 0], [0, 1]]))).toBeNull();
  });

  it("a circle inside a box pushes out through the nearest face", () => {
    expectHit(overlap(box("a", 0, 0, 10, 4), circle("b", 4, 0, 0.5)), 1.5, 1, 0);
  });
});

describe("polygons", () => {
  const cw: [number, number][] = [[0, -1], [2, 0], [0, 1], [-1, 0]];
  const ccw = [...cw].reverse();

  it("either winding gives the same result", () => {
    for (const other of [box("b", 2, 0.3, 1, 1), circle("b", 2.2, 0.4, 0.5), capsule("b", 1.5, -1, 0.3, 2, 30), polygon("b", 2, 0, [[-0.5, 0], [1, -1], [1, 1]])]) {
      const one = overlap(polygon("a", 0, 0, cw), other);
      expect(one, other.type).not.toBeNull();
      expect(overlap(polygon("a", 0, 0, ccw), other)).toEqual(one);
      expect(overlap(other, polygon("a", 0, 0, ccw))).toEqual(overlap(other, polygon("a", 0, 0, cw)));
    }
  });

  it("a circle against every face of 3- to 9-gons finds that face (the even/odd face scan)", () => {
    // polygon–circle keeps two running maxima, even and odd faces; the last face of an odd count
    // is scanned on its own, so each count and each face is checked.
    for (let count = 3; count <= 9; count++) {
      const points: [number, number][] = [];
      for (let i = 0; i < count; i++) points.push([3 * Math.cos((2 * Math.PI * i) / count), 3 * Math.sin((2 * Math.PI * i) / count)]);
      const apothem = 3 * Math.cos(Math.PI / count);
      for (let face = 0; face < count; face++) {
        const angle = (2 * Math.PI * (face + 0.5)) / count, nx = Math.cos(angle), ny = Math.sin(angle);
        const d = apothem + 0.4; // the circle's centre 0.4 outside the face's midpoint; radius 0.5
        expectHit(overlap(polygon("a", 0, 0, points), circle("b", d * nx, d * ny, 0.5)), 0.1, nx, ny);
      }
    }
  });

  it("a triangle's corner into a box", () => {
    // World triangle (2, 0), (4, −1), (4, 1) against a box whose right face is at x = 2.5.
    expectHit(overlap(box("a", 1.5, 0, 2, 2), polygon("b", 3, 0, [[-1, 0], [1, -1], [1, 1]])), 0.5, 1, 0);
  });
});

describe("extreme coordinates and sizes", () => {
  const X = 1e6;
  const s = 1e-3;
  const pairs: [string, Shape, Shape, number][] = [
    ["circles", circle("a", X, X, s), circle("b", X + 1.5 * s, X, s), 0.5 * s],
    ["boxes", box("a", X, -X, s, s), box("b", X + 0.5 * s, -X, s, s), 0.5 * s],
    ["capsules", capsule("a", -X, X, s / 4, 2 * s), capsule("b", -X + s / 4, X, s / 4, 2 * s), s / 4],
    ["polygons", polygon("a", X, X, [[-s / 2, -s / 2], [s / 2, -s / 2], [s / 2, s / 2], [-s / 2, s / 2]]), polygon("b", X + 0.5 * s, X, [[-s / 2, -s / 2], [s / 2, -s / 2], [s / 2, s / 2], [-s / 2, s / 2]], 90), 0.5 * s],
  ];

  it.each(pairs)("%s around 1e6 with sizes around 1e-3: finite, found, and the right depth", (_name, a, b, depth) => {
    const hit = overlap(a, b);
    expect(hit).not.toBeNull();
    expect(Number.isFinite(hit!.depth) && Number.isFinite(hit!.normal.x) && Number.isFinite(hit!.normal.y)).toBe(true);
    expect(isUnit(hit!)).toBe(true);
    expect(Math.abs(hit!.depth - depth)).toBeLessThan(1e-9);
    expect(Math.abs(hit!.depth + signedDistance(a, b))).toBeLessThan(1e-9);
  });

  it("a shallow (5% of the radius) overlap of two 1e-3 circles at 1e6 is still an overlap", () => {
    // 1e6 is representable to ~1.2e-10, so a 5e-5 penetration is far above rounding.
    const a = circle("a", X, X, s);
    const b = circle("b", X + 1.95 * s, X, s);
    expect(signedDistance(a, b)).toBeCloseTo(-5e-5, 9);
    const hit = overlap(a, b);
    expect(hit).not.toBeNull();
    expect(hit!.depth).toBeCloseTo(5e-5, 9);
  });

  it("huge sizes near the origin stay finite", () => {
    const hit = overlap(box("a", 0, 0, 1e6, 1e6, 30), capsule("b", 1e5, 0, 1e5, 1e6, 60));
    expect(hit).not.toBeNull();
    expect(Number.isFinite(hit!.depth) && isUnit(hit!)).toBe(true);
  });
});

describe("AABB of each kind", () => {
  const r2 = Math.SQRT2;
  const exact: [string, Shape, AABB][] = [
    ["circle", circle("c", 3, 4, 2), { minX: 1, minY: 2, maxX: 5, maxY: 6 }],
    ["circle ignores rotation", { ...circle("c", 3, 4, 2), rotation: 45 }, { minX: 1, minY: 2, maxX: 5, maxY: 6 }],
    ["box", box("b", 1, 1, 4, 2), { minX: -1, minY: 0, maxX: 3, maxY: 2 }],
    ["box turned 90°", box("b", 1, 1, 4, 2, 90), { minX: 0, minY: -1, maxX: 2, maxY: 3 }],
    ["box turned −270°", box("b", 1, 1, 4, 2, -270), { minX: 0, minY: -1, maxX: 2, maxY: 3 }],
    ["capsule (height includes the caps)", capsule("k", 0, 0, 1, 6), { minX: -1, minY: -3, maxX: 1, maxY: 3 }],
    ["capsule turned 90°", capsule("k", 0, 0, 1, 6, 90), { minX: -3, minY: -1, maxX: 3, maxY: 1 }],
    ["zero-length capsule", capsule("k", 2, 2, 1, 2), { minX: 1, minY: 1, maxX: 3, maxY: 3 }],
    ["polygon", polygon("p", 10, 20, [[0, 0], [2, 0], [0, 1]]), { minX: 10, minY: 20, maxX: 12, maxY: 21 }],
    // +90° is clockwise on screen (y down): local (2, 0) goes to (0, 2), straight down.
    ["polygon turned 90°", polygon("p", 0, 0, [[0, 0], [2, 0], [0, 1]], 90), { minX: -1, minY: 0, maxX: 0, maxY: 2 }],
  ];

  it.each(exact)("%s", (_name, shape, expected) => {
    expect(shapeAABB(shape)).toEqual(expected);
  });

  it("box turned 45°", () => {
    const b = shapeAABB(box("b", 0, 0, 2, 2, 45));
    for (const [got, want] of [[b.minX, -r2], [b.minY, -r2], [b.maxX, r2], [b.maxY, r2]] as const) expect(got).toBeCloseTo(want, 14);
  });

  it("capsule turned 45°", () => {
    // Core from (√2, −√2) to (−√2, √2), grown by 1.
    const b = shapeAABB(capsule("k", 0, 0, 1, 6, 45));
    for (const [got, want] of [[b.minX, -r2 - 1], [b.minY, -r2 - 1], [b.maxX, r2 + 1], [b.maxY, r2 + 1]] as const) expect(got).toBeCloseTo(want, 14);
  });

  it("aabbOverlaps counts touching boxes (the broad phase must not miss a candidate)", () => {
    expect(aabbOverlaps({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, { minX: 1, minY: 1, maxX: 2, maxY: 2 })).toBe(true);
    expect(aabbOverlaps({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, { minX: 1.01, minY: 0, maxX: 2, maxY: 1 })).toBe(false);
  });
});

describe("the reference itself (test/core/reference.ts) on values worked by hand", () => {
  it("circles, boxes, capsules and polygons", () => {
    expect(signedDistance(circle("a", 0, 0, 2), circle("b", 3, 4, 4))).toBeCloseTo(-1, 14);
    expect(signedDistance(box("a", 0, 0, 2, 2), box("b", 5, 0, 2, 2))).toBeCloseTo(3, 14);
    expect(signedDistance(box("a", 0, 0, 2, 2), box("b", 3, 4, 2, 2))).toBeCloseTo(Math.hypot(1, 2), 14);
    expect(signedDistance(box("a", 0, 0, 4, 2), box("b", 2.5, 0.5, 2, 2))).toBeCloseTo(-0.5, 14);
    expect(signedDistance(box("a", 0, 0, 2, 2), box("b", 2, 0, 2, 2))).toBeCloseTo(0, 14);
    expect(signedDistance(capsule("a", 0, 0, 1, 6), capsule("b", 1.5, 1, 1, 6))).toBeCloseTo(-0.5, 14);
    // Turned 90° clockwise on screen the capsule lies along x: its end cap reaches x = 3.
    expect(signedDistance(capsule("a", 0, 0, 1, 6, 90), circle("b", 5, 0, 1))).toBeCloseTo(1, 14);
    expect(signedDistance(polygon("a", 0, 0, [[0, 0], [2, 0], [0, 2]]), circle("b", 2, 2, Math.SQRT2))).toBeCloseTo(0, 14);
    expect(signedDistance(circle("a", 1, 1, 1), circle("b", 1, 1, 1))).toBe(-2);
  });
});

describe("shapeBounds (from the shape's numbers, no geometry)", () => {
  it("is the geometry's computeAABB bit for bit for circles, boxes and capsules; for polygons it holds it, within the weld distance; shapeAABB is it", () => {
    const check = (s: Shape) => {
      const fast = shapeBounds(s), body = makeBody(s), exact = computeAABB(body.geometry, body.transform);
      expect(shapeAABB(s)).toEqual(fast);
      if (s.type !== "polygon") expect(fast).toEqual(exact);
      else {
        // The hull keeps points of the input: the box of all of them can only be larger.
        expect(fast.minX <= exact.minX && fast.minY <= exact.minY && fast.maxX >= exact.maxX && fast.maxY >= exact.maxY).toBe(true);
        const size = Math.max(exact.maxX - exact.minX, exact.maxY - exact.minY);
        for (const k of ["minX", "minY", "maxX", "maxY"] as const) expect(Math.abs(fast[k] - exact[k])).toBeLessThanOrEqual(2e-7 * size + 1e-12 * Math.abs(exact[k]));
      }
    };
    fc.assert(fc.property(anyShape("s"), check), { seed: seedOf("shape bounds"), numRuns: 2000 });
    for (const kind of KINDS) fc.assert(fc.property(extremeShape(kind, "e"), check), { seed: seedOf(`shape bounds ${kind}`), numRuns: 300 });
    // Quarter turns and a capsule that is a circle.
    check(box("q", 3, 4, 10, 2, 90));
    check(capsule("c", 1, 2, 2, 4, 30));
  });
});
