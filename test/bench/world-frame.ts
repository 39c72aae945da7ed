// Issue 27's game-loop figures for `npm run bench` (groups "frame", "startup", "first rays"):
// - frame: 1,000 moving shapes among 10,000 static ones; a frame moves every mover by a small
//   seeded step and brings the overlapping pairs up to date, in each library's own way;
// - startup: a 10,000-shape scene's JSON text to a world that has answered its first ray;
// - first rays: the first 10,000 rays on a fresh 100,000-shape world, then the next 10,000;
// - remove: a frame despawns the 20 oldest of 200 bullets among 10,000 static shapes and spawns
//   20 new ones, then brings the pairs up to date (and ours once without the pairs).
// Same timing as the scene groups (broadphase.ts measure(): interleaved, rotating order, medians).
import RAPIER from "@dimforge/rapier2d-compat";
import { System, type Body as CheckBody } from "detect-collisions";
import { Vec2 as PlanckVec2, World as PlanckWorld, type Body as PlanckBody, type Fixture } from "planck";
import type { Shape } from "../../core/index";
import { CollisionWorld } from "../../core/collision-world";
import { loadScene } from "../../core/runtime/load-scene";
import { serializeScene } from "../../core/scene/io";
import { emptyScene } from "../../core/scene/types";
import { seededRandom } from "../seeded-random";
import {
  CAP_SEGMENTS, CHECK2D, OURS, PLANCK, RAPIER_LIB, buildPlanck, buildRapier, checkAllPairs, drain, fmt, localPoints, makeSceneInputs, measure,
  planckFixtures, planckTouching, radians, rapierDesc, type PlanckContactManager, type SceneBench, type SceneInputs,
} from "./broadphase";
import { table, type Result } from "./harness";

export const FRAME_GROUP = "frame", STARTUP_GROUP = "startup", FIRST_RAYS_GROUP = "first rays", REMOVE_GROUP = "remove";
export const WORLD_GROUPS = [FRAME_GROUP, STARTUP_GROUP, FIRST_RAYS_GROUP, REMOVE_GROUP] as const;
/** Ours in the remove group without the pairs: the edits alone. */
const EDITS_ONLY = " edits only";
/** The second pass of rays on the same world: ours and each peer, as "<lib> next". */
const NEXT = " next";

export interface FrameRun {
  readonly results: Result[];
  readonly lines: string[];
}

// ---- Frame ------------------------------------------------------------------------------------

const STATIC = 10_000, MOVERS = 1_000;
/** Frames one timed run steps (the median is per frame). */
const FRAMES_PER_RUN = 60;
/** A mover goes back and forth along its path: out for this many frames, then back. */
const LEG = 120;

interface Motion {
  readonly shapes: Shape[];
  /** x0, y0, rotation0 (degrees) of each mover. */
  readonly start: Float64Array;
  /** dx, dy, drotation (degrees) per frame of each mover. */
  readonly step: Float64Array;
}

/**
 * The scene of 11,000 shapes (the first 1,000 move) and each mover's step: 0.5–3 units a second
 * at 60 frames a second in any direction, turning by up to 90° a second (circles do not turn).
 */
export function makeMotion(): Motion {
  const inp = makeSceneInputs(STATIC + MOVERS, 0, 0, 20261127);
  const r = seededRandom(2711);
  const start = new Float64Array(3 * MOVERS), step = new Float64Array(3 * MOVERS);
  for (let k = 0; k < MOVERS; k++) {
    const s = inp.shapes[k]!, speed = (0.5 + 2.5 * r()) / 60, a = 2 * Math.PI * r();
    start.set([s.x, s.y, s.rotation], 3 * k);
    step.set([speed * Math.cos(a), speed * Math.sin(a), s.type === "circle" ? 0 : (180 * (r() - 0.5)) / 60], 3 * k);
  }
  return { shapes: inp.shapes, start, step };
}

/** Frames out from the start at frame f: 0, 1, … LEG, LEG − 1, … 1, 0, 1, … */
const along = (f: number) => { const t = f % (2 * LEG); return t <= LEG ? t : 2 * LEG - t; };

