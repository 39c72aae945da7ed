// The editor's view of a QA ray replay: a ray log opened over the current scene, each ray cast
// again against the document's shapes as they are now (so the results follow every edit), the
// filters, the timeline and the selected ray. Not part of the document: nothing here is undone
// or saved with the scene.
import { createStore, type StoreApi } from "zustand/vanilla";
import {
  castRecordedRay,
  compareRay,
  DEFAULT_TOLERANCE,
  expectationOf,
  parseRayLine,
  rayLine,
  ReplayTally,
  segmentHitsAABB,
  shapeAABB,
  type AABB,
  type RayLogProblem,
  type RayRecord,
  type ReplayResult,
  type ReplayStatus,
  type ReplaySummary,
  type Shape,
  type CollisionWorld,
} from "../../core";
import type { Editor } from "../editor/editor";
import { select } from "./actions";

export interface RayLog {
  readonly name: string;
  readonly rays: readonly RayRecord[];
  /** Lines that were not rays (skipped), in line order. */
  readonly problems: readonly RayLogProblem[];
}

export type StatusFilter = "all" | ReplayStatus;

export interface ReplayState {
  readonly log: RayLog | null;
  readonly status: StatusFilter;
  /** One tag, or null for every ray (tagged or not). */
  readonly tag: string | null;
  /** Index into the timeline's steps: rays up to this step are shown. */
  readonly position: number;
  /** The selected ray, by its (unique) line number. */
  readonly selected: number | null;
  readonly playing: boolean;
}

const CLOSED: ReplayState = { log: null, status: "all", tag: null, position: 0, selected: null, playing: false };

/** A window's replay state (the Editor holds one). */
export const createReplayStore = (): StoreApi<ReplayState> => createStore<ReplayState>()(() => CLOSED);

/** Reads a ray log's text: the rays, and the lines skipped for their problems. */
export function readRayLog(name: string, text: string): RayLog {
  const rays: RayRecord[] = [];
  const problems: RayLogProblem[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const r = parseRayLine(lines[i]!, i + 1);
    if (!r.ok) problems.push(r.problem);
    else if (r.ray) rays.push(r.ray);
  }
  return { name, rays, problems };
}

/** Lines parsed per step of readRayLogInSteps: a small part of a frame. */
export const RAY_LINES_PER_STEP = 10_000;

/**
 * readRayLog in steps of RAY_LINES_PER_STEP lines: `progress` gets the fraction done before each
 * step and `pause` yields to the browser between them, so a big log shows progress and the page
 * keeps answering. The same rays and problems as readRayLog.
 */
export async function readRayLogInSteps(name: string, text: string, progress: (fraction: number) => void, pause: () => Promise<void>): Promise<RayLog> {
  const rays: RayRecord[] = [];
  const problems: RayLogProblem[] = [];
  const lines = text.split(/\r?\n/);
  for (let at = 0; at < lines.length; at += RAY_LINES_PER_STEP) {
    progress(at / lines.length);
    await pause();
    const end = Math.min(lines.length, at + RAY_LINES_PER_STEP);
    for (let i = at; i < end; i++) {
      const r = parseRayLine(lines[i]!, i + 1);
      if (!r.ok) problems.push(r.problem);
      else if (r.ray) rays.push(r.ray);
    }
  }
  return { name, rays, problems };
}

/** Opens a log over the scene: every ray shown (the timeline at its end), no filter. */
export function openRayLog(editor: Editor, log: RayLog): void {
  editor.replay.setState({ ...CLOSED, log, position: Math.max(0, timelineOf(log.rays).steps.length - 1) });
}

export function closeRayLog(editor: Editor): void {
  editor.replay.setState(CLOSED);
}

export function setStatusFilter(editor: Editor, status: StatusFilter): void {
  editor.replay.setState({ status });
}

export function setTagFilter(editor: Editor, tag: string | null): void {
  editor.replay.setState({ tag });
}

export function setPosition(editor: Editor, position: number): void {
  const log = editor.replay.getState().log;
  const last = log ? Math.max(0, timelineOf(log.rays).steps.length - 1) : 0;
  editor.replay.setState({ position: Math.min(last, Math.max(0, Math.round(position))) });
}

