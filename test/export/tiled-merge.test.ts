// mergeIntoTiledMap: a scene written back into the map it came from changes only what the scene
// changed. An untouched map stays equal as a JSON value; moved, added and deleted shapes show as
// such, and every layer, tileset, property and field the scene does not model is kept.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serializeScene, parseScene, type Property, type Scene, type Shape } from "../../core/index";
import { exportTiled } from "../../core/export/tiled";
import { importTiled } from "../../core/import/tiled";
import { mergeIntoTiledMap, type TiledMergeOptions } from "../../core/tiled/merge";
import { writeSceneIntoMap } from "../../core/tiled/write-back";
import type { JsonObject } from "../../core/tiled/types";
import { seedOf } from "../core/arbitraries";
import { expectSameScene, sceneArbitrary } from "./tiled-helpers";

type Obj = Record<string, unknown> & { id: number };
type Lay = Record<string, unknown> & { name: string; type: string; layers?: Lay[]; objects?: Obj[]; properties?: unknown[] };
type MapJson = Record<string, unknown> & { layers: Lay[]; properties?: unknown[]; nextobjectid: number; nextlayerid: number };

const object = (id: number, fields: object = {}): Obj => ({ height: 10, id, name: `o${id}`, rotation: 0, type: "", visible: true, width: 20, x: 100, y: 50, ...fields });

/** A map with most of what Tiled writes: groups with offsets, tile and image layers, every object kind, templates, properties of each type, fields nobody models. */
function richMap(): MapJson {
  return {
    compressionlevel: -1,
    editorsettings: { export: { format: "json", target: "out.json" } },
    height: 4,
    infinite: false,
    layers: [
      { compression: "zlib", data: "eJxjYGBgYAAAAAQAAQ==", encoding: "base64", height: 2, id: 1, name: "Ground", opacity: 1, type: "tilelayer", visible: true, width: 2, x: 0, y: 0 },
      { id: 2, image: "sky.png", name: "Sky", opacity: 0.5, type: "imagelayer", visible: true, x: 0, y: 0, properties: [{ name: "image_id", type: "string", value: "sky" }] },
      {
        id: 3,
        name: "World",
        type: "group",
        offsetx: 10,
        offsety: -5,
        opacity: 1,
        visible: true,
        x: 0,
        y: 0,
        properties: [{ name: "zone", type: "string", value: "cave" }],
        layers: [
          {
            draworder: "topdown",
            id: 4,
            name: "Walls",
            type: "objectgroup",
            offsetx: 2,
            opacity: 1,
            visible: true,
            x: 0,
            y: 0,
            tintcolor: "#ff00ff",
            properties: [{ name: "solid", type: "bool", value: true }, { name: "items", type: "list", value: [] }],
            objects: [
              object(1, { class: "Wall", custom: { keep: "me" }, properties: [{ name: "hp", type: "int", value: 3 }, { name: "f", type: "float", value: 7 }, { name: "n", type: "weird", value: 1 }] }),
              object(2, { ellipse: true, width: 30, height: 30, visible: false }),
              object(3, { polyline: [{ x: 0, y: 0 }, { x: 5, y: 9 }] }),
              object(4, { gid: 2147483649, width: 32, height: 32 }),
              object(5, { x: 1, y: 2, polygon: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }] }),
            ],
          },
        ],
      },
      {
        draworder: "index",
        id: 5,
        name: "Triggers",
        type: "objectgroup",
        opacity: 1,
        visible: true,
        x: 0,
        y: 0,
        objects: [
          object(6, { type: "WARP", properties: [{ name: "to", type: "object", value: 1 }, { name: "lock", type: "class", propertytype: "Lock", value: { key: "red" } }, { name: "sfx", type: "file", value: "a.ogg" }] }),
          object(7, { text: { text: "hello", wrap: true } }),
          object(8, { point: true, width: 0, height: 0 }),
          object(9, { template: "door.tx" }),
          object(10, { capsule: true, width: 10, height: 30 }),
        ],
      },
    ],
    nextlayerid: 6,
    nextobjectid: 11,
    orientation: "orthogonal",
    properties: [{ name: "gravity", type: "float", value: 9.8 }, { name: "collision_layer_1", type: "string", value: "world" }, { name: "tint", type: "color", value: "#ff336699" }],
    renderorder: "right-down",
    tiledversion: "1.8.2",
    tileheight: 32,
    tilesets: [{ firstgid: 1, source: "tiles.tsx" }],
    tilewidth: 32,
    type: "map",
    version: "1.8",
    width: 4,
  };
}

