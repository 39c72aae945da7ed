// `npm run bench`: core's contact manifolds and GJK distance against planck and SAT.js, and its ray
// casts, shape casts and time of impact against planck and rapier2d, in ns/call.
//
//   npm run bench                      full run (about a minute and a half)
//   npm run bench -- --quick           smoke run (a few seconds)
//   npm run bench -- --json out.json   also write every sample
//   npm run bench -- --only "sweep"    only the cases whose name contains the text
//
// tsx compiles with esbuild's keepNames, which wraps every named function expression in a
// __name(fn, "…") call that runs Object.defineProperty whenever the closure is created. Shipped
// code (build/bundle.mjs, Vite) has no such wrapper, and it costs core ~0.9 µs per shapeDistance
// call (its per-call `put` closure). So this launcher bundles run.ts, core and the peers the way
// build/bundle.mjs does, and runs the bundle in a plain Node process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

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
  const child = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exitCode = child.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
