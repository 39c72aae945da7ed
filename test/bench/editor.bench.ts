// `npm run bench:editor`: the editor at scale, measured in Chromium on the built editor (run
// `npm run build` first). Opens a seeded 10,000-shape scene and drags one shape across it for
// about 3 s, then opens a 100,000-shape scene and pans and zooms it; frame times come from
// requestAnimationFrame timestamps collected in the page. Prints a table with the date, and the
// core's share of a drag step (overlaps and probes, timed in Node on the same scene).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CollisionWorld, findOverlaps, parseScene, type Scene, type Shape } from "../../core";
import { shapesAt } from "../../renderer/tools/select/picking";
import { PAGE_JS_FLAGS } from "../../electron/engine-flags";
import { ARTIFACTS, launchBrowser, newEditorPage, serveEditor } from "../e2e/harness";
import { scaleScene, scaleSceneText } from "./editor-scenes";

/** The canvas's top edge on the page at 1280×800: world = page − (0, CANVAS_TOP) at the start. */
const CANVAS_TOP = 38;

interface Frames {
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  readonly count: number;
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

function summarise(deltas: readonly number[]): Frames {
  const s = [...deltas].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1] ?? NaN, count: s.length };
}

/** Starts collecting requestAnimationFrame timestamps in the page. */
async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__frames = [];
    w.__framesOn = true;
    const tick = (t: number) => {
      w.__frames.push(t);
      if (w.__framesOn) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Stops collecting and returns the frame times (gaps between successive frames), in ms. */
async function stopFrames(page: Page): Promise<number[]> {
  const t = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__framesOn = false;
    return w.__frames;
  });
  return t.slice(1).map((v, i) => v - t[i]!);
}

/** An open's times from the file being chosen, in ms. */
interface Opened {
  /** To the first frame after the status bar shows every shape and the canvas has drawn them. */
  readonly ms: number;
  /** To the first frame showing the overlaps (a big file finds them once its shapes are drawn). */
  readonly flagged: number;
  /** The longest frame until drawn (how long the page stopped answering), and from drawn to flagged. */
  readonly longestFrame: number;
  readonly longestAfterDrawn: number;
}

