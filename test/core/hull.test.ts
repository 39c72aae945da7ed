// computeHull against a brute-force check, its welding, collinear dropping and failures; and the
// guarded geometry constructors (makeCircle, makeCapsule, makeBox, makePolygon). Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAPSULE, CIRCLE, checkConvexPolygon, computeHull, geometryOf, makeBox, makeCapsule, makeCircle, makePolygon, POLYGON, vec2, type PolygonGeometry, type Shape, type Vec2 } from "../../core/index";
import { COLLINEAR_SINE, HULL_WELD_FRACTION, signedArea } from "../../core/hull";
import { real, seedOf } from "./arbitraries";

const cross = (o: Vec2, a: Vec2, b: Vec2) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
const extentOf = (pts: readonly Vec2[]) => {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
};

/** The brute-force contract of a successful hull of `input`. */
function checkHull(input: readonly Vec2[], hull: readonly Vec2[]): void {
  const n = hull.length;
  expect(n).toBeGreaterThanOrEqual(3);
  expect(hull.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
  // Every hull vertex is one of the input points (welding keeps a representative, never a mean).
  for (const h of hull) expect(input.some((p) => p.x === h.x && p.y === h.y), `vertex ${h.x}, ${h.y}`).toBe(true);
  // Strictly convex with positive cross products at every corner (so no repeated vertex either).
  for (let i = 0; i < n; i++) {
    const a = hull[(i + n - 1) % n]!, b = hull[i]!, c = hull[(i + 1) % n]!;
    expect(cross(a, b, c), `turn at vertex ${i}`).toBeGreaterThan(0);
  }
  // Winds exactly once: the turning angles sum to 2π (a pentagram turns one way at every corner).
  let turning = 0;
  for (let i = 0; i < n; i++) {
    const a = hull[(i + n - 1) % n]!, b = hull[i]!, c = hull[(i + 1) % n]!;
    turning += Math.atan2(cross(a, b, c), (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y));
  }
  expect(Math.abs(turning - 2 * Math.PI)).toBeLessThan(1e-9);
  // Every input point is inside or on the hull, up to the weld distance (1e-7 of the extent: a
  // point welded to a neighbour, or dropped as collinear, may sit that far outside).
  const slack = 1e-7 * extentOf(input) * 1.5;
  for (const p of input) {
    for (let i = 0; i < n; i++) {
      const a = hull[i]!, b = hull[(i + 1) % n]!;
      const outside = -cross(a, b, p) / Math.hypot(b.x - a.x, b.y - a.y);
      expect(outside, `input ${p.x}, ${p.y} outside edge ${i}`).toBeLessThanOrEqual(slack);
    }
  }
}

const pt = (x: number, y: number): Vec2 => vec2(x, y);
const points = (extent: number, max = 30): fc.Arbitrary<Vec2[]> => fc.array(fc.tuple(real(-extent, extent), real(-extent, extent)).map(([x, y]) => pt(x, y)), { minLength: 3, maxLength: max });
/** Integer grid points: many duplicates and collinear triples. */
const gridPoints: fc.Arbitrary<Vec2[]> = fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })).map(([x, y]) => pt(x, y)), { minLength: 3, maxLength: 30 });
/** Random points plus copies of some of them, exact or moved by 1e-12. */
const withNearDuplicates: fc.Arbitrary<Vec2[]> = fc
  .tuple(points(10, 10), fc.array(fc.tuple(fc.nat(), fc.constantFrom(0, 1e-12, -1e-12), fc.constantFrom(0, 1e-12)), { maxLength: 10 }))
  .map(([base, copies]) => [...base, ...copies.map(([i, dx, dy]) => pt(base[i % base.length]!.x + dx, base[i % base.length]!.y + dy))]);
/** Points on the edges of a random triangle (collinear with its corners) plus the corners. */
const onTriangleEdges: fc.Arbitrary<Vec2[]> = fc
  .tuple(points(10, 3), fc.array(fc.tuple(fc.nat(), real(0, 1)), { maxLength: 12 }))
  .map(([[a, b, c], extra]) => {
    const corners = [a!, b!, c!];
    return [...corners, ...extra.map(([i, t]) => {
      const p = corners[i % 3]!, q = corners[(i + 1) % 3]!;
      return pt(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y));
    })];
  });

