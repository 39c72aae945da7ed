// Shapes far from the world's origin (x = ±1e9, 1e12) in Chromium: an open brings them into
// view, they are drawn where they are, and Fit to view centres them, whether batched (unselected) or drawn as nodes (selected). A canvas
// keeps its transform in single precision, so before the draw origin (renderer/canvas/draw-origin.ts)
// they were drawn hundreds of pixels off, or not at all.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { editorSession, pageErrors } from "./harness";

const session = editorSession();
const SHAPES_LAYER = 1;
const SHOTS = process.env.EDITOR_SHOTS;

/** The box of the lit pixels of a canvas layer, in CSS pixels of the canvas. */
async function litBox(page: Page, index: number): Promise<{ minX: number; minY: number; maxX: number; maxY: number } | null> {
  return page.evaluate((i) => {
    const layer = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][i]!;
    const ratio = layer.width / layer.getBoundingClientRect().width;
    const d = layer.getContext("2d")!.getImageData(0, 0, layer.width, layer.height).data;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let y = 0; y < layer.height; y++) {
      for (let x = 0; x < layer.width; x++) {
        if (d[(y * layer.width + x) * 4 + 3]! === 0) continue;
        minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      }
    }
    return minX <= maxX ? { minX: minX / ratio, minY: minY / ratio, maxX: (maxX + 1) / ratio, maxY: (maxY + 1) / ratio } : null;
  }, index);
}

/** Checks the shapes' lit pixels are centred on the canvas and `width` × `height` screen pixels large. */
async function expectCentred(page: Page, width: number, height: number): Promise<void> {
  const canvas = (await page.locator(".canvas").boundingBox())!;
  await expect.poll(async () => {
    const lit = await litBox(page, SHAPES_LAYER);
    if (!lit) return "nothing drawn";
    const dx = Math.round((lit.minX + lit.maxX) / 2 - canvas.width / 2), dy = Math.round((lit.minY + lit.maxY) / 2 - canvas.height / 2);
    const w = lit.maxX - lit.minX, h = lit.maxY - lit.minY;
    return Math.abs(dx) <= 2 && Math.abs(dy) <= 2 && Math.abs(w - width) <= 6 && Math.abs(h - height) <= 6 ? "centred" : { dx, dy, w, h };
  }).toBe("centred");
}

describe("far coordinates in Chromium", () => {
  for (const far of [1e9, -1e9, 1e12]) {
    it(`draws shapes at x = ${far} where they are, and Fit to view centres them`, async () => {
      const page = await session.newPage();
      // A 100 × 60 box and, 200 to its right, a circle of radius 30: 280 × 60 in all.
      const shapes = [
        { id: "crate", type: "box", x: far, y: far / 2, width: 100, height: 60 },
        { id: "coin", type: "circle", x: far + 200, y: far / 2, radius: 30 },
      ];
      const text = JSON.stringify({ format: "collider-studio-scene", version: 1, shapes });
      await page.setInputFiles("#open-scene-input", { name: "far.json", mimeType: "application/json", buffer: Buffer.from(text) });
      await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^2 shapes/);
      // Nothing of it was in view: the open brings it to the middle, at 100 %.
      expect(await page.getByTestId("zoom").textContent()).toBe("100%");
      await expectCentred(page, 280, 60);
      await page.locator(".canvas").click({ position: { x: 5, y: 5 } });
      await page.keyboard.press("Home"); // View → Fit to view
      const scale = Number((await page.getByTestId("zoom").textContent())!.replace("%", "")) / 100;
      expect(scale).toBeGreaterThan(1);
      // Unselected: drawn by the layer's batch.
      await expectCentred(page, 280 * scale, 60 * scale);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/far-${far}-batched.png` });
      // Selected: drawn as Konva nodes, with their handles on another layer.
      await page.keyboard.press("Control+a");
      await expectCentred(page, 280 * scale, 60 * scale);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/far-${far}-selected.png` });
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    });
  }
});
