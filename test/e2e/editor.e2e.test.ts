// The editor end to end in real Chromium: place two shapes with the toolbar, drag one onto the
// other and see the overlap live, undo, save, reload, open the saved file, and get the same scene.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseScene } from "../../core";
import { ARTIFACTS, CANVAS_TOP, editorSession, pageErrors, placeAt } from "./harness";

const session = editorSession();

/** Konva draws each layer on its own canvas: the grid, the shapes, then the contact overlay. */
const SHAPES_LAYER = 1;
const OVERLAY_LAYER = 2;

/** The RGBA of one canvas layer at a page point. */
async function layerPixel(page: Page, index: number, x: number, y: number): Promise<[number, number, number, number]> {
  return page.evaluate(([i, px, py]) => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")];
    const layer = canvases[i]!;
    const rect = layer.getBoundingClientRect();
    const ratio = layer.width / rect.width;
    const d = layer.getContext("2d")!.getImageData(Math.round((px - rect.left) * ratio), Math.round((py - rect.top) * ratio), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]!] as [number, number, number, number];
  }, [index, x, y] as const);
}

const shapePixel = (page: Page, x: number, y: number) => layerPixel(page, SHAPES_LAYER, x, y);

const isWarning = ([r, g, b, a]: number[]) => a! > 0 && r! > 200 && g! < 150 && b! < 150;
const isNormal = ([r, , b, a]: number[]) => a! > 0 && b! > 200 && r! < 150;

async function saveDownload(page: Page): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const file = await download;
  const path = await file.path();
  return readFileSync(path, "utf8");
}

