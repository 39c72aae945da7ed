// Issue 25: the Tiled map as a read-only backdrop, in Chromium as a designer uses it in the web
// build (fake pickers and folder handles stand in for the File System Access API). File → Import
// Tiled Map in Folder… picks a map inside a folder; its tiles are drawn as Tiled 1.8 itself draws
// them (tmxrasterizer's picture of the same map is the reference, quadrant by quadrant: flips,
// margin and spacing, a tall tile bottom-aligned, a group's offset and opacity, a hidden layer),
// under the colliders; a box drawn over it; Save into another folder writes the map's path from
// there; Open Scene in Folder… reopens it with the backdrop and the box.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { decode } from "fast-png";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { parseScene } from "../../core";
import { atlasPng, backdropMap, backdropPixels, COLUMNS, groundGids, ROWS, tallPng, TILE, type Rgb } from "./backdrop-fixture";
import { fakeFolder } from "./fake-folder";
import { ARTIFACTS, editorSession, pageErrors, placeAt } from "./harness";

const session = editorSession();
const work = mkdtempSync(join(tmpdir(), "backdrop-e2e-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));


/** Tiled 1.8's own picture of the map (tmxrasterizer, scale 1, origin at the map's top-left). */
function tiledReference(map: string, atlas: Uint8Array, tall: Uint8Array): { width: number; at: (x: number, y: number) => Rgb } {
  mkdirSync(join(work, "tiles"), { recursive: true });
  writeFileSync(join(work, "level.tmj"), map);
  writeFileSync(join(work, "tiles/atlas.png"), atlas);
  writeFileSync(join(work, "tiles/tall.png"), tall);
  mkdirSync(join(work, "xdg"), { recursive: true, mode: 0o700 });
  execFileSync("tmxrasterizer", [join(work, "level.tmj"), join(work, "tiled.png")], { env: { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: join(work, "xdg") }, timeout: 30_000, stdio: "pipe" });
  const img = decode(readFileSync(join(work, "tiled.png")));
  const channels = img.channels;
  return { width: img.width, at: (x, y) => { const o = (y * img.width + x) * channels; return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!]; } };
}

/** The page's pixels as a screenshot composites them. */
async function screenPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<(x: number, y: number) => Rgb> {
  const shot = decode(await page.screenshot({ clip }));
  return (x, y) => {
    const o = (y * shot.width + x) * shot.channels;
    return [shot.data[o]!, shot.data[o + 1]!, shot.data[o + 2]!];
  };
}

const near = (a: Rgb, b: Rgb, tolerance = 10) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64");

/** Every quadrant's centre of every cell (and of the column the group's offset adds): where the editor's and Tiled's pictures are compared. */
function samplePoints(): [number, number][] {
  const out: [number, number][] = [];
  for (let cy = 0; cy < ROWS; cy++) for (let cx = 0; cx <= COLUMNS; cx++) for (const [u, v] of [[4, 4], [12, 4], [4, 12], [12, 12]] as const) out.push([cx * TILE + u, cy * TILE + v]);
  return out;
}

async function waitForBackdrop(page: Page, reference: { at: (x: number, y: number) => Rgb }): Promise<void> {
  // Cell (1, 1) holds tile 1, its top-left quadrant green.
  await expect.poll(async () => near((await backdropPixels(page, 64, 64))(20, 20), reference.at(20, 20)), { timeout: 15_000 }).toBe(true);
}

describe("the Tiled map as a backdrop (web build)", () => {
  it("is drawn as Tiled draws it, under a box drawn over it; saved in another folder with its path from there; reopened with both", async () => {
    const map = JSON.stringify(backdropMap());
    const atlas = atlasPng(), tall = tallPng();
    const reference = tiledReference(map, atlas, tall);
    const page = await session.newPage({ beforeLoad: (p) => fakeFolder(p, { "maps/level.tmj": b64(map), "maps/tiles/atlas.png": b64(atlas), "maps/tiles/tall.png": b64(tall) }) });
    await page.evaluate(() => (window as unknown as { __open: string[] }).__open.push("maps/level.tmj"));
    await page.getByRole("menuitem", { name: "File" }).click();
    await page.getByRole("menuitem", { name: "Import Tiled Map in Folder…" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Imported 0 shapes from level.tmj");
    // Its tile layers are the backdrop, not objects left out: no problems list covers the canvas.
    expect(await page.getByRole("alert", { name: "Problems" }).count()).toBe(0);
    await page.keyboard.press("Control+'"); // the grid off: only the map on the first layer
    await waitForBackdrop(page, reference);

    // Every sampled quadrant as Tiled draws it, but where a collision shape is outlined (tile 3, gid 4).
    const ours = await backdropPixels(page, reference.width, ROWS * TILE);
    const gids = groundGids();
    const wrong: string[] = [];
    for (const [x, y] of samplePoints()) {
      const cx = Math.floor(x / TILE), cy = Math.floor(y / TILE);
      if (cx < COLUMNS && (gids[cy * COLUMNS + cx]! & 0x1fffffff) === 4) continue;
      if (!near(ours(x, y), reference.at(x, y))) wrong.push(`(${x}, ${y}): ours ${ours(x, y).join(",")}, Tiled's ${reference.at(x, y).join(",")}`);
    }
    expect(wrong).toEqual([]);
    // The collision rectangle of tile 3 (at (2, 2)–(8, 6) in the tile) is outlined over it: cell (3, 1).
    const plain = reference.at(3 * TILE + 5, TILE + 4);
    expect(near(ours(3 * TILE + 5, TILE + 4), plain, 3)).toBe(false);
    // The Layers panel names the map and says how many layers it drew (the hidden one not among them).
    await expect.poll(() => page.getByTestId("tiled-map-status").textContent()).toBe("3 layers (1 hidden layer)");

    // A box over the map and one over the empty canvas beside it: the map shows through the box's fill.
    const canvas = (await page.locator(".canvas").boundingBox())!;
    const overMap = { x: canvas.x + 3 * TILE + 4, y: canvas.y + 3 * TILE + 4 };
    await placeAt(page, "Box", overMap.x, overMap.y);
    await placeAt(page, "Box", canvas.x + 400, overMap.y);
    await page.keyboard.press("Escape");
    await page.mouse.move(canvas.x + 600, canvas.y + 500);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-tiled-backdrop.png") });
    const shot = await screenPixels(page, { x: canvas.x, y: canvas.y, width: 440, height: 140 });
    const inBoxOverMap = shot(3 * TILE + 4, 3 * TILE + 4), inBoxOverNothing = shot(400, 3 * TILE + 4);
    const tileThere = ours(3 * TILE + 4, 3 * TILE + 4);
    expect(near(inBoxOverMap, tileThere, 3)).toBe(false); // the box is drawn over the tile…
    expect(near(inBoxOverMap, inBoxOverNothing, 12)).toBe(false); // …and the tile shows through it
    // The backdrop's own layer still holds the tile under the box.
    expect(near((await backdropPixels(page, 80, 80))(3 * TILE + 4, 3 * TILE + 4), tileThere, 2)).toBe(true);

    // Save into levels/: the map's path is written from there.
    await page.evaluate(() => (window as unknown as { __saveAs: string[] }).__saveAs.push("levels/level.json"));
    await page.keyboard.press("Control+s");
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Saved level.json · its Tiled map is ../maps/level.tmj from there");
    const writes = await page.evaluate(() => (window as unknown as { __writes: { path: string; text: string }[] }).__writes);
    expect(writes.map((w) => w.path)).toEqual(["levels/level.json"]);
    const written = writes[0]!.text;
    const saved = parseScene(written);
    expect(saved.ok && saved.scene.tiledMap).toMatchObject({ src: "../maps/level.tmj", base: [] });
    expect(saved.ok && saved.scene.shapes.map((s) => s.type)).toEqual(["box", "box"]);
    // The grid the import took from the map is the scene's.
    expect(saved.ok && saved.scene.gridSize).toBe(TILE);
    // Still drawn after the save (the folder followed the scene).
    await waitForBackdrop(page, reference);

    // Reopened in the folder (as a scene from before gridSize): the backdrop and the boxes are back.
    const older = JSON.stringify({ ...(JSON.parse(written) as object), gridSize: undefined });
    const again = await session.newPage({ beforeLoad: (p) => fakeFolder(p, { "maps/level.tmj": b64(map), "maps/tiles/atlas.png": b64(atlas), "maps/tiles/tall.png": b64(tall), "levels/level.json": b64(older) }) });
    await again.evaluate(() => (window as unknown as { __open: string[] }).__open.push("levels/level.json"));
    await again.getByRole("menuitem", { name: "File" }).click();
    await again.getByRole("menuitem", { name: "Open Scene in Folder…" }).click();
    await expect.poll(() => again.getByTestId("notice").textContent()).toContain("Opened level.json");
    // The map read, a scene without gridSize takes its tile size, as at import, and stays clean.
    await expect.poll(() => again.getByTestId("notice").textContent()).toBe("Opened level.json; grid 16 (the map's tiles)");
    // The grid off (the status line then says "Grid hidden"): only the map.
    await again.keyboard.press("Control+'");
    await waitForBackdrop(again, reference);
    expect(await again.getByLabel("Grid size").inputValue()).toBe(String(TILE));
    expect(await again.title()).not.toMatch(/^•/);
    const reopened = await backdropPixels(again, 80, 80);
    expect(near(reopened(3 * TILE + 4, 3 * TILE + 4), tileThere, 2)).toBe(true);
    await again.screenshot({ path: resolve(ARTIFACTS, "e2e-tiled-backdrop-reopened.png") });
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(again)).toEqual([]);
  });

  it("draws the objects the scene holds no collider for, faint and read-only: a spawn point's pin at its place, a text's box, an ellipse", async () => {
    const base = backdropMap();
    const layers = base.layers as Record<string, unknown>[];
    // Beside the map's tiles (12 × 8 of 16 px), where the backdrop is otherwise empty; the layer moved by 16 px.
    const objects = [
      { id: 1, name: "spawn", type: "", x: 244, y: 60, width: 0, height: 0, rotation: 0, visible: true, point: true },
      { id: 2, name: "", type: "", x: 16, y: 80, width: 120, height: 36, rotation: 0, visible: true, text: { text: "The player starts at the pin", pixelsize: 12, wrap: true } },
      { id: 3, name: "pond", type: "", x: 132, y: 20, width: 40, height: 20, rotation: 30, visible: true, ellipse: true },
    ];
    const map = JSON.stringify({ ...base, layers: [...layers.slice(0, -1), { ...layers.at(-1), offsetx: TILE, objects }] });
    const page = await session.newPage({ beforeLoad: (p) => fakeFolder(p, { "maps/level.tmj": b64(map), "maps/tiles/atlas.png": b64(atlasPng()), "maps/tiles/tall.png": b64(tallPng()) }) });
    await page.evaluate(() => (window as unknown as { __open: string[] }).__open.push("maps/level.tmj"));
    await page.getByRole("menuitem", { name: "File" }).click();
    await page.getByRole("menuitem", { name: "Import Tiled Map in Folder…" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Imported 0 shapes from level.tmj");
    await page.keyboard.press("Control+'");
    // The pin's tip at (244 + 16, 60); its head 12 px above the tip.
    const tip = { x: 244 + TILE, y: 60 };
    const lit = (c: Rgb) => c.some((v) => v > 40);
    await expect.poll(async () => lit((await backdropPixels(page, 320, 140))(tip.x + 5, tip.y - 12)), { timeout: 15_000 }).toBe(true);
    const px = await backdropPixels(page, 320, 140);
    expect(lit(px(tip.x, tip.y - 1))).toBe(true); // the tip
    expect(lit(px(tip.x - 5, tip.y - 12))).toBe(true); // the head's rim
    // Nothing drawn away from the pin and its name.
    for (const [x, y] of [[tip.x + 20, tip.y], [tip.x, tip.y + 20], [tip.x + 40, tip.y - 12]] as const) expect(px(x, y)).toEqual([0, 0, 0]);
    // The name above the pin (its letters drawn somewhere in the row above the head).
    expect(Array.from({ length: 30 }, (_, i) => px(tip.x - 15 + i, tip.y - 24)).some(lit)).toBe(true);
    // Not the scene's: the import made no shape of them ("Imported 0 shapes" above).
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-tiled-backdrop-marks.png") });
    expect(pageErrors(page)).toEqual([]);
  });

  it("hides and fades with the Layers panel; a missing tileset picture draws hatched tiles and says why; an isometric map is refused", async () => {
    const map = JSON.stringify(backdropMap());
    const page = await session.newPage({ beforeLoad: (p) => fakeFolder(p, { "maps/level.tmj": b64(map), "maps/tiles/atlas.png": b64(atlasPng()) }) });
    await page.evaluate(() => (window as unknown as { __open: string[] }).__open.push("maps/level.tmj"));
    await page.getByRole("menuitem", { name: "File" }).click();
    await page.getByRole("menuitem", { name: "Import Tiled Map in Folder…" }).click();
    await page.keyboard.press("Control+'");
    // tall.png is missing: the panel says so, and the note on the canvas too.
    await expect.poll(() => page.getByTestId("tiled-map").textContent(), { timeout: 15_000 }).toContain("image not found: tiles/tall.png");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-tiled-backdrop-missing.png") });
    expect(await page.getByRole("alert", { name: "Problems" }).count()).toBe(0);
    const canvas = (await page.locator(".canvas").boundingBox())!;
    const green = async () => (await screenPixels(page, { x: canvas.x, y: canvas.y, width: 32, height: 32 }))(20, 20)[1];
    await expect.poll(green, { timeout: 10_000 }).toBeGreaterThan(150); // tile 1's green, opaque
    await page.getByTestId("tiled-map-opacity").fill("0.5");
    await expect.poll(green).toBeLessThan(120);
    await expect.poll(green).toBeGreaterThan(60);
    await page.getByRole("button", { name: "Hide the Tiled map" }).click();
    await expect.poll(async () => (await backdropPixels(page, 64, 64))(20, 20).join(",")).toBe("0,0,0");
    expect(pageErrors(page)).toEqual([]);

    // A scene whose map is isometric opens, without the map, saying why.
    const scene = JSON.stringify({ format: "collider-studio-scene", version: 1, tiledMap: { src: "../maps/iso.tmj" }, shapes: [] });
    const iso = await session.newPage({ beforeLoad: (p) => fakeFolder(p, { "maps/iso.tmj": b64(JSON.stringify({ ...backdropMap(), orientation: "isometric" })), "levels/level.json": b64(scene) }) });
    await iso.evaluate(() => (window as unknown as { __open: string[] }).__open.push("levels/level.json"));
    await iso.getByRole("menuitem", { name: "File" }).click();
    await iso.getByRole("menuitem", { name: "Open Scene in Folder…" }).click();
    await expect.poll(() => iso.getByTestId("tiled-map").textContent()).toContain("only orthogonal maps can be shown as a backdrop; this one is isometric");
    expect(await iso.getByTestId("tiled-map-status").textContent()).toBe("not shown");
    expect(await iso.getByTestId("notice").textContent()).toContain("Tiled map not shown: ../maps/iso.tmj: only orthogonal maps");
    expect(pageErrors(iso)).toEqual([]);
  });
});