describe("computeHull against brute force", () => {
  const families: [string, fc.Arbitrary<Vec2[]>][] = [
    ["random points", points(10)],
    ["points at 1e6 with a spread of 1", points(1).map((ps) => ps.map((p) => pt(p.x + 1e6, p.y - 1e6)))],
    ["tiny point sets (spread 1e-6)", points(1e-6)],
    ["integer grid points (duplicates and collinear runs)", gridPoints],
    ["exact and 1e-12 duplicates", withNearDuplicates],
    ["points on a triangle's edges", onTriangleEdges],
  ];
  it.each(families)("%s", (name, arb) => {
    let ok = 0;
    fc.assert(
      fc.property(arb, (input) => {
        const r = computeHull(input);
        if (!r.ok) {
          // A failure always says why, and only for inputs that really have no area.
          expect(r.reason.length).toBeGreaterThan(0);
          const a = input[0]!;
          const spread = Math.max(...input.map((p) => Math.max(...input.map((q) => Math.abs(cross(a, p, q))))));
          expect(spread, `failed with "${r.reason}" on an input with area`).toBeLessThanOrEqual(1e-9 * extentOf(input) ** 2 * 2);
          return;
        }
        ok++;
        checkHull(input, r.points);
        expect(checkConvexPolygon(r.points), "core's own convexity check accepts the hull").toBeNull();
      }),
      { seed: seedOf(`hull ${name}`), numRuns: 300 },
    );
    expect(ok, "hulls actually built").toBeGreaterThan(100);
  });

  it("the hull of a convex polygon's corners (any order) is those corners, each once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), real(0, 2 * Math.PI), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (n, phase, order) => {
        const corners = Array.from({ length: n }, (_, i) => pt(5 * Math.cos(phase + (2 * Math.PI * i) / n), 5 * Math.sin(phase + (2 * Math.PI * i) / n)));
        const shuffled = corners.map((p, i) => ({ p, k: order[i]! })).sort((u, v) => u.k - v.k).map((u) => u.p);
        const r = computeHull(shuffled);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.points).toHaveLength(n);
        checkHull(shuffled, r.points);
      }),
      { seed: seedOf("hull regular polygons"), numRuns: 200 },
    );
  });
});

