// The collider-studio command-line tool: in process through runCli with a fake io, and as the
// real bundled binary (dist/cli/collider-studio.cjs, built once here) on temporary files.
import { execFileSync, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_PROGRESS_SHAPES, runCli, type CliIO } from "../../core/node/cli";
import { scaleSceneText } from "../bench/editor-scenes";
import { checkOutputFolder, readTextFile, writeTextFile } from "../../core/node/files";
import { runInMemory } from "./run-cli";
import { exportBox2d, exportGodot, exportPhaserMatter, exportTiled, parseRayLine, parseScene, rayLabel } from "../../core/index";
import { evaluateProbe, findOverlaps } from "../core/scan-reference";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const FIXTURES = join(ROOT, "test/fixtures");
const VALID = join(FIXTURES, "valid.json");
const INVALID = join(FIXTURES, "invalid.json");
const NOT_JSON = join(FIXTURES, "not-json.json");
const CASTS = join(FIXTURES, "casts.json");
const BIN = join(ROOT, "dist/cli/collider-studio.cjs");

const STACK_LINE = /^\s{4}at /m;
const USAGE_LINE = /^Usage: collider-studio/m;

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** What in-process runs wrote, by path. */
const written: Record<string, string> = {};

/** Runs the CLI in process; files come from disk unless `files` has them. */
async function run(argv: readonly string[], files: Record<string, string> = {}, readText?: CliIO["readText"]): Promise<Run> {
  let out = "";
  let err = "";
  const io: CliIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readText: readText ?? (async (path) => (path in files ? files[path]! : readTextFile(path))),
    writeText: async (path, text) => void (written[path] = text),
  };
  const code = await runCli(argv, io);
  // Whatever happened, never a stack trace.
  expect(out).not.toMatch(STACK_LINE);
  expect(err).not.toMatch(STACK_LINE);
  return { code, out, err };
}

/** `file:line:column: path: message` for the first `needle` on `line` of `text`. */
function located(file: string, text: string, line: number, needle: string, rest: string): string {
  const column = text.split("\n")[line - 1]!.indexOf(needle) + 1;
  expect(column).toBeGreaterThan(0);
  return `${file}:${line}:${column}: ${rest}`;
}

