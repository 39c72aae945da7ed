// The allocation-free forms reuse their objects (the contact cache's ids, overlapsInto's records,
// sensorEventsInto's and contactEventsInto's per-contact records): none may carry stale data.
// Over arbitrary edit sequences (fast-check, pinned seed) of moveTo (small steps and far jumps,
// turns), add, remove and sync (a sensor flag or collision bits flipped, a shape replaced), with
// one OverlapBuffer and two event buffers kept across the steps, each step's overlapsInto equals
// the overlaps() of a fresh world synced with the same shapes, and sensorEventsInto's and
// contactEventsInto's events equal a plain diff of that fresh world's sensorContacts() and
// overlaps() with the last step's (ended pairs as they were then). A contact's end comes in the
// very record its begin came in.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, ContactEventBuffer, OverlapBuffer, SensorEventBuffer, type OverlapPair, type Shape } from "../../core/index";
import { WorldError } from "../../core/world-error";

const key = (p: { a: string; b: string }) => [p.a, p.b].sort().join("|");

/** A shape of one of four kinds near the origin; `variant` picks the sensor flag and the bits. */
function shapeOf(id: string, kind: number, x: number, y: number, rotation: number, size: number, variant: number): Shape {
  const extra = { ...(variant % 3 === 0 ? { sensor: true } : {}), ...(variant % 4 === 1 ? { collisionLayer: 2, collisionMask: 2 } : {}) };
  switch (kind) {
    case 0: return { id, type: "circle", x, y, rotation: 0, radius: size / 2, ...extra };
    case 1: return { id, type: "box", x, y, rotation, width: size, height: 1 + size / 2, ...extra };
    case 2: return { id, type: "capsule", x, y, rotation, radius: 1, height: 2 + size, ...extra };
    default: return { id, type: "polygon", x, y, rotation, points: [[-size / 2, -size / 3], [size / 2, -size / 2], [0, size / 2]], ...extra };
  }
}

const coordinate = fc.double({ min: -20, max: 20, noNaN: true });
const arbShape = fc.record({ kind: fc.nat(3), x: coordinate, y: coordinate, rotation: fc.double({ min: -179, max: 180, noNaN: true }), size: fc.double({ min: 1, max: 9, noNaN: true }), variant: fc.nat(11) });
const edit = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("step" as const), at: fc.nat(), dx: fc.double({ min: -2, max: 2, noNaN: true }), dy: fc.double({ min: -2, max: 2, noNaN: true }), turn: fc.option(fc.double({ min: -179, max: 180, noNaN: true })) }), weight: 6 },
  { arbitrary: fc.record({ op: fc.constant("jump" as const), at: fc.nat(), x: coordinate, y: coordinate }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("add" as const), shape: arbShape }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("remove" as const), at: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("flip" as const), at: fc.nat(), variant: fc.nat(11) }), weight: 1 },
);

type Spec = typeof arbShape extends fc.Arbitrary<infer T> ? T : never;
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

/**
 * One side's events against a plain diff of the fresh world's list with the last step's: the
 * new pairs began, the gone ones ended as they were listed, each end in its begin's record.
 * Returns how many began and ended.
 */
function expectEvents(events: ContactEventBuffer, reported: number, previous: readonly OverlapPair[], now: readonly OverlapPair[], beganIn: Map<string, OverlapPair>, at: string): [number, number] {
  const was = new Set(previous.map(key)), is = new Set(now.map(key));
  expect(reported, at).toBe(events.beginCount + events.endCount);
  expect(events.begin.slice(0, events.beginCount), `${at}: begin`).toEqual(now.filter((p) => !was.has(key(p))));
  expect(events.end.slice(0, events.endCount), `${at}: end, as last listed`).toEqual(previous.filter((p) => !is.has(key(p))));
  for (let i = 0; i < events.endCount; i++) {
    const ended = events.end[i]!;
    expect(ended, `${at}: the record its begin came in`).toBe(beganIn.get(key(ended)));
    beganIn.delete(key(ended));
  }
  for (let i = 0; i < events.beginCount; i++) beganIn.set(key(events.begin[i]!), events.begin[i]!);
  return [events.beginCount, events.endCount];
}

