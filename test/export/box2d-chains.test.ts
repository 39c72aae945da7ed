// Concave polygons, chains, one-sided chains and sensors in the Box2D export, loaded into planck
// (the JS port of Box2D v2.x) by b2djson-planck.ts: concave polygons are polygon fixtures of at most
// 8 vertices covering the outline, two-sided chains edge fixtures, one-sided chains chain fixtures
// (loops with their ghost vertices when closed) whose right side (Box2D 2.4 and v3's one side) is
// the scene's front, sensors "sensor": true. planck's rays agree with CollisionWorld.raycast;
// planck 1.x hits chain segments from both sides (Box2D 2.3), so its rays are held to the core's
// answers with every chain two-sided, and the one side is checked on the loaded segments.
import { describe, expect, it } from "vitest";
import { CollisionWorld } from "../../core/collision-world";
import { box2dWorld, exportBox2d, FIXTURE_ID_PROPERTY } from "../../core/export/box2d";
import { parseScene } from "../../core/scene/io";
import type { Scene, Shape } from "../../core/scene/types";
import { vec2 } from "../../core/vec2";
import { seededRandom } from "../seeded-random";
import { loadB2dJson, type LoadedWorld } from "./b2djson-planck";

const PPM = 32;
const SCENE_JSON = {
  format: "collider-studio-scene", version: 1,
  shapes: [
    // A comb: 12 points, concave, more than 8 vertices in all.
    { id: "comb", type: "polygon", x: -200, y: 120, rotation: 10, points: [[-100, -40], [-70, -40], [-60, 10], [-30, 10], [-20, -40], [20, -40], [30, 10], [60, 10], [70, -40], [100, -40], [100, 60], [-100, 60]] },
    { id: "ridge", type: "chain", x: 120, y: 140, points: [[-80, 0], [-40, -30], [0, 10], [40, -20], [80, 0]] },
    { id: "fence", type: "chain", x: 0, y: -120, rotation: -15, closed: true, points: [[-60, -40], [60, -40], [60, 40], [0, 0], [-60, 40]] },
    { id: "platform", type: "chain", x: -150, y: -40, oneSided: true, points: [[-60, 0], [60, 0]] },
    { id: "slope", type: "chain", x: 200, y: -20, rotation: 20, oneSided: true, points: [[-70, 20], [0, 0], [70, -10]] },
    { id: "ring", type: "chain", x: 260, y: -150, closed: true, oneSided: true, points: [[-30, -30], [30, -30], [30, 30], [-30, 30]] },
    { id: "coin", type: "circle", x: 60, y: 40, radius: 12, sensor: true },
    { id: "zone", type: "polygon", x: -60, y: 30, sensor: true, points: [[-30, -30], [30, -30], [30, 30], [0, 0], [-30, 30]] },
  ],
};

