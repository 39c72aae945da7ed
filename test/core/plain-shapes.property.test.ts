// plainShape accepts a big file's common shapes without zod: it must never accept what the schema
// refuses, must give exactly the schema's output, and must accept every valid shape without custom
// properties (else the fast path would quietly stop being taken). Checked on valid shapes and on
// shapes with one field broken in every way a file can break it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateSceneData } from "../../core/index";
import { plainShape } from "../../core/scene/plain-shapes";
import { sceneSchema, shapeSchema } from "../../core/scene/schema";
import { anyShape, asRead, extremeShape, KINDS, seedOf } from "./arbitraries";

const FIELDS = ["id", "name", "layer", "type", "x", "y", "rotation", "collisionLayer", "collisionMask", "radius", "width", "height", "points", "closed", "oneSided", "sensor", "properties", "note"];
/** Values at and around every limit of the schema, and of the wrong type. */
const EDGES: unknown[] = [
  undefined, null, "", "a", true, 0, -0, 1, -1, 1.5, NaN, Infinity, -Infinity, 1e15, -1e15, 1e15 * (1 + 2 ** -52), 1e-9, 1e-9 * (1 - 2 ** -52), 1e-10,
  2 ** 32 - 1, 2 ** 32, 0.5, [], {}, [1, 2], [[0, 0], [1, 0]], [[0, 0], [1, 0], [0, 1]], [[0, 0], [1, 0], [1, 1], [0, 1]], [[0, 0], [1, 1], [1, 0], [0, 1]],
  [[0, 0, 0], [1, 0], [0, 1]], [["0", 0], [1, 0], [0, 1]], [[0, 0], [1, 0], [2, 0]], [{ name: "k", type: "string", value: "v" }], "circle", "box", "capsule", "polygon", "chain", "ray",
  // Chains and concave outlines: one point, a repeat, a closing repeat, a dent, a bow tie.
  [[0, 0]], [[0, 0], [0, 0]], [[0, 0], [1, 0], [1, 0]], [[0, 0], [1, 0], [1, 1], [0, 0]], [[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]], [[0, 0], [2, 2], [2, 0], [0, 2]], "yes", "false",
];

const small = fc.integer({ min: -4, max: 4 });
const flag = fc.option(fc.boolean(), { nil: undefined });
const place = { x: fc.integer({ min: -50, max: 50 }), y: fc.double({ min: -1e3, max: 1e3, noNaN: true }), rotation: fc.option(fc.double({ min: -720, max: 720, noNaN: true }), { nil: undefined }), sensor: flag };
/** Points on a small grid: repeats, crossings, collinear runs and simple outlines all come up. */
const gridPoints = fc.array(fc.tuple(small, small), { maxLength: 9 });
/** A star-shaped outline (angles increasing): simple, mostly concave. */
const starPoints = fc.array(fc.double({ min: 0.3, max: 1, noNaN: true }), { minLength: 3, maxLength: 12 }).map((radii) =>
  radii.map((r, k): [number, number] => [10 * r * Math.cos((2 * Math.PI * k) / radii.length), 10 * r * Math.sin((2 * Math.PI * k) / radii.length)]));
const drop = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
/** Chains (open and closed, one-sided or not) and polygons that may be concave, sensor or not: valid or refused. */
const newKinds = fc.oneof(
  fc.record({ id: fc.constant("c"), type: fc.constant("chain"), ...place, points: fc.oneof(gridPoints, starPoints), closed: flag, oneSided: flag }).map(drop),
  fc.record({ id: fc.constant("p"), type: fc.constant("polygon"), ...place, points: fc.oneof(gridPoints, starPoints) }).map(drop),
);
/** Shapes of the first four kinds, some marked sensor. */
const withSensor = fc.tuple(anyShape("s"), flag).map(([shape, sensor]) => (sensor === undefined ? shape : { ...shape, sensor }));

const broken = fc.tuple(fc.oneof(withSensor, newKinds), fc.constantFrom(...FIELDS), fc.oneof(fc.constantFrom(...EDGES), fc.jsonValue()), fc.boolean()).map(([shape, field, value, remove]) => {
  // Removed: every field but that one.
  return remove ? Object.fromEntries(Object.entries(shape).filter(([key]) => key !== field)) : { ...shape, [field]: value };
});

