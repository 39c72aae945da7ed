// Ray casts, shape casts (sweeps) and time of impact for `npm run bench`: seeded inputs, timed
// bodies and untimed agreement checks of core against planck 1.5 and rapier2d 0.21 (its shape-level
// queries, without a physics world), on the same shapes, transforms, rays and motions. run.ts
// times the bodies with the shared harness and prints the tables built here.
//
// Every cast starts with the shapes apart (the ray origin, or B's start, is beyond the sum of the
// bounding radii), so "started inside" conventions never differ between libraries. A scale on the
// aim offset is calibrated (with core) so that about half of the casts hit.
import RAPIER from "@dimforge/rapier2d-compat";
import {
  Distance, DistanceInput, DistanceOutput as PlanckDistanceOutput, ShapeCast, ShapeCastInput, ShapeCastOutput, SimplexCache, Sweep as PlanckSweep,
  TimeOfImpact, TOIInput, TOIOutput, TOIOutputState, Transform as PlanckTransform, Vec2 as PlanckVec2,
  type CircleShape, type PolygonShape, type RayCastInput, type RayCastOutput, type Shape as PlanckShape,
} from "planck";
import {
  CAPSULE, CastOutput, CIRCLE, poseAt, rayCast, shapeCast, sweepOf, timeOfImpact, TimeOfImpactOutput, TOI_TOLERANCE,
  type Geometry, type Sweep, type Transform,
} from "../../core/index";
import { BOX2D } from "./box2d-native";
import { ns, ratio, table, type Bench } from "./harness";
import { makeShapes, rng, type Kind, type ShapeSet } from "./inputs";

export const OURS = "ours", PLANCK = "planck", RAPIER_SHAPE = "rapier", RAPIER_COLLIDER = "rapier (collider)";

/** Loads rapier's WebAssembly (embedded as base64 in the -compat package: no download). */
export async function initRapier(): Promise<void> {
  await RAPIER.init();
}

// ---- Shared helpers ---------------------------------------------------------------------------

const TAU = 2 * Math.PI;
const lerp = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();
const xfOf = (px: number, py: number, angle: number): Transform => ({ px, py, c: Math.cos(angle), s: Math.sin(angle) });
const planckXf = (px: number, py: number, angle: number) => new PlanckTransform(new PlanckVec2(px, py), angle);

