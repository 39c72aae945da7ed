// The viewport end to end in Chromium: wheel zoom about the cursor, Ctrl+0, Space-drag and
// middle-drag panning, placing while zoomed and panned, the grid following the zoom and toggling,
// snapping, and arrow-key nudges. World positions are read from the status bar's cursor readout
// and from the saved file, never assumed from the page layout.
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ARTIFACTS, CANVAS_TOP, editorSession, pageErrors, placeAt, savedShapes } from "./harness";

const session = editorSession();
const GRID_LAYER = 0;
const OVERLAY_LAYER = 2;

/** How many pixels of a canvas layer are drawn on. */
async function litPixels(page: Page, index: number): Promise<number> {
  return page.evaluate((i) => {
    const layer = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][i]!;
    const d = layer.getContext("2d")!.getImageData(0, 0, layer.width, layer.height).data;
    let n = 0;
    for (let k = 3; k < d.length; k += 4) if (d[k]! > 0) n++;
    return n;
  }, index);
}

/** The world point under page point (x, y), as the status bar shows it (whole units). */
async function worldAt(page: Page, x: number, y: number): Promise<[number, number]> {
  await page.mouse.move(x + 3, y + 3);
  await page.mouse.move(x, y);
  const text = (await page.getByTestId("cursor").textContent()) ?? "";
  const [wx, wy] = text.split(",").map((v) => Number(v.trim()));
  return [wx!, wy!];
}

/** Page x of every lit pixel of the grid layer along page row y (a row clear of horizontal lines). */
async function gridColumns(page: Page, y: number): Promise<number[]> {
  return page.evaluate(([index, py]) => {
    const layer = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][index]!;
    const rect = layer.getBoundingClientRect();
    const ratio = layer.width / rect.width;
    const row = Math.round((py - rect.top) * ratio);
    const d = layer.getContext("2d")!.getImageData(0, row, layer.width, 1).data;
    const lit: number[] = [];
    for (let i = 0; i < layer.width; i++) if (d[i * 4 + 3]! > 0) lit.push(Math.round(i / ratio + rect.left));
    return lit;
  }, [GRID_LAYER, y] as const);
}

/** Gaps between the grid's vertical lines along some row that no horizontal line crosses. */
async function gridGaps(page: Page): Promise<number[]> {
  for (let y = 300; y < 340; y += 3) {
    const cols = await gridColumns(page, y);
    if (cols.length > 0 && cols.length < 200) return cols.slice(1).map((c, i) => c - cols[i]!);
  }
  return [];
}