/** Runs the edits, checking every step; returns how many sensor and solid contacts began and ended. */
function check(start: readonly Spec[], edits: readonly Edit[]): { began: number; ended: number; solidBegan: number; solidEnded: number } {
  let began = 0, ended = 0, solidBegan = 0, solidEnded = 0;
  let n = 0;
  /** Each id's kind and size, for a flip that remakes the shape. */
  const specs = new Map<string, Spec>();
  const make = (spec: Spec): Shape => {
    const id = `s${n++}`;
    specs.set(id, spec);
    return shapeOf(id, spec.kind, spec.x, spec.y, spec.rotation, spec.size, spec.variant);
  };
  let list: Shape[] = start.map(make);
  const world = new CollisionWorld(), pairs = new OverlapBuffer(), events = new SensorEventBuffer(), solidEvents = new ContactEventBuffer(), to = { x: 0, y: 0, rotation: 0 };
  world.sync(list);
  let previous: OverlapPair[] = [], previousSolid: OverlapPair[] = [];
  const beganIn = new Map<string, OverlapPair>(), solidBeganIn = new Map<string, OverlapPair>();
  for (const [step, e] of edits.entries()) {
    const s = list.length > 0 && "at" in e ? list[e.at % list.length]! : undefined;
    if (e.op === "step" && s) {
      to.x = s.x + e.dx; to.y = s.y + e.dy; to.rotation = e.turn ?? s.rotation;
      world.moveTo(s.id, to);
      list = list.map((t) => (t === s ? { ...s, x: to.x, y: to.y, rotation: to.rotation } : t));
    } else if (e.op === "jump" && s) {
      world.move(s.id, e.x, e.y);
      list = list.map((t) => (t === s ? { ...s, x: e.x, y: e.y } : t));
    } else if (e.op === "add") {
      const added = make(e.shape);
      world.add(added);
      list = [...list, added];
    } else if (e.op === "remove" && s) {
      world.remove(s.id);
      list = list.filter((t) => t !== s);
    } else if (e.op === "flip" && s) {
      // A sensor flag or the bits changed in place: through sync, as the editor does.
      const spec = specs.get(s.id)!;
      const flipped = shapeOf(s.id, spec.kind, s.x, s.y, s.rotation, spec.size, e.variant);
      list = list.map((t) => (t === s ? flipped : t));
      world.sync(list);
    }
    const fresh = new CollisionWorld();
    fresh.sync(list);
    const at = `step ${step} (${e.op})`;
    const count = world.overlapsInto(pairs);
    expect(count, at).toBe(pairs.count);
    expect(pairs.pairs.slice(0, count), `${at}: overlapsInto`).toEqual(fresh.overlaps());
    const now = structuredClone(fresh.sensorContacts()) as OverlapPair[];
    const [b, e2] = expectEvents(events, world.sensorEventsInto(events), previous, now, beganIn, `${at}, sensors`);
    began += b;
    ended += e2;
    previous = now;
    // Solid contacts on some steps only: their "since the last call" is their own.
    if (step % 3 !== 1) {
      const nowSolid = structuredClone(fresh.overlaps()) as OverlapPair[];
      const [sb, se] = expectEvents(solidEvents, world.contactEventsInto(solidEvents), previousSolid, nowSolid, solidBeganIn, `${at}, solid`);
      solidBegan += sb;
      solidEnded += se;
      previousSolid = nowSolid;
    }
  }
  return { began, ended, solidBegan, solidEnded };
}

describe("the allocation-free forms' reused objects never hold stale data (fast-check, pinned seed)", () => {
  it("overlapsInto, sensorEventsInto and contactEventsInto equal a fresh world's answers at every step of arbitrary edits", () => {
    fc.assert(fc.property(fc.array(arbShape, { minLength: 2, maxLength: 14 }), fc.array(edit, { minLength: 1, maxLength: 40 }), (start, edits) => {
      check(start, edits);
    }), { seed: 2711, numRuns: 120 });
  });

  it("a long seeded walk in a crowd: contacts begin and end, and every answer holds", () => {
    const shapes = fc.sample(arbShape, { seed: 27, numRuns: 30 });
    const edits = fc.sample(edit, { seed: 28, numRuns: 250 });
    const { began, ended, solidBegan, solidEnded } = check(shapes, edits);
    // The walk must make contacts of both sides begin and end, or it proves nothing about the records.
    expect(began).toBeGreaterThan(20);
    expect(ended).toBeGreaterThan(20);
    expect(solidBegan).toBeGreaterThan(20);
    expect(solidEnded).toBeGreaterThan(20);
  }, 60_000);
});

