// The Box2D export, loaded into planck (Box2D v2.x in JS) by a b2dJson reader written from
// b2dJson.cpp (./b2djson-planck.ts), must be the same world as the scene:
// - point tests: planck's fixture.testPoint (metres, y up) against the core's containsPoint on the
//   original scene (pixels, y down), for random points away from the boundary (by the independent
//   reference distance in test/core/reference.ts);
// - ray casts: planck's world.rayCast against the core's raycastScene after converting units: the
//   same shape, the same fraction, point and normal;
// - bodies, fixture counts, names, filter bits and custom properties as the scene says.
// planck computes in float64 like the core, so the tolerances are rounding, not float32.
import fc from "fast-check";
import { convexShape } from "../core/arbitraries";
import { describe, expect, it } from "vitest";
import { containsPoint, geometryOf, transformOf, vec2, type Scene, type Shape } from "../../core/index";
import { raycastScene } from "../core/scan-reference";
import { box2dWorld, exportBox2d, FIXTURE_ID_PROPERTY, type Box2dExportOptions } from "../../core/export/box2d";
import { CAPSULE_POLYGON_ERROR } from "../../core/export/box2d-geometry";
import { seedOf, shapeOf, KINDS, real } from "../core/arbitraries";
import { pointSignedDistance, worldCore } from "../core/reference";
import { loadB2dJson, type LoadedWorld } from "./b2djson-planck";
import { seededRandom } from "../seeded-random";

const PPM = 32;
/** Points and ray starts closer than this (pixels) to a surface are no one's verdict. */
const BAND = 1e-6;
/** Pixels: rounding of a few operations on coordinates up to ~1000. */
const TOL = 1e-8;

const random = seededRandom;

/** A strictly convex n-gon (9–24 points on an ellipse), either winding: the exporter must split it. */
const bigPolygon = (id: string): fc.Arbitrary<Shape> =>
  fc
    .record({ n: fc.integer({ min: 9, max: 24 }), rx: real(20, 200), ry: real(20, 200), x: real(-400, 400), y: real(-400, 400), rotation: real(-360, 360), reverse: fc.boolean(), start: real(0, 1) })
    .map(({ n, rx, ry, x, y, rotation, reverse, start }): Shape => {
      const points = Array.from({ length: n }, (_, k): [number, number] => {
        const t = 2 * Math.PI * (start + k / n);
        return [rx * Math.cos(t), ry * Math.sin(t)];
      });
      return { id, type: "polygon", x, y, rotation, points: reverse ? points.reverse() : points };
    });

const bits = fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 0xffffffff }));

/** A random valid scene of every kind, with random 32-bit collision layers and masks. */
const sceneArb: fc.Arbitrary<Scene> = fc
  .array(fc.oneof(...KINDS.map((k) => shapeOf(k, "", { extent: 400, minSize: 8, maxSize: 200 })), bigPolygon("")), { minLength: 1, maxLength: 8 })
  .chain((shapes) => fc.tuple(fc.constant(shapes), fc.array(fc.tuple(bits, bits), { minLength: shapes.length, maxLength: shapes.length })))
  .map(([shapes, filters]): Scene => ({
    format: "collider-studio-scene",
    version: 1,
    probes: [],
    shapes: shapes.map((s, i): Shape => {
      const [collisionLayer, collisionMask] = filters[i]!;
      return { ...s, id: `s${i}`, ...(collisionLayer === undefined ? {} : { collisionLayer }), ...(collisionMask === undefined ? {} : { collisionMask }) };
    }),
  }));

const toMetres = (x: number, y: number) => ({ x: x / PPM, y: -y / PPM });
const toPixels = (p: { x: number; y: number }) => vec2(p.x * PPM, -p.y * PPM);

function idOf(loaded: LoadedWorld, fixture: Parameters<LoadedWorld["byFixture"]["get"]>[0]): string {
  const prop = loaded.byFixture.get(fixture)?.fixture.properties.get(FIXTURE_ID_PROPERTY);
  return prop?.type === "string" ? prop.value : "?";
}

interface PlanckHit {
  readonly id: string;
  readonly fraction: number;
  readonly point: { readonly x: number; readonly y: number };
  readonly normal: { readonly x: number; readonly y: number };
}

