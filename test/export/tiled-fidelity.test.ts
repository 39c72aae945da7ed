// Nothing of a Tiled map dropped silently (issue 25): an object's class (Tiled's "type" before 1.9,
// "class" in 1.9), hidden objects, the map's, group layers' and object layers' custom properties,
// and every property type (file, object, int, float, bool, color, string, class with its
// propertytype) come in, survive a save, and go back out as Tiled wrote them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Property, type Scene, type Shape } from "../../core/index";
import { exportTiled } from "../../core/export/tiled";
import { exportGodot } from "../../core/export/godot";
import { importTiled, type TiledImportOptions, type TiledImportResult } from "../../core/import/tiled";
import { seedOf } from "../core/arbitraries";
import { expectSameProperties, expectSameScene, sceneArbitrary } from "./tiled-helpers";

function imported(text: string, options: TiledImportOptions = {}): Extract<TiledImportResult, { ok: true }> {
  const result = importTiled(text, options);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  expect(parseScene(serializeScene(result.scene)).ok).toBe(true);
  return result;
}

const object = (id: number, fields: object = {}): object => ({ height: 10, id, name: `o${id}`, rotation: 0, type: "", visible: true, width: 10, x: 0, y: 0, ...fields });
const map = (layers: object[], extra: object = {}) => JSON.stringify({ type: "map", orientation: "orthogonal", tilewidth: 32, tileheight: 32, layers, ...extra });
const objectLayer = (name: string, objects: object[], extra: object = {}) => ({ type: "objectgroup", name, objects, ...extra });

type TiledJson = { properties?: { name: string; type: string; value: unknown; propertytype?: string }[]; layers: TiledJson[]; objects?: Record<string, unknown>[]; name?: string; type?: string; id?: number };
const parsed = (text: string) => JSON.parse(text) as TiledJson;

describe("an object's class", () => {
  it("comes from Tiled's type (before 1.9) or class (1.9), class first, and goes back as type", () => {
    const { scene } = imported(map([objectLayer("O", [object(1, { type: "WARP" }), object(2, { class: "Trigger" }), object(3, { class: "Door", type: "old" }), object(4)])]));
    expect(scene.shapes.map((s) => s.class)).toEqual(["WARP", "Trigger", "Door", undefined]);
    const out = parsed(exportTiled(scene)).layers[0]!.objects!;
    // Tiled 1.8 reads "type"; 1.10 and later write it there too and read either.
    expect(out.map((o) => [o.type, "class" in o])).toEqual([["WARP", false], ["Trigger", false], ["Door", false], ["", false]]);
    expect(imported(exportTiled(scene)).scene.shapes.map((s) => s.class)).toEqual(scene.shapes.map((s) => s.class));
  });

  it("is kept by save: written after the name, left out when empty", () => {
    const { scene } = imported(map([objectLayer("O", [object(1, { type: "WARP" })])]));
    const text = serializeScene(scene);
    expect(text).toMatch(/"name": "o1",\n\s*"class": "WARP",\n\s*"type": "box"/);
    const back = parseScene(text);
    expect(back.ok && back.scene.shapes[0]!.class).toBe("WARP");
    expect(serializeScene({ ...scene, shapes: [{ ...scene.shapes[0]!, class: "" }] })).not.toMatch(/"class"/);
  });

  it("a map's or a layer's class (Tiled 1.9+) is listed, not dropped silently", () => {
    const { skipped } = imported(map([objectLayer("O", [], { class: "Hazards" }), { type: "group", name: "G", class: "Zone", layers: [] }], { class: "Level" }));
    expect(skipped.map((s) => [s.layer, s.property, s.reason])).toEqual([
      ["", "class", 'the map\'s class "Level": only objects keep their class'],
      ["O", "class", 'the layer\'s class "Hazards": only objects keep their class'],
      ["G", "class", 'the layer\'s class "Zone": only objects keep their class'],
    ]);
  });
});

