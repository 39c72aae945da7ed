// Sensors in the collision world, with chains and concave polygons mixed in: after every step of
// seeded random edits (moves, adds, removes, sensor and bit toggles, reorders, turns) the world's
// overlaps() must be the one-pass reference's solid pairs and sensorContacts() its sensor pairs;
// ignoredOverlaps() the plain pair-by-pair reference's (sensor pairs included, marked); rays,
// sweeps and probes the linear scans, with and without includeSensors and a probe's mask. Pinned seeds.
import { describe, expect, it } from "vitest";
import { checkSimplePolygon, CollisionWorld, vec2, type FilterRule, type Point, type Probe, type Shape } from "../../core/index";
import { evaluateProbe, findIgnoredOverlaps, findOverlaps, raycastScene, sweepScene } from "./scan-reference";
import { seededRandom } from "../seeded-random";

const BITS = [1, 2, 3, 0x80000000, 0xffffffff];

/** A star-shaped outline (angles increasing, radii apart from zero): simple, and concave more often than not. */
function starPoints(r: () => number, size: number): Point[] {
  for (;;) {
    const n = 4 + Math.floor(r() * 9);
    const points = Array.from({ length: n }, (_, k): Point => {
      const angle = (2 * Math.PI * (k + 0.2 + 0.6 * r())) / n, radius = size * (0.35 + 0.65 * r());
      return [radius * Math.cos(angle), radius * Math.sin(angle)];
    });
    if (checkSimplePolygon(points) === null) return points;
  }
}

function randomShape(r: () => number, id: string, spread: number): Shape {
  const x = (r() - 0.5) * spread, y = (r() - 0.5) * spread, rotation = r() < 0.3 ? 0 : (r() - 0.5) * 360;
  const bits = r() < 0.6 ? {} : { collisionLayer: BITS[Math.floor(r() * BITS.length)]!, collisionMask: BITS[Math.floor(r() * BITS.length)]! };
  const sensor = r() < 0.3 ? { sensor: true } : r() < 0.1 ? { sensor: false } : {};
  const size = 2 + r() * 12;
  switch (Math.floor(r() * 6)) {
    case 0: return { id, type: "circle", x, y, rotation: 0, radius: size / 2, ...bits, ...sensor };
    case 1: return { id, type: "box", x, y, rotation, width: size, height: 1 + r() * 10, ...bits, ...sensor };
    case 2: {
      const radius = 0.5 + r() * 3;
      return { id, type: "capsule", x, y, rotation, radius, height: 2 * radius + r() * 10, ...bits, ...sensor };
    }
    case 3: return { id, type: "polygon", x, y, rotation, points: starPoints(r, size), ...bits, ...sensor };
    default: {
      const closed = r() < 0.4, oneSided = r() < 0.5;
      const points = closed ? starPoints(r, size) : Array.from({ length: 2 + Math.floor(r() * 5) }, (_, k): Point => [k * size / 3 - size / 2, (r() - 0.5) * size]);
      return { id, type: "chain", x, y, rotation, points, closed, oneSided, ...bits, ...sensor };
    }
  }
}

function edit(r: () => number, shapes: Shape[], next: () => string, spread: number): Shape[] {
  const out = [...shapes];
  const k = Math.floor(r() * out.length), s = out[k];
  const roll = r();
  if (roll < 0.35 && s) {
    const far = r() < 0.2;
    out[k] = { ...s, x: s.x + (far ? (r() - 0.5) * spread : (r() - 0.5) * 2), y: s.y + (far ? (r() - 0.5) * spread : (r() - 0.5) * 2) };
  } else if (roll < 0.5) out.push(randomShape(r, next(), spread));
  else if (roll < 0.6 && out.length > 1) out.splice(k, 1);
  // A sensor toggled in place: the pair moves from one list to the other.
  else if (roll < 0.75 && s) out[k] = { ...s, sensor: s.sensor !== true };
  else if (roll < 0.82 && s) out[k] = { ...s, collisionLayer: BITS[Math.floor(r() * BITS.length)]!, collisionMask: BITS[Math.floor(r() * BITS.length)]! };
  else if (roll < 0.9 && out.length > 1) {
    const j = Math.floor(r() * out.length);
    [out[k], out[j]] = [out[j]!, out[k]!];
  } else if (s) out[k] = { ...s, rotation: (r() - 0.5) * 360 };
  return out;
}

