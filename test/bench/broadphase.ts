// The scene benchmark of issue 7 for `npm run bench` (groups "scene build", "scene ray", "scene
// region", "scene pairs", "scene move 1%"): one seeded scene of 100,000 shapes, the same 10,000
// long rays, the same region boxes and the same 1 % moves for core's CollisionWorld and for
// rapier2d-compat 0.21 (WebAssembly), planck 1.5, detect-collisions / check2d and flatbush (bare
// AABB index). run.ts calls runScene() and prints the table built here.
//
// Every figure is one timed call per library per sample (interleaved, rotating order, after one
// untimed warm-up run), median over the samples; setup a figure needs (a fresh world for the
// pairs) is done untimed before each sample.
import RAPIER from "@dimforge/rapier2d-compat";
import Flatbush from "flatbush";
import { System, type Body as CheckBody } from "detect-collisions";
import { BoxShape, CircleShape, PolygonShape as PlanckPolygon, Vec2 as PlanckVec2, World as PlanckWorld, type Body as PlanckBody, type Fixture } from "planck";
import { computeAABB, containsPoint, geometryOf, transformOf, type AABB, type Geometry, type ShapeGeometry, type Shape, type Transform } from "../../core/index";
import { CollisionWorld } from "../../core/collision-world";
import { seededRandom } from "../seeded-random";
import { table, type Result } from "./harness";

export const SCENE_GROUPS = ["scene build", "scene ray", "scene region", "scene pairs", "scene move 1%"] as const;
export type SceneGroup = (typeof SCENE_GROUPS)[number];

export const OURS = "ours", RAPIER_LIB = "rapier", PLANCK = "planck", CHECK2D = "check2d", FLATBUSH = "flatbush";

// ---- Inputs -----------------------------------------------------------------------------------

export interface SceneInputs {
  readonly n: number;
  /** The square [0, side]² the shape centres are in. */
  readonly side: number;
  readonly shapes: Shape[];
  readonly geometry: Geometry[];
  readonly xf: Transform[];
  readonly aabb: AABB[];
  /** fromX, fromY, toX, toY per ray. */
  readonly rays: Float64Array;
  /** minX, minY, maxX, maxY per region. */
  readonly regions: Float64Array;
  /** Indices of the shapes that move (1 %). */
  readonly moved: Int32Array;
  /** dx, dy of each moved shape. */
  readonly delta: Float64Array;
  /** The scene with the moved shapes at their new places (new objects; the others shared). */
  readonly shapesMoved: Shape[];
}

const TAU = 2 * Math.PI;
const lerp = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Shapes per unit area: about 5 % of the shapes overlap another (a level's few stray overlaps). */
const DENSITY = 0.0125;

function randomShape(r: () => number, id: string, x: number, y: number): Shape {
  const u = r();
  const rotation = round(lerp(r, 0, 360));
  if (u < 0.3) return { id, type: "box", x, y, rotation: 0, width: round(lerp(r, 0.4, 1.6)), height: round(lerp(r, 0.4, 1.6)) };
  if (u < 0.5) return { id, type: "box", x, y, rotation, width: round(lerp(r, 0.4, 1.6)), height: round(lerp(r, 0.4, 1.6)) };
  if (u < 0.7) return { id, type: "circle", x, y, rotation: 0, radius: round(lerp(r, 0.2, 0.8)) };
  if (u < 0.85) {
    const radius = round(lerp(r, 0.15, 0.4));
    return { id, type: "capsule", x, y, rotation, radius, height: round(2 * radius + lerp(r, 0.3, 1.2)) };
  }
  // A convex polygon of 5 to 8 vertices: jittered angles on a random ellipse.
  const count = 5 + Math.floor(r() * 4);
  const ax = lerp(r, 0.3, 0.8), ay = lerp(r, 0.3, 0.8), phase = lerp(r, 0, TAU);
  const points: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const t = phase + ((i + 0.5 * (r() - 0.5)) * TAU) / count;
    points.push([round(ax * Math.cos(t)), round(ay * Math.sin(t))]);
  }
  return { id, type: "polygon", x, y, rotation, points };
}

function bodyOf(s: Shape): { g: ShapeGeometry; xf: Transform; box: AABB } {
  const g = geometryOf(s);
  if (!g.ok) throw new Error(`${s.id}: ${g.reason}`);
  const xf = transformOf(s);
  return { g: g.value, xf, box: computeAABB(g.value, xf) };
}