export function frameBenches(m: Motion): { benches: SceneBench[]; pairs: Record<string, number>; free: () => void } {
  const group = FRAME_GROUP, shapes = m.shapes, start = m.start, step = m.step;
  const ids = shapes.slice(0, MOVERS).map((s) => s.id);
  const pairs: Record<string, number> = {};
  const frame = { ours: 0, rapier: 0, planck: 0, check: 0 };

  const ours = new CollisionWorld({ filter: "none" });
  ours.sync(shapes);
  ours.overlaps();

  // rapier: the static shapes are fixed colliders; each mover a kinematic (position-based) body
  // moved by setNextKinematicTranslation/Rotation, then world.step(eventQueue): the pairs are the
  // narrow phase's contact pairs, followed through their collision events.
  const rapier = new RAPIER.World({ x: 0, y: 0 }), queue = new RAPIER.EventQueue(true);
  const rapierBodies: RAPIER.RigidBody[] = [];
  shapes.forEach((s, i) => {
    const desc = rapierDesc(s, true);
    if (i >= MOVERS) { rapier.createCollider(desc.setTranslation(s.x, s.y).setRotation(radians(s))); return; }
    const body = rapier.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(s.x, s.y).setRotation(radians(s)));
    rapierBodies.push(body);
    rapier.createCollider(desc, body);
  });
  rapier.step(queue);
  let rapierPairs = drain(queue);

  // planck (Box2D v2.4): the static shapes static bodies, the movers dynamic bodies in zero gravity
  // (v2.4 pairs nothing with a kinematic or static body unless one is dynamic), placed by
  // setTransform, then findNewContacts + step(0): every contact's manifold, no solver.
  const planck = new PlanckWorld({ gravity: new PlanckVec2(0, 0) });
  const planckBodies: PlanckBody[] = [];
  shapes.forEach((s, i) => {
    const body = planck.createBody({ type: i < MOVERS ? "dynamic" : "static", position: new PlanckVec2(s.x, s.y), angle: radians(s), userData: i });
    planckFixtures(body, s);
    if (i < MOVERS) planckBodies.push(body);
  });
  planck.step(0);
  const planckManager = planck as unknown as PlanckContactManager;
  const planckPos = new PlanckVec2(0, 0);

  // detect-collisions: the static shapes static bodies (checkAll starts from the others only),
  // each mover moved by setPosition + setAngle, then checkAll.
  const system = new System();
  const checkBodies: CheckBody[] = [];
  shapes.forEach((s, i) => {
    const options = { isStatic: i >= MOVERS, angle: radians(s), userData: { i } };
    const body = s.type === "circle" ? system.createCircle({ x: s.x, y: s.y }, s.radius, options)
      : s.type === "box" ? system.createBox({ x: s.x, y: s.y }, s.width, s.height, { ...options, isCentered: true })
        : system.createPolygon({ x: s.x, y: s.y }, localPoints(s, CAP_SEGMENTS), options);
    if (i < MOVERS) checkBodies.push(body);
  });

  const DEG = Math.PI / 180;
  const benches: SceneBench[] = [
    {
      group, lib: OURS, units: FRAMES_PER_RUN,
      run: () => {
        let n = 0;
        for (let f = 0; f < FRAMES_PER_RUN; f++) {
          const t = along(++frame.ours);
          for (let k = 0; k < MOVERS; k++) ours.move(ids[k]!, start[3 * k]! + t * step[3 * k]!, start[3 * k + 1]! + t * step[3 * k + 1]!, start[3 * k + 2]! + t * step[3 * k + 2]!);
          n = ours.overlaps().length;
        }
        return (pairs[OURS] = n);
      },
    },
    {
      group, lib: RAPIER_LIB, units: FRAMES_PER_RUN,
      run: () => {
        const at = { x: 0, y: 0 };
        for (let f = 0; f < FRAMES_PER_RUN; f++) {
          const t = along(++frame.rapier);
          for (let k = 0; k < MOVERS; k++) {
            const body = rapierBodies[k]!;
            at.x = start[3 * k]! + t * step[3 * k]!; at.y = start[3 * k + 1]! + t * step[3 * k + 1]!;
            body.setNextKinematicTranslation(at);
            if (step[3 * k + 2] !== 0) body.setNextKinematicRotation((start[3 * k + 2]! + t * step[3 * k + 2]!) * DEG);
          }
          rapier.step(queue);
          rapierPairs += drain(queue);
        }
        return (pairs[RAPIER_LIB] = rapierPairs);
      },
    },
    {
      group, lib: PLANCK, units: FRAMES_PER_RUN,
      run: () => {
        let n = 0;
        for (let f = 0; f < FRAMES_PER_RUN; f++) {
          const t = along(++frame.planck);
          for (let k = 0; k < MOVERS; k++) {
            planckPos.x = start[3 * k]! + t * step[3 * k]!; planckPos.y = start[3 * k + 1]! + t * step[3 * k + 1]!;
            planckBodies[k]!.setTransform(planckPos, (start[3 * k + 2]! + t * step[3 * k + 2]!) * DEG);
          }
          planckManager.findNewContacts();
          planck.step(0);
          n = planckTouching(planck);
        }
        return (pairs[PLANCK] = n);
      },
    },
    {
      group, lib: CHECK2D, units: FRAMES_PER_RUN,
      run: () => {
        let n = 0;
        for (let f = 0; f < FRAMES_PER_RUN; f++) {
          const t = along(++frame.check);
          for (let k = 0; k < MOVERS; k++) {
            const body = checkBodies[k]!;
            body.setPosition(start[3 * k]! + t * step[3 * k]!, start[3 * k + 1]! + t * step[3 * k + 1]!, false);
            body.setAngle((start[3 * k + 2]! + t * step[3 * k + 2]!) * DEG, false);
            system.updateBody(body);
          }
          n = checkAllPairs(system);
        }
        return (pairs[CHECK2D] = n);
      },
    },
  ];
  return { benches, pairs, free: () => { queue.free(); rapier.free(); } };
}

