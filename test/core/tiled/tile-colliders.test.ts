import { describe, expect, it } from "vitest";
import { convexShape } from "../arbitraries";
import { checkConvexPolygon, toVec } from "../../../core/hull";
import { serializeScene, validateSceneData } from "../../../core/scene/io";
import { emptyScene, type Scene, type Shape } from "../../../core/scene/types";
import { encodeTileData } from "../../../core/tiled/layer-data";
import { bakeTileColliders, tilePlacement, tileShapes, withBakedLayers, type BakedLayer, type BakeOptions } from "../../../core/tiled/tile-colliders";
import type { JsonObject } from "../../../core/tiled/types";
import { convexHull, coreRadius, pointSignedDistance, signedDistanceToHull, worldCore, type RefShape } from "../reference";
import { cellToTile, D, ellipse, FLAG_SETS, H, insideObject, polygon, rect, tile, tileLayer, tmj, V, type MapSpec } from "./tile-map-fixtures";

function bake(map: JsonObject, options?: BakeOptions) {
  const result = bakeTileColliders(map, options);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
}
const shapesOf = (layers: readonly BakedLayer[]): Shape[] => layers.flatMap((l) => l.shapes);
const inside = (shapes: readonly Shape[], x: number, y: number) => shapes.some((s) => pointSignedDistance(convexShape(s), [x, y]) < 0);
/** pointSignedDistance with each shape's hull built once. */
const distances = (shapes: readonly RefShape[]) => {
  const hulls = shapes.map((s) => ({ hull: convexHull(worldCore(s)), radius: coreRadius(s) }));
  return (x: number, y: number) => hulls.map((h) => signedDistanceToHull([x, y], h.hull) - h.radius);
};

/** Gid 1: a full 16 × 16 box. */
const FULL = tile(0, [rect(0, 0, 16, 16)]);
const row = (n: number, gid = 1) => Array.from({ length: n }, () => gid);