export function setPlaying(editor: Editor, playing: boolean): void {
  editor.replay.setState({ playing });
}

// ---- Results: every ray cast against the document's shapes, memoised on the (immutable) arrays.

/** Beyond this many changed shapes, every ray is cast again rather than tested against their boxes. */
const INCREMENTAL_LIMIT = 64;

/**
 * The boxes (before and after) of the shapes that differ between two versions of the document, or
 * null when too many differ. A ray that meets none of them keeps its result.
 */
function changedBoxes(before: readonly Shape[], after: readonly Shape[]): AABB[] | null {
  const old = new Map<string, Shape>();
  for (const s of before) old.set(s.id, s);
  const boxes: AABB[] = [];
  let changed = 0;
  for (const s of after) {
    const was = old.get(s.id);
    old.delete(s.id);
    if (was === s) continue;
    if (++changed > INCREMENTAL_LIMIT) return null;
    boxes.push(shapeAABB(s));
    if (was) boxes.push(shapeAABB(was));
  }
  if (changed + old.size > INCREMENTAL_LIMIT) return null;
  for (const gone of old.values()) boxes.push(shapeAABB(gone));
  return boxes;
}

/**
 * Each ray's result against the document's world, recomputed only when the shapes or the rays
 * change; after an edit of a few shapes (a drag step), only the rays that pass their boxes are
 * cast again. `world` is the world synced to the shapes asked about.
 */
export class ReplayResults {
  private key: { shapes: readonly Shape[]; rays: readonly RayRecord[] } | null = null;
  private results: readonly ReplayResult[] = [];

  constructor(private readonly world: () => CollisionWorld) {}

  /** Forgets the last results (the world was replaced). */
  forget(): void {
    this.key = null;
  }

  /** A ray's result against the document's world. */
  cast(ray: RayRecord): ReplayResult {
    return compareRay(ray, castRecordedRay(this.world(), ray), DEFAULT_TOLERANCE);
  }

  of(shapes: readonly Shape[], rays: readonly RayRecord[]): readonly ReplayResult[] {
    const key = this.key;
    if (!key || key.shapes !== shapes || key.rays !== rays) {
      const boxes = key && key.rays === rays ? changedBoxes(key.shapes, shapes) : null;
      if (boxes === null) this.results = rays.map((r) => this.cast(r));
      else {
        const before = this.results;
        this.results = rays.map((ray, i) => {
          const dx = ray.to[0] - ray.from[0], dy = ray.to[1] - ray.from[1];
          return boxes.some((b) => segmentHitsAABB(ray.from[0], ray.from[1], dx, dy, b)) ? this.cast(ray) : before[i]!;
        });
      }
      this.key = { shapes, rays };
    }
    return this.results;
  }
}

/** The open log's results against the document as it is now (empty without a log). */
export function replayResultsOf(editor: Editor): readonly ReplayResult[] {
  const rays = editor.replay.getState().log?.rays;
  return rays ? editor.replayResults.of(editor.getState().shapes, rays) : [];
}

export function summaryOf(list: readonly ReplayResult[]): ReplaySummary {
  const tally = new ReplayTally(DEFAULT_TOLERANCE);
  for (const r of list) tally.add(r);
  return tally.summary();
}

// ---- Timeline: by frame when the rays have frames, else by time, else by their order in the log.

export type TimelineMode = "frame" | "time" | "order";

export interface Timeline {
  readonly mode: TimelineMode;
  /** The distinct frames or times in increasing order; for "order", 1 … n. */
  readonly steps: readonly number[];
}

let timelineKey: readonly RayRecord[] | null = null;
let timeline: Timeline = { mode: "order", steps: [] };