describe("hidden objects", () => {
  it("come in hidden (visible: false), are saved so, and stay hidden on the way out", () => {
    const { scene } = imported(map([objectLayer("O", [object(1, { visible: false }), object(2), object(3, { visible: true })])]));
    expect(scene.shapes.map((s) => s.visible)).toEqual([false, undefined, undefined]);
    expect(serializeScene(scene).match(/"visible": false/g)?.length).toBe(1);
    const out = parsed(exportTiled(scene)).layers[0]!.objects!;
    expect(out.map((o) => o.visible)).toEqual([false, true, true]);
  });

  it("go to Godot hidden as a hidden layer's body does (visibility is no physics: it still collides)", () => {
    const { scene } = imported(map([objectLayer("O", [object(1, { visible: false }), object(2)])]));
    for (const version of [4, 3] as const) {
      const text = exportGodot(scene, { version });
      const shapes = text.split("\n\n").filter((s) => s.includes('type="CollisionShape2D"'));
      expect(shapes.map((s) => s.includes("\nvisible = false"))).toEqual([true, false]);
    }
  });
});

describe("properties of the map, group layers and object layers", () => {
  const levels = map(
    [
      {
        type: "group",
        name: "World",
        offsetx: 5,
        properties: [{ name: "zone", type: "string", value: "forest" }, { name: "music", type: "file", value: "music/forest.ogg" }],
        layers: [objectLayer("Walls", [object(1)], { properties: [{ name: "solid", type: "bool", value: true }, { name: "layer_id", type: "string", value: "walls" }] })],
      },
      objectLayer("Top", [object(2)], { properties: [{ name: "friction", type: "float", value: 7.0 }] }),
    ],
    { properties: [{ name: "gravity", type: "float", value: 9.8 }, { name: "collision_layer_2", type: "string", value: "player" }, { name: "spawn", type: "object", value: 2 }] },
  );

  it("are kept: the map's in the scene's properties, each group's in groups, each object layer's in its layer", () => {
    const { scene, skipped } = imported(levels);
    expect(skipped).toEqual([]);
    expect(scene.properties).toEqual([{ name: "gravity", type: "float", value: 9.8 }, { name: "spawn", type: "object", value: 2 }]);
    expect(scene.collisionLayers).toEqual([{ bit: 2, name: "player" }]);
    expect(scene.groups).toEqual([{ name: "World", properties: [{ name: "zone", type: "string", value: "forest" }, { name: "music", type: "file", value: "music/forest.ogg" }] }]);
    expect(scene.layers).toEqual([
      { id: "walls", name: "World/Walls", properties: [{ name: "solid", type: "boolean", value: true }] },
      { id: "layer-2", name: "Top", properties: [{ name: "friction", type: "float", value: 7 }] },
    ]);
  });

  it("are written back: the group rebuilt around its layers, each list where it came from", () => {
    const out = parsed(exportTiled(imported(levels).scene));
    expect(out.properties).toEqual([
      { name: "collision_layer_2", type: "string", value: "player" },
      { name: "gravity", type: "float", value: 9.8 },
      { name: "spawn", type: "object", value: 2 },
    ]);
    expect(out.layers.map((l) => [l.type, l.name])).toEqual([["group", "World"], ["objectgroup", "Top"]]);
    const group = out.layers[0]!;
    expect(group.properties).toEqual([{ name: "zone", type: "string", value: "forest" }, { name: "music", type: "file", value: "music/forest.ogg" }]);
    expect(group.layers.map((l) => [l.type, l.name])).toEqual([["objectgroup", "Walls"]]);
    expect(group.layers[0]!.properties).toEqual([{ name: "layer_id", type: "string", value: "walls" }, { name: "solid", type: "bool", value: true }]);
    // A float that is whole stays a float (regression: 7.0 came back an int).
    expect(out.layers[1]!.properties!.find((p) => p.name === "friction")).toEqual({ name: "friction", type: "float", value: 7 });
    // Layer ids stay unique with groups added after the object and image layers.
    const ids = [out.layers[0]!.id, out.layers[1]!.id, group.layers[0]!.id];
    expect(new Set(ids).size).toBe(3);
    // Read again, the same scene.
    expectSameScene(imported(JSON.stringify(out)).scene, imported(levels).scene, 1e-12);
    expect(imported(JSON.stringify(out)).scene.groups).toEqual(imported(levels).scene.groups);
  });

  it("nests layers in their groups however deep, one group node per run of layers", () => {
    const scene: Scene = {
      format: "collider-studio-scene",
      version: 1,
      groups: [{ name: "A" }, { name: "A/B", properties: [{ name: "deep", type: "int", value: 2 }] }],
      layers: [{ id: "1", name: "A/B/C" }, { id: "2", name: "A/D" }, { id: "3", name: "E" }, { id: "4", name: "A/F" }, { id: "5", name: "A/B" }],
      shapes: [],
      probes: [],
    };
    const out = parsed(exportTiled(scene));
    const shape = (l: TiledJson): unknown => (l.type === "group" ? { [l.name!]: l.layers.map(shape) } : l.name);
    expect(out.layers.map(shape)).toEqual([{ A: [{ B: ["C"] }, "D"] }, "E", { A: ["F", "B"] }]);
    const back = imported(JSON.stringify(out)).scene;
    expect(back.layers!.map((l) => l.name)).toEqual(["A/B/C", "A/D", "E", "A/F", "A/B"]);
  });
});