describe("merging full-tile boxes", () => {
  it("a row of 100 ground tiles is one box", () => {
    const { layers } = bake(tmj({ width: 100, height: 1, tiles: [FULL], layers: [row(100)] }));
    expect(layers).toHaveLength(1);
    expect(layers[0]!.tileShapes).toBe(100);
    expect(layers[0]!.shapes).toEqual([{ id: "Layer 1-1", name: "Layer 1-1", type: "box", x: 800, y: 8, rotation: 0, width: 1600, height: 16 }]);
  });

  it("a filled 10 × 10 block is one box; an L is two; a checkerboard merges nothing", () => {
    const block = bake(tmj({ width: 10, height: 10, tiles: [FULL], layers: [row(100)] }));
    expect(shapesOf(block.layers)).toMatchObject([{ type: "box", x: 80, y: 80, width: 160, height: 160 }]);
    // An L: a column of 4 and a foot of 3.
    const L = [1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 1];
    const l = bake(tmj({ width: 3, height: 4, tiles: [FULL], layers: [L] }));
    expect(shapesOf(l.layers)).toMatchObject([
      { type: "box", x: 8, y: 24, width: 16, height: 48 },
      { type: "box", x: 24, y: 56, width: 48, height: 16 },
    ]);
    const checker = Array.from({ length: 64 }, (_, i) => ((i % 8) + Math.floor(i / 8)) % 2);
    const c = bake(tmj({ width: 8, height: 8, tiles: [FULL], layers: [checker] }));
    expect(shapesOf(c.layers)).toHaveLength(32);
    expect(shapesOf(c.layers).every((s) => s.type === "box" && s.width === 16 && s.height === 16)).toBe(true);
  });

  it("a 1,000 × 1,000 ground layer bakes into one box", () => {
    const data = encodeTileData(new Uint32Array(1_000_000).fill(1), "base64", "zlib");
    const layer = tileLayer("Ground", 1000, 1000, [], { data, encoding: "base64", compression: "zlib" });
    const { layers } = bake(tmj({ width: 1000, height: 1000, tiles: [FULL], layers: [layer] }));
    expect(layers[0]!.tileShapes).toBe(1_000_000);
    expect(layers[0]!.shapes).toMatchObject([{ type: "box", x: 8000, y: 8000, width: 16000, height: 16000 }]);
  });

  it("merges different tiles with the same box, flipped or not, but not boxes of another collision layer or properties", () => {
    const tiles = [
      FULL,
      tile(1, [rect(0, 0, 16, 16)]),
      tile(2, [rect(0, 0, 16, 16, { properties: [{ name: "collision_layer", type: "int", value: 2 }] })]),
      tile(3, [rect(0, 0, 16, 16, { properties: [{ name: "surface", type: "string", value: "ice" }] })]),
    ];
    const { layers } = bake(tmj({ width: 8, height: 1, tiles, layers: [[1, (2 | H) >>> 0, (1 | D | V) >>> 0, 3, 3, 4, 4, 1]] }));
    expect(shapesOf(layers)).toEqual([
      { id: "Layer 1-1", name: "Layer 1-1", type: "box", x: 24, y: 8, rotation: 0, width: 48, height: 16 },
      { id: "Layer 1-2", name: "Layer 1-2", type: "box", x: 64, y: 8, rotation: 0, width: 32, height: 16, collisionLayer: 2 },
      { id: "Layer 1-3", name: "Layer 1-3", type: "box", x: 96, y: 8, rotation: 0, width: 32, height: 16, properties: [{ name: "surface", type: "string", value: "ice" }] },
      { id: "Layer 1-4", name: "Layer 1-4", type: "box", x: 120, y: 8, rotation: 0, width: 16, height: 16 },
    ]);
  });

  it("joins half-height platforms sideways only, and half-width walls downwards only", () => {
    const tiles = [tile(0, [rect(0, 0, 16, 8)]), tile(1, [rect(0, 0, 8, 16)])];
    const platforms = bake(tmj({ width: 4, height: 2, tiles, layers: [[1, 1, 1, 1, 1, 1, 1, 1]] }));
    expect(shapesOf(platforms.layers)).toMatchObject([
      { x: 32, y: 4, width: 64, height: 8 },
      { x: 32, y: 20, width: 64, height: 8 },
    ]);
    const walls = bake(tmj({ width: 2, height: 3, tiles, layers: [[2, 2, 2, 2, 2, 2]] }));
    expect(shapesOf(walls.layers)).toMatchObject([
      { x: 4, y: 24, width: 8, height: 48 },
      { x: 20, y: 24, width: 8, height: 48 },
    ]);
  });

  it("merges across the chunks of an infinite map", () => {
    const chunk = (x: number, y: number) => ({ x, y, width: 16, height: 16, data: row(256) });
    const layer = { id: 1, name: "Ground", type: "tilelayer", x: 0, y: 0, width: 32, height: 16, startx: -16, starty: 0, opacity: 1, visible: true, chunks: [chunk(0, 0), chunk(-16, 0)] };
    const { layers } = bake(tmj({ width: 32, height: 16, tiles: [FULL], layers: [layer], map: { infinite: true } }));
    expect(shapesOf(layers)).toMatchObject([{ type: "box", x: 0, y: 128, width: 512, height: 256 }]);
  });
});