export function timelineOf(rays: readonly RayRecord[]): Timeline {
  if (rays !== timelineKey) {
    const mode: TimelineMode = rays.some((r) => r.frame !== undefined) ? "frame" : rays.some((r) => r.time !== undefined) ? "time" : "order";
    let steps: number[];
    if (mode === "order") steps = rays.map((_, i) => i + 1);
    else {
      const values = new Set<number>();
      for (const r of rays) {
        const v = mode === "frame" ? r.frame : r.time;
        if (v !== undefined) values.add(v);
      }
      steps = [...values].sort((a, b) => a - b);
    }
    timeline = { mode, steps };
    timelineKey = rays;
  }
  return timeline;
}

/**
 * A mismatch row's detail: the shape expected and the one hit now ("crate → wall"; "nothing" for
 * no hit) when that is what changed, else how far the hit point moved. Its tooltip says it whole.
 */
export function mismatchRowText(r: ReplayResult): string {
  const kind = r.mismatch?.kind;
  if (kind === "other-shape" || kind === "lost-hit" || kind === "new-hit") {
    const expected = kind === "new-hit" ? "nothing" : (r.ray.expect?.shape ?? "a hit");
    return `${expected} → ${r.hit?.shape ?? "nothing"}`;
  }
  return r.mismatch?.distance === undefined ? "" : r.mismatch.distance.toFixed(2);
}

/** "Frame 12", "Time 1.5 s", "Ray 3 of 10": what the timeline's position shows up to. */
export function positionLabel(t: Timeline, position: number): string {
  const v = t.steps[position];
  if (v === undefined) return "No rays";
  if (t.mode === "frame") return `Frame ${v}`;
  if (t.mode === "time") return `Time ${Number(v.toPrecision(6))}`;
  return `Ray ${v} of ${t.steps.length}`;
}

/**
 * Whether a ray is on the timeline up to the position. Rays without a frame (or time) when others
 * have one are always shown.
 */
function onTimeline(t: Timeline, position: number): (ray: RayRecord, index: number) => boolean {
  const limit = t.steps[position] ?? Infinity;
  if (t.mode === "order") return (_, i) => i + 1 <= limit;
  return (ray) => {
    const v = t.mode === "frame" ? ray.frame : ray.time;
    return v === undefined || v <= limit;
  };
}

/** The tags of the log, sorted. */
export function tagsOf(rays: readonly RayRecord[]): readonly string[] {
  return [...new Set(rays.flatMap((r) => (r.tag === undefined ? [] : [r.tag])))].sort();
}

/** The results the filters and the timeline let through, in log order. */
export function visibleResults(list: readonly ReplayResult[], state: Pick<ReplayState, "status" | "tag" | "position" | "log">): readonly ReplayResult[] {
  if (list.length === 0) return list;
  const t = timelineOf(raysOf(list, state.log));
  const on = onTimeline(t, state.position);
  return list.filter((r, i) => (state.status === "all" || r.status === state.status) && (state.tag === null || r.ray.tag === state.tag) && on(r.ray, i));
}

/** The rays of a results list: the log's own array when the list is the open log's (for memos). */
function raysOf(list: readonly ReplayResult[], log: RayLog | null): readonly RayRecord[] {
  const rays = log?.rays;
  if (rays && rays.length === list.length && rays[0] === list[0]?.ray) return rays;
  return list.map((r) => r.ray);
}

// ---- Selection and re-recording.

/** Selects a ray, and in the editor the shape it hit (or, for a lost hit, the shape it expected). */
export function selectRay(editor: Editor, line: number): void {
  editor.replay.setState({ selected: line });
  const result = replayResultsOf(editor).find((r) => r.ray.line === line);
  if (!result) return;
  const shapeId = result.hit?.shape ?? result.ray.expect?.shape;
  select(editor, shapeId !== undefined && editor.shapeById(shapeId) ? [shapeId] : []);
}

/** The log again with this run's results as the expectations, one ray per line. */
export function recordedText(list: readonly ReplayResult[]): string {
  return list.map((r) => `${rayLine(r.ray, expectationOf(r.hit))}\n`).join("");
}

/** "rays.jsonl" → "rays.recorded" (the export adds the extension). */
export const recordedName = (logName: string): string => `${logName.replace(/\.(jsonl|json)$/i, "") || "rays"}.recorded`;
