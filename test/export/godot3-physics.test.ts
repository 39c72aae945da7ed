// The Godot 3 export loaded by the real engine: godot3-server instances the exported scene
// headless, waits for physics frames, casts rays with Godot's own physics
// (Physics2DDirectSpaceState.intersect_ray) and prints every hit and every node; the hits must be
// core's raycastScene on the same scene (hit or miss, point within 0.05, normal, the node named
// after our shape), and the nodes must carry the names, bits, visibility and metadata the plan
// says. Skipped when godot3-server is not on PATH, except under CI (which installs it).
import { afterAll, describe, expect, it } from "vitest";
import { exportGodot, planGodotScene } from "../../core/export/godot";
import { raycastScene } from "../core/scan-reference";
import { parseScene } from "../../core/scene/io";
import { collisionLayerOf, collisionMaskOf, type Scene, type Shape } from "../../core/scene/types";
import { vec2, type Vec2 } from "../../core/vec2";
import { seededRandom } from "../seeded-random";
import { godot3OnPath, removeGodotProjects, runGodot3, type GodotNode } from "./godot3-run";

const onPath = godot3OnPath;

const POINT_TOL = 0.05;
/** Normals agree to about 0.5° (cos). */
const NORMAL_DOT = 0.99996;

/**
 * Every shape kind, turned and not, on three layers (one hidden, one locked), several bits,
 * hostile names, classes and object properties (Tiled object ids: 7 the ball, 3 the triangle). Sizes and positions are exact in 32-bit floats, as Godot 3 stores them.
 */
const SCENE_JSON = {
  format: "collider-studio-scene", version: 1,
  layers: [{ id: "ground", name: "Ground" }, { id: "hazards", name: 'Haz"ards/1', visible: false }, { id: "props", name: "Props", locked: true }],
  shapes: [
    { id: "floor", name: "Floor", type: "box", x: 0, y: 200, width: 600, height: 40, collisionMask: 3, properties: [{ name: "surface", type: "string", value: 'ice "slick"\n\\' }, { name: "friction", type: "number", value: 0.25 }, { name: "tint", type: "color", value: "#33aaff80" }, { name: "solid", type: "boolean", value: true }, { name: "target", type: "object", value: 7 }, { name: "none", type: "object", value: 0 }] },
    { id: "tilted", name: "Tilted.box", type: "box", x: -150, y: 50, width: 80, height: 30, rotation: 30, class: "Door", properties: [{ name: "floor", type: "object", value: 3 }] },
    { id: "ball", type: "circle", x: 150, y: 40, radius: 25, rotation: 45, tiledId: 7, class: "Door" },
    { id: "pill", name: "Player:1", type: "capsule", x: 0, y: 60, radius: 15, height: 70, rotation: 90, layer: "hazards", collisionLayer: 2 },
    { id: "pill2", name: "Player:1", type: "capsule", x: -60, y: -60, radius: 12.5, height: 50, rotation: -20, layer: "hazards", collisionLayer: 2147483648, collisionMask: 5 },
    { id: "pill3", type: "capsule", x: 220, y: -80, radius: 20, height: 40 },
    { id: "tri", name: "🚀 ünï", type: "polygon", x: 60, y: -120, points: [[-40, 20], [40, 20], [0, -30]], layer: "props", class: 'Sp"ike s', tiledId: 3 },
    { id: "pent", name: "", type: "polygon", x: -220, y: -100, rotation: 17, layer: "props", collisionLayer: 6, points: [[0, -30], [28.5, -9.25], [17.625, 24.25], [-17.625, 24.25], [-28.5, -9.25]] },
    { id: "wall", name: "Wall\\ \"x\"\u2028@%", type: "box", x: 290, y: 60, width: 20, height: 260, rotation: -5, layer: "props" },
  ],
};

