// Issue 25 in the editor, in Chromium as a designer meets it: a Tiled map imported with a class on
// an object and a hidden object. The class shows in the Inspector, is edited there (one undo step)
// and saves; the hidden object is not drawn or picked on the canvas, is listed as hidden in the
// Objects dock, and the Inspector's Visible box shows it (undoable); the properties panel shows
// Tiled's property types with their custom type.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseScene, type Scene } from "../../core";
import { ARTIFACTS, editorSession, pageErrors } from "./harness";

const session = editorSession();

async function runCommand(page: Page, label: string): Promise<void> {
  await page.keyboard.press("Control+Shift+P");
  await page.getByRole("combobox", { name: "Type a command" }).fill(label);
  await page.getByRole("option", { name: new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first().click();
}

async function canvasAt(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.locator(".canvas").boundingBox())!;
  return { x: box.x, y: box.y };
}

async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const d = decode(await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).data;
  return [d[0]!, d[1]!, d[2]!];
}

const near = (a: readonly number[], b: readonly number[], tolerance = 6) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

async function saved(page: Page): Promise<Scene> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const parsed = parseScene(readFileSync((await (await download).path())!, "utf8"));
  if (!parsed.ok) throw new Error(`saved scene does not parse: ${parsed.problems[0]?.message}`);
  return parsed.scene;
}

/** Three unnamed 60 × 40 boxes at world x 100, 300 and 500: a WARP, a hidden one, a plain one (world = canvas pixels at the default view). */
const MAP = {
  type: "map",
  version: "1.8",
  orientation: "orthogonal",
  width: 20,
  height: 10,
  tilewidth: 32,
  tileheight: 32,
  nextobjectid: 4,
  nextlayerid: 2,
  tilesets: [],
  layers: [
    {
      id: 1,
      name: "Objects",
      type: "objectgroup",
      opacity: 1,
      visible: true,
      x: 0,
      y: 0,
      objects: [
        { id: 1, name: "", type: "WARP", x: 100, y: 100, width: 60, height: 40, rotation: 0, visible: true, properties: [{ name: "speed", type: "float", value: 7 }, { name: "lock", type: "class", propertytype: "Lock", value: { key: "red" } }, { name: "sfx", type: "file", value: "warp.ogg" }] },
        { id: 2, name: "", type: "", x: 300, y: 100, width: 60, height: 40, rotation: 0, visible: false },
        { id: 3, name: "", type: "", x: 500, y: 100, width: 60, height: 40, rotation: 0, visible: true },
      ],
    },
  ],
};

async function importMap(page: Page): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), "tiled-fidelity-e2e-")), "warps.tmj");
  writeFileSync(file, JSON.stringify(MAP));
  await runCommand(page, "Import Tiled map");
  await page.setInputFiles("#import-file-input", file);
  await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^3 shapes/);
}

describe("Tiled's class and hidden objects in the editor", () => {
  it("an object's class shows in the Inspector, is edited there in one undo step, and saves", async () => {
    const page = await session.newPage();
    await importMap(page);
    const c = await canvasAt(page);
    await page.mouse.click(c.x + 112, c.y + 108);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box tiled-1");
    const cls = page.getByTestId("inspector-class");
    expect(await cls.inputValue()).toBe("WARP");
    await cls.fill("  Teleport ");
    await cls.press("Enter");
    await expect.poll(() => cls.inputValue()).toBe("Teleport");
    // Tiled's property types, each with its own editor; a custom type beside its type.
    const lock = page.getByTestId("property-lock");
    expect(await lock.getByRole("combobox", { name: "Type of lock" }).inputValue()).toBe("class");
    expect(await lock.locator(".prop-custom").textContent()).toBe("Lock");
    expect(await lock.getByRole("textbox", { name: "Value of lock" }).inputValue()).toBe('{"key":"red"}');
    expect(await page.getByTestId("property-speed").getByRole("combobox", { name: "Type of speed" }).inputValue()).toBe("float");
    expect(await page.getByTestId("property-sfx").getByRole("combobox", { name: "Type of sfx" }).inputValue()).toBe("file");
    const members = lock.getByRole("textbox", { name: "Value of lock" });
    await members.fill("not json");
    await members.press("Enter");
    expect(await lock.getByRole("alert").textContent()).toMatch(/JSON object/);
    await members.fill('{"key": "blue"}');
    await members.press("Enter");
    await page.screenshot({ path: join(ARTIFACTS, "e2e-tiled-class.png") });

    const scene = await saved(page);
    expect(scene.shapes.find((s) => s.id === "tiled-1")).toMatchObject({
      class: "Teleport",
      properties: [{ name: "speed", type: "float", value: 7 }, { name: "lock", type: "class", propertytype: "Lock", value: { key: "blue" } }, { name: "sfx", type: "file", value: "warp.ogg" }],
    });
    // Undo takes back the members, then the class: each edit was one step.
    await runCommand(page, "Undo");
    await runCommand(page, "Undo");
    await expect.poll(() => page.getByTestId("inspector-class").inputValue()).toBe("WARP");
    await runCommand(page, "Redo");
    await expect.poll(() => page.getByTestId("inspector-class").inputValue()).toBe("Teleport");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a hidden object is not drawn or picked, is listed as hidden, and the Inspector's Visible box shows it (undoable)", async () => {
    const page = await session.newPage();
    await importMap(page);
    const c = await canvasAt(page);
    const background = await pixel(page, c.x + 212, c.y + 108);
    const drawn = await pixel(page, c.x + 512, c.y + 108);
    expect(near(drawn, background)).toBe(false);
    // The hidden box's place looks like the empty canvas beside it.
    expect(near(await pixel(page, c.x + 312, c.y + 108), background)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, "e2e-tiled-hidden.png") });
    // A click there picks nothing.
    await page.mouse.click(c.x + 312, c.y + 108);
    await expect.poll(() => page.getByTestId("inspector-what").count()).toBe(0);
    // The Objects dock lists it, marked hidden; a click there selects it.
    await page.getByRole("tab", { name: /Objects/ }).click();
    const row = page.getByTestId("object-tiled-2");
    expect(await row.getAttribute("class")).toContain("hidden");
    expect(await row.textContent()).toContain("hidden");
    expect(await page.getByTestId("object-tiled-3").getAttribute("class")).not.toContain("hidden");
    // Ctrl-click: selected without framing it, so the view (and the pixels' places) stays.
    await row.click({ modifiers: ["Control"] });
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box tiled-2");
    const visible = page.getByRole("checkbox", { name: "Visible" });
    expect(await visible.isChecked()).toBe(false);
    await visible.click();
    // Shown: drawn as the plain box is (selected, so drawn live).
    await expect.poll(() => pixel(page, c.x + 312, c.y + 108)).toSatisfy((p: number[]) => !near(p, background));
    await runCommand(page, "Undo");
    await expect.poll(() => pixel(page, c.x + 312, c.y + 108)).toSatisfy((p: number[]) => near(p, background));
    expect(await page.getByRole("checkbox", { name: "Visible" }).isChecked()).toBe(false);
    // Saved hidden, and still colliding (it is in the scene like any other shape).
    const scene = await saved(page);
    expect(scene.shapes.map((s) => [s.id, s.visible])).toEqual([["tiled-1", undefined], ["tiled-2", false], ["tiled-3", undefined]]);
    expect(pageErrors(page)).toEqual([]);
  });
});
