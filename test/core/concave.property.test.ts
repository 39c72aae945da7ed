// Property tests: concave polygons as one solid, against an independent reference that splits
// the outline by its own O(n³) ear clipper (outline-reference.ts) and runs the convex reference
// (reference.ts, cast-reference.ts) over the triangles: overlap, ray first hit (on the outline,
// never an edge between pieces), sweep first contact, containment and distance. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CastOutput, collide, containsPoint, DistanceOutput, geometryOf, Manifold, rayCast, shapeCast, shapeDistance, transformOf, type PolygonShape, type Shape, type ShapeGeometry } from "../../core/index";
import { anyShape, real, seedOf } from "./arbitraries";
import { refRayCast, refShapeCast } from "./cast-reference";
import { earClip, insideOutline, outlineDistance, shoelace, starOutline } from "./outline-reference";
import { magnitudeOf, signedDistance, type RefPoint, type RefShape } from "./reference";

const RUNS = 300;
const BOUNDARY = 1e-6;

const concave = fc
  .tuple(starOutline({ collinear: true }), real(-5, 5), real(-5, 5), real(-180, 180))
  .map(([points, x, y, rotation]): PolygonShape => ({ id: "p", type: "polygon", x, y, rotation, points: points.map(([px, py]) => [px, py] as [number, number]) }));

