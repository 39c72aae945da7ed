// The editor's view of a QA ray replay: a ray log opened over the current scene, each ray cast
// again against the document's shapes as they are now (so the results follow every edit), the
// filters, the timeline and the selected ray. Not part of the document: nothing here is undone
// or saved with the scene.
import { create } from "zustand";
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
} from "../../core";
import { documentWorld } from "./derived";
import { select } from "./actions";
import { useEditor } from "./editor-store";

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

export const useReplay = create<ReplayState>()(() => CLOSED);

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

/** Lines parsed per step of readRayLogInSteps: about 20 ms of work on the project's machine. */
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
export function openRayLog(log: RayLog): void {
  useReplay.setState({ ...CLOSED, log, position: Math.max(0, timelineOf(log.rays).steps.length - 1) });
}

export function closeRayLog(): void {
  useReplay.setState(CLOSED);
}

export function setStatusFilter(status: StatusFilter): void {
  useReplay.setState({ status });
}

export function setTagFilter(tag: string | null): void {
  useReplay.setState({ tag });
}

export function setPosition(position: number): void {
  const log = useReplay.getState().log;
  const last = log ? Math.max(0, timelineOf(log.rays).steps.length - 1) : 0;
  useReplay.setState({ position: Math.min(last, Math.max(0, Math.round(position))) });
}

export function setPlaying(playing: boolean): void {
  useReplay.setState({ playing });
}

// ---- Results: every ray cast against the document's shapes, memoised on the (immutable) arrays.

let resultKey: { shapes: readonly Shape[]; rays: readonly RayRecord[] } | null = null;
let results: readonly ReplayResult[] = [];

/** A ray's result against the document's world (synced by replayResultsOf before it casts). */
export function castRay(ray: RayRecord): ReplayResult {
  return compareRay(ray, castRecordedRay(documentWorld(), ray), DEFAULT_TOLERANCE);
}

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
 * Each ray's result against these shapes, recomputed only when the shapes or the rays change; after
 * an edit of a few shapes (a drag step), only the rays that pass their boxes are cast again.
 */
export function replayResultsOf(shapes: readonly Shape[], rays: readonly RayRecord[]): readonly ReplayResult[] {
  if (!resultKey || resultKey.shapes !== shapes || resultKey.rays !== rays) {
    documentWorld(shapes);
    const boxes = resultKey && resultKey.rays === rays ? changedBoxes(resultKey.shapes, shapes) : null;
    if (boxes === null) results = rays.map(castRay);
    else {
      const before = results;
      results = rays.map((ray, i) => {
        const dx = ray.to[0] - ray.from[0], dy = ray.to[1] - ray.from[1];
        return boxes.some((b) => segmentHitsAABB(ray.from[0], ray.from[1], dx, dy, b)) ? castRay(ray) : before[i]!;
      });
    }
    resultKey = { shapes, rays };
  }
  return results;
}

const NO_RAYS: readonly RayRecord[] = [];

/** The open log's results against the document as it is now (empty without a log). */
export function useReplayResults(): readonly ReplayResult[] {
  const shapes = useEditor((s) => s.shapes);
  const rays = useReplay((s) => s.log?.rays ?? NO_RAYS);
  return rays.length === 0 ? [] : replayResultsOf(shapes, rays);
}

/** The open log's results now, outside React. */
export function currentReplayResults(): readonly ReplayResult[] {
  const rays = useReplay.getState().log?.rays;
  return rays ? replayResultsOf(useEditor.getState().shapes, rays) : [];
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
export function visibleResults(list: readonly ReplayResult[], state: Pick<ReplayState, "status" | "tag" | "position">): readonly ReplayResult[] {
  if (list.length === 0) return list;
  const t = timelineOf(raysOf(list));
  const on = onTimeline(t, state.position);
  return list.filter((r, i) => (state.status === "all" || r.status === state.status) && (state.tag === null || r.ray.tag === state.tag) && on(r.ray, i));
}

/** The rays of a results list: the log's own array when the list is the open log's (for memos). */
function raysOf(list: readonly ReplayResult[]): readonly RayRecord[] {
  const rays = useReplay.getState().log?.rays;
  if (rays && rays.length === list.length && rays[0] === list[0]?.ray) return rays;
  return list.map((r) => r.ray);
}

// ---- Selection and re-recording.

/** Selects a ray, and in the editor the shape it hit (or, for a lost hit, the shape it expected). */
export function selectRay(line: number): void {
  useReplay.setState({ selected: line });
  const result = currentReplayResults().find((r) => r.ray.line === line);
  if (!result) return;
  const shapeId = result.hit?.shape ?? result.ray.expect?.shape;
  const shapes = useEditor.getState().shapes;
  if (shapeId !== undefined && shapes.some((s) => s.id === shapeId)) select([shapeId]);
  else select([]);
}

/** The log again with this run's results as the expectations, one ray per line. */
export function recordedText(list: readonly ReplayResult[]): string {
  return list.map((r) => `${rayLine(r.ray, expectationOf(r.hit))}\n`).join("");
}

/** "rays.jsonl" → "rays.recorded" (the export adds the extension). */
export const recordedName = (logName: string): string => `${logName.replace(/\.(jsonl|json)$/i, "") || "rays"}.recorded`;
