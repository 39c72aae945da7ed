// The benchmark itself (see collide.bench.ts, which bundles this file and runs it in plain Node).
// Nanoseconds per call of core's contact manifolds and GJK distance against planck 1.5 (Box2D
// v2.4's JS port) and SAT.js 0.9 on the same seeded pairs, and of its ray casts, shape casts and
// time of impact against planck and rapier2d (casts.ts), in one run. Arguments: --quick,
// --json FILE, --only TEXT (only the cases whose name contains TEXT: "manifold A–B",
// "distance A–B", "ray X", "sweep B→A", "TOI A–B", "trace").
//
// Every library gets per-pair local shapes plus per-pair transforms, and each call includes the
// work to bring both into one frame and to produce world-space results:
//   ours    collideX(geomA, xfA, geomB, xfB, manifold) with a reused Manifold; shapeDistance with a
//           reused DistanceOutput.
//   planck  CollideX(manifold, shapeA, xfA, shapeB, xfB) then manifold.getWorldManifold(wm, …)
//           with a reused WorldManifold (planck's manifold is local; the world normal, points and
//           separations are what ours returns). Distance: proxies set from the shapes, cache count
//           0 (ours has no warm start), useRadii, reused input/output/cache.
//   SAT.js  setAngle on each polygon (SAT.js applies a rotation only by recomputing the polygon's
//           points, edges and normals) then testXxx with a cleared, reused Response.
import { writeFileSync } from "node:fs";
import os from "node:os";
import {
  CollideCircles, CollideEdgeCircle, CollideEdgePolygon, CollidePolygonCircle, CollidePolygons, Distance, DistanceInput,
  DistanceOutput as PlanckDistanceOutput, Manifold as PlanckManifold, SimplexCache, WorldManifold,
  type CircleShape, type EdgeShape, type PolygonShape, type Shape as PlanckShape,
} from "planck";
import SAT from "sat";
import {
  collide, collideCapsuleAndCircle, collideCapsuleAndPolygon, collideCapsules, collideCircles, collidePolygonAndCircle, collidePolygons,
  DistanceOutput, Manifold, shapeDistance,
  type CapsuleGeometry, type CircleGeometry, type Geometry, type PolygonGeometry,
} from "../../core/index";
import {
  castReport, checkRays, checkSweeps, checkToi, initRapier, makeRayCase, makeSweepCase, makeToiCase, rayBenches, sweepBenches, toiBenches,
  RAY_KINDS, SWEEP_PAIRS, TOI_PAIRS, type CastCheck,
} from "./casts";
import { runScene, sceneGroups, type SceneRun } from "./broadphase";
import { runWorldBench, WORLD_GROUPS } from "./world-frame";
import { BOX2D, box2dAgreementLines, box2dManifoldAnswers, Box2dUnavailable, box2dResults, runBox2dManifolds } from "./box2d-native";
import { REPLAY_GROUP, runReplayBench } from "./replay-bench";
import { TRACE_GROUP, runTraceBench } from "./trace-bench";
import { EDGE_GROUPS, runEdgeBench } from "./edges-bench";
import { measureGroup, ns, ratio, sink, table, warmAll, type Bench, type Options, type Result } from "./harness";
import { CASES, makeCase, type PairCase } from "./inputs";

// ---- Command line -----------------------------------------------------------------------------

const args = process.argv.slice(2);
const quick = args.includes("--quick");
/** --list: print the group names (what --fork runs one process for) and stop; inputs are kept tiny. */
const listOnly = args.includes("--list");
const jsonAt = args.indexOf("--json");
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
if (jsonAt >= 0 && !jsonFile) throw new Error("--json needs a file name");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
if (onlyAt >= 0 && !only) throw new Error("--only needs a text to match");
/** --box2d DIR: a Box2D v3 checkout, compiled and timed as one more peer for sweeps and TOI (box2d-native.ts). */
const box2dAt = args.indexOf("--box2d");
const box2dSource = box2dAt >= 0 ? args[box2dAt + 1] : undefined;
if (box2dAt >= 0 && !box2dSource) throw new Error("--box2d needs the folder of a Box2D v3 checkout");
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--json" || args[i] === "--only" || args[i] === "--box2d") i++;
  else if (args[i] !== "--quick" && args[i] !== "--list") throw new Error(`unknown argument ${args[i]} (use --quick, --json FILE, --only TEXT, --box2d DIR, --list)`);
}

