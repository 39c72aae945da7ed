// CollisionWorld's game-loop edits (add, remove, move), overlapShape and sensorEvents: a world
// driven by seeded random edits must answer exactly as a world synced with the equivalent list
// (appended on add, closed up on remove) and as the one-pass scans; overlapShape as a plain
// collide over every shape; sensorEvents as a plain diff of sensorContacts() snapshots. Pinned seeds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, SensorEventBuffer, shapeBounds, vec2, type OverlapPair, type Shape } from "../../core/index";
import { collide, Manifold } from "../../core/manifold";
import { shapeGeometry, shapeTransform } from "../../core/overlaps";
import { WorldError } from "../../core/world-error";
import { findOverlaps, raycastScene, sweepScene } from "./scan-reference";
import { seededRandom } from "../seeded-random";

function randomShape(r: () => number, id: string, spread: number): Shape {
  const x = (r() - 0.5) * spread, y = (r() - 0.5) * spread, rotation = (r() - 0.5) * 360;
  const sensor = r() < 0.35 ? { sensor: true } : {};
  const bits = r() < 0.7 ? {} : { collisionLayer: 1 + Math.floor(r() * 3), collisionMask: 1 + Math.floor(r() * 3) };
  const size = 2 + r() * 10;
  switch (Math.floor(r() * 4)) {
    case 0: return { id, type: "circle", x, y, rotation: 0, radius: size / 2, ...sensor, ...bits };
    case 1: return { id, type: "box", x, y, rotation, width: size, height: 1 + r() * 8, ...sensor, ...bits };
    case 2: return { id, type: "capsule", x, y, rotation, radius: 1, height: 2 + r() * 8, ...sensor, ...bits };
    default: return { id, type: "polygon", x, y, rotation, points: [[-size / 2, -size / 3], [size / 2, -size / 2], [0, size / 2]], ...sensor, ...bits };
  }
}

/** Every shape of `shapes` the query overlaps, by collide with the shape first: the plain reference of overlapShape. */
function overlapScan(shapes: readonly Shape[], query: Shape, includeSensors: boolean, mask?: number): string[] {
  const qg = shapeGeometry(query), qt = shapeTransform(query, qg), m = new Manifold();
  return shapes.filter((s) => {
    if (s.sensor === true && !includeSensors) return false;
    if (mask !== undefined && ((s.collisionLayer ?? 1) & mask) === 0) return false;
    const g = shapeGeometry(s);
    return collide(g, shapeTransform(s, g), qg, qt, m).pointCount > 0;
  }).map((s) => s.id);
}

const key = (p: { a: string; b: string }) => [p.a, p.b].sort().join("|");

