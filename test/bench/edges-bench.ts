// `npm run bench -- --only edges`: a chain's edges (capsules of radius 0, makeSegment) against the
// capsule pairs they must not cost more than, in ns/call on the same seeded poses: manifolds with
// a circle, a box and a capsule, and rays (with `--box2d DIR`, Box2D's own b2CollideSegmentAnd*
// and b2RayCastSegment beside its capsule functions on the same cases, box2d-native.ts); a
// 1,000-point concave outline's simplicity check and decomposition (target ≤ 10 ms), and its
// whole geometry; and a 1,000-piece terrain and a 2,000-edge chain against small queries, through
// the tree over their parts and through the plain loop (core/part-tree.ts).
import {
  CastOutput, checkSimplePolygon, collide, collideCapsuleAndCircle, collideCapsuleAndPolygon, collideCapsules, COMPOUND, containsPoint, convexPieces, DistanceOutput, geometryOf, makeBox, makeCapsule,
  makeCircle, makeSegment, Manifold, rayCast, shapeCast, shapeDistance, sweepOf, timeOfImpact, TimeOfImpactOutput, transformOf,
  type CapsuleGeometry, type CompoundGeometry, type Geometry, type Point, type Sweep, type Transform,
} from "../../core/index";
import { BOX2D, Box2dUnavailable, runBox2dSegments, type Box2dSegmentCase, type SegmentCase } from "./box2d-native";
import { measureGroup, ns, ratio, table, type Bench, type Options, type Result } from "./harness";
import { seededRandom } from "../seeded-random";

const TREE_SHAPES = ["terrain", "chain"] as const;
const TREE_QUERIES = ["manifold box", "ray short", "ray long", "sweep box", "TOI box", "distance box", "contains point"] as const;
const treeGroup = (shape: string, query: string): string => `edges tree ${shape} ${query}`;
export const EDGE_GROUPS = [
  "edges manifold edge–circle", "edges manifold edge–box", "edges manifold edge–capsule", "edges ray edge", "edges outline 1,000 points",
  ...TREE_SHAPES.flatMap((shape) => TREE_QUERIES.filter((query) => shape !== "chain" || query !== "contains point").map((query) => treeGroup(shape, query))),
  "edges tree chain by length",
] as const;
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
  const lines = rows.length === 0 ? [] : ["A chain's edges against capsules of the same core (ns/call; capsule/edge above 1 means edges cost less):", "", table(header, align, rows), ""];
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
  const tree = runTreeBench(options);
  results.push(...tree.results);
  lines.push(...tree.lines);
  return { results, lines };
}

/** Points across [0, width]: a bumpy ground's top, n of them. */
function groundTop(n: number, width: number, seed: number): Point[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, i): Point => [(width * i) / (n - 1), 3 * Math.sin(i / 7) + 2 * random()]);
}

/** The underside of a band of ground `depth` or a little more below `top`, right to left, bumpy too. */
function groundBottom(top: readonly Point[], depth: number, seed: number): Point[] {
  const random = seededRandom(seed + 1);
  return top.map(([x, y]): Point => [x + 0.3 * random(), y - depth - 2 * random()]).reverse();
}

/**
 * A terrain of about 1,000 convex pieces (a concave outline of 1,700 points: a winding band of
 * ground 850 units wide and 6 to 8 thick) and a chain of 2,000 edges (a ground's top, 1,000 wide),
 * turned and moved off the origin, against small queries near their surface: each query with
 * the tree over the parts and with the plain loop over them (the same compound, `tree: null`).
 */
