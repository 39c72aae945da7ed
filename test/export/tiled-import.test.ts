// importTiled: round trips through exportTiled, maps as Tiled writes them, what is skipped and why.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDegrees, parseScene, serializeScene, type Scene, type Shape } from "../../core/index";
import { exportTiled } from "../../core/export/tiled";
import { importTiled, type TiledImportResult } from "../../core/import/tiled";
import { seedOf } from "../core/arbitraries";
import { distancePointSegment, expectSameScene, readmeScene, sceneArbitrary } from "./tiled-helpers";

function imported(text: string): Extract<TiledImportResult, { ok: true }> {
  const result = importTiled(text);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  // Whatever comes in is a valid scene file.
  expect(parseScene(serializeScene(result.scene)).ok).toBe(true);
  return result;
}

/** A Tiled map with one object layer holding `objects`, as Tiled 1.8 writes it (extra fields included). */
function tiledMap(objects: object[], extra: object = {}): string {
  return JSON.stringify({
    compressionlevel: -1,
    height: 10,
    infinite: false,
    layers: [{ draworder: "topdown", id: 1, name: "Objects", objects, opacity: 1, type: "objectgroup", visible: true, x: 0, y: 0 }],
    nextlayerid: 2,
    nextobjectid: 100,
    orientation: "orthogonal",
    renderorder: "right-down",
    tiledversion: "1.8.2",
    tileheight: 32,
    tilesets: [],
    tilewidth: 32,
    type: "map",
    version: "1.8",
    width: 10,
    ...extra,
  });
}

const object = (id: number, fields: object): object => ({ height: 0, id, name: `o${id}`, rotation: 0, type: "", visible: true, width: 0, x: 0, y: 0, ...fields });
const withoutProbes = (scene: Scene): Scene => ({ ...scene, probes: [] });

describe("round trip scene → Tiled → scene", () => {
  it("gives back the README scene (without its probes, which Tiled has no place for)", () => {
    const back = imported(exportTiled(readmeScene()));
    expect(back.skipped).toEqual([]);
    expectSameScene(back.scene, withoutProbes(readmeScene()), 1e-12, { numbersAsTiled: true });
  });

  it("keeps layer colours (Tiled's object layer color)", () => {
    const scene = readmeScene();
    const coloured = { ...withoutProbes(scene), layers: scene.layers!.map((l, i) => (i === 1 ? { ...l, color: "#c061e0" } : l)) };
    const map = JSON.parse(exportTiled(coloured)) as { layers: { color?: string }[] };
    expect(map.layers.map((l) => l.color)).toEqual([undefined, "#c061e0"]);
    expect(imported(exportTiled(coloured)).scene.layers).toEqual(coloured.layers);
  });

  it("the README scene comes back byte for byte once shapes are in layer order", () => {
    const scene = readmeScene();
    const inLayerOrder = [...scene.shapes.filter((s) => s.layer === undefined), ...scene.shapes.filter((s) => s.layer !== undefined)];
    // Each shape records the Tiled object it came from: ids 1…n in layer order; the map's tile size (32) becomes the grid.
    const expected = { ...withoutProbes(scene), gridSize: 32, shapes: inLayerOrder.map((s, i) => ({ ...s, tiledId: i + 1 })) };
    expect(serializeScene(imported(exportTiled(scene)).scene)).toBe(serializeScene(expected));
  });

  it("the scene's grid is the map's tile size, both ways; a non-square or fractional one is left out", () => {
    const scene = { ...readmeScene(), gridSize: 16 };
    const map = JSON.parse(exportTiled(scene)) as { tilewidth: number; tileheight: number };
    expect([map.tilewidth, map.tileheight]).toEqual([16, 16]);
    expect(imported(exportTiled(scene)).scene.gridSize).toBe(16);
    // --tile-size wins over the grid; a grid Tiled cannot store (not whole) leaves the default.
    expect((JSON.parse(exportTiled(scene, { tileSize: 8 })) as { tilewidth: number }).tilewidth).toBe(8);
    expect((JSON.parse(exportTiled({ ...scene, gridSize: 12.5 })) as { tilewidth: number }).tilewidth).toBe(32);
    const wide = { ...map, tilewidth: 32, tileheight: 16 };
    expect(imported(JSON.stringify(wide)).scene.gridSize).toBeUndefined();
  });

  it("keeps every kind's geometry within 1e-9, and ids, names, layers, bits and properties, for random scenes", () => {
    fc.assert(
      fc.property(sceneArbitrary(8, { extent: 1000, maxSize: 200 }), (scene) => {
        const back = imported(exportTiled(scene));
        expect(back.skipped).toEqual([]);
        expectSameScene(back.scene, scene, 1e-9, { numbersAsTiled: true });
      }),
      { seed: seedOf("tiled round trip"), numRuns: 200 },
    );
  });

  it('with capsules: "polygon", capsules come back as polygons on the capsule\'s surface', () => {
    fc.assert(
      fc.property(sceneArbitrary(5), (scene) => {
        const back = imported(exportTiled(scene, { capsules: "polygon", capsuleSegments: 6 }));
        for (const s of scene.shapes) {
          const b = back.scene.shapes.find((t) => t.id === s.id)!;
          if (s.type !== "capsule") {
            expect(b.type).toBe(s.type);
            continue;
          }
          expect(b.type).toBe("polygon");
          if (b.type !== "polygon") continue;
          expect([b.x, b.y, b.rotation]).toEqual([s.x, s.y, normalizeDegrees(s.rotation)]);
          const half = s.height / 2 - s.radius;
          for (const [x, y] of b.points) expect(Math.abs(distancePointSegment(x, y, 0, -half, 0, half) - s.radius)).toBeLessThan(1e-9 * (1 + s.height));
        }
      }),
      { seed: seedOf("tiled polygon capsules"), numRuns: 100 },
    );
  });
});

