// The replay of a ray log in the editor, in Chromium: open a scene and a log over it, read the
// counts, filter, scrub the timeline, click a mismatching ray to select the shape it hit, drag a
// shape so a ray's hit changes and watch the counts follow, re-record.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseRayLine } from "../../core";
import { ARTIFACTS, CANVAS_TOP, editorSession, notice, pageErrors, ROOT, runCommand, savedShapes } from "./harness";

const session = editorSession();
const README_SCENE = resolve(ROOT, "test/export/fixtures/readme-example.json");

/** The canvas starts below the toolbar: world (x, y) is page (x, y + TOP) at the default view. */
const TOP = CANVAS_TOP;
/** Konva's layers: grid, shapes, contacts, probes, replay, handles. */
const REPLAY_LAYER = 4;

/** The RGBA of the replay layer at a world point. */
async function replayPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(([px, py, index]) => {
    const layer = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][index]!;
    const ratio = layer.width / layer.getBoundingClientRect().width;
    return [...layer.getContext("2d")!.getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data];
  }, [x, y, REPLAY_LAYER] as const);
}

/** How many pixels of the replay layer are drawn in a world box (at the default view). */
async function replayInk(page: Page, x0: number, y0: number, x1: number, y1: number): Promise<number> {
  return page.evaluate(([ax, ay, bx, by, index]) => {
    const layer = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][index]!;
    const ratio = layer.width / layer.getBoundingClientRect().width;
    const data = layer.getContext("2d")!.getImageData(Math.round(ax * ratio), Math.round(ay * ratio), Math.round((bx - ax) * ratio), Math.round((by - ay) * ratio)).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 40) n++;
    return n;
  }, [x0, y0, x1, y1, REPLAY_LAYER] as const);
}

/** Whether an RGBA is the selection's cyan (dark theme), or the mismatches' red. */
const isCyan = ([r, g, b, a]: number[]) => a! > 200 && r! < 100 && g! > 180 && b! > 200;
const isRed = ([r, g, b, a]: number[]) => a! > 200 && r! > 200 && g! < 100 && b! < 100;

// Over the README scene: the ground's top face is at y = 560; the ball (radius 24) is at (120, 300).
const LOG = [
  { id: "floor-1", from: [400, 400], to: [400, 700], frame: 1, tag: "floor", expect: { hit: true, shape: "ground", point: [400, 560] } },
  { id: "floor-2", from: [450, 400], to: [450, 700], frame: 2, tag: "floor", expect: { hit: true, shape: "ground", point: [450, 550] } },
  { id: "sight-1", from: [40, 300], to: [300, 300], frame: 2, tag: "sight", expect: { hit: false } },
  { id: "free-1", from: [700, 100], to: [700, 400], frame: 3, tag: "sight" },
].map((r) => JSON.stringify(r)).concat(["{ broken"]).join("\n");