function read(map: MapJson): Scene {
  const r = importTiled(JSON.stringify(map));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scene;
}

function merged(map: MapJson, scene: Scene, options: TiledMergeOptions = {}): { map: MapJson; report: { updated: number; added: number; removed: number; notes: readonly string[] } } {
  const r = mergeIntoTiledMap(map as unknown as JsonObject, scene, options);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return { map: r.map as unknown as MapJson, report: r.report };
}

const shapeOf = (scene: Scene, tiledId: number): Shape => scene.shapes.find((s) => s.tiledId === tiledId)!;
const withShapes = (scene: Scene, shapes: Shape[]): Scene => ({ ...scene, shapes });
const walls = (m: MapJson) => m.layers[2]!.layers![0]!;
const triggers = (m: MapJson) => m.layers[3]!;

describe("an untouched scene", () => {
  it("leaves the map equal, to the last field", () => {
    const map = richMap();
    const { map: out, report } = merged(map, read(map));
    expect(out).toEqual(richMap());
    expect(report).toEqual({ updated: 0, added: 0, removed: 0, removedObjects: [], stayedDeleted: [], conflicts: [], notes: [] });
  });

  it("after a save and a load, too", () => {
    const map = richMap();
    const saved = parseScene(serializeScene(read(map)));
    if (!saved.ok) throw new Error("unreadable");
    expect(merged(map, saved.scene).map).toEqual(richMap());
  });

  it("does not modify the map it is given", () => {
    const map = richMap();
    const scene = read(map);
    merged(map, withShapes(scene, []));
    expect(map).toEqual(richMap());
  });
});

describe("objects the scene changed", () => {
  it("a moved shape takes its new place, the layers' offsets taken off, and keeps every other field", () => {
    const map = richMap();
    const scene = read(map);
    const wall = shapeOf(scene, 1);
    const { map: out, report } = merged(map, withShapes(scene, scene.shapes.map((s) => (s === wall ? { ...s, x: s.x + 40, y: s.y - 8 } : s))));
    const o = walls(out).objects!.find((x) => x.id === 1)!;
    expect(o).toEqual({ ...walls(richMap()).objects![0]!, x: 140, y: 42 });
    expect(report).toEqual({ updated: 1, added: 0, removed: 0, removedObjects: [], stayedDeleted: [], conflicts: [], notes: [] });
    expect(read(out).shapes.find((s) => s.tiledId === 1)).toEqual({ ...wall, x: wall.x + 40, y: wall.y - 8 });
  });

  it("a turned, resized or reshaped shape rewrites its geometry; a box that was a circle loses the ellipse flag", () => {
    const map = richMap();
    const scene = read(map);
    const circle = shapeOf(scene, 2);
    const poly = shapeOf(scene, 5);
    if (poly.type !== "polygon") throw new Error("expected a polygon");
    const edited = scene.shapes.map((s): Shape =>
      s === circle ? { id: s.id, tiledId: 2, visible: false, name: s.name!, type: "box", x: s.x, y: s.y, rotation: 0, width: 30, height: 30 } : s === poly ? { ...poly, points: [[0, 0], [20, 0], [0, 20]] } : s,
    );
    const out = walls(merged(map, withShapes(scene, edited)).map);
    expect(out.objects!.find((o) => o.id === 2)).toEqual({ ...walls(richMap()).objects![1]!, ellipse: undefined });
    expect("ellipse" in out.objects!.find((o) => o.id === 2)!).toBe(false);
    expect(out.objects!.find((o) => o.id === 5)!.polygon).toEqual([{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 0, y: 20 }]);
  });

  it("name, class and visibility are written where the map keeps them (a Tiled 1.9 map's class stays in class)", () => {
    const map = richMap();
    const scene = read(map);
    const edited = scene.shapes.map((s) => (s.tiledId === 1 ? { ...s, name: "Left wall", class: "Rock", visible: false } : s.tiledId === 6 ? { ...s, class: "Portal" } : s.tiledId === 2 ? { ...s, visible: true } : s));
    const out = merged(map, withShapes(scene, edited)).map;
    const o1 = walls(out).objects!.find((o) => o.id === 1)!;
    expect([o1.name, o1.class, o1.type, o1.visible]).toEqual(["Left wall", "Rock", "", false]);
    expect(triggers(out).objects!.find((o) => o.id === 6)!.type).toBe("Portal");
    expect(walls(out).objects!.find((o) => o.id === 2)!.visible).toBe(true);
  });

  it("properties: a changed one rewritten in place, a removed one gone, a new one last; the ones the scene cannot read kept", () => {
    const map = richMap();
    const scene = read(map);
    const wall = shapeOf(scene, 1);
    const properties: Property[] = [{ name: "hp", type: "int", value: 4 }, { name: "door", type: "class", propertytype: "Door", value: { open: true } }];
    const out = walls(merged(map, withShapes(scene, scene.shapes.map((s) => (s === wall ? { ...s, properties } : s)))).map);
    expect(out.objects!.find((o) => o.id === 1)!.properties).toEqual([
      { name: "hp", type: "int", value: 4 },
      { name: "n", type: "weird", value: 1 },
      { name: "door", type: "class", propertytype: "Door", value: { open: true } },
    ]);
  });

  it("collision bits and a changed shape id are written as the properties Collider Studio reads back", () => {
    const map = richMap();
    const scene = read(map);
    const edited = scene.shapes.map((s) => (s.tiledId === 6 ? { ...s, id: "warp-1", collisionLayer: 0x80000001 } : s));
    const out = merged(map, withShapes(scene, edited)).map;
    const props = triggers(out).objects!.find((o) => o.id === 6)!.properties;
    expect(props).toEqual([
      ...(triggers(richMap()).objects![0]!.properties as unknown[]),
      { name: "shape_id", type: "string", value: "warp-1" },
      { name: "collision_layer", type: "int", value: -2147483647 },
    ]);
    expect(read(out).shapes.find((s) => s.tiledId === 6)).toMatchObject({ id: "warp-1", collisionLayer: 0x80000001 });
  });

  it("a shape moved to another layer moves its object there, placed for that layer's offsets", () => {
    const map = richMap();
    const scene = read(map);
    const wall = shapeOf(scene, 1);
    const trigLayer = scene.layers!.find((l) => l.name === "Triggers")!.id;
    const { map: out } = merged(map, withShapes(scene, scene.shapes.map((s) => (s === wall ? { ...s, layer: trigLayer } : s))));
    expect(walls(out).objects!.map((o) => o.id)).toEqual([2, 3, 4, 5]);
    const moved = triggers(out).objects!.at(-1)!;
    expect(moved).toEqual({ ...walls(richMap()).objects![0]!, x: 112, y: 45 });
    expect(read(out).shapes.find((s) => s.tiledId === 1)).toMatchObject({ x: wall.x, y: wall.y, layer: trigLayer });
  });
});

