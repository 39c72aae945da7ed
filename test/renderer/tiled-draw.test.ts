// The backdrop draws what Tiled draws (a designer review of Tiled's own examples), the pure parts:
// an atlas whose file gives no picture size (Tiled's perspective_walls.tsx: `<image source=…/>`)
// takes its grid from its decoded picture, counted as Tiled counts it; a tileset's transparent
// colour (sewers.tmx: `trans="ff00ff"`) goes with its tiles' pictures, to be keyed out; tile
// objects (sandbox2.tmx, forest.tmx) are read in Tiled's drawing order and placed as Tiled places
// them, against a plain reference; the import does not list them as left out when they are drawn.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importTiled } from "../../core";
import { FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, type JsonObject } from "../../core/tiled/types";
import { applyAffine } from "../../renderer/tiled-map/affine";
import { drawnBounds, placedTileObject } from "../../renderer/tiled-map/tile-objects";
import { loadBackdropMap } from "../../renderer/tiled-map/load";
import { placedTile } from "../../renderer/tiled-map/draw-chunk";
import { atlasGrid, buildBackdrop, parseTransparent, type BackdropMap, type ObjectLayerDraw } from "../../renderer/tiled-map/model";

/** perspective_walls.tmx and .tsx of Tiled's examples, cut down: 64 × 64 tiles on a 31 × 31 grid, the picture's size not given, tiles listed for their properties. */
const FILES: Record<string, string> = {
  "maps/walls.tmx": `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.0" orientation="orthogonal" width="3" height="1" tilewidth="31" tileheight="31">
 <tileset firstgid="1" source="walls.tsx"/>
 <layer name="Walls" width="3" height="1"><data encoding="csv">1,6,17</data></layer>
</map>`,
  "maps/walls.tsx": `<?xml version="1.0" encoding="UTF-8"?>
<tileset name="perspective_walls" tilewidth="64" tileheight="64">
 <tileoffset x="-32" y="0"/>
 <image source="walls.png"/>
 <tile id="13"><properties><property name="door" value="true"/></properties></tile>
 <tile id="14"><properties><property name="door" value="true"/></properties></tile>
</tileset>`,
};

async function wallsMap(): Promise<BackdropMap> {
  const loaded = await loadBackdropMap("maps/walls.tmx", async (path) => (path in FILES ? { ok: true, text: FILES[path]! } : { ok: false, message: `no ${path}` }));
  if (!loaded.ok) throw new Error(loaded.problems.join("; "));
  const built = buildBackdrop(loaded.resolved, "maps/walls.tmx");
  if (!built.ok) throw new Error(built.problems.join("; "));
  return built.map;
}

describe("an atlas whose file gives no picture size", () => {
  it("takes its columns and tile count from its decoded picture (256 × 256: 4 × 4 tiles of 64)", async () => {
    const map = await wallsMap();
    const walls = map.tilesets[0]!;
    const size = (src: string) => (src === "maps/walls.png" ? { width: 256, height: 256 } : null);
    expect(walls.images).toEqual(["maps/walls.png"]);
    expect(walls.tile(5, size)!.image).toEqual({ src: "maps/walls.png", x: 64, y: 64, width: 64, height: 64 });
    expect(walls.tile(13, size)!.image).toEqual({ src: "maps/walls.png", x: 64, y: 192, width: 64, height: 64 });
    expect(walls.tile(15, size)!.image).toEqual({ src: "maps/walls.png", x: 192, y: 192, width: 64, height: 64 });
    // Past the picture's 16 tiles: none (a gid no tileset has is drawn hatched).
    expect(walls.tile(16, size)).toBeNull();
    // Placed as Tiled places a 64-pixel tile on a 31-pixel grid: bottom-left in its cell, moved by the tileoffset.
    const placed = placedTile(map, 2, 1, 0, size)!;
    expect(placed.info!.image).toEqual({ src: "maps/walls.png", x: 64, y: 0, width: 64, height: 64 });
    expect([placed.m.e, placed.m.f]).toEqual([31 - 32, 31 - 64]);
  });

  it("before its picture is decoded, a tile stands in as the picture's first tile, not kept: loading or missing, the picture says how it is drawn", async () => {
    const walls = (await wallsMap()).tilesets[0]!;
    expect(walls.tile(5)!.image).toEqual({ src: "maps/walls.png", x: 0, y: 0, width: 64, height: 64 });
    expect(walls.tile(13, () => null)!.image).toEqual({ src: "maps/walls.png", x: 0, y: 0, width: 64, height: 64 });
    // Once the size is known, the real rectangle (the stand-in was not kept), and the grid is kept.
    expect(walls.tile(5, () => ({ width: 256, height: 256 }))!.image).toMatchObject({ x: 64, y: 64 });
    expect(walls.tile(6)!.image).toMatchObject({ x: 128, y: 64 });
  });

  it("counts columns and tiles as Tiled does, against counting the tiles that fit one by one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (w, h, tw, th, margin, spacing) => {
        // Tile k along an axis spans [margin + k (t + spacing), … + t): it fits when that end is within the picture.
        const fit = (size: number, t: number) => {
          let n = 0;
          while (margin + n * (t + spacing) + t <= size) n++;
          return n;
        };
        const grid = atlasGrid(w, h, tw, th, margin, spacing);
        expect(grid).toEqual({ columns: fit(w, tw), count: fit(w, tw) * fit(h, th) });
      }),
      { seed: 27, numRuns: 500 },
    );
  });
});

