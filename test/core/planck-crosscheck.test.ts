// Cross-check of the core's manifolds against planck 1.5.0 (the JS port of Box2D v2.x) for the
// pairs planck has: box–box, box–polygon, polygon–polygon, circle–box, circle–polygon and
// circle–circle (planck has no capsules). The same scene shapes are built in planck (same local
// vertices, same transform: planck's maths is y-up but the formulas are the same numbers, and
// its polygons want positive cross products, which is what the core uses too).
//
// What differs in planck, and how each difference is accounted for (every allowance is here):
// - Skin. planck grows every polygon by Settings.polygonRadius = 2·linearSlop = 0.01 and reports
//   a contact when the cores are within that skin (a speculative contact, separation > 0). So:
//   "clearly apart" means further apart than the skins; separations are compared after adding the
//   skins back; and a second run removes the skin (m_radius = 0) for an exact comparison,
//   including the contact points (which the skin moves: it widens the clipping by 0.02).
// - Reference face. planck prefers A's face unless B's separates by more than k_tol =
//   0.1·linearSlop = 5e-4 (the core's hysteresis is 1e-9 of the coordinates). Where the best
//   faces are within that of each other, planck may choose a face whose depth exceeds the
//   smallest by up to 5e-4; the normal is then compared only where the best face is unambiguous.
// - Depth. planck has none: we take its reference face's separation (the plane of its chosen
//   face, from Manifold.localPoint/localNormal, against the other polygon's vertices), which is
//   the minimum translation distance when that face is the best one.
// - Concentric circles: planck's normal is (1, 0), the core's (0, −1); either is right.
import fc from "fast-check";
import {
  CircleShape, BoxShape, PolygonShape, CollideCircles, CollidePolygonCircle, CollidePolygons,
  Manifold as PlanckManifold, ManifoldType, Settings, Transform as PlanckTransform, type Shape as PlanckShape, type TransformValue, type WorldManifold,
} from "planck";
import { describe, expect, it } from "vitest";
import { collideShapes, Manifold } from "../../core/index";
import type { ConvexShape as Shape } from "./arbitraries";
import { seedOf, shapeOf, type Kind } from "./arbitraries";
import { convexHull, magnitudeOf, signedDistance, worldCore, type RefPoint } from "./reference";

const RUNS = 400;
/** planck's skin on each polygon (b2_polygonRadius). */
const SKIN = Settings.polygonRadius;
/** planck's reference-face hysteresis (k_tol in b2CollidePolygons). */
const K_TOL = 0.1 * Settings.linearSlop;
/** Relative tolerance where both compute the same quantity from the same numbers (rounding only). */
const TOL = 1e-9;
/** Pairs within this (relative) of touching are no one's verdict. */
const BOUNDARY = 1e-6;

interface Built {
  readonly shape: PlanckShape;
  readonly xf: PlanckTransform;
  readonly polygon: boolean;
}

/** The scene shape in planck, with or without planck's polygon skin. */
function build(s: Shape, skin: boolean): Built {
  const xf = new PlanckTransform({ x: s.x, y: s.y }, s.type === "circle" ? 0 : (s.rotation * Math.PI) / 180);
  if (s.type === "circle") return { shape: new CircleShape({ x: 0, y: 0 }, s.radius), xf, polygon: false };
  let poly: PolygonShape;
  if (s.type === "box") poly = new BoxShape(s.width / 2, s.height / 2);
  else if (s.type === "polygon") poly = new PolygonShape(convexHull(s.points).map(([x, y]) => ({ x, y })));
  else throw new Error("planck has no capsule");
  if (!skin) poly.m_radius = 0;
  return { shape: poly, xf, polygon: true };
}

const skinOf = (b: Built) => (b.polygon ? (b.shape as PolygonShape).m_radius : 0);

interface PlanckResult {
  readonly count: number;
  readonly normal: RefPoint;
  /** World points and their separations with the skins added back (the cores' own). */
  readonly points: RefPoint[];
  readonly separations: number[];
  /** Depth of the cores along planck's chosen face or centre line (skins excluded). */
  readonly depth: number;
  readonly type: ManifoldType;
}

