// Reopening a scene in Chromium: the layer it was left with is active again, even after the page
// reloads (Tiled keeps a map's current layer in its session the same way); a scene opened for the
// first time, or a new one, has its top layer active.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ARTIFACTS, editorSession, pageErrors, placeAt, savedShapes } from "./harness";

const session = editorSession();

const scene = (shapes: number) => JSON.stringify({
  format: "collider-studio-scene", version: 1,
  layers: [{ id: "ground", name: "Ground" }, { id: "walls", name: "Walls" }, { id: "pickups", name: "Pickups" }],
  shapes: Array.from({ length: shapes }, (_, i) => ({ id: `c${i}`, type: "circle", x: 40 * i, y: 0, radius: 10, layer: "ground" })),
});

async function open(page: Page, name: string, text: string): Promise<void> {
  await page.setInputFiles("#open-scene-input", { name, mimeType: "application/json", buffer: Buffer.from(text) });
  await expect.poll(() => page.getByTestId("notice").textContent()).toBe(`Opened ${name}`);
}

/** The Layers panel's active row (aria-current), by layer id. */
const active = (page: Page) => page.locator("[data-testid^=layer-][aria-current=true]").getAttribute("data-testid");

describe("the active layer when a scene is opened", () => {
  it("is the top layer the first time; reopened (and after a reload), the layer it was left with", async () => {
    const page = await session.newPage();
    await open(page, "level.json", scene(2));
    expect(await active(page)).toBe("layer-pickups");
    await page.getByRole("button", { name: "Make Walls active" }).click();
    expect(await active(page)).toBe("layer-walls");

    await open(page, "other.json", scene(1));
    expect(await active(page)).toBe("layer-pickups");
    await open(page, "level.json", scene(2));
    expect(await active(page)).toBe("layer-walls");

    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    await open(page, "level.json", scene(2));
    expect(await active(page)).toBe("layer-walls");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a click anywhere on a layer's row, its name included, makes it active; the eye and the padlock do not", async () => {
    const page = await session.newPage();
    await open(page, "level.json", scene(0));
    expect(await active(page)).toBe("layer-pickups");
    // The name field: a click there takes the layer, as a click on a Tiled row does, and keeps the field for renaming.
    const name = page.getByLabel("Name of layer Walls");
    await name.click();
    expect(await active(page)).toBe("layer-walls");
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await placeAt(page, "Box", 500, 300);
    expect((await savedShapes(page)).map((s) => s.layer)).toEqual(["walls"]);
    // The row's count (or its empty space) does too.
    await page.getByTestId("layer-count-ground").click();
    expect(await active(page)).toBe("layer-ground");
    // Hiding, locking or recolouring another layer leaves the active one as it is.
    await page.getByRole("button", { name: "Hide Pickups" }).click();
    await page.getByRole("button", { name: "Lock Pickups" }).click();
    expect(await active(page)).toBe("layer-ground");
    // Renaming still works from the name field.
    await page.getByLabel("Name of layer Ground").fill("Floor");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByLabel("Name of layer Floor").inputValue()).toBe("Floor");
    expect(await active(page)).toBe("layer-ground");
    expect(pageErrors(page)).toEqual([]);
  });

  it("the scene keeps its grid cell and the file its view: set cell 16, save, open another, reopen: cell 16 and the same view", async () => {
    const page = await session.newPage();
    page.on("dialog", (d) => void d.accept());
    await open(page, "level.json", scene(2));
    const cell = page.getByLabel("Grid size");
    expect(await cell.inputValue()).toBe("25");
    await cell.fill("16");
    await cell.press("Enter");
    // An edit of the scene: unsaved, and one undo step.
    await expect.poll(() => page.title()).toMatch(/^• level\.json/);
    await page.keyboard.press("Control+z");
    await expect.poll(() => cell.inputValue()).toBe("25");
    await expect.poll(() => page.title()).toMatch(/^level\.json/);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => cell.inputValue()).toBe("16");

    // Zoom in about a point and scroll with the middle button.
    await page.mouse.move(500, 300);
    await page.mouse.wheel(0, -400);
    await page.mouse.down({ button: "middle" });
    await page.mouse.move(420, 260, { steps: 5 });
    await page.mouse.up({ button: "middle" });
    const where = async () => {
      await page.mouse.move(600, 400);
      return [await page.getByTestId("zoom").textContent(), await page.getByTestId("cursor").textContent()];
    };
    const left = await where();
    expect(left[0]).not.toBe("100%");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = readFileSync(await (await download).path(), "utf8");
    expect((JSON.parse(saved) as { gridSize?: number }).gridSize).toBe(16);

    // Another scene (its own cell and view), then the saved one again.
    await open(page, "other.json", JSON.stringify({ format: "collider-studio-scene", version: 1, gridSize: 32, shapes: [] }));
    await expect.poll(() => cell.inputValue()).toBe("32");
    await page.keyboard.press("Control+0");
    expect((await where())[0]).toBe("100%");
    await open(page, "level.json", saved);
    expect(await cell.inputValue()).toBe("16");
    expect(await where()).toEqual(left);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-grid-view-reopened.png") });
    // Opening left it clean.
    expect(await page.title()).toMatch(/^level\.json/);

    // A fresh profile opening the same level gets its cell (the view is this profile's own).
    const fresh = await session.newPage();
    await open(fresh, "level.json", saved);
    expect(await fresh.getByLabel("Grid size").inputValue()).toBe("16");
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(fresh)).toEqual([]);
  });
});
