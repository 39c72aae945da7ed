// The editor's replay of a ray log, without a UI: results that follow the document's shapes,
// the status and tag filters, the timeline by frame, time or order, selection, re-recording.
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { emptyScene, formatProblem, mismatchLine, parseRayLine, vec2, type RayRecord, type Shape } from "../../core";
import { raycastScene } from "../core/scan-reference";
import { badLinesNamed, LISTED_BAD_LINES, receiveRayLog, rerecordRayLog, type RerecordPorts } from "../../renderer/app/replay-commands";
import { listLines, loadDocument, notifyWithList, select, updateShape } from "../../renderer/store/actions";
import { receiveImported, receiveOpened, useOpening } from "../../renderer/app/document-commands";
import {
  mismatchRowText,
  rayFocus,
  revealView,
  closeRayLog,
  playbackStepsPerSecond,
  raysViewBox,
  setTolerance,
  openRayLog,
  positionLabel,
  readRayLog,
  readRayLogInSteps,
  RAY_LINES_PER_STEP,
  recordedName,
  recordedText,
  replayResultsOf,
  selectRay,
  setPosition,
  setStatusFilter,
  setTagFilter,
  summaryOf,
  tagsOf,
  timelineOf,
  visibleResults,
} from "../../renderer/store/replay";
import { seededRandom } from "../seeded-random";
import { looksLikeScene, SCENE_HEAD_CHARS } from "../../core/replay/ray-log";
import { actionById } from "../../renderer/actions/registry";

let editor = new Editor();

// A wall whose left face is at x = 90, from y = −50 to 50.
const wall: Shape = { id: "wall", type: "box", x: 100, y: 0, rotation: 0, width: 20, height: 100 };
const post: Shape = { id: "post", type: "circle", x: 100, y: 300, rotation: 0, radius: 10 };

const LOG = [
  JSON.stringify({ id: "ok-1", from: [0, 0], to: [200, 0], frame: 1, tag: "door", expect: { hit: true, shape: "wall", point: [90, 0] } }),
  JSON.stringify({ id: "bad-1", from: [0, 40], to: [200, 40], frame: 2, tag: "jump", expect: { hit: false } }),
  "{ not json",
  "",
  JSON.stringify({ id: "free-1", from: [0, -200], to: [200, -200], frame: 3, tag: "door" }),
  JSON.stringify({ id: "no-from", to: [1, 1] }),
].join("\n");

const ids = (list: readonly { ray: { id: string } }[]) => list.map((r) => r.ray.id);
const view = () => editor.replay.getState();
/** The replay results with `shapes` as the document's. */
const resultsFor = (shapes: readonly Shape[], rays: readonly RayRecord[]) => {
  editor.update({ shapes }, { record: false });
  return editor.replayResults.of(shapes, rays);
};

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, { ...emptyScene(), shapes: [wall, post] }, { name: "level.json" });
  closeRayLog(editor);
});

