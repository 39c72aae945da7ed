// Baked tile colliders against the real Tiled (Debian's 1.8 here), headless:
// - tmxrasterizer draws a map whose tile images are opaque exactly where their collision
//   rectangles are, placed with each of the 8 flag sets (a tile taller than the cell, a tile
//   offset): every pixel is opaque exactly when its centre is inside a baked shape, so the shapes
//   land where Tiled draws the flipped tiles.
// - `tiled --export-map json` reads a map with per-tile collision objects, flipped tiles and group
//   offsets, finite and infinite, and writes it back: baking Tiled's output gives the same shapes,
//   so the fixtures are maps Tiled reads the way the bake does. A map whose tiles hold polylines and
//   polygons of class "chain" (one-sided, sensor) under all 8 flag sets, written by Tiled as TMX,
//   reads (parseTmx) and bakes as the map did.
// Skipped when the programs are not on PATH, except under CI.
import { execFileSync } from "node:child_process";
import { convexShape } from "../core/arbitraries";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode } from "fast-png";
import { afterAll, describe, expect, it } from "vitest";
import { decodePngAlpha } from "../../core/node/png";
import type { Shape } from "../../core/scene/types";
import { bakeTileColliders } from "../../core/tiled/tile-colliders";
import type { JsonObject } from "../../core/tiled/types";
import { parseTmx } from "../../core/tiled/tmx-read";
import { ellipse, FLAG_SETS, polygon, polyline, rect, tile, tileLayer, tmj } from "../core/tiled/tile-map-fixtures";
import { convexHull, coreRadius, signedDistanceToHull, worldCore } from "../core/reference";
import { onPath } from "../on-path";