function run(seed: number, rule: FilterRule, steps: number, count: number, spread: number): void {
  const r = seededRandom(seed);
  let n = 0;
  const next = () => `s${n++}`;
  let shapes = Array.from({ length: count }, () => randomShape(r, next(), spread));
  const world = new CollisionWorld({ filter: rule });
  let sensorPairs = 0, solidPairs = 0;
  for (let step = 0; step < steps; step++) {
    world.sync(shapes);
    const at = `seed ${seed} ${rule} step ${step}`;
    const all = findOverlaps(shapes, { filter: rule });
    const solid = world.overlaps(), sensor = world.sensorContacts();
    expect(solid, `${at}: solid pairs`).toEqual(all.filter((p) => p.sensor !== true));
    expect(sensor, `${at}: sensor pairs`).toEqual(all.filter((p) => p.sensor === true));
    // Asked again with nothing changed: the same arrays.
    expect(world.overlaps()).toBe(solid);
    expect(world.sensorContacts()).toBe(sensor);
    sensorPairs += sensor.length;
    solidPairs += solid.length;
    if (step % 3 === 0) expect(world.ignoredOverlaps(), `${at}: ignored`).toEqual(findIgnoredOverlaps(shapes, rule));
    if (step % 4 === 0) {
      for (let q = 0; q < 4; q++) {
        const from = vec2((r() - 0.5) * spread * 1.2, (r() - 0.5) * spread * 1.2), to = vec2((r() - 0.5) * spread * 1.2, (r() - 0.5) * spread * 1.2);
        for (const includeSensors of [false, true]) {
          const options = includeSensors ? { includeSensors } : {};
          expect(world.raycast(from, to, options), `${at}: ray ${includeSensors}`).toEqual(raycastScene(shapes, from, to, options));
          expect(world.raycast(from, to, { ...options, mode: "all" }), `${at}: ray, all ${includeSensors}`).toEqual(raycastScene(shapes, from, to, { ...options, mode: "all" }));
        }
      }
      const mover = shapes[Math.floor(r() * shapes.length)]!;
      const to = vec2(mover.x + (r() - 0.5) * spread / 2, mover.y + (r() - 0.5) * spread / 2);
      for (const includeSensors of [false, true]) {
        const options = includeSensors ? { includeSensors } : {};
        expect(world.sweep(mover.id, to, { ...options, mode: "all" }), `${at}: sweep ${includeSensors}`).toEqual(sweepScene(shapes, mover.id, to, { ...options, mode: "all", filter: rule }));
        expect(world.sweep(mover.id, to, options), `${at}: sweep, closest ${includeSensors}`).toEqual(sweepScene(shapes, mover.id, to, { ...options, filter: rule }));
        // A probe's mask: the layers it sees, as a query's (absent: every shape).
        const mask = r() < 0.5 ? {} : { mask: BITS[Math.floor(r() * BITS.length)]! };
        const ray: Probe = { id: "r", name: "", type: "ray", from: [mover.x, mover.y], to: [to.x, to.y], ...options, ...mask };
        expect(world.probe(ray), `${at}: ray probe ${includeSensors}`).toEqual(evaluateProbe(shapes, ray));
        // The option given to probe() counts as the probe's own field.
        expect(world.probe({ ...ray, includeSensors: false }, options), `${at}: ray probe, option ${includeSensors}`).toEqual(evaluateProbe(shapes, ray));
        if (rule === "godot") {
          const sweep: Probe = { id: "s", name: "", type: "sweep", shape: mover.id, to: [to.x, to.y], ...options, ...mask };
          expect(world.probe(sweep), `${at}: sweep probe ${includeSensors}`).toEqual(evaluateProbe(shapes, sweep));
        }
      }
    }
    shapes = edit(r, shapes, next, spread);
  }
  // The seeds must exercise both lists, or the test proves nothing about the split.
  expect(sensorPairs).toBeGreaterThan(steps / 2);
  expect(solidPairs).toBeGreaterThan(steps / 2);
}

