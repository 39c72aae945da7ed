// `npm run bench:editor [-- --baseline <git-ref>] [--rounds <n>]`: the editor at scale, measured
// in Chromium on the built editor (run `npm run build` first), driven through the DOM only.
//
// What it measures, frame times from requestAnimationFrame timestamps collected in the page:
// - a seeded 10,000-shape scene: the open (to drawn, to overlaps shown), and one shape dragged
//   across it for about 3 s;
// - a seeded 100,000-shape scene: the open; a marquee drag with the Select tool, pressed on empty
//   canvas and moved as a 60 Hz mouse reports for about 3 s (it must select shapes); 20 single
//   clicks on different shapes, each timed from its mouseup (and from its mousedown) to the second
//   frame after the release, checking that the Inspector names the clicked shape by then; then
//   pans at 100 %, wheel zoom, and pans zoomed out to 12.5 %;
// - an empty scene, then the same with an 8192 × 8192 PNG dropped on it (issue 24): pans at 100 %
//   and wheel zoom 100 %↔12 % for about 3 s each, the image's against the empty scene's;
// - a scene whose Tiled map backdrop has 1,000 × 1,000 tiles (issue 25): the open (Open Scene in
//   Folder… with stand-in folder handles) to the visible chunks drawn, then pans at 100 % and
//   wheel zoom, beside the empty scene's measured on the same page;
// - in Node, on this checkout: parseScene of the 100,000 shapes, and the core's share of a drag
//   step (the world's overlap update and probes).
// Click targets and the marquee's empty start are worked out in Node from the seeded scene with
// the core's geometry (editor-targets.ts).
//
// Flags:
// --baseline <ref>  also builds <ref>'s editor in a temporary git worktree (removed at the end)
//                   and measures both builds in turn, current and baseline alternating
//                   (current, baseline, baseline, current, … so a drift in the machine's load
//                   falls on both); prints each figure for both, with current ÷ baseline.
// --rounds <n>      how many times each build is measured: 3 with a baseline, 1 without;
//                   figures are medians over the rounds, with their range.
// --only tiled-map  only the Tiled map's case (and its empty scene beside it).
// --minimap         every page (but the Tiled map's) with View → Mini-map on: its frames against a run without.
// Screenshots of the first round go to test-results/ (bench-*.png; bench-baseline-*.png).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Page } from "playwright-core";
import { CollisionWorld, parseScene, type Scene } from "../../core";
import { findOverlaps } from "../core/scan-reference";
import { PAGE_JS_FLAGS } from "../../electron/engine-flags";
import { fakeFolder } from "../e2e/fake-folder";
import { ARTIFACTS, launchBrowser, newEditorPage, serveEditor } from "../e2e/harness";
import { benchAtlasPng, benchMapScene, benchMapText, BENCH_MAP_SIDE } from "./editor-tiled-map";
import { buildBaseline, currentBuild, type Build } from "./editor-baseline";
import { benchPage, benchSetup, clickTimed, dropPatternImage, nextFrames, openTimed, startFrames, stopFrames, summarise, sweepMouse, sweepMouse60Hz, type Frames, type Opened } from "./editor-page";
import { scaleScene, scaleSceneText } from "./editor-scenes";
import { CANVAS_TOP, SceneTargets, type Target } from "./editor-targets";

/** One named figure of a case. */
interface Figure {
  readonly label: string;
  readonly value: number;
}

/** One case of a run: its frame times if it has any, its other figures, and its note made from them. */
interface Row {
  readonly name: string;
  readonly frames: Frames | null;
  readonly figures: readonly Figure[];
  readonly note: (values: readonly number[]) => string;
  /** What `frames.count` counts, when not frames. */
  readonly counts?: string;
}

/** What every measured build is given: the scene files and where to point in them. */
interface Inputs {
  readonly smallFile: string;
  readonly small: number;
  readonly grab: Target;
  readonly bigFile: string;
  readonly big: number;
  readonly marqueeFrom: { readonly x: number; readonly y: number };
  readonly clicks: readonly Target[];
}

const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "n/a");
const ms = (v: number) => v.toFixed(0);
const median = (values: readonly number[]) => summarise(values).median;