describe("viewport in Chromium", () => {
  it("zooms, pans, places under the view, snaps, toggles the grid and nudges", async () => {
    const page = await session.newPage();
    const zoom = () => page.getByTestId("zoom").textContent();
    const canvasCursor = () => page.locator(".canvas").evaluate((el) => (el as HTMLElement).style.cursor);

    // Startup view: world = page − (0, CANVAS_TOP), 100 %, minor grid lines every 25 px.
    expect(await zoom()).toBe("100%");
    expect(await worldAt(page, 400, 300 + CANVAS_TOP)).toEqual([400, 300]);
    expect(new Set(await gridGaps(page))).toEqual(new Set([25]));

    // The wheel zooms about the cursor: the world point under it stays put.
    await page.mouse.move(400, 300 + CANVAS_TOP);
    await page.mouse.wheel(0, -400);
    await expect.poll(zoom).toBe("200%");
    expect(await worldAt(page, 400, 300 + CANVAS_TOP)).toEqual([400, 300]);
    expect(await worldAt(page, 500, 400 + CANVAS_TOP)).toEqual([450, 350]);
    // The grid follows: 25 world units are now 50 pixels apart.
    // The grid is redrawn on a frame after the zoom label changes: wait for it.
    await expect.poll(async () => [...new Set(await gridGaps(page))]).toEqual([50]);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-viewport-zoomed.png") });

    await page.keyboard.press("Control+0");
    await expect.poll(zoom).toBe("100%");
    // The grid is redrawn on a frame after the zoom label changes: wait for it.
    await expect.poll(async () => [...new Set(await gridGaps(page))]).toEqual([25]);

    // Space-drag pans: the grabbed world point follows the pointer.
    const grabbed = await worldAt(page, 500, 400);
    await page.keyboard.down("Space");
    await expect.poll(canvasCursor).toBe("grab");
    await page.mouse.down();
    await page.mouse.move(620, 460, { steps: 6 });
    expect(await canvasCursor()).toBe("grabbing");
    await page.mouse.up();
    await page.keyboard.up("Space");
    expect(await worldAt(page, 620, 460)).toEqual(grabbed);
    expect(await page.getByTestId("shape-count").textContent()).toBe("0 shapes"); // nothing selected or placed

    // Middle-button drag pans too, whatever the tool.
    await page.getByRole("button", { name: "Box", exact: true }).click();
    const grabbed2 = await worldAt(page, 700, 300);
    await page.mouse.down({ button: "middle" });
    await page.mouse.move(640, 520, { steps: 6 });
    await page.mouse.up({ button: "middle" });
    expect(await worldAt(page, 640, 520)).toEqual(grabbed2);
    expect(await page.getByTestId("shape-count").textContent()).toBe("0 shapes");

    // Zoomed in and panned, a click places the box at the world point under the pointer.
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, -400);
    await expect.poll(zoom).toBe("200%");
    const [bx, by] = await worldAt(page, 700, 450);
    await page.mouse.click(700, 450);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("1 shape");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-viewport-placed-zoomed.png") });

    // The grid hides and shows again.
    await page.keyboard.press("Control+'");
    await expect.poll(() => gridColumns(page, 300)).toEqual([]);
    await expect.poll(() => page.getByRole("button", { name: "Grid", exact: true }).getAttribute("aria-pressed")).toBe("false");
    await page.keyboard.press("Control+'");
    await expect.poll(async () => (await gridColumns(page, 301)).length).toBeGreaterThan(0);

    // With snapping on, a circle placed off the grid lands on it.
    await page.keyboard.press("Shift+S");
    await expect.poll(() => page.getByRole("button", { name: "Snap", exact: true }).getAttribute("aria-pressed")).toBe("true");
    // Up and right of the box, near enough to overlap it wherever the snap puts the circle.
    await placeAt(page, "Circle", 770, 400);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");

    const [box, circle] = await savedShapes(page);
    expect(box!.type).toBe("box");
    expect(Math.abs(box!.x - bx)).toBeLessThanOrEqual(0.51);
    expect(Math.abs(box!.y - by)).toBeLessThanOrEqual(0.51);
    expect(circle!.type).toBe("circle");
    expect([circle!.x % 25, circle!.y % 25].map(Math.abs)).toEqual([0, 0]);
    const placed = { x: circle!.x, y: circle!.y };

    // The new circle is selected: → nudges one unit, Shift+↓ one cell; each is one undo step.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    const [, nudged] = await savedShapes(page);
    expect({ x: nudged!.x, y: nudged!.y }).toEqual({ x: placed.x + 1, y: placed.y + 25 });
    await page.keyboard.press("Control+z");
    const [, undone] = await savedShapes(page);
    expect({ x: undone!.x, y: undone!.y }).toEqual({ x: placed.x + 1, y: placed.y });

    // Fit to view frames the selection (the circle, 80 units across) with a margin.
    await page.keyboard.press("Shift+Digit1");
    await expect.poll(async () => Number((await zoom())!.replace("%", ""))).toBeGreaterThan(400);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-viewport-fit.png") });
    // The circle overlaps the box; the contact dot, arrow and depth label keep their screen size
    // at 800 % (drawn in world units they covered several thousand pixels).
    expect(await page.getByTestId("overlap-count").textContent()).toBe("1 overlap");
    const overlayPixels = await litPixels(page, OVERLAY_LAYER);
    expect(overlayPixels).toBeGreaterThan(50);
    expect(overlayPixels).toBeLessThan(1500);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("keeps the grid's size, visibility and snapping across a reload (a new run of the app)", async () => {
    const page = await session.newPage();
    const pressed = (name: string) => page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");
    expect([await pressed("Grid"), await pressed("Snap")]).toEqual(["true", "false"]);
    await page.keyboard.press("Control+'");
    await page.keyboard.press("Shift+S");
    await page.getByLabel("Grid size").fill("40");
    await page.getByLabel("Grid size").press("Enter");
    await expect.poll(() => pressed("Snap")).toBe("true");
    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    expect([await pressed("Grid"), await pressed("Snap")]).toEqual(["false", "true"]);
    expect(await page.getByLabel("Grid size").inputValue()).toBe("40");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