describe("placing tiles", () => {
  it("puts each flipped tile where the TMX format's flip order and bottom-left alignment put it (8 flag sets, a tile taller than the cell, a tile offset)", () => {
    // 16 × 24 tile image on 16 × 16 cells, offset (2, -3); asymmetric shapes of every kind.
    const objects = [
      polygon(1, 2, [[0, 0], [9, 0], [9, 3], [3, 3], [3, 14], [0, 14]]),
      rect(10, 15, 5, 3),
      rect(6, 18, 8, 2, { rotation: 30 }),
      ellipse(11, 4, 4, 4),
      rect(4, 19, 3, 5, { capsule: true }),
      rect(9, 8, 6, 2, { capsule: true, rotation: -20 }),
    ];
    const t = tile(0, objects);
    const tileset = { tilewidth: 16, tileheight: 24, tileoffset: { x: 2, y: -3 } };
    const placement = tilePlacement(tileset, t, 16, 16);
    if (typeof placement === "string") throw new Error(placement);
    for (const flags of FLAG_SETS) {
      const { shapes, skipped } = tileShapes(t, flags, placement);
      expect(skipped).toEqual([]);
      expect(shapes.map((s) => s.type).sort()).toEqual(expect.arrayContaining(["box", "box", "capsule", "capsule", "circle", "polygon"]));
      expect(shapes.every((s) => s.type !== "polygon" || (s.points.length <= 8 && checkConvexPolygon(s.points.map(toVec)) === null))).toBe(true);
      const toTile = cellToTile(flags, 16, 24, 16, 2, -3);
      let compared = 0;
      const distance = distances(shapes.filter((s): s is Exclude<typeof s, { type: "chain" }> => s.type !== "chain"));
      for (let y = -30.13; y < 30; y += 0.37) {
        for (let x = -12.07; x < 34; x += 0.41) {
          const d = distance(x, y);
          if (d.some((v) => Math.abs(v) < 1e-7)) continue;
          const [px, py] = toTile(x, y);
          const expected = objects.some((o) => insideObject(o, px, py));
          if (d.some((v) => v < 0) !== expected) throw new Error(`flags ${flags.toString(16)}: (${x}, ${y}) is ${expected ? "outside" : "inside"} the baked shapes`);
          if (expected) compared++;
        }
      }
      expect(compared).toBeGreaterThan(500);
    }
  });

  it("turns boxes and capsules by 90° with the D flag and mirrors their rotation with H or V", () => {
    const t = tile(0, [rect(2, 4, 6, 2, { rotation: 30 }), rect(0, 0, 4, 10, { capsule: true })]);
    const placement = tilePlacement({ tilewidth: 16, tileheight: 16 }, t, 16, 16);
    if (typeof placement === "string") throw new Error(placement);
    expect(tileShapes(t, 0, placement).shapes.map((s) => s.rotation)).toEqual([30, 0]);
    expect(tileShapes(t, H, placement).shapes.map((s) => s.rotation)).toEqual([-30, 0]);
    expect(tileShapes(t, V, placement).shapes.map((s) => s.rotation)).toEqual([-30, 0]);
    expect(tileShapes(t, D, placement).shapes.map((s) => s.rotation)).toEqual([60, 90]);
    // A capsule stays a capsule, flipped about the tile's centre: x 0..4 becomes 12..16.
    expect(tileShapes(t, H, placement).shapes[1]).toEqual({ type: "capsule", x: 14, y: 5, rotation: 0, radius: 2, height: 10 });
  });

  it("scales tiles to the cell with tilerendersize grid, keeping the aspect with preserve-aspect-fit", () => {
    const t = tile(0, [rect(0, 0, 32, 16)]);
    const grid = tilePlacement({ tilewidth: 32, tileheight: 32, tilerendersize: "grid" }, t, 16, 16);
    if (typeof grid === "string") throw new Error(grid);
    expect(tileShapes(t, 0, grid).shapes).toEqual([{ type: "box", x: 8, y: 4, rotation: 0, width: 16, height: 8 }]);
    const wide = tile(0, [rect(0, 0, 32, 16), ellipse(0, 0, 16, 16)]);
    const fit = tilePlacement({ tilewidth: 32, tileheight: 16, tilerendersize: "grid", fillmode: "preserve-aspect-fit" }, wide, 16, 16);
    if (typeof fit === "string") throw new Error(fit);
    expect(tileShapes(wide, 0, fit).shapes).toEqual([
      { type: "box", x: 8, y: 8, rotation: 0, width: 16, height: 8 },
      { type: "circle", x: 4, y: 8, rotation: 0, radius: 4 },
    ]);
    // Stretched non-uniformly, a circle is an ellipse: a polygon of its area in convex pieces.
    const stretch = tilePlacement({ tilewidth: 32, tileheight: 16, tilerendersize: "grid" }, wide, 16, 16);
    if (typeof stretch === "string") throw new Error(stretch);
    const stretched = tileShapes(wide, 0, stretch).shapes;
    expect(stretched[0]).toEqual({ type: "box", x: 8, y: 8, rotation: 0, width: 16, height: 16 });
    expect(stretched.slice(1).every((s) => s.type === "polygon")).toBe(true);
  });

  it("bottom-aligns tall collection tiles in their cell and adds layer and group offsets", () => {
    const tall = tile(0, [rect(0, 0, 32, 48)], { image: "tree.png", imagewidth: 32, imageheight: 48 });
    const map = tmj({
      width: 2,
      height: 2,
      tiles: [tall],
      tileset: { image: undefined, imagewidth: undefined, imageheight: undefined, columns: 0, tilewidth: 32, tileheight: 48 },
      layers: [{ id: 9, name: "Group", type: "group", offsetx: 100, offsety: 10, layers: [tileLayer("Trees", 2, 2, [0, 0, 0, 1], { offsetx: 1, offsety: 2 })] }],
    });
    const { layers } = bake(map);
    expect(layers.map((l) => l.name)).toEqual(["Group/Trees"]);
    // Cell (1, 1): bottom-left corner at (16, 32); the 32 × 48 tile stands on it.
    expect(layers[0]!.shapes).toEqual([{ id: "Group/Trees-1", name: "Group/Trees-1", type: "box", x: 101 + 16 + 16, y: 12 + 32 - 24, rotation: 0, width: 32, height: 48 }]);
  });

  it("cuts concave polygons into convex pieces of at most 8 points covering the polygon", () => {
    // A comb: 4 teeth, 16 points.
    const comb: [number, number][] = [[0, 0], [16, 0], [16, 16], [14, 16], [14, 6], [10, 6], [10, 16], [8, 16], [8, 6], [6, 6], [6, 16], [4, 16], [4, 6], [2, 6], [2, 16], [0, 16]];
    const t = tile(0, [polygon(0, 0, comb)]);
    const placement = tilePlacement({ tilewidth: 16, tileheight: 16 }, t, 16, 16);
    if (typeof placement === "string") throw new Error(placement);
    const { shapes } = tileShapes(t, 0, placement, 8);
    expect(shapes.length).toBeGreaterThan(1);
    for (const s of shapes) {
      if (s.type !== "polygon") throw new Error("not a polygon");
      expect(s.points.length).toBeLessThanOrEqual(8);
      expect(checkConvexPolygon(s.points.map(toVec))).toBeNull();
    }
    // Samples off every edge and every cut (the cuts run between the comb's points).
    const object = (t.objectgroup as { objects: JsonObject[] }).objects[0]!;
    for (let y = 0.2; y < 16; y += 0.5) for (let x = 0.3; x < 16; x += 0.5) expect(inside(shapes as Shape[], x, y)).toBe(insideObject(object, x, y));
  });
});

