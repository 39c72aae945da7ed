// Issue 25 (backdrop): `collider-studio import` makes the scene remember its map (`tiledMap.src`,
// a path from the scene's folder), so the editor draws the map under the colliders.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, type CliIO } from "../../core/node/cli";
import { readTextFile, writeTextFile } from "../../core/node/files";
import { parseScene } from "../../core/index";

const root = mkdtempSync(join(tmpdir(), "cli-backdrop-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "", err = "";
  const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile };
  return { code: await runCli(argv, io), out, err };
}

const MAP = JSON.stringify({ type: "map", orientation: "orthogonal", width: 2, height: 2, tilewidth: 16, tileheight: 16, layers: [] });

describe("import: tiledMap", () => {
  it("-o in another folder: the scene's tiledMap.src leads to the map, and the scene is valid", async () => {
    mkdirSync(join(root, "maps"), { recursive: true });
    mkdirSync(join(root, "levels/deep"), { recursive: true });
    writeFileSync(join(root, "maps/m.tmj"), MAP);
    const r = await run(["import", join(root, "maps/m.tmj"), "-o", join(root, "levels/deep/level.json")]);
    expect(r.code).toBe(0);
    const text = readFileSync(join(root, "levels/deep/level.json"), "utf8");
    const scene = parseScene(text);
    expect(scene.ok && scene.scene.tiledMap).toMatchObject({ src: "../../maps/m.tmj" });
    // Written right after the version.
    expect(text.split("\n").slice(0, 5).join("\n")).toBe('{\n  "format": "collider-studio-scene",\n  "version": 1,\n  "tiledMap": {\n    "src": "../../maps/m.tmj",');
  });

  it("to standard output: from the current folder", async () => {
    writeFileSync(join(root, "here.tmj"), MAP);
    const r = await run(["import", join(root, "here.tmj")]);
    const scene = parseScene(r.out);
    expect(scene.ok && scene.scene.tiledMap?.src).toBe(relative(process.cwd(), join(root, "here.tmj")).split("\\").join("/"));
  });
});