/** The outline in world coordinates, as the reference places a polygon's points. */
function worldOutline(p: PolygonShape): RefPoint[] {
  const t = (p.rotation * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
  return p.points.map(([lx, ly]) => [p.x + lx * c - ly * s, p.y + lx * s + ly * c] as const);
}

/** The reference's triangles of the outline, as convex reference shapes. */
const trianglesOf = (p: PolygonShape): RefShape[] => earClip(worldOutline(p)).map((tri) => ({ type: "polygon", x: 0, y: 0, points: tri }));

function geometry(s: Shape): ShapeGeometry {
  const g = geometryOf(s);
  if (!g.ok) throw new Error(`${s.id}: ${g.reason}`);
  return g.value;
}



describe("concave polygons as one solid, against ear-clipped triangles", () => {
  it("the reference's triangles cover the outline (area)", () => {
    fc.assert(
      fc.property(concave, (p) => {
        const tris = earClip(worldOutline(p));
        const sum = tris.reduce((acc, t) => acc + Math.abs(shoelace(t)), 0);
        expect(Math.abs(sum - Math.abs(shoelace(worldOutline(p))))).toBeLessThanOrEqual(1e-9 * sum);
      }),
      { numRuns: RUNS, seed: seedOf("ear clip area") },
    );
  });

  it("overlap with any convex shape, both orders: the same as with some triangle", () => {
    fc.assert(
      fc.property(concave, anyShape("b", { extent: 14, maxSize: 8 }), (p, b) => {
        const tris = trianglesOf(p);
        const sd = Math.min(...tris.map((t) => signedDistance(t, b)));
        const scale = magnitudeOf(b, ...tris);
        fc.pre(Math.abs(sd) >= BOUNDARY * scale);
        const gp = geometry(p), gb = geometry(b), xp = transformOf(p), xb = transformOf(b);
        const m = collide(gp, xp, gb, xb, new Manifold());
        expect(m.pointCount > 0, `reference signed distance ${sd}`).toBe(sd < 0);
        expect(collide(gb, xb, gp, xp, new Manifold()).pointCount > 0).toBe(sd < 0);
        if (m.pointCount === 0) return;
        expect(m.depth).toBeGreaterThan(0);
        expect(Math.abs(Math.hypot(m.normalX, m.normalY) - 1)).toBeLessThanOrEqual(1e-9);
        expect(Number.isFinite(m.point1X) && Number.isFinite(m.point1Y)).toBe(true);
      }),
      { numRuns: RUNS, seed: seedOf("concave overlap") },
    );
  });

  it("a ray's first hit: the reference's fraction, on the outline, normal against the ray; from inside: no hit, or startedInside", () => {
    const end = fc.tuple(real(-16, 16), real(-16, 16));
    fc.assert(
      fc.property(concave, end, end, (p, from, to) => {
        fc.pre(Math.hypot(to[0] - from[0], to[1] - from[1]) > 1e-3);
        const outline = worldOutline(p), tris = trianglesOf(p);
        const scale = magnitudeOf(...tris, { type: "circle", x: from[0], y: from[1], radius: 1 }, { type: "circle", x: to[0], y: to[1], radius: 1 });
        fc.pre(outlineDistance(outline, from) > BOUNDARY * scale);
        const g = geometry(p), xf = transformOf(p);
        const out = rayCast(g, xf, from[0], from[1], to[0], to[1], new CastOutput());
        if (insideOutline(outline, from)) {
          expect(out.hit).toBe(false);
          const inside = rayCast(g, xf, from[0], from[1], to[0], to[1], new CastOutput(), { reportInside: true });
          expect(inside.hit && inside.startedInside && inside.fraction === 0).toBe(true);
          return;
        }
        let first = Infinity, grazing = false;
        for (const t of tris) {
          const r = refRayCast(t, from, to);
          if (Math.abs(r.min) < BOUNDARY * scale) grazing = true;
          if (r.root !== null) first = Math.min(first, r.root);
        }
        fc.pre(!grazing);
        expect(out.hit, `reference first hit ${first}`).toBe(first !== Infinity);
        if (!out.hit) return;
        const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
        expect(Math.abs(out.fraction - first) * length).toBeLessThanOrEqual(1e-7 * scale);
        // On the outline itself: the edges between pieces lie inside and are never hit.
        expect(outlineDistance(outline, [out.pointX, out.pointY])).toBeLessThanOrEqual(1e-9 * scale);
        expect(Math.abs(Math.hypot(out.normalX, out.normalY) - 1)).toBeLessThanOrEqual(1e-9);
        expect(out.normalX * (to[0] - from[0]) + out.normalY * (to[1] - from[1])).toBeLessThan(0);
      }),
      { numRuns: RUNS, seed: seedOf("concave ray") },
    );
  });

  it("a sweep's first contact: the reference's, or startedInside when overlapping at the start", () => {
    fc.assert(
      fc.property(concave, anyShape("b", { extent: 14, maxSize: 6, grid: false }), real(-20, 20), real(-20, 20), (p, b, tx, ty) => {
        const tris = trianglesOf(p);
        const scale = magnitudeOf(b, ...tris) + Math.abs(tx) + Math.abs(ty);
        let first = Infinity, grazing = false, start = Infinity;
        for (const t of tris) {
          start = Math.min(start, signedDistance(t, b));
          const r = refShapeCast(t, b, tx, ty);
          if (r.root !== null && r.root > 0) first = Math.min(first, r.root);
          if (Math.abs(r.min) < BOUNDARY * scale) grazing = true;
        }
        fc.pre(Math.abs(start) >= BOUNDARY * scale && !grazing);
        const out = shapeCast(geometry(p), transformOf(p), geometry(b), transformOf(b), tx, ty, new CastOutput());
        if (start < 0) {
          expect(out.hit && out.startedInside && out.fraction === 0).toBe(true);
          return;
        }
        expect(out.hit, `reference first contact ${first}`).toBe(first !== Infinity);
        if (!out.hit) return;
        expect(out.startedInside).toBe(false);
        expect(Math.abs(out.fraction - first) * Math.hypot(tx, ty)).toBeLessThanOrEqual(1e-6 * scale);
      }),
      { numRuns: RUNS, seed: seedOf("concave sweep") },
    );
  });

  it("containment: a point is inside exactly when the even–odd rule says so", () => {
    fc.assert(
      fc.property(concave, fc.array(fc.tuple(real(-16, 16), real(-16, 16)), { minLength: 20, maxLength: 20 }), (p, points) => {
        const outline = worldOutline(p), g = geometry(p), xf = transformOf(p);
        for (const q of points) {
          if (outlineDistance(outline, q) < 1e-9 * 16) continue;
          expect(containsPoint(g, xf, q[0], q[1]), `point ${q}`).toBe(insideOutline(outline, q));
        }
      }),
      { numRuns: RUNS, seed: seedOf("concave containment") },
    );
  });

  it("distance to a convex shape: the nearest triangle's (0 when overlapping)", () => {
    fc.assert(
      fc.property(concave, anyShape("b", { extent: 16, maxSize: 6 }), (p, b) => {
        const tris = trianglesOf(p);
        const sd = Math.min(...tris.map((t) => signedDistance(t, b)));
        const scale = magnitudeOf(b, ...tris);
        const d = shapeDistance(geometry(p), transformOf(p), geometry(b), transformOf(b), new DistanceOutput());
        expect(Math.abs(d.distance - Math.max(0, sd))).toBeLessThanOrEqual(1e-9 * scale);
      }),
      { numRuns: RUNS, seed: seedOf("concave distance") },
    );
  });
});