/** Opens `file` through the page's file input and times it (Opened). */
async function openTimed(page: Page, file: string, count: number): Promise<Opened> {
  await page.evaluate((n) => {
    const w = window as unknown as { __opened: Promise<Opened> };
    const input = document.getElementById("open-scene-input") as HTMLInputElement;
    w.__opened = new Promise((res) => {
      input.addEventListener("change", () => {
        const t0 = performance.now();
        let last = t0, longest = 0, drawn = 0, longestDrawn = 0;
        const want = `${n} shapes`;
        const tick = (t: number) => {
          longest = Math.max(longest, t - last);
          last = t;
          if (!drawn && document.querySelector("[data-testid=shape-count]")?.textContent === want) {
            // One more frame: the one that shows what the load drew.
            requestAnimationFrame((t1) => {
              longest = Math.max(longest, t1 - last);
              last = t1;
              drawn = t1 - t0;
              longestDrawn = longest;
              longest = 0;
              requestAnimationFrame(tick);
            });
          } else if (drawn && !/checking/.test(document.querySelector("[data-testid=overlap-count]")?.textContent ?? "")) {
            requestAnimationFrame((t2) => res({ ms: drawn, flagged: t2 - t0, longestFrame: longestDrawn, longestAfterDrawn: Math.max(longest, t2 - last) }));
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }, { capture: true, once: true });
    });
  }, count);
  await page.setInputFiles("#open-scene-input", file);
  return page.evaluate(() => (window as unknown as { __opened: Promise<Opened> }).__opened);
}

const openRow = (o: Opened): string =>
  `${o.ms.toFixed(0)} ms to drawn, ${o.flagged.toFixed(0)} ms to overlaps shown; longest frame ${o.longestFrame.toFixed(0)} ms to drawn, ${o.longestAfterDrawn.toFixed(0)} ms from drawn to overlaps`;

/** Moves the mouse along `path(t)` (t in [0, 1]) for about `ms`, as fast as the page takes events. */
async function sweepMouse(page: Page, ms: number, path: (t: number) => [number, number]): Promise<number> {
  const start = Date.now();
  let moves = 0;
  while (Date.now() - start < ms) {
    const [x, y] = path((Date.now() - start) / ms);
    await page.mouse.move(x, y);
    moves++;
  }
  return moves;
}

/** The shape a click at page (x, y) picks, as the select tool sees it. */
function topShapeAt(scene: Scene, x: number, y: number): Shape | undefined {
  return shapesAt(scene.shapes, scene.layers ?? [], { x, y: y - CANVAS_TOP })[0];
}

/** A page point over a circle near (x, y) that a click picks (it is on top there). */
function grabPoint(scene: Scene, x: number, y: number): { x: number; y: number; id: string } {
  const near = scene.shapes
    .filter((s) => s.type === "circle")
    .map((s) => ({ s, d: Math.hypot(s.x - x, s.y + CANVAS_TOP - y) }))
    .sort((a, b) => a.d - b.d);
  for (const { s } of near) {
    const p = { x: s.x, y: s.y + CANVAS_TOP };
    if (topShapeAt(scene, p.x, p.y)?.id === s.id) return { ...p, id: s.id };
  }
  throw new Error("no circle to grab");
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
  return { overlaps: summarise(times.overlaps.slice(5)).median, probes: summarise(times.probes.slice(5)).median, onePass: summarise(times.onePass.slice(5)).median };
}

/** A new editor page; tsx names functions with an `__name` helper that page code must have too. */
async function benchPage(browser: Browser, url: string): Promise<Page> {
  const page = await newEditorPage(browser, url);
  await page.evaluate("window.__name = (f) => f");
  return page;
}

const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "n/a");

async function main(): Promise<void> {
  const served = await serveEditor();
  // The page's V8 flags as the desktop app sets them (electron/engine-flags.ts): what users run.
  const browser = await launchBrowser([`--js-flags=${PAGE_JS_FLAGS}`]);
  const rows: string[] = [];
  const row = (what: string, fr: Frames | null, extra: string) =>
    rows.push(`| ${what} | ${fr ? f(fr.median) : ""} | ${fr ? f(fr.p95) : ""} | ${fr ? f(fr.max) : ""} | ${fr ? fr.count : ""} | ${extra} |`);
  try {
    // 10,000 shapes: open, then drag one shape for ~3 s.
    const small = 10_000;
    const smallFile = resolve(ARTIFACTS, "bench-10k.json");
    writeFileSync(smallFile, scaleSceneText(small));
    const page = await benchPage(browser, served.url);
    const opened = await openTimed(page, smallFile, small);
    row("open 10,000 shapes", null, openRow(opened));
    await page.waitForTimeout(500);
    await page.screenshot({ path: resolve(ARTIFACTS, "bench-10k.png") });

    const scene = scaleScene(small);
    const grab = grabPoint(scene, 640, 420);
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 4, grab.y + 4);
    await startFrames(page);
    const moves = await sweepMouse(page, 3000, (t) => [grab.x + 300 * Math.sin(2 * Math.PI * t), grab.y + 150 * Math.sin(4 * Math.PI * t)]);
    const drag = summarise(await stopFrames(page));
    await page.screenshot({ path: resolve(ARTIFACTS, "bench-10k-drag.png") });
    await page.mouse.up();
    const selected = await page.getByTestId("selection-count").textContent();
    row("drag 1 shape, 10,000 shapes", drag, `${moves} pointer moves, ${selected} (${grab.id})`);
    const core = coreShare(scene, grab.id);
    row("core per drag step, in Node", null, `overlaps ${f(core.overlaps)} ms (CollisionWorld; one-pass findOverlaps ${f(core.onePass)} ms), ${scene.probes.length} probes ${f(core.probes)} ms (median)`);
    await page.close();

    // 100,000 shapes: open, pan at 100 %, zoom out and in, pan zoomed out.
    const big = 100_000;
    const bigFile = resolve(ARTIFACTS, "bench-100k.json");
    const bigText = scaleSceneText(big);
    writeFileSync(bigFile, bigText);
    const t = performance.now();
    parseScene(bigText);
    row("parseScene 100,000 shapes, in Node", null, `${(performance.now() - t).toFixed(0)} ms`);
    const page2 = await benchPage(browser, served.url);
    const opened2 = await openTimed(page2, bigFile, big);
    row("open 100,000 shapes", null, openRow(opened2));
    await page2.waitForTimeout(500);
    await page2.screenshot({ path: resolve(ARTIFACTS, "bench-100k.png") });

    const cx = 640, cy = 420;
    await page2.mouse.move(cx, cy);
    await page2.mouse.down({ button: "middle" });
    await startFrames(page2);
    await sweepMouse(page2, 3000, (u) => [cx + 400 * Math.sin(2 * Math.PI * u), cy + 250 * Math.sin(2 * Math.PI * u) * Math.cos(2 * Math.PI * u)]);
    const pan = summarise(await stopFrames(page2));
    await page2.mouse.up({ button: "middle" });
    row("pan at 100 %, 100,000 shapes", pan, "");

    await startFrames(page2);
    const zoomStart = Date.now();
    let wheels = 0;
    while (Date.now() - zoomStart < 3000) {
      // Out to 1/8 and back in, in 25 % steps, twice over.
      const phase = Math.floor(wheels / 10) % 2;
      await page2.mouse.wheel(0, phase === 0 ? 100 : -100);
      wheels++;
      await page2.waitForTimeout(16);
    }
    const zoom = summarise(await stopFrames(page2));
    row("wheel zoom 100 %↔12 %, 100,000 shapes", zoom, `${wheels} wheel events`);

    for (let k = 0; k < 10; k++) await page2.mouse.wheel(0, 100);
    await page2.waitForTimeout(500);
    await page2.screenshot({ path: resolve(ARTIFACTS, "bench-100k-zoomed-out.png") });
    const zoomText = await page2.getByTestId("zoom").textContent();
    await page2.mouse.down({ button: "middle" });
    await startFrames(page2);
    await sweepMouse(page2, 3000, (u) => [cx + 400 * Math.sin(2 * Math.PI * u), cy + 250 * Math.sin(4 * Math.PI * u)]);
    const panOut = summarise(await stopFrames(page2));
    await page2.mouse.up({ button: "middle" });
    const drawn = await page2.locator("[data-drawn-shapes]").getAttribute("data-drawn-shapes").catch(() => null);
    row(`pan at ${zoomText ?? "?"}, 100,000 shapes`, panOut, drawn ? `${drawn} shapes in the drawn area` : "");
    await page2.close();
  } finally {
    await browser.close();
    await served.stop();
  }
  console.log(`Editor at scale, ${new Date().toISOString().slice(0, 10)}, Chromium headless 1280×800 (software rendering) with the desktop app's page flags (--js-flags=${PAGE_JS_FLAGS}), frame times in ms`);
  console.log("");
  console.log("| case | median | p95 | max | frames | notes |");
  console.log("|:---|---:|---:|---:|---:|:---|");
  for (const r of rows) console.log(r);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
