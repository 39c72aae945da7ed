// The sidebar's panels end to end in Chromium: inspector edits move and resize what the canvas
// draws, layers hide and lock, collision bits and properties reach the saved file, and a row of the
// overlaps list selects both shapes.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseScene } from "../../core";
import { ARTIFACTS, editorSession, pageErrors, placeAt } from "./harness";

const session = editorSession();

/** The RGBA of the shapes layer (Konva's second canvas) at a page point. */
async function shapePixel(page: Page, x: number, y: number): Promise<[number, number, number, number]> {
  return page.evaluate(([px, py]) => {
    const layer = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][1]!;
    const rect = layer.getBoundingClientRect();
    const ratio = layer.width / rect.width;
    const d = layer.getContext("2d")!.getImageData(Math.round((px - rect.left) * ratio), Math.round((py - rect.top) * ratio), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]!] as [number, number, number, number];
  }, [x, y] as const);
}

const drawn = async (page: Page, x: number, y: number) => (await shapePixel(page, x, y))[3] > 0;

async function saveDownload(page: Page): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  return readFileSync(await (await download).path(), "utf8");
}

async function typeInto(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.fill(text);
  await input.press("Enter");
}

describe("sidebar panels in Chromium", () => {
  it("lays a refused Inspector value's message across the Inspector's width, on one line, from either column", async () => {
    const page = await session.newPage();
    await placeAt(page, "Circle", 300, 300);
    for (const label of ["Radius", "Y"]) {
      const field = page.getByLabel(label, { exact: true });
      await field.fill("1 2");
      await field.press("Enter");
      const message = page.getByRole("alert").filter({ hasText: "not a number or sum: 1 2" });
      await message.waitFor();
      const [m, grid] = [(await message.boundingBox())!, (await field.locator("xpath=../..").boundingBox())!];
      expect([Math.round(m.x), Math.round(m.width)], label).toEqual([Math.round(grid.x), Math.round(grid.width)]);
      expect(m.height, `${label}: one line`).toBeLessThan(20);
      await page.locator(".sidebar").screenshot({ path: resolve(ARTIFACTS, `e2e-refused-${label.toLowerCase()}.png`) });
      await field.press("Escape");
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it("edits, layers, collision bits and properties reach the canvas and the saved file", async () => {
    const page = await session.newPage();
    const status = (id: string) => page.getByTestId(id);
    await placeAt(page, "Box", 300, 300);
    await placeAt(page, "Circle", 600, 300);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(300, 300);
    await expect.poll(() => status("inspector-what").textContent()).toBe("box box-1");
    // X and Y say what they are: the centre, not Tiled's top-left corner.
    expect(await page.getByLabel("X", { exact: true }).getAttribute("title")).toBe("The shape's centre (Godot's position), not its top-left corner as in Tiled");

    // Refused input: a message, nothing written; Escape brings the value back.
    const x = page.getByTestId("inspector-x");
    await x.fill("abc");
    await x.press("Enter");
    await expect.poll(() => page.getByRole("group", { name: "Inspector" }).getByRole("alert").textContent()).toContain("not a number");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-panels-refused.png") });
    await x.press("Escape");
    expect(await x.inputValue()).toBe("300");
    expect(await page.getByRole("group", { name: "Inspector" }).getByRole("alert").count()).toBe(0);

    // Move the box to x = 500 and widen it to 160: it spans 420–580 and meets the circle (560–640).
    expect(await drawn(page, 500, 300)).toBe(false);
    await typeInto(page, "inspector-x", "500");
    await expect.poll(() => drawn(page, 500, 300)).toBe(true);
    expect(await drawn(page, 300, 300)).toBe(false);
    expect(await drawn(page, 430, 300)).toBe(false);
    await typeInto(page, "inspector-width", "160");
    await expect.poll(() => drawn(page, 430, 300)).toBe(true);
    await expect.poll(() => status("overlap-count").textContent()).toBe("1 overlap");

    // A row of the overlaps list selects both shapes.
    await page.mouse.click(800, 600); // empty canvas: nothing selected
    await expect.poll(() => status("selection-count").textContent()).toBe("0 selected");
    const row = page.getByTestId("overlap-box-1-circle-1");
    expect(await row.textContent()).toContain("depth 20.00");
    await row.click();
    await expect.poll(() => status("selection-count").textContent()).toBe("2 selected");
    await expect.poll(() => status("inspector-what").textContent()).toBe("2 shapes");
    expect(await page.getByTestId("inspector-x").getAttribute("placeholder")).toBe("mixed");

    // Collision bit and property on the box alone.
    await page.mouse.click(800, 600);
    await page.mouse.click(450, 300);
    await expect.poll(() => status("inspector-what").textContent()).toBe("box box-1");
    await page.getByRole("checkbox", { name: "Layer bit 3" }).check();
    await page.getByRole("checkbox", { name: "Mask bit 2" }).check();
    await page.getByLabel("New property name").fill("damage");
    await page.getByLabel("New property type").selectOption("number");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const value = page.getByLabel("Value of damage");
    await value.fill("5");
    await value.press("Enter");
    // A second property of the same name is refused.
    await page.getByLabel("New property name").fill("damage");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => page.getByRole("group", { name: "Properties" }).getByRole("alert").textContent()).toContain("already exists");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-panels-properties.png") });

    // A new layer takes the box; hiding it stops drawing the box, locking keeps it drawn but unpickable.
    await page.getByRole("button", { name: "Add layer" }).click();
    // Only the active layer (the new one) has a row of tools: one row a layer otherwise.
    expect(await page.getByRole("button", { name: "Move Layer 1 up" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Delete Layer 1" }).count()).toBe(0);
    await page.getByRole("button", { name: "Move selection to Layer 2" }).click();
    await expect.poll(() => status("layer-count-layer-2").textContent()).toBe("1");
    expect(await status("layer-count-layer-1").textContent()).toBe("1");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-panels-edited.png") });
    await page.getByRole("button", { name: "Hide Layer 2" }).click();
    await expect.poll(() => drawn(page, 450, 300)).toBe(false);
    expect(await drawn(page, 620, 300)).toBe(true); // the circle stays
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-panels-hidden.png") });
    await page.getByRole("button", { name: "Show Layer 2" }).click();
    await expect.poll(() => drawn(page, 450, 300)).toBe(true);
    await page.getByRole("button", { name: "Lock Layer 2" }).click();
    await page.mouse.click(450, 300);
    expect(await status("selection-count").textContent()).toBe("0 selected");
    expect(await drawn(page, 450, 300)).toBe(true);

    const parsed = parseScene(await saveDownload(page));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.scene.layers).toEqual([{ id: "layer-1", name: "Layer 1" }, { id: "layer-2", name: "Layer 2", locked: true }]);
    const box = parsed.scene.shapes.find((s) => s.id === "box-1");
    expect(box).toMatchObject({ x: 500, width: 160, layer: "layer-2", collisionLayer: 0b101, collisionMask: 0b11, properties: [{ name: "damage", type: "number", value: 5 }] });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
