// Property tests for the contact manifold of every pair of scene kinds (10 unordered pairs): where
// the contact points lie, how many there are, that the dispatch table gives the same manifold in
// both orders, and that nothing is ever NaN, even for extreme and degenerate input. The expected
// values come from the independent reference (./reference.ts), never from core/. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collideShapes, Manifold } from "../../core/index";
import type { ConvexShape as Shape } from "./arbitraries";
import { findOverlaps } from "./scan-reference";
import { KIND_PAIRS, KINDS, anyShape, extremeShape, seedOf, shapeOf, type Kind, type ShapeOptions } from "./arbitraries";
import { convexHull, coreRadius, magnitudeOf, pointSignedDistance, signedDistance, translate, worldCore, type RefPoint } from "./reference";

/** Pairs this close to touching (relative to the coordinates' size) are left out of verdicts. */
const BOUNDARY = 1e-6;
/** Relative tolerance for distances and point positions (the core is exact to ~1e-12). */
const TOL = 1e-9;
/**
 * Relative tolerance for depths. The core picks the reference face with a hysteresis of 1e-9 of
 * its magnitude (FLIP_TOLERANCE, so results do not flicker), and its magnitude counts a shape's
 * local extent plus its radius, up to twice magnitudeOf: a depth may exceed the exact one by up to
 * 2e-9 × magnitudeOf (seen: a capsule along a box face, 1.0000001e-9 × magnitudeOf). Plus rounding.
 */
const DEPTH_TOL = 2.5e-9;
const NUDGE = 1e-7;
const RUNS = 400;

function pairArb(ka: Kind, kb: Kind, options: ShapeOptions = {}): fc.Arbitrary<[Shape, Shape]> {
  return fc.tuple(shapeOf(ka, "a", options), shapeOf(kb, "b", options));
}

const pointsOf = (m: Manifold): { p: RefPoint; separation: number }[] => {
  const out: { p: RefPoint; separation: number }[] = [];
  if (m.pointCount >= 1) out.push({ p: [m.point1X, m.point1Y], separation: m.separation1 });
  if (m.pointCount >= 2) out.push({ p: [m.point2X, m.point2Y], separation: m.separation2 });
  return out;
};

/** Every numeric field of the manifold, by name, for finiteness checks. */
const fieldsOf = (m: Manifold): Record<string, number> => ({
  pointCount: m.pointCount, normalX: m.normalX, normalY: m.normalY, depth: m.depth,
  point1X: m.point1X, point1Y: m.point1Y, separation1: m.separation1,
  point2X: m.point2X, point2Y: m.point2Y, separation2: m.separation2,
});

describe("contact points lie in the overlap band of both shapes", () => {
  // A contact point is midway between a point of A's surface and a point of B's surface that are
  // |separation| ≤ depth apart along the normal. So it is within depth of each surface (the
  // issue's band), and it is not outside either shape by more than half its separation (the
  // surface point it is measured from is in the shape): sd ≤ depth/2.
  it.each(KIND_PAIRS)("%s vs %s", (ka, kb) => {
    let checked = 0;
    fc.assert(
      fc.property(pairArb(ka, kb), ([a, b]) => {
        const scale = magnitudeOf(a, b);
        const m = collideShapes(a, b);
        if (m.pointCount === 0) return;
        checked++;
        const tol = TOL * scale;
        for (const { p, separation } of pointsOf(m)) {
          const sdA = pointSignedDistance(a, p);
          const sdB = pointSignedDistance(b, p);
          const at = `point ${p.join(", ")} depth ${m.depth}`;
          expect(Math.abs(sdA), `distance to A's surface, ${at}`).toBeLessThanOrEqual(m.depth + tol);
          expect(Math.abs(sdB), `distance to B's surface, ${at}`).toBeLessThanOrEqual(m.depth + tol);
          expect(sdA, `outside A, ${at}`).toBeLessThanOrEqual(-separation / 2 + tol);
          expect(sdB, `outside B, ${at}`).toBeLessThanOrEqual(-separation / 2 + tol);
          expect(separation, `separation, ${at}`).toBeGreaterThanOrEqual(-m.depth - DEPTH_TOL * scale);
          expect(separation, `separation, ${at}`).toBeLessThanOrEqual(0);
        }
      }),
      { seed: seedOf(`band ${ka} ${kb}`), numRuns: RUNS },
    );
    expect(checked, "enough overlapping pairs to mean something").toBeGreaterThan(RUNS * 0.15);
  });

  it("the deepest contact point's separation is minus the depth (one point reaches the full depth)", () => {
    for (const [ka, kb] of KIND_PAIRS) {
      fc.assert(
        fc.property(pairArb(ka, kb), ([a, b]) => {
          const m = collideShapes(a, b);
          if (m.pointCount === 0) return;
          const deepest = Math.min(...pointsOf(m).map((q) => q.separation));
          expect(Math.abs(deepest + m.depth), `${ka}/${kb}: separations vs depth ${m.depth}`).toBeLessThanOrEqual(DEPTH_TOL * magnitudeOf(a, b));
        }),
        { seed: seedOf(`deepest ${ka} ${kb}`), numRuns: RUNS / 2 },
      );
    }
  });
});