describe("what is not baked", () => {
  it("lists points, degenerate and self-intersecting polygons once per tile and reason, with the first cell and the count", () => {
    const tiles = [tile(0, [rect(0, 0, 16, 16), rect(4, 4, 0, 0, { point: true }), polygon(0, 0, [[0, 0], [16, 0]])]), tile(1, [polygon(0, 0, [[0, 0], [12, 0], [12, 12], [6, 12], [6, 4], [16, 4], [16, 16], [0, 16]])])];
    const { layers, unbaked } = bake(tmj({ width: 3, height: 2, tiles, layers: [[0, 1, 1, 2, 1, 0]] }));
    expect(shapesOf(layers)).toHaveLength(2);
    expect(unbaked.map(({ object, ...u }) => ({ ...u, object: typeof object }))).toEqual([
      { layer: "Layer 1", x: 1, y: 0, cells: 3, tile: 1, object: "number", reason: "point object (it has no area)" },
      { layer: "Layer 1", x: 1, y: 0, cells: 3, tile: 1, object: "number", reason: "degenerate polygon (no area)" },
      { layer: "Layer 1", x: 0, y: 1, cells: 1, tile: 2, object: "number", reason: "self-intersecting polygon" },
    ]);
  });

  it("skips hidden layers unless asked, finds each gid's tileset by firstgid, and names a gid in no tileset", () => {
    const base = tmj({ width: 2, height: 1, tiles: [FULL], layers: [tileLayer("Hidden", 2, 1, [1, 1], { visible: false }), tileLayer("Odd", 2, 1, [1, 40])] });
    const first = (base.tilesets as JsonObject[])[0]!;
    // Gid 40 is tile 10 of a second tileset starting at 30: a circle.
    const other = { firstgid: 30, name: "other", tilewidth: 16, tileheight: 16, tilecount: 16, columns: 4, image: "o.png", imagewidth: 64, imageheight: 64, tiles: [tile(10, [ellipse(0, 0, 16, 16)])] };
    const map = { ...base, tilesets: [other, first] };
    expect(bake(map).layers.map((l) => [l.name, l.shapes.map((s) => s.type)])).toEqual([["Odd", ["box", "circle"]]]);
    const all = bake(map, { includeHidden: true });
    expect(all.layers.map((l) => [l.name, l.visible, l.shapes.length])).toEqual([["Hidden", false, 1], ["Odd", true, 2]]);
    expect(all.unbaked).toEqual([]);
    const group = { ...base, layers: [{ id: 8, name: "G", type: "group", visible: false, layers: base.layers as JsonObject[] }] };
    expect(bake(group).layers).toEqual([]);
    expect(bake(group, { includeHidden: true }).layers.map((l) => [l.name, l.visible])).toEqual([["G/Hidden", false], ["G/Odd", false]]);
    const low = { ...base, tilesets: [{ ...first, firstgid: 5 }] };
    expect(bake(low).unbaked).toMatchObject([{ layer: "Odd", x: 0, y: 0, tile: 1, cells: 1, object: 0, reason: "gid 1 is in no tileset" }]);
  });

  it("names the place of what it cannot read", () => {
    const bad = (spec: Partial<MapSpec> & { map?: JsonObject }, edit: (m: Record<string, unknown>) => void) => {
      const map = tmj({ width: 2, height: 1, tiles: [FULL], layers: [[1, 1]], ...spec }) as Record<string, unknown>;
      edit(map);
      const result = bakeTileColliders(map as JsonObject);
      return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
    };
    expect(bad({}, (m) => ((m.layers as Record<string, unknown>[])[0]!.data = [1]))).toEqual(["layers[0].data: expected 2 tiles, found 1"]);
    expect(bad({}, (m) => (m.tilesets = [{ firstgid: 1, source: "tiles.tsj" }]))).toEqual(['tilesets[0].source: external tileset "tiles.tsj" is not loaded (baking needs every tileset inlined)']);
    // An inlined tileset may keep the file it came from.
    expect(bad({}, (m) => (m.tilesets = [{ ...(m.tilesets as JsonObject[])[0]!, source: "tiles.tsj" }]))).toEqual([]);
    expect(bad({}, (m) => (m.orientation = "isometric"))).toEqual(['orientation: only orthogonal maps can be baked, not "isometric"']);
    expect(bad({}, (m) => (m.tilewidth = 0))).toEqual(["tilewidth: the map's tile width must be a positive number"]);
    expect(() => bakeTileColliders(tmj({ width: 1, height: 1, tiles: [FULL], layers: [[1]] }), { maxVertices: 2 })).toThrow(RangeError);
  });
});