describe("maps as Tiled writes them", () => {
  it("a rectangle turned 90° about its top-left corner is a box centred half a diagonal away", () => {
    const { scene } = imported(tiledMap([object(1, { x: 12, y: 16, width: 8, height: 4, rotation: 90 })]));
    expect(scene.shapes).toEqual([{ id: "tiled-1", name: "o1", type: "box", x: 10, y: 20, rotation: 90, width: 8, height: 4, tiledId: 1 }]);
  });

  it("a rectangle turned 30°: centre = corner + R(30°)·(w/2, h/2), worked by hand", () => {
    const { scene } = imported(tiledMap([object(1, { x: 0, y: 0, width: 8, height: 4, rotation: 30 })]));
    const s = scene.shapes[0]!;
    expect(s.x).toBeCloseTo(2 * Math.sqrt(3) - 1, 12);
    expect(s.y).toBeCloseTo(2 + Math.sqrt(3), 12);
  });

  it("an ellipse with width = height (within 1e-9) is a circle; otherwise it is skipped", () => {
    const { scene, skipped } = imported(
      tiledMap([
        object(1, { ellipse: true, x: 96, y: 276, width: 48, height: 48 }),
        object(2, { ellipse: true, x: 0, y: 0, width: 10, height: 10 * (1 + 5e-10) }),
        object(3, { ellipse: true, x: 0, y: 0, width: 10, height: 10.0001 }),
      ]),
    );
    expect(scene.shapes.map((s) => [s.id, s.type, s.x, s.y, s.type === "circle" ? s.radius : 0])).toEqual([
      ["tiled-1", "circle", 120, 300, 24],
      ["tiled-2", "circle", 5, 5 * (1 + 5e-10), (20 + 10 * 5e-10) / 4],
    ]);
    expect(skipped).toEqual([{ layer: "Objects", object: 3, name: "o3", reason: "ellipse that is not a circle (10 × 10.0001)" }]);
  });

  it("capsule objects: round ends on the shorter sides, so a wide one is our capsule turned 90° more", () => {
    // The example from mapeditor/tiled#4288: x 383, y 24, 146 × 70, rotation 18.187.
    const { scene } = imported(
      tiledMap([object(3, { capsule: true, x: 383, y: 24, width: 146, height: 70, rotation: 18.187 }), object(4, { capsule: true, x: 0, y: 0, width: 10, height: 30, rotation: 0 })]),
    );
    const [wide, tall] = scene.shapes;
    expect(tall).toEqual({ id: "tiled-4", name: "o4", type: "capsule", x: 5, y: 15, rotation: 0, radius: 5, height: 30, tiledId: 4 });
    if (wide?.type !== "capsule") throw new Error("expected a capsule");
    expect([wide.radius, wide.height, wide.rotation]).toEqual([35, 146, 108.187]);
    // Its core runs between the centres of the two end circles, (35, 35) and (111, 35) in Tiled's frame.
    const t = (18.187 * Math.PI) / 180;
    const ends = [35, 111].map((lx) => [383 + Math.cos(t) * lx - Math.sin(t) * 35, 24 + Math.sin(t) * lx + Math.cos(t) * 35]);
    const u = ((wide.rotation * Math.PI) / 180), half = wide.height / 2 - wide.radius;
    const ours = [-half, half].map((ly) => [wide.x - Math.sin(u) * ly, wide.y + Math.cos(u) * ly]);
    const d = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
    expect(Math.min(d(ours[0]!, ends[0]!) + d(ours[1]!, ends[1]!), d(ours[0]!, ends[1]!) + d(ours[1]!, ends[0]!))).toBeLessThan(1e-9);
  });

  it("convex and concave polygons come in; self-crossing and degenerate ones are skipped with the reason", () => {
    const poly = (id: number, points: [number, number][]) => object(id, { x: 5, y: 6, rotation: -45, polygon: points.map(([x, y]) => ({ x, y })) });
    const { scene, skipped } = imported(
      tiledMap([
        poly(1, [[0, 0], [10, 0], [0, 10]]),
        poly(2, [[0, 0], [10, 0], [10, 10], [5, 2], [0, 10]]),
        poly(3, [[0, 0], [5, 0], [10, 0]]),
        poly(4, [[0, 0], [1, 1]]),
      ]),
    );
    expect(scene.shapes).toEqual([
      { id: "tiled-1", name: "o1", type: "polygon", x: 5, y: 6, rotation: -45, points: [[0, 0], [10, 0], [0, 10]], tiledId: 1 },
      { id: "tiled-2", name: "o2", type: "polygon", x: 5, y: 6, rotation: -45, points: [[0, 0], [10, 0], [10, 10], [5, 2], [0, 10]], tiledId: 2 },
    ]);
    expect(skipped.map((s) => [s.object, s.reason.split(":")[0]])).toEqual([
      [3, "self-crossing polygon"],
      [4, "degenerate polygon"],
    ]);
  });

  it("polylines come in as open chains, polygons of class \"chain\" as closed ones (the class not kept); bool oneSided and sensor become the fields, not custom properties", () => {
    const pts = (points: [number, number][]) => points.map(([x, y]) => ({ x, y }));
    const bool = (name: string, value: boolean) => ({ name, type: "bool", value });
    const { scene, skipped } = imported(
      tiledMap([
        object(1, { x: 5, y: 6, rotation: 30, polyline: pts([[0, 0], [10, 0], [20, 5]]), properties: [bool("oneSided", true)] }),
        object(2, { x: 1, y: 2, type: "chain", polygon: pts([[0, 0], [10, 0], [10, 10], [0, 10]]), properties: [bool("sensor", true), bool("oneSided", false)] }),
        object(3, { width: 10, height: 10, properties: [bool("sensor", true), bool("oneSided", true)] }),
        object(4, { polyline: pts([[0, 0]]) }),
        object(5, { polyline: pts([[0, 0], [0, 0], [1, 1]]) }),
        object(6, { type: "chain", polygon: pts([[0, 0], [1, 1]]) }),
        object(7, { polyline: pts([[0, 0], [4, 4]]), properties: [{ name: "sensor", type: "string", value: "yes" }, { name: "user:oneSided", type: "bool", value: true }] }),
      ]),
    );
    expect(scene.shapes).toEqual([
      { id: "tiled-1", name: "o1", type: "chain", x: 5, y: 6, rotation: 30, points: [[0, 0], [10, 0], [20, 5]], oneSided: true, tiledId: 1 },
      { id: "tiled-2", name: "o2", type: "chain", x: 1, y: 2, rotation: 0, points: [[0, 0], [10, 0], [10, 10], [0, 10]], closed: true, sensor: true, tiledId: 2 },
      { id: "tiled-3", name: "o3", type: "box", x: 5, y: 5, rotation: 0, width: 10, height: 10, sensor: true, tiledId: 3 },
      // A string "sensor" and an escaped "user:oneSided" are designers' properties.
      { id: "tiled-7", name: "o7", type: "chain", x: 0, y: 0, rotation: 0, points: [[0, 0], [4, 4]], properties: [{ name: "sensor", type: "string", value: "yes" }, { name: "oneSided", type: "boolean", value: true }], tiledId: 7 },
    ]);
    expect(skipped).toEqual([
      { layer: "Objects", object: 3, name: "o3", property: "oneSided", reason: 'only chains (polylines, polygons of class "chain") are one-sided' },
      { layer: "Objects", object: 4, name: "o4", reason: "polyline: a chain needs at least 2 points, got 1" },
      { layer: "Objects", object: 5, name: "o5", reason: "polyline: point 1 repeats point 0" },
      { layer: "Objects", object: 6, name: "o6", reason: 'polygon of class "chain" (a closed chain): a closed chain needs at least 3 points, got 2' },
    ]);
  });

  it("lists everything it cannot import, never dropping it silently", () => {
    const { scene, skipped } = imported(
      JSON.stringify({
        type: "map",
        orientation: "orthogonal",
        layers: [
          { type: "tilelayer", name: "Tiles", id: 1, data: [0], width: 1, height: 1 },
          { type: "imagelayer", name: "Sky", id: 2, image: "sky.png" },
          {
            type: "objectgroup",
            name: "Misc",
            id: 3,
            objects: [
              object(1, { polyline: [{ x: 0, y: 0 }] }),
              object(2, { point: true }),
              object(3, { text: { text: "hi" }, width: 20, height: 10 }),
              object(4, { gid: 7, width: 32, height: 32 }),
              object(5, { template: "door.tx" }),
              object(6, { width: 0, height: 10 }),
              object(7, { width: 10, height: 1e-12 }),
              object(8, { x: 2e15, width: 1, height: 1 }),
              object(9, { width: 10, height: 10 }),
            ],
          },
        ],
      }),
    );
    expect(scene.shapes.map((s) => s.id)).toEqual(["tiled-9"]);
    // Image layers are imported (tiled-images.test.ts); tile layers are not.
    expect(scene.images).toEqual([{ id: "Sky", src: "sky.png", x: 0, y: 0 }]);
    expect(skipped).toEqual([
      { layer: "Tiles", object: 0, name: "", reason: "tilelayer: only object and image layers are imported" },
      { layer: "Misc", object: 1, name: "o1", reason: "polyline: a chain needs at least 2 points, got 1" },
      { layer: "Misc", object: 2, name: "o2", reason: "point object (it has no area)" },
      { layer: "Misc", object: 3, name: "o3", reason: "text object" },
      { layer: "Misc", object: 4, name: "o4", reason: "tile object (only shapes are imported)" },
      { layer: "Misc", object: 5, name: "o5", reason: "template instance (export the map with --detach-templates)" },
      { layer: "Misc", object: 6, name: "o6", reason: "zero-size rectangle (0 × 10)" },
      { layer: "Misc", object: 7, name: "o7", reason: "rectangle size 10 × 1e-12 is outside 1e-9 to 1e15" },
      { layer: "Misc", object: 8, name: "o8", reason: "position or rotation beyond ±1e15" },
    ]);
  });

  it("flattens group layers: names joined with /, offsets added, hidden and locked inherited", () => {
    const { scene } = imported(
      JSON.stringify({
        type: "map",
        layers: [
          {
            type: "group",
            name: "World",
            offsetx: 100,
            offsety: 10,
            visible: false,
            layers: [
              { type: "objectgroup", name: "Walls", offsetx: 1, locked: true, objects: [object(1, { width: 2, height: 2 })] },
              { type: "group", name: "Deep", layers: [{ type: "objectgroup", name: "Floor", objects: [object(2, { width: 2, height: 2 })] }] },
            ],
          },
          { type: "objectgroup", name: "Top", objects: [] },
        ],
      }),
    );
    expect(scene.layers).toEqual([
      { id: "layer-1", name: "World/Walls", visible: false, locked: true },
      { id: "layer-2", name: "World/Deep/Floor", visible: false },
      { id: "layer-3", name: "Top" },
    ]);
    expect(scene.shapes.map((s) => [s.id, s.layer, s.x, s.y])).toEqual([
      ["tiled-1", undefined, 102, 11],
      ["tiled-2", "layer-2", 101, 11],
    ]);
  });

  it("reads an object layer's color as the layer's colour, alpha dropped, and lists one that is not a colour", () => {
    const result = imported(
      JSON.stringify({
        type: "map",
        layers: [
          { type: "objectgroup", name: "A", color: "#3fb950", objects: [] },
          { type: "objectgroup", name: "B", color: "#80aa00ff", objects: [] },
          { type: "objectgroup", name: "C", color: "teal", objects: [] },
          { type: "objectgroup", name: "D", objects: [] },
        ],
      }),
    );
    expect(result.scene.layers!.map((l) => l.color)).toEqual(["#3fb950", "#aa00ff", undefined, undefined]);
    expect(result.skipped).toEqual([{ layer: "C", object: 0, name: "", reason: expect.stringContaining('layer color "teal" is not') }]);
  });

  it("takes ids from shape_id and layer_id when present and unique, and makes unique ones otherwise", () => {
    const id = (value: string) => ({ properties: [{ name: "shape_id", type: "string", value }] });
    const { scene } = imported(
      tiledMap([
        object(1, { width: 1, height: 1, ...id("door") }),
        object(2, { width: 1, height: 1, ...id("door") }), // taken: gets tiled-2
        object(3, { width: 1, height: 1, ...id("tiled-4") }),
        object(4, { width: 1, height: 1 }), // tiled-4 is stored by object 3
        object(5, { width: 1, height: 1, ...id("") }),
      ]),
    );
    expect(scene.shapes.map((s) => s.id)).toEqual(["door", "tiled-2", "tiled-4", "tiled-4-2", "tiled-5"]);
  });

  it("reads collision bits back as unsigned (Tiled's int is signed 32-bit) and keeps malformed ones as properties", () => {
    const { scene } = imported(
      tiledMap([
        object(1, { width: 1, height: 1, properties: [{ name: "collision_layer", type: "int", value: -2147483647 }, { name: "collision_mask", type: "int", value: -1 }] }),
        object(2, { width: 1, height: 1, properties: [{ name: "collision_layer", type: "string", value: "walls" }, { name: "collision_mask", type: "int", value: 1 }] }),
      ]),
    );
    expect(scene.shapes.map((s) => [s.collisionLayer, s.collisionMask, s.properties])).toEqual([
      [0x80000001, 0xffffffff, undefined],
      [undefined, undefined, [{ name: "collision_layer", type: "string", value: "walls" }]],
    ]);
  });

  it("converts every Tiled property type, unescapes our prefix, and lists the ones it cannot keep", () => {
    const { scene, skipped } = imported(
      tiledMap([
        object(1, {
          width: 1,
          height: 1,
          properties: [
            { name: "", type: "string", value: "no name" },
            { name: "alive", type: "bool", value: true },
            { name: "count", type: "int", value: 3 },
            { name: "glass", type: "color", value: "#8033aaff" },
            { name: "none", type: "color", value: "" },
            { name: "opaque", type: "color", value: "#ff33aaff" },
            { name: "path", type: "file", value: "../a.png" },
            { name: "speed", type: "float", value: 0.1 },
            { name: "stats", type: "class", propertytype: "Stats", value: { hp: 3 } },
            { name: "target", type: "object", value: 7 },
            { name: "user:shape_id", type: "string", value: "not an id" },
            { name: "weird", type: "vector", value: [1, 2] },
          ],
        }),
      ]),
    );
    expect(scene.shapes[0]!.id).toBe("tiled-1");
    expect(scene.shapes[0]!.properties).toEqual([
      { name: "alive", type: "boolean", value: true },
      { name: "count", type: "int", value: 3 },
      { name: "glass", type: "color", value: "#33aaff80" },
      { name: "opaque", type: "color", value: "#33aaff" },
      { name: "path", type: "file", value: "../a.png" },
      { name: "speed", type: "float", value: 0.1 },
      { name: "stats", type: "class", propertytype: "Stats", value: { hp: 3 } },
      { name: "target", type: "object", value: 7 },
      { name: "shape_id", type: "string", value: "not an id" },
    ]);
    expect(skipped.map((s) => [s.object, s.property, s.reason])).toEqual([
      [1, "", "a property with an empty name cannot be kept"],
      [1, "none", 'a color property needs "#aarrggbb" or "#rrggbb", got ""'],
      [1, "weird", 'unknown property type "vector"'],
    ]);
  });

  it("accepts the raw control characters Tiled 1.8 writes inside strings (regression: its output was refused as not JSON)", () => {
    // Tiled 1.8 escapes only \b \t \n \f \r; U+0000, U+001F and the rest come out raw.
    const raw = tiledMap([object(1, { width: 1, height: 1, name: "NAME" })]).replace("NAME", "a\u0000b\u001fc\\n");
    expect(() => JSON.parse(raw)).toThrow();
    // The scene refuses control characters in names: they become U+FFFD, and the import says so.
    const { scene, skipped } = imported(raw);
    expect(scene.shapes[0]!.name).toBe("a\ufffdb\ufffdc\ufffd");
    expect(skipped).toEqual([{ layer: "Objects", object: 1, name: "a\ufffdb\ufffdc\ufffd", property: "name", reason: expect.stringMatching(/control characters/) as unknown }]);
  });

  it("an empty map is an empty scene", () => {
    const { scene, skipped } = imported(JSON.stringify({ type: "map", orientation: "orthogonal", layers: [] }));
    expect([scene.shapes, scene.layers, skipped]).toEqual([[], undefined, []]);
  });
});

