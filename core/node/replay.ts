// `collider-studio replay SCENE RAYS.jsonl`: casts every ray of a QA log through the scene's tree,
// compares each with its recorded expectation, and reports. The log is streamed line by line; only
// what a report needs is kept (mismatches for the text summary, results for JUnit or HTML when
// asked), and --json and --record are written as the rays go.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { CollisionWorld } from "../collision-world";
import { castRecordedRay } from "../replay/cast";
import { compareRay, DEFAULT_TOLERANCE, expectationOf, ReplayTally } from "../replay/compare";
import { describeMismatch } from "../replay/junit";
import { formatRayProblem, parseRayLine, rayLine, type RayLogProblem } from "../replay/ray-log";
import type { ReplayResult } from "../replay/types";
import type { Scene } from "../scene/types";
import { UserError } from "./files";
import { JUnitSpool } from "./junit-spool";

/** Mismatches kept for the terminal's list and the HTML report (the JUnit report has every one). */
export const MISMATCHES_KEPT = 20_000;
/** Other rays (ok, unchecked) kept for the HTML report's table. */
export const OTHERS_KEPT = 20_000;

export interface ReplayOptions {
  readonly json?: boolean;
  readonly tolerance?: number;
  readonly record?: string;
  readonly junit?: string;
  readonly html?: string;
  readonly skipBadLines?: boolean;
  /** How many mismatches and other rays the terminal list and the HTML report keep (tests lower them). */
  readonly keep?: { readonly mismatches: number; readonly others: number };
}

export interface ReplayIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Progress on a terminal; absent when stderr is not one. */
  readonly progress?: (text: string) => void;
  readonly writeText: (path: string, text: string) => Promise<void>;
}

/** An HTML report maker, passed in so this module does not need it (it lives in core/replay/). */
export type HtmlReport = (scene: Scene, results: readonly ReplayResult[], summary: ReturnType<ReplayTally["summary"]>, options: { sceneName: string; logName: string; generatedAt: string; leftOut: number }) => string;

const resultJson = (r: ReplayResult): string => JSON.stringify({
  id: r.ray.id,
  hit: r.hit !== null,
  ...(r.hit ? { shape: r.hit.shape, fraction: r.hit.fraction, point: [r.hit.point.x, r.hit.point.y], normal: [r.hit.normal.x, r.hit.normal.y] } : {}),
  status: r.status,
  ...(r.mismatch ? { mismatch: r.mismatch.kind, ...(r.mismatch.distance === undefined ? {} : { distance: r.mismatch.distance }) } : {}),
});

function openOutput(path: string): Promise<WriteStream> {
  return new Promise((resolve, reject) => {
    const stream = createWriteStream(path, { encoding: "utf8" });
    stream.once("open", () => resolve(stream));
    stream.once("error", (err) => reject(new UserError(`cannot write ${path}: ${err.message}`)));
  });
}

/** Resolves once `stream` has taken `text` (waiting when its buffer is full: bounded memory). */
function write(stream: WriteStream, text: string): Promise<void> | void {
  if (!stream.write(text)) return new Promise((resolve) => stream.once("drain", () => resolve()));
}

const close = (stream: WriteStream): Promise<void> => new Promise((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve())));

