// The ray log reader, the comparison rules and the JUnit report of a QA replay, and the
// `collider-studio replay` command on real files.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CollisionWorld, compareRay, replayRecordedRay, expectationOf, parseRayLine, parseScene, rayLine, replayHtmlReport, replayJUnit, ReplayTally, vec2, type CastHit, type RayRecord, type ReplayResult } from "../../core/index";
import { replay } from "../../core/node/replay";
import { runCli, type CliIO } from "../../core/node/cli";
import { readTextFile } from "../../core/node/files";

const GOLDEN = join(import.meta.dirname, "golden");

/** Compares with the committed golden file (UPDATE_GOLDEN=1 rewrites it). */
function golden(name: string, text: string): void {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
  expect(existsSync(file), `${name} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
  expect(text).toBe(readFileSync(file, "utf8"));
}

const ray = (over: Partial<RayRecord> = {}): RayRecord => ({ line: 1, id: "r", from: [0, 0], to: [10, 0], extra: {}, ...over });
const hit = (shape: string, x: number, y = 0): CastHit => ({ shape, fraction: x / 10, point: vec2(x, y), normal: vec2(-1, 0), startedInside: false });

describe("parseRayLine", () => {
  it("reads every field, keeps unknown ones, skips blank lines", () => {
    const r = parseRayLine('{"id": "los-1", "from": [1, 2], "to": [3, 4], "mask": 5, "frame": 7, "time": 0.25, "tag": "los", "expect": {"hit": true, "shape": "wall", "fraction": 0.5, "point": [2, 3], "normal": [0, -1]}, "weapon": "rifle"}', 3);
    expect(r).toEqual({ ok: true, ray: { line: 3, id: "los-1", from: [1, 2], to: [3, 4], mask: 5, frame: 7, time: 0.25, tag: "los", expect: { hit: true, shape: "wall", fraction: 0.5, point: [2, 3], normal: [0, -1] }, extra: { weapon: "rifle" } } });
    expect(parseRayLine("   ", 4)).toEqual({ ok: true, ray: null });
  });

  it.each([
    ['{"id": "a", "from": [0, 0], "to": [1', 1, /not valid JSON/],
    ['{"id": "a", "to": [1, 1]}', 2, /^from: is missing \(expected a point \[x, y\]\)$/],
    ['{"id": "r3", "from": [1], "to": [1, 1]}', 2, /^from: a point is \[x, y\]$/],
    ['{"id": "a", "from": [0, 0], "to": [1, 1], "frame": -2}', 2, /^frame: must be at least 0$/],
    ['{"id": "", "from": [0, 0], "to": [1, 1]}', 3, /^id: must not be empty$/],
    ['{"id": "a", "from": [0, "x"], "to": [1, 1]}', 4, /^from\[1\]: /],
    ['{"id": "a", "from": [1e400, 0], "to": [1, 1]}', 5, /^from\[0\]: /],
    ['{"id": "a", "from": [1e16, 0], "to": [1, 1]}', 6, /^from\[0\]: /],
    ['{"id": "a", "from": [0, 0], "to": [1, 1], "mask": -1}', 7, /^mask: must be a whole number from 0 to 4294967295 \(-1 is Unity's 'everything': use 4294967295\)$/],
    ['{"id": "a", "from": [0, 0], "to": [1, 1], "mask": 1.5}', 7, /^mask: must be a whole number from 0 to 4294967295 \(got 1\.5\)$/],
    ['{"id": "a", "from": [0, 0], "to": [1, 1], "expect": {"hit": true, "normal": [0, 0]}}', 7, /^expect\.normal must not be \[0, 0\]/],
    ['{"id": "a", "from": [0, 0], "to": [1, 1], "expect": {"shape": "w"}}', 8, /^expect\.hit: is missing/],
    ['[1, 2]', 9, /^the line: expected an object, got an array$/],
  ])("a bad line is a problem with its line number: %s", (text, line, message) => {
    const r = parseRayLine(text, line);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem.line).toBe(line);
      expect(r.problem.message).toMatch(message);
    }
  });

  it("text that is not JSON gets a column", () => {
    const r = parseRayLine('{"id": "a",, "from": [0, 0]}', 1);
    expect(!r.ok && r.problem.column).toBeGreaterThan(1);
  });

  it("rayLine writes the record back with a new expectation, unknown fields kept", () => {
    const r = parseRayLine('{"id": "a", "from": [0, 0], "to": [1, 1], "tag": "t", "weapon": "rifle", "expect": {"hit": false}}', 1);
    if (!r.ok || !r.ray) throw new Error("parse");
    expect(JSON.parse(rayLine(r.ray, { hit: true, shape: "w" }))).toEqual({ id: "a", from: [0, 0], to: [1, 1], tag: "t", weapon: "rifle", expect: { hit: true, shape: "w" } });
  });
});

describe("compareRay", () => {
  it("unchecked without an expectation", () => {
    expect(compareRay(ray(), hit("w", 5)).status).toBe("unchecked");
  });

  it("ok: the same miss, the same shape within the tolerance, a hit with nothing more recorded", () => {
    expect(compareRay(ray({ expect: { hit: false } }), null).status).toBe("ok");
    expect(compareRay(ray({ expect: { hit: true, shape: "w", point: [5, 0.005] } }), hit("w", 5)).status).toBe("ok");
    expect(compareRay(ray({ expect: { hit: true } }), hit("w", 5)).status).toBe("ok");
  });

  it("each mismatch by its kind, with the distance where there is one", () => {
    expect(compareRay(ray({ expect: { hit: true, shape: "w" } }), null).mismatch).toEqual({ kind: "lost-hit" });
    expect(compareRay(ray({ expect: { hit: false } }), hit("w", 5)).mismatch).toEqual({ kind: "new-hit" });
    expect(compareRay(ray({ expect: { hit: true, shape: "v", point: [5, 0] } }), hit("w", 8)).mismatch).toEqual({ kind: "other-shape", distance: 3 });
    expect(compareRay(ray({ expect: { hit: true, shape: "w", point: [5, 0] } }), hit("w", 5.5)).mismatch).toEqual({ kind: "moved-point", distance: 0.5 });
    // The tolerance decides.
    expect(compareRay(ray({ expect: { hit: true, shape: "w", point: [5, 0] } }), hit("w", 5.5), 0.6).status).toBe("ok");
  });

  it("the tally counts statuses and kinds; expectationOf records a hit or a miss", () => {
    const t = new ReplayTally(0.01);
    t.add(compareRay(ray({ expect: { hit: false } }), hit("w", 5)));
    t.add(compareRay(ray(), null));
    t.add(compareRay(ray({ expect: { hit: false } }), null));
    expect(t.summary()).toEqual({ total: 3, ok: 1, mismatch: 1, unchecked: 1, byKind: { "lost-hit": 0, "new-hit": 1, "other-shape": 0, "moved-point": 0, "turned-normal": 0 }, tolerance: 0.01 });
    expect(expectationOf(null)).toEqual({ hit: false });
    expect(expectationOf(hit("w", 5))).toEqual({ hit: true, shape: "w", fraction: 0.5, point: [5, 0], normal: [-1, 0] });
  });
});

describe("replayJUnit", () => {
  it("a suite per tag, a case per ray, failures for mismatches, escaped names", () => {
    const results = [
      compareRay(ray({ id: 'a<&"b', tag: "los", expect: { hit: false } }), hit("w", 5)),
      compareRay(ray({ id: "c", tag: "los", expect: { hit: false } }), null),
      compareRay(ray({ id: "d" }), null),
    ];
    const t = new ReplayTally(0.01);
    for (const r of results) t.add(r);
    const xml = replayJUnit(results, t.summary(), "log.jsonl");
    expect(xml).toContain('<testsuites name="log.jsonl" tests="3" failures="1" errors="0" skipped="1">');
    expect(xml).toContain('<testsuite name="los" tests="2" failures="1" skipped="0">');
    expect(xml).toContain('<testsuite name="untagged" tests="1" failures="0" skipped="1">');
    expect(xml).toContain('name="a&lt;&amp;&quot;b"><failure type="new-hit" message="new hit: expected no hit, the ray now hits w at (5, 0)">');
    expect(xml).not.toMatch(/name="a<&/);
  });
});

describe("collider-studio replay", () => {
  const dir = mkdtempSync(join(tmpdir(), "replay-"));
  const scene = join(dir, "level.json");
  writeFileSync(scene, JSON.stringify({
    format: "collider-studio-scene", version: 1,
    shapes: [
      { id: "wall", type: "box", x: 10, y: 0, width: 2, height: 10 },
      { id: "post", type: "circle", x: 20, y: 0, radius: 1, collisionLayer: 2 },
    ],
  }));
  const line = (o: object) => JSON.stringify(o);
  const log = (name: string, lines: string[]) => {
    const file = join(dir, name);
    writeFileSync(file, lines.join("\n") + "\n");
    return file;
  };
  const run = async (argv: string[]) => {
    let out = "", err = "";
    const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readText: readTextFile, writeText: async (p, t) => {
      writeFileSync(p, t);
      return null;
    } };
    const code = await runCli(argv, io);
    expect(err).not.toMatch(/^\s{4}at /m);
    return { code, out, err };
  };

  const good = [
    line({ id: "hits-wall", from: [0, 0], to: [30, 0], expect: { hit: true, shape: "wall", point: [9, 0] } }),
    line({ id: "misses", from: [0, 20], to: [30, 20], expect: { hit: false } }),
    line({ id: "post-only", from: [30, 0], to: [0, 0], mask: 2, expect: { hit: true, shape: "post", point: [21, 0] } }),
    "",
    line({ id: "unchecked", from: [0, 0], to: [30, 0], tag: "los" }),
  ];

  it("every expectation holding: exit 0, a summary line", async () => {
    const r = await run(["replay", scene, log("good.jsonl", good)]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(r.out).toBe("4 rays: 3 ok, 0 mismatching, 1 unchecked\n");
  });

  it("mismatches: exit 1, each listed by kind; --json, --junit and --record", async () => {
    const bad = log("bad.jsonl", [
      line({ id: "was-post", from: [0, 0], to: [30, 0], tag: "los", expect: { hit: true, shape: "post", point: [19, 0] } }),
      line({ id: "moved", from: [0, 0], to: [30, 0], expect: { hit: true, shape: "wall", point: [8, 0] } }),
      line({ id: "new", from: [0, 0], to: [30, 0], expect: { hit: false } }),
      line({ id: "lost", from: [0, 20], to: [30, 20], expect: { hit: true, shape: "wall" } }),
    ]);
    const r = await run(["replay", scene, bad]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("4 rays: 0 ok, 4 mismatching (1 lost-hit, 1 new-hit, 1 other-shape, 1 moved-point), 0 unchecked");
    expect(r.out).toContain("  moved (line 2): moved hit point: wall hit at (9, 0), 1 from the expected (8, 0)");
    const junit = join(dir, "out.xml"), record = join(dir, "baseline.jsonl"), html = join(dir, "report.html");
    const j = await run(["replay", scene, bad, "--json", "--junit", junit, "--record", record, "--html", html]);
    expect(j.code).toBe(1);
    const doc = JSON.parse(j.out) as { results: { id: string; status: string; mismatch?: string }[]; summary: { mismatch: number } };
    expect(doc.results.map((x) => `${x.id}:${x.mismatch}`)).toEqual(["was-post:other-shape", "moved:moved-point", "new:new-hit", "lost:lost-hit"]);
    expect(doc.summary.mismatch).toBe(4);
    expect(readFileSync(junit, "utf8")).toContain('failures="4"');
    // The HTML report: the level and one line per mismatching ray, nothing fetched from outside.
    const page = readFileSync(html, "utf8");
    expect(page).toContain("Replay of bad.jsonl");
    expect(page.match(/<line class="ray"/g)?.length).toBe(4);
    expect(page).not.toMatch(/https?:\/\//);
    // The recorded baseline replays clean.
    const again = await run(["replay", scene, record]);
    expect(again).toMatchObject({ code: 0, out: "4 rays: 4 ok, 0 mismatching, 0 unchecked\n" });
  });

  it("a long log in bounded memory: the JUnit report spools every ray (the same bytes as replayJUnit, over more tags than files kept open), the terminal and the HTML keep a bounded number", async () => {
    // 300 rays over 40 tags, many mismatching (a wrong expected point; rays above the wall lose their hit).
    const rays = Array.from({ length: 300 }, (_, i) => line({ id: `r${i}`, from: [0, i % 7], to: [30, i % 7], tag: `t${i % 40}`, expect: { hit: true, shape: "wall", point: [i % 3 === 0 ? 5 : 9, i % 7] } }));
    const file = log("long.jsonl", rays);
    const junit = join(dir, "long.xml"), html = join(dir, "long.html");
    let out = "";
    const io = { stdout: (t: string) => void (out += t), stderr: () => {}, writeText: async (p: string, t: string) => writeFileSync(p, t) };
    const parsed = parseScene(readFileSync(scene, "utf8"));
    if (!parsed.ok) throw new Error("scene");
    let leftOut = -1, keptCount = -1;
    const code = await replay(parsed.scene, "level.json", file, { junit, html, keep: { mismatches: 3, others: 5 } }, io, (sc, results, summary, o) => {
      leftOut = o.leftOut;
      keptCount = results.length;
      return replayHtmlReport(sc, results, summary, o);
    });
    expect(code).toBe(1);
    // The reference: every ray cast and compared here, the whole report built in memory.
    const world = new CollisionWorld();
    world.sync(parsed.scene.shapes);
    const all: ReplayResult[] = rays.map((l, i) => {
      const r = parseRayLine(l, i + 1);
      if (!r.ok || !r.ray) throw new Error("line");
      return replayRecordedRay(world, r.ray, 0.01);
    });
    const tally = new ReplayTally(0.01);
    for (const r of all) tally.add(r);
    expect(readFileSync(junit, "utf8")).toBe(replayJUnit(all, tally.summary(), "long.jsonl"));
    const mismatches = tally.summary().mismatch;
    expect(mismatches).toBeGreaterThan(50);
    // Kept: the first 3 mismatches and the first 5 others; the other 292 counted as left out.
    expect([keptCount, leftOut]).toEqual([8, 292]);
    expect(readFileSync(html, "utf8")).toContain("292 of its 300 rays are counted above but not drawn or listed below");
    expect(out).toContain(`… and ${mismatches - 3} more mismatches (--junit lists every one)`);
    expect(out.match(/^ {2}r\d+ \(line/gm)?.length).toBe(3);
  });

  it("golden files: the --json output and the JUnit XML of a log with every kind of verdict", async () => {
    const log = join(dir, "golden.jsonl");
    writeFileSync(log, [
      line({ id: "ok-wall", from: [0, 0], to: [30, 0], tag: "los", frame: 1, expect: { hit: true, shape: "wall", point: [9, 0] } }),
      line({ id: "moved", from: [0, 1], to: [30, 1], tag: "los", frame: 2, expect: { hit: true, shape: "wall", point: [8, 1] } }),
      line({ id: "lost", from: [0, 20], to: [30, 20], tag: "bullets", frame: 3, expect: { hit: true, shape: "wall", point: [9, 20] } }),
      line({ id: "new", from: [0, -1], to: [30, -1], tag: "bullets", expect: { hit: false } }),
      line({ id: "other", from: [30, 0], to: [0, 0], mask: 2, expect: { hit: true, shape: "wall", point: [11, 0] } }),
      line({ id: "unchecked", from: [0, 2], to: [30, 2] }),
    ].join("\n") + "\n");
    const junit = join(dir, "golden.xml");
    const r = await run(["replay", scene, log, "--json", "--junit", junit]);
    expect(r.code).toBe(1);
    golden("replay.json", r.out);
    golden("replay.junit.xml", readFileSync(junit, "utf8"));
  });

  it("a malformed line refuses the log with its line number (exit 2), or is skipped with --skip-bad-lines", async () => {
    const file = log("broken.jsonl", [good[0]!, '{"id": "x", "from": [0, 0]}', good[1]!]);
    const r = await run(["replay", scene, file]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${file}:2: to: is missing (expected a point [x, y])\n${file}: refused (a malformed line; --skip-bad-lines replays the others)\n`);
    const s = await run(["replay", scene, file, "--skip-bad-lines"]);
    expect(s.code).toBe(0);
    expect(s.err).toBe(`${file}:2: to: is missing (expected a point [x, y]) (skipped)\n`);
    expect(s.out).toBe("2 rays: 2 ok, 0 mismatching, 0 unchecked; 1 bad line skipped\n");
  });

  it("a missing log or a bad tolerance: exit 2 with a message", async () => {
    expect(await run(["replay", scene, join(dir, "nope.jsonl")])).toMatchObject({ code: 2, err: `cannot read ${join(dir, "nope.jsonl")}: no such file\n` });
    const t = await run(["replay", scene, log("t.jsonl", good), "--tolerance", "-1"]);
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/at least 0/);
  });
});