/** Runs planck on (a, b) with a polygon or circle first; returns world results as A → B. */
function planck(a: Built, b: Built): PlanckResult {
  const m = new PlanckManifold();
  if (a.polygon && b.polygon) CollidePolygons(m, a.shape as PolygonShape, a.xf, b.shape as PolygonShape, b.xf);
  else if (a.polygon) CollidePolygonCircle(m, a.shape as PolygonShape, a.xf, b.shape as CircleShape, b.xf);
  else CollideCircles(m, a.shape as CircleShape, a.xf, b.shape as CircleShape, b.xf);
  if (m.pointCount === 0) return { count: 0, normal: [0, 0], points: [], separations: [], depth: 0, type: m.type };
  const wm: WorldManifold = m.getWorldManifold(null, a.xf, a.shape.m_radius, b.xf, b.shape.m_radius);
  const skins = skinOf(a) + skinOf(b);
  const points: RefPoint[] = [];
  const separations: number[] = [];
  for (let i = 0; i < wm.pointCount; i++) {
    points.push([wm.points[i]!.x, wm.points[i]!.y]);
    separations.push(wm.separations[i]! + skins);
  }
  let depth: number;
  if (a.polygon && b.polygon) {
    // The reference face's plane, and the other polygon's vertices against it.
    const [ref, inc] = m.type === ManifoldType.e_faceA ? [a, b] : [b, a];
    const xf: TransformValue = ref.xf;
    const n = rotate(xf, m.localNormal);
    const o = apply(xf, m.localPoint);
    const incident = (inc.shape as PolygonShape).m_vertices.slice(0, (inc.shape as PolygonShape).m_count).map((v) => apply(inc.xf, v));
    depth = -Math.min(...incident.map((v) => n[0] * (v[0] - o[0]) + n[1] * (v[1] - o[1])));
  } else {
    // A circle: one point, whose separation is exact (distance − radii, or the face's).
    depth = -separations[0]!;
  }
  return { count: wm.pointCount, normal: [wm.normal.x, wm.normal.y], points, separations, depth, type: m.type };
}

const rotate = (xf: TransformValue, v: { x: number; y: number }): RefPoint => [xf.q.c * v.x - xf.q.s * v.y, xf.q.s * v.x + xf.q.c * v.y];
const apply = (xf: TransformValue, v: { x: number; y: number }): RefPoint => {
  const r = rotate(xf, v);
  return [r[0] + xf.p.x, r[1] + xf.p.y];
};

/**
 * The candidate reference directions (A → B) of two shapes by separating axes, from the
 * reference's world points: each face of A's hull with its outward normal, each face of B's with
 * the reverse of its normal, and for a circle (one point) no face. Returns each direction with the
 * separation along it; the smallest-depth face is the one with the largest separation.
 */
function faceCandidates(a: Shape, b: Shape): { n: RefPoint; separation: number }[] {
  const out: { n: RefPoint; separation: number }[] = [];
  const faces = (h: RefPoint[], other: RefPoint[], sign: 1 | -1) => {
    if (h.length < 3) return;
    for (let i = 0; i < h.length; i++) {
      const p = h[i]!, q = h[(i + 1) % h.length]!;
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      const n: RefPoint = [(q[1] - p[1]) / len, -(q[0] - p[0]) / len];
      const separation = Math.min(...other.map((v) => n[0] * (v[0] - p[0]) + n[1] * (v[1] - p[1])));
      out.push({ n: [sign * n[0], sign * n[1]], separation });
    }
  };
  const ha = convexHull(worldCore(a));
  const hb = convexHull(worldCore(b));
  faces(ha, hb, 1);
  faces(hb, ha, -1);
  return out;
}

/**
 * Whether the face of smallest depth is unambiguous: every face whose separation is within
 * `window` of the best one has the best one's direction (within 1e-9 rad). For polygon pairs the
 * window is planck's K_TOL; for a polygon and a circle, planck takes the first face of largest
 * separation (no hysteresis), so only rounding-level ties (a circle centred between two faces)
 * are ambiguous.
 */
