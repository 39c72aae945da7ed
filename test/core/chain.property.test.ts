// Property tests: chains (edges of no thickness, maybe one-sided) against a segment-by-segment
// reference: each edge as a two-point shape of the convex reference (reference.ts,
// cast-reference.ts) and a plain segment crossing for rays, under Box2D's conventions: an edge
// from P to Q faces (dy, −dx); a ray from behind a one-sided edge passes it; a sweep is stopped
// by a one-sided edge only when the moving shape's centroid starts in front and it moves against
// the normal; overlap ignores sidedness; chains never collide with chains. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CastOutput, collide, containsPoint, geometryOf, Manifold, rayCast, shapeCast, timeOfImpact, sweepOf, TimeOfImpactOutput, transformOf, type ChainShape, type Shape, type ShapeGeometry } from "../../core/index";
import { anyShape, real, seedOf, type ConvexShape } from "./arbitraries";
import { refShapeCast } from "./cast-reference";
import { chainPoints, raySegmentHit, shoelace } from "./outline-reference";
import { magnitudeOf, signedDistance, worldCore, type RefPoint, type RefShape } from "./reference";

const RUNS = 300;
const BOUNDARY = 1e-6;

const chain = fc
  .tuple(chainPoints(8), fc.boolean(), fc.boolean(), real(-4, 4), real(-4, 4), real(-180, 180))
  .filter(([points, closed]) => !closed || points.length >= 3)
  .map(([points, closed, oneSided, x, y, rotation]): ChainShape => ({ id: "c", type: "chain", x, y, rotation, closed, oneSided, points: points.map(([px, py]) => [px, py] as [number, number]) }));

/** The chain's edges in world coordinates, P then Q. */
function worldEdges(c: ChainShape): [RefPoint, RefPoint][] {
  const t = (c.rotation * Math.PI) / 180, co = Math.cos(t), si = Math.sin(t);
  const w = c.points.map(([lx, ly]) => [c.x + lx * co - ly * si, c.y + lx * si + ly * co] as const);
  const edges: [RefPoint, RefPoint][] = [];
  for (let i = 0; i < (c.closed ? w.length : w.length - 1); i++) edges.push([w[i]!, w[(i + 1) % w.length]!]);
  return edges;
}

const edgeShape = ([p, q]: [RefPoint, RefPoint]): RefShape => ({ type: "polygon", x: 0, y: 0, points: [p, q] });
/** The front side's test: (dy, −dx)·(r − P), positive in front. */
const front = ([p, q]: [RefPoint, RefPoint], r: RefPoint): number => (q[1] - p[1]) * (r[0] - p[0]) - (q[0] - p[0]) * (r[1] - p[1]);

/** A convex shape's centroid: its area centroid, or its core's middle (circle, capsule). */
function centroidOf(s: ConvexShape): RefPoint {
  const core = worldCore(s);
  if (core.length < 3) return [core.reduce((a, p) => a + p[0], 0) / core.length, core.reduce((a, p) => a + p[1], 0) / core.length];
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i < core.length; i++) {
    const p = core[i]!, q = core[(i + 1) % core.length]!, k = p[0] * q[1] - q[0] * p[1];
    a += k; cx += (p[0] + q[0]) * k; cy += (p[1] + q[1]) * k;
  }
  return [cx / (3 * a), cy / (3 * a)];
}

function geometry(s: Shape): ShapeGeometry {
  const g = geometryOf(s);
  if (!g.ok) throw new Error(`${s.id}: ${g.reason}`);
  return g.value;
}

