// exportTiled: map structure, each shape kind's conversion worked by hand, properties and names.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConvexPolygon, makeBox, toVec, type Scene, type Shape } from "../../core/index";
import { capsulePolygon, centreOfCornered, cornerOfCentred, exportTiled, fromTiledColor, toTiledColor, withTiledIds } from "../../core/export/tiled";
import { seedOf } from "../core/arbitraries";
import { distancePointSegment, HOSTILE, readmeScene, sceneArbitrary } from "./tiled-helpers";

const here = dirname(fileURLToPath(import.meta.url));
const GOLDEN = join(here, "golden", "tiled");

const sceneOf = (...shapes: Shape[]): Scene => ({ format: "collider-studio-scene", version: 1, shapes, probes: [] });

type Obj = Record<string, unknown> & { x: number; y: number; width: number; height: number; rotation: number; properties: { name: string; type: string; value: unknown }[] };
type Map = Record<string, unknown> & { layers: (Record<string, unknown> & { objects: Obj[]; properties: { name: string; value: unknown }[] })[]; properties?: { name: string; type: string; value: unknown }[] };
const mapOf = (scene: Scene, options?: Parameters<typeof exportTiled>[1]): Map => JSON.parse(exportTiled(scene, options)) as Map;
const onlyObject = (shape: Shape, options?: Parameters<typeof exportTiled>[1]): Obj => mapOf(sceneOf(shape), options).layers[0]!.objects[0]!;

describe("golden files: the README example scene", () => {
  for (const [file, options] of [["readme.tmj", {}], ["readme-polygon-capsules.tmj", { capsules: "polygon" as const }]] as const) {
    it(`${file} is unchanged (UPDATE_GOLDEN=1 rewrites it)`, () => {
      const text = exportTiled(readmeScene(), options);
      const path = join(GOLDEN, file);
      if (process.env.UPDATE_GOLDEN || !existsSync(path)) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(path, text);
      }
      expect(text).toBe(readFileSync(path, "utf8"));
    });
  }

  it("is deterministic: the same scene gives the same bytes", () => {
    expect(exportTiled(readmeScene())).toBe(exportTiled(readmeScene()));
  });
});

describe("map, layer and object fields (Tiled JSON map format)", () => {
  const map = mapOf(readmeScene());

  it("has every map field Tiled's format lists for an orthogonal map", () => {
    expect(map).toMatchObject({ type: "map", version: "1.10", tiledversion: "1.12.0", orientation: "orthogonal", renderorder: "right-down", tilewidth: 32, tileheight: 32, infinite: false, tilesets: [] });
    // The ground ends at x = 800 and y = 600: 25 × 19 tiles of 32 px hold every shape.
    expect([map.width, map.height]).toEqual([25, 19]);
    expect(map.nextlayerid).toBe(3);
    expect(map.nextobjectid).toBe(6);
  });

  it("writes one object layer per editor layer, bottom first, with visible and locked", () => {
    expect(map.layers.map((l) => [l.id, l.name, l.type, l.visible, l.locked, l.opacity, l.x, l.y, l.draworder])).toEqual([
      [1, "Ground", "objectgroup", true, false, 1, 0, 0, "index"],
      [2, "Hazards", "objectgroup", true, true, 1, 0, 0, "index"],
    ]);
    expect(map.layers.map((l) => l.properties)).toEqual([[{ name: "layer_id", type: "string", value: "layer-1" }], [{ name: "layer_id", type: "string", value: "hazards" }]]);
    expect(map.layers.map((l) => l.objects.map((o) => o.id))).toEqual([[1, 2, 3, 4], [5]]);
  });

  it("gives every object id, name, type, position, size, rotation and visible", () => {
    for (const o of map.layers.flatMap((l) => l.objects)) {
      for (const key of ["id", "name", "type", "x", "y", "width", "height", "rotation", "visible"]) expect(o, key).toHaveProperty(key);
    }
  });

  it("names the collision bits as map properties", () => {
    expect(map.properties).toEqual([
      { name: "collision_layer_1", type: "string", value: "world" },
      { name: "collision_layer_2", type: "string", value: "player" },
    ]);
  });

  it("sizes the map from the shapes' bounding boxes in whole tiles, at least one", () => {
    expect([mapOf(sceneOf()).width, mapOf(sceneOf()).height]).toEqual([1, 1]);
    const m = mapOf(sceneOf({ id: "c", type: "circle", x: 100, y: -50, rotation: 0, radius: 10 }), { tileSize: 16 });
    expect([m.width, m.height, m.tilewidth, m.tileheight]).toEqual([7, 1, 16, 16]); // 110 / 16 → 7
    const far = mapOf(sceneOf({ id: "c", type: "circle", x: 1e15, y: 1e15, rotation: 0, radius: 1 }));
    expect([far.width, far.height]).toEqual([2147483647, 2147483647]); // Tiled's int
  });

  it("refuses invalid options with a RangeError", () => {
    expect(() => exportTiled(sceneOf(), { tileSize: 0 })).toThrow(RangeError);
    expect(() => exportTiled(sceneOf(), { tileSize: 1.5 })).toThrow(RangeError);
    expect(() => exportTiled(sceneOf(), { capsuleSegments: 1 })).toThrow(RangeError);
    expect(() => exportTiled(sceneOf(), { capsules: "ellipse" as "polygon" })).toThrow(RangeError);
  });
});

