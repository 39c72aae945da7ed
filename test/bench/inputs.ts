// Seeded benchmark inputs: for each pair case, the same shapes and transforms built for Collider
// Studio's core, planck (Box2D v2.4's JS port) and SAT.js. B is placed at a random direction from A
// at a distance scaled so that about half of the pairs overlap (calibrated with core's collide()).
import { CircleShape, EdgeShape, PolygonShape, Transform as PlanckTransform, Vec2 as PlanckVec2, type Shape as PlanckShape, BoxShape } from "planck";
import SAT from "sat";
import { collide, makeBox, makeCapsule, makeCircle, makePolygon, Manifold, type Geometry, type Made, type Transform, type Vec2 } from "../../core/index";
import { seededRandom } from "../seeded-random";

export type Kind = "circle" | "box" | "capsule" | "polygon";

/** Deterministic uniform [0, 1) generator (mulberry32). */
export const rng = seededRandom;

function must<T>(made: Made<T>): T {
  if (!made.ok) throw new Error(made.reason);
  return made.value;
}

/** One kind of shape for every pair, as each library represents it. */
export interface ShapeSet {
  readonly kind: Kind;
  readonly ours: Geometry[];
  /** Largest distance of the shape's surface from its local origin. */
  readonly bound: number[];
  /**
   * planck: CircleShape; box/8-gon: PolygonShape with m_radius 0 (ours has no skin);
   * capsule: EdgeShape (its segment) with m_radius = the capsule radius.
   */
  readonly planck: PlanckShape[];
  /** Capsules only: the capsule as a rounded 2-gon PolygonShape (Box2D v3's b2MakeCapsule form). */
  readonly planckRounded: PolygonShape[];
  /** Local points for SAT.js polygons (counter-clockwise in y-up axes); empty for circles and capsules. */
  readonly points: Vec2[][];
}

const lerp = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();

function polygonPlanck(points: readonly Vec2[]): PolygonShape {
  const p = new PolygonShape(points.map((q) => ({ x: q.x, y: q.y })));
  p.m_radius = 0;
  return p;
}

/** A random convex 8-gon: 8 jittered angles on a random, slightly off-centre ellipse. */
function octagonPoints(r: () => number): Vec2[] {
  const ax = lerp(r, 0.4, 0.8), ay = lerp(r, 0.4, 0.8);
  const ox = lerp(r, -0.1, 0.1), oy = lerp(r, -0.1, 0.1);
  const phase = lerp(r, 0, 2 * Math.PI);
  const pts: Vec2[] = [];
  for (let i = 0; i < 8; i++) {
    const t = phase + ((i + 0.6 * (r() - 0.5)) * 2 * Math.PI) / 8;
    pts.push({ x: ox + ax * Math.cos(t), y: oy + ay * Math.sin(t) });
  }
  return pts;
}

function vertexBound(g: Geometry): number {
  if (g.kind !== 2) throw new Error("not a polygon");
  let m = 0;
  for (let i = 0; i < g.count; i++) m = Math.max(m, Math.hypot(g.vertices[2 * i]!, g.vertices[2 * i + 1]!));
  return m + g.radius;
}

export function makeShapes(kind: Kind, n: number, r: () => number): ShapeSet {
  const set: ShapeSet = { kind, ours: [], bound: [], planck: [], planckRounded: [], points: [] };
  for (let i = 0; i < n; i++) {
    switch (kind) {
      case "circle": {
        const radius = lerp(r, 0.25, 0.75);
        set.ours.push(must(makeCircle(radius)));
        set.bound.push(radius);
        set.planck.push(new CircleShape(radius));
        break;
      }
      case "box": {
        const hw = lerp(r, 0.25, 0.75), hh = lerp(r, 0.25, 0.75);
        const g = must(makeBox(hw, hh));
        set.ours.push(g);
        set.bound.push(Math.hypot(hw, hh));
        const p = new BoxShape(hw, hh);
        p.m_radius = 0;
        set.planck.push(p);
        set.points.push(pointsOf(g));
        break;
      }
      case "capsule": {
        const half = lerp(r, 0.2, 0.6), radius = lerp(r, 0.15, 0.4);
        set.ours.push(must(makeCapsule(0, -half, 0, half, radius)));
        set.bound.push(half + radius);
        const e = new EdgeShape(new PlanckVec2(0, -half), new PlanckVec2(0, half));
        e.m_radius = radius;
        set.planck.push(e);
        // planck cannot build a 2-gon through its constructor (fewer than 3 points make a 2×2
        // box), so the fields are set as Box2D v3's b2MakeCapsule sets them.
        const c = new PolygonShape();
        c.m_count = 2;
        c.m_vertices = [new PlanckVec2(0, -half), new PlanckVec2(0, half)];
        c.m_normals = [new PlanckVec2(1, 0), new PlanckVec2(-1, 0)];
        c.m_centroid = new PlanckVec2(0, 0);
        c.m_radius = radius;
        set.planckRounded.push(c);
        break;
      }
      case "polygon": {
        for (;;) {
          const pts = octagonPoints(r);
          const made = makePolygon(pts);
          const p = polygonPlanck(pts);
          if (!made.ok || made.value.count !== 8 || p.m_count !== 8) continue;
          set.ours.push(made.value);
          set.bound.push(vertexBound(made.value));
          set.planck.push(p);
          set.points.push(pointsOf(made.value));
          break;
        }
        break;
      }
    }
  }
  return set;
}

function pointsOf(g: Geometry): Vec2[] {
  if (g.kind !== 2) return [];
  const out: Vec2[] = [];
  for (let i = 0; i < g.count; i++) out.push({ x: g.vertices[2 * i]!, y: g.vertices[2 * i + 1]! });
  return out;
}