describe("shapes added and deleted", () => {
  it("a deleted shape's object is removed; objects the import could not read stay", () => {
    const map = richMap();
    const scene = read(map);
    const { map: out, report } = merged(map, withShapes(scene, scene.shapes.filter((s) => s.tiledId !== 5 && s.tiledId !== 10)));
    expect(walls(out).objects!.map((o) => o.id)).toEqual([1, 2, 3, 4]);
    expect(triggers(out).objects!.map((o) => o.id)).toEqual([6, 7, 8, 9]);
    expect(report.removed).toBe(2);
  });

  it("a new shape becomes an object of its layer, numbered from nextobjectid, with its id; a second merge finds it again", () => {
    const map = richMap();
    const scene = read(map);
    const trigLayer = scene.layers!.find((l) => l.name === "Triggers")!.id;
    const added: Shape = { id: "spike", name: "Spike", class: "Hazard", type: "box", layer: trigLayer, x: 50, y: 60, rotation: 0, width: 10, height: 4, properties: [{ name: "damage", type: "int", value: 5 }] };
    const edited = withShapes(scene, [...scene.shapes, added]);
    const first = merged(map, edited);
    const o = triggers(first.map).objects!.at(-1)!;
    expect(o).toEqual({
      id: 11,
      name: "Spike",
      type: "Hazard",
      x: 45,
      y: 58,
      width: 10,
      height: 4,
      rotation: 0,
      visible: true,
      properties: [{ name: "shape_id", type: "string", value: "spike" }, { name: "damage", type: "int", value: 5 }],
    });
    expect(first.map.nextobjectid).toBe(12);
    expect(first.report).toEqual({ updated: 0, added: 1, removed: 0, removedObjects: [], stayedDeleted: [], conflicts: [], notes: [] });
    // The scene does not learn the new object's id; its shape id finds it the next time.
    const second = merged(first.map, edited);
    expect(second.map).toEqual(first.map);
    expect(second.report).toEqual({ updated: 0, added: 0, removed: 0, removedObjects: [], stayedDeleted: [], conflicts: [], notes: [] });
  });

  it("a layer the map does not have is made: inside its group when the map has the group, else on top, with nextlayerid advanced", () => {
    const map = richMap();
    const scene = read(map);
    const layers = [...scene.layers!, { id: "deep", name: "World/Deep" }, { id: "new", name: "Extra" }];
    const shapes: Shape[] = [...scene.shapes, { id: "a", type: "circle", layer: "deep", x: 10, y: 10, rotation: 0, radius: 2 }, { id: "b", type: "circle", layer: "new", x: 10, y: 10, rotation: 0, radius: 2 }];
    const { map: out } = merged(map, { ...scene, layers, shapes });
    const inGroup = out.layers[2]!.layers!.at(-1)!;
    expect([inGroup.id, inGroup.name, inGroup.type]).toEqual([6, "Deep", "objectgroup"]);
    expect(inGroup.objects!.map((o) => [o.x, o.y])).toEqual([[8 - 10, 8 + 5]]);
    const top = out.layers.at(-1)!;
    expect([top.id, top.name]).toEqual([7, "Extra"]);
    expect([out.nextlayerid, out.nextobjectid]).toEqual([8, 13]);
    const back = read(out);
    expect(back.layers!.map((l) => l.name)).toEqual(["World/Walls", "World/Deep", "Triggers", "Extra"]);
    expect(back.shapes.filter((s) => s.id === "a" || s.id === "b").map((s) => [s.x, s.y])).toEqual([[10, 10], [10, 10]]);
  });

  it("a copy claiming an object another shape has becomes a new object", () => {
    const map = richMap();
    const scene = read(map);
    const copy = { ...shapeOf(scene, 1), id: "copy", x: 0 };
    const { map: out, report } = merged(map, withShapes(scene, [...scene.shapes, copy]));
    expect(walls(out).objects!.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 11]);
    expect(walls(out).objects![0]).toEqual(walls(richMap()).objects![0]);
    expect(report.added).toBe(1);
  });
});

