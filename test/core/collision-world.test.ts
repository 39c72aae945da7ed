// CollisionWorld keeps a changing scene's overlapping pairs incrementally in a dynamic tree: after
// every step of seeded random edits (moves small and large, adds, removes, bit changes, reorders)
// its pairs must equal the one-pass findOverlaps, and its ray casts, sweeps and probes the linear
// raycastScene, sweepScene and evaluateProbe (test/core/scan-reference.ts), under each filter
// rule. Pinned seeds: every run checks the same.
import { describe, expect, it } from "vitest";
import { aabbOverlaps, CollisionWorld, shapeAABB, shapeBounds, vec2, WorldError, type FilterRule, type Probe, type Shape } from "../../core/index";
import { evaluateProbe, findOverlaps, raycastScene, sweepScene } from "./scan-reference";
import { seededRandom } from "../seeded-random";

const BITS = [1, 2, 3, 4, 5, 0x80000000, 0xffffffff];

function randomShape(r: () => number, id: string, spread: number): Shape {
  const x = (r() - 0.5) * spread, y = (r() - 0.5) * spread, rotation = r() < 0.3 ? 0 : (r() - 0.5) * 360;
  const bits = r() < 0.5 ? {} : { collisionLayer: BITS[Math.floor(r() * BITS.length)]!, collisionMask: BITS[Math.floor(r() * BITS.length)]! };
  const size = 2 + r() * 12;
  switch (Math.floor(r() * 4)) {
    case 0: return { id, type: "circle", x, y, rotation: 0, radius: size / 2, ...bits };
    case 1: return { id, type: "box", x, y, rotation, width: size, height: 1 + r() * 10, ...bits };
    case 2: {
      const radius = 0.5 + r() * 3;
      return { id, type: "capsule", x, y, rotation, radius, height: 2 * radius + r() * 10, ...bits };
    }
    default: {
      const n = 3 + Math.floor(r() * 5), ax = size / 2, ay = size / 3 + r() * size / 2;
      const points = Array.from({ length: n }, (_, k) => [ax * Math.cos((2 * Math.PI * k) / n), ay * Math.sin((2 * Math.PI * k) / n)] as [number, number]);
      return { id, type: "polygon", x, y, rotation, points, ...bits };
    }
  }
}

/** One random edit of the scene (a new array; shapes are immutable). */
function edit(r: () => number, shapes: Shape[], next: () => string, spread: number): Shape[] {
  const out = [...shapes];
  const k = Math.floor(r() * out.length);
  const roll = r();
  if (roll < 0.4 && out.length > 0) {
    // A drag step: a little, or a jump across the scene.
    const s = out[k]!, far = r() < 0.2;
    out[k] = { ...s, x: s.x + (far ? (r() - 0.5) * spread : (r() - 0.5) * 2), y: s.y + (far ? (r() - 0.5) * spread : (r() - 0.5) * 2) };
  } else if (roll < 0.55) out.push(randomShape(r, next(), spread));
  else if (roll < 0.7 && out.length > 1) out.splice(k, 1);
  else if (roll < 0.8 && out.length > 0) out[k] = { ...out[k]!, collisionLayer: BITS[Math.floor(r() * BITS.length)]!, collisionMask: BITS[Math.floor(r() * BITS.length)]! };
  else if (roll < 0.9 && out.length > 1) {
    const j = Math.floor(r() * out.length);
    [out[k], out[j]] = [out[j]!, out[k]!];
  } else if (out.length > 0) out[k] = { ...out[k]!, rotation: (r() - 0.5) * 360 };
  return out;
}

