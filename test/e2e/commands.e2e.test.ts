// The command palette, the shortcut sheet, the clipboard, themes and the toolbar in real Chromium.
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ARTIFACTS, CANVAS_TOP, editorSession, notice, pageErrors, placeAt, savedShapes } from "./harness";

const session = editorSession();

/** The canvas container's background colour, as the page computes it. */
const canvasBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector(".canvas")!).backgroundColor);
const shapeCount = (page: Page) => page.getByTestId("shape-count").textContent();
const canvasTop = (page: Page) => page.evaluate(() => document.querySelector(".canvas")!.getBoundingClientRect().top);

/** The document's shapes, read back through the Save button's download. */
describe("commands in Chromium", () => {
  it("opens the palette with Ctrl+Shift+P, filters, runs with Enter and gives focus back", async () => {
    const page = await session.newPage();
    await page.getByRole("button", { name: "Box", exact: true }).focus();
    await page.keyboard.press("Control+Shift+P");
    const dialog = page.getByRole("dialog", { name: "Command palette" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const input = page.getByRole("combobox", { name: "Type a command" });
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    // Every action is listed, with its shortcut; Undo is greyed with nothing to undo.
    const options = page.getByRole("option");
    expect(await options.count()).toBeGreaterThan(20);
    expect(await page.getByRole("option", { name: /Undo/ }).getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.type("circle");
    await expect.poll(() => options.first().textContent()).toContain("Circle");
    expect(await options.first().textContent()).toContain("C"); // its shortcut
    expect(await options.first().getAttribute("aria-selected")).toBe("true");
    // Typing "c" in the filter did not switch tools: the palette keeps keys from the editor.
    expect(await page.getByRole("button", { name: "Select", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-command-palette.png") });
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Circle", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Box");

    // F1 opens it too; arrows move, Escape closes without running anything, and Tab stays inside.
    await page.keyboard.press("F1");
    await dialog.waitFor();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("option").nth(1).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Circle", exact: true }).getAttribute("aria-pressed")).toBe("true");

    // A setting says whether it is on: Lock Layer is off, and on once run.
    await page.keyboard.press("F1");
    await page.keyboard.type("lock layer");
    await expect.poll(() => page.getByTestId("palette-state-layer.locked").textContent()).toBe("off");
    await page.keyboard.press("Enter");
    await expect.poll(() => notice(page)).toBe("Layer 'Layer 1' locked");
    await page.keyboard.press("F1");
    await page.keyboard.type("lock layer");
    await expect.poll(() => page.getByTestId("palette-state-layer.locked").textContent()).toBe("on");
    // Tiled's words find their commands, and only those: "lock" is not Rotate 90° Clockwise.
    for (const [query, found] of [["lock", ["Lock Layer"]], ["clone", ["Duplicate"]], ["hide", ["Show Layer"]], ["bring to front", ["Raise to Top"]], ["align", []]] as const) {
      await page.getByRole("combobox", { name: "Type a command" }).fill(query);
      await expect.poll(() => options.count()).toBe(found.length);
      for (const [i, label] of found.entries()) expect(await options.nth(i).textContent()).toContain(label);
    }
    await page.keyboard.press("Escape");
    expect(pageErrors(page)).toEqual([]);
  });

  it("lists Undo with Ctrl+Z in the shortcut sheet, opened by Ctrl+/ and from the palette", async () => {
    const page = await session.newPage();
    await page.keyboard.press("Control+/");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await sheet.waitFor();
    const undoRow = sheet.getByRole("row", { name: /^Undo/ });
    expect(await undoRow.textContent()).toContain("Ctrl");
    expect((await undoRow.textContent())!.replace(/\s/g, "")).toBe("UndoCtrlZ");
    for (const group of ["File", "Edit", "Tools", "Help"]) expect(await sheet.getByRole("region", { name: group }).count()).toBe(1);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-shortcut-sheet.png") });
    await page.keyboard.press("Escape");
    await expect.poll(() => sheet.count()).toBe(0);

    await page.keyboard.press("Control+Shift+P");
    await page.keyboard.type("keyboard shortcuts");
    await page.keyboard.press("Enter");
    await sheet.waitFor();
    await page.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("Escape at rest gives a drawing tool's place to Select once nothing is selected, as Tiled's second Escape; S picks Select", async () => {
    const page = await session.newPage();
    const pressed = (name: string) => page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");
    await placeAt(page, "Box", 300, 300);
    await page.keyboard.press("Escape");
    expect(await pressed("Box")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => pressed("Select")).toBe("true");
    await page.keyboard.press("p");
    await page.mouse.click(500, 300);
    await page.mouse.click(600, 300);
    // The first Escape abandons the outline, the second leaves the Polygon tool.
    await page.keyboard.press("Escape");
    expect(await pressed("Polygon")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => pressed("Select")).toBe("true");
    await page.keyboard.press("c");
    await page.keyboard.press("s");
    await expect.poll(() => pressed("Select")).toBe("true");
    expect(pageErrors(page)).toEqual([]);
  });

  it("copies and pastes at the cursor, and duplicates one grid cell away", async () => {
    const page = await session.newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await placeAt(page, "Box", 300, 300);
    await expect.poll(() => shapeCount(page)).toBe("1 shape");
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(300, 300);
    await page.keyboard.press("Control+C");
    // The system clipboard holds the tagged payload.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('"format":"collider-studio-clipboard"');
    await page.mouse.move(700, 450);
    await page.keyboard.press("Control+V");
    await expect.poll(() => shapeCount(page)).toBe("2 shapes");
    const [original, pasted] = await savedShapes(page);
    // The canvas starts at page y = CANVAS_TOP; the box is centred on its position.
    expect(pasted!.id).not.toBe(original!.id);
    expect([pasted!.x, pasted!.y]).toEqual([700, 450 - CANVAS_TOP]);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-paste-at-cursor.png") });

    await page.keyboard.press("Control+D");
    await expect.poll(() => shapeCount(page)).toBe("3 shapes");
    const third = (await savedShapes(page))[2]!;
    expect([third.x, third.y]).toEqual([pasted!.x + 25, pasted!.y + 25]);

    // One undo takes back the duplicate, one more the paste.
    await page.keyboard.press("Control+Z");
    await page.keyboard.press("Control+Z");
    await expect.poll(() => shapeCount(page)).toBe("1 shape");

    // Foreign text on the system clipboard is refused with a notice.
    await page.evaluate(() => navigator.clipboard.writeText("not shapes"));
    await page.keyboard.press("Control+V");
    await expect.poll(() => page.locator(".statusbar").textContent()).toContain("no Collider Studio shapes");
    expect(await shapeCount(page)).toBe("1 shape");
    expect(pageErrors(page)).toEqual([]);
  });

  it("toggles the theme: canvas background and page colours change, and the choice survives a reload", async () => {
    const page = await session.newPage();
    const dark = await canvasBackground(page);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-theme-dark.png") });
    await page.getByRole("button", { name: "Toggle light/dark theme" }).click();
    await expect.poll(() => canvasBackground(page)).not.toBe(dark);
    const light = await canvasBackground(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await placeAt(page, "Box", 400, 300);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-theme-light.png") });
    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    expect(await canvasBackground(page)).toBe(light);
    // Back to dark for later tests in this browser.
    await page.getByRole("button", { name: "Toggle light/dark theme" }).click();
    await expect.poll(() => canvasBackground(page)).toBe(dark);
    expect(pageErrors(page)).toEqual([]);
  });

  it("follows the system's colour scheme on first run", async () => {
    const page = await session.newPage();
    await page.evaluate(() => localStorage.clear());
    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  });

  it("keeps the toolbar 38 px high and the canvas still at any width; Pan is a tool button", async () => {
    const page = await session.newPage();
    expect(await page.getByRole("button", { name: "Pan", exact: true }).getAttribute("title")).toBe("Pan (H)");
    expect(await page.getByRole("button", { name: "Copy", exact: true }).getAttribute("title")).toBe("Copy (Ctrl+C)");
    for (const width of [1280, 900, 600, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => canvasTop(page)).toBe(CANVAS_TOP);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-toolbar.png"), clip: { x: 0, y: 0, width: 1280, height: CANVAS_TOP } });
    // Keyboard focus is visible: a focused button draws an outline.
    await page.getByRole("button", { name: "Box", exact: true }).focus();
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe("solid");
  });
});