export function makeSceneInputs(n: number, rays: number, regions: number, seed: number): SceneInputs {
  const r = seededRandom(seed);
  const side = Math.round(Math.sqrt(n / DENSITY));
  const shapes: Shape[] = [], geometry: Geometry[] = [], xf: Transform[] = [], aabb: AABB[] = [];
  while (shapes.length < n) {
    const s = randomShape(r, `s${shapes.length}`, round(lerp(r, 0, side)), round(lerp(r, 0, side)));
    const b = geometryOf(s);
    // Polygons whose jitter made them not strictly convex (or with fewer hull points) are drawn again.
    if (!b.ok || (s.type === "polygon" && (b.value.kind !== 2 || b.value.count !== s.points.length))) continue;
    const body = bodyOf(s);
    shapes.push(s); geometry.push(body.g as Geometry); xf.push(body.xf); aabb.push(body.box);
  }
  // A bare AABB index of the scene, for placing ray origins outside every shape (untimed).
  const index = new Flatbush(n);
  for (const b of aabb) index.add(b.minX, b.minY, b.maxX, b.maxY);
  index.finish();
  const inside = (x: number, y: number) => index.search(x, y, x, y).some((i) => containsPoint(geometry[i]!, xf[i]!, x, y));
  // Long rays: from anywhere (outside every shape), any direction, 5–25 % of the side long.
  const rayData = new Float64Array(4 * rays);
  for (let k = 0; k < rays; k++) {
    let x: number, y: number;
    do { x = lerp(r, 0, side); y = lerp(r, 0, side); } while (inside(x, y));
    const t = lerp(r, 0, TAU), len = lerp(r, 0.05, 0.25) * side;
    rayData.set([x, y, x + len * Math.cos(t), y + len * Math.sin(t)], 4 * k);
  }
  // Region boxes of 10 to 40 units a side (a view or a trigger area): a handful of shapes each.
  const regionData = new Float64Array(4 * regions);
  for (let k = 0; k < regions; k++) {
    const w = lerp(r, 10, 40), h = lerp(r, 10, 40), x = lerp(r, 0, side - w), y = lerp(r, 0, side - h);
    regionData.set([x, y, x + w, y + h], 4 * k);
  }
  // 1 % of the shapes, each moved by up to 2 units (dragging, or a moving platform's step).
  const count = Math.max(1, Math.round(n / 100));
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(r() * n));
  const moved = Int32Array.from([...picked].sort((a, b) => a - b));
  const delta = new Float64Array(2 * count);
  const shapesMoved = shapes.slice();
  moved.forEach((i, k) => {
    const a = lerp(r, 0, TAU), d = lerp(r, 0.1, 2);
    const dx = round(d * Math.cos(a)), dy = round(d * Math.sin(a));
    delta[2 * k] = dx; delta[2 * k + 1] = dy;
    const s = shapes[i]!;
    shapesMoved[i] = { ...s, x: s.x + dx, y: s.y + dy };
  });
  return { n, side, shapes, geometry, xf, aabb, rays: rayData, regions: regionData, moved, delta, shapesMoved };
}

// ---- Per-library scenes -----------------------------------------------------------------------

export const radians = (s: Shape) => (s.type === "circle" ? 0 : (s.rotation * Math.PI) / 180);

/** Local polygon points of a box, polygon or (for check2d) a capsule as a stadium polygon. */
export function localPoints(s: Shape, capSegments: number): { x: number; y: number }[] {
  switch (s.type) {
    case "box": {
      const hw = s.width / 2, hh = s.height / 2;
      return [{ x: -hw, y: -hh }, { x: hw, y: -hh }, { x: hw, y: hh }, { x: -hw, y: hh }];
    }
    case "polygon": return s.points.map(([x, y]) => ({ x, y }));
    case "capsule": {
      const half = s.height / 2 - s.radius, pts: { x: number; y: number }[] = [];
      for (let k = 0; k <= capSegments; k++) { const t = Math.PI + (k * Math.PI) / capSegments; pts.push({ x: s.radius * Math.cos(t), y: -half + s.radius * Math.sin(t) }); }
      for (let k = 0; k <= capSegments; k++) { const t = (k * Math.PI) / capSegments; pts.push({ x: s.radius * Math.cos(t), y: half + s.radius * Math.sin(t) }); }
      return pts;
    }
    case "circle": throw new Error("circle has no points");
    case "chain": throw new Error("the peers' scenes have no chains");
  }
}

// rapier: colliders without a body (fixed), as its docs put static geometry; step() brings the
// broad-phase BVH (which serves the scene queries since rapier.js 0.18) up to date. rapier never
// pairs two fixed colliders, even with ActiveCollisionTypes.ALL, so the pair world gives every
// shape a kinematic (position-based) body with collision events on.
export function rapierDesc(s: Shape, pairs: boolean): RAPIER.ColliderDesc {
  let d: RAPIER.ColliderDesc | null;
  if (s.type === "circle") d = RAPIER.ColliderDesc.ball(s.radius);
  else if (s.type === "box") d = RAPIER.ColliderDesc.cuboid(s.width / 2, s.height / 2);
  else if (s.type === "capsule") d = RAPIER.ColliderDesc.capsule(s.height / 2 - s.radius, s.radius);
  else d = RAPIER.ColliderDesc.convexPolyline(Float32Array.from(localPoints(s, 0).flatMap((p) => [p.x, p.y])));
  if (!d) throw new Error(`rapier rejected ${s.id}`);
  if (pairs) return d.setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.ALL).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
  return d.setTranslation(s.x, s.y).setRotation(radians(s));
}

export interface RapierScene { world: RAPIER.World; colliders: RAPIER.Collider[]; bodies: RAPIER.RigidBody[]; index: Map<number, number> }

export function buildRapier(shapes: readonly Shape[], pairs: boolean, step: boolean): RapierScene {
  const world = new RAPIER.World({ x: 0, y: 0 });
  const bodies: RAPIER.RigidBody[] = [];
  const colliders = shapes.map((s) => {
    if (!pairs) return world.createCollider(rapierDesc(s, false));
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(s.x, s.y).setRotation(radians(s)));
    bodies.push(body);
    return world.createCollider(rapierDesc(s, true), body);
  });
  if (step) world.step();
  return { world, colliders, bodies, index: new Map() };
}

// planck: static bodies for the queries. Box2D v2.4 never pairs two non-dynamic bodies, so the
// pair world has dynamic bodies in zero gravity, stepped with dt = 0: step() finds new contacts and
// updates every contact's manifold, and skips the solver, so nothing moves. Polygons get
// m_radius 0 (ours has no skin). planck has no capsule: a box and two circles on one body (exact
// surface for rays and overlaps; a capsule pair may make up to 3 contacts, so pairs are counted
// per body pair in the checks).
export function planckFixtures(body: PlanckBody, s: Shape): void {
  if (s.type === "circle") { body.createFixture(new CircleShape(s.radius)); return; }
  if (s.type === "capsule") {
    const half = s.height / 2 - s.radius;
    if (half > 0) {
      const box = new BoxShape(s.radius, half);
      box.m_radius = 0;
      body.createFixture(box);
    }
    body.createFixture(new CircleShape(new PlanckVec2(0, -half), s.radius));
    body.createFixture(new CircleShape(new PlanckVec2(0, half), s.radius));
    return;
  }
  const p = s.type === "box" ? new BoxShape(s.width / 2, s.height / 2) : new PlanckPolygon(localPoints(s, 0).map((q) => new PlanckVec2(q.x, q.y)));
  p.m_radius = 0;
  body.createFixture(p);
}