describe("boxes: Tiled's rectangle turns about its top-left corner", () => {
  const box = (rotation: number): Shape => ({ id: "b", type: "box", x: 10, y: 20, rotation, width: 8, height: 4 });
  // Corner = centre − R(θ)·(w/2, h/2) with R = [[cos, −sin], [sin, cos]] (y down, clockwise), worked by hand.
  const cases: [number, number, number][] = [
    [0, 6, 18],
    [90, 12, 16], // (−4, −2) turned a quarter clockwise is (2, −4)
    [30, 11 - 2 * Math.sqrt(3), 18 - Math.sqrt(3)],
    [-45, 10 - 3 * Math.SQRT2, 20 + Math.SQRT2],
  ];
  for (const [rotation, x, y] of cases) {
    it(`${rotation}°: corner (${x.toFixed(4)}, ${y.toFixed(4)}), size and rotation as they are`, () => {
      const o = onlyObject(box(rotation));
      expect(o.x).toBeCloseTo(x, 12);
      expect(o.y).toBeCloseTo(y, 12);
      expect([o.width, o.height, o.rotation]).toEqual([8, 4, rotation]);
      expect(o).not.toHaveProperty("ellipse");
      expect(o).not.toHaveProperty("polygon");
    });
  }

  it("at 0° and 90° the corner is exact to the last bit", () => {
    expect([onlyObject(box(0)).x, onlyObject(box(0)).y, onlyObject(box(90)).x, onlyObject(box(90)).y]).toEqual([6, 18, 12, 16]);
  });

  it("the rectangle Tiled draws has the box's four corners (checked against core's makeBox)", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: 0.01, max: 100, noNaN: true }), fc.double({ min: 0.01, max: 100, noNaN: true }), fc.double({ min: -720, max: 720, noNaN: true }), (x, y, w, h, rotation) => {
        const o = onlyObject({ id: "b", type: "box", x, y, rotation, width: w, height: h });
        const t = (rotation * Math.PI) / 180;
        const tiled = [[0, 0], [w, 0], [w, h], [0, h]].map(([lx, ly]) => [o.x + Math.cos(t) * lx! - Math.sin(t) * ly!, o.y + Math.sin(t) * lx! + Math.cos(t) * ly!]);
        const made = makeBox(w / 2, h / 2, x, y, rotation);
        if (!made.ok) throw new Error(made.reason);
        const v = made.value.vertices;
        const core = [0, 1, 2, 3].map((i) => [v[2 * i]!, v[2 * i + 1]!]);
        // Same corners, any order (the hull may start elsewhere).
        for (const [cx, cy] of tiled) expect(Math.min(...core.map(([px, py]) => Math.hypot(px! - cx!, py! - cy!)))).toBeLessThan(1e-9);
      }),
      { seed: seedOf("tiled box corners"), numRuns: 200 },
    );
  });

  it("corner and centre conversions undo each other", () => {
    const c = cornerOfCentred(3, -7, 5, 2, 33);
    const back = centreOfCornered(c.x, c.y, 5, 2, 33);
    expect(back.x).toBeCloseTo(3, 13);
    expect(back.y).toBeCloseTo(-7, 13);
  });
});

