// Scene images through the real readers. A scene with images (files beside and above the scene,
// a data: URL, a drawn size twice the pixel size) is exported by the command line as it runs for a
// user; then:
// - Tiled 1.8 (`tiled --export-map`, headless) opens the map: its TMX output gives each image's
//   pixel size, which Tiled only knows by loading the file, and its JSON output, written to another
//   folder, keeps the image layers' offsets, opacity and flags and paths that reach the same files;
//   importing that gives the scene's images back.
// - godot3-server imports the textures and instances the Godot 3 scene: every Sprite has its
//   texture (of the file's size; two sprites of one file share it), position, scale, modulate,
//   visibility and centered = false; the texture ids it reads are hashes of the paths.
// Each part is skipped when its program is not on PATH, except under CI.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { encode } from "fast-png";
import { afterAll, describe, expect, it } from "vitest";
import { importTiled } from "../../core/import/tiled";
import { runCli, type CliIO } from "../../core/node/cli";
import { readBytesFile, readTextFile, writeBytesFile, writeTextFile } from "../../core/node/files";
import type { SceneImage } from "../../core/scene/types";
import { onPath } from "../on-path";


const TILED = onPath("tiled");
const GODOT = onPath("godot3-server");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A w × h PNG, opaque colours (so no importer trims it). */
const png = (w: number, h: number) => encode({ width: w, height: h, data: new Uint8Array(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 37) % 256)), channels: 4 });

/**
 * A project folder: game/levels/level.json with images game/levels/art/sky.png (40 × 30),
 * game/shared/fg.png (16 × 8, drawn at 32 × 16) and a data: URL PNG (4 × 2).
 */
function project(): { root: string; scene: string; images: SceneImage[] } {
  const root = mkdtempSync(join(tmpdir(), "images-real-"));
  dirs.push(root);
  mkdirSync(join(root, "game/levels/art"), { recursive: true });
  mkdirSync(join(root, "game/shared"), { recursive: true });
  writeFileSync(join(root, "game/levels/art/sky.png"), png(40, 30));
  writeFileSync(join(root, "game/shared/fg.png"), png(16, 8));
  const images: SceneImage[] = [
    { id: "sky", src: "art/sky.png", x: -12.5, y: 7 },
    { id: "fg", src: "../shared/fg.png", x: 100, y: 50, width: 32, height: 16, opacity: 0.5, locked: true },
    { id: "badge", src: `data:image/png;base64,${Buffer.from(png(4, 2)).toString("base64")}`, x: 5, y: 6, visible: false },
  ];
  const scene = join(root, "game/levels/level.json");
  writeFileSync(scene, JSON.stringify({ format: "collider-studio-scene", version: 1, images, shapes: [{ id: "floor", type: "box", x: 50, y: 50, width: 10, height: 10 }] }));
  return { root, scene, images };
}

/** Runs the command line in this process on the real file system; throws on a non-zero exit. */
async function cli(argv: readonly string[]): Promise<string> {
  let err = "";
  const io: CliIO = { stdout: () => {}, stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile, readBytes: readBytesFile, writeBytes: writeBytesFile };
  const code = await runCli(argv, io);
  if (code !== 0) throw new Error(`exit ${code}: ${err}`);
  return err;
}