export interface PlanckScene { world: PlanckWorld; bodies: PlanckBody[] }

export function buildPlanck(shapes: readonly Shape[], dynamic: boolean): PlanckScene {
  const world = new PlanckWorld({ gravity: new PlanckVec2(0, 0) });
  const bodies = shapes.map((s, i) => {
    const body = world.createBody({ type: dynamic ? "dynamic" : "static", position: new PlanckVec2(s.x, s.y), angle: radians(s), userData: i });
    planckFixtures(body, s);
    return body;
  });
  return { world, bodies };
}

/** Box2D v2.4's b2Body::SetTransform asks the world for new contacts; planck's does not, so it is called. */
export interface PlanckContactManager { findNewContacts(): void }

// check2d (detect-collisions 10 re-exports check2d 9): one System, bodies not static (checkAll
// skips static bodies). check2d has no capsule: a convex stadium polygon with 8 segments per cap.
export const CAP_SEGMENTS = 8;

export function buildCheck(shapes: readonly Shape[]): { system: System; bodies: CheckBody[] } {
  const system = new System();
  const bodies = shapes.map((s, i): CheckBody => {
    if (s.type === "circle") return system.createCircle({ x: s.x, y: s.y }, s.radius, { userData: { i } });
    if (s.type === "box") return system.createBox({ x: s.x, y: s.y }, s.width, s.height, { angle: radians(s), isCentered: true, userData: { i } });
    return system.createPolygon({ x: s.x, y: s.y }, localPoints(s, CAP_SEGMENTS), { angle: radians(s), userData: { i } });
  });
  return { system, bodies };
}

interface CheckUser { userData?: { i: number } }
const checkIndex = (b: unknown) => (b as CheckUser).userData?.i ?? -1;

function buildFlatbush(aabb: readonly AABB[]): Flatbush {
  const index = new Flatbush(aabb.length);
  for (const b of aabb) index.add(b.minX, b.minY, b.maxX, b.maxY);
  index.finish();
  return index;
}

// ---- Timing -----------------------------------------------------------------------------------

/** One figure of one library: `run` is timed once per sample, `setup` (untimed) comes before it. */
export interface SceneBench {
  readonly group: string;
  readonly lib: string;
  /** Units per run (rays, regions; 1 for build, pairs, a move). */
  readonly units: number;
  readonly setup?: () => void;
  readonly run: () => number;
  readonly teardown?: () => void;
  /** Fewer samples for a body where one run takes seconds (default: the group's). */
  readonly samples?: number;
}

export let sceneSink = 0;
/** What a timed build made, kept until its run is timed (so nothing is collected mid-run). */
export let retained: unknown = null;
const now = () => process.hrtime.bigint();

/**
 * With `warm`, one untimed run of each first (short figures); the long ones warm up inside their
 * own run, and the query figures were warmed by the agreement checks.
 */
export function measure(benches: readonly SceneBench[], samples: number, warm: boolean): Result[] {
  const times: number[][] = benches.map(() => []);
  for (let s = warm ? -1 : 0; s < samples; s++) {
    for (let k = 0; k < benches.length; k++) {
      const j = (k + Math.max(s, 0)) % benches.length, b = benches[j]!;
      if (s >= (b.samples ?? samples)) continue;
      b.setup?.();
      const t0 = now();
      sceneSink += b.run();
      const t = Number(now() - t0) / b.units;
      b.teardown?.();
      if (s >= 0) times[j]!.push(t);
    }
  }
  return benches.map((b, j) => {
    const sorted = [...times[j]!].sort((x, y) => x - y);
    const q = (p: number) => { const pos = (sorted.length - 1) * p, lo = Math.floor(pos), hi = Math.ceil(pos); return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo); };
    return { group: b.group, lib: b.lib, median: q(0.5), min: sorted[0]!, q1: q(0.25), q3: q(0.75), reps: 1, callsPerBatch: b.units, samples: times[j]! };
  });
}

// ---- Figures ----------------------------------------------------------------------------------

/** Keeps the worlds the query figures share; each is built once, untimed. */
class Shared {
  private rapier?: RapierScene;
  private planck?: PlanckScene;
  private check?: { system: System; bodies: CheckBody[] };
  private flat?: Flatbush;
  private ours?: CollisionWorld;
  constructor(private readonly inp: SceneInputs) {}
  rapierWorld(): RapierScene {
    if (!this.rapier) {
      this.rapier = buildRapier(this.inp.shapes, false, true);
      this.rapier.colliders.forEach((c, i) => this.rapier!.index.set(c.handle, i));
    }
    return this.rapier;
  }
  planckWorld(): PlanckScene { return (this.planck ??= buildPlanck(this.inp.shapes, false)); }
  checkSystem(): { system: System; bodies: CheckBody[] } { return (this.check ??= buildCheck(this.inp.shapes)); }
  flatbush(): Flatbush { return (this.flat ??= buildFlatbush(this.inp.aabb)); }
  oursWorld(): CollisionWorld {
    if (!this.ours) { this.ours = new CollisionWorld({ filter: "none" }); this.ours.sync(this.inp.shapes); }
    return this.ours;
  }
  free(): void { this.rapier?.world.free(); }
}

