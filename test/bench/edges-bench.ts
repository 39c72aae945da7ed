// `npm run bench -- --only edges`: a chain's edges (capsules of radius 0, makeSegment) against the
// capsule pairs they must not cost more than, in ns/call on the same seeded poses: manifolds with
// a circle, a box and a capsule, and rays (with `--box2d DIR`, Box2D's own b2CollideSegmentAnd*
// and b2RayCastSegment beside its capsule functions on the same cases, box2d-native.ts); and a 1,000-point concave outline's simplicity check and
// decomposition (target ≤ 10 ms), and its whole geometry.
import {
  CastOutput, checkSimplePolygon, collideCapsuleAndCircle, collideCapsuleAndPolygon, collideCapsules, convexPieces, geometryOf, makeBox, makeCapsule, makeCircle, makeSegment, Manifold, rayCast,
  type CapsuleGeometry, type Geometry, type Point, type Transform,
} from "../../core/index";
import { BOX2D, Box2dUnavailable, runBox2dSegments, type Box2dSegmentCase, type SegmentCase } from "./box2d-native";
import { measureGroup, ns, ratio, table, type Bench, type Options, type Result } from "./harness";
import { seededRandom } from "../seeded-random";

export const EDGE_GROUPS = ["edges manifold edge–circle", "edges manifold edge–box", "edges manifold edge–capsule", "edges ray edge", "edges outline 1,000 points"] as const;
const SEED = 20261128;
const N = 4096;
type Other = "circle" | "box" | "capsule";

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