/** Bisection for the aim scale at which about half the casts hit (the hit rate falls as it grows). */
function calibrate(hitRate: (scale: number) => number, steps: number): number {
  let lo = 0, hi = 4;
  for (let k = 0; k < steps; k++) {
    const mid = 0.5 * (lo + hi);
    if (hitRate(mid) > 0.5) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** The shape as rapier's own primitive, in the same local frame as core's geometry. */
function rapierShape(g: Geometry): RAPIER.Shape {
  if (g.kind === CIRCLE) {
    if (g.cx !== 0 || g.cy !== 0) throw new Error("off-centre circle");
    return new RAPIER.Ball(g.radius);
  }
  if (g.kind === CAPSULE) {
    if (g.x1 !== 0 || g.x2 !== 0 || g.y1 !== -g.y2) throw new Error("capsule not along y");
    return new RAPIER.Capsule(g.y2, g.radius);
  }
  if (g.halfX > 0) return new RAPIER.Cuboid(g.halfX, g.halfY);
  // Core's vertices are already a counter-clockwise hull: skip rapier's per-call hull computation.
  return new RAPIER.ConvexPolygon(Float32Array.from(g.vertices), true);
}

function rapierDesc(g: Geometry, px: number, py: number, angle: number): RAPIER.ColliderDesc {
  let desc: RAPIER.ColliderDesc | null;
  if (g.kind === CIRCLE) desc = RAPIER.ColliderDesc.ball(g.radius);
  else if (g.kind === CAPSULE) desc = RAPIER.ColliderDesc.capsule(g.y2, g.radius);
  else if (g.halfX > 0) desc = RAPIER.ColliderDesc.cuboid(g.halfX, g.halfY);
  else desc = RAPIER.ColliderDesc.convexPolyline(Float32Array.from(g.vertices));
  if (!desc) throw new Error("rapier rejected a polygon");
  return desc.setTranslation(px, py).setRotation(angle);
}

let world: RAPIER.World | undefined;
/** The colliders of the secondary "rapier (collider)" bodies live in one world that never steps. */
function collider(g: Geometry, px: number, py: number, angle: number): RAPIER.Collider {
  world ??= new RAPIER.World({ x: 0, y: 0 });
  return world.createCollider(rapierDesc(g, px, py, angle));
}

/** A shape as plain numbers, for reproductions. */
function describe(g: Geometry): object {
  if (g.kind === CIRCLE) return { circle: { radius: g.radius } };
  if (g.kind === CAPSULE) return { capsule: { x1: g.x1, y1: g.y1, x2: g.x2, y2: g.y2, radius: g.radius } };
  if (g.halfX > 0) return { box: { hw: g.halfX, hh: g.halfY } };
  const points: number[][] = [];
  for (let i = 0; i < g.count; i++) points.push([g.vertices[2 * i]!, g.vertices[2 * i + 1]!]);
  return { polygon: { points } };
}

const pose = (px: number, py: number, angle: number) => ({ x: px, y: py, angle });

// ---- Inputs -----------------------------------------------------------------------------------

export interface RayCase {
  readonly label: string;
  readonly group: string;
  readonly n: number;
  readonly shapes: ShapeSet;
  readonly xf: Transform[];
  readonly angle: number[];
  readonly pxf: PlanckTransform[];
  /** fromX, fromY, toX, toY per ray. */
  readonly ray: Float64Array;
  readonly planckIn: RayCastInput[];
  readonly rapierShape: RAPIER.Shape[];
  readonly rapierPos: RAPIER.Vector[];
  readonly rapierRay: RAPIER.Ray[];
  readonly rapierCollider: RAPIER.Collider[];
  readonly scale: number;
}

export const RAY_KINDS: readonly { readonly label: string; readonly kind: Kind }[] = [
  { label: "circle", kind: "circle" },
  { label: "box", kind: "box" },
  { label: "capsule", kind: "capsule" },
  { label: "8-gon", kind: "polygon" },
];

const rayOptions = { maxFraction: 1 };

/**
 * Rays from outside the shape (1.2–3 bounding radii from its origin, any direction) aimed at a
 * point offset from the shape's origin, with a length of 0.5–2 times the distance to that point,
 * so some stop short.
 */
export function makeRayCase(label: string, kind: Kind, n: number, seed: number, withColliders: boolean): RayCase {
  const r = rng(seed);
  const shapes = makeShapes(kind, n, r);
  const cx: number[] = [], cy: number[] = [], angle: number[] = [], fx: number[] = [], fy: number[] = [];
  const off: number[] = [], wx: number[] = [], wy: number[] = [], len: number[] = [];
  for (let i = 0; i < n; i++) {
    cx.push(lerp(r, -20, 20));
    cy.push(lerp(r, -20, 20));
    angle.push(lerp(r, 0, TAU));
    const t = lerp(r, 0, TAU), reach = shapes.bound[i]! * lerp(r, 1.2, 3);
    fx.push(cx[i]! + reach * Math.cos(t));
    fy.push(cy[i]! + reach * Math.sin(t));
    off.push(r() * shapes.bound[i]!);
    const w = lerp(r, 0, TAU);
    wx.push(Math.cos(w));
    wy.push(Math.sin(w));
    len.push(lerp(r, 0.5, 2));
  }
  const xf = cx.map((x, i) => xfOf(x, cy[i]!, angle[i]!));
  const ray = new Float64Array(4 * n);
  const place = (scale: number) => {
    for (let i = 0; i < n; i++) {
      const ax = cx[i]! + scale * off[i]! * wx[i]!, ay = cy[i]! + scale * off[i]! * wy[i]!;
      ray[4 * i] = fx[i]!;
      ray[4 * i + 1] = fy[i]!;
      ray[4 * i + 2] = fx[i]! + len[i]! * (ax - fx[i]!);
      ray[4 * i + 3] = fy[i]! + len[i]! * (ay - fy[i]!);
    }
  };
  const out = new CastOutput();
  const scale = calibrate((s) => {
    place(s);
    let hits = 0;
    for (let i = 0; i < n; i++) if (rayCast(shapes.ours[i]!, xf[i]!, ray[4 * i]!, ray[4 * i + 1]!, ray[4 * i + 2]!, ray[4 * i + 3]!, out, rayOptions).hit) hits++;
    return hits / n;
  }, 24);
  place(scale);
  const from = (i: number) => ({ x: ray[4 * i]!, y: ray[4 * i + 1]! });
  const dir = (i: number) => ({ x: ray[4 * i + 2]! - ray[4 * i]!, y: ray[4 * i + 3]! - ray[4 * i + 1]! });
  return {
    label, group: `ray ${label}`, n, shapes, xf, angle,
    pxf: cx.map((x, i) => planckXf(x, cy[i]!, angle[i]!)),
    ray,
    planckIn: shapes.ours.map((_, i) => ({ p1: new PlanckVec2(ray[4 * i]!, ray[4 * i + 1]!), p2: new PlanckVec2(ray[4 * i + 2]!, ray[4 * i + 3]!), maxFraction: 1 })),
    rapierShape: shapes.ours.map(rapierShape),
    rapierPos: cx.map((x, i) => ({ x, y: cy[i]! })),
    rapierRay: shapes.ours.map((_, i) => new RAPIER.Ray(from(i), dir(i))),
    rapierCollider: withColliders ? shapes.ours.map((g, i) => collider(g, cx[i]!, cy[i]!, angle[i]!)) : [],
    scale,
  };
}

export interface SweepCase {
  /** "B→A": the moving shape B, then the fixed shape A. */
  readonly label: string;
  readonly group: string;
  readonly n: number;
  readonly a: ShapeSet;
  readonly b: ShapeSet;
  readonly xfA: Transform[];
  readonly xfB: Transform[];
  readonly pose: { readonly ax: number; readonly ay: number; readonly aa: number; readonly bx: number; readonly by: number; readonly ba: number }[];
  readonly pxfA: PlanckTransform[];
  readonly pxfB: PlanckTransform[];
  /** B's translation, tx, ty per pair. */
  readonly t: Float64Array;
  readonly planckT: PlanckVec2[];
  readonly rapierA: RAPIER.Shape[];
  readonly rapierB: RAPIER.Shape[];
  readonly rapierPosA: RAPIER.Vector[];
  readonly rapierPosB: RAPIER.Vector[];
  readonly rapierVel: RAPIER.Vector[];
  readonly colliderA: RAPIER.Collider[];
  readonly colliderB: RAPIER.Collider[];
  readonly scale: number;
}

export const SWEEP_PAIRS: readonly { readonly label: string; readonly moving: Kind; readonly fixed: Kind }[] = [
  { label: "circle→circle", moving: "circle", fixed: "circle" },
  { label: "circle→box", moving: "circle", fixed: "box" },
  { label: "box→circle", moving: "box", fixed: "circle" },
  { label: "box→box", moving: "box", fixed: "box" },
  { label: "capsule→capsule", moving: "capsule", fixed: "capsule" },
  { label: "capsule→8-gon", moving: "capsule", fixed: "polygon" },
  { label: "8-gon→8-gon", moving: "polygon", fixed: "polygon" },
];

/**
 * B starts 1.1–3 times the sum of the bounding radii from A in a random direction, at a random
 * angle, and translates by 0.5–2 times the vector to a point offset from A's origin.
 */
export function makeSweepCase(label: string, moving: Kind, fixed: Kind, n: number, seed: number, withColliders: boolean): SweepCase {
  const r = rng(seed);
  const a = makeShapes(fixed, n, r), b = makeShapes(moving, n, r);
  const poses: SweepCase["pose"][number][] = [];
  const off: number[] = [], wx: number[] = [], wy: number[] = [], len: number[] = [];
  for (let i = 0; i < n; i++) {
    const ax = lerp(r, -20, 20), ay = lerp(r, -20, 20), aa = lerp(r, 0, TAU), ba = lerp(r, 0, TAU);
    const sum = a.bound[i]! + b.bound[i]!, d = sum * lerp(r, 1.1, 3), t = lerp(r, 0, TAU);
    poses.push({ ax, ay, aa, bx: ax + d * Math.cos(t), by: ay + d * Math.sin(t), ba });
    off.push(r() * sum);
    const w = lerp(r, 0, TAU);
    wx.push(Math.cos(w));
    wy.push(Math.sin(w));
    len.push(lerp(r, 0.5, 2));
  }
  const xfA = poses.map((p) => xfOf(p.ax, p.ay, p.aa)), xfB = poses.map((p) => xfOf(p.bx, p.by, p.ba));
  const tr = new Float64Array(2 * n);
  const place = (scale: number) => {
    for (let i = 0; i < n; i++) {
      const p = poses[i]!;
      tr[2 * i] = len[i]! * (p.ax + scale * off[i]! * wx[i]! - p.bx);
      tr[2 * i + 1] = len[i]! * (p.ay + scale * off[i]! * wy[i]! - p.by);
    }
  };
  const out = new CastOutput();
  const scale = calibrate((s) => {
    place(s);
    let hits = 0;
    for (let i = 0; i < n; i++) if (shapeCast(a.ours[i]!, xfA[i]!, b.ours[i]!, xfB[i]!, tr[2 * i]!, tr[2 * i + 1]!, out, 1).hit) hits++;
    return hits / n;
  }, 24);
  place(scale);
  return {
    label, group: `sweep ${label}`, n, a, b, xfA, xfB, pose: poses,
    pxfA: poses.map((p) => planckXf(p.ax, p.ay, p.aa)),
    pxfB: poses.map((p) => planckXf(p.bx, p.by, p.ba)),
    t: tr,
    planckT: poses.map((_, i) => new PlanckVec2(tr[2 * i]!, tr[2 * i + 1]!)),
    rapierA: a.ours.map(rapierShape),
    rapierB: b.ours.map(rapierShape),
    rapierPosA: poses.map((p) => ({ x: p.ax, y: p.ay })),
    rapierPosB: poses.map((p) => ({ x: p.bx, y: p.by })),
    rapierVel: poses.map((_, i) => ({ x: tr[2 * i]!, y: tr[2 * i + 1]! })),
    colliderA: withColliders ? a.ours.map((g, i) => collider(g, poses[i]!.ax, poses[i]!.ay, poses[i]!.aa)) : [],
    colliderB: withColliders ? b.ours.map((g, i) => collider(g, poses[i]!.bx, poses[i]!.by, poses[i]!.ba)) : [],
    scale,
  };
}

export interface ToiCase {
  readonly label: string;
  readonly group: string;
  readonly n: number;
  /** timeOfImpact's tolerance for this case (TOI_TOLERANCE unless the label says otherwise). */
  readonly tolerance: number;
  readonly a: ShapeSet;
  readonly b: ShapeSet;
  readonly sweepA: Sweep[];
  readonly sweepB: Sweep[];
  readonly planckA: PlanckSweep[];
  readonly planckB: PlanckSweep[];
  readonly scale: number;
}

/**
 * `inputs` numbers the seeded inputs, so a case at another tolerance times the very same pairs.
 * The 5e-4 rows ask for contact to about Box2D's precision: on these pairs (scales of 2–25 units)
 * a hit ends at most 0.9–12.7e-3 apart (median 3.7e-3), where Box2D ends 0.005 ± 0.00125 apart.
 */
export const TOI_PAIRS: readonly { readonly label: string; readonly a: Kind; readonly b: Kind; readonly inputs: number; readonly tolerance?: number }[] = [
  { label: "box–box", a: "box", b: "box", inputs: 0 },
  { label: "capsule–8-gon", a: "capsule", b: "polygon", inputs: 1 },
  { label: "box–box, tolerance 5e-4", a: "box", b: "box", inputs: 0, tolerance: 5e-4 },
  { label: "capsule–8-gon, tolerance 5e-4", a: "capsule", b: "polygon", inputs: 1, tolerance: 5e-4 },
];

function planckSweep(s: Sweep): PlanckSweep {
  const p = new PlanckSweep();
  p.localCenter.setNum(s.localCenterX, s.localCenterY);
  p.c0.setNum(s.x1, s.y1);
  p.a0 = s.angle1;
  p.c.setNum(s.x2, s.y2);
  p.a = s.angle2;
  p.alpha0 = 0;
  return p;
}

/**
 * Both shapes move and turn about their origins. A drifts by up to half the sum of the bounding
 * radii and turns by up to ±0.5 rad; B starts 1.1–3 times that sum away, turns by up to ±1 rad and
 * moves by 0.5–2 times the vector to a point offset from A's final position.
 */
export function makeToiCase(label: string, ka: Kind, kb: Kind, n: number, seed: number, tolerance = TOI_TOLERANCE): ToiCase {
  const r = rng(seed);
  const a = makeShapes(ka, n, r), b = makeShapes(kb, n, r);
  const sweepA: Sweep[] = [];
  const start: { x: number; y: number; a1: number; a2: number }[] = [];
  const off: number[] = [], wx: number[] = [], wy: number[] = [], len: number[] = [];
  for (let i = 0; i < n; i++) {
    const sum = a.bound[i]! + b.bound[i]!;
    const x1 = lerp(r, -20, 20), y1 = lerp(r, -20, 20), angle1 = lerp(r, 0, TAU);
    const drift = sum * lerp(r, 0, 0.5), dt = lerp(r, 0, TAU);
    sweepA.push(sweepOf(x1, y1, angle1, x1 + drift * Math.cos(dt), y1 + drift * Math.sin(dt), angle1 + lerp(r, -0.5, 0.5)));
    const d = sum * lerp(r, 1.1, 3), t = lerp(r, 0, TAU), b1 = lerp(r, 0, TAU);
    start.push({ x: x1 + d * Math.cos(t), y: y1 + d * Math.sin(t), a1: b1, a2: b1 + lerp(r, -1, 1) });
    off.push(r() * sum);
    const w = lerp(r, 0, TAU);
    wx.push(Math.cos(w));
    wy.push(Math.sin(w));
    len.push(lerp(r, 0.5, 2));
  }
  const place = (scale: number) => start.map((s, i) => {
    const A = sweepA[i]!;
    const ax = A.x2 + scale * off[i]! * wx[i]!, ay = A.y2 + scale * off[i]! * wy[i]!;
    return sweepOf(s.x, s.y, s.a1, s.x + len[i]! * (ax - s.x), s.y + len[i]! * (ay - s.y), s.a2);
  });
  const out = new TimeOfImpactOutput();
  const scale = calibrate((s) => {
    const sb = place(s);
    let hits = 0;
    for (let i = 0; i < n; i++) if (timeOfImpact(a.ours[i]!, sweepA[i]!, b.ours[i]!, sb[i]!, out).hit) hits++;
    return hits / n;
  }, 14);
  const sweepB = place(scale);
  return { label, group: `TOI ${label}`, n, tolerance, a, b, sweepA, sweepB, planckA: sweepA.map(planckSweep), planckB: sweepB.map(planckSweep), scale };
}

// ---- Timed bodies -----------------------------------------------------------------------------

const cast = new CastOutput();
const toiOut = new TimeOfImpactOutput();
const pRay: RayCastOutput = { normal: new PlanckVec2(0, 0), fraction: 0 };
const scIn = new ShapeCastInput();
const scOut = new ShapeCastOutput();
const tIn = new TOIInput();
const tOut = new TOIOutput();
const ZERO: RAPIER.Vector = { x: 0, y: 0 };
let rHit: RAPIER.RayIntersection, sHit: RAPIER.ShapeCastHit, cHit: RAPIER.ColliderShapeCastHit;

/** Result objects for rapier, reused by every call (created after init). */
function rapierTargets(): void {
  rHit ??= new RAPIER.RayIntersection(0, { x: 0, y: 0 });
  sHit ??= new RAPIER.ShapeCastHit(0, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 });
  cHit ??= new RAPIER.ColliderShapeCastHit(null as unknown as RAPIER.Collider, 0, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 });
}