function runTreeBench(options: { quick: boolean; wanted: (group: string) => boolean; opts: Options }): { results: Result[]; lines: string[] } {
  const results: Result[] = [], rows: string[][] = [], counts: string[] = [];
  if (!EDGE_GROUPS.some((group) => group.startsWith("edges tree") && options.wanted(group))) return { results, lines: [] };
  const Q = 256;
  const box = made(makeBox(0.5, 0.5)), m = new Manifold(), out = new CastOutput(), toi = new TimeOfImpactOutput(), distance = new DistanceOutput();
  for (const shape of TREE_SHAPES) {
    if (!TREE_QUERIES.some((query) => options.wanted(treeGroup(shape, query)))) continue;
    const top = shape === "terrain" ? groundTop(850, 850, SEED) : groundTop(2001, 1000, SEED);
    const scene = shape === "terrain"
      ? { id: "terrain", type: "polygon" as const, x: 120, y: -40, rotation: 10, points: [...top, ...groundBottom(top, 6, SEED)] }
      : { id: "chain", type: "chain" as const, x: 120, y: -40, rotation: 10, points: top };
    const g = made(geometryOf(scene));
    if (g.kind !== COMPOUND) throw new Error("a compound was expected");
    counts.push(`${shape}: ${g.parts.length} ${shape === "terrain" ? "pieces" : "edges"}`);
    const flat: CompoundGeometry = { ...g, tree: null }, xf = transformOf(scene);
    // Each query near a random point of the ground's top, in the world.
    const random = seededRandom(SEED + (shape === "terrain" ? 1 : 2));
    const qx = new Float64Array(Q), qy = new Float64Array(Q), xfs: Transform[] = [], sweeps: Sweep[] = [], angles = new Float64Array(Q), far = new Float64Array(4 * Q);
    for (let i = 0; i < Q; i++) {
      const [lx, ly] = top[Math.floor(random() * top.length)]!;
      const x = lx + 4 * random() - 2, y = ly + 4 * random() - 2;
      qx[i] = xf.c * x - xf.s * y + xf.px; qy[i] = xf.s * x + xf.c * y + xf.py;
      const a = 2 * Math.PI * random();
      angles[i] = 2 * Math.PI * random();
      xfs.push({ px: qx[i]!, py: qy[i]!, c: Math.cos(a), s: Math.sin(a) });
      sweeps.push(sweepOf(qx[i]!, qy[i]!, a, qx[i]! + 6 * random() - 3, qy[i]! + 6 * random() - 3, a + 2 * random() - 1));
      far[4 * i] = 6 * random() - 3; far[4 * i + 1] = 6 * random() - 3;
      far[4 * i + 2] = 2 * (x > top.at(-1)![0] / 2 ? -1 : 1); far[4 * i + 3] = 10 * random();
    }
    const still = sweepOf(xf.px, xf.py, Math.atan2(xf.s, xf.c), xf.px, xf.py, Math.atan2(xf.s, xf.c));
    const body = (query: (typeof TREE_QUERIES)[number], c: CompoundGeometry): ((reps: number) => number) => {
      switch (query) {
        case "manifold box": return (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += collide(c, xf, box, xfs[i]!, m).pointCount; return s; };
        case "ray short": return (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += rayCast(c, xf, qx[i]!, qy[i]!, qx[i]! + 5 * Math.cos(angles[i]!), qy[i]! + 5 * Math.sin(angles[i]!), out).hit ? 1 : 0; return s; };
        // Along the ground, a hundred units, mostly grazing it.
        case "ray long": return (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += rayCast(c, xf, qx[i]!, qy[i]!, qx[i]! + 50 * far[4 * i + 2]! * xf.c, qy[i]! + 50 * far[4 * i + 2]! * xf.s + far[4 * i + 3]!, out).hit ? 1 : 0; return s; };
        case "sweep box": return (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += shapeCast(c, xf, box, xfs[i]!, far[4 * i]!, far[4 * i + 1]!, out).hit ? 1 : 0; return s; };
        case "TOI box": return (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += timeOfImpact(c, still, box, sweeps[i]!, toi).hit ? 1 : 0; return s; };
        case "distance box": return (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += shapeDistance(c, xf, box, xfs[i]!, distance).distance; return s; };
        case "contains point": return (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += containsPoint(c, xf, qx[i]!, qy[i]!) ? 1 : 0; return s; };
      }
    };
    for (const query of TREE_QUERIES) {
      const group = treeGroup(shape, query);
      // A chain contains no point: nothing to walk.
      if (!options.wanted(group) || (shape === "chain" && query === "contains point")) continue;
      const r = measureGroup([{ group, lib: "tree", callsPerRep: Q, run: body(query, g) }, { group, lib: "linear", callsPerRep: Q, run: body(query, flat) }], options.opts);
      results.push(...r);
      rows.push([`${shape} ${query}`, ns(r[0]!.median), ns(r[1]!.median), ratio(r[1]!.median, r[0]!.median)]);
    }
  }
  // How the tree's queries grow with the chain's length: chains of 500 to 32,000 edges, 2 units apart.
  const scaling = "edges tree chain by length", LENGTHS = [500, 2000, 8000, 32000], scaleRows: string[][] = [];
  if (options.wanted(scaling)) {
    const benches: Bench[] = [];
    for (const n of LENGTHS) {
      const top = groundTop(n + 1, 2 * n, SEED), scene = { id: "chain", type: "chain" as const, x: 120, y: -40, rotation: 10, points: top };
      const g = made(geometryOf(scene)), xf = transformOf(scene), random = seededRandom(SEED + n);
      const xfs: Transform[] = [], rays = new Float64Array(4 * Q);
      for (let i = 0; i < Q; i++) {
        const [lx, ly] = top[Math.floor(random() * top.length)]!;
        const x = lx + 4 * random() - 2, y = ly + 4 * random() - 2, wx = xf.c * x - xf.s * y + xf.px, wy = xf.s * x + xf.c * y + xf.py, a = 2 * Math.PI * random();
        xfs.push({ px: wx, py: wy, c: Math.cos(a), s: Math.sin(a) });
        rays.set([wx, wy, wx + 5 * Math.cos(a), wy + 5 * Math.sin(a)], 4 * i);
      }
      benches.push(
        { group: scaling, lib: `${n} manifold box`, callsPerRep: Q, run: (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += collide(g, xf, box, xfs[i]!, m).pointCount; return s; } },
        { group: scaling, lib: `${n} ray short`, callsPerRep: Q, run: (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += rayCast(g, xf, rays[4 * i]!, rays[4 * i + 1]!, rays[4 * i + 2]!, rays[4 * i + 3]!, out).hit ? 1 : 0; return s; } },
        { group: scaling, lib: `${n} distance box`, callsPerRep: Q, run: (reps) => { let s = 0; for (let r = 0; r < reps; r++) for (let i = 0; i < Q; i++) s += shapeDistance(g, xf, box, xfs[i]!, distance).distance; return s; } },
      );
    }
    const r = measureGroup(benches, options.opts);
    results.push(...r);
    for (const query of ["manifold box", "ray short", "distance box"]) scaleRows.push([query, ...LENGTHS.map((n) => ns(r.find((x) => x.lib === `${n} ${query}`)!.median))]);
  }
  const scaleLines = scaleRows.length === 0 ? [] : [
    "The tree's queries on chains of growing length (a ground's top, edges about 2 units long; ns/query):",
    "",
    table(["query", ...LENGTHS.map((n) => `${n.toLocaleString("en")} edges`)], ["l", ...LENGTHS.map((): "r" => "r")], scaleRows),
    "",
  ];
  if (rows.length === 0) return { results, lines: scaleLines };
  return {
    results,
    lines: [
      `A big compound's parts through its tree and through the plain loop over them (${counts.join(", ")}; ${Q} seeded queries near the surface, a 1 × 1 box, rays of 5 and about 50 units; ns/query; linear/tree above 1 means the tree is faster):`,
      "",
      table(["query", "tree ns", "linear ns", "linear/tree"], ["l", "r", "r", "r"], rows),
      "",
      ...scaleLines,
    ],
  };
}