describe("circles, capsules and polygons", () => {
  it("a circle is an ellipse of width = height = 2r at its top-left", () => {
    expect(onlyObject({ id: "c", type: "circle", x: 120, y: 300, rotation: 0, radius: 24 })).toMatchObject({ ellipse: true, x: 96, y: 276, width: 48, height: 48, rotation: 0 });
  });

  it("a turned circle keeps its rotation and its centre (the corner turns about the centre)", () => {
    const o = onlyObject({ id: "c", type: "circle", x: 0, y: 0, rotation: 90, radius: 1 });
    expect([o.x, o.y, o.rotation]).toEqual([1, -1, 90]);
  });

  it("a capsule is a Tiled 1.12 capsule object: width 2r, height the total height", () => {
    // README's player: centre (200, 500), r 16, h 64, turned 90°: corner = (200 + 64/2, 500 − 32/2).
    const o = onlyObject({ id: "p", type: "capsule", x: 200, y: 500, rotation: 90, radius: 16, height: 64 });
    expect(o).toMatchObject({ capsule: true, x: 232, y: 484, width: 32, height: 64, rotation: 90 });
  });

  it("tiledversion says 1.12 only when the map holds capsule objects", () => {
    const capsule: Shape = { id: "p", type: "capsule", x: 0, y: 0, rotation: 0, radius: 1, height: 4 };
    expect(mapOf(sceneOf(capsule)).tiledversion).toBe("1.12.0");
    expect(mapOf(sceneOf(capsule), { capsules: "polygon" }).tiledversion).toBe("1.10.0");
  });

  it('with capsules: "polygon", a capsule is an inscribed convex polygon about its centre', () => {
    const o = onlyObject({ id: "p", type: "capsule", x: 200, y: 500, rotation: 90, radius: 16, height: 64 }, { capsules: "polygon", capsuleSegments: 4 });
    expect(o).toMatchObject({ x: 200, y: 500, rotation: 90, width: 0, height: 0 });
    expect(o).not.toHaveProperty("capsule");
    const points = (o.polygon as { x: number; y: number }[]).map((p) => [p.x, p.y] as [number, number]);
    expect(points).toHaveLength(10); // 4 segments per cap: 5 points each
    expect(checkConvexPolygon(points.map(toVec))).toBeNull();
    // Every vertex on the capsule's surface: at distance r from the core segment (0, ±16).
    for (const [x, y] of points) expect(distancePointSegment(x, y, 0, -16, 0, 16)).toBeCloseTo(16, 12);
  });

  it("capsulePolygon: a capsule with no core is a regular 2n-gon; one with a hair of core stays strictly convex", () => {
    const circle = capsulePolygon(2, 4, 8);
    expect(circle).toHaveLength(16);
    expect(checkConvexPolygon(circle.map(toVec))).toBeNull();
    for (const height of [4 * (1 + 1e-15), 4 + 1e-8, 4.001]) expect(checkConvexPolygon(capsulePolygon(2, height, 8).map(toVec)), String(height)).toBeNull();
    // Inscribed: the farthest gap to the true surface is r(1 − cos(π/2n)).
    const p = capsulePolygon(1, 10, 8);
    const mid = [(p[0]![0] + p[1]![0]) / 2, (p[0]![1] + p[1]![1]) / 2] as const;
    expect(1 - distancePointSegment(mid[0], mid[1], 0, -4, 0, 4)).toBeCloseTo(1 - Math.cos(Math.PI / 16), 12);
  });

  it("a polygon keeps its position, rotation and local points", () => {
    const o = onlyObject({ id: "r", type: "polygon", x: 600, y: 540, rotation: -30, points: [[-60, 20], [60, 20], [60, -20]] });
    expect(o).toMatchObject({ x: 600, y: 540, rotation: -30, width: 0, height: 0, polygon: [{ x: -60, y: 20 }, { x: 60, y: 20 }, { x: 60, y: -20 }] });
  });

  it('writes no "-0" anywhere', () => {
    const text = exportTiled(sceneOf({ id: "b", type: "box", x: -0, y: -0, rotation: -0, width: 2, height: 2 }, { id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[-0, -1], [1, 0], [0, 1]] }));
    expect(text).not.toMatch(/-0(?![.\de])/);
  });
});

