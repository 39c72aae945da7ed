// The allocation-free forms reuse their objects (the contact cache's ids, overlapsInto's records,
// sensorEventsInto's per-contact records): none may carry stale data. Over arbitrary edit
// sequences (fast-check, pinned seed) of moveTo (small steps and far jumps, turns), add, remove
// and sync (a sensor flag or collision bits flipped, a shape replaced), with one OverlapBuffer and
// one SensorEventBuffer kept across the steps, each step's overlapsInto equals the overlaps() of a
// fresh world synced with the same shapes, and sensorEventsInto's events equal a plain diff of
// that fresh world's sensorContacts() with the last step's (ended pairs as they were then). A
// contact's end comes in the very record its begin came in.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, OverlapBuffer, SensorEventBuffer, type OverlapPair, type Shape } from "../../core/index";
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

/** Runs the edits, checking every step; returns how many sensor contacts began and ended. */
function check(start: readonly Spec[], edits: readonly Edit[]): { began: number; ended: number } {
  let began = 0, ended = 0;
  let n = 0;
  /** Each id's kind and size, for a flip that remakes the shape. */
  const specs = new Map<string, Spec>();
  const make = (spec: Spec): Shape => {
    const id = `s${n++}`;
    specs.set(id, spec);
    return shapeOf(id, spec.kind, spec.x, spec.y, spec.rotation, spec.size, spec.variant);
  };
  let list: Shape[] = start.map(make);
  const world = new CollisionWorld(), pairs = new OverlapBuffer(), events = new SensorEventBuffer(), to = { x: 0, y: 0, rotation: 0 };
  world.sync(list);
  let previous: OverlapPair[] = [];
  const beganIn = new Map<string, OverlapPair>();
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
    const was = new Set(previous.map(key)), is = new Set(now.map(key));
    expect(world.sensorEventsInto(events), at).toBe(events.beginCount + events.endCount);
    expect(events.begin.slice(0, events.beginCount), `${at}: begin`).toEqual(now.filter((p) => !was.has(key(p))));
    expect(events.end.slice(0, events.endCount), `${at}: end, as last listed`).toEqual(previous.filter((p) => !is.has(key(p))));
    for (let i = 0; i < events.endCount; i++) {
      const ended = events.end[i]!;
      expect(ended, `${at}: the record its begin came in`).toBe(beganIn.get(key(ended)));
      beganIn.delete(key(ended));
    }
    for (let i = 0; i < events.beginCount; i++) beganIn.set(key(events.begin[i]!), events.begin[i]!);
    began += events.beginCount;
    ended += events.endCount;
    previous = now;
  }
  return { began, ended };
}

describe("the allocation-free forms' reused objects never hold stale data (fast-check, pinned seed)", () => {
  it("overlapsInto and sensorEventsInto equal a fresh world's answers at every step of arbitrary edits", () => {
    fc.assert(fc.property(fc.array(arbShape, { minLength: 2, maxLength: 14 }), fc.array(edit, { minLength: 1, maxLength: 40 }), (start, edits) => {
      check(start, edits);
    }), { seed: 2711, numRuns: 120 });
  });

  it("a long seeded walk in a crowd: contacts begin and end, and every answer holds", () => {
    const shapes = fc.sample(arbShape, { seed: 27, numRuns: 30 });
    const edits = fc.sample(edit, { seed: 28, numRuns: 250 });
    const { began, ended } = check(shapes, edits);
    // The walk must make sensor contacts begin and end, or it proves nothing about the records.
    expect(began).toBeGreaterThan(20);
    expect(ended).toBeGreaterThan(20);
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
});
