// `collider-studio replay` (and the other commands that write files) on real files: an output
// that is an input is refused before anything is touched, a refused log leaves --record as it
// was and prints no --json document, input errors exit 2 with the file named, a run that checked
// nothing is not green, skipped lines reach the JUnit report, a BOM is read.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, type CliIO } from "../../core/node/cli";
import { readTextFile, writeTextFile } from "../../core/node/files";
import { terminalSafe } from "../../core/node/replay";

const dir = mkdtempSync(join(tmpdir(), "replay-fixes-"));
const scene = join(dir, "level.json");
const SCENE_TEXT = JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [{ id: "wall", type: "box", x: 10, y: 0, width: 2, height: 10 }] }, null, 2);
writeFileSync(scene, SCENE_TEXT);
const line = (o: object) => JSON.stringify(o);
const GOOD = line({ id: "hits-wall", from: [0, 0], to: [30, 0], expect: { hit: true, shape: "wall", point: [9, 0] } });
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const run = async (argv: string[]) => {
  let out = "", err = "";
  const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile };
  const code = await runCli(argv, io);
  expect(err).not.toMatch(/^\s{4}at /m);
  expect(err).not.toContain("internal error");
  return { code, out, err };
};

describe("an output that is an input (or another output) is refused, exit 2, nothing written", () => {
  it("--record onto the scene, through a symbolic link; --junit onto the log; two outputs on one file", async () => {
    const log = write("base.jsonl", GOOD + "\n");
    const before = readFileSync(log, "utf8");
    const onScene = await run(["replay", scene, log, "--record", join(dir, ".", "level.json")]);
    expect(onScene.code).toBe(2);
    expect(onScene.err).toContain(`is the same file as the scene ${scene} (an input)`);
    expect(readFileSync(scene, "utf8")).toBe(SCENE_TEXT);
    const link = join(dir, "link.jsonl");
    symlinkSync(log, link);
    expect((await run(["replay", scene, log, "--junit", link])).code).toBe(2);
    expect(readFileSync(log, "utf8")).toBe(before);
    const both = await run(["replay", scene, log, "--junit", join(dir, "out.xml"), "--html", join(dir, "out.xml")]);
    expect(both.code).toBe(2);
    expect(both.err).toContain("(another output)");
  });

  it("the other commands that write files: export -o, probes --ray-log, import -o, trace -o", async () => {
    const cases = [
      ["export", scene, "--format", "godot", "-o", scene],
      ["probes", scene, "--ray-log", scene],
      ["trace", scene, "-o", scene],
    ];
    for (const argv of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.err, argv.join(" ")).toContain("is the same file as");
      expect(readFileSync(scene, "utf8")).toBe(SCENE_TEXT);
    }
    const map = write("map.tmj", "{}");
    const imp = await run(["import", map, "-o", map]);
    expect(imp.code).toBe(2);
    expect(readFileSync(map, "utf8")).toBe("{}");
  });
});