// Core and rapier call one function for every kind, so one literal each serves every case; planck's
// ray cast is a method of each shape class, so it gets one literal per kind (monomorphic call site).

export function rayBenches(c: RayCase): Bench[] {
  rapierTargets();
  const n = c.n, group = c.group, g = c.shapes.ours, xf = c.xf, ray = c.ray;
  const pin = c.planckIn, pxf = c.pxf, rs = c.rapierShape, rpos = c.rapierPos, rrot = c.angle, rray = c.rapierRay, rcol = c.rapierCollider;
  const out: Bench[] = [];
  const add = (lib: string, run: (reps: number) => number) => out.push({ group, lib, callsPerRep: n, run });
  add(OURS, (reps) => {
    let s = 0;
    for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
      const k = 4 * i;
      rayCast(g[i]!, xf[i]!, ray[k]!, ray[k + 1]!, ray[k + 2]!, ray[k + 3]!, cast, rayOptions);
      if (cast.hit) s += cast.fraction + cast.normalX;
    }
    return s;
  });
  switch (c.shapes.kind) {
    case "circle": {
      const ps = c.shapes.planck as CircleShape[];
      add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) if (ps[i]!.rayCast(pRay, pin[i]!, pxf[i]!, 0)) s += pRay.fraction + pRay.normal.x; return s; });
      break;
    }
    case "box": {
      const ps = c.shapes.planck as PolygonShape[];
      add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) if (ps[i]!.rayCast(pRay, pin[i]!, pxf[i]!, 0)) s += pRay.fraction + pRay.normal.x; return s; });
      break;
    }
    case "polygon": {
      const ps = c.shapes.planck as PolygonShape[];
      add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) if (ps[i]!.rayCast(pRay, pin[i]!, pxf[i]!, 0)) s += pRay.fraction + pRay.normal.x; return s; });
      break;
    }
    case "capsule":
      break; // planck has no capsule, and its EdgeShape.rayCast ignores the radius: n/a
  }
  add(RAPIER_SHAPE, (reps) => {
    let s = 0;
    for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
      const h = rs[i]!.castRayAndGetNormal(rray[i]!, rpos[i]!, rrot[i]!, 1, true, rHit);
      if (h) s += h.timeOfImpact + h.normal.x;
    }
    return s;
  });
  if (rcol.length > 0) {
    add(RAPIER_COLLIDER, (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
        const h = rcol[i]!.castRayAndGetNormal(rray[i]!, 1, true, rHit);
        if (h) s += h.timeOfImpact + h.normal.x;
      }
      return s;
    });
  }
  return out;
}

