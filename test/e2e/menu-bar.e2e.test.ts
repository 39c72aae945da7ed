// The web build's menu bar in real Chromium, as a desktop user drives it: its own row above the
// toolbar, covering nothing; each export format, Import Tiled and the ray-log commands reachable
// from it; items greyed and checked live; mouse (click, then hover to switch) and keys (Alt, F10,
// arrows, letters, Enter, Escape); and the desktop app, whose native menu gets the same menus
// instead. Also the shortcut sheet: every row on one line at 1280 × 800, all of it in view.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EXPORT_FORMATS, exportBaseName } from "../../core";
import type { MenuModel } from "../../core/shell/desktop-api";
import { ARTIFACTS, CANVAS_TOP, editorSession, notice, pageErrors, placeAt, ROOT } from "./harness";

const session = editorSession();
const README_SCENE = resolve(ROOT, "test/export/fixtures/readme-example.json");
const SHOTS = "/tmp/shots";

const bar = (page: Page) => page.getByRole("menubar", { name: "Menu bar" });
const title = (page: Page, name: string) => bar(page).getByRole("menuitem", { name, exact: true });
const menu = (page: Page, name: string) => page.getByRole("menu", { name, exact: true });
/** An item of the open menu, a plain one or a setting. */
const item = (page: Page, name: string): Locator => page.getByRole("menu").locator(`[role=menuitem], [role=menuitemcheckbox]`).filter({ hasText: new RegExp(`^.?${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
/** The label of the Edit menu's Undo or Redo, as it reads now ("Undo Add box"). */
const stepLabel = (page: Page, verb: "Undo" | "Redo") => menu(page, "Edit").getByRole("menuitem", { name: new RegExp(`^${verb}`) }).locator(".label").textContent();
const shapeCount = (page: Page) => page.getByTestId("shape-count").textContent();
/** The focused element's accessible text, and whether it is inside the menu bar. */
const focused = (page: Page) => page.evaluate(() => ({ text: document.activeElement?.textContent ?? "", inBar: !!document.activeElement?.closest("[role=menubar]") }));
const fileName = (format: (typeof EXPORT_FORMATS)[number], scene = "untitled.json") => `${exportBaseName(scene, format)}.${format.type.extensions[0]}`;

describe("the web menu bar", () => {
  it("shows File, Edit, View, Layer, Export, Tools and Help in a row of its own: the toolbar and canvas below it, nothing covered, the frame still", async () => {
    const page = await session.newPage();
    const titles = await bar(page).getByRole("menuitem").allTextContents();
    expect(titles).toEqual(["File", "Edit", "View", "Layer", "Export", "Tools", "Help"]);
    const menubar = (await bar(page).boundingBox())!;
    const toolbar = (await page.getByRole("toolbar", { name: "Tools" }).boundingBox())!;
    const canvas = (await page.locator(".canvas").boundingBox())!;
    expect(menubar.y).toBe(0);
    expect(menubar.width).toBe(1280);
    expect(menubar.y + menubar.height).toBeLessThanOrEqual(toolbar.y);
    expect(toolbar.y + toolbar.height).toBeLessThanOrEqual(canvas.y);
    expect(canvas.y).toBe(CANVAS_TOP);
    // The tallest menu open: it drops over the canvas, and the page still does not scroll.
    await title(page, "View").click();
    const view = (await menu(page, "View").boundingBox())!;
    expect(view.y + view.height).toBeLessThan(800);
    const frame = await page.evaluate(() => ({ scrolled: document.scrollingElement!.scrollTop, tall: document.documentElement.scrollHeight, high: innerHeight }));
    expect(frame.scrolled).toBe(0);
    expect(frame.tall).toBeLessThanOrEqual(frame.high);
    expect((await page.locator(".canvas").boundingBox())!.y).toBe(CANVAS_TOP);
    expect(pageErrors(page)).toEqual([]);
  });

  it("Export runs each format: a download under the format's own name", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    const names: string[] = [];
    for (const format of EXPORT_FORMATS) {
      const download = page.waitForEvent("download");
      await title(page, "Export").click();
      await item(page, `Export as ${format.label}…`).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(fileName(format, "readme-example.json"));
      expect(readFileSync((await file.path())!, "utf8").length, format.id).toBeGreaterThan(0);
      names.push(file.suggestedFilename());
      await expect.poll(() => menu(page, "Export").count()).toBe(0);
    }
    expect(new Set(names).size).toBe(EXPORT_FORMATS.length);
    expect(pageErrors(page)).toEqual([]);
  });

  it("File has Import Tiled, Add Image and the ray-log commands (Re-record and Close greyed until a log is open)", async () => {
    const page = await session.newPage();
    await title(page, "File").click();
    const lines = await page.getByRole("menu", { name: "File" }).locator("[role=menuitem], [role=separator]").evaluateAll((els) => els.map((e) => (e.getAttribute("role") === "separator" ? "—" : e.querySelector(".label")!.textContent)));
    expect(lines).toEqual(["New", "Open…", "Open Scene in Folder…", "Save", "Save As…", "Save to Map", "—", "Import Tiled map…", "Import Tiled Map in Folder…", "Add Image…", "—", "Open ray log…", "Save rays as ray log…", "Re-record ray log…", "Close ray log"]);
    expect(await item(page, "Re-record ray log…").getAttribute("aria-disabled")).toBe("true");
    expect(await item(page, "Close ray log").getAttribute("aria-disabled")).toBe("true");
    expect(await item(page, "Save As…").textContent()).toContain("Ctrl+Shift+S");
    expect(await item(page, "Save As…").getAttribute("aria-keyshortcuts")).toBe("Control+Shift+S");
    // Each opens the browser's file chooser for its kind of file.
    for (const [name, accept] of [["Import Tiled map…", ".tmj"], ["Add Image…", ".webp"], ["Open ray log…", ".jsonl"]] as const) {
      if (await menu(page, "File").count() === 0) await title(page, "File").click();
      const chooser = page.waitForEvent("filechooser");
      await item(page, name).click();
      expect(await (await chooser).element().getAttribute("accept")).toContain(accept);
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it("Edit → Undo is greyed on a fresh document, follows the history live while open, and runs", async () => {
    const page = await session.newPage();
    await title(page, "Edit").click();
    const undo = item(page, "Undo"), redo = item(page, "Redo");
    expect(await undo.getAttribute("aria-disabled")).toBe("true");
    // A greyed item does nothing and keeps the menu open (forced: Playwright will not click what says it is disabled).
    await undo.click({ force: true });
    expect(await menu(page, "Edit").count()).toBe(1);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await placeAt(page, "Box", 400, 300);
    await expect.poll(() => shapeCount(page)).toBe("1 shape");
    await title(page, "Edit").click();
    expect(await undo.getAttribute("aria-disabled")).toBe("false");
    expect(await redo.getAttribute("aria-disabled")).toBe("true");
    await undo.click();
    await expect.poll(() => shapeCount(page)).toBe("0 shapes");
    expect(await menu(page, "Edit").count()).toBe(0);
    // Open, the menu follows the editor: Ctrl+Y redoes under it, and Undo and Redo swap.
    await title(page, "Edit").click();
    expect(await redo.getAttribute("aria-disabled")).toBe("false");
    await page.keyboard.press("Control+y");
    await expect.poll(() => shapeCount(page)).toBe("1 shape");
    await expect.poll(() => undo.getAttribute("aria-disabled")).toBe("false");
    expect(await redo.getAttribute("aria-disabled")).toBe("true");
    expect(pageErrors(page)).toEqual([]);
  });

  it("Edit → Undo names its step, and undoing a field of a shape no longer selected says so and selects it", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, CANVAS_TOP + 240);
    await placeAt(page, "Box", 700, CANVAS_TOP + 240);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(400, CANVAS_TOP + 240);
    const what = () => page.getByTestId("inspector-what").textContent();
    await expect.poll(what).toBe("box box-1");
    const width = page.getByRole("group", { name: "Inspector" }).getByLabel("Width", { exact: true });
    await width.fill("31");
    await width.press("Enter");
    // Another shape selected: the next undo changes one that is not.
    await page.mouse.click(700, CANVAS_TOP + 240);
    await expect.poll(what).toBe("box box-2");
    await title(page, "Edit").click();
    expect(await stepLabel(page, "Undo")).toBe("Undo Change width of box-1");
    expect(await stepLabel(page, "Redo")).toBe("Redo");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    const undoButton = page.getByRole("toolbar", { name: "Tools" }).getByRole("button", { name: "Undo", exact: true });
    expect(await undoButton.getAttribute("title")).toBe("Undo Change width of box-1 (Ctrl+Z)");
    await page.keyboard.press("Control+z");
    await expect.poll(() => notice(page)).toBe("Undid: Change width of box-1");
    await expect.poll(what).toBe("box box-1");
    expect(await width.inputValue()).toBe("80");
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/undid-width.png` });
    await title(page, "Edit").click();
    expect(await stepLabel(page, "Redo")).toBe("Redo Change width of box-1");
    expect(await stepLabel(page, "Undo")).toBe("Undo Add box");
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/undo-edit-menu.png` });
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // The palette names the step too; running it redoes, and the status line says so.
    await page.keyboard.press("Control+Shift+P");
    await page.getByRole("combobox", { name: "Type a command" }).fill("redo");
    expect(await page.getByRole("listbox", { name: "Commands" }).getByRole("option").first().locator(".label").textContent()).toBe("Redo Change width of box-1");
    await page.keyboard.press("Enter");
    await expect.poll(() => notice(page)).toBe("Redid: Change width of box-1");
    expect(await width.inputValue()).toBe("31");
    expect(pageErrors(page)).toEqual([]);
  });

  it("View's grid and snapping are checkboxes showing their state", async () => {
    const page = await session.newPage();
    await title(page, "View").click();
    const grid = page.getByRole("menuitemcheckbox", { name: /Show grid/ });
    expect(await grid.getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("menuitemcheckbox", { name: /Snap to grid/ }).getAttribute("aria-checked")).toBe("false");
    // Tiled's chord is the one shown.
    expect(await grid.textContent()).toContain("Ctrl+G");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-menu-view-grid.png") });
    await grid.click();
    await expect.poll(() => page.getByRole("button", { name: "Grid", exact: true }).getAttribute("aria-pressed")).toBe("false");
    await title(page, "View").click();
    expect(await page.getByRole("menuitemcheckbox", { name: /Show grid/ }).getAttribute("aria-checked")).toBe("false");
    await page.keyboard.press("Escape");
    // Ctrl+G shows it again, Ctrl+' hides it, each saying so in the status line.
    await page.keyboard.press("Control+g");
    await expect.poll(() => page.getByRole("button", { name: "Grid", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => notice(page)).toBe("Grid shown");
    await page.keyboard.press("Control+'");
    await expect.poll(() => page.getByRole("button", { name: "Grid", exact: true }).getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => notice(page)).toBe("Grid hidden");
    expect(pageErrors(page)).toEqual([]);
  });

  it("opens on a click, then switches menus on hover; a click elsewhere only closes it", async () => {
    const page = await session.newPage();
    await title(page, "File").click();
    expect(await title(page, "File").getAttribute("aria-expanded")).toBe("true");
    await title(page, "View").hover();
    await menu(page, "View").waitFor();
    expect(await menu(page, "File").count()).toBe(0);
    expect(await title(page, "File").getAttribute("aria-expanded")).toBe("false");
    // A click on the open menu's title closes it.
    await title(page, "View").click();
    expect(await page.getByRole("menu").count()).toBe(0);
    // Closed, hovering opens nothing.
    await title(page, "Help").hover();
    expect(await page.getByRole("menu").count()).toBe(0);
    // With the Box tool, a click on the canvas while a menu is open only closes the menu.
    await page.keyboard.press("b");
    await title(page, "Help").click();
    await menu(page, "Help").waitFor();
    await page.mouse.click(500, 500);
    expect(await page.getByRole("menu").count()).toBe(0);
    expect(await shapeCount(page)).toBe("0 shapes");
    await page.mouse.click(500, 500);
    await expect.poll(() => shapeCount(page)).toBe("1 shape");
    expect((await focused(page)).inBar).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a menu opened with a click closes on Escape and lets go of the bar, no focus ring left, every menu alike", async () => {
    const page = await session.newPage();
    /** The element showing a focus ring (:focus-visible), if any. */
    const ring = () => page.evaluate(() => document.querySelector(":focus-visible")?.textContent ?? null);
    // A tool picked on the toolbar first: Escape must not hand the focus (and a ring) back to it.
    await page.getByRole("button", { name: "Box", exact: true }).click();
    for (const name of ["File", "Edit", "View", "Layer", "Export", "Tools", "Help"]) {
      await title(page, name).click();
      await menu(page, name).waitFor();
      if (name === "Tools") await page.keyboard.press("ArrowDown"); // moving inside changes nothing
      await page.keyboard.press("Escape");
      expect(await page.getByRole("menu").count()).toBe(0);
      expect(await focused(page), name).toMatchObject({ inBar: false });
      expect(await ring(), name).toBeNull();
      expect(await bar(page).getAttribute("class"), name).toBe("menubar");
    }
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/menu-escape.png`, clip: { x: 0, y: 0, width: 640, height: 120 } });
    // The document has the keys again: C picks the Circle tool.
    await page.keyboard.press("c");
    expect(await page.getByRole("button", { name: "Circle", exact: true }).getAttribute("aria-pressed")).toBe("true");
    // A field being typed in gets its focus back.
    await page.getByLabel("Grid size").focus();
    await title(page, "View").click();
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");
    expect(pageErrors(page)).toEqual([]);
  });

  it("works from the keyboard: F10 or Alt focuses the bar, arrows move, letters open, Enter runs, Escape backs out", async () => {
    const page = await session.newPage();
    await page.getByRole("button", { name: "Circle", exact: true }).focus();
    // F10: File has focus, no menu open; → goes to Edit; ↓ opens it at Undo.
    await page.keyboard.press("F10");
    expect(await focused(page)).toEqual({ text: "File", inBar: true });
    expect(await page.getByRole("menu").count()).toBe(0);
    await page.keyboard.press("ArrowRight");
    expect((await focused(page)).text).toBe("Edit");
    await page.keyboard.press("ArrowDown");
    await menu(page, "Edit").waitFor();
    expect((await focused(page)).text).toMatch(/^.?Undo/);
    // Enter on a greyed item runs nothing; Escape closes the menu, a second leaves the bar, and
    // focus goes back where it was.
    await page.keyboard.press("Enter");
    expect(await menu(page, "Edit").count()).toBe(1);
    await page.keyboard.press("Escape");
    expect(await page.getByRole("menu").count()).toBe(0);
    expect((await focused(page)).text).toBe("Edit");
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Circle");

    // Alt alone focuses the bar too; a letter opens the menu it marks (T: Tools), and letters and
    // arrows stay in the menu: "b" goes to Box without switching tools, Enter picks it.
    await page.keyboard.press("Alt");
    expect(await focused(page)).toEqual({ text: "File", inBar: true });
    await page.keyboard.press("t");
    await menu(page, "Tools").waitFor();
    await page.keyboard.press("b");
    expect((await focused(page)).text).toMatch(/^.?Box/);
    expect(await page.getByRole("button", { name: "Select", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await page.getByRole("menu").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Box", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect((await focused(page)).inBar).toBe(false);

    // Alt+X opens Export; ← and → go to the neighbouring menus, opened at their first item; ↓ and
    // Enter run the second format's export.
    await page.keyboard.press("Alt+x");
    await menu(page, "Export").waitFor();
    await page.keyboard.press("ArrowLeft");
    await menu(page, "Layer").waitFor();
    expect((await focused(page)).text).toMatch(/^.?New Layer/);
    await page.keyboard.press("ArrowRight");
    await menu(page, "Export").waitFor();
    const download = page.waitForEvent("download");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect((await download).suggestedFilename()).toBe(fileName(EXPORT_FORMATS[1]!));

    // Pressing Alt again, or F10, leaves the bar.
    await page.keyboard.press("F10");
    expect((await focused(page)).inBar).toBe(true);
    await page.keyboard.press("F10");
    expect((await focused(page)).inBar).toBe(false);
    await page.keyboard.press("Alt");
    expect((await focused(page)).inBar).toBe(true);
    await page.keyboard.press("Alt");
    expect((await focused(page)).inBar).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });

  it("looks right in both themes (screenshots of an open menu)", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    for (const theme of ["dark", "light"] as const) {
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      for (const name of ["Edit", "View"]) {
        await title(page, name).click();
        await item(page, name === "Edit" ? "Copy" : "Snap to grid").hover();
        await page.screenshot({ path: `${SHOTS}/menubar-${name.toLowerCase()}-${theme}.png`, clip: { x: 0, y: 0, width: 520, height: 470 } });
        await page.keyboard.press("Escape");
        await page.keyboard.press("Escape");
      }
      // The theme switches from the menu too.
      await title(page, "View").click();
      await item(page, "Toggle light/dark theme").click();
    }
    expect(pageErrors(page)).toEqual([]);
  });
});