function unambiguous(a: Shape, b: Shape, window: number): boolean {
  const c = faceCandidates(a, b);
  if (c.length === 0) return true;
  const best = c.reduce((u, v) => (v.separation > u.separation ? v : u));
  const parallel = (n: RefPoint) => Math.abs(n[0] * best.n[1] - n[1] * best.n[0]) <= 1e-9 && n[0] * best.n[0] + n[1] * best.n[1] > 0;
  return c.every((f) => f.separation < best.separation - window || parallel(f.n));
}

/** Outward unit normals of a convex hull's edges (positive cross products, as convexHull gives). */
const edgeNormals = (h: readonly RefPoint[]): RefPoint[] =>
  h.map((p, i) => {
    const q = h[(i + 1) % h.length]!;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    return [(q[1] - p[1]) / len, -(q[0] - p[0]) / len];
  });

/**
 * Whether the incident edge is ambiguous: two edges of the other polygon equally anti-parallel to
 * the reference face (a corner poking in at exactly 45° to both its edges, as grid-snapped shapes
 * do). Each picks the first in its own vertex order, so the clipped points may differ legitimately.
 */
function incidentTie(a: Shape, b: Shape): boolean {
  const c = faceCandidates(a, b);
  if (c.length === 0) return false;
  const best = c.reduce((u, v) => (v.separation > u.separation ? v : u));
  const ha = convexHull(worldCore(a));
  const hb = convexHull(worldCore(b));
  // best.n runs A → B: as a face of A it is A's outward normal and B's edges are incident; as a
  // face of B its outward normal is −best.n and A's edges are incident. Check both (either may be
  // the reference when they are parallel).
  const tie = (normals: RefPoint[], face: RefPoint) => {
    const dots = normals.map((n) => n[0] * face[0] + n[1] * face[1]).sort((u, v) => u - v);
    return dots.length > 1 && dots[1]! - dots[0]! <= 1e-9;
  };
  return tie(edgeNormals(hb), best.n) || tie(edgeNormals(ha), [-best.n[0], -best.n[1]]);
}

const corePoints = (m: Manifold): { p: RefPoint; s: number }[] => {
  const out: { p: RefPoint; s: number }[] = [];
  if (m.pointCount >= 1) out.push({ p: [m.point1X, m.point1Y], s: m.separation1 });
  if (m.pointCount >= 2) out.push({ p: [m.point2X, m.point2Y], s: m.separation2 });
  return out;
};

const PAIRS: readonly (readonly [Kind, Kind])[] = [
  ["box", "box"],
  ["box", "polygon"],
  ["polygon", "polygon"],
  ["circle", "box"],
  ["circle", "polygon"],
  ["circle", "circle"],
];

/** The pair in the order planck can take it (polygon before circle), and whether it was swapped. */
const planckOrder = (a: Shape, b: Shape): [Shape, Shape, boolean] => (a.type === "circle" && b.type !== "circle" ? [b, a, true] : [a, b, false]);

interface Tally {
  overlapping: number;
  normalCompared: number;
  pointsCompared: number;
  speculative: number;
}

