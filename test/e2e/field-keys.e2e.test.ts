// Keys pressed while a text field of the sidebar or the status bar has the focus, as a designer met
// them: Ctrl+S, Ctrl+O, Ctrl+N, the palette (Ctrl+Shift+P, F1) and the shortcut sheet (Ctrl+/) did
// nothing there and the typed value was later lost; now the value is applied and the command runs,
// while the keys that edit text stay the field's. Escape puts the old value back and leaves the
// field. The status bar's grid cell refuses what makes no sense, saying why.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseScene, type Shape } from "../../core";
import { CANVAS_TOP, editorSession, notice, pageErrors, placeAt } from "./harness";

const session = editorSession();
const SHOTS = process.env.EDITOR_SHOTS;
const inspector = (page: Page) => page.getByRole("group", { name: "Inspector" });
const field = (page: Page, label: string) => inspector(page).getByLabel(label, { exact: true });
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? "");

/** A page with one box at (150, 400 below the canvas top), selected. */
async function withBox(): Promise<Page> {
  const page = await session.newPage();
  await placeAt(page, "Box", 150, CANVAS_TOP + 400);
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.mouse.click(150, CANVAS_TOP + 400);
  await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
  return page;
}

/** The message of the page's next dialog (a confirm), answered Yes or No. */
const answer = (page: Page, yes: boolean): Promise<string> =>
  new Promise((done) => {
    page.once("dialog", (d) => {
      done(d.message());
      void (yes ? d.accept() : d.dismiss());
    });
  });

/** Presses `keys` and reads back the scene the browser downloads. */
async function savedBy(page: Page, keys: string): Promise<readonly Shape[]> {
  const download = page.waitForEvent("download");
  await page.keyboard.press(keys);
  const parsed = parseScene(readFileSync(await (await download).path(), "utf8"));
  if (!parsed.ok) throw new Error("saved scene does not parse");
  return parsed.scene.shapes;
}

