// `collider-studio import MAP.tmj --bake-tile-colliders`, in process with files in memory.
import { describe, expect, it } from "vitest";
import { runCli, type CliIO } from "../../core/node/cli";
import { parseScene } from "../../core/scene/io";
import type { JsonObject } from "../../core/tiled/types";
import { rect, tile, tileLayer, tmj } from "../core/tiled/tile-map-fixtures";

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

async function run(argv: readonly string[], files: Record<string, string>) {
  let out = "", err = "";
  const written: Record<string, string> = {};
  const io: CliIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readText: async (path) => {
      if (!(path in files)) throw new Error(`no file ${path}`);
      return files[path]!;
    },
    writeText: async (path, text) => void (written[path] = text),
  };
  const code = await runCli(argv, io);
  expect(out + err).not.toMatch(STACK_LINE);
  return { code, out, err, written };
}

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
      "level.tmj: imported 1 shape; baked 102 tile shapes into 2 colliders; 1 item not imported or baked (listed above) to level.json",
    ]);
    const scene = parseScene(r.written["level.json"]!);
    if (!scene.ok) throw new Error(JSON.stringify(scene.problems));
    expect(scene.scene.layers?.map((l) => l.name)).toEqual(["Walls", "Ground"]);
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

  it("without the flag, tile layers stay listed as not imported", async () => {
    const r = await run(["import", "level.tmj"], { "level.tmj": JSON.stringify(level()) });
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^level\.tmj: not imported: layer "Ground": tilelayer/);
    expect(r.err).toMatch(/imported 1 shape; 1 item not imported \(listed above\)\n$/);
  });

  it("a map it cannot bake: exit 1, one line per problem with its JSON path, nothing written", async () => {
    const broken = level() as { layers: JsonObject[] };
    const bad = { ...broken, layers: [broken.layers[0]!, { ...broken.layers[1]!, data: [1, 2, 3] }] };
    const r = await run(["import", "level.tmj", "--bake-tile-colliders", "-o", "level.json"], { "level.tmj": JSON.stringify(bad) });
    expect(r.code).toBe(1);
    expect(r.err).toBe("level.tmj: layers[1].data: expected 200 tiles, found 3\n");
    expect(r.out).toBe("");
    expect(r.written).toEqual({});
    const external = { ...level(), tilesets: [{ firstgid: 1, source: "tiles.tsj" }] };
    const ext = await run(["import", "level.tmj", "--bake-tile-colliders"], { "level.tmj": JSON.stringify(external) });
    expect(ext.code).toBe(1);
    expect(ext.err).toBe('level.tmj: tilesets[0].source: external tileset "tiles.tsj" is not loaded (baking needs every tileset inlined)\n');
  });
});