describe("pointCount is 0 exactly when the pair does not overlap, else 1 or 2", () => {
  it.each(KIND_PAIRS)("%s vs %s", (ka, kb) => {
    fc.assert(
      fc.property(pairArb(ka, kb), ([a, b]) => {
        const m = collideShapes(a, b);
        expect([0, 1, 2]).toContain(m.pointCount);
        expect(m.overlapping).toBe(m.pointCount > 0);
        expect(m.depth > 0, `depth ${m.depth} with ${m.pointCount} points`).toBe(m.pointCount > 0);
        const sd = signedDistance(a, b);
        if (Math.abs(sd) < BOUNDARY * magnitudeOf(a, b)) return;
        expect(m.pointCount > 0, `reference signed distance ${sd}, ${m.pointCount} points`).toBe(sd < 0);
      }),
      { seed: seedOf(`count ${ka} ${kb}`), numRuns: RUNS },
    );
  });

  it("two points do occur, for face-to-face pairs of every kind that has faces", () => {
    // Axis-aligned boxes, parallel capsules and a capsule lying on a box all give two points.
    const box = (id: string, x: number, y: number): Shape => ({ id, type: "box", x, y, rotation: 0, width: 4, height: 2 });
    const cap = (id: string, x: number, y: number, rotation = 0): Shape => ({ id, type: "capsule", x, y, rotation, radius: 0.5, height: 4 });
    expect(collideShapes(box("a", 0, 0), box("b", 1, 1.5)).pointCount).toBe(2);
    expect(collideShapes(cap("a", 0, 0), cap("b", 0.8, 0.5)).pointCount).toBe(2);
    expect(collideShapes(box("a", 0, 0), cap("b", 0.5, 1.3, 90)).pointCount).toBe(2);
    expect(collideShapes(cap("b", 0.5, 1.3, 90), box("a", 0, 0)).pointCount).toBe(2);
  });
});

// When several directions tie for the smallest translation (concentric boxes, say) the normal is
// legitimately ambiguous; as in overlap.property.test.ts, a normal that differs is accepted when
// both are smallest separating translations per the reference, and the points are then not
// compared (they belong to different reference faces).
function isSmallestSeparation(a: Shape, b: Shape, depth: number, nx: number, ny: number): boolean {
  const nudge = NUDGE * magnitudeOf(a, b);
  const after = (d: number): number => signedDistance(a, translate(b, nx * d, ny * d));
  return after(depth + nudge) > 0 && after(depth - nudge) < 0;
}

