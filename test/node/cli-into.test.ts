// `collider-studio export --format tiled --into MAP.tmj`: the scene written back into the map it
// came from, in process with files held in memory. (Real maps read by Tiled: test/export/tiled-merge-real.test.ts.)
import { runInMemory } from "./run-cli";
import { describe, expect, it } from "vitest";
import { parseScene, parseTmx, serializeScene, writeTmx, type Scene } from "../../core/index";


/** The maps' external tileset, which the map loader reads with them. */
const TILESET = '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="tiles" tilewidth="32" tileheight="32" tilecount="1" columns="1">\n <image source="tiles.png" width="32" height="32"/>\n</tileset>\n';

const run = (argv: readonly string[], given: Record<string, string>) => runInMemory(argv, { "maps/tiles.tsx": TILESET, ...given });

const MAP = {
  type: "map",
  orientation: "orthogonal",
  width: 4,
  height: 4,
  tilewidth: 32,
  tileheight: 32,
  nextobjectid: 4,
  nextlayerid: 3,
  tilesets: [{ firstgid: 1, source: "tiles.tsx" }],
  layers: [
    { id: 1, name: "Ground", type: "tilelayer", width: 4, height: 4, data: Array(16).fill(1) },
    {
      id: 2,
      name: "Walls",
      type: "objectgroup",
      objects: [
        { id: 1, name: "a", type: "WARP", x: 0, y: 0, width: 10, height: 10, rotation: 0, visible: true },
        { id: 2, name: "b", type: "", x: 20, y: 0, width: 10, height: 10, rotation: 0, visible: false },
        { id: 3, name: "spawn", type: "", x: 0, y: 0, point: true },
      ],
    },
  ],
};
const MAP_TEXT = JSON.stringify(MAP);

async function imported(): Promise<Scene> {
  const r = await run(["import", "maps/level.tmj", "-o", "maps/level.json"], { "maps/level.tmj": MAP_TEXT });
  expect(r.code).toBe(0);
  const read = parseScene(r.written["maps/level.json"]!);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.scene;
}

describe("export --format tiled (a new map) of a scene imported from a map", () => {
  it("keeps the map's tile size, and says its tile layers and tilesets are left out, pointing to --into", async () => {
    const map16 = JSON.stringify({ ...MAP, tilewidth: 16, tileheight: 16 });
    const r0 = await run(["import", "maps/level.tmj", "-o", "maps/level.json"], { "maps/level.tmj": map16 });
    expect(r0.code).toBe(0);
    const r = await run(["export", "maps/level.json", "--format", "tiled", "-o", "maps/new.tmj"], { "maps/level.json": r0.written["maps/level.json"]!, "maps/level.tmj": map16 });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.written["maps/new.tmj"]!) as { tilewidth: number; tileheight: number; tilesets: unknown[] };
    expect([out.tilewidth, out.tileheight]).toEqual([16, 16]);
    expect(out.tilesets).toEqual([]);
    expect(r.err).toContain("maps/level.json: the tile layers and tilesets of level.tmj, the map this scene came from: a Tiled export writes a new map of the colliders and images only (Save to Map, or the command line's export --into level.tmj, writes the colliders into that map and keeps its tiles): left out\n");
  });

  it("--tile-size still decides; a map that cannot be read leaves 32 and says so", async () => {
    const scene = serializeScene(await imported());
    const given = await run(["export", "maps/level.json", "--format", "tiled", "--tile-size", "8"], { "maps/level.json": scene, "maps/level.tmj": MAP_TEXT });
    expect((JSON.parse(given.out) as { tilewidth: number }).tilewidth).toBe(8);
    const gone = await run(["export", "maps/level.json", "--format", "tiled"], { "maps/level.json": scene });
    expect(gone.code).toBe(0);
    expect((JSON.parse(gone.out) as { tilewidth: number }).tilewidth).toBe(32);
    expect(gone.err).toMatch(/^maps\/level.json: warning: cannot read level.tmj for its tile size \(.+\): the map's tiles are 32\n/);
  });
});

