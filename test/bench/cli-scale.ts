// Issue 7's whole-command figure: `collider-studio probes --json` (every ray probe of the file,
// closest hit) on the 100,000-shape scene with 10,000 ray probes, against the same job scripted
// with rapier (rapier-probes.mjs), loading included: wall time of each process, median of a few.
//
//   npm run build:cli && npx tsx test/bench/cli-scale.ts [--runs 3] [--rays 10000]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeSceneInputs } from "./broadphase";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : fallback; };
const runs = opt("--runs", 3), rays = opt("--rays", 10_000);

interface ProbeOut { readonly id: string; readonly hit: boolean; readonly shape?: string; readonly point?: { x: number; y: number } }

const inp = makeSceneInputs(100_000, rays, 0, 20260707);
const R = inp.rays;
const probes = Array.from({ length: rays }, (_, k) => ({ id: `r${k}`, name: "", type: "ray", from: [R[4 * k]!, R[4 * k + 1]!], to: [R[4 * k + 2]!, R[4 * k + 3]!] }));
const dir = mkdtempSync(path.join(os.tmpdir(), "collider-cli-scale-"));
const file = path.join(dir, "scene.json");
writeFileSync(file, JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: inp.shapes, probes }));

const jobs = {
  "collider-studio probes": [path.join(here, "../../dist/cli/collider-studio.cjs"), "probes", "--json", file],
  "rapier script": [path.join(here, "rapier-probes.mjs"), file],
};
const times: Record<string, number[]> = {};
const outputs: Record<string, ProbeOut[]> = {};
try {
  for (let r = 0; r < runs; r++) {
    for (const [name, argv] of Object.entries(jobs)) {
      const t0 = process.hrtime.bigint();
      const child = spawnSync(process.execPath, argv, { encoding: "utf8", maxBuffer: 1 << 28 });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (child.status !== 0) throw new Error(`${name} failed: ${child.stderr}`);
      (times[name] ??= []).push(ms);
      outputs[name] = (JSON.parse(child.stdout) as { probes: ProbeOut[] }).probes;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const ours = median(times["collider-studio probes"]!), rapier = median(times["rapier script"]!);
const a = outputs["collider-studio probes"]!, b = outputs["rapier script"]!;
let same = 0;
a.forEach((p, k) => { const q = b[k]!; if (p.hit === q.hit && p.shape === q.shape) same++; });
console.log(`${inp.n} shapes, ${rays} ray probes, median of ${runs} processes (wall time, loading included):`);
console.log(`  collider-studio probes --json  ${ours.toFixed(0)} ms   (${times["collider-studio probes"]!.map((t) => t.toFixed(0)).join(", ")})`);
console.log(`  rapier script                  ${rapier.toFixed(0)} ms   (${times["rapier script"]!.map((t) => t.toFixed(0)).join(", ")})`);
console.log(`  rapier / ours: ${(rapier / ours).toFixed(2)}×; same closest shape (or both miss) on ${same} of ${a.length} probes`);
