// `npm run bench`: core's contact manifolds and GJK distance against planck and SAT.js, and its ray
// casts, shape casts and time of impact against planck and rapier2d, in ns/call.
//
//   npm run bench                      full run (about three minutes)
//   npm run bench -- --quick           smoke run (a few seconds)
//   npm run bench -- --json out.json   also write every sample
//   npm run bench -- --only "sweep"    only the cases whose name contains the text
//   npm run bench -- --runs 3          three fresh processes, then the median of each ratio
//   npm run bench -- --fork --runs 3   every case in a process of its own, three times (README figures)
//   npm run bench -- --box2d DIR       also Box2D v3 in C, built from the checkout at DIR (box2d-native.ts)
//
// tsx compiles with esbuild's keepNames, which wraps every named function expression in a
// __name(fn, "…") call that runs Object.defineProperty whenever the closure is created. Shipped
// code (build/bundle.mjs, Vite) has no such wrapper, and timing it would charge core for every
// closure a call makes (shapeDistance's per-call `put`). So this launcher bundles run.ts, core and
// the peers the way build/bundle.mjs does, and runs the bundle in a plain Node process.
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
  const fork = args.includes("--fork");
  // What the child takes: everything but the launcher's own options.
  const rest = args.filter((a, i) => a !== "--fork" && (runsAt < 0 || (i !== runsAt && i !== runsAt + 1)));
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
    console.error("bench: --runs takes a whole number from 1 to 20");
    process.exitCode = 2;
  } else if (runs === 1 && !fork) {
    const child = spawnSync(process.execPath, [outfile, ...rest], { stdio: "inherit" });
    process.exitCode = child.status ?? 1;
  } else {
    const files = collect(runs, fork, rest);
    if (files) console.log(aggregate(files));
    else process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Runs the bench child and reads back the samples it wrote; null when it failed. */
function child(childArgs: readonly string[], json: string): RunFile | null {
  const r = spawnSync(process.execPath, [outfile, ...childArgs, "--json", json], { stdio: ["ignore", "ignore", "inherit"] });
  return r.status === 0 ? (JSON.parse(readFileSync(json, "utf8")) as RunFile) : null;
}

/**
 * `runs` runs, each in fresh processes (its own JIT and heap). With `fork`, every case gets a
 * process of its own, as JMH forks per benchmark: a JIT profile shared with other cases (the same
 * core function seen with other inputs, a heap shaped by other inputs) can move a case by more than
 * the differences being measured (test/bench/README.md, Methods).
 */
function collect(runs: number, fork: boolean, rest: readonly string[]): RunFile[] | null {
  const only = rest.indexOf("--only");
  const groups = fork
    ? spawnSync(process.execPath, [outfile, "--list", ...(only >= 0 ? rest.slice(only, only + 2) : [])], { encoding: "utf8" }).stdout.split("\n").filter((g) => g !== "")
    : [];
  const base = only >= 0 ? rest.filter((_, i) => i !== only && i !== only + 1) : rest;
  const files: RunFile[] = [];
  for (let k = 0; k < runs; k++) {
    if (!fork) {
      console.error(`bench: run ${k + 1} of ${runs}`);
      const file = child(rest, path.join(dir, `run-${k}.json`));
      if (!file) return null;
      files.push(file);
      continue;
    }
    const parts: RunFile[] = [];
    for (const [j, group] of groups.entries()) {
      console.error(`bench: run ${k + 1} of ${runs}, ${group} (${j + 1} of ${groups.length})`);
      const file = child([...base, "--only", `=${group}`], path.join(dir, `run-${k}-${j}.json`));
      if (!file) return null;
      parts.push(file);
    }
    if (parts.length > 0) files.push({ ...parts[0]!, results: parts.flatMap((p) => p.results) });
  }
  return files;
}
