// Property tests for the distance queries: shapeDistance for all 10 kind pairs against the
// independent reference (./reference.ts), segmentDistance against a closed form and dense
// sampling, and gjkDistance on random convex point clouds against brute force. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collisionBody, shapeDistance, type Shape } from "../../core/index";
import { gjkDistance, GjkResult, segmentDistance, SegmentDistanceResult } from "../../core/distance";
import { KIND_PAIRS, extremeShape, real, seedOf, shapeOf, type Kind } from "./arbitraries";
import { convexHull, magnitudeOf, pointSignedDistance, signedDistance, signedDistanceToHull, type RefPoint } from "./reference";

const RUNS = 400;
/** Pairs this close to touching (relative to the coordinates' size) are left out of verdicts. */
const BOUNDARY = 1e-6;
/** Relative tolerance for distances and closest points (GJK and the closed forms are ~1e-13). */
const TOL = 1e-9;

type P = [number, number];

const distanceOf = (a: Shape, b: Shape) => {
  const p = collisionBody(a);
  const q = collisionBody(b);
  return shapeDistance(p.geometry, p.transform, q.geometry, q.transform);
};

describe("shapeDistance agrees with the reference signed distance", () => {
  it.each(KIND_PAIRS)("%s vs %s", (ka: Kind, kb: Kind) => {
    let apart = 0;
    let overlapping = 0;
    fc.assert(
      fc.property(shapeOf(ka, "a"), shapeOf(kb, "b"), (a, b) => {
        const scale = magnitudeOf(a, b);
        const tol = TOL * scale;
        const sd = signedDistance(a, b);
        fc.pre(Math.abs(sd) >= BOUNDARY * scale);
        const out = distanceOf(a, b);
        const pA: RefPoint = [out.pointAX, out.pointAY];
        const pB: RefPoint = [out.pointBX, out.pointBY];
        expect([out.distance, ...pA, ...pB, out.normalX, out.normalY].every(Number.isFinite)).toBe(true);
        expect(Math.abs(out.distance - Math.max(0, sd)), `distance ${out.distance} vs reference ${sd}`).toBeLessThanOrEqual(tol);
        expect(Math.abs(Math.hypot(pB[0] - pA[0], pB[1] - pA[1]) - out.distance), "|pointB − pointA| = distance").toBeLessThanOrEqual(tol);
        if (sd > 0) {
          apart++;
          // Each closest point is on its own shape's surface, and as far from the other shape as
          // the distance says.
          expect(Math.abs(pointSignedDistance(a, pA)), "pointA on A's surface").toBeLessThanOrEqual(tol);
          expect(Math.abs(pointSignedDistance(b, pB)), "pointB on B's surface").toBeLessThanOrEqual(tol);
          expect(Math.abs(pointSignedDistance(b, pA) - sd), "pointA is sd from B").toBeLessThanOrEqual(tol);
          expect(Math.abs(pointSignedDistance(a, pB) - sd), "pointB is sd from A").toBeLessThanOrEqual(tol);
          // The normal is the unit direction from pointA to pointB.
          expect(Math.abs(out.normalX - (pB[0] - pA[0]) / out.distance)).toBeLessThanOrEqual(1e-6);
          expect(Math.abs(out.normalY - (pB[1] - pA[1]) / out.distance)).toBeLessThanOrEqual(1e-6);
        } else {
          overlapping++;
          // Overlapping: one common point. (It is midway between the surface points along the
          // normal, which need not lie in both shapes when one is deep inside the other.)
          expect(pA).toEqual(pB);
        }
      }),
      { seed: seedOf(`distance ${ka} ${kb}`), numRuns: RUNS },
    );
    expect(apart, "separated pairs checked").toBeGreaterThan(RUNS * 0.1);
    expect(overlapping, "overlapping pairs checked").toBeGreaterThan(RUNS * 0.1);
  });

  it.each(KIND_PAIRS)("%s vs %s: finite, never negative, at scales from 1e-6 to 1e6", (ka, kb) => {
    fc.assert(
      fc.property(extremeShape(ka, "a"), extremeShape(kb, "b"), fc.boolean(), (a, b0, concentric) => {
        const b = concentric ? { ...b0, x: a.x, y: a.y } : b0;
        const out = distanceOf(a, b);
        expect([out.distance, out.pointAX, out.pointAY, out.pointBX, out.pointBY, out.normalX, out.normalY].every(Number.isFinite), JSON.stringify([a, b])).toBe(true);
        expect(out.distance).toBeGreaterThanOrEqual(0);
        const n = Math.hypot(out.normalX, out.normalY);
        expect(n === 0 || Math.abs(n - 1) <= 1e-9, `normal length ${n}`).toBe(true);
        const scale = magnitudeOf(a, b);
        const sd = signedDistance(a, b);
        if (Math.abs(sd) >= BOUNDARY * scale) expect(Math.abs(out.distance - Math.max(0, sd))).toBeLessThanOrEqual(TOL * scale);
      }),
      { seed: seedOf(`distance extreme ${ka} ${kb}`), numRuns: RUNS / 2 },
    );
  });
});

