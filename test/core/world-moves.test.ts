// CollisionWorld.move in a game loop: many moves between two questions, without the world making
// a shape object per move. After any run of moves the world answers exactly as a world synced
// with the list so edited (copies with the new x, y and rotation), the objects it handed out
// before a move stay as they were, and a later sync() takes the world back to any list.
import { describe, expect, it } from "vitest";
import { CollisionWorld } from "../../core/collision-world";
import type { Shape } from "../../core/scene/types";
import { normalizeDegrees, vec2 } from "../../core/vec2";
import { seededRandom } from "../seeded-random";

function randomShape(r: () => number, id: string, spread: number): Shape {
  const x = (r() - 0.5) * spread, y = (r() - 0.5) * spread, rotation = Math.round((r() - 0.5) * 360), u = r();
  if (u < 0.25) return { id, type: "circle", x, y, rotation: 0, radius: 0.3 + r() };
  if (u < 0.5) return { id, type: "box", x, y, rotation, width: 0.5 + 2 * r(), height: 0.5 + 2 * r() };
  if (u < 0.75) return { id, type: "capsule", x, y, rotation, radius: 0.3 + 0.3 * r(), height: 1.5 + r() };
  const n = 3 + Math.floor(r() * 5), a = 0.5 + r(), b = 0.5 + r();
  const points = Array.from({ length: n }, (_, i): [number, number] => [a * Math.cos((2 * Math.PI * i) / n), b * Math.sin((2 * Math.PI * i) / n)]);
  return { id, type: "polygon", x, y, rotation, points };
}

/** Everything a game asks of the world, in a form toEqual compares. */
function answers(world: CollisionWorld, r: () => number, spread: number, ids: readonly string[]) {
  const at = () => vec2((r() - 0.5) * spread, (r() - 0.5) * spread);
  const rays = Array.from({ length: 6 }, () => world.raycast(at(), at(), { mode: "all" }));
  const x = (r() - 0.5) * spread, y = (r() - 0.5) * spread;
  const inBox: Shape[] = [];
  world.forEachInBox(x, y, x + spread / 3, y + spread / 3, (s) => inBox.push(s));
  const mover = ids[Math.floor(r() * ids.length)]!;
  return {
    overlaps: world.overlaps(),
    sensors: world.sensorContacts(),
    rays,
    box: world.queryBox(x, y, x + spread / 3, y + spread / 3),
    inBox: inBox.sort((p, q) => (p.id < q.id ? -1 : 1)),
    sweep: world.sweep(mover, at(), { mode: "all" }),
    shapes: ids.map((id) => world.lookup(id)),
  };
}

