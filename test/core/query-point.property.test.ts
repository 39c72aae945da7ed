// CollisionWorld.queryPoint and queryPointInto against a plain reference: every shape of the list,
// in list order, kept when the options let the query see it and containsPoint (with the shape's own
// geometry and transform) says the point is inside. Scenes of every convex kind, a concave polygon
// and a chain, with sensors and collision layers; points anywhere, at shapes' centres and corners.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, WorldError, containsPoint, type Shape } from "../../core/runtime/index";
import { shapeGeometry, shapeTransform } from "../../core/overlaps";
import { anyShape, seedOf } from "./arbitraries";

interface PointOptions { mask?: number; includeSensors?: boolean; ignore?: ReadonlySet<string> }

function referencePoint(shapes: readonly Shape[], x: number, y: number, options: PointOptions): string[] {
  return shapes.filter((s) => {
    if (s.sensor === true && options.includeSensors !== true) return false;
    if (options.mask !== undefined && ((s.collisionLayer ?? 1) & options.mask) === 0) return false;
    if (options.ignore?.has(s.id) === true) return false;
    const g = shapeGeometry(s);
    return containsPoint(g, shapeTransform(s, g), x, y);
  }).map((s) => s.id);
}

const extras: Shape[] = [
  { id: "L", type: "polygon", x: 9, y: -9, rotation: 30, points: [[0, 0], [6, 0], [6, 2], [2, 2], [2, 6], [0, 6]] },
  { id: "ground", type: "chain", x: -4, y: 5, rotation: 0, points: [[-8, 0], [0, 1], [8, 0]], closed: false },
];

const scene = fc.array(fc.tuple(anyShape("", { extent: 12, maxSize: 8 }), fc.boolean(), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 25 })
  .map((drawn) => drawn.map(([s, sensor, layer], i): Shape => ({ ...s, id: `s${i}`, ...(sensor ? { sensor: true } : {}), ...(layer > 0 ? { collisionLayer: layer } : {}) })).concat(extras));

const options = fc.record({
  mask: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  includeSensors: fc.option(fc.boolean(), { nil: undefined }),
  ignoreEvery: fc.integer({ min: 0, max: 4 }),
});

describe("CollisionWorld.queryPoint (fast-check against containsPoint over every shape)", () => {
  it("the ids of the shapes holding the point, in scene order, as the options filter them", () => {
    let found = 0;
    fc.assert(
      fc.property(scene, fc.array(fc.tuple(fc.double({ min: -16, max: 16, noNaN: true }), fc.double({ min: -16, max: 16, noNaN: true }), fc.nat()), { minLength: 1, maxLength: 12 }), options, (shapes, draws, o) => {
        const world = new CollisionWorld();
        world.sync(shapes);
        const ignore = o.ignoreEvery === 0 ? undefined : new Set(shapes.filter((_, i) => i % o.ignoreEvery === 0).map((s) => s.id));
        const asked = { ...(o.mask !== undefined ? { mask: o.mask } : {}), ...(o.includeSensors !== undefined ? { includeSensors: o.includeSensors } : {}), ...(ignore ? { ignore } : {}) };
        const out: string[] = [];
        for (const [dx, dy, k] of draws) {
          // Anywhere, or at a shape's origin, or at one of its points (a polygon's corner: on its boundary).
          const s = shapes[k % shapes.length]!, corner = s.type === "polygon" || s.type === "chain" ? s.points[k % s.points.length]! : null;
          const c = Math.cos((s.rotation * Math.PI) / 180), sn = Math.sin((s.rotation * Math.PI) / 180);
          const [x, y] = k % 3 === 0 ? [dx, dy] : k % 3 === 1 || corner === null ? [s.x, s.y] : [s.x + c * corner[0] - sn * corner[1], s.y + sn * corner[0] + c * corner[1]];
          const expected = referencePoint(shapes, x, y, asked);
          expect(world.queryPoint(x, y, asked)).toEqual(expected);
          const n = world.queryPointInto({ x, y }, out, asked);
          expect(out.slice(0, n)).toEqual(expected);
          found += expected.length;
        }
      }),
      { seed: seedOf("queryPoint"), numRuns: 150 },
    );
    // Not vacuous: many of the points are in shapes.
    expect(found).toBeGreaterThan(200);
  });

  it("a few points by hand: sensors, masks, a corner, a chain, a concave polygon", () => {
    const world = new CollisionWorld();
    const shapes: Shape[] = [
      { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 4, height: 2 },
      { id: "b", type: "circle", x: 1, y: 0, rotation: 0, radius: 2, sensor: true },
      { id: "c", type: "capsule", x: 0, y: 1, rotation: 90, radius: 1, height: 4, collisionLayer: 2 },
      ...extras,
    ];
    world.sync(shapes);
    expect(world.queryPoint(0.5, 0.5)).toEqual(["a", "c"]);
    expect(world.queryPoint(0.5, 0.5, { includeSensors: true })).toEqual(["a", "b", "c"]);
    expect(world.queryPoint(0.5, 0.5, { mask: 2 })).toEqual(["c"]);
    expect(world.queryPoint(2, -1)).toEqual(["a"]); // a corner: the boundary counts
    expect(world.queryPoint(-4, 6)).toEqual([]); // a chain's corner: edges hold no point
    expect(world.queryPoint(9.5, -8)).toEqual(["L"]); // in the concave polygon's arm
  });

  it("refuses a bad point, output or option with a WorldError naming it", () => {
    const world = new CollisionWorld();
    expect(() => world.queryPoint(Number.NaN, 0)).toThrow(new WorldError("queryPoint: x must be a finite number within ±1e15, got NaN"));
    expect(() => world.queryPoint(0, Infinity)).toThrow(new WorldError("queryPoint: y must be a finite number within ±1e15, got Infinity"));
    expect(() => world.queryPointInto({ x: 0, y: Number.NaN }, [])).toThrow(/queryPointInto: point\.y must be/);
    expect(() => world.queryPointInto({ x: 0, y: 0 }, null as unknown as string[])).toThrow(/queryPointInto: out must be an array/);
    expect(() => world.queryPoint(0, 0, { mask: -1 })).toThrow(/queryPoint: options\.mask must be/);
    expect(() => world.queryPoint(0, 0, { mode: "all" } as never)).toThrow(/queryPoint: options\.mode is not an option of queryPoint/);
  });
});
