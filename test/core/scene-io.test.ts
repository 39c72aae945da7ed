// Scene format v1: reading (with located problems), canonical writing, and the convexity check.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptedScene, checkConvexPolygon, parseScene, serializeScene, validateSceneData, vec2, type Scene, type SceneProblem, type Vec2 } from "../../core/index";
import { anyShape, asRead, shapeOf } from "./arbitraries";

const HEADER = ['{', '  "format": "collider-studio-scene",', '  "version": 1,', '  "shapes": ['];

/** A scene file with one shape per line: shapes[i] is on line 5 + i. */
function fileWith(shapes: readonly string[]): string {
  return [...HEADER, ...shapes.map((s, i) => `    ${s}${i < shapes.length - 1 ? "," : ""}`), "  ]", "}", ""].join("\n");
}

/** 1-based line and column of the first `needle` on line `line` (counted independently of core). */
function at(text: string, line: number, needle: string): { line: number; column: number } {
  const lineText = text.split("\n")[line - 1];
  if (lineText === undefined) throw new Error(`no line ${line}`);
  const index = lineText.indexOf(needle);
  if (index < 0) throw new Error(`no ${needle} on line ${line}: ${lineText}`);
  return { line, column: index + 1 };
}

function problemsOf(text: string): readonly SceneProblem[] {
  const result = parseScene(text);
  if (result.ok) throw new Error("expected the scene to be refused");
  return result.problems;
}

/** The single problem of `text`, checked for path, location and message. */
function expectOneProblem(text: string, path: string, where: { line: number; column: number }, message: RegExp): void {
  const problems = problemsOf(text);
  expect(problems.map((p) => p.path)).toEqual([path]);
  expect({ line: problems[0]!.line, column: problems[0]!.column }).toEqual(where);
  expect(problems[0]!.message).toMatch(message);
}

const CIRCLE = '{ "id": "c", "type": "circle", "x": 1, "y": 2, "radius": 3 }';

describe("writing: canonical, byte-identical round trip", () => {
  const withEverything = `{
  "format": "collider-studio-scene",
  "version": 1,
  "editor": { "grid": 8, "snap": true, "layers": ["floor", "walls"], "camera": { "zoom": 1.5, "at": [10, -4] } },
  "shapes": [
    { "id": "ball", "type": "circle", "x": 10.5, "y": -3, "radius": 2, "tags": ["bouncy"], "meta": { "color": "#ff0000", "mass": 0.25 } },
    { "id": "crate", "type": "box", "x": 0, "y": 0, "rotation": 30, "width": 4, "height": 2.5, "group": "walls", "empty": {}, "none": null },
    { "id": "pill", "type": "capsule", "x": -7, "y": 1e-3, "rotation": -90, "radius": 1, "height": 5, "sensor": true },
    { "id": "gem", "type": "polygon", "x": 3, "y": 4, "rotation": 12.25, "points": [[0, -1], [1, 0], [0, 1], [-1, 0]], "material": { "name": "ice", "friction": [0.1, 0.05] } }
  ],
  "zz-last": "kept"
}
`;

  it("serialize → parse → serialize gives the same bytes, for all kinds with unknown fields", () => {
    const first = parseScene(withEverything);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const saved = serializeScene(first.scene);
    const again = parseScene(saved);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(serializeScene(again.scene)).toBe(saved);
    expect(saved.endsWith("}\n")).toBe(true);
  });

  it("keeps every unknown field, top-level and per shape, with its value", () => {
    const first = parseScene(withEverything);
    if (!first.ok) throw new Error("invalid");
    const saved = JSON.parse(serializeScene(first.scene));
    const original = JSON.parse(withEverything);
    expect(saved.editor).toEqual(original.editor);
    expect(saved["zz-last"]).toBe("kept");
    expect(saved.shapes[0].tags).toEqual(["bouncy"]);
    expect(saved.shapes[0].meta).toEqual({ color: "#ff0000", mass: 0.25 });
    expect(saved.shapes[1]).toMatchObject({ group: "walls", empty: {}, none: null });
    expect(saved.shapes[2].sensor).toBe(true);
    expect(saved.shapes[3].material).toEqual({ name: "ice", friction: [0.1, 0.05] });
    // And nothing else changed: the documents are equal as data (rotation 0 is the default).
    expect(saved).toEqual(original);
  });

  it("keeps unknown fields that happen to share a name with Object.prototype members", () => {
    const text = fileWith(['{ "id": "c", "type": "circle", "x": 0, "y": 0, "radius": 1, "constructor": "Crate", "toString": "x", "valueOf": 3 }']);
    const result = parseScene(text);
    if (!result.ok) throw new Error("invalid");
    const saved = JSON.parse(serializeScene(result.scene));
    expect(saved.shapes[0]).toMatchObject({ constructor: "Crate", toString: "x", valueOf: 3 });
  });

  it("normalises a hand-written file once, then is stable", () => {
    const hand = `{"shapes":[
  {"radius":2.0,"type":"circle","id":"a","y":20,"x":1e1,"rotation":0,"note":"hand made"},
  {"points":[[0,0],[2,0],[1,1.5]],"type":"polygon","id":"t","x":-1,"y":-2,"rotation":-45}
],
  "version":1,"format":"collider-studio-scene"}`;
    const first = parseScene(hand);
    if (!first.ok) throw new Error(JSON.stringify(first.problems));
    const saved = serializeScene(first.scene);
    expect(saved).toBe(`{
  "format": "collider-studio-scene",
  "version": 1,
  "shapes": [
    {
      "id": "a",
      "type": "circle",
      "x": 10,
      "y": 20,
      "radius": 2,
      "note": "hand made"
    },
    {
      "id": "t",
      "type": "polygon",
      "x": -1,
      "y": -2,
      "rotation": -45,
      "points": [
        [0, 0],
        [2, 0],
        [1, 1.5]
      ]
    }
  ]
}
`);
    const again = parseScene(saved);
    if (!again.ok) throw new Error("invalid");
    expect(serializeScene(again.scene)).toBe(saved);
  });

  it("a missing rotation reads as 0 and is not written out", () => {
    const result = parseScene(fileWith([CIRCLE, '{ "id": "b", "type": "box", "x": 0, "y": 0, "width": 1, "height": 1 }']));
    if (!result.ok) throw new Error("invalid");
    expect(result.scene.shapes.map((s) => s.rotation)).toEqual([0, 0]);
    expect(serializeScene(result.scene)).not.toContain("rotation");
  });

  it("rotations read in (−180, 180]: a file's 270 is −90 and is saved so, by every reader", () => {
    const rotations = [270, -180, 540, 190.5, -270, 180, -179.5, 360];
    const text = fileWith(rotations.map((r, i) => `{ "id": "b${i}", "type": "box", "x": 0, "y": 0, "rotation": ${r}, "width": 1, "height": 1 }`));
    const want = [-90, 180, 180, -169.5, 90, 180, -179.5, 0];
    const read = parseScene(text);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.scene.shapes.map((s) => s.rotation)).toEqual(want);
    expect(acceptedScene(JSON.parse(text)).shapes.map((s) => s.rotation)).toEqual(want);
    const saved = serializeScene(read.scene);
    expect(saved).toContain('"rotation": -90,');
    expect(saved).not.toMatch(/"rotation": (270|540|360|-180)/);
    // A whole turn is no turn, left out like any rotation 0.
    expect((JSON.parse(saved) as { shapes: object[] }).shapes[7]).not.toHaveProperty("rotation");
  });

  it("random valid scenes round-trip byte for byte", () => {
    const sceneArb = fc.array(anyShape("?"), { maxLength: 12 }).map(
      (shapes): Scene => ({ format: "collider-studio-scene", version: 1, shapes: shapes.map((s, i) => ({ ...asRead(s), id: `s${i}` })), probes: [] }),
    );
    fc.assert(
      fc.property(sceneArb, (scene) => {
        const saved = serializeScene(scene);
        const read = parseScene(saved);
        expect(read.ok, read.ok ? "" : JSON.stringify(read.problems)).toBe(true);
        if (!read.ok) return;
        expect(serializeScene(read.scene)).toBe(saved);
        expect(read.scene.shapes.length).toBe(scene.shapes.length);
      }),
      { seed: 20240611, numRuns: 200 },
    );
  });
});