/** The comparison for one pair (a, b), core order, against planck with or without its skin. */
function crossCheck(a: Shape, b: Shape, skin: boolean, tally: Tally): void {
  const scale = magnitudeOf(a, b);
  const tol = TOL * scale;
  const sd = signedDistance(a, b);
  if (Math.abs(sd) < BOUNDARY * scale) return;
  const core = collideShapes(a, b);
  const [pa, pb, swapped] = planckOrder(a, b);
  const A = build(pa, skin);
  const B = build(pb, skin);
  const raw = planck(A, B);
  const sign = swapped ? -1 : 1;
  const p = { ...raw, normal: [sign * raw.normal[0], sign * raw.normal[1]] as RefPoint };
  const skins = skinOf(A) + skinOf(B);

  if (sd > 0) {
    expect(core.pointCount, "apart per the reference: the core reports nothing").toBe(0);
    if (sd > skins + BOUNDARY * scale) {
      expect(p.count, `apart by ${sd}, more than planck's skins (${skins}): planck reports nothing`).toBe(0);
    } else if (p.count > 0) {
      // Within the skin: planck's speculative contact. Its cores do not actually penetrate.
      tally.speculative++;
      for (const s of p.separations) expect(s, "a speculative contact's core separation is ≥ 0").toBeGreaterThanOrEqual(-tol);
    }
    return;
  }

  tally.overlapping++;
  expect(core.pointCount, "overlapping per the reference").toBeGreaterThan(0);
  expect(p.count, `overlapping by ${-sd}: planck reports a contact`).toBeGreaterThan(0);
  // planck's separations (skins added back) never go deeper than the depth, and the deepest is
  // negative: it sees the penetration too.
  // (planck's face may be up to K_TOL deeper than the best, so its own depth bounds them.)
  for (const s of p.separations) expect(s).toBeGreaterThanOrEqual(-p.depth - tol);
  expect(Math.min(...p.separations)).toBeLessThan(0);
  // Depth: planck's face can be no better than the exact one, and worse by at most its K_TOL.
  expect(p.depth, `planck's face depth vs the core's ${core.depth}`).toBeGreaterThanOrEqual(core.depth - tol);
  expect(p.depth - core.depth, "planck's face is within its own hysteresis of the best").toBeLessThanOrEqual(K_TOL + tol);

  // Circles closer than planck's EPSILON (1e-9) are concentric to planck: normal (1, 0).
  const concentric = a.type === "circle" && b.type === "circle" && Math.hypot(a.x - b.x, a.y - b.y) <= 1e-9;
  const polygons = a.type !== "circle" && b.type !== "circle";
  if (concentric || !unambiguous(a, b, polygons ? K_TOL + tol : tol)) return;
  tally.normalCompared++;
  const dot = p.normal[0] * core.normalX + p.normal[1] * core.normalY;
  expect(dot, `normals: planck (${p.normal.join(", ")}), core (${core.normalX}, ${core.normalY})`).toBeGreaterThan(0.999);
  expect(Math.abs(p.depth - core.depth), "the same face gives the same depth").toBeLessThanOrEqual(tol);
  if (skin || (polygons && incidentTie(a, b))) return;

  // Without the skin the two compute the same clip points, midway between the surfaces.
  tally.pointsCompared++;
  const mine = corePoints(core);
  const theirs = p.points.map((q, i) => ({ p: q, s: p.separations[i]! }));
  const near = (u: RefPoint, v: RefPoint) => Math.hypot(u[0] - v[0], u[1] - v[1]) <= tol + core.depth * 1e-9;
  for (const q of mine) {
    const match = theirs.find((t) => near(t.p, q.p));
    // A point one of them has and the other not must be a borderline one (separation ≈ 0: kept
    // or dropped by rounding); otherwise the counts and the points agree.
    if (match) expect(Math.abs(match.s - q.s)).toBeLessThanOrEqual(tol);
    else expect(Math.abs(q.s), `core point ${q.p.join(", ")} missing from planck's ${JSON.stringify(theirs)}`).toBeLessThanOrEqual(tol);
  }
  for (const t of theirs) {
    if (!mine.some((q) => near(q.p, t.p))) expect(Math.abs(t.s), `planck point ${t.p.join(", ")} missing from the core's ${JSON.stringify(mine)}`).toBeLessThanOrEqual(tol);
  }
}

