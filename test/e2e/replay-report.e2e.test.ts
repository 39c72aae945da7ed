// The replay's HTML report in Chromium, opened from a file:// URL as QA would open an attachment:
// the table lists the mismatches first, sorts by distance, filters by kind, tag, status and id,
// a click on a row highlights its ray, nothing is fetched and nothing logs an error. Then a
// 100,000-ray log: the table stays capped and says how many rows the cap hides.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayHtmlReport, TABLE_CAP } from "../../core/replay/html-report";
import type { ReplayResult } from "../../core/replay/types";
import { HOSTILE_ID, HOSTILE_SHAPE, HOSTILE_TAG, replayOf, reportResults, reportScene, summaryOf, type RaySpec } from "../replay/report-fixture";
import { ARTIFACTS, CHROMIUM_FLAGS } from "./harness";

let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS, headless: true });
  dir = mkdtempSync(join(tmpdir(), "replay-report-"));
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  readonly page: Page;
  readonly errors: string[];
  /** Every request that was not for the report itself. */
  readonly fetched: string[];
  /** alert(), confirm() and prompt() messages: an injected script would show one. */
  readonly dialogs: string[];
}

async function open(name: string, html: string): Promise<Opened> {
  const file = join(dir, name);
  writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  const fetched: string[] = [];
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("request", (r) => {
    if (r.url() !== url) fetched.push(r.url());
  });
  await page.goto(url);
  await page.locator("#body tr").first().waitFor();
  return { page, errors, fetched, dialogs };
}

/** The ids of the table's rows, top to bottom. */
const ids = (page: Page): Promise<string[]> => page.$$eval("#body tr", (trs) => trs.map((tr) => tr.children[1]!.textContent ?? ""));
/** The cells of the column whose header has this data-key (by key, so a new column moves none of them). */
const column = async (page: Page, key: string): Promise<string[]> => {
  const index = await page.$$eval("#head th", (ths, k) => ths.findIndex((th) => th.getAttribute("data-key") === k), key);
  return page.$$eval("#body tr", (trs, i) => trs.map((tr) => tr.children[i]!.textContent ?? ""), index);
};

