// A designer's review of imports, exports and images in the browser build: a Tiled map with nothing
// to draw imports without an error, images keep their file names, and what each export format
// leaves out is said.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { exportTiled, parseScene } from "../../core";
import { editorSession, notice, pageErrors, ROOT, runCommand } from "./harness";

const session = editorSession();
const README_SCENE = resolve(ROOT, "test/export/fixtures/readme-example.json");
const SHOTS = "/tmp/imports-shots";

const shapeCount = (page: Page) => page.getByTestId("shape-count").textContent();

describe("designer review: imports, exports and images", () => {
  it("a Tiled map with no tiles (the editor's own Tiled export) imports with no error about tiles", async () => {
    const page = await session.newPage();
    const scene = parseScene(readFileSync(README_SCENE, "utf8"));
    if (!scene.ok) throw new Error("fixture");
    const file = join(mkdtempSync(join(tmpdir(), "imports-e2e-")), "own.tmj");
    writeFileSync(file, exportTiled(scene.scene));
    await runCommand(page, "Import Tiled map");
    await page.setInputFiles("#import-file-input", file);
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    await expect.poll(() => page.getByTestId("tiled-map-status").textContent()).toBe("no tiles to draw");
    expect(await page.getByTestId("tiled-map-problem").count()).toBe(0);
    const said = await notice(page);
    expect(said).toMatch(/^Imported 5 shapes from own\.tmj/);
    expect(said).not.toContain("not shown");
    await page.screenshot({ path: join(SHOTS, "1-import-own-tmj.png") });
    expect(pageErrors(page)).toEqual([]);
  });

  it("a map whose tiles need pictures beside it still says they are not shown", async () => {
    const page = await session.newPage();
    const map = {
      type: "map", version: "1.10", orientation: "orthogonal", renderorder: "right-down", infinite: false, width: 2, height: 1, tilewidth: 16, tileheight: 16, nextlayerid: 2, nextobjectid: 1,
      tilesets: [{ firstgid: 1, name: "t", tilewidth: 16, tileheight: 16, tilecount: 1, columns: 1, image: "t.png", imagewidth: 16, imageheight: 16, margin: 0, spacing: 0 }],
      layers: [{ id: 1, name: "ground", type: "tilelayer", width: 2, height: 1, x: 0, y: 0, data: [1, 1], opacity: 1, visible: true }],
    };
    const file = join(mkdtempSync(join(tmpdir(), "imports-e2e-")), "tiles.tmj");
    writeFileSync(file, JSON.stringify(map));
    await runCommand(page, "Import Tiled map");
    await page.setInputFiles("#import-file-input", file);
    await expect.poll(() => notice(page)).toContain("its tiles are not shown");
    expect(pageErrors(page)).toEqual([]);
  });
});
