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
  aabbOverlaps, bitsCollide, collide, collisionLayerOf, computeAABB, containsPoint, formatProblem, geometryOf, isSensor, loadScene, makeBox, makeCapsule, makeCircle,
  makeCompound, makePolygon, makeSegment, rayCast, rotFromDegrees, shapeBounds, shapeCast, sweepOf, timeOfImpact, transformOf,
  type CastHit, type Shape, type Transform, type Vec2,
} from "../../core/runtime/index";
import { loadScene as loadValidated } from "../../core/runtime/validate";
import * as geometryCore from "../../core/geometry";
import { bitsCollide as bitsCollideCore } from "../../core/collision-filter";
import { geometryOf as geometryOfCore, transformOf as transformOfCore } from "../../core/shapes";
import { rotFromDegrees as rotFromDegreesCore } from "../../core/vec2";
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
  // Typos and other calls' options: a key the call does not read is refused, never ignored.
  { weight: 1, arbitrary: fc.constantFrom({ masks: 4 }, { maxFraction: 0.1 }, { mode: "all", filter: "godot" }, { mask: ~0 }, { mask: 1 << 31 }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, 5, "all") },
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const inRange = (v: unknown): v is number => typeof v === "number" && v >= -1e15 && v <= 1e15;
const goodPoint = (p: unknown): p is Vec2 => isObject(p) && inRange(p.x) && inRange(p.y);
const goodMask = (m: unknown) => m === undefined || (typeof m === "number" && Number.isInteger(m) && m >= 0 && m <= 0xffffffff);
/** The options each call reads (a key not among them is refused). */
const RAY_KEYS = ["mode", "mask", "ignore", "reportInside", "includeSensors"], SWEEP_KEYS = ["mode", "mask", "ignore", "includeSensors"];
const OVERLAP_KEYS = ["mask", "ignore", "includeSensors"];
function goodOptions(o: unknown, keys: readonly string[] = RAY_KEYS): boolean {
  if (o === undefined) return true;
  if (!isObject(o) || Object.keys(o).some((k) => !keys.includes(k))) return false;
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
    // Never an empty reason, and never a bare type where the value can be shown ("got string" was).
    expect((outcome.error as Error).message).not.toMatch(/: $|got (string|number|boolean)($|;)/);
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
      holds(attempt(() => (world.raycastClosest(from as Vec2, to as Vec2, hit, o as never) ? [[hit.shape, hit.fraction]] : [])), good, WorldError, "raycastClosest",
        () => ids(raycastScene(shapes, from as Vec2, to as Vec2, { ...(o as object), mode: "closest" })), seen);
    }), { ...RUNS, seed: 2711 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
  });

  it("sweep and sweepClosest: WorldError for an unknown id or a bad point, or the one-pass scan's hits", () => {
    const seen = new Set<string>();
    const id = fc.oneof(fc.constantFrom(...SHAPES.map((s) => s.id)), anything);
    fc.assert(fc.property(id, point, options, (movingId, to, o) => {
      const good = typeof movingId === "string" && shapes.some((s) => s.id === movingId) && goodPoint(to) && goodOptions(o, SWEEP_KEYS);
      holds(attempt(() => ids(world.sweep(movingId as string, to as Vec2, o as never))), good, WorldError, "sweep",
        () => ids(sweepScene(shapes, movingId as string, to as Vec2, o as never)), seen);
      const hit = new QueryHit();
      holds(attempt(() => (world.sweepClosest(movingId as string, to as Vec2, hit, o as never) ? [[hit.shape, hit.fraction]] : [])), good, WorldError, "sweepClosest",
        () => ids(sweepScene(shapes, movingId as string, to as Vec2, { ...(o as object), mode: "closest" })), seen);
    }), { ...RUNS, seed: 2712 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
  });

  it("queryBox, queryBoxInto and forEachInBox: WorldError for NaN or a bad mask, or the shapes whose boxes meet", () => {
    const seen = new Set<string>();
    const bound = fc.oneof({ weight: 6, arbitrary: coordinate }, { weight: 1, arbitrary: fc.constantFrom(-Infinity, Infinity) }, { weight: 1, arbitrary: anything });
    const mask = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(undefined, 1, 2, 3) }, { weight: 1, arbitrary: anything });
    fc.assert(fc.property(bound, bound, bound, bound, mask, (minX, minY, maxX, maxY, m) => {
      // An inverted box is refused (Box2D asserts a valid one), never answered with nothing.
      const good = [minX, minY, maxX, maxY].every((v) => typeof v === "number" && !Number.isNaN(v)) && goodMask(m) && (minX as number) <= (maxX as number) && (minY as number) <= (maxY as number);
      const expected = () => shapes.filter((s) => {
        const b = shapeBounds(s);
        return b.minX <= (maxX as number) && (minX as number) <= b.maxX && b.minY <= (maxY as number) && (minY as number) <= b.maxY && (m === undefined || ((s.collisionLayer ?? 1) & (m as number)) !== 0);
      }).map((s) => s.id);
      holds(attempt(() => world.queryBox(minX as number, minY as number, maxX as number, maxY as number, m as number)), good, WorldError, "queryBox", expected, seen);
      const out = ["stale", "stale", "stale", "stale", "stale", "stale"];
      holds(attempt(() => out.slice(0, world.queryBoxInto({ minX, minY, maxX, maxY } as never, out, m as number))), good, WorldError, "queryBoxInto", expected, seen);
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
    const overlapOptions = fc.oneof({ weight: 4, arbitrary: fc.boolean().map((includeSensors) => ({ includeSensors })) }, { weight: 1, arbitrary: options });
    fc.assert(fc.property(geometry, transform, overlapOptions, (g, xf, o: unknown) => {
      const includeSensors = isObject(o) && o.includeSensors === true, m = isObject(o) ? o.mask : undefined;
      const t = xf as Record<string, unknown>;
      const good = isObject(g) && [0, 1, 2, 3].includes(g.kind as number) && isObject(xf) && inRange(t.px) && inRange(t.py) && typeof t.c === "number" && typeof t.s === "number"
        && Math.abs((t.c as number) ** 2 + (t.s as number) ** 2 - 1) <= 1e-6 && goodOptions(o, OVERLAP_KEYS);
      const expected = () => shapes.filter((s) => {
        const own = shapeGeometry(s);
        return (includeSensors || s.sensor !== true) && (m === undefined || ((s.collisionLayer ?? 1) & (m as number)) !== 0) && (!isObject(o) || !(o.ignore as Set<string> | undefined)?.has(s.id)) && unchecked.collide(own, shapeTransform(s, own), g as never, xf as Transform, new unchecked.Manifold()).pointCount > 0;
      }).map((s) => s.id);
      holds(attempt(() => world.overlapShape({ geometry: g, transform: xf } as never, o as never)), good, WorldError, "overlapShape", expected, seen);
      const out: string[] = [];
      holds(attempt(() => out.slice(0, world.overlapShapeInto(g as never, xf as Transform, out, o as never))), good, WorldError, "overlapShapeInto", expected, seen);
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
    const worldOptions = fc.oneof(fc.constant(undefined), fc.record({ filter: fc.constantFrom("godot", "box2d", "none", undefined) }, { requiredKeys: [] }), fc.record({ filter: anything }), anything, fc.constantFrom({ filters: "box2d" }, { filter: "box2d", mask: 1 }));
    fc.assert(fc.property(worldOptions, (o) => {
      const good = o === undefined || (isObject(o) && Object.keys(o).every((k) => k === "filter") && (o.filter === undefined || o.filter === "godot" || o.filter === "box2d" || o.filter === "none"));
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
    // The bulk load refuses an entry that is no shape as the insertions do.
    const clean = many.map((s, i) => (i === 7 ? { ...s, x: 210 } : s));
    expect(() => fresh().sync(clean.map((s, i) => (i === 9 ? null : s)) as Shape[])).toThrow("sync: shapes[9]: expected an object, got null");
    expect(() => fresh().sync(clean.map((s, i) => (i === 9 ? { ...s, id: 9 } : s)) as Shape[])).toThrow("sync: shapes[9].id: expected a string, got number 9");
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

describe("habits from other engines", () => {
  it("positional numbers and [x, y] arrays are blamed on the point, not the options", () => {
    expect(() => world.raycast(0 as never, 0 as never, 0 as never)).toThrow("raycast: from must be a point { x, y }, got 0");
    expect(() => world.raycast([0, 0] as never, [0, 100] as never)).toThrow("raycast: from must be a point { x, y }, got an array");
    expect(() => world.sweep("ball", 0 as never, 100 as never)).toThrow("sweep: to must be a point { x, y }, got 0");
    expect(() => world.raycast({ x: 0, y: 0 }, { x: 0, y: 1 }, 5 as never)).toThrow("raycast: options must be an object, got 5");
  });
});

describe("sync of shapes a game built in plain JS", () => {
  const fieldOf = fc.constantFrom("id", "type", "x", "y", "rotation", "radius", "width", "points");
  const entry = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SHAPES) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...SHAPES), fieldOf, anything).map(([shape, key, value]) => ({ ...shape, [key]: value })) },
    { weight: 1, arbitrary: anything },
    { weight: 1, arbitrary: fc.constantFrom({ ...SHAPES[3]!, points: [null, [1, 2], [3, 4]] }, { ...SHAPES[1]!, type: "toString" }, { ...SHAPES[1]!, id: 5 }, { ...SHAPES[1]!, id: undefined }) },
  );

  it("WorldError, or a world whose every answer names a string id of the list (into an empty world and over a synced one)", () => {
    const seen = new Set<string>();
    fc.assert(fc.property(fc.array(entry, { maxLength: 6 }), fc.boolean(), (list, over) => {
      const w = new CollisionWorld();
      if (over) w.sync(SHAPES);
      try {
        w.sync(list as Shape[]);
      } catch (e) {
        if (!(e instanceof WorldError)) throw e;
        seen.add("threw");
        return;
      }
      seen.add("answered");
      const ids = new Set(list.map((shape) => (shape as { id?: unknown }).id));
      for (const id of w.queryBox(-1e4, -1e4, 1e4, 1e4)) {
        expect(typeof id).toBe("string");
        expect(ids.has(id)).toBe(true);
      }
    }), { ...RUNS, seed: 2717 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
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
    // A scene polygon's points [x, y] where { x, y } go.
    expect(makePolygon([[0, 0], [100, 0], [0, 100]] as never)).toEqual({ ok: false, reason: "polygon: points[0]: expected a point { x, y }, got an array [0, 0]" });
    expect(makePolygon([{ x: 0, y: 0 }, [1, 2, 3, 4] as never])).toEqual({ ok: false, reason: "polygon: points[1]: expected a point { x, y }, got an array [1, 2, 3, …]" });
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

describe("the helpers the main entry exports, on arbitrary arguments", () => {
  const circle = made(makeCircle(10)), box = made(makeBox(8, 4, 0, 0, 20));
  const geometry = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(circle, box) }, { weight: 1, arbitrary: anything });
  const transform = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(coordinate, coordinate, fc.double({ min: -Math.PI, max: Math.PI, noNaN: true })).map(([px, py, a]) => ({ px, py, c: Math.cos(a), s: Math.sin(a) })) },
    { weight: 1, arbitrary: fc.record({ px: anything, py: coordinate, c: fc.constant(1), s: fc.constant(0) }) },
    { weight: 1, arbitrary: anything },
  );
  const number = fc.oneof({ weight: 5, arbitrary: coordinate }, { weight: 1, arbitrary: anything });
  const goodPlaced = (g: unknown, xf: unknown) => isObject(g) && [0, 1, 2, 3].includes(g.kind as number) && isObject(xf) && inRange(xf.px) && inRange(xf.py)
    && typeof xf.c === "number" && typeof xf.s === "number" && Math.abs(xf.c ** 2 + xf.s ** 2 - 1) <= 1e-6;

  it("computeAABB and containsPoint: GeometryError (a NaN side, a coerced \"0\" never answered), or the unchecked answer", () => {
    const seen = new Set<string>();
    fc.assert(fc.property(geometry, transform, number, number, (g, xf, x, y) => {
      holds(attempt(() => computeAABB(g as never, xf as Transform)), goodPlaced(g, xf), GeometryError, "computeAABB", () => geometryCore.computeAABB(g as never, xf as Transform), seen);
      holds(attempt(() => containsPoint(g as never, xf as Transform, x as number, y as number)), goodPlaced(g, xf) && inRange(x) && inRange(y), GeometryError, "containsPoint",
        () => geometryCore.containsPoint(g as never, xf as Transform, x as number, y as number), seen);
    }), { ...RUNS, seed: 2720 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
    const xf = { px: 0, py: 0, c: 1, s: 0 };
    expect(() => computeAABB(undefined as never, xf)).toThrow("computeAABB: g must be a geometry (a make… function's .value), got undefined");
    expect(() => computeAABB(circle, { ...xf, px: Number.NaN })).toThrow("computeAABB: xf.px must be a finite number within ±1e15, got NaN");
    expect(() => containsPoint(null as never, xf, 0, 0)).toThrow(GeometryError);
    expect(() => containsPoint(circle, xf, Number.NaN, 0)).toThrow("containsPoint: x must be a finite number within ±1e15, got NaN");
    expect(() => containsPoint(circle, xf, "0" as never, "0" as never)).toThrow('containsPoint: x must be a finite number within ±1e15, got "0"');
  });

  it("geometryOf, transformOf, shapeBounds: a result saying why or GeometryError for a shape the format refuses, else the unchecked answer", () => {
    const seen = new Set<string>();
    const shape = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...SHAPES) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...SHAPES), fc.constantFrom("x", "rotation", "radius", "width", "points", "type", "id"), anything).map(([s, key, v]) => ({ ...s, [key]: v })) },
      { weight: 1, arbitrary: fc.constantFrom(...SHAPES).map(({ rotation: _r, ...rest }) => rest) },
      { weight: 1, arbitrary: anything },
    );
    fc.assert(fc.property(shape, (s) => {
      const problems = isObject(s) ? unchecked.validateSceneData({ format: "collider-studio-scene", version: 1, shapes: [s] }) : { ok: false };
      const good = problems.ok;
      const withRotation = () => ({ rotation: 0, ...(s as object) }) as Shape;
      holds(attempt(() => transformOf(s as never)), good, GeometryError, "transformOf", () => transformOfCore(withRotation()), seen);
      holds(attempt(() => shapeBounds(s as never)), good, GeometryError, "shapeBounds", () => geometryCore.shapeBounds(withRotation()), seen);
      const result = geometryOf(s as never);
      expect(result.ok).toBe(good);
      const identity = { px: 0, py: 0, c: 1, s: 0 };
      if (result.ok) expect(geometryCore.computeAABB(result.value, identity)).toEqual(geometryCore.computeAABB(made(geometryOfCore(withRotation())), identity));
      else expect(result.reason).toMatch(/^geometryOf: \S/);
    }), { ...RUNS, seed: 2721 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
    expect(geometryOf(undefined as never)).toEqual({ ok: false, reason: "geometryOf: shape: is missing (expected an object)" });
    expect(() => transformOf({ x: 1, y: 2 } as never)).toThrow(/^transformOf: id: is missing/);
    expect(() => shapeBounds({} as never)).toThrow(GeometryError);
  });

  it("rotFromDegrees, sweepOf, bitsCollide, aabbOverlaps, collisionLayerOf, isSensor, formatProblem: the typed error, or the unchecked answer", () => {
    const seen = new Set<string>();
    const bits = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1, 6, 0xffffffff) }, { weight: 1, arbitrary: fc.constantFrom(-1, 1 << 31, 2 ** 32, 1.5) }, { weight: 1, arbitrary: anything });
    const rule = fc.oneof({ weight: 4, arbitrary: fc.constantFrom("godot", "box2d", "none") }, { weight: 1, arbitrary: anything });
    const isBits = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 2 ** 32;
    fc.assert(fc.property(number, number, bits, bits, rule, number, (a, b, m, n, r, c) => {
      holds(attempt(() => rotFromDegrees(a as number)), inRange(a), GeometryError, "rotFromDegrees", () => rotFromDegreesCore(a as number), seen);
      holds(attempt(() => sweepOf(a as number, b as number, 0, 1, 2, c as number)), inRange(a) && inRange(b) && inRange(c), GeometryError, "sweepOf",
        () => ({ localCenterX: 0, localCenterY: 0, x1: a, y1: b, angle1: 0, x2: 1, y2: 2, angle2: c }), seen);
      holds(attempt(() => bitsCollide(m as number, n as number, 1, 1, r as never)), isBits(m) && isBits(n) && ["godot", "box2d", "none"].includes(r as string), WorldError, "bitsCollide",
        () => bitsCollideCore(m as number, n as number, 1, 1, r as never), seen);
      const boxA = { minX: a, minY: 0, maxX: b, maxY: 1 }, boxB = { minX: 0, minY: 0, maxX: c, maxY: 1 };
      const goodBox = (x: { minX: unknown; maxX: unknown }) => typeof x.minX === "number" && typeof x.maxX === "number" && (x.minX as number) <= (x.maxX as number);
      holds(attempt(() => aabbOverlaps(boxA as never, boxB as never)), goodBox(boxA) && goodBox(boxB), GeometryError, "aabbOverlaps", () => geometryCore.aabbOverlaps(boxA as never, boxB as never), seen);
      holds(attempt(() => collisionLayerOf({ ...SHAPES[0]!, collisionLayer: m } as never)), m === undefined || isBits(m), GeometryError, "collisionLayerOf", () => m ?? 1, seen);
      holds(attempt(() => isSensor({ ...SHAPES[0]!, sensor: r } as never)), r === undefined || typeof r === "boolean", GeometryError, "isSensor", () => r === true, seen);
    }), { ...RUNS, seed: 2722 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
    expect(() => rotFromDegrees(Number.NaN)).toThrow("rotFromDegrees: degrees must be a finite number within ±1e15, got NaN");
    expect(() => bitsCollide(1, 1, 1, 1, "x" as never)).toThrow('bitsCollide: rule must be "godot", "box2d" or "none", got "x"');
    expect(() => bitsCollide(~0, 1, 1, 1, "godot")).toThrow("bitsCollide: layerA must be a whole number from 0 to 2^32 - 1, got -1 (bits are unsigned: pass -1 >>> 0, that is 4294967295)");
    expect(() => sweepOf(Number.NaN, 0, 0, 0, 0, 0)).toThrow("sweepOf: x1 must be a finite number within ±1e15, got NaN");
    expect(isSensor({ ...SHAPES[4]! })).toBe(true);
    expect(() => formatProblem(undefined as never)).toThrow(GeometryError);
    expect(formatProblem({ path: "shapes[0].x", message: "must be a finite number", line: 3, column: 7 })).toBe("3:7: shapes[0].x: must be a finite number");
  });
});

describe("the review of the installed package: each case it found", () => {
  it("move names a missing or undefined coordinate (it said `move(\"player\"): ` with no problem)", () => {
    const w = loadScene(text).world;
    const seen = new Set<string>();
    const n = fc.oneof({ weight: 4, arbitrary: coordinate }, { weight: 1, arbitrary: anything });
    const placeable = (v: unknown) => inRange(v);
    fc.assert(fc.property(n, n, fc.option(n, { nil: undefined }), (x, y, r) => {
      const good = placeable(x) && placeable(y) && (r === undefined || placeable(r));
      holds(attempt(() => {
        w.move("ball", x as number, y as number, r as number | undefined);
        const shape = w.lookup("ball")!.shape;
        return [shape.x, shape.y];
      }), good, WorldError, "move", () => [x, y], seen);
    }), { ...RUNS, seed: 2723 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
    const problems = (call: () => void) => { try { call(); } catch (e) { return [(e as Error).message, (e as WorldError).problems]; } return null; };
    expect(problems(() => w.move("ball", 100 as number, undefined as never))).toEqual(['move("ball"): y: is missing (expected a number)', ["y: is missing (expected a number)"]]);
    expect(problems(() => (w.move as (id: string) => void)("ball"))).toEqual(['move("ball"): x: is missing (expected a number); y: is missing (expected a number)', ["x: is missing (expected a number)", "y: is missing (expected a number)"]]);
    expect(problems(() => w.move("ball", undefined as never, 3))).toEqual(['move("ball"): x: is missing (expected a number)', ["x: is missing (expected a number)"]]);
    expect(problems(() => w.move("ball", 1n as never, 3))).toEqual(['move("ball"): x: expected a number, got 1n, a bigint', ["x: expected a number, got 1n, a bigint"]]);
  });

  it("both loaders refuse what is neither a file's text nor its JSON, and read a file's bytes as UTF-8", () => {
    const seen = new Set<string>();
    const bytes = new TextEncoder().encode(text);
    const input = fc.oneof(anything, fc.constantFrom(bytes, bytes.buffer, new DataView(bytes.buffer), new Uint8Array([0x7b, 0xff, 0x7d]), () => text, Symbol("s"), 1n, null));
    const isBytes = (json: unknown) => json instanceof ArrayBuffer || ArrayBuffer.isView(json);
    fc.assert(fc.property(input, (json) => {
      for (const load of [loadScene, loadValidated]) {
        const outcome = attempt(() => load(json as never).shapes.length);
        if (outcome.threw) {
          expect(outcome.error).toBeInstanceOf(SceneLoadError);
          expect((outcome.error as Error).message).not.toMatch(isBytes(json) ? /format: is missing/ : /undefined undefined/);
          seen.add("threw");
        } else {
          expect(isBytes(json)).toBe(true);
          expect(outcome.value).toBe(SHAPES.length);
          seen.add("answered");
        }
      }
    }), { ...RUNS, seed: 2724 });
    expect([...seen].sort()).toEqual(["answered", "threw"]);
    for (const load of [loadScene, loadValidated]) {
      expect(() => load(undefined as never)).toThrow(new SceneLoadError([{ path: "", message: "expected the file's text or its parsed JSON, got undefined" }]));
      expect(() => load(null as never)).toThrow("a scene file must be a JSON object, got null");
      expect(() => load(new Uint8Array([0xff]))).toThrow("the file's bytes are not UTF-8 text");
      // A forgotten await, a Response passed as it came, a file saved as UTF-16 (with or without its mark).
      // The types refuse the first two and a Map (npm run typecheck fails on an unused expect-error).
      // @ts-expect-error a Promise is not a scene
      expect(() => load(Promise.resolve(JSON.parse(text)))).toThrow("got a Promise, not a scene: await it first");
      // @ts-expect-error a Response has none of a scene's keys
      expect(() => load(new Response(text))).toThrow("got a Response or a Blob, not a scene");
      // @ts-expect-error nor has a Map
      expect(() => load(new Map())).toThrow("format: is missing");
      const utf16 = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])]);
      expect(() => load(utf16)).toThrow("the file's bytes are UTF-16 text: save it as UTF-8");
      expect(() => load(utf16.subarray(2))).toThrow("the file's bytes are UTF-16 text: save it as UTF-8");
      // A Node Buffer is a Uint8Array: its line and column are the text's.
      const bad = new TextEncoder().encode(JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [{ id: "a", type: "circle", x: 0, y: 0, radius: -1 }] }, null, 2));
      expect(() => load(bad)).toThrow(/^\d+:\d+: shapes\[0\]\.radius: /);
      // fetch's arrayBuffer(), a view into part of a buffer, and text or bytes with a byte order mark.
      expect(load(bytes.buffer).shapes.length).toBe(SHAPES.length);
      const framed = new Uint8Array(bytes.length + 6);
      framed.set(bytes, 3);
      expect(load(new Uint8Array(framed.buffer, 3, bytes.length)).shapes.length).toBe(SHAPES.length);
      expect(load(`\uFEFF${text}`).shapes.length).toBe(SHAPES.length);
      expect(load(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes])).shapes.length).toBe(SHAPES.length);
      expect(() => load(`\uFEFF${JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [{ id: "a", type: "circle", x: 0, y: 0, radius: -1 }] })}`)).toThrow(/^1:\d+: shapes\[0\]\.radius: /);
    }
  });

  it("the queries' wording: the bad value shown, the call made named, a probe's coordinate by index", () => {
    const hit = new QueryHit(), to = { x: 0, y: 0 };
    expect(() => loadScene(text, { filter: "x" } as never)).toThrow('loadScene: options.filter must be "godot", "box2d" or "none", got "x"');
    expect(() => world.raycast(to, to, { mode: "nearest" } as never)).toThrow('raycast: options.mode must be "closest", "all" or "any", got "nearest"');
    expect(() => world.raycast(to, to, { includeSensors: "yes" } as never)).toThrow('raycast: options.includeSensors must be true or false, got "yes"');
    expect(() => world.sweepClosest("nope", to, hit)).toThrow('sweepClosest("nope"): the world holds no shape with this id');
    expect(() => world.raycastClosest({ x: Number.NaN, y: 0 }, to, hit)).toThrow("raycastClosest: from.x must be");
    expect(() => world.queryBoxInto(null as never, [])).toThrow(/^queryBoxInto: box must be/);
    expect(() => world.overlapShapeInto(null as never, { px: 0, py: 0, c: 1, s: 0 }, [])).toThrow(/^overlapShapeInto: geometry must be/);
    expect(() => world.probe({ id: "p", name: "", type: "ray", from: [0, 0], to: [0, Number.NaN] })).toThrow("probe: to[1]: must be a finite number");
    // A value of the wrong type is named by its kind, an array as one.
    expect(() => world.move(5 as never, 1, 2)).toThrow(new WorldError("move: id must be a string, got 5"));
    expect(() => world.raycast(to, { x: 0, y: 1 }, { ignore: ["ball"] } as never)).toThrow("raycast: options.ignore must be a Set of ids, got an array");
    expect(() => world.contactEventsInto([] as never)).toThrow("contactEventsInto: out must be a ContactEventBuffer, got an array");
    expect(() => world.sensorEventsInto({} as never)).toThrow("sensorEventsInto: out must be a ContactEventBuffer, got an object");
  });

  it("refuses what it would have ignored: unknown option keys, an inverted box, an out that is no QueryHit", () => {
    const to = { x: 0, y: 0 };
    expect(() => world.raycast(to, to, { masks: 4 } as never)).toThrow("raycast: options.masks is not an option of raycast (it reads mode, mask, ignore, reportInside, includeSensors)");
    expect(() => world.sweep("ball", to, { maxFraction: 0.1 } as never)).toThrow("sweep: options.maxFraction is not an option of sweep (it reads mode, mask, ignore, includeSensors, ignoreLeaving)");
    expect(() => world.sweep("ball", to, { reportInside: true } as never)).toThrow(WorldError);
    expect(() => world.overlapShape({ type: "circle", x: 0, y: 0, radius: 3 }, { mode: "all" } as never)).toThrow("overlapShape: options.mode is not an option");
    expect(() => new CollisionWorld({ filters: "box2d" } as never)).toThrow("CollisionWorld: options.filters is not an option of CollisionWorld (it reads filter)");
    expect(() => world.queryBox(100, 100, 0, 0)).toThrow("queryBox: minX must be at most maxX, got 100 > 0 (an inverted box)");
    expect(() => world.queryBox(0, 100, 10, 0)).toThrow("queryBox: minY must be at most maxY, got 100 > 0 (an inverted box)");
    expect(world.queryBox(-Infinity, -Infinity, Infinity, Infinity)).toHaveLength(SHAPES.length);
    expect(() => world.raycastClosest(to, { x: 0, y: 300 }, {} as never)).toThrow("raycastClosest: out must be a QueryHit, got an object");
    expect(() => world.sweepClosest("ball", to, {} as never)).toThrow("sweepClosest: out must be a QueryHit, got an object");
    expect(() => world.raycast(to, to, { mask: ~0 })).toThrow("raycast: options.mask must be a whole number from 0 to 2^32 - 1, got -1 (bits are unsigned: pass -1 >>> 0, that is 4294967295)");
  });

  it("add takes a shape as loadScene gives it: rotation defaulted and brought into (−180, 180]; overlapShape's query needs no id", () => {
    const w = loadScene(text).world;
    w.add({ id: "turned", type: "box", x: 500, y: 0, rotation: 270, width: 10, height: 4 });
    w.add({ id: "plain", type: "box", x: 600, y: 0, width: 10, height: 4 });
    expect(w.lookup("turned")!.shape.rotation).toBe(-90);
    expect(w.lookup("plain")!.shape.rotation).toBe(0);
    const loaded = loadScene(JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [{ id: "turned", type: "box", x: 500, y: 0, rotation: 270, width: 10, height: 4 }] }));
    expect(w.lookup("turned")!.shape).toEqual(loaded.shapes[0]);
    expect(() => w.add({ id: "bits", type: "circle", x: 0, y: 0, radius: 1, collisionLayer: 1 << 31 })).toThrow("add(\"bits\"): collisionLayer: must be at least 0 (bits are unsigned: pass -2147483648 >>> 0, that is 2147483648)");
    expect(w.overlapShape({ type: "circle", x: 500, y: 0, radius: 3 })).toEqual(["turned"]);
    expect(() => w.overlapShape({ type: "circle", x: 500, y: 0, radius: -3 })).toThrow("overlapShape: radius: must be greater than 0");
  });
});