/** `stepped`: after each sync, a few small steps of prepareOverlaps (a big open's pairs found between frames), edits landing between them. */
function run(seed: number, rule: FilterRule, steps: number, count: number, spread: number, every = 1, stepped = false): void {
  const r = seededRandom(seed);
  let n = 0;
  const next = () => `s${n++}`;
  let shapes = Array.from({ length: count }, () => randomShape(r, next(), spread));
  const world = new CollisionWorld({ filter: rule });
  for (let step = 0; step < steps; step++) {
    world.sync(shapes);
    if (stepped) for (let k = Math.floor(r() * 3); k > 0; k--) world.prepareOverlaps(1 + Math.floor(r() * 20));
    expect(world.size).toBe(shapes.length);
    // Every `every` steps: the edits in between pile up (a drag's steps between two frames).
    if (step % every === 0) expect(world.overlaps(), `seed ${seed} ${rule} step ${step}: pairs`).toEqual(findOverlaps(shapes, { filter: rule }));
    if (step % 5 === 0) {
      for (let q = 0; q < 4; q++) {
        const from = vec2((r() - 0.5) * spread * 1.2, (r() - 0.5) * spread * 1.2), to = vec2((r() - 0.5) * spread * 1.2, (r() - 0.5) * spread * 1.2);
        const mask = r() < 0.5 ? undefined : BITS[Math.floor(r() * BITS.length)]!;
        const options = { ...(mask === undefined ? {} : { mask }) };
        expect(world.raycast(from, to, options), `seed ${seed} step ${step}: ray`).toEqual(raycastScene(shapes, from, to, options));
        expect(world.raycast(from, to, { ...options, mode: "all" }), `seed ${seed} step ${step}: ray, all`).toEqual(raycastScene(shapes, from, to, { ...options, mode: "all" }));
      }
      const mover = shapes[Math.floor(r() * shapes.length)]!;
      const to = vec2(mover.x + (r() - 0.5) * spread / 2, mover.y + (r() - 0.5) * spread / 2);
      expect(world.sweep(mover.id, to, { mode: "all" }), `seed ${seed} step ${step}: sweep`).toEqual(sweepScene(shapes, mover.id, to, { mode: "all", filter: rule }));
      expect(world.sweep(mover.id, to), `seed ${seed} step ${step}: sweep, closest`).toEqual(sweepScene(shapes, mover.id, to, { filter: rule }));
      // Probes, as `collider-studio probes` and the editor evaluate them (sweep probes meet shapes by the godot rule).
      const ray: Probe = { id: "r", name: "", type: "ray", from: [mover.x, mover.y], to: [to.x, to.y] };
      expect(world.probe(ray), `seed ${seed} step ${step}: ray probe`).toEqual(evaluateProbe(shapes, ray));
      if (rule === "godot") {
        const sweep: Probe = { id: "s", name: "", type: "sweep", shape: mover.id, to: [to.x, to.y] };
        expect(world.probe(sweep), `seed ${seed} step ${step}: sweep probe`).toEqual(evaluateProbe(shapes, sweep));
        expect(world.probe({ ...sweep, shape: "gone" })).toBeNull();
      }
      // A region: the shapes whose box (shapeAABB) meets it on the mask's layers, in scene order.
      const x = (r() - 0.5) * spread, y = (r() - 0.5) * spread, w = r() * spread / 3, h = r() * spread / 3;
      const mask = r() < 0.5 ? undefined : BITS[Math.floor(r() * BITS.length)]!;
      const region = { minX: x, minY: y, maxX: x + w, maxY: y + h };
      const inRegion = shapes.filter((s) => aabbOverlaps(shapeAABB(s), region) && (mask === undefined || ((s.collisionLayer ?? 1) & mask) !== 0)).map((s) => s.id);
      expect(world.queryBox(x, y, x + w, y + h, mask), `seed ${seed} step ${step}: region`).toEqual(inRegion);
    }
    shapes = edit(r, shapes, next, spread);
  }
}

