// The Phaser (Matter) export's data, against plain references: the capsule polygon stays within
// PHASER_CAPSULE_ERROR of the radius (and under the 2 %), each body's x, y is the
// area-weighted centroid of its parts, bits split bodies, and no body carries "position".
// Phaser itself loads the file in test/e2e/phaser-matter.e2e.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXPORT_FORMATS, exportFormat } from "../../core/export/formats";
import { CAPSULE_CAP_SEGMENTS, capsuleOutline, exportPhaserMatter, MATTER_CIRCLE_ERROR, matterCircleSides, PHASER_CAPSULE_ERROR, phaserMatterBodies, type PhaserBody } from "../../core/export/phaser-matter";
import { parseScene } from "../../core/scene/io";
import type { Scene, Shape } from "../../core/scene/types";
import { real, seedOf } from "../core/arbitraries";

function scene(shapes: readonly object[], layers?: readonly object[]): Scene {
  const r = parseScene(JSON.stringify({ format: "collider-studio-scene", version: 1, ...(layers ? { layers } : {}), shapes }));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

const bodiesOf = (doc: Record<string, PhaserBody | string>): [string, PhaserBody][] => Object.entries(doc).filter((e): e is [string, PhaserBody] => typeof e[1] !== "string");

/** Distance from p to the segment (0, −half)–(0, half). */
const toCore = (p: { x: number; y: number }, half: number) => Math.hypot(p.x, p.y - Math.max(-half, Math.min(half, p.y)));

describe("Phaser (Matter) export", () => {
  it("is in the export registry, so the CLI's --format and the editor's Export menu offer it", () => {
    expect(EXPORT_FORMATS.map((f) => f.id)).toContain("phaser-matter");
    const s = scene([{ id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 10, height: 10 }]);
    expect(exportFormat("phaser-matter")!.write(s, { phaserBodies: "layer" })).toBe(exportPhaserMatter(s, { bodies: "layer" }));
  });

  it("a capsule's polygon: convex, 8 edges per cap, vertices and edge midpoints within PHASER_CAPSULE_ERROR·r of the capsule, under 2 %", () => {
    expect(CAPSULE_CAP_SEGMENTS).toBeGreaterThanOrEqual(8);
    expect(PHASER_CAPSULE_ERROR).toBeLessThan(0.02);
    fc.assert(
      fc.property(real(0.5, 500), real(0.01, 800), (r, half) => {
        const pts = capsuleOutline(r, half);
        expect(pts.length).toBe(2 * CAPSULE_CAP_SEGMENTS + 2);
        const tol = 1e-9 * (r + half);
        for (let i = 0; i < pts.length; i++) {
          const a = pts[i]!, b = pts[(i + 1) % pts.length]!, c = pts[(i + 2) % pts.length]!;
          // y down, listed anticlockwise on screen: every turn the same way (or straight).
          expect((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)).toBeGreaterThanOrEqual(-tol * r);
          const d = toCore(a, half), m = toCore({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, half);
          expect(Math.abs(d - r)).toBeLessThanOrEqual(PHASER_CAPSULE_ERROR * r + tol);
          expect(Math.abs(m - r)).toBeLessThanOrEqual(PHASER_CAPSULE_ERROR * r + tol);
        }
      }),
      { seed: seedOf("phaser-capsule"), numRuns: 300 },
    );
  });

  it("Matter's circle polygon: its sides and error as Bodies.circle makes them", () => {
    expect([4, 10, 11, 16, 25, 26, 100].map(matterCircleSides)).toEqual([10, 10, 12, 16, 26, 26, 26]);
    expect(MATTER_CIRCLE_ERROR(10)).toBeCloseTo(1 - Math.cos(Math.PI / 10), 12);
  });

  it("a circle Matter would draw more than 2 % inside is written as a 16-gon within 0.97 % of it either way", () => {
    const shapes: Shape[] = [2, 7.5, 14, 14.01, 15, 40].map((radius, i) => ({ id: `c${i}`, type: "circle", x: 100 * i, y: -3, rotation: 0, radius }));
    const bodies = bodiesOf(phaserMatterBodies(scene(shapes)));
    // Matter's polygon: 14 sides at r = 14 (2.5 %), 16 from r = 14.01 (1.9 %).
    expect(bodies.map(([, b]) => (b.fixtures[0]!.circle ? "circle" : b.fixtures[0]!.vertices![0]!.length))).toEqual([16, 16, 16, "circle", "circle", "circle"]);
    for (const [i, [, body]] of bodies.slice(0, 3).entries()) {
      const { radius, x, y } = shapes[i] as Shape & { radius: number };
      const ring = body.fixtures[0]!.vertices![0]!;
      // Walk the outline finely: its distance from the centre stays within the tolerance.
      let worst = 0;
      for (let k = 0; k < ring.length; k++) {
        const a = ring[k]!, b = ring[(k + 1) % ring.length]!;
        for (let t = 0; t <= 1; t += 1 / 64) worst = Math.max(worst, Math.abs(Math.hypot(a.x + t * (b.x - a.x) - x, a.y + t * (b.y - a.y) - y) - radius));
      }
      expect(worst / radius).toBeLessThanOrEqual(PHASER_CAPSULE_ERROR + 1e-12);
      expect(worst / radius).toBeGreaterThan(0.009);
      expect(body.x).toBeCloseTo(x, 9);
      expect(body.y).toBeCloseTo(y, 9);
    }
  });

  it("a body of one circle, box or capsule sits exactly on the shape's centre (no rounding noise in the file)", () => {
    const s = scene([
      { id: "c", type: "circle", x: 500, y: 234, rotation: 0, radius: 40 },
      { id: "b", type: "box", x: 1e6 + 0.25, y: -0.5, rotation: 0, width: 80, height: 80 },
      { id: "k", type: "capsule", x: 700, y: 284, rotation: 0, radius: 20, height: 90 },
    ]);
    expect(bodiesOf(phaserMatterBodies(s)).map(([, b]) => [b.x, b.y])).toEqual([[500, 234], [1e6 + 0.25, -0.5], [700, 284]]);
  });

  it("each body's x, y is the area-weighted centroid of its parts; nothing is written as \"position\"", () => {
    // Two boxes on one layer: 20×10 at (10, 5) and 10×10 at (35, 5): centroid x = (200·10 + 100·35) / 300.
    const s = scene([
      { id: "a", type: "box", x: 10, y: 5, rotation: 0, width: 20, height: 10 },
      { id: "b", type: "box", x: 35, y: 5, rotation: 0, width: 10, height: 10 },
    ]);
    const [[, body]] = bodiesOf(phaserMatterBodies(s, { bodies: "layer" })) as [[string, PhaserBody]];
    expect(body.x).toBeCloseTo((200 * 10 + 100 * 35) / 300, 12);
    expect(body.y).toBeCloseTo(5, 12);
    expect(exportPhaserMatter(s)).not.toMatch(/"position"/);
    expect(exportPhaserMatter(s, { bodies: "layer" })).not.toMatch(/"position"/);
  });

  it("one body per shape by default, static, named by id, labelled by name; fixtures labelled by id with isSensor", () => {
    const s = scene([
      { id: "a", name: "Door", type: "circle", x: 1, y: 2, rotation: 0, radius: 30, sensor: true },
      { id: "b", name: "Door", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [40, 0], [40, 40], [20, 10], [0, 40]] },
    ]);
    const bodies = bodiesOf(phaserMatterBodies(s));
    expect(bodies.map(([k, b]) => [k, b.label, b.isStatic])).toEqual([["a", "Door", true], ["b", "Door", true]]);
    expect(bodies[0]![1].fixtures).toEqual([{ label: "a", isSensor: true, circle: { x: 1, y: 2, radius: 30 } }]);
    // A concave outline: several convex vertex lists in the shape's one fixture.
    expect(bodies[1]![1].fixtures.length).toBe(1);
    expect(bodies[1]![1].fixtures[0]!.vertices!.length).toBeGreaterThan(1);
  });

  it("per layer: shapes with different bits get different bodies, named after the layer and the bits", () => {
    const s = scene(
      [
        { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 10, height: 10, layer: "g" },
        { id: "b", type: "box", x: 20, y: 0, rotation: 0, width: 10, height: 10, layer: "g" },
        { id: "c", type: "box", x: 40, y: 0, rotation: 0, width: 10, height: 10, layer: "g", collisionLayer: 2, collisionMask: 0xffffffff },
        { id: "d", type: "chain", x: 0, y: 40, rotation: 0, points: [[0, 0], [50, 0]], layer: "h" },
      ],
      [{ id: "g", name: "Ground" }, { id: "h", name: "Rails" }],
    );
    const bodies = bodiesOf(phaserMatterBodies(s, { bodies: "layer", chainThickness: 4 }));
    expect(bodies.map(([k, b]) => [k, b.collisionFilter, b.fixtures.map((f) => f.label)])).toEqual([
      ["Ground (category 1, mask 1)", { group: 0, category: 1, mask: 1 }, ["a", "b"]],
      ["Ground (category 2, mask 4294967295)", { group: 0, category: 2, mask: 0xffffffff }, ["c"]],
      ["Rails", { group: 0, category: 1, mask: 1 }, ["d"]],
    ]);
    // A chain edge: a quad chainThickness thick, centred on the edge.
    expect(bodies[2]![1].fixtures[0]!.vertices).toEqual([[{ x: 0, y: 38 }, { x: 50, y: 38 }, { x: 50, y: 42 }, { x: 0, y: 42 }]]);
  });

  it("each shape's properties (name → JSON value) and class go on its fixture, and on its body when it has one of its own", () => {
    const s = scene([
      { id: "door", type: "box", x: 0, y: 0, rotation: 0, width: 10, height: 10, class: "Door", tiledId: 7 },
      {
        id: "coin", type: "circle", x: 50, y: 0, rotation: 0, radius: 8, properties: [
          { name: "value", type: "int", value: 10 }, { name: "speed", type: "number", value: 2.5 }, { name: "heavy", type: "float", value: -0 },
          { name: "shiny", type: "boolean", value: true }, { name: "tint", type: "color", value: "#ff000080" }, { name: "sound", type: "file", value: "sfx/ding.wav" },
          { name: "opens", type: "object", value: 7 }, { name: "lost", type: "object", value: 99 }, { name: "none", type: "object", value: 0 },
          { name: "loot", type: "class", propertytype: "Loot", value: { kind: "gem", n: 2, inner: { a: [1, 2] } } }, { name: "label", type: "string", value: "Gold" },
        ],
      },
    ]);
    const props = { value: 10, speed: 2.5, heavy: 0, shiny: true, tint: "#ff000080", sound: "sfx/ding.wav", opens: "door", lost: "", none: "", loot: { kind: "gem", n: 2, inner: { a: [1, 2] } }, label: "Gold" };
    const [door, coin] = bodiesOf(phaserMatterBodies(s)).map(([, b]) => b);
    expect([door!.class, door!.properties, door!.fixtures[0]!.class, door!.fixtures[0]!.properties]).toEqual(["Door", undefined, "Door", undefined]);
    expect([coin!.class, coin!.properties, coin!.fixtures[0]!.class, coin!.fixtures[0]!.properties]).toEqual([undefined, props, undefined, props]);
    expect(Object.is(coin!.properties!.heavy, 0)).toBe(true);
    // One body per layer: on the fixtures only.
    const [layer] = bodiesOf(phaserMatterBodies(s, { bodies: "layer" })).map(([, b]) => b);
    expect([layer!.class, layer!.properties, layer!.fixtures.map((f) => [f.class, f.properties])]).toEqual([undefined, undefined, [["Door", undefined], [undefined, props]]]);
  });

  it("bad options are a RangeError naming the option", () => {
    const s = scene([]);
    expect(() => exportPhaserMatter(s, { chainThickness: 0 })).toThrow(/chainThickness/);
    expect(() => exportPhaserMatter(s, { bodies: "world" as "shape" })).toThrow(/bodies/);
    expect(JSON.parse(exportPhaserMatter(s))).toEqual({ generator_info: expect.stringContaining("fromPhysicsEditor(body.x, body.y, body)") });
  });
});
