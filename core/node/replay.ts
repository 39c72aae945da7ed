// `collider-studio replay SCENE RAYS.jsonl`: casts every ray of a QA log through the scene's tree,
// compares each with its recorded expectation, and reports. The log is streamed in batches of
// lines (replayed here or by worker threads); --json, --record and the JUnit spool are written as
// the rays go, and only a bounded number of results is kept for the text summary and HTML.
import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { createInterface } from "node:readline";
import { Worker } from "node:worker_threads";
import { CollisionWorld } from "../collision-world";
import { DEFAULT_TOLERANCE, ReplayTally } from "../replay/compare";
import { mismatchLine } from "../replay/describe";
import { BAD_LINES_SUITE, junitBadLine } from "../replay/junit";
import { ExpectedShapes, shapeSummaryLines, ShapeTally, type ShapeSummary } from "../replay/shape-summary";
import { formatRayProblem, looksLikeScene, SCENE_HEAD_CHARS, type RayLogProblem } from "../replay/ray-log";
import { MISMATCH_KINDS, type ReplayResult } from "../replay/types";
import type { Scene } from "../scene/types";
import { readableReason, UserError } from "./files";
import { PartFile } from "./part-file";
import { realPathOf } from "./output-paths";
import { JUnitSpool } from "./junit-spool";
import { NO_KIND, REPLAY_WORKER, replayBatch, STATUS_CODES, type BatchReply, type BatchRequest, type BatchSettings, type ReplayWorkerData } from "./replay-worker";
import { serializeScene } from "../scene/io";

/** A log at least this big is replayed by worker threads when --workers is not given (and the binary can start them). */
export const WORKERS_FROM_BYTES = 64 * 1024 * 1024;
/** Lines per batch handed to a worker: large enough that posting costs little per ray. */
const BATCH_LINES = 8192;
/** Batches queued per worker at most: keeps every worker busy and memory bounded. */
const QUEUED_PER_WORKER = 2;

/** Mismatches kept for the terminal's list and the HTML report (the JUnit report has every one). */
export const MISMATCHES_KEPT = 20_000;
/** Other rays (ok, unchecked) kept for the HTML report's table. */
export const OTHERS_KEPT = 20_000;
/** Rays whose ids are checked for repeats (a set of ids costs memory per ray; a longer log is checked this far). */
export const IDS_CHECKED = 200_000;
/** Repeated ids named on stderr and in the HTML report (the rest counted). */
const REPEATS_NAMED = 10;

export interface ReplayOptions {
  readonly json?: boolean;
  readonly tolerance?: number;
  readonly record?: string;
  readonly junit?: string;
  readonly html?: string;
  readonly skipBadLines?: boolean;
  /** How many mismatches and other rays the terminal list and the HTML report keep (tests lower them). */
  readonly keep?: { readonly mismatches: number; readonly others: number };
  /** Worker threads: 0 or 1 replays in this thread; absent: two for a log of WORKERS_FROM_BYTES or more on a machine with two cores or more. */
  readonly workers?: number;
  /** Sensors stop every ray (by default only a ray whose line says includeSensors). */
  readonly includeSensors?: boolean;
  /** The number of rays the log must hold (a log cut short at a line break is otherwise well formed); another count refuses the run. */
  readonly expectRays?: number;
  /** A run that checked no ray (no rays, or none with an expectation) exits 0 instead of NOTHING_CHECKED_EXIT. */
  readonly allowUnchecked?: boolean;
}

/** The exit code of a run that checked no ray: an input error (the log cannot show a regression). */
export const NOTHING_CHECKED_EXIT = 2;

/** Text for a terminal: control characters (which could move the cursor or clear the screen) as \u escapes. */
// eslint-disable-next-line no-control-regex -- the control characters are what is escaped
export const terminalSafe = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The first bytes of a file, as text (to tell a scene given as the log). */
function headOf(file: string, bytes = SCENE_HEAD_CHARS): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.toString("utf8", 0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/** Refuses a log that is not a readable file, or that is a scene (the arguments swapped), before anything is written. */
function checkLog(logPath: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(logPath).isFile();
  } catch (err) {
    throw new UserError(`cannot read ${logPath}: ${readableReason(err)}`);
  }
  if (!isFile) throw new UserError(`cannot read ${logPath}: it is ${statSync(logPath).isDirectory() ? "a directory" : "not a file"} (the ray log is a .jsonl file)`);
  let head: string;
  try {
    head = headOf(logPath);
  } catch (err) {
    throw new UserError(`cannot read ${logPath}: ${readableReason(err)}`);
  }
  if (looksLikeScene(head)) throw new UserError(`${logPath} looks like a scene, not a ray log: the scene comes first (collider-studio replay SCENE.json RAYS.jsonl)`);
}