describe("problems, with a JSON path and a line and column", () => {
  const problems = (text: string) => {
    const r = importTiled(text);
    if (r.ok) throw new Error("expected problems");
    return r.problems;
  };

  it("malformed JSON gives the line and column of the syntax error", () => {
    expect(problems('{\n  "type": "map",\n  "layers": [,]\n}')).toEqual([{ path: "", message: "not valid JSON: expected a value", line: 3, column: 14 }]);
    expect(problems("  ")).toEqual([{ path: "", message: "the file is empty (expected a Tiled JSON map)", line: 1, column: 1 }]);
  });

  it("refuses what is not an orthogonal Tiled map", () => {
    expect(problems("[1]")[0]!.message).toBe("a Tiled map must be a JSON object");
    expect(problems('{"format": "collider-studio-scene", "version": 1, "shapes": []}')[0]!.path).toBe("layers");
    expect(problems('{"type": "tileset", "layers": []}')[0]).toMatchObject({ path: "type", line: 1, column: 2 });
    expect(problems('{"type": "map", "orientation": "isometric", "layers": []}')[0]!.message).toMatch(/only orthogonal maps/);
  });

  it("reports wrongly typed fields where they are", () => {
    const text = tiledMap([object(1, { width: "wide", height: 1 }), object(2, { x: null })]).replace('"layers":', '\n"layers":');
    expect(problems(text)).toEqual([
      { path: "layers[0].objects[0].width", message: 'expected a number, got "wide"', line: 2, column: expect.any(Number) },
      { path: "layers[0].objects[1].x", message: "expected a number, got null", line: 2, column: expect.any(Number) },
    ]);
  });
});

describe("the exported scene shapes survive hostile input", () => {
  it("never throws on random JSON-ish maps", () => {
    const anything = fc.anything({ maxDepth: 4 });
    const objects = fc.array(fc.record({ id: fc.integer(), x: fc.oneof(fc.double(), anything), y: fc.double(), width: fc.double(), height: fc.double(), rotation: fc.double(), ellipse: fc.boolean(), capsule: fc.boolean(), polygon: fc.option(fc.array(fc.record({ x: fc.double(), y: fc.double() }))) }, { requiredKeys: ["id"] }));
    fc.assert(
      fc.property(objects, (objs) => {
        const r = importTiled(JSON.stringify({ type: "map", layers: [{ type: "objectgroup", name: "x", objects: objs }] }));
        if (r.ok) expect(parseScene(serializeScene(r.scene)).ok).toBe(true);
      }),
      { seed: seedOf("tiled import fuzz"), numRuns: 300 },
    );
  });

  it("keeps shapes of every kind (regression guard: the import is not just boxes)", () => {
    const kinds = imported(exportTiled(readmeScene())).scene.shapes.map((s: Shape) => s.type).sort();
    expect(kinds).toEqual(["box", "box", "capsule", "circle", "polygon"]);
  });
});
