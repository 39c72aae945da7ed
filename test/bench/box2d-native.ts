// `npm run bench -- --box2d DIR`: Box2D v3 itself (C, compiled here from a checkout at DIR) as one
// more peer for shape casts, time of impact and the segment functions, on the very inputs the
// bench gives core. The issue quotes Box2D's figures on Box2D's own inputs; this puts both on the
// same pairs, in the same run.
//
// For the casts only Box2D's src/distance.c is compiled (b2MakeProxy, b2ShapeCast, b2TimeOfImpact
// and the GJK under them), linked with native/box2d-casts.c; for the edges bench's segment and
// capsule manifolds and rays, src/manifold.c and src/geometry.c with what they call, linked with
// native/box2d-segments.c; for the pair manifolds (b2CollideCircles … b2CollidePolygons), the same
// sources linked with native/box2d-manifolds.c. Each harness reads the pairs and times the calls. Both are built with
// the flags of Box2D's CMake Release build (-O3 -DNDEBUG, C17 with extensions) against its
// include/ and src/ headers. BOX2D_CFLAGS adds compiler flags (a header to force-include where a
// checkout's headers miss a macro, say). The build is cached in the system's temporary folder.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CastOutput, coreCount, placeCore, shapeCast, timeOfImpact, TimeOfImpactOutput, type Geometry } from "../../core/index";
import type { SweepCase, ToiCase } from "./casts";
import { table, type Result } from "./harness";
import type { Kind, PairCase } from "./inputs";

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

/** Where builds are kept between runs (a test passes its own folder). */
const defaultCache = (): string => path.join(os.tmpdir(), "collider-studio-box2d");

/** The headers a build reads, in a stable order: part of what decides whether it can be reused. */
function headersOf(source: string): string[] {
  const found: string[] = [];
  for (const dir of [path.join(source, "include", "box2d"), path.join(source, "src")]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) if (name.endsWith(".h")) found.push(path.join(dir, name));
  }
  return found;
}

/** A failed process in one line: its first lines of complaint, or how it ended. */
function failure(r: SpawnSyncReturns<string>): string {
  const lines = (r.stderr ?? "").split("\n").map((l) => l.trim()).filter((l) => l !== "");
  // A compiler's error, or a linker's missing symbol (whose line does not say "error").
  const telling = lines.filter((l) => /error|undefined reference/i.test(l)).slice(0, 2);
  if (telling.length > 0) return telling.join(" / ");
  if (lines.length > 0) return lines.slice(0, 2).join(" / ");
  return r.signal ? `killed by ${r.signal}` : `exit ${r.status}`;
}

/**
 * Compiles a harness with Box2D's `sources` (names under its src/) from the checkout at `source`;
 * the binary's path. A build is reused while the sources, every header, the harness, the flags
 * and the compiler are the same; it is written under a temporary name and renamed into place, so
 * a build cut short is never reused.
 */
function build(source: string, sources: readonly string[], harness: string, cache: string): string {
  const files = sources.map((name) => path.join(source, "src", name));
  const missing = files.find((f) => !existsSync(f));
  if (missing !== undefined) throw new Box2dUnavailable(`${source} is not a Box2D v3 checkout (no src/${path.basename(missing)})`);
  const extra = (process.env.BOX2D_CFLAGS ?? "").split(/\s+/).filter((f) => f !== "");
  const flags = ["-std=gnu17", "-O3", "-DNDEBUG", `-I${path.join(source, "include")}`, `-I${path.join(source, "src")}`, ...extra];
  const cc = process.env.CC ?? "cc";
  const version = spawnSync(cc, ["--version"], { encoding: "utf8" });
  if (version.error) throw new Box2dUnavailable(`no C compiler (${cc}): ${version.error.message}`);
  const hash = createHash("sha256");
  for (const part of [version.stdout ?? "", ...flags.filter((f) => !f.startsWith("-I")), readFileSync(harness, "utf8"), ...["bench-timing.h", "bench-shapes.h"].map((h) => readFileSync(path.join(path.dirname(harness), h), "utf8")), ...files.map((f) => readFileSync(f, "utf8"))]) hash.update(part).update("\0");
  for (const header of headersOf(source)) hash.update(path.basename(header)).update("\0").update(readFileSync(header)).update("\0");
  const dir = path.join(cache, hash.digest("hex").slice(0, 16)), binary = path.join(dir, path.basename(harness, ".c"));
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const partial = `${binary}.${process.pid}.tmp`;
  const r = spawnSync(cc, [...flags, ...files, harness, "-lm", "-o", partial], { encoding: "utf8" });
  if (r.error) throw new Box2dUnavailable(`${cc} did not run: ${r.error.message}`);
  if (r.status !== 0) {
    rmSync(partial, { force: true });
    throw new Box2dUnavailable(`${cc} failed on ${files.map((f) => path.basename(f)).join(", ")}: ${failure(r)}`);
  }
  renameSync(partial, binary);
  return binary;
}

