// The backdrop draws what Tiled draws (a designer review of Tiled's own examples), the pure parts:
// an atlas whose file gives no picture size (Tiled's perspective_walls.tsx: `<image source=…/>`)
// takes its grid from its decoded picture, counted as Tiled counts it; a tileset's transparent
// colour (sewers.tmx: `trans="ff00ff"`) goes with its tiles' pictures, to be keyed out.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBackdropMap } from "../../renderer/tiled-map/load";
import { placedTile } from "../../renderer/tiled-map/draw-chunk";
import { atlasGrid, buildBackdrop, parseTransparent, type BackdropMap } from "../../renderer/tiled-map/model";

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
