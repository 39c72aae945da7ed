// A worker thread of `collider-studio replay` on a long log: it builds its own world from the scene
// once, then turns batches of log lines into compact outcomes (statuses, joined output texts, the
// few results the main thread keeps) that cost little to post back. The main thread reads the log,
// hands out batches and writes every output in log order (replay.ts).
import { parentPort } from "node:worker_threads";
import { CollisionWorld } from "../collision-world";
import { MISMATCH_KINDS, type MismatchKind, type ReplayResult, type ReplayStatus } from "../replay/types";
import type { RayLogProblem } from "../replay/ray-log";
import { parseScene } from "../scene/io";
import { countCase } from "../replay/junit";
import { replayLine, type LineOutputs } from "./replay-lines";

export const REPLAY_WORKER = "collider-studio-replay-worker";

/** How every batch of a run is replayed. */
export interface BatchSettings {
  readonly tolerance: number;
  readonly outputs: LineOutputs;
  /** Stop a batch at its first malformed line (the run is refused there). */
  readonly stopAtProblem: boolean;
  /** --include-sensors: sensors stop every ray. */
  readonly includeSensors: boolean;
}

export interface ReplayWorkerData extends BatchSettings {
  readonly role: typeof REPLAY_WORKER;
  readonly sceneText: string;
}

export const isReplayWorkerData = (d: unknown): d is ReplayWorkerData => typeof d === "object" && d !== null && (d as { role?: unknown }).role === REPLAY_WORKER;

export interface BatchRequest {
  readonly seq: number;
  readonly firstLine: number;
  /** The batch's lines joined by "\n". */
  readonly text: string;
  /** Whether the main thread still keeps mismatching results, and other results (for the HTML report). */
  readonly wantMismatch: boolean;
  readonly wantOther: boolean;
  /** Whether the main thread still checks ids for repeats (the reply then carries them). */
  readonly wantIds: boolean;
}

export const STATUS_CODES: readonly ReplayStatus[] = ["ok", "mismatch", "unchecked"];
/** In `kinds`: no mismatch. */
export const NO_KIND = 255;

export interface JUnitPart {
  readonly tag: string;
  readonly text: string;
  readonly tests: number;
  readonly failures: number;
  readonly skipped: number;
}

export interface BatchReply {
  readonly seq: number;
  /** Per ray, in order: index into STATUS_CODES, and into MISMATCH_KINDS (NO_KIND without one). */
  readonly statuses: Uint8Array;
  readonly kinds: Uint8Array;
  /** The rays' --json lines joined by ",\n"; the --record lines; the JUnit test cases by tag (tags in order of appearance). */
  readonly json: string;
  readonly record: string;
  readonly junit: readonly JUnitPart[];
  /** Results the main thread may keep, by ray index in this batch. */
  readonly results: readonly (readonly [number, ReplayResult])[];
  /** The rays' ids and line numbers, in order, when asked (wantIds); else empty. */
  readonly ids: readonly string[];
  readonly lines: readonly number[];
  /** Per mismatching ray, in order: the shape the per-shape summary files it under, and its distance or angle (NaN for none). */
  readonly mismatchShapes: readonly string[];
  readonly mismatchMeasures: readonly number[];
  /** Rays that expected a shape the scene has; the distinct expected shapes it has not, in order. */
  readonly expectedPresent: number;
  readonly expectedGone: readonly string[];
  /** Malformed lines (with their line numbers). With stopAtProblem the batch ends at the first. */
  readonly problems: readonly RayLogProblem[];
}

/** Replays one batch (`lines`: its text split, as a worker does; in-thread callers pass them as read). */
export function replayBatch(world: CollisionWorld, data: BatchSettings, req: BatchRequest, lines: readonly string[] = req.text.split("\n")): BatchReply {
  const statuses = new Uint8Array(lines.length), kinds = new Uint8Array(lines.length);
  const json: string[] = [], results: [number, ReplayResult][] = [], problems: RayLogProblem[] = [];
  let record = "";
  const ids: string[] = [], idLines: number[] = [];
  const junit = new Map<string, { text: string; tests: number; failures: number; skipped: number }>();
  let rays = 0, expectedPresent = 0;
  const mismatchShapes: string[] = [], mismatchMeasures: number[] = [];
  const expectedGone = new Set<string>();
  const want = (s: ReplayStatus) => (s === "mismatch" ? req.wantMismatch : req.wantOther);
  for (let i = 0; i < lines.length; i++) {
    const out = replayLine(world, lines[i]!, req.firstLine + i, data.tolerance, data.outputs, want, data.includeSensors);
    if (out.kind === "blank") continue;
    if (out.kind === "problem") {
      problems.push(out.problem);
      if (data.stopAtProblem) break;
      continue;
    }
    statuses[rays] = STATUS_CODES.indexOf(out.status);
    kinds[rays] = out.mismatch === undefined ? NO_KIND : MISMATCH_KINDS.indexOf(out.mismatch as MismatchKind);
    if (out.result) results.push([rays, out.result]);
    if (out.shape !== null) {
      mismatchShapes.push(out.shape);
      mismatchMeasures.push(out.measure);
    }
    if (out.expected !== undefined) {
      if (out.expectedPresent) expectedPresent++;
      else expectedGone.add(out.expected);
    }
    if (req.wantIds) {
      ids.push(out.id);
      idLines.push(req.firstLine + i);
    }
    if (out.json !== null) json.push(out.json);
    if (out.record !== null) record += out.record;
    if (out.junitTag !== null && out.junitCase !== null) {
      let part = junit.get(out.junitTag);
      if (!part) junit.set(out.junitTag, (part = { text: "", tests: 0, failures: 0, skipped: 0 }));
      part.text += out.junitCase;
      countCase(part, out.status);
    }
    rays++;
  }
  return {
    seq: req.seq,
    statuses: statuses.slice(0, rays),
    kinds: kinds.slice(0, rays),
    json: json.join(",\n"),
    record,
    junit: [...junit].map(([tag, p]) => ({ tag, ...p })),
    results,
    ids,
    lines: idLines,
    mismatchShapes,
    mismatchMeasures,
    expectedPresent,
    expectedGone: [...expectedGone],
    problems,
  };
}

/** The worker's side: build the world, then answer batches until the main thread ends it. */
export function runReplayWorker(data: ReplayWorkerData): void {
  const port = parentPort;
  if (!port) throw new Error("the replay worker runs in a worker thread");
  const parsed = parseScene(data.sceneText);
  if (!parsed.ok) throw new Error("the scene did not validate in the worker");
  const world = new CollisionWorld();
  world.sync(parsed.scene.shapes);
  port.on("message", (req: BatchRequest) => port.postMessage(replayBatch(world, data, req)));
}
