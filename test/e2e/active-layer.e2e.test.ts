// Reopening a scene in Chromium: the layer it was left with is active again, even after the page
// reloads (Tiled keeps a map's current layer in its session the same way); a scene opened for the
// first time, or a new one, has its top layer active.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { editorSession, pageErrors, placeAt, savedShapes } from "./harness";

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
});