describe("the map's, groups' and layers' own data", () => {
  it("properties and bit names the scene changed are written; the rest of each list is kept as written", () => {
    const map = richMap();
    const scene = read(map);
    const edited: Scene = {
      ...scene,
      properties: [...scene.properties!.filter((p) => p.name !== "tint"), { name: "night", type: "boolean", value: true }],
      collisionLayers: [{ bit: 1, name: "ground" }, { bit: 3, name: "water" }],
      groups: [{ name: "World", properties: [{ name: "zone", type: "string", value: "lava" }] }],
      layers: scene.layers!.map((l) => (l.name === "World/Walls" ? { ...l, name: "World/Rocks", locked: true, color: "#336699", properties: [{ name: "solid", type: "boolean", value: false }] } : l)),
    };
    const out = merged(map, edited).map;
    expect(out.properties).toEqual([
      { name: "gravity", type: "float", value: 9.8 },
      { name: "collision_layer_1", type: "string", value: "ground" },
      { name: "collision_layer_3", type: "string", value: "water" },
      { name: "night", type: "bool", value: true },
    ]);
    expect(out.layers[2]!.properties).toEqual([{ name: "zone", type: "string", value: "lava" }]);
    const w = walls(out);
    expect([w.name, w.locked, w.color, w.tintcolor]).toEqual(["Rocks", true, "#336699", "#ff00ff"]);
    expect(w.properties).toEqual([{ name: "solid", type: "bool", value: false }, { name: "items", type: "list", value: [] }]);
  });

  it("images are left to Tiled, with a note", () => {
    const map = richMap();
    const scene = read(map);
    const { map: out, report } = merged(map, { ...scene, images: [...scene.images!.map((i) => ({ ...i, x: 5 })), { id: "new", src: "x.png", x: 0, y: 0 }] });
    expect(out.layers[1]).toEqual(richMap().layers[1]);
    expect(report.notes).toEqual(['image "sky": images are not written into a map (edit image layers in Tiled)', 'image "new": images are not written into a map (edit image layers in Tiled)']);
  });

  it("a map the import cannot read is refused with its problems", () => {
    const r = mergeIntoTiledMap({ type: "map", orientation: "isometric", layers: [] }, read(richMap()));
    expect(r.ok ? [] : r.problems.map((p) => p.path)).toEqual(["orientation"]);
  });
});