const TILED = onPath("tiled");
const RASTERIZER = onPath("tmxrasterizer");
const dir = mkdtempSync(join(tmpdir(), "tile-colliders-real-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: dir };

function baked(map: JsonObject): Shape[] {
  const result = bakeTileColliders(map);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  expect(result.unbaked).toEqual([]);
  return result.layers.flatMap((l) => l.shapes);
}

/** Two 8 × 12 tiles in a 16 × 12 image: an L (0) and an off-centre block (1), opaque exactly where their rectangles are. */
const RECTS: readonly (readonly [number, number, number, number])[][] = [
  [[0, 0, 8, 3], [0, 3, 3, 9]],
  [[2, 5, 5, 4]],
];
function tilesetImage(): Uint8Array {
  const width = 16, height = 12, data = new Uint8Array(width * height * 4);
  RECTS.forEach((rects, t) => {
    for (const [x, y, w, h] of rects) for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) data.set([200, 40, 40, 255], (j * width + 8 * t + i) * 4);
  });
  return encode({ width, height, data, channels: 4, depth: 8 });
}

describe.skipIf(!RASTERIZER && !process.env.CI)("tmxrasterizer draws flipped tiles where their baked shapes are", () => {
  it("every pixel is opaque exactly when its centre is inside a baked shape (8 flag sets × 2 tiles)", () => {
    writeFileSync(join(dir, "tiles.png"), tilesetImage());
    const width = 12, height = 12;
    const gids = new Array<number>(width * height).fill(0);
    FLAG_SETS.forEach((flags, k) => {
      for (const t of [0, 1]) {
        const n = 2 * k + t;
        gids[(3 * Math.floor(n / 4) + 1) * width + 3 * (n % 4) + 1] = ((t + 1) | flags) >>> 0;
      }
    });
    const map = tmj({
      width,
      height,
      tileWidth: 8,
      tileHeight: 8,
      setTileWidth: 8,
      setTileHeight: 12,
      tiles: RECTS.map((rects, t) => tile(t, rects.map(([x, y, w, h]) => rect(x, y, w, h)))),
      tileset: { tilecount: 2, columns: 2, imagewidth: 16, imageheight: 12, tileoffset: { x: 1, y: -2 } },
      layers: [gids],
    });
    writeFileSync(join(dir, "flips.tmj"), JSON.stringify(map));
    execFileSync(RASTERIZER ?? "tmxrasterizer", ["--no-smoothing", join(dir, "flips.tmj"), join(dir, "flips.png")], { env, timeout: 30_000, stdio: "pipe" });
    const image = decodePngAlpha(readFileSync(join(dir, "flips.png")), "flips.png");
    expect([image.width, image.height]).toEqual([width * 8, height * 8]);
    const shapes = baked(map).map((s) => ({ hull: convexHull(worldCore(convexShape(s))), radius: coreRadius(convexShape(s)) }));
    let opaque = 0;
    const wrong: string[] = [];
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const drawn = image.data[y * image.width + x]! >= 128;
        const inside = shapes.some((s) => signedDistanceToHull([x + 0.5, y + 0.5], s.hull) - s.radius < 0);
        if (drawn) opaque++;
        if (drawn !== inside) wrong.push(`(${x}, ${y}) ${drawn ? "drawn" : "not drawn"}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // 8 flag sets of the L (51 px) and the block (20 px).
    expect(opaque).toBe(8 * (51 + 20));
  });
});

describe.skipIf(!TILED && !process.env.CI)("Tiled reads the fixtures as the bake does", () => {
  /** `tiled --export-map json`: the map as Tiled read it, written back. */
  function throughTiled(map: JsonObject, name: string): JsonObject {
    const input = join(dir, `${name}.tmj`), output = join(dir, `${name}.out.tmj`);
    writeFileSync(input, JSON.stringify(map));
    execFileSync(TILED ?? "tiled", ["--export-map", "json", input, output], { env, timeout: 30_000, stdio: "pipe" });
    return JSON.parse(readFileSync(output, "utf8")) as JsonObject;
  }

  const tiles = [
    tile(0, [rect(0, 0, 16, 16)]),
    tile(1, [polygon(1, 2, [[0, 0], [9, 0], [9, 3], [3, 3], [3, 14], [0, 14]]), rect(6, 18, 8, 2, { rotation: 30 }), ellipse(11, 4, 4, 4), ellipse(2, 2, 6, 3)]),
    tile(2, [rect(0, 0, 16, 8, { properties: [{ name: "collision_layer", type: "int", value: 4 }] })]),
  ];
  const cells = (width: number, height: number) =>
    Array.from({ length: width * height }, (_, i) => {
      const x = i % width, y = Math.floor(i / width);
      if (y === height - 1) return 1;
      if (y === 2) return x % 3 === 0 ? 0 : 3;
      return (x + y) % 4 === 1 ? (2 | FLAG_SETS[(x + 3 * y) % 8]!) >>> 0 : 0;
    });

  it("a finite map: per-tile collision objects, flipped tiles, a group with offsets", () => {
    const map = tmj({
      width: 12,
      height: 6,
      setTileHeight: 24,
      tiles,
      tileset: { tileoffset: { x: 2, y: -3 } },
      layers: [{ id: 5, name: "Level", type: "group", offsetx: 7, offsety: -5, opacity: 1, visible: true, x: 0, y: 0, layers: [tileLayer("Ground", 12, 6, cells(12, 6), { offsetx: 3 })] }],
    });
    const ours = baked(map);
    expect(ours.length).toBeGreaterThan(10);
    expect(baked(throughTiled(map, "finite"))).toEqual(ours);
  });

  it("an infinite map: Tiled's own chunks bake as the map's cells do", () => {
    const width = 40, height = 6;
    const data = cells(width, height);
    // Cells from (-20, 0): across Tiled's 16-cell chunk boundaries at -16, 0 and 16.
    const layer = tileLayer("Ground", width, height, [], { data: undefined, startx: -20, starty: 0, chunks: [{ x: -20, y: 0, width, height, data }] });
    const map = tmj({ width, height, tiles, layers: [layer], map: { infinite: true } });
    const ours = baked(map);
    const theirs = throughTiled(map, "infinite");
    const chunks = ((theirs.layers as JsonObject[])[0]!.chunks as JsonObject[]).length;
    expect(chunks).toBeGreaterThan(1);
    expect(baked(theirs)).toEqual(ours);
  });

  it("tiles' polylines and chain polygons (one-sided, sensor), 8 flag sets: Tiled's TMX and JSON of the map bake the same chains", () => {
    const ONE_SIDED = { name: "oneSided", type: "bool", value: true }, SENSOR = { name: "sensor", type: "bool", value: true };
    const chainTiles = [
      tile(0, [polyline(0, 12, [[0, 0], [6, -4], [16, -10]], { properties: [ONE_SIDED] }), rect(0, 14, 16, 2)]),
      tile(1, [polygon(2, 3, [[0, 0], [10, 1], [4, 9]], { type: "chain", rotation: 20, properties: [ONE_SIDED, SENSOR] })]),
    ];
    const gids = FLAG_SETS.flatMap((f) => [(1 | f) >>> 0, 0, (2 | f) >>> 0, 0]);
    const map = tmj({ width: 8, height: 4, setTileHeight: 20, tiles: chainTiles, tileset: { tileoffset: { x: 1, y: -2 } }, layers: [gids] });
    const ours = baked(map);
    expect(ours.filter((s) => s.type === "chain")).toHaveLength(16);
    expect(ours.filter((s) => s.type === "chain" && s.oneSided === true)).toHaveLength(16);
    expect(ours.filter((s) => s.type === "chain" && s.closed === true && s.sensor === true)).toHaveLength(8);
    const input = join(dir, "chains.tmj"), tmx = join(dir, "chains.tmx");
    writeFileSync(input, JSON.stringify(map));
    execFileSync(TILED ?? "tiled", ["--export-map", "tmx", input, tmx], { env, timeout: 30_000, stdio: "pipe" });
    const text = readFileSync(tmx, "utf8");
    expect(text).toContain("<polyline points=");
    const read = parseTmx(text, "chains.tmx");
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(baked(read.value)).toEqual(ours);
    expect(baked(throughTiled(map, "chains"))).toEqual(ours);
  });
});
