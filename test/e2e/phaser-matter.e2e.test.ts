// The Phaser export, loaded by Phaser 4 itself: phaser.min.js (npm `phaser`) in headless Chromium,
// a HEADLESS game with Matter physics, every body made by this.matter.add.fromPhysicsEditor(x, y,
// body) from the export. 300 seeded rays through Matter's Query.ray must cross the shapes the
// core's CollisionWorld.raycast ("all", sensors included, starting inside reported) says, except
// where a ray passes within the curve tolerance of a circle or a capsule (Matter's inscribed
// circle polygon, the export's capsule polygon) or within the quad thickness of a chain (which
// also makes one-sided chains two-sided). Each body's bounds hold its parts, its centre is the
// x, y written, its parts are where the export put them, and bits and sensors arrive.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CollisionWorld } from "../../core/collision-world";
import { CURVE_TOLERANCE, exportPhaserMatter, MATTER_CIRCLE_ERROR, PHASER_CAPSULE_ERROR, PHASER_DEFAULT_CHAIN_THICKNESS, PHASER_RECIPE, type PhaserBody } from "../../core/export/phaser-matter";
import { rayCast } from "../../core/raycast";
import { parseScene } from "../../core/scene/io";
import { layerOf, sceneLayers, type Scene, type Shape } from "../../core/scene/types";
import { IDENTITY, makeCapsule, makeCircle, type ShapeGeometry } from "../../core/shapes";
import { rotFromDegrees, vec2 } from "../../core/vec2";
import { seededRandom } from "../seeded-random";
import { launchBrowser, ROOT } from "./harness";

const PHASER = resolve(ROOT, "node_modules/phaser/dist/phaser.min.js");
const RAYS = 300;

const FIXED = [
  { id: "comb", type: "polygon", x: 200, y: 420, rotation: 10, collisionLayer: 2, collisionMask: 3, points: [[-100, -40], [-70, -40], [-60, 10], [-30, 10], [-20, -40], [20, -40], [30, 10], [60, 10], [70, -40], [100, -40], [100, 60], [-100, 60]] },
  { id: "ridge", type: "chain", x: 520, y: 440, points: [[-80, 0], [-40, -30], [0, 10], [40, -20], [80, 0]] },
  { id: "fence", type: "chain", x: 400, y: 120, rotation: -15, closed: true, points: [[-60, -40], [60, -40], [60, 40], [0, 0], [-60, 40]] },
  { id: "platform", type: "chain", x: 150, y: 250, oneSided: true, points: [[-60, 0], [60, 0]] },
  { id: "coin", type: "circle", x: 460, y: 300, radius: 12, sensor: true, collisionLayer: 4, collisionMask: 1 },
  { id: "zone", type: "polygon", x: 320, y: 300, sensor: true, points: [[-30, -30], [30, -30], [30, 30], [0, 0], [-30, 30]] },
  { id: "hero", type: "capsule", x: 640, y: 200, rotation: 35, radius: 18, height: 90, collisionLayer: 0x80000000, collisionMask: 0xffffffff },
  { id: "ball", type: "capsule", x: 700, y: 480, rotation: 0, radius: 20, height: 40 },
  { id: "crate", type: "box", x: 80, y: 100, rotation: 30, width: 60, height: 40 },
];

