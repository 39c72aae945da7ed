// Shared by the Tiled tests: random valid scenes (hostile names, layers, bits, properties) and a
// comparison of two scenes by shape id, numbers within a tolerance.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { expect } from "vitest";
import { normalizeDegrees, parseScene, serializeScene, validateSceneData, type Layer, type Property, type Scene, type Shape } from "../../core/index";
import type { JsonValue } from "../../core/scene/types";
import { anyShape, type ShapeOptions } from "../core/arbitraries";

/** The JSON block under "## Scene format, version 1" in README.md, copied as a fixture. */
export function readmeScene(): Scene {
  const path = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "readme-example.json");
  const parsed = parseScene(readFileSync(path, "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.scene;
}

/** Distance from (px, py) to the segment a–b (independent of core). */
export function distancePointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Names that break naive writers: quotes, backslashes, line separators, brackets, unicode, empty,
 * our own reserved words. (Control characters U+0000–U+001F and U+007F are refused by the format.)
 */
export const HOSTILE = ['', 'a "quoted" name', "back\\slash", "line\u2028break\u2029", "<object>&amp;</object>", "{}[],:", "ünïcødé 名前 🚀", "\u0085nel\u00a0", "shape_id", "user:x", "collision_layer", "collision_layer_3", "layer_id", "__proto__"];

const name = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 12 }));

const int32 = fc.oneof(fc.integer(), fc.constantFrom(-(2 ** 31), 2 ** 31 - 1, 0));
const finite = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(7, 0.1, 2 ** 53, -1e300)).map((v) => (Object.is(v, -0) ? 0 : v));
/** Class members as Tiled writes them: plain values, nested classes as objects. */
const members: fc.Arbitrary<{ [member: string]: JsonValue }> = fc.letrec<{ value: JsonValue; members: { [member: string]: JsonValue } }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.string({ maxLength: 6 }), int32, fc.boolean(), tie("members")),
  members: fc.dictionary(fc.string({ maxLength: 5 }), tie("value"), { maxKeys: 3 }),
})).members;
const propertyType = fc.option(fc.constantFrom("Door", "Direction", "ünï class"), { nil: undefined });

/** A property of every type the format has, with a Tiled custom type (`propertytype`) now and then. */
const property = (propName: string): fc.Arbitrary<Property> =>
  fc.tuple(
    fc.oneof(
      fc.string({ maxLength: 10 }).map((value) => ({ type: "string" as const, value })),
      fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 0.1)).map((value) => ({ type: "number" as const, value: Object.is(value, -0) ? 0 : value })),
      int32.map((value) => ({ type: "int" as const, value })),
      finite.map((value) => ({ type: "float" as const, value })),
      fc.boolean().map((value) => ({ type: "boolean" as const, value })),
      fc.tuple(fc.integer({ min: 0, max: 0xffffff }), fc.option(fc.integer({ min: 0, max: 255 }), { nil: undefined })).map(([rgb, a]) => ({
        type: "color" as const,
        value: `#${rgb.toString(16).padStart(6, "0")}${a === undefined ? "" : a.toString(16).padStart(2, "0")}`,
      })),
      fc.constantFrom("", "art/door.png", "../sounds/a b.ogg", "ünï/名前.txt").map((value) => ({ type: "file" as const, value })),
      fc.nat({ max: 2 ** 31 - 1 }).map((value) => ({ type: "object" as const, value })),
      members.map((value) => ({ type: "class" as const, value })),
    ),
    propertyType,
  ).map(([p, propertytype]) => ({ name: propName, ...p, ...(propertytype === undefined ? {} : { propertytype }) }) as Property);

const bits = fc.option(fc.oneof(fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(0, 1, 0x80000000, 0xffffffff)), { nil: undefined });

