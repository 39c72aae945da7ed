// The Tiled map's backdrop draws what Tiled draws (a designer review, web build, fake folder
// pickers): an image layer beside a map imported in a folder is read from that folder before the
// scene is saved, as the tilesets are.
import { resolve } from "node:path";
import { encode } from "fast-png";
import type { Page } from "playwright-core";
import { decode } from "fast-png";
import { describe, expect, it } from "vitest";
import { fakeFolder } from "./fake-folder";
import { ARTIFACTS, editorSession, pageErrors } from "./harness";

const session = editorSession();

type Rgb = readonly [number, number, number];
const RED: Rgb = [220, 30, 30], BLUE: Rgb = [30, 60, 220];

/** A `width` × `height` picture coloured by `at` (null: transparent). */
function png(width: number, height: number, at: (x: number, y: number) => Rgb | null): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = at(x, y);
      if (c) data.set([c[0], c[1], c[2], 255], (y * width + x) * 4);
    }
  }
  return encode({ width, height, data, channels: 4, depth: 8 });
}

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
});
