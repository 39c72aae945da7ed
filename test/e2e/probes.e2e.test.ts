// Rays and sweeps end to end in Chromium: draw a ray across a box and sweep a circle into it, see
// both hits reported live, move the box and watch them follow, undo, rename a probe, and find the
// probes in the saved file.
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseScene } from "../../core";
import { ARTIFACTS, CANVAS_TOP, editorSession, pageErrors, placeAt } from "./harness";

const session = editorSession();

/** The canvas starts below the toolbar: world (x, y) is page (x, y + TOP). */
const TOP = CANVAS_TOP;

/** Konva draws each layer on its own canvas: grid, shapes, contact overlay, probes, handles. */
const PROBES_LAYER = 3;

/** The RGBA of the probes layer at a world point. */
async function probePixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(([px, py, index]) => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")];
    const layer = canvases[index]!;
    const rect = layer.getBoundingClientRect();
    const ratio = layer.width / rect.width;
    return [...layer.getContext("2d")!.getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data];
  }, [x, y, PROBES_LAYER] as const);
}

async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  await page.mouse.move(from[0], from[1] + TOP);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1] + TOP, { steps: 6 });
  await page.mouse.up();
}

describe("probes in Chromium", () => {
  it("draws a ray and a sweep, reports their hits live, undoes, renames and saves them", async () => {
    const page = await session.newPage();
    const result = (id: string) => page.getByTestId(`probe-result-${id}`).textContent();

    // A box at (500, 300), 80 × 80: faces at x = 460 and 540, y = 260 and 340.
    await placeAt(page, "Box", 500, 300 + TOP);
    // A circle of radius 40 at (500, 500).
    await placeAt(page, "Circle", 500, 500 + TOP);

    // The ray tool: a ray along y = 300 from x = 300 to 700 meets the box's left face.
    await page.getByRole("button", { name: "Ray", exact: true }).click();
    await drag(page, [300, 300], [700, 300]);
    await expect.poll(() => result("ray-1")).toBe("hits box-1 at 0.400: point (460.0, 300.0), normal (-1.00, 0.00)");
    // Drawn up to the hit (selected, so in the selection's cyan), and nothing drawn solid beyond it.
    await expect.poll(async () => { const [r, g, b, a] = await probePixel(page, 380, 300); return a! > 200 && r! < 100 && g! > 180 && b! > 200; }).toBe(true);

    // The sweep tool: drag the circle up to (500, 300); its top (y = 460) meets the box's bottom
    // face (y = 340) after 120 of the 200 units.
    await page.getByRole("button", { name: "Sweep", exact: true }).click();
    await drag(page, [500, 500], [500, 300]);
    await expect.poll(() => result("sweep-1")).toBe("hits box-1 at 0.600: point (500.0, 340.0), normal (0.00, 1.00)");
    // The swept area is filled between the circle's start and the box (purple tint).
    await expect.poll(async () => (await probePixel(page, 500, 420))[3]! > 0).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-probes.png") });

    // Move the box 100 to the right: the ray now meets it at x = 560 and the sweep passes by.
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.move(530, 277 + TOP);
    await page.mouse.down();
    await page.mouse.move(580, 277 + TOP, { steps: 4 });
    // Live while the button is still down: halfway (box at 550, left face at 510).
    await expect.poll(() => result("ray-1")).toBe("hits box-1 at 0.525: point (510.0, 300.0), normal (-1.00, 0.00)");
    await page.mouse.move(630, 277 + TOP, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => result("ray-1")).toBe("hits box-1 at 0.650: point (560.0, 300.0), normal (-1.00, 0.00)");
    await expect.poll(() => result("sweep-1")).toBe("reaches its target");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-probes-moved.png") });

    // One undo step takes the move back, and both results with it.
    await page.keyboard.press("Control+z");
    await expect.poll(() => result("ray-1")).toBe("hits box-1 at 0.400: point (460.0, 300.0), normal (-1.00, 0.00)");
    await expect.poll(() => result("sweep-1")).toBe("hits box-1 at 0.600: point (500.0, 340.0), normal (0.00, 1.00)");

    // Rename the ray so QA can refer to it.
    const name = page.getByRole("textbox", { name: "Name of ray-1" });
    await name.fill("door line of sight");
    await name.press("Enter");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const { readFileSync } = await import("node:fs");
    const saved = readFileSync(await (await download).path(), "utf8");
    const parsed = parseScene(saved);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.scene.probes).toEqual([
      { id: "ray-1", name: "door line of sight", type: "ray", from: [300, 300], to: [700, 300] },
      { id: "sweep-1", name: "sweep-1", type: "sweep", shape: "circle-1", to: [500, 300] },
    ]);

    // Deleting the circle takes its sweep with it (one undo step brings both back).
    await page.mouse.click(500, 520 + TOP);
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByTestId("probe-sweep-1").count()).toBe(0);
    await page.keyboard.press("Control+z");
    await expect.poll(() => result("sweep-1")).toBe("hits box-1 at 0.600: point (500.0, 340.0), normal (0.00, 1.00)");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a ray's mask in the Collision panel: unticking the near box's layer lets the ray through to the far one, saved and undone", async () => {
    const page = await session.newPage();
    const result = () => page.getByTestId("probe-result-ray-1").textContent();
    await placeAt(page, "Box", 300, 300 + TOP);
    await placeAt(page, "Box", 500, 300 + TOP);
    // The far box on layer 2 only.
    await page.getByRole("checkbox", { name: "Layer bit 2", exact: true }).check();
    await page.getByRole("checkbox", { name: "Layer bit 1", exact: true }).uncheck();
    // R right after ticking a bit: a checkbox keeps only Space, the letter picks the Ray tool.
    await page.keyboard.press("r");
    await drag(page, [150, 300], [700, 300]);
    await page.getByRole("tab", { name: /Probes/ }).click();
    await expect.poll(result).toMatch(/^hits box-1 at/);
    const mask = page.getByTestId("bits-probe-mask");
    expect(await mask.getByLabel("Mask bit 1", { exact: true }).isChecked()).toBe(true);
    await mask.getByLabel("Mask bit 1", { exact: true }).uncheck();
    await expect.poll(result).toMatch(/^hits box-2 at/);
    await expect.poll(() => page.locator(".probes").textContent()).toContain("ray · sees every layer but 1");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-probe-mask.png") });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const { readFileSync } = await import("node:fs");
    const parsed = parseScene(readFileSync((await (await download).path())!, "utf8"));
    expect(parsed.ok && parsed.scene.probes[0]!.mask).toBe(0xfffffffe);
    await page.keyboard.press("Control+z");
    await expect.poll(result).toMatch(/^hits box-1 at/);
    expect(pageErrors(page)).toEqual([]);
  });
});
