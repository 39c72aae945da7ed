// `npm run bench`: core's contact manifolds and GJK distance against planck and SAT.js, and its ray
// casts, shape casts and time of impact against planck and rapier2d, in ns/call.
//
//   npm run bench                      full run (about a minute and a half)
//   npm run bench -- --quick           smoke run (a few seconds)
//   npm run bench -- --json out.json   also write every sample
//   npm run bench -- --only "sweep"    only the cases whose name contains the text
//   npm run bench -- --runs 3          three fresh processes, then the median of each ratio
//
// tsx compiles with esbuild's keepNames, which wraps every named function expression in a
// __name(fn, "…") call that runs Object.defineProperty whenever the closure is created. Shipped
// code (build/bundle.mjs, Vite) has no such wrapper, and it costs core ~0.9 µs per shapeDistance
// call (its per-call `put` closure). So this launcher bundles run.ts, core and the peers the way
// build/bundle.mjs does, and runs the bundle in a plain Node process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { aggregate, type RunFile } from "./aggregate";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "collider-bench-"));
const outfile = path.join(dir, "bench.mjs");
try {
  await build({
    entryPoints: [path.join(here, "run.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    mainFields: ["module", "main"],
    logLevel: "warning",
  });
  const args = process.argv.slice(2);
  const runsAt = args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
    console.error("bench: --runs takes a whole number from 1 to 20");
    process.exitCode = 2;
  } else if (runs === 1) {
    const child = spawnSync(process.execPath, [outfile, ...args], { stdio: "inherit" });
    process.exitCode = child.status ?? 1;
  } else {
    // Each run in a fresh process (its own JIT and heap), writing its samples; then one table.
    const rest = args.filter((_, i) => i !== runsAt && i !== runsAt + 1);
    const files: RunFile[] = [];
    for (let k = 0; k < runs; k++) {
      const json = path.join(dir, `run-${k}.json`);
      console.error(`bench: run ${k + 1} of ${runs}`);
      const child = spawnSync(process.execPath, [outfile, ...rest, "--json", json], { stdio: ["ignore", "ignore", "inherit"] });
      if (child.status !== 0) { process.exitCode = child.status ?? 1; break; }
      files.push(JSON.parse(readFileSync(json, "utf8")) as RunFile);
    }
    if (files.length === runs) console.log(aggregate(files));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