/** A random valid scene of up to `maxShapes` shapes over 1–3 layers. */
export function sceneArbitrary(maxShapes = 8, shapeOptions: ShapeOptions = {}): fc.Arbitrary<Scene> {
  return fc
    .record({
      layers: fc.uniqueArray(fc.record({ id: fc.oneof(fc.constantFrom("layer-1", "hazards", 'x"y'), fc.string({ minLength: 1, maxLength: 6 })), name, visible: fc.boolean(), locked: fc.boolean() }), {
        minLength: 1,
        maxLength: 3,
        selector: (l) => l.id,
      }),
      shapes: fc.array(
        fc.record({
          geometry: anyShape("placeholder", shapeOptions),
          name: fc.option(name, { nil: undefined }),
          layer: fc.nat(),
          collisionLayer: bits,
          collisionMask: bits,
          propertyNames: fc.uniqueArray(fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h !== "")), fc.string({ minLength: 1, maxLength: 8 })), { maxLength: 4 }),
          class: fc.option(fc.oneof(fc.constantFrom("WARP", "Trigger", ...HOSTILE), fc.string({ maxLength: 6 })), { nil: undefined }),
          hidden: fc.boolean(),
        }),
        { maxLength: maxShapes },
      ),
      ids: fc.uniqueArray(fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h !== "")), fc.string({ minLength: 1, maxLength: 8 })), { minLength: maxShapes, maxLength: maxShapes }),
      collisionLayers: fc.uniqueArray(fc.record({ bit: fc.integer({ min: 1, max: 32 }), name: fc.string({ minLength: 1, maxLength: 8 }) }), { maxLength: 3, selector: (c) => c.bit }),
      sceneProperties: fc.uniqueArray(fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h !== "")), fc.string({ minLength: 1, maxLength: 8 })), { maxLength: 3 }).chain((names) => fc.tuple(...names.map(property))),
      layerProperties: fc.array(fc.uniqueArray(fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h !== "")), fc.string({ minLength: 1, maxLength: 8 })), { maxLength: 2 }).chain((names) => fc.tuple(...names.map(property))), { minLength: 3, maxLength: 3 }),
    })
    .chain(({ layers, shapes, ids, collisionLayers, sceneProperties, layerProperties }) =>
      fc.tuple(...shapes.map((s) => fc.tuple(...s.propertyNames.map(property)))).map((props): Scene => {
        const sceneLayers: Layer[] = layers.map((l, i) => ({
          id: l.id,
          name: l.name,
          ...(l.visible ? {} : { visible: false }),
          ...(l.locked ? { locked: true } : {}),
          ...(layerProperties[i]!.length > 0 ? { properties: layerProperties[i]! } : {}),
        }));
        const out: Shape[] = shapes.map((s, i) => {
          const layer = sceneLayers[s.layer % sceneLayers.length]!;
          return {
            ...s.geometry,
            id: ids[i]!,
            ...(s.name !== undefined ? { name: s.name } : {}),
            ...(layer.id !== sceneLayers[0]!.id ? { layer: layer.id } : {}),
            ...(s.collisionLayer !== undefined ? { collisionLayer: s.collisionLayer } : {}),
            ...(s.collisionMask !== undefined ? { collisionMask: s.collisionMask } : {}),
            ...(props[i]!.length > 0 ? { properties: props[i]! } : {}),
            ...(s.class !== undefined ? { class: s.class } : {}),
            ...(s.hidden ? { visible: false } : {}),
          };
        });
        return {
          format: "collider-studio-scene",
          version: 1,
          ...(sceneProperties.length ? { properties: sceneProperties } : {}),
          layers: sceneLayers,
          ...(collisionLayers.length ? { collisionLayers } : {}),
          shapes: out,
          probes: [],
        };
      }),
    )
    .filter((scene) => validateSceneData(JSON.parse(serializeScene(scene))).ok);
}

/** Same colour whatever the spelling: "#33AAFF", "#33aaff" and "#33aaffff" are equal. */
export const normalColor = (c: string): string => {
  const hex = c.slice(1).toLowerCase();
  return hex.length === 8 && hex.endsWith("ff") ? hex.slice(0, 6) : hex;
};

const NUMERIC: Record<Shape["type"], readonly string[]> = { circle: ["radius"], box: ["width", "height"], capsule: ["radius", "height"], polygon: [], chain: [] };

/**
 * `actual` holds the same layers, bit names and shapes as `expected` (matched by id, in any order):
 * every number within `tol` (absolute), names, layers, bits and properties equal (property order
 * ignored when `anyPropertyOrder`, as Tiled sorts them; numbers of properties within `propTol` relative;
 * `numbersAsTiled`: a "number" property comes back as Tiled's int or float).
 */
