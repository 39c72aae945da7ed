// The broadphase tree on a seeded 100,000-box scene (random positions in a 10,000 × 10,000 square,
// sizes 1–20): build(), createProxy one by one, closest-hit rays, region queries, moving 1 %.
//
//   npx tsx test/bench/tree.bench.ts            (about half a minute)
//   npx tsx test/bench/tree.bench.ts --quick    (10,000 boxes, a few seconds)
//
// As collide.bench.ts does, this bundles itself with esbuild and runs the bundle in a plain Node
// process: tsx's keepNames wrappers would run on every closure made in the timed loops.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DynamicTree } from "../../core/dynamic-tree";
import { treeAreaRatio, treeHeight } from "../../core/dynamic-tree-checks";
import { seededRandom } from "../seeded-random";

const CHILD = "COLLIDER_TREE_BENCH_CHILD";

if (process.env[CHILD] === undefined) await launch();
else run(process.argv.includes("--quick"));

async function launch(): Promise<void> {
  const { build } = await import("esbuild");
  const dir = mkdtempSync(path.join(os.tmpdir(), "collider-tree-bench-"));
  const outfile = path.join(dir, "tree.bench.mjs");
  try {
    await build({
      entryPoints: [fileURLToPath(import.meta.url)],
      outfile,
      bundle: true,
      platform: "node",
      target: "node20",
      format: "esm",
      external: ["esbuild"],
      logLevel: "warning",
    });
    const child = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, [CHILD]: "1" } });
    process.exitCode = child.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : 0.5 * (s[m - 1]! + s[m]!);
}

/** Entry fraction of the ray p + t·d, t in [0, max], into box o of `boxes`; -1 for a miss (slab test). */
function rayBox(boxes: Float64Array, o: number, px: number, py: number, dx: number, dy: number, max: number): number {
  let t0 = 0, t1 = max;
  if (dx !== 0) {
    const inv = 1 / dx;
    let a = (boxes[o]! - px) * inv, b = (boxes[o + 2]! - px) * inv;
    if (a > b) { const t = a; a = b; b = t; }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
  } else if (px < boxes[o]! || px > boxes[o + 2]!) return -1;
  if (dy !== 0) {
    const inv = 1 / dy;
    let a = (boxes[o + 1]! - py) * inv, b = (boxes[o + 3]! - py) * inv;
    if (a > b) { const t = a; a = b; b = t; }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
  } else if (py < boxes[o + 1]! || py > boxes[o + 3]!) return -1;
  return t0 <= t1 ? t0 : -1;
}

