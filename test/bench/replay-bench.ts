// Issue 8's figure for `npm run bench`: rays per second of a replay on a 10,000-shape level (the
// core of `collider-studio replay`: the closest hit through the scene's tree and the comparison with
// the recorded expectation), in the same run as rapier's castRay on the same rays.
import RAPIER from "@dimforge/rapier2d-compat";
import { CollisionWorld, compareRay, expectationOf, vec2, type RayRecord } from "../../core/index";
import { buildRapier, makeSceneInputs } from "./broadphase";
import { measureGroup, ns, table, type Bench, type Options, type Result } from "./harness";

export const REPLAY_GROUP = "replay 10,000 shapes";

export interface ReplayRun {
  readonly results: Result[];
  readonly lines: string[];
}

export function runReplayBench(options: { quick: boolean; wanted: (group: string) => boolean; opts: Options }): ReplayRun | null {
  if (!options.wanted(REPLAY_GROUP)) return null;
  const inp = makeSceneInputs(10_000, options.quick ? 1_000 : 10_000, 0, 20261123);
  const R = inp.rays, m = R.length / 4;
  const world = new CollisionWorld({ filter: "none" });
  world.sync(inp.shapes);
  // The log as QA would have recorded it: this scene's own results as the expectations.
  const rays: RayRecord[] = Array.from({ length: m }, (_, k) => {
    const from = vec2(R[4 * k]!, R[4 * k + 1]!), to = vec2(R[4 * k + 2]!, R[4 * k + 3]!);
    return { line: k + 1, id: `r${k}`, from: [from.x, from.y], to: [to.x, to.y], extra: {}, expect: expectationOf(world.raycast(from, to)[0] ?? null) };
  });
  const from = rays.map((r) => vec2(r.from[0], r.from[1])), to = rays.map((r) => vec2(r.to[0], r.to[1]));
  const rapier = buildRapier(inp.shapes, false, true);
  const rRays = from.map((f, k) => new RAPIER.Ray(f, { x: to[k]!.x - f.x, y: to[k]!.y - f.y }));
  let mismatches = 0;
  const benches: Bench[] = [
    { group: REPLAY_GROUP, lib: "ours", callsPerRep: m, run: (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) for (let k = 0; k < m; k++) {
        const result = compareRay(rays[k]!, world.raycast(from[k]!, to[k]!)[0] ?? null);
        if (result.status === "mismatch") mismatches++;
        s += result.hit ? result.hit.fraction : 0;
      }
      return s;
    } },
    { group: REPLAY_GROUP, lib: "rapier", callsPerRep: m, run: (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) for (let k = 0; k < m; k++) { const h = rapier.world.castRay(rRays[k]!, 1, true); if (h) s += h.timeOfImpact; }
      return s;
    } },
  ];
  const results = measureGroup(benches, options.opts);
  rapier.world.free();
  const ours = results.find((r) => r.lib === "ours")!, peer = results.find((r) => r.lib === "rapier")!;
  const perSecond = (v: number) => `${(1e9 / v / 1e6).toFixed(2)} M rays/s`;
  return {
    results,
    lines: [
      `QA replay on a ${inp.n.toLocaleString("en-US")}-shape level (issue 8): ${m.toLocaleString("en-US")} recorded rays, median ns per ray.`,
      "",
      table(["", "ns per ray", "rays per second", "rapier / ours"], ["l", "r", "r", "r"], [
        ["ours: closest hit + comparison with the expectation", ns(ours.median), perSecond(ours.median), "1.0×"],
        ["rapier: world.castRay(ray, 1, solid)", ns(peer.median), perSecond(peer.median), `${(peer.median / ours.median).toFixed(1)}×`],
      ]),
      "",
      `- The expectations are this scene's own results, so every ray compares equal (${mismatches} mismatches seen while timing); rapier casts only (no comparison, no hit point or normal).`,
      "",
    ],
  };
}