export interface PairCase {
  /** Row label, "A–B" in the argument order every library is called with. */
  readonly label: string;
  /** The scene-kind name for the pair (may list the kinds the other way round). */
  readonly scene: string;
  readonly n: number;
  readonly a: ShapeSet;
  readonly b: ShapeSet;
  readonly xfA: Transform[];
  readonly xfB: Transform[];
  readonly angleA: number[];
  readonly angleB: number[];
  readonly pxfA: PlanckTransform[];
  readonly pxfB: PlanckTransform[];
  /** SAT.js shapes positioned and rotated as the pair (null where SAT.js has no such shape). */
  readonly satA: (SAT.Circle | SAT.Polygon)[] | null;
  readonly satB: (SAT.Circle | SAT.Polygon)[] | null;
  /** Fraction of pairs that overlap by core's collide(). */
  readonly overlap: number;
  /** Distance scale found by the calibration (times the sum of the bounds). */
  readonly scale: number;
}

export interface CaseSpec {
  readonly label: string;
  readonly scene: string;
  readonly a: Kind;
  readonly b: Kind;
}

/** The ten scene-kind pairs, A first as planck's and core's pair functions take them. */
export const CASES: readonly CaseSpec[] = [
  { label: "circle–circle", scene: "circle-circle", a: "circle", b: "circle" },
  { label: "box–circle", scene: "circle-box", a: "box", b: "circle" },
  { label: "capsule–circle", scene: "circle-capsule", a: "capsule", b: "circle" },
  { label: "8-gon–circle", scene: "circle-polygon", a: "polygon", b: "circle" },
  { label: "box–box", scene: "box-box", a: "box", b: "box" },
  { label: "capsule–box", scene: "box-capsule", a: "capsule", b: "box" },
  { label: "box–8-gon", scene: "box-polygon", a: "box", b: "polygon" },
  { label: "capsule–capsule", scene: "capsule-capsule", a: "capsule", b: "capsule" },
  { label: "capsule–8-gon", scene: "capsule-polygon", a: "capsule", b: "polygon" },
  { label: "8-gon–8-gon", scene: "polygon-polygon", a: "polygon", b: "polygon" },
];

const xf = (px: number, py: number, angle: number): Transform => ({ px, py, c: Math.cos(angle), s: Math.sin(angle) });

function satShapes(set: ShapeSet, xfs: readonly Transform[], angles: readonly number[]): (SAT.Circle | SAT.Polygon)[] | null {
  if (set.kind === "capsule") return null;
  return set.ours.map((g, i) => {
    const t = xfs[i]!;
    if (g.kind === 0) return new SAT.Circle(new SAT.Vector(t.px, t.py), g.radius);
    const poly = new SAT.Polygon(new SAT.Vector(t.px, t.py), set.points[i]!.map((p) => new SAT.Vector(p.x, p.y)));
    poly.setAngle(angles[i]!);
    return poly;
  });
}

/** Builds one case: shapes, then placements, then the distance scale giving ~50% overlap. */
export function makeCase(spec: CaseSpec, n: number, seed: number): PairCase {
  const r = rng(seed);
  const a = makeShapes(spec.a, n, r), b = makeShapes(spec.b, n, r);
  const ax: number[] = [], ay: number[] = [], dirX: number[] = [], dirY: number[] = [], u: number[] = [];
  const angleA: number[] = [], angleB: number[] = [];
  for (let i = 0; i < n; i++) {
    ax.push(lerp(r, -20, 20));
    ay.push(lerp(r, -20, 20));
    const t = lerp(r, 0, 2 * Math.PI);
    dirX.push(Math.cos(t));
    dirY.push(Math.sin(t));
    u.push(r());
    angleA.push(lerp(r, 0, 2 * Math.PI));
    angleB.push(lerp(r, 0, 2 * Math.PI));
  }
  const xfA = ax.map((x, i) => xf(x, ay[i]!, angleA[i]!));
  const place = (scale: number) => u.map((ui, i) => {
    const d = ui * scale * (a.bound[i]! + b.bound[i]!);
    return xf(ax[i]! + d * dirX[i]!, ay[i]! + d * dirY[i]!, angleB[i]!);
  });
  const m = new Manifold();
  const overlapAt = (xfB: readonly Transform[]) => {
    let hits = 0;
    for (let i = 0; i < n; i++) if (collide(a.ours[i]!, xfA[i]!, b.ours[i]!, xfB[i]!, m).pointCount > 0) hits++;
    return hits / n;
  };
  // The overlapping set along each ray is an interval from the origin, so overlap falls with scale.
  let lo = 0.2, hi = 3;
  for (let k = 0; k < 30; k++) {
    const mid = 0.5 * (lo + hi);
    if (overlapAt(place(mid)) > 0.5) lo = mid;
    else hi = mid;
  }
  const scale = 0.5 * (lo + hi);
  const xfB = place(scale);
  const planckXf = (t: Transform, angle: number) => new PlanckTransform(new PlanckVec2(t.px, t.py), angle);
  return {
    label: spec.label,
    scene: spec.scene,
    n,
    a,
    b,
    xfA,
    xfB,
    angleA,
    angleB,
    pxfA: xfA.map((t, i) => planckXf(t, angleA[i]!)),
    pxfB: xfB.map((t, i) => planckXf(t, angleB[i]!)),
    satA: satShapes(a, xfA, angleA),
    satB: satShapes(b, xfB, angleB),
    overlap: overlapAt(xfB),
    scale,
  };
}