export function sweepBenches(c: SweepCase): Bench[] {
  rapierTargets();
  const n = c.n, group = c.group, ga = c.a.ours, gb = c.b.ours, xa = c.xfA, xb = c.xfB, t = c.t;
  const pa: PlanckShape[] = c.a.planck, pb: PlanckShape[] = c.b.planck, pxa = c.pxfA, pxb = c.pxfB, pt = c.planckT;
  const ra = c.rapierA, rb = c.rapierB, rpa = c.rapierPosA, rpb = c.rapierPosB, rv = c.rapierVel, ca = c.colliderA, cb = c.colliderB;
  const angles = c.pose;
  const out: Bench[] = [];
  const add = (lib: string, run: (reps: number) => number) => out.push({ group, lib, callsPerRep: n, run });
  add(OURS, (reps) => {
    let s = 0;
    for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
      shapeCast(ga[i]!, xa[i]!, gb[i]!, xb[i]!, t[2 * i]!, t[2 * i + 1]!, cast, 1);
      if (cast.hit) s += cast.fraction + cast.normalX;
    }
    return s;
  });
  add(PLANCK, (reps) => {
    let s = 0;
    for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
      scIn.proxyA.set(pa[i]!, 0); scIn.proxyB.set(pb[i]!, 0);
      scIn.transformA.setTransform(pxa[i]!); scIn.transformB.setTransform(pxb[i]!);
      scIn.translationB.setVec2(pt[i]!);
      if (ShapeCast(scOut, scIn)) s += scOut.lambda + scOut.normal.x;
    }
    return s;
  });
  add(RAPIER_SHAPE, (reps) => {
    let s = 0;
    for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
      const p = angles[i]!;
      const h = ra[i]!.castShape(rpa[i]!, p.aa, ZERO, rb[i]!, rpb[i]!, p.ba, rv[i]!, 0, 1, true, sHit);
      if (h) s += h.time_of_impact + h.normal1.x;
    }
    return s;
  });
  if (ca.length > 0) {
    add(RAPIER_COLLIDER, (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
        const h = ca[i]!.castCollider(ZERO, cb[i]!, rv[i]!, 0, 1, true, cHit);
        if (h) s += h.time_of_impact + h.normal1.x;
      }
      return s;
    });
  }
  return out;
}

