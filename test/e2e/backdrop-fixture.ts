// A small Tiled map for the backdrop's tests (issue 25), in every part the backdrop draws: an atlas
// tileset of 16 × 16 tiles (margin and spacing, each tile four coloured quadrants, so a flip shows
// which way it went), tiles placed with every H/V/D flip combination, a second tileset that is an
// image collection with a 16 × 32 tile (taller than the grid: bottom-aligned) moved by a tileoffset,
// a group layer with an offset and an opacity around a tile layer, a hidden layer, and a tile with
// a collision rectangle. Tiled 1.8 renders it too (tmxrasterizer): the reference the e2e compares.
import { encode } from "fast-png";
import type { Page } from "playwright-core";

export const TILE = 16;
export const COLUMNS = 12;
export const ROWS = 8;
/** The tileset's margin and spacing, in pixels. */
const MARGIN = 1, SPACING = 2;

/** Each atlas tile's top-left quadrant: tile id → colour. The other three quadrants are shared. */
export const PALETTE: readonly (readonly [number, number, number])[] = [
  [220, 40, 40], [40, 180, 60], [40, 80, 220], [230, 200, 40],
  [200, 60, 200], [40, 200, 200], [240, 140, 30], [120, 70, 30],
];
export const TOP_RIGHT = [20, 20, 20] as const;
export const BOTTOM_LEFT = [250, 250, 250] as const;
export const BOTTOM_RIGHT = [128, 128, 128] as const;
/** The tall tile's two halves. */
export const TALL_TOP = [255, 0, 128] as const;
export const TALL_BOTTOM = [0, 128, 255] as const;

/** An RGB colour. */
export type Rgb = readonly [number, number, number];

/** A `width` × `height` picture coloured by `colourAt` (null: transparent). */
export function png(width: number, height: number, colourAt: (x: number, y: number) => Rgb | null): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = colourAt(x, y);
      if (c) data.set([c[0], c[1], c[2], 255], (y * width + x) * 4);
    }
  }
  return encode({ width, height, data, channels: 4, depth: 8 });
}

/** The pixels of the backdrop's canvas (the stage's first layer), from the canvas's top-left. */
export async function backdropPixels(page: Page, width: number, height: number): Promise<(x: number, y: number) => Rgb> {
  const data = await page.evaluate(({ width, height }) => {
    const canvas = document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")[0]!;
    return [...canvas.getContext("2d")!.getImageData(0, 0, width, height).data];
  }, { width, height });
  return (x, y) => {
    const o = (y * width + x) * 4;
    return [data[o]!, data[o + 1]!, data[o + 2]!];
  };
}

/** The atlas: 4 × 2 tiles with a 1-pixel margin and 2 pixels between tiles (the gaps magenta, never to be drawn). */
export function atlasPng(): Uint8Array {
  const w = 2 * MARGIN + 4 * TILE + 3 * SPACING, h = 2 * MARGIN + 2 * TILE + SPACING;
  return png(w, h, (x, y) => {
    const col = Math.floor((x - MARGIN) / (TILE + SPACING)), row = Math.floor((y - MARGIN) / (TILE + SPACING));
    const u = x - MARGIN - col * (TILE + SPACING), v = y - MARGIN - row * (TILE + SPACING);
    if (x < MARGIN || y < MARGIN || u >= TILE || v >= TILE || col > 3 || row > 1) return [255, 0, 255];
    const left = u < TILE / 2, top = v < TILE / 2;
    return top ? (left ? PALETTE[row * 4 + col]! : TOP_RIGHT) : left ? BOTTOM_LEFT : BOTTOM_RIGHT;
  });
}

export const tallPng = (): Uint8Array => png(TILE, 2 * TILE, (_x, y) => (y < TILE ? TALL_TOP : TALL_BOTTOM));

const H = 0x80000000, V = 0x40000000, D = 0x20000000;
/** Every combination of the three flip bits, in this order along the first rows. */
export const FLIPS = [0, H, V, H | V, D, D | H, D | V, D | H | V];