/** Runs `binary` on the texts, each written to a file of its own, with `args`; its output. */
function runOn(binary: string, texts: readonly string[], args: readonly string[]): string {
  const name = path.basename(binary);
  const dir = mkdtempSync(path.join(os.tmpdir(), "collider-box2d-inputs-"));
  try {
    const files = texts.map((text, i) => {
      const file = path.join(dir, `case-${i}.txt`);
      writeFileSync(file, text);
      return file;
    });
    const r = spawnSync(binary, [...args, ...files], { encoding: "utf8", maxBuffer: 1 << 28 });
    if (r.error) throw new Box2dUnavailable(`${name} did not run: ${r.error.message}`);
    if (r.status !== 0) throw new Box2dUnavailable(`${name} failed: ${failure(r)}`);
    return r.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A harness under test/bench/native/, which must be there (the bench runs from the repository's root). */
function harnessFile(name: string): string {
  const harness = path.resolve("test/bench/native", name);
  if (!existsSync(harness)) throw new Box2dUnavailable(`${harness} is missing (run the bench from the repository's root)`);
  return harness;
}

/** One case as Box2D ran it: ns per call (median and min of seven samples) and its hits. */
export interface Box2dCase {
  readonly group: string;
  readonly median: number;
  readonly min: number;
  readonly hits: number;
}

/** Writes the cases' pairs to files, runs the harness on them with `args`, and returns its output. */
function runHarness(source: string, sweeps: readonly SweepCase[], tois: readonly ToiCase[], args: readonly string[], cache: string): string {
  const binary = build(path.resolve(source), ["distance.c"], harnessFile("box2d-casts.c"), cache);
  return runOn(binary, [...sweeps.map(sweepInput), ...tois.map(toiInput)], args);
}

/**
 * Builds the harness against the checkout at `source` and times every case through it: each sample
 * a quarter of a second of passes over every pair (--quick: a fiftieth). Throws Box2dUnavailable
 * when it cannot be built or run.
 */
export function runBox2d(source: string, sweeps: readonly SweepCase[], tois: readonly ToiCase[], quick: boolean, cache = defaultCache()): Box2dCase[] {
  return runHarness(source, sweeps, tois, quick ? ["--quick"] : [], cache).split("\n").filter((l) => l !== "").map((line) => {
    const [group, median, min, hits] = line.split("\t");
    return { group: group!, median: Number(median), min: Number(min), hits: Number(hits) };
  });
}

/** Box2D's answer for every pair of a case, in order. */
export interface Box2dAnswers {
  readonly group: string;
  readonly hit: readonly boolean[];
  readonly fraction: readonly number[];
}

/** Box2D's hit and fraction for every pair of every case (untimed). */
export function box2dAnswers(source: string, sweeps: readonly SweepCase[], tois: readonly ToiCase[], cache = defaultCache()): Box2dAnswers[] {
  const lines = runHarness(source, sweeps, tois, ["--answers"], cache).split("\n");
  const out: Box2dAnswers[] = [];
  for (let i = 0; i < lines.length && lines[i] !== "";) {
    const [group, count] = lines[i++]!.split("\t");
    const n = Number(count), hit: boolean[] = [], fraction: number[] = [];
    for (let k = 0; k < n; k++) {
      const [h, f] = lines[i++]!.split("\t");
      hit.push(h === "1");
      fraction.push(Number(f));
    }
    out.push({ group: group!, hit, fraction });
  }
  return out;
}

/** How Box2D's answers compare with core's on the same pairs. */
export interface Box2dAgreement {
  readonly group: string;
  readonly hitsOurs: number;
  readonly hitsBox2d: number;
  /** Pairs both call a hit, or both a miss. */
  readonly agree: number;
  /** Median and largest |fraction difference| over the pairs both hit. */
  readonly medianDiff: number;
  readonly maxDiff: number;
}

/** Compares Box2D's answers with core's (`oursOf(i)`: core's hit and fraction for pair i). */
export function agreementOf(answers: Box2dAnswers, oursOf: (i: number) => { hit: boolean; fraction: number }): Box2dAgreement {
  let hitsOurs = 0, hitsBox2d = 0, agree = 0;
  const diffs: number[] = [];
  answers.hit.forEach((hit, i) => {
    const ours = oursOf(i);
    if (ours.hit) hitsOurs++;
    if (hit) hitsBox2d++;
    if (ours.hit === hit) agree++;
    if (ours.hit && hit) diffs.push(Math.abs(ours.fraction - answers.fraction[i]!));
  });
  diffs.sort((x, y) => x - y);
  return { group: answers.group, hitsOurs, hitsBox2d, agree, medianDiff: diffs.length > 0 ? diffs[diffs.length >> 1]! : NaN, maxDiff: diffs.length > 0 ? diffs.at(-1)! : NaN };
}

/**
 * One case of the edges bench for box2d-segments.c: shape A (an edge or a capsule) at poseA (x, y,
 * angle per case), and either shape B at poseB or a world ray (fromX, fromY, toX, toY per case).
 * `func` names the Box2D function (see box2d-segments.c).
 */
export interface SegmentCase {
  readonly group: string;
  readonly func: string;
  readonly a: readonly Geometry[];
  readonly poseA: Float64Array;
  readonly b?: Geometry;
  readonly poseB?: Float64Array;
  readonly rays?: Float64Array;
}

/** A segment case in box2d-segments.c's format. */
export function segmentInput(c: SegmentCase): string {
  const lines = [`${c.rays ? "ray" : "manifold"} ${c.group} ${c.func}`];
  const pose = (p: Float64Array, i: number) => `${p[3 * i]} ${p[3 * i + 1]} ${p[3 * i + 2]}`;
  for (let i = 0; i < c.a.length; i++) {
    const a = `${proxyText(c.a[i]!)} ${pose(c.poseA, i)}`;
    if (c.rays) lines.push(`${a} ${c.rays[4 * i]} ${c.rays[4 * i + 1]} ${c.rays[4 * i + 2]} ${c.rays[4 * i + 3]}`);
    else lines.push(`${a} ${proxyText(c.b!)} ${pose(c.poseB!, i)}`);
  }
  return lines.join("\n") + "\n";
}

/** Box2D's segment or capsule function on one case: ns per call (median and min of seven samples) and its hits. */
export interface Box2dSegmentCase extends Box2dCase {
  readonly func: string;
}

/** Box2D's sources box2d-segments.c and box2d-manifolds.c are built with. */
const MANIFOLD_SOURCES = ["manifold.c", "geometry.c", "hull.c", "math_functions.c", "distance.c"] as const;

/**
 * Builds box2d-segments.c with Box2D's manifold.c, geometry.c and what they call (hull.c,
 * math_functions.c, distance.c) from the checkout at `source`, and times every case through it.
 * Throws Box2dUnavailable when it cannot be built or run.
 */
export function runBox2dSegments(source: string, cases: readonly SegmentCase[], quick: boolean, cache = defaultCache()): Box2dSegmentCase[] {
  const binary = build(path.resolve(source), MANIFOLD_SOURCES, harnessFile("box2d-segments.c"), cache);
  return runOn(binary, cases.map(segmentInput), quick ? ["--quick"] : []).split("\n").filter((l) => l !== "").map((line) => {
    const [group, func, median, min, hits] = line.split("\t");
    return { group: group!, func: func!, median: Number(median), min: Number(min), hits: Number(hits) };
  });
}

/** runBox2d's timings as the bench's results, under the library name BOX2D. */
export function box2dResults(source: string, sweeps: readonly SweepCase[], tois: readonly ToiCase[], quick: boolean, cache = defaultCache()): Result[] {
  return runBox2d(source, sweeps, tois, quick, cache).map((c) => ({
    group: c.group, lib: BOX2D, median: c.median, min: c.min, q1: NaN, q3: NaN, reps: 0, callsPerBatch: 0, samples: [],
  }));
}

/**
 * Box2D's answers against core's on every case, as report lines (a table). Box2D stops 0.005 short
 * of contact and turns by normalised lerp, so fractions differ by about that; a hit count far from
 * core's would mean the inputs reached Box2D wrong.
 */
export function box2dAgreementLines(source: string, sweeps: readonly SweepCase[], tois: readonly ToiCase[]): string[] {
  const answers = new Map(box2dAnswers(source, sweeps, tois).map((a) => [a.group, a]));
  const cast = new CastOutput(), toi = new TimeOfImpactOutput(), rows: string[][] = [];
  const row = (a: Box2dAgreement, n: number) => rows.push([
    a.group, `${((100 * a.hitsBox2d) / n).toFixed(1)} / ${((100 * a.hitsOurs) / n).toFixed(1)}`, `${((100 * a.agree) / n).toFixed(1)} %`, a.medianDiff.toExponential(1), a.maxDiff.toExponential(1),
  ]);
  for (const c of sweeps) {
    const a = answers.get(c.group);
    if (a) row(agreementOf(a, (i) => {
      shapeCast(c.a.ours[i]!, c.xfA[i]!, c.b.ours[i]!, c.xfB[i]!, c.t[2 * i]!, c.t[2 * i + 1]!, cast, 1);
      return { hit: cast.hit, fraction: cast.fraction };
    }), c.n);
  }
  for (const c of tois) {
    const a = answers.get(c.group);
    if (a) row(agreementOf(a, (i) => {
      timeOfImpact(c.a.ours[i]!, c.sweepA[i]!, c.b.ours[i]!, c.sweepB[i]!, toi, 1, c.tolerance);
      return { hit: toi.hit, fraction: toi.fraction };
    }), c.n);
  }
  return [
    "Box2D (C) against ours on the same pairs (untimed):",
    "",
    table(["cast", "hit % Box2D / ours", "same hit or miss", "median |Δf| (both hit)", "max |Δf|"], ["l", "r", "r", "r", "r"], rows),
    "",
    "- Box2D stops 0.005 short of contact (its linear slop, ± a quarter of it) and turns by normalised lerp; core stops within its tolerance of contact and turns by angle.",
  ];
}

/** Box2D's side of a pair for box2d-manifolds.c: a box and an 8-gon are both its b2Polygon. */
const manifoldSide = (k: Kind): string => (k === "box" || k === "polygon" ? "polygon" : k);

/** The Box2D function box2d-manifolds.c times for a pair case (see there). */
export const manifoldFunc = (c: PairCase): string => `${manifoldSide(c.a.kind)}-${manifoldSide(c.b.kind)}`;

/** A pair case of the manifold bench in box2d-manifolds.c's format: every pair as A, its pose, B, its pose. */
export function manifoldInput(c: PairCase): string {
  const lines = [`manifold manifold ${c.label} ${manifoldFunc(c)}`];
  for (let i = 0; i < c.n; i++) {
    lines.push(`${proxyText(c.a.ours[i]!)} ${c.xfA[i]!.px} ${c.xfA[i]!.py} ${c.angleA[i]} ${proxyText(c.b.ours[i]!)} ${c.xfB[i]!.px} ${c.xfB[i]!.py} ${c.angleB[i]}`);
  }
  return lines.join("\n") + "\n";
}

/**
 * Builds box2d-manifolds.c with Box2D's manifold.c and what it calls from the checkout at
 * `source`, and times every pair case's manifold through it (group "manifold A–B", as the bench
 * names ours). Throws Box2dUnavailable when it cannot be built or run.
 */
export function runBox2dManifolds(source: string, cases: readonly PairCase[], quick: boolean, cache = defaultCache()): Box2dSegmentCase[] {
  const binary = build(path.resolve(source), MANIFOLD_SOURCES, harnessFile("box2d-manifolds.c"), cache);
  return runOn(binary, cases.map(manifoldInput), quick ? ["--quick"] : []).split("\n").filter((l) => l !== "").map((line) => {
    const [group, func, median, min, hits] = line.split("\t");
    return { group: group!, func: func!, median: Number(median), min: Number(min), hits: Number(hits) };
  });
}

/** Box2D's manifold for every pair of a case, in order (untimed): its point count, world normal and first separation. */
export interface Box2dManifolds {
  readonly group: string;
  readonly pointCount: readonly number[];
  readonly normal: readonly (readonly [number, number])[];
  readonly separation: readonly number[];
}

export function box2dManifoldAnswers(source: string, cases: readonly PairCase[], cache = defaultCache()): Box2dManifolds[] {
  const binary = build(path.resolve(source), MANIFOLD_SOURCES, harnessFile("box2d-manifolds.c"), cache);
  const lines = runOn(binary, cases.map(manifoldInput), ["--answers"]).split("\n");
  const out: Box2dManifolds[] = [];
  for (let i = 0; i < lines.length && lines[i] !== "";) {
    const [group, count] = lines[i++]!.split("\t");
    const n = Number(count), pointCount: number[] = [], normal: [number, number][] = [], separation: number[] = [];
    for (let k = 0; k < n; k++) {
      const [c, x, y, s] = lines[i++]!.split("\t").map(Number);
      pointCount.push(c!);
      normal.push([x!, y!]);
      separation.push(s!);
    }
    out.push({ group: group!, pointCount, normal, separation });
  }
  return out;
}