const PAIRS = 4096;
const SEED = 20240611;
const opts: Options = quick ? { samples: 5, batchMs: 4, warmupMs: 8 } : { samples: 21, batchMs: 25, warmupMs: 40 };
/** Casts per case (fewer in --quick: rapier's shape-level calls take microseconds). */
const CASTS = listOnly ? 8 : quick ? 512 : 4096;
const CAST_SEED = 20261122;
/** --only: alternatives separated by "|"; each matches a group containing it, or exactly one with a leading "=". */
const wanted = (group: string) => only === undefined || only.split("|").some((o) => (o.startsWith("=") ? group === o.slice(1) : group.includes(o)));


// ---- Inputs -----------------------------------------------------------------------------------

// Only the cases some wanted group measures are built: a forked run (--fork) builds one.
const cases: PairCase[] = CASES.filter((spec) => listOnly || wanted(`manifold ${spec.label}`) || wanted(`distance ${spec.label}`))
  .map((spec) => makeCase(spec, listOnly ? 8 : PAIRS, SEED + 7919 * CASES.indexOf(spec)));

await initRapier();
const rayCases = RAY_KINDS.filter((s) => wanted(`ray ${s.label}`)).map((s) => makeRayCase(s.label, s.kind, CASTS, CAST_SEED + 101 * RAY_KINDS.indexOf(s), true));
const sweepCases = SWEEP_PAIRS.filter((s) => wanted(`sweep ${s.label}`)).map((s) => makeSweepCase(s.label, s.moving, s.fixed, CASTS, CAST_SEED + 1009 + 101 * SWEEP_PAIRS.indexOf(s), true));
const toiCases = TOI_PAIRS.filter((s) => wanted(`TOI ${s.label}`)).map((s) => makeToiCase(s.label, s.a, s.b, CASTS, CAST_SEED + 2003 + 101 * s.inputs, s.tolerance));

const m = new Manifold();
const dOut = new DistanceOutput();
const pm = new PlanckManifold();
const wm = new WorldManifold();
const resp = new SAT.Response();
const { testCircleCircle, testPolygonCircle, testPolygonPolygon } = SAT;

// Libraries, in table order.
const OURS = "ours", DISPATCH = "ours collide()", PLANCK = "planck", PLANCK_LOCAL = "planck (local manifold)", SATJS = "SAT.js", SAT_BAKED = "SAT.js (pre-rotated)";

// ---- Manifold bodies: one function literal per (case, library) so every call site stays monomorphic.

