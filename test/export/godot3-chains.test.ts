// Concave polygons, chains, one-sided chains and sensors exported to Godot 3 and run by the real
// engine (godot3-server, see godot3-run.ts): rays cast by Godot's physics agree with the core's
// CollisionWorld.raycast, sensors (Area2D) only when the ray asks for areas, and a kinematic box's
// test_move agrees with the core's sweep, one-way platforms included. Godot's rays hit a one-way
// shape from both sides (its one-way rule is for moving bodies only): the rays that reach a
// one-sided edge from its back hit it in Godot and pass through in the core, as README says.
import { afterAll, describe, expect, it } from "vitest";
import { CollisionWorld } from "../../core/collision-world";
import { exportGodot, planGodotScene } from "../../core/export/godot";
import { isConvexOutline } from "../../core/outline";
import { parseScene } from "../../core/scene/io";
import type { Scene, Shape } from "../../core/scene/types";
import { vec2, type Vec2 } from "../../core/vec2";
import { seededRandom } from "../seeded-random";
import { godot3OnPath, removeGodotProjects, runGodot3, type GodotMoveInput, type GodotRayInput } from "./godot3-run";

const POINT_TOL = 0.05;
const NORMAL_DOT = 0.99996;

/** Every new kind, turned and not; coordinates exact in 32-bit floats. */
const SCENE_JSON = {
  format: "collider-studio-scene", version: 1,
  layers: [{ id: "ground", name: "Ground" }, { id: "pickups", name: "Pickups" }],
  shapes: [
    { id: "terrain", name: "Terrain", type: "polygon", x: -200, y: 120, rotation: 10, points: [[-100, -40], [-40, -40], [-20, 20], [20, 20], [40, -40], [100, -40], [100, 60], [-100, 60]] },
    { id: "ridge", name: "Ridge", type: "chain", x: 120, y: 140, points: [[-80, 0], [-40, -30], [0, 10], [40, -20], [80, 0]] },
    { id: "fence", name: "Fence", type: "chain", x: 0, y: -120, rotation: -15, closed: true, points: [[-60, -40], [60, -40], [60, 40], [0, 0], [-60, 40]] },
    { id: "platform", name: "Platform", type: "chain", x: -150, y: -40, oneSided: true, points: [[-60, 0], [60, 0]] },
    { id: "slope", name: "Slope", type: "chain", x: 200, y: -20, rotation: 20, oneSided: true, points: [[-70, 20], [0, 0], [70, -10]] },
    { id: "ring", name: "Ring", type: "chain", x: 260, y: -150, closed: true, oneSided: true, points: [[-30, -30], [30, -30], [30, 30], [-30, 30]] },
    { id: "wall", name: "Wall", type: "box", x: -320, y: -60, width: 20, height: 200 },
    { id: "coin", name: "Coin", type: "circle", x: 60, y: 40, radius: 12, sensor: true, layer: "pickups", collisionLayer: 4 },
    { id: "zone", name: "Zone", type: "polygon", x: -60, y: 30, sensor: true, layer: "pickups", points: [[-30, -30], [30, -30], [30, 30], [0, 0], [-30, 30]] },
    { id: "tripwire", name: "Tripwire", type: "chain", x: 120, y: 60, sensor: true, oneSided: true, layer: "pickups", points: [[-20, 0], [20, 0]] },
  ],
};