function buildBenches(inp: SceneInputs): SceneBench[] {
  const group = "scene build";
  let rapierScene: RapierScene | null = null;
  return [
    { group, lib: OURS, units: 1, run: () => { const w = new CollisionWorld({ filter: "none" }); w.sync(inp.shapes); retained = w; return 1; }, teardown: () => { retained = null; } },
    { group, lib: RAPIER_LIB, units: 1, run: () => { rapierScene = buildRapier(inp.shapes, false, true); return rapierScene.colliders.length; }, teardown: () => { rapierScene?.world.free(); rapierScene = null; } },
    { group, lib: PLANCK, units: 1, samples: 2, run: () => { const p = buildPlanck(inp.shapes, false); retained = p; return p.world.getProxyCount(); }, teardown: () => { retained = null; } },
    { group, lib: CHECK2D, units: 1, samples: 2, run: () => { const c = buildCheck(inp.shapes); retained = c; return c.bodies.length; }, teardown: () => { retained = null; } },
    { group, lib: FLATBUSH, units: 1, run: () => { const f = buildFlatbush(inp.aabb); retained = f; return f.numItems; }, teardown: () => { retained = null; } },
  ];
}

function rayBenches(inp: SceneInputs, shared: Shared): SceneBench[] {
  const group = "scene ray", R = inp.rays, m = R.length / 4;
  const from = Array.from({ length: m }, (_, k) => ({ x: R[4 * k]!, y: R[4 * k + 1]! }));
  const to = Array.from({ length: m }, (_, k) => ({ x: R[4 * k + 2]!, y: R[4 * k + 3]! }));
  const rRays = from.map((f, k) => new RAPIER.Ray(f, { x: to[k]!.x - f.x, y: to[k]!.y - f.y }));
  const pFrom = from.map((p) => new PlanckVec2(p.x, p.y)), pTo = to.map((p) => new PlanckVec2(p.x, p.y));
  const ours = shared.oursWorld(), rapier = shared.rapierWorld().world, planck = shared.planckWorld().world, check = shared.checkSystem().system;
  let best = 1;
  const closest = (_f: Fixture, _p: PlanckVec2, _n: PlanckVec2, fraction: number) => { best = fraction; return fraction; };
  return [
    { group, lib: OURS, units: m, run: () => { let s = 0; for (let k = 0; k < m; k++) { const h = ours.raycast(from[k]!, to[k]!, { mode: "closest" })[0]; if (h) s += h.fraction; } return s; } },
    { group, lib: RAPIER_LIB, units: m, run: () => { let s = 0; for (let k = 0; k < m; k++) { const h = rapier.castRay(rRays[k]!, 1, true); if (h) s += h.timeOfImpact; } return s; } },
    { group, lib: PLANCK, units: m, samples: 3, run: () => { let s = 0; for (let k = 0; k < m; k++) { best = 1; planck.rayCast(pFrom[k]!, pTo[k]!, closest); s += best; } return s; } },
    { group, lib: CHECK2D, units: m, samples: 1, run: () => { let s = 0; for (let k = 0; k < m; k++) { const h = check.raycast(from[k]!, to[k]!); if (h) s += h.point.x; } return s; } },
  ];
}

function regionBenches(inp: SceneInputs, shared: Shared): SceneBench[] {
  const group = "scene region", G = inp.regions, m = G.length / 4;
  const centre = Array.from({ length: m }, (_, k) => ({ x: 0.5 * (G[4 * k]! + G[4 * k + 2]!), y: 0.5 * (G[4 * k + 1]! + G[4 * k + 3]!) }));
  const half = Array.from({ length: m }, (_, k) => ({ x: 0.5 * (G[4 * k + 2]! - G[4 * k]!), y: 0.5 * (G[4 * k + 3]! - G[4 * k + 1]!) }));
  const pBoxes = Array.from({ length: m }, (_, k) => ({ lowerBound: new PlanckVec2(G[4 * k]!, G[4 * k + 1]!), upperBound: new PlanckVec2(G[4 * k + 2]!, G[4 * k + 3]!) }));
  const cBoxes = Array.from({ length: m }, (_, k) => ({ minX: G[4 * k]!, minY: G[4 * k + 1]!, maxX: G[4 * k + 2]!, maxY: G[4 * k + 3]! }));
  const ours = shared.oursWorld(), rapier = shared.rapierWorld().world, planck = shared.planckWorld().world, check = shared.checkSystem().system, flat = shared.flatbush();
  let count = 0;
  const rapierVisit = () => { count++; return true; };
  const planckVisit = () => { count++; return true; };
  return [
    { group, lib: OURS, units: m, run: () => { let s = 0; const count = () => { s++; }; for (let k = 0; k < m; k++) ours.forEachInBox(G[4 * k]!, G[4 * k + 1]!, G[4 * k + 2]!, G[4 * k + 3]!, count); return s; } },
    { group, lib: RAPIER_LIB, units: m, run: () => { count = 0; for (let k = 0; k < m; k++) rapier.collidersWithAabbIntersectingAabb(centre[k]!, half[k]!, rapierVisit); return count; } },
    { group, lib: PLANCK, units: m, run: () => { count = 0; for (let k = 0; k < m; k++) planck.queryAABB(pBoxes[k]!, planckVisit); return count; } },
    { group, lib: CHECK2D, units: m, run: () => { let s = 0; for (let k = 0; k < m; k++) s += check.search(cBoxes[k]!).length; return s; } },
    { group, lib: FLATBUSH, units: m, run: () => { let s = 0; for (let k = 0; k < m; k++) s += flat.search(G[4 * k]!, G[4 * k + 1]!, G[4 * k + 2]!, G[4 * k + 3]!).length; return s; } },
  ];
}