describe("the shortcut sheet", () => {
  it("at 1280 × 800, every row's label and keys sit on one line, and the whole sheet is in view without scrolling", async () => {
    const page = await session.newPage();
    await title(page, "Help").click();
    await item(page, "Keyboard shortcuts").click();
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await sheet.waitFor();
    await page.screenshot({ path: `${SHOTS}/menubar-shortcut-sheet.png` });
    // A cell is on one line when all its boxes (text and keycaps) share a band of height.
    const cells = await sheet.locator("th, td").evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const top = Math.max(...rects.map((r) => r.top)), bottom = Math.min(...rects.map((r) => r.bottom));
        return { text: el.textContent ?? "", oneLine: rects.length > 0 && top < bottom, fits: el.scrollWidth <= el.clientWidth };
      }),
    );
    expect(cells.length).toBeGreaterThan(60);
    // Commands with keys only: the others are in the menus and the palette.
    expect(cells.map((c) => c.text)).toContain("Flip Horizontally");
    expect(cells.map((c) => c.text)).not.toContain("Save to Map");
    expect(cells.filter((c) => !c.oneLine || !c.fits).map((c) => c.text)).toEqual([]);
    const box = await sheet.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, scrolls: el.scrollHeight > el.clientHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(800);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(1280);
    expect(box.scrolls).toBe(false);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});