function check(value: unknown): void {
  const fast = plainShape(value), schema = shapeSchema.safeParse(value);
  if (fast) {
    expect(schema.success, JSON.stringify(value)).toBe(true);
    expect(fast).toEqual(schema.data);
  } else if (schema.success) {
    // Refused only for what it leaves to the schema: custom properties.
    expect((value as { properties?: unknown }).properties, JSON.stringify(value)).toBeDefined();
  }
}

describe("plainShape: the schema's answer for plain shapes, without zod", () => {
  it("valid shapes of every kind, ordinary and extreme: accepted, as the schema outputs them", () => {
    fc.assert(fc.property(anyShape("s"), (s) => {
      expect(plainShape(s)).not.toBeNull();
      check(s);
    }), { seed: seedOf("plain shapes"), numRuns: 2000 });
    for (const kind of KINDS) fc.assert(fc.property(extremeShape(kind, "e"), check), { seed: seedOf(`plain shapes ${kind}`), numRuns: 300 });
  });

  it("chains and polygons that may be concave, sensors of every kind: accepted exactly when the schema accepts, as it outputs them", () => {
    let accepted = 0, refused = 0;
    fc.assert(fc.property(fc.oneof(newKinds, withSensor), (s) => {
      check(s);
      if (plainShape(s)) accepted++;
      else refused++;
    }), { seed: seedOf("plain shapes new kinds"), numRuns: 5000 });
    // Both sides must be exercised, or the property proves little.
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(500);
  });

  it("one field broken, removed or of the wrong type: never accepted where the schema refuses", () => {
    fc.assert(fc.property(broken, check), { seed: seedOf("plain shapes broken"), numRuns: 20000 });
  }, 30_000);

  it("a rotation left out is 0, the points are copies, unknown fields are kept, and the input is not changed", () => {
    const input = { id: "p", type: "polygon", x: 1, y: 2, points: [[0, 0], [4, 0], [0, 3]], note: { kept: true } };
    const before = JSON.stringify(input);
    const out = plainShape(input) as unknown as Record<string, unknown>;
    expect(out).toEqual({ ...input, rotation: 0 });
    expect(out.points).not.toBe(input.points);
    expect((out.points as unknown[])[0]).not.toBe(input.points[0]);
    expect(JSON.stringify(input)).toBe(before);
    // Not shapes at all.
    for (const v of [null, 3, "circle", [], [{ id: "a" }]]) expect(plainShape(v)).toBeNull();
  });

  it("a whole file: validateSceneData's scene is the schema's, whether every shape is plain or one is not", () => {
    const file = fc.record({
      shapes: fc.array(fc.tuple(anyShape("s"), fc.boolean()), { minLength: 1, maxLength: 8 }),
      probes: fc.boolean(),
      layers: fc.boolean(),
    }).map(({ shapes, probes, layers }) => ({
      format: "collider-studio-scene",
      version: 1,
      editor: { zoom: 2 },
      ...(layers ? { layers: [{ id: "a", name: "A" }] } : {}),
      ...(probes ? { probes: [{ id: "r", type: "ray", from: [0, 0], to: [1, 1] }] } : {}),
      // Ids made unique; some shapes with a custom property (not plain: the file goes to zod whole).
      shapes: shapes.map(([shape, custom], i) => ({ ...shape, id: `s${i}`, ...(layers ? { layer: "a" } : {}), ...(custom && i % 3 === 0 ? { properties: [{ name: "k", type: "number", value: 1 }] } : {}) })),
    }));
    fc.assert(fc.property(file, (data) => {
      const ours = validateSceneData(structuredClone(data)), schema = sceneSchema.safeParse(structuredClone(data));
      expect(ours.ok).toBe(true);
      expect(schema.success).toBe(true);
      // The schema's output, rotations brought into (−180, 180] as validateSceneData brings them.
      if (ours.ok) expect(ours.scene).toEqual({ ...schema.data, shapes: schema.data?.shapes.map(asRead) });
    }), { seed: seedOf("plain shapes files"), numRuns: 500 });
  });
});