export function toiBenches(c: ToiCase): Bench[] {
  const n = c.n, group = c.group, ga = c.a.ours, gb = c.b.ours, sa = c.sweepA, sb = c.sweepB, tolerance = c.tolerance;
  const pa: PlanckShape[] = c.a.planck, pb: PlanckShape[] = c.b.planck, psa = c.planckA, psb = c.planckB;
  return [
    {
      group, lib: OURS, callsPerRep: n,
      run: (reps) => {
        let s = 0;
        for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
          timeOfImpact(ga[i]!, sa[i]!, gb[i]!, sb[i]!, toiOut, 1, tolerance);
          if (toiOut.hit) s += toiOut.fraction + toiOut.normalX;
        }
        return s;
      },
    },
    {
      group, lib: PLANCK, callsPerRep: n,
      run: (reps) => {
        let s = 0;
        for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
          tIn.proxyA.set(pa[i]!, 0); tIn.proxyB.set(pb[i]!, 0);
          tIn.sweepA.set(psa[i]!); tIn.sweepB.set(psb[i]!);
          tIn.tMax = 1;
          TimeOfImpact(tOut, tIn);
          s += tOut.t + tOut.state;
        }
        return s;
      },
    },
  ];
}

// ---- Agreement checks (untimed) ----------------------------------------------------------------
//
// Every disagreement beyond FRACTION_TOLERANCE (or on hit versus miss) is judged with planck's
// f64 GJK Distance, which is independent of core: the surface gap at each side's fraction.
//   ours suspect   ours' hit is not a contact (gap > CONTACT_GAP), or the peer's earlier hit (or
//                  hit where ours misses) is an overlap (gap exactly 0): a possible core bug.
//   slop           planck's documented target separation accounts for it (ShapeCast and
//                  TimeOfImpact stop near a target gap, not at contact; see planckTarget).
//   peer side      ours' hit is a contact and the peer's differing answer is not an overlap.

/** Fractions closer than this agree (the brief's tolerance for exact peers). */
export const FRACTION_TOLERANCE = 1e-4;
/** A surface gap (by planck's f64 GJK distance) at most this counts as contact. */
const CONTACT_GAP = 1e-6;

export interface PeerAgreement {
  /** Casts the peer reports as hits. */
  hits: number;
  /** Hit by one, missed by the other. */
  hitMiss: number;
  /** Both hit: largest |Δ fraction|, and how many differ by more than FRACTION_TOLERANCE. */
  maxDiff: number;
  beyond: number;
  /** Disagreements (hit-miss or beyond) by verdict. */
  slop: number;
  peerSide: number;
  oursSuspect: number;
}

export interface Disagreement {
  readonly group: string;
  readonly index: number;
  readonly peer: string;
  readonly verdict: "ours suspect" | "slop" | "peer side";
  readonly what: string;
  readonly repro: object;
}

export interface CastCheck {
  readonly group: string;
  readonly n: number;
  readonly hitsOurs: number;
  readonly planck: PeerAgreement | null;
  readonly rapier: PeerAgreement | null;
  /** Mean root-finding iterations of core (shape casts and TOI). */
  readonly iterations: number | null;
  /** Ours' hits that are not contacts by planck's Distance, overlaps sampled before ours' fraction, TOI that did not converge. */
  readonly oursProblems: number;
  /** Disagreements other than planck's slop, and ours' problems, up to MAX_LISTED per case. */
  readonly listed: Disagreement[];
}

const MAX_LISTED = 40;
const agreement = (): PeerAgreement => ({ hits: 0, hitMiss: 0, maxDiff: 0, beyond: 0, slop: 0, peerSide: 0, oursSuspect: 0 });
const fmt = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(9))) : String(v));
const gapText = (g: number) => (g === 0 ? "0 (overlap)" : g.toExponential(2));

/**
 * The surface gap planck aims for (negative: overlap) and its tolerance. ShapeCast: radius =
 * max(r, polygonRadius 0.01) per proxy, target = max(0.01, rA + rB − 0.01) ± 0.0025.
 * TimeOfImpact: core distance max(linearSlop 0.005, rA + rB − 0.015) ± 0.00125.
 */
function planckTarget(kind: "cast" | "toi", a: PlanckShape, b: PlanckShape): { gap: number; band: number } {
  const rA = a.m_radius, rB = b.m_radius;
  if (kind === "cast") {
    const radius = Math.max(rA, 0.01) + Math.max(rB, 0.01);
    return { gap: Math.max(0.01, radius - 0.01) - (rA + rB), band: 0.0025 };
  }
  return { gap: Math.max(0.005, rA + rB - 0.015) - (rA + rB), band: 0.00125 };
}

interface Judge {
  readonly group: string;
  readonly index: number;
  /** Surface gap at fraction f, by planck's Distance. */
  readonly gapAt: (f: number) => number;
  readonly repro: () => object;
  /** planck's target, for planck's shape cast and TOI (null: planck is exact here). */
  readonly target: { gap: number; band: number } | null;
  /** The gap ours' hit may leave: CONTACT_GAP, or a looser time of impact's own tolerance. */
  readonly contactGap?: number;
}