/** The fixed shapes and 26 seeded ones (circles, boxes, capsules), on three layers and a few sets of bits. */
function makeScene(): Scene {
  const random = seededRandom(0x9a5e4);
  const between = (a: number, b: number) => a + (b - a) * random();
  const bits = [[1, 1], [2, 3], [4, 1], [1, 6]] as const;
  const extra = Array.from({ length: 26 }, (_, i) => {
    const [collisionLayer, collisionMask] = bits[i % bits.length]!;
    const base = { id: `s${i}`, x: between(20, 780), y: between(20, 580), rotation: between(-180, 180), layer: ["ground", "props", "triggers"][i % 3], collisionLayer, collisionMask, ...(i % 7 === 3 ? { sensor: true } : {}) };
    if (i % 3 === 0) return { ...base, type: "circle", radius: between(4, 45) };
    if (i % 3 === 1) return { ...base, type: "box", width: between(10, 90), height: between(10, 60) };
    const radius = between(5, 30);
    return { ...base, type: "capsule", radius, height: 2 * radius + between(0, 80) };
  });
  const json = { format: "collider-studio-scene", version: 1, layers: [{ id: "ground", name: "Ground" }, { id: "props", name: "Props" }, { id: "triggers", name: "Triggers" }], shapes: [...FIXED, ...extra] };
  const r = parseScene(JSON.stringify(json));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

interface Ray {
  readonly from: { x: number; y: number };
  readonly to: { x: number; y: number };
}

function makeRays(): Ray[] {
  const random = seededRandom(0x7a75);
  return Array.from({ length: RAYS }, () => {
    const from = { x: random() * 900 - 50, y: random() * 700 - 50 };
    const angle = random() * 2 * Math.PI, length = 20 + random() * 500;
    return { from, to: { x: from.x + length * Math.cos(angle), y: from.y + length * Math.sin(angle) } };
  });
}

/** What Phaser made of one body, read in the page. */
interface LoadedBody {
  readonly key: string;
  readonly position: { x: number; y: number };
  readonly bounds: { minX: number; minY: number; maxX: number; maxY: number };
  readonly isStatic: boolean;
  readonly inverseMass: number;
  readonly filter: { group: number; category: number; mask: number };
  readonly parts: readonly { label: string; isSensor: boolean; circleRadius: number; position: { x: number; y: number }; bounds: { minX: number; minY: number; maxX: number; maxY: number }; vertices: { x: number; y: number }[] }[];
}

interface PageResult {
  readonly bodies: readonly LoadedBody[];
  /** Per ray: the keys of the bodies it crosses and the label of the part Matter reports. */
  readonly hits: readonly { body: string; part: string }[][];
  /** Body positions after 30 steps under gravity (static bodies stay). */
  readonly after: readonly { key: string; x: number; y: number }[];
}

/** Boots Phaser with Matter in the page, makes the bodies, casts the rays. Runs in the browser. */
async function runInPhaser(page: Page, file: string, rays: readonly Ray[]): Promise<PageResult> {
  return page.evaluate(({ file, rays }) => new Promise<PageResult>((done, fail) => {
    type Bounds = { min: { x: number; y: number }; max: { x: number; y: number } };
    type MBody = { id: number; label: string; isSensor: boolean; isStatic: boolean; inverseMass: number; circleRadius: number; position: { x: number; y: number }; bounds: Bounds; vertices: { x: number; y: number }[]; parts: MBody[]; parent: MBody; collisionFilter: { group: number; category: number; mask: number } };
    type Collision = { bodyA: MBody };
    type MatterFactory = { fromPhysicsEditor: (x: number, y: number, config: unknown) => MBody };
    type MatterScene = { matter: { add: MatterFactory; body: { setStatic: (b: MBody, isStatic: boolean) => void }; world: { step: (delta: number) => void } } };
    const P = (window as unknown as { Phaser: { HEADLESS: number; Game: new (config: unknown) => { destroy: (b: boolean) => void }; Physics: { Matter: { Matter: { Query: { ray: (bodies: MBody[], a: { x: number; y: number }, b: { x: number; y: number }) => Collision[] } } } } } }).Phaser;
    const box = (b: Bounds) => ({ minX: b.min.x, minY: b.min.y, maxX: b.max.x, maxY: b.max.y });
    const doc = JSON.parse(file) as Record<string, unknown>;
    new P.Game({
      type: P.HEADLESS, width: 64, height: 64, banner: false, audio: { noAudio: true },
      physics: { default: "matter", matter: { gravity: { y: 1 } } },
      scene: {
        create(this: MatterScene) {
          try {
            const made: { key: string; body: MBody }[] = [];
            for (const [key, config] of Object.entries(doc)) {
              if (key === "generator_info") continue;
              // The documented recipe (PHASER_RECIPE), word for word.
              const body = config as { x: number; y: number; isStatic: boolean };
              const b = this.matter.add.fromPhysicsEditor(body.x, body.y, body); if (body.isStatic) this.matter.body.setStatic(b, true);
              made.push({ key, body: b });
            }
            const keyOf = new Map(made.map((m) => [m.body.id, m.key]));
            const bodies = made.map(({ key, body }): LoadedBody => ({
              key, position: { ...body.position }, bounds: box(body.bounds), isStatic: body.isStatic, inverseMass: body.inverseMass, filter: { ...body.collisionFilter },
              parts: body.parts.slice(1).map((p) => ({ label: p.label, isSensor: p.isSensor, circleRadius: p.circleRadius, position: { ...p.position }, bounds: box(p.bounds), vertices: p.vertices.map((v) => ({ x: v.x, y: v.y })) })),
            }));
            const all = made.map((m) => m.body);
            const hits = rays.map((r) => P.Physics.Matter.Matter.Query.ray(all, r.from, r.to).map((c) => ({ body: keyOf.get(c.bodyA.parent.id) ?? "?", part: c.bodyA.label })));
            for (let i = 0; i < 30; i++) this.matter.world.step(1000 / 60);
            const after = made.map(({ key, body }) => ({ key, x: body.position.x, y: body.position.y }));
            done({ bodies, hits, after });
          } catch (e) {
            fail(e instanceof Error ? e : new Error(String(e)));
          }
        },
      },
    });
  }), { file, rays });
}

/** The core's answer: every shape the ray crosses, sensors too, one it starts inside as well. */
function coreHits(world: CollisionWorld, ray: Ray): Set<string> {
  return new Set(world.raycast(vec2(ray.from.x, ray.from.y), vec2(ray.to.x, ray.to.y), { mode: "all", includeSensors: true, reportInside: true }).map((h) => h.shape));
}

const made = <T,>(r: { ok: true; value: T } | { ok: false; reason: string }): T => {
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};

/**
 * The band around a curved or thin shape where the two answers may differ: a ray crossing `outer`
 * but not `inner` (null: nothing). Circles: Matter's inscribed polygon; capsules: the export's
 * polygon, PHASER_CAPSULE_ERROR of the radius either way, as for the circles the export writes as
 * polygons (those Matter would draw more than CURVE_TOLERANCE inside); chains: the quads, and either side.
 */
function band(shape: Shape): { outer: ShapeGeometry[]; inner: ShapeGeometry[] } | null {
  const slack = 1e-6;
  if (shape.type === "circle") {
    const r = shape.radius;
    if (MATTER_CIRCLE_ERROR(r) > CURVE_TOLERANCE) {
      const e = PHASER_CAPSULE_ERROR * r + slack;
      return { outer: [made(makeCircle(r + e, shape.x, shape.y))], inner: [made(makeCircle(r - e, shape.x, shape.y))] };
    }
    return { outer: [made(makeCircle(r + slack, shape.x, shape.y))], inner: [made(makeCircle(r * (1 - MATTER_CIRCLE_ERROR(r)) - slack, shape.x, shape.y))] };
  }
  const { c, s } = rotFromDegrees(shape.rotation);
  const world = (x: number, y: number) => [c * x - s * y + shape.x, s * x + c * y + shape.y] as const;
  if (shape.type === "capsule") {
    const half = Math.max(shape.height / 2 - shape.radius, 0), e = PHASER_CAPSULE_ERROR * shape.radius + slack;
    const [x1, y1] = world(0, -half), [x2, y2] = world(0, half);
    return { outer: [made(makeCapsule(x1, y1, x2, y2, shape.radius + e))], inner: [made(makeCapsule(x1, y1, x2, y2, shape.radius - e))] };
  }
  if (shape.type === "chain") {
    const pts = shape.points.map(([x, y]) => world(x, y));
    const edges = shape.closed === true ? pts.length : pts.length - 1;
    const outer = Array.from({ length: edges }, (_, i) => {
      const [x1, y1] = pts[i]!, [x2, y2] = pts[(i + 1) % pts.length]!;
      return made(makeCapsule(x1, y1, x2, y2, PHASER_DEFAULT_CHAIN_THICKNESS / 2 + slack)) as ShapeGeometry;
    });
    return { outer, inner: [] };
  }
  return null;
}

const crosses = (gs: readonly ShapeGeometry[], ray: Ray) => gs.some((g) => rayCast(g, IDENTITY, ray.from.x, ray.from.y, ray.to.x, ray.to.y, undefined, { reportInside: true }).hit);

/** A small level for the game checks: a floor, a 1-px chain ledge, a coin with properties, a concave slope. */
function gameScene(): Scene {
  const json = {
    format: "collider-studio-scene", version: 1,
    shapes: [
      { id: "floor", type: "box", x: 400, y: 580, width: 800, height: 40, collisionMask: 3 },
      { id: "ledge", type: "chain", x: 300, y: 300, collisionMask: 3, points: [[-80, 0], [0, 20], [80, 0]] },
      { id: "coin", type: "circle", x: 350, y: 520, radius: 12, sensor: true, collisionLayer: 4, collisionMask: 2, class: "Pickup", properties: [{ name: "value", type: "int", value: 10 }, { name: "tint", type: "color", value: "#ffcc00" }] },
      { id: "slope", type: "polygon", x: 600, y: 460, rotation: 20, collisionMask: 3, points: [[-120, 100], [120, 100], [120, -60], [40, -40], [0, 40], [-60, 60]] },
    ],
  };
  const r = parseScene(JSON.stringify(json));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

interface GameResult {
  /** Each static body's inverseMass after the recipe. */
  readonly inverseMass: Record<string, number>;
  /** The heavy ball's y every 10 steps. */
  readonly heavyY: readonly number[];
  /** Sensor pairs that began: each side's part label, properties and class. */
  readonly sensorPairs: readonly { label: string; properties: unknown; class: unknown }[][];
  /** The slope body after it was turned and moved: its position and angle (radians). */
  readonly slope: { x: number; y: number; angle: number };
  /** For each probe point, whether Matter's Query.point finds the slope there. */
  readonly inSlope: readonly boolean[];
}

/** Makes the level's bodies by the documented recipe, plays 300 steps, then turns the slope and probes it. Runs in the browser. */
async function playInPhaser(page: Page, file: string, probes: readonly { x: number; y: number }[], turn: { dx: number; dy: number; angle: number }): Promise<GameResult> {
  return page.evaluate(({ file, probes, turn }) => new Promise<GameResult>((done, fail) => {
    type V = { x: number; y: number };
    type MBody = { label: string; isStatic: boolean; inverseMass: number; position: V; angle: number; properties?: unknown; class?: unknown };
    type Pair = { isSensor: boolean; bodyA: MBody; bodyB: MBody };
    type BodyApi = { setStatic: (b: MBody, s: boolean) => void; setAngle: (b: MBody, a: number) => void; setPosition: (b: MBody, p: V) => void };
    type MatterScene = { matter: { add: { fromPhysicsEditor: (x: number, y: number, c: unknown) => MBody; circle: (x: number, y: number, r: number, o: unknown) => MBody }; body: BodyApi; world: { step: (d: number) => void; on: (e: string, f: (ev: { pairs: Pair[] }) => void) => void } } };
    const P = (window as unknown as { Phaser: { HEADLESS: number; Game: new (config: unknown) => unknown; Physics: { Matter: { Matter: { Query: { point: (bodies: MBody[], p: V) => MBody[] } } } } } }).Phaser;
    const doc = JSON.parse(file) as Record<string, unknown>;
    new P.Game({
      type: P.HEADLESS, width: 64, height: 64, banner: false, audio: { noAudio: true },
      physics: { default: "matter", matter: { gravity: { y: 1 } } },
      scene: {
        create(this: MatterScene) {
          try {
            const made: Record<string, MBody> = {};
            for (const [name, config] of Object.entries(doc)) {
              if (name === "generator_info") continue;
              const body = config as { x: number; y: number; isStatic: boolean };
              const b = this.matter.add.fromPhysicsEditor(body.x, body.y, body); if (body.isStatic) this.matter.body.setStatic(b, true);
              made[name] = b;
            }
            const inverseMass = Object.fromEntries(Object.entries(made).map(([k, b]) => [k, b.inverseMass]));
            const heavy = this.matter.add.circle(340, 250, 10, { density: 0.05, friction: 0.1, collisionFilter: { category: 2, mask: 1 | 4 } });
            this.matter.add.circle(350, 470, 6, { density: 0.001, collisionFilter: { category: 2, mask: 1 | 4 } });
            const sensorPairs: { label: string; properties: unknown; class: unknown }[][] = [];
            this.matter.world.on("collisionstart", (ev) => {
              for (const p of ev.pairs) if (p.isSensor) sensorPairs.push([p.bodyA, p.bodyB].map((b) => ({ label: b.label, properties: b.properties, class: b.class })));
            });
            const heavyY: number[] = [];
            for (let i = 0; i < 300; i++) {
              this.matter.world.step(1000 / 60);
              if (i % 10 === 9) heavyY.push(heavy.position.y);
            }
            const slope = made.slope!;
            this.matter.body.setAngle(slope, turn.angle);
            this.matter.body.setPosition(slope, { x: slope.position.x + turn.dx, y: slope.position.y + turn.dy });
            const inSlope = probes.map((p) => P.Physics.Matter.Matter.Query.point([slope], p).length > 0);
            done({ inverseMass, heavyY, sensorPairs, slope: { x: slope.position.x, y: slope.position.y, angle: slope.angle }, inSlope });
          } catch (e) {
            fail(e instanceof Error ? e : new Error(String(e)));
          }
        },
      },
    });
  }), { file, probes, turn });
}

describe("Phaser export, loaded by Phaser 4's Matter (fromPhysicsEditor) in Chromium", () => {
  const scene = makeScene();
  const byId = new Map(scene.shapes.map((s) => [s.id, s]));
  const rays = makeRays();
  const world = new CollisionWorld();
  world.sync(scene.shapes);
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setContent("<!doctype html><html><body></body></html>");
    await page.addScriptTag({ content: readFileSync(PHASER, "utf8") });
    expect(errors).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("one body per shape: the shapes each of 300 rays crosses are the core's, but for rays within the curve or chain tolerance", async () => {
    const file = exportPhaserMatter(scene);
    const result = await runInPhaser(page, file, rays);
    expect(result.bodies.length).toBe(scene.shapes.length);
    let agreed = 0, hitsSeen = 0;
    const excused: string[] = [];
    rays.forEach((ray, i) => {
      const core = coreHits(world, ray);
      const matter = new Set(result.hits[i]!.map((h) => h.part));
      // One body per shape: the part Matter names is the body's only shape.
      for (const h of result.hits[i]!) expect(h.part).toBe(h.body);
      hitsSeen += core.size;
      for (const id of new Set([...core, ...matter])) {
        if (core.has(id) === matter.has(id)) {
          agreed++;
          continue;
        }
        const shape = byId.get(id)!, b = band(shape);
        const inBand = b !== null && crosses(b.outer, ray) && !crosses(b.inner, ray);
        expect(inBand, `ray ${i} ${JSON.stringify(ray)} and ${shape.type} "${id}": core ${core.has(id)}, Matter ${matter.has(id)}`).toBe(true);
        excused.push(`${shape.type}:${id}`);
      }
    });
    // The rays must reach shapes for the comparison to mean anything, and differ only rarely.
    expect(hitsSeen).toBeGreaterThan(150);
    expect(excused.length).toBeLessThan(agreed / 20);
    console.info(`phaser-matter: ${hitsSeen} core hits over ${RAYS} rays, ${agreed} ray–shape answers agree, ${excused.length} differ within tolerance (${excused.join(", ") || "none"})`);
  }, 60_000);

  it("each body is where the export says: centre at its x, y, bounds holding its parts, parts on the written vertices", async () => {
    const file = exportPhaserMatter(scene);
    const doc = JSON.parse(file) as Record<string, PhaserBody | string>;
    expect(file).not.toMatch(/"position"/);
    const result = await runInPhaser(page, file, []);
    for (const body of result.bodies) {
      const written = doc[body.key] as PhaserBody;
      expect(body.position.x, body.key).toBeCloseTo(written.x, 6);
      expect(body.position.y, body.key).toBeCloseTo(written.y, 6);
      const eps = 1e-9;
      for (const part of body.parts) {
        expect(part.bounds.minX).toBeGreaterThanOrEqual(body.bounds.minX - eps);
        expect(part.bounds.minY).toBeGreaterThanOrEqual(body.bounds.minY - eps);
        expect(part.bounds.maxX).toBeLessThanOrEqual(body.bounds.maxX + eps);
        expect(part.bounds.maxY).toBeLessThanOrEqual(body.bounds.maxY + eps);
      }
      // Every written vertex list is one part with the same vertices (Matter sorts them clockwise).
      const lists = written.fixtures.flatMap((f) => f.vertices ?? []);
      const polygons = body.parts.filter((p) => p.circleRadius === 0);
      expect(polygons.length, body.key).toBe(lists.length);
      const key = (v: { x: number; y: number }) => `${v.x.toFixed(6)},${v.y.toFixed(6)}`;
      const written6 = lists.map((l) => l.map(key).sort().join(" ")).sort();
      const loaded6 = polygons.map((p) => p.vertices.map(key).sort().join(" ")).sort();
      expect(loaded6, body.key).toEqual(written6);
      for (const f of written.fixtures.filter((w) => w.circle)) {
        const part = body.parts.find((p) => p.circleRadius === f.circle!.radius)!;
        expect(part.position.x).toBeCloseTo(f.circle!.x, 6);
        expect(part.position.y).toBeCloseTo(f.circle!.y, 6);
      }
    }
  }, 60_000);

  it("collision bits arrive on the bodies, isSensor on the parts, and static bodies stay put under gravity", async () => {
    const result = await runInPhaser(page, exportPhaserMatter(scene), []);
    for (const body of result.bodies) {
      const shape = byId.get(body.key)!;
      expect(body.filter).toEqual({ group: 0, category: (shape.collisionLayer ?? 1) >>> 0, mask: (shape.collisionMask ?? 1) >>> 0 });
      expect(body.isStatic).toBe(true);
      // Without the recipe's setStatic, Body.setParts leaves a static body a finite inverseMass.
      expect(body.inverseMass, body.key).toBe(0);
      for (const part of body.parts) {
        expect(part.label).toBe(shape.id);
        expect(part.isSensor).toBe(shape.sensor === true);
      }
    }
    expect(result.bodies.filter((b) => b.parts.some((p) => p.isSensor)).length).toBe(scene.shapes.filter((s) => s.sensor === true).length);
    for (const [i, a] of result.after.entries()) {
      expect(a.x).toBe(result.bodies[i]!.position.x);
      expect(a.y).toBe(result.bodies[i]!.position.y);
    }
  }, 60_000);

  it("one body per layer and bits: every body holds one layer's shapes of one set of bits, and rays cross the bodies of the core's shapes", async () => {
    const file = exportPhaserMatter(scene, { bodies: "layer" });
    const doc = JSON.parse(file) as Record<string, PhaserBody | string>;
    const bodyOfShape = new Map<string, string>();
    for (const [key, b] of Object.entries(doc)) {
      if (typeof b === "string") continue;
      const shapes = b.fixtures.map((f) => byId.get(f.label)!);
      expect(new Set(shapes.map((s) => `${layerOf(s, sceneLayers(scene))}|${s.collisionLayer ?? 1}|${s.collisionMask ?? 1}`)).size, key).toBe(1);
      for (const s of shapes) bodyOfShape.set(s.id, key);
    }
    expect(bodyOfShape.size).toBe(scene.shapes.length);
    const result = await runInPhaser(page, file, rays);
    expect(result.bodies.length).toBeLessThan(scene.shapes.length);
    for (const body of result.bodies) {
      const written = doc[body.key] as PhaserBody;
      expect(body.filter).toEqual(written.collisionFilter);
      for (const part of body.parts) expect(part.isSensor).toBe(byId.get(part.label)!.sensor === true);
    }
    let differ = 0;
    rays.forEach((ray, i) => {
      const core = coreHits(world, ray);
      const expected = new Set([...core].map((id) => bodyOfShape.get(id)!));
      const got = new Set(result.hits[i]!.map((h) => h.body));
      for (const key of new Set([...expected, ...got])) {
        if (expected.has(key) === got.has(key)) continue;
        // Only a shape whose band the ray crosses may make the difference.
        const near = scene.shapes.filter((s) => bodyOfShape.get(s.id) === key).some((s) => {
          const b = band(s);
          return b !== null && crosses(b.outer, ray) && !crosses(b.inner, ray);
        });
        expect(near, `ray ${i} and body "${key}"`).toBe(true);
        differ++;
      }
    });
    expect(differ).toBeLessThan(RAYS / 20);
  }, 60_000);
  it("a game: the recipe leaves static bodies static, a heavy ball rests on the 1-px chain, a sensor's parts carry the coin's properties, the core follows a turned body", async () => {
    const level = gameScene();
    const file = exportPhaserMatter(level);
    // The recipe the test follows is the one the docs and the file print.
    for (const doc of ["README.md", "docs/exporters.md"]) expect(readFileSync(resolve(ROOT, doc), "utf8"), doc).toContain(PHASER_RECIPE);
    expect((JSON.parse(file) as { generator_info: string }).generator_info).toContain(PHASER_RECIPE);
    const shape = level.shapes.find((s) => s.id === "slope")!;
    const written = (JSON.parse(file) as Record<string, PhaserBody>).slope!;
    const probes: { x: number; y: number }[] = [];
    for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) probes.push({ x: 420.37 + i * 9.1, y: 280.53 + j * 9.1 });
    const turn = { dx: 30, dy: -20, angle: 0.7 };
    const result = await playInPhaser(page, file, probes, turn);

    // 1. Static bodies: inverseMass 0 (Body.setParts had made it finite), and the heavy ball
    //    (density 0.05) settles on the ledge's 1-px quads (bottom at y 320) instead of sinking through.
    expect(result.inverseMass).toEqual({ floor: 0, ledge: 0, coin: 0, slope: 0 });
    expect(Math.max(...result.heavyY)).toBeLessThan(320);
    expect(result.heavyY.at(-1)!).toBeGreaterThan(305);

    // 2. The coin's part, as a collisionstart handler sees it, carries the coin's properties and class.
    const coinSides = result.sensorPairs.flat().filter((b) => b.label === "coin");
    expect(coinSides.length).toBeGreaterThan(0);
    for (const side of coinSides) expect(side).toEqual({ label: "coin", properties: { value: 10, tint: "#ffcc00" }, class: "Pickup" });

    // 3. A body's position is its centre of mass (the written x, y), not the shape's origin: the
    //    origin is position + R(angle)·(shape.x − body.x, shape.y − body.y), rotation + angle.
    const { c, s } = rotFromDegrees((result.slope.angle * 180) / Math.PI);
    const ox = shape.x - written.x, oy = shape.y - written.y;
    const core = new CollisionWorld();
    core.sync(level.shapes);
    core.move("slope", result.slope.x + c * ox - s * oy, result.slope.y + s * ox + c * oy, shape.rotation + (result.slope.angle * 180) / Math.PI);
    const coreIn = probes.map((p) => core.queryPoint(p.x, p.y).includes("slope"));
    expect(coreIn.filter(Boolean).length).toBeGreaterThan(100);
    expect(coreIn.filter((v, i) => v !== result.inSlope[i]!).length).toBe(0);
    // The shape put at the body's position instead misses part of it.
    core.move("slope", result.slope.x, result.slope.y, shape.rotation + (result.slope.angle * 180) / Math.PI);
    expect(probes.filter((p, i) => core.queryPoint(p.x, p.y).includes("slope") !== result.inSlope[i]!).length).toBeGreaterThan(20);
  }, 60_000);
});
