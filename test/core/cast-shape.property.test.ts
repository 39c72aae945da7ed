// CollisionWorld.castShape (a shape the world does not hold, swept without turning) against a plain
// reference: shapeCast of the query against every world shape the options let it meet (sensors only
// with includeSensors, mask against each shape's layer, ignore), hits sorted by fraction then scene
// order, the first for "closest"; and against the world's own sweep of the same shape added to a
// world whose filter lets every pair meet.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, WorldError, collisionLayerOf, vec2, type CastHit, type Shape } from "../../core/runtime/index";
import { shapeGeometry, shapeTransform } from "../../core/overlaps";
import { shapeCast } from "../../core/shape-cast";
import { CastOutput } from "../../core/raycast";
import { anyShape, seedOf } from "./arbitraries";

const cast = new CastOutput();
const placed = (s: Shape) => { const g = shapeGeometry(s); return { g, xf: shapeTransform(s, g) }; };

const scene = fc.array(fc.tuple(anyShape("", { extent: 8, minSize: 1, maxSize: 6 }), fc.boolean(), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 12 })
  .map((drawn) => drawn.map(([s, sensor, layer], i): Shape => ({ ...s, id: `s${i}`, ...(sensor ? { sensor: true } : {}), ...(layer > 0 ? { collisionLayer: layer } : {}) })));
const options = fc.record({
  mode: fc.constantFrom("closest" as const, "all" as const, undefined),
  mask: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  includeSensors: fc.option(fc.boolean(), { nil: undefined }),
  ignore: fc.option(fc.constantFrom(new Set(["s0"]), new Set(["s1", "s2"])), { nil: undefined }),
}).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));

describe("CollisionWorld.castShape (fast-check against a plain shapeCast over every shape)", () => {
  it("hits every shape the options let it meet, sorted by fraction then scene order, as the world's sweep of the same shape", () => {
    let hits = 0;
    fc.assert(
      fc.property(scene, anyShape("query", { extent: 8, minSize: 1, maxSize: 6 }), fc.double({ min: -16, max: 16, noNaN: true }), fc.double({ min: -16, max: 16, noNaN: true }), options, (shapes, query, dx, dy, o) => {
        const world = new CollisionWorld();
        world.sync(shapes);
        const to = vec2(query.x + dx, query.y + dy), me = placed(query);
        const expected: { index: number; hit: CastHit }[] = [];
        shapes.forEach((s, index) => {
          if ((s.sensor === true && o.includeSensors !== true) || (o.mask !== undefined && (collisionLayerOf(s) & (o.mask as number)) === 0) || (o.ignore as Set<string> | undefined)?.has(s.id) === true) return;
          const it = placed(s);
          shapeCast(it.g, it.xf, me.g, me.xf, dx, dy, cast, 1);
          if (cast.hit) expected.push({ index, hit: { shape: s.id, fraction: cast.fraction, point: vec2(cast.pointX, cast.pointY), normal: vec2(cast.normalX, cast.normalY), startedInside: cast.startedInside } });
        });
        expected.sort((p, q) => p.hit.fraction - q.hit.fraction || p.index - q.index);
        const all = expected.map((e) => e.hit), want = o.mode === "all" ? all : all.slice(0, 1);
        const got = world.castShape(query, to, o);
        expect(got).toEqual(want);
        hits += got.length;
        // The same answers for { geometry, transform }, and as the world's sweep of the shape added.
        expect(world.castShape({ geometry: me.g, transform: me.xf }, to, o)).toEqual(want);
        const open = new CollisionWorld({ filter: "none" });
        open.sync([...shapes, { ...query, id: "query" }]);
        expect(open.sweep("query", to, o)).toEqual(want);
      }),
      { seed: seedOf("castShape"), numRuns: 300 },
    );
    expect(hits).toBeGreaterThan(80);
  });

  it("takes a scene shape without id or rotation; refuses bad input naming castShape", () => {
    const world = new CollisionWorld();
    world.sync([{ id: "wall", type: "box", x: 10, y: 0, rotation: 0, width: 2, height: 20 }]);
    const [hit] = world.castShape({ type: "circle", x: 0, y: 0, radius: 1 }, vec2(20, 0));
    expect(hit).toMatchObject({ shape: "wall", startedInside: false });
    expect(hit!.fraction * 20).toBeCloseTo(8, 9);
    expect(world.castShape({ type: "circle", x: 0, y: 0, radius: 1 }, vec2(0, 20))).toEqual([]);
    expect(() => world.castShape({ type: "circle", x: 0, y: 0, radius: -1 }, vec2(1, 0))).toThrow(/^castShape: radius: /);
    expect(() => world.castShape({ type: "circle", x: 0, y: 0, radius: 1 }, vec2(Number.NaN, 0))).toThrow(/^castShape: to\.x must be/);
    expect(() => world.castShape({ type: "circle", x: 0, y: 0, radius: 1 }, vec2(1, 0), { reportInside: true } as never)).toThrow(WorldError);
    expect(() => world.castShape(null as never, vec2(1, 0))).toThrow(/^castShape: query must be a shape or \{ geometry, transform \}/);
  });
});