// ---- Remove -----------------------------------------------------------------------------------

const BULLETS_PER_FRAME = 20, BULLET_LIFE = 10;

/**
 * The remove group: the frame scene's 10,000 static shapes and, in each library, a ring of
 * BULLETS_PER_FRAME · BULLET_LIFE bullets (circles of radius 0.3 at seeded places, 2,400 ready so
 * that a place comes back only every 120 frames); a frame removes the oldest BULLETS_PER_FRAME and
 * adds as many new ones, then updates the pairs.
 */
export function removeBenches(): { benches: SceneBench[]; pairs: Record<string, number>; free: () => void } {
  const group = REMOVE_GROUP, inp = makeSceneInputs(STATIC, 0, 0, 20261127), statics = inp.shapes;
  let maxX = 0, maxY = 0;
  for (const s of statics) { maxX = Math.max(maxX, s.x); maxY = Math.max(maxY, s.y); }
  const r = seededRandom(2712), PLACES = 2_400, LIVE = BULLETS_PER_FRAME * BULLET_LIFE;
  const bullets: Shape[] = Array.from({ length: PLACES }, (_, k) => ({ id: `b${k}`, type: "circle", x: r() * maxX, y: r() * maxY, rotation: 0, radius: 0.3 }));
  const pairs: Record<string, number> = {};
  /** Each library's next bullet to spawn; bullet k lives in ring place k % LIVE. */
  const next = { ours: LIVE, edits: LIVE, rapier: LIVE, planck: LIVE, check: LIVE };
  const bullet = (k: number) => bullets[k % PLACES]!;

  const world = (): CollisionWorld => {
    const w = new CollisionWorld({ filter: "none" });
    w.sync(statics);
    for (let k = 0; k < LIVE; k++) w.add({ ...bullet(k), id: `b${k}` });
    w.overlaps();
    return w;
  };
  const ours = world(), edits = world();
  // Each spawn is a new shape object with a new id, as a game's would be.
  const spawn = (w: CollisionWorld, k: number) => { w.remove(`b${k - LIVE}`); w.add({ ...bullet(k), id: `b${k}` }); };

  const rapier = new RAPIER.World({ x: 0, y: 0 }), queue = new RAPIER.EventQueue(true);
  for (const s of statics) rapier.createCollider(rapierDesc(s, true).setTranslation(s.x, s.y).setRotation(radians(s)));
  const rapierRing: RAPIER.RigidBody[] = [];
  const rapierSpawn = (k: number) => {
    const b = bullet(k), body = rapier.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(b.x, b.y));
    rapier.createCollider(rapierDesc(b, true), body);
    rapierRing[k % LIVE] = body;
  };
  for (let k = 0; k < LIVE; k++) rapierSpawn(k);
  rapier.step(queue);
  let rapierPairs = drain(queue);

  const planck = new PlanckWorld({ gravity: new PlanckVec2(0, 0) });
  for (const s of statics) planckFixtures(planck.createBody({ type: "static", position: new PlanckVec2(s.x, s.y), angle: radians(s) }), s);
  const planckRing: PlanckBody[] = [];
  const planckSpawn = (k: number) => {
    const b = bullet(k), body = planck.createBody({ type: "dynamic", position: new PlanckVec2(b.x, b.y) });
    planckFixtures(body, b);
    planckRing[k % LIVE] = body;
  };
  for (let k = 0; k < LIVE; k++) planckSpawn(k);
  planck.step(0);
  const planckManager = planck as unknown as PlanckContactManager;

  const system = new System();
  for (const s of statics) {
    const options = { isStatic: true, angle: radians(s) };
    if (s.type === "circle") system.createCircle({ x: s.x, y: s.y }, s.radius, options);
    else if (s.type === "box") system.createBox({ x: s.x, y: s.y }, s.width, s.height, { ...options, isCentered: true });
    else system.createPolygon({ x: s.x, y: s.y }, localPoints(s, CAP_SEGMENTS), options);
  }
  const checkRing: CheckBody[] = [];
  const checkSpawn = (k: number) => { const b = bullet(k); checkRing[k % LIVE] = system.createCircle({ x: b.x, y: b.y }, 0.3); };
  for (let k = 0; k < LIVE; k++) checkSpawn(k);

  const frames = (lib: keyof typeof next, frame: (k: number) => void, update: () => number) => {
    let n = 0;
    for (let f = 0; f < FRAMES_PER_RUN; f++) {
      for (let i = 0; i < BULLETS_PER_FRAME; i++) frame(next[lib]++);
      n = update();
    }
    return n;
  };
  const benches: SceneBench[] = [
    { group, lib: OURS, units: FRAMES_PER_RUN, run: () => (pairs[OURS] = frames("ours", (k) => spawn(ours, k), () => ours.overlaps().length)) },
    { group, lib: OURS + EDITS_ONLY, units: FRAMES_PER_RUN, run: () => frames("edits", (k) => spawn(edits, k), () => edits.size) },
    {
      group, lib: RAPIER_LIB, units: FRAMES_PER_RUN,
      run: () => (pairs[RAPIER_LIB] = frames("rapier", (k) => {
        rapier.removeRigidBody(rapierRing[k % LIVE]!);
        rapierSpawn(k);
      }, () => { rapier.step(queue); return (rapierPairs += drain(queue)); })),
    },
    {
      group, lib: PLANCK, units: FRAMES_PER_RUN,
      run: () => (pairs[PLANCK] = frames("planck", (k) => {
        planck.destroyBody(planckRing[k % LIVE]!);
        planckSpawn(k);
      }, () => { planckManager.findNewContacts(); planck.step(0); return planckTouching(planck); })),
    },
    {
      group, lib: CHECK2D, units: FRAMES_PER_RUN,
      run: () => (pairs[CHECK2D] = frames("check", (k) => {
        system.remove(checkRing[k % LIVE]!);
        checkSpawn(k);
      }, () => checkAllPairs(system))),
    },
  ];
  return { benches, pairs, free: () => { queue.free(); rapier.free(); } };
}