describe("CollisionWorld.move between questions (seeded fuzz, seeds 2771–2773)", () => {
  for (const seed of [2771, 2772, 2773]) {
    it(`seed ${seed}: runs of moves answer as sync of the moved list, and hand out no changed object`, () => {
      const r = seededRandom(seed), spread = 30;
      // Frozen: the world must never write to a shape it was given.
      const start = Array.from({ length: 300 }, (_, i) => Object.freeze({ ...randomShape(r, `s${i}`, spread), sensor: i % 17 === 0 }) as Shape);
      const ids = start.map((s) => s.id);
      const world = new CollisionWorld(), synced = new CollisionWorld();
      world.sync(start);
      // Its geometry made ahead (as loadScene does), the others' when first needed.
      world.prepareGeometry();
      let list = start.slice();
      for (let round = 0; round < 25; round++) {
        const handedOut = world.lookup(ids[round]!)!.shape, snapshot = { ...handedOut };
        // A run of moves, some of one shape several times, some without a rotation.
        const moves = 1 + Math.floor(r() * 40);
        // A new array: synced holds the last one, which must not change under it.
        list = list.slice();
        for (let m = 0; m < moves; m++) {
          const k = Math.floor(r() * list.length), s = list[k]!;
          const far = r() < 0.1;
          const x = s.x + (far ? (r() - 0.5) * spread : (r() - 0.5) * 0.2), y = s.y + (far ? (r() - 0.5) * spread : (r() - 0.5) * 0.2);
          const rotation = r() < 0.3 ? undefined : s.rotation + (r() - 0.5) * 10;
          world.move(s.id, x, y, rotation);
          // The world holds a turn brought into (−180, 180], as sync takes shapes (a turn drifting past ±180 wraps).
          list[k] = { ...s, x, y, rotation: rotation === undefined ? s.rotation : normalizeDegrees(rotation) };
        }
        synced.sync(list);
        const fresh = new CollisionWorld();
        fresh.sync(list);
        const seedOf = 1000 * seed + round;
        const got = answers(world, seededRandom(seedOf), spread, ids);
        expect(got, `round ${round}: against sync`).toEqual(answers(synced, seededRandom(seedOf), spread, ids));
        expect(got, `round ${round}: against a fresh world`).toEqual(answers(fresh, seededRandom(seedOf), spread, ids));
        expect(handedOut, "an object handed out before a move is not changed").toEqual(snapshot);
        // The world's boxes are those of the objects it now hands out, never of one from before a move.
        const box = new Float64Array(4), expected = new Float64Array(4);
        for (const id of ids) {
          const now = world.lookup(id)!.shape;
          expect(world.readBox(now, box)).toBe(true);
          expect(synced.readBox(synced.lookup(id)!.shape, expected)).toBe(true);
          expect([...box]).toEqual([...expected]);
        }
        const moved = list.find((s, i) => s !== start[i]);
        if (moved) expect(world.readBox(start[list.indexOf(moved)]!, box)).toBe(false);
      }
      // sync() takes the world back to the list it started from.
      world.sync(start);
      synced.sync(start);
      const seedOf = 99 * seed;
      expect(answers(world, seededRandom(seedOf), spread, ids)).toEqual(answers(synced, seededRandom(seedOf), spread, ids));
      for (const s of start) expect(world.lookup(s.id)!.shape).toBe(s);
    });
  }

  it("a refused move changes nothing, also between accepted ones", () => {
    const world = new CollisionWorld();
    const a: Shape = { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 };
    const b: Shape = { id: "b", type: "circle", x: 3, y: 0, rotation: 0, radius: 1 };
    world.sync([a, b]);
    world.move("a", 1.5, 0, 45);
    expect(() => world.move("a", Number.NaN, 0)).toThrow('move("a"): x: must be a number, got NaN');
    expect(() => world.move("a", 0, 0, Infinity)).toThrow('move("a"): rotation: must be between -1e15 and 1e15 degrees');
    expect(world.lookup("a")!.shape).toEqual({ ...a, x: 1.5, rotation: 45 });
    expect(world.overlaps().map((p) => `${p.a}|${p.b}`)).toEqual(["a|b"]);
    world.move("a", -5, 0);
    expect(world.lookup("a")!.shape).toEqual({ ...a, x: -5, rotation: 45 });
    expect(world.overlaps()).toEqual([]);
  });

  it("prepareGeometry makes the geometry of every shape, in steps; one that bypassed validation throws there naming it, as a query reaching it does", () => {
    const shapes: Shape[] = Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, type: "circle", x: 3 * i, y: 0, rotation: 0, radius: 1 }));
    // A capsule shorter than its two caps: validation refuses it, and it has no geometry.
    shapes.push({ id: "bad", type: "capsule", x: 0, y: 50, rotation: 0, radius: 2, height: 1 });
    const world = new CollisionWorld();
    expect(() => world.sync(shapes)).not.toThrow();
    expect(world.prepareGeometry(100)).toBe(false);
    expect(() => world.prepareGeometry()).toThrow(/^shape "bad" has no geometry: /);
    expect(() => world.prepareGeometry()).toThrow(/^shape "bad" has no geometry: /);
    expect(() => world.raycast(vec2(-10, 50), vec2(10, 50))).toThrow(/^shape "bad" has no geometry: /);
    world.remove("bad");
    expect(world.prepareGeometry()).toBe(true);
    world.move("c5", 1, 2, 30);
    world.remove("c7");
    world.add({ id: "late", type: "box", x: 0, y: -3, rotation: 0, width: 1, height: 1 });
    expect(world.prepareGeometry()).toBe(true);
    expect(world.raycast(vec2(-5, 0), vec2(5, 0))[0]?.shape).toBe("c0");
  });
});
