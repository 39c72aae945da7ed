// A designer's review of imports, exports and images in the browser build: a Tiled map with nothing
// to draw imports without an error, images keep their file names, and what each export format
// leaves out is said.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { encode } from "fast-png";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkSimplePolygon, exportTiled, parseScene } from "../../core";
import { editorSession, notice, pageErrors, ROOT, runCommand, savedShapes } from "./harness";

const session = editorSession();
const README_SCENE = resolve(ROOT, "test/export/fixtures/readme-example.json");
const SHOTS = "/tmp/imports-shots";

const shapeCount = (page: Page) => page.getByTestId("shape-count").textContent();

/** A `width` × `height` PNG: an opaque block in its lower half (terrain), the rest clear. */
function terrainPng(width: number, height: number): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([90, 160, 60, y >= height / 2 ? 255 : 0], (y * width + x) * 4);
  return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 }));
}

/** Drops a PNG named `name` on the canvas at page (x, y), as a file manager would. */
async function dropPng(page: Page, name: string, bytes: Buffer, x: number, y: number): Promise<void> {
  await page.evaluate(({ name, base64, x, y }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: "image/png" }));
    const target = document.querySelector(".canvas")!;
    for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, clientX: x, clientY: y, bubbles: true, cancelable: true }));
  }, { name, base64: bytes.toString("base64"), x, y });
}

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
    // Exported as a Tiled map, it keeps the map's 16 px tiles though they were never drawn.
    const download = page.waitForEvent("download");
    await runCommand(page, "Export as Tiled map");
    const exported = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as { tilewidth: number; tileheight: number };
    expect([exported.tilewidth, exported.tileheight]).toEqual([16, 16]);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a dropped image is named after its file, renamed in its Inspector, and its traced colliders after it", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    await dropPng(page, "level.png", terrainPng(64, 32), c.x + 300, c.y + 200);
    await expect.poll(() => notice(page)).toBe("Dropped image level (64 × 32 px) at 268, 184, embedded in the scene");
    const name = page.getByTestId("inspector-image-name");
    expect(await name.inputValue()).toBe("level");
    await page.screenshot({ path: join(SHOTS, "4-image-inspector.png") });
    await runCommand(page, "Trace Colliders");
    await page.getByRole("dialog", { name: "Trace colliders" }).waitFor();
    await page.getByRole("button", { name: /^Add 1 collider/ }).click();
    await expect.poll(() => shapeCount(page)).toBe("1 shape");
    expect((await savedShapes(page)).map((s) => s.id)).toEqual(["level-1"]);
    // Renamed: the next trace names its colliders after the new name.
    await page.getByRole("button", { name: "Select level" }).click();
    await name.fill("cave");
    await name.press("Enter");
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("image cave");
    expect(pageErrors(page)).toEqual([]);
  });

  it("Add Image… puts a picture of odd size on whole pixels, so its traced colliders have whole coordinates", async () => {
    const page = await session.newPage();
    await page.getByRole("menubar", { name: "Menu bar" }).getByRole("menuitem", { name: "File", exact: true }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("menu").locator("[role=menuitem]").filter({ hasText: /^Add Image…/ }).click();
    // 41 × 21 px: a corner from its size's half would be at x + 0.5.
    await (await chooser).setFiles([{ name: "cave.png", mimeType: "image/png", buffer: terrainPng(41, 21) }]);
    await expect.poll(() => notice(page)).toMatch(/^Added image cave \(41 × 21 px\)/);
    const x = await page.getByTestId("inspector-image-x").inputValue(), y = await page.getByTestId("inspector-image-y").inputValue();
    expect([x, y].map((v) => Number.isInteger(Number(v)))).toEqual([true, true]);
    await runCommand(page, "Trace Colliders");
    await page.getByRole("dialog", { name: "Trace colliders" }).waitFor();
    await page.getByRole("button", { name: /^Add \d+ collider/ }).click();
    const shapes = await savedShapes(page);
    expect(shapes.length).toBeGreaterThan(0);
    for (const s of shapes) {
      if (s.type !== "polygon") throw new Error(s.type);
      const xs = s.points.flatMap(([px, py]) => [s.x + px, s.y + py]);
      expect(xs.every((v) => Number.isInteger(v)), JSON.stringify(s)).toBe(true);
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it("a Tiled import's problems are listed under the canvas, over none of it, and the status line says it in short", async () => {
    const page = await session.newPage();
    const canvasBefore = (await page.locator(".canvas").boundingBox())!;
    const map = {
      type: "map", version: "1.10", orientation: "orthogonal", renderorder: "right-down", infinite: false, width: 4, height: 2, tilewidth: 32, tileheight: 32, nextlayerid: 3, nextobjectid: 3,
      tilesets: [{ firstgid: 1, name: "t", tilewidth: 32, tileheight: 32, tilecount: 1, columns: 1, image: "t.png", imagewidth: 32, imageheight: 32, margin: 0, spacing: 0 }],
      layers: [
        { id: 1, name: "ground", type: "tilelayer", width: 4, height: 2, x: 0, y: 0, data: [1, 1, 1, 1, 1, 1, 1, 1], opacity: 1, visible: true },
        { id: 2, name: "walls", type: "objectgroup", opacity: 1, visible: true, objects: [
          { id: 1, name: "wall", type: "", x: 0, y: 0, width: 64, height: 32, rotation: 0, visible: true },
          { id: 2, name: "spawn", type: "", x: 10, y: 10, width: 0, height: 0, rotation: 0, visible: true, point: true },
        ] },
      ],
    };
    const file = join(mkdtempSync(join(tmpdir(), "imports-e2e-")), "castle.tmj");
    writeFileSync(file, JSON.stringify(map));
    await runCommand(page, "Import Tiled map");
    await page.setInputFiles("#import-file-input", file);
    await expect.poll(() => notice(page)).toMatch(/^Imported 1 shape from castle\.tmj; its tiles are not shown \(see the list\)/);
    // The whole line fits the status bar: nothing is cut.
    expect(await page.getByTestId("notice").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const panel = page.getByRole("alert", { name: "Problems" });
    expect(await panel.locator("strong").textContent()).toBe("Imported 1 shape from castle.tmj; its tiles are not shown; 1 item not imported");
    const items = await panel.locator("li").allTextContents();
    expect(items[0]).toMatch(/^its tiles are not shown: this browser cannot read the files beside a map/);
    expect(items[1]).toMatch(/object 2 "spawn": not imported: point object/);
    // Under the canvas: its top is where it was, and the list covers none of it.
    const canvas = (await page.locator(".canvas").boundingBox())!, list = (await panel.boundingBox())!;
    expect([canvas.x, canvas.y, canvas.width]).toEqual([canvasBefore.x, canvasBefore.y, canvasBefore.width]);
    expect(list.y).toBeGreaterThanOrEqual(canvas.y + canvas.height);
    await page.screenshot({ path: join(SHOTS, "2-import-problems.png") });
    // Dismissed: the canvas takes the room back.
    await panel.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(async () => (await page.locator(".canvas").boundingBox())!.height).toBe(canvasBefore.height);
    expect(pageErrors(page)).toEqual([]);
  });

  it("Trace's Add says what it added, even after the notice before it has faded", async () => {
    const page = await session.newPage({ beforeLoad: (p) => p.clock.install() });
    const c = (await page.locator(".canvas").boundingBox())!;
    await dropPng(page, "level.png", terrainPng(64, 32), c.x + 300, c.y + 200);
    await expect.poll(() => notice(page)).toMatch(/^Dropped image level/);
    await page.clock.fastForward(7000);
    await expect.poll(() => notice(page)).toBe("");
    await runCommand(page, "Trace Colliders");
    await page.getByRole("dialog", { name: "Trace colliders" }).waitFor();
    await page.getByRole("button", { name: /^Add 1 collider/ }).click();
    await expect.poll(() => notice(page)).toBe("Added 1 collider traced from level");
    expect(pageErrors(page)).toEqual([]);
  });

  it("the Phaser export says what it cannot carry (a chain, a one-sided chain; not the class and properties it carries), listed under the canvas", async () => {
    const page = await session.newPage();
    const scene = { format: "collider-studio-scene", version: 1, shapes: [{ id: "ledge", type: "chain", x: 100, y: 100, rotation: 0, points: [[0, 0], [200, 0]], oneSided: true, class: "Platform", properties: [{ name: "speed", type: "number", value: 3 }] }] };
    await page.setInputFiles("#open-scene-input", { name: "level.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(scene)) });
    await expect.poll(() => shapeCount(page)).toMatch(/^1 shape/);
    const download = page.waitForEvent("download");
    await runCommand(page, "Export as Phaser Matter");
    await download;
    await expect.poll(() => notice(page)).toBe("Exported level.phaser.json (Phaser Matter JSON); 2 warnings (see the list)");
    const panel = page.getByRole("alert", { name: "Problems" });
    expect(await panel.locator("strong").textContent()).toBe("Exported level.phaser.json (Phaser Matter JSON): what it leaves out or changes");
    expect(await panel.locator("li").allTextContents()).toEqual([
      "1 chain: Matter has no edges, so each edge is a quad 1 px thick",
      "1 one-sided chain: Matter has no one-sided bodies, so it blocks from both sides",
    ]);
    await page.screenshot({ path: join(SHOTS, "6-phaser-export.png") });
    expect(pageErrors(page)).toEqual([]);
  });

  it("Trace counts one blob with a hole as one blob, and Whole outlines cuts it straight down from the hole into two polygons", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    // A cave: a 200 × 120 block with a 80 × 30 hole.
    const width = 200, height = 120, data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([160, 100, 60, x >= 60 && x < 140 && y >= 30 && y < 60 ? 0 : 255], (y * width + x) * 4);
    await dropPng(page, "cave.png", Buffer.from(encode({ width, height, data, channels: 4, depth: 8 })), c.x + 400, c.y + 250);
    await expect.poll(() => notice(page)).toMatch(/^Dropped image cave/);
    await runCommand(page, "Trace Colliders");
    const status = page.getByTestId("trace-status");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^1 blob \(1 hole\), \d+ pieces, IoU /);
    expect(Number((await status.textContent())!.match(/(\d+) pieces/)![1])).toBeGreaterThan(2);
    expect(await page.getByTestId("trace-note").count()).toBe(0);
    // Regression: the blob stayed in convex pieces ("1 blob has a hole, so it stays in convex pieces").
    await page.getByLabel("Whole outlines: one concave polygon per blob, a few where it has holes").check();
    await expect.poll(() => status.textContent()).toBe("1 blob (1 hole), 2 pieces, IoU 1.000");
    await expect.poll(() => page.getByTestId("trace-note").textContent()).toBe("1 blob has a hole, so it is cut straight down from the hole into 2 polygons: a polygon cannot have a hole");
    await page.screenshot({ path: join(SHOTS, "7-trace-whole.png") });
    await page.getByRole("button", { name: "Add 2 colliders" }).click();
    const shapes = await savedShapes(page);
    expect(shapes).toHaveLength(2);
    // Cut straight down from the hole's bottom corners: an arch of 8 corners whose top is one edge
    // (no seam where a body walks), and the cave's floor as a box of 4.
    for (const s of shapes) {
      if (s.type !== "polygon") throw new Error(`traced a ${s.type}`);
      expect(checkSimplePolygon(s.points)).toBeNull();
    }
    expect(shapes.map((s) => (s.type === "polygon" ? s.points.length : 0)).sort()).toEqual([4, 8]);
    await page.screenshot({ path: join(SHOTS, "7b-trace-whole-added.png") });
    expect(pageErrors(page)).toEqual([]);
  });
});
