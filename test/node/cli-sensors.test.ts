// Sensors, chains and concave polygons through the command line (in process): overlaps lists the
// pairs with a sensor apart (marked in --json, "Triggers" in the table) and never as overlaps;
// raycast, sweep, probes and replay pass through sensors unless --include-sensors (or a probe's,
// or a ray line's, includeSensors); every probe of the fixture gives what raycast gives; bad
// chains, sensors and self-crossing polygons are refused by validate with located messages.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Probe, type Scene } from "../../core/index";
import { rayLogLineJsonSchema } from "../../core/scene/json-schema";
import { evaluateProbe, findOverlaps } from "../core/scan-reference";
import { runInMemory } from "./run-cli";

const ROOT = resolve(import.meta.dirname, "../..");
const FIXTURE = join(ROOT, "test/fixtures/versions/v1-new-kinds.json");
const TEXT = readFileSync(FIXTURE, "utf8");
const run = (argv: readonly string[], files: Record<string, string> = {}) => runInMemory(argv, { "s.json": TEXT, ...files }, { disk: true });

function fixtureScene(): Scene {
  const parsed = parseScene(TEXT);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.scene;
}

interface PairJson { a: string; b: string; depth: number; normal: number[]; points: number[][]; sensor?: true }

describe("the fixture of every field added within version 1", () => {
  it("uses every new field: a concave polygon, open and closed chains, oneSided, sensor true and false, a probe's includeSensors true and false", () => {
    const scene = fixtureScene();
    const chains = scene.shapes.filter((s) => s.type === "chain");
    expect(chains.map((c) => [c.closed, c.oneSided])).toEqual([[false, true], [true, undefined]]);
    expect(scene.shapes.filter((s) => s.type === "polygon").length).toBe(1);
    expect(scene.shapes.map((s) => s.sensor).filter((v) => v !== undefined)).toEqual([true, true, false]);
    expect(scene.probes.map((p) => p.includeSensors).filter((v) => v !== undefined)).toEqual([true, false]);
  });

  it("round-trips exactly: parse, serialize gives the file's bytes (key order: chain points, closed, oneSided; sensor after the kind's fields), and parses again to the same scene", () => {
    const scene = fixtureScene();
    const text = serializeScene(scene);
    expect(text).toBe(TEXT);
    const again = parseScene(text);
    expect(again.ok && again.scene).toEqual(scene);
    // The order the format writes, read from the file itself.
    const keys = (JSON.parse(TEXT) as { shapes: Record<string, unknown>[] }).shapes.map((s) => Object.keys(s).join(","));
    expect(keys).toContain("id,name,type,x,y,points,closed,oneSided");
    expect(keys).toContain("id,class,type,x,y,width,height,sensor,collisionLayer,collisionMask");
  });

  it("an unknown order in the file is written in the format's order", () => {
    const shuffled = TEXT.replace('"closed": false,\n      "oneSided": true', '"oneSided": true,\n      "closed": false');
    expect(shuffled).not.toBe(TEXT);
    const parsed = parseScene(shuffled);
    expect(parsed.ok && serializeScene(parsed.scene)).toBe(TEXT);
  });
});

