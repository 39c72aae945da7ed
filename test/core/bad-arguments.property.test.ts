// Every public function of the package's main entry (core/runtime/index.ts) on arbitrary
// arguments (fast-check, pinned seeds): NaN, infinities, wrong types, unknown ids, bad options,
// non-convex points. Each call either throws the package's typed error (WorldError for the world
// and the loader, GeometryError for the pair queries), or answers as a plain reference does
// (the one-pass scans of scan-reference.ts, the core's unchecked kernels); never another
// exception, never another answer. Each property also checks that a call the plain validity
// predicate calls bad throws, and that both outcomes occur.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as unchecked from "../../core/index";
import {
  CastOutput, CollisionWorld, GeometryError, Manifold, QueryHit, SceneLoadError, TimeOfImpactOutput, WorldError,
  collide, loadScene, makeBox, makeCapsule, makeCircle, makeCompound, makePolygon, makeSegment, rayCast, shapeBounds, shapeCast, sweepOf, timeOfImpact,
  type CastHit, type Shape, type Transform, type Vec2,
} from "../../core/runtime/index";
import { shapeGeometry, shapeTransform } from "../../core/overlaps";
import { raycastScene, sweepScene } from "./scan-reference";

const SHAPES: Shape[] = [
  { id: "floor", type: "box", x: 0, y: 100, rotation: 0, width: 400, height: 20 },
  { id: "ball", type: "circle", x: -50, y: 40, rotation: 0, radius: 12, collisionLayer: 2 },
  { id: "pill", type: "capsule", x: 60, y: 30, rotation: 30, radius: 6, height: 30 },
  { id: "tri", type: "polygon", x: 10, y: -40, rotation: 10, points: [[0, 0], [30, 5], [10, 25]] },
  { id: "coin", type: "circle", x: 0, y: 60, rotation: 0, radius: 5, sensor: true },
];
const text = JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: SHAPES });
const { world, shapes } = loadScene(text);
const RUNS = { numRuns: 400 };

