// Writing colliders back into real maps, read by the real Tiled (1.8 here). For each map of
// test/fixtures/tiled-merge/ and test/fixtures/tiled/ (TMX ones converted to TMJ by Tiled first):
// `collider-studio import` → move one collider, add one, delete one → `collider-studio export
// --into` → `tiled --export-map json` opens the result headless, and every layer other than the
// edited objects, every tileset and every map property is what Tiled makes of the original.
// Skipped when `tiled` is not on PATH, except under CI (then it fails).
import { execFileSync } from "node:child_process";
import { accessSync, constants, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Scene, type Shape } from "../../core/index";
import { importTiled } from "../../core/import/tiled";
import { nodeIO, runCli, type CliIO } from "../../core/node/cli";

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

const TILED = onPath("tiled");
const ROOT = resolve(import.meta.dirname, "../..");
const FIXTURES = ["test/fixtures/tiled-merge", "test/fixtures/tiled"].map((d) => join(ROOT, d)).filter((d) => existsSync(d));
const dir = mkdtempSync(join(tmpdir(), "tiled-merge-real-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: dir };

const files = (root: string, ext: string): string[] =>
  readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? files(path, ext) : path.endsWith(ext) ? [path] : [];
  });

/** Tiled's own JSON of a map file: what Tiled makes of it (read, then written). */
function throughTiled(map: string): Json {
  const out = `${map}.tiled.json`;
  execFileSync(TILED ?? "tiled", ["--export-map", "json", map, out], { env, timeout: 60_000, stdio: "pipe" });
  return JSON.parse(readFileSync(out, "utf8")) as Json;
}

type Json = Record<string, unknown>;
type Layer = Json & { type: string; layers?: Layer[]; objects?: (Json & { id: number })[] };

/** Runs the command line on real files; fails the test on a non-zero exit, with what it said. */
async function cli(args: string[]): Promise<string> {
  let err = "";
  const io: CliIO = { ...nodeIO, stdout: () => {}, stderr: (t) => { err += t; }, progress: undefined };
  const code = await runCli(args, io);
  if (code !== 0) throw new Error(`collider-studio ${args.join(" ")} exited ${code}:\n${err}`);
  return err;
}

/** The maps to write into: copies of the fixture folders (so references resolve), TMX converted to TMJ beside it. */
function maps(): string[] {
  if (!TILED && !process.env.CI) return [];
  const out: string[] = [];
  FIXTURES.forEach((fixture, i) => {
    const copy = join(dir, `fixtures-${i}`);
    cpSync(fixture, copy, { recursive: true });
    for (const tmx of files(copy, ".tmx")) {
      const tmj = tmx.replace(/\.tmx$/, ".from-tmx.tmj");
      try {
        execFileSync(TILED ?? "tiled", ["--export-map", "json", tmx, tmj], { env, timeout: 60_000, stdio: "pipe" });
      } catch {
        continue; // a map Tiled 1.8 cannot read (a newer format) is the TMX reader's business
      }
      out.push(tmj);
    }
    out.push(...files(copy, ".tmj").filter((f) => !f.endsWith(".from-tmx.tmj") && !f.endsWith(".tiled.json")));
  });
  // Only orthogonal maps import.
  return out.filter((f) => (JSON.parse(readFileSync(f, "utf8")) as Json).orientation === "orthogonal" || (JSON.parse(readFileSync(f, "utf8")) as Json).orientation === undefined);
}

const MAPS = maps();

/** Every layer, groups' inner ones too, in map order. */
const walk = (layers: readonly Layer[] | undefined, out: Layer[] = []): Layer[] => {
  for (const l of layers ?? []) {
    out.push(l);
    if (l.type === "group") walk(l.layers, out);
  }
  return out;
};

/** The scene with its first shape moved, its last deleted (when it has two) and a box added to the first shape's layer. */
function edited(scene: Scene): { scene: Scene; moved?: Shape; deleted?: Shape; added: Shape } {
  const [first] = scene.shapes;
  const last = scene.shapes.length >= 2 ? scene.shapes.at(-1) : undefined;
  const moved = first && { ...first, x: first.x + 16.5, y: first.y - 8.25 };
  const added: Shape = { id: "added-by-test", name: "Added", class: "Test", type: "box", ...(first?.layer ? { layer: first.layer } : {}), x: 48, y: 40, rotation: 15, width: 24, height: 12 };
  const shapes = scene.shapes.filter((s) => s !== last).map((s) => (s === first ? moved! : s));
  return { scene: { ...scene, shapes: [...shapes, added] }, ...(moved ? { moved } : {}), ...(last ? { deleted: last } : {}), added };
}