describe("moveTo", () => {
  it("moves as move() does, and refuses what move() refuses, naming moveTo", () => {
    const box: Shape = { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 };
    const moved = new CollisionWorld(), viaMove = new CollisionWorld();
    moved.add(box);
    viaMove.add(box);
    moved.moveTo("a", { x: 3.5, y: -1.25, rotation: 30 });
    viaMove.move("a", 3.5, -1.25, 30);
    expect(moved.lookup("a")!.shape).toEqual(viaMove.lookup("a")!.shape);
    moved.moveTo("a", { x: 1, y: 2 });
    expect(moved.lookup("a")!.shape).toMatchObject({ x: 1, y: 2, rotation: 30 });
    expect(() => moved.moveTo("zz", { x: 0, y: 0 })).toThrow('moveTo("zz"): the world holds no shape with this id');
    expect(() => moved.moveTo("a", { x: Number.NaN, y: 0 })).toThrow('moveTo("a"): x: must be a number, got NaN');
    expect(() => moved.moveTo("a", null as never)).toThrow(WorldError);
    expect(moved.lookup("a")!.shape).toMatchObject({ x: 1, y: 2, rotation: 30 });
  });

  it("refuses a Phaser sprite or a Matter body as the target (their rotation and angle are radians), but takes a game's own object with other keys", () => {
    const world = new CollisionWorld();
    world.add({ id: "player", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 });
    const advice = "pass { x: s.x, y: s.y, rotation: s.angle }, the rotation in degrees (a Phaser sprite's angle)";
    // A sprite without physics: body null, scene set; rotation radians, angle degrees.
    const sprite = { x: 5, y: 6, rotation: Math.PI / 2, angle: 90, scene: {}, body: null };
    expect(() => world.moveTo("player", sprite)).toThrow(`moveTo("player"): to: it has scene, body: a game object or a Matter body, whose rotation or angle may be radians; ${advice}`);
    expect(() => world.moveTo("player", { x: 1, y: 2, angle: 0.5, parts: [] } as never)).toThrow('to: it has parts: a game object or a Matter body');
    expect(() => world.moveTo("player", { x: 1, y: 2, rotation: 1.2, angle: 70 } as never)).toThrow(`moveTo("player"): to: it has both rotation and angle, whose rotation or angle may be radians; ${advice}`);
    expect(world.get("player")).toMatchObject({ x: 0, y: 0, rotation: 0 });
    // The README's game loop passes its own player, velocity and all; an angle alone is the game's own.
    world.moveTo("player", { x: 3, y: 4, vx: 10, vy: 0, angle: 12 } as never);
    expect(world.get("player")).toMatchObject({ x: 3, y: 4, rotation: 0 });
  });

  it("an unknown id that is a shape's name says the shape's id (sweep, move, remove)", () => {
    const world = new CollisionWorld();
    world.sync([
      { id: "player", name: "Player", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 },
      { id: "wall", type: "box", x: 9, y: 0, rotation: 0, width: 2, height: 2 },
    ]);
    world.move("player", 1, 0);
    expect(() => world.sweep("Player", { x: 5, y: 0 })).toThrow('sweep("Player"): the world holds no shape with this id: a shape is named "Player": its id is "player"');
    expect(() => world.moveTo("Player", { x: 0, y: 0 })).toThrow('moveTo("Player"): the world holds no shape with this id: a shape is named "Player": its id is "player"');
    expect(() => world.remove("Player")).toThrow(/its id is "player"$/);
    expect(() => world.sweep("ghost", { x: 5, y: 0 })).toThrow(/^sweep\("ghost"\): the world holds no shape with this id$/);
  });
});

describe("contactEvents: the solid contacts' begin and end, as Box2D's touch events", () => {
  it("a crate lands on the ground, then lifts off; a coin's sensor contact is not among them", () => {
    const world = new CollisionWorld();
    world.sync([
      { id: "ground", type: "box", x: 0, y: 10, rotation: 0, width: 100, height: 10 },
      { id: "coin", type: "circle", x: 0, y: -20, rotation: 0, radius: 3, sensor: true },
      { id: "crate", type: "box", x: 0, y: -20, rotation: 0, width: 4, height: 4 },
    ]);
    // The first call reports what touches now: nothing solid, the coin is a sensor.
    expect(world.contactEvents()).toEqual({ begin: [], end: [] });
    expect(world.sensorEvents().begin.map((p) => [p.a, p.b])).toEqual([["coin", "crate"]]);
    world.move("crate", 0, 3.5);
    const landed = world.contactEvents();
    expect(landed.begin).toHaveLength(1);
    expect(landed.begin[0]).toMatchObject({ a: "ground", b: "crate", normal: { x: 0, y: -1 } });
    expect(landed.begin[0]!.depth).toBeCloseTo(0.5, 12);
    expect(landed.end).toEqual([]);
    // Its own "since the last call": the sensor events still hold the coin's end.
    expect(world.contactEvents()).toEqual({ begin: [], end: [] });
    world.move("crate", 0, 3.6);
    expect(world.contactEvents()).toEqual({ begin: [], end: [] });
    world.move("crate", 0, -50);
    expect(world.contactEvents()).toEqual({ begin: [], end: [{ a: "ground", b: "crate" }] });
    expect(world.sensorEvents().end).toEqual([{ a: "coin", b: "crate" }]);
    // A SensorEventBuffer is a ContactEventBuffer: either call takes either.
    world.move("crate", 0, 3.5);
    const buffer = new SensorEventBuffer();
    expect(buffer).toBeInstanceOf(ContactEventBuffer);
    expect(world.contactEventsInto(buffer)).toBe(1);
    expect(buffer.begin[0]).toMatchObject({ a: "ground", b: "crate" });
    expect(buffer.begin[0]!.sensor).toBeUndefined();
  });
});