describe("property types", () => {
  const all: Property[] = [
    { name: "label", type: "string", value: "door" },
    { name: "dir", type: "string", propertytype: "Direction", value: "left" },
    { name: "hp", type: "int", value: -2147483648 },
    { name: "speed", type: "float", value: 7 },
    { name: "legacy", type: "number", value: 2.5 },
    { name: "open", type: "boolean", value: false },
    { name: "tint", type: "color", value: "#33aaff80" },
    { name: "sound", type: "file", value: "../sounds/door.ogg" },
    { name: "none", type: "file", value: "" },
    { name: "target", type: "object", value: 12 },
    { name: "lock", type: "class", propertytype: "Lock", value: { key: "red", code: 1234, inner: { depth: 2.5, on: true } } },
  ];
  const sceneWith = (properties: Property[]): Scene => ({
    format: "collider-studio-scene",
    version: 1,
    properties,
    layers: [{ id: "l", name: "L", properties }],
    shapes: [{ id: "a", type: "box", x: 5, y: 5, rotation: 0, width: 2, height: 2, properties }],
    probes: [],
  });

  it("each is written as Tiled writes it: its type, its custom type, its value", () => {
    const out = parsed(exportTiled(sceneWith(all)));
    const written = out.layers[0]!.objects![0]!.properties as unknown[];
    expect(written.slice(1)).toEqual([
      { name: "label", type: "string", value: "door" },
      { name: "dir", type: "string", propertytype: "Direction", value: "left" },
      { name: "hp", type: "int", value: -2147483648 },
      { name: "speed", type: "float", value: 7 },
      { name: "legacy", type: "float", value: 2.5 },
      { name: "open", type: "bool", value: false },
      { name: "tint", type: "color", value: "#8033aaff" },
      { name: "sound", type: "file", value: "../sounds/door.ogg" },
      { name: "none", type: "file", value: "" },
      { name: "target", type: "object", value: 12 },
      { name: "lock", type: "class", propertytype: "Lock", value: { key: "red", code: 1234, inner: { depth: 2.5, on: true } } },
    ]);
    expect(out.properties).toEqual(written.slice(1));
    expect(out.layers[0]!.properties!.slice(1)).toEqual(written.slice(1));
  });

  it("each comes back with its type and value, at every level (legacy number as Tiled's int or float)", () => {
    const back = imported(exportTiled(sceneWith(all))).scene;
    const expected = all.map((p) => (p.type === "number" ? { ...p, type: "float" as const } : p));
    expect(back.properties).toEqual(expected);
    expect(back.layers![0]!.properties).toEqual(expected);
    expect(back.shapes[0]!.properties).toEqual(expected);
  });

  it("file paths are relative to the map in Tiled and to the scene in the scene, either way", () => {
    const text = map([objectLayer("O", [object(1, { properties: [{ name: "f", type: "file", value: "sounds/a.ogg" }, { name: "url", type: "file", value: "https://x.org/a" }] })])]);
    const { scene } = imported(text, { mapDir: "/game/maps", sceneDir: "/game/scenes" });
    expect(scene.shapes[0]!.properties).toEqual([{ name: "f", type: "file", value: "../maps/sounds/a.ogg" }, { name: "url", type: "file", value: "https://x.org/a" }]);
    const out = parsed(exportTiled(scene, { images: { sceneDir: "/game/scenes", outputDir: "/game/maps" } }));
    expect((out.layers[0]!.objects![0]!.properties as unknown[]).slice(1)).toEqual([{ name: "f", type: "file", value: "sounds/a.ogg" }, { name: "url", type: "file", value: "https://x.org/a" }]);
  });

  it("values that do not fit their type, and types the scene has not, are listed with the object and why", () => {
    const { scene, skipped } = imported(
      map([
        objectLayer("O", [
          object(7, {
            properties: [
              { name: "big", type: "int", value: 2 ** 31 },
              { name: "ref", type: "object", value: -1 },
              { name: "members", type: "class", value: [1, 2] },
              { name: "items", type: "list", value: [{ type: "int", value: 1 }] },
              { name: "ok", type: "int", value: 1 },
            ],
          }),
        ]),
      ]),
    );
    expect(scene.shapes[0]!.properties).toEqual([{ name: "ok", type: "int", value: 1 }]);
    expect(skipped).toEqual([
      { layer: "O", object: 7, name: "o7", property: "big", reason: "an int property needs a whole number within 32 bits" },
      { layer: "O", object: 7, name: "o7", property: "ref", reason: "an object property needs an object id (a whole number, 0 for none)" },
      { layer: "O", object: 7, name: "o7", property: "members", reason: "a class property needs an object of member values" },
      { layer: "O", object: 7, name: "o7", property: "items", reason: 'unknown property type "list"' },
    ]);
  });

  it("property: every type's value and custom type survive save, and export then import (fast-check)", () => {
    fc.assert(
      fc.property(sceneArbitrary(6, { extent: 1000, maxSize: 200 }), (scene) => {
        const saved = parseScene(serializeScene(scene));
        if (!saved.ok) throw new Error(JSON.stringify(saved.problems));
        const props = (s: Scene) => [s.properties, ...(s.layers ?? []).map((l) => l.properties), ...s.shapes.map((x: Shape) => x.properties)];
        expect(props(saved.scene)).toEqual(props(scene));
        const back = imported(exportTiled(scene)).scene;
        expectSameProperties(back.properties, scene.properties, "the map", { numbersAsTiled: true });
        (scene.layers ?? []).forEach((l, i) => expectSameProperties(back.layers![i]!.properties, l.properties, `layer ${i}`, { numbersAsTiled: true }));
        for (const s of scene.shapes) expectSameProperties(back.shapes.find((b) => b.id === s.id)!.properties, s.properties, `shape ${s.id}`, { numbersAsTiled: true });
        // Exported and imported again: nothing changes any more.
        const again = imported(exportTiled(back)).scene;
        expect(props(again)).toEqual(props(back));
      }),
      { seed: seedOf("tiled property types"), numRuns: 150 },
    );
  });
});