describe("adding baked layers to a scene", () => {
  it("appends a layer per tile layer, keeps ids unique, and the scene validates", () => {
    const tiles = [FULL, tile(1, [ellipse(4, 4, 8, 8)])];
    const map = tmj({ width: 3, height: 1, tiles, layers: [tileLayer("Ground", 3, 1, [1, 1, 2]), tileLayer("Ground", 3, 1, [2, 0, 0], { visible: false })] });
    const baked = bake(map, { includeHidden: true });
    expect(shapesOf(baked.layers).map((s) => s.id)).toEqual(["Ground-1", "Ground-2", "Ground (2)-1"]);
    const own: Scene = { ...emptyScene(), shapes: [{ id: "Ground-1", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 }] };
    const scene = withBakedLayers(own, baked.layers);
    expect(scene.layers?.map((l) => [l.id, l.name, l.visible])).toEqual([["layer-1", "Layer 1", undefined], [`tiles-${baked.layers[0]!.tiledId}`, "Ground colliders", undefined], [`tiles-${baked.layers[1]!.tiledId}`, "Ground colliders", false]]);
    expect(scene.shapes.map((s) => [s.id, s.layer])).toEqual([
      ["Ground-1", undefined],
      ["Ground-1-2", scene.layers![1]!.id],
      ["Ground-2", scene.layers![1]!.id],
      ["Ground (2)-1", scene.layers![2]!.id],
    ]);
    expect(validateSceneData(JSON.parse(serializeScene(scene))).ok).toBe(true);
    // Without shapes of its own, the first baked layer is the scene's first.
    const only = withBakedLayers(emptyScene(), baked.layers);
    expect(only.layers?.map((l) => l.name)).toEqual(["Ground colliders", "Ground colliders"]);
    expect(only.shapes[0]!.layer).toBeUndefined();
    expect(validateSceneData(JSON.parse(serializeScene(only))).ok).toBe(true);
  });
});