function run(seed: number, steps: number, spread: number): void {
  const r = seededRandom(seed);
  let n = 0;
  let list: Shape[] = [];
  const edited = new CollisionWorld(), synced = new CollisionWorld();
  for (let i = 0; i < 30; i++) {
    const s = randomShape(r, `s${n++}`, spread);
    list.push(s);
    edited.add(s);
  }
  let previous: readonly OverlapPair[] | null = null;
  let began = 0, ended = 0;
  const buffer = new SensorEventBuffer();
  for (let step = 0; step < steps; step++) {
    const at = `seed ${seed} step ${step}`;
    synced.sync(list);
    const all = findOverlaps(list);
    expect(edited.size).toBe(list.length);
    expect(edited.overlaps(), `${at}: overlaps`).toEqual(synced.overlaps());
    expect(edited.overlaps(), `${at}: overlaps vs scan`).toEqual(all.filter((p) => p.sensor !== true));
    expect(edited.sensorContacts(), `${at}: sensors`).toEqual(synced.sensorContacts());
    expect(edited.sensorContacts(), `${at}: sensors vs scan`).toEqual(all.filter((p) => p.sensor === true));
    if (step % 5 === 0) expect(edited.ignoredOverlaps(), `${at}: ignored`).toEqual(synced.ignoredOverlaps());
    for (const s of list) {
      expect(edited.lookup(s.id)?.index).toBe(list.indexOf(s));
      expect(edited.get(s.id), `${at}: get`).toEqual(s);
    }
    // Sensor events: a plain diff of the snapshots, by unordered pair.
    const now = edited.sensorContacts();
    const events = edited.sensorEvents();
    const was = new Set((previous ?? []).map(key)), is = new Set(now.map(key));
    expect(events.begin, `${at}: begin`).toEqual(now.filter((p) => !was.has(key(p))));
    expect(events.end, `${at}: end`).toEqual((previous ?? []).filter((p) => !is.has(key(p))).map((p) => ({ a: p.a, b: p.b })));
    expect(edited.sensorEvents(), `${at}: asked again`).toEqual({ begin: [], end: [] });
    // sensorEventsInto on the synced world, into one buffer kept across the steps: the same events.
    const count = synced.sensorEventsInto(buffer);
    expect(buffer.begin.slice(0, buffer.beginCount), `${at}: begin into`).toEqual(events.begin);
    expect(buffer.end.slice(0, buffer.endCount).map((p) => ({ a: p.a, b: p.b })), `${at}: end into`).toEqual(events.end);
    expect(count).toBe(buffer.beginCount + buffer.endCount);
    expect(synced.sensorEventsInto(buffer), `${at}: into asked again`).toBe(0);
    expect([buffer.beginCount, buffer.endCount]).toEqual([0, 0]);
    began += events.begin.length;
    ended += events.end.length;
    previous = now;
    if (step % 3 === 0) {
      const from = vec2((r() - 0.5) * spread, (r() - 0.5) * spread), to = vec2((r() - 0.5) * spread, (r() - 0.5) * spread);
      for (const options of [{ mode: "all" as const }, { mode: "all" as const, includeSensors: true }, {}]) {
        expect(edited.raycast(from, to, options), `${at}: ray`).toEqual(raycastScene(list, from, to, options));
        expect(edited.raycast(from, to, options)).toEqual(synced.raycast(from, to, options));
      }
      const mover = list[Math.floor(r() * list.length)]!;
      const goal = vec2(mover.x + (r() - 0.5) * spread / 2, mover.y + (r() - 0.5) * spread / 2);
      for (const options of [{ mode: "all" as const }, { mode: "all" as const, includeSensors: true }, {}]) {
        expect(edited.sweep(mover.id, goal, options), `${at}: sweep`).toEqual(sweepScene(list, mover.id, goal, options));
        expect(edited.sweep(mover.id, goal, options)).toEqual(synced.sweep(mover.id, goal, options));
      }
      const query = randomShape(r, "query", spread);
      for (const includeSensors of [false, true]) {
        expect(edited.overlapShape(query, { includeSensors }), `${at}: overlapShape`).toEqual(overlapScan(list, query, includeSensors));
      }
      expect(edited.overlapShape(query, { mask: 2 })).toEqual(overlapScan(list, query, false, 2));
      const g = shapeGeometry(query);
      expect(edited.overlapShape({ geometry: g, transform: shapeTransform(query, g) })).toEqual(overlapScan(list, query, false));
    }
    // Edits: mostly small moves (a game loop), some far moves, turns, adds and removes.
    const roll = r(), k = Math.floor(r() * list.length), s = list[k];
    if (roll < 0.55 && s) {
      const far = r() < 0.15;
      const x = s.x + (far ? (r() - 0.5) * spread : (r() - 0.5) * 3), y = s.y + (far ? (r() - 0.5) * spread : (r() - 0.5) * 3);
      const rotation = r() < 0.5 ? undefined : (r() - 0.5) * 360;
      edited.move(s.id, x, y, rotation);
      list = list.map((t) => (t === s ? { ...s, x, y, rotation: rotation ?? s.rotation } : t));
    } else if (roll < 0.8) {
      const added = randomShape(r, `s${n++}`, spread);
      edited.add(added);
      list = [...list, added];
    } else if (s && list.length > 2) {
      edited.remove(s.id);
      list = list.filter((t) => t !== s);
    }
  }
  // The seeds must make contacts begin and end, or the events test proves nothing.
  expect(began).toBeGreaterThan(steps / 20);
  expect(ended).toBeGreaterThan(steps / 20);
}

