// Property tests for containsPoint on every kind against the independent reference: a point is in
// a shape exactly when its signed distance to the shape is ≤ 0. Points within 1e-9 (relative) of
// the boundary are left out: either answer is right there. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collisionBody, containsPoint, makeCapsule, makePolygon, type Transform } from "../../core/index";
import type { ConvexShape as Shape } from "./arbitraries";
import { KINDS, extremeShape, real, seedOf, shapeOf } from "./arbitraries";
import { convexHull, coreRadius, magnitudeOf, pointSignedDistance, signedDistanceToHull, worldCore, type RefPoint } from "./reference";

const RUNS = 1000;
const BOUNDARY = 1e-9;

const contains = (s: Shape, p: RefPoint): boolean => {
  const body = collisionBody(s);
  return containsPoint(body.geometry, body.transform, p[0], p[1]);
};

/**
 * A point near the shape: a random point of its core (a convex combination of the core's points)
 * moved by up to 0.6 of its reach plus its radius in any direction, so both answers are common.
 */
function around(core: readonly RefPoint[], reach: number): fc.Arbitrary<RefPoint> {
  return fc
    .tuple(fc.array(real(0, 1), { minLength: core.length, maxLength: core.length }), real(0, 2 * Math.PI), real(0, reach))
    .map(([w, angle, len]): RefPoint => {
      const total = w.reduce((u, v) => u + v, 0) || 1;
      const x = core.reduce((u, p, i) => u + (w[i]! / total) * p[0], 0);
      const y = core.reduce((u, p, i) => u + (w[i]! / total) * p[1], 0);
      return [x + len * Math.cos(angle), y + len * Math.sin(angle)];
    });
}

const nearby = (s: Shape): fc.Arbitrary<RefPoint> => {
  const core = worldCore(s);
  let extent = 0;
  for (const p of core) for (const q of core) extent = Math.max(extent, Math.hypot(p[0] - q[0], p[1] - q[1]));
  return around(core, 0.6 * extent + 2 * coreRadius(s));
};

describe("containsPoint agrees with the reference signed distance", () => {
  it.each(KINDS)("%s", (kind) => {
    let inside = 0;
    let outside = 0;
    fc.assert(
      fc.property(
        shapeOf(kind, "s").chain((s) => fc.tuple(fc.constant(s), nearby(s))),
        ([s, p]) => {
          const sd = pointSignedDistance(s, p);
          fc.pre(Math.abs(sd) > BOUNDARY * magnitudeOf(s));
          if (sd < 0) inside++;
          else outside++;
          expect(contains(s, p), `signed distance ${sd}`).toBe(sd < 0);
        },
      ),
      { seed: seedOf(`contains ${kind}`), numRuns: RUNS },
    );
    expect(inside, "points inside").toBeGreaterThan(RUNS * 0.15);
    expect(outside, "points outside").toBeGreaterThan(RUNS * 0.15);
  });

  it.each(KINDS)("%s at scales from 1e-6 to 1e6", (kind) => {
    fc.assert(
      fc.property(
        extremeShape(kind, "s").chain((s) => fc.tuple(fc.constant(s), nearby(s))),
        ([s, p]) => {
          const sd = pointSignedDistance(s, p);
          fc.pre(Math.abs(sd) > BOUNDARY * magnitudeOf(s));
          expect(contains(s, p), `signed distance ${sd}`).toBe(sd < 0);
        },
      ),
      { seed: seedOf(`contains extreme ${kind}`), numRuns: RUNS / 2 },
    );
  });

  it("every shape contains its own position, except polygons whose points are elsewhere", () => {
    fc.assert(
      fc.property(fc.oneof(...KINDS.filter((k) => k !== "polygon").map((k) => shapeOf(k, "s"))), (s) => {
        expect(contains(s, [s.x, s.y])).toBe(true);
      }),
      { seed: seedOf("contains own position"), numRuns: 200 },
    );
  });

  it("a zero-length capsule (height = 2·radius) contains what its circle contains", () => {
    const capsule: Shape = { id: "k", type: "capsule", x: 3, y: -2, rotation: 37, radius: 1.5, height: 3 };
    expect(contains(capsule, [3 + 1.49, -2])).toBe(true);
    expect(contains(capsule, [3, -2 - 1.51])).toBe(false);
    expect(contains(capsule, [3 + 1.06, -2 + 1.06])).toBe(true); // 1.499 from the centre
    expect(contains(capsule, [3 + 1.07, -2 + 1.07])).toBe(false); // 1.513
  });
});

describe("containsPoint on geometry the scene format cannot express", () => {
  // Rounded polygons (radius > 0) and capsules off the origin are built directly; the reference
  // is the signed distance to the hull of the world points, minus the radius.
  const transform = fc.tuple(real(-50, 50), real(-50, 50), real(-Math.PI, Math.PI)).map(([px, py, t]): Transform => ({ px, py, c: Math.cos(t), s: Math.sin(t) }));
  const toWorld = (xf: Transform, p: RefPoint): [number, number] => [xf.c * p[0] - xf.s * p[1] + xf.px, xf.s * p[0] + xf.c * p[1] + xf.py];

  it("rounded polygons", () => {
    let inside = 0;
    const case_ = fc
      .tuple(fc.array(fc.tuple(real(-5, 5), real(-5, 5)), { minLength: 3, maxLength: 8 }), real(0, 3), transform)
      .map(([pts, radius, xf]) => ({ made: makePolygon(pts.map(([x, y]) => ({ x, y })), radius), hull: convexHull(pts.map((p) => toWorld(xf, p))), radius, xf }))
      .filter(({ made }) => made.ok)
      .chain((c) => fc.tuple(fc.constant(c), around(c.hull, 3 + 2 * c.radius)));
    fc.assert(
      fc.property(case_, ([{ made, hull, radius, xf }, p]) => {
        if (!made.ok) return;
        const sd = signedDistanceToHull([p[0], p[1]], hull) - radius;
        fc.pre(Math.abs(sd) > BOUNDARY * 60);
        if (sd < 0) inside++;
        expect(containsPoint(made.value, xf, p[0], p[1]), `signed distance ${sd}`).toBe(sd < 0);
      }),
      { seed: seedOf("contains rounded polygon"), numRuns: RUNS },
    );
    expect(inside).toBeGreaterThan(RUNS * 0.2);
  });

  it("capsules with any core, off the origin", () => {
    fc.assert(
      fc.property(fc.tuple(real(-5, 5), real(-5, 5), real(-5, 5), real(-5, 5)), real(0.1, 3), transform, fc.tuple(real(-10, 10), real(-10, 10)), ([x1, y1, x2, y2], radius, xf, local) => {
        const made = makeCapsule(x1, y1, x2, y2, radius);
        expect(made.ok).toBe(true);
        if (!made.ok) return;
        const p = toWorld(xf, local);
        const sd = signedDistanceToHull(p, convexHull([toWorld(xf, [x1, y1]), toWorld(xf, [x2, y2])])) - radius;
        fc.pre(Math.abs(sd) > BOUNDARY * 60);
        expect(containsPoint(made.value, xf, p[0], p[1]), `signed distance ${sd}`).toBe(sd < 0);
      }),
      { seed: seedOf("contains capsule"), numRuns: RUNS },
    );
  });
});