describe("CollisionWorld against the one-pass queries (seeded fuzz)", () => {
  it.each([
    [20261122, "godot"], [7, "box2d"], [99, "none"], [424242, "godot"],
  ] as const)("seed %i, rule %s: 300 edits of a 60-shape scene", (seed, rule) => {
    run(seed, rule, 300, 60, 120);
  });

  it.each([[31, 3], [32, 7], [33, 2]] as const)("seed %i: pairs asked for every %i edits, so edits in place pile up between lists", (seed, every) => {
    run(seed, "godot", 400, 60, 120, every);
  });

  it("a drag (only edits in place) of 2,000 steps through a dense scene keeps the list exactly as brute force", () => {
    const r = seededRandom(77);
    let shapes = Array.from({ length: 120 }, (_, i) => randomShape(r, `d${i}`, 90));
    const world = new CollisionWorld();
    for (let step = 0; step < 2000; step++) {
      world.sync(shapes);
      if (step % 20 === 0 || step > 1980) expect(world.overlaps(), `step ${step}`).toEqual(findOverlaps(shapes));
      else world.overlaps();
      const k = step % 7 === 0 ? Math.floor(r() * shapes.length) : 3;
      const s = shapes[k]!;
      shapes = shapes.map((x, i) => (i === k ? { ...s, x: s.x + (r() - 0.5) * 6, y: s.y + (r() - 0.5) * 6 } : x));
    }
  });

  it("a first load of 300 shapes builds the tree in bulk, and edits after it stay right", () => {
    run(8, "godot", 60, 300, 400);
    run(9, "box2d", 30, 600, 300);
  });

  it("pairs prepared in small steps (prepareOverlaps), with edits between the steps, stay right", () => {
    run(41, "godot", 200, 60, 120, 3, true);
    run(42, "box2d", 150, 80, 100, 2, true);
    run(43, "godot", 40, 300, 400, 4, true);
  });

  it("prepareOverlaps: false until every pair is done, then overlaps() only lists them", () => {
    const r = seededRandom(44);
    const shapes = Array.from({ length: 400 }, (_, i) => randomShape(r, `p${i}`, 250));
    const world = new CollisionWorld();
    world.sync(shapes);
    let steps = 0;
    while (!world.prepareOverlaps(50)) steps++;
    const pairs = findOverlaps(shapes);
    // More candidate pairs than overlapping ones, fifty a step.
    expect(steps).toBeGreaterThan(pairs.length / 50 - 1);
    expect(world.prepareOverlaps(50)).toBe(true);
    expect(world.overlaps()).toEqual(pairs);
    // Nothing changed: nothing to do.
    expect(world.prepareOverlaps(1)).toBe(true);
    const moved = shapes.map((s, i) => (i === 3 ? { ...s, x: s.x + 40 } : s));
    world.sync(moved);
    expect(world.overlaps()).toEqual(findOverlaps(moved));
  });

  it("a dense cluster (every shape overlapping many) and a sparse spread", () => {
    run(5, "none", 120, 40, 20);
    run(6, "godot", 120, 80, 2000);
  });

  it("far from the origin (1e6) the pairs are the same", () => {
    const r = seededRandom(11);
    const shapes = Array.from({ length: 50 }, (_, i) => {
      const s = randomShape(r, `f${i}`, 60);
      return { ...s, x: s.x + 1e6, y: s.y - 1e6 };
    });
    const world = new CollisionWorld({ filter: "none" });
    world.sync(shapes);
    expect(world.overlaps()).toEqual(findOverlaps(shapes, { filter: "none" }));
  });

  it("sync with the same array does nothing; an emptied scene has no pairs", () => {
    const r = seededRandom(3);
    const shapes = Array.from({ length: 30 }, (_, i) => randomShape(r, `e${i}`, 20));
    const world = new CollisionWorld();
    world.sync(shapes);
    const pairs = world.overlaps();
    world.sync(shapes);
    expect(world.overlaps()).toBe(pairs);
    world.sync([]);
    expect(world.overlaps()).toEqual([]);
    expect(world.size).toBe(0);
  });

  it("queryBox lists the shapes whose box meets the region, in scene order, on the mask's layers", () => {
    const shapes: Shape[] = [
      { id: "left", type: "box", x: -5, y: 0, rotation: 0, width: 2, height: 2 },
      { id: "mid", type: "circle", x: 0, y: 0, rotation: 0, radius: 1, collisionLayer: 2 },
      { id: "right", type: "box", x: 5, y: 0, rotation: 0, width: 2, height: 2 },
    ];
    const world = new CollisionWorld();
    world.sync(shapes);
    expect(world.queryBox(-6, -1, 1, 1)).toEqual(["left", "mid"]);
    expect(world.queryBox(-6, -1, 1, 1, 1)).toEqual(["left"]);
    expect(world.queryBox(10, 10, 11, 11)).toEqual([]);
  });

  it("readBox gives the box of the very shape object the world holds, and nothing for another object or id", () => {
    const a: Shape = { id: "a", type: "box", x: 3, y: 4, rotation: 30, width: 4, height: 2 };
    const world = new CollisionWorld();
    world.sync([a]);
    const out = new Float64Array(4);
    expect(world.readBox(a, out)).toBe(true);
    expect([...out]).toEqual(Object.values(shapeBounds(a)));
    // The same id in a new object (an edit not synced yet), and an id the world does not hold.
    const moved = { ...a, x: 10 };
    out.fill(7);
    expect(world.readBox(moved, out)).toBe(false);
    expect(world.readBox({ ...a, id: "b" }, out)).toBe(false);
    expect([...out]).toEqual([7, 7, 7, 7]);
    world.sync([moved]);
    expect(world.readBox(moved, out)).toBe(true);
    expect([...out]).toEqual(Object.values(shapeBounds(moved)));
    expect(world.readBox(a, out)).toBe(false);
  });

  it("a polygon's box is that of all its points, where its geometry welds two: queries and pairs agree with the brute force", () => {
    // (10 + 5e-7, 10 + 5e-7) is within the weld distance of (10, 10): the hull keeps (10, 10), the box reaches past it.
    const p: Shape = { id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [10, 0], [10, 10], [10 + 5e-7, 10 + 5e-7], [0, 10]] };
    const probe: Shape = { id: "q", type: "circle", x: 10 + 5e-7 + 1, y: 5, rotation: 0, radius: 1 };
    const world = new CollisionWorld();
    world.sync([p, probe]);
    expect(shapeAABB(p).maxX).toBe(10 + 5e-7);
    const out = new Float64Array(4);
    world.readBox(p, out);
    expect(out[2]).toBe(10 + 5e-7);
    expect(world.queryBox(10 + 2e-7, 0, 20, 1)).toEqual(["p"]);
    // The circle touches the box of the points but not the polygon: no pair, as findOverlaps says.
    expect(world.overlaps()).toEqual(findOverlaps([p, probe]));
    expect(world.overlaps()).toEqual([]);
  });

  it("a shape's geometry is made when a query first reaches it: one that bypassed validation syncs, and that query throws naming it", () => {
    // A capsule shorter than its two caps: validation refuses it, and it has no geometry.
    const bad: Shape = { id: "bad", type: "capsule", x: 0, y: 0, rotation: 0, radius: 2, height: 1 };
    const far: Shape = { id: "far", type: "circle", x: 100, y: 0, rotation: 0, radius: 1 };
    const world = new CollisionWorld();
    expect(() => world.sync([bad, far])).not.toThrow();
    expect(world.overlaps()).toEqual([]);
    expect(world.raycast(vec2(90, 0), vec2(110, 0))[0]?.shape).toBe("far");
    expect(() => world.raycast(vec2(-10, 0), vec2(10, 0))).toThrow(/^shape "bad" has no geometry: /);
    world.sync([bad, { ...far, x: 1 }]);
    expect(() => world.overlaps()).toThrow(/^shape "bad" has no geometry: /);
    expect(() => world.prepareGeometry()).toThrow(new WorldError('shape "bad" has no geometry: capsule: height must be at least 2 × radius'));
  });

  it("a polygon given to sync() that crosses itself has no geometry: the first query or prepareGeometry() throws naming it, never a wrong answer", () => {
    const bow: Shape = { id: "bow", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [10, 10], [10, 0], [0, 10]] };
    const reason = 'shape "bow" has no geometry: polygon: edges 0 and 2 cross or touch (edge 0 runs from point 0 to point 1, edge 2 from point 2 to point 3): a polygon\'s outline must not meet itself';
    for (const ask of [(w: CollisionWorld) => w.raycast(vec2(-5, 5), vec2(100, 5)), (w: CollisionWorld) => w.queryPoint(2, 5), (w: CollisionWorld) => w.prepareGeometry()]) {
      const world = new CollisionWorld();
      world.sync([bow]);
      expect(() => ask(world)).toThrow(new WorldError(reason));
    }
  });

  it("two shapes with one id are refused by sync, in the bulk load and in the diff, naming both places", () => {
    const circle = (id: string, x: number): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 1 });
    const duplicate = (problem: string) => new WorldError(`sync: ${problem}`, [problem]);
    expect(() => new CollisionWorld().sync([circle("c", 0), circle("c", 5)])).toThrow(duplicate('shapes[1].id: "c" is already shapes[0]\'s (ids must be unique)'));
    const many = Array.from({ length: 300 }, (_, i) => circle(i === 250 ? "s3" : `s${i}`, i));
    const bulk = new CollisionWorld();
    expect(() => bulk.sync(many)).toThrow(duplicate('shapes[250].id: "s3" is already shapes[3]\'s (ids must be unique)'));
    // Refused whole: the world stays empty and takes the list once the id is fixed.
    expect(bulk.size).toBe(0);
    bulk.sync(many.map((s, i) => (i === 250 ? circle("s250", 250) : s)));
    expect(bulk.size).toBe(300);
    const diffed = new CollisionWorld();
    diffed.sync([circle("a", 0)]);
    expect(() => diffed.sync([circle("a", 0), circle("b", 3), circle("a", 9)])).toThrow(duplicate('shapes[2].id: "a" is already shapes[0]\'s (ids must be unique)'));
  });

  it("an unknown sweep shape is an error naming it", () => {
    const world = new CollisionWorld();
    world.sync([]);
    expect(() => world.sweep("ghost", vec2(0, 0))).toThrow(/ghost/);
  });
});
