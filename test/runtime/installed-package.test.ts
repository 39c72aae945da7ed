// The runtime package as a game gets it: the packed tarball installed with npm into a fresh
// folder (offline, from the file), then a platformer's loop (game.js.txt on level.json) through
// the ESM entry and through the CJS entry, which must agree step for step: the capsule lands on
// the floor, walks up and down a 30° hill and a concave dune within its skin of the surface,
// jumps and lands, dashes into a thin wall without passing it, is never inside a solid shape,
// meets the sensor coin once, rides a rising lift (pushed out by collideMover's planes); and a
// newer scene file is refused naming the package's version.
// A program loading both entries hands one copy's QueryHit, PlaneResult and buffers to the other's
// world. Then the allocation-free queries (no-allocation.js.txt) run with no garbage collection.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPackedCore } from "../package/packed-core";

const HERE = import.meta.dirname;
let dir = "";

beforeAll(() => {
  dir = installPackedCore("collider-game-");
  const game = readFileSync(join(HERE, "game.js.txt"), "utf8");
  writeFileSync(join(dir, "game.mjs"), `import * as core from "@collider-studio/core";\nimport * as validate from "@collider-studio/core/validate";\nimport * as fs from "node:fs";\nconst require_fs = () => fs;\n${game}`);
  writeFileSync(join(dir, "game.cjs"), `const core = require("@collider-studio/core");\nconst validate = require("@collider-studio/core/validate");\nconst require_fs = () => require("node:fs");\n${game}`);
  writeFileSync(join(dir, "no-allocation.mjs"), readFileSync(join(HERE, "no-allocation.js.txt"), "utf8"));
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Slope { steps: number; minGap: number; maxGap: number; rise: number }
/** 60 steps on a lift rising a unit a step: how far the character walked, steps it did not advance, steps it ended inside a shape, its feet's gap to the lift's top. */
interface Ride { walked: number; stuck: number; inside: number; minGap: number; maxGap: number; grounded: boolean; rose: number }
interface GameOut {
  steps: number;
  digest: number;
  landed: { grounded: boolean; vy: number; bottom: number };
  walkedTo: number;
  xBackwards: number;
  slopes: { hill: Slope; dunes: Slope };
  jump: { rose: number; bottom: number; grounded: boolean; vy: number };
  dash: { maxRight: number; right: number; wallFace: number; steps: number };
  events: [string, string, string, number][];
  insideSteps: number;
  startedInside: number;
  lift: Ride;
  sinking: Ride;
  stuckOnLift: Ride;
  newer: unknown;
  validateShapes: number;
}

const play = (file: string) => JSON.parse(execFileSync(process.execPath, [join(dir, file), join(HERE, "level.json")], { encoding: "utf8" })) as GameOut;

/** The character's skin (game.js.txt's SKIN): the gap it keeps to what it stands on. */
const SKIN = 0.1;
/** The floor's top, and the thin wall's left face, in level.json. */
const FLOOR = 200, WALL = 1600;

describe("@collider-studio/core installed from its tarball", () => {
  it("installs no dependency beside itself", () => {
    const tree = JSON.parse(execFileSync("npm", ["ls", "--all", "--json"], { cwd: dir, encoding: "utf8" })) as { dependencies: Record<string, { dependencies?: object }> };
    expect(Object.keys(tree.dependencies)).toEqual(["@collider-studio/core"]);
    expect(tree.dependencies["@collider-studio/core"]!.dependencies).toBeUndefined();
  });

  it.each(["game.mjs", "game.cjs"])("runs a platformer at 60 steps a second through %s", (file) => {
    const out = play(file);
    // Lands: rests on the floor, no vertical speed, its bottom within the skin above the floor's top.
    expect(out.landed.grounded).toBe(true);
    expect(out.landed.vy).toBe(0);
    expect(FLOOR - out.landed.bottom).toBeGreaterThan(0);
    expect(FLOOR - out.landed.bottom).toBeLessThanOrEqual(SKIN + 1e-6);
    // Walks right over both slopes, x advancing at every step.
    expect(out.walkedTo).toBeGreaterThanOrEqual(1380);
    expect(out.xBackwards).toBe(0);
    // Up and down the 30° hill (115.47 high) and the concave dunes (50 high), the feet within the
    // skin of the surface at every step over them: never in it, never off it.
    for (const [slope, height] of [[out.slopes.hill, 115.47], [out.slopes.dunes, 50]] as const) {
      expect(slope.steps).toBeGreaterThan(150);
      expect(slope.rise).toBeGreaterThan(height);
      expect(slope.minGap).toBeGreaterThanOrEqual(SKIN - 1e-6);
      expect(slope.maxGap).toBeLessThanOrEqual(SKIN + 1e-6);
    }
    // Jumps (420 units a second against 1,200 of gravity: 73.5 high, less the first step's fall) and lands again.
    expect(out.jump.rose).toBeGreaterThan(65);
    expect(out.jump.grounded).toBe(true);
    expect(out.jump.vy).toBe(0);
    expect(FLOOR - out.jump.bottom).toBeLessThanOrEqual(SKIN + 1e-6);
    // Dashes at 40 units a step into a wall 2 units thin: stops at its face, never beyond.
    expect(out.dash.steps).toBe(30);
    expect(out.dash.maxRight).toBeLessThanOrEqual(WALL);
    expect(out.dash.right).toBeGreaterThan(WALL - SKIN - 1e-6);
    // Never inside a solid shape (overlapShape at every step), never starting a sweep inside one.
    expect(out.insideSteps).toBe(0);
    expect(out.startedInside).toBe(0);
    // The coin's sensor: one begin, one end, in that order.
    expect(out.events.map(([kind, a, b]) => [kind, a, b])).toEqual([["begin", "coin", "player"], ["end", "coin", "player"]]);
    expect(out.events[1]![3]).toBeGreaterThan(out.events[0]![3]);
    // On a lift rising under it (0.9 inside at each step's start): pushed out along collideMover's
    // planes, it rides up a skin above the lift and walks its 2 units every step. Passing what it
    // leaves (ignoreLeaving) alone keeps it walking but lets the lift rise through it; with
    // neither, its sweeps start inside and stop at 0, and it stalls.
    expect(out.lift).toMatchObject({ stuck: 0, inside: 0, grounded: true, rose: 60 });
    expect(out.lift.walked).toBeCloseTo(120, 9);
    expect(out.lift.minGap).toBeGreaterThanOrEqual(SKIN - 1e-6);
    expect(out.lift.maxGap).toBeLessThanOrEqual(SKIN + 1e-6);
    expect(out.sinking).toMatchObject({ stuck: 0 });
    expect(out.sinking.walked).toBeCloseTo(120, 9);
    expect(out.sinking.inside).toBeGreaterThan(10);
    expect(out.stuckOnLift.stuck).toBeGreaterThan(30);
    expect(out.stuckOnLift.walked).toBeLessThan(60);
    expect(out.newer).toEqual({ name: "SceneLoadError", isSceneLoadError: true, message: "1:35: version: version 2 is newer than @collider-studio/core 1.0.0 reads (up to 1); update @collider-studio/core to 2.0.0 or later to open it" });
    expect(out.validateShapes).toBe(6);
  }, 60_000);

  it("gives the same answers through the ESM and the CJS entry, step for step, every run", () => {
    const esm = play("game.mjs");
    expect(play("game.cjs")).toEqual(esm);
    expect(play("game.mjs")).toEqual(esm);
  }, 60_000);

  it("takes the QueryHit, PlaneResult and buffers of the other entry's copy, in a program that loads both (the dual package hazard)", () => {
    writeFileSync(join(dir, "mixed.mjs"), `
import * as esm from "@collider-studio/core";
import { createRequire } from "node:module";
const cjs = createRequire(import.meta.url)("@collider-studio/core");
const scene = { format: "collider-studio-scene", version: 1, shapes: [
  { id: "floor", type: "box", x: 0, y: 10, width: 100, height: 10 },
  { id: "coin", type: "circle", x: 0, y: 0, radius: 3, sensor: true },
  { id: "player", type: "circle", x: 0, y: 2, radius: 4 } ] };
const { world } = cjs.loadScene(scene);
const hit = new esm.QueryHit(), planes = [new esm.PlaneResult()], events = new esm.SensorEventBuffer(), pairs = new esm.OverlapBuffer();
const ray = world.raycastClosest({ x: 0, y: -20 }, { x: 0, y: 40 }, hit);
const n = world.collideMover("player", planes);
const out = { instanceofAcross: hit instanceof cjs.QueryHit, ray, shape: hit.shape, planes: n, kept: planes[0] instanceof esm.PlaneResult, plane: planes[0].shape,
  events: world.sensorEventsInto(events), begin: events.begin.slice(0, events.beginCount).map((p) => p.a + "|" + p.b),
  pairs: world.overlapsInto(pairs), pair: pairs.pairs[0].a + "|" + pairs.pairs[0].b };
try { world.raycastClosest({ x: 0, y: -20 }, { x: 0, y: 40 }, { shape: "", fraction: 0 }); } catch (e) { out.plain = e.message; }
console.log(JSON.stringify(out));
`);
    const out = JSON.parse(execFileSync(process.execPath, [join(dir, "mixed.mjs")], { cwd: dir, encoding: "utf8" })) as Record<string, unknown>;
    expect(out).toEqual({
      instanceofAcross: false, ray: true, shape: "player", planes: 1, kept: true, plane: "floor",
      events: 1, begin: ["coin|player"], pairs: 1, pair: "floor|player",
      // A look-alike object is still refused: only the package's own classes, from either copy.
      plain: "raycastClosest: out must be a QueryHit, got an object",
    });
  }, 60_000);

  it("runs the allocation-free queries 200,000 times each with no garbage collection; the allocating forms collect", () => {
    // V8 optimizes on its main thread here (--no-concurrent-recompilation): with background
    // compilation, what it inlines depends on timing, and a run can keep a kernel call that boxes
    // its numbers. --expose-gc: each loop starts after a full collection. --no-memory-reducer:
    // the reducer collects on a timer once the heap looks idle, as a loop that allocates nothing
    // does; a loop slower than its delay (on a loaded machine) would be charged a collection it
    // did not cause.
    const out = JSON.parse(execFileSync(process.execPath, ["--no-concurrent-recompilation", "--expose-gc", "--no-memory-reducer", join(dir, "no-allocation.mjs")], { cwd: dir, encoding: "utf8" })) as Record<string, { gcs: number; found: number }>;
    for (const name of ["raycastClosest", "raycastClosestMasked", "overlapShapeInto", "queryBoxInto"]) {
      expect({ name, gcs: out[name]!.gcs }).toEqual({ name, gcs: 0 });
      expect(out[name]!.found).toBeGreaterThan(100_000);
    }
    // Sweeps of every kind through a level of every kind (chains too), rays at each kind alone, and
    // a rounded polygon's casts: no collection, and each loop hits often.
    const kinds = ["box", "circle", "capsule", "polygon", "concave", "chain", "closedChain", "oneSidedChain"];
    const everyKind = [
      ...["circle", "box", "capsule", "polygon", "concave"].map((k) => `sweepClosest ${k}`),
      ...kinds.map((k) => `raycastClosest ${k}`),
      "shapeCast rounded polygon", "rayCast rounded polygon",
    ];
    // A point query, a mover's planes, and sweeps that pass what they leave, on the same levels.
    everyKind.push("queryPointInto", "collideMover", "sweepClosest capsule ignoreLeaving");
    for (const name of everyKind) {
      expect({ name, gcs: out[name]!.gcs }).toEqual({ name, gcs: 0 });
      expect({ name, hits: out[name]!.found > 5_000 }).toEqual({ name, hits: true });
    }
    expect(out.raycast!.gcs).toBeGreaterThan(0);
    expect(out.queryBox!.gcs).toBeGreaterThan(0);
    // The same answers as the allocating forms.
    expect(out.raycastClosest!.found).toBe(out.raycast!.found);
    expect(out.queryBoxInto!.found).toBe(out.queryBox!.found);
  }, 300_000);
});
