// `npm run bench -- --box2d DIR`: Box2D v3 itself (C, compiled here from a checkout at DIR) as one
// more peer for shape casts and time of impact, on the very inputs the bench gives core. The issue
// quotes Box2D's figures on Box2D's own inputs; this puts both on the same pairs, in the same run.
//
// Only Box2D's src/distance.c is compiled (b2MakeProxy, b2ShapeCast, b2TimeOfImpact and the GJK
// under them), with the flags of Box2D's CMake Release build (-O3 -DNDEBUG, C17 with extensions),
// against its include/ and src/ headers, and linked with native/box2d-casts.c, which reads the
// pairs and times the calls. BOX2D_CFLAGS adds compiler flags (a header to force-include where a
// checkout's headers miss a macro, say). The build is cached in the system's temporary folder.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { coreCount, placeCore, type Geometry } from "../../core/index";
import type { SweepCase, ToiCase } from "./casts";
import type { Result } from "./harness";

export const BOX2D = "Box2D v3 (C)";

/** A shape as b2MakeProxy takes it: its core's point count and points, then its radius. */
function proxyText(g: Geometry): string {
  const points = new Float64Array(2 * coreCount(g));
  const n = placeCore(g, 1, 0, 0, 0, points);
  return [n, ...points.subarray(0, 2 * n), g.radius].join(" ");
}

/** The pairs of a sweep case in box2d-casts.c's format (see there). */
export function sweepInput(c: SweepCase): string {
  const lines = [`sweep ${c.group}`];
  for (let i = 0; i < c.n; i++) {
    const p = c.pose[i]!;
    lines.push(`${proxyText(c.a.ours[i]!)} ${p.ax} ${p.ay} ${p.aa} ${proxyText(c.b.ours[i]!)} ${p.bx} ${p.by} ${p.ba} ${c.t[2 * i]} ${c.t[2 * i + 1]}`);
  }
  return lines.join("\n") + "\n";
}

/** The pairs of a time-of-impact case in box2d-casts.c's format. */
export function toiInput(c: ToiCase): string {
  const lines = [`toi ${c.group}`];
  for (let i = 0; i < c.n; i++) {
    const a = c.sweepA[i]!, b = c.sweepB[i]!;
    const sweep = (s: typeof a) => [s.localCenterX, s.localCenterY, s.x1, s.y1, s.angle1, s.x2, s.y2, s.angle2].join(" ");
    lines.push(`${proxyText(c.a.ours[i]!)} ${sweep(a)} ${proxyText(c.b.ours[i]!)} ${sweep(b)}`);
  }
  return lines.join("\n") + "\n";
}

/** A reason Box2D could not be built or run: the bench reports it in one line and goes on without it. */
export class Box2dUnavailable extends Error {}

/** Compiles the harness against the checkout at `source` (once per checkout and flags); the binary's path. */
function build(source: string, harness: string): string {
  const distance = path.join(source, "src", "distance.c");
  if (!existsSync(distance)) throw new Box2dUnavailable(`${source} is not a Box2D v3 checkout (no src/distance.c)`);
  const extra = (process.env.BOX2D_CFLAGS ?? "").split(/\s+/).filter((f) => f !== "");
  const flags = ["-std=gnu17", "-O3", "-DNDEBUG", `-I${path.join(source, "include")}`, `-I${path.join(source, "src")}`, ...extra];
  const key = createHash("sha256").update([readFileSync(distance, "utf8"), readFileSync(harness, "utf8"), ...flags].join("\0")).digest("hex").slice(0, 16);
  const dir = path.join(os.tmpdir(), "collider-studio-box2d", key), binary = path.join(dir, "box2d-casts");
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const cc = process.env.CC ?? "cc";
  const r = spawnSync(cc, [...flags, distance, harness, "-lm", "-o", binary], { encoding: "utf8" });
  if (r.error) throw new Box2dUnavailable(`no C compiler (${cc}): ${r.error.message}`);
  if (r.status !== 0) throw new Box2dUnavailable(`${cc} failed on ${distance}: ${(r.stderr.split("\n").find((l) => /error/.test(l)) ?? r.stderr).trim()}`);
  return binary;
}

/** One case as Box2D ran it: ns per call (median and min of seven samples) and its hits. */
export interface Box2dCase {
  readonly group: string;
  readonly median: number;
  readonly min: number;
  readonly hits: number;
}

/**
 * Builds the harness against the checkout at `source` and runs every case through it: each sample
 * a quarter of a second of passes over every pair (--quick: a fiftieth). Throws Box2dUnavailable
 * when it cannot be built or run.
 */
export function runBox2d(source: string, sweeps: readonly SweepCase[], tois: readonly ToiCase[], quick: boolean): Box2dCase[] {
  const harness = path.resolve("test/bench/native/box2d-casts.c");
  if (!existsSync(harness)) throw new Box2dUnavailable(`${harness} is missing (run the bench from the repository's root)`);
  const binary = build(path.resolve(source), harness);
  const dir = mkdtempSync(path.join(os.tmpdir(), "collider-box2d-inputs-"));
  try {
    const files = [...sweeps.map(sweepInput), ...tois.map(toiInput)].map((text, i) => {
      const file = path.join(dir, `case-${i}.txt`);
      writeFileSync(file, text);
      return file;
    });
    const r = spawnSync(binary, [...(quick ? ["--quick"] : []), ...files], { encoding: "utf8" });
    if (r.status !== 0) throw new Box2dUnavailable(`box2d-casts failed: ${r.stderr.trim() || `exit ${r.status}`}`);
    return r.stdout.split("\n").filter((l) => l !== "").map((line) => {
      const [group, median, min, hits] = line.split("\t");
      return { group: group!, median: Number(median), min: Number(min), hits: Number(hits) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** runBox2d's timings as the bench's results, under the library name BOX2D. */
export function box2dResults(source: string, sweeps: readonly SweepCase[], tois: readonly ToiCase[], quick: boolean): Result[] {
  return runBox2d(source, sweeps, tois, quick).map((c) => ({
    group: c.group, lib: BOX2D, median: c.median, min: c.min, q1: NaN, q3: NaN, reps: 0, callsPerBatch: 0, samples: [],
  }));
}
