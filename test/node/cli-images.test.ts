// The command line and scene images: export's --with-images and --godot-project and their errors,
// pixel sizes read from PNG, JPEG and WebP files (and refused in one line when Godot needs them and
// they cannot be read), data: URL images written next to -o, notes on stderr, and import making
// image paths relative to the scene's folder. Runs in process on real temporary folders.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { encode } from "fast-png";
import { afterAll, describe, expect, it } from "vitest";
import { imageFileName } from "../../core/node/export-images";
import { runCli, type CliIO } from "../../core/node/cli";
import { readBytesFile, readTextFile, writeBytesFile, writeTextFile } from "../../core/node/files";
import { readTscn } from "../export/tscn-reader";

const IMAGES = join(import.meta.dirname, "../fixtures/images");
const root = mkdtempSync(join(tmpdir(), "cli-images-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;

async function run(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "", err = "";
  const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile, readBytes: readBytesFile, writeBytes: writeBytesFile };
  const code = await runCli(argv, io);
  expect(err).not.toMatch(/^\s{4}at /m);
  return { code, out, err };
}

const PNG_4x2 = encode({ width: 4, height: 2, data: new Uint8Array(32).fill(255), channels: 4 });
const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`;

/** A fresh folder with levels/level.json holding `images` (and one box). */
function sceneWith(images: readonly object[]): { dir: string; scene: string } {
  const dir = join(root, `case-${++folders}`);
  mkdirSync(join(dir, "levels/art"), { recursive: true });
  const scene = join(dir, "levels/level.json");
  writeFileSync(scene, JSON.stringify({ format: "collider-studio-scene", version: 1, images, shapes: [{ id: "floor", type: "box", x: 0, y: 0, width: 10, height: 10 }] }));
  return { dir, scene };
}

describe("export: image options and their errors", () => {
  it("refuses --with-images and --godot-project for formats that write no sprites, and --godot-project alone", async () => {
    const { scene } = sceneWith([]);
    const tiled = await run(["export", scene, "--format", "tiled", "--with-images"]);
    expect([tiled.code, tiled.err]).toEqual([2, "--with-images does not apply to --format tiled (only to godot, godot3)\n"]);
    const box2d = await run(["export", scene, "--format", "box2d", "--godot-project", "."]);
    expect([box2d.code, box2d.err]).toEqual([2, "--godot-project does not apply to --format box2d (only to godot, godot3)\n"]);
    const alone = await run(["export", scene, "--format", "godot", "--godot-project", "."]);
    expect([alone.code, alone.err]).toEqual([2, "--godot-project names where res:// starts, for --with-images: give both\n"]);
  });

  it("Godot: an image whose scale needs its pixel size, which cannot be read, exits 2 in one line and writes nothing", async () => {
    const { dir, scene } = sceneWith([{ id: "fg", src: "art/missing.png", x: 0, y: 0, width: 10 }, { id: "txt", src: "art/notes.png", x: 0, y: 0, height: 10 }]);
    const out = join(dir, "level.tscn");
    const missing = await run(["export", scene, "--format", "godot", "--with-images", "-o", out]);
    expect([missing.code, missing.err]).toEqual([2, `${scene}: image "fg": cannot read ${join(dir, "levels/art/missing.png")}: no such file (its scale in Godot needs its size in pixels)\n`]);
    expect(existsSync(out)).toBe(false);
    writeFileSync(join(dir, "levels/art/missing.png"), PNG_4x2);
    writeFileSync(join(dir, "levels/art/notes.png"), "not an image");
    const notImage = await run(["export", scene, "--format", "godot3", "--with-images", "-o", out]);
    expect([notImage.code, notImage.err]).toEqual([2, `${scene}: image "txt": cannot read its size from art/notes.png: it is not a PNG, JPEG or WebP file (its scale in Godot needs its size in pixels)\n`]);
    expect(existsSync(out)).toBe(false);
  });

  it("Godot: scales from the sizes in PNG, JPEG and WebP headers; images without a size need no file", async () => {
    const { dir, scene } = sceneWith([
      { id: "jpg", src: "art/a.jpg", x: 1, y: 2, width: 74 },
      { id: "webp", src: "art/b.webp", x: 0, y: 0, width: 45, height: 9.5 },
      { id: "png", src: dataUrl(PNG_4x2), x: 0, y: 0, height: 1 },
      { id: "nofile", src: "art/none.png", x: 0, y: 0 },
    ]);
    copyFileSync(join(IMAGES, "37x21.jpg"), join(dir, "levels/art/a.jpg"));
    copyFileSync(join(IMAGES, "45x19-lossy.webp"), join(dir, "levels/art/b.webp"));
    const r = await run(["export", scene, "--format", "godot", "--with-images", "--godot-project", dir, "-o", join(dir, "levels/level.tscn")]);
    expect(r.code).toBe(0);
    const nodes = readTscn(readFileSync(join(dir, "levels/level.tscn"), "utf8")).filter((s) => s.tag === "node" && s.attrs.get("type") === "Sprite2D");
    expect(nodes.map((n) => [n.attrs.get("name"), n.props.find(([k]) => k === "scale")?.[1] ?? null])).toEqual([
      ["jpg", { ctor: "Vector2", args: [2, 1] }],
      ["webp", { ctor: "Vector2", args: [1, 0.5] }],
      ["png", { ctor: "Vector2", args: [1, 0.5] }],
      ["nofile", null],
    ]);
    const paths = readTscn(readFileSync(join(dir, "levels/level.tscn"), "utf8")).filter((s) => s.tag === "ext_resource").map((s) => s.attrs.get("path"));
    // In path order (their ids come from the paths), not image order.
    expect(paths).toEqual(["res://levels/art/a.jpg", "res://levels/art/b.webp", "res://levels/art/none.png", "res://levels/level-images/png.png"]);
  });

  it("Godot: res:// starts at the nearest project.godot above the output (a scene in the project's levels/ names res://levels/art/…); with none, a warning", async () => {
    const { dir, scene } = sceneWith([{ id: "bg", src: "art/bg.png", x: 0, y: 0 }]);
    const out = join(dir, "levels/level.tscn");
    const lone = await run(["export", scene, "--format", "godot3", "--with-images", "-o", out]);
    expect(lone.code).toBe(0);
    expect(lone.err.split("\n")[0]).toBe(`${scene}: no project.godot in ${join(dir, "levels")} or a folder above it: res:// paths start from ${join(dir, "levels")}; give --godot-project DIR if the Godot project is elsewhere`);
    expect(readFileSync(out, "utf8")).toContain('path="res://art/bg.png"');
    writeFileSync(join(dir, "project.godot"), "config_version=4\n");
    const found = await run(["export", scene, "--format", "godot3", "--with-images", "-o", out]);
    expect([found.code, found.err]).toEqual([0, `${scene}: exported 1 shape as Godot 3 scene to ${out} (the file it replaced is kept as ${out}.bak)\n`]);
    expect(readFileSync(out, "utf8")).toContain('path="res://levels/art/bg.png"');
    // --godot-project still wins.
    await run(["export", scene, "--format", "godot", "--with-images", "--godot-project", join(dir, "levels"), "-o", out]);
    expect(readFileSync(out, "utf8")).toContain('path="res://art/bg.png"');
  });

  it("Tiled: a missing image is a warning, its layer still written; a scale Tiled cannot show is noted", async () => {
    const { dir, scene } = sceneWith([{ id: "gone", src: "art/gone.png", x: 0, y: 0 }, { id: "big", src: dataUrl(PNG_4x2), x: 0, y: 0, width: 8, height: 4 }]);
    const out = join(dir, "maps/level.tmj");
    const r = await run(["export", scene, "--format", "tiled", "-o", out]);
    expect(r.code).toBe(0);
    expect(r.err).toBe([
      `${scene}: image "gone": cannot read ${join(dir, "levels/art/gone.png")}: no such file; written as the scene has it`,
      `${scene}: image "big": drawn at 8 × 4 but 4 × 2 pixels: Tiled draws image layers at their pixel size, so the map shows it at 4 × 2`,
      `${scene}: exported 1 shape as Tiled map to ${out}; 1 data: URL image to ${join(dir, "maps/level-images")}`,
      "",
    ].join("\n"));
    const map = JSON.parse(readFileSync(out, "utf8")) as { layers: { type: string; image?: string }[] };
    expect(map.layers.map((l) => l.image ?? l.type)).toEqual(["../levels/art/gone.png", "level-images/big.png", "objectgroup"]);
  });

  it("writes data: URL images next to -o, one file per image under a safe, unique name, with the image's bytes", async () => {
    const other = encode({ width: 1, height: 1, data: new Uint8Array(4), channels: 4 });
    const { dir, scene } = sceneWith([{ id: "a/b", src: dataUrl(PNG_4x2), x: 0, y: 0 }, { id: "A_B", src: dataUrl(other), x: 0, y: 0 }, { id: "..", src: dataUrl(other), x: 0, y: 0 }]);
    const r = await run(["export", scene, "--format", "godot3", "--with-images", "-o", join(dir, "level.godot3.tscn")]);
    expect(r.code).toBe(0);
    const folder = join(dir, "level.godot3-images");
    expect(readFileSync(join(folder, "a_b.png"))).toEqual(Buffer.from(PNG_4x2));
    expect(readFileSync(join(folder, "A_B-2.png"))).toEqual(Buffer.from(other));
    expect(existsSync(join(folder, "image.png"))).toBe(true);
    expect(r.err).toContain("3 data: URL images to");
  });

  it("to standard output: data: URL images are left out, and stderr says why and how to keep them", async () => {
    const { scene } = sceneWith([{ id: "e", src: dataUrl(PNG_4x2), x: 0, y: 0 }]);
    const r = await run(["export", scene, "--format", "tiled"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${scene}: data: URL images are written to files next to the output only with -o\n${scene}: image "e": embedded in the scene (a data: URL), which Tiled cannot load: left out of the map. Add it in Tiled as an image layer, or have the scene name its file: in the desktop app, save the scene in a folder beside the art, then add the picture from that file (Add image…) and export again\n`);
    expect((JSON.parse(r.out) as { layers: { type: string }[] }).layers.map((l) => l.type)).toEqual(["objectgroup"]);
  });
});

describe("import: image paths relative to the scene", () => {
  const map = (image: string) => JSON.stringify({ type: "map", orientation: "orthogonal", layers: [{ type: "imagelayer", name: "sky", image, offsetx: 3 }] });

  it("-o in another folder: the path leads from the scene's folder to the same file", async () => {
    const dir = join(root, `case-${++folders}`);
    mkdirSync(join(dir, "maps"), { recursive: true });
    mkdirSync(join(dir, "levels/deep"), { recursive: true });
    writeFileSync(join(dir, "maps/m.tmj"), map("../art/sky.png"));
    const r = await run(["import", join(dir, "maps/m.tmj"), "-o", join(dir, "levels/deep/level.json")]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${join(dir, "maps/m.tmj")}: imported 0 shapes, 1 image to ${join(dir, "levels/deep/level.json")}\n`);
    const scene = JSON.parse(readFileSync(join(dir, "levels/deep/level.json"), "utf8")) as { images: unknown[] };
    expect(scene.images).toEqual([{ id: "sky", src: "../../art/sky.png", x: 3, y: 0 }]);
  });

  it("to standard output: relative to the current folder", async () => {
    const dir = join(root, `case-${++folders}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "m.tmj"), map("sky.png"));
    const r = await run(["import", join(dir, "m.tmj")]);
    expect((JSON.parse(r.out) as { images: { src: string }[] }).images[0]!.src).toBe(relative(process.cwd(), join(dir, "sky.png")).split("\\").join("/"));
  });
});

describe("imageFileName", () => {
  it("keeps letters, digits, dots, _ and -, avoids Windows' reserved names and leading dots, and counts up ignoring case", () => {
    const taken = new Set<string>();
    expect(["art", "ART", "a/b", "ünï 名", "..", ".hidden", "con", "Nul", "x".repeat(300)].map((id) => imageFileName(id, "png", taken))).toEqual([
      "art.png", "ART-2.png", "a_b.png", "_n_.png", "image.png", "hidden.png", "_con.png", "_Nul.png", `${"x".repeat(100)}.png`,
    ]);
  });
});