describe("CollisionWorld add/remove/move against sync and the one-pass scans (seeded fuzz)", () => {
  it.each([201, 202, 203])("seed %i: 250 edits among about 30 shapes", (seed) => {
    run(seed, 250, 60);
  });
  it("a dense cluster", () => {
    run(204, 150, 25);
  });
});

describe("CollisionWorld edits refuse bad input with a WorldError", () => {
  const box = (id: string, x: number): Shape & { type: "box" } => ({ id, type: "box", x, y: 0, rotation: 0, width: 2, height: 2 });

  it("names the duplicate id, the unknown id and the bad number; the world is left as it was", () => {
    const world = new CollisionWorld();
    world.add(box("a", 0));
    world.add(box("b", 1));
    expect(() => world.add(box("a", 5))).toThrow(new WorldError('add("a"): the world already holds a shape with this id'));
    expect(() => world.remove("zz")).toThrow(WorldError);
    expect(() => world.remove("zz")).toThrow('remove("zz"): the world holds no shape with this id');
    expect(() => world.move("zz", 0, 0)).toThrow('move("zz"): the world holds no shape with this id');
    expect(() => world.move("a", Number.NaN, 0)).toThrow('move("a"): x: must be a number, got NaN');
    expect(() => world.move("a", 0, Infinity, 1e16)).toThrow('move("a"): y: must be between -1e15 and 1e15; rotation: must be between -1e15 and 1e15 degrees');
    expect(() => world.add({ ...box("c", 0), width: Number.NaN })).toThrow(/^add\("c"\): width: /);
    expect(() => world.add({ ...box("c", 0), x: Infinity })).toThrow(/^add\("c"\): x: /);
    expect(() => world.add({ id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [2, 2], [2, 0], [0, 2]] })).toThrow(/^add\("p"\): points\[0\]: edges 0 and 2 cross/);
    expect(world.size).toBe(2);
    expect(world.overlaps().map((p) => `${p.a}|${p.b}`)).toEqual(["a|b"]);
    expect(world.lookup("a")?.shape.x).toBe(0);
  });

  it("a shape added without a rotation is unturned, as the loader defaults it (regression: its box was NaN and the tree threw)", () => {
    const world = new CollisionWorld();
    // As a JS game would write it: the type requires a rotation.
    world.add(JSON.parse('{ "id": "a", "type": "box", "x": 0, "y": 0, "width": 2, "height": 2 }') as Shape);
    world.add(box("b", 1.5));
    expect(world.lookup("a")?.shape.rotation).toBe(0);
    expect(world.overlaps().map((p) => `${p.a}|${p.b}`)).toEqual(["a|b"]);
    world.move("a", 0.5, 0);
    expect(world.lookup("a")?.shape.rotation).toBe(0);
    // A turn outside (−180, 180] is brought in, as add() and the loader do: 270 is held as −90,
    // and the world answers as one synced with −90.
    for (const [turn, held] of [[270, -90], [-540, 180], [181, -179], [360, 0], [180, 180]] as const) {
      world.move("a", 0.5, 0, turn);
      expect(world.get("a")?.rotation).toBe(held);
      const synced = new CollisionWorld();
      synced.sync([{ ...world.get("a")! }, box("b", 1.5)]);
      expect(world.raycast(vec2(-3, 0.7), vec2(3, 0.7), { mode: "all" })).toEqual(synced.raycast(vec2(-3, 0.7), vec2(3, 0.7), { mode: "all" }));
    }
    expect(world.get("zz")).toBeUndefined();
  });

  it("remove then add: the new shape comes last, and lookup's index follows", () => {
    const world = new CollisionWorld();
    for (const id of ["a", "b", "c"]) world.add(box(id, 0));
    world.remove("a");
    world.add(box("a", 0));
    expect(["b", "c", "a"].map((id) => world.lookup(id)?.index)).toEqual([0, 1, 2]);
    expect(world.overlaps().map((p) => `${p.a}|${p.b}`)).toEqual(["b|c", "b|a", "c|a"]);
  });

  it("overlapShape refuses a bad query shape and a non-finite transform", () => {
    const world = new CollisionWorld();
    world.add(box("a", 0));
    expect(() => world.overlapShape({ ...box("q", 0), height: -1 })).toThrow(/^overlapShape: height: must be greater than 0/);
    const g = shapeGeometry(box("q", 0));
    expect(() => world.overlapShape({ geometry: g, transform: { px: Number.NaN, py: 0, c: 1, s: 0 } })).toThrow(WorldError);
    expect(world.overlapShape(box("q", 1))).toEqual(["a"]);
  });

  it("sensorEvents: the first call begins every contact; a removed sensor's contact ends", () => {
    const world = new CollisionWorld();
    world.add(box("player", 0));
    world.add({ ...box("coin", 1), sensor: true });
    expect(world.sensorEvents().begin.map(key)).toEqual(["coin|player"]);
    expect(world.sensorEvents()).toEqual({ begin: [], end: [] });
    world.remove("coin");
    expect(world.sensorEvents()).toEqual({ begin: [], end: [{ a: "player", b: "coin" }] });
  });

  it("sensorEventsInto: the events into the caller's buffer, entries past the counts left alone; one period shared with sensorEvents", () => {
    const world = new CollisionWorld(), buffer = new SensorEventBuffer();
    world.add(box("player", 0));
    world.add({ ...box("coin", 1), sensor: true });
    world.add({ ...box("gem", 30), sensor: true });
    expect(world.sensorEventsInto(buffer)).toBe(1);
    expect([buffer.beginCount, buffer.endCount, key(buffer.begin[0]!)]).toEqual([1, 0, "coin|player"]);
    const first = buffer.begin[0];
    world.move("player", 30, 0);
    expect(world.sensorEventsInto(buffer)).toBe(2);
    expect([buffer.begin.slice(0, 1).map(key), buffer.end.slice(0, 1).map(key)]).toEqual([["gem|player"], ["coin|player"]]);
    expect(buffer.end[0]).toBe(first);
    // Back to the coin: sensorEvents sees what sensorEventsInto left, and after it sensorEventsInto has nothing new.
    world.move("player", 0, 0);
    expect(world.sensorEvents()).toEqual({ begin: [world.sensorContacts()[0]], end: [{ a: "player", b: "gem" }] });
    expect(world.sensorEventsInto(buffer)).toBe(0);
    expect([buffer.beginCount, buffer.endCount, key(buffer.begin[0]!), buffer.begin.length]).toEqual([0, 0, "gem|player", 1]);
    expect(() => world.sensorEventsInto({ begin: [], end: [], beginCount: 0, endCount: 0 } as never)).toThrow(WorldError);
  });
});