describe("Tiled object ids", () => {
  it("are recorded on import and kept by export, so object properties still point at their objects", () => {
    const { scene } = imported(map([objectLayer("O", [object(40), object(7, { properties: [{ name: "target", type: "object", value: 40 }] })])]));
    expect(scene.shapes.map((s) => [s.id, s.tiledId])).toEqual([["tiled-40", 40], ["tiled-7", 7]]);
    const added: Shape = { id: "new", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 };
    const copy: Shape = { ...scene.shapes[0]!, id: "copy" };
    const out = parsed(exportTiled({ ...scene, shapes: [...scene.shapes, added, copy] }));
    // A copy claims an id already taken: it gets a new one, above every kept id.
    expect(out.layers[0]!.objects!.map((o) => o.id)).toEqual([40, 7, 41, 42]);
    expect((out as unknown as { nextobjectid: number }).nextobjectid).toBe(43);
  });
});

describe("the map a scene came from", () => {
  it("is recorded relative to the scene's folder when the import is told the map's file", () => {
    expect(imported(map([]), { mapDir: "/game/maps", sceneDir: "/game/scenes", mapFile: "level1.tmj" }).scene.tiledMap).toEqual({ src: "../maps/level1.tmj", base: [] });
    expect(imported(map([])).scene.tiledMap).toBeUndefined();
    const saved = serializeScene(imported(map([]), { mapFile: "a.tmj" }).scene);
    expect(saved).toMatch(/"tiledMap": \{\n\s*"src": "a.tmj",\n\s*"base": \[\]\n\s*\}/);
  });
});