/** Runs the replay; returns the exit code (0 every expectation holds, 1 a mismatch). Bad input throws UserError. */
export async function replay(scene: Scene, sceneName: string, logPath: string, options: ReplayOptions, io: ReplayIO, html?: HtmlReport): Promise<number> {
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  const world = new CollisionWorld();
  world.sync(scene.shapes);
  const tally = new ReplayTally(tolerance);
  // Bounded memory however long the log: the JUnit report spools to disk, the terminal lists at
  // most MISMATCHES_KEPT mismatches, and the HTML report keeps those and the first OTHERS_KEPT
  // other rays (the rest are counted in its summary and named as left out).
  const junit = options.junit ? await JUnitSpool.create(logPath.split(/[\\/]/).pop() ?? logPath) : null;
  const kept: ReplayResult[] = [];
  const keepMismatches = options.keep?.mismatches ?? MISMATCHES_KEPT, keepOthers = options.keep?.others ?? OTHERS_KEPT;
  let others = 0, leftOut = 0;
  const problems: RayLogProblem[] = [];
  const record = options.record ? await openOutput(options.record) : null;
  let first = true, lastProgress = 0;

  const input = createReadStream(logPath, { encoding: "utf8" });
  const opened = new Promise<void>((resolve, reject) => {
    input.once("open", () => resolve());
    input.once("error", (err: NodeJS.ErrnoException) => reject(new UserError(`cannot read ${logPath}: ${err.code === "ENOENT" ? "no such file" : err.message}`)));
  });
  await opened;
  if (options.json) io.stdout('{"results": [');
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    const parsed = parseRayLine(text, line);
    if (!parsed.ok) {
      problems.push(parsed.problem);
      if (!options.skipBadLines) break;
      continue;
    }
    const ray = parsed.ray;
    if (!ray) continue;
    const hit = castRecordedRay(world, ray);
    const result = compareRay(ray, hit, tolerance);
    tally.add(result);
    if (result.status === "mismatch" ? tally.mismatch <= keepMismatches : options.html !== undefined && others++ < keepOthers) kept.push(result);
    else leftOut++;
    if (junit) {
      const spooled = junit.add(result);
      if (spooled) await spooled;
    }
    if (options.json) {
      io.stdout((first ? "\n" : ",\n") + resultJson(result));
      first = false;
    }
    if (record) await write(record, rayLine(ray, expectationOf(hit)) + "\n");
    if (io.progress && tally.total % 4096 === 0 && Date.now() - lastProgress > 200) {
      lastProgress = Date.now();
      io.progress(`\rreplayed ${tally.total.toLocaleString("en")} rays, ${tally.mismatch.toLocaleString("en")} mismatching`);
    }
  }
  if (io.progress && lastProgress > 0) io.progress("\r\u001b[K");
  if (record) await close(record);
  if (problems.length > 0 && !options.skipBadLines) {
    await junit?.discard();
    // Refused: nothing but the problem is reported (a half-replayed log would mislead).
    if (options.json) io.stdout("\n]}\n");
    throw new UserError(`${formatRayProblem(problems[0]!, logPath)}\n${logPath}: refused (a malformed line; --skip-bad-lines replays the others)`);
  }
  for (const p of problems) io.stderr(`${formatRayProblem(p, logPath)} (skipped)\n`);
  const summary = tally.summary();
  if (options.json) io.stdout(`\n], "summary": ${JSON.stringify({ ...summary, skippedLines: problems.length })}}\n`);
  else {
    const kinds = Object.entries(summary.byKind).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(", ");
    io.stdout(`${summary.total} rays: ${summary.ok} ok, ${summary.mismatch} mismatching${kinds ? ` (${kinds})` : ""}, ${summary.unchecked} unchecked${problems.length ? `; ${problems.length} bad lines skipped` : ""}\n`);
    for (const r of kept) if (r.status === "mismatch") io.stdout(`  ${r.ray.id} (line ${r.ray.line}${r.ray.tag ? `, ${r.ray.tag}` : ""}): ${describeMismatch(r)}\n`);
    if (summary.mismatch > keepMismatches) io.stdout(`  … and ${summary.mismatch - keepMismatches} more mismatches (--junit lists every one)\n`);
  }
  if (junit && options.junit) {
    try {
      await junit.finish(options.junit, summary);
    } catch (err) {
      throw new UserError(`cannot write ${options.junit}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (options.html && html) await io.writeText(options.html, html(scene, kept, summary, { sceneName, logName: logPath.split(/[\\/]/).pop() ?? logPath, generatedAt: new Date().toISOString(), leftOut }));
  return summary.mismatch > 0 ? 1 : 0;
}