describe("overlaps with sensors", () => {
  it("--json lists every pair in scene order, those with a sensor marked sensor: true; solid pairs as before", async () => {
    const r = await run(["overlaps", "s.json", "--json"]);
    expect(r.code).toBe(0);
    const pairs = (JSON.parse(r.out) as { pairs: PairJson[] }).pairs;
    const expected = findOverlaps(fixtureScene().shapes).map((p) => ({ a: p.a, b: p.b, depth: p.depth, normal: [p.normal.x, p.normal.y], points: p.points.map((q) => [q.x, q.y]), ...(p.sensor ? { sensor: true } : {}) }));
    expect(pairs).toEqual(expected);
    expect(pairs.map((p) => `${p.a}|${p.b}|${p.sensor === true}`)).toEqual(["floor|terrain|false", "fence|zone|true"]);
    // A solid pair's keys are exactly those written before sensors.
    expect(Object.keys(pairs[0]!)).toEqual(["a", "b", "depth", "normal", "points"]);
  });

  it("the table lists overlaps and, apart, the triggers; the count of overlaps leaves them out", async () => {
    const r = await run(["overlaps", "s.json"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^A +B +DEPTH/);
    expect(r.out).toContain("floor  terrain");
    expect(r.out).toContain("1 overlapping pair\n\nTriggers (pairs with a sensor; not overlaps):\n");
    expect(r.out).toMatch(/fence +zone +15\.0000/);
    expect(r.out.endsWith("1 trigger contact\n")).toBe(true);
  });

  it("a scene whose only pairs have a sensor has no overlaps, and says so before its triggers", async () => {
    const scene = fixtureScene();
    const files = { "t.json": serializeScene({ ...scene, shapes: scene.shapes.filter((s) => s.id !== "floor") }) };
    const r = await run(["overlaps", "t.json"], files);
    expect(r.code).toBe(0);
    expect(r.out.startsWith("No overlaps among 6 shapes.\n\nTriggers")).toBe(true);
    const json = await run(["overlaps", "t.json", "--json"], files);
    expect((JSON.parse(json.out) as { pairs: PairJson[] }).pairs.map((p) => p.sensor)).toEqual([true]);
  });

  it("two sensors overlapping are a trigger contact too", async () => {
    const files = { "two.json": JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [
      { id: "a", type: "circle", x: 0, y: 0, radius: 2, sensor: true }, { id: "b", type: "circle", x: 1, y: 0, radius: 2, sensor: true },
    ] }) };
    const r = await run(["overlaps", "two.json", "--json"], files);
    expect((JSON.parse(r.out) as { pairs: PairJson[] }).pairs.map((p) => [p.a, p.b, p.sensor])).toEqual([["a", "b", true]]);
  });
});

describe("raycast, sweep and probes with sensors", () => {
  const hit = async (argv: string[]) => JSON.parse((await run(argv)).out) as { hit: boolean; shape?: string; fraction?: number; hits?: { shape: string }[] };

  it("raycast passes through a sensor unless --include-sensors", async () => {
    expect((await hit(["raycast", "s.json", "--from", "-50,45", "--to", "80,45", "--json"])).shape).toBe("terrain");
    expect((await hit(["raycast", "s.json", "--from", "-50,45", "--to", "80,45", "--json", "--include-sensors"])).shape).toBe("coin");
    expect((await hit(["raycast", "s.json", "--from", "-50,45", "--to", "80,45", "--json", "--include-sensors", "--all"])).hits!.map((h) => h.shape)).toEqual(["coin", "terrain"]);
  });

  it("sweep passes through a sensor unless --include-sensors", async () => {
    // The player moved down and right meets the checkpoint zone (a sensor) before the fence.
    expect((await hit(["sweep", "s.json", "--shape", "player", "--to", "150,-10", "--json", "--all"])).hits!.map((h) => h.shape)).toEqual(["fence"]);
    expect((await hit(["sweep", "s.json", "--shape", "player", "--to", "150,-10", "--json", "--all", "--include-sensors"])).hits!.map((h) => h.shape)).toEqual(["zone", "fence"]);
    expect((await hit(["sweep", "s.json", "--shape", "player", "--to", "150,-10", "--json", "--include-sensors"])).shape).toBe("zone");
  });

  it("probes: each ray probe gives what raycast gives for its ray (with --include-sensors when the probe says includeSensors), for every new kind", async () => {
    const scene = fixtureScene();
    const r = await run(["probes", "s.json", "--json"]);
    expect(r.code).toBe(0);
    const results = (JSON.parse(r.out) as { probes: ({ id: string; hit: boolean } & Record<string, unknown>)[] }).probes;
    const shapesHit = new Set<string>();
    for (const [i, probe] of scene.probes.entries()) {
      const got = results[i]!;
      expect(got.id).toBe(probe.id);
      // The one-pass reference.
      const ref = evaluateProbe(scene.shapes, probe);
      expect(got.hit ? got.shape : null, probe.id).toBe(ref?.shape ?? null);
      if (probe.type !== "ray") continue;
      const argv = ["raycast", "s.json", "--from", probe.from.join(","), "--to", probe.to.join(","), "--json", ...(probe.includeSensors ? ["--include-sensors"] : [])];
      const { id: _id, name: _name, type: _type, ...answer } = got;
      expect(answer, probe.id).toEqual(JSON.parse((await run(argv)).out));
      if (got.hit) shapesHit.add(String(got.shape));
    }
    // A concave polygon, an open one-sided chain (from its front only), a closed chain and a sensor.
    expect([...shapesHit].sort()).toEqual(["coin", "fence", "platform", "player", "terrain"]);
    const byId = new Map(results.map((p) => [p.id, p]));
    expect(byId.get("up")!.shape).toBe("player");
    expect(byId.get("coin-seen")!.shape).toBe("coin");
    expect(byId.get("coin-passed")!.shape).toBe("terrain");
    expect(byId.get("drop")!.shape).toBe("platform");
  });

  it("probes --include-sensors lets sensors stop every probe", async () => {
    const scene = fixtureScene();
    const r = await run(["probes", "s.json", "--json", "--include-sensors"]);
    const results = (JSON.parse(r.out) as { probes: { id: string; shape?: string }[] }).probes;
    expect(results.map((p) => p.shape ?? null)).toEqual(scene.probes.map((p: Probe) => evaluateProbe(scene.shapes, p, true)?.shape ?? null));
    expect(results.find((p) => p.id === "coin-passed")!.shape).toBe("coin");
  });
});