describe("computeHull welding, collinear points and failures", () => {
  it("welds points 1e-12 apart into one vertex", () => {
    const r = computeHull([pt(0, 0), pt(4, 0), pt(4 + 1e-12, 1e-12), pt(0, 3), pt(1e-12, 3)]);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.points).toHaveLength(3);
  });

  it("welds relative to the point set's size: 1e-8 apart is one point in a 1000-wide set, two in a 1e-3-wide one", () => {
    const big = computeHull([pt(0, 0), pt(1000, 0), pt(1000 + 1e-8, 1e-8), pt(0, 1000)]);
    expect(big.ok && big.points.length).toBe(3);
    const small = computeHull([pt(0, 0), pt(1e-3, 0), pt(1e-3, 1e-3), pt(1e-3 - 1e-8, 1e-3 + 1e-8), pt(0, 1e-3)]);
    expect(small.ok && small.points.length).toBe(5);
  });

  it("drops collinear points: a square with its edge midpoints and centre is 4 corners", () => {
    const input = [pt(0, 0), pt(1, 0), pt(2, 0), pt(2, 1), pt(2, 2), pt(1, 2), pt(0, 2), pt(0, 1), pt(1, 1)];
    const r = computeHull(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.points).toHaveLength(4);
    expect(new Set(r.points.map((p) => `${p.x},${p.y}`))).toEqual(new Set(["0,0", "2,0", "2,2", "0,2"]));
  });

  it("drops a nearly collinear point (turn sine 1e-12)", () => {
    const r = computeHull([pt(0, 0), pt(1, -1e-12), pt(2, 0), pt(1, 1)]);
    expect(r.ok && r.points.length).toBe(3);
  });

  it("runs with positive cross products whatever the input order", () => {
    for (const input of [[pt(0, 0), pt(1, 0), pt(0, 1)], [pt(0, 0), pt(0, 1), pt(1, 0)]]) {
      const r = computeHull(input);
      expect(r.ok).toBe(true);
      if (r.ok) expect(cross(r.points[0]!, r.points[1]!, r.points[2]!)).toBeGreaterThan(0);
    }
  });

  const failures: [string, Vec2[]][] = [
    ["no points", []],
    ["one point", [pt(1, 2)]],
    ["two points", [pt(1, 2), pt(3, 4)]],
    ["all identical", [pt(5, 5), pt(5, 5), pt(5, 5), pt(5, 5)]],
    ["identical within the weld distance", [pt(5, 5), pt(5 + 1e-13, 5), pt(5, 5 - 1e-13)]],
    ["two distinct points, many times", [pt(0, 0), pt(1, 1), pt(0, 0), pt(1, 1), pt(1e-13, 0)]],
    ["all collinear", [pt(0, 0), pt(1, 1), pt(2, 2), pt(-5, -5), pt(3.5, 3.5)]],
    ["collinear up to rounding", [pt(0, 0), pt(0.1, 0.3), pt(0.2, 0.6), pt(0.3, 0.9)]],
    ["NaN", [pt(0, 0), pt(1, 0), pt(Number.NaN, 1)]],
    ["Infinity", [pt(0, 0), pt(1, 0), pt(0, Infinity)]],
    ["-Infinity", [pt(-Infinity, 0), pt(1, 0), pt(0, 1)]],
  ];
  it.each(failures)("fails with a reason on %s", (_name, input) => {
    const r = computeHull(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(typeof r.reason).toBe("string");
      expect(r.reason.length).toBeGreaterThan(5);
      expect(r.reason).not.toMatch(/NaN|undefined/);
    }
  });

  it("the reasons name the problem", () => {
    const reason = (input: Vec2[]) => {
      const r = computeHull(input);
      return r.ok ? "" : r.reason;
    };
    expect(reason([pt(0, 0), pt(1, 1)])).toMatch(/at least 3/);
    expect(reason([pt(0, 0), pt(0, 0), pt(0, 0)])).toMatch(/distinct/);
    expect(reason([pt(0, 0), pt(1, 1), pt(2, 2)])).toMatch(/collinear|area/);
    expect(reason([pt(0, 0), pt(1, 0), pt(Number.NaN, 1)])).toMatch(/point 2 .*finite/);
  });

  it("never produces NaN, whatever the input (including NaN and infinities among the points)", () => {
    const coordinate = fc.oneof(real(-10, 10), fc.constantFrom(0, 1e-300, -1e-300, 5e-324, 1e300, Number.NaN, Infinity, -Infinity, Number.MAX_VALUE));
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate).map(([x, y]) => pt(x, y)), { maxLength: 12 }), (input) => {
        const r = computeHull(input);
        if (r.ok) expect(r.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
        else expect(r.reason.length).toBeGreaterThan(0);
      }),
      { seed: seedOf("hull never NaN"), numRuns: 1000 },
    );
  });
});

