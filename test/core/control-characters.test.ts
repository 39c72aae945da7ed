// Control characters (U+0000–U+001F, U+007F) in ids, names and property names are refused by the
// scene format, each with its JSON path and which character: Tiled strips a NUL from a string, and
// Godot 3 drops a shape's whole __meta__ when one key holds one, so such a name never survives an
// export. Other unusual characters (C1 controls, line separators, emoji) are still names.
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScene, sceneJsonSchema, serializeScene, validateSceneData } from "../../core/index";
import { seedOf } from "./arbitraries";

const shape = (fields: object = {}) => ({ id: "a", type: "circle", x: 0, y: 0, radius: 1, ...fields });
const scene = (fields: object = {}) => ({ format: "collider-studio-scene", version: 1, shapes: [shape()], ...fields });

function problems(doc: object): { path: string; message: string }[] {
  const r = validateSceneData(JSON.parse(JSON.stringify(doc)));
  return r.ok ? [] : r.problems.map((p) => ({ path: p.path, message: p.message }));
}

const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), "\u007f"];
const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

describe("control characters in ids, names and property names", () => {
  it("every one of U+0000–U+001F and U+007F is refused in a shape id, with the path, the character and its place", () => {
    for (const c of CONTROLS) {
      expect(problems(scene({ shapes: [shape({ id: `ab${c}` })] }))).toEqual([{ path: "shapes[0].id", message: `must not hold control characters (U+0000 to U+001F, U+007F): ${hex(c)} at character 3` }]);
    }
  });

  it("each place a name or id is written, by its JSON path", () => {
    const nul = "x\u0000";
    const cases: [object, string][] = [
      [scene({ shapes: [shape({ name: nul })] }), "shapes[0].name"],
      [scene({ shapes: [shape({ properties: [{ name: nul, type: "string", value: "v" }] })] }), "shapes[0].properties[0].name"],
      [scene({ layers: [{ id: nul, name: "L" }], shapes: [] }), "layers[0].id"],
      [scene({ layers: [{ id: "l", name: "tab\there" }] }), "layers[0].name"],
      [scene({ layers: [{ id: "l", name: "L", properties: [{ name: "new\nline", type: "int", value: 1 }] }] }), "layers[0].properties[0].name"],
      [scene({ properties: [{ name: "\u001f", type: "boolean", value: true }] }), "properties[0].name"],
      [scene({ groups: [{ name: "World", properties: [{ name: "a\rb", type: "float", value: 1 }] }] }), "groups[0].properties[0].name"],
      [scene({ groups: [{ name: "Wor\u007fld" }] }), "groups[0].name"],
      [scene({ probes: [{ id: "r\u0001", type: "ray", from: [0, 0], to: [1, 1] }] }), "probes[0].id"],
      [scene({ probes: [{ id: "r", name: "ray\u0002", type: "ray", from: [0, 0], to: [1, 1] }] }), "probes[0].name"],
      [scene({ collisionLayers: [{ bit: 1, name: "world\u0000" }] }), "collisionLayers[0].name"],
      [scene({ images: [{ id: "sky\u0003", src: "sky.png", x: 0, y: 0 }] }), "images[0].id"],
    ];
    for (const [doc, path] of cases) {
      const found = problems(doc);
      expect(found.map((p) => p.path), path).toEqual([path]);
      expect(found[0]!.message).toMatch(/^must not hold control characters \(U\+0000 to U\+001F, U\+007F\): U\+00[0-7][0-9A-F] at character \d+$/);
    }
  });

  it("the problem comes with its line and column in the file", () => {
    const text = JSON.stringify(scene({ shapes: [shape(), shape({ id: "b", name: "x\u0000y" })] }), null, 2);
    const r = parseScene(text);
    if (r.ok) throw new Error("expected a refusal");
    const line = text.split("\n").findIndex((l) => l.includes('"x\\u0000y"')) + 1;
    expect(r.problems).toEqual([{ path: "shapes[1].name", message: "must not hold control characters (U+0000 to U+001F, U+007F): U+0000 at character 2", line, column: 7 }]);
  });

  it("a big file of plain shapes (checked without zod) refuses them too", () => {
    const shapes = Array.from({ length: 50 }, (_, i) => shape({ id: `s${i}`, x: i }));
    shapes[37] = shape({ id: "s37\u0000", x: 37 });
    shapes[12] = shape({ id: "s12", name: "line\nbreak", x: 12 });
    expect(problems(scene({ shapes })).map((p) => p.path)).toEqual(["shapes[12].name", "shapes[37].id"]);
  });

  it("other unusual characters are names: C1 controls, line separators, non-breaking spaces, emoji, quotes", () => {
    const names = ["\u0080\u0085\u009f", "a\u2028b\u2029", "\u00a0", "🚀 名前", 'say "hi"', "back\\slash", ""];
    const doc = scene({ shapes: names.map((name, i) => shape({ id: `id ${name} ${i}`, name, properties: [{ name: `${name}!`, type: "string", value: "\u0000 values may hold anything" }] })) });
    expect(problems(doc)).toEqual([]);
    const r = validateSceneData(JSON.parse(JSON.stringify(doc)));
    if (!r.ok) throw new Error("expected a valid scene");
    expect(parseScene(serializeScene(r.scene)).ok).toBe(true);
  });

  it("property: a name is accepted exactly when it holds no character below U+0020 and no U+007F", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 8 }), (name) => {
        const control = [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
        expect(problems(scene({ shapes: [shape({ name })] })).length > 0).toBe(control);
      }),
      { seed: seedOf("control characters"), numRuns: 500 },
    );
  });

  it("the published JSON Schema refuses them with a pattern, as a real validator reads it", () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(sceneJsonSchema());
    expect(validate(scene({ shapes: [shape({ name: "fine \u0085" })] }))).toBe(true);
    for (const doc of [scene({ shapes: [shape({ id: "a\u0000" })] }), scene({ shapes: [shape({ properties: [{ name: "\n", type: "string", value: "" }] })] }), scene({ layers: [{ id: "l", name: "\u007f" }] })]) {
      expect(validate(doc), JSON.stringify(doc)).toBe(false);
    }
  });
});
