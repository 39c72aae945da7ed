// The editor's view of a QA ray replay: a ray log opened over the current scene, each ray cast
// again against the document's shapes as they are now (so the results follow every edit), the
// filters, the timeline and the selected ray. Not part of the document: nothing here is undone
// or saved with the scene.
import { createStore, type StoreApi } from "zustand/vanilla";
import {
  DEFAULT_TOLERANCE,
  expectationOf,
  roundForDisplay,
  parseRayLine,
  rayLine,
  replayRecordedRay,
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
import { boundsOf, fitView, frameView, screenToWorld, type ViewState } from "./view";
import { setView } from "./view-actions";

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
  /** The shape the mismatch rows are filtered to (replay-shapes.ts), or null for every shape. */
  readonly shape: string | null;
  /** The selected ray, by its (unique) line number. */
  readonly selected: number | null;
  readonly playing: boolean;
  /** How far a hit point may move and still be the same hit (a CI run's --tolerance); kept when a log is closed and another opened. */
  readonly tolerance: number;
}

const CLOSED: ReplayState = { log: null, status: "all", tag: null, position: 0, shape: null, selected: null, playing: false, tolerance: DEFAULT_TOLERANCE };

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

/** Whether most of a log's lines are bad (more bad lines than rays): not a ray log, whatever its name says. */
export const mostlyBad = (log: RayLog): boolean => log.problems.length > log.rays.length;

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

/** Opens a log over the scene: every ray shown (the timeline at its end), no filter; the view fitted to the level and the rays when none of them is in view. */
export function openRayLog(editor: Editor, log: RayLog): void {
  editor.replay.setState({ ...CLOSED, tolerance: editor.replay.getState().tolerance, log, position: Math.max(0, timelineOf(log.rays).steps.length - 1) });
  bringRaysIntoView(editor, log.rays);
}

/**
 * The box of the level (its shapes and probes) and the rays' starts: where the game cast from.
 * A ray's far end is left out, as a long ray (±1e6) would zoom the level to a dot.
 */