describe("chains against a segment-by-segment reference", () => {
  it("overlap with a convex shape ignores sidedness; the depth is the deepest edge's exact one", () => {
    fc.assert(
      fc.property(chain, anyShape("b", { extent: 10, maxSize: 8 }), (c, b) => {
        const sds = worldEdges(c).map((e) => signedDistance(edgeShape(e), b));
        const sd = Math.min(...sds), scale = magnitudeOf(b, ...worldEdges(c).map(edgeShape));
        fc.pre(sds.every((d) => Math.abs(d) >= BOUNDARY * scale));
        const gc = geometry(c), gb = geometry(b), xc = transformOf(c), xb = transformOf(b);
        const m = collide(gc, xc, gb, xb, new Manifold());
        expect(m.pointCount > 0, `reference ${sd}`).toBe(sd < 0);
        const flipped = collide(gb, xb, gc, xc, new Manifold());
        expect(flipped.pointCount > 0).toBe(sd < 0);
        if (sd >= 0) return;
        expect(Math.abs(m.depth + sd)).toBeLessThanOrEqual(1e-9 * scale);
        expect(Math.abs(flipped.depth + sd)).toBeLessThanOrEqual(1e-9 * scale);
        expect(Math.abs(Math.hypot(m.normalX, m.normalY) - 1)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(m.normalX + flipped.normalX) + Math.abs(m.normalY + flipped.normalY)).toBeLessThanOrEqual(1e-9);
        // A single edge: moving B by the depth along the normal leaves it touching the edge, not in
        // it. (With more edges the deepest edge's normal may push B into another.)
        if (worldEdges(c).length > 1) return;
        const moved = { ...b, x: b.x + (m.depth + 1e-7 * scale) * m.normalX, y: b.y + (m.depth + 1e-7 * scale) * m.normalY };
        expect(Math.min(...worldEdges(c).map((e) => signedDistance(edgeShape(e), moved)))).toBeGreaterThanOrEqual(-1e-9 * scale);
      }),
      { numRuns: RUNS, seed: seedOf("chain overlap") },
    );
  });

  it("a chain encloses nothing and never collides with a chain", () => {
    fc.assert(
      fc.property(chain, chain, real(-8, 8), real(-8, 8), (c, d, px, py) => {
        expect(containsPoint(geometry(c), transformOf(c), px, py)).toBe(false);
        expect(collide(geometry(c), transformOf(c), geometry(d), transformOf(d), new Manifold()).pointCount).toBe(0);
      }),
      { numRuns: 100, seed: seedOf("chain pairs") },
    );
  });

  it("a ray's first hit: the nearest edge crossing, one-sided edges only from in front, the normal facing the ray", () => {
    const end = fc.tuple(real(-14, 14), real(-14, 14));
    fc.assert(
      fc.property(chain, end, end, (c, from, to) => {
        let first = Infinity, edge: [RefPoint, RefPoint] | null = null;
        for (const e of worldEdges(c)) {
          if (c.oneSided && front(e, from) < 0) continue;
          const t = raySegmentHit(from, to, e[0], e[1]);
          if (t !== null && t < first) { first = t; edge = e; }
        }
        const out = rayCast(geometry(c), transformOf(c), from[0], from[1], to[0], to[1], new CastOutput());
        expect(out.hit, `reference ${first}`).toBe(edge !== null);
        if (!edge) return;
        expect(Math.abs(out.fraction - first)).toBeLessThanOrEqual(1e-9);
        const ex = edge[1][0] - edge[0][0], ey = edge[1][1] - edge[0][1], l = Math.hypot(ex, ey);
        const dx = to[0] - from[0], dy = to[1] - from[1];
        // ± the edge's normal (ey, −ex)/l, whichever faces the ray's origin; in front for one-sided.
        const side = front(edge, from) > 0 ? 1 : -1;
        expect(Math.abs(out.normalX - (side * ey) / l) + Math.abs(out.normalY + (side * ex) / l)).toBeLessThanOrEqual(1e-9);
        expect(out.normalX * dx + out.normalY * dy).toBeLessThan(0);
        if (c.oneSided) expect(side).toBe(1);
      }),
      { numRuns: RUNS, seed: seedOf("chain ray") },
    );
  });

  it("a sweep's first contact: the nearest edge's, one-sided edges only for a shape in front closing on them", () => {
    fc.assert(
      fc.property(chain, anyShape("b", { extent: 12, maxSize: 5, grid: false }), real(-16, 16), real(-16, 16), (c, b, tx, ty) => {
        const scale = magnitudeOf(b, ...worldEdges(c).map(edgeShape)) + Math.abs(tx) + Math.abs(ty);
        const centroid = centroidOf(b);
        let first = Infinity, start = Infinity, grazing = false;
        for (const e of worldEdges(c)) {
          if (c.oneSided && !(front(e, centroid) >= 0 && (e[1][1] - e[0][1]) * tx - (e[1][0] - e[0][0]) * ty < 0)) continue;
          const r = refShapeCast(edgeShape(e), b, tx, ty);
          start = Math.min(start, r.start);
          if (Math.abs(r.min) < BOUNDARY * scale || Math.abs(r.start) < BOUNDARY * scale) grazing = true;
          if (r.root !== null) first = Math.min(first, r.root);
        }
        fc.pre(!grazing);
        const out = shapeCast(geometry(c), transformOf(c), geometry(b), transformOf(b), tx, ty, new CastOutput());
        if (start < 0) {
          expect(out.hit && out.startedInside).toBe(true);
          return;
        }
        expect(out.hit, `reference ${first}`).toBe(first !== Infinity);
        if (out.hit) expect(Math.abs(out.fraction - first) * Math.hypot(tx, ty)).toBeLessThanOrEqual(1e-6 * scale);
      }),
      { numRuns: RUNS, seed: seedOf("chain sweep") },
    );
  });
});