describe("cross-check against planck (Box2D v2)", () => {
  for (const skin of [true, false]) {
    const label = skin ? "with planck's polygon skin" : "with the skin removed";
    describe(label, () => {
      it.each(PAIRS)("%s vs %s, both orders", (ka, kb) => {
        const tally: Tally = { overlapping: 0, normalCompared: 0, pointsCompared: 0, speculative: 0 };
        fc.assert(
          fc.property(shapeOf(ka, "a"), shapeOf(kb, "b"), (a, b) => {
            crossCheck(a, b, skin, tally);
            crossCheck(b, a, skin, tally);
          }),
          { seed: seedOf(`planck ${skin} ${ka} ${kb}`), numRuns: RUNS },
        );
        // Not vacuous: overlaps happen, and most have their normal (and points) compared.
        expect(tally.overlapping).toBeGreaterThan(RUNS * 0.3);
        expect(tally.normalCompared).toBeGreaterThan(tally.overlapping * 0.6);
        if (!skin) expect(tally.pointsCompared).toBeGreaterThan(tally.normalCompared * 0.8);
      });
    });
  }

  it("pairs moved apart by less than the skins: planck's contacts are speculative, the core has none", () => {
    // Take an overlapping pair and move b along the core's normal by its depth plus a gap g
    // inside planck's two skins (0.02): the reference then puts them g apart.
    let speculative = 0;
    const tally: Tally = { overlapping: 0, normalCompared: 0, pointsCompared: 0, speculative: 0 };
    const kinds = fc.constantFrom<readonly [Kind, Kind]>(["box", "box"], ["box", "polygon"], ["polygon", "polygon"], ["polygon", "circle"], ["box", "circle"]);
    fc.assert(
      fc.property(kinds.chain(([ka, kb]) => fc.tuple(shapeOf(ka, "a"), shapeOf(kb, "b"))), fc.double({ min: 1e-4, max: 0.009, noNaN: true }), ([a, b], gap) => {
        const m = collideShapes(a, b);
        if (m.pointCount === 0) return;
        const moved = { ...b, x: b.x + m.normalX * (m.depth + gap), y: b.y + m.normalY * (m.depth + gap) };
        const sd = signedDistance(a, moved);
        fc.pre(Math.abs(sd - gap) <= 1e-9 * magnitudeOf(a, moved));
        const before = tally.speculative;
        crossCheck(a, moved, true, tally);
        crossCheck(moved, a, true, tally);
        if (tally.speculative > before) speculative++;
      }),
      { seed: seedOf("planck speculative"), numRuns: RUNS },
    );
    expect(speculative, "planck does report speculative contacts there").toBeGreaterThan(RUNS * 0.3);
  });

  it("the skin: two boxes 0.01 apart are a speculative planck contact and no overlap for the core", () => {
    const a: Shape = { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 };
    const b: Shape = { id: "b", type: "box", x: 2.01, y: 0, rotation: 0, width: 2, height: 2 };
    expect(collideShapes(a, b).pointCount).toBe(0);
    expect(SKIN).toBeCloseTo(0.01, 15);
    expect(build(a, true).shape.m_radius).toBe(SKIN);
    const p = planck(build(a, true), build(b, true));
    expect(p.count).toBe(2);
    // Its separations, skins added back, are the true gap.
    for (const s of p.separations) expect(s).toBeCloseTo(0.01, 12);
    expect(planck(build(a, false), build(b, false)).count).toBe(0);
  });

  it("hand-checked: a box on a box, face to face, gives the same two points in both", () => {
    const a: Shape = { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 4, height: 2 };
    const b: Shape = { id: "b", type: "box", x: 1, y: 1.5, rotation: 0, width: 2, height: 2 };
    const core = collideShapes(a, b);
    const p = planck(build(a, false), build(b, false));
    expect(core.pointCount).toBe(2);
    expect(p.count).toBe(2);
    expect(core.depth).toBeCloseTo(0.5, 12);
    expect(p.depth).toBeCloseTo(0.5, 12);
    expect(p.normal[0]).toBeCloseTo(core.normalX, 12);
    expect(p.normal[1]).toBeCloseTo(core.normalY, 12);
    const sorted = (pts: RefPoint[]) => [...pts].sort((u, v) => u[0] - v[0]);
    const mine = sorted(corePoints(core).map((q) => q.p));
    const theirs = sorted(p.points);
    for (let i = 0; i < 2; i++) for (let k = 0; k < 2; k++) expect(mine[i]![k]).toBeCloseTo(theirs[i]![k]!, 12);
  });
});