// ---- Startup ----------------------------------------------------------------------------------

/** The scene of these shapes as the editor writes its file (serializeScene). */
export function sceneText(shapes: readonly Shape[]): string {
  return serializeScene({ ...emptyScene(), shapes: [...shapes] });
}

/** What a timed startup made, kept until its run is timed (so nothing is collected mid-run). */
export let retained: unknown = null;

export function startupBenches(inp: SceneInputs): SceneBench[] {
  const group = STARTUP_GROUP, text = sceneText(inp.shapes), R = inp.rays;
  const from = { x: R[0]!, y: R[1]! }, to = { x: R[2]!, y: R[3]! };
  const drop = () => { retained = null; };
  let rapierWorld: RAPIER.World | null = null;
  return [
    {
      group, lib: OURS, units: 1, teardown: drop,
      run: () => { const scene = loadScene(text); retained = scene; return scene.world.raycast(from, to)[0]?.fraction ?? 1; },
    },
    {
      group, lib: RAPIER_LIB, units: 1,
      run: () => {
        const shapes = (JSON.parse(text) as { shapes: Shape[] }).shapes, r = buildRapier(shapes, false, true);
        rapierWorld = r.world;
        return r.world.castRay(new RAPIER.Ray(from, { x: to.x - from.x, y: to.y - from.y }), 1, true)?.timeOfImpact ?? 1;
      },
      teardown: () => { rapierWorld?.free(); rapierWorld = null; },
    },
    {
      group, lib: PLANCK, units: 1, teardown: drop,
      run: () => {
        const shapes = (JSON.parse(text) as { shapes: Shape[] }).shapes, p = buildPlanck(shapes, false);
        retained = p;
        let best = 1;
        p.world.rayCast(new PlanckVec2(from.x, from.y), new PlanckVec2(to.x, to.y), (_f: Fixture, _p: PlanckVec2, _n: PlanckVec2, fraction: number) => (best = fraction));
        return best;
      },
    },
    {
      group, lib: CHECK2D, units: 1, teardown: drop,
      run: () => {
        const shapes = (JSON.parse(text) as { shapes: Shape[] }).shapes, system = new System();
        for (const s of shapes) {
          if (s.type === "circle") system.createCircle({ x: s.x, y: s.y }, s.radius);
          else if (s.type === "box") system.createBox({ x: s.x, y: s.y }, s.width, s.height, { angle: radians(s), isCentered: true });
          else system.createPolygon({ x: s.x, y: s.y }, localPoints(s, CAP_SEGMENTS), { angle: radians(s) });
        }
        retained = system;
        return system.raycast(from, to)?.point.x ?? 0;
      },
    },
  ];
}

