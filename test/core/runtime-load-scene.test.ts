// The runtime package's zod-free loadScene (core/runtime/load-scene.ts) against the full validator
// it stands in for (parseScene, which the `/validate` entry and the command line use): on every
// file of collision fields, both accept it with the same shapes and probes, or both refuse it
// naming the same places, each of the runtime loader's problems word for word one of the full
// validator's. The full validator may add zod's follow-on problems to a value of the wrong type
// (an array id also "needs at least 1 items"): the runtime loader names the type alone. A newer
// file is the one difference: the package names itself and its version to update, not the editor.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScene, SCENE_VERSION } from "../../core/index";
import { loadScene } from "../../core/runtime/load-scene";
import { SceneLoadError } from "../../core/runtime/scene-error";
import { PACKAGE_VERSION } from "../../core/runtime/package-version";
import { loadScene as loadValidated } from "../../core/runtime/validate";

type Outcome = { ok: true; shapes: unknown; probes: unknown } | { ok: false; problems: unknown };

function outcome(load: (text: string) => { shapes: unknown; probes: unknown }, text: string): Outcome {
  try {
    const { shapes, probes } = load(text);
    return { ok: true, shapes, probes };
  } catch (e) {
    if (!(e instanceof SceneLoadError)) throw e;
    return { ok: false, problems: e.problems };
  }
}

/** Both loaders accept the text alike, or both refuse it at the same places, ours in the full validator's words. */
function expectAgreement(text: string): void {
  const ours = outcome(loadScene, text), full = outcome(loadValidated, text);
  if (ours.ok || full.ok) {
    expect(ours).toEqual(full);
    return;
  }
  const paths = (o: { problems: unknown }) => new Set((o.problems as { path: string }[]).map((p) => p.path));
  expect(paths(ours)).toEqual(paths(full));
  for (const p of ours.problems as object[]) expect(full.problems).toContainEqual(p);
}

const scene = (shapes: unknown[], probes?: unknown[]) => JSON.stringify({ format: "collider-studio-scene", version: 1, shapes, ...(probes ? { probes } : {}) }, null, 2);

const BAD: [string, string][] = [
  ["not JSON", "{ \"format\": "],
  ["wrong format", JSON.stringify({ format: "tiled", version: 1, shapes: [] })],
  ["missing radius", scene([{ id: "a", type: "circle", x: 0, y: 0 }])],
  ["negative width", scene([{ id: "a", type: "box", x: 0, y: 0, width: -1, height: 2 }])],
  ["short capsule", scene([{ id: "a", type: "capsule", x: 0, y: 0, radius: 2, height: 3 }])],
  ["crossing polygon", scene([{ id: "a", type: "polygon", x: 0, y: 0, points: [[0, 0], [1, 1], [1, 0], [0, 1]] }])],
  ["bad point", scene([{ id: "a", type: "chain", x: 0, y: 0, points: [[0, 0], [1, 2, 3]] }])],
  ["one-point chain", scene([{ id: "a", type: "chain", x: 0, y: 0, points: [[0, 0]] }])],
  ["unknown kind", scene([{ id: "a", type: "star", x: 0, y: 0 }])],
  ["duplicate ids", scene([{ id: "a", type: "circle", x: 0, y: 0, radius: 1 }, { id: "a", type: "circle", x: 1, y: 0, radius: 1 }])],
  ["fractional bits", scene([{ id: "a", type: "circle", x: 0, y: 0, radius: 1, collisionLayer: 1.5 }])],
  ["huge x", scene([{ id: "a", type: "circle", x: 1e16, y: 0, radius: 1 }])],
  ["huge rotation", scene([{ id: "a", type: "circle", x: 0, y: 0, radius: 1, rotation: -1e300 }])],
  ["control character in id", scene([{ id: "a\u0001", type: "circle", x: 0, y: 0, radius: 1 }])],
  ["sweep of no shape", scene([{ id: "a", type: "circle", x: 0, y: 0, radius: 1 }], [{ id: "p", type: "sweep", shape: "b", to: [0, 1] }])],
  ["ray without from", scene([], [{ id: "p", type: "ray", to: [0, 1] }])],
  ["unknown probe type", scene([], [{ id: "p", type: "beam" }])],
];