function manifoldBenches(c: PairCase): Bench[] {
  const n = c.n, group = `manifold ${c.label}`;
  const xa = c.xfA, xb = c.xfB, pxa = c.pxfA, pxb = c.pxfB, aa = c.angleA, ab = c.angleB;
  const out: Bench[] = [];
  const add = (lib: string, run: (reps: number) => number) => out.push({ group, lib, callsPerRep: n, run });
  switch (c.label) {
    case "circle–circle": {
      const ga = c.a.ours as CircleGeometry[], gb = c.b.ours as CircleGeometry[];
      const pa = c.a.planck as CircleShape[], pb = c.b.planck as CircleShape[];
      const sa = c.satA as SAT.Circle[], sb = c.satB as SAT.Circle[];
      add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collideCircles(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
      add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollideCircles(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
      add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollideCircles(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
      add(SATJS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { resp.clear(); if (testCircleCircle(sa[i]!, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
      add(SAT_BAKED, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { resp.clear(); if (testCircleCircle(sa[i]!, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
      break;
    }
    case "box–circle":
    case "8-gon–circle": {
      const ga = c.a.ours as PolygonGeometry[], gb = c.b.ours as CircleGeometry[];
      const pa = c.a.planck as PolygonShape[], pb = c.b.planck as CircleShape[];
      const sa = c.satA as SAT.Polygon[], sb = c.satB as SAT.Circle[];
      if (c.label === "box–circle") {
        add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collidePolygonAndCircle(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
        add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollidePolygonCircle(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
        add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollidePolygonCircle(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
        add(SATJS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = sa[i]!; A.setAngle(aa[i]!); resp.clear(); if (testPolygonCircle(A, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
        add(SAT_BAKED, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { resp.clear(); if (testPolygonCircle(sa[i]!, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
      } else {
        add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collidePolygonAndCircle(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
        add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollidePolygonCircle(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
        add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollidePolygonCircle(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
        add(SATJS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = sa[i]!; A.setAngle(aa[i]!); resp.clear(); if (testPolygonCircle(A, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
        add(SAT_BAKED, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { resp.clear(); if (testPolygonCircle(sa[i]!, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
      }
      break;
    }
    case "capsule–circle": {
      const ga = c.a.ours as CapsuleGeometry[], gb = c.b.ours as CircleGeometry[];
      const pa = c.a.planck as EdgeShape[], pb = c.b.planck as CircleShape[];
      add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collideCapsuleAndCircle(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
      add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollideEdgeCircle(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
      add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollideEdgeCircle(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
      break;
    }
    case "box–box":
    case "box–8-gon":
    case "8-gon–8-gon": {
      const ga = c.a.ours as PolygonGeometry[], gb = c.b.ours as PolygonGeometry[];
      const pa = c.a.planck as PolygonShape[], pb = c.b.planck as PolygonShape[];
      const sa = c.satA as SAT.Polygon[], sb = c.satB as SAT.Polygon[];
      if (c.label === "box–box") {
        add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collidePolygons(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
        add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollidePolygons(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
        add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollidePolygons(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
        add(SATJS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = sa[i]!, B = sb[i]!; A.setAngle(aa[i]!); B.setAngle(ab[i]!); resp.clear(); if (testPolygonPolygon(A, B, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
        add(SAT_BAKED, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { resp.clear(); if (testPolygonPolygon(sa[i]!, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
      } else if (c.label === "box–8-gon") {
        add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collidePolygons(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
        add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollidePolygons(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
        add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollidePolygons(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
        add(SATJS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = sa[i]!, B = sb[i]!; A.setAngle(aa[i]!); B.setAngle(ab[i]!); resp.clear(); if (testPolygonPolygon(A, B, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
        add(SAT_BAKED, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { resp.clear(); if (testPolygonPolygon(sa[i]!, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
      } else {
        add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collidePolygons(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
        add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollidePolygons(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
        add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollidePolygons(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
        add(SATJS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = sa[i]!, B = sb[i]!; A.setAngle(aa[i]!); B.setAngle(ab[i]!); resp.clear(); if (testPolygonPolygon(A, B, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
        add(SAT_BAKED, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { resp.clear(); if (testPolygonPolygon(sa[i]!, sb[i]!, resp)) s += resp.overlap + resp.overlapN.x; } return s; });
      }
      break;
    }
    case "capsule–box":
    case "capsule–8-gon": {
      const ga = c.a.ours as CapsuleGeometry[], gb = c.b.ours as PolygonGeometry[];
      const pa = c.a.planck as EdgeShape[], pb = c.b.planck as PolygonShape[];
      if (c.label === "capsule–box") {
        add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collideCapsuleAndPolygon(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
        add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollideEdgePolygon(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
        add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollideEdgePolygon(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
      } else {
        add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collideCapsuleAndPolygon(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
        add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollideEdgePolygon(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
        add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollideEdgePolygon(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
      }
      break;
    }
    case "capsule–capsule": {
      // planck has no edge–edge manifold: B is the capsule as a rounded 2-gon (see inputs.ts).
      const ga = c.a.ours as CapsuleGeometry[], gb = c.b.ours as CapsuleGeometry[];
      const pa = c.a.planck as EdgeShape[], pb = c.b.planckRounded;
      add(OURS, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collideCapsules(ga[i]!, xa[i]!, gb[i]!, xb[i]!, m); s += m.pointCount + m.depth; } return s; });
      add(PLANCK, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { const A = pa[i]!, B = pb[i]!, XA = pxa[i]!, XB = pxb[i]!; CollideEdgePolygon(pm, A, XA, B, XB); pm.getWorldManifold(wm, XA, A.m_radius, XB, B.m_radius); s += pm.pointCount + wm.separations[0]!; } return s; });
      add(PLANCK_LOCAL, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { CollideEdgePolygon(pm, pa[i]!, pxa[i]!, pb[i]!, pxb[i]!); s += pm.pointCount + pm.localPoint.x; } return s; });
      break;
    }
    default:
      throw new Error(`no manifold bodies for ${c.label}`);
  }
  // The dispatch as the editor calls it, in the scene order (e.g. circle first for
  // circle–box, so the flipped table entry runs). One shared call site, as in a broad phase.
  const swap = c.scene.split("-")[0] !== c.a.kind;
  const ga: Geometry[] = swap ? c.b.ours : c.a.ours, gb: Geometry[] = swap ? c.a.ours : c.b.ours;
  const xga = swap ? xb : xa, xgb = swap ? xa : xb;
  add(DISPATCH, (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { collide(ga[i]!, xga[i]!, gb[i]!, xgb[i]!, m); s += m.pointCount + m.depth; } return s; });
  return out;
}

// ---- Distance bodies: the callee is the same function for every case, so one literal each.

const pIn = new DistanceInput();
const pOut = new PlanckDistanceOutput();
const pCache = new SimplexCache();

function oursDistance(c: PairCase): Bench {
  const n = c.n, ga = c.a.ours, gb = c.b.ours, xa = c.xfA, xb = c.xfB;
  return {
    group: `distance ${c.label}`, lib: OURS, callsPerRep: n,
    run: (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) { shapeDistance(ga[i]!, xa[i]!, gb[i]!, xb[i]!, dOut); s += dOut.distance + dOut.pointAX; } return s; },
  };
}

function planckDistance(c: PairCase): Bench {
  const n = c.n, pa: PlanckShape[] = c.a.planck, pb: PlanckShape[] = c.b.planck, xa = c.pxfA, xb = c.pxfB;
  return {
    group: `distance ${c.label}`, lib: PLANCK, callsPerRep: n,
    run: (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) for (let i = 0; i < n; i++) {
        pIn.proxyA.set(pa[i]!, 0); pIn.proxyB.set(pb[i]!, 0);
        pIn.transformA.setTransform(xa[i]!); pIn.transformB.setTransform(xb[i]!);
        pIn.useRadii = true; pCache.count = 0;
        Distance(pOut, pCache, pIn);
        s += pOut.distance + pOut.pointA.x;
      }
      return s;
    },
  };
}

// ---- Agreement checks (untimed): do the libraries see the same pairs overlapping?

interface Check { overlapOurs: number; overlapPlanck: number; overlapSat: number | null; maxDistanceDiff: number }

function check(c: PairCase): Check {
  let ours = 0, planck = 0, sat = 0, maxDiff = 0;
  for (let i = 0; i < c.n; i++) {
    if (collide(c.a.ours[i]!, c.xfA[i]!, c.b.ours[i]!, c.xfB[i]!, m).pointCount > 0) ours++;
    const A = c.a.planck[i]!, XA = c.pxfA[i]!, XB = c.pxfB[i]!;
    const B = c.label === "capsule–capsule" ? c.b.planckRounded[i]! : c.b.planck[i]!;
    if (A.m_type === "circle" && B.m_type === "circle") CollideCircles(pm, A as CircleShape, XA, B as CircleShape, XB);
    else if (A.m_type === "polygon" && B.m_type === "circle") CollidePolygonCircle(pm, A as PolygonShape, XA, B as CircleShape, XB);
    else if (A.m_type === "polygon") CollidePolygons(pm, A as PolygonShape, XA, B as PolygonShape, XB);
    else if (B.m_type === "circle") CollideEdgeCircle(pm, A as EdgeShape, XA, B as CircleShape, XB);
    else CollideEdgePolygon(pm, A as EdgeShape, XA, B as PolygonShape, XB);
    if (pm.pointCount > 0) planck++;
    if (c.satA && c.satB) {
      const sa = c.satA[i]!, sb = c.satB[i]!;
      resp.clear();
      const hit = sa instanceof SAT.Circle
        ? testCircleCircle(sa, sb as SAT.Circle, resp)
        : sb instanceof SAT.Circle ? testPolygonCircle(sa, sb, resp) : testPolygonPolygon(sa, sb, resp);
      if (hit) sat++;
    }
    shapeDistance(c.a.ours[i]!, c.xfA[i]!, c.b.ours[i]!, c.xfB[i]!, dOut);
    pIn.proxyA.set(c.a.planck[i]!, 0); pIn.proxyB.set(c.b.planck[i]!, 0);
    pIn.transformA.setTransform(XA); pIn.transformB.setTransform(XB);
    pIn.useRadii = true; pCache.count = 0;
    Distance(pOut, pCache, pIn);
    maxDiff = Math.max(maxDiff, Math.abs(dOut.distance - pOut.distance));
  }
  return { overlapOurs: ours / c.n, overlapPlanck: planck / c.n, overlapSat: c.satA ? sat / c.n : null, maxDistanceDiff: maxDiff };
}

// ---- Run ----------------------------------------------------------------------------------------

const started = Date.now();
const checks = cases.map(check);
const castChecks: CastCheck[] = [...rayCases.map(checkRays), ...sweepCases.map((c) => checkSweeps(c, !quick)), ...toiCases.map((c) => checkToi(c, !quick))];
const pairGroups: Bench[][] = [...cases.map(manifoldBenches), ...cases.map((c) => [oursDistance(c), planckDistance(c)])]
  .filter((g) => wanted(g[0]!.group));
const castGroups: Bench[][] = [...rayCases.map(rayBenches), ...sweepCases.map(sweepBenches), ...toiCases.map(toiBenches)];
const groups = [...pairGroups, ...castGroups];
if (listOnly) {
  // The names --fork runs one process for each.
  console.log([...groups.map((g) => g[0]!.group), ...sceneGroups(wanted), ...WORLD_GROUPS.filter((g) => wanted(g)), ...(wanted(REPLAY_GROUP) ? [REPLAY_GROUP] : []), ...(wanted(TRACE_GROUP) ? [TRACE_GROUP] : []), ...EDGE_GROUPS.filter((g) => wanted(g))].join("\n"));
  process.exit(0);
}
warmAll(groups.flat(), opts.warmupMs);
const results: Result[] = [];
for (const g of groups) {
  results.push(...measureGroup(g, opts));
  process.stderr.write(".");
}
// Box2D itself on the same sweeps and times of impact, when a checkout was named.
let box2dLines: string[] = [];
if (box2dSource !== undefined && sweepCases.length + toiCases.length > 0) {
  try {
    results.push(...box2dResults(box2dSource, sweepCases, toiCases, quick));
    box2dLines = box2dAgreementLines(box2dSource, sweepCases, toiCases);
  } catch (e) {
    if (!(e instanceof Box2dUnavailable)) throw e;
    console.error(`\nbench: Box2D left out: ${e.message}`);
  }
}
// Box2D's own manifold functions on the same pairs, when a checkout was named (box2d-manifolds.c).
const manifoldCases = cases.filter((c) => wanted(`manifold ${c.label}`));
/** Per manifold case: how many pairs Box2D gives a point, and how many both it and ours call overlapping or apart. */
const box2dOverlap = new Map<string, { hits: number; agree: number }>();
if (box2dSource !== undefined && manifoldCases.length > 0) {
  try {
    for (const c of runBox2dManifolds(box2dSource, manifoldCases, quick)) {
      results.push({ group: c.group, lib: BOX2D, median: c.median, min: c.min, q1: NaN, q3: NaN, reps: 0, callsPerBatch: 0, samples: [] });
    }
    for (const a of box2dManifoldAnswers(box2dSource, manifoldCases)) {
      const c = manifoldCases.find((k) => `manifold ${k.label}` === a.group)!;
      let hits = 0, agree = 0;
      a.pointCount.forEach((count, i) => {
        const ours = collide(c.a.ours[i]!, c.xfA[i]!, c.b.ours[i]!, c.xfB[i]!, m).pointCount > 0;
        if (count > 0) hits++;
        if (ours === count > 0) agree++;
      });
      box2dOverlap.set(a.group, { hits, agree });
    }
  } catch (e) {
    if (!(e instanceof Box2dUnavailable)) throw e;
    console.error(`\nbench: Box2D's manifolds left out: ${e.message}`);
  }
}
// The 100,000-shape scene (broadphase.ts): its own inputs, timing and table.
const scene: SceneRun | null = runScene({ quick, wanted });
if (scene) results.push(...scene.results);
// A game loop's figures: a frame of 1,000 moves, a 10,000-shape startup, first rays (world-frame.ts).
const worldRun = runWorldBench({ quick, wanted });
if (worldRun) results.push(...worldRun.results);
// A QA replay's rays per second on a 10,000-shape level (replay-bench.ts).
const replayRun = runReplayBench({ quick, wanted, opts });
if (replayRun) results.push(...replayRun.results);
// A 2048 × 2048 sprite sheet traced into convex pieces (trace-bench.ts).
const traceRun = runTraceBench({ quick, wanted });
if (traceRun) results.push(...traceRun.results);
// A chain's edges against capsules, and a 1,000-point outline's decomposition (edges-bench.ts).
const edgeRun = runEdgeBench({ quick, wanted, opts, ...(box2dSource !== undefined ? { box2d: box2dSource } : {}) });
if (edgeRun) results.push(...edgeRun.results);
process.stderr.write("\n");
const seconds = (Date.now() - started) / 1000;

// ---- Report -------------------------------------------------------------------------------------

const find = (group: string, lib: string) => results.find((r) => r.group === group && r.lib === lib)?.median;
const date = new Date().toISOString().slice(0, 10);
const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
const pct = (v: number | null) => (v === null ? "n/a" : `${(100 * v).toFixed(1)}`);

const mainRows: string[][] = [];
const below3: string[] = [];
const withBox2d = box2dOverlap.size > 0;
/** Manifolds more than 1.5× Box2D's time in C (issue 27's bound). */
const overBox2d: string[] = [];
for (const kind of ["manifold", "distance"] as const) {
  for (const c of cases) {
    const group = `${kind} ${c.label}`;
    const o = find(group, OURS), p = find(group, PLANCK), s = find(group, SATJS);
    if (o === undefined) continue;
    const b = find(group, BOX2D);
    mainRows.push([`${kind === "manifold" ? "manifold" : "GJK distance"} ${c.label}`, ns(o), ns(p), ratio(p, o), ns(s), ratio(s, o), ...(withBox2d ? [ns(b), b === undefined ? "n/a" : `${(o / b).toFixed(2)}×`] : [])]);
    if (b !== undefined && o / b > 1.5) overBox2d.push(`${c.label} (${(o / b).toFixed(2)}×)`);
    if (o !== undefined && p !== undefined && p / o < 3) below3.push(`${group} (${(p / o).toFixed(1)}×)`);
  }
}

const out: string[] = [];
out.push(`Collider Studio collision benchmark — ${date}, Node ${process.version}, ${cpu} — ${PAIRS} seeded pairs per case, ~50% overlapping; ${CASTS} seeded casts per cast case, ~50% hitting; median of ${opts.samples} batches of ≥ ${opts.batchMs} ms${quick ? " (--quick: smoke run, numbers are rough)" : ""}`);
out.push("");
if (pairGroups.length > 0) {
  const box2dColumns = withBox2d ? ["Box2D (C) ns", "ours/Box2D"] : [];
  out.push(table(["case (A–B)", "ours ns", "planck ns", "planck/ours", "SAT.js ns", "SAT.js/ours", ...box2dColumns], ["l", "r", "r", "r", "r", "r", ...box2dColumns.map(() => "r" as const)], mainRows));
  out.push("");
  out.push("Notes:");
  out.push("- ns = median nanoseconds per call; ratio = peer ns / ours ns (how many times faster ours is). A is the first kind; every library is called in the same A, B order.");
  out.push("- ours: the pair's function (collidePolygons, collidePolygonAndCircle, …) with a reused Manifold; GJK distance: shapeDistance with a reused DistanceOutput.");
  out.push("- planck: Collide* then getWorldManifold into a reused WorldManifold (planck's manifold is in local frames; ours returns world normal, points and depth). Polygons and boxes get m_radius 0 to match ours (planck's default skin is 0.01). Distance: planck.Distance with useRadii, proxies set per call, SimplexCache.count = 0 (ours has no warm start).");
  out.push("- planck has no capsule: a capsule is an EdgeShape with m_radius = capsule radius (CollideEdgeCircle, CollideEdgePolygon, and exact for Distance). planck has no edge–edge manifold, so in capsule–capsule B is a rounded 2-gon PolygonShape (Box2D v3's b2MakeCapsule form) and the call is CollideEdgePolygon. planck's edge–polygon test is SAT over face normals, not exact at the rounded ends.");
  out.push("- SAT.js: setAngle on each polygon per call (its only way to apply a rotation; it recomputes points, edges and normals), then testCircleCircle / testPolygonCircle / testPolygonPolygon with a cleared, reused Response. SAT.js returns overlap and a normal but no contact points, and has no capsules and no distance query (n/a).");
  out.push(below3.length === 0 ? "- Every pair is at least 3× faster than planck." : `- Below the 3× planck target: ${below3.join(", ")}.`);
  if (withBox2d) {
    out.push("- Box2D (C): Box2D v3's own b2Collide* for the pair, compiled from the checkout --box2d names with its Release flags (-O3, f32), on the same pairs (shapes and transforms made before timing, b2MakePolygon of b2ComputeHull for a polygon; capsule–polygon runs b2CollidePolygonAndCapsule with the polygon as A, as Box2D's contact table does, and turns the normal). ours/Box2D is ours ns over Box2D's (issue 27's bound: 1.5×).");
    out.push(overBox2d.length === 0 ? "- Every manifold is within 1.5× of Box2D in C." : `- Above 1.5× Box2D in C: ${overBox2d.join(", ")}.`);
  }
  out.push("");
  out.push("Secondary measurements and agreement checks:");
  out.push("");
  out.push(table(
    ["case (A–B)", "ours via collide() ns", "planck local manifold ns", "SAT.js pre-rotated ns", "overlap % ours / planck / SAT.js", "max |Δ distance| vs planck"],
    ["l", "r", "r", "r", "r", "r"],
    cases.map((c, k) => {
      const g = `manifold ${c.label}`, ch = checks[k]!;
      return [c.label, ns(find(g, DISPATCH)), ns(find(g, PLANCK_LOCAL)), ns(find(g, SAT_BAKED)), `${pct(ch.overlapOurs)} / ${pct(ch.overlapPlanck)} / ${pct(ch.overlapSat)}`, ch.maxDistanceDiff.toExponential(1)];
    }),
  ));
  out.push("");
  out.push("- ours via collide(): the dispatch table, called in the issue's scene order (circle–box runs the flipped box–circle entry) from one shared call site.");
  out.push("- planck local manifold: Collide* alone, without getWorldManifold. SAT.js pre-rotated: rotation baked in before timing, so no transform work per call.");
  out.push("");
  if (withBox2d) {
    out.push(table(["case (A–B)", "pairs with a point: ours / Box2D", "same overlap or not"], ["l", "r", "r"], manifoldCases.map((c) => {
      const o = box2dOverlap.get(`manifold ${c.label}`), k = cases.indexOf(c);
      return [c.label, o ? `${pct(checks[k]!.overlapOurs)} / ${pct(o.hits / c.n)}` : "n/a", o ? `${pct(o.agree / c.n)} %` : "n/a"];
    })));
    out.push("");
    out.push("- Box2D's manifolds are speculative: they keep a point for pairs up to 4 × its linear slop (0.02) apart, so it calls a few more pairs touching than core.");
    out.push("");
  }
}
const casts = castReport(castChecks, find);
if (casts.lines.length > 0) out.push("Ray casts, shape casts and time of impact:", "", ...casts.lines, "");
if (box2dLines.length > 0) out.push(...box2dLines, "");
if (scene) out.push(...scene.lines, "");
if (worldRun) out.push(...worldRun.lines);
if (replayRun) out.push(...replayRun.lines);
if (traceRun) out.push(...traceRun.lines);
if (edgeRun) out.push(...edgeRun.lines);
out.push(`- ${results.length} timed bodies in ${seconds.toFixed(0)} s (sink ${sink.toPrecision(6)}).`);
console.log(out.join("\n"));

if (jsonFile) {
  writeFileSync(jsonFile, `${JSON.stringify({
    date, node: process.version, cpu, pairs: PAIRS, seed: SEED, quick, options: opts, seconds,
    cases: cases.map((c, k) => ({ label: c.label, scene: c.scene, scale: c.scale, ...checks[k]! })),
    casts: CASTS, castSeed: CAST_SEED,
    castCases: [...rayCases, ...sweepCases, ...toiCases].map((c) => ({ group: c.group, scale: c.scale })),
    castChecks,
    scene: scene ? { n: scene.n, rays: scene.rays, regions: scene.regions, check: scene.check } : null,
    results,
  }, null, 2)}\n`);
  console.error(`wrote ${jsonFile}`);
}