// ---- segmentDistance -------------------------------------------------------------------------

const orient = (a: RefPoint, b: RefPoint, c: RefPoint) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Distance from p to segment ab (a point when a = b). */
function pointToSegment(p: RefPoint, a: RefPoint, b: RefPoint): number {
  const ex = b[0] - a[0], ey = b[1] - a[1];
  const ee = ex * ex + ey * ey;
  const t = ee === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / ee));
  return Math.hypot(p[0] - (a[0] + t * ex), p[1] - (a[1] + t * ey));
}

/**
 * Closed form: two segments in the plane are 0 apart when they cross properly; otherwise the
 * closest pair always involves an endpoint, so the distance is the least endpoint–segment distance.
 */
function segmentReference(p1: RefPoint, q1: RefPoint, p2: RefPoint, q2: RefPoint): number {
  const crossing = orient(p1, q1, p2) * orient(p1, q1, q2) < 0 && orient(p2, q2, p1) * orient(p2, q2, q1) < 0;
  if (crossing) return 0;
  return Math.min(pointToSegment(p1, p2, q2), pointToSegment(q1, p2, q2), pointToSegment(p2, p1, q1), pointToSegment(q2, p1, q1));
}

/** Brute force: the least distance from 200 points spread along either segment to the other one. */
function sampledDistance(p1: RefPoint, q1: RefPoint, p2: RefPoint, q2: RefPoint): number {
  let best = Infinity;
  const N = 200;
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    best = Math.min(best, pointToSegment([p1[0] + t * (q1[0] - p1[0]), p1[1] + t * (q1[1] - p1[1])], p2, q2));
    best = Math.min(best, pointToSegment([p2[0] + t * (q2[0] - p2[0]), p2[1] + t * (q2[1] - p2[1])], p1, q1));
  }
  return best;
}

type Segments = readonly [RefPoint, RefPoint, RefPoint, RefPoint];
const point = (extent = 10): fc.Arbitrary<P> => fc.tuple(real(-extent, extent), real(-extent, extent));
const unit = (angle: number): P => [Math.cos(angle), Math.sin(angle)];
const along = (o: RefPoint, d: RefPoint, t: number): P => [o[0] + t * d[0], o[1] + t * d[1]];

const randomSegments: fc.Arbitrary<Segments> = fc.tuple(point(), point(), point(), point());

const zeroLength: fc.Arbitrary<Segments> = fc.tuple(point(), point(), point(), fc.constantFrom("first", "second", "both")).map(([p, q, r, which]): Segments => {
  if (which === "first") return [p, p, q, r];
  if (which === "second") return [q, r, p, p];
  return [p, p, q, q];
});

/** Parallel segments: same or opposite direction, offset sideways by h (0: collinear). */
const parallel: fc.Arbitrary<Segments> = fc
  .tuple(point(), real(0, 2 * Math.PI), real(0.1, 10), real(-12, 12), real(0.1, 10), fc.oneof(fc.constant(0), real(-3, 3)), fc.boolean())
  .map(([o, angle, len1, start2, len2, h, reversed]): Segments => {
    const d = unit(angle);
    const side: P = [-d[1], d[0]];
    const p2 = along(along(o, d, start2), side, h);
    const q2 = along(p2, d, len2);
    return [o, along(o, d, len1), reversed ? q2 : p2, reversed ? p2 : q2];
  });