/** Directions (radians, mod π) of a shape's straight sides: polygon edges, a capsule's core. */
function sideAngles(s: Shape): number[] {
  if (s.type === "circle") return [];
  if (s.type === "capsule") return s.height > 2 * s.radius ? [(s.rotation * Math.PI) / 180 + Math.PI / 2] : [];
  const hull = convexHull(worldCore(s));
  return hull.map((p, i) => {
    const q = hull[(i + 1) % hull.length]!;
    return Math.atan2(q[1] - p[1], q[0] - p[0]);
  });
}

/** The smallest angle between a straight side of a and one of b (π/2 when either has none). */
function smallestSideAngle(a: Shape, b: Shape): number {
  let best = Math.PI / 2;
  for (const u of sideAngles(a)) {
    for (const v of sideAngles(b)) {
      const d = (((u - v) % Math.PI) + Math.PI) % Math.PI;
      best = Math.min(best, d, Math.PI - d);
    }
  }
  return best;
}

/** Whether every point of `p` has one of `q` within `tol` and the counts agree. */
function samePoints(p: readonly RefPoint[], q: readonly RefPoint[], tol: number): boolean {
  if (p.length !== q.length) return false;
  const near = (u: RefPoint, v: RefPoint) => Math.hypot(u[0] - v[0], u[1] - v[1]) <= tol;
  return p.every((u) => q.some((v) => near(u, v))) && q.every((v) => p.some((u) => near(u, v)));
}

describe("dispatch symmetry: collide(B, A) is collide(A, B) with the normal negated", () => {
  // Free values and grid-snapped ones (exactly parallel faces, concentric shapes) both.
  for (const [label, options] of [["free", { grid: false }], ["grid", { grid: true }]] as const) {
    it.each(KIND_PAIRS)(`%s vs %s (${label})`, (ka, kb) => {
      let compared = 0;
      fc.assert(
        fc.property(pairArb(ka, kb, options), ([a, b]) => {
          const scale = magnitudeOf(a, b);
          fc.pre(Math.abs(signedDistance(a, b)) >= BOUNDARY * scale);
          const ab = collideShapes(a, b);
          const ba = collideShapes(b, a);
          expect(ab.pointCount > 0).toBe(ba.pointCount > 0);
          if (ab.pointCount === 0) return;
          // Each order is within DEPTH_TOL of the exact depth, so they are within twice that.
          expect(Math.abs(ab.depth - ba.depth)).toBeLessThanOrEqual(2 * DEPTH_TOL * scale);
          const sameNormal = Math.abs(ab.normalX + ba.normalX) <= 1e-9 && Math.abs(ab.normalY + ba.normalY) <= 1e-9;
          if (!sameNormal) {
            const ok = isSmallestSeparation(a, b, ab.depth, ab.normalX, ab.normalY) && isSmallestSeparation(a, b, ab.depth, -ba.normalX, -ba.normalY);
            expect(ok, `normals (${ab.normalX}, ${ab.normalY}) / (${ba.normalX}, ${ba.normalY})`).toBe(true);
            return;
          }
          compared++;
          // With two nearly parallel faces (angle φ), each order may clip on its own first shape's
          // face: the same interval, but each point is set off from the incident side along the
          // reference face's normal, so they may differ by their offset (≤ depth + radii) × φ.
          const phi = smallestSideAngle(a, b);
          const pointTol = TOL * scale + (phi < 1e-6 ? (ab.depth + coreRadius(a) + coreRadius(b)) * phi : 0);
          const pa = pointsOf(ab).map((q) => q.p);
          const pb = pointsOf(ba).map((q) => q.p);
          expect(samePoints(pa, pb, pointTol), `points ${JSON.stringify(pa)} / ${JSON.stringify(pb)}`).toBe(true);
          const sa = pointsOf(ab).map((q) => q.separation).sort((u, v) => u - v);
          const sb = pointsOf(ba).map((q) => q.separation).sort((u, v) => u - v);
          sa.forEach((s, i) => expect(Math.abs(s - sb[i]!)).toBeLessThanOrEqual(2 * DEPTH_TOL * scale));
        }),
        { seed: seedOf(`dispatch ${label} ${ka} ${kb}`), numRuns: RUNS },
      );
      expect(compared, "pairs whose points were compared").toBeGreaterThan(RUNS * 0.1);
    });
  }
});