describe("loadScene without zod", () => {
  it.each(BAD)("refuses a file with %s in the command line's words", (_, text) => {
    const ours = outcome(loadScene, text);
    const cli = parseScene(text);
    expect(cli.ok).toBe(false);
    expect(ours).toEqual({ ok: false, problems: cli.ok ? [] : cli.problems });
  });

  it("names a newer file's version in its error, and the package and its version to update (both entries)", () => {
    const text = JSON.stringify({ format: "collider-studio-scene", version: SCENE_VERSION + 1, shapes: [] });
    const message = `1:35: version: version ${SCENE_VERSION + 1} is newer than @collider-studio/core ${PACKAGE_VERSION} reads (up to ${SCENE_VERSION}); update @collider-studio/core to ${SCENE_VERSION + 1}.0.0 or later to open it`;
    expect(() => loadScene(text)).toThrow(message);
    expect(() => loadValidated(text)).toThrow(message);
  });

  it("refuses an odd version as both entries do, in one message each (a fraction as the full validator words it; a huge one naming the package)", () => {
    const file = (version: unknown) => JSON.stringify({ format: "collider-studio-scene", version, shapes: [] });
    const cases: [unknown, string][] = [
      [1.5, "1:35: version: expected a whole number, got number 1.5"],
      [1e21, "1:35: version: version 1e+21 is newer than @collider-studio/core 1.0.0 reads (up to 1); update @collider-studio/core to open it"],
      ["2", '1:35: version: expected a whole number, got the string "2"'],
      [0, "1:35: version: unknown version 0: versions start at 1 (this build reads version 1)"],
    ];
    for (const [version, message] of cases) {
      for (const load of [loadScene, loadValidated]) expect(() => load(file(version))).toThrow(new SceneLoadError([{ path: "version", message: message.slice(15), line: 1, column: 35 }]));
    }
  });

  it("names a probe's bad coordinate by its index, as the full validator does", () => {
    expectAgreement(scene([], [{ id: "p", type: "ray", from: [0, 0], to: [0, 1e16] }]));
    expectAgreement(scene([], [{ id: "p", type: "ray", from: [1e16, "x"], to: [0, 1] }]));
    expect(() => loadScene(scene([], [{ id: "p", type: "ray", from: [0, 0], to: [0, 1e16] }]))).toThrow(/probes\[0\]\.to\[1\]: /);
  });

  it("says a rotation's limits in degrees, the Inspector's unit, in every loader's words alike", () => {
    const text = scene([{ id: "a", type: "box", x: 1e16, y: 0, width: 1, height: 1, rotation: 1e16 }]);
    const expected = [
      { path: "shapes[0].x", message: "must be between -1e15 and 1e15", line: 8, column: 7 },
      { path: "shapes[0].rotation", message: "must be between -1e15 and 1e15 degrees", line: 12, column: 7 },
    ];
    for (const load of [loadScene, loadValidated]) expect(outcome(load, text)).toEqual({ ok: false, problems: expected });
    const cli = parseScene(text);
    expect(cli.ok ? [] : cli.problems).toEqual(expected);
  });

  it("loads what the full validator loads, the same shapes and probes, and builds the world", () => {
    const text = scene([
      { id: "floor", type: "box", x: 0, y: 100, width: 400, height: 20, collisionLayer: 3, properties: [{ name: "k", type: "int", value: 2 }] },
      { id: "hill", type: "polygon", x: 0, y: 0, rotation: 270, points: [[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]] },
      { id: "coin", type: "circle", x: 5, y: 5, radius: 2, sensor: true },
    ], [{ id: "down", type: "ray", from: [-100, -50], to: [-100, 200] }]);
    const ours = loadScene(text), full = loadValidated(text);
    expect(ours.shapes).toEqual(full.shapes);
    expect(ours.probes).toEqual(full.probes);
    expect(ours.world.size).toBe(3);
    expect(ours.world.probe(ours.probes[0]!)).toMatchObject({ shape: "floor", point: { x: -100, y: 90 } });
  });

  // Seeded: a valid shape with one collision field replaced by an arbitrary JSON value.
  it("agrees with the full validator on shapes with any value in any collision field", () => {
    const base: Record<string, Record<string, unknown>> = {
      circle: { id: "s", type: "circle", x: 1, y: 2, radius: 3 },
      box: { id: "s", type: "box", x: 1, y: 2, width: 3, height: 4, rotation: 30 },
      capsule: { id: "s", type: "capsule", x: 1, y: 2, radius: 1, height: 4 },
      polygon: { id: "s", type: "polygon", x: 1, y: 2, points: [[0, 0], [3, 0], [0, 3]] },
      chain: { id: "s", type: "chain", x: 1, y: 2, points: [[0, 0], [3, 0], [3, 3]], closed: true },
    };
    const fields = ["id", "name", "layer", "class", "x", "y", "rotation", "radius", "width", "height", "points", "closed", "oneSided", "collisionLayer", "collisionMask", "sensor", "visible", "tiledId", "type"];
    const value = fc.oneof(fc.constant(undefined), fc.boolean(), fc.string({ maxLength: 3 }), fc.double({ noNaN: true }), fc.integer({ min: -3, max: 5 }),
      fc.array(fc.tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 })), { maxLength: 5 }), fc.constant(null), fc.constant(["a"]));
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(base)), fc.constantFrom(...fields), value, (kind, key, v) => {
        expectAgreement(scene([{ ...base[kind]!, [key]: v }]));
      }),
      { seed: 27, numRuns: 800 },
    );
  });

  // Seeded: a valid probe with one field replaced by an arbitrary JSON value (a mask's bits too).
  it("agrees with the full validator on probes with any value in any field", () => {
    const target = { id: "t", type: "circle", x: 0, y: 0, radius: 1 };
    const base: Record<string, Record<string, unknown>> = {
      ray: { id: "p", type: "ray", from: [0, -5], to: [0, 5], mask: 1 },
      sweep: { id: "p", type: "sweep", shape: "t", to: [3, 0], includeSensors: true },
    };
    const fields = ["id", "name", "type", "from", "to", "shape", "includeSensors", "mask"];
    const value = fc.oneof(fc.constant(undefined), fc.boolean(), fc.string({ maxLength: 3 }), fc.double({ noNaN: true }), fc.integer({ min: -3, max: 5 }),
      fc.constantFrom(0, 4294967295, 4294967296, 2.5), fc.tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 })), fc.constant(null), fc.constant(["a"]));
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(base)), fc.constantFrom(...fields), value, (kind, key, v) => {
        expectAgreement(scene([target], [{ ...base[kind]!, [key]: v }]));
      }),
      { seed: 2741, numRuns: 400 },
    );
    // A probe's mask is kept as written, and the world's probe sees only its layers.
    const layered = scene([{ id: "near", type: "box", x: 0, y: 10, width: 20, height: 2 }, { id: "far", type: "box", x: 0, y: 30, width: 20, height: 2, collisionLayer: 2 }],
      [{ id: "all", type: "ray", from: [0, 0], to: [0, 50] }, { id: "two", type: "ray", from: [0, 0], to: [0, 50], mask: 2 }, { id: "none", type: "ray", from: [0, 0], to: [0, 50], mask: 0 }]);
    const { world, probes } = loadScene(layered);
    expect(probes.map((p) => p.mask)).toEqual([undefined, 2, 0]);
    expect(probes.map((p) => world.probe(p)?.shape ?? null)).toEqual(["near", "far", null]);
  });

  // Seeded: whole documents where ids, layers and sweeps may clash or miss, and a shape may be
  // one the one-pass check leaves to the full diagnosis (properties, a crossing outline): the
  // loader answers as the full validator does, from text or from parsed JSON.
  it("agrees with the full validator on documents whose ids, layers and probes clash or miss", () => {
    const shape = fc.record({
      id: fc.constantFrom("a", "b", "c", "d"),
      layer: fc.option(fc.constantFrom("layer-1", "ground", "sky", ""), { nil: undefined }),
      kind: fc.constantFrom("circle", "box", "polygon", "crossing", "properties", "duplicate properties"),
      x: fc.integer({ min: -5, max: 5 }),
      rotation: fc.option(fc.constantFrom(0, 90, 270, -450), { nil: undefined }),
    }).map(({ id, layer, kind, x, rotation }) => {
      const at = { id, x, y: 0, ...(layer === undefined ? {} : { layer }), ...(rotation === undefined ? {} : { rotation }) };
      if (kind === "circle") return { ...at, type: "circle", radius: 1 };
      if (kind === "box") return { ...at, type: "box", width: 2, height: 1 };
      if (kind === "polygon") return { ...at, type: "polygon", points: [[0, 0], [2, 0], [1, 2]] };
      if (kind === "crossing") return { ...at, type: "polygon", points: [[0, 0], [1, 1], [1, 0], [0, 1]] };
      const properties = [{ name: "k", type: "int", value: 1 }, ...(kind === "duplicate properties" ? [{ name: "k", type: "int", value: 2 }] : [])];
      return { ...at, type: "circle", radius: 1, properties };
    });
    const probe = fc.oneof(
      fc.record({ id: fc.constantFrom("p", "q"), type: fc.constant("ray"), from: fc.constant([-9, 0]), to: fc.constant([9, 0]) }),
      fc.record({ id: fc.constantFrom("p", "q"), type: fc.constant("sweep"), shape: fc.constantFrom("a", "e"), to: fc.constant([0, 3]) }),
    );
    const layers = fc.option(fc.subarray([{ id: "layer-1", name: "One" }, { id: "ground", name: "Ground" }, { id: "ground", name: "Again" }], { minLength: 1 }), { nil: undefined });
    const byPath = (o: Outcome) => (o.ok ? o : { ok: false, problems: (o.problems as { path: string; message: string }[]).map((p) => `${p.path}: ${p.message}`).sort() });
    fc.assert(
      fc.property(fc.array(shape, { maxLength: 5 }), fc.option(fc.array(probe, { maxLength: 2 }), { nil: undefined }), layers, (shapes, probes, layerList) => {
        const text = JSON.stringify({ format: "collider-studio-scene", version: 1, ...(layerList ? { layers: layerList } : {}), shapes, ...(probes ? { probes } : {}) }, null, 2);
        const ours = outcome(loadScene, text), full = outcome(loadValidated, text);
        const parsed = outcome(() => loadScene(JSON.parse(text)), text);
        if (ours.ok || full.ok) expect(ours).toEqual(full);
        else for (const p of ours.problems as object[]) expect(full.problems).toContainEqual(p);
        expect(byPath(parsed)).toEqual(byPath(ours));
      }),
      { seed: 2711, numRuns: 600 },
    );
  });
});