describe("guarded constructors", () => {
  const failures: [string, () => { ok: boolean }][] = [
    ["circle with radius 0", () => makeCircle(0)],
    ["circle with a negative radius", () => makeCircle(-1)],
    ["circle with a NaN radius", () => makeCircle(Number.NaN)],
    ["circle with an infinite radius", () => makeCircle(Infinity)],
    ["circle with a NaN centre", () => makeCircle(1, Number.NaN, 0)],
    ["capsule with radius 0", () => makeCapsule(0, 0, 1, 0, 0)],
    ["capsule with a NaN end", () => makeCapsule(0, 0, Number.NaN, 0, 1)],
    ["capsule with an infinite radius", () => makeCapsule(0, 0, 1, 0, Infinity)],
    ["box of width 0", () => makeBox(0, 1)],
    ["box of negative height", () => makeBox(1, -1)],
    ["box with a NaN angle", () => makeBox(1, 1, 0, 0, Number.NaN)],
    ["box with an infinite centre", () => makeBox(1, 1, Infinity, 0)],
    ["polygon of 2 points", () => makePolygon([pt(0, 0), pt(1, 0)])],
    ["polygon of collinear points", () => makePolygon([pt(0, 0), pt(1, 0), pt(2, 0)])],
    ["polygon with a NaN point", () => makePolygon([pt(0, 0), pt(1, 0), pt(0, Number.NaN)])],
    ["polygon with a negative radius", () => makePolygon([pt(0, 0), pt(1, 0), pt(0, 1)], -0.5)],
    ["polygon with a NaN radius", () => makePolygon([pt(0, 0), pt(1, 0), pt(0, 1)], Number.NaN)],
    ["polygon with an infinite radius", () => makePolygon([pt(0, 0), pt(1, 0), pt(0, 1)], Infinity)],
  ];
  it.each(failures)("%s fails with a reason", (_name, make) => {
    const r = make() as { ok: boolean; reason?: string };
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/^(circle|capsule|box|polygon): ./);
  });

  it("makeCapsule with coincident centres returns a circle at that centre", () => {
    const r = makeCapsule(3, -4, 3, -4, 2);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject({ kind: CIRCLE, cx: 3, cy: -4, radius: 2 });
    // Centres within 1e-12 of the capsule's size count as coincident: still a circle, at the middle.
    const near = makeCapsule(1e6, 0, 1e6 + 1e-7, 0, 1);
    expect(near.ok && near.value.kind).toBe(CIRCLE);
    if (near.ok && near.value.kind === CIRCLE) expect(near.value.cx).toBeCloseTo(1e6 + 5e-8, 6);
    // …and centres clearly apart are a capsule.
    const apart = makeCapsule(0, 0, 1e-6, 0, 1);
    expect(apart.ok && apart.value.kind).toBe(CAPSULE);
  });

  it("a scene capsule with height = 2·radius converts to a circle; a shorter one is refused", () => {
    const capsule = (height: number): Shape => ({ id: "k", type: "capsule", x: 0, y: 0, rotation: 30, radius: 1, height });
    const g = geometryOf(capsule(2));
    expect(g.ok && g.value.kind).toBe(CIRCLE);
    expect(geometryOf(capsule(1.5)).ok).toBe(false);
    expect(geometryOf(capsule(3)).ok && (geometryOf(capsule(3)) as { value: { kind: number } }).value.kind).toBe(CAPSULE);
  });

  /** Unit, outward normals: ⟂ to their edge, every vertex behind every edge's line. */
  function checkNormals(g: PolygonGeometry): void {
    const v = (i: number) => pt(g.vertices[2 * (i % g.count)]!, g.vertices[2 * (i % g.count) + 1]!);
    for (let i = 0; i < g.count; i++) {
      const nx = g.normals[2 * i]!, ny = g.normals[2 * i + 1]!;
      const a = v(i), b = v(i + 1);
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      expect(Math.abs(Math.hypot(nx, ny) - 1), `normal ${i} is unit`).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(nx * (b.x - a.x) + ny * (b.y - a.y)) / len, `normal ${i} ⟂ its edge`).toBeLessThanOrEqual(1e-12);
      for (let j = 0; j < g.count; j++) {
        const p = v(j);
        expect(nx * (p.x - a.x) + ny * (p.y - a.y), `vertex ${j} behind edge ${i}`).toBeLessThanOrEqual(1e-9 * len);
      }
      // Outward: away from the centroid.
      expect(nx * (a.x - g.centroidX) + ny * (a.y - g.centroidY)).toBeGreaterThan(0);
    }
  }

  /** Area-weighted centroid by the shoelace formula about the origin (independent of the core's). */
  function shoelaceCentroid(g: PolygonGeometry): Vec2 {
    let a = 0, cx = 0, cy = 0;
    for (let i = 0; i < g.count; i++) {
      const j = (i + 1) % g.count;
      const x0 = g.vertices[2 * i]!, y0 = g.vertices[2 * i + 1]!, x1 = g.vertices[2 * j]!, y1 = g.vertices[2 * j + 1]!;
      const k = x0 * y1 - x1 * y0;
      a += k;
      cx += (x0 + x1) * k;
      cy += (y0 + y1) * k;
    }
    return pt(cx / (3 * a), cy / (3 * a));
  }

  it("makeBox: four vertices, unit outward normals, centroid at its centre", () => {
    fc.assert(
      fc.property(real(0.01, 100), real(0.01, 100), real(-1e3, 1e3), real(-1e3, 1e3), real(-720, 720), (hw, hh, cx, cy, deg) => {
        const r = makeBox(hw, hh, cx, cy, deg);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.kind).toBe(POLYGON);
        expect(r.value.count).toBe(4);
        expect(r.value.radius).toBe(0);
        checkNormals(r.value);
        const tol = 1e-12 * (Math.abs(cx) + Math.abs(cy) + hw + hh);
        expect(Math.abs(r.value.centroidX - cx)).toBeLessThanOrEqual(tol);
        expect(Math.abs(r.value.centroidY - cy)).toBeLessThanOrEqual(tol);
        // Its half-extents along its own axes are hw and hh.
        const a = pt(r.value.vertices[0]!, r.value.vertices[1]!), b = pt(r.value.vertices[2]!, r.value.vertices[3]!), c = pt(r.value.vertices[4]!, r.value.vertices[5]!);
        const sides = [Math.hypot(b.x - a.x, b.y - a.y), Math.hypot(c.x - b.x, c.y - b.y)].sort((u, v) => u - v);
        expect(sides[0]! / 2).toBeCloseTo(Math.min(hw, hh), 9);
        expect(sides[1]! / 2).toBeCloseTo(Math.max(hw, hh), 9);
      }),
      { seed: seedOf("make box"), numRuns: 300 },
    );
  });

  it("makePolygon: hull vertices, unit outward normals, centroid as the shoelace formula gives", () => {
    fc.assert(
      fc.property(points(10, 10), real(0, 2), (input, radius) => {
        const r = makePolygon(input, radius);
        const hull = computeHull(input);
        expect(r.ok).toBe(hull.ok);
        if (!r.ok || !hull.ok) return;
        expect(r.value.count).toBe(hull.points.length);
        expect(r.value.radius).toBe(radius);
        expect(Array.from(r.value.vertices)).toEqual(hull.points.flatMap((p) => [p.x, p.y]));
        checkNormals(r.value);
        const c = shoelaceCentroid(r.value);
        expect(Math.abs(r.value.centroidX - c.x)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(r.value.centroidY - c.y)).toBeLessThanOrEqual(1e-9);
      }),
      { seed: seedOf("make polygon"), numRuns: 300 },
    );
  });

  it("makePolygon: the centroid of a right triangle is the mean of its corners", () => {
    const r = makePolygon([pt(0, 0), pt(3, 0), pt(0, 6)]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.centroidX).toBeCloseTo(1, 14);
    expect(r.value.centroidY).toBeCloseTo(2, 14);
  });

  it("makeCircle and makeCapsule keep their numbers", () => {
    expect(makeCircle(2, 1, -1)).toMatchObject({ ok: true, value: { kind: CIRCLE, cx: 1, cy: -1, radius: 2 } });
    expect(makeCapsule(0, -1, 0, 1, 0.5)).toMatchObject({ ok: true, value: { kind: CAPSULE, x1: 0, y1: -1, x2: 0, y2: 1, radius: 0.5 } });
  });

  it("bound: a circle about the local origin that holds every point of the shape, and no wider than needed", () => {
    // The early out in the manifolds relies on it: a bound too small would hide overlaps.
    fc.assert(
      fc.property(points(10, 10), real(0, 2), real(-5, 5), real(-5, 5), real(0.01, 3), (input, radius, cx, cy, r) => {
        const poly = makePolygon(input, radius);
        if (poly.ok) {
          const far = Math.max(...Array.from({ length: poly.value.count }, (_, i) => Math.hypot(poly.value.vertices[2 * i]!, poly.value.vertices[2 * i + 1]!)));
          expect(poly.value.bound).toBeGreaterThanOrEqual(far + radius);
          expect(poly.value.bound).toBeLessThanOrEqual((far + radius) * (1 + 1e-12));
        }
        const circle = makeCircle(r, cx, cy);
        if (circle.ok) expect(circle.value.bound).toBeGreaterThanOrEqual(Math.hypot(cx, cy) + r);
        const capsule = makeCapsule(cx, cy, -cy, cx, r);
        if (capsule.ok) expect(capsule.value.bound).toBeGreaterThanOrEqual(Math.hypot(cx, cy) + r);
      }),
      { seed: seedOf("geometry bound"), numRuns: 300 },
    );
  });
});