/** Runs in the page before its scripts: a desktop shell that keeps the menus it is sent and can choose an item. */
function installMenuShell(): void {
  const models: unknown[] = [];
  let choose: (id: string) => void = () => {};
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  const w = window as unknown as Record<string, unknown>;
  w.__menus = models;
  w.__choose = (id: string) => choose(id);
  w.colliderStudio = {
    platform: "linux",
    openScene: () => Promise.resolve({ ok: false, canceled: true }),
    saveScene: () => Promise.resolve({ ok: false, canceled: true }),
    exportFile: () => Promise.resolve({ ok: false, canceled: true }),
    importFile: () => Promise.resolve({ ok: false, canceled: true }),
    setMenu: (model: unknown) => {
      models.push(model);
      return ok(null);
    },
    onMenuCommand: (listener: (id: string) => void) => {
      choose = listener;
      return () => {};
    },
    saveRecovery: () => ok(null),
    discardRecovery: () => ok(null),
    takeRecovered: () => ok(null),
    reloadScene: () => Promise.resolve({ ok: false, canceled: true }),
    onFileChanged: () => () => {},
    onTiledMapChanged: () => () => {},
    onPictureChanged: () => () => {},
    reportDocumentState: () => ok(null),
    onSaveRequest: () => () => {},
    onOpenFile: () => () => {},
  };
}