describe("CollisionWorld edits on arbitrary input (fast-check, pinned seeds)", () => {
  const base = (): CollisionWorld => {
    const world = new CollisionWorld();
    world.add({ id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 });
    return world;
  };
  const anyNumber = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e16, -0));
  const plain = fc.double({ min: 0.1, max: 20, noNaN: true });
  const place = fc.oneof({ arbitrary: plain, weight: 4 }, { arbitrary: anyNumber, weight: 1 });
  const field = fc.oneof(
    { arbitrary: plain, weight: 4 }, anyNumber, fc.string(), fc.constant(undefined), fc.constant(null),
    { arbitrary: fc.array(fc.tuple(place, place), { minLength: 2, maxLength: 5 }), weight: 3 },
  );

  it("add of any object adds a shape the world then queries, or throws a WorldError and changes nothing", () => {
    const shape = fc.record({
      id: fc.oneof(fc.constantFrom("a", "b", ""), fc.string()), type: fc.constantFrom("circle", "box", "capsule", "polygon", "chain", "blob"),
      x: place, y: place, rotation: fc.option(place, { nil: undefined }),
      radius: field, width: field, height: field, points: field, closed: fc.option(fc.boolean(), { nil: undefined }),
    }, { requiredKeys: ["id", "type", "x", "y"] });
    let adds = 0, refusals = 0;
    fc.assert(fc.property(shape, (value) => {
      const world = base();
      let added = false;
      try {
        world.add(value as Shape);
        added = true;
      } catch (e) {
        expect(e).toBeInstanceOf(WorldError);
        expect((e as WorldError).message).toMatch(/^add/);
      }
      expect(world.size).toBe(added ? 2 : 1);
      if (added) adds++; else refusals++;
      // Whatever was added answers queries without throwing.
      world.overlaps();
      world.raycast(vec2(-1e3, 0.5), vec2(1e3, 0.5), { mode: "all" });
    }), { seed: 2701, numRuns: 400 });
    // Both outcomes must occur, or the property proves little.
    expect(adds).toBeGreaterThan(10);
    expect(refusals).toBeGreaterThan(10);
  });

  it("move with any numbers moves the shape, or throws a WorldError and leaves it where it was", () => {
    let moves = 0, refusals = 0;
    fc.assert(fc.property(anyNumber, anyNumber, fc.option(anyNumber, { nil: undefined }), (x, y, rotation) => {
      const world = base();
      try {
        world.move("a", x, y, rotation);
        expect(world.lookup("a")?.shape.x).toBe(x);
        moves++;
      } catch (e) {
        refusals++;
        expect(e).toBeInstanceOf(WorldError);
        expect(world.lookup("a")?.shape.x).toBe(0);
      }
      world.overlapShape({ id: "q", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 });
    }), { seed: 2702, numRuns: 400 });
    expect(moves).toBeGreaterThan(10);
    expect(refusals).toBeGreaterThan(10);
  });
});