export function expectSameScene(actual: Scene, expected: Scene, tol: number, opts: { anyPropertyOrder?: boolean; propTol?: number; numbersAsTiled?: boolean } = {}): void {
  const layersOf = (s: Scene) => (s.layers ?? [{ id: "layer-1", name: "Layer 1" }]).map((l) => ({ id: l.id, name: l.name, visible: l.visible !== false, locked: l.locked === true }));
  expect(layersOf(actual)).toEqual(layersOf(expected));
  (expected.layers ?? []).forEach((l, i) => expectSameProperties(actual.layers?.[i]?.properties, l.properties, `layer ${JSON.stringify(l.id)}`, opts));
  expectSameProperties(actual.properties, expected.properties, "the scene", opts);
  expect([...(actual.collisionLayers ?? [])].sort((a, b) => a.bit - b.bit)).toEqual([...(expected.collisionLayers ?? [])].sort((a, b) => a.bit - b.bit));
  expect(actual.shapes.map((s) => s.id).sort()).toEqual(expected.shapes.map((s) => s.id).sort());
  const firstLayer = (s: Scene) => s.layers?.[0]?.id ?? "layer-1";
  for (const e of expected.shapes) {
    const a = actual.shapes.find((s) => s.id === e.id)!;
    const where = `shape ${JSON.stringify(e.id)}`;
    expect(a.type, where).toBe(e.type);
    expect(a.name ?? "", where).toBe(e.name ?? "");
    expect(a.layer ?? firstLayer(actual), where).toBe(e.layer ?? firstLayer(expected));
    expect(a.collisionLayer ?? 1, where).toBe(e.collisionLayer ?? 1);
    expect(a.collisionMask ?? 1, where).toBe(e.collisionMask ?? 1);
    for (const k of ["x", "y", ...NUMERIC[e.type]]) {
      const av = (a as unknown as Record<string, number>)[k] ?? 0;
      const ev = (e as unknown as Record<string, number>)[k] ?? 0;
      expect(Math.abs(av - ev), `${where} ${k}: ${av} vs ${ev}`).toBeLessThanOrEqual(tol);
    }
    // Rotations as angles: a read scene holds them in (−180, 180], so 270 comes back as −90.
    expect(a.rotation, where).toBeGreaterThan(-180);
    expect(a.rotation, where).toBeLessThanOrEqual(180);
    expect(Math.abs(normalizeDegrees(a.rotation - e.rotation)), `${where} rotation: ${a.rotation} vs ${e.rotation}`).toBeLessThanOrEqual(tol);
    if (e.type === "polygon" && a.type === "polygon") {
      expect(a.points.length, where).toBe(e.points.length);
      e.points.forEach(([x, y], i) => {
        expect(Math.abs(a.points[i]![0] - x) + Math.abs(a.points[i]![1] - y), `${where} point ${i}`).toBeLessThanOrEqual(2 * tol);
      });
    }
    expect(a.class ?? "", where).toBe(e.class ?? "");
    expect(a.visible !== false, where).toBe(e.visible !== false);
    expectSameProperties(a.properties, e.properties, where, opts);
  }
}

/** Tiled has no "number": it goes as an int when whole within 32 bits, else as a float. */
const tiledType = (p: Property) => (p.type !== "number" ? p.type : Number.isInteger(p.value) && p.value >= -(2 ** 31) && p.value < 2 ** 31 ? "int" : "float");

/** Two property lists hold the same names, types, custom types and values (see expectSameScene's options). */
export function expectSameProperties(actual: readonly Property[] | undefined, expected: readonly Property[] | undefined, where: string, opts: { anyPropertyOrder?: boolean; propTol?: number; numbersAsTiled?: boolean } = {}): void {
  const props = (list: readonly Property[] | undefined) => {
    const out = (list ?? []).map((p) => (p.type === "color" ? { ...p, value: normalColor(p.value) } : p));
    return opts.anyPropertyOrder ? [...out].sort((p, q) => (p.name < q.name ? -1 : p.name > q.name ? 1 : 0)) : out;
  };
  const ap = props(actual), ep = props(expected);
  expect(ap.map((p) => [p.name, p.type, p.propertytype]), where).toEqual(ep.map((p) => [p.name, opts.numbersAsTiled ? tiledType(p) : p.type, p.propertytype]));
  ep.forEach((p, i) => {
    const q = ap[i]!;
    if (typeof p.value === "number" && typeof q.value === "number" && opts.propTol) expect(Math.abs(q.value - p.value), `${where} property ${p.name}`).toBeLessThanOrEqual(opts.propTol * Math.abs(p.value));
    else expect(q.value, `${where} property ${p.name}`).toEqual(p.value);
  });
}

/**
 * The scene without Tiled custom types (`propertytype`): Tiled 1.8's headless --export-map loads
 * no project, so it knows no custom class or enum and drops them (Tiled's own limit).
 */
export function withoutPropertyTypes(scene: Scene): Scene {
  const strip = (list: readonly Property[] | undefined) => list?.map(({ propertytype: _custom, ...p }) => p as Property);
  return {
    ...scene,
    ...(scene.properties ? { properties: strip(scene.properties) } : {}),
    ...(scene.layers ? { layers: scene.layers.map((l) => (l.properties ? { ...l, properties: strip(l.properties) } : l)) } : {}),
    shapes: scene.shapes.map((s) => (s.properties ? { ...s, properties: strip(s.properties) } : s)),
  };
}
