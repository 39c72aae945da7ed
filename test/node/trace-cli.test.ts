// `collider-studio trace`: PNGs made here with fast-png's encoder, traced in process through
// runCli on temporary files, and once through a bundle of the binary (fast-png bundled in).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { encode } from "fast-png";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScene } from "../../core/index";
import type { ChainShape, PolygonShape } from "../../core/scene/types";
import { runCli, type CliIO } from "../../core/node/cli";
import { readTextFile, writeTextFile } from "../../core/node/files";
import { imageBaseName } from "../../core/node/trace";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const STACK_LINE = /^\s{4}at /m;
let dir = "";

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs the CLI in process on real files in the temporary folder. */
async function run(argv: readonly string[], progress?: (text: string) => void): Promise<Run> {
  let out = "", err = "";
  const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile, ...(progress ? { progress } : {}) };
  const code = await runCli(argv.map((a) => (a.endsWith(".png") || a.endsWith(".json") ? join(dir, a) : a)), io);
  expect(out).not.toMatch(STACK_LINE);
  expect(err).not.toMatch(STACK_LINE);
  return { code, out, err: err.split(dir + "/").join("") };
}

/** An RGBA PNG whose alpha is `alpha(i, j)`. */
function png(width: number, height: number, alpha: (i: number, j: number) => number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) data[4 * (j * width + i) + 3] = alpha(i, j);
  return encode({ width, height, data });
}

/** A ring 64 px across with a hole, and a square beside it: two blobs, one with a hole (three outlines). */
const art = () => png(100, 70, (i, j) => {
  const d = Math.hypot(i + 0.5 - 35, j + 0.5 - 35);
  return (d <= 32 && d >= 14) || (i >= 75 && i < 95 && j >= 25 && j < 45) ? 255 : 0;
});