describe("the replay store", () => {
  it("reads a log, skipping bad lines, and compares each ray with the document's shapes", () => {
    const log = readRayLog("rays.jsonl", LOG);
    expect(ids(log.rays.map((ray) => ({ ray })))).toEqual(["ok-1", "bad-1", "free-1"]);
    expect(log.problems.map((p) => p.line)).toEqual([3, 6]);
    openRayLog(editor, log);
    const results = replayResultsOf(editor);
    expect(results.map((r) => r.status)).toEqual(["ok", "mismatch", "unchecked"]);
    expect(results[1]!.mismatch?.kind).toBe("new-hit");
    expect(results[1]!.hit?.shape).toBe("wall");
    const summary = summaryOf(results);
    expect([summary.ok, summary.mismatch, summary.unchecked, summary.byKind["new-hit"]]).toEqual([1, 1, 1, 1]);
  });

  it("recomputes the results when the shapes change, and only then", () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    const first = replayResultsOf(editor);
    expect(replayResultsOf(editor)).toBe(first);
    select(editor, ["post"]);
    expect(replayResultsOf(editor)).toBe(first);
    updateShape(editor, "wall", { x: 500 });
    const moved = replayResultsOf(editor);
    expect(moved).not.toBe(first);
    expect(moved.map((r) => r.status)).toEqual(["mismatch", "ok", "unchecked"]);
    expect(moved[0]!.mismatch?.kind).toBe("lost-hit");
    updateShape(editor, "wall", { x: 105 });
    const shifted = replayResultsOf(editor);
    expect(shifted[0]!.mismatch).toEqual({ kind: "moved-point", distance: expect.closeTo(5, 6) as number });
  });

  it("after an edit of a few shapes, recasting only the rays near them gives what casting all of them does", () => {
    const random = seededRandom(8);
    const many: Shape[] = [];
    for (let i = 0; i < 120; i++) many.push({ id: `s${i}`, type: i % 2 ? "box" : "circle", x: random() * 1000, y: random() * 1000, rotation: 0, width: 30, height: 20, radius: 12 } as Shape);
    const rays: RayRecord[] = [];
    for (let i = 0; i < 400; i++) rays.push({ line: i + 1, id: `r${i}`, from: [random() * 1000, random() * 1000], to: [random() * 1000, random() * 1000], extra: {}, expect: { hit: false } });
    let shapes: readonly Shape[] = many;
    resultsFor(shapes, rays);
    for (let step = 0; step < 30; step++) {
      const k = Math.floor(random() * shapes.length);
      if (step % 10 === 9) shapes = shapes.filter((_, i) => i !== k); // a deletion
      else shapes = shapes.map((s, i) => (i === k ? { ...s, x: s.x + (random() - 0.5) * 200, y: s.y + (random() - 0.5) * 200 } : s));
      const incremental = resultsFor(shapes, rays).map((r) => r.hit?.shape ?? null);
      const full = rays.map((r) => raycastScene(shapes, vec2(r.from[0], r.from[1]), vec2(r.to[0], r.to[1]))[0]?.shape ?? null);
      expect(incremental).toEqual(full);
    }
  });

  it("filters by status and by tag", () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    const results = replayResultsOf(editor);
    expect(tagsOf(view().log!.rays)).toEqual(["door", "jump"]);
    setStatusFilter(editor, "mismatch");
    expect(ids(visibleResults(results, view()))).toEqual(["bad-1"]);
    setStatusFilter(editor, "unchecked");
    expect(ids(visibleResults(results, view()))).toEqual(["free-1"]);
    setStatusFilter(editor, "all");
    setTagFilter(editor, "door");
    expect(ids(visibleResults(results, view()))).toEqual(["ok-1", "free-1"]);
    setStatusFilter(editor, "ok");
    expect(ids(visibleResults(results, view()))).toEqual(["ok-1"]);
  });

  it("plays the timeline by frame, by time, or by order", () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    const t = timelineOf(view().log!.rays);
    expect(t).toEqual({ mode: "frame", steps: [1, 2, 3] });
    expect(view().position).toBe(2); // everything shown on opening
    setPosition(editor, 0);
    expect(positionLabel(t, 0)).toBe("Frame 1");
    expect(ids(visibleResults(replayResultsOf(editor), view()))).toEqual(["ok-1"]);
    setPosition(editor, 99);
    expect(view().position).toBe(2);

    const timed = [
      { id: "a", from: [0, 0], to: [1, 0], time: 0.5 },
      { id: "b", from: [0, 0], to: [1, 0], time: 0.25 },
      { id: "c", from: [0, 0], to: [1, 0], time: 0.25 },
      { id: "d", from: [0, 0], to: [1, 0] },
    ].map((r) => JSON.stringify(r)).join("\n");
    openRayLog(editor, readRayLog("timed.jsonl", timed));
    const tt = timelineOf(view().log!.rays);
    expect(tt).toEqual({ mode: "time", steps: [0.25, 0.5] });
    setPosition(editor, 0);
    expect(positionLabel(tt, 0)).toBe("Time 0.25");
    // A ray without a time is always shown.
    expect(ids(visibleResults(replayResultsOf(editor), view()))).toEqual(["b", "c", "d"]);

    const plain = ["x", "y", "z"].map((id) => JSON.stringify({ id, from: [0, 0], to: [1, 0] })).join("\n");
    openRayLog(editor, readRayLog("plain.jsonl", plain));
    const to = timelineOf(view().log!.rays);
    expect(to.mode).toBe("order");
    setPosition(editor, 1);
    expect(positionLabel(to, 1)).toBe("Ray 2 of 3");
    expect(ids(visibleResults(replayResultsOf(editor), view()))).toEqual(["x", "y"]);
  });

  it("selecting a ray selects the shape it hit (or the one it expected, for a lost hit)", () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    selectRay(editor, 2);
    expect(view().selected).toBe(2);
    expect(editor.getState().selection).toEqual(["wall"]);
    updateShape(editor, "wall", { x: 500 });
    select(editor, []);
    selectRay(editor, 1); // lost hit: the expected shape
    expect(editor.getState().selection).toEqual(["wall"]);
    selectRay(editor, 5); // unchecked, no hit
    expect(editor.getState().selection).toEqual([]);
  });

  it("re-records the log with this run's results as the expectations", () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    const text = recordedText(replayResultsOf(editor));
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(text.endsWith("\n")).toBe(true);
    const again = lines.map((l, i) => parseRayLine(l, i + 1));
    const rays = again.map((r) => (r.ok && r.ray ? r.ray : null));
    expect(rays.map((r) => r?.tag)).toEqual(["door", "jump", "door"]);
    expect(rays.map((r) => r?.frame)).toEqual([1, 2, 3]);
    expect(rays[1]!.expect).toMatchObject({ hit: true, shape: "wall", point: [90, 40] });
    expect(rays[2]!.expect).toEqual({ hit: false });
    // Replayed against the same scene, the recorded log matches throughout.
    openRayLog(editor, readRayLog("again.jsonl", text));
    expect(replayResultsOf(editor).map((r) => r.status)).toEqual(["ok", "ok", "ok"]);
    expect(recordedName("rays.jsonl")).toBe("rays.recorded");
    expect(recordedName("rays.recorded.jsonl")).toBe("rays.recorded");
  });

  it("a big log read in steps: the same rays and problems as in one go, with rising progress and a pause per step", async () => {
    const lines: string[] = [];
    for (let i = 0; i < 2.5 * RAY_LINES_PER_STEP; i++) lines.push(i % 997 === 5 ? "{ not json" : JSON.stringify({ id: `r${i}`, from: [i, 0], to: [i, 100], tag: i % 2 ? "a" : "b" }));
    const text = lines.join("\n") + "\n";
    const progress: number[] = [];
    let pauses = 0;
    const stepped = await readRayLogInSteps("big.jsonl", text, (f) => progress.push(f), async () => { pauses++; });
    const whole = readRayLog("big.jsonl", text);
    expect(stepped.rays).toEqual(whole.rays);
    expect(stepped.problems).toEqual(whole.problems);
    expect(stepped.problems.length).toBe(26);
    expect(pauses).toBe(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBe(0);
  });

  it("opening a picked big log waits for the stepped read, then opens it and clears the progress", async () => {
    const ray = (i: number) => JSON.stringify({ id: `ray-number-${i}`, from: [i, 0], to: [i, 100], tag: "a-rather-long-tag-to-fill-the-line" });
    const text = Array.from({ length: 8000 }, (_, i) => ray(i)).join("\n");
    expect(text.length).toBeGreaterThan(500_000);
    await receiveRayLog(editor, { kind: "done", value: { name: "big.jsonl", text } });
    expect(view().log?.rays).toHaveLength(8000);
    expect(useOpening.getState().opening).toBeNull();
    expect(editor.getState().notice).toBe("Opened ray log big.jsonl: 8,000 rays");
  });

  it("opening a picked file: a log of only bad lines is refused, every bad line in the problems list (the status line fades)", () => {
    receiveRayLog(editor, { kind: "done", value: { name: "junk.jsonl", text: "nope\n{}\n" } });
    expect(view().log).toBeNull();
    expect(editor.getState().notice).toBe("Could not open junk.jsonl: no ray read, 2 bad lines (see the list)");
    const junk = editor.getState().problems!;
    expect(junk.heading).toBe("Could not open junk.jsonl: no ray read, 2 bad lines");
    expect(junk.list.map((p) => formatProblem(p))).toEqual([expect.stringMatching(/^1:1: not valid JSON/), expect.stringMatching(/^2:/)]);
    receiveRayLog(editor, { kind: "done", value: { name: "rays.jsonl", text: LOG } });
    expect(view().log?.rays).toHaveLength(3);
    expect(editor.getState().notice).toBe("Opened ray log rays.jsonl: 3 rays (2 bad lines skipped)");
  });

  // A scene picked as the log had opened as "1 ray (29 bad lines skipped)", replacing the open log;
  // and a log opened after a refused one had left the refusal's list up.
  it("a scene, or a file of mostly bad lines, is refused and the open log kept; an open that works ends a failed open's list", async () => {
    await receiveRayLog(editor, { kind: "done", value: { name: "rays.jsonl", text: LOG } });
    const scene = JSON.stringify({ ...emptyScene(), shapes: [wall] }, null, 2);
    await receiveRayLog(editor, { kind: "done", value: { name: "level.json", text: scene } });
    expect(view().log?.name).toBe("rays.jsonl");
    expect(editor.getState().notice).toBe("level.json looks like a scene, not a ray log: open it with File → Open…; rays.jsonl stays open");
    const mostly = [JSON.stringify({ id: "a", from: [0, 0], to: [1, 0] }), "x", "y"].join("\n");
    await receiveRayLog(editor, { kind: "done", value: { name: "notes.jsonl", text: mostly } });
    expect(view().log?.name).toBe("rays.jsonl");
    expect(editor.getState().notice).toBe("Could not open notes.jsonl: 2 of 3 lines are bad (most lines must be rays); rays.jsonl stays open (see the list)");
    expect(editor.getState().problems?.list.map((p) => p.line)).toEqual([2, 3]);
    await receiveRayLog(editor, { kind: "done", value: { name: "rays.jsonl", text: LOG } });
    expect(editor.getState().problems).toBeNull();
    // Only the start is read: a log whose text names the format far down is no scene.
    expect(looksLikeScene(`${" ".repeat(SCENE_HEAD_CHARS)}"format": "collider-studio-scene"`)).toBe(false);
    // Half bad is still a log.
    await receiveRayLog(editor, { kind: "done", value: { name: "half.jsonl", text: mostly.split("\n").slice(0, 2).join("\n") } });
    expect(view().log?.name).toBe("half.jsonl");
  });

  // The list's kind, not its heading's words, says whether an opened log makes it stale.
  it("an open that works ends the list of any file that did not open (a scene, a map, a log), and keeps an outcome's notes", async () => {
    const opens = async (): Promise<void> => {
      await receiveRayLog(editor, { kind: "done", value: { name: "rays.jsonl", text: LOG } });
    };
    await receiveOpened(editor, { kind: "done", value: { name: "broken.json", text: '{"format": "collider-studio-scene", "version": 1, "shapes": [{"id": "a"}]}' } });
    expect(editor.getState().problems).toMatchObject({ kind: "open-failed", file: "broken.json" });
    await opens();
    expect(editor.getState().problems).toBeNull();
    await receiveImported(editor, { kind: "done", value: { name: "bad.tmj", text: "{" } });
    expect(editor.getState().problems).toMatchObject({ kind: "open-failed", file: "bad.tmj" });
    await opens();
    expect(editor.getState().problems).toBeNull();
    await receiveRayLog(editor, { kind: "done", value: { name: "junk.jsonl", text: "nope\n" } });
    expect(editor.getState().problems).toMatchObject({ kind: "open-failed", file: "junk.jsonl" });
    await opens();
    expect(editor.getState().problems).toBeNull();
    // A list whose heading happens to start "Could not open" but is an outcome's notes stays.
    notifyWithList(editor, "export", "Could not open everything: 1 warning", "Could not open everything", "level.tscn", listLines(["1 image without a sprite"]));
    await opens();
    expect(editor.getState().problems).toMatchObject({ kind: "export", heading: "Could not open everything" });
  });

  it("a log with more bad lines than the list shows counts the rest in its last line", () => {
    const text = Array.from({ length: LISTED_BAD_LINES + 5 }, () => "nope").join("\n");
    receiveRayLog(editor, { kind: "done", value: { name: "many.jsonl", text } });
    const list = editor.getState().problems!.list;
    expect(list).toHaveLength(LISTED_BAD_LINES + 1);
    expect(list[LISTED_BAD_LINES - 1]!.line).toBe(LISTED_BAD_LINES);
    expect(list.at(-1)).toEqual({ path: "", message: "and 5 more bad lines" });
  });
});