function loadScene(): Scene {
  const r = parseScene(JSON.stringify(SCENE_JSON));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

const toMetres = (x: number, y: number) => ({ x: x / PPM, y: -y / PPM });
const shoelace = (pts: readonly { readonly x: number; readonly y: number }[]) => pts.reduce((sum, a, i) => { const b = pts[(i + 1) % pts.length]!; return sum + a.x * b.y - a.y * b.x; }, 0) / 2;

function worldOf(shapes: readonly Shape[]): CollisionWorld {
  const w = new CollisionWorld();
  w.sync(shapes);
  return w;
}

function idOf(loaded: LoadedWorld, fixture: Parameters<LoadedWorld["byFixture"]["get"]>[0]): string {
  const prop = loaded.byFixture.get(fixture)?.fixture.properties.get(FIXTURE_ID_PROPERTY);
  return prop?.type === "string" ? prop.value : "?";
}

/** planck's closest hit (sensors only when asked), in scene pixels, y down. */
function planckRay(loaded: LoadedWorld, from: { x: number; y: number }, to: { x: number; y: number }, sensors: boolean) {
  let best: { id: string; fraction: number; point: { x: number; y: number }; normal: { x: number; y: number } } | null = null;
  loaded.world.rayCast(toMetres(from.x, from.y), toMetres(to.x, to.y), (fixture, point, normal, fraction) => {
    if (fixture.isSensor() && !sensors) return -1;
    if (!best || fraction < best.fraction) best = { id: idOf(loaded, fixture), fraction, point: { x: point.x * PPM, y: -point.y * PPM }, normal: { x: normal.x, y: -normal.y } };
    return fraction;
  });
  return best as { id: string; fraction: number; point: { x: number; y: number }; normal: { x: number; y: number } } | null;
}

describe("Box2D export of the new kinds, loaded into planck", () => {
  const scene = loadScene();
  const doc = box2dWorld(scene, { pixelsPerMeter: PPM, filterBits: 32 });
  const loaded = loadB2dJson(exportBox2d(scene, { pixelsPerMeter: PPM, filterBits: 32 }));
  const bodyOf = (id: string) => doc.body[scene.shapes.findIndex((s) => s.id === id)]!;

  it("a concave polygon: polygon fixtures of at most 8 vertices, counter-clockwise (y up), whose areas add up to the outline's", () => {
    const comb = bodyOf("comb");
    expect(comb.fixture.length).toBeGreaterThan(1);
    let area = 0;
    for (const f of comb.fixture) {
      const xs = f.polygon!.vertices.x, ys = f.polygon!.vertices.y;
      expect(xs.length).toBeLessThanOrEqual(8);
      const pts = xs.map((x, i) => ({ x, y: ys[i]! }));
      expect(shoelace(pts)).toBeGreaterThan(0);
      area += shoelace(pts);
    }
    const outline = (SCENE_JSON.shapes[0]!.points as number[][]).map(([x, y]) => toMetres(x!, y!));
    expect(area).toBeCloseTo(Math.abs(shoelace(outline)), 9);
    // planck kept every vertex of every piece (the loader throws otherwise).
    expect(loaded.bodies[0]!.fixtures.every((f) => f.kind === "polygon")).toBe(true);
  });

  it("a two-sided chain: one edge fixture per edge (the closing edge last); a one-sided chain: one chain fixture, reversed; closed: a loop with its ghost vertices", () => {
    expect(bodyOf("ridge").fixture.map((f) => Object.keys(f).filter((k) => k === "edge" || k === "chain"))).toEqual([["edge"], ["edge"], ["edge"], ["edge"]]);
    const fence = bodyOf("fence").fixture.map((f) => f.edge!);
    expect(fence.length).toBe(5);
    expect(fence[4]).toEqual({ vertex1: toMetres(-60, 40), vertex2: toMetres(-60, -40) });
    const platform = bodyOf("platform").fixture;
    expect(platform.length).toBe(1);
    expect(platform[0]!.chain).toEqual({ vertices: { x: [60 / PPM, -60 / PPM], y: [0, 0] } });
    const ring = bodyOf("ring").fixture[0]!.chain!;
    // Reversed: (−30,30), (30,30), (30,−30), (−30,−30) in the scene, y flipped; the first again at the end.
    expect(ring.vertices.x.map((x) => x * PPM)).toEqual([-30, 30, 30, -30, -30]);
    expect(ring.vertices.y.map((y) => -y * PPM)).toEqual([30, 30, -30, -30, 30]);
    expect(ring.prevVertex).toEqual(toMetres(-30, -30));
    expect(ring.nextVertex).toEqual(toMetres(30, 30));
    expect([ring.hasPrevVertex, ring.hasNextVertex]).toEqual([true, true]);
    expect(loaded.bodies.flatMap((b) => b.fixtures.map((f) => f.kind))).toContain("chain");
  });

  it("sensors: \"sensor\": true on every fixture of a sensor, on no other; planck's fixtures are sensors", () => {
    for (const [i, s] of scene.shapes.entries()) {
      for (const f of doc.body[i]!.fixture) expect(f.sensor, s.id).toBe(s.sensor === true ? true : undefined);
      for (const f of loaded.bodies[i]!.fixtures) expect(f.fixture.isSensor(), s.id).toBe(s.sensor === true);
    }
  });

  it("a one-sided chain's loaded segments have the scene's front on their right (Box2D 2.4 and v3's one side)", () => {
    const core = worldOf(scene.shapes);
    let checked = 0;
    for (const [i, s] of scene.shapes.entries()) {
      if (s.type !== "chain" || s.oneSided !== true) continue;
      const { body, fixtures } = loaded.bodies[i]!;
      const vs = fixtures[0]!.vertices;
      for (let k = 0; k + 1 < vs.length; k++) {
        const a = body.getWorldPoint(vs[k]!), b = body.getWorldPoint(vs[k + 1]!);
        // Right of a → b (y up), and the midpoint, in scene pixels (y down).
        const right = { x: b.y - a.y, y: -(b.x - a.x) };
        const len = Math.hypot(right.x, right.y);
        const n = { x: right.x / len, y: -right.y / len };
        const mid = { x: ((a.x + b.x) / 2) * PPM, y: (-(a.y + b.y) / 2) * PPM };
        // A ray from the right side toward the midpoint hits the core's edge, facing it; one from the left passes through.
        const front = core.raycast(vec2(mid.x + 20 * n.x, mid.y + 20 * n.y), vec2(mid.x - 20 * n.x, mid.y - 20 * n.y))[0];
        const back = core.raycast(vec2(mid.x - 5 * n.x, mid.y - 5 * n.y), vec2(mid.x + 5 * n.x, mid.y + 5 * n.y)).filter((h) => h.shape === s.id);
        expect(front?.shape, `${s.id} segment ${k}`).toBe(s.id);
        expect(front!.normal.x * n.x + front!.normal.y * n.y, `${s.id} segment ${k}`).toBeGreaterThan(1 - 1e-9);
        expect(back, `${s.id} segment ${k}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBe(1 + 2 + 4);
  });

  it("planck's world.rayCast agrees with CollisionWorld.raycast (chains two-sided, as planck's are): the shape, fraction, point and normal; sensors only when asked", () => {
    const twoSided = worldOf(scene.shapes.map((s): Shape => (s.type === "chain" ? { ...s, oneSided: false } : s)));
    const rand = seededRandom(0xb2d);
    const seen = new Set<string>();
    let compared = 0;
    for (let i = 0; i < 600; i++) {
      const s = scene.shapes[i % scene.shapes.length]!;
      const a = 2 * Math.PI * rand();
      const from = vec2(s.x + 220 * Math.cos(a), s.y + 220 * Math.sin(a));
      const to = vec2(from.x + 1.5 * (s.x + 100 * (rand() - 0.5) - from.x), from.y + 1.5 * (s.y + 100 * (rand() - 0.5) - from.y));
      const sensors = i % 3 === 0;
      if (twoSided.raycast(from, to, { mode: "all", reportInside: true, includeSensors: sensors }).some((h) => h.startedInside)) continue;
      const ours = twoSided.raycast(from, to, { includeSensors: sensors })[0] ?? null;
      const theirs = planckRay(loaded, from, to, sensors);
      const where = `ray ${i} ${JSON.stringify([from, to, sensors])}`;
      expect(theirs?.id ?? null, where).toBe(ours?.shape ?? null);
      compared++;
      seen.add(ours?.shape ?? "miss");
      if (!ours || !theirs) continue;
      // planck computes in 64-bit doubles too, in metres.
      expect(Math.abs(theirs.fraction - ours.fraction), where).toBeLessThan(1e-9);
      expect(Math.hypot(theirs.point.x - ours.point.x, theirs.point.y - ours.point.y), where).toBeLessThan(1e-6);
      expect(theirs.normal.x * ours.normal.x + theirs.normal.y * ours.normal.y, where).toBeGreaterThan(1 - 1e-9);
    }
    expect(compared).toBeGreaterThan(400);
    expect([...seen].sort()).toEqual([...scene.shapes.map((s) => s.id), "miss"].sort());
  });
});