/** The closest hit of world.rayCast from → to (scene pixels), in metres. */
function planckRay(loaded: LoadedWorld, from: { x: number; y: number }, to: { x: number; y: number }): PlanckHit | null {
  const hits: PlanckHit[] = [];
  loaded.world.rayCast(toMetres(from.x, from.y), toMetres(to.x, to.y), (fixture, point, normal, fraction) => {
    hits.push({ id: idOf(loaded, fixture), fraction, point: { x: point.x, y: point.y }, normal: { x: normal.x, y: normal.y } });
    return fraction; // clip the ray here: only closer hits are reported after this one
  });
  return hits.length === 0 ? null : hits.reduce((a, b) => (b.fraction < a.fraction ? b : a));
}

/** Whether any fixture of body i holds the scene point (x, y). */
const planckContains = (loaded: LoadedWorld, i: number, x: number, y: number) => loaded.bodies[i]!.fixtures.some((f) => f.fixture.testPoint(toMetres(x, y)));

/** Radius about (x, y) of a circle that holds the shape. */
const reach = (s: Shape): number =>
  s.type === "circle" ? s.radius : s.type === "box" ? Math.hypot(s.width, s.height) / 2 : s.type === "capsule" ? s.height / 2 : Math.max(...s.points.map(([px, py]) => Math.hypot(px, py)));

function bounds(shapes: readonly Shape[]) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of shapes) {
    minX = Math.min(minX, s.x - reach(s)); maxX = Math.max(maxX, s.x + reach(s));
    minY = Math.min(minY, s.y - reach(s)); maxY = Math.max(maxY, s.y + reach(s));
  }
  return { minX, minY, maxX, maxY };
}

function load(scene: Scene, options: Box2dExportOptions = {}): LoadedWorld {
  return loadB2dJson(exportBox2d(scene, { filterBits: 32, ...options }));
}