describe.skipIf(!TILED && !process.env.CI)("Tiled 1.8 and image layers", () => {
  it("loads every image, keeps offsets, opacity, flags and paths, and its map imports to the same images", { timeout: 60_000 }, async () => {
    const { root, scene, images } = project();
    const out = join(root, "game/maps/level.tmj");
    const said = await cli(["export", scene, "--format", "tiled", "-o", out]);
    expect(said).toContain('image "fg": drawn at 32 × 16 but 16 × 8 pixels');
    const env = { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: root };
    // Absolute paths: Tiled 1.8's --export-map makes image paths relative to the current folder, not the output's, when given a relative output path.
    const converted = join(root, "converted/deeper");
    mkdirSync(converted, { recursive: true });
    execFileSync(TILED ?? "tiled", ["--export-map", "tmx", out, join(converted, "back.tmx")], { env, timeout: 30_000, stdio: "pipe" });
    execFileSync(TILED ?? "tiled", ["--export-map", "json", out, join(converted, "back.tmj")], { env, timeout: 30_000, stdio: "pipe" });

    // TMX: <imagelayer ...><image source="..." width="W" height="H"/>: the size Tiled read from the file.
    const tmx = readFileSync(join(converted, "back.tmx"), "utf8");
    const loaded = [...tmx.matchAll(/<imagelayer[^>]*name="([^"]*)"[^>]*>\s*<image source="([^"]*)" width="(\d+)" height="(\d+)"/g)].map((m) => [m[1], resolve(converted, m[2]!), Number(m[3]), Number(m[4])]);
    expect(loaded).toEqual([
      ["sky", join(root, "game/levels/art/sky.png"), 40, 30],
      ["fg", join(root, "game/shared/fg.png"), 16, 8],
      ["badge", join(root, "game/maps/level-images/badge.png"), 4, 2],
    ]);

    const back = JSON.parse(readFileSync(join(converted, "back.tmj"), "utf8")) as { layers: Record<string, unknown>[] };
    const layers = back.layers.filter((l) => l.type === "imagelayer");
    // Tiled leaves out defaults: offset 0, visible true, locked false.
    expect(layers.map((l) => [l.name, l.offsetx ?? 0, l.offsety ?? 0, l.opacity, l.visible, l.locked ?? false])).toEqual([
      ["sky", -12.5, 7, 1, true, false],
      ["fg", 100, 50, 0.5, true, true],
      ["badge", 5, 6, 1, false, false],
    ]);
    expect(back.layers.map((l) => l.type)).toEqual(["imagelayer", "imagelayer", "imagelayer", "objectgroup"]);

    const result = importTiled(readFileSync(join(converted, "back.tmj"), "utf8"), { mapDir: converted, sceneDir: dirname(scene) });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.skipped).toEqual([]);
    expect(result.scene.images).toEqual([images[0], images[1], { ...images[2], src: "../maps/level-images/badge.png" }]);
  });

  it("a map made in Tiled's own format (TMX) with grouped image layers, converted by Tiled, imports with group offsets, opacity and flags", { timeout: 60_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), "images-real-tmx-"));
    dirs.push(root);
    mkdirSync(join(root, "art"));
    mkdirSync(join(root, "maps"));
    writeFileSync(join(root, "art/sky.png"), png(40, 30));
    writeFileSync(join(root, "maps/fog.png"), png(8, 8));
    writeFileSync(join(root, "maps/hand.tmx"), `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="10" height="10" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" nextobjectid="1">
 <group id="1" name="World" offsetx="100" offsety="10" opacity="0.5" locked="1">
  <imagelayer id="2" name="Sky" offsetx="5" offsety="6" opacity="0.5">
   <image source="../art/sky.png" width="40" height="30"/>
  </imagelayer>
 </group>
 <imagelayer id="3" name="Fog" visible="0">
  <image source="fog.png" width="8" height="8"/>
 </imagelayer>
</map>
`);
    const env = { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: root };
    execFileSync(TILED ?? "tiled", ["--export-map", "json", join(root, "maps/hand.tmx"), join(root, "maps/hand.tmj")], { env, timeout: 30_000, stdio: "pipe" });
    const result = importTiled(readFileSync(join(root, "maps/hand.tmj"), "utf8"), { mapDir: join(root, "maps"), sceneDir: join(root, "levels") });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.skipped).toEqual([]);
    expect(result.scene.images).toEqual([
      { id: "World/Sky", src: "../art/sky.png", x: 105, y: 16, opacity: 0.25, locked: true },
      { id: "Fog", src: "../maps/fog.png", x: 0, y: 0, visible: false },
    ]);
  });
});