describe("a refused log leaves every output as it was", () => {
  const lines = Array.from({ length: 150 }, (_, i) => (i === 119 ? "{ broken" : line({ id: `r${i}`, from: [0, 0], to: [30, 0], expect: { hit: true, shape: "wall", point: [9, 0] } })));
  const bad = write("bad-mid.jsonl", lines.join("\n") + "\n");

  it("--record keeps its old content (no 119-line baseline), no part file is left; --json prints nothing", async () => {
    const out = write("baseline.jsonl", "old baseline\n");
    const r = await run(["replay", scene, bad, "--record", out, "--json"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${bad}:120:3: not valid JSON`);
    expect(r.out).toBe("");
    expect(readFileSync(out, "utf8")).toBe("old baseline\n");
    expect(readdirSync(dir).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  it("a good run replaces the baseline (the old one kept as .bak) and prints one whole --json document", async () => {
    const log = write("good.jsonl", GOOD + "\n");
    const out = write("baseline2.jsonl", "old\n");
    const r = await run(["replay", scene, log, "--record", out, "--json"]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { summary: { ok: number } }).summary.ok).toBe(1);
    expect(readFileSync(out, "utf8")).toContain('"id":"hits-wall"');
    expect(readFileSync(`${out}.bak`, "utf8")).toBe("old\n");
  });
});

describe("input errors exit 2 and name the file", () => {
  it("swapped arguments: a ray log as the scene, a scene as the log", async () => {
    const log = write("swap.jsonl", GOOD + "\n");
    const a = await run(["replay", log, scene]);
    expect(a.code).toBe(2);
    expect(a.err).toBe(`${log} looks like a ray log, not a scene: the scene comes first (collider-studio replay SCENE.json RAYS.jsonl)\n`);
    const other = write("other.json", JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [] }, null, 2));
    const b = await run(["replay", scene, other]);
    expect(b.code).toBe(2);
    expect(b.err).toBe(`${other} looks like a scene, not a ray log: the scene comes first (collider-studio replay SCENE.json RAYS.jsonl)\n`);
  });

  it("a scene that does not validate is exit 2 (1 is a mismatch), its problems named", async () => {
    const broken = write("broken.json", '{"format": "collider-studio-scene", "version": 1, "shapes": [{"id": "a"}]}');
    const r = await run(["replay", broken, write("one.jsonl", GOOD + "\n")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${broken}: not a valid scene`);
  });

  it("a directory as the log", async () => {
    const folder = join(dir, "logs");
    mkdirSync(folder);
    const r = await run(["replay", scene, folder]);
    expect(r).toMatchObject({ code: 2, err: `cannot read ${folder}: it is a directory (the ray log is a .jsonl file)\n` });
  });
});

describe("a run that checked no ray is not green", () => {
  it("an empty log, every line skipped, no expectation: exit 2 with why; --allow-unchecked: exit 0", async () => {
    const empty = write("empty.jsonl", "");
    const e = await run(["replay", scene, empty]);
    expect(e.code).toBe(2);
    expect(e.err).toContain(`${empty}: nothing was checked: the log has no rays`);
    expect((await run(["replay", scene, empty, "--allow-unchecked"])).code).toBe(0);
    const allBad = write("allbad.jsonl", "{ x\n{ y\n");
    const s = await run(["replay", scene, allBad, "--skip-bad-lines"]);
    expect(s.code).toBe(2);
    expect(s.err).toContain("nothing was checked: every line (2) was bad and skipped");
    const raw = write("raw.jsonl", line({ id: "a", from: [0, 0], to: [30, 0] }) + "\n");
    const u = await run(["replay", scene, raw]);
    expect(u.code).toBe(2);
    expect(u.err).toContain('none of its 1 ray has an "expect"');
    // Recording a first baseline from such a log is fine.
    expect((await run(["replay", scene, raw, "--record", join(dir, "first.jsonl")])).code).toBe(0);
  });

  it("with --skip-bad-lines each skipped line is an error test case in the JUnit report", async () => {
    const log = write("mixed.jsonl", [GOOD, "{ broken", line({ id: "x", from: [0, 0] })].join("\n") + "\n");
    const junit = join(dir, "mixed.xml");
    const r = await run(["replay", scene, log, "--skip-bad-lines", "--junit", junit]);
    expect(r.code).toBe(0);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain('tests="3" failures="0" errors="2" skipped="0"');
    expect(xml).toContain('<testcase classname="mixed.jsonl.(bad lines)" name="line 2:3"><error type="bad-line" message="not valid JSON">');
    expect(xml).toContain('name="line 3"><error type="bad-line" message="to: is missing (expected a point [x, y])">');
  });
});

describe("reading and printing", () => {
  it("a log opening with a byte order mark is read", async () => {
    const log = write("bom.jsonl", "\ufeff" + GOOD + "\n");
    expect(await run(["replay", scene, log])).toMatchObject({ code: 0, out: "1 rays: 1 ok, 0 mismatching, 0 unchecked\n" });
  });

  it("control characters in ids are escaped on the terminal", async () => {
    expect(terminalSafe("a\u001b[2Jb\u0007")).toBe("a\\u001b[2Jb\\u0007");
    const log = write("ctrl.jsonl", line({ id: "evil\u001b[2J", from: [0, 0], to: [30, 0], expect: { hit: false } }) + "\n");
    const r = await run(["replay", scene, log]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("evil\\u001b[2J (line 1)");
    expect(r.out).not.toContain("\u001b");
  });
});

describe("repeated ids", () => {
  it("are warned of on stderr, counted in --json's summary and shown in the HTML report", async () => {
    const log = write("dup.jsonl", [GOOD, GOOD, line({ id: "other", from: [0, 0], to: [30, 0], expect: { hit: true, shape: "wall", point: [9, 0] } })].join("\n") + "\n");
    const html = join(dir, "dup.html");
    const r = await run(["replay", scene, log, "--json", "--html", html]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`${log}: warning: ray id "hits-wall" is used again at line 2 (first at line 1)`);
    expect(r.err).toContain("1 repeated id: CI lists test cases by id");
    expect((JSON.parse(r.out) as { summary: { repeatedIds: number } }).summary.repeatedIds).toBe(1);
    expect(readFileSync(html, "utf8")).toContain("ray id &#34;hits-wall&#34; is used again at line 2");
  });
});

describe("an output that cannot be written", () => {
  it("--record into a folder that does not exist: exit 2 naming it, nothing else written", async () => {
    const log = write("ok.jsonl", GOOD + "\n");
    const out = join(dir, "no-such-folder", "base.jsonl");
    const r = await run(["replay", scene, log, "--record", out]);
    expect(r).toMatchObject({ code: 2, err: `cannot write ${out}: no such file\n` });
  });
});

// A QA review of the replay: accepting a new baseline took two steps (--record onto the log was
// refused), a mismatch never said why, rays were named by id alone, a long run had no summary by
// shape, a wrong level gave no hint, and a log cut at a line break or from a newer format passed.
describe("--record onto the ray log itself accepts this run as its new baseline", () => {
  it("the log is read whole, then replaced; the old one kept as .bak; stderr says so; the exit is the comparison's", async () => {
    const log = write("accept.jsonl", line({ id: "moved", from: [0, 0], to: [30, 0], expect: { hit: true, shape: "wall", point: [8, 0] } }) + "\n");
    const before = readFileSync(log, "utf8");
    const r = await run(["replay", scene, log, "--record", log]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${log}: recorded this run as its new baseline (the old one kept as ${log}.bak)\n`);
    expect(readFileSync(`${log}.bak`, "utf8")).toBe(before);
    expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({ id: "moved", expect: { hit: true, shape: "wall", point: [9, 0] } });
    expect((await run(["replay", scene, log])).code).toBe(0);
    // Still refused: another output onto the log, --record onto the scene beside it.
    expect((await run(["replay", scene, log, "--record", log, "--junit", log])).code).toBe(2);
    expect((await run(["replay", scene, log, "--record", scene])).code).toBe(2);
    expect(readFileSync(scene, "utf8")).toBe(SCENE_TEXT);
  });

  // Regression: with --skip-bad-lines the log was replaced without its bad lines, silently, and a
  // second such run replaced the .bak that still held them: the lines were lost for good.
  it("is refused (exit 2, nothing written) when --skip-bad-lines skipped lines, naming them and how to proceed", async () => {
    const text = [GOOD, "{oops", line({ id: "b", from: [0, 0] }), GOOD.replace("hits-wall", "c"), "[]", "nope"].join("\n") + "\n";
    const log = write("bad-lines.jsonl", text);
    const junit = join(dir, "bad-lines.xml");
    for (let i = 0; i < 2; i++) {
      const r = await run(["replay", scene, log, "--skip-bad-lines", "--record", log, "--json", "--junit", junit]);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toBe(`${log}:2:2: not valid JSON\n${log}: refused: --record onto the log itself would drop its 4 bad lines (lines 2, 3, 5, …) from it; fix them, or --record to another file\n`);
      expect(readFileSync(log, "utf8")).toBe(text);
    }
    expect(readdirSync(dir).filter((f) => f.startsWith("bad-lines."))).toEqual(["bad-lines.jsonl"]);
    const one = write("one-bad.jsonl", GOOD + "\n{oops\n");
    expect((await run(["replay", scene, one, "--skip-bad-lines", "--record", one])).err).toContain("would drop its 1 bad line (line 2) from it; fix it, or --record to another file");
    // To another file, the bad lines are skipped as before.
    const other = join(dir, "bad-lines-new.jsonl");
    const elsewhere = await run(["replay", scene, log, "--skip-bad-lines", "--record", other]);
    expect(elsewhere.code).toBe(0);
    expect(readFileSync(other, "utf8").trim().split("\n")).toHaveLength(2);
    expect(readFileSync(log, "utf8")).toBe(text);
  });
});

describe("what a replay says about each mismatch, and in sum", () => {
  const level = write("coins.json", JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [
    { id: "plat-2", type: "box", x: 520, y: 320, width: 200, height: 20 },
    { id: "coin-2", type: "circle", x: 520, y: 290, radius: 10, sensor: true },
  ] }));
  const rays = write("coins.jsonl", [
    line({ id: "ray-1", name: "floor probe A", from: [520, 100], to: [520, 400], expect: { hit: true, shape: "coin-2", point: [520, 280] } }),
    line({ id: "ray-2", from: [400, 100], to: [400, 400], expect: { hit: true, shape: "plat-1", point: [400, 290] } }),
    line({ id: "ray-3", from: [500, 100], to: [500, 400], expect: { hit: true, shape: "plat-2", point: [500, 300] } }),
  ].join("\n") + "\n");

  it("the text names each ray by id and name, says why, and sums the mismatches by shape", async () => {
    const r = await run(["replay", level, rays]);
    expect(r.code).toBe(1);
    expect(r.out).toBe([
      "3 rays: 0 ok, 3 mismatching (1 lost-hit, 1 other-shape, 1 moved-point), 0 unchecked",
      '  ray-1 "floor probe A" (line 1): other shape: expected coin-2 at (520, 280), the ray now hits plat-2 at (520, 310): coin-2 is now a sensor; rays pass through sensors unless includeSensors',
      "  ray-2 (line 2): lost hit: expected plat-1 at (400, 290), the ray now hits nothing: plat-1 is no longer in the scene",
      "  ray-3 (line 3): moved hit point: plat-2 hit at (500, 310), 10 from the expected (500, 300)",
      "mismatches by shape:",
      "  coin-2: 1 ray: other-shape 1",
      "  plat-1: 1 ray: lost-hit 1",
      "  plat-2: 1 ray: moved-point 1 (10)",
      "",
    ].join("\n"));
    expect(r.err).toBe("");
  });

  it("--json: each result gains name, line and reason; the summary byShape; a JUnit case is named by the id, its failure text names the ray in full", async () => {
    const junit = join(dir, "coins.xml");
    const r = await run(["replay", level, rays, "--json", "--junit", junit]);
    const doc = JSON.parse(r.out) as { results: Record<string, unknown>[]; summary: { byShape: unknown[] } };
    expect(doc.results[0]).toMatchObject({ id: "ray-1", name: "floor probe A", line: 1, mismatch: "other-shape", reason: { kind: "now-sensor", shape: "coin-2" } });
    expect(doc.results[1]).toMatchObject({ id: "ray-2", line: 2, reason: { kind: "shape-gone", shape: "plat-1" } });
    expect(doc.results[1]).not.toHaveProperty("name");
    expect(doc.summary.byShape[2]).toEqual({ shape: "plat-2", rays: 1, kinds: [{ kind: "moved-point", count: 1, min: 10, max: 10, median: 10 }] });
    expect(readFileSync(junit, "utf8")).toContain('name="ray-1"><failure type="other-shape" message="other shape: expected coin-2 at (520, 280), the ray now hits plat-2 at (520, 310): coin-2 is now a sensor; rays pass through sensors unless includeSensors">ray-1 &quot;floor probe A&quot;, line 1,');
  });

  it("one moved platform against many rays: one summary line for it, at most 20 shapes then how many more", async () => {
    const shapes = Array.from({ length: 25 }, (_, i) => ({ id: `p${String(i).padStart(2, "0")}`, type: "box", x: i * 100, y: 300, width: 40, height: 20 }));
    const moved = write("many.json", JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: shapes.map((s) => (s.id === "p00" ? { ...s, y: 310 } : s)) }));
    const lines: string[] = [];
    for (let k = 0; k < 50; k++) lines.push(line({ id: `a${k}`, from: [k % 10 - 5, 0], to: [k % 10 - 5, 600], expect: { hit: true, shape: "p00", point: [k % 10 - 5, 290 - (k % 3)] } }));
    for (const s of shapes.slice(1)) lines.push(line({ id: `g-${s.id}`, from: [s.x, 0], to: [s.x, 600], expect: { hit: true, shape: `${s.id}-old`, point: [s.x, 290] } }));
    const r = await run(["replay", moved, write("many.jsonl", lines.join("\n") + "\n")]);
    const summary = r.out.slice(r.out.indexOf("mismatches by shape:\n"));
    expect(summary.split("\n").slice(1, 2)).toEqual(["  p00: 50 rays: moved-point 50 (10–12, median 11)"]);
    expect(summary.split("\n").filter((l) => l.startsWith("  ")).length).toBe(21);
    expect(summary).toContain("  and 5 more shapes (5 rays)\n");
  });

  it("a log replayed against the wrong level: one warning naming a few of the shapes it expects", async () => {
    const r = await run(["replay", scene, rays]);
    expect(r.err).toBe(`${rays}: warning: none of the 3 shapes this log expects (coin-2, plat-1, plat-2) are in level.json: is this the right level?\n`);
  });
});

describe("a log that is not whole", () => {
  it("--expect-rays N: another count refuses the run (exit 2), writing no output; the right count passes", async () => {
    const log = write("cut.jsonl", GOOD + "\n" + GOOD.replace("hits-wall", "second") + "\n");
    const out = write("cut-base.jsonl", "old\n");
    const r = await run(["replay", scene, log, "--expect-rays", "3", "--record", out, "--json"]);
    expect(r).toMatchObject({ code: 2, out: "", err: `${log}: refused: it holds 2 rays, --expect-rays 3 (a log cut short?)\n` });
    expect(readFileSync(out, "utf8")).toBe("old\n");
    expect((await run(["replay", scene, log, "--expect-rays", "2"])).code).toBe(0);
    expect((await run(["replay", scene, log, "--expect-rays", "0"])).code).toBe(2);
  });

  it("a line of a newer version of the format refuses the log, naming the version", async () => {
    const log = write("v2.jsonl", GOOD + "\n" + line({ version: 2, id: "x", from: [0, 0], to: [1, 0] }) + "\n");
    const r = await run(["replay", scene, log]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${log}:2: version 2: this build reads ray logs up to version 1`);
  });
});