/** Counts rapier's collision events: +1 started, −1 stopped. */
export function drain(queue: RAPIER.EventQueue): number {
  let d = 0;
  queue.drainCollisionEvents((_a, _b, started) => { d += started ? 1 : -1; });
  return d;
}

export function planckTouching(world: PlanckWorld): number {
  let n = 0;
  for (let c = world.getContactList(); c; c = c.getNext()) if (c.isTouching()) n++;
  return n;
}

export function checkAllPairs(system: System): number {
  let n = 0;
  system.checkAll(() => { n++; });
  return n / 2; // checkAll reports each pair from both sides
}

/**
 * From the shape list to every overlapping pair, building included: ours finds its pairs in
 * sync() (there is no build-only path) and rapier only in step(), so the build is in for everyone.
 */
function pairBenches(inp: SceneInputs, counts: Record<string, number>): SceneBench[] {
  const group = "scene pairs";
  const drop = () => { retained = null; };
  return [
    { group, lib: OURS, units: 1, run: () => { const w = new CollisionWorld({ filter: "none" }); w.sync(inp.shapes); retained = w; return (counts[OURS] = w.overlaps().length); }, teardown: drop },
    {
      group, lib: RAPIER_LIB, units: 1,
      run: () => {
        const r = buildRapier(inp.shapes, true, false), queue = new RAPIER.EventQueue(true);
        r.world.step(queue);
        const n = drain(queue);
        queue.free();
        r.world.free();
        return (counts[RAPIER_LIB] = n);
      },
    },
    {
      group, lib: PLANCK, units: 1, samples: 1,
      run: () => { const p = buildPlanck(inp.shapes, true); p.world.step(0); retained = p; return planckTouching(p.world); },
      teardown: () => { counts[PLANCK] = planckBodyPairs((retained as PlanckScene).world); drop(); },
    },
    { group, lib: CHECK2D, units: 1, samples: 1, run: () => { const c = buildCheck(inp.shapes); retained = c; return (counts[CHECK2D] = checkAllPairs(c.system)); }, teardown: drop },
  ];
}

/**
 * One run moves the 1 % to their new places (even runs) or back (odd runs), then brings the pairs
 * up to date. The worlds are built, and their pairs found, once before the first run.
 */
function moveBenches(inp: SceneInputs, counts: Record<string, number>): { benches: SceneBench[]; movedCounts: () => void } {
  const group = "scene move 1%", mv = inp.moved, d = inp.delta, count = mv.length;
  const ours = new CollisionWorld({ filter: "none" });
  ours.sync(inp.shapes);
  ours.overlaps();
  const rapier = buildRapier(inp.shapes, true, false), queue = new RAPIER.EventQueue(true);
  rapier.world.step(queue);
  let rapierPairs = drain(queue);
  const planck = buildPlanck(inp.shapes, true);
  planck.world.step(0);
  const planckManager = planck.world as unknown as PlanckContactManager;
  const check = buildCheck(inp.shapes);
  const rapierPos = [0, 1].map((side) => Array.from(mv, (i, k) => ({ x: inp.shapes[i]!.x + side * d[2 * k]!, y: inp.shapes[i]!.y + side * d[2 * k + 1]! })));
  const planckPos = rapierPos.map((list) => list.map((p) => new PlanckVec2(p.x, p.y)));
  const angle = Array.from(mv, (i) => radians(inp.shapes[i]!));
  const state = { ours: 0, rapier: 0, planck: 0, check: 0 };
  const benches: SceneBench[] = [
    { group, lib: OURS, units: 1, run: () => { state.ours ^= 1; ours.sync(state.ours ? inp.shapesMoved : inp.shapes); return ours.overlaps().length; } },
    {
      group, lib: RAPIER_LIB, units: 1,
      run: () => {
        const pos = rapierPos[(state.rapier ^= 1)]!;
        for (let k = 0; k < count; k++) rapier.bodies[mv[k]!]!.setTranslation(pos[k]!, true);
        rapier.world.step(queue);
        rapierPairs += drain(queue);
        return rapierPairs;
      },
    },
    {
      group, lib: PLANCK, units: 1,
      run: () => {
        const pos = planckPos[(state.planck ^= 1)]!;
        for (let k = 0; k < count; k++) planck.bodies[mv[k]!]!.setTransform(pos[k]!, angle[k]!);
        planckManager.findNewContacts();
        planck.world.step(0);
        return planckTouching(planck.world);
      },
    },
    {
      group, lib: CHECK2D, units: 1,
      run: () => {
        const pos = rapierPos[(state.check ^= 1)]!;
        for (let k = 0; k < count; k++) check.bodies[mv[k]!]!.setPosition(pos[k]!.x, pos[k]!.y);
        return checkAllPairs(check.system);
      },
    },
  ];
  /** Untimed, after the timing: every world in the moved state, its pairs counted. */
  const movedCounts = () => {
    const keys = ["ours", "rapier", "planck", "check"] as const;
    benches.forEach((b, j) => { const v = b.run(); if (state[keys[j]!] === 1) counts[b.lib] = v; else counts[b.lib] = benches[j]!.run(); });
    counts[PLANCK] = planckBodyPairs(planck.world);
  };
  return { benches, movedCounts };
}

// ---- Agreement (untimed) ----------------------------------------------------------------------

/** A hit point within this distance of ours (in scene units; shapes are 0.3–1.6 wide) agrees. */
export const POINT_TOLERANCE = 1e-3;
/** rapier computes in f32: its points are judged within this fraction of the scene's side (f32 spacing near 2,800 is 2.4e-4; a ray's time of impact adds more). */
export const F32_TOLERANCE = 1e-5;

interface RayHit { readonly shape: number; readonly x: number; readonly y: number }

