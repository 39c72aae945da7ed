// Issue 25 (backdrop), the pure parts of drawing a Tiled map under the scene: the map read into
// layers (group layers' opacity, visibility, offset and tint composed), tiles found in their
// tilesets (margin, spacing, collections), infinite maps' chunks; where each tile is placed under
// its flip bits against a plain reference; which chunks a view needs against a brute-force
// reference; the chunk cache's eviction; the loader's stand-in (external JSON tilesets inlined,
// paths from the map's folder); and the loading state and reading around them.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { emptyScene } from "../../core";
import { Editor } from "../../renderer/editor/editor";
import { loadDocument } from "../../renderer/store/actions";
import { fitToView } from "../../renderer/store/view-actions";
import { applyAffine } from "../../renderer/tiled-map/affine";
import { encodeTileData } from "../../core/tiled/layer-data";
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, type JsonObject } from "../../core/tiled/types";
import { TiledBackdrop, tiledMapOf } from "../../renderer/tiled-map/backdrop";
import { bleedOf, chunkCells, chunkOnScreen, detailFor, LruCache, visibleChunks, type Bleed } from "../../renderer/tiled-map/chunks";
import { placedTile } from "../../renderer/tiled-map/draw-chunk";
import { ChunkStore, drawBackdrop, repeatStarts, type BackdropContext } from "../../renderer/tiled-map/draw-backdrop";
import { loadBackdropMap } from "../../renderer/tiled-map/load";
import { backdropBounds, buildBackdrop, composeLayer, drawnSummary, parseBackground, parseTint, tilesetOf, TOP, type BackdropMap, type TileLayerDraw } from "../../renderer/tiled-map/model";
import { pageTiledReader } from "../../renderer/tiled-map/read-text";
import { tileShapeOutline } from "../../renderer/tiled-map/tile-shapes";
import { backdropMap, COLUMNS, groundGids, ROWS, TILE } from "../e2e/backdrop-fixture";

const built = (map: JsonObject, src = "maps/level.tmj"): BackdropMap => {
  const b = buildBackdrop(map, src);
  if (!b.ok) throw new Error(b.problems.join("; "));
  return b.map;
};

const fixture = () => built(backdropMap() as JsonObject);