describe("the replay report in Chromium", () => {
  it("lists, sorts, filters and highlights the rays, fetching nothing and logging no error", async () => {
    // One ray with a name (a log saved from a scene's probes): a column, searched and shown with the id.
    const results = reportResults().map((r) => (r.ray.id === "player-feet" ? { ...r, ray: { ...r.ray, extra: { name: "Toe sensor" } } } : r));
    const html = replayHtmlReport(reportScene(), results, summaryOf(results), { title: "Replay of level-1", sceneName: "level-1.json", logName: "rays.jsonl", generatedAt: "2024-05-01T12:00:00.000Z" });
    const { page, errors, fetched } = await open("report.html", html);

    // Every ray, the mismatches first in log order, then the unchecked, then the ok ones.
    const mismatching = results.filter((r) => r.status === "mismatch").map((r) => r.ray.id);
    const all = await ids(page);
    expect(all).toHaveLength(results.length);
    expect(all.slice(0, mismatching.length)).toEqual(mismatching);
    expect(await column(page, "status")).toEqual([...mismatching.map(() => "mismatch"), "unchecked", "ok", "ok"]);
    await expect(page.locator("#count").textContent()).resolves.toContain(`${results.length} of ${results.length} rays`);

    // The SVG draws the mismatching rays, and the drawing has a size.
    expect(await page.locator("#mismatch-rays line.ray").count()).toBe(mismatching.length);
    const box = (await page.locator("#level").boundingBox())!;
    expect(box.width).toBeGreaterThan(600);
    expect(box.height).toBeGreaterThan(300);

    // Sort by distance, as numbers (2 before 10 before 66: as text 10 would come first).
    const byDistance = (rs: readonly ReplayResult[]): string[] => rs.filter((r) => r.mismatch?.distance !== undefined).sort((a, b) => a.mismatch!.distance! - b.mismatch!.distance!).map((r) => r.ray.id);
    const ascending = byDistance(results);
    expect(ascending.length).toBeGreaterThanOrEqual(3);
    await page.locator("th", { hasText: "Distance" }).click();
    expect((await ids(page)).slice(0, ascending.length)).toEqual(ascending);
    await expect(page.locator("th", { hasText: "Distance" }).getAttribute("aria-sort")).resolves.toBe("ascending");
    await page.locator("th", { hasText: "Distance" }).click();
    expect((await ids(page)).slice(0, ascending.length)).toEqual([...ascending].reverse());
    const distances = (await column(page, "distance")).filter((d) => d !== "").map(Number);
    expect(distances).toEqual([...distances].sort((a, b) => b - a));

    // Filters: by kind, then by tag on top of it, then by status, then a search on the id.
    await page.selectOption("#f-kind", "moved-point");
    expect((await ids(page)).sort()).toEqual(["ramp-far", "ramp-near"]);
    // The drawing follows the filters.
    expect(await page.locator("#mismatch-rays .ray-group:not(.off)").count()).toBe(2);
    await page.selectOption("#f-tag", "ai");
    expect(await ids(page)).toEqual(["ramp-far"]);
    await page.selectOption("#f-kind", "");
    expect((await ids(page)).sort()).toEqual(results.filter((r) => r.ray.tag === "ai").map((r) => r.ray.id).sort());
    await page.selectOption("#f-tag", "");
    await page.selectOption("#f-status", "ok");
    expect((await ids(page)).sort()).toEqual(results.filter((r) => r.status === "ok").map((r) => r.ray.id).sort());
    await page.selectOption("#f-status", "");
    await page.fill("#f-id", "RAMP");
    expect((await ids(page)).sort()).toEqual(["ramp-far", "ramp-near"]);
    await page.fill("#f-id", "toe s");
    expect(await ids(page)).toEqual(["player-feet"]);
    expect(await column(page, "name")).toEqual(["Toe sensor"]);
    await page.fill("#f-id", "");
    expect(await ids(page)).toHaveLength(results.length);

    // Clicking a row highlights its ray (and the shapes involved) in the drawing.
    const index = results.findIndex((r) => r.ray.id === "player-feet");
    await page.locator("#body tr", { hasText: "player-feet" }).click();
    await expect(page.locator("#body tr.sel").count()).resolves.toBe(1);
    const selected = page.locator(`#selected line[data-i="${index}"]`);
    await expect(selected.count()).resolves.toBe(1);
    const ray = results[index]!.ray;
    expect(await selected.evaluate((l) => [l.getAttribute("x1"), l.getAttribute("y1"), l.getAttribute("x2"), l.getAttribute("y2")].map(Number))).toEqual([...ray.from, ...ray.to]);
    expect((await page.$$eval("#shapes .sel", (els) => els.map((e) => e.getAttribute("data-shape")))).sort()).toEqual(["player", "spikes"]);
    await expect(page.locator("#selection").textContent()).resolves.toBe('Selected: player-feet "Toe sensor" (line 4)');
    // The highlight has pixels: the selected line is drawn, not zero-sized.
    const lineBox = (await selected.boundingBox())!;
    expect(lineBox.height).toBeGreaterThan(50);

    // Showing the ok rays draws them.
    await page.check("#show-ok");
    expect(await page.locator("#ok-rays path").getAttribute("d")).toMatch(/^M40 300L700 300/);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: resolve(ARTIFACTS, "replay-report.png"), fullPage: true });
    expect(errors).toEqual([]);
    expect(fetched).toEqual([]);
    await page.close();
  });

  it("shows hostile ids, tags and shape names as text: no script runs, no element is injected", async () => {
    const base = reportScene();
    const scene = { ...base, shapes: base.shapes.map((s) => (s.id === "spikes" ? { ...s, id: HOSTILE_SHAPE, name: HOSTILE_ID } : s)) };
    const results = replayOf(scene, [
      { id: HOSTILE_ID, from: [200, 400], to: [200, 620], tag: HOSTILE_TAG, expect: { hit: true, shape: HOSTILE_SHAPE, point: [200, 550] }, verdict: "other-shape" },
      { id: "empty-tag", from: [700, 100], to: [780, 100], tag: "", expect: { hit: true, shape: "ground" }, verdict: "lost-hit" },
    ]);
    const { page, errors, dialogs } = await open("hostile.html", replayHtmlReport(scene, results, summaryOf(results), { title: HOSTILE_ID, sceneName: HOSTILE_SHAPE }));
    expect(await page.title()).toBe(HOSTILE_ID);
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.locator("script").count()).toBe(2);
    expect(await ids(page)).toEqual([HOSTILE_ID, "empty-tag"]);
    expect(await column(page, "tag")).toEqual([HOSTILE_TAG, ""]);
    expect(await column(page, "expectedShape")).toEqual([HOSTILE_SHAPE, "ground"]);
    // The empty tag is a tag of its own, apart from "all tags".
    await page.selectOption("#f-tag", "(empty)");
    expect(await ids(page)).toEqual(["empty-tag"]);
    await page.selectOption("#f-tag", HOSTILE_TAG);
    expect(await ids(page)).toEqual([HOSTILE_ID]);
    await page.locator("#body tr").first().click();
    expect(await page.$$eval("#shapes .sel", (els) => els.map((e) => e.getAttribute("data-shape")))).toContain(HOSTILE_SHAPE);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps a 100,000-ray log usable: the table capped with a note, filters over every row", async () => {
    const scene = reportScene();
    const specs: RaySpec[] = [];
    for (let i = 0; i < 100_000; i++) {
      const x = 20 + (i % 760);
      const mismatch = i % 20 === 0;
      specs.push({ id: `ray-${i}`, from: [x, 100], to: [x, 700], tag: `t${i % 7}`, frame: i, expect: mismatch ? { hit: false } : undefined, verdict: mismatch ? "new-hit" : "unchecked" });
    }
    const results = replayOf(scene, specs);
    const started = performance.now();
    const html = replayHtmlReport(scene, results, summaryOf(results));
    const built = performance.now() - started;
    const { page, errors } = await open("large.html", html);
    expect(await page.locator("#body tr").count()).toBe(TABLE_CAP);
    // Mismatches first: all 5,000 of them, then unchecked ones up to the cap.
    expect((await ids(page)).slice(0, 3)).toEqual(["ray-0", "ray-20", "ray-40"]);
    const note = (await page.locator("#count").textContent())!;
    expect(note).toContain(`100000 of 100000 rays`);
    expect(note).toContain(`${100_000 - TABLE_CAP} are hidden by the cap`);
    // A filter narrows the whole data set, not only the rows shown.
    await page.fill("#f-id", "ray-9999");
    expect((await ids(page)).sort()).toEqual(["ray-9999", "ray-99990", "ray-99991", "ray-99992", "ray-99993", "ray-99994", "ray-99995", "ray-99996", "ray-99997", "ray-99998", "ray-99999"].sort());
    await page.fill("#f-id", "");
    await page.selectOption("#f-status", "mismatch");
    await page.selectOption("#f-tag", "t3");
    const mismatchesT3 = results.filter((r) => r.status === "mismatch" && r.ray.tag === "t3").length;
    expect(await page.locator("#body tr").count()).toBe(mismatchesT3);
    expect(errors).toEqual([]);
    console.log(`100,000 rays: ${(html.length / 1e6).toFixed(1)} MB, built in ${built.toFixed(0)} ms`);
    await page.close();
  });
});