export interface RayAgreement {
  readonly lib: string;
  readonly hits: number;
  readonly same: number;
  /** One hits, the other misses. */
  readonly hitMiss: number;
  /** Both hit, different shapes. */
  readonly otherShape: number;
  /** Same shape, points farther apart than POINT_TOLERANCE. */
  readonly farPoint: number;
  readonly maxPointDiff: number;
  /** Disagreements where either shape is a capsule (check2d's is a 16-segment stadium). */
  readonly capsule: number;
  readonly examples: string[];
  readonly tolerance: number;
}

function compareRays(inp: SceneInputs, lib: string, ours: readonly (RayHit | null)[], peer: readonly (RayHit | null)[], tolerance: number): RayAgreement {
  let hits = 0, same = 0, hitMiss = 0, otherShape = 0, farPoint = 0, maxPointDiff = 0, capsule = 0;
  const examples: string[] = [];
  const isCapsule = (h: RayHit | null) => h !== null && inp.shapes[h.shape]!.type === "capsule";
  ours.forEach((o, k) => {
    const p = peer[k]!;
    if (p) hits++;
    let bad = "";
    if (!o !== !p) { hitMiss++; bad = "hit-miss"; }
    else if (o && p && o.shape !== p.shape) { otherShape++; bad = "other shape"; }
    else if (o && p) {
      const dist = Math.hypot(o.x - p.x, o.y - p.y);
      maxPointDiff = Math.max(maxPointDiff, dist);
      if (dist > tolerance) { farPoint++; bad = `point ${dist.toExponential(1)} apart`; }
    }
    if (!bad) { same++; return; }
    if (isCapsule(o) || isCapsule(p)) capsule++;
    if (examples.length < 3) {
      const d = (h: RayHit | null) => (h ? `${inp.shapes[h.shape]!.id} (${inp.shapes[h.shape]!.type}) at (${h.x.toFixed(4)}, ${h.y.toFixed(4)})` : "miss");
      examples.push(`ray ${k}: ${bad}: ours ${d(o)}, ${lib} ${d(p)}`);
    }
  });
  return { lib, hits, same, hitMiss, otherShape, farPoint, maxPointDiff, capsule, examples, tolerance };
}

export interface SceneCheck {
  readonly rays: number;
  readonly oursRayHits: number;
  readonly rayAgreement: RayAgreement[];
  /** Results summed over the region queries, per library, and the exact-AABB count (flatbush). */
  readonly regionResults: Record<string, number>;
  /** Overlapping pairs of the scene as each library counts them (planck per body pair). */
  readonly pairs: Record<string, number>;
  /** Pairs after the 1 % moved. */
  readonly pairsMoved: Record<string, number>;
}

function oursRays(inp: SceneInputs, world: CollisionWorld, index: Map<string, number>): (RayHit | null)[] {
  const out: (RayHit | null)[] = [];
  for (let k = 0; k < inp.rays.length / 4; k++) {
    const R = inp.rays;
    const h = world.raycast({ x: R[4 * k]!, y: R[4 * k + 1]! }, { x: R[4 * k + 2]!, y: R[4 * k + 3]! }, { mode: "closest" })[0];
    out.push(h ? { shape: index.get(h.shape)!, x: h.point.x, y: h.point.y } : null);
  }
  return out;
}

function planckBodyPairs(world: PlanckWorld): number {
  const seen = new Set<string>();
  for (let c = world.getContactList(); c; c = c.getNext()) {
    if (!c.isTouching()) continue;
    const a = c.getFixtureA().getBody().getUserData() as number, b = c.getFixtureB().getBody().getUserData() as number;
    seen.add(a < b ? `${a},${b}` : `${b},${a}`);
  }
  return seen.size;
}

function checkScene(inp: SceneInputs, shared: Shared, groups: readonly SceneGroup[]): SceneCheck {
  const check: { -readonly [K in keyof SceneCheck]: SceneCheck[K] } = { rays: inp.rays.length / 4, oursRayHits: 0, rayAgreement: [], regionResults: {}, pairs: {}, pairsMoved: {} };
  const index = new Map(inp.shapes.map((s, i) => [s.id, i]));
  if (groups.includes("scene ray")) {
    const R = inp.rays, m = R.length / 4;
    const ours = oursRays(inp, shared.oursWorld(), index);
    check.oursRayHits = ours.filter((h) => h).length;
    const rs = shared.rapierWorld(), rapier: (RayHit | null)[] = [];
    for (let k = 0; k < m; k++) {
      const ray = new RAPIER.Ray({ x: R[4 * k]!, y: R[4 * k + 1]! }, { x: R[4 * k + 2]! - R[4 * k]!, y: R[4 * k + 3]! - R[4 * k + 1]! });
      const h = rs.world.castRay(ray, 1, true);
      rapier.push(h ? { shape: rs.index.get(h.collider.handle)!, ...ray.pointAt(h.timeOfImpact) } : null);
    }
    const pw = shared.planckWorld().world, planck: (RayHit | null)[] = [];
    for (let k = 0; k < m; k++) {
      let best: RayHit | null = null;
      pw.rayCast(new PlanckVec2(R[4 * k]!, R[4 * k + 1]!), new PlanckVec2(R[4 * k + 2]!, R[4 * k + 3]!), (f, p, _n, fraction) => {
        best = { shape: f.getBody().getUserData() as number, x: p.x, y: p.y };
        return fraction;
      });
      planck.push(best);
    }
    const cs = shared.checkSystem().system, check2d: (RayHit | null)[] = [];
    for (let k = 0; k < m; k++) {
      const h = cs.raycast({ x: R[4 * k]!, y: R[4 * k + 1]! }, { x: R[4 * k + 2]!, y: R[4 * k + 3]! });
      check2d.push(h ? { shape: checkIndex(h.body), x: h.point.x, y: h.point.y } : null);
    }
    check.rayAgreement = [compareRays(inp, RAPIER_LIB, ours, rapier, F32_TOLERANCE * inp.side), compareRays(inp, PLANCK, ours, planck, POINT_TOLERANCE), compareRays(inp, CHECK2D, ours, check2d, POINT_TOLERANCE)];
  }
  if (groups.includes("scene region")) {
    const G = inp.regions, m = G.length / 4, res: Record<string, number> = { [OURS]: 0, [RAPIER_LIB]: 0, [PLANCK]: 0, [CHECK2D]: 0, [FLATBUSH]: 0 };
    const ours = shared.oursWorld(), rapier = shared.rapierWorld().world, planck = shared.planckWorld().world, cs = shared.checkSystem().system, flat = shared.flatbush();
    for (let k = 0; k < m; k++) {
      const x0 = G[4 * k]!, y0 = G[4 * k + 1]!, x1 = G[4 * k + 2]!, y1 = G[4 * k + 3]!;
      res[OURS]! += ours.queryBox(x0, y0, x1, y1).length;
      rapier.collidersWithAabbIntersectingAabb({ x: 0.5 * (x0 + x1), y: 0.5 * (y0 + y1) }, { x: 0.5 * (x1 - x0), y: 0.5 * (y1 - y0) }, () => { res[RAPIER_LIB]!++; return true; });
      planck.queryAABB({ lowerBound: new PlanckVec2(x0, y0), upperBound: new PlanckVec2(x1, y1) }, () => { res[PLANCK]!++; return true; });
      res[CHECK2D]! += cs.search({ minX: x0, minY: y0, maxX: x1, maxY: y1 }).length;
      res[FLATBUSH]! += flat.search(x0, y0, x1, y1).length;
    }
    check.regionResults = res;
  }
  return check;
}

