// The Godot exporter: golden files of the README example for Godot 4 and 3, each conversion with
// values worked by hand, hostile names read back with a strict reader of Godot's syntax
// (./tscn-reader.ts), and number writing as a property. godot3-physics.test.ts loads the Godot 3
// output in the real engine. UPDATE_GOLDEN=1 rewrites the golden files.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportGodot, planGodotScene, type GodotVersion } from "../../core/export/godot";
import { identifier, nodeName, UniqueNames } from "../../core/export/godot-names";
import { godotColor, godotNumber, godotReal, godotString } from "../../core/export/godot-variant";
import { parseScene } from "../../core/scene/io";
import type { Layer, Scene, Shape } from "../../core/scene/types";
import { changedLines, prop, readTscn, type Construct, type TscnSection, type TscnValue } from "./tscn-reader";

const HERE = dirname(fileURLToPath(import.meta.url));
const GOLDEN = join(HERE, "golden/godot");

function load(path: string): Scene {
  const r = parseScene(readFileSync(path, "utf8"));
  if (!r.ok) throw new Error(`${path}: ${JSON.stringify(r)}`);
  return r.scene;
}

/** A scene through the real validator, so every test scene is a valid one. */
function sceneOf(shapes: readonly object[], extra: object = {}): Scene {
  const r = parseScene(JSON.stringify({ format: "collider-studio-scene", version: 1, shapes, ...extra }));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

const nodes = (sections: readonly TscnSection[]) => sections.filter((s) => s.tag === "node");
const attr = (s: TscnSection, key: string) => s.attrs.get(key);
/** The property lines of the node named `name` (the first such node). */
function nodeLines(text: string, name: string): string[] {
  const block = text.trimEnd().split("\n\n").find((b) => b.startsWith(`[node name=${JSON.stringify(name)} `));
  if (!block) throw new Error(`no node ${name} in\n${text}`);
  return block.split("\n").slice(1);
}
function resourceLines(text: string, type: string): string[] {
  const block = text.trimEnd().split("\n\n").find((b) => b.startsWith(`[sub_resource type="${type}"`));
  if (!block) throw new Error(`no ${type} in\n${text}`);
  return block.split("\n").slice(1);
}

describe("golden files: the README example", () => {
  const scene = load(join(HERE, "fixtures/readme-example.json"));
  for (const version of [4, 3] as const) {
    it(`Godot ${version}`, () => {
      const text = exportGodot(scene, { version });
      const file = join(GOLDEN, `readme-example.godot${version}.tscn`);
      if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, "utf8"));
      expect(exportGodot(scene, { version })).toBe(text); // deterministic
      readTscn(text);
    });
  }
  it("Godot 4 is the default", () => {
    expect(exportGodot(scene)).toBe(exportGodot(scene, { version: 4 }));
  });
});