/** Collinear segments whose intervals overlap (distance 0 along a whole stretch). */
const collinearOverlapping: fc.Arbitrary<Segments> = fc
  .tuple(point(), real(0, 2 * Math.PI), real(1, 10), real(0.05, 0.95), real(0.1, 10), fc.boolean())
  .map(([o, angle, len1, f, len2, reversed]): Segments => {
    const d = unit(angle);
    const p2 = along(o, d, f * len1);
    const q2 = along(p2, d, len2);
    return [o, along(o, d, len1), reversed ? q2 : p2, reversed ? p2 : q2];
  });

/** Segments that cross at X at a tiny angle δ (1e-9 to 1e-3 rad), X inside both. */
const nearlyParallelCrossing: fc.Arbitrary<Segments & { readonly angle?: number }> = fc
  .tuple(point(), real(0, 2 * Math.PI), fc.integer({ min: -9, max: -3 }), real(1, 10), fc.boolean(), real(0.5, 10), real(0.5, 10), real(0.5, 10), real(0.5, 10))
  .map(([x, angle, e, m, neg, a1, b1, a2, b2]): Segments => {
    const delta = (neg ? -1 : 1) * m * 10 ** e / 10;
    const d1 = unit(angle);
    const d2 = unit(angle + delta);
    return [along(x, d1, -a1), along(x, d1, b1), along(x, d2, -a2), along(x, d2, b2)];
  });

const segOut = new SegmentDistanceResult();
function checkSegments([p1, q1, p2, q2]: Segments): number {
  const r = segmentDistance(p1[0], p1[1], q1[0], q1[1], p2[0], p2[1], q2[0], q2[1], segOut);
  const scale = Math.max(1, ...[p1, q1, p2, q2].flatMap((p) => [Math.abs(p[0]), Math.abs(p[1])]));
  const tol = TOL * scale;
  const got = Math.sqrt(r.distanceSquared);
  const want = segmentReference(p1, q1, p2, q2);
  expect([r.closest1X, r.closest1Y, r.closest2X, r.closest2Y, r.fraction1, r.fraction2, r.distanceSquared].every(Number.isFinite)).toBe(true);
  expect(Math.abs(got - want), `distance ${got} vs closed form ${want}`).toBeLessThanOrEqual(tol);
  // The closest points are on their segments, at their fractions, and as far apart as reported.
  expect(r.fraction1).toBeGreaterThanOrEqual(0);
  expect(r.fraction1).toBeLessThanOrEqual(1);
  expect(r.fraction2).toBeGreaterThanOrEqual(0);
  expect(r.fraction2).toBeLessThanOrEqual(1);
  const c1: P = [r.closest1X, r.closest1Y];
  const c2: P = [r.closest2X, r.closest2Y];
  expect(pointToSegment(c1, p1, q1)).toBeLessThanOrEqual(tol);
  expect(pointToSegment(c2, p2, q2)).toBeLessThanOrEqual(tol);
  expect(Math.hypot(c1[0] - (p1[0] + r.fraction1 * (q1[0] - p1[0])), c1[1] - (p1[1] + r.fraction1 * (q1[1] - p1[1])))).toBeLessThanOrEqual(tol);
  expect(Math.hypot(c2[0] - (p2[0] + r.fraction2 * (q2[0] - p2[0])), c2[1] - (p2[1] + r.fraction2 * (q2[1] - p2[1])))).toBeLessThanOrEqual(tol);
  expect(Math.abs(Math.hypot(c2[0] - c1[0], c2[1] - c1[1]) - got)).toBeLessThanOrEqual(tol);
  return got;
}