export interface ReplayIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Progress on a terminal; absent when stderr is not one. */
  readonly progress?: (text: string) => void;
  readonly writeText: (path: string, text: string) => Promise<unknown>;
  /** The script a replay worker thread runs (the bundled binary), or absent where none can start. */
  readonly workerScript?: string;
}

/** An HTML report maker, passed in so this module does not need it (it lives in core/replay/). */
export type HtmlReport = (scene: Scene, results: readonly ReplayResult[], summary: ReturnType<ReplayTally["summary"]>, options: { sceneName: string; logName: string; generatedAt: string; leftOut: number; badLines: readonly RayLogProblem[]; warnings: readonly string[]; byShape: readonly ShapeSummary[] }) => string;

/**
 * A 53-bit hash of a ray id (two 32-bit FNV-1a hashes with different seeds): two ids with one hash
 * are as likely as not among 2^26 ids, far beyond the IDS_CHECKED checked.
 */
export function idHash(id: string): number {
  let a = 0x811c9dc5, b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/** What a run that checked no ray says (null when it checked one, or need not). */
function nothingChecked(summary: ReplaySummaryOf, badLines: number, record: boolean): string | null {
  if (summary.ok + summary.mismatch > 0) return null;
  if (summary.total === 0) return badLines > 0 ? `every line (${badLines}) was bad and skipped` : "the log has no rays";
  // Recording a first baseline from a log without expectations is the usual start.
  if (record) return null;
  return `none of its ${summary.total} ray${summary.total === 1 ? " has" : "s have"} an "expect" (--record writes a baseline with them)`;
}

type ReplaySummaryOf = ReturnType<ReplayTally["summary"]>;

/**
 * Runs the replay; returns the exit code (0 every expectation holds, 1 a mismatch,
 * NOTHING_CHECKED_EXIT when no ray was checked without allowUnchecked). Bad input throws UserError;
 * a refused log leaves every output as it was and prints no --json document.
 */
export async function replay(scene: Scene, sceneName: string, logPath: string, options: ReplayOptions, io: ReplayIO, html?: HtmlReport): Promise<number> {
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  const tally = new ReplayTally(tolerance);
  // Bounded memory however long the log: the JUnit report spools to disk, the terminal lists at
  // most MISMATCHES_KEPT mismatches, and the HTML report keeps those and the first OTHERS_KEPT
  // other rays (the rest are counted in its summary and named as left out).
  const logName = logPath.split(/[\\/]/).pop() ?? logPath;
  const junit = options.junit ? await JUnitSpool.create(logName) : null;
  const kept: ReplayResult[] = [];
  const keepMismatches = options.keep?.mismatches ?? MISMATCHES_KEPT, keepOthers = options.keep?.others ?? OTHERS_KEPT;
  let others = 0, leftOut = 0;
  const problems: RayLogProblem[] = [];
  const byShape = new ShapeTally(), expectedShapes = new ExpectedShapes();
  checkLog(logPath);
  // --record and --json are held back until the whole log is read: a refused log must not leave
  // a shortened baseline or half a document.
  const record = options.record ? await PartFile.forOutput(options.record) : null;
  const json = options.json ? await PartFile.spool("replay.json") : null;
  const parts = [record, json];
  let first = true, lastProgress = 0;

  const input = createReadStream(logPath, { encoding: "utf8" });
  const opened = new Promise<void>((resolve, reject) => {
    input.once("open", () => resolve());
    input.once("error", (err: NodeJS.ErrnoException) => reject(new UserError(`cannot read ${logPath}: ${readableReason(err)}`)));
  });
  try {
    await opened;
  } catch (err) {
    for (const part of parts) await part?.discard();
    throw err;
  }
  if (json) await json.write('{"results": [');
  const showProgress = () => {
    if (io.progress && Date.now() - lastProgress > 200) {
      lastProgress = Date.now();
      io.progress(`\rreplayed ${tally.total.toLocaleString("en")} rays, ${tally.mismatch.toLocaleString("en")} mismatching`);
    }
  };
  // Lines are replayed in batches into compact replies, by worker threads on a long log (both
  // cores: this thread only reads and writes) or here; either way every output is written from
  // the replies in log order, so the two give the same bytes.
  const batch: BatchSettings = {
    tolerance, stopAtProblem: !options.skipBadLines, includeSensors: options.includeSensors === true,
    outputs: { json: options.json === true, record: record !== null, junitName: junit ? logName : null },
  };
  // Two test cases with one id confuse CI (one replaces the other): repeats are warned of.
  // Keyed by a 53-bit hash of the id, not the id: a map of the ids themselves would hold every
  // checked id's text (the log must replay in bounded memory).
  const idLine = new Map<number, number>();
  const repeats: string[] = [];
  let repeated = 0;
  const consume = async (reply: BatchReply): Promise<void> => {
    for (let i = 0; i < reply.ids.length && idLine.size < IDS_CHECKED; i++) {
      const id = reply.ids[i]!, at = reply.lines[i]!, key = idHash(id), first = idLine.get(key);
      if (first === undefined) idLine.set(key, at);
      else if (repeated++ < REPEATS_NAMED) repeats.push(`ray id ${JSON.stringify(id)} is used again at line ${at} (first at line ${first})`);
    }
    const results = new Map(reply.results);
    for (let i = 0, j = 0; i < reply.statuses.length; i++) {
      const status = STATUS_CODES[reply.statuses[i]!]!, k = reply.kinds[i]!;
      tally.addStatus(status, k === NO_KIND ? undefined : MISMATCH_KINDS[k]);
      if (status === "mismatch" && k !== NO_KIND) {
        byShape.add(reply.mismatchShapes[j]!, MISMATCH_KINDS[k]!, reply.mismatchMeasures[j]!);
        j++;
      }
      const keep = status === "mismatch" ? tally.mismatch <= keepMismatches : options.html !== undefined && others++ < keepOthers;
      if (!keep) leftOut++;
      else {
        const r = results.get(i);
        if (!r) throw new Error("a replay batch did not carry a result the report keeps");
        kept.push(r);
      }
    }
    if (json && reply.json !== "") {
      await json.write((first ? "\n" : ",\n") + reply.json);
      first = false;
    }
    if (record && reply.record !== "") await record.write(reply.record);
    if (junit) for (const part of reply.junit) await junit.addRendered(part.tag, part.text, part);
    if (junit && options.skipBadLines) for (const p of reply.problems) await junit.addRendered(BAD_LINES_SUITE, junitBadLine(p, logName), { tests: 1, failures: 0, skipped: 0, errors: 1 });
    expectedShapes.addPresent(reply.expectedPresent);
    for (const shape of reply.expectedGone) expectedShapes.addMissing(shape);
    problems.push(...reply.problems);
    showProgress();
  };
  const want = () => ({ wantMismatch: tally.mismatch < keepMismatches, wantOther: options.html !== undefined && others < keepOthers, wantIds: idLine.size < IDS_CHECKED });
  const stop = () => problems.length > 0 && !options.skipBadLines;
  const lines = createInterface({ input, crlfDelay: Infinity });
  const workers = workerCount(options, io, logPath);
  try {
    if (workers > 1) await inWorkers(io.workerScript!, workers, { role: REPLAY_WORKER, sceneText: serializeScene(scene), ...batch }, lines, consume, want, stop);
    else await inThisThread(scene, batch, lines, consume, want, stop);
  } catch (err) {
    for (const part of parts) await part?.discard();
    await junit?.discard();
    const code = typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
    if (code !== undefined && !(err instanceof UserError)) throw new UserError(`cannot read ${logPath}: ${readableReason(err)}`);
    throw err;
  }
  if (io.progress && lastProgress > 0) io.progress("\r\u001b[K");
  if (problems.length > 0 && !options.skipBadLines) {
    await junit?.discard();
    // Refused: nothing but the problem is reported (a half-replayed log would mislead): no
    // baseline, no report, no document on standard output.
    for (const part of parts) await part?.discard();
    throw new UserError(`${formatRayProblem(problems[0]!, logPath)}\n${logPath}: refused (a malformed line; --skip-bad-lines replays the others)`);
  }
  // Recording onto the log itself would replace it without its skipped lines (and a second run
  // would replace the .bak holding them): refused, so a bad line is never lost unasked.
  const onLog = record !== null && options.record !== undefined && realPathOf(options.record) === realPathOf(logPath);
  if (onLog && problems.length > 0) {
    await junit?.discard();
    for (const part of parts) await part?.discard();
    const shown = problems.slice(0, 3).map((p) => p.line).join(", ");
    const named = `${problems.length.toLocaleString("en")} bad line${problems.length === 1 ? "" : "s"} (line${problems.length === 1 ? "" : "s"} ${shown}${problems.length > 3 ? ", …" : ""})`;
    throw new UserError(`${formatRayProblem(problems[0]!, logPath)}\n${logPath}: refused: --record onto the log itself would drop its ${named} from it; fix ${problems.length === 1 ? "it" : "them"}, or --record to another file`);
  }
  if (options.expectRays !== undefined && tally.total !== options.expectRays) {
    await junit?.discard();
    for (const part of parts) await part?.discard();
    const skipped = problems.length > 0 ? ` (and ${problems.length} bad line${problems.length === 1 ? "" : "s"} skipped)` : "";
    throw new UserError(`${logPath}: refused: it holds ${tally.total.toLocaleString("en")} ray${tally.total === 1 ? "" : "s"}${skipped}, --expect-rays ${options.expectRays.toLocaleString("en")}${tally.total < options.expectRays ? " (a log cut short?)" : ""}`);
  }
  // The baseline replaces its file (kept as .bak) only now that the whole log was read, and once
  // the log is closed: --record may be the log itself (accepting this run as its new baseline).
  if (!input.closed) await new Promise<void>((resolve) => {
    input.once("close", () => resolve());
    input.destroy();
  });
  const backup = await record?.commit();
  if (onLog) io.stderr(`${logPath}: recorded this run as its new baseline${backup ? ` (the old one kept as ${backup})` : ""}\n`);
  for (const p of problems) io.stderr(`${formatRayProblem(p, logPath)} (skipped)\n`);
  const wrongLevel = expectedShapes.warning(sceneName.split(/[\\/]/).pop() ?? sceneName);
  const warnings = [
    ...(wrongLevel === null ? [] : [wrongLevel]),
    ...(repeated === 0 ? [] : [...repeats, ...(repeated > repeats.length ? [`and ${repeated - repeats.length} more repeated ids`] : []), `${repeated} repeated id${repeated === 1 ? "" : "s"}${idLine.size >= IDS_CHECKED ? ` among the first ${IDS_CHECKED.toLocaleString("en")} rays` : ""}: CI lists test cases by id, and one with a repeated id can hide another; give every ray its own id`]),
  ];
  for (const w of warnings) io.stderr(terminalSafe(`${logPath}: warning: ${w}`) + "\n");
  const summary = tally.summary();
  const shapes = byShape.summary();
  if (json) {
    await json.write(`${first ? "" : "\n"}], "summary": ${JSON.stringify({ ...summary, skippedLines: problems.length, repeatedIds: repeated, byShape: shapes })}}\n`);
    await json.readBack(io.stdout);
  } else {
    const kinds = Object.entries(summary.byKind).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(", ");
    io.stdout(`${summary.total} rays: ${summary.ok} ok, ${summary.mismatch} mismatching${kinds ? ` (${kinds})` : ""}, ${summary.unchecked} unchecked${problems.length ? `; ${problems.length} bad line${problems.length === 1 ? "" : "s"} skipped` : ""}\n`);
    for (const r of kept) if (r.status === "mismatch") io.stdout(terminalSafe(`  ${mismatchLine(r)}`) + "\n");
    if (summary.mismatch > keepMismatches) io.stdout(`  … and ${summary.mismatch - keepMismatches} more mismatches (--junit lists every one)\n`);
    if (shapes.length > 0) io.stdout(`mismatches by shape:\n${shapeSummaryLines(shapes).map((l) => `  ${terminalSafe(l)}\n`).join("")}`);
  }
  if (junit && options.junit) {
    try {
      await junit.finish(options.junit, summary, options.skipBadLines ? problems.length : 0);
    } catch (err) {
      throw new UserError(`cannot write ${options.junit}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (options.html && html) await io.writeText(options.html, html(scene, kept, summary, { sceneName, logName: logPath.split(/[\\/]/).pop() ?? logPath, generatedAt: new Date().toISOString(), leftOut, badLines: problems, warnings, byShape: shapes }));
  if (summary.mismatch > 0) return 1;
  const unchecked = options.allowUnchecked ? null : nothingChecked(summary, problems.length, record !== null);
  if (unchecked !== null) {
    io.stderr(`${logPath}: nothing was checked: ${unchecked}; exit ${NOTHING_CHECKED_EXIT} (--allow-unchecked accepts a run that checks nothing)\n`);
    return NOTHING_CHECKED_EXIT;
  }
  return 0;
}

/** replay's batches in this thread: the same replies the workers give, from one world built here. */
async function inThisThread(
  scene: Scene, data: BatchSettings, lines: AsyncIterable<string>,
  consume: (reply: BatchReply) => Promise<void>, want: () => { wantMismatch: boolean; wantOther: boolean; wantIds: boolean }, stop: () => boolean,
): Promise<void> {
  const world = new CollisionWorld();
  world.sync(scene.shapes);
  let batch: string[] = [], firstLine = 1, line = 0, seq = 0;
  const run = async () => {
    await consume(replayBatch(world, data, { seq: seq++, firstLine, text: "", ...want() }, batch));
    batch = [];
    firstLine = line + 1;
  };
  for await (const text of lines) {
    line++;
    batch.push(text);
    if (batch.length === BATCH_LINES) {
      await run();
      if (stop()) return;
    }
  }
  if (batch.length > 0) await run();
}

/** How many worker threads replay the log: `--workers`, or two for a big log on two cores when a worker can start. */
function workerCount(options: ReplayOptions, io: ReplayIO, logPath: string): number {
  if (io.workerScript === undefined) return 0;
  if (options.workers !== undefined) return options.workers;
  let bytes: number;
  try {
    bytes = statSync(logPath).size;
  } catch {
    return 0; // the read that follows reports it
  }
  return bytes >= WORKERS_FROM_BYTES && availableParallelism() >= 2 ? 2 : 0;
}

/**
 * Hands the log's lines to `count` workers in batches and feeds their replies to `consume` in log
 * order. `want` says what results the report still keeps; `stop` ends the run after a reply (a
 * malformed line that refuses the log). Resolves when every line is replayed; the workers end.
 */
async function inWorkers(
  script: string, count: number, data: ReplayWorkerData, lines: AsyncIterable<string>,
  consume: (reply: BatchReply) => Promise<void>, want: () => { wantMismatch: boolean; wantOther: boolean; wantIds: boolean }, stop: () => boolean,
): Promise<void> {
  const pool = Array.from({ length: count }, () => new Worker(script, { workerData: data }));
  const replies = new Map<number, BatchReply>();
  let sent = 0, written = 0, stopped = false, failure: Error | null = null;
  let wake: (() => void) | null = null;
  const nudge = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  for (const worker of pool) {
    worker.on("message", (reply: BatchReply) => {
      replies.set(reply.seq, reply);
      nudge();
    });
    worker.on("error", (err) => {
      failure ??= err;
      nudge();
    });
  }
  // Writes replies in order as they come; waits while `ready` says there is nothing to do.
  const drain = async (until: () => boolean): Promise<void> => {
    for (;;) {
      if (failure) throw failure;
      while (!stopped && replies.has(written)) {
        const reply = replies.get(written)!;
        replies.delete(written++);
        await consume(reply);
        if (stop()) stopped = true;
      }
      if (stopped || until()) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (failure || replies.has(written)) nudge();
      });
    }
  };
  try {
    let batch: string[] = [], firstLine = 1, line = 0;
    const send = async () => {
      // At most QUEUED_PER_WORKER batches per worker in flight: bounded memory, workers kept busy.
      await drain(() => sent - written < count * QUEUED_PER_WORKER);
      if (stopped) return;
      const req: BatchRequest = { seq: sent, firstLine, text: batch.join("\n"), ...want() };
      pool[sent % count]!.postMessage(req);
      sent++;
      batch = [];
      firstLine = line + 1;
    };
    for await (const text of lines) {
      line++;
      batch.push(text);
      if (batch.length === BATCH_LINES) await send();
      if (stopped) break;
    }
    if (!stopped && batch.length > 0) await send();
    await drain(() => written === sent);
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