function judge(j: Judge, peer: string, acc: PeerAgreement, listed: Disagreement[], oursHit: boolean, oursF: number, peerHit: boolean, peerF: number): void {
  if (peerHit) acc.hits++;
  let differs = oursHit !== peerHit;
  if (differs) acc.hitMiss++;
  else if (oursHit) {
    const d = Math.abs(oursF - peerF);
    acc.maxDiff = Math.max(acc.maxDiff, d);
    if (d > FRACTION_TOLERANCE) {
      acc.beyond++;
      differs = true;
    }
  }
  if (!differs) return;
  const gO = oursHit ? j.gapAt(oursF) : NaN, gP = peerHit ? j.gapAt(peerF) : NaN;
  let verdict: Disagreement["verdict"];
  if ((oursHit && gO > (j.contactGap ?? CONTACT_GAP)) || (peerHit && gP === 0 && (!oursHit || peerF < oursF - FRACTION_TOLERANCE))) verdict = "ours suspect";
  else if (j.target && (peerHit
    ? Math.abs(gP - Math.max(j.target.gap, 0)) <= j.target.band + 1e-9 && (j.target.gap <= 0 || !oursHit || oursF >= peerF - FRACTION_TOLERANCE)
    : j.target.gap < 0)) verdict = "slop";
  else verdict = "peer side";
  if (verdict === "ours suspect") acc.oursSuspect++;
  else if (verdict === "slop") acc.slop++;
  else acc.peerSide++;
  if (verdict !== "slop" && listed.length < MAX_LISTED) {
    listed.push({
      group: j.group, index: j.index, peer, verdict,
      what: `ours ${oursHit ? `hit at ${fmt(oursF)} (gap there ${gapText(gO)})` : "miss"}, ${peer} ${peerHit ? `hit at ${fmt(peerF)} (gap there ${gapText(gP)})` : "miss"}${j.target ? ` [planck's target gap ${j.target.gap.toFixed(4)} ± ${j.target.band}]` : ""}`,
      repro: j.repro(),
    });
  }
}

/** Ours' own consistency: a hit is a contact, and (full runs) nothing overlaps at 32 samples before it. */
function selfCheck(j: Judge, listed: Disagreement[], oursHit: boolean, oursF: number, sample: boolean): number {
  let problems = 0;
  const flag = (what: string) => {
    problems++;
    if (listed.length < MAX_LISTED) listed.push({ group: j.group, index: j.index, peer: "planck Distance", verdict: "ours suspect", what, repro: j.repro() });
  };
  if (oursHit) {
    const g = j.gapAt(oursF);
    if (g > (j.contactGap ?? CONTACT_GAP)) flag(`ours' hit at ${fmt(oursF)} is not a contact: gap ${gapText(g)}`);
  }
  if (sample) {
    const end = oursHit ? oursF : 1;
    for (let k = 0; k < 32; k++) {
      const f = (end * k) / 32;
      if (end - f > FRACTION_TOLERANCE && j.gapAt(f) === 0) {
        flag(`overlap at ${fmt(f)}, before ours' ${oursHit ? `hit at ${fmt(oursF)}` : "miss"}`);
        break;
      }
    }
  }
  return problems;
}

// planck's GJK distance, the independent judge.
const jIn = new DistanceInput();
const jOut = new PlanckDistanceOutput();
const jCache = new SimplexCache();
const jPoint = [new PlanckVec2(0, 0)];
const jXfA = new PlanckTransform(new PlanckVec2(0, 0), 0);
const jXfB = new PlanckTransform(new PlanckVec2(0, 0), 0);
const identity = new PlanckTransform(new PlanckVec2(0, 0), 0);

function gjk(a: PlanckShape, xfA: PlanckTransform, xfB: PlanckTransform, b: PlanckShape | null): number {
  jIn.proxyA.set(a, 0);
  if (b) jIn.proxyB.set(b, 0);
  else jIn.proxyB.setVertices(jPoint, 1, 0);
  jIn.transformA.setTransform(xfA);
  jIn.transformB.setTransform(xfB);
  jIn.useRadii = true;
  jCache.count = 0;
  Distance(jOut, jCache, jIn);
  return jOut.distance;
}

export function checkRays(c: RayCase): CastCheck {
  rapierTargets();
  const out = new CastOutput();
  const planck = c.shapes.kind === "capsule" ? null : agreement();
  const rapier = agreement();
  const listed: Disagreement[] = [];
  const pOut: RayCastOutput = { normal: new PlanckVec2(0, 0), fraction: 0 };
  let hits = 0, oursProblems = 0;
  for (let i = 0; i < c.n; i++) {
    const k = 4 * i, fx = c.ray[k]!, fy = c.ray[k + 1]!, tx = c.ray[k + 2]!, ty = c.ray[k + 3]!;
    rayCast(c.shapes.ours[i]!, c.xf[i]!, fx, fy, tx, ty, out, rayOptions);
    const oursHit = out.hit, oursF = out.hit ? out.fraction : NaN;
    if (oursHit) hits++;
    const j: Judge = {
      group: c.group, index: i, target: null,
      gapAt: (f) => {
        jPoint[0]!.setNum(fx + f * (tx - fx), fy + f * (ty - fy));
        return gjk(c.shapes.planck[i]!, c.pxf[i]!, identity, null);
      },
      repro: () => ({ shape: describe(c.shapes.ours[i]!), transform: pose(c.xf[i]!.px, c.xf[i]!.py, c.angle[i]!), from: [fx, fy], to: [tx, ty] }),
    };
    if (planck) {
      const hit = c.shapes.planck[i]!.rayCast(pOut, c.planckIn[i]!, c.pxf[i]!, 0);
      judge(j, PLANCK, planck, listed, oursHit, oursF, hit, hit ? pOut.fraction : NaN);
    }
    const h = c.rapierShape[i]!.castRayAndGetNormal(c.rapierRay[i]!, c.rapierPos[i]!, c.angle[i]!, 1, true, rHit);
    judge(j, RAPIER_SHAPE, rapier, listed, oursHit, oursF, !!h, h ? h.timeOfImpact : NaN);
    oursProblems += selfCheck(j, listed, oursHit, oursF, false);
  }
  return { group: c.group, n: c.n, hitsOurs: hits, planck, rapier, iterations: null, oursProblems, listed };
}

export function checkSweeps(c: SweepCase, sample: boolean): CastCheck {
  rapierTargets();
  const out = new CastOutput();
  const planck = agreement(), rapier = agreement();
  const listed: Disagreement[] = [];
  const pIn = new ShapeCastInput(), pOut = new ShapeCastOutput();
  let hits = 0, iterations = 0, oursProblems = 0;
  for (let i = 0; i < c.n; i++) {
    const tx = c.t[2 * i]!, ty = c.t[2 * i + 1]!, p = c.pose[i]!;
    shapeCast(c.a.ours[i]!, c.xfA[i]!, c.b.ours[i]!, c.xfB[i]!, tx, ty, out, 1);
    const oursHit = out.hit, oursF = out.hit ? out.fraction : NaN;
    iterations += out.iterations;
    if (oursHit) hits++;
    const pa = c.a.planck[i]!, pb = c.b.planck[i]!;
    const j: Judge = {
      group: c.group, index: i, target: null,
      gapAt: (f) => {
        jXfB.setNum(new PlanckVec2(p.bx + f * tx, p.by + f * ty), p.ba);
        return gjk(pa, c.pxfA[i]!, jXfB, pb);
      },
      repro: () => ({ A: describe(c.a.ours[i]!), xfA: pose(p.ax, p.ay, p.aa), B: describe(c.b.ours[i]!), xfB: pose(p.bx, p.by, p.ba), translationB: [tx, ty] }),
    };
    pIn.proxyA.set(pa, 0); pIn.proxyB.set(pb, 0);
    pIn.transformA.setTransform(c.pxfA[i]!); pIn.transformB.setTransform(c.pxfB[i]!);
    pIn.translationB.setVec2(c.planckT[i]!);
    const planckHit = ShapeCast(pOut, pIn);
    judge({ ...j, target: planckTarget("cast", pa, pb) }, PLANCK, planck, listed, oursHit, oursF, planckHit, planckHit ? pOut.lambda : NaN);
    const h = c.rapierA[i]!.castShape(c.rapierPosA[i]!, p.aa, ZERO, c.rapierB[i]!, c.rapierPosB[i]!, p.ba, c.rapierVel[i]!, 0, 1, true, sHit);
    judge(j, RAPIER_SHAPE, rapier, listed, oursHit, oursF, !!h, h ? h.time_of_impact : NaN);
    oursProblems += selfCheck(j, listed, oursHit, oursF, sample);
  }
  return { group: c.group, n: c.n, hitsOurs: hits, planck, rapier, iterations: iterations / c.n, oursProblems, listed };
}

export function checkToi(c: ToiCase, sample: boolean): CastCheck {
  const out = new TimeOfImpactOutput();
  const planck = agreement();
  const listed: Disagreement[] = [];
  const pIn = new TOIInput(), pOut = new TOIOutput();
  const at = { px: 0, py: 0, c: 1, s: 0 };
  let hits = 0, iterations = 0, oursProblems = 0;
  for (let i = 0; i < c.n; i++) {
    timeOfImpact(c.a.ours[i]!, c.sweepA[i]!, c.b.ours[i]!, c.sweepB[i]!, out, 1, c.tolerance);
    const oursHit = out.hit, oursF = out.hit ? out.fraction : NaN;
    iterations += out.iterations;
    if (oursHit) hits++;
    const A = c.sweepA[i]!, B = c.sweepB[i]!, pa = c.a.planck[i]!, pb = c.b.planck[i]!;
    const j: Judge = {
      group: c.group, index: i, target: planckTarget("toi", pa, pb), contactGap: Math.max(CONTACT_GAP, out.tolerance * (1 + 1e-9)),
      gapAt: (t) => {
        poseAt(A, t, at);
        jXfA.setNum(new PlanckVec2(at.px, at.py), Math.atan2(at.s, at.c));
        poseAt(B, t, at);
        jXfB.setNum(new PlanckVec2(at.px, at.py), Math.atan2(at.s, at.c));
        return gjk(pa, jXfA, jXfB, pb);
      },
      repro: () => ({
        A: describe(c.a.ours[i]!), sweepA: [A.x1, A.y1, A.angle1, A.x2, A.y2, A.angle2],
        B: describe(c.b.ours[i]!), sweepB: [B.x1, B.y1, B.angle1, B.x2, B.y2, B.angle2],
      }),
    };
    pIn.proxyA.set(pa, 0); pIn.proxyB.set(pb, 0);
    pIn.sweepA.set(c.planckA[i]!); pIn.sweepB.set(c.planckB[i]!);
    pIn.tMax = 1;
    TimeOfImpact(pOut, pIn);
    const planckHit = pOut.state === TOIOutputState.e_touching || pOut.state === TOIOutputState.e_overlapped;
    judge(j, PLANCK, planck, listed, oursHit, oursF, planckHit, planckHit ? pOut.t : NaN);
    oursProblems += selfCheck(j, listed, oursHit, oursF, sample);
    if (!out.converged) {
      oursProblems++;
      if (listed.length < MAX_LISTED) listed.push({ group: c.group, index: i, peer: "none", verdict: "ours suspect", what: `ours did not converge (${out.iterations} iterations, t ${fmt(out.fraction)})`, repro: j.repro() });
    }
  }
  return { group: c.group, n: c.n, hitsOurs: hits, planck, rapier: null, iterations: iterations / c.n, oursProblems, listed };
}

// ---- Report -------------------------------------------------------------------------------------

const perSecond = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? "n/a" : `${(1e3 / v).toPrecision(3)} M/s`);
const pct = (hits: number | undefined, n: number) => (hits === undefined ? "n/a" : ((100 * hits) / n).toFixed(1));

