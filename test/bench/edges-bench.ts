// `npm run bench -- --only edges`: a chain's edges (capsules of radius 0, makeSegment) against the
// capsule pairs they must not cost more than, in ns/call on the same seeded poses: manifolds with
// a circle and with a box, and rays; and a 1,000-point concave outline's simplicity check and
// decomposition (target ≤ 10 ms), and its whole geometry.
import {
  CastOutput, checkSimplePolygon, collideCapsuleAndCircle, collideCapsuleAndPolygon, convexPieces, geometryOf, makeBox, makeCapsule, makeCircle, makeSegment, Manifold, rayCast,
  type CapsuleGeometry, type Point, type Transform,
} from "../../core/index";
import { measureGroup, ns, ratio, table, type Bench, type Options, type Result } from "./harness";
import { seededRandom } from "../seeded-random";

export const EDGE_GROUPS = ["edges manifold edge–circle", "edges manifold edge–box", "edges ray edge", "edges outline 1,000 points"] as const;
const SEED = 20261128;
const N = 4096;

export interface EdgeRun {
  readonly results: Result[];
  readonly lines: string[];
}

const made = <T>(m: { ok: true; value: T } | { ok: false; reason: string }): T => {
  if (!m.ok) throw new Error(m.reason);
  return m.value;
};

/** A star of n points with random radii: concave everywhere, as a traced terrain's outline. */
export function starOutline(n: number, seed: number): Point[] {
  const random = seededRandom(seed);
  const points: Point[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n, r = 50 + 50 * random();
    points.push([r * Math.cos(angle), r * Math.sin(angle)]);
  }
  return points;
}

export function runEdgeBench(options: { quick: boolean; wanted: (group: string) => boolean; opts: Options }): EdgeRun | null {
  if (!EDGE_GROUPS.some((g) => options.wanted(g))) return null;
  const random = seededRandom(SEED);
  const edge: CapsuleGeometry[] = [], capsule: CapsuleGeometry[] = [], xfA: Transform[] = [], xfB: Transform[] = [];
  const rays = new Float64Array(4 * N);
  for (let i = 0; i < N; i++) {
    const length = 1 + 4 * random(), radius = 0.1 + 0.5 * random();
    edge.push(made(makeSegment(-length / 2, 0, length / 2, 0)));
    capsule.push(made(makeCapsule(-length / 2, 0, length / 2, 0, radius)) as CapsuleGeometry);
    const a = 2 * Math.PI * random(), b = 2 * Math.PI * random();
    xfA.push({ px: 4 * random() - 2, py: 4 * random() - 2, c: Math.cos(a), s: Math.sin(a) });
    xfB.push({ px: 4 * random() - 2, py: 4 * random() - 2, c: Math.cos(b), s: Math.sin(b) });
    for (let k = 0; k < 4; k++) rays[4 * i + k] = 8 * random() - 4;
  }
  const circle = made(makeCircle(0.75)), box = made(makeBox(0.6, 0.4));
  const m = new Manifold(), out = new CastOutput();
  const pair = (group: string, lib: string, shapes: CapsuleGeometry[], other: "circle" | "box"): Bench => ({
    group, lib, callsPerRep: N,
    run: (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) {
        for (let i = 0; i < N; i++) {
          s += other === "circle" ? collideCapsuleAndCircle(shapes[i]!, xfA[i]!, circle, xfB[i]!, m).pointCount : collideCapsuleAndPolygon(shapes[i]!, xfA[i]!, box, xfB[i]!, m).pointCount;
        }
      }
      return s;
    },
  });
  const ray = (lib: string, shapes: CapsuleGeometry[]): Bench => ({
    group: "edges ray edge", lib, callsPerRep: N,
    run: (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) for (let i = 0; i < N; i++) s += rayCast(shapes[i]!, xfA[i]!, rays[4 * i]!, rays[4 * i + 1]!, rays[4 * i + 2]!, rays[4 * i + 3]!, out).hit ? 1 : 0;
      return s;
    },
  });
  const results: Result[] = [];
  const rows: string[][] = [];
  for (const [group, other] of [["edges manifold edge–circle", "circle"], ["edges manifold edge–box", "box"]] as const) {
    if (!options.wanted(group)) continue;
    const r = measureGroup([pair(group, "edge", edge, other), pair(group, "capsule", capsule, other)], options.opts);
    results.push(...r);
    rows.push([group.slice(6), ns(r[0]!.median), ns(r[1]!.median), ratio(r[1]!.median, r[0]!.median)]);
  }
  if (options.wanted("edges ray edge")) {
    const r = measureGroup([ray("edge", edge), ray("capsule", capsule)], options.opts);
    results.push(...r);
    rows.push(["ray edge", ns(r[0]!.median), ns(r[1]!.median), ratio(r[1]!.median, r[0]!.median)]);
  }
  const lines = ["A chain's edges against capsules of the same core (ns/call; capsule/edge above 1 means edges cost less):", "", table(["case", "edge ns", "capsule ns", "capsule/edge"], ["l", "r", "r", "r"], rows), ""];
  const group = "edges outline 1,000 points";
  if (options.wanted(group)) {
    const points = starOutline(1000, SEED);
    const shape = { id: "terrain", type: "polygon" as const, x: 0, y: 0, rotation: 0, points };
    let pieces = 0;
    const once = { samples: options.quick ? 3 : 15, batchMs: 1, warmupMs: 20 };
    const r = measureGroup([
      { group, lib: "checkSimplePolygon", callsPerRep: 1, run: (reps) => { let s = 0; for (let k = 0; k < reps; k++) s += checkSimplePolygon(points) === null ? 1 : 0; return s; } },
      { group, lib: "convexPieces", callsPerRep: 1, run: (reps) => { for (let k = 0; k < reps; k++) pieces = convexPieces(points).length; return pieces; } },
      { group, lib: "geometryOf (pieces through the hull)", callsPerRep: 1, run: (reps) => { let s = 0; for (let k = 0; k < reps; k++) s += geometryOf(shape).ok ? 1 : 0; return s; } },
    ], once);
    results.push(...r);
    const ms = (v: number) => `${(v / 1e6).toFixed(2)} ms`;
    lines.push(`A 1,000-point star outline (random radii, so concave at about half its points; ${pieces} pieces of at most 8 points; target ≤ 10 ms):`, "");
    lines.push(table(["step", "time"], ["l", "r"], r.map((x) => [x.lib, ms(x.median)])), "");
  }
  return { results, lines };
}