const openRow = (name: string, o: Opened): Row => ({
  name,
  frames: null,
  figures: [
    { label: "ms to drawn", value: o.ms },
    { label: "ms to overlaps shown", value: o.flagged },
    { label: "longest frame to drawn", value: o.longestFrame },
    { label: "longest frame, drawn to overlaps", value: o.longestAfterDrawn },
  ],
  note: ([drawn, flagged, longest, after]) =>
    `${ms(drawn!)} ms to drawn, ${ms(flagged!)} ms to overlaps shown; longest frame ${ms(longest!)} ms to drawn, ${ms(after!)} ms from drawn to overlaps`,
});

/** The number in a status or Inspector text ("23 selected", "23 shapes (boxes)"); 1 for a single shape's line. */
const countIn = (text: string): number => Number(/^(\d+) /.exec(text)?.[1] ?? (text ? 1 : 0));

async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? "";
}

/** Escape, and waits until the status bar shows nothing selected. */
async function selectNone(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.getByTestId("selection-count").filter({ hasText: /^0 selected$/ }).waitFor();
}

/**
 * A target worked out for a canvas whose top is at CANVAS_TOP, moved to where this build's canvas
 * starts (a web menu bar above the toolbar moves it down).
 */
async function onCanvas<T extends { readonly x: number; readonly y: number }>(page: Page, target: T): Promise<T> {
  const top = (await page.locator(".canvas").boundingBox())?.y ?? CANVAS_TOP;
  return { ...target, y: target.y + top - CANVAS_TOP };
}

/** The 10,000-shape cases on a new page: open, then drag one shape for ~3 s. */
async function measureSmall(browser: Browser, url: string, inputs: Inputs, shot: (page: Page, name: string) => Promise<void>): Promise<Row[]> {
  const rows: Row[] = [];
  const page = await benchPage(browser, url);
  rows.push(openRow(`open ${inputs.small.toLocaleString("en")} shapes`, await openTimed(page, inputs.smallFile, inputs.small)));
  await page.waitForTimeout(500);
  await shot(page, "10k");

  const grab = await onCanvas(page, inputs.grab);
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 4, grab.y + 4);
  await startFrames(page);
  const moves = await sweepMouse(page, 3000, (t) => [grab.x + 300 * Math.sin(2 * Math.PI * t), grab.y + 150 * Math.sin(4 * Math.PI * t)]);
  const drag = summarise(await stopFrames(page));
  await shot(page, "10k-drag");
  await page.mouse.up();
  const selected = await textOf(page, "selection-count");
  rows.push({
    name: "drag 1 shape, 10,000 shapes",
    frames: drag,
    figures: [{ label: "pointer moves", value: moves }],
    note: ([m]) => `${ms(m!)} pointer moves, ${selected} (${grab.shape.id})`,
  });
  await page.close();
  return rows;
}

/** The marquee: pressed on empty canvas, moved at 60 Hz for ~3 s, released; it must select shapes. */
async function measureMarquee(page: Page, from: { x: number; y: number }): Promise<Row> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await nextFrames(page, 2);
  // A press on a shape or probe would select it (and drag it) instead of starting a marquee.
  const atPress = await textOf(page, "selection-count");
  if (atPress !== "0 selected") throw new Error(`the marquee's press at (${from.x}, ${from.y}) was not on empty canvas: ${atPress}`);
  await page.mouse.move(from.x + 4, from.y + 4);
  await startFrames(page);
  const moves = await sweepMouse60Hz(page, 3000, (t) => [
    from.x + 40 + 400 * t + 20 * Math.sin(6 * Math.PI * t),
    from.y + 30 + 230 * t + 20 * Math.cos(6 * Math.PI * t),
  ]);
  const marquee = summarise(await stopFrames(page));
  await page.mouse.up();
  await nextFrames(page, 2);
  const what = await textOf(page, "inspector-what").catch(() => "");
  const selected = countIn(await textOf(page, "selection-count"));
  if (countIn(what) === 0 || selected === 0) throw new Error(`the marquee selected nothing (Inspector: "${what}", ${selected} selected)`);
  return {
    name: "marquee drag, 100,000 shapes",
    frames: marquee,
    figures: [{ label: "pointer moves", value: moves }, { label: "selected", value: selected }],
    note: ([m, n]) => `${ms(m!)} pointer moves (60 Hz) from empty canvas at (${from.x}, ${from.y}); ${ms(n!)} selected ("${what}")`,
  };
}