/**
 * computeHull as written with point objects and the builtin stable sort: near-duplicates welded
 * (the first in x, y order kept), then the two monotone chains with the same turn test, and the
 * same failures. computeHull works on indices into scratch arrays; it must agree exactly.
 */
function referenceHull(points: readonly Vec2[]): Vec2[] | string {
  const i = points.findIndex((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y));
  if (i >= 0) return `point ${i} is not a finite number`;
  if (points.length < 3) return `a polygon needs at least 3 points, got ${points.length}`;
  const extent = extentOf(points), weld = HULL_WELD_FRACTION * extent;
  const distinct: Vec2[] = [];
  for (const p of [...points].sort((a, b) => a.x - b.x || a.y - b.y)) {
    if (!distinct.some((q) => p.x - q.x <= weld && Math.abs(q.y - p.y) <= weld)) distinct.push(p);
  }
  if (distinct.length < 3) return `a polygon needs at least 3 distinct points, got ${distinct.length}`;
  const turns = (o: Vec2, a: Vec2, b: Vec2) => {
    const ax = a.x - o.x, ay = a.y - o.y, bx = b.x - o.x, by = b.y - o.y;
    const la = ax * ax + ay * ay, lb = bx * bx + by * by;
    const lengths = la > 1e-150 && la < 1e150 && lb > 1e-150 && lb < 1e150 ? Math.sqrt(la * lb) : Math.hypot(ax, ay) * Math.hypot(bx, by);
    return ax * by - ay * bx > COLLINEAR_SINE * lengths;
  };
  const chain = (pts: readonly Vec2[]) => {
    const out: Vec2[] = [];
    for (const p of pts) {
      while (out.length >= 2 && !turns(out[out.length - 2]!, out[out.length - 1]!, p)) out.pop();
      out.push(p);
    }
    return out.slice(0, -1);
  };
  const hull = [...chain(distinct), ...chain([...distinct].reverse())];
  if (hull.length < 3) return "the points are collinear (the polygon has no area)";
  return signedArea(hull) <= COLLINEAR_SINE * extent * extent ? "the polygon has no area" : hull;
}