function loadScene(): Scene {
  const r = parseScene(JSON.stringify(SCENE_JSON));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

const q = (v: number) => Math.round(v * 64) / 64;

/** The same scene with every chain two-sided: what Godot's rays see. */
const twoSided = (scene: Scene): Scene => ({ ...scene, shapes: scene.shapes.map((s): Shape => (s.type === "chain" ? { ...s, oneSided: false } : s)) });

function worldOf(shapes: readonly Shape[]): CollisionWorld {
  const w = new CollisionWorld();
  w.sync(shapes);
  return w;
}

/**
 * Rays that are not borderline in `world`: 0.02 sideways either way keeps the verdict, the shape
 * and the normal. With `areas`, only rays whose first hit is the sensor they aim at.
 */
function pickRays(world: CollisionWorld, shapes: readonly Shape[], count: number, seed: number, areas: boolean): GodotRayInput[] {
  const rand = seededRandom(seed);
  const rays: GodotRayInput[] = [];
  const cast = (from: Vec2, to: Vec2) => world.raycast(from, to, { includeSensors: areas })[0] ?? null;
  for (let attempt = 0; attempt < 4000 && rays.length < count; attempt++) {
    const a = 2 * Math.PI * rand(), s = shapes[Math.floor(rand() * shapes.length)]!;
    const from = vec2(q(s.x + 250 * Math.cos(a)), q(s.y + 250 * Math.sin(a)));
    const tx = s.x + 120 * (rand() - 0.5), ty = s.y + 120 * (rand() - 0.5);
    const to = vec2(q(from.x + 1.6 * (tx - from.x)), q(from.y + 1.6 * (ty - from.y)));
    if (world.raycast(from, to, { mode: "all", reportInside: true, includeSensors: areas }).some((h) => h.startedInside)) continue;
    const hit = cast(from, to);
    if (hit && (hit.fraction > 0.99 || hit.fraction < 0.01)) continue;
    if (areas && hit?.shape !== s.id) continue;
    const dx = to.x - from.x, dy = to.y - from.y, len = Math.hypot(dx, dy);
    const stable = [-0.02, 0.02].every((d) => {
      const ox = (-dy / len) * d, oy = (dx / len) * d;
      const h = cast(vec2(from.x + ox, from.y + oy), vec2(to.x + ox, to.y + oy));
      if (!hit || !h) return !hit && !h;
      return h.shape === hit.shape && h.normal.x * hit.normal.x + h.normal.y * hit.normal.y > NORMAL_DOT;
    });
    if (stable) rays.push({ from, to, areas });
  }
  return rays;
}

afterAll(removeGodotProjects);

describe.skipIf(!godot3OnPath && !process.env.CI)("Godot 3: concave polygons, chains, one-sided chains and sensors in godot3-server", () => {
  const scene = loadScene();
  const plan = planGodotScene(scene);
  /** Every node a shape became, by shape id ("Body/Node"). */
  const nodesOf = new Map<string, string[]>();
  for (const b of plan.bodies) for (const n of b.shapes) nodesOf.set(n.shape.id, [...(nodesOf.get(n.shape.id) ?? []), `${b.name}/${n.name}`]);
  const ours = worldOf(scene.shapes);
  const godotView = worldOf(twoSided(scene).shapes);
  const solidRays = pickRays(godotView, scene.shapes, 80, 0xc4a1, false);
  const sensorRays = pickRays(godotView, scene.shapes.filter((s) => s.sensor === true), 20, 0x5e75, true);
  const rays = [...solidRays, ...sensorRays];

  it("has rays enough, hitting every shape (sensors only with areas), one-sided edges from both sides, and missing too", () => {
    expect(solidRays.length).toBe(80);
    expect(sensorRays.length).toBe(20);
    const hitShapes = new Set(rays.map((r) => godotView.raycast(r.from, r.to, { includeSensors: r.areas })[0]?.shape ?? "miss"));
    expect([...hitShapes].sort()).toEqual([...scene.shapes.map((s) => s.id), "miss"].sort());
    const backHits = solidRays.filter((r) => godotView.raycast(r.from, r.to)[0]?.shape !== ours.raycast(r.from, r.to)[0]?.shape);
    expect(backHits.length).toBeGreaterThan(0);
  });

  it("casts the same rays as CollisionWorld.raycast (chains two-sided, as Godot's rays see one-way shapes): hit or miss, point, normal, the shape's node", { timeout: 90_000 }, () => {
    const godot = runGodot3(exportGodot(scene, { version: 3 }), rays);
    expect(godot.rays.length).toBe(rays.length);
    let back = 0;
    rays.forEach((ray, i) => {
      const expected = godotView.raycast(ray.from, ray.to, { includeSensors: ray.areas })[0] ?? null;
      const theirs = godot.rays[i]!;
      const where = `ray ${i} ${JSON.stringify(ray)}`;
      expect(theirs.hit, where).toBe(expected !== null);
      if (!expected) return;
      expect(Math.hypot(theirs.x! - expected.point.x, theirs.y! - expected.point.y), where).toBeLessThanOrEqual(POINT_TOL);
      expect(theirs.nx! * expected.normal.x + theirs.ny! * expected.normal.y, where).toBeGreaterThan(NORMAL_DOT);
      expect(nodesOf.get(expected.shape), where).toContain(theirs.node);
      // Our own answer: the same hit, or (a one-sided edge reached from its back) something behind it.
      const own = ours.raycast(ray.from, ray.to, { includeSensors: ray.areas })[0] ?? null;
      if (own?.shape === expected.shape && own.fraction === expected.fraction) return;
      back++;
      const edge = scene.shapes.find((s) => s.id === expected.shape)!;
      expect(edge.type === "chain" && edge.oneSided === true, where).toBe(true);
      // The normal Godot reports faces the ray, so here it is the edge's back: against the edge's normal.
      expect(own === null || own.fraction > expected.fraction, where).toBe(true);
    });
    expect(back).toBeGreaterThan(0);
  });

  it("moves a kinematic box as the core sweeps it: one-way edges block from their front only, chains and concave polygons from every side, sensors never", { timeout: 90_000 }, () => {
    // Short moves, the box over the middle of an edge: Godot 3.2's one-way test for a moving body
    // looks at the body 0.3 × its motion past the first contact, so a long step can pass through.
    const moves: (GodotMoveInput & { readonly why: string })[] = [
      { why: "onto the platform from above", x: -150, y: -60, w: 20, h: 20, dx: 0, dy: 30 },
      { why: "up through the platform", x: -150, y: -20, w: 20, h: 20, dx: 0, dy: -45 },
      { why: "sideways along under the platform", x: -250, y: -20, w: 20, h: 10, dx: 200, dy: 0 },
      { why: "down onto the turned slope", x: 235, y: -35, w: 16, h: 16, dx: 0, dy: 30 },
      { why: "up through the turned slope", x: 235, y: 10, w: 16, h: 16, dx: 0, dy: -45 },
      { why: "into the ring from outside (its edges face out: drawn clockwise on screen)", x: 260, y: -195, w: 16, h: 16, dx: 0, dy: 30 },
      { why: "out of the ring from inside", x: 260, y: -160, w: 16, h: 16, dx: 0, dy: -40 },
      { why: "down onto the ridge", x: 140, y: 110, w: 12, h: 12, dx: 0, dy: 30 },
      { why: "up into the ridge", x: 140, y: 160, w: 12, h: 12, dx: 0, dy: -30 },
      { why: "into the fence", x: -120, y: -120, w: 16, h: 16, dx: 80, dy: 0 },
      { why: "down into the terrain's notch", x: -200, y: 40, w: 20, h: 20, dx: 0, dy: 70 },
      { why: "across the terrain's notch, above it", x: -290, y: 20, w: 10, h: 10, dx: 220, dy: 0 },
      { why: "through the coin (a sensor)", x: 0, y: 40, w: 10, h: 10, dx: 120, dy: 0 },
      { why: "through the tripwire (a one-sided sensor)", x: 120, y: 45, w: 10, h: 10, dx: 0, dy: 30 },
      { why: "into the wall", x: -260, y: -60, w: 20, h: 20, dx: -80, dy: 0 },
    ];
    const godot = runGodot3(exportGodot(scene, { version: 3 }), [], moves);
    expect(godot.moves.length).toBe(moves.length);
    const verdicts = moves.map((m, i) => {
      const mover: Shape = { id: "mover", type: "box", x: m.x, y: m.y, width: m.w, height: m.h, rotation: 0 };
      const world = worldOf([...scene.shapes, mover]);
      expect(world.raycast(vec2(m.x, m.y), vec2(m.x + 1e-9, m.y), { reportInside: true, ignore: new Set(["mover"]) }).length, `${m.why}: starts clear`).toBe(0);
      const core = world.sweep("mover", vec2(m.x + m.dx, m.y + m.dy)).length > 0;
      expect(godot.moves[i], m.why).toBe(core);
      return core;
    });
    // Both answers occur, and the one-way ones are the ones that differ by direction.
    expect(verdicts.slice(0, 3)).toEqual([true, false, false]);
    expect(verdicts.slice(3, 9)).toEqual([true, false, true, false, true, true]);
    expect(verdicts.slice(12, 14)).toEqual([false, false]);
  });

  it("loads Area2D bodies for sensors, CollisionPolygon2D nodes for concave polygons, one SegmentShape2D node per edge, one_way_collision on one-sided ones", { timeout: 90_000 }, () => {
    const { nodes } = runGodot3(exportGodot(scene, { version: 3 }), []);
    const expected = plan.bodies.flatMap((body) => [
      { path: body.name, type: body.type, meta: {}, layer: body.collisionLayer, mask: body.collisionMask, visible: true },
      ...body.shapes.map(({ shape, name }) => ({
        path: `${body.name}/${name}`,
        type: shape.type === "polygon" && !isConvexOutline(shape.points) ? "CollisionPolygon2D" : "CollisionShape2D",
        // Every edge of a chain carries the chain's id.
        meta: { shape_id: shape.id },
        ...(shape.type === "chain" && shape.oneSided === true && body.type === "StaticBody2D" ? { oneWay: true } : {}),
      })),
    ]);
    expect(nodes).toEqual(expected);
    expect(plan.bodies.map((b) => [b.name, b.type])).toEqual([["Ground", "StaticBody2D"], ["Pickups Sensors (collision_layer 4, collision_mask 1)", "Area2D"], ["Pickups Sensors", "Area2D"]]);
    // The platform's edge, the slope's two and the ring's four; not the tripwire's (an Area2D ignores one-way).
    expect(nodes.filter((n) => n.oneWay).length).toBe(1 + 2 + 4);
  });
});
