// The Tiled map's backdrop draws what Tiled draws (a designer review, web build, fake folder
// pickers): an image layer beside a map imported in a folder is read from that folder before the
// scene is saved, as the tilesets are; an atlas whose file gives no picture size takes its grid
// from the picture; a tileset's transparent colour is keyed out; tile objects are drawn as Tiled
// 1.8 draws them (tmxrasterizer's picture of the same map is the reference).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { decode } from "fast-png";
import { afterAll, describe, expect, it } from "vitest";
import { atlasPng, backdropPixels, png, type Rgb } from "./backdrop-fixture";
import { fakeFolder } from "./fake-folder";
import { ARTIFACTS, editorSession, pageErrors } from "./harness";

const session = editorSession();
const work = mkdtempSync(join(tmpdir(), "tiled-draw-e2e-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RED: Rgb = [220, 30, 30], BLUE: Rgb = [30, 60, 220], GREEN: Rgb = [40, 180, 60], YELLOW: Rgb = [230, 200, 40], MAGENTA: Rgb = [255, 0, 255];

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64");

/** Imports `map` (a path in the fake folder) with File → Import Tiled Map in Folder…, the grid off. */
async function importInFolder(files: Record<string, string>, map: string): Promise<Page> {
  const page = await session.newPage({ beforeLoad: (p) => fakeFolder(p, files) });
  await page.evaluate((m) => (window as unknown as { __open: string[] }).__open.push(m), map);
  await page.getByRole("menuitem", { name: "File" }).click();
  await page.getByRole("menuitem", { name: "Import Tiled Map in Folder…" }).click();
  await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Imported");
  await page.keyboard.press("Control+'");
  return page;
}

/** How many of the canvas's pixels (as the screen composites them) are within 12 of `colour`. */
async function countColour(page: Page, colour: Rgb): Promise<number> {
  const box = (await page.locator(".canvas").boundingBox())!;
  const shot = decode(await page.screenshot({ clip: { x: box.x, y: box.y, width: Math.min(box.width, 400), height: Math.min(box.height, 300) } }));
  let n = 0;
  for (let o = 0; o < shot.data.length; o += shot.channels) if (colour.every((v, i) => Math.abs(shot.data[o + i]! - v) <= 12)) n++;
  return n;
}

const near = (a: Rgb, b: Rgb, tolerance = 10) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

describe("the Tiled map's backdrop draws what Tiled draws", () => {
  it("reads an image layer's picture from the folder a map was imported in, before the scene is saved", async () => {
    // tiles.png: a red tile and a blue one; the tile layer draws the red one, the image layer "Sky" the whole picture.
    const tiles = png(32, 16, (x) => (x < 16 ? RED : BLUE));
    const map = JSON.stringify({
      type: "map", orientation: "orthogonal", width: 4, height: 4, tilewidth: 16, tileheight: 16,
      tilesets: [{ firstgid: 1, name: "tiles", tilewidth: 16, tileheight: 16, tilecount: 2, columns: 2, image: "tiles.png", imagewidth: 32, imageheight: 16 }],
      layers: [
        { type: "imagelayer", name: "Sky", image: "tiles.png", offsetx: 0, offsety: 48 },
        { type: "tilelayer", name: "Ground", width: 4, height: 4, data: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      ],
    });
    const page = await importInFolder({ "maps/level.tmj": b64(map), "maps/tiles.png": b64(tiles) }, "maps/level.tmj");
    await expect.poll(() => page.getByTestId("tiled-map-status").textContent(), { timeout: 15_000 }).toBe("2 layers");
    // The blue half is only in the Sky image: drawn, not a placeholder.
    await expect.poll(() => countColour(page, BLUE), { timeout: 15_000 }).toBeGreaterThan(100);
    expect(await page.getByTestId("image-problem-Sky").count()).toBe(0);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-tiled-draw-image-layer.png") });
    expect(pageErrors(page)).toEqual([]);
  });

  it("takes an atlas's grid from its picture when the file gives no size (Tiled's perspective_walls.tsx), as Tiled does", async () => {
    // 2 × 2 tiles of 16: red, blue / green, yellow; the tileset says nothing of the picture's size or columns.
    const colours = [RED, BLUE, GREEN, YELLOW];
    const atlas = png(32, 32, (x, y) => colours[Math.floor(y / 16) * 2 + Math.floor(x / 16)]!);
    const map = JSON.stringify({
      type: "map", orientation: "orthogonal", width: 2, height: 1, tilewidth: 16, tileheight: 16,
      tilesets: [{ firstgid: 1, name: "walls", tilewidth: 16, tileheight: 16, image: "walls.png" }],
      layers: [{ type: "tilelayer", name: "Walls", width: 2, height: 1, data: [4, 2] }],
    });
    const page = await importInFolder({ "maps/walls.tmj": b64(map), "maps/walls.png": b64(atlas) }, "maps/walls.tmj");
    await expect.poll(async () => near((await backdropPixels(page, 32, 16))(8, 8), YELLOW), { timeout: 15_000 }).toBe(true);
    const ours = await backdropPixels(page, 32, 16);
    expect(near(ours(24, 8), BLUE)).toBe(true);
    expect(await page.getByTestId("tiled-map").textContent()).not.toMatch(/not found|cannot/);
    expect(pageErrors(page)).toEqual([]);
  });

  it("keys a tileset's transparent colour out (Tiled's sewers.tmx: trans=\"ff00ff\"): the layer under shows through", async () => {
    // Tile 1 (no transparent colour): green. Tile 2 (transparentcolor #ff00ff): its left half magenta, its right half red.
    const under = png(16, 16, () => GREEN);
    const keyed = png(16, 16, (x) => (x < 8 ? MAGENTA : RED));
    const map = JSON.stringify({
      type: "map", orientation: "orthogonal", width: 1, height: 1, tilewidth: 16, tileheight: 16,
      tilesets: [
        { firstgid: 1, name: "under", tilewidth: 16, tileheight: 16, tilecount: 1, columns: 1, image: "under.png", imagewidth: 16, imageheight: 16 },
        { firstgid: 2, name: "sewer", tilewidth: 16, tileheight: 16, tilecount: 1, columns: 1, image: "keyed.png", imagewidth: 16, imageheight: 16, transparentcolor: "#ff00ff" },
      ],
      layers: [
        { type: "tilelayer", name: "Under", width: 1, height: 1, data: [1] },
        { type: "tilelayer", name: "Over", width: 1, height: 1, data: [2] },
      ],
    });
    const page = await importInFolder({ "maps/sewers.tmj": b64(map), "maps/under.png": b64(under), "maps/keyed.png": b64(keyed) }, "maps/sewers.tmj");
    await expect.poll(async () => near((await backdropPixels(page, 16, 16))(12, 8), RED), { timeout: 15_000 }).toBe(true);
    const ours = await backdropPixels(page, 16, 16);
    expect(near(ours(4, 8), GREEN)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it("draws tile objects as Tiled does: bottom-left at (x, y), scaled to their size, flipped in place, turned about (x, y), drawn top-down", async () => {
    const H = 0x80000000, V = 0x40000000;
    const object = (id: number, gid: number, x: number, y: number, width: number, height: number, rotation = 0) => ({ id, name: "", type: "", gid: gid >>> 0, x, y, width, height, rotation, visible: true });
    const map = JSON.stringify({
      type: "map", version: "1.8", tiledversion: "1.8.2", orientation: "orthogonal", renderorder: "right-down", width: 10, height: 5, tilewidth: 16, tileheight: 16, infinite: false, nextlayerid: 3, nextobjectid: 9,
      tilesets: [{ firstgid: 1, name: "atlas", image: "tiles/atlas.png", imagewidth: 72, imageheight: 36, tilewidth: 16, tileheight: 16, margin: 1, spacing: 2, columns: 4, tilecount: 8 }],
      layers: [
        { id: 1, name: "ground", type: "tilelayer", x: 0, y: 0, width: 10, height: 5, opacity: 1, visible: true, data: [...new Array<number>(40).fill(0), ...new Array<number>(10).fill(8)] },
        {
          id: 2, name: "things", type: "objectgroup", opacity: 1, visible: true, x: 0, y: 0, draworder: "topdown",
          objects: [
            object(1, 1, 16, 32, 16, 16),
            object(2, 2 | H, 48, 32, 16, 16),
            object(3, 3, 80, 48, 32, 32),
            object(4, 5, 128, 16, 16, 16, 90),
            object(5, 6 | V, 16, 64, 16, 16),
            object(6, 7 | H | V, 48, 64, 24, 12),
            // Overlapping: the lower one (greater y) is drawn over, whatever the order listed.
            object(7, 1, 120, 72, 16, 16),
            object(8, 2, 128, 64, 16, 16),
          ],
        },
      ],
    });
    const atlas = atlasPng();
    mkdirSync(join(work, "tiles"), { recursive: true });
    writeFileSync(join(work, "things.tmj"), map);
    writeFileSync(join(work, "tiles/atlas.png"), atlas);
    mkdirSync(join(work, "xdg"), { recursive: true, mode: 0o700 });
    execFileSync("tmxrasterizer", [join(work, "things.tmj"), join(work, "tiled.png")], { env: { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: join(work, "xdg") }, timeout: 30_000, stdio: "pipe" });
    const ref = decode(readFileSync(join(work, "tiled.png")));
    const tiled = (x: number, y: number): Rgb => {
      const o = (y * ref.width + x) * ref.channels;
      return [ref.data[o]!, ref.data[o + 1]!, ref.data[o + 2]!];
    };
    const page = await importInFolder({ "maps/things.tmj": b64(map), "maps/tiles/atlas.png": b64(atlas) }, "maps/things.tmj");
    // The first object's top-left quadrant: tile 0's red.
    await expect.poll(async () => near((await backdropPixels(page, 64, 64))(20, 20), tiled(20, 20)), { timeout: 15_000 }).toBe(true);
    const ours = await backdropPixels(page, ref.width, ref.height);
    const wrong: string[] = [];
    let drawn = 0;
    for (let y = 2; y < 64; y += 4) {
      for (let x = 2; x < ref.width; x += 4) {
        const theirs = tiled(x, y);
        if (theirs.some((c) => c > 0)) drawn++;
        if (!near(ours(x, y), theirs)) wrong.push(`(${x}, ${y}): ours ${ours(x, y).join(",")}, Tiled's ${theirs.join(",")}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(drawn).toBeGreaterThan(100);
    // Drawn with the map, they are not listed as left out; the Layers panel counts them.
    expect(await page.getByRole("alert", { name: "Problems" }).count()).toBe(0);
    expect(await page.getByTestId("tiled-map-status").textContent()).toBe("2 layers, 8 tile objects");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-tiled-draw-tile-objects.png") });
    expect(pageErrors(page)).toEqual([]);
  });
});