describe("editor in Chromium", () => {
  it("reports the launcher's one-line fallback message", () => {
    expect(session.firstLine()).toMatch(/serving the editor at http:\/\/127\.0\.0\.1:\d+/);
  });

  it("places, drags into overlap live, undoes, saves, reloads and reopens the same scene", async () => {
    const page = await session.newPage();
    const status = (id: string) => page.getByTestId(id);

    await placeAt(page, "Box", 300, 300);
    await placeAt(page, "Circle", 600, 300);
    await expect.poll(() => status("shape-count").textContent()).toBe("2 shapes");
    await expect.poll(() => status("overlap-count").textContent()).toBe("0 overlaps");
    await expect.poll(async () => isNormal(await shapePixel(page, 600, 300))).toBe(true);

    // Drag the circle onto the box: the overlap shows while the button is still down, in the
    // dock's Contacts tab too.
    await page.getByRole("tab", { name: /Contacts/ }).click();
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.move(600, 300);
    await page.mouse.down();
    await page.mouse.move(450, 300, { steps: 5 });
    await expect.poll(() => status("overlap-count").textContent()).toBe("0 overlaps");
    await page.mouse.move(360, 305, { steps: 5 });
    await expect.poll(() => status("overlap-count").textContent()).toBe("1 overlap");
    await expect.poll(async () => isWarning(await shapePixel(page, 300, 300))).toBe(true); // the box turns
    // The selected circle's overlap with the box: depth 20 along +x (box's right edge at 340,
    // circle's left at 320), one contact point midway, at the circle's height (page y 305), in world units.
    const contact = page.getByTestId("contact-box-1-circle-1");
    await expect.poll(() => contact.textContent()).toContain("depth 20.00");
    expect(await contact.textContent()).toContain("normal (1.00, 0.00)");
    // Which way the normal runs, where the canvas arrow shows the selected shape's own way out.
    expect(await contact.getByText("normal (1.00, 0.00)").getAttribute("title")).toBe("From box-1 toward circle-1: moving circle-1 by the depth along it separates the two");
    expect(await contact.textContent()).toContain(`1 point: (330.0, ${(305 - CANVAS_TOP).toFixed(1)})`);
    const [r, g, b] = await layerPixel(page, OVERLAY_LAYER, 330, 305);
    expect([r > 230, g > 160 && g < 220, b < 90]).toEqual([true, true, true]); // the amber contact dot
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-overlap-while-dragging.png") });
    await page.mouse.up();
    await expect.poll(() => status("overlap-count").textContent()).toBe("1 overlap");
    await expect.poll(() => page.title()).toMatch(/^• untitled\.json/);

    // One undo step takes back the whole drag.
    await page.keyboard.press("Control+z");
    await expect.poll(() => status("overlap-count").textContent()).toBe("0 overlaps");
    await expect.poll(async () => isNormal(await shapePixel(page, 300, 300))).toBe(true);
    await expect.poll(async () => isNormal(await shapePixel(page, 600, 300))).toBe(true);
    // Redo and undo again with the other two shortcuts.
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => status("overlap-count").textContent()).toBe("1 overlap");
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+y");
    await expect.poll(() => status("overlap-count").textContent()).toBe("1 overlap");
    await page.keyboard.press("Control+z");
    await expect.poll(() => status("overlap-count").textContent()).toBe("0 overlaps");

    const saved = await saveDownload(page);
    const parsed = parseScene(saved);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.scene.shapes.map((s) => s.type)).toEqual(["box", "circle"]);
    const [box, circle] = parsed.scene.shapes;
    expect(circle!.x - box!.x).toBe(300); // placed 300 px apart, drag undone
    await expect.poll(() => page.title()).toMatch(/^untitled\.json/);
    const savedPath = resolve(ARTIFACTS, "e2e-saved.json");
    writeFileSync(savedPath, saved);

    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    await expect.poll(() => status("shape-count").textContent()).toBe("0 shapes");
    await page.setInputFiles("#open-scene-input", savedPath);
    await expect.poll(() => status("shape-count").textContent()).toBe("2 shapes");
    await expect.poll(async () => isNormal(await shapePixel(page, 600, 300))).toBe(true);
    await expect.poll(async () => isNormal(await shapePixel(page, 300, 300))).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-reopened.png") });

    // The same scene: saving again gives the same bytes.
    expect(await saveDownload(page)).toBe(saved);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("deletes the selection and undoes the delete", async () => {
    const page = await session.newPage();
    await placeAt(page, "Capsule", 400, 400);
    await page.getByRole("button", { name: "Polygon", exact: true }).click();
    // Click the corners and close on the first one.
    for (const [x, y] of [[600, 350], [700, 350], [700, 450], [600, 450], [600, 350]] as const) await page.mouse.click(x, y);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("1 shape");
    await expect.poll(() => shapePixel(page, 650, 400)).toEqual([0, 0, 0, 0]);
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    await expect.poll(async () => isNormal(await shapePixel(page, 650, 400))).toBe(true);
    await page.close();
  });

  it("marks the contacts of a selection with a few overlaps on the canvas; past 16 the Contacts tab says so and the canvas stays readable", async () => {
    const page = await session.newPage();
    const posts = Array.from({ length: 20 }, (_, i) => ({ id: `post-${i + 1}`, type: "box", x: 40 + i * 30, y: 110, rotation: 0, width: 10, height: 40 }));
    const scene = { format: "collider-studio-scene", version: 1, shapes: [{ id: "floor", type: "box", x: 320, y: 130, rotation: 0, width: 640, height: 20 }, ...posts], probes: [] };
    await page.setInputFiles("#open-scene-input", { name: "posts.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(scene)) });
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("21 shapes");
    const contactMarks = () => page.evaluate(() => (window as unknown as { Konva: { stages: { find: (s: string) => unknown[] }[] } }).Konva.stages[0]!.find(".contact").length);
    await page.getByRole("tab", { name: /Contacts/ }).click();
    await page.keyboard.press("Control+a");
    await expect.poll(() => page.getByTestId("contacts-unmarked").textContent()).toBe("20 contacts: the canvas marks them for 16 at most (select fewer shapes to see the arrows); the shapes stay red.");
    expect(await contactMarks()).toBe(0);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-contacts-unmarked.png") });
    expect(await page.locator("[data-testid^='contact-floor-post-']").count()).toBe(20);
    // One post: its contact is marked.
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: /Objects/ }).click();
    await page.getByTestId("object-post-3").click();
    await expect.poll(contactMarks).toBe(1);
    await page.getByRole("tab", { name: /Contacts/ }).click();
    expect(await page.getByTestId("contacts-unmarked").count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("shows every problem of a bad file under the canvas, whose top stays where it was, and keeps the open document", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300);
    const canvasBefore = await page.locator(".canvas").boundingBox();
    const bad = resolve(ARTIFACTS, "e2e-bad.json");
    writeFileSync(bad, JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [{ id: "a", type: "circle", x: 0, y: 0, radius: -1 }, { id: "a", type: "box", x: 0, y: 0, width: 1, height: 1 }] }, null, 2));
    await page.setInputFiles("#open-scene-input", bad);
    const panel = page.getByRole("alert", { name: "Problems" });
    await panel.waitFor();
    const text = await panel.textContent();
    expect(text).toContain("shapes[0].radius: must be greater than 0");
    expect(text).toContain('shapes[1].id: duplicate id "a"');
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("1 shape");
    // The list lies under the canvas, over none of it: the level does not jump, and nothing of it is covered.
    const canvasAfter = (await page.locator(".canvas").boundingBox())!, list = (await panel.boundingBox())!;
    expect([canvasAfter.x, canvasAfter.y, canvasAfter.width]).toEqual([canvasBefore!.x, canvasBefore!.y, canvasBefore!.width]);
    expect(list.y).toBeGreaterThanOrEqual(canvasAfter.y + canvasAfter.height);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-problems.png") });
    await page.close();
  });

  it("asks before closing or leaving the page only while there are unsaved changes", async () => {
    // Whether Chromium then shows its dialog depends on its own heuristics (headless shows none
    // for page.close); what the editor controls is whether it cancels the beforeunload event.
    const page = await session.newPage();
    const leaveCanceled = () => page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(await leaveCanceled()).toBe(false);
    await placeAt(page, "Box", 300, 300);
    await expect.poll(() => page.evaluate(() => document.title)).toMatch(/^• /);
    expect(await leaveCanceled()).toBe(true);
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.evaluate(() => document.title)).not.toMatch(/^• /);
    expect(await leaveCanceled()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