export function castReport(checks: readonly CastCheck[], find: (group: string, lib: string) => number | undefined): { lines: string[]; slower: string[] } {
  const rows: string[][] = [];
  const slower: string[] = [];
  // Box2D in C is a column only when `--box2d DIR` timed it.
  const withBox2d = checks.some((ch) => find(ch.group, BOX2D) !== undefined);
  for (const ch of checks) {
    const o = find(ch.group, OURS), p = find(ch.group, PLANCK), r = find(ch.group, RAPIER_SHAPE), rc = find(ch.group, RAPIER_COLLIDER), b = find(ch.group, BOX2D);
    if (o === undefined) continue;
    rows.push([ch.group, ns(o), perSecond(o), ns(p), ratio(p, o), ns(r), ratio(r, o), ...(withBox2d ? [ns(b), ratio(b, o)] : [])]);
    if (p !== undefined && p < o) slower.push(`${ch.group} vs planck (${(p / o).toFixed(2)}×)`);
    if (r !== undefined && r < o) slower.push(`${ch.group} vs rapier (${(r / o).toFixed(2)}×)`);
    if (rc !== undefined && rc < o) slower.push(`${ch.group} vs rapier (collider) (${(rc / o).toFixed(2)}×)`);
    if (b !== undefined && b < o) slower.push(`${ch.group} vs Box2D in C (${(b / o).toFixed(2)}×)`);
  }
  const lines: string[] = [];
  if (checks.length === 0) return { lines, slower };
  if (rows.length > 0) {
    const box2dColumns = withBox2d ? ["Box2D (C) ns", "Box2D/ours"] : [];
    lines.push(table(["cast", "ours ns", "ours per s", "planck ns", "planck/ours", "rapier ns", "rapier/ours", ...box2dColumns], ["l", "r", "r", "r", "r", "r", "r", ...box2dColumns.map(() => "r" as const)], rows));
    lines.push("");
    lines.push("Notes:");
    lines.push("- ray X: a ray against shape X. sweep B→A: shape B translates against fixed shape A (shapeCast(A, xfA, B, xfB, tx, ty)). TOI A–B: both shapes move and turn (timeOfImpact with sweepOf). ours per s: rays, sweeps or TOI per second (M = million). Issue targets, Box2D v3 in C on this machine on its own inputs: shape cast 195 ns, time of impact 582 ns (--box2d DIR times Box2D on these inputs).");
    lines.push("- ours: rayCast(g, xf, from, to, out, {maxFraction: 1}), shapeCast(…, out, 1), timeOfImpact(…, out), with reused outputs; each returns hit, fraction, world point and normal.");
    lines.push("- planck: shape.rayCast(output, input, xf, 0) (fraction and normal, no point; planck has no capsule and EdgeShape.rayCast ignores the radius: n/a). ShapeCast with proxies, transforms and translation set per call (fraction, point, normal; it allocates a Simplex and Vec2s per call). TimeOfImpact with proxies and sweeps set per call (state and t only, no point or normal; includes its two Date.now() stats calls).");
    lines.push("- rapier: Shape.castRayAndGetNormal(ray, pos, angle, 1, true) and Shape.castShape(posA, angleA, 0, shapeB, posB, angleB, translation, 0, 1, true) into reused results; each shape-level call converts its vectors and both shapes to WebAssembly objects and frees them. rapier (collider), below: the same queries on colliders kept in a world that never steps (Collider.castRayAndGetNormal, castCollider), without that per-call conversion. rapier has no turning time of impact at shape level: n/a.");
    if (withBox2d) lines.push("- Box2D (C): Box2D v3's own b2ShapeCast and b2TimeOfImpact, compiled from the checkout --box2d names with its Release flags (-O3, f32), on the same pairs (proxies and transforms prepared before timing, exact rotations), one pass over every pair after another (box2d-native.ts). Box2D stops 0.005 short of contact (its linear slop), core at 1e-9 of the size.");
    lines.push(slower.length === 0 ? `- Ours is faster than planck and rapier${withBox2d ? " and Box2D in C" : ""} in every cast.` : `- Slower than a peer: ${slower.join(", ")}.`);
    lines.push("");
  }
  lines.push("Cast agreement (untimed, the same inputs):");
  lines.push("");
  const arows = checks.map((ch) => {
    const rc = find(ch.group, RAPIER_COLLIDER), o = find(ch.group, OURS), pl = ch.planck, ra = ch.rapier;
    const stats = (x: PeerAgreement | null) => (x ? `${x.hitMiss} / ${x.beyond} / ${x.maxDiff.toExponential(1)}` : "n/a");
    return [
      ch.group, ns(rc), ratio(rc, o),
      `${pct(ch.hitsOurs, ch.n)} / ${pct(pl?.hits, ch.n)} / ${pct(ra?.hits, ch.n)}`,
      stats(pl), pl ? `${pl.slop} / ${pl.peerSide}` : "n/a",
      stats(ra), ra ? `${ra.peerSide}` : "n/a",
      `${(pl?.oursSuspect ?? 0) + (ra?.oursSuspect ?? 0) + ch.oursProblems}`,
      ch.iterations === null ? "—" : ch.iterations.toFixed(1),
    ];
  });
  lines.push(table(
    ["cast", "rapier (collider) ns", "rapier (collider)/ours", "hit % ours / planck / rapier", `planck: hit-miss / |Δf| > ${FRACTION_TOLERANCE} / max |Δf|`, "planck: slop / peer side", `rapier: hit-miss / |Δf| > ${FRACTION_TOLERANCE} / max |Δf|`, "rapier: peer side", "ours suspect", "ours iterations"],
    ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    arows,
  ));
  lines.push("");
  lines.push("- hit-miss: one reports a hit, the other a miss; |Δf|: fractions of casts both hit. Each disagreement is judged by planck's f64 GJK Distance at both fractions (the surface gap there): slop = planck's target separation accounts for it (ShapeCast stops near a gap of 0.01 between two polygons and an overlap of 0.01 between two rounded shapes; TimeOfImpact near a core distance of max(0.005, rA + rB − 0.015)); peer side = ours' hit is a contact and the peer's different answer is not an overlap (rapier computes in f32; grazing casts); ours suspect = ours' hit is not a contact, or the peer's earlier hit is an overlap.");
  lines.push(`- ours suspect also counts ours' own problems: a hit that is not a contact (gap > ${CONTACT_GAP}), an overlap at one of 32 samples before ours' fraction (full runs), a TOI that did not converge. ours iterations: mean root-finding steps.`);
  const rank = { "ours suspect": 0, "peer side": 1, slop: 2 };
  const all = checks.flatMap((ch) => ch.listed).sort((x, y) => rank[x.verdict] - rank[y.verdict]);
  if (all.length > 0) {
    lines.push("");
    lines.push(`Disagreements other than planck's slop (${all.length}${all.length > 15 ? ", first 15; all in --json" : ""}):`);
    for (const d of all.slice(0, 15)) lines.push(`- ${d.group} #${d.index} vs ${d.peer} [${d.verdict}]: ${d.what}; ${JSON.stringify(d.repro)}`);
  }
  return { lines, slower };
}