describe("a tileset's transparent colour", () => {
  it("is read from the TSX's trans (with or without its #) and goes with every tile's picture", async () => {
    const files: Record<string, string> = {
      "sewers.tmx": `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.0" orientation="orthogonal" width="1" height="1" tilewidth="24" tileheight="24">
 <tileset firstgid="1" name="sewer_tileset" tilewidth="24" tileheight="24">
  <image source="sewer_tileset.png" trans="ff00ff" width="192" height="217"/>
 </tileset>
 <layer name="Floor" width="1" height="1"><data encoding="csv">10</data></layer>
</map>`,
    };
    const loaded = await loadBackdropMap("sewers.tmx", async (path) => (path in files ? { ok: true, text: files[path]! } : { ok: false, message: `no ${path}` }));
    if (!loaded.ok) throw new Error(loaded.problems.join("; "));
    const built = buildBackdrop(loaded.resolved, "sewers.tmx");
    if (!built.ok) throw new Error(built.problems.join("; "));
    expect(built.map.tilesets[0]!.tile(9)!.image).toEqual({ src: "sewer_tileset.png", x: 24, y: 24, width: 24, height: 24, transparent: [255, 0, 255] });
    expect([parseTransparent("#00ff80"), parseTransparent("00FF80"), parseTransparent("#0f8"), parseTransparent(3), parseTransparent(undefined)]).toEqual([[0, 255, 128], [0, 255, 128], null, null, null]);
    // Without one, the picture is drawn as it is.
    const plain = buildBackdrop({ orientation: "orthogonal", tilewidth: 8, tileheight: 8, tilesets: [{ firstgid: 1, tilewidth: 8, tileheight: 8, columns: 1, tilecount: 1, image: "a.png" }], layers: [] }, "m.tmj");
    expect(plain.ok && plain.map.tilesets[0]!.tile(0)!.image).toEqual({ src: "a.png", x: 0, y: 0, width: 8, height: 8 });
    expect(plain.ok && "transparent" in plain.map.tilesets[0]!.tile(0)!.image!).toBe(false);
  });
});