describe("conversions, worked by hand", () => {
  it("capsule height: total in Godot 4, between the cap centres in Godot 3", () => {
    const s = sceneOf([{ id: "c", type: "capsule", x: 0, y: 0, radius: 16, height: 64 }]);
    expect(resourceLines(exportGodot(s), "CapsuleShape2D")).toEqual(["radius = 16.0", "height = 64.0"]);
    expect(resourceLines(exportGodot(s, { version: 3 }), "CapsuleShape2D")).toEqual(["radius = 16.0", "height = 32.0"]); // 64 − 2·16
    const odd = sceneOf([{ id: "c", type: "capsule", x: 0, y: 0, radius: 2.5, height: 7.25 }]);
    expect(resourceLines(exportGodot(odd, { version: 3 }), "CapsuleShape2D")).toEqual(["radius = 2.5", "height = 2.25"]);
    const round = sceneOf([{ id: "c", type: "capsule", x: 0, y: 0, radius: 5, height: 10 }]);
    expect(resourceLines(exportGodot(round, { version: 3 }), "CapsuleShape2D")).toEqual(["radius = 5.0", "height = 0.0"]);
  });

  it("box: size in Godot 4, half extents in Godot 3", () => {
    const s = sceneOf([{ id: "b", type: "box", x: 0, y: 0, width: 3, height: 5 }]);
    expect(resourceLines(exportGodot(s), "RectangleShape2D")).toEqual(["size = Vector2(3, 5)"]);
    expect(resourceLines(exportGodot(s, { version: 3 }), "RectangleShape2D")).toEqual(["extents = Vector2( 1.5, 2.5 )"]);
  });

  it("circle: radius; its rotation is not written (circles ignore it)", () => {
    const s = sceneOf([{ id: "c", type: "circle", x: 10, y: -20.5, radius: 0.75, rotation: 30 }]);
    expect(resourceLines(exportGodot(s), "CircleShape2D")).toEqual(["radius = 0.75"]);
    expect(nodeLines(exportGodot(s), "c")).toEqual(["position = Vector2(10, -20.5)", 'shape = SubResource("CircleShape2D_c")', 'metadata/shape_id = "c"']);
    expect(nodeLines(exportGodot(s, { version: 3 }), "c")).toEqual(["position = Vector2( 10, -20.5 )", "shape = SubResource( 859557462 )", "__meta__ = {", '"shape_id": "c"', "}"]);
  });

  it("rotation: degrees clockwise become radians clockwise (both y-down); 0 and the origin are not written", () => {
    const cases: [number, string][] = [[90, "1.5707963267948966"], [30, "0.5235987755982988"], [-45, "-0.7853981633974483"], [180, "3.141592653589793"], [1, "0.017453292519943295"]];
    for (const [deg, rad] of cases) {
      const s = sceneOf([{ id: "b", type: "box", x: 0, y: 0, width: 1, height: 1, rotation: deg }]);
      expect(nodeLines(exportGodot(s), "b")).toEqual([`rotation = ${rad}`, 'shape = SubResource("RectangleShape2D_b")', 'metadata/shape_id = "b"']);
    }
  });

  it("polygon: points as given when their cross products are positive, else reversed keeping the first", () => {
    const ccw = sceneOf([{ id: "p", type: "polygon", x: 0, y: 0, points: [[0, 0], [4, 0], [0, 3]] }]); // (4,0)×(−4,3) = 12 > 0
    expect(resourceLines(exportGodot(ccw), "ConvexPolygonShape2D")).toEqual(["points = PackedVector2Array(0, 0, 4, 0, 0, 3)"]);
    const cw = sceneOf([{ id: "p", type: "polygon", x: 0, y: 0, points: [[0, 0], [0, 3], [4, 0], [4, -1.5]] }]);
    expect(resourceLines(exportGodot(cw), "ConvexPolygonShape2D")).toEqual(["points = PackedVector2Array(0, 0, 4, -1.5, 4, 0, 0, 3)"]);
    expect(resourceLines(exportGodot(cw, { version: 3 }), "ConvexPolygonShape2D")).toEqual(["points = PoolVector2Array( 0, 0, 4, -1.5, 4, 0, 0, 3 )"]);
  });

  it("collision bits go on the body, written only when not Godot's default 1", () => {
    const s = sceneOf([
      { id: "a", type: "circle", x: 0, y: 0, radius: 1, collisionLayer: 5, collisionMask: 2147483648 },
      { id: "b", type: "circle", x: 0, y: 0, radius: 1, collisionLayer: 4294967295, collisionMask: 0 },
      { id: "c", type: "circle", x: 0, y: 0, radius: 1 },
    ]);
    const text = exportGodot(s);
    expect(nodeLines(text, "Layer 1 (collision_layer 5, collision_mask 2147483648)")).toEqual(["collision_layer = 5", "collision_mask = 2147483648"]); // bits 1 and 3; bit 32
    expect(nodeLines(text, "Layer 1 (collision_layer 4294967295, collision_mask 0)")).toEqual(["collision_layer = 4294967295", "collision_mask = 0"]);
    expect(nodeLines(text, "Layer 1")).toEqual([]); // the default bits' body keeps the layer's name
  });

  it("one body per (layer, collision layer, mask), layers bottom first, shapes in scene order", () => {
    const s = sceneOf(
      [
        { id: "t1", type: "circle", x: 0, y: 0, radius: 1, layer: "top" },
        { id: "g1", type: "circle", x: 0, y: 0, radius: 1, collisionMask: 3 },
        { id: "g2", type: "circle", x: 0, y: 0, radius: 1 },
        { id: "g3", type: "circle", x: 0, y: 0, radius: 1, collisionMask: 3 },
        { id: "t2", type: "circle", x: 0, y: 0, radius: 1, layer: "top" },
      ],
      { layers: [{ id: "ground", name: "Ground" }, { id: "empty", name: "Empty" }, { id: "top", name: "Top" }] },
    );
    const plan = planGodotScene(s);
    expect(plan.bodies.map((b) => [b.name, b.collisionMask, b.shapes.map((n) => n.name)])).toEqual([
      ["Ground (collision_layer 1, collision_mask 3)", 3, ["g1", "g3"]],
      ["Ground", 1, ["g2"]],
      ["Top", 1, ["t1", "t2"]],
    ]);
    const sections = nodes(readTscn(exportGodot(s)));
    expect(sections.map((n) => [attr(n, "name"), attr(n, "parent")])).toEqual([
      ["Colliders", undefined],
      ["Ground (collision_layer 1, collision_mask 3)", "."], ["g1", "Ground (collision_layer 1, collision_mask 3)"], ["g3", "Ground (collision_layer 1, collision_mask 3)"],
      ["Ground", "."], ["g2", "Ground"],
      ["Top", "."], ["t1", "Top"], ["t2", "Top"],
    ]);
  });

  it("a layer needing several bodies names all but the default bits' one after the layer and its bits, never after another editor layer", () => {
    const s = sceneOf(
      [
        { id: "a", type: "circle", x: 0, y: 0, radius: 1, layer: "one", collisionLayer: 2 },
        { id: "b", type: "circle", x: 0, y: 0, radius: 1, layer: "one" },
        { id: "c", type: "circle", x: 0, y: 0, radius: 1, layer: "two" },
        { id: "d", type: "circle", x: 0, y: 0, radius: 1, layer: "two", sensor: true },
      ],
      { layers: [{ id: "one", name: "Layer 1" }, { id: "two", name: "Layer 2" }] },
    );
    const plan = planGodotScene(s);
    expect(plan.bodies.map((b) => [b.name, b.layer.id, b.shapes.map((n) => n.name)])).toEqual([
      ["Layer 1 (collision_layer 2, collision_mask 1)", "one", ["a"]],
      ["Layer 1", "one", ["b"]],
      ["Layer 2", "two", ["c"]],
      ["Layer 2 Sensors", "two", ["d"]],
    ]);
    for (const version of [4, 3] as const) {
      const read = nodes(readTscn(exportGodot(s, { version })));
      expect(read.map((n) => attr(n, "name"))).toEqual(["Colliders", ...plan.bodies.flatMap((b) => [b.name, ...b.shapes.map((n) => n.name)])]);
      for (const body of read.filter((n) => attr(n, "parent") === ".")) {
        const name = String(attr(body, "name"));
        expect(nodeName(name, "x", "x")).toBe(name); // already a valid node name
      }
    }
  });

  it("hidden layers: visible = false on the body (physics ignores it); locked layers: the editor's lock", () => {
    const s = sceneOf([{ id: "a", type: "circle", x: 0, y: 0, radius: 1 }], { layers: [{ id: "l", name: "L", visible: false, locked: true }] });
    expect(nodeLines(exportGodot(s), "L")).toEqual(["visible = false", "metadata/_edit_lock_ = true"]);
    expect(nodeLines(exportGodot(s, { version: 3 }), "L")).toEqual(["visible = false", '__meta__ = {', '"_edit_lock_": true', "}"]);
  });

  it("custom properties: metadata/<identifier> in Godot 4, one __meta__ dictionary in Godot 3", () => {
    const s = sceneOf([{
      id: "a", type: "circle", x: 0, y: 0, radius: 1,
      properties: [
        { name: "surface", type: "string", value: "ice" },
        { name: "friction", type: "number", value: 3 },
        { name: "tiny", type: "number", value: 1.5e-7 },
        { name: "solid", type: "boolean", value: false },
        { name: "tint", type: "color", value: "#33aaff" },
        { name: "glass", type: "color", value: "#ff000080" },
        { name: "my key", type: "string", value: "" },
        { name: "my_key", type: "string", value: "x" },
        { name: "3d", type: "boolean", value: true },
      ],
    }]);
    expect(nodeLines(exportGodot(s), "a").slice(1)).toEqual([
      'metadata/shape_id = "a"',
      'metadata/surface = "ice"',
      "metadata/friction = 3.0",
      "metadata/tiny = 0.00000015",
      "metadata/solid = false",
      "metadata/tint = Color(0.2, 0.6666666666666666, 1, 1)", // 0x33 / 255, 0xaa / 255
      "metadata/glass = Color(1, 0, 0, 0.5019607843137255)", // 0x80 / 255
      'metadata/my_key = ""',
      'metadata/my_key2 = "x"',
      "metadata/_d = true", // Godot's validate_identifier: a leading digit becomes "_"
    ]);
    expect(nodeLines(exportGodot(s, { version: 3 }), "a").slice(1)).toEqual([
      "__meta__ = {",
      '"shape_id": "a",',
      '"surface": "ice",',
      '"friction": 3.0,',
      '"tiny": 0.00000015,',
      '"solid": false,',
      '"tint": Color( 0.2, 0.6666666666666666, 1, 1 ),',
      '"glass": Color( 1, 0, 0, 0.5019607843137255 ),',
      '"my key": "",',
      '"my_key": "x",',
      '"3d": true',
      "}",
    ]);
  });

  it("concave polygon: a CollisionPolygon2D with the outline as given (build mode solids, the default), no shape resource; convex ones stay ConvexPolygonShape2D", () => {
    const outline = [[0, 0], [100, 0], [100, 100], [50, 30], [0, 100]];
    for (const version of [4, 3] as const) {
      const text = exportGodot(sceneOf([{ id: "cave", type: "polygon", x: 10, y: 20, rotation: 90, points: outline }, { id: "tri", type: "polygon", x: 0, y: 0, points: [[0, 0], [10, 0], [0, 10]] }]), { version });
      const cave = nodes(readTscn(text)).find((n) => attr(n, "name") === "cave")!;
      expect(attr(cave, "type")).toBe("CollisionPolygon2D");
      expect(nodeLines(text, "cave")).toEqual([`position = Vector2${version === 4 ? "(10, 20)" : "( 10, 20 )"}`, "rotation = 1.5707963267948966", `polygon = ${version === 4 ? "PackedVector2Array(0, 0, 100, 0, 100, 100, 50, 30, 0, 100)" : "PoolVector2Array( 0, 0, 100, 0, 100, 100, 50, 30, 0, 100 )"}`, ...(version === 4 ? ['metadata/shape_id = "cave"'] : ["__meta__ = {", '"shape_id": "cave"', "}"])]);
      expect(text.match(/\[sub_resource /g)?.length).toBe(1);
      expect(resourceLines(text, "ConvexPolygonShape2D").length).toBe(1);
    }
  });

  it("chain: one SegmentShape2D node per edge (closing edge last), at the edge's first point, turned along it, from (0, 0) to (length, 0)", () => {
    const scene = sceneOf([{ id: "ridge", name: "Ridge", type: "chain", x: 100, y: 50, rotation: 90, closed: true, points: [[0, 0], [30, 40], [0, 40]] }]);
    const plan = planGodotScene(scene);
    expect(plan.bodies[0]!.shapes.map((n) => [n.name, n.edge])).toEqual([["Ridge", 0], ["Ridge2", 1], ["Ridge3", 2]]);
    const text = exportGodot(scene);
    const read = readTscn(text);
    const segs = read.filter((s) => s.tag === "sub_resource");
    expect(segs.map((s) => attr(s, "type"))).toEqual(["SegmentShape2D", "SegmentShape2D", "SegmentShape2D"]);
    expect(segs.map((s) => prop(s, "b"))).toEqual([50, 30, 40].map((len) => ({ ctor: "Vector2", args: [len, 0] })));
    // Edge 0 runs (0,0)→(30,40): turned 90° + atan2(40, 30); its first point is the shape's origin.
    const first = nodes(read).find((n) => attr(n, "name") === "Ridge")!;
    expect(prop(first, "position")).toEqual({ ctor: "Vector2", args: [100, 50] });
    expect(prop(first, "rotation")).toBeCloseTo(Math.PI / 2 + Math.atan2(40, 30), 12);
    // Edge 1 runs (30,40)→(0,40): from (100 − 40, 50 + 30) pointing left, turned 90° more: up on screen.
    const second = nodes(read).find((n) => attr(n, "name") === "Ridge2")!;
    const position = prop(second, "position") as Construct;
    expect(position.args[0]).toBeCloseTo(60, 12);
    expect(position.args[1]).toBeCloseTo(80, 12);
    expect(prop(second, "rotation")).toBeCloseTo(Math.PI / 2 + Math.PI, 12);
    expect(text).not.toContain("one_way_collision");
  });

  it("one-sided chain: one_way_collision on each edge node, whose local −y (Godot's one-way side) is the edge's normal (dy, −dx)", () => {
    const points = [[-60, 10], [0, 0], [50, 20], [80, -30]] as const;
    const scene = sceneOf([{ id: "p", type: "chain", x: 5, y: 7, rotation: 33, oneSided: true, points }]);
    const text = exportGodot(scene, { version: 3 });
    const edges = nodes(readTscn(text)).filter((n) => attr(n, "type") === "CollisionShape2D");
    expect(edges.length).toBe(3);
    const turn = (33 * Math.PI) / 180;
    edges.forEach((node, i) => {
      expect(prop(node, "one_way_collision")).toBe(true);
      const [px, py] = points[i]!, [qx, qy] = points[i + 1]!;
      // The edge's normal in the world: (dy, −dx) of the turned edge.
      const dx = Math.cos(turn) * (qx - px) - Math.sin(turn) * (qy - py), dy = Math.sin(turn) * (qx - px) + Math.cos(turn) * (qy - py);
      const len = Math.hypot(dx, dy);
      // The node's local −y turned by its rotation r: (sin r, −cos r).
      const r = prop(node, "rotation") as number;
      expect(Math.sin(r)).toBeCloseTo(dy / len, 12);
      expect(-Math.cos(r)).toBeCloseTo(-dx / len, 12);
    });
  });

  it("sensors: an Area2D per (layer, bits) named after the layer with \" Sensors\", keeping the bits; a one-sided sensor edge gets no one_way_collision (an Area2D ignores it)", () => {
    const scene = sceneOf([
      { id: "floor", type: "box", x: 0, y: 0, width: 10, height: 10 },
      { id: "coin", type: "circle", x: 0, y: 0, radius: 5, sensor: true, collisionLayer: 4, collisionMask: 2 },
      { id: "wire", type: "chain", x: 0, y: 0, points: [[0, 0], [10, 0]], oneSided: true, sensor: true, collisionLayer: 4, collisionMask: 2 },
    ], { layers: [{ id: "l", name: "Ground" }] });
    const plan = planGodotScene(scene);
    expect(plan.bodies.map((b) => [b.name, b.type, b.collisionLayer, b.collisionMask, b.shapes.map((n) => n.shape.id)])).toEqual([
      ["Ground", "StaticBody2D", 1, 1, ["floor"]],
      ["Ground Sensors", "Area2D", 4, 2, ["coin", "wire"]],
    ]);
    for (const version of [4, 3] as const) {
      const text = exportGodot(scene, { version });
      expect(nodeLines(text, "Ground Sensors")).toEqual(["collision_layer = 4", "collision_mask = 2"]);
      expect(nodes(readTscn(text)).find((n) => attr(n, "name") === "Ground Sensors")!.attrs.get("type")).toBe("Area2D");
      expect(text).not.toContain("one_way_collision");
    }
  });

  it("an empty scene is the root alone, without load_steps", () => {
    expect(exportGodot(sceneOf([]))).toBe('[gd_scene format=3]\n\n[node name="Colliders" type="Node2D"]\n');
    expect(exportGodot(sceneOf([]), { version: 3, rootName: "My/Level.1" })).toBe('[gd_scene format=2]\n\n[node name="My_Level_1" type="Node2D"]\n');
    expect(exportGodot(sceneOf([]), { rootName: " " })).toContain('[node name="Colliders" type="Node2D"]');
  });
});

describe("numbers", () => {
  it("by hand: no exponent, no -0, floats keep a point", () => {
    expect(godotNumber(1e-9)).toBe("0.000000001");
    expect(godotNumber(-1.25e-7)).toBe("-0.000000125");
    expect(godotNumber(1e21)).toBe("1000000000000000000000");
    expect(godotNumber(1.5e300).length).toBe(301);
    expect(godotNumber(-0)).toBe("0");
    expect(godotNumber(NaN)).toBe("0");
    expect(godotNumber(0.1)).toBe("0.1");
    expect(godotReal(24)).toBe("24.0");
    expect(godotReal(-0)).toBe("0.0");
    expect(godotReal(2.5)).toBe("2.5");
  });

  it("every double reads back exactly and matches Godot's number grammar", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const s = godotNumber(x);
      expect(s).toMatch(/^-?\d+(\.\d+)?$/);
      expect(Number(s)).toBe(x === 0 ? 0 : x);
      expect(Number(godotReal(x))).toBe(x === 0 ? 0 : x);
    }), { seed: 20240611, numRuns: 2000 });
  });

  it("colors: components over 255, alpha 1 when absent", () => {
    expect(godotColor("#000000", 4)).toBe("Color(0, 0, 0, 1)");
    expect(godotColor("#ffffff00", 3)).toBe("Color( 1, 1, 1, 0 )");
  });
});