describe("segmentDistance agrees with a closed form and with dense sampling", () => {
  it("the closed form itself agrees with dense sampling (200 points along each segment)", () => {
    fc.assert(
      fc.property(fc.oneof(randomSegments, zeroLength, parallel, collinearOverlapping), ([p1, q1, p2, q2]) => {
        const closed = segmentReference(p1, q1, p2, q2);
        const sampled = sampledDistance(p1, q1, p2, q2);
        // Sampling only overestimates, and by at most half a sampling step (segments ≤ ~40 long).
        expect(closed).toBeLessThanOrEqual(sampled + 1e-12);
        expect(sampled - closed).toBeLessThanOrEqual(0.2);
      }),
      { seed: seedOf("segment closed form"), numRuns: RUNS },
    );
  });

  const families: [string, fc.Arbitrary<Segments>][] = [
    ["random segments", randomSegments],
    ["zero-length segments (points)", zeroLength],
    ["parallel segments", parallel],
    ["collinear overlapping segments", collinearOverlapping],
  ];
  it.each(families)("%s", (name, arb) => {
    fc.assert(
      fc.property(arb, (s) => {
        const got = checkSegments(s);
        expect(got).toBeLessThanOrEqual(sampledDistance(...s) + TOL * 10);
      }),
      { seed: seedOf(`segments ${name}`), numRuns: RUNS },
    );
  });

  it("collinear overlapping segments are exactly 0 apart", () => {
    fc.assert(
      fc.property(collinearOverlapping, (s) => {
        expect(checkSegments(s)).toBeLessThanOrEqual(1e-12 * 20);
      }),
      { seed: seedOf("collinear zero"), numRuns: RUNS },
    );
  });

  // Regression: nearly parallel crossing segments were once reported 3e-9 apart, fixed by
  // computing the crossing parameter from the 2D cross product (dd1·dd2 − d12² cancels
  // catastrophically when the segments are nearly parallel).
  it("nearly parallel crossing segments (1e-9 to 1e-3 rad) are 0 apart, to 1e-13 of their size", () => {
    fc.assert(
      fc.property(nearlyParallelCrossing, (s) => {
        const got = checkSegments(s);
        const scale = Math.max(1, ...s.flatMap((p) => [Math.abs(p[0]), Math.abs(p[1])]));
        expect(got, "crossing segments touch").toBeLessThanOrEqual(1e-13 * scale);
      }),
      { seed: seedOf("nearly parallel crossing"), numRuns: RUNS * 2 },
    );
  });

  it("the regression case itself: two 20-long segments crossing at 3e-7 rad", () => {
    const d = 3e-7;
    const s: Segments = [[-10, 0], [10, 0], [-10 * Math.cos(d), -10 * Math.sin(d)], [10 * Math.cos(d), 10 * Math.sin(d)]];
    expect(checkSegments(s)).toBeLessThanOrEqual(1e-14);
  });
});

// ---- gjkDistance ------------------------------------------------------------------------------

const cloud = (n: number): fc.Arbitrary<P[]> =>
  fc.tuple(point(4), real(0.5, 6), fc.array(fc.tuple(real(-1, 1), real(-1, 1)), { minLength: 1, maxLength: n })).map(([[ox, oy], s, pts]) => pts.map(([x, y]): P => [ox + s * x, oy + s * y]));

const pack = (pts: readonly RefPoint[]) => Float64Array.from(pts.flatMap((p) => [p[0], p[1]]));

/** Whether p is inside or on the convex hull h (counter-clockwise, 3+ corners). */
function inHull(p: RefPoint, h: readonly RefPoint[]): boolean {
  if (h.length < 3) return false;
  return h.every((a, i) => orient(a, h[(i + 1) % h.length]!, p) >= 0);
}

/**
 * Brute force: the hulls overlap when a corner of one is in the other or two edges cross;
 * otherwise their distance is the least over (corner of one, edge or corner of the other).
 */
function hullDistance(A: readonly RefPoint[], B: readonly RefPoint[]): number {
  const ha = convexHull(A);
  const hb = convexHull(B);
  const edges = (h: readonly RefPoint[]) => (h.length === 1 ? [[h[0]!, h[0]!]] : h.length === 2 ? [[h[0]!, h[1]!]] : h.map((p, i) => [p, h[(i + 1) % h.length]!]));
  if (ha.some((p) => inHull(p, hb)) || hb.some((p) => inHull(p, ha))) return 0;
  let best = Infinity;
  for (const [a1, a2] of edges(ha)) for (const [b1, b2] of edges(hb)) best = Math.min(best, segmentReference(a1!, a2!, b1!, b2!));
  return best;
}