describe("the map as layers to draw", () => {
  it("composes group layers: opacity multiplied, hidden if any is, offsets added, tints multiplied", () => {
    const group = composeLayer(TOP, { opacity: 0.5, visible: true, offsetx: 10, offsety: -4, tintcolor: "#ff8000" });
    const inner = composeLayer(group, { opacity: 0.5, offsetx: 1, offsety: 2, tintcolor: "#80ffffff" });
    expect(inner.opacity).toBeCloseTo(0.25, 12);
    expect(inner.visible).toBe(true);
    expect([inner.offsetX, inner.offsetY]).toEqual([11, -2]);
    expect(inner.tint![0]).toBeCloseTo(1, 12);
    expect(inner.tint![1]).toBeCloseTo(128 / 255, 12);
    expect(inner.tint![2]).toBeCloseTo(0, 12);
    expect(inner.tint![3]).toBeCloseTo(128 / 255, 12);
    expect(composeLayer(composeLayer(TOP, { visible: false }), { visible: true }).visible).toBe(false);
    // Out of range opacities are clamped; white and malformed tints are none.
    expect(composeLayer(TOP, { opacity: 3 }).opacity).toBe(1);
    expect([parseTint("#ffffff"), parseTint("#ffffffff"), parseTint("red"), parseTint(undefined)]).toEqual([null, null, null, null]);
  });

  it("reads the fixture map: tile and image layers bottom first, object layers left to the scene, groups flattened", () => {
    const map = fixture();
    expect(map.layers.map((l) => `${l.name}:${l.visible ? "shown" : "hidden"}`)).toEqual(["ground:shown", "never:hidden", "deco/trees:shown", "glass/green:shown"]);
    const trees = map.layers[2] as TileLayerDraw;
    expect([trees.offsetX, trees.offsetY, trees.opacity]).toEqual([TILE, 0, 1]);
    expect(map.layers[3]!.opacity).toBe(0.5);
    expect(map.tilesets.map((t) => [t.name, t.firstgid, t.images])).toEqual([["atlas", 1, ["maps/tiles/atlas.png"]], ["tall", 9, ["maps/tiles/tall.png"]]]);
    // Every cell's gid as the layer holds it.
    const ground = map.layers[0] as TileLayerDraw;
    const gids = groundGids();
    for (let y = 0; y < ROWS; y++) for (let x = 0; x < COLUMNS; x++) expect(ground.cells.gid(x, y)).toBe(gids[y * COLUMNS + x]);
    expect(ground.cells.gid(-1, 0)).toBe(0);
    expect(ground.cells.gid(COLUMNS, 0)).toBe(0);
  });

  it("finds a tile's pixels: an atlas's by margin and spacing, a collection's own picture, none for an unknown id", () => {
    const map = fixture();
    const atlas = map.tilesets[0]!;
    // Tile 6: column 2, row 1, with a 1-pixel margin and 2 pixels between tiles.
    expect(atlas.tile(6)!.image).toEqual({ src: "maps/tiles/atlas.png", x: 1 + 2 * 18, y: 1 + 18, width: 16, height: 16 });
    expect(atlas.tile(3)!.shapes).toEqual([{ kind: "rectangle", x: 2, y: 2, width: 6, height: 4, rotation: 0, points: [] }]);
    expect(atlas.tile(8)).toBeNull();
    expect(map.tilesets[1]!.tile(0)!.image).toEqual({ src: "maps/tiles/tall.png", x: 0, y: 0, width: 16, height: 32 });
    expect(tilesetOf(map.tilesets, (9 | FLIPPED_HORIZONTALLY) >>> 0)).toEqual({ tileset: map.tilesets[1], id: 0 });
    expect(tilesetOf(map.tilesets, 8)).toEqual({ tileset: atlas, id: 7 });
    expect(tilesetOf(map.tilesets, 0)).toBeNull();
  });

  it("reads an infinite map's chunks (any size, any encoding), each cell where Tiled put it", () => {
    const cells = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(fc.record({ cx: fc.integer({ min: -3, max: 3 }), cy: fc.integer({ min: -3, max: 3 }), seed: fc.integer({ min: 1, max: 1000 }) }), { minLength: 1, maxLength: 6 }), (chunks) => {
        cells.clear();
        const unique = [...new Map(chunks.map((c) => [`${c.cx},${c.cy}`, c])).values()];
        const raw = unique.map(({ cx, cy, seed }) => {
          const gids = new Uint32Array(16 * 16).map((_, i) => ((i * seed) % 7 === 0 ? 0 : 1 + ((i + seed) % 8)));
          gids.forEach((g, i) => cells.set(`${cx * 16 + (i % 16)},${cy * 16 + Math.floor(i / 16)}`, g));
          return { x: cx * 16, y: cy * 16, width: 16, height: 16, data: encodeTileData(gids, "base64", "zlib") };
        });
        const map = built({ orientation: "orthogonal", tilewidth: 8, tileheight: 8, infinite: true, tilesets: [], layers: [{ type: "tilelayer", name: "inf", encoding: "base64", compression: "zlib", chunks: raw }] });
        const layer = map.layers[0] as TileLayerDraw;
        for (let y = -50; y < 66; y += 3) for (let x = -50; x < 66; x += 5) expect(layer.cells.gid(x, y)).toBe(cells.get(`${x},${y}`) ?? 0);
        // Its bounds hold every tile.
        for (const [key, g] of cells) {
          if (g === 0) continue;
          const [x, y] = key.split(",").map(Number) as [number, number];
          expect(x >= layer.cells.x && x < layer.cells.x + layer.cells.width && y >= layer.cells.y && y < layer.cells.y + layer.cells.height).toBe(true);
        }
      }),
      { numRuns: 20 },
    );
  });

  it("fills the map's background colour under its layers, over the map (an infinite one's chunks), at the map's opacity", () => {
    expect([parseBackground("#ff3366"), parseBackground("#80ff3366"), parseBackground("#ffffff"), parseBackground("red"), parseBackground(undefined)]).toEqual(["rgba(255, 51, 102, 1)", "rgba(255, 51, 102, 0.502)", "rgba(255, 255, 255, 1)", null, null]);
    const finite = built({ ...(backdropMap() as JsonObject), backgroundcolor: "#ff3366" });
    expect(finite.background).toEqual({ color: "rgba(255, 51, 102, 1)", area: { x: 0, y: 0, width: COLUMNS * TILE, height: ROWS * TILE } });
    expect(fixture().background).toBeNull();
    const chunk = (x: number, y: number) => ({ x, y, width: 16, height: 16, data: new Array<number>(256).fill(1) });
    const infinite = built({ orientation: "orthogonal", tilewidth: 8, tileheight: 8, infinite: true, backgroundcolor: "#102030", tilesets: [], layers: [{ type: "tilelayer", name: "inf", chunks: [chunk(-16, 0), chunk(16, 16)] }] });
    expect(infinite.background?.area).toEqual({ x: -128, y: 0, width: 384, height: 256 });
    // Drawn first, in screen pixels, at the map's opacity.
    const calls: string[] = [];
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) => (key in target ? target[key] : key === "fillRect" ? (...a: number[]) => calls.push(`fillRect ${a.join(",")} ${String(target.fillStyle)} ${String(target.globalAlpha)}`) : key === "createPattern" ? () => null : (...a: unknown[]) => calls.push(`${key}${a.length === 0 ? "" : " …"}`)),
      set: (target, key: string, value) => ((target[key] = value), true),
    }) as unknown as BackdropContext;
    const paint = { line: "orange", text: "white", halo: "black", missing: "orange", shapeLine: "grey", shapeFill: "grey" };
    drawBackdrop(ctx, { store: new ChunkStore(finite), pictureOf: () => ({ state: "loading" }), imageEntryOf: () => undefined, pictureVersion: 0, view: { x: 10, y: 20, scale: 2 }, width: 400, height: 300, opacity: 0.5, paint, shapes: false });
    expect(calls.slice(0, 3)).toEqual(["save", `fillRect 10,20,${COLUMNS * TILE * 2},${ROWS * TILE * 2} rgba(255, 51, 102, 1) 0.5`, "restore"]);
  });

  it("refuses other orientations and a map without a grid; a layer whose data is broken is left out, saying so", () => {
    for (const orientation of ["isometric", "staggered", "hexagonal"]) {
      const b = buildBackdrop({ orientation, tilewidth: 8, tileheight: 8, layers: [] }, "m.tmj");
      expect(!b.ok && b.problems).toEqual([`m.tmj: only orthogonal maps can be shown as a backdrop; this one is ${orientation}`]);
    }
    expect(buildBackdrop({ orientation: "orthogonal", tilewidth: 0, tileheight: 8 }, "m.tmj").ok).toBe(false);
    const broken = buildBackdrop({ orientation: "orthogonal", tilewidth: 8, tileheight: 8, layers: [{ type: "tilelayer", name: "bad", width: 2, height: 2, data: [1, 2, 3] }] }, "m.tmj");
    expect(broken.ok && broken.map.layers).toEqual([]);
    expect(broken.ok && broken.problems).toEqual(['m.tmj: layer "bad": expected 4 tiles, found 3']);
  });
});

