// A mover left inside shapes (CollisionWorld.collideMover and sweeps with ignoreLeaving) against
// plain references over every shape of the list:
// - collideMover: each shape the filter lets the mover meet, in list order, that collide() says
//   it overlaps (the shape first), as a plane of that manifold's normal, depth and first point;
//   moving the mover by the depth along the normal (and a hair) clears that shape.
// - sweep with ignoreLeaving: a shape the mover starts overlapping (by collide, not by the cast)
//   stops it at 0 exactly when the motion goes into it (dot with the manifold's normal < 0), and
//   is passed over otherwise, where the mover at the end of the motion is no deeper in it; a
//   shape it starts apart from answers as the plain sweep does.
// - collideMover on a one-sided chain: the deepest of its edges, each collided alone, whose line
//   the mover's centre is not behind; and the documented recipe jumping up through a platform.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, PlaneResult, QueryHit, WorldError, bitsCollide, collisionLayerOf, collisionMaskOf, vec2, type Shape } from "../../core/runtime/index";
import { collide, Manifold } from "../../core/manifold";
import { shapeGeometry, shapeTransform } from "../../core/overlaps";
import { shapeCast } from "../../core/shape-cast";
import { CastOutput } from "../../core/raycast";
import { anyShape, seedOf } from "./arbitraries";

const m = new Manifold(), cast = new CastOutput();
const placed = (s: Shape) => { const g = shapeGeometry(s); return { g, xf: shapeTransform(s, g) }; };

interface MoverOptions { mask?: number; includeSensors?: boolean }

/** The shapes of `shapes` a query for `mover` with these options looks at, in list order. */
function seen(shapes: readonly Shape[], mover: Shape, o: MoverOptions): Shape[] {
  return shapes.filter((s) => s !== mover && (s.sensor !== true || o.includeSensors === true)
    && (o.mask === undefined || (collisionLayerOf(s) & o.mask) !== 0)
    && bitsCollide(collisionLayerOf(mover), collisionMaskOf(mover), collisionLayerOf(s), collisionMaskOf(s), "godot"));
}

const scene = fc.array(fc.tuple(anyShape("", { extent: 6, minSize: 1, maxSize: 8 }), fc.boolean(), fc.integer({ min: 0, max: 3 })), { minLength: 2, maxLength: 14 })
  .map((drawn) => drawn.map(([s, sensor, layer], i): Shape => ({ ...s, id: `s${i}`, ...(sensor && i > 0 ? { sensor: true } : {}), ...(layer > 0 ? { collisionLayer: layer, collisionMask: 1 + ((i + layer) % 3) } : {}) })));
const moverOptions = fc.record({ mask: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), includeSensors: fc.option(fc.boolean(), { nil: undefined }) });