describe("export --into", () => {
  it("writes the scene into the map: one object moved, one added, one deleted; the rest as it was", async () => {
    const scene = await imported();
    expect(scene.tiledMap?.src).toBe("level.tmj");
    expect(scene.tiledMap?.base).toHaveLength(2);
    const edited: Scene = { ...scene, shapes: [{ ...scene.shapes[0]!, x: scene.shapes[0]!.x + 5 }, { id: "new", type: "circle", x: 50, y: 50, rotation: 0, radius: 4 }] };
    const r = await run(["export", "maps/level.json", "--format", "tiled", "--into", "maps/level.tmj", "-o", "maps/level.tmj"], { "maps/level.json": serializeScene(edited), "maps/level.tmj": MAP_TEXT });
    expect(r.code).toBe(0);
    expect(r.err).toBe("maps/level.json: written into maps/level.tmj: 1 object updated, 1 added, 1 removed (the file it replaced is kept as maps/level.tmj.bak)\n");
    const out = JSON.parse(r.written["maps/level.tmj"]!) as typeof MAP;
    expect(out.layers[0]).toEqual(MAP.layers[0]);
    expect(out.tilesets).toEqual(MAP.tilesets);
    const objects = out.layers[1]!.objects!;
    expect(objects.map((o) => [o.id, o.name, o.x])).toEqual([[1, "a", 5], [3, "spawn", 0], [4, "", 46]]);
    expect(objects[0]).toEqual({ ...MAP.layers[1]!.objects![0]!, x: 5 });
    expect(out.nextobjectid).toBe(5);
  });

  it("without -o writes the map in place, the old one kept; -o - prints it and says the map is unchanged", async () => {
    const scene = await imported();
    const files = { "s.json": serializeScene(scene), "maps/level.tmj": MAP_TEXT };
    const r = await run(["export", "s.json", "--format", "tiled", "--into", "maps/level.tmj"], files);
    expect([r.code, r.out]).toEqual([0, ""]);
    expect(JSON.parse(r.written["maps/level.tmj"]!)).toEqual(MAP);
    expect(r.err).toContain("\ns.json: written into maps/level.tmj: 0 objects updated, 0 added, 0 removed (the file it replaced is kept as maps/level.tmj.bak)\n");
    const out = await run(["export", "s.json", "--format", "tiled", "--into", "maps/level.tmj", "-o", "-"], files);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.out)).toEqual(MAP);
    expect(out.written["maps/level.tmj"]).toBeUndefined();
    expect(out.err).toContain("\ns.json: merged with maps/level.tmj (to standard output; maps/level.tmj is unchanged): 0 objects updated, 0 added, 0 removed\n");
  });

  it("keeps what was done in Tiled since the import: a move, a deletion, a new object (a three-way merge)", async () => {
    const scene = await imported();
    const [a, b, spawn] = MAP.layers[1]!.objects!;
    const inTiled = { ...MAP, nextobjectid: 5, layers: [MAP.layers[0]!, { ...MAP.layers[1]!, objects: [{ ...a!, x: 30 }, spawn!, { id: 4, name: "tiledNew", type: "", x: 60, y: 60, width: 8, height: 8, rotation: 0, visible: true }] }] };
    expect(b).toBeDefined();
    const r = await run(["export", "maps/level.json", "--format", "tiled", "--into", "maps/level.tmj"], { "maps/level.json": serializeScene(scene), "maps/level.tmj": JSON.stringify(inTiled) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.written["maps/level.tmj"]!)).toEqual(inTiled);
    expect(r.err).toBe('maps/level.json: written into maps/level.tmj: 0 objects updated, 0 added, 0 removed; deleted in the map since, kept deleted: object 2 "b" (the file it replaced is kept as maps/level.tmj.bak)\n');
  });

  it("warns when the scene came from another map, and writes all the same", async () => {
    const scene = { ...(await imported()), tiledMap: { src: "other.tmj" } };
    const r = await run(["export", "maps/s.json", "--format", "tiled", "--into", "maps/level.tmj"], { "maps/s.json": serializeScene(scene), "maps/level.tmj": MAP_TEXT });
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^maps\/s.json: warning: the scene was imported from other.tmj, not maps\/level.tmj/);
  });

  it("writes into a TMX map as TMX: the tile layer and tileset as they were, the objects edited", async () => {
    const tmx = writeTmx(MAP);
    const scene = await imported();
    const edited: Scene = { ...scene, shapes: [{ ...scene.shapes[0]!, x: scene.shapes[0]!.x + 5 }] };
    const r = await run(["export", "maps/level.json", "--format", "tiled", "--into", "maps/level.tmx", "-o", "maps/out.tmx"], { "maps/level.json": serializeScene(edited), "maps/level.tmx": tmx });
    expect([r.code, r.err]).toEqual([0, "maps/level.json: warning: the scene was imported from level.tmj, not maps/level.tmx: its shapes are matched to this map's objects by Tiled id and shape id all the same\nmaps/level.json: written into maps/level.tmx as maps/out.tmx: 1 object updated, 0 added, 1 removed\n"]);
    const out = parseTmx(r.written["maps/out.tmx"]!, "out.tmx");
    const before = parseTmx(tmx, "level.tmx");
    if (!out.ok || !before.ok) throw new Error("not TMX");
    const layers = out.value.layers as { objects?: { id: number; x: number }[] }[];
    expect(layers[0]).toEqual((before.value.layers as unknown[])[0]);
    expect(out.value.tilesets).toEqual(before.value.tilesets);
    expect(layers[1]!.objects!.map((o) => [o.id, o.x])).toEqual([[1, 5], [3, 0]]);
  });

  it("only for --format tiled, and without --tile-size", async () => {
    const files = { "s.json": serializeScene(await imported()), "maps/level.tmj": MAP_TEXT };
    const godot = await run(["export", "s.json", "--format", "godot", "--into", "maps/level.tmj"], files);
    expect([godot.code, godot.err]).toEqual([2, "--into does not apply to --format godot (only to tiled)\n"]);
    const tile = await run(["export", "s.json", "--format", "tiled", "--into", "maps/level.tmj", "--tile-size", "16"], files);
    expect(tile.code).toBe(2);
    expect(tile.err).toMatch(/--tile-size does not apply with --into/);
  });

  it("a map it cannot read: its problems with line and column, exit 1, nothing written", async () => {
    const files = { "s.json": serializeScene(await imported()), "bad.tmj": '{\n  "type": "map",\n  "orientation": "hexagonal",\n  "layers": []\n}' };
    const r = await run(["export", "s.json", "--format", "tiled", "--into", "bad.tmj", "-o", "out.tmj"], files);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^bad.tmj:3:3: orientation: only orthogonal maps can be imported/);
    expect(r.written).toEqual({});
    // A TMX map with its tileset inlined for the import: placed in the TMX all the same.
    const tmx = '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="hexagonal" width="4" height="4" tilewidth="32" tileheight="32" nextlayerid="1" nextobjectid="1">\n <tileset firstgid="1" source="tiles.tsx"/>\n</map>\n';
    const x = await run(["export", "s.json", "--format", "tiled", "--into", "maps/bad.tmx", "-o", "out.tmx"], { ...files, "maps/bad.tmx": tmx });
    expect(x.code).toBe(1);
    expect(x.err).toMatch(/^maps\/bad.tmx:2:\d+: orientation: only orthogonal maps can be imported/);
    expect(x.written).toEqual({});
  });
});