describe("tile objects", () => {
  const ALIGNMENTS = ["unspecified", "topleft", "top", "topright", "left", "center", "right", "bottomleft", "bottom", "bottomright"] as const;
  /** Where each alignment's point is on the object, as fractions of its width and height. */
  const ANCHOR: Record<(typeof ALIGNMENTS)[number], readonly [number, number]> = {
    unspecified: [0, 1], topleft: [0, 0], top: [0.5, 0], topright: [1, 0], left: [0, 0.5], center: [0.5, 0.5], right: [1, 0.5], bottomleft: [0, 1], bottom: [0.5, 1], bottomright: [1, 1],
  };
  const mapWith = (objects: JsonObject[], tileset: JsonObject = {}, draworder = "topdown") => {
    const b = buildBackdrop({
      orientation: "orthogonal", tilewidth: 16, tileheight: 16,
      tilesets: [{ firstgid: 1, name: "t", tilewidth: 20, tileheight: 10, columns: 2, tilecount: 4, image: "t.png", imagewidth: 40, imageheight: 20, ...tileset }],
      layers: [{ type: "objectgroup", name: "things", draworder, objects }],
    }, "m.tmj");
    if (!b.ok) throw new Error(b.problems.join("; "));
    return b.map;
  };

  it("are read in Tiled's drawing order (top-down by y, stably; or as listed), hidden ones and shapes left out", () => {
    const objects = [
      { id: 1, gid: 1, x: 0, y: 50, width: 20, height: 10 },
      { id: 2, gid: 2, x: 0, y: 10, width: 20, height: 10 },
      { id: 3, x: 0, y: 0, width: 5, height: 5 },
      { id: 4, gid: 3, x: 9, y: 50, width: 20, height: 10 },
      { id: 5, gid: 4, x: 0, y: 5, width: 20, height: 10, visible: false },
    ];
    const topDown = mapWith(objects).layers[0] as ObjectLayerDraw;
    expect(topDown.kind).toBe("objects");
    expect(topDown.objects.map((o) => o.gid)).toEqual([2, 1, 3]);
    expect((mapWith(objects, {}, "index").layers[0] as ObjectLayerDraw).objects.map((o) => o.gid)).toEqual([1, 2, 3]);
    // An object layer of shapes only draws nothing: no layer.
    expect(mapWith([{ id: 1, x: 0, y: 0, width: 5, height: 5 }]).layers).toEqual([]);
  });

  it("are placed as Tiled places them: anchored by the tileset's alignment, scaled to their size, moved by the tileoffset, flipped in place, turned about (x, y)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALIGNMENTS), fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 80 }), fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: -180, max: 180 }), fc.boolean(), fc.boolean(), fc.integer({ min: -8, max: 8 }), fc.integer({ min: -8, max: 8 }), fc.integer({ min: 0, max: 3 }),
        (alignment, x, y, w, h, rotation, fh, fv, ox, oy, id) => {
          const gid = ((1 + id) | (fh ? FLIPPED_HORIZONTALLY : 0) | (fv ? FLIPPED_VERTICALLY : 0)) >>> 0;
          const map = mapWith([{ id: 1, gid, x, y, width: w, height: h, rotation }], { objectalignment: alignment, tileoffset: { x: ox, y: oy } });
          const placed = placedTileObject(map, (map.layers[0] as ObjectLayerDraw).objects[0]!)!;
          expect([placed.width, placed.height]).toEqual([20, 10]);
          expect(placed.info.image).toMatchObject({ x: (id % 2) * 20, y: Math.floor(id / 2) * 10 });
          const [ax, ay] = ANCHOR[alignment];
          const sx = w / 20, sy = h / 10;
          const t = (rotation * Math.PI) / 180;
          // Picture pixel (u, v): flipped within the picture, scaled, its top-left at the anchor's corner, moved by the offset, turned about (x, y).
          const reference = (u: number, v: number): [number, number] => {
            const px = x - ax * w + (fh ? 20 - u : u) * sx + ox * sx;
            const py = y - ay * h + (fv ? 10 - v : v) * sy + oy * sy;
            return [x + (px - x) * Math.cos(t) - (py - y) * Math.sin(t), y + (px - x) * Math.sin(t) + (py - y) * Math.cos(t)];
          };
          for (const [u, v] of [[0, 0], [20, 0], [0, 10], [20, 10], [7, 3]] as const) {
            const [gx, gy] = applyAffine(placed.m, u, v);
            const [rx, ry] = reference(u, v);
            expect(gx).toBeCloseTo(rx, 9);
            expect(gy).toBeCloseTo(ry, 9);
          }
        },
      ),
      { seed: 27, numRuns: 300 },
    );
  });

  it("with no size are their picture's size; a gid no tileset has is none", () => {
    const map = mapWith([{ id: 1, gid: 1, x: 10, y: 30 }, { id: 2, gid: 9, x: 0, y: 0, width: 4, height: 4 }]);
    // Top-down: the one at y 0 first.
    const [unknown, sized] = (map.layers[0] as ObjectLayerDraw).objects;
    expect(applyAffine(placedTileObject(map, sized!)!.m, 20, 0)).toEqual([30, 20]);
    expect(placedTileObject(map, unknown!)).toBeNull();
  });

  it("count in the rectangle the map draws (Fit), turned as drawn, with their layer's offset; hidden layers' do not", () => {
    const b = buildBackdrop({
      orientation: "orthogonal", tilewidth: 16, tileheight: 16,
      tilesets: [{ firstgid: 1, name: "t", tilewidth: 20, tileheight: 10, columns: 2, tilecount: 4, image: "t.png", imagewidth: 40, imageheight: 20 }],
      layers: [
        { type: "tilelayer", name: "ground", width: 2, height: 1, data: [1, 1] },
        { type: "objectgroup", name: "things", offsetx: 5, objects: [{ id: 1, gid: 1, x: 100, y: 50, width: 20, height: 10, rotation: 90 }] },
        { type: "objectgroup", name: "off", visible: false, objects: [{ id: 2, gid: 1, x: -500, y: -500, width: 20, height: 10 }] },
      ],
    }, "m.tmj");
    if (!b.ok) throw new Error(b.problems.join("; "));
    // Turned 90° clockwise about its bottom-left (100, 50): it covers x 100–110, y 50–70; moved 5 right.
    const box = drawnBounds(b.map)!;
    expect([box.minX, box.minY, box.maxX, box.maxY].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 0, 115, 70]);
  });

  it("are not listed as left out by an import whose map the backdrop draws; they are by one that does not (the command line)", () => {
    const map = JSON.stringify({
      type: "map", orientation: "orthogonal", width: 2, height: 2, tilewidth: 16, tileheight: 16,
      tilesets: [{ firstgid: 1, name: "t", tilewidth: 16, tileheight: 16, columns: 1, tilecount: 1, image: "t.png", imagewidth: 16, imageheight: 16 }],
      layers: [{ type: "objectgroup", name: "things", objects: [{ id: 1, gid: 1, x: 0, y: 16, width: 16, height: 16 }, { id: 2, x: 0, y: 0, width: 8, height: 8 }, { id: 3, x: 4, y: 4, point: true }] }],
    });
    const shown = importTiled(map, { mapFile: "m.tmj", tileLayersShown: true });
    const cli = importTiled(map, { mapFile: "m.tmj" });
    if (!shown.ok || !cli.ok) throw new Error("not imported");
    expect(shown.skipped.map((s) => s.object)).toEqual([3]);
    expect(cli.skipped.map((s) => [s.object, s.reason])).toEqual([[1, "tile object (only shapes are imported)"], [3, "point object (it has no area)"]]);
    expect(shown.scene.shapes.length).toBe(1);
  });
});