// ---- First rays -------------------------------------------------------------------------------

/**
 * Each library's world is built afresh (untimed) before every sample; the timed run casts rays
 * 0…m−1 on it, and rays m…2m−1 on the same world are timed apart, into `next` (µs per ray, the
 * warm-up run's left out).
 */
function firstRayBenches(inp: SceneInputs, m: number): { benches: SceneBench[]; next: Record<string, number[]> } {
  const group = FIRST_RAYS_GROUP, R = inp.rays;
  const from = Array.from({ length: 2 * m }, (_, k) => ({ x: R[4 * k]!, y: R[4 * k + 1]! }));
  const to = Array.from({ length: 2 * m }, (_, k) => ({ x: R[4 * k + 2]!, y: R[4 * k + 3]! }));
  const rRays = from.map((f, k) => new RAPIER.Ray(f, { x: to[k]!.x - f.x, y: to[k]!.y - f.y }));
  const pFrom = from.map((p) => new PlanckVec2(p.x, p.y)), pTo = to.map((p) => new PlanckVec2(p.x, p.y));
  let ours: CollisionWorld | null = null, rapier: RAPIER.World | null = null, planck: PlanckWorld | null = null;
  let best = 1;
  const closest = (_f: Fixture, _p: PlanckVec2, _n: PlanckVec2, fraction: number) => { best = fraction; return fraction; };
  const oursRays = (lo: number) => { let s = 0; for (let k = lo; k < lo + m; k++) { const h = ours!.raycast(from[k]!, to[k]!, { mode: "closest" })[0]; if (h) s += h.fraction; } return s; };
  const rapierRays = (lo: number) => { let s = 0; for (let k = lo; k < lo + m; k++) { const h = rapier!.castRay(rRays[k]!, 1, true); if (h) s += h.timeOfImpact; } return s; };
  const planckRays = (lo: number) => { let s = 0; for (let k = lo; k < lo + m; k++) { best = 1; planck!.rayCast(pFrom[k]!, pTo[k]!, closest); s += best; } return s; };
  const next: Record<string, number[]> = { [OURS]: [], [RAPIER_LIB]: [], [PLANCK]: [] };
  const calls: Record<string, number> = { [OURS]: 0, [RAPIER_LIB]: 0, [PLANCK]: 0 };
  /** The second pass runs in the teardown, untimed by measure() and timed here. */
  const second = (lib: string, passes: (lo: number) => number) => {
    const t0 = process.hrtime.bigint();
    passes(m);
    const t = Number(process.hrtime.bigint() - t0) / m;
    if (calls[lib]!++ > 0) next[lib]!.push(t);
  };
  const benches: SceneBench[] = [
    {
      group, lib: OURS, units: m, run: () => oursRays(0),
      setup: () => { ours = new CollisionWorld({ filter: "none" }); ours.sync(inp.shapes); ours.prepareGeometry(); },
      teardown: () => { second(OURS, oursRays); ours = null; },
    },
    {
      group, lib: RAPIER_LIB, units: m, run: () => rapierRays(0),
      setup: () => { rapier = buildRapier(inp.shapes, false, true).world; },
      teardown: () => { second(RAPIER_LIB, rapierRays); rapier?.free(); rapier = null; },
    },
    {
      group, lib: PLANCK, units: m, samples: 2, run: () => planckRays(0),
      setup: () => { planck = buildPlanck(inp.shapes, false).world; },
      teardown: () => { second(PLANCK, planckRays); planck = null; },
    },
  ];
  return { benches, next };
}