describe("CollisionWorld.collideMover (fast-check against collide over every shape)", () => {
  it("a plane per overlapped shape, in scene order; pushing out along it clears the shape", () => {
    let planes = 0;
    const out: PlaneResult[] = [];
    fc.assert(
      fc.property(scene, moverOptions, (shapes, o) => {
        const world = new CollisionWorld();
        world.sync(shapes);
        const mover = shapes[0]!, me = placed(mover);
        const expected = seen(shapes, mover, o).flatMap((s) => {
          const it = placed(s);
          const r = collide(it.g, it.xf, me.g, me.xf, m);
          return r.pointCount === 0 ? [] : [{ shape: s.id, normalX: r.normalX, normalY: r.normalY, depth: r.depth, pointX: r.point1X, pointY: r.point1Y }];
        });
        const n = world.collideMover(mover.id, out, o);
        expect(out.slice(0, n).map((p) => ({ ...p }))).toEqual(expected);
        for (const p of expected) {
          const s = shapes.find((t) => t.id === p.shape)!, it = placed(s), push = p.depth * (1 + 1e-9) + 1e-9;
          expect(p.depth).toBeGreaterThan(0);
          expect(collide(it.g, it.xf, me.g, { ...me.xf, px: me.xf.px + push * p.normalX, py: me.xf.py + push * p.normalY }, m).pointCount, `${p.shape} cleared`).toBe(0);
        }
        planes += n;
      }),
      { seed: seedOf("collideMover"), numRuns: 200 },
    );
    expect(planes).toBeGreaterThan(100);
  });

  it("reuses the PlaneResults it finds in out; refuses a bad id, output or option with a WorldError", () => {
    const world = new CollisionWorld();
    world.sync([
      { id: "floor", type: "box", x: 0, y: 10, rotation: 0, width: 100, height: 20 },
      { id: "player", type: "capsule", x: 0, y: -15.5, rotation: 0, radius: 8, height: 32 },
    ]);
    const out: PlaneResult[] = [];
    expect(world.collideMover("player", out)).toBe(1);
    const first = out[0]!;
    expect([first.shape, first.normalX, first.normalY, first.depth]).toEqual(["floor", 0, -1, 0.5]);
    world.move("player", 0, -15);
    expect(world.collideMover("player", out)).toBe(1);
    expect(out[0]).toBe(first);
    expect(first.depth).toBe(1);
    world.move("player", 0, -16);
    expect(world.collideMover("player", out)).toBe(0); // touching is no overlap
    expect(() => world.collideMover("nope", out)).toThrow(new WorldError('collideMover("nope"): the world holds no shape with this id'));
    expect(() => world.collideMover("player", {} as PlaneResult[])).toThrow(/collideMover: out must be an array/);
    expect(() => world.collideMover("player", out, { mask: 1.5 })).toThrow(/collideMover: options\.mask must be/);
  });
});

describe("CollisionWorld.sweep with ignoreLeaving (fast-check against collide and the plain sweep)", () => {
  it("stops at 0 only going deeper into a shape it starts in; passes the others it starts in, ending no deeper", () => {
    let passed = 0, stopped = 0;
    const hit = new QueryHit();
    fc.assert(
      fc.property(scene, moverOptions, fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: -8, max: 8, noNaN: true }), (shapes, o, dx, dy) => {
        const world = new CollisionWorld();
        world.sync(shapes);
        const mover = shapes[0]!, me = placed(mover), to = vec2(mover.x + dx, mover.y + dy), tx = to.x - mover.x, ty = to.y - mover.y;
        const options = { ...o, ignoreLeaving: true, mode: "all" as const };
        const hits = new Map(world.sweep(mover.id, to, options).map((h) => [h.shape, h]));
        for (const s of seen(shapes, mover, o)) {
          const it = placed(s), start = collide(it.g, it.xf, me.g, me.xf, m);
          if (start.pointCount > 0) {
            const into = start.normalX * tx + start.normalY * ty < 0, depth = start.depth;
            if (into) {
              stopped++;
              expect(hits.get(s.id), `${s.id}: into`).toMatchObject({ fraction: 0, startedInside: true });
            } else {
              passed++;
              expect(hits.has(s.id), `${s.id}: leaving`).toBe(false);
              const end = collide(it.g, it.xf, me.g, { ...me.xf, px: me.xf.px + tx, py: me.xf.py + ty }, m);
              expect(end.pointCount === 0 ? 0 : end.depth, `${s.id}: no deeper`).toBeLessThanOrEqual(depth * (1 + 1e-9) + 1e-9);
            }
            continue;
          }
          shapeCast(it.g, it.xf, me.g, me.xf, tx, ty, cast, 1);
          if (!cast.hit) expect(hits.has(s.id), `${s.id}: miss`).toBe(false);
          else expect(hits.get(s.id), `${s.id}: hit`).toEqual({ shape: s.id, fraction: cast.fraction, point: vec2(cast.pointX, cast.pointY), normal: vec2(cast.normalX, cast.normalY), startedInside: cast.startedInside });
        }
        // The closest form agrees with the first of all.
        const all = world.sweep(mover.id, to, options);
        expect(world.sweepClosest(mover.id, to, hit, options) ? hit.shape : null).toBe(all[0]?.shape ?? null);
      }),
      { seed: seedOf("ignoreLeaving"), numRuns: 300 },
    );
    expect(passed).toBeGreaterThan(50);
    expect(stopped).toBeGreaterThan(50);
  });

  it("a chain the mover is sunk into: an edge it leaves is passed over, the chain's next edge still stops it", () => {
    const world = new CollisionWorld();
    world.sync([
      // A floor along y = 0 and a wall rising at x = 20 (y down: the wall's edge goes up to y = -20).
      { id: "ground", type: "chain", x: 0, y: 0, rotation: 0, points: [[-40, 0], [20, 0], [20, -20]], closed: false },
      { id: "ball", type: "circle", x: 0, y: -4.5, rotation: 0, radius: 5 },
    ]);
    const hit = new QueryHit();
    // Straight down: deeper, stopped at once.
    expect(world.sweepClosest("ball", vec2(0, 10), hit, { ignoreLeaving: true })).toBe(true);
    expect([hit.shape, hit.fraction, hit.startedInside]).toEqual(["ground", 0, true]);
    // Along the floor to the right: the floor's edge is passed over, the wall's edge stops it at x = 15.
    expect(world.sweepClosest("ball", vec2(30, -4.5), hit, { ignoreLeaving: true })).toBe(true);
    expect(hit.startedInside).toBe(false);
    expect(hit.fraction * 30).toBeCloseTo(15, 6);
    // Without the option: stuck where it is.
    expect(world.sweepClosest("ball", vec2(30, -4.5), hit)).toBe(true);
    expect([hit.fraction, hit.startedInside]).toEqual([0, true]);
    expect(() => world.sweep("ball", vec2(1, 1), { ignoreLeaving: 1 as unknown as boolean })).toThrow(new WorldError("sweep: options.ignoreLeaving must be true or false, got 1"));
  });
});