describe("a mismatch row says what changed", () => {
  const ray: RayRecord = { id: "fall-1", line: 1, from: [0, 0], to: [0, 10], expect: { hit: true, shape: "crate", point: [0, 5] }, extra: {} };
  const hit = (shape: string) => ({ shape, point: vec2(0, 4), normal: vec2(0, -1), fraction: 0.4, startedInside: false });

  it("other-shape: the shape expected and the one hit now; lost and new hits: nothing on their side; moved points: the distance", () => {
    expect(mismatchRowText({ ray, hit: hit("wall"), status: "mismatch", mismatch: { kind: "other-shape", distance: 1 } })).toBe("crate → wall");
    expect(mismatchRowText({ ray, hit: null, status: "mismatch", mismatch: { kind: "lost-hit" } })).toBe("crate → nothing");
    expect(mismatchRowText({ ray: { ...ray, expect: { hit: false } }, hit: hit("wall"), status: "mismatch", mismatch: { kind: "new-hit" } })).toBe("nothing → wall");
    expect(mismatchRowText({ ray, hit: hit("crate"), status: "mismatch", mismatch: { kind: "moved-point", distance: 2.5 } })).toBe("2.5");
  });
});

describe("the tolerance, playback and the view on opening", () => {
  it("the tolerance is the panel's (kept across logs), refuses what --tolerance refuses, and decides the verdicts", () => {
    // Expected 0.5 left of where the wall is now: a moved point at 0.01, ok at 1.
    const rays = readRayLog("t.jsonl", JSON.stringify({ id: "m", from: [0, 0], to: [200, 0], expect: { hit: true, shape: "wall", point: [89.5, 0] } }));
    openRayLog(editor, rays);
    expect(view().tolerance).toBe(0.01);
    expect(replayResultsOf(editor)[0]!.mismatch?.kind).toBe("moved-point");
    expect(setTolerance(editor, "-1")).toMatchObject({ ok: false });
    expect(setTolerance(editor, "abc")).toMatchObject({ ok: false });
    expect(setTolerance(editor, "1")).toEqual({ ok: true, value: 1 });
    expect(replayResultsOf(editor)[0]!.status).toBe("ok");
    expect(summaryOf(replayResultsOf(editor), view().tolerance).tolerance).toBe(1);
    closeRayLog(editor);
    openRayLog(editor, rays);
    expect(view().tolerance).toBe(1);
  });

  it("Play over a short timeline takes about three seconds; a long one runs at 30 steps a second", () => {
    expect(playbackStepsPerSecond(5)).toBeCloseTo(5 / 3);
    expect(playbackStepsPerSecond(2)).toBe(1);
    expect(playbackStepsPerSecond(1000)).toBe(30);
  });

  it("opening a log whose rays are all out of view fits the view to the level and the rays' starts; one in view keeps the view", () => {
    const far = readRayLog("far.jsonl", JSON.stringify({ id: "far", from: [5000, 5000], to: [5100, 5000] }));
    const before = editor.getState().view;
    openRayLog(editor, far);
    const after = editor.getState().view;
    expect(after).not.toEqual(before);
    const box = raysViewBox(editor.getState().shapes, far.rays)!;
    expect(box).toEqual({ minX: 90, minY: -50, maxX: 5000, maxY: 5000 });
    // The rays' starts are now on the canvas.
    const sx = 5000 * after.scale + after.x, sy = 5000 * after.scale + after.y;
    expect(sx).toBeGreaterThanOrEqual(0);
    expect(sx).toBeLessThanOrEqual(editor.canvasSize.width);
    expect(sy).toBeLessThanOrEqual(editor.canvasSize.height);
    openRayLog(editor, readRayLog("near.jsonl", JSON.stringify({ id: "near", from: [4990, 5000], to: [5010, 5000] })));
    expect(editor.getState().view).toEqual(after);
  });
});