describe("no NaN, ever, and a unit normal whenever there is an overlap", () => {
  function sane(a: Shape, b: Shape): Manifold {
    const m = collideShapes(a, b);
    for (const [name, v] of Object.entries(fieldsOf(m))) expect(Number.isFinite(v), `${name} = ${v} for ${JSON.stringify([a, b])}`).toBe(true);
    expect([0, 1, 2]).toContain(m.pointCount);
    expect(m.depth).toBeGreaterThanOrEqual(0);
    if (m.pointCount > 0) {
      expect(Math.abs(Math.hypot(m.normalX, m.normalY) - 1), `normal of ${JSON.stringify([a, b])}`).toBeLessThanOrEqual(1e-9);
      expect(m.separation1).toBeLessThanOrEqual(0);
      if (m.pointCount === 2) expect(m.separation2).toBeLessThanOrEqual(0);
    }
    return m;
  }

  it.each(KIND_PAIRS)("%s vs %s with coordinates and sizes from 1e-6 to 1e6", (ka, kb) => {
    fc.assert(
      fc.property(extremeShape(ka, "a"), extremeShape(kb, "b"), (a, b) => {
        const m = sane(a, b);
        sane(b, a);
        // Where the reference gives a clear verdict, the core agrees with it.
        const scale = magnitudeOf(a, b);
        const sd = signedDistance(a, b);
        if (Math.abs(sd) >= BOUNDARY * scale) {
          expect(m.pointCount > 0, `signed distance ${sd}`).toBe(sd < 0);
          if (sd < 0) expect(Math.abs(m.depth + sd)).toBeLessThanOrEqual(DEPTH_TOL * scale);
        }
      }),
      { seed: seedOf(`extreme ${ka} ${kb}`), numRuns: RUNS },
    );
  });

  it.each(KIND_PAIRS)("%s vs %s concentric, at extreme scales", (ka, kb) => {
    fc.assert(
      fc.property(extremeShape(ka, "a"), extremeShape(kb, "b"), (a, b0) => {
        const b = { ...b0, x: a.x, y: a.y };
        const m = sane(a, b);
        sane(b, a);
        // Circles, boxes and capsules contain their own position; a polygon's points are free.
        if (a.type !== "polygon" && b.type !== "polygon") expect(m.pointCount).toBeGreaterThan(0);
        const sd = signedDistance(a, b);
        if (sd < -BOUNDARY * magnitudeOf(a, b)) expect(Math.abs(m.depth + sd)).toBeLessThanOrEqual(DEPTH_TOL * magnitudeOf(a, b));
      }),
      { seed: seedOf(`extreme concentric ${ka} ${kb}`), numRuns: RUNS / 2 },
    );
  });

  it.each(KINDS)("a %s with an exact copy of itself (coincident), at extreme scales", (kind) => {
    fc.assert(
      fc.property(extremeShape(kind, "a"), (a) => {
        const b = { ...a, id: "b" };
        const m = sane(a, b);
        // The smallest translation separating a shape from itself is its smallest width. The core
        // calls a depth within 1e-12 of the coordinates' magnitude touching (README), so a speck
        // far out (say 5e-7 wide at 1e6) is "touching" its own copy: only wider shapes must overlap.
        const scale = magnitudeOf(a, b);
        const depth = -signedDistance(a, b);
        if (depth <= 4e-12 * scale) return;
        expect(m.pointCount, `depth ${depth} at magnitude ${scale}`).toBeGreaterThan(0);
        expect(Math.abs(m.depth - depth)).toBeLessThanOrEqual(DEPTH_TOL * scale);
      }),
      { seed: seedOf(`coincident ${kind}`), numRuns: RUNS / 2 },
    );
  });

  it("whole scenes mixing specks at 1e6 with giants at the origin: every pair, both orders", () => {
    const scene = fc.array(fc.oneof(...KINDS.map((k) => extremeShape(k, "?"))), { minLength: 12, maxLength: 12 });
    let overlaps = 0;
    fc.assert(
      fc.property(scene, (raw) => {
        const shapes = raw.map((s, i) => ({ ...s, id: `s${i}` }));
        for (const a of shapes) for (const b of shapes) if (a !== b) sane(a, b);
        for (const pair of findOverlaps(shapes)) {
          overlaps++;
          expect([pair.depth, pair.normal.x, pair.normal.y, ...pair.points.flatMap((p) => [p.x, p.y])].every(Number.isFinite)).toBe(true);
          expect(Math.abs(Math.hypot(pair.normal.x, pair.normal.y) - 1)).toBeLessThanOrEqual(1e-9);
          expect(pair.points.length === 1 || pair.points.length === 2).toBe(true);
        }
      }),
      { seed: seedOf("extreme scenes"), numRuns: 60 },
    );
    expect(overlaps, "the scenes do contain overlaps").toBeGreaterThan(20);
  }, 30_000); // seconds of work alone: a guard against a hang, not a speed check

  it("hand-picked degenerate pairs: zero-length capsule, concentric circles, coincident polygons, parallel capsules", () => {
    const c = (id: string, x: number, y: number, radius: number): Shape => ({ id, type: "circle", x, y, rotation: 0, radius });
    const k = (id: string, x: number, y: number, radius: number, height: number, rotation = 0): Shape => ({ id, type: "capsule", x, y, rotation, radius, height });
    // A sliver 1000 long and 1e-3 high (the hull welds within 1e-7 of the extent, so no thinner).
    const tri: [number, number][] = [[0, 0], [1000, 0], [0, 1e-3]];
    const poly = (id: string, x: number, y: number): Shape => ({ id, type: "polygon", x, y, rotation: 33, points: tri });
    const cases: [string, Shape, Shape][] = [
      ["zero-length capsule on a circle", k("a", 1e6, -1e6, 1e-6, 2e-6), c("b", 1e6, -1e6, 1e-6)],
      ["zero-length capsule on a zero-length capsule", k("a", 0, 0, 1, 2, 17), k("b", 0, 0, 1, 2, 71)],
      ["concentric circles, tiny and huge", c("a", 1e6, 1e6, 1e-6), c("b", 1e6, 1e6, 1e6)],
      ["coincident sliver polygons", poly("a", 3, 4), poly("b", 3, 4)],
      ["coincident capsules", k("a", -1e6, 1e-6, 1e-6, 1, 45), k("b", -1e6, 1e-6, 1e-6, 1, 45)],
      ["parallel capsules side by side", k("a", 0, 0, 1, 10, 30), k("b", 1.5 * Math.cos(Math.PI / 6), 1.5 * Math.sin(Math.PI / 6), 1, 10, 30)],
      ["collinear capsules overlapping end to end", k("a", 0, 0, 1, 10), k("b", 0, 3, 1, 10)],
      ["a circle on a capsule's core", k("a", 5, 5, 1, 10, 60), c("b", 5, 5, 2)],
    ];
    for (const [name, a, b] of cases) {
      for (const [p, q] of [[a, b], [b, a]] as const) {
        const m = sane(p, q);
        expect(m.pointCount, name).toBeGreaterThan(0);
        expect(Math.abs(m.depth + signedDistance(p, q)), name).toBeLessThanOrEqual(DEPTH_TOL * magnitudeOf(p, q));
      }
    }
  });

  it("shapes of every kind just overlapping near 1e6 still produce finite points inside both", () => {
    fc.assert(
      fc.property(anyShape("a", { extent: 10, grid: false }), anyShape("b", { extent: 10, grid: false }), fc.constantFrom(1e5, 1e6, -1e6), (a0, b0, far) => {
        const a = translate(a0, far, -far);
        const b = translate(b0, far, -far);
        const m = sane(a, b);
        const scale = magnitudeOf(a, b);
        for (const { p } of pointsOf(m)) {
          expect(pointSignedDistance(a, p)).toBeLessThanOrEqual(m.depth / 2 + TOL * scale);
          expect(pointSignedDistance(b, p)).toBeLessThanOrEqual(m.depth / 2 + TOL * scale);
        }
      }),
      { seed: seedOf("far out"), numRuns: RUNS },
    );
  });
});