describe("where a tile is placed", () => {
  /** The plain reference: pixel (u, v) of a w × h tile in cell (cx, cy), moved pixel by pixel (Tiled's documented flip order), bottom-left aligned. */
  function reference(u: number, v: number, w: number, h: number, flags: number, cx: number, cy: number, grid: number, ox: number, oy: number): [number, number] {
    let x = u, y = v, width = w, height = h;
    if (flags & FLIPPED_DIAGONALLY) [x, y, width, height] = [y, x, height, width];
    if (flags & FLIPPED_HORIZONTALLY) x = width - 1 - x;
    if (flags & FLIPPED_VERTICALLY) y = height - 1 - y;
    return [cx * grid + x + 0.5 + ox, (cy + 1) * grid - height + y + 0.5 + oy];
  }

  it("puts every pixel of a tile, any size, offset and flip, in any cell, where the reference does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }),
        fc.subarray([FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, FLIPPED_DIAGONALLY]), fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 }),
        (w, h, ox, oy, bits, cx, cy) => {
          const flags = bits.reduce((a, b) => (a | b) >>> 0, 0);
          const map = built({
            orientation: "orthogonal", tilewidth: 4, tileheight: 4, layers: [],
            tilesets: [{ firstgid: 1, name: "t", tilewidth: w, tileheight: h, columns: 0, tileoffset: { x: ox, y: oy }, tiles: [{ id: 0, image: "t.png", imagewidth: w, imageheight: h }] }],
          });
          const placed = placedTile(map, (1 | flags) >>> 0, cx, cy)!;
          for (let v = 0; v < h; v++) for (let u = 0; u < w; u++) {
            const [x, y] = applyAffine(placed.m, u + 0.5, v + 0.5);
            const [rx, ry] = reference(u, v, w, h, flags, cx, cy, 4, ox, oy);
            expect(x).toBeCloseTo(rx, 9);
            expect(y).toBeCloseTo(ry, 9);
          }
        },
      ),
    );
  });

  it("draws a gid no tileset has as its cell (a missing-image marker there), and nothing for an empty cell", () => {
    const map = fixture();
    expect(placedTile(map, 0, 3, 3)).toBeNull();
    const unknown = built({ orientation: "orthogonal", tilewidth: 16, tileheight: 16, tilesets: [], layers: [] });
    const p = placedTile(unknown, 42, 2, 1)!;
    expect(p.info).toBeNull();
    expect([applyAffine(p.m, 0, 0), applyAffine(p.m, p.width, p.height)]).toEqual([[32, 16], [48, 32]]);
  });

  it("turns a tile's collision shapes with it: a rectangle in a flipped tile lands mirrored", () => {
    const map = fixture();
    const plain = placedTile(map, 4, 0, 0)!, flipped = placedTile(map, (4 | FLIPPED_HORIZONTALLY) >>> 0, 0, 0)!;
    const rect = map.tilesets[0]!.tile(3)!.shapes[0]!;
    const xs = (o: ReturnType<typeof tileShapeOutline>) => o.points.map(([x]) => x).sort((a, b) => a - b);
    expect(xs(tileShapeOutline(rect, plain.m))).toEqual([2, 2, 8, 8]);
    expect(xs(tileShapeOutline(rect, flipped.m))).toEqual([8, 8, 14, 14]);
    const ys = tileShapeOutline(rect, flipped.m).points.map(([, y]) => y).sort((a, b) => a - b);
    expect(ys).toEqual([2, 2, 6, 6]);
    // Turned a quarter clockwise about its own top-left corner (2, 2).
    const rotated = tileShapeOutline({ ...rect, rotation: 90 }, plain.m);
    expect(rotated.points.map(([x, y]) => [Math.round(x), Math.round(y)])).toEqual([[2, 2], [2, 8], [-2, 8], [-2, 2]]);
    expect(tileShapeOutline({ kind: "point", x: 3, y: 4, width: 0, height: 0, rotation: 0, points: [] }, plain.m)).toEqual({ points: [[3, 4]], closed: false, filled: false, marker: true });
  });

  it("reads a tile's polygon of class \"chain\" as a closed chain and strokes chains and polylines without filling them", () => {
    const objects = [
      { id: 1, x: 0, y: 0, polygon: [{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 0, y: 8 }] },
      { id: 2, x: 0, y: 0, type: "chain", polygon: [{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 0, y: 8 }] },
      { id: 3, x: 0, y: 0, class: "chain", polygon: [{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 0, y: 8 }] },
      { id: 4, x: 0, y: 0, polyline: [{ x: 0, y: 0 }, { x: 8, y: 0 }] },
    ];
    const map = built({
      orientation: "orthogonal", tilewidth: 16, tileheight: 16,
      tilesets: [{ firstgid: 1, name: "t", tilewidth: 16, tileheight: 16, tilecount: 1, columns: 1, image: "t.png", imagewidth: 16, imageheight: 16, tiles: [{ id: 0, objectgroup: { type: "objectgroup", objects } }] }],
      layers: [],
    });
    const shapes = map.tilesets[0]!.tile(0)!.shapes;
    expect(shapes.map((s) => s.kind)).toEqual(["polygon", "chain", "chain", "polyline"]);
    const m = placedTile(map, 1, 0, 0)!.m;
    expect(shapes.map((s) => tileShapeOutline(s, m)).map((o) => [o.closed, o.filled])).toEqual([[true, true], [true, false], [true, false], [false, false]]);
  });
});