/** Anything a game might pass by mistake. */
const anything = fc.oneof(
  fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e16, -0), fc.integer(), fc.string({ maxLength: 4 }),
  fc.constantFrom(undefined, null, true, {}, [], "floor", "nope"), fc.object({ maxDepth: 1 }),
);
const coordinate = fc.double({ min: -300, max: 300, noNaN: true });
const point = fc.oneof(
  { weight: 4, arbitrary: fc.record({ x: coordinate, y: coordinate }) },
  { weight: 1, arbitrary: fc.record({ x: anything, y: coordinate }) },
  { weight: 1, arbitrary: fc.record({ x: coordinate, y: anything }) },
  { weight: 1, arbitrary: anything },
);
const options = fc.oneof(
  { weight: 4, arbitrary: fc.record({ mode: fc.constantFrom("closest", "all", "any", undefined), mask: fc.constantFrom(undefined, 1, 2, 3), includeSensors: fc.boolean(), reportInside: fc.boolean() }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.record({ mode: anything, mask: anything, includeSensors: anything, ignore: anything }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, 5, "all") },
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const inRange = (v: unknown): v is number => typeof v === "number" && v >= -1e15 && v <= 1e15;
const goodPoint = (p: unknown): p is Vec2 => isObject(p) && inRange(p.x) && inRange(p.y);
const goodMask = (m: unknown) => m === undefined || (typeof m === "number" && Number.isInteger(m) && m >= 0 && m <= 0xffffffff);
function goodOptions(o: unknown): boolean {
  if (o === undefined) return true;
  if (!isObject(o)) return false;
  const ignoreOk = o.ignore === undefined || (isObject(o.ignore) && typeof (o.ignore as { has?: unknown }).has === "function");
  return (o.mode === undefined || o.mode === "closest" || o.mode === "all" || o.mode === "any") && goodMask(o.mask) && ignoreOk
    && (o.includeSensors === undefined || typeof o.includeSensors === "boolean") && (o.reportInside === undefined || typeof o.reportInside === "boolean");
}

type Outcome = { threw: false; value: unknown } | { threw: true; error: unknown };
function attempt(call: () => unknown): Outcome {
  try {
    return { threw: false, value: call() };
  } catch (error) {
    return { threw: true, error };
  }
}

/** The outcome's check: a bad call threw `Typed` (with a message naming the call), a good one answered `expected`. */
function holds(outcome: Outcome, good: boolean, Typed: new (...args: never[]) => Error, call: string, expected: () => unknown, seen: Set<string>): void {
  if (outcome.threw) {
    expect(outcome.error).toBeInstanceOf(Typed);
    // "raycast: from.x is NaN", or with an id, as the edits name it: 'sweep("nope"): …'.
    expect((outcome.error as Error).message.startsWith(`${call}: `) || (outcome.error as Error).message.startsWith(`${call}(`)).toBe(true);
    expect(good).toBe(false);
    seen.add("threw");
    return;
  }
  expect(good).toBe(true);
  expect(outcome.value).toEqual(expected());
  seen.add("answered");
}

/** A maker's geometry, for a maker that must make it. */
function made<T>(result: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

const ids = (hits: readonly CastHit[]) => hits.map((h) => [h.shape, h.fraction]);

describe("the world's queries on arbitrary arguments", () => {
  it("raycast and raycastClosest: WorldError, or the one-pass scan's hits", () => {
    const seen = new Set<string>();
    fc.assert(fc.property(point, point, options, (from, to, o) => {
      const good = goodPoint(from) && goodPoint(to) && goodOptions(o);
      const mode = isObject(o) && typeof o.mode === "string" ? o.mode : "closest";
      // "any" stops at the first hit each finds, which need not be the same shape: hit or miss, then.
      const project = (hits: readonly CastHit[]) => (mode === "any" ? hits.length > 0 : ids(hits));
      holds(attempt(() => project(world.raycast(from as Vec2, to as Vec2, o as never))), good, WorldError, "raycast",
        () => project(raycastScene(shapes, from as Vec2, to as Vec2, o as never)), seen);
      const hit = new QueryHit();
      holds(attempt(() => (world.raycastClosest(from as Vec2, to as Vec2, hit, o as never) ? [[hit.shape, hit.fraction]] : [])), good, WorldError, "raycast",
        () => ids(raycastScene(shapes, from as Vec2, to as Vec2, { ...(o as object), mode: "closest" })), seen);
    }), { ...RUNS, seed: 2711 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
  });

  it("sweep and sweepClosest: WorldError for an unknown id or a bad point, or the one-pass scan's hits", () => {
    const seen = new Set<string>();
    const id = fc.oneof(fc.constantFrom(...SHAPES.map((s) => s.id)), anything);
    fc.assert(fc.property(id, point, options, (movingId, to, o) => {
      const good = typeof movingId === "string" && shapes.some((s) => s.id === movingId) && goodPoint(to) && goodOptions(o);
      holds(attempt(() => ids(world.sweep(movingId as string, to as Vec2, o as never))), good, WorldError, "sweep",
        () => ids(sweepScene(shapes, movingId as string, to as Vec2, o as never)), seen);
      const hit = new QueryHit();
      holds(attempt(() => (world.sweepClosest(movingId as string, to as Vec2, hit, o as never) ? [[hit.shape, hit.fraction]] : [])), good, WorldError, "sweep",
        () => ids(sweepScene(shapes, movingId as string, to as Vec2, { ...(o as object), mode: "closest" })), seen);
    }), { ...RUNS, seed: 2712 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
  });

  it("queryBox, queryBoxInto and forEachInBox: WorldError for NaN or a bad mask, or the shapes whose boxes meet", () => {
    const seen = new Set<string>();
    const bound = fc.oneof({ weight: 6, arbitrary: coordinate }, { weight: 1, arbitrary: fc.constantFrom(-Infinity, Infinity) }, { weight: 1, arbitrary: anything });
    const mask = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(undefined, 1, 2, 3) }, { weight: 1, arbitrary: anything });
    fc.assert(fc.property(bound, bound, bound, bound, mask, (minX, minY, maxX, maxY, m) => {
      const good = [minX, minY, maxX, maxY].every((v) => typeof v === "number" && !Number.isNaN(v)) && goodMask(m);
      const expected = () => shapes.filter((s) => {
        const b = shapeBounds(s);
        return b.minX <= (maxX as number) && (minX as number) <= b.maxX && b.minY <= (maxY as number) && (minY as number) <= b.maxY && (m === undefined || ((s.collisionLayer ?? 1) & (m as number)) !== 0);
      }).map((s) => s.id);
      holds(attempt(() => world.queryBox(minX as number, minY as number, maxX as number, maxY as number, m as number)), good, WorldError, "queryBox", expected, seen);
      const out = ["stale", "stale", "stale", "stale", "stale", "stale"];
      holds(attempt(() => out.slice(0, world.queryBoxInto({ minX, minY, maxX, maxY } as never, out, m as number))), good, WorldError, "queryBox", expected, seen);
      const visited: string[] = [];
      holds(attempt(() => {
        world.forEachInBox(minX as number, minY as number, maxX as number, maxY as number, (s) => visited.push(s.id), m as number);
        return shapes.filter((s) => visited.includes(s.id)).map((s) => s.id);
      }), good, WorldError, "forEachInBox", expected, seen);
    }), { ...RUNS, seed: 2713 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
  });

  it("overlapShape and overlapShapeInto: WorldError for a bad geometry or transform, or a plain collide over every shape", () => {
    const seen = new Set<string>();
    const geometry = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(made(makeCircle(20)), made(makeBox(15, 5))) },
      { weight: 1, arbitrary: anything },
    );
    const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
    const transform = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(coordinate, coordinate, angle).map(([px, py, a]) => ({ px, py, c: Math.cos(a), s: Math.sin(a) })) },
      { weight: 1, arbitrary: fc.record({ px: anything, py: coordinate, c: fc.constant(1), s: fc.constant(0) }) },
      { weight: 1, arbitrary: fc.record({ px: coordinate, py: coordinate, c: fc.double({ min: -3, max: 3 }), s: fc.double({ min: -3, max: 3 }) }) },
      { weight: 1, arbitrary: anything },
    );
    fc.assert(fc.property(geometry, transform, fc.boolean(), (g, xf, includeSensors) => {
      const t = xf as Record<string, unknown>;
      const good = isObject(g) && [0, 1, 2, 3].includes(g.kind as number) && isObject(xf) && inRange(t.px) && inRange(t.py) && typeof t.c === "number" && typeof t.s === "number"
        && Math.abs((t.c as number) ** 2 + (t.s as number) ** 2 - 1) <= 1e-6;
      const expected = () => shapes.filter((s) => {
        const own = shapeGeometry(s);
        return (includeSensors || s.sensor !== true) && unchecked.collide(own, shapeTransform(s, own), g as never, xf as Transform, new unchecked.Manifold()).pointCount > 0;
      }).map((s) => s.id);
      holds(attempt(() => world.overlapShape({ geometry: g, transform: xf } as never, { includeSensors })), good, WorldError, "overlapShape", expected, seen);
      const out: string[] = [];
      holds(attempt(() => out.slice(0, world.overlapShapeInto(g as never, xf as Transform, out, { includeSensors }))), good, WorldError, "overlapShape", expected, seen);
    }), { ...RUNS, seed: 2714 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
  });

  it("probe: WorldError for a probe the format refuses, or the probe's scan", () => {
    const seen = new Set<string>();
    const tuple = fc.oneof({ weight: 4, arbitrary: fc.tuple(coordinate, coordinate) }, { weight: 1, arbitrary: fc.tuple(anything, coordinate) }, { weight: 1, arbitrary: anything });
    const probe = fc.oneof(
      fc.record({ id: fc.constant("p"), name: fc.constant(""), type: fc.constant("ray"), from: tuple, to: tuple }),
      fc.record({ id: fc.constant("q"), name: fc.constant(""), type: fc.constant("sweep"), shape: fc.constantFrom("pill", "ball", "nope"), to: tuple }),
      anything,
    );
    const good2 = (v: unknown) => Array.isArray(v) && v.length === 2 && inRange(v[0]) && inRange(v[1]);
    fc.assert(fc.property(probe, (p) => {
      const r = p as Record<string, unknown>;
      const good = isObject(p) && (r.type === "ray" ? good2(r.from) && good2(r.to) : r.type === "sweep" && good2(r.to));
      holds(attempt(() => world.probe(p as never)?.shape ?? null), good, WorldError, "probe", () => {
        if (r.type === "ray") return raycastScene(shapes, { x: (r.from as number[])[0]!, y: (r.from as number[])[1]! }, { x: (r.to as number[])[0]!, y: (r.to as number[])[1]! })[0]?.shape ?? null;
        return shapes.some((s) => s.id === r.shape) ? sweepScene(shapes, r.shape as string, { x: (r.to as number[])[0]!, y: (r.to as number[])[1]! })[0]?.shape ?? null : null;
      }, seen);
    }), { ...RUNS, seed: 2715 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
  });

  it("loadScene's options and sync's list: WorldError, or the world", () => {
    const seen = new Set<string>();
    const worldOptions = fc.oneof(fc.constant(undefined), fc.record({ filter: fc.constantFrom("godot", "box2d", "none", undefined) }, { requiredKeys: [] }), fc.record({ filter: anything }), anything);
    fc.assert(fc.property(worldOptions, (o) => {
      const good = o === undefined || (isObject(o) && (o.filter === undefined || o.filter === "godot" || o.filter === "box2d" || o.filter === "none"));
      holds(attempt(() => loadScene(text, o as never).world.filter), good, WorldError, "loadScene", () => (isObject(o) && typeof o.filter === "string" ? o.filter : "godot"), seen);
    }), { ...RUNS, seed: 2716 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
    for (const bad of [null, undefined, 3, "shapes", {}]) expect(() => world.sync(bad as never)).toThrow(WorldError);
    expect(() => loadScene("{", { filter: "nope" } as never)).toThrow(WorldError);
    expect(() => loadScene("{")).toThrow(SceneLoadError);
  });

  it("sync of an unvalidated shape whose box is not finite: WorldError naming it by path, the world's boxes unchanged", () => {
    const { rotation: _dropped, ...unturned } = SHAPES[2]!;
    // A small list (one insertion each) and a bulk first load (256 shapes or more).
    const small = [SHAPES[0]!, SHAPES[1]!, unturned as Shape];
    const many = Array.from({ length: 300 }, (_, i): Shape => ({ id: `b${i}`, type: "box", x: 30 * i, y: 0, rotation: 0, width: 10, height: 10 }));
    many[7] = { ...many[7]!, x: Number.NaN };
    const fresh = () => new CollisionWorld();
    expect(() => fresh().sync(small)).toThrow(/^sync: shapes\[2\]\.rotation: /);
    expect(() => fresh().sync(many)).toThrow(/^sync: shapes\[7\]\.x: /);
    expect(() => fresh().sync(many)).toThrow(WorldError);
    // An edit of a synced world (the patch path): refused, and the slot keeps its box.
    const w = fresh(), list = SHAPES.slice(0, 4);
    w.sync(list);
    const before = w.queryBox(-1000, -1000, 1000, 1000);
    const edited = list.map((s) => (s.id === "ball" ? { ...s, radius: -3 } : s));
    expect(() => w.sync(edited)).toThrow(/^sync: shapes\[1\]\.radius: /);
    expect(w.queryBox(-1000, -1000, 1000, 1000)).toEqual(before);
    expect(w.queryBox(-63, 27, -37, 53)).toEqual(["ball"]);
  });
});

describe("the pair queries and the makers on arbitrary arguments", () => {
  const circle = makeCircle(10), box = makeBox(8, 4, 0, 0, 20);
  if (!circle.ok || !box.ok) throw new Error("the makers refuse a plain circle or box");
  const geometry = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(circle.value, box.value) }, { weight: 1, arbitrary: anything });
  const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
  const transform = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(coordinate, coordinate, angle).map(([px, py, a]) => ({ px, py, c: Math.cos(a), s: Math.sin(a) })) },
    { weight: 1, arbitrary: fc.record({ px: anything, py: coordinate, c: fc.constant(1), s: fc.constant(0) }) },
    { weight: 1, arbitrary: fc.record({ px: coordinate, py: coordinate, c: fc.constant(2), s: fc.constant(0) }) },
    { weight: 1, arbitrary: anything },
  );
  const number = fc.oneof({ weight: 5, arbitrary: coordinate }, { weight: 1, arbitrary: anything });
  const goodGeometry = (g: unknown) => isObject(g) && [0, 1, 2, 3].includes(g.kind as number);
  const goodTransform = (xf: unknown) => isObject(xf) && inRange(xf.px) && inRange(xf.py) && typeof xf.c === "number" && typeof xf.s === "number" && Math.abs(xf.c ** 2 + xf.s ** 2 - 1) <= 1e-6;
  const castFields = (c: CastOutput) => [c.hit, c.fraction, c.pointX, c.pointY, c.normalX, c.normalY, c.startedInside];

  it("collide, rayCast, shapeCast, timeOfImpact: GeometryError, or the unchecked kernel's answer", () => {
    const seen = new Set<string>();
    fc.assert(fc.property(geometry, transform, geometry, transform, number, number, number, number, (a, xfA, b, xfB, p, q, u, v) => {
      const geometries = goodGeometry(a) && goodGeometry(b), transforms = goodTransform(xfA) && goodTransform(xfB);
      holds(attempt(() => collide(a as never, xfA as Transform, b as never, xfB as Transform).pointCount), geometries && transforms, GeometryError, "collide",
        () => unchecked.collide(a as never, xfA as Transform, b as never, xfB as Transform).pointCount, seen);
      holds(attempt(() => castFields(rayCast(a as never, xfA as Transform, p as number, q as number, u as number, v as number))), goodGeometry(a) && goodTransform(xfA) && [p, q, u, v].every(inRange), GeometryError, "rayCast",
        () => castFields(unchecked.rayCast(a as never, xfA as Transform, p as number, q as number, u as number, v as number)), seen);
      holds(attempt(() => castFields(shapeCast(a as never, xfA as Transform, b as never, xfB as Transform, u as number, v as number))), geometries && transforms && inRange(u) && inRange(v), GeometryError, "shapeCast",
        () => castFields(unchecked.shapeCast(a as never, xfA as Transform, b as never, xfB as Transform, u as number, v as number)), seen);
      const sweepA = inRange(p) ? sweepOf(p, 0, 0, p + 30, 5, 0.5) : { x1: p }, sweepB = sweepOf(40, 0, 0, -40, 0, 0);
      holds(attempt(() => castFields(timeOfImpact(a as never, sweepA as never, b as never, sweepB))), geometries && inRange(p), GeometryError, "timeOfImpact",
        () => castFields(unchecked.timeOfImpact(a as never, sweepA as never, b as never, sweepB, new unchecked.TimeOfImpactOutput())), seen);
    }), { ...RUNS, seed: 2717 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
    expect(() => collide(circle.value, { px: 0, py: 0, c: 1, s: 0 }, box.value, { px: 1, py: 1, c: 1, s: 0 }, {} as Manifold)).toThrow(GeometryError);
    expect(() => rayCast(circle.value, { px: Number.NaN, py: 0, c: 1, s: 0 }, 0, 0, 1, 1)).toThrow("rayCast: xf.px must be a finite number within ±1e15, got NaN");
    expect(() => rayCast(circle.value, { px: 0, py: 0, c: 1, s: 0 }, 0, 0, 1, 1, new CastOutput(), { maxFraction: -1 })).toThrow(GeometryError);
    expect(() => timeOfImpact(circle.value, sweepOf(0, 0, 0, 1, 1, 0), box.value, sweepOf(5, 0, 0, 5, 0, 0), new TimeOfImpactOutput(), Number.NaN)).toThrow(GeometryError);
  });

  it("the makers: a result saying why, naming the argument, or a geometry when a plain rule says so; never a throw", () => {
    const seen = new Set<string>();
    const size = fc.oneof({ weight: 5, arbitrary: fc.double({ min: -5, max: 50, noNaN: true }) }, { weight: 1, arbitrary: anything });
    fc.assert(fc.property(size, size, number, number, (r, h, x, y) => {
      const finite = (...v: unknown[]) => v.every((n) => typeof n === "number" && Number.isFinite(n));
      // What each maker should make of finite numbers: a plain rule for when it refuses.
      for (const [made, numbers, makes] of [
        [() => makeCircle(r as number, x as number, y as number), [r, x === undefined ? 0 : x, y === undefined ? 0 : y], () => (r as number) > 0],
        [() => makeCapsule(x as number, y as number, x as number, (y as number) + 5, r as number), [x, y, r], () => (r as number) > 0],
        [() => makeBox(r as number, h as number, x as number, y as number), [r, h, x === undefined ? 0 : x, y === undefined ? 0 : y], () => (r as number) > 0 && (h as number) > 0],
        [() => makeSegment(x as number, y as number, r as number, h as number), [x, y, r, h], () => x !== r || y !== h],
      ] as const) {
        const outcome = attempt(made);
        expect(outcome.threw).toBe(false);
        const result = (outcome as { value: unchecked.Made<unchecked.ShapeGeometry> }).value;
        if (!finite(...numbers)) {
          expect(result.ok).toBe(false);
          expect((result as { reason: string }).reason).toMatch(/^(circle|capsule|box|segment): (radius|cx|cy|x1|y1|x2|y2|hw|hh) must be a finite number, got /);
          seen.add("refused");
        } else {
          expect(result.ok).toBe(makes());
          if (result.ok) expect(result.value.extent).toBeGreaterThan(0);
          seen.add(result.ok ? "made" : "refused");
        }
      }
    }), { ...RUNS, seed: 2718 });
    expect([...seen].sort()).toEqual(["made", "refused"]);
  });

  it("makePolygon takes a convex polygon as given and refuses anything else, naming why", () => {
    const seen = new Set<string>();
    const vertex = fc.oneof({ weight: 8, arbitrary: fc.record({ x: fc.integer({ min: -6, max: 6 }), y: fc.integer({ min: -6, max: 6 }) }) }, { weight: 1, arbitrary: anything });
    fc.assert(fc.property(fc.oneof({ weight: 8, arbitrary: fc.array(vertex, { minLength: 0, maxLength: 7 }) }, { weight: 1, arbitrary: anything }), (points) => {
      const outcome = attempt(() => makePolygon(points as Vec2[]));
      expect(outcome.threw).toBe(false);
      const result = (outcome as { value: unchecked.Made<unchecked.PolygonGeometry> }).value;
      expect(result.ok).toBe(convexAsGiven(points));
      if (result.ok) {
        // The geometry holds the points given, no more and no fewer (the core's hull would drop or add none).
        expect(result.value.count).toBe((points as Vec2[]).length);
        seen.add("made");
      } else {
        expect(result.reason).toMatch(/^polygon: /);
        seen.add("refused");
      }
    }), { ...RUNS, numRuns: 2000, seed: 2719 });
    expect([...seen].sort()).toEqual(["made", "refused"]);
    expect(makePolygon([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 2 }, { x: 10, y: 10 }, { x: 0, y: 10 }])).toEqual({ ok: false, reason: "polygon: polygon is not convex (it turns the other way at point 2)" });
    expect(makeCompound([circle.value, "x" as never], true)).toEqual({ ok: false, reason: "compound: parts[1] must be a circle, capsule or polygon geometry (a maker's .value)" });
    expect(makeCompound(null as never, true).ok).toBe(false);
  });
});

/** Plain reference: integer points forming a strictly convex polygon, wound once, in either direction. */
function convexAsGiven(points: unknown): boolean {
  if (!Array.isArray(points) || points.length < 3) return false;
  if (!points.every((p) => isObject(p) && Number.isInteger(p.x) && Number.isInteger(p.y))) return false;
  const n = points.length, v = points as Vec2[];
  let sign = 0, turning = 0;
  for (let i = 0; i < n; i++) {
    const a = v[(i + n - 1) % n]!, b = v[i]!, c = v[(i + 1) % n]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
    turning += Math.atan2(cross, (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y));
  }
  return Math.abs(Math.abs(turning) - 2 * Math.PI) < 1e-6;
}