// Regressions: bugs in core/ the properties above found, each as its smallest clear counterexample.
describe("regressions found by these properties", () => {
  it("B1: a capsule's end cap just past a box corner keeps its contact points inside both shapes", () => {
    // What broke: the capsule's core ends 1e-4 above the box's top-left corner, its cap overlapping the
    // corner by about 1e-6: a vertex–vertex contact. The GJK normal is within 1e-5 rad of the
    // box's left face normal, which collideCores counts as face contact (FACE_CONTACT_COS), and
    // clipPoints extrapolates the box face beyond the capsule's end instead of finding no overlap
    // of the two extents: one of the two points lies 1e-4 outside the box, 100 × the depth.
    const box: Shape = { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 };
    const capsule: Shape = { id: "b", type: "capsule", x: -11 + 1e-6, y: -3 - 1e-4, rotation: 0, radius: 10, height: 24 };
    const depth = -signedDistance(box, capsule);
    expect(depth).toBeGreaterThan(9e-7);
    for (const [a, b] of [[box, capsule], [capsule, box]] as const) {
      const m = collideShapes(a, b);
      expect(m.pointCount).toBeGreaterThan(0);
      for (const { p } of pointsOf(m)) {
        expect(pointSignedDistance(box, p), `point ${p.join(", ")} is outside the box`).toBeLessThanOrEqual(depth);
        expect(pointSignedDistance(capsule, p)).toBeLessThanOrEqual(depth);
      }
    }
  });

  it("B2: a capsule whose core is shorter than an ulp of its offset in a polygon's frame is still found", () => {
    // What broke: the capsule (core 4e-12 long, lying along x) sits 1e5 from the box's centre, inside the box.
    // In the box's frame both core ends round to the same point, segmentAsPolygon divides by a
    // zero length, the side normals are NaN, findMaxSeparation returns +Infinity and the pair is
    // reported apart. The other order (capsule first) works.
    const box: Shape = { id: "a", type: "box", x: 1e5, y: 0, rotation: 0, width: 4e5, height: 10 };
    const capsule: Shape = { id: "b", type: "capsule", x: 0, y: 0, rotation: 90, radius: 1, height: 2 + 4e-12 };
    expect(signedDistance(box, capsule)).toBeCloseTo(-6, 9);
    expect(collideShapes(capsule, box).depth).toBeCloseTo(6, 9);
    const m = collideShapes(box, capsule);
    expect(m.pointCount, "box first: the overlap must be found").toBeGreaterThan(0);
    expect(m.depth).toBeCloseTo(6, 9);
  });

  it("B3: nearly parallel capsules get the same number of contact points in either order", () => {
    // What broke: capsule a is turned 1e-4° (1.7e-6 rad). collideCapsules takes the two-point (parallel) path
    // when |sin| < 1e-3 AND the normal is within 1e-9 of perpendicular to A's axis: the normal is
    // perpendicular to whichever core's interior holds the closest point, so swapping a and b
    // changes the count (2 points for (a, b), 1 for (b, a)).
    const a: Shape = { id: "a", type: "capsule", x: 0, y: 0, rotation: 1e-4, radius: 1, height: 6 };
    const b: Shape = { id: "b", type: "capsule", x: 1.5, y: 1, rotation: 0, radius: 1, height: 6 };
    expect(collideShapes(a, b).pointCount).toBe(collideShapes(b, a).pointCount);
  });
});