// ---- Run and report ---------------------------------------------------------------------------

export interface SceneOptions {
  readonly quick: boolean;
  readonly wanted: (group: string) => boolean;
}

export interface SceneRun {
  readonly n: number;
  readonly rays: number;
  readonly regions: number;
  readonly results: Result[];
  readonly check: SceneCheck;
  readonly lines: string[];
}

/** Samples per figure (after one warm-up run each): fewer where one run takes seconds. */
const SAMPLES: Record<SceneGroup, { full: number; quick: number }> = {
  "scene build": { full: 5, quick: 1 },
  "scene ray": { full: 5, quick: 1 },
  "scene region": { full: 5, quick: 1 },
  "scene pairs": { full: 3, quick: 1 },
  "scene move 1%": { full: 7, quick: 2 },
};

export const sceneGroups = (wanted: (group: string) => boolean): SceneGroup[] => SCENE_GROUPS.filter((g) => wanted(g));

export function runScene(options: SceneOptions): SceneRun | null {
  const groups = sceneGroups(options.wanted);
  if (groups.length === 0) return null;
  const n = options.quick ? 20_000 : 100_000, rays = options.quick ? 1_000 : 10_000, regions = options.quick ? 1_000 : 10_000;
  const inp = makeSceneInputs(n, rays, regions, 20260707);
  const shared = new Shared(inp);
  const check = checkScene(inp, shared, groups);
  const results: Result[] = [];
  for (const g of groups) {
    // The pair counts come from the timed runs (and, for the moves, a last untimed one).
    const moves = g === "scene move 1%" ? moveBenches(inp, check.pairsMoved) : null;
    const benches = g === "scene build" ? buildBenches(inp) : g === "scene ray" ? rayBenches(inp, shared) : g === "scene region" ? regionBenches(inp, shared) : g === "scene pairs" ? pairBenches(inp, check.pairs) : moves!.benches;
    results.push(...measure(benches, options.quick ? SAMPLES[g].quick : SAMPLES[g].full, g === "scene move 1%"));
    moves?.movedCounts();
    process.stderr.write(".");
  }
  shared.free();
  return { n, rays, regions, results, check, lines: sceneReport(inp, results, check, options.quick) };
}

/** Box2D v3 (C), rapier and planck on this machine, 100,000 boxes (issue 7): ms to build, µs per ray, µs per region. */
const REFERENCE: Partial<Record<SceneGroup, { box2d: number; rapier: number; planck: number }>> = {
  "scene build": { box2d: 117, rapier: 458, planck: 1438 },
  "scene ray": { box2d: 3.6, rapier: 10, planck: 130 },
  "scene region": { box2d: 1.8, rapier: 11.4, planck: 22 },
};

const UNIT: Record<SceneGroup, { label: string; ns: number }> = {
  "scene build": { label: "ms", ns: 1e6 },
  "scene ray": { label: "µs per ray", ns: 1e3 },
  "scene region": { label: "µs per query", ns: 1e3 },
  "scene pairs": { label: "ms", ns: 1e6 },
  "scene move 1%": { label: "ms per move + update", ns: 1e6 },
};

export const fmt = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? "n/a" : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toFixed(3));