describe.skipIf(!TILED && !process.env.CI)("writing colliders back into real maps, read by the real Tiled", () => {
  it("there are real maps to write into", () => {
    expect(MAPS.length).toBeGreaterThanOrEqual(3);
  });

  for (const map of MAPS) {
    it(`${relative(dir, map)}: import, move one, delete one, add one, --into; Tiled reads the rest as it was`, async () => {
      const folder = dirname(map);
      const sceneFile = join(folder, "scene.json");
      await cli(["import", map, "-o", sceneFile]);
      const read = parseScene(readFileSync(sceneFile, "utf8"));
      if (!read.ok) throw new Error(JSON.stringify(read.problems));
      expect(read.scene.tiledMap?.src).toBe(relative(folder, map));
      const edit = edited(read.scene);
      writeFileSync(sceneFile, serializeScene(edit.scene));
      const out = join(folder, "merged.tmj");
      const said = await cli(["export", sceneFile, "--format", "tiled", "--into", map, "-o", out]);
      expect(said).toMatch(new RegExp(`${edit.moved ? 1 : 0} objects? updated, 1 added, ${edit.deleted ? 1 : 0} removed`));

      const before = throughTiled(map);
      const after = throughTiled(out);
      // The map's own fields, properties and tilesets: as they were (but the next object id).
      const top = (m: Json) => Object.fromEntries(Object.entries(m).filter(([k]) => k !== "layers" && k !== "nextobjectid"));
      expect(top(after)).toEqual(top(before));
      expect(after.nextobjectid).toBe(Math.max(before.nextobjectid as number, 1) + 1);
      const beforeLayers = walk(before.layers as Layer[]), afterLayers = walk(after.layers as Layer[]);
      expect(afterLayers.map((l) => [l.type, l.name, l.id])).toEqual(beforeLayers.map((l) => [l.type, l.name, l.id]));
      const changed = new Set([edit.moved?.tiledId, edit.deleted?.tiledId]);
      let addedFound = 0;
      beforeLayers.forEach((b, i) => {
        const a = afterLayers[i]!;
        if (b.type !== "objectgroup") {
          if (b.type !== "group") expect(a, `layer ${b.name as string}`).toEqual(b);
          else expect({ ...a, layers: undefined }).toEqual({ ...b, layers: undefined });
          return;
        }
        expect({ ...a, objects: undefined }).toEqual({ ...b, objects: undefined });
        const kept = (b.objects ?? []).filter((o) => !changed.has(o.id));
        const newOnes = (a.objects ?? []).filter((o) => !(b.objects ?? []).some((x) => x.id === o.id));
        for (const o of kept) expect(a.objects!.find((x) => x.id === o.id), `object ${o.id}`).toEqual(o);
        addedFound += newOnes.length;
        if (edit.deleted?.tiledId !== undefined) expect(a.objects!.some((o) => o.id === edit.deleted!.tiledId)).toBe(false);
        if (edit.moved?.tiledId !== undefined && b.objects!.some((o) => o.id === edit.moved!.tiledId)) {
          const o = a.objects!.find((x) => x.id === edit.moved!.tiledId)!;
          const old = b.objects!.find((x) => x.id === edit.moved!.tiledId)!;
          // Moved: only its position changed.
          expect({ ...o, x: 0, y: 0 }).toEqual({ ...old, x: 0, y: 0 });
          expect([o.x as number - (old.x as number), o.y as number - (old.y as number)].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([16.5, -8.25]);
        }
      });
      expect(addedFound).toBe(1);
      // The shapes read back from Tiled's file are the edited scene's, the moved and added ones where they were put.
      const back = importTiled(JSON.stringify(after));
      if (!back.ok) throw new Error(JSON.stringify(back.problems));
      const added = back.scene.shapes.find((s) => s.id === edit.added.id)!;
      expect(added).toMatchObject({ name: "Added", class: "Test", type: "box", width: 24, height: 12, rotation: 15, tiledId: before.nextobjectid });
      expect(added.x).toBeCloseTo(48, 9);
      expect(added.y).toBeCloseTo(40, 9);
      if (edit.moved) {
        const moved = back.scene.shapes.find((s) => s.tiledId === edit.moved!.tiledId)!;
        expect(moved.x).toBeCloseTo(edit.moved.x, 9);
        expect(moved.y).toBeCloseTo(edit.moved.y, 9);
      }
      expect(back.scene.shapes.map((s) => s.tiledId).sort()).toEqual(edit.scene.shapes.map((s) => s.tiledId ?? before.nextobjectid).sort());
    }, 120_000);
  }
});