describe("acceptedScene: validation's scene for data it accepts, without checking again", () => {
  // Files as other tools write them: optional fields left out (rotation, probes, probe names,
  // layers) and unknown fields anywhere.
  const optional = <T extends object>(value: T, drop: readonly (keyof T)[], which: readonly boolean[]): Record<string, unknown> =>
    Object.fromEntries(Object.entries(value).filter(([key]) => !drop.some((d, i) => which[i] && d === key)));
  const probeArb = fc.tuple(fc.constantFrom("ray", "sweep"), fc.boolean(), fc.boolean()).map(([type, named, extra]) =>
    optional({ type, name: "p", from: [0, 1], to: [2, 3], shape: "s0", ...(extra ? { note: "kept" } : {}) }, type === "ray" ? ["name", "shape"] : ["name", "from"], [!named, true]));
  const dataArb = fc
    .record({
      shapes: fc.array(fc.tuple(anyShape("?"), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 10 }),
      probes: fc.array(probeArb, { maxLength: 3 }),
      withProbes: fc.boolean(),
      withLayers: fc.boolean(),
      extra: fc.boolean(),
    })
    .map(({ shapes, probes, withProbes, withLayers, extra }) => ({
      format: "collider-studio-scene",
      version: 1,
      ...(withLayers ? { layers: [{ id: "a", name: "A" }, { id: "b", name: "B", visible: false }] } : {}),
      ...(extra ? { editor: { zoom: 2 } } : {}),
      shapes: shapes.map(([s, dropRotation, unknown], i) => ({
        ...optional(s, ["rotation"], [dropRotation]),
        id: `s${i}`,
        ...(withLayers ? { layer: i % 2 ? "a" : "b" } : {}),
        // Unknown fields on the shape and inside its properties (regression: a property's were dropped).
        ...(unknown ? { tag: [1, { deep: true }], properties: [{ name: "p", type: "number", value: i, unit: "m" }, { name: "q", type: "boolean", value: true }] } : {}),
      })),
      ...(withProbes ? { probes: probes.map((p, i) => ({ ...p, id: `p${i}` })) } : {}),
    }));

  it("equals validateSceneData's scene on random valid files", () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const text = JSON.stringify(data);
        const validated = validateSceneData(JSON.parse(text));
        expect(validated.ok, validated.ok ? "" : JSON.stringify(validated.problems)).toBe(true);
        if (!validated.ok) return;
        expect(acceptedScene(JSON.parse(text))).toStrictEqual(validated.scene);
        expect(serializeScene(acceptedScene(JSON.parse(text)))).toBe(serializeScene(validated.scene));
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it("fills the defaults of a minimal file: a rotation, the probes, a probe's name", () => {
    const data = { format: "collider-studio-scene", version: 1, shapes: [{ id: "c", type: "circle", x: 0, y: 0, radius: 1 }] };
    const validated = validateSceneData(structuredClone(data));
    expect(validated.ok && acceptedScene(structuredClone(data))).toStrictEqual(validated.ok && validated.scene);
    const probes = { ...data, probes: [{ id: "r", type: "ray", from: [0, 0], to: [1, 1] }] };
    const withProbes = validateSceneData(structuredClone(probes));
    expect(withProbes.ok && acceptedScene(structuredClone(probes))).toStrictEqual(withProbes.ok && withProbes.scene);
  });
});

describe("reading: every kind of problem, with its path, line and column", () => {
  it("not JSON: line and column of the first error", () => {
    const missingComma = '{\n  "format": "collider-studio-scene"\n  "version": 1,\n  "shapes": []\n}\n';
    const problems = problemsOf(missingComma);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: "", line: 3, column: 3 });
    expect(problems[0]!.message).toMatch(/not valid JSON/);

    const unterminated = '{\n  "format": "collider-studio-scene",\n  "version": 1,\n  "shapes": [ { "id": "a\n';
    expect(problemsOf(unterminated)[0]).toMatchObject(at(unterminated, 4, '"a'));

    const trailingComma = fileWith([CIRCLE]).replace("}\n  ]", "},\n  ]");
    expect(problemsOf(trailingComma)[0]).toMatchObject({ path: "", line: 6, column: 3 });

    expect(problemsOf("")[0]!.message).toMatch(/empty/);
  });

  it("a byte order mark before the JSON (Windows editors write one) is skipped: lines and columns count from after it", () => {
    const file = fileWith([CIRCLE]);
    expect(parseScene(`\uFEFF${file}`)).toEqual(parseScene(file));
    const missingComma = '\uFEFF{\n  "format": "collider-studio-scene"\n  "version": 1,\n  "shapes": []\n}\n';
    expect(problemsOf(missingComma)[0]).toMatchObject({ path: "", line: 3, column: 3 });
    // Only at the start: anywhere else it is a character JSON refuses.
    expect(problemsOf(` \uFEFF${file}`)[0]!.message).toMatch(/not valid JSON/);
  });

  it("another format", () => {
    const text = '{\n  "format": "tiled-map",\n  "version": 1,\n  "shapes": []\n}\n';
    expectOneProblem(text, "format", { line: 2, column: 3 }, /not a Collider Studio scene/);
  });

  it("no format at all", () => {
    expectOneProblem('{\n  "version": 1,\n  "shapes": []\n}\n', "format", { line: 1, column: 1 }, /missing/);
  });

  it("a newer version is refused with a message saying it is newer", () => {
    const text = '{\n  "format": "collider-studio-scene",\n  "version": 2,\n  "shapes": []\n}\n';
    expectOneProblem(text, "version", { line: 3, column: 3 }, /newer/);
  });

  it("an unknown older version, and a version that is not a whole number", () => {
    expectOneProblem('{\n  "format": "collider-studio-scene",\n  "version": 0,\n  "shapes": []\n}\n', "version", { line: 3, column: 3 }, /unknown version/);
    expectOneProblem('{\n  "format": "collider-studio-scene",\n  "version": "1",\n  "shapes": []\n}\n', "version", { line: 3, column: 3 }, /whole number/);
  });

  it("missing number: points at the shape that lacks it", () => {
    const text = fileWith([CIRCLE, '{ "id": "b", "type": "box", "y": 0, "width": 1, "height": 1 }']);
    expectOneProblem(text, "shapes[1].x", at(text, 6, "{"), /missing/);
  });

  it("non-finite number (1e999 reads as Infinity) and a number given as a string", () => {
    const inf = fileWith([CIRCLE, '{ "id": "b", "type": "box", "x": 0, "y": 1e999, "width": 1, "height": 1 }']);
    expectOneProblem(inf, "shapes[1].y", at(inf, 6, '"y"'), /finite/);
    const str = fileWith(['{ "id": "b", "type": "box", "x": "3", "y": 0, "width": 1, "height": 1 }']);
    expectOneProblem(str, "shapes[0].x", at(str, 5, '"x"'), /number/);
  });

  it.each([
    ['{ "id": "c", "type": "circle", "x": 0, "y": 0, "radius": 0 }', "shapes[0].radius", '"radius"'],
    ['{ "id": "b", "type": "box", "x": 0, "y": 0, "width": -2, "height": 1 }', "shapes[0].width", '"width"'],
    ['{ "id": "b", "type": "box", "x": 0, "y": 0, "width": 2, "height": 0 }', "shapes[0].height", '"height"'],
    ['{ "id": "k", "type": "capsule", "x": 0, "y": 0, "radius": -1, "height": 4 }', "shapes[0].radius", '"radius"'],
  ])("non-positive size: %s", (shape, path, key) => {
    const text = fileWith([shape]);
    expectOneProblem(text, path, at(text, 5, key), /^must be greater than 0$/);
  });

  it("a capsule shorter than its caps", () => {
    const text = fileWith([CIRCLE, '{ "id": "k", "type": "capsule", "x": 0, "y": 0, "radius": 2, "height": 3.5 }']);
    expectOneProblem(text, "shapes[1].height", at(text, 6, '"height"'), /2 × radius|caps/);
  });

  it("a capsule exactly as tall as its caps is fine", () => {
    expect(parseScene(fileWith(['{ "id": "k", "type": "capsule", "x": 0, "y": 0, "radius": 2, "height": 4 }'])).ok).toBe(true);
  });

  it("a concave polygon is read; a self-crossing one names its first two crossing edges", () => {
    // An arrow head: concave at point 2, and simple.
    expect(parseScene(fileWith(['{ "id": "p", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]] }'])).ok).toBe(true);
    // A bow tie: edge 1 (point 1 to 2) crosses edge 3 (point 3 back to 0).
    const text = fileWith(['{ "id": "p", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [4, 0], [0, 4], [4, 4]] }']);
    expectOneProblem(text, "shapes[0].points[1]", at(text, 5, "[4, 0]"), /edges 1 and 3 cross/);
  });

  it("a degenerate polygon: collinear points, a repeated point, too few points", () => {
    const collinear = fileWith(['{ "id": "p", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [1, 0], [2, 0]] }']);
    expect(problemsOf(collinear)[0]).toMatchObject({ path: expect.stringMatching(/^shapes\[0\]\.points\[\d\]$/) as unknown, line: 5 });
    expect(problemsOf(collinear)[0]!.message).toMatch(/edges 0 and 2 cross or touch/);

    const repeated = fileWith(['{ "id": "p", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [1, 0], [1, 0], [0, 1]] }']);
    expect(problemsOf(repeated)[0]!.path).toBe("shapes[0].points[2]");
    expect(problemsOf(repeated)[0]!.message).toMatch(/repeats/);

    const two = fileWith(['{ "id": "p", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [1, 0]] }']);
    expectOneProblem(two, "shapes[0].points", at(two, 5, '"points"'), /at least 3 points/);
  });

  it("duplicate ids: the second use is the problem", () => {
    const text = fileWith([CIRCLE, '{ "id": "k", "type": "capsule", "x": 0, "y": 0, "radius": 1, "height": 4 }', CIRCLE]);
    expectOneProblem(text, "shapes[2].id", at(text, 7, '"id"'), /duplicate id "c".*shapes\[0\]/);
  });

  it("unknown and missing shape type", () => {
    const text = fileWith([CIRCLE, '{ "id": "s", "type": "star", "x": 0, "y": 0 }']);
    expectOneProblem(text, "shapes[1].type", at(text, 6, '"type"'), /unknown shape type "star"/);
    const none = fileWith(['{ "id": "s", "x": 0, "y": 0 }']);
    expectOneProblem(none, "shapes[0].type", at(none, 5, "{"), /missing/);
  });

  it("several problems are reported together, in document order", () => {
    const text = fileWith([
      CIRCLE,
      '{ "id": "c", "type": "box", "x": 0, "y": 0, "width": 1, "height": 1 }',
      '{ "id": "k", "type": "capsule", "x": 0, "y": 0, "radius": 2, "height": 1 }',
      '{ "id": "s", "type": "star", "x": 0, "y": 0 }',
      '{ "id": "b", "type": "box", "y": 0, "width": 0, "height": 1 }',
      '{ "id": "p", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [4, 0], [0, 4], [4, 4]] }',
    ]);
    const problems = problemsOf(text);
    expect(problems.map((p) => p.path)).toEqual([
      "shapes[1].id",
      "shapes[2].height",
      "shapes[3].type",
      "shapes[4].x",
      "shapes[4].width",
      "shapes[5].points[1]",
    ]);
    for (const p of problems) expect(p.line).toBeGreaterThanOrEqual(6);
    const positions = problems.map((p) => p.line! * 1000 + p.column!);
    expect(positions).toEqual([...positions].sort((u, v) => u - v));
  });

  it("every problem inside one shape is reported at once, not only the first kind", () => {
    // Fixing x and running again must not reveal a problem that was already there.
    const capsule = fileWith(['{ "id": "k", "type": "capsule", "y": 0, "radius": 2, "height": 3 }']);
    expect(problemsOf(capsule).map((p) => p.path)).toEqual(["shapes[0].x", "shapes[0].height"]);
    const polygon = fileWith(['{ "id": "p", "type": "polygon", "x": 0, "points": [[0, 0], [4, 0], [0, 4], [4, 4]] }']);
    expect(problemsOf(polygon).map((p) => p.path)).toEqual(["shapes[0].y", "shapes[0].points[1]"]);
    // A point that is not a number: only its own problem, and no convexity check on bad points.
    const badPoint = fileWith(['{ "id": "p", "type": "polygon", "x": 0, "points": [[0, 0], ["a", 0], [4, 4]] }']);
    expect(problemsOf(badPoint).map((p) => p.path)).toEqual(["shapes[0].y", "shapes[0].points[1][0]"]);
    const badRadius = fileWith(['{ "id": "k", "type": "capsule", "x": 0, "y": 0, "radius": -2, "height": 1 }']);
    expect(problemsOf(badRadius).map((p) => p.path)).toEqual(["shapes[0].radius"]);
  });

  it("gridSize, the editor's grid cell: optional, a size up to 1e6, written after version (and tiledMap)", () => {
    const head = '{ "format": "collider-studio-scene", "version": 1, ';
    const read = parseScene(`${head}"gridSize": 16, "shapes": [] }`);
    expect(read.ok && read.scene.gridSize).toBe(16);
    if (!read.ok) return;
    expect(serializeScene(read.scene)).toBe('{\n  "format": "collider-studio-scene",\n  "version": 1,\n  "gridSize": 16,\n  "shapes": []\n}\n');
    expect(serializeScene({ ...read.scene, tiledMap: { src: "level.tmj" } }).indexOf('"gridSize"')).toBeGreaterThan(serializeScene({ ...read.scene, tiledMap: { src: "level.tmj" } }).indexOf('"tiledMap"'));
    // Absent stays absent: files without it read and write as before.
    const none = parseScene(`${head}"shapes": [] }`);
    expect(none.ok && none.scene.gridSize).toBeUndefined();
    expect(none.ok && serializeScene(none.scene)).not.toContain("gridSize");
    for (const [value, message] of [["0", /greater than 0/], ["-16", /greater than 0/], ["2e6", /at most 1000000/], ["1e-10", /between 1e-9 and 1e6/], ['"16"', /expected a number/]] as const) {
      const problems = problemsOf(`${head}"gridSize": ${value}, "shapes": [] }`);
      expect(problems.map((p) => p.path), value).toEqual(["gridSize"]);
      expect(problems[0]!.message, value).toMatch(message);
    }
  });

  it("exportOptions: optional, each format's options checked by path, written after gridSize, unknown keys kept", () => {
    const head = '{ "format": "collider-studio-scene", "version": 1, ';
    const read = parseScene(`${head}"exportOptions": { "box2d": { "pixelsPerMeter": 64 }, "defold": { "x": 1 } }, "gridSize": 8, "shapes": [] }`);
    expect(read.ok && read.scene.exportOptions).toEqual({ box2d: { pixelsPerMeter: 64 }, defold: { x: 1 } });
    if (!read.ok) return;
    expect(serializeScene(read.scene)).toBe('{\n  "format": "collider-studio-scene",\n  "version": 1,\n  "gridSize": 8,\n  "exportOptions": {\n    "box2d": {\n      "pixelsPerMeter": 64\n    },\n    "defold": {\n      "x": 1\n    }\n  },\n  "shapes": []\n}\n');
    // An empty one is not written.
    expect(serializeScene({ ...read.scene, exportOptions: {} })).not.toContain("exportOptions");
    for (const [value, path, message] of [
      ['{ "box2d": { "pixelsPerMeter": -1 } }', "exportOptions.box2d.pixelsPerMeter", /greater than 0/],
      ['{ "box2d": { "capsules": "pill" } }', "exportOptions.box2d.capsules", /expected "circles-and-box" or "polygon", got the string "pill"/],
      ['{ "phaser-matter": { "bodies": "world" } }', 'exportOptions["phaser-matter"].bodies', /expected "shape" or "layer"/],
      ['{ "godot3": { "rootName": " Level" } }', "exportOptions.godot3.rootName", /Godot node name/],
      ['{ "godot": { "rootName": "" } }', "exportOptions.godot.rootName", /must not be empty/],
      ['{ "tiled": "polygon" }', "exportOptions.tiled", /expected an object/],
    ] as const) {
      const problems = problemsOf(`${head}"exportOptions": ${value}, "shapes": [] }`);
      expect(problems.map((p) => p.path), value).toEqual([path]);
      expect(problems[0]!.message, value).toMatch(message);
    }
  });

  it("a document that is not an object, or has no shapes array", () => {
    expectOneProblem("[1, 2]\n", "", { line: 1, column: 1 }, /JSON object/);
    expectOneProblem('{\n  "format": "collider-studio-scene",\n  "version": 1\n}\n', "shapes", { line: 1, column: 1 }, /missing/);
  });

  it("validateSceneData without source text reports paths but no positions", () => {
    const result = validateSceneData({ format: "collider-studio-scene", version: 1, shapes: [{ id: "c", type: "circle", x: 0, y: 0, radius: -1 }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([{ path: "shapes[0].radius", message: "must be greater than 0" }]);
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(fileWith([CIRCLE])).map((t) => t.slice(0, 40))), (text) => {
        const result = parseScene(text);
        if (!result.ok) {
          expect(result.problems.length).toBeGreaterThan(0);
          for (const p of result.problems) expect(p.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it("never throws on a refused file nested thousands deep, and places its problems", () => {
    // Regression: the line and column lookup's tree overflowed the stack, and parseScene threw.
    // The lookup walks nesting with a stack of its own now: the problem has its line and column.
    let deep = "1";
    for (let i = 0; i < 20_000; i++) deep = `{"a":${deep}}`;
    const text = fileWith([`{ "id": "c", "type": "circle", "x": 0, "y": 0, "radius": -1, "deep": ${deep} }`]);
    expect(parseScene(text)).toEqual({ ok: false, problems: [{ path: "shapes[0].radius", message: "must be greater than 0", ...at(text, 5, "\"radius\"") }] });
  });
});

describe("checkConvexPolygon", () => {
  const pts = (list: [number, number][]): Vec2[] => list.map(([x, y]) => vec2(x, y));
  const square: [number, number][] = [[0, 0], [1, 0], [1, 1], [0, 1]];

  it("accepts either winding", () => {
    expect(checkConvexPolygon(pts(square))).toBeNull();
    expect(checkConvexPolygon(pts([...square].reverse()))).toBeNull();
    const hexagon = Array.from({ length: 6 }, (_, i): [number, number] => [Math.cos((i * Math.PI) / 3), Math.sin((i * Math.PI) / 3)]);
    expect(checkConvexPolygon(pts(hexagon))).toBeNull();
    expect(checkConvexPolygon(pts([...hexagon].reverse()))).toBeNull();
  });

  it("refuses a pentagram (every turn the same way, but it winds twice)", () => {
    const corner = (k: number): [number, number] => [Math.cos((2 * Math.PI * k) / 5), Math.sin((2 * Math.PI * k) / 5)];
    const star = [0, 2, 4, 1, 3].map(corner);
    expect(checkConvexPolygon(pts(star))?.kind).toBe("not-convex");
    expect(checkConvexPolygon(pts([...star].reverse()))?.kind).toBe("not-convex");
  });

  it("refuses collinear points, a duplicate point, a concave corner, too few or non-finite points", () => {
    expect(checkConvexPolygon(pts([[0, 0], [1, 0], [2, 0], [1, 1]]))).toMatchObject({ kind: "collinear", index: 1 });
    expect(checkConvexPolygon(pts([[0, 0], [1, 0], [1, 0], [0, 1]]))).toMatchObject({ kind: "duplicate-point", index: 2 });
    expect(checkConvexPolygon(pts([[0, 0], [0, 0], [0, 0]]))?.kind).toBe("duplicate-point");
    expect(checkConvexPolygon(pts([[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]]))).toMatchObject({ kind: "not-convex", index: 2 });
    expect(checkConvexPolygon(pts([[0, 0], [1, 0]]))?.kind).toBe("too-few-points");
    expect(checkConvexPolygon(pts([[0, 0], [1, Number.NaN], [0, 1]]))).toMatchObject({ kind: "non-finite", index: 1 });
  });

  it("accepts random convex hulls in either winding", () => {
    fc.assert(
      fc.property(shapeOf("polygon", "p"), (shape) => {
        if (shape.type !== "polygon") return;
        expect(checkConvexPolygon(shape.points.map(([x, y]) => vec2(x, y)))).toBeNull();
        expect(checkConvexPolygon([...shape.points].reverse().map(([x, y]) => vec2(x, y)))).toBeNull();
      }),
      { seed: 99, numRuns: 200 },
    );
  });
});

describe("numbers the core cannot work with are refused with their place", () => {
  const one = (shape: Record<string, unknown>) => JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [shape] });
  const problems = (text: string) => {
    const r = parseScene(text);
    return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
  };

  // What broke: a box 5e-324 wide validated, then its half-width rounded to 0 and `overlaps` failed
  // with an internal error; coordinates near 1e200 overflowed to NaN in the distance maths.
  it("sizes below 1e-9 or above 1e15, and coordinates beyond ±1e15", () => {
    expect(problems(one({ id: "t", type: "box", x: 0, y: 0, width: 5e-324, height: 1 }))).toEqual(["shapes[0].width: must be between 1e-9 and 1e15"]);
    expect(problems(one({ id: "t", type: "circle", x: 1e200, y: 0, radius: 1e200 }))).toEqual([
      "shapes[0].x: must be between -1e15 and 1e15",
      "shapes[0].radius: must be between 1e-9 and 1e15",
    ]);
    expect(problems(one({ id: "t", type: "circle", x: 0, y: 0, radius: 0 }))).toEqual(["shapes[0].radius: must be greater than 0"]);
    expect(problems(one({ id: "t", type: "circle", x: -1e15, y: 1e15, radius: 1e-9 }))).toEqual([]);
  });

  // What broke: a closed polyline (last point = first) was reported as "point 0 is collinear".
  it("a polygon that repeats its first point at the end says so", () => {
    expect(problems(one({ id: "t", type: "polygon", x: 0, y: 0, points: [[0, 0], [1, 0], [1, 1], [0, 0]] }))).toEqual(["shapes[0].points[0]: point 0 repeats point 3"]);
  });
});

describe("probes: rays and sweeps kept in the scene", () => {
  const BOX = '{ "id": "wall", "type": "box", "x": 0, "y": 0, "width": 2, "height": 2 }';
  const withProbes = (probes: readonly string[]) =>
    [...HEADER, `    ${BOX}`, "  ],", '  "probes": [', ...probes.map((p, i) => `    ${p}${i < probes.length - 1 ? "," : ""}`), "  ]", "}", ""].join("\n");

  it("read with defaults (no name reads as empty) and written canonically, byte for byte", () => {
    const text = withProbes([
      '{ "to": [5, 0], "type": "ray", "id": "r1", "from": [-5, 0], "name": "door" }',
      '{ "id": "s1", "type": "sweep", "shape": "wall", "to": [0, 10], "tag": "kept" }',
    ]);
    const parsed = parseScene(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.scene.probes).toEqual([
      { id: "r1", name: "door", type: "ray", from: [-5, 0], to: [5, 0] },
      { id: "s1", name: "", type: "sweep", shape: "wall", to: [0, 10], tag: "kept" },
    ]);
    const written = serializeScene(parsed.scene);
    // Known keys in order, an empty name left out, unknown fields kept.
    expect(written).toContain('"probes": [\n    {\n      "id": "r1",\n      "name": "door",\n      "type": "ray",\n      "from": [-5, 0],\n      "to": [5, 0]\n    },');
    expect(written).toContain('"id": "s1",\n      "type": "sweep",\n      "shape": "wall",\n      "to": [0, 10],\n      "tag": "kept"');
    const again = parseScene(written);
    expect(again.ok && serializeScene(again.scene)).toBe(written);
  });

  it("a file without probes reads an empty list and is written without the key", () => {
    const text = fileWith([CIRCLE]);
    const parsed = parseScene(text);
    expect(parsed.ok && parsed.scene.probes).toEqual([]);
    expect(parsed.ok && serializeScene(parsed.scene)).not.toContain("probes");
  });

  it("every probe problem at once, each with its path, line and column", () => {
    const text = withProbes([
      '{ "id": "r1", "type": "ray", "from": [0, "x"], "to": [1, 1] }',
      '{ "id": "s1", "type": "sweep", "shape": "ghost", "to": [0, 1] }',
      '{ "id": "r1", "type": "ray", "from": [0, 0], "to": [1, 1] }',
      '{ "id": "p", "type": "laser", "from": [0, 0] }',
      '{ "id": "s2", "type": "sweep", "to": [0, 1] }',
    ]);
    const problems = problemsOf(text);
    expect(problems.map((p) => `${p.path}@${p.line}: ${p.message}`)).toEqual([
      `probes[0].from[1]@8: ${problems[0]!.message}`,
      'probes[1].shape@9: no shape with id "ghost" in this scene',
      'probes[2].id@10: duplicate id "r1" (already used by probes[0])',
      `probes[3].type@11: ${problems[3]!.message}`,
      `probes[4].shape@12: ${problems[4]!.message}`,
    ]);
    expect(problems[0]!.message).toMatch(/number/);
    expect(problems[3]!.message).toMatch(/ray|sweep/);
    expect(problems[4]!.message).toMatch(/missing|string/i);
    expect(problems[1]).toMatchObject(at(text, 9, '"shape"'));
  });
});

describe("layers, collision layers, names and custom properties", () => {
  const canonical = `{
  "format": "collider-studio-scene",
  "version": 1,
  "layers": [
    {
      "id": "ground",
      "name": "Ground"
    },
    {
      "id": "hazards",
      "name": "Hazards",
      "visible": false,
      "locked": true
    }
  ],
  "collisionLayers": [
    {
      "bit": 1,
      "name": "world"
    },
    {
      "bit": 3,
      "name": "player"
    }
  ],
  "shapes": [
    {
      "id": "floor",
      "name": "Floor",
      "type": "box",
      "x": 0,
      "y": 0,
      "width": 10,
      "height": 1,
      "collisionLayer": 5,
      "collisionMask": 4294967295,
      "properties": [
        {
          "name": "surface",
          "type": "string",
          "value": "ice"
        },
        {
          "name": "friction",
          "type": "number",
          "value": 0.1
        },
        {
          "name": "oneWay",
          "type": "boolean",
          "value": true
        },
        {
          "name": "tint",
          "type": "color",
          "value": "#33aaff80"
        }
      ]
    },
    {
      "id": "spikes",
      "type": "circle",
      "layer": "hazards",
      "x": 3,
      "y": -2,
      "radius": 1
    }
  ]
}
`;

  it("read as written and written back byte for byte", () => {
    const parsed = parseScene(canonical);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.scene.layers).toEqual([{ id: "ground", name: "Ground" }, { id: "hazards", name: "Hazards", visible: false, locked: true }]);
    expect(parsed.scene.shapes[0]).toMatchObject({ name: "Floor", collisionLayer: 5, collisionMask: 0xffffffff });
    expect(parsed.scene.shapes[0]!.properties).toHaveLength(4);
    expect(parsed.scene.shapes[1]!.layer).toBe("hazards");
    expect(serializeScene(parsed.scene)).toBe(canonical);
  });

  it("defaults are left out when written: first layer, empty name, visible, unlocked, no properties", () => {
    const scene: Scene = {
      format: "collider-studio-scene", version: 1, probes: [],
      layers: [{ id: "a", name: "A", visible: true, locked: false }, { id: "b", name: "B" }],
      collisionLayers: [{ bit: 2, name: "two" }, { bit: 1, name: "one" }],
      shapes: [{ id: "c", type: "circle", x: 0, y: 0, rotation: 0, radius: 1, name: "", layer: "a", properties: [] }],
    };
    const text = serializeScene(scene);
    expect(text).not.toMatch(/"visible"|"locked"|"name": ""|"layer"|"properties"/);
    // Collision layers are written in bit order.
    expect(text.indexOf('"bit": 1')).toBeLessThan(text.indexOf('"bit": 2'));
    const again = parseScene(text);
    expect(again.ok && serializeScene(again.scene)).toBe(text);
  });

  it("a layer's colour is read, written after its flags, kept on the implicit layer, and refused unless #rrggbb", () => {
    const text = `{
  "format": "collider-studio-scene",
  "version": 1,
  "layers": [
    {
      "id": "layer-1",
      "name": "Layer 1",
      "color": "#3fb950"
    },
    {
      "id": "b",
      "name": "B",
      "locked": true,
      "color": "#AA00ff"
    }
  ],
  "shapes": []
}
`;
    const parsed = parseScene(text);
    expect(parsed.ok && parsed.scene.layers?.map((l) => l.color)).toEqual(["#3fb950", "#AA00ff"]);
    expect(parsed.ok && serializeScene(parsed.scene)).toBe(text);
    // The implicit layer with a colour is not implicit any more: written out.
    const implicit: Scene = { format: "collider-studio-scene", version: 1, probes: [], shapes: [], layers: [{ id: "layer-1", name: "Layer 1", color: "#123456" }] };
    expect(serializeScene(implicit)).toContain('"color": "#123456"');
    for (const bad of ['"red"', '"#33aaff80"', '"#abc"', "3"]) {
      const problems = problemsOf(text.replace('"#3fb950"', bad));
      expect(problems.map((p) => p.path)).toEqual(["layers[0].color"]);
      expect(problems[0]!.message).toMatch(bad === "3" ? /expected a string/ : /must be a colour "#rrggbb"/);
    }
  });

  it("a scene without layers has one implicit layer, and is written without the key", () => {
    const text = fileWith(['{ "id": "c", "type": "circle", "layer": "layer-1", "x": 1, "y": 2, "radius": 3 }']);
    const parsed = parseScene(text);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && serializeScene(parsed.scene)).not.toMatch(/layer/);
  });

  it("every problem at once, with its path and line", () => {
    const text = `{
  "format": "collider-studio-scene",
  "version": 1,
  "layers": [{ "id": "a", "name": "A" }, { "id": "a", "name": "again", "visible": "yes" }],
  "collisionLayers": [{ "bit": 0, "name": "zero" }, { "bit": 2, "name": "" }, { "bit": 2, "name": "dup" }],
  "shapes": [
    { "id": "c", "type": "circle", "layer": "nowhere", "x": 0, "y": 0, "radius": 1, "collisionLayer": 1.5, "collisionMask": -1 },
    { "id": "d", "type": "circle", "x": 0, "y": 0, "radius": 1, "properties": [
      { "name": "n", "type": "number", "value": "3" },
      { "name": "k", "type": "color", "value": "red" },
      { "name": "n", "type": "boolean", "value": false },
      { "name": "z", "type": "vector", "value": 1 },
      { "name": "", "type": "string", "value": "" }
    ] }
  ]
}`;
    const problems = problemsOf(text);
    const paths = problems.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining([
      "layers[1].id", "layers[1].visible",
      "collisionLayers[0].bit", "collisionLayers[1].name", "collisionLayers[2].bit",
      "shapes[0].layer", "shapes[0].collisionLayer", "shapes[0].collisionMask",
      "shapes[1].properties[0].value", "shapes[1].properties[1].value", "shapes[1].properties[2].name",
      "shapes[1].properties[3].type", "shapes[1].properties[4].name",
    ]));
    expect(problems.length).toBe(13);
    const byPath = new Map(problems.map((p) => [p.path, p]));
    expect(byPath.get("layers[1].id")!.message).toMatch(/duplicate layer id "a".*layers\[0\]/);
    expect(byPath.get("shapes[0].layer")!.message).toMatch(/no layer with id "nowhere"/);
    expect(byPath.get("shapes[0].layer")!.line).toBe(7);
    expect(byPath.get("shapes[0].collisionLayer")!.message).toMatch(/whole number/);
    expect(byPath.get("shapes[1].properties[1].value")!.message).toMatch(/#rrggbb/);
    expect(byPath.get("shapes[1].properties[1].value")!.line).toBe(10);
    expect(byPath.get("shapes[1].properties[2].name")!.message).toMatch(/duplicate property name "n"/);
    expect(byPath.get("shapes[1].properties[3].type")!.message).toMatch(/unknown property type "vector".*string, number, int, float, boolean, color, file, object, class/);
    expect(byPath.get("collisionLayers[2].bit")!.message).toMatch(/duplicate collision layer bit 2/);
  });

  it("a shape naming a layer in a scene without layers is refused", () => {
    const text = fileWith(['{ "id": "c", "type": "circle", "layer": "walls", "x": 1, "y": 2, "radius": 3 }']);
    expectOneProblem(text, "shapes[0].layer", at(text, 5, '"layer"'), /no layer with id "walls".*has no "layers"/);
  });

  it("an empty layers list is refused (a scene has at least one layer)", () => {
    const text = canonical.replace(/"layers": \[[\s\S]*?\n {2}\],/, '"layers": [],').replace(',\n      "layer": "hazards"', "");
    const problems = problemsOf(text);
    expect(problems.map((p) => p.path)).toEqual(["layers"]);
  });
});