describe("keys in a text field", () => {
  it("Ctrl+S and Ctrl+Shift+S in an Inspector field apply the typed value, then save", async () => {
    const page = await withBox();
    await field(page, "Width").fill("120");
    const saved = await savedBy(page, "Control+s");
    expect(saved.map((s) => (s.type === "box" ? s.width : 0))).toEqual([120]);
    expect(await field(page, "Width").inputValue()).toBe("120");
    // The field is left: the next key is the editor's.
    expect(await focusedTag(page)).toBe("BODY");
    await field(page, "Name").fill("crate");
    const savedAs = await savedBy(page, "Control+Shift+S");
    expect(savedAs.map((s) => s.name)).toEqual(["crate"]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ctrl-s-from-field.png` });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("the palette, the shortcut sheet, Open and New run from a field, after its value is applied", async () => {
    const page = await withBox();
    await field(page, "X").fill("300");
    await page.keyboard.press("Control+Shift+P");
    await expect.poll(() => page.getByRole("combobox", { name: "Type a command" }).isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/palette-from-field.png` });
    await page.keyboard.press("Escape");
    expect(await field(page, "X").inputValue()).toBe("300");
    await field(page, "Y").fill("50");
    await page.keyboard.press("F1");
    await expect.poll(() => page.getByRole("combobox", { name: "Type a command" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await field(page, "Y").inputValue()).toBe("50");
    await field(page, "Name").fill("crate");
    await page.keyboard.press("Control+/");
    await expect.poll(() => page.getByRole("dialog", { name: /shortcuts/i }).count()).toBe(1);
    await page.keyboard.press("Escape");
    expect(await field(page, "Name").inputValue()).toBe("crate");
    // The scene has changes: Open and New ask first (Open is answered No, New Yes).
    await field(page, "Name").fill("crate 2");
    const openAsked = answer(page, false);
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Control+o");
    // Asked once a scene is picked (a picture would be added, not asked about).
    await (await chooser).setFiles({ name: "other.json", mimeType: "application/json", buffer: Buffer.from('{"format": "collider-studio-scene", "version": 1, "shapes": []}') });
    expect(await openAsked).toBe("Discard unsaved changes and open another scene?");
    expect(await field(page, "Name").inputValue()).toBe("crate 2");
    await field(page, "Name").fill("gone");
    const newAsked = answer(page, true);
    await page.keyboard.press("Control+n");
    expect(await newAsked).toBe("Discard unsaved changes?");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("0 shapes");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("keeps the keys that edit text: Ctrl+Z is the field's own undo, Ctrl+A selects the text, arrows and Backspace edit it", async () => {
    const page = await withBox();
    const name = field(page, "Name");
    await name.click();
    await page.keyboard.type("crate");
    await page.keyboard.press("Control+a");
    expect(await page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Backspace");
    expect(await name.inputValue()).toBe("crat");
    await page.keyboard.press("Control+z");
    // The field's own undo: the box is still there, and the field still has the focus.
    expect(await page.getByTestId("shape-count").textContent()).toBe("1 shape");
    expect(await focusedTag(page)).toBe("INPUT");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a refused value holds Ctrl+S back, saying why; Escape puts the old value back and leaves the field", async () => {
    const page = await withBox();
    const width = field(page, "Width");
    await width.fill("-5");
    await page.keyboard.press("Control+s");
    await expect.poll(() => notice(page)).toBe("Save not done: Width must be greater than 0 (fix it, or Esc for the old value)");
    expect(await focusedTag(page)).toBe("INPUT");
    expect(await inspector(page).getByRole("alert").textContent()).toBe("must be greater than 0");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ctrl-s-refused.png` });
    await page.keyboard.press("Escape");
    expect(await width.inputValue()).toBe("80");
    expect(await focusedTag(page)).toBe("BODY");
    // Escape in the field left the selection alone; the next key is a shortcut.
    expect(await page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await page.keyboard.press("c");
    expect(await page.getByRole("button", { name: "Circle", exact: true }).getAttribute("aria-pressed")).toBe("true");
    const saved = await savedBy(page, "Control+s");
    expect(saved.map((s) => (s.type === "box" ? s.width : 0))).toEqual([80]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe("keys on a focused drop-down", () => {
  // Tab to the Layer drop-down, then ArrowDown moved the box (History "Move box-1"), C picked the
  // Circle tool and Delete deleted the box while the drop-down had the focus.
  it("ArrowDown, Delete, Backspace and C stay the drop-down's: the box neither moves nor goes, History unchanged", async () => {
    const page = await withBox();
    const history = page.getByRole("tab", { name: /History/ });
    const [before, x] = [await history.textContent(), await field(page, "X").inputValue()];
    await field(page, "Height").click();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("inspector-layer");
    for (const key of ["ArrowDown", "Delete", "Backspace", "c"]) await page.keyboard.press(key);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/layer-drop-down-keys.png` });
    expect(await page.getByTestId("shape-count").textContent()).toBe("1 shape");
    expect(await field(page, "X").inputValue()).toBe(x);
    expect(await history.textContent()).toBe(before);
    expect(await page.getByRole("button", { name: "Select", exact: true }).getAttribute("aria-pressed")).toBe("true");
    // Escape is not the drop-down's: it leaves it to the editor, which selects nothing.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("0 selected");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe("the status bar's grid cell", () => {
  it("refuses 0, -5 and 1e99 with a message, takes 0.5 and 50, and snapping keeps shapes where they are put", async () => {
    const page = await session.newPage();
    const cell = page.getByLabel("Grid size");
    for (const [typed, why] of [["0", "must be greater than 0"], ["-5", "must be greater than 0"], ["1e99", "must be between 1e-9 and 1e6"]] as const) {
      await cell.fill(typed);
      await cell.press("Tab");
      await expect.poll(() => notice(page), { message: typed }).toBe(`Cell not changed: ${why}`);
      expect(await cell.inputValue()).toBe("25");
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cell-refused.png` });
    // Enter on a refused value keeps it, with the reason beside it.
    await cell.fill("1e99");
    await cell.press("Enter");
    expect(await page.getByRole("status").getByRole("alert").textContent()).toBe("must be between 1e-9 and 1e6");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cell-refused-enter.png`, clip: { x: 0, y: 760, width: 1280, height: 40 } });
    await cell.fill("0.5");
    await cell.press("Enter");
    expect(await cell.inputValue()).toBe("0.5");
    await cell.fill("50");
    await cell.press("Enter");
    expect(await cell.inputValue()).toBe("50");
    await page.keyboard.press("Shift+S");
    await placeAt(page, "Box", 412, CANVAS_TOP + 290);
    const saved = await savedBy(page, "Control+s");
    // On a grid point near the click, where a cell of 1e99 put every shape at (0, 0).
    expect(saved.map((s) => [s.x % 50, s.y % 50, s.x !== 0 || s.y !== 0, Math.abs(s.x) < 2000 && Math.abs(s.y) < 2000])).toEqual([[0, 0, true, true]]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