function loadScene(): Scene {
  const r = parseScene(JSON.stringify(SCENE_JSON));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

const random = seededRandom;
/** Rounded to 1/64: exact in a 32-bit float at these magnitudes. */
const q = (v: number) => Math.round(v * 64) / 64;

interface Ray { readonly from: Vec2; readonly to: Vec2 }

/** The closest hit's shape and normal, or null. */
function closest(shapes: readonly Shape[], from: Vec2, to: Vec2) {
  return raycastScene(shapes, from, to)[0] ?? null;
}

/**
 * Rays from outside every shape that are not borderline: moving the ray 0.02 sideways either way
 * keeps the same verdict, the same shape and the same normal, and the hit is not at its very end.
 */
function pickRays(shapes: readonly Shape[], count: number): Ray[] {
  const rand = random(0x60d07);
  const rays: Ray[] = [];
  for (let attempt = 0; attempt < 2000 && rays.length < count; attempt++) {
    let from: Vec2, to: Vec2;
    if (attempt % 3 === 0) {
      // From inside the scene's area, in any direction.
      from = vec2(q(-320 + 640 * rand()), q(-200 + 440 * rand()));
      to = vec2(q(from.x + 400 * (rand() - 0.5)), q(from.y + 400 * (rand() - 0.5)));
    } else {
      // From a ring around the scene, aimed near a shape's centre.
      const a = 2 * Math.PI * rand(), s = shapes[Math.floor(rand() * shapes.length)]!;
      from = vec2(q(420 * Math.cos(a)), q(40 + 360 * Math.sin(a)));
      const tx = s.x + 40 * (rand() - 0.5), ty = s.y + 40 * (rand() - 0.5);
      to = vec2(q(from.x + 1.5 * (tx - from.x)), q(from.y + 1.5 * (ty - from.y)));
    }
    if (raycastScene(shapes, from, to, { mode: "all", reportInside: true }).some((h) => h.startedInside)) continue;
    const hit = closest(shapes, from, to);
    if (hit && hit.fraction > 0.99) continue;
    const dx = to.x - from.x, dy = to.y - from.y, len = Math.hypot(dx, dy);
    const stable = [-0.02, 0.02].every((d) => {
      const ox = (-dy / len) * d, oy = (dx / len) * d;
      const h = closest(shapes, vec2(from.x + ox, from.y + oy), vec2(to.x + ox, to.y + oy));
      if (!hit || !h) return !hit && !h;
      return h.shape === hit.shape && h.normal.x * hit.normal.x + h.normal.y * hit.normal.y > NORMAL_DOT;
    });
    if (stable) rays.push({ from, to });
  }
  return rays;
}

afterAll(removeGodotProjects);

/** Runs the exported scene in godot3-server and returns what the script printed. */
const runGodot = (scene: Scene, rays: readonly Ray[]) => runGodot3(exportGodot(scene, { version: 3 }), rays);

describe.skipIf(!onPath && !process.env.CI)("Godot 3 export in godot3-server", () => {
  it("godot3-server is on PATH (CI installs it: apt-get install -y godot3-server)", () => {
    expect(onPath).toBe(true);
  });

  const scene = loadScene();
  const plan = planGodotScene(scene);
  const nodeOf = new Map(plan.bodies.flatMap((b) => b.shapes.map((s) => [s.shape.id, `${b.name}/${s.name}`] as const)));
  const rays = pickRays(scene.shapes, 60);

  it("has rays enough, hitting every shape and missing too", () => {
    expect(rays.length).toBe(60);
    const hits = rays.map((r) => closest(scene.shapes, r.from, r.to));
    expect(new Set(hits.map((h) => h?.shape)).size).toBe(scene.shapes.length + 1); // every shape and a miss
  });

  it("casts the same rays: hit or miss, point within 0.05, normal, the node named after the shape", { timeout: 90_000 }, () => {
    const godot = runGodot(scene, rays);
    expect(godot.rays.length).toBe(rays.length);
    let maxPoint = 0, minDot = 1, hits = 0;
    rays.forEach((ray, i) => {
      const ours = closest(scene.shapes, ray.from, ray.to);
      const theirs = godot.rays[i]!;
      const where = `ray ${i} ${JSON.stringify(ray)}`;
      expect(theirs.hit, where).toBe(ours !== null);
      if (!ours) return;
      hits++;
      const d = Math.hypot(theirs.x! - ours.point.x, theirs.y! - ours.point.y);
      const dot = theirs.nx! * ours.normal.x + theirs.ny! * ours.normal.y;
      maxPoint = Math.max(maxPoint, d);
      minDot = Math.min(minDot, dot);
      expect(d, where).toBeLessThanOrEqual(POINT_TOL);
      expect(dot, where).toBeGreaterThan(NORMAL_DOT);
      expect(theirs.node, where).toBe(nodeOf.get(ours.shape));
    });
    console.log(`godot3-server: ${rays.length} rays, ${hits} hits; largest point difference ${maxPoint.toExponential(2)}, largest normal angle ${((Math.acos(Math.min(1, minDot)) * 180) / Math.PI).toExponential(2)}°`);
  });

  it("loads every node with the plan's names, bits, visibility, metadata (shape_id, properties, object properties as NodePaths get_node follows) and groups (classes)", { timeout: 90_000 }, () => {
    const { nodes } = runGodot(scene, []);
    const expected: GodotNode[] = [];
    for (const body of plan.bodies) {
      expected.push({ path: body.name, type: "StaticBody2D", meta: body.layer.locked ? { _edit_lock_: true } : {}, layer: body.collisionLayer, mask: body.collisionMask, visible: body.layer.visible !== false });
      for (const { shape, name } of body.shapes) {
        const targets = new Map(scene.shapes.flatMap((s) => (s.tiledId === undefined ? [] : [[s.tiledId, nodeOf.get(s.id)!] as const])));
        const refs = Object.fromEntries((shape.properties ?? []).flatMap((p) => (p.type === "object" && p.value !== 0 ? [[p.name, targets.get(p.value) ?? ""]] : [])));
        const meta = Object.fromEntries([["shape_id", shape.id], ...(shape.properties ?? []).map((p) => {
          // An object property is a NodePath to the node it names (refs: the node get_node reaches), "" for none.
          if (p.type === "object") return [p.name, p.value === 0 ? "NodePath:" : expect.stringMatching(/^NodePath:\.\.\//)];
          if (p.type !== "color") return [p.name, p.value];
          const c = [1, 3, 5, 7].map((k) => parseInt(p.value.slice(k, k + 2) || "ff", 16) / 255);
          return [p.name, c];
        })]);
        expected.push({ path: `${body.name}/${name}`, type: "CollisionShape2D", meta, ...(shape.class ? { groups: [shape.class] } : {}), ...(Object.keys(refs).length > 0 ? { refs } : {}) });
        expect(collisionLayerOf(shape)).toBe(body.collisionLayer);
        expect(collisionMaskOf(shape)).toBe(body.collisionMask);
      }
    }
    // Colors come back as 32-bit floats: compare them to 1e-6.
    const round = (n: GodotNode) => ({ ...n, meta: Object.fromEntries(Object.entries(n.meta).map(([k, v]) => [k, Array.isArray(v) ? v.map((c: number) => Math.round(c * 1e6) / 1e6) : v])) });
    expect(nodes.map(round)).toEqual(expected.map(round));
  });
});