/** Single clicks on different shapes: release to the second frame, and whether the Inspector names the shape by then. */
async function measureClicks(page: Page, targets: readonly Target[]): Promise<Row> {
  const fromRelease: number[] = [], fromPress: number[] = [], untilShown: number[] = [];
  let shown = 0;
  for (const t of targets) {
    const want = `${t.shape.type} ${t.shape.id}`;
    const c = await clickTimed(page, t.x, t.y, want);
    if (!Number.isFinite(c.untilShown)) throw new Error(`a click at (${t.x}, ${t.y}) did not select ${t.shape.id} within 2 s (Inspector: "${c.what}")`);
    fromRelease.push(c.fromRelease);
    fromPress.push(c.fromPress);
    untilShown.push(c.untilShown);
    if (c.shown) shown++;
  }
  const n = targets.length;
  return {
    name: "click a shape, 100,000 shapes (release to 2nd frame)",
    frames: summarise(fromRelease),
    counts: "clicks",
    figures: [
      { label: "median press to 2nd frame after release", value: median(fromPress) },
      { label: "clicks shown by the 2nd frame", value: shown },
      { label: "max release to Inspector showing it", value: summarise(untilShown).max },
    ],
    note: ([press, k, slowest]) => `${n} clicks: ${ms(k!)}/${n} showed the shape in the Inspector by the 2nd frame, all within ${ms(slowest!)} ms; press to that frame median ${f(press!)} ms`,
  };
}

/** The 100,000-shape cases on a new page: open, marquee, clicks, then pans and zoom. */
async function measureBig(browser: Browser, url: string, inputs: Inputs, shot: (page: Page, name: string) => Promise<void>): Promise<Row[]> {
  const rows: Row[] = [];
  const page = await benchPage(browser, url);
  rows.push(openRow(`open ${inputs.big.toLocaleString("en")} shapes`, await openTimed(page, inputs.bigFile, inputs.big)));
  await page.waitForTimeout(500);
  await shot(page, "100k");

  // The marquee and the clicks aim at the fresh view: before any pan or zoom.
  rows.push(await measureMarquee(page, await onCanvas(page, inputs.marqueeFrom)));
  await shot(page, "100k-marquee");
  await selectNone(page);
  rows.push(await measureClicks(page, await Promise.all(inputs.clicks.map((t) => onCanvas(page, t)))));
  await selectNone(page);

  const pan = await middlePan(page);
  rows.push({ name: "pan at 100 %, 100,000 shapes", frames: pan, figures: [], note: () => "" });

  await startFrames(page);
  const zoomStart = Date.now();
  let wheels = 0;
  while (Date.now() - zoomStart < 3000) {
    // Out to 1/8 and back in, a preset a notch (100, 75, 50, 33, 25, 12.5 %), over and over.
    const phase = Math.floor(wheels / 5) % 2;
    await page.mouse.wheel(0, phase === 0 ? 100 : -100);
    wheels++;
    await page.waitForTimeout(16);
  }
  const zoom = summarise(await stopFrames(page));
  rows.push({ name: "wheel zoom 100 %↔12 %, 100,000 shapes", frames: zoom, figures: [{ label: "wheel events", value: wheels }], note: ([w]) => `${ms(w!)} wheel events` });

  // From 100 % (Ctrl+0) out to 1/8 around the same point: the zoom loop's last step depends on
  // how many wheel events it got in, and every build must pan the same view.
  await page.keyboard.press("Control+0");
  await page.getByTestId("zoom").filter({ hasText: /^100%$/ }).waitFor();
  for (let k = 0; k < 5; k++) await page.mouse.wheel(0, 100);
  await page.waitForTimeout(500);
  await shot(page, "100k-zoomed-out");
  const zoomText = await textOf(page, "zoom");
  await page.mouse.down({ button: "middle" });
  await startFrames(page);
  await sweepMouse(page, 3000, (u) => [CX + 400 * Math.sin(2 * Math.PI * u), CY + 250 * Math.sin(4 * Math.PI * u)]);
  const panOut = summarise(await stopFrames(page));
  await page.mouse.up({ button: "middle" });
  const drawn = await page.locator("[data-drawn-shapes]").getAttribute("data-drawn-shapes").catch(() => null);
  rows.push({ name: `pan at ${zoomText || "?"}, 100,000 shapes`, frames: panOut, figures: [], note: () => (drawn ? `${drawn} shapes in the drawn area` : "") });
  await page.close();
  return rows;
}