describe("CollisionWorld.collideMover against one-sided chains (fast-check against each edge alone)", () => {
  // A one-sided chain's planes come from its edges whose front the mover's centre is on or in front
  // of: the reference collides the mover with each edge as a two-point two-sided chain of its own,
  // keeps those whose line the mover's centre (its position: circles, boxes and capsules here) is
  // not behind, and takes the deepest (the first of equals).
  const mover = fc.oneof(
    fc.record({ type: fc.constant("circle" as const), radius: fc.double({ min: 1, max: 6, noNaN: true }) }),
    fc.record({ type: fc.constant("box" as const), width: fc.double({ min: 1, max: 10, noNaN: true }), height: fc.double({ min: 1, max: 10, noNaN: true }) }),
    fc.record({ type: fc.constant("capsule" as const), radius: fc.double({ min: 1, max: 3, noNaN: true }), height: fc.double({ min: 6, max: 14, noNaN: true }) }),
  );
  const coordinate = fc.double({ min: -12, max: 12, noNaN: true });
  const polyline = fc.array(fc.tuple(coordinate, coordinate), { minLength: 2, maxLength: 8 })
    .filter((p) => p.every((q, i) => i === 0 || Math.hypot(q[0] - p[i - 1]![0], q[1] - p[i - 1]![1]) > 0.5));

  it("planes only from edges whose front the mover's centre is on or in front of, the deepest one", () => {
    const out: PlaneResult[] = [];
    let pushed = 0, behind = 0;
    fc.assert(
      fc.property(polyline, fc.double({ min: -30, max: 30, noNaN: true }), mover, coordinate, coordinate, fc.double({ min: -180, max: 180, noNaN: true }), (points, turn, kind, x, y, rotation) => {
        const chain: Shape = { id: "platform", type: "chain", x: 1, y: -2, rotation: turn, points, oneSided: true };
        const me = { id: "me", x, y, rotation, ...kind } as Shape;
        const world = new CollisionWorld();
        world.sync([chain, me]);
        const self = placed(me);
        let best: { normalX: number; normalY: number; depth: number } | null = null;
        for (let i = 0; i + 1 < points.length; i++) {
          const edge = placed({ id: `e${i}`, type: "chain", x: 1, y: -2, rotation: turn, points: [points[i]!, points[i + 1]!] });
          const r = collide(edge.g, edge.xf, self.g, self.xf, m);
          if (r.pointCount === 0) continue;
          // The edge's ends in the world, and which side of its line the mover's centre is on.
          const [p, q] = [points[i]!, points[i + 1]!].map(([px, py]) => [edge.xf.c * px - edge.xf.s * py + 1, edge.xf.s * px + edge.xf.c * py - 2] as const);
          const side = (q![0] - p![0]) * (y - p![1]) - (q![1] - p![1]) * (x - p![0]);
          if (side > 0) { behind++; continue; }
          if (best === null || r.depth > best.depth) best = { normalX: r.normalX, normalY: r.normalY, depth: r.depth };
        }
        const n = world.collideMover("me", out);
        expect(n).toBe(best === null ? 0 : 1);
        if (best !== null) {
          pushed++;
          expect(out[0]!.depth).toBeCloseTo(best.depth, 9);
          expect(out[0]!.normalX).toBeCloseTo(best.normalX, 9);
          expect(out[0]!.normalY).toBeCloseTo(best.normalY, 9);
        }
        // Two-sided, the same chain gives collide()'s manifold of the whole chain.
        world.sync([{ ...chain, oneSided: false }, me]);
        const whole = placed({ ...chain, oneSided: false }), r = collide(whole.g, whole.xf, self.g, self.xf, m);
        expect(world.collideMover("me", out)).toBe(r.pointCount === 0 ? 0 : 1);
      }),
      { seed: seedOf("collideMover one-sided"), numRuns: 400 },
    );
    expect(pushed).toBeGreaterThan(40);
    expect(behind).toBeGreaterThan(40);
  });

  it("the documented recipe carries a capsule up through a one-way platform and leaves it standing on it", () => {
    const world = new CollisionWorld();
    // Drawn left to right, the platform faces up (y down) and blocks from above only.
    world.sync([
      { id: "platform", type: "chain", x: 0, y: 0, rotation: 0, points: [[-100, 0], [100, 0]], oneSided: true },
      { id: "player", type: "capsule", x: 0, y: 40, rotation: 0, radius: 16, height: 64 },
    ]);
    const planes: PlaneResult[] = [], hit = new QueryHit(), SKIN = 0.1;
    let x = 0, y = 40;
    const step = (dy: number) => {
      const n = world.collideMover("player", planes);
      let px = 0, py = 0;
      for (let i = 0; i < n; i++) {
        const p = planes[i]!, short = px * p.normalX + py * p.normalY - p.depth - SKIN;
        if (short < 0) { px -= short * p.normalX; py -= short * p.normalY; }
      }
      if (n > 0) { x += px; y += py; world.move("player", x, y); }
      const to = vec2(x, y + dy);
      const f = world.sweepClosest("player", to, hit, { ignoreLeaving: true }) ? hit.fraction : 1;
      y += f * dy;
      world.move("player", x, y);
    };
    // Jumping, 8 up a step: it never goes back down (before: held at y = 24, under the platform).
    // Once its middle is above the platform, the platform lifts it onto itself, a skin above.
    const heights: number[] = [];
    for (let i = 0; i < 12; i++) { step(-8); heights.push(y); }
    expect(heights.every((h, i) => h < (i === 0 ? 40 : heights[i - 1]!))).toBe(true);
    expect(y).toBeCloseTo(40 - 96 - (32 + SKIN), 9);
    // Falling back: it lands on the platform, its foot (32 below its middle) a skin or less above.
    for (let i = 0; i < 30; i++) step(4);
    expect(y).toBeGreaterThanOrEqual(-32 - SKIN - 1e-9);
    expect(y).toBeLessThanOrEqual(-32 + 1e-9);
    expect(world.collideMover("player", planes)).toBe(0);
  });
});