describe("template instances (the map loader's resolved map)", () => {
  it("with the resolved map given, a shape from a template instance writes only what it changed, as the instance's overrides", () => {
    const original = richMap();
    const resolved = richMap();
    // The template door.tx applied: a 16 × 32 rectangle at the instance's position.
    triggers(resolved).objects![3] = { ...triggers(original).objects![3]!, template: undefined, width: 16, height: 32, type: "Door" };
    delete triggers(resolved).objects![3]!.template;
    const scene = read(resolved);
    const door = shapeOf(scene, 9);
    expect(door.class).toBe("Door");
    const untouched = merged(original, scene, { resolved: resolved as unknown as JsonObject });
    expect(untouched.map).toEqual(richMap());
    const moved = merged(original, withShapes(scene, scene.shapes.map((s) => (s === door ? { ...s, x: s.x + 1 } : s))), { resolved: resolved as unknown as JsonObject });
    const o = triggers(moved.map).objects![3]!;
    expect([o.template, o.x, o.type]).toEqual(["door.tx", 101, ""]);
  });
});

describe("property: edits of random scenes come back through the merged map (fast-check)", () => {
  it("moved, deleted and added shapes, changed names, classes and properties: the merged map imports as the edited scene", () => {
    fc.assert(
      fc.property(
        sceneArbitrary(8, { extent: 1000, maxSize: 200 }),
        fc.array(fc.constantFrom("move", "delete", "rename", "hide", "class", "props", "keep"), { minLength: 8, maxLength: 8 }),
        fc.nat(),
        (scene, edits, seed) => {
          const map = JSON.parse(exportTiled(scene)) as MapJson;
          const base = read(map);
          expect(merged(map, base).map).toEqual(map);
          const shapes: Shape[] = [];
          base.shapes.forEach((s, i) => {
            const edit = edits[i % edits.length]!;
            if (edit === "delete") return;
            shapes.push(
              edit === "move" ? { ...s, x: s.x + 3, y: s.y - 2 } :
              edit === "rename" ? { ...s, name: `renamed ${i}` } :
              edit === "hide" ? { ...s, visible: s.visible === false } :
              edit === "class" ? { ...s, class: "Changed" } :
              edit === "props" ? { ...s, properties: [{ name: "added", type: "float", value: seed }] } :
              s,
            );
          });
          const layer = base.layers![seed % base.layers!.length]!.id;
          shapes.push({ id: `added-${seed}`, type: "box", layer: layer === base.layers![0]!.id ? undefined : layer, x: 7, y: 8, rotation: 30, width: 4, height: 5, class: "New" } as Shape);
          const edited = { ...base, shapes };
          const back = read(merged(map, edited).map);
          expectSameScene(back, edited, 1e-9);
        },
      ),
      { seed: seedOf("tiled merge edits"), numRuns: 120 },
    );
  });
});

describe("writeSceneIntoMap (Save to Map)", () => {
  it("writes capsules as the scene's Tiled export option says (polygons for older Tiled); a given option wins", async () => {
    const map = {
      type: "map", version: "1.10", tiledversion: "1.10.2", orientation: "orthogonal", renderorder: "right-down", width: 10, height: 10, tilewidth: 32, tileheight: 32,
      infinite: false, nextlayerid: 2, nextobjectid: 1, tilesets: [],
      layers: [{ id: 1, name: "Colliders", type: "objectgroup", draworder: "topdown", objects: [], opacity: 1, visible: true, x: 0, y: 0 }],
    };
    const read = importTiled(JSON.stringify(map));
    if (!read.ok) throw new Error("fixture");
    const pill: Shape = { id: "pill", type: "capsule", x: 50, y: 50, rotation: 0, radius: 10, height: 60, layer: read.scene.layers?.[0]?.id ?? "layer-1" };
    const scene: Scene = { ...read.scene, shapes: [pill] };
    const readText = async () => JSON.stringify(map);
    const objectOf = (text: string) => (JSON.parse(text) as MapJson).layers[0]!.objects![0]!;
    const plain = await writeSceneIntoMap(scene, "level.tmj", readText);
    if (!plain.ok) throw new Error("write");
    expect(objectOf(plain.text)).toMatchObject({ capsule: true });
    const older = await writeSceneIntoMap({ ...scene, exportOptions: { tiled: { capsules: "polygon" } } }, "level.tmj", readText);
    if (!older.ok) throw new Error("write");
    expect(objectOf(older.text).capsule).toBeUndefined();
    expect(objectOf(older.text).polygon).toEqual(expect.any(Array));
    const given = await writeSceneIntoMap({ ...scene, exportOptions: { tiled: { capsules: "polygon" } } }, "level.tmj", readText, { capsules: "capsule" });
    if (!given.ok) throw new Error("write");
    expect(objectOf(given.text)).toMatchObject({ capsule: true });
  });
});