describe("in the desktop app", () => {
  it("the native menu bar gets the same menus, Export included, and no web bar shows; its check marks follow the grid, its Undo the history", async () => {
    const page = await session.newPage({ beforeLoad: async (p) => { await p.addInitScript(installMenuShell); } });
    expect(await page.getByRole("menubar").count()).toBe(0);
    expect((await page.getByRole("toolbar", { name: "Tools" }).boundingBox())!.y).toBe(0);
    const menus = () => page.evaluate(() => (window as unknown as { __menus: MenuModel[] }).__menus);
    await expect.poll(async () => (await menus()).length).toBe(1);
    const [model] = await menus();
    expect(model!.map((m) => m.label)).toEqual(["File", "Edit", "View", "Layer", "Export", "Tools", "Help"]);
    const exportItems = model!.find((m) => m.label === "Export")!.items;
    expect(exportItems.map((i) => ("label" in i ? i.label : "—"))).toEqual([...EXPORT_FORMATS.map((f) => `Export as ${f.label}…`), "—", "Export Options…"]);
    const gridItem = (m: MenuModel) => m.find((x) => x.label === "View")!.items.find((i) => "id" in i && i.id === "view.toggleGrid");
    expect(gridItem(model!)).toMatchObject({ checked: true });
    // Choosing the item in the native menu hides the grid; the shell is sent the menus again, unchecked.
    await page.evaluate(() => (window as unknown as { __choose: (id: string) => void }).__choose("view.toggleGrid"));
    await expect.poll(async () => (await menus()).length).toBe(2);
    expect(gridItem((await menus())[1]!)).toMatchObject({ checked: false });
    expect(await page.getByRole("button", { name: "Grid", exact: true }).getAttribute("aria-pressed")).toBe("false");
    // Its Undo names the step it would take, sent again as the history changes.
    const undoLabel = async () => {
      const all = await menus();
      return all.at(-1)!.find((x) => x.label === "Edit")!.items.find((i) => "id" in i && i.id === "edit.undo")!;
    };
    expect(await undoLabel()).toMatchObject({ label: "Undo" });
    await placeAt(page, "Box", 400, 300);
    await expect.poll(async () => (await undoLabel()) as object).toMatchObject({ label: "Undo Add box" });
    await page.evaluate(() => (window as unknown as { __choose: (id: string) => void }).__choose("edit.undo"));
    await expect.poll(async () => (await undoLabel()) as object).toMatchObject({ label: "Undo" });
    expect(await notice(page)).toBe("Undid: Add box");
    expect(pageErrors(page)).toEqual([]);
  });
});
