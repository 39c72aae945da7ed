// `collider-studio import MAP.tmj --bake-tile-colliders`, in process with files in memory.
import { runInMemory } from "./run-cli";
import { describe, expect, it } from "vitest";
import { readTextFile } from "../../core/node/files";
import { parseScene } from "../../core/scene/io";
import type { JsonObject } from "../../core/tiled/types";
import { rect, tile, tileLayer, tmj } from "../core/tiled/tile-map-fixtures";


const run = (argv: readonly string[], files: Record<string, string>) => runInMemory(argv, files);

/** An object layer with one wall, a tile layer of 100 ground tiles and a row holding a tile with a point object. */
function level(): JsonObject {
  const ground = Array.from({ length: 200 }, (_, i) => (i >= 100 ? 1 : i === 5 || i === 6 ? 2 : 0));
  return tmj({
    width: 100,
    height: 2,
    tiles: [tile(0, [rect(0, 0, 16, 16)]), tile(1, [rect(0, 0, 16, 8), rect(3, 3, 0, 0, { point: true, id: 7 })])],
    layers: [
      { id: 1, name: "Walls", type: "objectgroup", visible: true, opacity: 1, x: 0, y: 0, objects: [{ id: 1, name: "wall", x: 0, y: 0, width: 16, height: 64, rotation: 0, visible: true }] },
      tileLayer("Ground", 100, 2, ground),
    ],
  });
}

describe("import --bake-tile-colliders", () => {
  it("adds the baked shapes in a layer named after the tile layer and counts them in the summary", async () => {
    const files = { "level.tmj": JSON.stringify(level()) };
    const r = await run(["import", "level.tmj", "--bake-tile-colliders", "-o", "level.json"], files);
    expect(r.code).toBe(0);
    expect(r.err.trimEnd().split("\n")).toEqual([
      'level.tmj: not baked: layer "Ground", cell (5, 0) and 1 more cell, tile 2, object 7: point object (it has no area)',
      "level.tmj: imported 1 shape to level.json; baked 102 tile shapes into 2 colliders; 1 tile layer left in the map as its backdrop; 1 item not imported or baked (listed above)",
    ]);
    const scene = parseScene(r.written["level.json"]!);
    if (!scene.ok) throw new Error(JSON.stringify(scene.problems));
    expect(scene.scene.layers?.map((l) => l.name)).toEqual(["Walls", "Ground colliders"]);
    const groundId = scene.scene.layers![1]!.id;
    expect(scene.scene.shapes.map((s) => [s.name, s.type, s.layer, s.x, s.y, s.type === "box" ? [s.width, s.height] : null])).toEqual([
      ["wall", "box", undefined, 8, 32, [16, 64]],
      ["Ground-1", "box", groundId, 96, 4, [32, 8]],
      ["Ground-2", "box", groundId, 800, 24, [1600, 16]],
    ]);
    const strict = await run(["import", "level.tmj", "--bake-tile-colliders", "--strict"], files);
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(/level\.tmj: --strict: 1 item could not be imported or baked\n$/);
  });

  it("without the flag, a tile layer is the map's backdrop: said in the summary, not listed as not imported, not a --strict failure", async () => {
    const r = await run(["import", "level.tmj", "--strict"], { "level.tmj": JSON.stringify(level()) });
    expect(r.code).toBe(0);
    expect(r.err).toBe("level.tmj: imported 1 shape; 1 tile layer left in the map as its backdrop\n");
  });

  it("a map it cannot read: exit 1, one line per problem with its JSON path, line and column, nothing written", async () => {
    const broken = level() as { layers: JsonObject[] };
    const bad = JSON.stringify({ ...broken, layers: [broken.layers[0]!, { ...broken.layers[1]!, data: [1, 2, 3] }] });
    const r = await run(["import", "level.tmj", "--bake-tile-colliders", "-o", "level.json"], { "level.tmj": bad });
    expect(r.code).toBe(1);
    // The map loader finds it first, at the layer's "data" key.
    expect(r.err).toBe(`level.tmj:1:${bad.indexOf('"data":[1,2,3]') + 1}: layers[1].data: expected 200 tiles, found 3\n`);
    expect(r.out).toBe("");
    expect(r.written).toEqual({});
  });

  it("bakes from an external tileset as from an inlined one; a missing one exits 2 where the map names it", async () => {
    const map = level();
    const { firstgid: _firstgid, ...tileset } = (map.tilesets as JsonObject[])[0]!;
    const external = JSON.stringify({ ...map, tilesets: [{ firstgid: 1, source: "tiles/ground.tsj" }] });
    const inlined = await run(["import", "level.tmj", "--bake-tile-colliders", "-o", "level.json"], { "level.tmj": JSON.stringify(map) });
    const ext = await run(["import", "level.tmj", "--bake-tile-colliders", "-o", "level.json"], { "level.tmj": external, "tiles/ground.tsj": JSON.stringify({ ...tileset, type: "tileset" }) });
    expect(ext.code).toBe(0);
    expect(ext.err).toBe(inlined.err);
    expect(ext.written).toEqual(inlined.written);
    const missing = await run(["import", "level.tmj", "--bake-tile-colliders", "-o", "level.json"], { "level.tmj": external });
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`level.tmj:1:${external.indexOf('"source"') + 1}: tilesets[0].source: cannot read the tileset "tiles/ground.tsj": no file tiles/ground.tsj\n`);
    expect(missing.written).toEqual({});
  });

  it("a TMX map with an external TSX tileset bakes as the same map with the tileset inlined", async () => {
    const dir = "test/fixtures/tiled/libtmx";
    const files: Record<string, string> = {};
    for (const name of ["csv.tmx", "externtileset.tmx", "tileset.tsx"]) files[`${dir}/${name}`] = await readTextFile(`${dir}/${name}`);
    const baked = async (map: string) => {
      const r = await run(["import", `${dir}/${map}`, "--bake-tile-colliders", "-o", "out.json"], files);
      expect(r.code).toBe(0);
      expect(r.err).toMatch(/baked 23 tile shapes into 23 colliders/);
      const scene = parseScene(r.written["out.json"]!);
      if (!scene.ok) throw new Error(JSON.stringify(scene.problems));
      return scene.scene.shapes.filter((s) => s.layer === "tiles-3");
    };
    const inlined = await baked("csv.tmx");
    expect(inlined).toHaveLength(23);
    // Tile 1's one rectangle (x 11.75, y 4.75, 10.25 × 25.25) where the layer's first tile 1 is, cell (8, 1).
    expect(inlined[0]).toMatchObject({ type: "box", x: 8 * 32 + 11.75 + 10.25 / 2, y: 32 + 4.75 + 25.25 / 2, width: 10.25, height: 25.25 });
    expect(await baked("externtileset.tmx")).toEqual(inlined);
  });
});