/** The ground layer: row 0 tile 0 under each flip; row 1 each of the 8 tiles; row 2 tile 5 under each flip; the rest tile (x + y) mod 8. */
export function groundGids(): number[] {
  const gids: number[] = [];
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < COLUMNS; x++) {
      if (y === 0 && x < 8) gids.push((1 + FLIPS[x]!) >>> 0);
      else if (y === 2 && x < 8) gids.push((6 + FLIPS[x]!) >>> 0);
      else if (y === 1 && x < 8) gids.push(1 + x);
      else gids.push(1 + ((x + y) % 8));
    }
  }
  return gids;
}

/** The map, tilesets embedded, paths relative to its folder (tiles/atlas.png, tiles/tall.png). */
export function backdropMap(): Record<string, unknown> {
  const empty = () => new Array<number>(COLUMNS * ROWS).fill(0);
  const tall = empty();
  // Tall tiles on row 5, columns 1 and 3 (the second flipped horizontally: the same, it is symmetric).
  tall[5 * COLUMNS + 1] = 9;
  tall[5 * COLUMNS + 3] = (9 + H) >>> 0;
  const overlay = empty();
  overlay[6 * COLUMNS + 9] = 2;
  const hidden = empty().fill(4);
  return {
    type: "map", version: "1.8", tiledversion: "1.8.2", orientation: "orthogonal", renderorder: "right-down",
    width: COLUMNS, height: ROWS, tilewidth: TILE, tileheight: TILE, infinite: false, nextlayerid: 6, nextobjectid: 1,
    tilesets: [
      {
        firstgid: 1, name: "atlas", image: "tiles/atlas.png", imagewidth: 2 * MARGIN + 4 * TILE + 3 * SPACING, imageheight: 2 * MARGIN + 2 * TILE + SPACING,
        tilewidth: TILE, tileheight: TILE, margin: MARGIN, spacing: SPACING, columns: 4, tilecount: 8,
        tiles: [{ id: 3, objectgroup: { type: "objectgroup", name: "", visible: true, opacity: 1, x: 0, y: 0, draworder: "index", objects: [{ id: 1, name: "", type: "", x: 2, y: 2, width: 6, height: 4, rotation: 0, visible: true }] } }],
      },
      {
        firstgid: 9, name: "tall", columns: 0, tilecount: 1, tilewidth: TILE, tileheight: 2 * TILE, margin: 0, spacing: 0, tileoffset: { x: 0, y: 0 },
        grid: { orientation: "orthogonal", width: 1, height: 1 },
        tiles: [{ id: 0, image: "tiles/tall.png", imagewidth: TILE, imageheight: 2 * TILE }],
      },
    ],
    layers: [
      { id: 1, name: "ground", type: "tilelayer", x: 0, y: 0, width: COLUMNS, height: ROWS, opacity: 1, visible: true, data: groundGids() },
      { id: 2, name: "never", type: "tilelayer", x: 0, y: 0, width: COLUMNS, height: ROWS, opacity: 1, visible: false, data: hidden },
      {
        id: 3, name: "deco", type: "group", opacity: 1, visible: true, offsetx: TILE, offsety: 0,
        layers: [{ id: 4, name: "trees", type: "tilelayer", x: 0, y: 0, width: COLUMNS, height: ROWS, opacity: 1, visible: true, data: tall }],
      },
      {
        id: 5, name: "glass", type: "group", opacity: 0.5, visible: true, offsetx: 0, offsety: 0,
        layers: [{ id: 6, name: "green", type: "tilelayer", x: 0, y: 0, width: COLUMNS, height: ROWS, opacity: 1, visible: true, data: overlay }],
      },
      { id: 7, name: "Colliders", type: "objectgroup", opacity: 1, visible: true, x: 0, y: 0, draworder: "topdown", objects: [] },
    ],
  };
}