describe("which chunks a view needs", () => {
  const NONE: Bleed = { left: 0, right: 0, up: 0, down: 0 };

  it("are exactly the chunks whose drawing (cells and margins) meets the canvas, in the map's render order", () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.integer({ min: -40, max: 40 }), y: fc.integer({ min: -40, max: 40 }), width: fc.integer({ min: 0, max: 90 }), height: fc.integer({ min: 0, max: 90 }) }),
        fc.integer({ min: 1, max: 8 }), fc.constantFrom(8, 16, 32), fc.constantFrom(8, 16),
        fc.record({ left: fc.integer({ min: 0, max: 20 }), right: fc.integer({ min: 0, max: 20 }), up: fc.integer({ min: 0, max: 40 }), down: fc.integer({ min: 0, max: 20 }) }),
        fc.record({ x: fc.double({ min: -2000, max: 2000, noNaN: true }), y: fc.double({ min: -2000, max: 2000, noNaN: true }), scale: fc.constantFrom(0.1, 0.37, 1, 2.5) }),
        fc.constantFrom("right-down", "right-up", "left-down", "left-up"),
        (cells, size, tw, th, bleed, view, order) => {
          const offset = { x: 5, y: -3 };
          const got = visibleChunks(cells, size, tw, th, offset, bleed, view, 800, 600, order);
          // Meeting the canvas (open intervals), and at most touching it (closed ones: an edge shared is allowed either way).
          const want: string[] = [], allowed: string[] = [];
          if (cells.width > 0 && cells.height > 0) {
            for (let cy = Math.floor(cells.y / size); cy <= Math.floor((cells.y + cells.height - 1) / size); cy++) {
              for (let cx = Math.floor(cells.x / size); cx <= Math.floor((cells.x + cells.width - 1) / size); cx++) {
                // On screen: the chunk's drawing, from its left margin to its right one, and up/down.
                const x0 = view.x + (cx * size * tw - bleed.left + offset.x) * view.scale, x1 = view.x + ((cx + 1) * size * tw + bleed.right + offset.x) * view.scale;
                const y0 = view.y + (cy * size * th - bleed.up + offset.y) * view.scale, y1 = view.y + ((cy + 1) * size * th + bleed.down + offset.y) * view.scale;
                if (x1 > 1e-6 && x0 < 800 - 1e-6 && y1 > 1e-6 && y0 < 600 - 1e-6) want.push(`${cx},${cy}`);
                if (x1 >= -1e-6 && x0 <= 800 + 1e-6 && y1 >= -1e-6 && y0 <= 600 + 1e-6) allowed.push(`${cx},${cy}`);
              }
            }
          }
          const keys = got.map((c) => `${c.cx},${c.cy}`);
          const has = new Set(keys), may = new Set(allowed);
          expect(want.filter((k) => !has.has(k))).toEqual([]);
          expect(keys.filter((k) => !may.has(k))).toEqual([]);
          expect(has.size).toBe(keys.length);
          // Rows then columns, in the render order's directions.
          const up = order.endsWith("up"), left = order.startsWith("left");
          for (let i = 1; i < got.length; i++) {
            const a = got[i - 1]!, b = got[i]!;
            if (a.cy === b.cy) expect(left ? a.cx > b.cx : a.cx < b.cx).toBe(true);
            else expect(up ? a.cy > b.cy : a.cy < b.cy).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(visibleChunks({ x: 0, y: 0, width: 0, height: 5 }, 4, 8, 8, { x: 0, y: 0 }, NONE, { x: 0, y: 0, scale: 1 }, 100, 100, "right-down")).toEqual([]);
  });

  it("reaches a tall tile's chunk below the view: its drawing reaches up into it", () => {
    // The view shows y in [0, 100); the chunk row 1 spans y 128–256 but its tiles reach 200 pixels up.
    const tall: Bleed = { left: 0, right: 0, up: 200, down: 0 };
    const cells = { x: 0, y: 0, width: 8, height: 16 };
    const rows = (b: Bleed) => [...new Set(visibleChunks(cells, 8, 16, 16, { x: 0, y: 0 }, b, { x: 0, y: 0, scale: 1 }, 100, 100, "right-down").map((c) => c.cy))];
    expect(rows(NONE)).toEqual([0]);
    expect(rows(tall)).toEqual([0, 1]);
  });

  it("meets its neighbours on whole pixels with neither a gap nor an overlap at any zoom", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 40, noNaN: true }), fc.double({ min: -5000, max: 5000, noNaN: true }), fc.integer({ min: -50, max: 50 }), (scale, vx, cx) => {
        const view = { x: vx, y: 0, scale };
        const a = chunkOnScreen({ cx, cy: 0 }, 32, 16, 16, { x: 3, y: 0 }, view), b = chunkOnScreen({ cx: cx + 1, cy: 0 }, 32, 16, 16, { x: 3, y: 0 }, view);
        expect(a.x1).toBe(b.x0);
        expect(Number.isInteger(a.x0) && Number.isInteger(a.x1)).toBe(true);
      }),
    );
  });

  it("draws from the overview once a cell is under 4 screen pixels, else from the level whose pixels are at least one per screen pixel", () => {
    expect(detailFor(1, 32, 32)).toEqual({ kind: "tiles", level: 0 });
    expect(detailFor(4, 32, 32)).toEqual({ kind: "tiles", level: 0 });
    expect(detailFor(0.5, 32, 32)).toEqual({ kind: "tiles", level: 1 });
    expect(detailFor(0.3, 32, 32)).toEqual({ kind: "tiles", level: 1 });
    expect(detailFor(0.125, 32, 32)).toEqual({ kind: "tiles", level: 3 });
    expect(detailFor(0.12, 32, 32)).toEqual({ kind: "overview" });
    expect(detailFor(0.2, 16, 32)).toEqual({ kind: "overview" });
  });

  it("cuts big tiles into smaller chunks, and knows how far tiles reach out of their cells", () => {
    expect([chunkCells(16, 16), chunkCells(32, 32), chunkCells(64, 32), chunkCells(128, 128), chunkCells(4096, 16)]).toEqual([32, 32, 32, 16, 1]);
    const map = fixture();
    // The tall tile: 16 × 32 in a 16-pixel grid reaches 16 up (and, flipped diagonally, 16 right).
    expect(bleedOf(map)).toEqual({ left: 0, right: 16, up: 16, down: 0 });
    const offset = bleedOf({ tileWidth: 16, tileHeight: 16, tilesets: [{ ...map.tilesets[0]!, offsetX: -4, offsetY: 6 }] });
    expect(offset).toEqual({ left: 4, right: 0, up: 0, down: 6 });
  });
});