describe("replay with sensors", () => {
  const dir = mkdtempSync(join(tmpdir(), "cs-sensors-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const log = (name: string, lines: object[]) => {
    const path = join(dir, name);
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    return path;
  };
  const through = { id: "through", from: [-50, 45], to: [80, 45] };

  it("a recorded ray passes through sensors unless its line says includeSensors or the run says --include-sensors; --record keeps the field", async () => {
    const rays = log("rays.jsonl", [through, { ...through, id: "sees", includeSensors: true }]);
    const shapes = async (...extra: string[]) => (JSON.parse((await run(["replay", "s.json", rays, "--json", ...extra])).out) as { results: { id: string; shape?: string }[] }).results.map((r) => `${r.id}:${r.shape}`);
    expect(await shapes()).toEqual(["through:terrain", "sees:coin"]);
    expect(await shapes("--include-sensors")).toEqual(["through:coin", "sees:coin"]);
    const out = join(dir, "recorded.jsonl");
    expect((await run(["replay", "s.json", rays, "--record", out])).code).toBe(0);
    const recorded = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(recorded[1]!)).toEqual(["id", "from", "to", "includeSensors", "expect"]);
    expect(recorded.map((l) => (l.expect as { shape: string }).shape)).toEqual(["terrain", "coin"]);
  });

  it("an expectation recorded with sensors seen is a mismatch when replayed without them", async () => {
    const rays = log("expect.jsonl", [{ ...through, expect: { hit: true, shape: "coin" } }]);
    const r = await run(["replay", "s.json", rays]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("1 mismatching (1 other-shape)");
    expect((await run(["replay", "s.json", rays, "--include-sensors"])).code).toBe(0);
  });

  it("a line whose includeSensors is not a boolean is refused with its line number", async () => {
    const rays = log("bad.jsonl", [through, { ...through, includeSensors: "yes" }]);
    const r = await run(["replay", "s.json", rays]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${rays}:2: includeSensors: expected a boolean, got the string "yes"`);
  });

  it("the ray log's JSON Schema (still version 1) has includeSensors, and the file in the repository is the generated one", () => {
    const schema = rayLogLineJsonSchema() as { $id: string; properties: Record<string, unknown> };
    expect(schema.$id).toBe("https://collider.studio/schema/ray-log-line-v1.json");
    expect(schema.properties.includeSensors).toEqual({ type: "boolean" });
    expect(JSON.parse(readFileSync(join(ROOT, "core/replay/ray-log.schema.json"), "utf8"))).toEqual(schema);
  });
});

describe("validate: bad chains, sensors and outlines, each located", () => {
  const shapes = [
    '{ "id": "one", "type": "chain", "x": 0, "y": 0, "points": [[0, 0]] }',
    '{ "id": "rep", "type": "chain", "x": 0, "y": 0, "points": [[0, 0], [1, 1], [1, 1]] }',
    '{ "id": "two", "type": "chain", "x": 0, "y": 0, "points": [[0, 0], [1, 1]], "closed": true }',
    '{ "id": "yes", "type": "chain", "x": 0, "y": 0, "points": [[0, 0], [1, 1]], "closed": "yes" }',
    '{ "id": "s1", "type": "circle", "x": 0, "y": 0, "radius": 1, "sensor": 1 }',
    '{ "id": "huge", "type": "chain", "x": 0, "y": 0, "points": [[0, 0], [1e16, 1]] }',
    '{ "id": "bow", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [10, 10], [10, 0], [0, 10]] }',
    '{ "id": "side", "type": "chain", "x": 0, "y": 0, "points": [[0, 0], [1, 0]], "oneSided": "up" }',
    '{ "id": "ring", "type": "chain", "x": 0, "y": 0, "points": [[0, 0], [1, 0], [1, 1], [0, 0]], "closed": true }',
    '{ "id": "dent", "type": "polygon", "x": 0, "y": 0, "points": [[0, 0], [4, 0], [2, 1], [4, 4], [2, 4], [2, 0.5]] }',
  ];
  const text = `{\n  "format": "collider-studio-scene",\n  "version": 1,\n  "shapes": [\n    ${shapes.join(",\n    ")}\n  ],\n  "probes": [{ "id": "p", "type": "ray", "from": [0, 0], "to": [1, 1], "includeSensors": "no" }]\n}\n`;
  const at = (line: number, needle: string, rest: string) => `bad.json:${line}:${text.split("\n")[line - 1]!.indexOf(needle) + 1}: ${rest}`;

  it("every problem at once, with its JSON path, line and column", async () => {
    const r = await runInMemory(["validate", "bad.json"], { "bad.json": text });
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err.trimEnd().split("\n")).toEqual([
      at(5, '"points"', "shapes[0].points: a chain needs at least 2 points, got 1"),
      at(6, "[1, 1]]", "shapes[1].points[2]: point 2 repeats point 1"),
      at(7, '"points"', "shapes[2].points: a closed chain needs at least 3 points, got 2"),
      at(8, '"closed"', 'shapes[3].closed: expected a boolean, got the string "yes"'),
      at(9, '"sensor"', "shapes[4].sensor: expected a boolean, got number 1"),
      at(10, "1e16", "shapes[5].points[1][0]: must be between -1e15 and 1e15"),
      at(11, "[0, 0]", "shapes[6].points[0]: edges 0 and 2 cross or touch (edge 0 runs from point 0 to point 1, edge 2 from point 2 to point 3): a polygon's outline must not meet itself"),
      at(12, '"oneSided"', 'shapes[7].oneSided: expected a boolean, got the string "up"'),
      at(13, "[0, 0]", "shapes[8].points[0]: point 0 repeats point 3"),
      // Point 2 lies on edge 4: touching is crossing.
      at(14, "[4, 0]", "shapes[9].points[1]: edges 1 and 4 cross or touch (edge 1 runs from point 1 to point 2, edge 4 from point 4 to point 5): a polygon's outline must not meet itself"),
      at(16, '"includeSensors"', 'probes[0].includeSensors: expected a boolean, got the string "no"'),
    ]);
  });

  it("NaN in a point is not JSON: refused with the line and column where it stands", async () => {
    const nan = '{\n  "format": "collider-studio-scene", "version": 1,\n  "shapes": [{ "id": "c", "type": "chain", "x": 0, "y": 0, "points": [[0, 0], [NaN, 1]] }]\n}\n';
    const r = await runInMemory(["validate", "nan.json"], { "nan.json": nan });
    expect(r.code).toBe(1);
    expect(r.err).toBe(`nan.json:3:${nan.split("\n")[2]!.indexOf("NaN") + 1}: not valid JSON: unexpected character\n`);
  });

  it("a concave polygon and chains that follow the rules are valid", async () => {
    const r = await run(["validate", "s.json"]);
    expect(r).toMatchObject({ code: 0, out: "s.json: valid (7 shapes, 7 probes)\n" });
  });
});