describe("ids, collision bits and properties", () => {
  const shape: Shape = {
    id: "door",
    type: "box",
    x: 0,
    y: 0,
    rotation: 0,
    width: 2,
    height: 2,
    collisionLayer: 0x80000001,
    collisionMask: 0xffffffff,
    properties: [
      { name: "label", type: "string", value: "exit" },
      { name: "count", type: "number", value: 3 },
      { name: "friction", type: "number", value: 0.25 },
      { name: "huge", type: "number", value: 2 ** 31 },
      { name: "solid", type: "boolean", value: false },
      { name: "tint", type: "color", value: "#33AAFF" },
      { name: "glass", type: "color", value: "#33aaff80" },
      { name: "shape_id", type: "string", value: "mine" },
      { name: "user:shape_id", type: "string", value: "also mine" },
    ],
  };
  const props = onlyObject(shape).properties;

  it("keeps the shape id as a string property and the bits as Tiled's signed 32-bit ints", () => {
    expect(props.slice(0, 3)).toEqual([
      { name: "shape_id", type: "string", value: "door" },
      { name: "collision_layer", type: "int", value: -2147483647 }, // 0x80000001 as int32
      { name: "collision_mask", type: "int", value: -1 }, // 0xffffffff as int32
    ]);
  });

  it("leaves default bits (1 and 1) out", () => {
    const names = onlyObject({ ...shape, collisionLayer: 1, collisionMask: undefined, properties: [] }).properties.map((p) => p.name);
    expect(names).toEqual(["shape_id"]);
  });

  it("types designer properties as Tiled does: int for whole numbers that fit, float otherwise, #aarrggbb colours", () => {
    expect(props.slice(3)).toEqual([
      { name: "label", type: "string", value: "exit" },
      { name: "count", type: "int", value: 3 },
      { name: "friction", type: "float", value: 0.25 },
      { name: "huge", type: "float", value: 2147483648 },
      { name: "solid", type: "bool", value: false },
      { name: "tint", type: "color", value: "#ff33aaff" },
      { name: "glass", type: "color", value: "#8033aaff" },
      { name: "user:shape_id", type: "string", value: "mine" },
      { name: "user:user:shape_id", type: "string", value: "also mine" },
    ]);
  });

  it("converts colours exactly both ways", () => {
    expect(["#000000", "#ffffff", "#33AAFF", "#12345678", "#abcdef00"].map(toTiledColor)).toEqual(["#ff000000", "#ffffffff", "#ff33aaff", "#78123456", "#00abcdef"]);
    expect(["#ff000000", "#ffffffff", "#ff33aaff", "#78123456", "#00abcdef", "#33aaff", "#FF33AAFF"].map(fromTiledColor)).toEqual(["#000000", "#ffffff", "#33aaff", "#12345678", "#abcdef00", "#33aaff", "#33aaff"]);
    expect(["", "#fff", "33aaff", "#ggaaff", "#ff33aaff0"].map(fromTiledColor)).toEqual([null, null, null, null, null]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), fc.integer({ min: 0, max: 0xfe }), (rgb, a) => {
        const six = `#${rgb.toString(16).padStart(6, "0")}`;
        const eight = six + a.toString(16).padStart(2, "0");
        expect(fromTiledColor(toTiledColor(six))).toBe(six);
        expect(fromTiledColor(toTiledColor(eight))).toBe(eight);
      }),
      { seed: seedOf("tiled colours"), numRuns: 300 },
    );
  });
});

