// Export and import in the browser build, through the command palette as a user would: every
// export format downloads the core exporter's text for the open scene, and a Tiled map imports
// as a new document, with what it could not bring listed in the problems panel.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EXPORT_FORMATS, exportBaseName, exportTiled, parseScene } from "../../core";
import { scaleScene, scaleSceneText } from "../bench/editor-scenes";
import { ARTIFACTS, editorSession, pageErrors, ROOT, runCommand } from "./harness";

const session = editorSession();
const README_SCENE = resolve(ROOT, "test/export/fixtures/readme-example.json");

const shapeCount = (page: Page) => page.getByTestId("shape-count").textContent();

describe("export and import in Chromium", () => {
  it("each export format downloads exactly what the core's exporter writes for the open scene", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    const parsed = parseScene(readFileSync(README_SCENE, "utf8"));
    if (!parsed.ok) throw new Error("fixture");
    // The open scene has the editor's grid cell (the default 25: the file says none), which the Tiled export takes as its tile size.
    const scene = { ...parsed, scene: { ...parsed.scene, gridSize: 25 } };
    for (const format of EXPORT_FORMATS) {
      const download = page.waitForEvent("download");
      await runCommand(page, `Export as ${format.label}`);
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${exportBaseName("readme-example.json", format)}.${format.type.extensions[0]}`);
      expect(readFileSync((await file.path())!, "utf8"), format.id).toBe(format.write(scene.scene, {}));
      // What the format cannot carry of the scene is counted there and listed below the canvas, as the core says it.
      const leftOut = format.leftOut?.(scene.scene, {}) ?? [];
      const exported = `Exported ${exportBaseName("readme-example.json", format)}.${format.type.extensions[0]} (${format.type.name})`;
      await expect.poll(() => page.getByTestId("notice").textContent()).toBe(leftOut.length === 0 ? exported : `${exported}; ${leftOut.length} warning${leftOut.length === 1 ? "" : "s"} (see the list)`);
      if (leftOut.length > 0) expect(await page.getByRole("alert", { name: "Problems" }).locator("li").allTextContents()).toEqual(leftOut);
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it("Export Options… keeps a format's options in the scene: a bad value is named and OK waits; OK is one undo step; exports and Save use them", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    const parsed = parseScene(readFileSync(README_SCENE, "utf8"));
    if (!parsed.ok) throw new Error("fixture");
    await runCommand(page, "Export Options");
    const dialog = page.getByRole("dialog", { name: "Export options" });
    await dialog.waitFor();
    // Empty fields show the defaults the export uses.
    const ppm = dialog.getByLabel("Pixels per metre");
    expect(await ppm.getAttribute("placeholder")).toBe("32");
    await ppm.fill("-2");
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("must be greater than 0");
    const ok = dialog.getByRole("button", { name: "OK" });
    expect(await ok.isDisabled()).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-export-options-bad.png") });
    await ppm.fill("2*32"); // a sum, as the Inspector's fields take
    await dialog.getByTestId("export-options-phaser-matter").getByLabel("Bodies").selectOption("layer");
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-export-options.png") });
    await ppm.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.title()).toBe("• readme-example.json — Collider Studio");
    const scene = { ...parsed.scene, gridSize: 25 };
    const box2d = EXPORT_FORMATS.find((f) => f.id === "box2d")!, phaser = EXPORT_FORMATS.find((f) => f.id === "phaser-matter")!;
    for (const [format, options] of [[box2d, { pixelsPerMeter: 64 }], [phaser, { phaserBodies: "layer" as const }]] as const) {
      const download = page.waitForEvent("download");
      await runCommand(page, `Export as ${format.label}`);
      expect(readFileSync((await (await download).path())!, "utf8"), format.id).toBe(format.write(scene, options));
    }
    const saving = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = parseScene(readFileSync((await (await saving).path())!, "utf8"));
    expect(saved.ok && saved.scene.exportOptions).toEqual({ box2d: { pixelsPerMeter: 64 }, "phaser-matter": { bodies: "layer" } });
    // One step, named; undone, the dialog shows the defaults again.
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Undid: Change export options");
    await runCommand(page, "Export Options");
    await dialog.waitFor();
    expect(await ppm.inputValue()).toBe("");
    expect(await dialog.getByTestId("export-options-phaser-matter").getByLabel("Bodies").inputValue()).toBe("shape");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(pageErrors(page)).toEqual([]);
  });

  it("a big scene exports in a worker: the status bar shows it, the file is the exporter's text, and Cancel stops it", async () => {
    const page = await session.newPage();
    const count = 30_000;
    const file = join(mkdtempSync(join(tmpdir(), "collider-export-")), "big.json");
    writeFileSync(file, scaleSceneText(count));
    await page.setInputFiles("#open-scene-input", file);
    await expect.poll(() => shapeCount(page), { timeout: 60_000 }).toBe(`${count} shapes`);
    await page.evaluate("window.__colliderStudioProgressAfterMs = 0");
    const godot = EXPORT_FORMATS.find((f) => f.id === "godot")!, box2d = EXPORT_FORMATS.find((f) => f.id === "box2d")!;
    const download = page.waitForEvent("download", { timeout: 60_000 });
    await runCommand(page, `Export as ${godot.label}`);
    // The export runs off the page's thread, so the status bar can say so while it does.
    await expect.poll(() => page.getByTestId("export-progress").count(), { timeout: 10_000, interval: 20 }).toBe(1);
    expect(await page.getByTestId("export-progress").textContent()).toContain("Exporting big.tscn…");
    await page.screenshot({ path: join(ARTIFACTS, "export-progress.png") });
    const got = await download;
    expect(readFileSync((await got.path())!, "utf8")).toBe(godot.write(scaleScene(count), {}));
    await expect.poll(() => page.getByTestId("export-progress").count()).toBe(0);
    // Cancel: no download, a notice, and the editor as it was.
    let downloaded = false;
    page.on("download", () => { downloaded = true; });
    await runCommand(page, `Export as ${box2d.label}`);
    await page.getByTestId("export-progress").getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe(`Export as ${box2d.type.name} cancelled`);
    expect(await page.getByTestId("export-progress").count()).toBe(0);
    await page.waitForTimeout(500);
    expect(downloaded).toBe(false);
    expect(await shapeCount(page)).toMatch(/^30000 shapes/);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it("imports a Tiled map as a new unsaved document and lists the objects it left out", async () => {
    const page = await session.newPage();
    const scene = parseScene(readFileSync(README_SCENE, "utf8"));
    if (!scene.ok) throw new Error("fixture");
    // The README scene through our own exporter, plus a point and an ellipse Tiled maps have.
    const map = JSON.parse(exportTiled(scene.scene)) as { layers: { objects: unknown[] }[] };
    map.layers[0]!.objects.push(
      { id: 900, name: "spawn point", type: "", x: 10, y: 10, width: 0, height: 0, rotation: 0, visible: true, point: true },
      { id: 901, name: "cloud", type: "", x: 100, y: 100, width: 80, height: 30, rotation: 0, visible: true, ellipse: true },
    );
    const dir = mkdtempSync(join(tmpdir(), "import-e2e-"));
    const file = join(dir, "castle.tmj");
    writeFileSync(file, JSON.stringify(map));
    await runCommand(page, "Import Tiled map");
    await page.setInputFiles("#import-file-input", file);
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    const panel = page.getByRole("alert", { name: "Problems" });
    await panel.waitFor();
    expect(await panel.textContent()).toContain("Imported 5 shapes from castle.tmj; 2 items not imported");
    expect(await panel.textContent()).toMatch(/object 900 "spawn point": not imported: point object/);
    expect(await panel.textContent()).toMatch(/object 901 "cloud": not imported: .*ellipse/);
    // A new, unsaved document named after the map: the title carries the unsaved mark.
    await expect.poll(() => page.title()).toBe("• castle.json — Collider Studio");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-import-tiled.png") });
    // Saving it gives back the scene's shapes.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = parseScene(readFileSync((await (await download).path())!, "utf8"));
    // The same shapes (Tiled keeps them by layer, so spikes on the upper layer come last).
    expect(saved.ok && saved.scene.shapes.map((s) => s.id).sort()).toEqual(scene.scene.shapes.map((s) => s.id).sort());
    await expect.poll(() => page.title()).toBe("castle.json — Collider Studio");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a file that is not a Tiled map shows its problems and keeps the open document", async () => {
    const page = await session.newPage();
    await page.setInputFiles("#open-scene-input", README_SCENE);
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    const dir = mkdtempSync(join(tmpdir(), "import-e2e-"));
    const bad = join(dir, "broken.tmj");
    writeFileSync(bad, '{"type": "map",\n "layers": [');
    await runCommand(page, "Import Tiled map");
    await page.setInputFiles("#import-file-input", bad);
    const panel = page.getByRole("alert", { name: "Problems" });
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/Could not open broken\.tmj: 1 problem/);
    expect(await shapeCount(page)).toMatch(/^5 shapes/);
  });
});