describe("the replay view in Chromium", () => {
  it("opens a ray log over the scene, filters, scrubs, selects what a ray hit and follows edits", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^5 shapes/);
    expect(await page.getByRole("group", { name: /^Replay/ }).count()).toBe(0);

    const dir = mkdtempSync(join(tmpdir(), "replay-view-"));
    const file = join(dir, "qa-run.jsonl");
    writeFileSync(file, LOG);
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", file);
    const panel = page.getByRole("group", { name: "Replay: qa-run.jsonl" });
    await panel.waitFor();
    const summary = () => page.getByTestId("replay-summary").textContent();
    await expect.poll(summary).toBe("1 ok, 2 mismatches (1 new-hit, 1 moved-point), 1 unchecked");
    expect(await page.getByTestId("replay-skipped").textContent()).toMatch(/^1 bad line skipped; first: qa-run\.jsonl:5(:\d+)?: not valid JSON$/);
    expect(await page.getByTestId("replay-position").textContent()).toBe("Frame 3 · 4 rays shown");
    // The mismatch is drawn red over the canvas, before the ball.
    await expect.poll(async () => { const [r, g, b, a] = await replayPixel(page, 60, 300); return a! > 200 && r! > 200 && g! < 100 && b! < 100; }).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-view.png") });

    // Filters: the status filter changes the list; the tag filter too.
    const row = page.getByTestId("replay-row-sight-1");
    expect(await row.textContent()).toContain("new-hit");
    expect(await page.getByTestId("replay-row-floor-2").textContent()).toMatch(/moved-point\s*10$/);
    await page.getByLabel("Status filter").selectOption("ok");
    await row.waitFor({ state: "detached" });
    expect(await page.getByTestId("replay-position").textContent()).toBe("Frame 3 · 1 ray shown");
    await page.getByLabel("Status filter").selectOption("all");
    await page.getByLabel("Tag filter").selectOption("#floor");
    await row.waitFor({ state: "detached" });
    expect(await page.getByTestId("replay-position").textContent()).toBe("Frame 3 · 2 rays shown");
    await page.getByLabel("Tag filter").selectOption("");
    await row.waitFor();

    // The timeline: back to frame 1 hides the later rays, on the canvas too.
    const slider = page.getByLabel("Timeline");
    await slider.focus();
    await page.keyboard.press("Home");
    await expect.poll(() => page.getByTestId("replay-position").textContent()).toBe("Frame 1 · 1 ray shown");
    await row.waitFor({ state: "detached" });
    await expect.poll(async () => (await replayPixel(page, 60, 300))[3]).toBe(0);
    // Play runs the timeline to its end (a short timeline in about three seconds).
    await page.getByRole("button", { name: "Play" }).click();
    await expect.poll(() => page.getByTestId("replay-position").textContent(), { timeout: 8000 }).toBe("Frame 3 · 4 rays shown");
    await row.waitFor();
    await page.getByRole("button", { name: "Play" }).waitFor();

    // A mismatch's row selects the ray (drawn cyan) and the shape it hit.
    await row.click();
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await expect.poll(() => page.getByRole("group", { name: "Inspector" }).textContent()).toContain("ball");
    await expect.poll(async () => isCyan(await replayPixel(page, 60, 300))).toBe(true);
    // Clicking the ray on the canvas does the same (after the selection is cleared). The cleared
    // selection ends the ray's too: red again, its row unmarked (had stayed cyan at "0 selected").
    await page.mouse.click(850, 150 + TOP); // empty canvas: clears the selection
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("0 selected");
    await expect.poll(async () => isRed(await replayPixel(page, 60, 300))).toBe(true);
    expect(await row.getAttribute("class")).toBeNull();
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-selection-cleared.png") });
    await page.mouse.click(60, 300 + TOP);
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await expect.poll(async () => isCyan(await replayPixel(page, 60, 300))).toBe(true);
    expect(await row.getAttribute("class")).toBe("selected");
    // Escape (select none) ends it as well.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("0 selected");
    await expect.poll(async () => isRed(await replayPixel(page, 60, 300))).toBe(true);
    await page.mouse.click(60, 300 + TOP);
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");

    // Dragging the ball off the ray (grabbed off the ray's line): the ray now misses, as expected.
    await page.mouse.move(120, 315 + TOP);
    await page.mouse.down();
    await page.mouse.move(120, 215 + TOP, { steps: 6 });
    await page.mouse.up();
    await expect.poll(summary).toBe("2 ok, 1 mismatch (1 moved-point), 1 unchecked");
    await row.waitFor({ state: "detached" });
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-view-after-drag.png") });

    // Re-record: the log's bad line would be left out of the new baseline, so it asks first; No
    // writes nothing (had written a shorter baseline without a word).
    const questions: string[] = [];
    let answer = false;
    page.on("dialog", (d) => {
      questions.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
    await page.getByRole("button", { name: "Re-record" }).click();
    await expect.poll(() => notice(page)).toBe("Not re-recorded: 1 bad line (line 5) would be left out of the new baseline: fix the log first");
    expect(questions).toEqual([expect.stringMatching(/^qa-run\.jsonl has 1 bad line \(line 5\) that would be left out of the new baseline qa-run\.recorded\.jsonl\./)]);
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-rerecord-refused.png") });
    // Yes: the log with this run's results as expectations, and the bad line counted.
    answer = true;
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Re-record" }).click();
    const saved = await download;
    await expect.poll(() => notice(page)).toBe("qa-run.recorded.jsonl is the open log now: 4 rays re-recorded; 1 bad line (line 5) left out");
    expect(saved.suggestedFilename()).toBe("qa-run.recorded.jsonl");
    const lines = readFileSync((await saved.path())!, "utf8").trimEnd().split("\n");
    const rays = lines.map((l, i) => parseRayLine(l, i + 1));
    expect(rays.map((r) => (r.ok && r.ray ? [r.ray.id, r.ray.expect?.hit, r.ray.expect?.shape] : null))).toEqual([
      ["floor-1", true, "ground"],
      ["floor-2", true, "ground"],
      ["sight-1", false, undefined],
      ["free-1", false, undefined],
    ]);
    // The recorded log is now the open one (had kept the old expectations, the mismatch still red).
    await page.getByRole("group", { name: "Replay: qa-run.recorded.jsonl" }).waitFor();
    await expect.poll(summary).toBe("4 ok, 0 mismatches, 0 unchecked");
    expect(await page.getByTestId("replay-skipped").count()).toBe(0);
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-rerecorded.png") });
    // Again: no question (no bad line left), and the same name (had been qa-run.recorded.recorded.jsonl).
    const again = page.waitForEvent("download");
    await page.getByRole("button", { name: "Re-record" }).click();
    expect((await again).suggestedFilename()).toBe("qa-run.recorded.jsonl");
    expect(questions).toHaveLength(2);

    // Close: the panel goes.
    await runCommand(page, "Close ray log");
    await expect.poll(() => page.getByRole("group", { name: /^Replay/ }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  // A scene picked as the log had opened as "1 ray (29 bad lines skipped)" in place of the open
  // log; a refused log's problems list had stayed up after a log opened.
  it("a scene picked as a ray log, or a file of mostly bad lines, is refused and the open log stays; a log that opens ends the refusal's list", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^5 shapes/);
    const dir = mkdtempSync(join(tmpdir(), "replay-refuse-"));
    writeFileSync(join(dir, "qa-run.jsonl"), LOG);
    writeFileSync(join(dir, "notes.jsonl"), ["{ not json", "nor this", LOG.split("\n")[0]].join("\n"));
    const openLog = async (file: string) => {
      await runCommand(page, "Open ray log");
      await page.setInputFiles("#ray-log-input", file);
    };
    await openLog(join(dir, "qa-run.jsonl"));
    const panel = page.getByRole("group", { name: "Replay: qa-run.jsonl" });
    await panel.waitFor();
    await openLog(README_SCENE);
    await expect.poll(() => notice(page)).toBe("readme-example.json looks like a scene, not a ray log: open it with File → Open…; qa-run.jsonl stays open");
    expect(await page.getByTestId("replay-summary").textContent()).toBe("1 ok, 2 mismatches (1 new-hit, 1 moved-point), 1 unchecked");
    await openLog(join(dir, "notes.jsonl"));
    await expect.poll(() => notice(page)).toBe("Could not open notes.jsonl: 2 of 3 lines are bad (most lines must be rays); qa-run.jsonl stays open (see the list)");
    const problems = page.getByRole("alert", { name: "Problems" });
    await problems.waitFor();
    await panel.waitFor();
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-refused-open.png") });
    await openLog(join(dir, "qa-run.jsonl"));
    await expect.poll(() => notice(page)).toBe("Opened ray log qa-run.jsonl: 4 rays (1 bad line skipped)");
    await problems.waitFor({ state: "detached" });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  // A row's click had selected the shape and left the view where it was; a row had wrapped its
  // kind ("lost-" / "hit"), and named the ray only by its name, which a CI failure does not give.
  it("a mismatch's row brings its ray into view at the same zoom; a row stays on one line and its tooltip names the ray by id and line", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^5 shapes/);
    const dir = mkdtempSync(join(tmpdir(), "replay-reveal-"));
    const far = { id: "far-17", name: "Sight line from the far east watchtower", from: [3000, 2000], to: [3200, 2000], tag: "sight", expect: { hit: true, shape: "ground", point: [3100, 2000] } };
    writeFileSync(join(dir, "far.jsonl"), [LOG.split("\n")[2], JSON.stringify(far)].join("\n"));
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", join(dir, "far.jsonl"));
    await expect.poll(() => page.getByTestId("replay-summary").textContent()).toBe("0 ok, 2 mismatches (1 lost-hit, 1 new-hit), 0 unchecked");
    const zoom = await page.getByTestId("zoom").textContent();
    const row = page.getByTestId("replay-row-far-17");
    // One line: as tall as the short row, its kind whole, its long name cut with an ellipsis.
    const near = await page.getByTestId("replay-row-sight-1").boundingBox();
    expect((await row.boundingBox())!.height).toBe(near!.height);
    const kind = row.locator(".ray-kind");
    expect(await kind.textContent()).toBe("lost-hit");
    expect(await kind.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await row.locator(".ray-name").evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === "ellipsis")).toBe(true);
    expect(await row.getAttribute("title")).toBe('far-17 "Sight line from the far east watchtower" (line 2, sight): lost hit: expected ground at (3100, 2000), the ray now hits nothing: ground is in the scene but no longer on the ray');
    // The ray is off screen; its row brings it to the middle of the canvas, at the same zoom.
    await row.click();
    const canvas = (await page.locator(".canvas").boundingBox())!;
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await expect.poll(() => page.getByTestId("cursor").textContent()).toBe("3100, 2000");
    expect(await page.getByTestId("zoom").textContent()).toBe(zoom);
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-row-reveal.png") });
    // Shown already: another click keeps the view.
    await row.click();
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await expect.poll(() => page.getByTestId("cursor").textContent()).toBe("3100, 2000");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a shape a drawn ray crosses is still picked and dragged there; the ray is picked where no shape is", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^5 shapes/);
    const dir = mkdtempSync(join(tmpdir(), "replay-cross-"));
    const file = join(dir, "masked.jsonl");
    // Mask 0 sees nothing: the ray is drawn whole, across the ball (radius 24 at (120, 300)).
    writeFileSync(file, JSON.stringify({ id: "masked", from: [40, 310], to: [300, 310], mask: 0, expect: { hit: false } }));
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", file);
    await expect.poll(() => page.getByTestId("replay-summary").textContent()).toBe("1 ok, 0 mismatches, 0 unchecked");
    // Pressed on the ray where it crosses the ball: the ball is picked and dragged up 60.
    await page.mouse.move(120, 310 + TOP);
    await page.mouse.down();
    await page.mouse.move(120, 250 + TOP, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => page.getByRole("group", { name: "Inspector" }).textContent()).toContain("ball");
    const [ball] = (await savedShapes(page)).filter((s) => s.id === "ball");
    expect(ball!.y).toBe(240);
    // Off the ball, the ray is picked: no shape is selected (a ray that hit nothing selects none), nothing
    // moves, and the status bar names the ray (it had said "0 selected" with the ray drawn selected).
    await page.mouse.click(250, 310 + TOP);
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("replay ray masked selected");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("saves the scene's rays as a ray log with their hits, which then opens all ok", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^5 shapes/);
    // A ray down onto the ground, drawn with the Ray tool.
    await page.keyboard.press("r");
    await page.mouse.move(400, 400 + TOP);
    await page.mouse.down();
    await page.mouse.move(400, 700 + TOP, { steps: 5 });
    await page.mouse.up();
    const download = page.waitForEvent("download");
    await runCommand(page, "Save rays as ray log");
    const saved = await download;
    expect(saved.suggestedFilename()).toBe("readme-example.rays.jsonl");
    const text = readFileSync((await saved.path())!, "utf8");
    const rays = text.trimEnd().split("\n").map((l, i) => parseRayLine(l, i + 1));
    // The scene's own ray first, then the one drawn.
    expect(rays).toHaveLength(2);
    expect(rays.map((r) => (r.ok && r.ray ? [r.ray.expect?.hit, r.ray.expect?.shape] : null))[1]).toEqual([true, "ground"]);
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Saved 2 rays with their hits as a ray log to readme-example\.rays\.jsonl/);
    // Opened over the same scene: every ray as recorded.
    const dir = mkdtempSync(join(tmpdir(), "replay-save-"));
    writeFileSync(join(dir, "baseline.jsonl"), text);
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", join(dir, "baseline.jsonl"));
    await expect.poll(() => page.getByTestId("replay-summary").textContent()).toMatch(/^2 ok, 0 mismatches/);
    // A passing ray is dashed (the probe under it is solid): along the drawn ray's line, the replay
    // layer has gaps. The legend says which is which.
    const along = await Promise.all(Array.from({ length: 30 }, (_, i) => replayPixel(page, 400, 420 + i)));
    expect(along.some((p) => p[3]! > 100) && along.some((p) => p[3] === 0)).toBe(true);
    expect(await page.getByTestId("replay-legend").textContent()).toBe("okmismatchuncheckedexpected hitscene probe");
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-over-own-probes.png") });
    // The ball moved off the scene's ray "door line of sight" (40, 300 → 700, 300): the replayed
    // ray on it is a lost hit, drawn red, but labelled once, by the probe (the two labels had
    // been drawn one over the other, red over green): nothing of the replay layer near its start.
    await page.keyboard.press("v");
    await page.mouse.move(120, 315 + TOP);
    await page.mouse.down();
    await page.mouse.move(120, 215 + TOP, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId("replay-summary").textContent()).toMatch(/^1 ok, 1 mismatch \(1 lost-hit\)/);
    await expect.poll(async () => isRed(await replayPixel(page, 300, 300))).toBe(true);
    expect(await replayInk(page, 110, 280, 220, 296)).toBe(0);
    expect(await replayInk(page, 110, 304, 220, 320)).toBe(0);
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-mismatch-on-probe.png"), clip: { x: 0, y: TOP + 240, width: 520, height: 140 } });
    // A mismatch from the probe's start but elsewhere: labelled, below its start, where no probe label is.
    writeFileSync(join(dir, "beside.jsonl"), JSON.stringify({ id: "beside", from: [40, 300], to: [700, 330], expect: { hit: true, shape: "ball", point: [96, 300] } }));
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", join(dir, "beside.jsonl"));
    await expect.poll(() => page.getByTestId("replay-summary").textContent()).toMatch(/^0 ok, 1 mismatch/);
    await expect.poll(() => replayInk(page, 46, 306, 86, 318)).toBeGreaterThan(20);
    expect(await replayInk(page, 110, 280, 220, 296)).toBe(0);
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-label-beside-probe.png"), clip: { x: 0, y: TOP + 240, width: 520, height: 140 } });
    expect(pageErrors(page)).toEqual([]);
  });

  it("sums the mismatches by shape above the rows; a shape clicked (or pressed) lists only its rays and selects it, again lists all", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^5 shapes/);
    // 30 rays onto the ground, each expecting it 1 to 5 above its face; 4 onto the ramp, 60 off;
    // one on each of four platforms the scene lacks; two that miss, as expected.
    const rays = [
      ...Array.from({ length: 30 }, (_, i) => ({ id: `floor-${i}`, from: [360 + i * 5, 530], to: [360 + i * 5, 700], expect: { hit: true, shape: "ground", point: [360 + i * 5, 559 - (i % 5)] } })),
      ...Array.from({ length: 4 }, (_, i) => ({ id: `ramp-${i}`, from: [600 + i * 10, 400], to: [600 + i * 10, 700], expect: { hit: true, shape: "ramp", point: [600 + i * 10, 450] } })),
      ...[1, 2, 3, 4].map((k) => ({ id: `plat-${k}-ray`, from: [680 + k * 20, 100], to: [680 + k * 20, 200], expect: { hit: true, shape: `plat-${k}`, point: [680 + k * 20, 150] } })),
      ...[0, 1].map((i) => ({ id: `clear-${i}`, from: [300 + i * 20, 100], to: [300 + i * 20, 200], expect: { hit: false } })),
    ];
    const dir = mkdtempSync(join(tmpdir(), "replay-shapes-"));
    writeFileSync(join(dir, "moved.jsonl"), rays.map((r) => JSON.stringify(r)).join("\n"));
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", join(dir, "moved.jsonl"));
    await expect.poll(() => page.getByTestId("replay-summary").textContent()).toBe("2 ok, 38 mismatches (4 lost-hit, 34 moved-point), 0 unchecked");
    // The first five shapes, most rays first, as `collider-studio replay` sums them; then the rest counted.
    const byShape = page.getByRole("list", { name: "Mismatches by shape" });
    expect(await byShape.getByRole("button").allTextContents()).toEqual([
      "ground: 30 rays: moved-point 30 (1–5, median 3)",
      expect.stringMatching(/^ramp: 4 rays: moved-point 4 \(/),
      "plat-1: 1 ray: lost-hit 1",
      "plat-2: 1 ray: lost-hit 1",
      "plat-3: 1 ray: lost-hit 1",
    ]);
    expect(await page.getByTestId("replay-shapes-more").textContent()).toBe("and 1 more shape (1 ray)");
    const rows = page.getByRole("list", { name: "Mismatching rays" }).getByRole("button");
    expect(await rows.count()).toBe(38);
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-by-shape.png") });
    // Clicked: only the ramp's rays are listed, and the ramp is selected.
    const ramp = page.getByTestId("replay-shape-ramp");
    await ramp.click();
    await expect.poll(() => rows.count()).toBe(4);
    expect(await ramp.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await expect.poll(() => page.getByRole("group", { name: "Inspector" }).textContent()).toContain("ramp");
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-by-shape-picked.png") });
    // Clicked again: every row again.
    await ramp.click();
    await expect.poll(() => rows.count()).toBe(38);
    expect(await ramp.getAttribute("aria-pressed")).toBe("false");
    // By keyboard: Tab to the ground's line, Space picks it, Enter lets it go (Enter had run Finish shape instead).
    await ramp.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    const ground = page.getByTestId("replay-shape-ground");
    await expect.poll(() => ground.getAttribute("aria-pressed")).toBe("true");
    expect(await rows.count()).toBe(30);
    await page.keyboard.press("Enter");
    await expect.poll(() => ground.getAttribute("aria-pressed")).toBe("false");
    expect(await rows.count()).toBe(38);
    // A shape the scene lacks filters the rows and selects nothing.
    await page.getByTestId("replay-shape-plat-2").click();
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringMatching(/^plat-2-raylost-hitplat-2 → nothing$/)]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("the Tolerance field sets how far a hit point may move (as --tolerance), and the counts follow", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^5 shapes/);
    const dir = mkdtempSync(join(tmpdir(), "replay-tolerance-"));
    writeFileSync(join(dir, "qa-run.jsonl"), LOG);
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", join(dir, "qa-run.jsonl"));
    const summary = () => page.getByTestId("replay-summary").textContent();
    await expect.poll(summary).toBe("1 ok, 2 mismatches (1 new-hit, 1 moved-point), 1 unchecked");
    const field = page.getByTestId("replay-tolerance");
    expect(await field.inputValue()).toBe("0.01");
    // floor-2 expected the ground 10 above where it is: within a tolerance of 10, ok.
    await field.fill("10");
    await field.press("Enter");
    await expect.poll(summary).toBe("2 ok, 1 mismatch (1 new-hit), 1 unchecked");
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-tolerance.png") });
    await field.fill("-1");
    await field.press("Enter");
    expect(await summary()).toBe("2 ok, 1 mismatch (1 new-hit), 1 unchecked");
    // Re-record acts on its first click while the field holds the refused value (the click had been
    // lost: the field's message went on the press, moving the button from under the pointer).
    page.on("dialog", (d) => void d.accept());
    const rerecord = page.getByRole("button", { name: "Re-record" });
    const download = page.waitForEvent("download", { timeout: 3000 });
    await rerecord.click();
    expect((await download).suggestedFilename()).toBe("qa-run.recorded.jsonl");
    expect(await field.inputValue()).toBe("10");
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-tolerance-rerecord.png") });
    // A value that applies on the press and grows the list above the button: one click still.
    await runCommand(page, "Open ray log");
    await page.setInputFiles("#ray-log-input", join(dir, "qa-run.jsonl"));
    await expect.poll(summary).toBe("2 ok, 1 mismatch (1 new-hit), 1 unchecked");
    await field.fill("0.01");
    const again = page.waitForEvent("download", { timeout: 3000 });
    await rerecord.click();
    expect((await again).suggestedFilename()).toBe("qa-run.recorded.jsonl");
    expect(await field.inputValue()).toBe("0.01");
    expect(pageErrors(page)).toEqual([]);
  });
});