describe("LruCache", () => {
  it("drops the least recently used over budget, freeing each once, never the one just kept", () => {
    const freed: string[] = [];
    const lru = new LruCache<string>(100, (v) => freed.push(v));
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // a is now the most recent
    lru.set("c", "C", 40);
    expect(freed).toEqual(["B"]);
    expect([lru.has("a"), lru.has("b"), lru.has("c"), lru.bytes]).toEqual([true, false, true, 80]);
    lru.set("huge", "H", 500);
    expect(freed).toEqual(["B", "A", "C"]);
    expect(lru.has("huge")).toBe(true);
    lru.set("huge", "H2", 10);
    expect(freed).toEqual(["B", "A", "C", "H"]);
    lru.retain((k) => k !== "huge");
    expect([lru.size, lru.bytes, freed.at(-1)]).toEqual([0, 0, "H2"]);
  });

  it("repeats an image layer's picture over the view from its own place", () => {
    expect(repeatStarts(10, 100, -250, 120)).toEqual([-290, -190, -90, 10, 110]);
    expect(repeatStarts(10, 0, 0, 100)).toEqual([10]);
  });
});

describe("loading the map and the backdrop's state", () => {
  const files = (entries: Record<string, string>) => vi.fn(async (path: string) => (path in entries ? { ok: true as const, text: entries[path]! } : { ok: false as const, message: `file not found: ${path}` }));

  it("inlines external TSJ and TSX tilesets with the map's firstgid, their paths made relative to the map's folder", async () => {
    const read = files({
      "maps/level.tmj": JSON.stringify({ type: "map", orientation: "orthogonal", width: 1, height: 1, tilewidth: 8, tileheight: 8, layers: [], tilesets: [{ firstgid: 5, source: "../tilesets/t.tsj" }, { firstgid: 20, source: "x.tsx" }] }),
      "tilesets/t.tsj": JSON.stringify({ name: "t", image: "img/t.png", imagewidth: 16, imageheight: 8, tilewidth: 8, tileheight: 8, tilecount: 2, columns: 2, tiles: [{ id: 1, image: "../art/one.png" }] }),
      "maps/x.tsx": '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="x" tilewidth="8" tileheight="8" tilecount="1" columns="1">\n <image source="x.png" width="8" height="8"/>\n</tileset>\n',
    });
    const loaded = await loadBackdropMap("maps/level.tmj", read);
    if (!loaded.ok) throw new Error(loaded.problems.join("; "));
    const [t, x] = loaded.resolved.tilesets as JsonObject[];
    expect(t).toMatchObject({ firstgid: 5, name: "t", image: "../tilesets/img/t.png", tiles: [{ id: 1, image: "../art/one.png" }] });
    expect(x).toMatchObject({ firstgid: 20, name: "x", image: "x.png" });
    expect(loaded.problems).toEqual([]);
    // The scene-relative pictures: from the map's folder.
    const map = built(loaded.resolved);
    expect(map.tilesets[0]!.images).toEqual(["tilesets/img/t.png", "art/one.png"]);
  });

  it("says why a map cannot be read, naming the file and where the map refers to it", async () => {
    expect(await loadBackdropMap("m.tmj", files({}))).toEqual({ ok: false, problems: ["file not found: m.tmj"] });
    expect(await loadBackdropMap("m.tmj", files({ "m.tmj": "{ nope" }))).toMatchObject({ ok: false, problems: [expect.stringMatching(/^m\.tmj:1:3: /)] });
    expect(await loadBackdropMap("m.tmx", files({ "m.tmx": "<map" }))).toMatchObject({ ok: false, problems: [expect.stringMatching(/^m\.tmx:1:\d+: /)] });
    const gone = files({ "maps/level.tmj": JSON.stringify({ type: "map", orientation: "orthogonal", width: 1, height: 1, tilewidth: 8, tileheight: 8, layers: [], tilesets: [{ firstgid: 1, source: "gone.tsj" }] }) });
    expect(await loadBackdropMap("maps/level.tmj", gone)).toEqual({ ok: false, problems: ['maps/level.tmj:1:130: tilesets[0].source: cannot read the tileset "gone.tsj": file not found: maps/gone.tsj'] });
  });

  it("loads a map once per scene folder, forgets the others, and keeps how it is shown apart from the scene", async () => {
    const text = JSON.stringify(backdropMap());
    const reader = vi.fn(async (path: string, scenePath: string | undefined) => (path === "level.tmj" && scenePath === "/a/scene.json" ? { ok: true as const, text } : { ok: false as const, message: `file not found: ${path}` }));
    const backdrop = new TiledBackdrop(reader);
    expect(backdrop.request("level.tmj", "/a/scene.json")).toEqual({ state: "loading" });
    backdrop.request("level.tmj", "/a/scene.json");
    await vi.waitFor(() => expect(backdrop.entry("level.tmj", "/a/scene.json")?.state).toBe("ready"));
    expect(reader).toHaveBeenCalledTimes(1);
    backdrop.request("level.tmj", "/b/scene.json");
    await vi.waitFor(() => expect(backdrop.entry("level.tmj", "/b/scene.json")).toEqual({ state: "failed", problems: ["file not found: level.tmj"] }));
    backdrop.retainOnly(null);
    expect(backdrop.entry("level.tmj", "/a/scene.json")).toBeUndefined();
    backdrop.setDisplay({ opacity: 1.7 });
    backdrop.setDisplay({ visible: false });
    expect(backdrop.display.getState()).toEqual({ visible: false, opacity: 1 });
    expect(new TiledBackdrop(null).request("level.tmj", "/a/scene.json")).toBeUndefined();
    expect([tiledMapOf({ tiledMap: { src: "m.tmj" } }), tiledMapOf({ tiledMap: "m.tmj" }), tiledMapOf({})]).toEqual([{ src: "m.tmj" }, null, null]);
  });

  it("reads the map again on reload (Reload Tiled Map, or the desktop app seeing it change), showing the old one until the new one is in", async () => {
    let text = JSON.stringify(backdropMap());
    let release: () => void = () => {};
    let hold = false;
    const reader = vi.fn(async () => {
      if (hold) await new Promise<void>((r) => (release = r));
      return { ok: true as const, text };
    });
    const backdrop = new TiledBackdrop(reader);
    backdrop.request("level.tmj", "/a/scene.json");
    await vi.waitFor(() => expect(backdrop.entry("level.tmj", "/a/scene.json")?.state).toBe("ready"));
    const first = backdrop.entry("level.tmj", "/a/scene.json");
    const map = backdropMap() as JsonObject;
    text = JSON.stringify({ ...map, layers: (map.layers as JsonObject[]).filter((l) => l.name !== "ground") });
    hold = true;
    const reloaded = backdrop.reload();
    // The map drawn stays until the new reading is in.
    expect(backdrop.entry("level.tmj", "/a/scene.json")).toBe(first);
    release();
    await reloaded;
    const entry = backdrop.entry("level.tmj", "/a/scene.json");
    if (entry?.state !== "ready") throw new Error("not ready");
    expect(entry.map.layers.map((l) => l.name)).not.toContain("ground");
    expect(reader).toHaveBeenCalledTimes(2);
    // A reload under way when the map is forgotten says nothing.
    hold = true;
    const late = backdrop.reload();
    backdrop.retainOnly(null);
    release();
    await late;
    expect(backdrop.entry("level.tmj", "/a/scene.json")).toBeUndefined();
  });

  it("says the layers it drew, the hidden ones apart, and the tile objects of the shown layers", () => {
    expect(drawnSummary(fixture())).toBe("3 layers (1 hidden layer)");
    const map = backdropMap() as JsonObject;
    const allHidden = (map.layers as JsonObject[]).map((l) => ({ ...l, visible: false }));
    expect(drawnSummary(built({ ...map, layers: allHidden }))).toBe("no tiles to draw (4 hidden layers)");
    expect(drawnSummary(built({ ...map, layers: (map.layers as JsonObject[]).filter((l) => l.visible !== false) }))).toBe("3 layers");
  });

  it("reads a map it was given at import when the reader cannot read the map itself, and only the map", async () => {
    const text = JSON.stringify(backdropMap());
    const reader = vi.fn(async (path: string) => ({ ok: false as const, message: `not read: ${path}` }));
    const backdrop = new TiledBackdrop(reader);
    backdrop.give("level.tmj", undefined, text);
    backdrop.request("level.tmj", undefined);
    await vi.waitFor(() => expect(backdrop.entry("level.tmj", undefined)?.state).toBe("ready"));
    // Another folder has not been given it; and forgetting the map forgets its text.
    backdrop.request("level.tmj", "/b/scene.json");
    await vi.waitFor(() => expect(backdrop.entry("level.tmj", "/b/scene.json")).toEqual({ state: "failed", problems: ["not read: level.tmj"] }));
    backdrop.retainOnly(null);
    backdrop.request("level.tmj", undefined);
    await vi.waitFor(() => expect(backdrop.entry("level.tmj", undefined)).toEqual({ state: "failed", problems: ["not read: level.tmj"] }));
  });

  it("reads through the desktop shell beside the scene, and says what it cannot read", async () => {
    const api = { readTiledFile: vi.fn(async () => ({ ok: true as const, value: { text: "<map/>" } })) };
    const read = pageTiledReader(() => api);
    expect(await read("maps/a.tmx", "/l/s.json")).toEqual({ ok: true, text: "<map/>" });
    expect(api.readTiledFile).toHaveBeenCalledWith({ scenePath: "/l/s.json", src: "maps/a.tmx" });
    expect(await read("maps/a.tmx", undefined)).toEqual({ ok: false, message: "file not found: maps/a.tmx (the scene has no folder yet: save it first)" });
    expect(await read("/etc/a.tmx", "/l/s.json")).toMatchObject({ ok: false, message: expect.stringMatching(/absolute path/) });
    expect(api.readTiledFile).toHaveBeenCalledTimes(1);
    // A browser without the folder the scene was opened in.
    const web = await pageTiledReader(() => undefined)("a.tmj", "web-file:99");
    expect(web).toMatchObject({ ok: false, message: expect.stringMatching(/Import Tiled Map in Folder/) });
  });
});