const SCRIPT = `extends SceneTree
# Instances level.tscn and prints one "SPRITE " line per Sprite under its root.
func _init():
	var root = load("res://level.tscn").instance()
	get_root().add_child(root)
	for child in root.get_children():
		if child is Sprite:
			var t = child.texture
			print("SPRITE " + to_json({"name": child.name, "path": t.resource_path if t else "", "size": [t.get_width(), t.get_height()] if t else [], "position": [child.position.x, child.position.y], "scale": [child.scale.x, child.scale.y], "alpha": child.modulate.a, "visible": child.visible, "centered": child.centered, "index": child.get_index()}))
		else:
			print("NODE " + to_json({"name": child.name, "index": child.get_index()}))
	quit()
`;

describe.skipIf(!GODOT && !process.env.CI)("Godot 3 loads the sprites of --with-images", () => {
  it("imports the textures and instances every Sprite with its texture, position, scale, modulate and visibility, under the colliders", { timeout: 120_000 }, async () => {
    const { root, scene } = project();
    // A second sprite of sky.png: both share one texture.
    const json = JSON.parse(readFileSync(scene, "utf8")) as { images: SceneImage[] };
    writeFileSync(scene, JSON.stringify({ ...json, images: [...json.images, { id: "sky-2", src: "art/sky.png", x: 60, y: 0 }] }));
    const game = join(root, "game");
    writeFileSync(join(game, "project.godot"), 'config_version=4\n\n[application]\n\nconfig/name="collider-studio images test"\n');
    writeFileSync(join(game, "sprites.gd"), SCRIPT);
    await cli(["export", scene, "--format", "godot3", "--with-images", "-o", join(game, "level.tscn")]);
    // Texture ids are FNV-1a hashes of the paths (textureIds), not 1, 2, 3: Godot 3 loads those too.
    const ids = [...readFileSync(join(game, "level.tscn"), "utf8").matchAll(/^\[ext_resource .* id=(\d+)\]$/gm)].map((m) => Number(m[1]));
    expect(ids).toHaveLength(3);
    expect(ids.every((id) => id > 3 && id <= 999_999_999)).toBe(true);
    const env = { ...process.env, XDG_DATA_HOME: join(root, ".data") };
    // The editor import (-e) turns the PNGs into textures; the headless server has the editor's tools.
    execFileSync(GODOT ?? "godot3-server", ["--path", game, "-e", "--quit"], { env, timeout: 60_000, stdio: "pipe" });
    const out = execFileSync(GODOT ?? "godot3-server", ["--path", game, "-s", "sprites.gd"], { env, encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"] });
    const lines = out.split("\n");
    const sprites = lines.filter((l) => l.startsWith("SPRITE ")).map((l) => JSON.parse(l.slice(7)) as Record<string, unknown>);
    expect(sprites).toEqual([
      { name: "sky", path: "res://levels/art/sky.png", size: [40, 30], position: [-12.5, 7], scale: [1, 1], alpha: 1, visible: true, centered: false, index: 0 },
      { name: "fg", path: "res://shared/fg.png", size: [16, 8], position: [100, 50], scale: [2, 2], alpha: 0.5, visible: true, centered: false, index: 1 },
      { name: "badge", path: "res://level-images/badge.png", size: [4, 2], position: [5, 6], scale: [1, 1], alpha: 1, visible: false, centered: false, index: 2 },
      { name: "sky-2", path: "res://levels/art/sky.png", size: [40, 30], position: [60, 0], scale: [1, 1], alpha: 1, visible: true, centered: false, index: 3 },
    ]);
    // The collision body comes after the sprites: drawn above them.
    expect(lines.filter((l) => l.startsWith("NODE ")).map((l) => JSON.parse(l.slice(5)) as unknown)).toEqual([{ name: "Layer 1", index: 4 }]);
  });
});