export function raysViewBox(shapes: readonly Shape[], rays: readonly RayRecord[]): AABB | null {
  const level = boundsOf(shapes, []);
  let minX = level?.minX ?? Infinity, minY = level?.minY ?? Infinity, maxX = level?.maxX ?? -Infinity, maxY = level?.maxY ?? -Infinity;
  for (const r of rays) {
    minX = Math.min(minX, r.from[0]);
    minY = Math.min(minY, r.from[1]);
    maxX = Math.max(maxX, r.from[0]);
    maxY = Math.max(maxY, r.from[1]);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/** Fits the view to the level and the rays' starts when no ray crosses the view (rays far from where the view is). */
function bringRaysIntoView(editor: Editor, rays: readonly RayRecord[]): void {
  const { shapes, view } = editor.getState();
  const box = raysViewBox(shapes, rays);
  const { width, height } = editor.canvasSize;
  if (!box || width <= 0 || height <= 0) return;
  const a = screenToWorld(view, { x: 0, y: 0 }), b = screenToWorld(view, { x: width, y: height });
  const shown: AABB = { minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) };
  if (rays.some((r) => segmentHitsAABB(r.from[0], r.from[1], r.to[0] - r.from[0], r.to[1] - r.from[1], shown))) return;
  setView(editor, fitView(box, width, height, 40, view));
}

/** Timeline steps a second while playing: up to 30, but a short timeline takes about three seconds (so Play is seen at all). */
export function playbackStepsPerSecond(steps: number): number {
  return Math.min(30, Math.max(1, steps / 3));
}

export function closeRayLog(editor: Editor): void {
  editor.replay.setState({ ...CLOSED, tolerance: editor.replay.getState().tolerance });
}

/** Sets the hit-point tolerance from the panel's text: a number of at least 0, as --tolerance takes; anything else is refused with why. */
export function setTolerance(editor: Editor, text: string): { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string } {
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < 0) return { ok: false, message: `expected a number of at least 0 (world units), got "${text}"` };
  editor.replay.setState({ tolerance: n });
  return { ok: true, value: n };
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
 * Each ray's result against the document's world, recomputed only when the shapes, the rays or
 * the tolerance change; after an edit of a few shapes (a drag step), only the rays that pass their
 * boxes are cast again. `world` is the world synced to the shapes asked about.
 */
export class ReplayResults {
  private key: { shapes: readonly Shape[]; rays: readonly RayRecord[]; tolerance: number } | null = null;
  private results: readonly ReplayResult[] = [];

  constructor(private readonly world: () => CollisionWorld) {}

  /** Forgets the last results (the world was replaced). */
  forget(): void {
    this.key = null;
  }

  /** A ray's result against the document's world. */
  cast(ray: RayRecord, tolerance = DEFAULT_TOLERANCE): ReplayResult {
    return replayRecordedRay(this.world(), ray, tolerance);
  }

  of(shapes: readonly Shape[], rays: readonly RayRecord[], tolerance = DEFAULT_TOLERANCE): readonly ReplayResult[] {
    const key = this.key;
    if (!key || key.shapes !== shapes || key.rays !== rays || key.tolerance !== tolerance) {
      const boxes = key && key.rays === rays && key.tolerance === tolerance ? changedBoxes(key.shapes, shapes) : null;
      if (boxes === null) this.results = rays.map((r) => this.cast(r, tolerance));
      else {
        const before = this.results;
        this.results = rays.map((ray, i) => {
          const dx = ray.to[0] - ray.from[0], dy = ray.to[1] - ray.from[1];
          return boxes.some((b) => segmentHitsAABB(ray.from[0], ray.from[1], dx, dy, b)) ? this.cast(ray, tolerance) : before[i]!;
        });
      }
      this.key = { shapes, rays, tolerance };
    }
    return this.results;
  }
}

/** The open log's results against the document as it is now (empty without a log). */
export function replayResultsOf(editor: Editor): readonly ReplayResult[] {
  const { log, tolerance } = editor.replay.getState();
  return log ? editor.replayResults.of(editor.getState().shapes, log.rays, tolerance) : [];
}

export function summaryOf(list: readonly ReplayResult[], tolerance = DEFAULT_TOLERANCE): ReplaySummary {
  const tally = new ReplayTally(tolerance);
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
  if (r.mismatch?.angle !== undefined) return `${roundForDisplay(r.mismatch.angle)}°`;
  return r.mismatch?.distance === undefined ? "" : roundForDisplay(r.mismatch.distance);
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

/**
 * Selects a ray, and in the editor the shape it hit (or, for a lost hit, the shape it expected).
 * `reveal` (a click on its row) also brings the ray into view, as revealRay does.
 */
export function selectRay(editor: Editor, line: number, reveal = false): void {
  const result = replayResultsOf(editor).find((r) => r.ray.line === line);
  if (!result) return;
  const shapeId = result.hit?.shape ?? result.ray.expect?.shape;
  // The shapes first: a change of the selection ends the ray's (Editor), so the ray is set after.
  select(editor, shapeId !== undefined && editor.shapeById(shapeId) ? [shapeId] : []);
  editor.replay.setState({ selected: line });
  if (reveal) revealRay(editor, result);
}

const boxOf = (points: readonly (readonly [number, number])[]): AABB => ({
  minX: Math.min(...points.map((p) => p[0])),
  minY: Math.min(...points.map((p) => p[1])),
  maxX: Math.max(...points.map((p) => p[0])),
  maxY: Math.max(...points.map((p) => p[1])),
});

/**
 * What a ray's row brings into view: `core`, its start and both hit points (the expected one, a
 * point or a fraction along the ray, and this run's), which must be seen; `whole`, that and the
 * ray's end, seen too when it fits at the current zoom (a ray's end may lie ±1e6 away).
 */
export function rayFocus(r: ReplayResult): { readonly core: AABB; readonly whole: AABB } {
  const { from, to, expect } = r.ray;
  const points: (readonly [number, number])[] = [from];
  if (expect?.point) points.push(expect.point);
  else if (expect?.fraction !== undefined) points.push([from[0] + (to[0] - from[0]) * expect.fraction, from[1] + (to[1] - from[1]) * expect.fraction]);
  if (r.hit) points.push([r.hit.point.x, r.hit.point.y]);
  return { core: boxOf(points), whole: boxOf([...points, to]) };
}

/** Screen pixels kept between a revealed ray and the canvas's edge. */
const REVEAL_MARGIN = 40;

/**
 * The view that shows a ray's start and hit points (rayFocus), its end too when that fits: the
 * view unchanged when they are in it already, else panned to centre them at the same zoom, zoomed
 * out only when they do not fit (as Tiled, Godot and LDtk do for a list's row).
 */
export function revealView(view: ViewState, width: number, height: number, focus: ReturnType<typeof rayFocus>): ViewState {
  const a = screenToWorld(view, { x: REVEAL_MARGIN, y: REVEAL_MARGIN }), b = screenToWorld(view, { x: width - REVEAL_MARGIN, y: height - REVEAL_MARGIN });
  const shown: AABB = { minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) };
  const inView = (box: AABB) => box.minX >= shown.minX && box.maxX <= shown.maxX && box.minY >= shown.minY && box.maxY <= shown.maxY;
  const fitsNow = (box: AABB) => (box.maxX - box.minX) * view.scale <= width - 2 * REVEAL_MARGIN && (box.maxY - box.minY) * view.scale <= height - 2 * REVEAL_MARGIN;
  if (inView(focus.whole)) return view;
  if (fitsNow(focus.whole)) return frameView(focus.whole, width, height, view, REVEAL_MARGIN);
  if (inView(focus.core)) return view;
  return frameView(focus.core, width, height, view, REVEAL_MARGIN);
}

/** Brings a ray into view (revealView) on the editor's canvas. */
function revealRay(editor: Editor, r: ReplayResult): void {
  const { width, height } = editor.canvasSize;
  if (width <= 0 || height <= 0) return;
  setView(editor, revealView(editor.getState().view, width, height, rayFocus(r)));
}

/** The log again with this run's results as the expectations, one ray per line. */
export function recordedText(list: readonly ReplayResult[]): string {
  return list.map((r) => `${rayLine(r.ray, expectationOf(r.hit))}\n`).join("");
}

/**
 * "rays.jsonl" → "rays.recorded" (the export adds the extension); a recorded log keeps its name,
 * so re-recording it again offers the same file, never "rays.recorded.recorded".
 */
export const recordedName = (logName: string): string => `${logName.replace(/\.(jsonl|json)$/i, "").replace(/\.recorded$/i, "") || "rays"}.recorded`;

/**
 * Makes a re-recorded log the open one, its name and its expectations (as `jest -u` or `insta
 * accept` make the accepted result the new snapshot), so every ray is ok against the scene it was
 * recorded from. The filters, the tolerance and the timeline's place stay; the selected ray stays
 * selected, under its line in the new file.
 */
export function acceptRecordedLog(editor: Editor, name: string, text: string): void {
  const { log, selected } = editor.replay.getState();
  const next = readRayLog(name, text);
  const index = log ? log.rays.findIndex((r) => r.line === selected) : -1;
  editor.replay.setState({ log: next, selected: next.rays[index]?.line ?? null });
}