describe("names and strings", () => {
  it("strings: quotes, backslashes and control characters escaped; other text as is", () => {
    expect(godotString('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
    expect(godotString("1\n2\r3\t4\u00015")).toBe('"1\\n2\\r3\\t4\\u00015"');
    expect(godotString("ünï 🚀 [x] = y")).toBe('"ünï 🚀 [x] = y"');
  });

  it("node names: . : @ / \" % and control characters become _, blank falls back", () => {
    expect(nodeName('a.b:c@d/e"f%g', "id", "Shape")).toBe("a_b_c_d_e_f_g");
    expect(nodeName("line\nbreak\\", "id", "Shape")).toBe("line_break\\");
    expect(nodeName("  ", "id", "Shape")).toBe("id");
    expect(nodeName(undefined, "", "Shape")).toBe("Shape");
    expect(nodeName("..", "id", "Shape")).toBe("__");
  });

  it("unique names count up as Godot does", () => {
    const u = new UniqueNames();
    expect(["Box", "Box", "Box2", "Box", "Wall7", "Wall7", "box"].map((n) => u.take(n))).toEqual(["Box", "Box2", "Box3", "Box4", "Wall7", "Wall8", "box"]);
  });

  it("metadata identifiers follow Godot's validate_identifier", () => {
    expect(identifier("")).toBe("_");
    expect(identifier("a-b c")).toBe("a_b_c");
    expect(identifier("9lives")).toBe("_lives");
    expect(identifier("🚀x")).toBe("_x"); // one code point, one "_"
  });
});

describe("hostile names", () => {
  const HOSTILE = ['say "hi"', "back\\slash", "new\nline", "tab\there", "a.b:c@d/e%f", "..", "", "   ", "dup", "dup", "dup", "dup2", "🚀 ünï", "[x] = y", "@", "\u0000nul"];
  const LAYERS: Layer[] = [{ id: "l1", name: 'Lay"er/1' }, { id: "l2", name: "Lay_er_1" }, { id: "l3", name: "" }, { id: "l4", name: "\n" }];
  const shapes: Shape[] = HOSTILE.map((name, i) => ({
    id: `id ${i} "${name}"`, name, type: "box", x: i, y: 0, width: 1, height: 1, rotation: 0, layer: LAYERS[i % LAYERS.length]!.id,
    properties: [{ name: `k:${name}`, type: "string", value: name }, { name: `${name}!`, type: "number", value: i + 0.5 }],
  }));
  const scene: Scene = { format: "collider-studio-scene", version: 1, shapes, probes: [], layers: LAYERS };

  it("is a valid scene but for its control characters, which the format refuses and the exporter still copes with (the test means something)", () => {
    const r = parseScene(JSON.stringify(scene));
    const problems = r.ok ? [] : r.problems.map((p) => p.message);
    expect(problems.length).toBeGreaterThan(0);
    for (const m of problems) expect(m).toMatch(/^must not hold control characters/);
  });

  for (const version of [4, 3] as const) {
    it(`Godot ${version}: the file parses, names are valid and unique, values read back exactly`, () => {
      const text = exportGodot(scene, { version });
      const sections = readTscn(text);
      expect(sections[0]!.tag).toBe("gd_scene");
      const all = nodes(sections);
      const names = all.map((n) => attr(n, "name"));
      for (const name of names) {
        expect(typeof name).toBe("string");
        // eslint-disable-next-line no-control-regex
        expect(name).not.toMatch(/[.:@/"%\u0000-\u001f]|^\s|\s$|^$/);
      }
      // Parents exist; siblings unique (all Godot needs: shapes of two bodies may share a name).
      const paths = new Set<TscnValue | undefined>(["."]);
      for (const n of all.slice(1)) {
        expect(paths.has(attr(n, "parent"))).toBe(true);
        if (attr(n, "parent") === ".") paths.add(attr(n, "name"));
      }
      const shapeNodes = all.filter((n) => attr(n, "type") === "CollisionShape2D");
      const shapeNames = shapeNodes.map((n) => attr(n, "name"));
      expect(new Set(shapeNodes.map((n) => `${String(attr(n, "parent"))}/${String(attr(n, "name"))}`)).size).toBe(HOSTILE.length);
      const bodyNames = all.filter((n) => attr(n, "type") === "StaticBody2D").map((n) => attr(n, "name"));
      expect(bodyNames).toEqual(["Lay_er_1_l1", "Lay_er_1_l2", "l3", "_"]); // two layers named alike: told apart by their ids; "\n" is not blank, it becomes "_"
      // Every shape is there, in plan order, with its metadata intact.
      const plan = planGodotScene(scene);
      const planned = plan.bodies.flatMap((b) => b.shapes);
      expect(shapeNames).toEqual(planned.map((p) => p.name));
      const shapeSections = all.filter((n) => attr(n, "type") === "CollisionShape2D");
      planned.forEach(({ shape }, k) => {
        const s = shapeSections[k]!;
        const name = shape.name!;
        if (version === 3) {
          const meta = prop(s, "__meta__") as ReadonlyMap<TscnValue, TscnValue>;
          expect([...meta.entries()]).toEqual([["shape_id", shape.id], [`k:${name}`, name], [`${name}!`, Number(shape.x) + 0.5]]);
        } else {
          const meta = s.props.filter(([k]) => k.startsWith("metadata/"));
          expect(meta.map(([, v]) => v)).toEqual([shape.id, name, Number(shape.x) + 0.5]);
          for (const [k] of meta) expect(k).toMatch(/^metadata\/[A-Za-z_][A-Za-z0-9_]*$/);
        }
      });
      // Sub-resources: unique ids, every reference resolves.
      const ids = sections.filter((x) => x.tag === "sub_resource").map((x) => attr(x, "id"));
      expect(new Set(ids).size).toBe(HOSTILE.length);
      for (const s of shapeSections) {
        const ref = prop(s, "shape") as { ctor: string; args: TscnValue[] };
        expect(ref.ctor).toBe("SubResource");
        expect(ids).toContain(ref.args[0]);
      }
    });
  }

  it("the root name option is sanitized the same way", () => {
    for (const version of [4, 3] as GodotVersion[]) {
      const root = nodes(readTscn(exportGodot(scene, { version, rootName: 'a"b\\c\nd' })))[0]!;
      expect(attr(root, "name")).toBe("a_b\\c_d");
    }
  });
});

describe("stable names and ids: game code finds a collider again after a re-export", () => {
  const coins = [1, 2, 3, 4, 5].map((i) => ({ id: `coin-${i}`, name: "Coin", type: "circle", x: 40 * i, y: 0, radius: 8, sensor: i > 99 }));
  const base = [
    { id: "floor", name: "Floor", type: "box", x: 0, y: 300, width: 800, height: 40, collisionMask: 3 },
    ...coins,
    { id: "ridge", name: "Ridge", type: "chain", x: 0, y: 200, points: [[0, 0], [50, -20], [100, 0]] },
    { id: "rail", name: "Rail", type: "chain", x: 0, y: 250, points: [[0, 0], [60, 0]] },
    { id: "pill", name: "Pill", type: "capsule", x: 300, y: 100, radius: 10, height: 40 },
  ];
  const layers = { layers: [{ id: "ground", name: "Ground" }] };

  it("every collider node carries its shape's id (metadata/shape_id; Godot 3: in __meta__), a chain's on every edge", () => {
    const text = exportGodot(sceneOf(base, layers));
    expect(text.match(/^metadata\/shape_id = /gm)?.length).toBe(1 + 5 + 2 + 1 + 1);
    expect(nodeLines(text, "Ridge2")).toContain('metadata/shape_id = "ridge"');
  });

  it("names are unique among siblings only: repeated names are told apart by the shape id, a unique name stays plain", () => {
    const plan = planGodotScene(sceneOf(base, layers));
    expect(plan.bodies.map((b) => [b.name, b.shapes.map((n) => n.name)])).toEqual([
      ["Ground (collision_layer 1, collision_mask 3)", ["Floor"]],
      ["Ground", ["Coin_coin-1", "Coin_coin-2", "Coin_coin-3", "Coin_coin-4", "Coin_coin-5", "Ridge", "Ridge2", "Rail", "Pill"]],
    ]);
    // A name repeated in another body only is no clash; a chain clashing with a shape takes its id on every edge.
    const twice = planGodotScene(sceneOf([
      { id: "a", name: "Door", type: "circle", x: 0, y: 0, radius: 1, collisionLayer: 2 },
      { id: "b", name: "Door", type: "circle", x: 0, y: 0, radius: 1 },
      { id: "w", name: "Wall2", type: "circle", x: 0, y: 0, radius: 1 },
      { id: "c", name: "Wall", type: "chain", x: 0, y: 0, points: [[0, 0], [1, 0], [2, 1]] },
    ]));
    expect(twice.bodies.map((b) => b.shapes.map((n) => n.name))).toEqual([["Door"], ["Door", "Wall2_w", "Wall_c", "Wall_c_2"]]);
  });

  it("deleting one shape changes only its own lines (and load_steps); changing one shape's bits only moves it", () => {
    for (const version of [4, 3] as const) {
      const before = exportGodot(sceneOf(base, layers), { version });
      // The first coin: its sub-resource (3 lines + blank) and node (4 lines, 6 in Godot 3's __meta__ + blank), load_steps changed.
      const noCoin = exportGodot(sceneOf(base.filter((s) => s.id !== "coin-1"), layers), { version });
      expect(changedLines(before, noCoin)).toBe(version === 4 ? 2 + 3 + 5 : 2 + 3 + 7);
      // A chain of two edges: two sub-resources and two nodes.
      const noRidge = exportGodot(sceneOf(base.filter((s) => s.id !== "ridge"), layers), { version });
      expect(changedLines(before, noRidge)).toBe(version === 4 ? 2 + 2 * 4 + 2 * 6 : 2 + 2 * 4 + 2 * 8);
      // The floor's mask back to 1: its body goes, its node moves into Ground; no other line changes.
      const floorDefault = exportGodot(sceneOf(base.map((s) => (s.id === "floor" ? { ...s, collisionMask: 1 } : s)), layers), { version });
      expect(changedLines(before, floorDefault)).toBeLessThanOrEqual(2 * 8 + 2);
      expect(floorDefault).toContain('[node name="Coin_coin-2" type="CollisionShape2D" parent="Ground"]');
    }
  });
});

describe("classes, object properties and clean numbers", () => {
  it("a shape's class is its node's group, on every edge of a chain (Godot 3 too)", () => {
    const s = sceneOf([
      { id: "d", name: "Door", type: "box", x: 0, y: 0, width: 1, height: 1, class: 'Do"or' },
      { id: "c", name: "Rail", type: "chain", x: 0, y: 0, points: [[0, 0], [1, 0], [2, 1]], class: "Rail" },
      { id: "p", name: "Plain", type: "circle", x: 0, y: 0, radius: 1 },
    ]);
    for (const version of [4, 3] as const) {
      const read = nodes(readTscn(exportGodot(s, { version })));
      expect(read.map((n) => [attr(n, "name"), attr(n, "groups")])).toEqual([
        ["Colliders", undefined], ["Layer 1", undefined], ["Door", ['Do"or']], ["Rail", ["Rail"]], ["Rail2", ["Rail"]], ["Plain", undefined],
      ]);
    }
  });

  it("an object property is a NodePath from its node to the node of the shape imported from that Tiled object; none: NodePath(\"\")", () => {
    const s = sceneOf([
      { id: "lever", name: "Lever", type: "box", x: 0, y: 0, width: 1, height: 1, properties: [{ name: "door", type: "object", value: 12 }, { name: "self", type: "object", value: 3 }, { name: "none", type: "object", value: 0 }, { name: "gone", type: "object", value: 99 }], tiledId: 3 },
      { id: "tiled-12", name: "Gate", type: "box", x: 0, y: 0, width: 1, height: 1, collisionLayer: 2 },
      { id: "copy", name: "Gate", type: "box", x: 0, y: 0, width: 1, height: 1, tiledId: 3 },
      { id: "tiled-3", name: "Lever", type: "box", x: 0, y: 0, width: 1, height: 1, tiledId: 3, collisionLayer: 2 },
    ]);
    // Tiled object 3: "tiled-3" (the id its import gave) before the copy carrying its tiledId.
    expect(nodeLines(exportGodot(s), "Lever").slice(1)).toEqual([
      'metadata/shape_id = "lever"',
      'metadata/door = NodePath("../../Layer 1 (collision_layer 2, collision_mask 1)/Gate")',
      'metadata/self = NodePath("../../Layer 1 (collision_layer 2, collision_mask 1)/Lever")',
      'metadata/none = NodePath("")',
      'metadata/gone = NodePath("")',
    ]);
    const same = sceneOf([{ id: "a", type: "circle", x: 0, y: 0, radius: 1, tiledId: 1, properties: [{ name: "me", type: "object", value: 1 }, { name: "b", type: "object", value: 2 }] }, { id: "b", type: "circle", x: 0, y: 0, radius: 1, tiledId: 2 }]);
    expect(nodeLines(exportGodot(same, { version: 3 }), "a").slice(2)).toEqual(['"shape_id": "a",', '"me": NodePath("."),', '"b": NodePath("../b")', "}"]);
  });

  it("computed numbers carry no arithmetic noise: a chain turned 90° sits at (0, 110), not (6.1e-16, 110)", () => {
    const s = sceneOf([{ id: "c", name: "C", type: "chain", x: 0, y: 0, rotation: 90, closed: true, points: [[110, 0], [110, 50], [0.1, 0.2]] }]);
    const text = exportGodot(s);
    expect(nodeLines(text, "C")[0]).toBe("position = Vector2(0, 110)");
    expect(nodeLines(text, "C2")[0]).toBe("position = Vector2(-50, 110)");
    expect(nodeLines(text, "C3")[0]).toBe("position = Vector2(-0.2, 0.1)");
    // Turned 30°: every position within 1e-9 of the exact one.
    const turned = sceneOf([{ id: "c", name: "C", type: "chain", x: 5, y: 7, rotation: 30, points: [[10, 0], [0, 10]] }]);
    const pos = nodeLines(exportGodot(turned), "C")[0]!.match(/Vector2\((.*), (.*)\)/)!;
    expect(Math.abs(Number(pos[1]) - (5 + 10 * Math.cos(Math.PI / 6)))).toBeLessThan(1e-9);
    expect(Math.abs(Number(pos[2]) - (7 + 10 * Math.sin(Math.PI / 6)))).toBeLessThan(1e-9);
  });
});