describe("validate (in process)", () => {
  it("exit 0 and a one-line summary for a valid scene", async () => {
    const r = await run(["validate", VALID]);
    expect(r).toEqual({ code: 0, out: `${VALID}: valid (6 shapes)\n`, err: "" });
  });

  it("exit 1 and one line per problem on stderr, each naming where it is", async () => {
    const text = readFileSync(INVALID, "utf8");
    const r = await run(["validate", INVALID]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err.trimEnd().split("\n")).toEqual([
      located(INVALID, text, 5, '"radius"', "shapes[0].radius: must be greater than 0"),
      located(INVALID, text, 6, '"id"', 'shapes[1].id: duplicate id "a" (already used by shapes[0])'),
      located(INVALID, text, 7, '"height"', "shapes[2].height: must be at least 2 × radius (4): the height includes both caps"),
      located(INVALID, text, 8, '"type"', 'shapes[3].type: unknown shape type "star" (expected one of circle, box, capsule, polygon, chain)'),
    ]);
  });

  it("not JSON: exit 1 with the line and column", async () => {
    const r = await run(["validate", NOT_JSON]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^${NOT_JSON.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:4:3: not valid JSON`));
    expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  });

  it("a scene from a newer version is refused with a message saying so", async () => {
    const r = await run(["validate", "new.json"], { "new.json": '{"format": "collider-studio-scene", "version": 7, "shapes": []}' });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^new\.json:1:\d+: version: .*newer/);
  });

  it("a missing file: exit 2 and a plain message", async () => {
    const missing = join(FIXTURES, "does-not-exist.json");
    const r = await run(["validate", missing]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`cannot read ${missing}: no such file\n`);
  });

  it("a directory instead of a file: exit 2 and a plain message", async () => {
    const r = await run(["validate", FIXTURES]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`cannot read ${FIXTURES}: it is a directory\n`);
  });
});

describe("overlaps (in process)", () => {
  const expected = {
    pairs: [
      // Contact points lie midway between the surfaces: a circle's one, two along the boxes' overlap.
      { a: "a", b: "b", depth: 0.5, normal: [1, 0], points: [[0.75, 0]] },
      { a: "f", b: "g", depth: 1, normal: [1, 0], points: [[10.5, -0.5], [10.5, 1]] },
    ],
  };

  it("--json after the file prints every overlapping pair once", async () => {
    const r = await run(["overlaps", VALID, "--json"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(r.out.endsWith("\n")).toBe(true);
    expect(r.out.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(r.out)).toEqual(expected);
  });

  it("--json before the file works the same, and agrees with findOverlaps", async () => {
    const r = await run(["overlaps", "--json", VALID]);
    expect(JSON.parse(r.out)).toEqual(expected);
    const scene = parseScene(readFileSync(VALID, "utf8"));
    if (!scene.ok) throw new Error("fixture is invalid");
    const direct = findOverlaps(scene.scene.shapes).map((p) => ({ a: p.a, b: p.b, depth: p.depth, normal: [p.normal.x, p.normal.y], points: p.points.map((q) => [q.x, q.y]) }));
    expect(JSON.parse(r.out)).toEqual(JSON.parse(JSON.stringify({ pairs: direct })));
  });

  it("without --json: a readable table and a count", async () => {
    const r = await run(["overlaps", VALID]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        "A  B  DEPTH   NORMAL            CONTACT POINTS",
        "a  b  0.5000  (1.0000, 0.0000)  (0.7500, 0.0000)",
        "f  g  1.0000  (1.0000, 0.0000)  (10.5000, -0.5000) (10.5000, 1.0000)",
        "2 overlapping pairs",
        "",
      ].join("\n"),
    );
  });

  it("no overlaps: says so (table) and prints an empty list (json)", async () => {
    const files = { "apart.json": '{"format": "collider-studio-scene", "version": 1, "shapes": [{"id": "x", "type": "circle", "x": 0, "y": 0, "radius": 1}, {"id": "y", "type": "circle", "x": 2, "y": 0, "radius": 1}]}' };
    expect(await run(["overlaps", "apart.json"], files)).toEqual({ code: 0, out: "No overlaps among 2 shapes.\n", err: "" });
    expect(await run(["overlaps", "apart.json", "--json"], files)).toEqual({ code: 0, out: '{"pairs":[]}\n', err: "" });
  });

  it("an invalid scene: exit 1, problems on stderr, nothing on stdout", async () => {
    const r = await run(["overlaps", INVALID, "--json"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("shapes[0].radius: must be greater than 0");
  });
});

describe("raycast and sweep (in process)", () => {
  it("raycast --json: the first shape along the ray, with fraction, point and normal out of it", async () => {
    const r = await run(["raycast", CASTS, "--from", "-5,0", "--to", "35,0", "--json"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(JSON.parse(r.out)).toEqual({ hit: true, shape: "ball", fraction: 4 / 40, point: [-1, 0], normal: [-1, 0] });
  });

  it("raycast: a negative start, --all lists every shape by fraction, and a miss prints {\"hit\": false}", async () => {
    const all = await run(["raycast", CASTS, "--from", "-5,3", "--to", "35,3", "--json", "--all"]);
    expect(all.code).toBe(0);
    const hits = (JSON.parse(all.out) as { hits: { shape: string; fraction: number; point: number[] }[] }).hits;
    // y = 3 misses the ball (radius 1) and the pill (radius 1) and the wedge; only the wall (10 tall).
    expect(hits.map((h) => h.shape)).toEqual(["wall"]);
    expect(hits[0]!.point).toEqual([9, 3]);
    const miss = await run(["raycast", CASTS, "--from", "-5,30", "--to", "35,30", "--json"]);
    expect(miss).toEqual({ code: 0, out: '{"hit":false}\n', err: "" });
  });

  it("raycast from inside a shape: no hit on it, unless --report-inside", async () => {
    const from = await run(["raycast", CASTS, "--from", "0,0", "--to", "5,0", "--json"]);
    expect(JSON.parse(from.out)).toEqual({ hit: false });
    const inside = await run(["raycast", CASTS, "--from", "0,0", "--to", "5,0", "--json", "--report-inside"]);
    expect(JSON.parse(inside.out)).toEqual({ hit: true, shape: "ball", fraction: 0, point: [0, 0], normal: [-1, 0], startedInside: true });
  });

  it("raycast without --json: one readable line", async () => {
    const r = await run(["raycast", CASTS, "--from", "15,0", "--to", "35,0"]);
    expect(r.out).toBe("hit pill at fraction 0.150000: point (18.0000, 0.0000), normal (-1.0000, 0.0000)\n");
    const miss = await run(["raycast", CASTS, "--from", "15,30", "--to", "35,30"]);
    expect(miss.out).toBe("No hit: the ray reaches its end.\n");
  });

  it("sweep --json: the moving shape stops at the first shape, never hits itself", async () => {
    const r = await run(["sweep", CASTS, "--shape", "ball", "--to", "40,0", "--json"]);
    expect(r.code).toBe(0);
    const hit = JSON.parse(r.out) as { shape: string; fraction: number; point: number[]; normal: number[] };
    // The ball (radius 1) touches the wall's face at x = 9 when its centre reaches x = 8.
    expect(hit.shape).toBe("wall");
    expect(hit.fraction).toBeCloseTo(8 / 40, 12);
    expect(hit.point[0]).toBeCloseTo(9, 12);
    expect(hit.normal).toEqual([-1, 0]);
  });

  it("sweep from an overlap reports it at fraction 0 with startedInside; a clear path is a miss", async () => {
    const files = { "o.json": JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [
      { id: "a", type: "box", x: 0, y: 0, width: 2, height: 2 },
      { id: "b", type: "circle", x: 1.5, y: 0, radius: 1 },
    ] }) };
    const r = await run(["sweep", "o.json", "--shape", "b", "--to", "10,0", "--json"], files);
    expect(JSON.parse(r.out)).toMatchObject({ hit: true, shape: "a", fraction: 0, startedInside: true });
    const clear = await run(["sweep", "o.json", "--shape", "b", "--to", "1.5,-20"], { "o.json": files["o.json"].replace('"x":1.5', '"x":5') });
    expect(clear.out).toBe("No hit: the sweep reaches its end.\n");
  });

  it("probes: every probe of the scene with its result, as the editor shows it", async () => {
    const scene = JSON.parse(readFileSync(CASTS, "utf8")) as Record<string, unknown>;
    scene.probes = [
      { id: "r", name: "line of sight", type: "ray", from: [-5, 0], to: [35, 0] },
      { id: "s", type: "sweep", shape: "pill", to: [20, 30] },
    ];
    const files = { "p.json": JSON.stringify(scene) };
    const json = await run(["probes", "p.json", "--json"], files);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual({ probes: [
      { id: "r", name: "line of sight", type: "ray", hit: true, shape: "ball", fraction: 0.1, point: [-1, 0], normal: [-1, 0] },
      { id: "s", name: "", type: "sweep", hit: false },
    ] });
    const text = await run(["probes", "p.json"], files);
    expect(text.out.split("\n")[0]).toMatch(/^PROBE\s+NAME\s+TYPE\s+HIT\s+FRACTION\s+POINT\s+NORMAL$/);
    expect(text.out).toContain("sweep pill");
    const valid = await run(["validate", "p.json"], files);
    expect(valid.out).toBe("p.json: valid (4 shapes, 2 probes)\n");
  });

  it("probes --ray-log writes the ray probes as a ray log whose replay on the same scene is all ok, and after an edit names the change", async () => {
    const scene = JSON.parse(readFileSync(CASTS, "utf8")) as { shapes: Record<string, unknown>[]; probes?: unknown[] };
    scene.probes = [
      { id: "r", name: "line of sight", type: "ray", from: [-5, 0], to: [35, 0] },
      { id: "miss", name: "", type: "ray", from: [-5, 500], to: [35, 500], mask: 2 },
      { id: "s", type: "sweep", shape: "pill", to: [20, 30] },
    ];
    const files: Record<string, string> = { "p.json": JSON.stringify(scene) };
    const r = await run(["probes", "p.json", "--ray-log", "base.jsonl"], files);
    expect(r.code).toBe(0);
    expect(r.err).toBe("p.json: wrote 2 rays with their hits as expectations to base.jsonl; 1 sweep probe left out (a ray log holds rays)\n");
    const lines = written["base.jsonl"]!.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      { id: "r", from: [-5, 0], to: [35, 0], name: "line of sight", expect: { hit: true, shape: "ball", fraction: 0.1, point: [-1, 0], normal: [-1, 0] } },
      { id: "miss", from: [-5, 500], to: [35, 500], mask: 2, expect: { hit: false } },
    ]);
    // Reports call a ray by its probe's name, or its id when it has none.
    const records = written["base.jsonl"]!.trim().split("\n").map((l, i) => parseRayLine(l, i + 1));
    expect(records.map((r) => (r.ok && r.ray ? rayLabel(r.ray) : null))).toEqual(["line of sight", "miss"]);
    // replay streams its log from disk.
    const dir = mkdtempSync(join(tmpdir(), "collider-probe-log-"));
    try {
      const at = (name: string) => join(dir, name);
      writeFileSync(at("p.json"), files["p.json"]!);
      writeFileSync(at("base.jsonl"), written["base.jsonl"]!);
      const same = await run(["replay", at("p.json"), at("base.jsonl")]);
      expect(same.code, same.err).toBe(0);
      // The ball moved: the baseline catches it.
      const ball = scene.shapes.find((s) => s.id === "ball")!;
      ball.x = (ball.x as number) + 3;
      writeFileSync(at("moved.json"), JSON.stringify(scene));
      const moved = await run(["replay", at("moved.json"), at("base.jsonl")]);
      expect(moved.code).toBe(1);
      expect(moved.out).toContain('r "line of sight" (line 1)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // No ray probes: a clear error, exit 2.
    files["none.json"] = JSON.stringify({ ...scene, probes: [{ id: "s", type: "sweep", shape: "pill", to: [20, 30] }] });
    const none = await run(["probes", "none.json", "--ray-log", "x.jsonl"], files);
    expect(none.code).toBe(2);
    expect(none.err).toContain("none.json has no ray probes to write as a ray log (its 1 sweep probe have no place in one)");
  });

  it("sweep --shape takes an id or a unique name; an id wins; a shared name exits 2 listing the ids", async () => {
    const scene = JSON.parse(readFileSync(CASTS, "utf8")) as { shapes: Record<string, unknown>[] };
    scene.shapes.push(
      ...["c1", "c2", "c3"].map((id, i) => ({ id, name: "coin", type: "circle", x: 50 + 10 * i, y: 50, radius: 1 })),
      { id: "crate", name: "ball", type: "box", x: 60, y: -50, width: 2, height: 2 },
    );
    (scene.shapes[1] as { name?: string }).name = "Player";
    const files = { "n.json": JSON.stringify(scene) };
    const byId = await run(["sweep", "n.json", "--shape", "ball", "--to", "40,0", "--json"], files);
    const byName = await run(["sweep", "n.json", "--shape", "Player", "--to", "40,0", "--json"], files);
    expect(byName.code).toBe(0);
    // "ball" is the circle's id and the crate's name: the id wins, so both move the circle to the wall.
    expect(JSON.parse(byName.out)).toMatchObject({ hit: true, shape: "wall" });
    expect(byName.out).toBe(byId.out);
    const shared = await run(["sweep", "n.json", "--shape", "coin", "--to", "1,1"], files);
    expect(shared).toEqual({ code: 2, out: "", err: 'n.json: --shape "coin": 3 shapes are named "coin" (c1, c2, c3); give an id\n' });
    const none = await run(["sweep", "n.json", "--shape", "player", "--to", "1,1"], files);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^n\.json: --shape "player": no shape has this id or name \(ids in the scene: wall, ball, pill, wedge, c1, c2, c3, crate\)\n$/);
    const empty = await run(["sweep", "e.json", "--shape", "x", "--to", "1,1"], { "e.json": '{"format": "collider-studio-scene", "version": 1, "shapes": []}' });
    expect(empty.err).toBe('e.json: --shape "x": no shape has this id or name (the scene has no shapes)\n');
  });

  it("unknown shape id or malformed coordinates: exit 2 with a message, nothing on stdout", async () => {
    const id = await run(["sweep", CASTS, "--shape", "nope", "--to", "1,1"]);
    expect(id.code).toBe(2);
    expect(id.out).toBe("");
    expect(id.err).toBe(`${CASTS}: --shape "nope": no shape has this id or name (ids in the scene: wall, ball, pill, wedge)\n`);
    for (const bad of ["a,b", "1", "1,2,3", "1,", ",2", "NaN,1", "1e999,0"]) {
      const r = await run(["raycast", CASTS, "--from", bad, "--to", "1,1"]);
      expect(r.code, bad).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toContain(`expected two numbers X,Y`);
    }
    const missing = await run(["sweep", CASTS, "--to", "1,1"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("--shape");
  });
});

describe("export (in process)", () => {
  it("a big scene's export says so on a terminal (progress), then clears the line; stdout is the export alone", async () => {
    for (const [count, shown] of [[EXPORT_PROGRESS_SHAPES, true], [10, false]] as const) {
      const text = scaleSceneText(count);
      let out = "", err = "", progress = "";
      const code = await runCli(["export", "big.json", "--format", "godot"], {
        stdout: (t) => void (out += t),
        stderr: (t) => void (err += t),
        progress: (t) => void (progress += t),
        readText: async () => text,
        writeText: async () => undefined,
      });
      expect(code, err).toBe(0);
      const parsed = parseScene(text);
      if (!parsed.ok) throw new Error("scene");
      expect(out).toBe(exportGodot(parsed.scene));
      expect(progress).toBe(shown ? `exporting ${count.toLocaleString("en")} shapes as Godot 4 scene…\r\u001b[K` : "");
    }
  });

  it("prints the export to standard output, the same text as the core's exporter", async () => {
    const r = await run(["export", VALID, "--format", "godot"]);
    expect(r.code).toBe(0);
    const scene = parseScene(readFileSync(VALID, "utf8"));
    if (!scene.ok) throw new Error("fixture");
    expect(r.out).toBe(exportGodot(scene.scene));
    expect(r.out.startsWith("[gd_scene load_steps=")).toBe(true);
    expect(r.err).toBe("");
  });

  it("a file's rotation of 270 exports as −90 in every format: one range, (−180, 180]", async () => {
    const files = { "r.json": JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [{ id: "b", type: "box", x: 0, y: 0, rotation: 270, width: 2, height: 1 }] }) };
    const tiled = await run(["export", "r.json", "--format", "tiled"], files);
    expect(tiled.code).toBe(0);
    expect((JSON.parse(tiled.out) as { layers: { objects: { rotation: number }[] }[] }).layers[0]!.objects[0]!.rotation).toBe(-90);
    const godot = await run(["export", "r.json", "--format", "godot"], files);
    expect(godot.out).toContain(`rotation = ${-Math.PI / 2}\n`);
    const box2d = await run(["export", "r.json", "--format", "box2d"], files);
    // Box2D turns counter-clockwise in y-up: −(−90°) is π/2.
    expect((JSON.parse(box2d.out) as { body: { angle: number }[] }).body[0]!.angle).toBeCloseTo(Math.PI / 2, 15);
  });

  it("-o writes the file (through io.writeText) and says what it wrote on stderr", async () => {
    const r = await run(["export", VALID, "--format", "godot3", "-o", "out.tscn", "--root-name", "Level"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(written["out.tscn"]).toContain('[node name="Level" type="Node2D"]');
    expect(written["out.tscn"]).toContain("format=2");
    expect(r.err).toBe(`${VALID}: exported 6 shapes as Godot 3 scene to out.tscn\n`);
  });

  it("-o over an existing file says where the file it replaced is kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-bak-"));
    try {
      const out = join(dir, "level.tscn");
      let err = "";
      const io: CliIO = { stdout: () => {}, stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile };
      expect(await runCli(["export", VALID, "--format", "godot", "-o", out], io)).toBe(0);
      expect(err).toBe(`${VALID}: exported 6 shapes as Godot 4 scene to ${out}\n`); // nothing replaced
      err = "";
      expect(await runCli(["export", VALID, "--format", "godot3", "-o", out], io)).toBe(0);
      expect(err).toBe(`${VALID}: exported 6 shapes as Godot 3 scene to ${out} (the file it replaced is kept as ${out}.bak)\n`);
      expect(readFileSync(`${out}.bak`, "utf8")).toContain("format=3");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("-o into a folder that does not exist: exit 2 naming the missing folder, before any warning about what the format leaves out", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-nofolder-"));
    try {
      const out = join(dir, "nonexist", "dir", "out.tscn");
      let err = "";
      const io: CliIO = { stdout: () => {}, stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile, checkOutput: checkOutputFolder };
      const readme = join(ROOT, "test/export/fixtures/readme-example.json");
      // The README scene's named collision layers are a "left out" warning for Godot.
      expect(await runCli(["export", readme, "--format", "godot"], { ...io, stdout: () => {} })).toBe(0);
      expect(err).toContain("left out");
      err = "";
      expect(await runCli(["export", readme, "--format", "godot", "-o", out], io)).toBe(2);
      expect(err).toBe(`cannot write ${out}: there is no folder ${join(dir, "nonexist")}\n`);
      // Without the early check, the write itself names the folder.
      await expect(writeTextFile(out, "x")).rejects.toThrow(`cannot write ${out}: there is no folder ${join(dir, "nonexist")}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a misspelt option is named before a required option it leaves missing; the unknown option gets its suggestion", async () => {
    const misspelt = await run(["export", "--fromat", "godot", VALID]);
    expect(misspelt.code).toBe(2);
    expect(misspelt.err).toMatch(/^error: unknown option '--fromat'\n\(Did you mean --format\?\)\nUsage: collider-studio export/);
    const missing = await run(["export", VALID]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^error: required option '--format <format>' not specified\nUsage: collider-studio export/);
    const ray = await run(["raycast", VALID, "--form", "0,0", "--to", "1,1"]);
    expect(ray.err).toMatch(/^error: unknown option '--form'\n\(Did you mean --from\?\)/);
    expect((await run(["raycast", VALID, "--to", "1,1"])).err).toMatch(/^error: required option '--from <X,Y>' not specified/);
  });

  it("--root-name that Godot would change, or an empty one, is refused and says why", async () => {
    const slash = await run(["export", VALID, "--format", "godot", "--root-name", "a/b"]);
    expect(slash).toEqual({ code: 2, out: "", err: '--root-name "a/b" is not a Godot node name (no . : @ / " % or control characters, no spaces at the ends): it would be "a_b"\n' });
    const empty = await run(["export", VALID, "--format", "godot3", "--root-name", ""]);
    expect(empty).toEqual({ code: 2, out: "", err: "--root-name is empty: give the root node a name, or leave the option out for Colliders\n" });
    expect((await run(["export", VALID, "--format", "godot", "--root-name", "Level 1"])).code).toBe(0);
  });

  it("the help of import, and the command list, say that concave polygons and polylines (as chains) come in", async () => {
    for (const argv of [["import", "--help"], ["--help"]]) {
      const help = (await run(argv)).out.replace(/\s+/g, " ");
      expect(help, argv.join(" ")).toContain("polygons (concave too), polylines (as chains)");
      expect(help, argv.join(" ")).not.toMatch(/circular ellipses, convex polygons/);
    }
  });

  it("an unknown format: exit 2, naming the formats there are", async () => {
    const r = await run(["export", VALID, "--format", "unity"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^unknown format "unity" \(expected one of godot, godot3/);
    expect(r.out).toBe("");
  });

  it("an invalid scene: exit 1 with its located problems, nothing written", async () => {
    const before = Object.keys(written).length;
    const r = await run(["export", INVALID, "--format", "godot", "-o", "never.tscn"]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/invalid\.json:\d+:\d+: shapes\[/);
    expect(Object.keys(written).length).toBe(before);
  });

  it("tiled: --capsules and --tile-size reach the exporter; a mode of another format or a bad size is refused", async () => {
    const scene = parseScene(readFileSync(CASTS, "utf8"));
    if (!scene.ok) throw new Error("fixture");
    const r = await run(["export", CASTS, "--format", "tiled", "--capsules", "polygon", "--tile-size", "16"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(exportTiled(scene.scene, { capsules: "polygon", tileSize: 16 }));
    expect(JSON.parse(r.out)).toMatchObject({ type: "map", tilewidth: 16, tileheight: 16 });
    const wrongMode = await run(["export", CASTS, "--format", "tiled", "--capsules", "circles"]);
    expect(wrongMode).toMatchObject({ code: 2, err: '--capsules for tiled is one of capsule, polygon, got "circles"\n' });
    const notTiled = await run(["export", CASTS, "--format", "godot", "--capsules", "polygon"]);
    expect(notTiled.code).toBe(2);
    expect(notTiled.err).toMatch(/^--capsules does not apply to --format godot/);
    const badSize = await run(["export", CASTS, "--format", "tiled", "--tile-size", "0"]);
    expect(badSize.code).toBe(2);
    expect(badSize.err).toMatch(/tile-size.*whole number/);
  });

  it("box2d: --ppm, --capsules and --filter-bits reach the exporter; options of other formats are refused", async () => {
    const scene = parseScene(readFileSync(CASTS, "utf8"));
    if (!scene.ok) throw new Error("fixture");
    const r = await run(["export", CASTS, "--format", "box2d", "--ppm", "100", "--capsules", "polygon", "--filter-bits", "32"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(exportBox2d(scene.scene, { pixelsPerMeter: 100, capsules: "polygon", filterBits: 32 }));
    expect((await run(["export", CASTS, "--format", "box2d", "--filter-bits", "8"])).err).toBe('--filter-bits is 16 or 32, got "8"\n');
    expect((await run(["export", CASTS, "--format", "box2d", "--ppm", "-3"])).code).toBe(2);
    expect((await run(["export", CASTS, "--format", "box2d", "--tile-size", "16"])).err).toBe("--tile-size does not apply to --format box2d (only to tiled)\n");
    expect((await run(["export", CASTS, "--format", "tiled", "--ppm", "16"])).err).toBe("--ppm does not apply to --format tiled (only to box2d)\n");
  });

  it("phaser-matter: --bodies and --chain-thickness reach the exporter; bad values and other formats are refused", async () => {
    const scene = parseScene(readFileSync(CASTS, "utf8"));
    if (!scene.ok) throw new Error("fixture");
    const r = await run(["export", CASTS, "--format", "phaser-matter", "--bodies", "layer", "--chain-thickness", "2"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(exportPhaserMatter(scene.scene, { bodies: "layer", chainThickness: 2 }));
    expect((await run(["export", CASTS, "--format", "phaser-matter", "--bodies", "world"])).err).toBe('--bodies is shape or layer, got "world"\n');
    expect((await run(["export", CASTS, "--format", "phaser-matter", "--chain-thickness", "0"])).code).toBe(2);
    expect((await run(["export", CASTS, "--format", "box2d", "--bodies", "layer"])).err).toBe("--bodies does not apply to --format box2d (only to phaser-matter)\n");
    // A value left out before the next option: the option and its values, not "too many arguments".
    const missing = await run(["export", CASTS, "--format", "phaser-matter", "--bodies", "-o", "out.json"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--bodies needs a value (shape or layer) right after it, got the option "-o"');
    expect(missing.err).not.toContain("too many arguments");
    expect((await run(["export", CASTS, "--format", "box2d", "--filter-bits", "--ppm", "10"])).err).toContain('--filter-bits needs a value (16 or 32) right after it, got the option "--ppm"');
  });

  it("export --help gives each option's default as the export takes it (--tile-size: the source map's, the scene's grid, else 32)", async () => {
    const help = (await run(["export", "--help"])).out.replace(/\s+/g, " ");
    expect(help).toContain("tiled: the map's tile size (default: the tile size of the map the scene was imported from, else the scene's grid size when whole, else 32)");
  });

  it("the scene's exportOptions (Export Options…) are the defaults; a flag overrides one; a bad one is refused by path", async () => {
    const base = JSON.parse(readFileSync(CASTS, "utf8")) as Record<string, unknown>;
    const stored = { ...base, exportOptions: { box2d: { pixelsPerMeter: 64, filterBits: 32 }, "phaser-matter": { bodies: "layer", chainThickness: 3 }, godot: { rootName: "Level1" }, tiled: { capsules: "polygon" } } };
    const files = { "level.json": JSON.stringify(stored) };
    const scene = parseScene(files["level.json"]);
    if (!scene.ok) throw new Error("fixture");
    const box2d = await runInMemory(["export", "level.json", "--format", "box2d"], files);
    expect(box2d.out).toBe(exportBox2d(scene.scene, { pixelsPerMeter: 64, filterBits: 32 }));
    // The flag wins over the stored option; the other stored option still applies.
    expect((await runInMemory(["export", "level.json", "--format", "box2d", "--ppm", "10"], files)).out).toBe(exportBox2d(scene.scene, { pixelsPerMeter: 10, filterBits: 32 }));
    expect((await runInMemory(["export", "level.json", "--format", "phaser-matter"], files)).out).toBe(exportPhaserMatter(scene.scene, { bodies: "layer", chainThickness: 3 }));
    expect((await runInMemory(["export", "level.json", "--format", "phaser-matter", "--bodies", "shape"], files)).out).toBe(exportPhaserMatter(scene.scene, { bodies: "shape", chainThickness: 3 }));
    expect((await runInMemory(["export", "level.json", "--format", "godot"], files)).out).toMatch(/^\[node name="Level1" type="Node2D"\]$/m);
    expect((await runInMemory(["export", "level.json", "--format", "tiled"], files)).out).toBe(exportTiled(scene.scene, { capsules: "polygon" }));
    // Godot 3 keeps its own options: Godot 4's root name is not its.
    expect((await runInMemory(["export", "level.json", "--format", "godot3"], files)).out).toMatch(/^\[node name="Colliders" type="Node2D"\]$/m);
    const bad = { "level.json": JSON.stringify({ ...base, exportOptions: { box2d: { pixelsPerMeter: 0, filterBits: 8 }, godot: { rootName: "a.b" } } }) };
    const refused = await runInMemory(["export", "level.json", "--format", "box2d"], bad);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("exportOptions.box2d.pixelsPerMeter: must be greater than 0");
    expect(refused.err).toContain("exportOptions.box2d.filterBits: expected 16 or 32, got number 8");
    expect(refused.err).toContain('exportOptions.godot.rootName: must be a Godot node name');
    expect(refused.out).toBe("");
  });

  it("says on stderr what the format cannot carry, one line each, and the file is still written", async () => {
    const scene = JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [{ id: "ledge", type: "chain", x: 0, y: 0, rotation: 0, points: [[0, 0], [100, 0]], oneSided: true, class: "Platform" }] });
    const r = await runInMemory(["export", "level.json", "--format", "phaser-matter", "-o", "level.phaser.json"], { "level.json": scene });
    expect(r.code).toBe(0);
    expect(r.err).toBe([
      "level.json: 1 chain: Matter has no edges, so each edge is a quad 1 px thick",
      "level.json: 1 one-sided chain: Matter has no one-sided bodies, so it blocks from both sides",
      "level.json: exported 1 shape as Phaser Matter JSON to level.phaser.json",
      "",
    ].join("\n"));
    expect(Object.keys(r.written)).toEqual(["level.phaser.json"]);
    expect((await runInMemory(["export", "level.json", "--format", "tiled", "-o", "level.tmj"], { "level.json": scene })).err).toBe("level.json: exported 1 shape as Tiled map to level.tmj\n");
  });

  it("a missing --format: exit 2 with the usage line", async () => {
    const r = await run(["export", VALID]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--format/);
  });
});

describe("import (in process)", () => {
  const map = (objects: unknown[]) => JSON.stringify({
    type: "map", orientation: "orthogonal", renderorder: "right-down", width: 10, height: 10, tilewidth: 32, tileheight: 32, infinite: false,
    layers: [{ id: 1, name: "Walls", type: "objectgroup", visible: true, opacity: 1, x: 0, y: 0, objects }],
  });

  it("prints the scene, lists what it could not import on stderr, and round-trips through export", async () => {
    const text = map([
      { id: 1, name: "floor", x: 0, y: 100, width: 200, height: 20, rotation: 0, visible: true },
      { id: 2, name: "cloud", x: 10, y: 10, width: 40, height: 20, rotation: 0, visible: true, ellipse: true },
      { id: 3, name: "spawn", x: 0, y: 0, width: 0, height: 0, rotation: 0, visible: true, point: true },
    ]);
    const r = await run(["import", "level.tmj"], { "level.tmj": text });
    expect(r.code).toBe(0);
    const scene = parseScene(r.out);
    expect(scene.ok && scene.scene.shapes).toEqual([expect.objectContaining({ type: "box", name: "floor", x: 100, y: 110, width: 200, height: 20 })]);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^level\.tmj: not imported: layer "Walls", object 2 "cloud": .*ellipse/);
    expect(lines[1]).toMatch(/^level\.tmj: not imported: layer "Walls", object 3 "spawn": point object/);
    expect(lines[2]).toBe("level.tmj: imported 1 shape; 2 items not imported (listed above)");
    const strict = await run(["import", "level.tmj", "--strict", "-o", "strict.json"], { "level.tmj": text });
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(/--strict: 2 items could not be imported\n$/);
    // The scene was still written: --strict only changes the exit code.
    expect(parseScene(written["strict.json"]!).ok).toBe(true);
  });

  it("a map that is not JSON or not a map: exit 1 with located problems", async () => {
    const broken = await run(["import", "bad.tmj"], { "bad.tmj": '{"type": "map",\n  "layers": [}' });
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/^bad\.tmj:2:\d+: /);
    const iso = await run(["import", "iso.tmj"], { "iso.tmj": JSON.stringify({ type: "map", orientation: "isometric", layers: [] }) });
    expect(iso.code).toBe(1);
    expect(iso.err).toMatch(/^iso\.tmj:1:\d+: orientation: /);
    expect(broken.out + iso.out).toBe("");
  });
});

describe("probes (in process)", () => {
  it("many probes go through one tree and give what each probe's own pass gives", async () => {
    const text = readFileSync(CASTS, "utf8");
    const base = JSON.parse(text) as { shapes: { id: string }[] };
    const probes = Array.from({ length: 20 }, (_, k) => ({ id: `p${k}`, type: "ray", from: [-5 + k, -4 + (k % 7)], to: [35 - k, 4 - (k % 5)] }));
    probes.push({ id: "sw", type: "sweep", shape: base.shapes[0]!.id, to: [20, 1] } as unknown as (typeof probes)[number]);
    const file = JSON.stringify({ ...base, probes });
    const scene = parseScene(file);
    if (!scene.ok) throw new Error(JSON.stringify(scene.problems));
    const r = await run(["probes", "many.json", "--json"], { "many.json": file });
    expect(r.code).toBe(0);
    const got = (JSON.parse(r.out) as { probes: { id: string; hit: boolean; shape?: string; fraction?: number }[] }).probes;
    expect(got).toHaveLength(21);
    for (const [k, probe] of scene.scene.probes.entries()) {
      const hit = evaluateProbe(scene.scene.shapes, probe);
      expect(got[k], probe.id).toMatchObject(hit ? { id: probe.id, hit: true, shape: hit.shape, fraction: hit.fraction } : { id: probe.id, hit: false });
    }
    expect(got.filter((p) => p.hit).length).toBeGreaterThan(5);
  });
});

describe("collision filtering (in process)", () => {
  const scene = JSON.stringify({
    format: "collider-studio-scene", version: 1,
    shapes: [
      { id: "a", type: "box", x: 0, y: 0, width: 2, height: 2, collisionLayer: 1, collisionMask: 2 },
      { id: "b", type: "box", x: 1.5, y: 0, width: 2, height: 2, collisionLayer: 2, collisionMask: 0 },
      { id: "c", type: "box", x: 3, y: 0, width: 2, height: 2, collisionLayer: 4, collisionMask: 0 },
    ],
  });
  const files = { "f.json": scene };

  it("overlaps --filter: godot by default, box2d, none", async () => {
    const pairs = async (...extra: string[]) => (JSON.parse((await run(["overlaps", "f.json", "--json", ...extra], files)).out) as { pairs: { a: string; b: string }[] }).pairs.map((p) => `${p.a}-${p.b}`);
    expect(await pairs()).toEqual(["a-b"]);
    expect(await pairs("--filter", "box2d")).toEqual([]);
    expect(await pairs("--filter", "none")).toEqual(["a-b", "b-c"]);
    const bad = await run(["overlaps", "f.json", "--filter", "unity"], files);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/expected one of godot, box2d, none, got "unity"/);
  });

  it("raycast --mask takes decimal or 0x bits and sees only those layers; bad bits exit 2", async () => {
    const shape = async (mask: string) => (JSON.parse((await run(["raycast", "f.json", "--from", "-10,0", "--to", "10,0", "--json", "--mask", mask], files)).out) as { shape?: string }).shape;
    expect(await shape("1")).toBe("a");
    expect(await shape("0x2")).toBe("b");
    expect(await shape("4")).toBe("c");
    for (const bad of ["-1", "0x100000000", "layers", "1.5"]) {
      const r = await run(["raycast", "f.json", "--from", "-10,0", "--to", "10,0", "--mask", bad], files);
      expect(r.code, bad).toBe(2);
      expect(r.err).toMatch(/expected collision bits/);
    }
  });
});

describe("wrong arguments (in process): exit 2 with the usage line", () => {
  it.each([
    [[] as string[]],
    [["validate"]],
    [["validate", "a.json", "b.json"]],
    [["overlaps"]],
    [["overlaps", "--json"]],
    [["overlaps", "--jsn", "a.json"]],
    [["frobnicate", "a.json"]],
    [["--bogus"]],
  ])("%j", async (argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(USAGE_LINE);
  });

  it("--help and --version exit 0", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(USAGE_LINE);
    const version = await run(["--version"]);
    expect(version).toEqual({ code: 0, out: "0.1.0\n", err: "" });
  });
});

describe("never a stack trace (in process)", () => {
  it("an unexpected failure while reading is reported in one line with a non-zero exit", async () => {
    const r = await run(["validate", "x.json"], {}, () => Promise.reject(new Error("disk on fire")));
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBe(1);
    expect(r.err).toBe("collider-studio: internal error: disk on fire\n");
  });

  it("even when the failure is not an Error", async () => {
    const r = await run(["overlaps", "x.json"], {}, () => Promise.reject("just a string"));
    expect(r.code).not.toBe(0);
    expect(r.err).toContain("just a string");
  });
});

describe("the bundled binary", () => {
  let dir = "";

  beforeAll(() => {
    execFileSync(process.execPath, ["build/bundle.mjs", "cli"], { cwd: ROOT, stdio: "pipe" });
    dir = mkdtempSync(join(tmpdir(), "collider-studio-cli-"));
    writeFileSync(join(dir, "scene.json"), readFileSync(VALID, "utf8"));
    writeFileSync(join(dir, "broken.json"), readFileSync(INVALID, "utf8"));
    writeFileSync(join(dir, "garbled.json"), readFileSync(NOT_JSON, "utf8"));
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function spawn(args: readonly string[]): Run {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8", timeout: 30_000 });
    const run: Run = { code: r.status ?? -1, out: r.stdout, err: r.stderr };
    expect(run.out).not.toMatch(STACK_LINE);
    expect(run.err).not.toMatch(STACK_LINE);
    return run;
  }

  it("starts with a node shebang", () => {
    expect(readFileSync(BIN, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("validate: 0 for a valid file", () => {
    expect(spawn(["validate", "scene.json"])).toEqual({ code: 0, out: "scene.json: valid (6 shapes)\n", err: "" });
  });

  it("validate: 1 with one located line per problem", () => {
    const r = spawn(["validate", "broken.json"]);
    expect(r.code).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^broken\.json:\d+:\d+: shapes\[\d\]\.\w+: /);
    expect(lines[0]).toMatch(/^broken\.json:5:\d+: shapes\[0\]\.radius: must be greater than 0$/);
  });

  it("validate: not JSON gives the line and column", () => {
    const r = spawn(["validate", "garbled.json"]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^garbled\.json:4:3: not valid JSON/);
  });

  it("overlaps --json prints the pairs", () => {
    const r = spawn(["overlaps", "scene.json", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      pairs: [
        { a: "a", b: "b", depth: 0.5, normal: [1, 0], points: [[0.75, 0]] },
        { a: "f", b: "g", depth: 1, normal: [1, 0], points: [[10.5, -0.5], [10.5, 1]] },
      ],
    });
  });

  it("overlaps without --json prints the table", () => {
    const r = spawn(["overlaps", "scene.json"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("A  B  DEPTH   NORMAL            CONTACT POINTS\n");
    expect(r.out).toContain("2 overlapping pairs\n");
  });

  it("raycast --json and sweep run from the binary", () => {
    writeFileSync(join(dir, "casts.json"), readFileSync(CASTS, "utf8"));
    const ray = spawn(["raycast", "casts.json", "--from", "-5,0", "--to", "35,0", "--json"]);
    expect(ray.code).toBe(0);
    expect(JSON.parse(ray.out)).toMatchObject({ hit: true, shape: "ball" });
    const sweep = spawn(["sweep", "casts.json", "--shape", "pill", "--to", "40,0"]);
    expect(sweep.code).toBe(0);
    expect(sweep.out).toMatch(/^hit wedge at fraction /);
    const bad = spawn(["sweep", "casts.json", "--shape", "pill", "--to", "x"]);
    expect(bad.code).toBe(2);
    const scene = JSON.parse(readFileSync(CASTS, "utf8")) as { shapes: Record<string, unknown>[] };
    for (const s of scene.shapes.slice(0, 2)) s.name = "twin";
    writeFileSync(join(dir, "twins.json"), JSON.stringify(scene));
    expect(spawn(["sweep", "twins.json", "--shape", "twin", "--to", "1,1"])).toEqual({ code: 2, out: "", err: 'twins.json: --shape "twin": 2 shapes are named "twin" (wall, ball); give an id\n' });
  });

  it("export -o writes atomically and keeps the file it replaces as .bak; an unwritable target is a plain message", () => {
    writeFileSync(join(dir, "level.tscn"), "old export");
    const r = spawn(["export", "scene.json", "--format", "godot", "-o", "level.tscn"]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, "level.tscn"), "utf8")).toMatch(/^\[gd_scene load_steps=\d+ format=3\]/);
    expect(readFileSync(join(dir, "level.tscn.bak"), "utf8")).toBe("old export");
    const bad = spawn(["export", "scene.json", "--format", "godot", "-o", "no-such-folder/level.tscn"]);
    expect(bad).toEqual({ code: 2, out: "", err: "cannot write no-such-folder/level.tscn: there is no folder no-such-folder\n" });
  });

  it("export -o /dev/stdout writes to standard output (the device is not replaced), and -o through a link writes the file it ends at", () => {
    const r = spawn(["export", "scene.json", "--format", "godot", "-o", "/dev/stdout"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\[gd_scene load_steps=\d+ format=3\]/);
    expect(lstatSync("/dev/stdout").isSymbolicLink()).toBe(true);
    mkdirSync(join(dir, "game"), { recursive: true });
    writeFileSync(join(dir, "game", "level.tscn"), "old export");
    symlinkSync("game/level.tscn", join(dir, "linked.tscn"));
    expect(spawn(["export", "scene.json", "--format", "godot", "-o", "linked.tscn"]).code).toBe(0);
    expect(lstatSync(join(dir, "linked.tscn")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "game", "level.tscn"), "utf8")).toMatch(/^\[gd_scene/);
    expect(readFileSync(join(dir, "game", "level.tscn.bak"), "utf8")).toBe("old export");
  });

  it("missing file: exit 2, a plain message", () => {
    expect(spawn(["overlaps", "nope.json"])).toEqual({ code: 2, out: "", err: "cannot read nope.json: no such file\n" });
  });

  it.each([[[] as string[]], [["validate"]], [["overlaps", "--jsn", "scene.json"]]])("wrong arguments %j: exit 2 with the usage line", (argv) => {
    const r = spawn(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(USAGE_LINE);
  });
});