const shapesOf = (file: string): PolygonShape[] => {
  const parsed = parseScene(readFileSync(join(dir, file), "utf8"));
  expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  return parsed.ok ? (parsed.scene.shapes as PolygonShape[]) : [];
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "collider-studio-trace-"));
  writeFileSync(join(dir, "art.png"), art());
  writeFileSync(join(dir, "clear.png"), png(8, 8, () => 0));
  writeFileSync(join(dir, "ell.png"), png(30, 30, (i, j) => (i < 10 || j >= 20 ? 255 : 0)));
  writeFileSync(join(dir, "faint.png"), png(20, 20, (i) => (i < 10 ? 255 : 150)));
  // A 30 × 20 block with a 3 × 3 pinhole, and three specks of 1, 4 and 9 pixels.
  writeFileSync(join(dir, "dusty.png"), png(60, 40, (i, j) => ((i >= 10 && i < 40 && j >= 10 && j < 30 && !(i >= 20 && i < 23 && j >= 15 && j < 18)) || (i === 50 && j === 5) || (i >= 50 && i < 52 && j >= 20 && j < 22) || (i >= 45 && i < 48 && j >= 33 && j < 36) ? 255 : 0)));
  writeFileSync(join(dir, "scene.json"), '{"format": "collider-studio-scene", "version": 1, "shapes": []}\n');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("trace (in process)", () => {
  it("writes a valid scene of convex polygons named after the image, and says so in one line", async () => {
    const r = await run(["trace", "art.png", "-o", "art.json"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/^art\.png: traced 2 blobs \(1 hole\) into \d+ convex pieces, IoU 0\.9[789]\d\d; wrote the scene to art\.json\n$/);
    const shapes = shapesOf("art.json");
    expect(shapes.length).toBe(Number(/into (\d+) convex/.exec(r.err)![1]));
    expect(shapes.map((s) => s.id)).toEqual(shapes.map((_, k) => `art-${k + 1}`));
    expect(shapes.map((s) => s.name)).toEqual(shapes.map((s) => s.id));
    for (const s of shapes) {
      expect(s.type).toBe("polygon");
      expect(s.points.length).toBeLessThanOrEqual(8);
      for (const [x, y] of s.points) {
        expect(s.x + x).toBeGreaterThanOrEqual(0);
        expect(s.x + x).toBeLessThanOrEqual(100);
        expect(s.y + y).toBeGreaterThanOrEqual(0);
        expect(s.y + y).toBeLessThanOrEqual(70);
      }
    }
    // Again over it: the file it replaced is kept.
    const again = await run(["trace", "art.png", "-o", "art.json"]);
    expect(again.err).toMatch(/; wrote the scene to art\.json \(the file it replaced is kept as .*art\.json\.bak\)\n$/);
    expect(existsSync(join(dir, "art.json.bak"))).toBe(true);
  });

  it("the options reach the tracer: vertex limit, placement, scale, alpha threshold and tolerance", async () => {
    expect((await run(["trace", "art.png", "-o", "tri.json", "--max-vertices", "3"])).code).toBe(0);
    expect(shapesOf("tri.json").every((s) => s.points.length === 3)).toBe(true);

    expect((await run(["trace", "art.png", "-o", "placed.json", "--x", "-50", "--y", "10", "--scale", "0.5"])).code).toBe(0);
    const xs = shapesOf("placed.json").flatMap((s) => s.points.map(([x]) => s.x + x)), ys = shapesOf("placed.json").flatMap((s) => s.points.map(([, y]) => s.y + y));
    expect(Math.min(...xs)).toBeCloseTo(-50 + 0.5 * 3, 0);
    expect(Math.max(...xs)).toBeCloseTo(-50 + 0.5 * 95, 6);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...ys)).toBeLessThanOrEqual(10 + 0.5 * 70);

    // Alpha 150 is opaque at the default threshold, not at 200: the square grows from 10 to 20 px wide.
    const wide = await run(["trace", "faint.png", "-o", "faint.json"]);
    const narrow = await run(["trace", "faint.png", "-o", "faint-200.json", "--alpha", "200"]);
    expect([wide.code, narrow.code]).toEqual([0, 0]);
    const right = (file: string) => Math.max(...shapesOf(file).flatMap((s) => s.points.map(([x]) => s.x + x)));
    expect([right("faint.json"), right("faint-200.json")]).toEqual([20, 10]);

    const exact = await run(["trace", "art.png", "-o", "exact.json", "--tolerance", "0"]);
    expect(exact.err).toMatch(/IoU 1\.0000/);
    expect(shapesOf("exact.json").length).toBeGreaterThan(shapesOf("art.json").length);
  });

  it("--concave keeps a blob without holes as one polygon along its outline, and cuts the ring with a hole into two", async () => {
    const convex = await run(["trace", "art.png", "-o", "pieces.json"]);
    const r = await run(["trace", "art.png", "-o", "whole.json", "--concave"]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^art\.png: traced 2 blobs \(1 hole\) into \d+ polygons, IoU 0\.9[789]\d\d; wrote the scene to whole\.json\nart\.png: 1 blob has a hole, so it is cut straight down from the hole into 2 polygons: a polygon cannot have a hole\n$/);
    expect(/IoU (\S+);/.exec(r.err)![1]).toBe(/IoU (\S+);/.exec(convex.err)![1]);
    const shapes = shapesOf("whole.json");
    // The square (x from 75 to 95) is one shape of four corners, the ring two halves of it.
    const square = shapes.filter((s) => s.points.some(([x]) => s.x + x > 70));
    expect(square).toHaveLength(1);
    expect(square[0]!.points).toHaveLength(4);
    expect(shapes).toHaveLength(3);
    // An L: two convex pieces, or one concave polygon of its six corners.
    expect((await run(["trace", "ell.png", "-o", "ell.json"])).code).toBe(0);
    expect((await run(["trace", "ell.png", "-o", "ell-whole.json", "--concave"])).code).toBe(0);
    expect(shapesOf("ell.json")).toHaveLength(2);
    const [ell] = shapesOf("ell-whole.json");
    expect(shapesOf("ell-whole.json")).toHaveLength(1);
    expect(ell!.points.map(([x, y]) => [ell!.x + x, ell!.y + y]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!)).toEqual([[0, 0], [0, 30], [10, 0], [10, 20], [30, 20], [30, 30]]);
  });

  it("--chains writes each outline and hole as a closed one-sided chain and says how many and their points; not with --concave", async () => {
    const convex = await run(["trace", "art.png", "-o", "pieces.json"]);
    const r = await run(["trace", "art.png", "-o", "chains.json", "--chains"]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^art\.png: traced 2 blobs \(1 hole\) into 3 chains of \d+ points, IoU 0\.9[789]\d\d; wrote the scene to chains\.json\n$/);
    expect(/IoU (\S+);/.exec(r.err)![1]).toBe(/IoU (\S+);/.exec(convex.err)![1]);
    const chains = shapesOf("chains.json") as unknown as ChainShape[];
    expect(chains.map((c) => [c.id, c.type, c.closed, c.oneSided])).toEqual([1, 2, 3].map((k) => [`art-${k}`, "chain", true, true]));
    expect(chains.reduce((n, c) => n + c.points.length, 0)).toBe(Number(/of (\d+) points/.exec(r.err)![1]));
    // The square: its four corners, clockwise on screen (y down), so each edge faces out of it.
    expect(chains.find((c) => c.x > 70)!.points.map(([x, y]) => [x, y])).toEqual([[10, -10], [10, 10], [-10, 10], [-10, -10]]);
    const both = await run(["trace", "art.png", "-o", "both.json", "--chains", "--concave"]);
    expect(both.code).toBe(2);
    expect(both.err).toBe("--concave and --chains are two kinds of output (whole polygons, or chains along the outlines): choose one\n");
    expect(existsSync(join(dir, "both.json"))).toBe(false);
  });

  it("on a terminal, says the stage it is at in one line rewritten in place, cleared before the report; never on standard output", async () => {
    const lines: string[] = [];
    const r = await run(["trace", "art.png", "-o", "-", "--chains"], (t) => lines.push(t));
    expect(r.code).toBe(0);
    const clear = "\r\u001b[K";
    expect(lines.every((l) => l.startsWith(clear))).toBe(true);
    expect(lines.map((l) => l.slice(clear.length))).toEqual([
      `${join(dir, "art.png")}: reading the picture`,
      ...["finding the blobs (1 of 4)", "simplifying the outlines (2 of 4)", "making the chains (3 of 4)", "measuring the IoU (4 of 4)"].map((s) => `${join(dir, "art.png")}: tracing: ${s}`),
      "",
    ]);
    expect(r.out).not.toContain("tracing");
    expect(r.out.startsWith("{")).toBe(true);
    expect(r.err).toMatch(/^art\.png: traced 2 blobs/);
  });

  it("--min-area: specks left out and pinholes filled, 16 px² by default, and said so", async () => {
    // Regression: every speck of brush dust became a collider.
    const r = await run(["trace", "dusty.png", "-o", "dusty.json"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("dusty.png: traced 1 blob into 1 convex piece, IoU 1.0000; wrote the scene to dusty.json\ndusty.png: Left out 3 blobs and filled 1 hole smaller than 16 px²\n");
    const all = await run(["trace", "dusty.png", "-o", "dusty-all.json", "--min-area", "0"]);
    expect(all.err).toMatch(/^dusty\.png: traced 4 blobs \(1 hole\) into \d+ convex pieces, IoU 1\.0000; wrote the scene to dusty-all\.json\n$/);
    const some = await run(["trace", "dusty.png", "-o", "dusty-5.json", "--min-area", "5"]);
    expect(some.err).toMatch(/traced 2 blobs \(1 hole\) into \d+ convex pieces.*\ndusty\.png: Left out 2 blobs smaller than 5 px²\n$/);
    // Every blob under it (a small sprite): all kept rather than nothing traced, and said so.
    const none = await run(["trace", "dusty.png", "-o", "dusty-none.json", "--min-area", "1000"]);
    expect(none.code).toBe(0);
    expect(none.err).toMatch(/traced 4 blobs \(1 hole\) into \d+ convex pieces.*\ndusty\.png: Every blob is smaller than 1,000 px²: they are kept, as nothing would be left\n$/);
  });

  it("writes the image into the scene where it was traced: its path relative to the scene, placed and scaled as the pieces", async () => {
    // Regression: the scene had no images entry, so it opened with colliders and no art.
    expect((await run(["trace", "art.png", "-o", "art-image.json"])).code).toBe(0);
    const plain = parseScene(readFileSync(join(dir, "art-image.json"), "utf8"));
    expect(plain.ok && plain.scene.images).toEqual([{ id: "art", src: "art.png", x: 0, y: 0 }]);
    mkdirSync(join(dir, "level"), { recursive: true });
    mkdirSync(join(dir, "art"), { recursive: true });
    writeFileSync(join(dir, "art", "level-1.png"), art());
    const r = await run(["trace", "art/level-1.png", "-o", "level/placed.json", "--x", "-50", "--y", "10", "--scale", "0.5"]);
    expect(r.code).toBe(0);
    const placed = parseScene(readFileSync(join(dir, "level", "placed.json"), "utf8"));
    if (!placed.ok) throw new Error("not a scene");
    expect(placed.scene.images).toEqual([{ id: "level-1", src: "../art/level-1.png", x: -50, y: 10, width: 50, height: 35 }]);
    // Every piece lies on the image's rectangle, as the editor's Trace would put them on it.
    for (const s of placed.scene.shapes as PolygonShape[]) {
      for (const [x, y] of s.points) {
        expect(s.x + x).toBeGreaterThanOrEqual(-50);
        expect(s.x + x).toBeLessThanOrEqual(-50 + 50);
        expect(s.y + y).toBeGreaterThanOrEqual(10);
        expect(s.y + y).toBeLessThanOrEqual(10 + 35);
      }
    }
    // On standard output, the path is from the current folder.
    const out = await run(["trace", "art.png", "-o", "-"]);
    const printed = parseScene(out.out);
    expect(printed.ok && printed.scene.images?.map((i) => resolve(i.src))).toEqual([join(dir, "art.png")]);
  });

  it("-o - prints the scene on standard output", async () => {
    const r = await run(["trace", "art.png", "-o", "-"]);
    expect(r.code).toBe(0);
    const parsed = parseScene(r.out);
    expect(parsed.ok && parsed.scene.shapes.length).toBeGreaterThan(0);
    expect(r.err).toMatch(/; wrote the scene\n$/);
  });

  it("an image with nothing opaque: exit 1, \"nothing to trace\", nothing written", async () => {
    expect(await run(["trace", "clear.png", "-o", "clear.json"])).toEqual({ code: 1, out: "", err: "clear.png: nothing to trace (no pixel has alpha 128 or more)\n" });
    expect(existsSync(join(dir, "clear.json"))).toBe(false);
  });

  it("a file that is not a PNG: exit 2, one line", async () => {
    expect(await run(["trace", "scene.json", "-o", "out.json"])).toEqual({ code: 2, out: "", err: "scene.json: not a PNG image (it does not start with the PNG signature)\n" });
    writeFileSync(join(dir, "short.png"), Uint8Array.from([0x89, 0x50, 0x4e, 0x47]));
    expect((await run(["trace", "short.png", "-o", "out.json"])).err).toBe("short.png: not a PNG image (it does not start with the PNG signature)\n");
    expect(await run(["trace", "nope.png", "-o", "out.json"])).toEqual({ code: 2, out: "", err: `cannot read ${join(dir, "nope.png").split(dir + "/").join("")}: no such file\n` });
  });

  it("a header claiming more than 16,384 px a side is refused before decoding", async () => {
    // The signature and a header, no image data at all: decoding would fail, the size check comes first.
    const head = art().slice(0, 33);
    new DataView(head.buffer).setUint32(16, 20_000);
    writeFileSync(join(dir, "huge.png"), head);
    expect(await run(["trace", "huge.png", "-o", "out.json"])).toEqual({ code: 2, out: "", err: "huge.png: the image is 20000 × 70 pixels; images of more than 16,384 pixels a side are refused\n" });
    // 16,384 itself is allowed: it gets as far as decoding.
    new DataView(head.buffer).setUint32(16, 16_384);
    writeFileSync(join(dir, "edge.png"), head);
    expect((await run(["trace", "edge.png", "-o", "out.json"])).err).toMatch(/^edge\.png: cannot decode the PNG image \(.+\)\n$/);
    expect(existsSync(join(dir, "out.json"))).toBe(false);
  });

  it("a PNG cut short: exit 2, one line", async () => {
    const whole = art();
    writeFileSync(join(dir, "cut.png"), whole.slice(0, whole.length - 40));
    const r = await run(["trace", "cut.png", "-o", "out.json"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^cut\.png: cannot decode the PNG image \(.+\)\n$/);
  });

  it.each([
    [["--max-vertices", "2"], /--max-vertices.*expected a whole number of at least 3/],
    [["--max-vertices", "4.5"], /--max-vertices.*expected a whole number of at least 3/],
    [["--alpha", "256"], /--alpha.*from 0 to 255/],
    [["--alpha", "-1"], /--alpha.*from 0 to 255/],
    [["--tolerance", "-1"], /--tolerance.*at least 0/],
    [["--tolerance", "x"], /--tolerance.*at least 0/],
    [["--min-area", "-1"], /--min-area.*at least 0/],
    [["--scale", "0"], /--scale.*greater than 0/],
    [["--x", "1e16"], /--x.*from -1e15 to 1e15/],
    [["--y", "abc"], /--y.*from -1e15 to 1e15/],
  ])("bad option %j: exit 2 with the message, nothing written", async (option, message) => {
    const r = await run(["trace", "art.png", "-o", "bad.json", ...option]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toMatch(message);
    expect(existsSync(join(dir, "bad.json"))).toBe(false);
  });

  it("a placement that would pass the format's ±1e15 is refused; -o is required", async () => {
    expect((await run(["trace", "art.png", "-o", "far.json", "--x", "1e15", "--scale", "1e14"])).err).toMatch(/^art\.png: placed at \(1000000000000000, 0\) with --scale 100000000000000, the image would reach beyond ±1e15/);
    const r = await run(["trace", "art.png"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/required option '-o, --output <file>' not specified/);
  });

  it("names shapes after the file's base name", () => {
    expect(imageBaseName("levels/forest-1.png")).toBe("forest-1");
    expect(imageBaseName("art")).toBe("art");
    expect(imageBaseName("dir/.png")).toBe(".png");
  });
});

describe("trace (bundled binary)", () => {
  it("decodes and traces with fast-png bundled in", async () => {
    const bin = join(dir, "cli.cjs");
    await build({ entryPoints: [join(ROOT, "core/node/main.ts")], outfile: bin, bundle: true, platform: "node", target: "node20", format: "cjs", mainFields: ["module", "main"], logLevel: "warning" });
    const r = spawnSync(process.execPath, [bin, "trace", "art.png", "-o", "bin.json", "--max-vertices", "6"], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^art\.png: traced 2 blobs \(1 hole\) into \d+ convex pieces, IoU 0\.9\d+; wrote the scene to bin\.json\n$/);
    expect(shapesOf("bin.json").every((s) => s.points.length <= 6)).toBe(true);
  }, 60_000);
});