describe("stored Tiled ids (withTiledIds): drawn shapes keep their object ids when others are deleted", () => {
  const box = (id: string, layer?: string): Shape => ({ id, name: id, type: "box", x: 0, y: 0, rotation: 0, width: 10, height: 10, ...(layer ? { layer } : {}) });
  // The editor level of the review: "Slope" among shapes drawn in the editor, on two layers.
  const drawn: Scene = { ...sceneOf(box("Ground"), box("Slope"), box("Crate", "props"), box("Door"), box("Lever", "props")), layers: [{ id: "default", name: "Default" }, { id: "props", name: "Props" }] };
  const idsOf = (scene: Scene) => Object.fromEntries(mapOf(scene).layers.flatMap((l) => l.objects.map((o) => [o.name as string, o.id as number])));

  it("numbers every shape as the export did (layer by layer), so the first stored ids are the ones already exported", () => {
    const stored = withTiledIds(drawn);
    expect(stored.shapes.map((s) => [s.id, s.tiledId])).toEqual([["Ground", 1], ["Slope", 2], ["Crate", 4], ["Door", 3], ["Lever", 5]]);
    expect(idsOf(stored)).toEqual(idsOf(drawn));
    // Already stored: the very same scene.
    expect(withTiledIds(stored)).toBe(stored);
  });

  it("deleting \"Slope\" changes no other object's id (without stored ids every later one moved down)", () => {
    const stored = withTiledIds(drawn);
    const deleted = (scene: Scene): Scene => ({ ...scene, shapes: scene.shapes.filter((s) => s.id !== "Slope") });
    const { Slope: _slope, ...rest } = idsOf(stored);
    expect(idsOf(withTiledIds(deleted(stored)))).toEqual(rest);
    expect(mapOf(withTiledIds(deleted(stored))).nextobjectid).toBe(6);
    // The old behaviour, for the record: positional ids shift.
    expect(idsOf(deleted(drawn)).Lever).toBe(4);
  });

  it("a new shape, or a copy sharing its original's id, gets the next id above every stored one; an imported scene is left to its map", () => {
    const stored = withTiledIds(drawn);
    const door = stored.shapes.find((s) => s.id === "Door")!;
    const more = withTiledIds({ ...stored, shapes: [...stored.shapes, { ...door, id: "Door copy", name: "Door copy" }, box("Spike")] });
    expect(more.shapes.slice(-2).map((s) => [s.id, s.tiledId])).toEqual([["Door copy", 6], ["Spike", 7]]);
    expect(new Set(more.shapes.map((s) => s.tiledId)).size).toBe(more.shapes.length);
    const imported: Scene = { ...drawn, tiledMap: { src: "level.tmx" } };
    expect(withTiledIds(imported)).toBe(imported);
  });

  it("the id of a deleted shape that had the highest one is not given again (the scene keeps the map's nextobjectid)", () => {
    const stored = withTiledIds(drawn);
    expect(stored.tiledNextObjectId).toBe(6);
    const withoutLever = { ...stored, shapes: stored.shapes.filter((s) => s.id !== "Lever") };
    expect(mapOf(withoutLever).nextobjectid).toBe(6);
    const spike = withTiledIds({ ...withoutLever, shapes: [...withoutLever.shapes, box("Spike")] });
    expect(spike.shapes.at(-1)!.tiledId).toBe(6);
    expect(spike.tiledNextObjectId).toBe(7);
    expect(idsOf(spike).Spike).toBe(6);
  });

  it("over any run of adds, deletes and exports, no Tiled id is given to two shapes (against the set of ids ever given)", () => {
    type Step = { readonly kind: "add"; readonly layer: boolean } | { readonly kind: "delete"; readonly at: number } | { readonly kind: "export" };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), layer: fc.boolean() }),
      fc.record({ kind: fc.constant("delete" as const), at: fc.nat(20) }),
      fc.constant({ kind: "export" as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let scene: Scene = { ...drawn, shapes: [] };
        const given = new Map<number, string>();
        let n = 0;
        const exported = () => {
          scene = withTiledIds(scene);
          for (const l of mapOf(scene).layers) {
            for (const o of l.objects) {
              const owner = given.get(o.id as number);
              expect(owner === undefined || owner === o.name).toBe(true);
              given.set(o.id as number, o.name as string);
            }
          }
          expect(mapOf(scene).nextobjectid).toBeGreaterThan(Math.max(0, ...given.keys()));
        };
        for (const s of steps) {
          if (s.kind === "add") scene = { ...scene, shapes: [...scene.shapes, box(`s${n++}`, s.layer ? "props" : undefined)] };
          else if (s.kind === "delete") scene = { ...scene, shapes: scene.shapes.filter((_, i) => i !== s.at % Math.max(1, scene.shapes.length)) };
          else exported();
        }
        exported();
      }),
      { seed: seedOf("tiled ids never reused"), numRuns: 200 },
    );
  });
});

describe("hostile names", () => {
  it("any shape or layer name is carried through JSON unchanged", () => {
    const scene: Scene = {
      format: "collider-studio-scene",
      version: 1,
      layers: HOSTILE.map((name, i) => ({ id: `L${i}`, name })),
      shapes: HOSTILE.map((name, i): Shape => ({ id: `s${i}${name}`, name, layer: `L${i}`, type: "circle", x: i, y: 0, rotation: 0, radius: 1 })),
      probes: [],
    };
    const map = mapOf(scene);
    expect(map.layers.map((l) => l.name)).toEqual(HOSTILE);
    expect(map.layers.map((l) => l.objects[0]!.name)).toEqual(HOSTILE);
    expect(map.layers.map((l) => l.objects[0]!.properties[0]!.value)).toEqual(HOSTILE.map((n, i) => `s${i}${n}`));
  });

  it("random scenes always give JSON with unique object and layer ids", () => {
    fc.assert(
      fc.property(sceneArbitrary(6), (scene) => {
        const map = mapOf(scene);
        const objects = map.layers.flatMap((l) => l.objects);
        expect(objects).toHaveLength(scene.shapes.length);
        expect(new Set(objects.map((o) => o.id)).size).toBe(objects.length);
        expect(map.nextobjectid).toBe(objects.length + 1);
        expect(new Set(map.layers.map((l) => l.id)).size).toBe(map.layers.length);
      }),
      { seed: seedOf("tiled unique ids"), numRuns: 100 },
    );
  });
});