describe("gjkDistance on random convex point clouds agrees with brute force", () => {
  const gjk = new GjkResult();
  it("distance, closest points and the overlap verdict", () => {
    let apart = 0;
    let overlapping = 0;
    fc.assert(
      fc.property(cloud(8), cloud(8), (A, B) => {
        const scale = Math.max(1, ...[...A, ...B].flatMap((p) => [Math.abs(p[0]), Math.abs(p[1])]));
        const tol = TOL * scale;
        // The Minkowski difference's signed distance at the origin (the reference's own route)
        // keeps near-touching pairs out of the verdicts.
        const diff = convexHull(B.flatMap((b) => A.map((a): P => [b[0] - a[0], b[1] - a[1]])));
        const sd = signedDistanceToHull([0, 0], diff);
        fc.pre(Math.abs(sd) >= 1e-9 * scale);
        const want = hullDistance(A, B);
        expect(Math.abs(want - Math.max(0, sd)), "the two references agree").toBeLessThanOrEqual(tol);
        gjkDistance(pack(A), A.length, pack(B), B.length, gjk);
        expect([gjk.distance, gjk.pointAX, gjk.pointAY, gjk.pointBX, gjk.pointBY].every(Number.isFinite)).toBe(true);
        expect(Math.abs(gjk.distance - want), `gjk ${gjk.distance} vs brute force ${want}`).toBeLessThanOrEqual(tol);
        const pA: P = [gjk.pointAX, gjk.pointAY];
        const pB: P = [gjk.pointBX, gjk.pointBY];
        expect(Math.abs(Math.hypot(pB[0] - pA[0], pB[1] - pA[1]) - gjk.distance)).toBeLessThanOrEqual(tol);
        if (want === 0) {
          overlapping++;
          expect(gjk.simplexCount, "an overlap ends on a triangle").toBe(3);
        } else {
          apart++;
          // Each closest point is in its own hull (on its boundary) and `distance` from the other.
          expect(Math.abs(signedDistanceToHull(pA, convexHull(A)))).toBeLessThanOrEqual(tol);
          expect(Math.abs(signedDistanceToHull(pB, convexHull(B)))).toBeLessThanOrEqual(tol);
          expect(Math.abs(signedDistanceToHull(pA, convexHull(B)) - want)).toBeLessThanOrEqual(tol);
          expect(gjk.simplexCount).toBeLessThan(3);
        }
      }),
      { seed: seedOf("gjk clouds"), numRuns: RUNS * 2 },
    );
    expect(apart).toBeGreaterThan(RUNS * 0.2);
    expect(overlapping).toBeGreaterThan(RUNS * 0.2);
  });

  it("hull mode (convex polygons in cyclic order, either winding, any first vertex): the same distances, cold and warm", () => {
    // The support search climbs along the boundary in this mode, so the input must be a hull.
    const warmGjk = new GjkResult();
    let hulls = 0;
    fc.assert(
      fc.property(cloud(10), cloud(10), fc.nat(20), fc.nat(20), fc.boolean(), fc.boolean(), fc.double({ min: -0.5, max: 0.5, noNaN: true }), (A0, B0, shiftA, shiftB, flipA, flipB, nudge) => {
        const order = (pts: P[], shift: number, flip: boolean): P[] => {
          const h = convexHull(pts);
          const turned = h.map((_, i) => h[(i + shift) % h.length]!);
          return flip ? turned.reverse() : turned;
        };
        const A = order(A0, shiftA, flipA), B = order(B0, shiftB, flipB);
        fc.pre(A.length >= 3 && B.length >= 3);
        hulls++;
        const scale = Math.max(1, ...[...A, ...B].flatMap((p) => [Math.abs(p[0]), Math.abs(p[1])]));
        const tol = TOL * scale;
        const want = hullDistance(A, B);
        gjkDistance(pack(A), A.length, pack(B), B.length, gjk, false, true);
        expect(Math.abs(gjk.distance - want), `hull mode ${gjk.distance} vs brute force ${want}`).toBeLessThanOrEqual(tol);
        // Warm: a first call, then B moved a little, started from the first call's simplex.
        gjkDistance(pack(A), A.length, pack(B), B.length, warmGjk, false, true);
        const moved = B.map((p): P => [p[0] + nudge, p[1] - nudge]);
        gjkDistance(pack(A), A.length, pack(moved), moved.length, warmGjk, true, true);
        expect(Math.abs(warmGjk.distance - hullDistance(A, moved))).toBeLessThanOrEqual(tol);
      }),
      { seed: seedOf("gjk hull mode"), numRuns: RUNS * 2 },
    );
    expect(hulls).toBeGreaterThan(RUNS);
  });

  it("single points and segments (degenerate clouds) too", () => {
    fc.assert(
      fc.property(cloud(2), cloud(2), (A, B) => {
        const want = hullDistance(A, B);
        gjkDistance(pack(A), A.length, pack(B), B.length, gjk);
        expect(Math.abs(gjk.distance - want)).toBeLessThanOrEqual(TOL * 20);
      }),
      { seed: seedOf("gjk degenerate"), numRuns: RUNS },
    );
  });
});