describe("CollisionWorld removes and adds in bursts, asked now and then (seeded fuzz)", () => {
  // remove() leaves a gap in the scene order that lookup() ranks away when asked, and add() renumbers
  // the order once its range outgrows the shapes: 5,000 spawns among 40 shapes cross that point.
  it("5,000 despawns and spawns keep the scene order of every answer, and lookup's index", () => {
    const r = seededRandom(205), spread = 50;
    let n = 0, list: Shape[] = [];
    const world = new CollisionWorld();
    for (let i = 0; i < 40; i++) {
      const s = randomShape(r, `s${n++}`, spread);
      list.push(s);
      world.add(s);
    }
    let checks = 0;
    for (let step = 0; step < 5_000; step++) {
      const burst = 1 + Math.floor(r() * 3);
      for (let i = 0; i < burst && list.length > 2; i++) {
        const gone = list[Math.floor(r() * list.length)]!;
        world.remove(gone.id);
        list = list.filter((t) => t !== gone);
      }
      for (let i = 0; i < burst; i++) {
        const added = randomShape(r, `s${n++}`, spread);
        world.add(added);
        list.push(added);
      }
      const at = `step ${step}`;
      // The pairs every few bursts (a renumbering must not leave the listed pairs' order stale), the rest now and then.
      if (step % 7 === 0) expect(world.overlaps(), `${at}: overlaps`).toEqual(findOverlaps(list).filter((p) => p.sensor !== true));
      if (step % 250 !== 249) continue;
      checks++;
      const all = findOverlaps(list);
      expect(world.overlaps(), `${at}: overlaps`).toEqual(all.filter((p) => p.sensor !== true));
      expect(world.sensorContacts(), `${at}: sensors`).toEqual(all.filter((p) => p.sensor === true));
      const from = vec2((r() - 0.5) * spread, (r() - 0.5) * spread), to = vec2((r() - 0.5) * spread, (r() - 0.5) * spread);
      expect(world.raycast(from, to, { mode: "all", includeSensors: true }), `${at}: ray`).toEqual(raycastScene(list, from, to, { mode: "all", includeSensors: true }));
      const box = { minX: -spread / 4, minY: -spread / 4, maxX: spread / 4, maxY: spread / 4 };
      const inBox = list.filter((s) => { const b = shapeBounds(s); return b.minX <= box.maxX && box.minX <= b.maxX && b.minY <= box.maxY && box.minY <= b.maxY; });
      expect(world.queryBox(box.minX, box.minY, box.maxX, box.maxY), `${at}: queryBox`).toEqual(inBox.map((s) => s.id));
      list.forEach((s, i) => expect(world.lookup(s.id)?.index, `${at}: lookup ${s.id}`).toBe(i));
    }
    expect(checks).toBe(20);
    // More spawns than the renumbering's threshold (four times the shapes plus 4,096).
    expect(n).toBeGreaterThan(4 * list.length + 4096);
  });
});