function sceneReport(inp: SceneInputs, results: readonly Result[], check: SceneCheck, quick: boolean): string[] {
  const find = (g: string, lib: string) => results.find((r) => r.group === g && r.lib === lib);
  const rows: string[][] = [];
  const behind: string[] = [];
  for (const g of SCENE_GROUPS) {
    const o = find(g, OURS);
    if (!o) continue;
    const u = UNIT[g], v = (lib: string) => { const r = find(g, lib); return r ? r.median / u.ns : undefined; };
    const ours = v(OURS)!;
    const cells = [RAPIER_LIB, PLANCK, CHECK2D, FLATBUSH].map((lib) => { const p = v(lib); return p === undefined ? "n/a" : `${fmt(p)} (${(p / ours).toFixed(1)}×)`; });
    const ref = REFERENCE[g];
    rows.push([g.replace("scene ", ""), u.label, fmt(ours), ...cells, ref ? `${fmt(ref.box2d)} / ${fmt(ref.rapier)} / ${fmt(ref.planck)}` : "—"]);
    const rapier = v(RAPIER_LIB);
    if (rapier !== undefined && rapier < ours) behind.push(`${g} (rapier ${fmt(rapier)} vs ours ${fmt(ours)} ${u.label})`);
  }
  const lines: string[] = [];
  lines.push(`Scene of ${inp.n.toLocaleString("en-US")} shapes (issue 7)${quick ? " — --quick: a 20,000-shape scene, one sample, numbers are rough" : ""}: medians; in brackets peer/ours (how many times faster ours is).`, "");
  lines.push(table(["figure", "unit", "ours", "rapier", "planck", "check2d", "flatbush", "ref. Box2D v3 / rapier / planck"], ["l", "l", "r", "r", "r", "r", "r", "r"], rows));
  lines.push("");
  const kinds = new Map<string, number>();
  for (const s of inp.shapes) kinds.set(s.type === "box" && s.rotation !== 0 ? "rotated box" : s.type, (kinds.get(s.type === "box" && s.rotation !== 0 ? "rotated box" : s.type) ?? 0) + 1);
  lines.push(`- Scene: ${[...kinds].map(([k, c]) => `${k} ${c}`).join(", ")} (seeded), centres uniform in a ${inp.side} × ${inp.side} square; shapes 0.3–1.6 units across. ${inp.rays.length / 4} rays from outside every shape, 5–25 % of the side long, closest hit; ${inp.regions.length / 4} region boxes 10–40 units a side; ${inp.moved.length} shapes (1 %) moved by 0.1–2 units, then back, alternately.`);
  lines.push("- build: ours new CollisionWorld + sync(shapes); rapier createCollider (no body: fixed) per shape + world.step() (the step builds the BVH its queries use); planck createBody(static) + createFixture per shape; check2d System + createCircle/createBox/createPolygon (each inserted in its R-tree); flatbush add per AABB + finish (AABBs only: a lower bound for any index).");
  lines.push("- ray: ours world.raycast(from, to, {mode: 'closest'}) → CastHit (point, normal); rapier world.castRay(ray, 1, solid) → collider + time of impact; planck world.rayCast(p1, p2, cb) with the cb clipping to each hit's fraction (closest); check2d system.raycast(from, to) → body + point.");
  lines.push("- region: ours world.forEachInBox(…, cb) (exact shape boxes, unordered; queryBox gives ids in scene order); rapier collidersWithAabbIntersectingAabb(centre, half, cb); planck world.queryAABB(aabb, cb) (fat AABBs, +0.1 margin); check2d system.search(bbox) → bodies; flatbush search(…) → indices. All AABB-level.");
  lines.push("- pairs (from the shape list, the build included: ours finds its pairs when overlaps() asks, rapier only in step()): ours new CollisionWorld + sync + overlaps() → every pair with its manifold; rapier a kinematic body per shape (rapier never pairs two fixed colliders) with a collider with ActiveCollisionTypes.ALL and collision events, then world.step(eventQueue), counting started events; planck a dynamic body per shape in zero gravity (Box2D v2.4 never pairs static bodies), world.step(0) (new contacts + every manifold, no solver) + walk the contact list for touching ones; check2d System + bodies, then system.checkAll(cb) (SAT per candidate; every pair seen from both sides).");
  lines.push("- move 1% (worlds and pairs made untimed first): ours world.sync(scene with the 1 % replaced) + overlaps(); rapier body.setTranslation ×1 % + step(eventQueue) + drain events; planck body.setTransform ×1 % + findNewContacts (Box2D v2.4's SetTransform flags it; planck's does not) + step(0) + touching count; check2d body.setPosition ×1 % + checkAll.");
  lines.push("- Capsules: rapier native; planck one body with a box and two circles (exact surface); check2d a convex 18-gon stadium (8 segments per cap).");
  lines.push(`- Reference (issue 7, same machine, 100,000 boxes): Box2D v3 (C) / rapier / planck. ${behind.length === 0 ? "Ours is ahead of rapier on every figure." : `Behind rapier: ${behind.join("; ")}.`}`);
  lines.push("");
  if (check.rayAgreement.length > 0) {
    lines.push(`Agreement (untimed): ours hits ${check.oursRayHits} of ${check.rays} rays. Closest hit vs ours, the same shape and the point within the tolerance:`, "");
    lines.push(table(["peer", "hits", "same shape and point", "hit-miss", "other shape", "point beyond tolerance", "tolerance", "max point diff (same shape)", "of the disagreements, on a capsule"], ["l", "r", "r", "r", "r", "r", "r", "r", "r"],
      check.rayAgreement.map((a) => [a.lib, String(a.hits), String(a.same), String(a.hitMiss), String(a.otherShape), String(a.farPoint), a.tolerance.toExponential(1), a.maxPointDiff.toExponential(1), String(a.capsule)])));
    for (const a of check.rayAgreement) for (const e of a.examples) lines.push(`- ${a.lib}: ${e}`);
    lines.push("");
  }
  const rec = (r: Record<string, number>) => Object.entries(r).map(([k, v]) => `${k} ${v}`).join(", ");
  if (Object.keys(check.regionResults).length > 0) lines.push(`- Region results summed over the queries: ${rec(check.regionResults)} (flatbush: exact AABBs; planck's are fattened by 0.1).`);
  if (Object.keys(check.pairs).length > 0) lines.push(`- Overlapping pairs: ${rec(check.pairs)} (planck counted per body pair).`);
  if (Object.keys(check.pairsMoved).length > 0) lines.push(`- Overlapping pairs after the 1 % moved: ${rec(check.pairsMoved)}.`);
  return lines;
}