describe("Save rays as ray log", () => {
  it("is enabled with no rays and says why there is nothing to save", async () => {
    const action = actionById("file.saveRaysAsLog");
    expect(action.enabled?.(editor) ?? true).toBe(true);
    action.run(editor);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(editor.getState().notice).toMatch(/^No rays to save as a ray log/);
  });
});

describe("Re-record", () => {
  /** Ports that answer the question with `answer` and keep what was written. */
  function ports(answer: boolean) {
    const asked: string[] = [];
    const written: { text: string; name: string }[] = [];
    const p: RerecordPorts = {
      confirm: (q) => (asked.push(q), answer),
      save: async (text, name) => (written.push({ text, name }), { kind: "done", value: { name: `${name}.jsonl` } }),
    };
    return { p, asked, written };
  }

  it("names a log's bad lines by count and line", () => {
    const problems = readRayLog("x.jsonl", LOG).problems;
    expect(badLinesNamed(problems.slice(0, 1))).toBe("1 bad line (line 3)");
    expect(badLinesNamed(problems)).toBe("2 bad lines (lines 3, 6)");
    const many = readRayLog("x.jsonl", "a\nb\nc\nd").problems;
    expect(badLinesNamed(many)).toBe("4 bad lines (lines 1, 2, 3, …)");
  });

  // Had written rays.recorded.jsonl without the bad lines and said "Re-recorded 3 rays": a
  // shorter baseline, silently (the CLI refuses such a log without --skip-bad-lines).
  it("a log with bad lines asks first; No writes nothing and says why", async () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    const { p, asked, written } = ports(false);
    await rerecordRayLog(editor, p);
    expect(asked).toEqual([expect.stringContaining("rays.jsonl has 2 bad lines (lines 3, 6) that would be left out of the new baseline rays.recorded.jsonl")]);
    expect(written).toEqual([]);
    expect(editor.getState().notice).toBe("Not re-recorded: 2 bad lines (lines 3, 6) would be left out of the new baseline: fix the log first");
  });

  it("a log with bad lines re-recorded once agreed: the notice counts what was written and what was left out", async () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    const { p, written } = ports(true);
    await rerecordRayLog(editor, p);
    expect(written.map((w) => w.text.trimEnd().split("\n").length)).toEqual([3]);
    expect(editor.getState().notice).toBe("rays.recorded.jsonl is the open log now: 3 rays re-recorded; 2 bad lines (lines 3, 6) left out");
  });

  it("a log without bad lines is written without a question", async () => {
    openRayLog(editor, readRayLog("good.jsonl", JSON.stringify({ id: "a", from: [0, 0], to: [200, 0] })));
    const { p, asked, written } = ports(false);
    await rerecordRayLog(editor, p);
    expect(asked).toEqual([]);
    expect(written.map((w) => w.name)).toEqual(["good.recorded"]);
    expect(editor.getState().notice).toBe("good.recorded.jsonl is the open log now: 1 ray re-recorded");
  });

  // Had kept comparing against the old expectations (mismatches still red), and a second
  // Re-record wrote rays.recorded.recorded.jsonl.
  it("the file written becomes the open log: its name, its expectations, every ray ok; a second Re-record offers the same name", async () => {
    openRayLog(editor, readRayLog("rays.jsonl", LOG));
    setStatusFilter(editor, "mismatch");
    selectRay(editor, 5);
    expect(summaryOf(replayResultsOf(editor)).mismatch).toBe(1);
    const { p, written } = ports(true);
    await rerecordRayLog(editor, p);
    expect(view().log?.name).toBe("rays.recorded.jsonl");
    expect(view().log?.problems).toEqual([]);
    const summary = summaryOf(replayResultsOf(editor));
    expect([summary.ok, summary.mismatch, summary.unchecked]).toEqual([3, 0, 0]);
    // The filter stays; free-1 (line 5 of the old file) is line 3 of the new one and stays selected.
    expect(view().status).toBe("mismatch");
    expect(view().selected).toBe(3);
    expect(view().log?.rays[2]!.id).toBe("free-1");
    await rerecordRayLog(editor, p);
    expect(written.map((w) => w.name)).toEqual(["rays.recorded", "rays.recorded"]);
    expect(written[1]!.text).toBe(written[0]!.text);
  });
});