function run(quick: boolean): void {
  const N = quick ? 10_000 : 100_000;
  const SIDE = quick ? 3_162 : 10_000; // the same density
  const random = seededRandom(7);
  const boxes = new Float64Array(4 * N);
  for (let i = 0; i < N; i++) {
    const x = random() * SIDE, y = random() * SIDE, w = 1 + 19 * random(), h = 1 + 19 * random();
    boxes[4 * i] = x; boxes[4 * i + 1] = y; boxes[4 * i + 2] = x + w; boxes[4 * i + 3] = y + h;
  }
  const rows: [string, string, string][] = [];

  // build(): the median of 7 (the first ones warm the JIT up).
  const buildMs: number[] = [];
  let tree = DynamicTree.build(boxes);
  for (let k = 0; k < 7; k++) {
    const t = performance.now();
    tree = DynamicTree.build(boxes);
    buildMs.push(performance.now() - t);
  }
  rows.push(["build()", `${median(buildMs).toFixed(1)} ms`, `height ${treeHeight(tree)}, area ratio ${treeAreaRatio(tree).toFixed(1)}`]);

  const insertMs: number[] = [];
  let inserted = new DynamicTree();
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    inserted = new DynamicTree();
    for (let i = 0; i < N; i++) inserted.createProxy(boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!, i);
    insertMs.push(performance.now() - t);
  }
  rows.push(["createProxy × n", `${median(insertMs).toFixed(1)} ms`, `height ${treeHeight(inserted)}, area ratio ${treeAreaRatio(inserted).toFixed(1)}`]);

  // Closest-hit rays between two random points of the square; the visit clips at an exact hit.
  const RAYS = 10_000, BATCH = 50;
  const rays = new Float64Array(4 * RAYS);
  for (let i = 0; i < 4 * RAYS; i++) rays[i] = random() * SIDE;
  let px = 0, py = 0, dx = 0, dy = 0, hits = 0, leafVisits = 0, best = 1;
  const visitRay = (_proxy: number, data: number, max: number): number => {
    leafVisits++;
    const f = rayBox(boxes, 4 * data, px, py, dx, dy, max);
    if (f >= 0 && f < best) best = f;
    return f;
  };
  const castAll = (t: DynamicTree): number[] => {
    const perRay: number[] = [];
    hits = 0;
    leafVisits = 0;
    for (let i = 0; i < RAYS; i += BATCH) {
      const t0 = performance.now();
      for (let j = i; j < i + BATCH; j++) {
        px = rays[4 * j]!; py = rays[4 * j + 1]!;
        dx = rays[4 * j + 2]! - px; dy = rays[4 * j + 3]! - py;
        best = 1;
        t.rayCast(px, py, px + dx, py + dy, 1, visitRay);
        if (best < 1) hits++;
      }
      perRay.push((performance.now() - t0) * 1000 / BATCH);
    }
    return perRay;
  };

  const QUERIES = 10_000;
  const queries = new Float64Array(2 * QUERIES);
  for (let i = 0; i < 2 * QUERIES; i++) queries[i] = random() * (SIDE - 100);
  let found = 0;
  const visitQuery = (): boolean => {
    found++;
    return true;
  };
  const queryAll = (t: DynamicTree): number[] => {
    const perQuery: number[] = [];
    found = 0;
    for (let i = 0; i < QUERIES; i += BATCH) {
      const t0 = performance.now();
      for (let j = i; j < i + BATCH; j++) {
        const x = queries[2 * j]!, y = queries[2 * j + 1]!;
        t.query(x, y, x + 100, y + 100, visitQuery);
      }
      perQuery.push((performance.now() - t0) * 1000 / BATCH);
    }
    return perQuery;
  };

  for (const [name, t] of [["built", tree], ["inserted", inserted]] as const) {
    castAll(t); // warm-up
    const ray = median(castAll(t));
    rows.push([`ray, closest hit (${name})`, `${ray.toFixed(2)} µs`, `${hits} of ${RAYS} hit, ${(leafVisits / RAYS).toFixed(1)} leaf visits per ray`]);
    queryAll(t);
    const q = median(queryAll(t));
    rows.push([`query 100 × 100 (${name})`, `${q.toFixed(2)} µs`, `${(found / QUERIES).toFixed(1)} proxies per query`]);
  }

  // Moving 1 %: small moves of random proxies (as a drag or a physics step would).
  const MOVES = N / 100;
  const moveUs: number[] = [];
  for (let round = 0; round < 9; round++) {
    const ids = new Int32Array(MOVES), to = new Float64Array(4 * MOVES);
    for (let i = 0; i < MOVES; i++) {
      const id = Math.floor(random() * N), o = 4 * id;
      const ox = (random() - 0.5) * 20, oy = (random() - 0.5) * 20;
      ids[i] = id;
      to[4 * i] = boxes[o]! + ox; to[4 * i + 1] = boxes[o + 1]! + oy; to[4 * i + 2] = boxes[o + 2]! + ox; to[4 * i + 3] = boxes[o + 3]! + oy;
    }
    const t0 = performance.now();
    for (let i = 0; i < MOVES; i++) tree.moveProxy(ids[i]!, to[4 * i]!, to[4 * i + 1]!, to[4 * i + 2]!, to[4 * i + 3]!);
    moveUs.push((performance.now() - t0) * 1000);
  }
  const mv = median(moveUs);
  rows.push([`moveProxy × ${MOVES}`, `${(mv / 1000).toFixed(2)} ms`, `${(mv / MOVES).toFixed(2)} µs per move`]);

  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  console.log(`DynamicTree, ${N} boxes (medians, ${new Date().toISOString().slice(0, 10)}, Node ${process.version})`);
  for (const r of rows) console.log(`  ${r[0].padEnd(widths[0]!)}  ${r[1].padStart(widths[1]!)}  ${r[2]}`);
}