export function runEdgeBench(options: { quick: boolean; wanted: (group: string) => boolean; opts: Options; box2d?: string }): EdgeRun | null {
  if (!EDGE_GROUPS.some((g) => options.wanted(g))) return null;
  const random = seededRandom(SEED);
  const edge: CapsuleGeometry[] = [], capsule: CapsuleGeometry[] = [], xfA: Transform[] = [], xfB: Transform[] = [];
  const rays = new Float64Array(4 * N), poseA = new Float64Array(3 * N), poseB = new Float64Array(3 * N);
  for (let i = 0; i < N; i++) {
    const length = 1 + 4 * random(), radius = 0.1 + 0.5 * random();
    edge.push(made(makeSegment(-length / 2, 0, length / 2, 0)));
    capsule.push(made(makeCapsule(-length / 2, 0, length / 2, 0, radius)) as CapsuleGeometry);
    const a = 2 * Math.PI * random(), b = 2 * Math.PI * random();
    xfA.push({ px: 4 * random() - 2, py: 4 * random() - 2, c: Math.cos(a), s: Math.sin(a) });
    xfB.push({ px: 4 * random() - 2, py: 4 * random() - 2, c: Math.cos(b), s: Math.sin(b) });
    poseA.set([xfA[i]!.px, xfA[i]!.py, a], 3 * i);
    poseB.set([xfB[i]!.px, xfB[i]!.py, b], 3 * i);
    for (let k = 0; k < 4; k++) rays[4 * i + k] = 8 * random() - 4;
  }
  const circle = made(makeCircle(0.75)), box = made(makeBox(0.6, 0.4)), pill = made(makeCapsule(-0.5, 0, 0.5, 0, 0.3)) as CapsuleGeometry;
  const m = new Manifold(), out = new CastOutput();
  const collideWith = (other: Other, a: CapsuleGeometry, xa: Transform, xb: Transform): Manifold =>
    other === "circle" ? collideCapsuleAndCircle(a, xa, circle, xb, m) : other === "box" ? collideCapsuleAndPolygon(a, xa, box, xb, m) : collideCapsules(a, xa, pill, xb, m);
  const pair = (group: string, lib: string, shapes: CapsuleGeometry[], other: Other): Bench => ({
    group, lib, callsPerRep: N,
    run: (reps) => {
      let s = 0;
      for (let r = 0; r < reps; r++) {
        for (let i = 0; i < N; i++) {
          s += other === "circle" ? collideCapsuleAndCircle(shapes[i]!, xfA[i]!, circle, xfB[i]!, m).pointCount
            : other === "box" ? collideCapsuleAndPolygon(shapes[i]!, xfA[i]!, box, xfB[i]!, m).pointCount
              : collideCapsules(shapes[i]!, xfA[i]!, pill, xfB[i]!, m).pointCount;
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
  const hitsOf = (shapes: CapsuleGeometry[], other: Other | "ray"): number => {
    let h = 0;
    for (let i = 0; i < N; i++) {
      if (other === "ray") h += rayCast(shapes[i]!, xfA[i]!, rays[4 * i]!, rays[4 * i + 1]!, rays[4 * i + 2]!, rays[4 * i + 3]!, out).hit ? 1 : 0;
      else h += collideWith(other, shapes[i]!, xfA[i]!, xfB[i]!).pointCount > 0 ? 1 : 0;
    }
    return h;
  };
  const PAIRS = [["edges manifold edge–circle", "circle"], ["edges manifold edge–box", "box"], ["edges manifold edge–capsule", "capsule"], ["edges ray edge", "ray"]] as const;
  const cases = PAIRS.filter(([group]) => options.wanted(group));
  // Box2D's segment function and its capsule equivalent on the same cases (box2d-segments.c).
  const b2 = new Map<string, { segment: Box2dSegmentCase; capsule: Box2dSegmentCase }>();
  if (options.box2d !== undefined && cases.length > 0) {
    const B2: Record<Other | "ray", [string, string, Geometry | undefined]> = {
      circle: ["segment-circle", "capsule-circle", circle], box: ["segment-polygon", "capsule-polygon", box], capsule: ["segment-capsule", "capsule-capsule", pill], ray: ["segment", "capsule", undefined],
    };
    const inputs: SegmentCase[] = cases.flatMap(([group, other]) => {
      const [segmentFunc, capsuleFunc, b] = B2[other];
      const of = (func: string, a: Geometry[]): SegmentCase => (b === undefined ? { group, func, a, poseA, rays } : { group, func, a, poseA, b, poseB });
      return [of(segmentFunc, edge), of(capsuleFunc, capsule)];
    });
    try {
      const timed = runBox2dSegments(options.box2d, inputs, options.quick);
      for (const [group, other] of cases) {
        const [segmentFunc, capsuleFunc] = B2[other];
        const find = (func: string) => timed.find((t) => t.group === group && t.func === func);
        const segment = find(segmentFunc), capsuleCase = find(capsuleFunc);
        if (segment && capsuleCase) b2.set(group, { segment, capsule: capsuleCase });
      }
    } catch (e) {
      if (!(e instanceof Box2dUnavailable)) throw e;
      console.error(`\nbench: Box2D's segment functions left out: ${e.message}`);
    }
  }
  const results: Result[] = [];
  const rows: string[][] = [], hitRows: string[][] = [];
  for (const [group, other] of cases) {
    const r = measureGroup(other === "ray" ? [ray("edge", edge), ray("capsule", capsule)] : [pair(group, "edge", edge, other), pair(group, "capsule", capsule, other)], options.opts);
    results.push(...r);
    const c = b2.get(group);
    const row = [group.slice(6), ns(r[0]!.median), ns(r[1]!.median), ratio(r[1]!.median, r[0]!.median)];
    if (b2.size > 0) {
      row.push(ns(c?.segment.median), ns(c?.capsule.median), ratio(c?.capsule.median, c?.segment.median), ratio(c?.segment.median, r[0]!.median));
      if (c) {
        results.push({ group, lib: `${BOX2D} segment`, median: c.segment.median, min: c.segment.min, q1: NaN, q3: NaN, reps: 0, callsPerBatch: 0, samples: [] });
        results.push({ group, lib: `${BOX2D} capsule`, median: c.capsule.median, min: c.capsule.min, q1: NaN, q3: NaN, reps: 0, callsPerBatch: 0, samples: [] });
        hitRows.push([group.slice(6), `${hitsOf(edge, other)} / ${c.segment.hits}`, `${hitsOf(capsule, other)} / ${c.capsule.hits}`]);
      }
    }
    rows.push(row);
  }
  const header = ["case", "edge ns", "capsule ns", "capsule/edge"], align: ("l" | "r")[] = ["l", "r", "r", "r"];
  if (b2.size > 0) {
    header.push("Box2D segment ns", "Box2D capsule ns", "Box2D capsule/segment", "Box2D segment/ours edge");
    align.push("r", "r", "r", "r");
  }
  const lines = ["A chain's edges against capsules of the same core (ns/call; capsule/edge above 1 means edges cost less):", "", table(header, align, rows), ""];
  if (hitRows.length > 0) {
    lines.push(`Of ${N} cases, how many overlap or hit (Box2D's manifolds are speculative: they keep points up to 4 × its linear slop apart):`, "");
    lines.push(table(["case", "edge: ours / Box2D", "capsule: ours / Box2D"], ["l", "r", "r"], hitRows), "");
  }
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