describe("computeHull against the same steps on point objects", () => {
  it("keeps the same points in the same order, and fails for the same reason: duplicates, near-duplicates, collinear points, NaN, long lists", () => {
    const coordinate = fc.constantFrom(0, -0, 1, -1, 2, 0.5, 1e-300, -1e300, 1 + 1e-9, NaN);
    const special = fc.array(fc.tuple(coordinate, coordinate).map(([x, y]) => pt(x, y)), { maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(special, gridPoints, withNearDuplicates, onTriangleEdges, points(1e-3, 60), points(1e6, 60)), (input) => {
        const expected = referenceHull(input), got = computeHull(input);
        if (typeof expected === "string") expect(got).toEqual({ ok: false, reason: expected });
        else {
          expect(got.ok).toBe(true);
          // The same objects in the same places (which of two welded points is kept included).
          if (got.ok) expect(got.points.length === expected.length && got.points.every((p, k) => p === expected[k])).toBe(true);
        }
        // makePolygon takes the same hull: its vertices are the hull's points.
        const polygon = makePolygon(input);
        expect(polygon.ok).toBe(typeof expected !== "string");
        if (polygon.ok && typeof expected !== "string") expect(Array.from(polygon.value.vertices)).toEqual(expected.flatMap((p) => [p.x, p.y]));
      }),
      { numRuns: 3000, seed: seedOf("computeHull vs object steps") },
    );
  });
});