// A click on a row of a ray off screen had selected its shape and left the view where it was.
describe("a ray's row brings it into view", () => {
  const hitAt = (x: number, y: number) => ({ shape: "wall", point: vec2(x, y), normal: vec2(-1, 0), fraction: 0.5, startedInside: false });
  const far: RayRecord = { id: "far-1", line: 7, tag: "door", from: [5000, 5000], to: [5200, 5000], expect: { hit: true, shape: "wall", point: [5150, 5000] }, extra: { name: "Door sight" } };
  const result = { ray: far, hit: hitAt(5100, 5000), status: "mismatch" as const, mismatch: { kind: "moved-point" as const, distance: 50 } };
  const W = 800, H = 600;
  const onScreen = (v: { x: number; y: number; scale: number }, [x, y]: readonly [number, number]) => {
    const sx = x * v.scale + v.x, sy = y * v.scale + v.y;
    return sx >= 0 && sx <= W && sy >= 0 && sy <= H;
  };

  it("its start and both hit points, and its end: the expected point or its fraction along the ray", () => {
    expect(rayFocus(result)).toEqual({ core: { minX: 5000, minY: 5000, maxX: 5150, maxY: 5000 }, whole: { minX: 5000, minY: 5000, maxX: 5200, maxY: 5000 } });
    const byFraction = { ...result, ray: { ...far, expect: { hit: true, fraction: 0.25 } }, hit: null };
    expect(rayFocus(byFraction).core).toEqual({ minX: 5000, minY: 5000, maxX: 5050, maxY: 5000 });
  });

  it("pans at the same zoom when it fits, keeps a view that shows it, zooms out only when it cannot fit", () => {
    const start = { x: 0, y: 0, scale: 2 };
    const panned = revealView(start, W, H, rayFocus(result));
    expect(panned.scale).toBe(2);
    for (const p of [far.from, far.to, [5150, 5000], [5100, 5000]] as const) expect(onScreen(panned, p)).toBe(true);
    expect(revealView(panned, W, H, rayFocus(result))).toBe(panned);
    // A ray whose end lies far off: its start and hits are shown at this zoom; the end is let go.
    const long = { ...result, ray: { ...far, to: [1e6, 5000] as const } };
    const v = revealView(start, W, H, rayFocus(long));
    expect(v.scale).toBe(2);
    expect(onScreen(v, far.from) && onScreen(v, [5150, 5000])).toBe(true);
    // Start and hits wider than the canvas at this zoom: zoomed out just enough.
    const wide = { ...result, ray: { ...far, to: [9000, 5000] as const, expect: { hit: true, shape: "wall", point: [8000, 5000] as const } } };
    const out = revealView(start, W, H, rayFocus(wide));
    expect(out.scale).toBeLessThan(2);
    expect(onScreen(out, far.from) && onScreen(out, [8000, 5000])).toBe(true);
  });

  it("selecting from the row moves the editor's view; from the canvas (no reveal) it does not", () => {
    openRayLog(editor, readRayLog("rays.jsonl", [JSON.stringify({ id: "near", from: [0, 0], to: [200, 0], expect: { hit: false } }), JSON.stringify({ id: "far", from: [4000, 4000], to: [4200, 4000], expect: { hit: true, shape: "wall", point: [4100, 4000] } })].join("\n")));
    const before = editor.getState().view;
    selectRay(editor, 2);
    expect(editor.getState().view).toBe(before);
    selectRay(editor, 2, true);
    const after = editor.getState().view;
    expect(after.scale).toBe(before.scale);
    expect(after).not.toEqual(before);
  });

  it("the row's tooltip names the ray by id, name and line, as the CLI does", () => {
    expect(mismatchLine(result)).toBe('far-1 "Door sight" (line 7, door): moved hit point: wall hit at (5100, 5000), 50 from the expected (5150, 5000)');
    expect(mismatchLine({ ...result, ray: { ...far, extra: {} } })).toMatch(/^far-1 \(line 7, door\): moved hit point/);
  });
});