/** The canvas's middle on the page, where pans and zooms happen. */
const CX = 640, CY = 420;

/** A middle-button pan for ~3 s about the canvas's middle (a figure of eight): its frames. */
async function middlePan(page: Page): Promise<ReturnType<typeof summarise>> {
  await page.mouse.move(CX, CY);
  await page.mouse.down({ button: "middle" });
  await startFrames(page);
  await sweepMouse(page, 3000, (u) => [CX + 400 * Math.sin(2 * Math.PI * u), CY + 250 * Math.sin(2 * Math.PI * u) * Math.cos(2 * Math.PI * u)]);
  const pan = summarise(await stopFrames(page));
  await page.mouse.up({ button: "middle" });
  return pan;
}

/** A middle-button pan for ~3 s, then wheel zoom out to 1/8 and back for ~3 s, about the canvas's middle. */
async function panAndZoom(page: Page, what: string): Promise<Row[]> {
  const pan = await middlePan(page);
  await startFrames(page);
  const zoomStart = Date.now();
  let wheels = 0;
  while (Date.now() - zoomStart < 3000) {
    await page.mouse.wheel(0, Math.floor(wheels / 5) % 2 === 0 ? 100 : -100);
    wheels++;
    await page.waitForTimeout(16);
  }
  const zoom = summarise(await stopFrames(page));
  return [
    { name: `pan at 100 %, ${what}`, frames: pan, figures: [], note: () => "" },
    { name: `wheel zoom 100 %↔12 %, ${what}`, frames: zoom, figures: [{ label: "wheel events", value: wheels }], note: ([w]) => `${ms(w!)} wheel events` },
  ];
}

/**
 * Pans and zooms an empty scene, then the same over an 8192 × 8192 PNG dropped on it (once it is
 * added and its levels made). A build without images gets n/a for the image's rows.
 */
async function measureImage(browser: Browser, url: string, shot: (page: Page, name: string) => Promise<void>): Promise<Row[]> {
  const page = await benchPage(browser, url);
  const rows = await panAndZoom(page, "empty scene");
  await page.keyboard.press("Control+0");
  const top = (await page.locator(".canvas").boundingBox())?.y ?? CANVAS_TOP;
  await dropPatternImage(page, 8192, 640, top + 300);
  const added = await page.getByTestId("notice").filter({ hasText: /^Dropped image/ }).waitFor({ timeout: 60_000 }).then(() => true, () => false);
  if (!added) {
    await page.close();
    const none = { median: NaN, p95: NaN, max: NaN, count: 0 };
    return [...rows, ...rows.map((r) => ({ ...r, name: r.name.replace("empty scene", "8192 × 8192 image"), frames: none, note: () => "not added by this build" }))];
  }
  // Its finer levels are made after it is added: give them time, as a user looking at it would.
  await page.waitForTimeout(3000);
  await shot(page, "image-8192");
  rows.push(...(await panAndZoom(page, "8192 × 8192 image")));
  await page.close();
  return rows;
}

/**
 * A scene whose backdrop is a 1,000 × 1,000-tile map (two layers), opened with Open Scene in
 * Folder… (stand-in folder handles): from the picker's answer to the first frame with the visible
 * chunks drawn; then pans and zoom over it as for an empty scene, measured just before on a page of
 * its own. A build without the backdrop gets n/a for the map's rows.
 */