describe("Fit to View with a Tiled map", () => {
  it("frames the map's tiles with the shapes when nothing is selected (an imported map with no colliders yet included), and not once the map is hidden", async () => {
    const text = JSON.stringify(backdropMap());
    const editor = new Editor({ tiledReader: async (path) => (path === "level.tmj" ? { ok: true, text } : { ok: false, message: `file not found: ${path}` }) });
    loadDocument(editor, { ...emptyScene(), tiledMap: { src: "level.tmj" } }, { name: "s.json", path: "/a/s.json" });
    editor.canvasSize = { width: 800, height: 600 };
    editor.backdrop.request("level.tmj", "/a/s.json");
    await vi.waitFor(() => expect(editor.backdrop.entry("level.tmj", "/a/s.json")?.state).toBe("ready"));
    const entry = editor.backdrop.entry("level.tmj", "/a/s.json");
    if (entry?.state !== "ready") throw new Error("not loaded");
    // The ground covers COLUMNS × ROWS cells; the group's layer is moved one tile right.
    expect(backdropBounds(entry.map)).toEqual({ minX: 0, minY: 0, maxX: (COLUMNS + 1) * TILE, maxY: ROWS * TILE });
    fitToView(editor);
    const { view } = editor.getState();
    expect(view.scale).toBeCloseTo(Math.min((800 - 80) / ((COLUMNS + 1) * TILE), (600 - 80) / (ROWS * TILE)), 9);
    editor.backdrop.setDisplay({ visible: false });
    editor.update({ view: { x: 0, y: 0, scale: 1 } });
    fitToView(editor);
    expect(editor.getState().view).toEqual({ x: 0, y: 0, scale: 1 });
  });
});
