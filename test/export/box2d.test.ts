// The Box2D (b2dJson) exporter: golden files of the README scene, conversions worked by hand
// (y flip, angle sign, counter-clockwise order, pixels per metre), the exact split of polygons over
// 8 vertices, the capsule forms, filter bits, properties and hostile names.
// UPDATE_GOLDEN=1 rewrites the golden files.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScene, serializeScene, transformOf, type Scene, type Shape } from "../../core/index";
import { box2dWorld, colorToRgba, customProperty, exportBox2d, type B2dFixture } from "../../core/export/box2d";
import { angleToRadians, capsulePolygon, CAPSULE_POLYGON_ERROR, counterClockwise, pointToMetres, splitConvex, twiceArea, type MetrePoint } from "../../core/export/box2d-geometry";
import { real, seedOf } from "../core/arbitraries";

const dir = resolve(import.meta.dirname, "golden/box2d");
const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");

function sceneOf(shapes: Shape[], extra: Partial<Scene> = {}): Scene {
  return { format: "collider-studio-scene", version: 1, probes: [], shapes, ...extra };
}

function readmeScene(): Scene {
  const parsed = parseScene(readFileSync(resolve(import.meta.dirname, "fixtures", "readme-example.json"), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.scene;
}

function golden(name: string, text: string) {
  const file = resolve(dir, name);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
  expect(existsSync(file), `${name} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
  expect(text).toBe(readFileSync(file, "utf8"));
}

const verticesOf = (f: B2dFixture): MetrePoint[] => (f.polygon ? f.polygon.vertices.x.map((x, i) => ({ x, y: f.polygon!.vertices.y[i]! })) : []);
const area = (points: readonly MetrePoint[]) => twiceArea(points) / 2;

describe("golden files", () => {
  it("the fixture is the README's scene example (regenerate both if the README changes)", () => {
    const block = /## Scene format, version 1\n\n```json\n([\s\S]*?)```/.exec(readme)?.[1];
    const parsed = parseScene(block ?? "");
    expect(parsed.ok && serializeScene(parsed.scene)).toBe(serializeScene(readmeScene()));
  });

  it("README scene, default options (32 px/m, capsules as circles and a box, 16-bit filters)", () => {
    golden("readme-example.b2d.json", exportBox2d(readmeScene()));
  });

  it("README scene, capsules as one polygon, 100 px/m, 32-bit filters, gravity (0, −9.8)", () => {
    golden("readme-example.polygon-capsules.b2d.json", exportBox2d(readmeScene(), { capsules: "polygon", pixelsPerMeter: 100, filterBits: 32, gravity: { x: 0, y: -9.8 } }));
  });

  it("is deterministic and writes no -0, NaN, Infinity or null", () => {
    const text = exportBox2d(readmeScene());
    expect(exportBox2d(readmeScene())).toBe(text);
    expect(text).not.toMatch(/-0[,\]\n ]|NaN|Infinity|null/);
    expect(text.endsWith("}\n")).toBe(true);
  });
});

describe("conversions, worked by hand", () => {
  it("flips y and divides by pixels per metre", () => {
    expect(pointToMetres(64, 96, 32)).toEqual({ x: 2, y: -3 });
    expect(pointToMetres(-16, -8, 32)).toEqual({ x: -0.5, y: 0.25 });
    // y = 0 must be 0, not −0.
    expect(Object.is(pointToMetres(0, 0, 32).y, 0)).toBe(true);
    const w = box2dWorld(sceneOf([{ id: "c", type: "circle", x: 150, y: 250, rotation: 45, radius: 50 }]), { pixelsPerMeter: 100 });
    expect(w.body[0]!.position).toEqual({ x: 1.5, y: -2.5 });
    expect(w.body[0]!.fixture[0]!.circle).toEqual({ center: { x: 0, y: 0 }, radius: 0.5 });
    // A circle ignores its rotation in the core; so does its body.
    expect(w.body[0]!.angle).toBe(0);
  });

  it("turns clockwise degrees on a y-down screen into counter-clockwise radians, y up", () => {
    expect(angleToRadians(90)).toBe(-Math.PI / 2);
    expect(angleToRadians(-30)).toBeCloseTo(Math.PI / 6, 15);
    expect(Object.is(angleToRadians(0), 0)).toBe(true);
  });

  it("puts a turned box's corner where the scene has it (30°, by hand)", () => {
    // Box 64 × 32 px at (32, 64) turned 30° clockwise on screen. Its local corner (32, 16)
    // (right, bottom on screen) lands at (32 + 32·cos30 − 16·sin30, 64 + 32·sin30 + 16·cos30)
    // = (51.7128…, 93.8564…) px. In Box2D: position (1, −2) m, angle −π/6, and the same corner
    // is local (1, −0.5) m: R(−30°)·(1, −0.5) + (1, −2) = (1.6160…, −2.9330…) m, i.e. × 32 and y
    // flipped, (51.7128…, 93.8564…) px.
    const w = box2dWorld(sceneOf([{ id: "b", type: "box", x: 32, y: 64, rotation: 30, width: 64, height: 32 }]));
    const body = w.body[0]!;
    expect(body.position).toEqual({ x: 1, y: -2 });
    expect(body.angle).toBeCloseTo(-Math.PI / 6, 15);
    const vs = verticesOf(body.fixture[0]!);
    expect(vs).toEqual([{ x: -1, y: -0.5 }, { x: 1, y: -0.5 }, { x: 1, y: 0.5 }, { x: -1, y: 0.5 }]);
    const c = Math.cos(body.angle), s = Math.sin(body.angle);
    const corner = vs[1]!; // (1, −0.5)
    const world = { x: body.position.x + c * corner.x - s * corner.y, y: body.position.y + s * corner.x + c * corner.y };
    expect(world.x).toBeCloseTo(1.6160254037844386, 12);
    expect(world.y).toBeCloseTo(-2.933012701892219, 12);
    expect(world.x * 32).toBeCloseTo(32 + 32 * Math.cos(Math.PI / 6) - 16 * Math.sin(Math.PI / 6), 10);
    expect(-world.y * 32).toBeCloseTo(64 + 32 * Math.sin(Math.PI / 6) + 16 * Math.cos(Math.PI / 6), 10);
  });

  it("writes polygons counter-clockwise (y up) from either scene winding, first point first", () => {
    // Clockwise on screen: (0,0) → (32,0) → (0,32). Flipped: (0,0), (1,0), (0,−1), clockwise in
    // y-up, so reversed after the first point: (0,0), (0,−1), (1,0).
    const cw = box2dWorld(sceneOf([{ id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [32, 0], [0, 32]] }]));
    const ccw = box2dWorld(sceneOf([{ id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [0, 32], [32, 0]] }]));
    const expected = { x: [0, 0, 1], y: [0, -1, 0] };
    expect(cw.body[0]!.fixture[0]!.polygon!.vertices).toEqual(expected);
    expect(ccw.body[0]!.fixture[0]!.polygon!.vertices).toEqual(expected);
    expect(twiceArea(verticesOf(cw.body[0]!.fixture[0]!))).toBe(1);
    expect(counterClockwise([{ x: 0, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 0 }])).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]);
  });

  it("a box is a counter-clockwise 4-gon of its half sizes", () => {
    const w = box2dWorld(sceneOf([{ id: "b", type: "box", x: 0, y: 0, rotation: 0, width: 40, height: 20 }]), { pixelsPerMeter: 10 });
    expect(w.body[0]!.fixture[0]!.polygon!.vertices).toEqual({ x: [-2, 2, 2, -2], y: [-1, -1, 1, 1] });
  });

  it("maps any scene point of a shape to the same Box2D world point (property)", () => {
    fc.assert(
      fc.property(real(-1000, 1000), real(-1000, 1000), real(-720, 720), real(-50, 50), real(-50, 50), fc.constantFrom(1, 10, 32, 50, 100), (x, y, rotation, lx, ly, ppm) => {
        // The scene's local point (lx, ly), as the core transforms it (y down, pixels).
        const xf = transformOf({ id: "s", type: "box", x, y, rotation, width: 1, height: 1 });
        const scene = { x: xf.px + xf.c * lx - xf.s * ly, y: xf.py + xf.s * lx + xf.c * ly };
        // The same point through the body: position, angle, and the local point in metres.
        const p = pointToMetres(x, y, ppm), a = angleToRadians(rotation), q = pointToMetres(lx, ly, ppm);
        const box2d = { x: p.x + Math.cos(a) * q.x - Math.sin(a) * q.y, y: p.y + Math.sin(a) * q.x + Math.cos(a) * q.y };
        expect(box2d.x * ppm).toBeCloseTo(scene.x, 8);
        expect(-box2d.y * ppm).toBeCloseTo(scene.y, 8);
      }),
      { seed: seedOf("b2d-frame"), numRuns: 500 },
    );
  });
});

describe("polygons of more than 8 vertices", () => {
  const regular = (n: number, r: number): [number, number][] => Array.from({ length: n }, (_, k) => [r * Math.cos((2 * Math.PI * k) / n), r * Math.sin((2 * Math.PI * k) / n)]);

  it("a 12-gon is two convex 7-gons sharing the diagonal v0–v6 (by hand)", () => {
    const w = box2dWorld(sceneOf([{ id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: regular(12, 64) }]));
    const pieces = w.body[0]!.fixture.map(verticesOf);
    expect(pieces.map((p) => p.length)).toEqual([7, 7]);
    // The whole, counter-clockwise in y-up: v0, then the scene's points in reverse.
    const whole = counterClockwise(regular(12, 64).map(([x, y]) => pointToMetres(x, y, 32)));
    expect(pieces[0]).toEqual(whole.slice(0, 7));
    expect(pieces[1]).toEqual([whole[0], ...whole.slice(6)]);
  });

  it("splits into the fewest convex counter-clockwise pieces of ≤ 8 that tile the polygon exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 60 }), real(1, 1000), (n, r) => {
        const points = regular(n, r).map(([x, y]) => ({ x, y }));
        const pieces = splitConvex(points);
        expect(pieces.length).toBe(Math.max(1, Math.ceil((n - 2) / 6)));
        let sum = 0;
        for (const piece of pieces) {
          expect(piece.length).toBeGreaterThanOrEqual(3);
          expect(piece.length).toBeLessThanOrEqual(8);
          expect(piece[0]).toBe(points[0]);
          expect(area(piece)).toBeGreaterThan(0);
          sum += area(piece);
        }
        // Fan pieces over consecutive runs: the areas add up to the whole (no gap, no overlap).
        expect(sum).toBeCloseTo(area(points), 6);
        // Every vertex is used, neighbours share one diagonal.
        expect(new Set(pieces.flat()).size).toBe(n);
        for (let k = 1; k < pieces.length; k++) expect(pieces[k]![1]).toBe(pieces[k - 1]!.at(-1));
      }),
      { seed: seedOf("b2d-split"), numRuns: 200 },
    );
  });
});

describe("capsules", () => {
  // Radius 16 px, height 64 px, 32 px/m: radius 0.5 m, core half-length (32 − 16)/32 = 0.5 m.
  const capsule: Shape = { id: "cap", type: "capsule", x: 0, y: 0, rotation: 0, radius: 16, height: 64 };

  it("circles-and-box: two circles at the core's ends and the box between them (exact)", () => {
    const f = box2dWorld(sceneOf([capsule])).body[0]!.fixture;
    expect(f.map((x) => x.circle ?? null).filter(Boolean)).toEqual([{ center: { x: 0, y: 0.5 }, radius: 0.5 }, { center: { x: 0, y: -0.5 }, radius: 0.5 }]);
    expect(f[2]!.polygon!.vertices).toEqual({ x: [-0.5, 0.5, 0.5, -0.5], y: [-0.5, -0.5, 0.5, 0.5] });
  });

  it("polygon: a circumscribed 8-gon, every edge tangent, vertices r/cos(π/8) from a cap centre", () => {
    const vs = verticesOf(box2dWorld(sceneOf([capsule]), { capsules: "polygon" }).body[0]!.fixture[0]!);
    expect(vs.length).toBe(8);
    expect(twiceArea(vs)).toBeGreaterThan(0);
    const segDist = (p: MetrePoint) => Math.hypot(p.x, Math.max(Math.abs(p.y) - 0.5, 0));
    for (let i = 0; i < 8; i++) {
      const a = vs[i]!, b = vs[(i + 1) % 8]!;
      // Distance from the core segment to the edge's line is the radius: tangent.
      const ex = b.x - a.x, ey = b.y - a.y, len = Math.hypot(ex, ey);
      const lineDist = (p: MetrePoint) => Math.abs((p.x - a.x) * ey - (p.y - a.y) * ex) / len;
      expect(Math.min(lineDist({ x: 0, y: 0.5 }), lineDist({ x: 0, y: -0.5 }))).toBeCloseTo(0.5, 12);
      expect(segDist(a)).toBeCloseTo(0.5 / Math.cos(Math.PI / 8), 12);
    }
    expect(CAPSULE_POLYGON_ERROR).toBeCloseTo(0.0823922, 6);
    expect(capsulePolygon(0.5, 0)).toBeNull();
  });

  it("a capsule of height 2·radius is one circle in both modes", () => {
    const round: Shape = { ...capsule, height: 32 };
    for (const capsules of ["circles-and-box", "polygon"] as const) {
      expect(box2dWorld(sceneOf([round]), { capsules }).body[0]!.fixture.map((f) => f.circle)).toEqual([{ center: { x: 0, y: 0 }, radius: 0.5 }]);
    }
  });

  it("leaves out a box thinner than Box2D's weld distance (it would become a 2 m box)", () => {
    const hair: Shape = { ...capsule, height: 32 + 0.01 }; // core 0.01 px = 0.0003 m
    expect(box2dWorld(sceneOf([hair])).body[0]!.fixture.map((f) => (f.circle ? "circle" : "polygon"))).toEqual(["circle", "circle"]);
  });
});

describe("filters, properties, layers and names", () => {
  it("collision layer and mask become filter bits: low 16 bits by default, all 32 on request", () => {
    const s: Shape = { id: "a", type: "circle", x: 0, y: 0, rotation: 0, radius: 1, collisionLayer: (1 << 20) | 1, collisionMask: 0x80000000 };
    const f16 = box2dWorld(sceneOf([s])).body[0]!.fixture[0]!;
    expect([f16["filter-categoryBits"], f16["filter-maskBits"], f16["filter-groupIndex"]]).toEqual([1, 0, 0]);
    const f32 = box2dWorld(sceneOf([s]), { filterBits: 32 }).body[0]!.fixture[0]!;
    expect([f32["filter-categoryBits"], f32["filter-maskBits"]]).toEqual([1048577, 2147483648]);
    // Defaults are Godot's 1 / 1, written out (b2dJson would read a missing mask as 0xffff).
    const plain = box2dWorld(sceneOf([{ ...s, collisionLayer: undefined, collisionMask: undefined }])).body[0]!.fixture[0]!;
    expect([plain["filter-categoryBits"], plain["filter-maskBits"]]).toEqual([1, 1]);
  });

  it("properties become typed b2dJson custom properties on the body", () => {
    expect(customProperty({ name: "hp", type: "number", value: 3 })).toEqual({ name: "hp", float: 3 });
    expect(customProperty({ name: "on", type: "boolean", value: false })).toEqual({ name: "on", bool: false });
    expect(customProperty({ name: "s", type: "string", value: "x" })).toEqual({ name: "s", string: "x" });
    expect(customProperty({ name: "c", type: "color", value: "#33aaff" })).toEqual({ name: "c", color: [51, 170, 255, 255] });
    expect(customProperty({ name: "c", type: "color", value: "#33AAFF80" })).toEqual({ name: "c", color: [51, 170, 255, 128] });
    expect(colorToRgba("red")).toBeNull();
    expect(customProperty({ name: "c", type: "color", value: "red" })).toEqual({ name: "c", string: "red" });
  });

  it("fixtures carry the shape id and its editor layer's name; the world the scale and bit names", () => {
    const w = box2dWorld(readmeScene());
    const spikes = w.body.find((b) => b.name === "spikes")!;
    expect(spikes.fixture[0]!.customProperties).toEqual([{ name: "id", string: "spikes" }, { name: "editorLayer", string: "Hazards" }]);
    expect(w.body[0]!.name).toBe("Ground");
    expect(w.body[0]!.fixture[0]!.customProperties[0]).toEqual({ name: "id", string: "ground" });
    expect(w.customProperties).toEqual([{ name: "pixelsPerMeter", float: 32 }, { name: "collisionLayer1", string: "world" }, { name: "collisionLayer2", string: "player" }]);
  });

  it("hostile names and values survive JSON: quotes, backslashes, newlines, brackets, unicode, empty", () => {
    const hostile = ['"quoted"', "back\\slash", "new\nline\r\t", "]}{[", "ünï©ødé 🎮", "\u2028\u2029", "</script>", "\u0000nul"];
    const shapes: Shape[] = hostile.map((name, i) => ({ id: `id ${name} ${i}`, name, type: "circle", x: i, y: 0, rotation: 0, radius: 1, properties: [{ name, type: "string", value: name }] }));
    shapes.push({ id: "unnamed", name: "", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 });
    const scene = sceneOf(shapes, { layers: [{ id: "layer-1", name: 'lay"er\n]' }], collisionLayers: [{ bit: 3, name: "a\\b\"c" }] });
    const text = exportBox2d(scene);
    const back = JSON.parse(text) as { body: { name: string; fixture: { name: string; customProperties: { name: string; string: string }[] }[]; customProperties?: { name: string; string: string }[] }[]; customProperties: { name: string; string?: string }[] };
    hostile.forEach((name, i) => {
      expect(back.body[i]!.name).toBe(name);
      expect(back.body[i]!.fixture[0]!.name).toBe(name);
      expect(back.body[i]!.customProperties).toEqual([{ name, string: name }]);
      expect(back.body[i]!.fixture[0]!.customProperties).toEqual([{ name: "id", string: `id ${name} ${i}` }, { name: "editorLayer", string: 'lay"er\n]' }]);
    });
    // An empty name falls back to the id.
    expect(back.body.at(-1)!.name).toBe("unnamed");
    expect(back.customProperties.at(-1)).toEqual({ name: "collisionLayer3", string: "a\\b\"c" });
  });

  it("refuses invalid options with a RangeError (never a scene)", () => {
    const scene = readmeScene();
    for (const pixelsPerMeter of [0, -1, NaN, Infinity]) expect(() => exportBox2d(scene, { pixelsPerMeter })).toThrow(RangeError);
    expect(() => exportBox2d(scene, { gravity: { x: NaN, y: 0 } })).toThrow(RangeError);
    expect(exportBox2d(sceneOf([]))).toContain('"body": []');
  });
});