describe("CollisionWorld with sensors, chains and concave polygons, against the one-pass scans (seeded fuzz)", () => {
  it.each([
    [101, "godot"], [102, "box2d"], [103, "none"],
  ] as const)("seed %i, rule %s: 200 edits of a 50-shape scene", (seed, rule) => {
    run(seed, rule, 200, 50, 90);
  });

  it("a dense cluster: most shapes overlap several others", () => {
    run(104, "godot", 80, 40, 30);
  });
});

describe("CollisionWorld sensor lists", () => {
  const box = (id: string, x: number, extra: Partial<Shape> = {}): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: 2, height: 2, ...extra } as Shape);

  it("a pair of two sensors is a sensor contact; a sensor toggled off makes its pairs overlap warnings again", () => {
    const world = new CollisionWorld();
    let shapes = [box("wall", 0), box("coin", 1, { sensor: true }), box("zone", 1.5, { sensor: true })];
    world.sync(shapes);
    expect(world.overlaps()).toEqual([]);
    expect(world.sensorContacts().map((p) => `${p.a}|${p.b}|${String(p.sensor)}`)).toEqual(["wall|coin|true", "wall|zone|true", "coin|zone|true"]);
    shapes = [shapes[0]!, { ...shapes[1]!, sensor: false }, shapes[2]!];
    world.sync(shapes);
    expect(world.overlaps().map((p) => `${p.a}|${p.b}`)).toEqual(["wall|coin"]);
    expect(world.overlaps()[0]!.sensor).toBeUndefined();
    expect(world.sensorContacts().map((p) => `${p.a}|${p.b}`)).toEqual(["wall|zone", "coin|zone"]);
  });

  it("a scene without sensors lists its pairs without copying them, and lists no sensor contact", () => {
    const world = new CollisionWorld();
    world.sync([box("a", 0), box("b", 1), box("c", 2)]);
    const first = world.overlaps();
    expect(first).toHaveLength(2);
    expect(world.sensorContacts()).toEqual([]);
    // A drag step: a new list, still no sensor list.
    world.sync([box("a", 0), box("b", 1.2), box("c", 2)]);
    expect(world.overlaps()).not.toBe(first);
    expect(world.overlaps()).toHaveLength(2);
    expect(world.sensorContacts()).toHaveLength(0);
  });

  it("ignoredOverlaps lists a sensor pair the filter keeps apart, marked sensor: true", () => {
    const world = new CollisionWorld();
    world.sync([box("player", 0, { collisionLayer: 2, collisionMask: 2 }), box("trigger", 1, { sensor: true, collisionLayer: 4, collisionMask: 4 })]);
    expect(world.sensorContacts()).toEqual([]);
    const ignored = world.ignoredOverlaps();
    expect(ignored.map((p) => [p.a, p.b, p.sensor])).toEqual([["player", "trigger", true]]);
    expect(ignored[0]!.misses.map((m) => m.shape)).toEqual(["player", "trigger"]);
  });

  it("rays and sweeps pass through a sensor unless asked, and a probe's includeSensors is honoured", () => {
    const world = new CollisionWorld();
    world.sync([box("mover", -10), box("trigger", 0, { sensor: true }), box("wall", 10)]);
    expect(world.raycast(vec2(-20, 0), vec2(20, 0)).map((h) => h.shape)).toEqual(["mover"]);
    expect(world.raycast(vec2(-5, 0), vec2(20, 0)).map((h) => h.shape)).toEqual(["wall"]);
    expect(world.raycast(vec2(-5, 0), vec2(20, 0), { includeSensors: true }).map((h) => h.shape)).toEqual(["trigger"]);
    expect(world.sweep("mover", vec2(20, 0)).map((h) => h.shape)).toEqual(["wall"]);
    expect(world.sweep("mover", vec2(20, 0), { includeSensors: true, mode: "all" }).map((h) => h.shape)).toEqual(["trigger", "wall"]);
    const ray: Probe = { id: "p", name: "", type: "ray", from: [-5, 0], to: [20, 0] };
    expect(world.probe(ray)?.shape).toBe("wall");
    expect(world.probe({ ...ray, includeSensors: true })?.shape).toBe("trigger");
    expect(world.probe(ray, { includeSensors: true })?.shape).toBe("trigger");
  });
});