// ---- Run and report ---------------------------------------------------------------------------

const median = (v: readonly number[]) => { const s = [...v].sort((a, b) => a - b), h = (s.length - 1) / 2; return (s[Math.floor(h)]! + s[Math.ceil(h)]!) / 2; };

export function runWorldBench(options: { quick: boolean; wanted: (group: string) => boolean }): FrameRun | null {
  const groups = WORLD_GROUPS.filter((g) => options.wanted(g));
  if (groups.length === 0) return null;
  const quick = options.quick, results: Result[] = [], lines: string[] = [];
  const peers = [RAPIER_LIB, PLANCK, CHECK2D];
  const row = (g: string, label: string, scale: number, libs: readonly string[]) => {
    const v = (lib: string) => { const r = results.find((x) => x.group === g && x.lib === lib); return r ? r.median / scale : undefined; };
    const o = v(OURS)!;
    return [label, fmt(o), ...libs.map((lib) => { const p = v(lib); return p === undefined ? "n/a" : `${fmt(p)} (${(p / o).toFixed(1)}×)`; })];
  };
  lines.push(`World in a game loop (issue 27)${quick ? " — --quick: smaller scenes, one or two samples, numbers are rough" : ""}: medians; in brackets peer/ours (how many times faster ours is).`, "");
  const rows: string[][] = [];
  const notes: string[] = [];
  if (groups.includes(FRAME_GROUP)) {
    const motion = makeMotion(), f = frameBenches(motion);
    results.push(...measure(f.benches, quick ? 2 : 9, true));
    f.free();
    rows.push(row(FRAME_GROUP, "frame: move 1,000 among 10,000 + update the pairs (ms per frame)", 1e6, peers));
    notes.push(`- frame: ${MOVERS.toLocaleString("en-US")} of ${(STATIC + MOVERS).toLocaleString("en-US")} seeded shapes (the scene's mix, ~5 % overlapping) move 0.5–3 units a second at 60 frames a second (0.008–0.05 a frame), turning up to 90° a second, back and forth; ${FRAMES_PER_RUN} frames a run. ours world.move(id, x, y, rotation) ×1,000 + overlaps(); rapier kinematic bodies setNextKinematicTranslation/Rotation + step(eventQueue) + drain collision events (fixed colliders never pair with each other); planck dynamic bodies setTransform + findNewContacts + step(0) + count touching contacts; check2d setPosition + setAngle + updateBody, then checkAll. Pairs at the last frame timed: ${Object.entries(f.pairs).map(([k, v]) => `${k} ${v}`).join(", ")} (ours lists static pairs too; rapier's count is moving pairs, check2d's each moving pair once per side).`);
  }
  if (groups.includes(REMOVE_GROUP)) {
    const rb = removeBenches();
    results.push(...measure(rb.benches, quick ? 2 : 9, true));
    rb.free();
    rows.push(row(REMOVE_GROUP, `remove: despawn + spawn ${BULLETS_PER_FRAME} among 10,000 + update the pairs (ms per frame)`, 1e6, peers));
    const edit = results.find((x) => x.group === REMOVE_GROUP && x.lib === OURS + EDITS_ONLY)!.median / 1e3 / BULLETS_PER_FRAME;
    notes.push(`- remove: the frame scene's ${STATIC.toLocaleString("en-US")} static shapes and ${BULLETS_PER_FRAME * BULLET_LIFE} bullets (circles of radius 0.3 at seeded places); a frame removes the ${BULLETS_PER_FRAME} oldest and adds ${BULLETS_PER_FRAME} new ones (each a new object with a new id), then updates the pairs; ${FRAMES_PER_RUN} frames a run. ours world.remove + world.add + overlaps(); rapier kinematic bodies removeRigidBody + createRigidBody/createCollider + step(eventQueue); planck dynamic bodies destroyBody + createBody + findNewContacts + step(0); check2d remove + createCircle + checkAll. Ours without overlaps(): ${fmt(edit)} µs per remove + add. Pairs at the last frame timed: ${Object.entries(rb.pairs).map(([k, v]) => `${k} ${v}`).join(", ")}.`);
  }
  if (groups.includes(STARTUP_GROUP)) {
    const inp = makeSceneInputs(10_000, 1, 0, 20261128);
    results.push(...measure(startupBenches(inp), quick ? 2 : 9, true));
    rows.push(row(STARTUP_GROUP, "startup: 10,000-shape scene text to a first ray (ms)", 1e6, peers));
    notes.push("- startup: the text as the editor writes it (serializeScene); ours loadScene(text) (JSON.parse, every field checked, ids unique, the world built and every geometry made) + one closest ray; each peer JSON.parse of the same text, then its world from the shapes (as in scene build) + one ray. JIT warm (one untimed run first).");
  }
  if (groups.includes(FIRST_RAYS_GROUP)) {
    const n = quick ? 20_000 : 100_000, m = quick ? 1_000 : 10_000;
    const inp = makeSceneInputs(n, 2 * m, 0, 20260707);
    const { benches, next } = firstRayBenches(inp, m);
    results.push(...measure(benches, quick ? 1 : 5, true));
    for (const lib of [OURS, RAPIER_LIB, PLANCK]) {
      const s = next[lib]!;
      if (s.length > 0) results.push({ group: FIRST_RAYS_GROUP, lib: lib + NEXT, median: median(s), min: Math.min(...s), q1: median(s), q3: median(s), reps: 1, callsPerBatch: m, samples: s });
    }
    const v = (lib: string) => results.find((x) => x.group === FIRST_RAYS_GROUP && x.lib === lib)!.median / 1e3;
    rows.push(row(FIRST_RAYS_GROUP, `first ${m.toLocaleString("en-US")} rays on a fresh ${n.toLocaleString("en-US")}-shape world (µs per ray)`, 1e3, [RAPIER_LIB, PLANCK]).concat("n/a"));
    rows.push([`the next ${m.toLocaleString("en-US")} rays (µs per ray)`, fmt(v(OURS + NEXT)), `${fmt(v(RAPIER_LIB + NEXT))} (${(v(RAPIER_LIB + NEXT) / v(OURS + NEXT)).toFixed(1)}×)`, `${fmt(v(PLANCK + NEXT))} (${(v(PLANCK + NEXT) / v(OURS + NEXT)).toFixed(1)}×)`, "n/a"]);
    notes.push(`- first rays: the scene benchmark's ${n.toLocaleString("en-US")} shapes; each library's world built untimed before each sample (ours new CollisionWorld + sync + prepareGeometry, as loadScene leaves it; rapier fixed colliders + step, planck static bodies), then rays 0…${m - 1} timed, then rays ${m}…${2 * m - 1} on the same world. First / next: ours ${(v(OURS) / v(OURS + NEXT)).toFixed(2)}, rapier ${(v(RAPIER_LIB) / v(RAPIER_LIB + NEXT)).toFixed(2)}, planck ${(v(PLANCK) / v(PLANCK + NEXT)).toFixed(2)}.`);
  }
  lines.push(table(["figure", "ours", "rapier", "planck", "check2d"], ["l", "r", "r", "r", "r"], rows), "", ...notes, "");
  return { results, lines };
}