describe("one-sided chains: Box2D's conventions", () => {
  // Ground from (−10, 0) to (10, 0), drawn left to right: it faces up on a y-down screen.
  const ground = (oneSided: boolean): ChainShape => ({ id: "g", type: "chain", x: 0, y: 0, rotation: 0, points: [[-10, 0], [10, 0]], oneSided });
  const ball: Shape = { id: "b", type: "circle", x: 0, y: -3, rotation: 0, radius: 1 };
  const under: Shape = { ...ball, y: 3 };

  it("rays: from above they stop on it with the normal up; from below they pass a one-sided edge", () => {
    for (const oneSided of [false, true]) {
      const g = geometry(ground(oneSided)), xf = transformOf(ground(oneSided));
      const down = rayCast(g, xf, 0, -5, 0, 5, new CastOutput());
      expect([down.hit, down.fraction, down.normalX + 0, down.normalY]).toEqual([true, 0.5, 0, -1]);
      const up = rayCast(g, xf, 0, 5, 0, -5, new CastOutput());
      expect(up.hit).toBe(!oneSided);
      if (up.hit) expect([up.normalX + 0, up.normalY]).toEqual([0, 1]);
      // Parallel, along the line, and starting on it: misses (Box2D: a hit at fraction 0 for the last).
      expect(rayCast(g, xf, -20, 0, 20, 0, new CastOutput()).hit).toBe(false);
      expect(rayCast(g, xf, -20, -1, 20, -1, new CastOutput()).hit).toBe(false);
      expect(rayCast(g, xf, 0, 0, 0, 5, new CastOutput()).hit).toBe(false);
    }
  });

  it("sweeps and time of impact: a ball falling on it lands; one rising from below passes a one-sided edge", () => {
    for (const oneSided of [false, true]) {
      const c = ground(oneSided), g = geometry(c), xf = transformOf(c);
      const fall = shapeCast(g, xf, geometry(ball), transformOf(ball), 0, 6, new CastOutput());
      expect(fall.hit && Math.abs(fall.fraction - 2 / 6) < 1e-9 && fall.normalY === -1).toBe(true);
      const rise = shapeCast(g, xf, geometry(under), transformOf(under), 0, -6, new CastOutput());
      expect(rise.hit).toBe(!oneSided);
      const still = sweepOf(0, 0, 0, 0, 0, 0);
      const toiFall = timeOfImpact(g, still, geometry(ball), sweepOf(0, -3, 0, 0, 3, 0), new TimeOfImpactOutput());
      expect(toiFall.hit && Math.abs(toiFall.fraction - 2 / 6) < 1e-6).toBe(true);
      const toiRise = timeOfImpact(g, still, geometry(under), sweepOf(0, 3, 0, 0, -3, 0), new TimeOfImpactOutput());
      expect(toiRise.hit).toBe(!oneSided);
      // The chain as B, the ball as A: the same rule seen from the other side.
      const asB = shapeCast(geometry(under), transformOf(under), g, xf, 0, 6, new CastOutput());
      expect(asB.hit).toBe(!oneSided);
    }
  });

  it("a ball resting into a one-sided edge slides along it and leaves it; a two-sided one starts inside", () => {
    const resting: Shape = { ...ball, y: -0.5 };
    for (const oneSided of [false, true]) {
      const c = ground(oneSided);
      const slide = shapeCast(geometry(c), transformOf(c), geometry(resting), transformOf(resting), 5, 0, new CastOutput());
      expect(slide.hit && slide.startedInside).toBe(!oneSided);
      // Overlap ignores sidedness.
      expect(collide(geometry(c), transformOf(c), geometry(resting), transformOf(resting), new Manifold()).depth).toBeCloseTo(0.5, 12);
    }
  });

  it("a closed chain drawn clockwise on screen faces out: rays from outside hit it, from inside pass", () => {
    const square: ChainShape = { id: "s", type: "chain", x: 0, y: 0, rotation: 0, closed: true, oneSided: true, points: [[-1, -1], [1, -1], [1, 1], [-1, 1]] };
    expect(shoelace(square.points)).toBeGreaterThan(0);
    const g = geometry(square), xf = transformOf(square);
    const outside = rayCast(g, xf, 0, -5, 0, 5, new CastOutput());
    expect([outside.hit, outside.fraction, outside.normalY]).toEqual([true, 0.4, -1]);
    const inside = rayCast(g, xf, 0, 0, 0, 5, new CastOutput());
    expect(inside.hit).toBe(false);
  });
});