describe("Box2D export loaded into planck", () => {
  it("has one body per shape with the fixtures, names, filter bits and ids the scene says", () => {
    fc.assert(
      fc.property(sceneArb, (scene) => {
        const loaded = load(scene);
        expect(loaded.bodies.length).toBe(scene.shapes.length);
        scene.shapes.forEach((s, i) => {
          const b = loaded.bodies[i]!;
          expect(b.name).toBe(s.name || s.id);
          expect(b.body.getType()).toBe("static");
          // A capsule's box is left out below Box2D's weld distance, 0.0025 m (B2_WELD_DISTANCE).
          const capsuleFixtures = (c: { height: number; radius: number }) => (c.height - 2 * c.radius <= 0 ? 1 : (c.height - 2 * c.radius) / PPM < 0.0025 ? 2 : 3);
          const expected = s.type === "polygon" ? Math.ceil((s.points.length - 2) / 6) : s.type === "capsule" ? capsuleFixtures(s) : 1;
          expect(b.fixtures.length).toBe(expected);
          for (const f of b.fixtures) {
            expect(f.name).toBe(s.name || s.id);
            expect(f.properties.get(FIXTURE_ID_PROPERTY)).toEqual({ type: "string", value: s.id });
            expect(f.fixture.getFilterCategoryBits()).toBe(s.collisionLayer ?? 1);
            expect(f.fixture.getFilterMaskBits()).toBe(s.collisionMask ?? 1);
            expect(f.vertices.length).toBeLessThanOrEqual(8);
          }
        });
      }),
      { seed: seedOf("b2d-structure"), numRuns: 100 },
    );
  });

  it("testPoint agrees with the core's containsPoint away from the boundary", () => {
    let inside = 0, outside = 0;
    fc.assert(
      fc.property(sceneArb, fc.integer(), (scene, seed) => {
        const loaded = load(scene);
        const rnd = random(seed);
        scene.shapes.forEach((s, i) => {
          const g = geometryOf(s);
          if (!g.ok) throw new Error(g.reason);
          const xf = transformOf(s);
          const r = reach(s) * 1.2;
          for (let k = 0; k < 200; k++) {
            const x = s.x + (2 * rnd() - 1) * r, y = s.y + (2 * rnd() - 1) * r;
            if (Math.abs(pointSignedDistance(convexShape(s), [x, y])) < BAND) continue;
            const core = containsPoint(g.value, xf, x, y);
            if (core) inside++; else outside++;
            expect(planckContains(loaded, i, x, y), `${s.type} ${s.id} at (${x}, ${y})`).toBe(core);
          }
        });
      }),
      { seed: seedOf("b2d-points"), numRuns: 60 },
    );
    // Both verdicts were exercised many times (else the test could not fail).
    expect(inside).toBeGreaterThan(5000);
    expect(outside).toBeGreaterThan(5000);
  }, 30_000); // a second of work alone: a guard against a hang, not a speed check

  it("world.rayCast hits the shape raycastScene hits, at the same fraction, point and normal", () => {
    let hits = 0, misses = 0;
    fc.assert(
      fc.property(sceneArb, fc.integer(), (scene, seed) => {
        const loaded = load(scene);
        const rnd = random(seed);
        const box = bounds(scene.shapes);
        const w = box.maxX - box.minX, h = box.maxY - box.minY;
        const at = () => vec2(box.minX - 0.2 * w + 1.4 * w * rnd(), box.minY - 0.2 * h + 1.4 * h * rnd());
        for (let k = 0; k < 40; k++) {
          const from = at(), to = at();
          // A ray starting inside (or on) a shape misses it in both, but say so elsewhere.
          if (scene.shapes.some((s) => pointSignedDistance(convexShape(s), [from.x, from.y]) < BAND)) continue;
          const core = raycastScene(scene.shapes, from, to)[0];
          const planck = planckRay(loaded, from, to);
          const length = Math.hypot(to.x - from.x, to.y - from.y);
          if (!core) {
            misses++;
            // A graze within rounding of a surface is no one's verdict.
            if (planck) expect(Math.min(...scene.shapes.map((s) => Math.abs(pointSignedDistance(convexShape(s), [toPixels(planck.point).x, toPixels(planck.point).y]))))).toBeLessThan(TOL * 100);
            continue;
          }
          hits++;
          expect(planck, `ray ${JSON.stringify([from, to])} should hit ${core.shape}`).not.toBeNull();
          if (!planck) continue;
          expect(Math.abs(planck.fraction - core.fraction) * length).toBeLessThan(TOL * 100);
          const p = toPixels(planck.point);
          expect(Math.hypot(p.x - core.point.x, p.y - core.point.y)).toBeLessThan(TOL * 100);
          // Two shapes whose surfaces meet where the ray crosses are a tie: either is right.
          if (planck.id !== core.shape) {
            const other = scene.shapes.find((s) => s.id === planck.id)!;
            expect(Math.abs(pointSignedDistance(convexShape(other), [core.point.x, core.point.y]))).toBeLessThan(TOL * 100);
          } else {
            // Normals (y flipped back); a ray through a corner has two right answers.
            const n = { x: planck.normal.x, y: -planck.normal.y };
            const shape = scene.shapes.find((s) => s.id === core.shape)!;
            const atCorner = shape.type !== "circle" && shape.type !== "capsule" && worldCore(convexShape(shape)).some(([cx, cy]) => Math.hypot(cx - core.point.x, cy - core.point.y) < 1e-6);
            if (!atCorner) expect(Math.hypot(n.x - core.normal.x, n.y - core.normal.y)).toBeLessThan(1e-6);
          }
        }
      }),
      { seed: seedOf("b2d-rays"), numRuns: 80 },
    );
    expect(hits).toBeGreaterThan(500);
    expect(misses).toBeGreaterThan(100);
  });

  it("the circumscribed capsule polygon holds the capsule and reaches at most 0.0824·r beyond it", () => {
    let near = 0;
    fc.assert(
      fc.property(shapeOf("capsule", "cap", { extent: 400, minSize: 8, maxSize: 200 }), fc.integer(), (capsule, seed) => {
        const scene: Scene = { format: "collider-studio-scene", version: 1, probes: [], shapes: [capsule] };
        const loaded = load(scene, { capsules: "polygon" });
        if (capsule.type !== "capsule") return;
        const error = CAPSULE_POLYGON_ERROR * capsule.radius;
        const rnd = random(seed);
        for (let k = 0; k < 300; k++) {
          const x = capsule.x + (2 * rnd() - 1) * capsule.height, y = capsule.y + (2 * rnd() - 1) * capsule.height;
          const sd = pointSignedDistance(capsule, [x, y]);
          const planck = planckContains(loaded, 0, x, y);
          if (sd < -BAND) expect(planck).toBe(true);
          if (sd > error + BAND) expect(planck).toBe(false);
          if (planck && sd > 0) near = Math.max(near, sd / capsule.radius);
        }
        // Rays from outside: planck meets the polygon no later than the core meets the capsule.
        for (let k = 0; k < 20; k++) {
          const from = vec2(capsule.x + (2 * rnd() - 1) * 2 * capsule.height, capsule.y + (2 * rnd() - 1) * 2 * capsule.height);
          const to = vec2(capsule.x + (2 * rnd() - 1) * capsule.height, capsule.y + (2 * rnd() - 1) * capsule.height);
          if (pointSignedDistance(capsule, [from.x, from.y]) < error + BAND) continue;
          const core = raycastScene(scene.shapes, from, to)[0];
          const hit = planckRay(loaded, from, to);
          if (core) expect(hit).not.toBeNull();
          if (!hit) continue;
          if (core) expect(hit.fraction).toBeLessThanOrEqual(core.fraction + 1e-12);
          const sd = pointSignedDistance(capsule, [toPixels(hit.point).x, toPixels(hit.point).y]);
          expect(sd).toBeGreaterThan(-TOL);
          expect(sd).toBeLessThan(error + TOL);
        }
      }),
      { seed: seedOf("b2d-capsule-polygon"), numRuns: 100 },
    );
    // The bound is not loose: some points inside the polygon are well beyond the capsule.
    expect(near).toBeGreaterThan(0.5 * CAPSULE_POLYGON_ERROR);
    expect(near).toBeLessThanOrEqual(CAPSULE_POLYGON_ERROR + 1e-9);
  });

  it("16-bit filters keep the low 16 bits of the scene's 32-bit layers (Box2D v2.x's uint16)", () => {
    const scene: Scene = { format: "collider-studio-scene", version: 1, probes: [], shapes: [{ id: "a", type: "circle", x: 0, y: 0, rotation: 0, radius: 10, collisionLayer: 0x00010002, collisionMask: 0xffffffff }] };
    const f = loadB2dJson(exportBox2d(scene)).bodies[0]!.fixtures[0]!.fixture;
    expect(f.getFilterCategoryBits()).toBe(2);
    expect(f.getFilterMaskBits()).toBe(0xffff);
    expect(box2dWorld(scene, { filterBits: 32 }).body[0]!.fixture[0]!["filter-maskBits"]).toBe(0xffffffff);
  });

  it("the README scene's ray probe hits the ball in planck where the core says (hand-worked)", () => {
    // Ball at (120, 300) px, radius 24: the ray y = 300 from x = 40 meets it at x = 96 px = 3 m,
    // y = −300/32 = −9.375 m, fraction (96 − 40)/(700 − 40).
    const scene: Scene = {
      format: "collider-studio-scene", version: 1, probes: [],
      shapes: [{ id: "ball", type: "circle", x: 120, y: 300, rotation: 0, radius: 24 }, { id: "ramp", type: "polygon", x: 600, y: 540, rotation: 0, points: [[-60, 20], [60, 20], [60, -20]] }],
    };
    const loaded = load(scene);
    const hit = planckRay(loaded, vec2(40, 300), vec2(700, 300));
    expect(hit?.id).toBe("ball");
    expect(hit?.point.x).toBeCloseTo(3, 12);
    expect(hit?.point.y).toBeCloseTo(-9.375, 12);
    expect(hit?.normal.x).toBeCloseTo(-1, 12);
    expect(hit?.fraction).toBeCloseTo(56 / 660, 12);
    // The ramp, corners (540, 560), (660, 560), (660, 520) px: its slope is y = 560 − (x − 540)/3,
    // so (655, 525) and (545, 559) are under it (inside), (545, 525) above it.
    expect(planckContains(loaded, 1, 655, 525)).toBe(true);
    expect(planckContains(loaded, 1, 545, 559)).toBe(true);
    expect(planckContains(loaded, 1, 545, 525)).toBe(false);
  });
});