async function measureTiledMap(browser: Browser, url: string, shot: (page: Page, name: string) => Promise<void>): Promise<Row[]> {
  const empty = await benchPage(browser, url);
  const rows = await panAndZoom(empty, "empty scene (beside the map)");
  await empty.close();
  const files = { "levels/level.json": Buffer.from(benchMapScene()).toString("base64"), "levels/maps/big.tmj": Buffer.from(benchMapText()).toString("base64"), "levels/maps/atlas.png": Buffer.from(benchAtlasPng()).toString("base64") };
  // A fresh page: the view at 100 % with the map's top-left corner at the canvas's.
  const page = await newEditorPage(browser, url, {
    beforeLoad: async (p) => {
      await p.addInitScript("window.__name = (f) => f");
      await fakeFolder(p, files);
    },
  });
  const what = `${BENCH_MAP_SIDE.toLocaleString("en")} × ${BENCH_MAP_SIDE.toLocaleString("en")}-tile map`;
  const none = { median: NaN, p95: NaN, max: NaN, count: 0 };
  const missing = (): Row[] => [{ name: `open ${what}`, frames: null, figures: [{ label: "ms to drawn", value: NaN }], note: () => "not shown by this build" }, ...rows.map((r) => ({ ...r, name: r.name.replace("empty scene (beside the map)", what), frames: none, note: () => "not shown by this build" }))];
  await page.evaluate(() => (window as unknown as { __open: string[] }).__open.push("levels/level.json"));
  await page.getByRole("menuitem", { name: "File" }).click();
  const item = page.getByRole("menuitem", { name: "Open Scene in Folder…" });
  if ((await item.count()) === 0) {
    await page.close();
    return missing();
  }
  // The first frame with every visible chunk drawn, its pictures in, timed from the picker's answer.
  const drawn = page.evaluate(() => new Promise<number>((res) => {
    const started = performance.now();
    const tick = (t: number) => {
      const stage = document.querySelector<HTMLElement>(".canvas [data-backdrop-chunks]");
      const w = window as unknown as { __pickedAt?: number };
      if (stage && stage.dataset.backdropComplete === "1") res(t - (w.__pickedAt ?? started));
      else if (t - started > 30_000) res(NaN);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
  await item.click();
  const ms = await drawn;
  if (!Number.isFinite(ms)) {
    await page.close();
    return missing();
  }
  const open: Row = { name: `open ${what}`, frames: null, figures: [{ label: "ms to drawn", value: ms }], note: ([v]) => `${f(v!)} ms from the picker's answer to the visible chunks drawn (2 layers, CSV data)` };
  // Deep into the map, so the pans and the zoom below stay over it: out to 12.5 %, a middle-button
  // drag of 800 × 460 px (6,400 × 3,680 map pixels), back to 100 % about the canvas's centre.
  await page.mouse.move(490, 340);
  for (let k = 0; k < 5; k++) await page.mouse.wheel(0, 100);
  await page.mouse.move(900, 560);
  await page.mouse.down({ button: "middle" });
  await page.mouse.move(100, 100, { steps: 10 });
  await page.mouse.up({ button: "middle" });
  await page.keyboard.press("Control+0");
  await page.getByTestId("zoom").filter({ hasText: /^100%$/ }).waitFor();
  await page.waitForTimeout(1000);
  await shot(page, "tiled-map-1000");
  const map = await panAndZoom(page, what);
  await shot(page, "tiled-map-1000-after");
  await page.close();
  return [...rows, open, ...map];
}

/** Every case on one build, served for the while. Screenshots under `shots` ("" or "baseline-"), if given. */
async function measureBuild(browser: Browser, build: Build, inputs: Inputs, shots: string | null, only: string | undefined): Promise<Row[]> {
  const served = await serveEditor(build.root);
  const shot = async (page: Page, name: string) => {
    if (shots !== null) await page.screenshot({ path: resolve(ARTIFACTS, `bench-${shots}${name}.png`) });
  };
  try {
    if (only === "tiled-map") return await measureTiledMap(browser, served.url, shot);
    return [...(await measureSmall(browser, served.url, inputs, shot)), ...(await measureBig(browser, served.url, inputs, shot)), ...(await measureImage(browser, served.url, shot)), ...(await measureTiledMap(browser, served.url, shot))];
  } finally {
    await served.stop();
  }
}

/** The rounds of one build as one: every figure and frame statistic the median over the rounds. */
function combine(rounds: readonly (readonly Row[])[]): Row[] {
  return rounds[0]!.map((row, i) => {
    const same = rounds.map((r) => r[i]!);
    const frames = row.frames && {
      median: median(same.map((r) => r.frames!.median)),
      p95: median(same.map((r) => r.frames!.p95)),
      max: median(same.map((r) => r.frames!.max)),
      count: median(same.map((r) => r.frames!.count)),
    };
    const figures = row.figures.map((fig, j) => ({ label: fig.label, value: median(same.map((r) => r.figures[j]!.value)) }));
    return { ...row, frames, figures };
  });
}

/** A row's figures as compared: its frame statistics first, then its own figures. */
function comparedFigures(row: Row): Figure[] {
  const fr = row.frames;
  const framed = fr ? [{ label: "median", value: fr.median }, { label: "p95", value: fr.p95 }, { label: "max", value: fr.max }, { label: row.counts ?? "frames", value: fr.count }] : [];
  return [...framed, ...row.figures];
}

/**
 * Median ms of the core work one drag step triggers in the editor, as it does it (one
 * CollisionWorld following the document): the incremental overlap update, and every probe through
 * the world's tree; with the one-pass findOverlaps beside it for comparison.
 */
function coreShare(scene: Scene, id: string): { overlaps: number; probes: number; onePass: number } {
  const times = { overlaps: [] as number[], probes: [] as number[], onePass: [] as number[] };
  const world = new CollisionWorld();
  world.sync(scene.shapes);
  world.overlaps();
  for (let k = 0; k < 30; k++) {
    const shapes = scene.shapes.map((s) => (s.id === id ? { ...s, x: s.x + k * 3 } : s));
    let t = performance.now();
    world.sync(shapes);
    world.overlaps();
    times.overlaps.push(performance.now() - t);
    t = performance.now();
    for (const p of scene.probes) world.probe(p);
    times.probes.push(performance.now() - t);
    t = performance.now();
    findOverlaps(shapes);
    times.onePass.push(performance.now() - t);
  }
  return { overlaps: median(times.overlaps.slice(5)), probes: median(times.probes.slice(5)), onePass: median(times.onePass.slice(5)) };
}

/** The scenes written to test-results/, the points aimed at, and the Node-side rows. */
function prepare(): { inputs: Inputs; node: { afterDrag: Row; beforeBigOpen: Row } } {
  const small = 10_000, big = 100_000;
  const smallFile = resolve(ARTIFACTS, "bench-10k.json");
  const bigFile = resolve(ARTIFACTS, "bench-100k.json");
  writeFileSync(smallFile, scaleSceneText(small));
  const smallScene = scaleScene(small);
  const grab = new SceneTargets(smallScene).grabPoint(640, 420);
  const bigText = scaleSceneText(big);
  writeFileSync(bigFile, bigText);
  const t = performance.now();
  parseScene(bigText);
  const parsed = performance.now() - t;
  const bigTargets = new SceneTargets(scaleScene(big));
  // Clear of the dock (under the canvas) and the sidebar (right of x = 980).
  const clicks = bigTargets.clickTargets({ minX: 30, minY: 60, maxX: 950, maxY: 450 }, 20, 90);
  if (clicks.length < 20) throw new Error(`only ${clicks.length} click targets found`);
  const marqueeFrom = bigTargets.emptyPoint({ minX: 60, minY: 80, maxX: 200, maxY: 200 }, 8);
  const core = coreShare(smallScene, grab.shape.id);
  return {
    inputs: { smallFile, small, grab, bigFile, big, marqueeFrom, clicks },
    node: {
      afterDrag: { name: "core per drag step, in Node", frames: null, figures: [], note: () => `overlaps ${f(core.overlaps)} ms (CollisionWorld; one-pass findOverlaps ${f(core.onePass)} ms), ${smallScene.probes.length} probes ${f(core.probes)} ms (median)` },
      beforeBigOpen: { name: "parseScene 100,000 shapes, in Node", frames: null, figures: [], note: () => `${ms(parsed)} ms` },
    },
  };
}

const header = (rounds: number) =>
  `Editor at scale, ${new Date().toISOString().slice(0, 10)}, Chromium headless 1280×800 (software rendering) with the desktop app's page flags (--js-flags=${PAGE_JS_FLAGS}), frame times in ms${rounds > 1 ? `, medians of ${rounds} rounds` : ""}`;

/** Today's table: one build, a row per case, the Node rows where they always stood. */
function printOne(rows: readonly Row[], node: { afterDrag: Row; beforeBigOpen: Row }, rounds: number): void {
  const all = [...rows];
  // Beside the cases they go with, when those were measured (not with --only).
  const drag = all.findIndex((r) => r.name.startsWith("drag"));
  if (drag >= 0) all.splice(drag + 1, 0, node.afterDrag);
  const big = all.findIndex((r) => r.name === "open 100,000 shapes");
  if (big >= 0) all.splice(big, 0, node.beforeBigOpen);
  console.log(header(rounds));
  console.log("");
  console.log("| case | median | p95 | max | frames | notes |");
  console.log("|:---|---:|---:|---:|---:|:---|");
  for (const r of all) {
    const fr = r.frames;
    console.log(`| ${r.name} | ${fr ? f(fr.median) : ""} | ${fr ? f(fr.p95) : ""} | ${fr ? f(fr.max) : ""} | ${fr ? fr.count : ""} | ${r.note(r.figures.map((x) => x.value))} |`);
  }
}

/** Both builds side by side: every figure's median over the rounds, its range, and current ÷ baseline. */
function printCompared(builds: readonly Build[], perBuild: readonly (readonly (readonly Row[])[])[], sequence: readonly string[], node: { afterDrag: Row; beforeBigOpen: Row }): void {
  const rounds = perBuild[0]!.length;
  const cell = (values: readonly number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return values.length > 1 ? `${f(median(s))} (${f(s[0]!)}–${f(s[s.length - 1]!)})` : f(s[0]!);
  };
  console.log(header(rounds));
  console.log(`Builds: ${builds.map((b) => `${b.label} = ${b.commit}`).join("; ")}. Measured in turn: ${sequence.join(", ")}. Cells: median (lowest–highest) over the rounds.`);
  console.log("");
  console.log(`| case | figure | ${builds.map((b) => b.label).join(" | ")} | ${builds[0]!.label} ÷ ${builds[1]!.label} |`);
  console.log(`|:---|:---|${builds.map(() => "---:").join("|")}|---:|`);
  perBuild[0]![0]!.forEach((row, i) => {
    comparedFigures(row).forEach((fig, j) => {
      const values = perBuild.map((rs) => rs.map((r) => comparedFigures(r[i]!)[j]!.value));
      const [a, b] = values.map(median) as [number, number];
      const ratio = b === 0 ? (a === 0 ? "1.00" : "n/a") : (a / b).toFixed(2);
      console.log(`| ${j === 0 ? row.name : ""} | ${fig.label} | ${values.map(cell).join(" | ")} | ${ratio} |`);
    });
  });
  console.log("");
  for (const [b, rs] of builds.map((build, k) => [build, combine(perBuild[k]!)] as const)) {
    console.log(`${b.label}: ${rs.map((r) => `${r.name}: ${r.note(r.figures.map((x) => x.value))}`).filter((s) => !s.endsWith(": ")).join("; ")}`);
  }
  console.log(`In Node, this checkout: ${node.beforeBigOpen.name}: ${node.beforeBigOpen.note([])}; ${node.afterDrag.name}: ${node.afterDrag.note([])}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { baseline: { type: "string" }, rounds: { type: "string" }, only: { type: "string" }, minimap: { type: "boolean" } } });
  benchSetup.miniMap = values.minimap === true;
  if (values.only !== undefined && values.only !== "tiled-map") throw new Error(`--only knows one case: tiled-map, not ${values.only}`);
  const rounds = values.rounds === undefined ? (values.baseline ? 3 : 1) : Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds wants a whole number ≥ 1, not ${values.rounds}`);
  const current = currentBuild();
  const baseline = values.baseline === undefined ? null : buildBaseline(values.baseline);
  const { inputs, node } = prepare();
  // The page's V8 flags as the desktop app sets them (electron/engine-flags.ts): what users run.
  const browser = await launchBrowser([`--js-flags=${PAGE_JS_FLAGS}`]);
  try {
    const builds = baseline ? [current, baseline] : [current];
    const perBuild: Row[][][] = builds.map(() => []);
    const sequence: string[] = [];
    for (let r = 0; r < rounds; r++) {
      // current, baseline, then baseline, current: a drift in the machine's load falls on both.
      const order = r % 2 === 0 ? builds.map((_, k) => k) : builds.map((_, k) => builds.length - 1 - k);
      for (const k of order) {
        process.stderr.write(`round ${r + 1}/${rounds}: ${builds[k]!.label}\n`);
        sequence.push(builds[k]!.label);
        perBuild[k]!.push(await measureBuild(browser, builds[k]!, inputs, r === 0 ? (k === 0 ? "" : "baseline-") : null, values.only));
      }
    }
    if (baseline) printCompared(builds, perBuild, sequence, node);
    else printOne(combine(perBuild[0]!), node, rounds);
  } finally {
    await browser.close();
    baseline?.remove();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
