// Writing colliders back into real maps, read by the real Tiled (1.8 here). For each map of
// test/fixtures/tiled-merge/ and test/fixtures/tiled/: `collider-studio import` → move one collider,
// add one, delete one → `collider-studio export --into` the same map → `tiled --export-map json`
// opens the result headless. A TMX map is written into as TMX (`--into MAP.tmx`) and, converted
// to TMJ by Tiled, as TMJ. Compared with Tiled's reading of the original: every layer other than
// the edited objects', every tileset and every map field and property is as it was; the objects
// are the original's with one moved, one added and one deleted. Template instances stay instances.
// Skipped when `tiled` is not on PATH, except under CI (then it fails).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Scene, type Shape } from "../../core/index";
import { importTiled } from "../../core/import/tiled";
import { nodeIO, runCli, type CliIO } from "../../core/node/cli";
import { readTextFile } from "../../core/node/files";
import { loadTiledMapFile } from "../../core/node/tiled-map";
import { fixtureCopy, FIXTURES, NEEDS_TILED, SKIP_TILED, tiledExportMap } from "../core/tiled/tiled-app";

const MERGE_FIXTURES = resolve(import.meta.dirname, "../fixtures/tiled-merge");
const dir = mkdtempSync(join(tmpdir(), "tiled-merge-real-"));
const copies: string[] = [];
afterAll(() => {
  for (const d of [dir, ...copies]) rmSync(d, { recursive: true, force: true });
});

const files = (root: string, ext: string): string[] =>
  readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? files(path, ext) : path.endsWith(ext) ? [path] : [];
  });

type Json = Record<string, unknown>;
type Obj = Json & { id: number };
type Layer = Json & { type: string; id?: number; layers?: Layer[]; objects?: Obj[] };
type TiledJson = Json & { layers: Layer[]; nextobjectid: number; nextlayerid: number };

/** Tiled's own JSON of a map file: what Tiled 1.8 makes of it (read, then written). */
function throughTiled(map: string): TiledJson {
  const out = `${map}.tiled.json`;
  tiledExportMap(map, out, "json");
  return JSON.parse(readFileSync(out, "utf8")) as TiledJson;
}

/** Runs the command line on real files; fails the test on a non-zero exit, with what it said. */
async function cli(args: string[]): Promise<string> {
  let err = "";
  const io: CliIO = { ...nodeIO, stdout: () => {}, stderr: (t) => { err += t; }, progress: undefined };
  const code = await runCli(args, io);
  if (code !== 0) throw new Error(`collider-studio ${args.join(" ")} exited ${code}:\n${err}`);
  return err;
}

/** A map to write into (what it writes goes beside it, so its references resolve), and its name in titles. */
interface Case {
  readonly map: string;
  readonly label: string;
}

/**
 * The maps to write into, from copies of the fixture folders (images written at their declared
 * sizes): each orthogonal TMX map Tiled 1.8 reads, itself and as Tiled's TMJ of it, and each TMJ map.
 */
function cases(): Case[] {
  if (SKIP_TILED) return [];
  // Each copy, and what the test titles call it.
  const roots: { readonly root: string; readonly shown: string }[] = [];
  const merge = join(dir, "tiled-merge");
  cpSync(MERGE_FIXTURES, merge, { recursive: true });
  roots.push({ root: merge, shown: "tiled-merge" });
  for (const name of readdirSync(FIXTURES)) {
    if (!statSync(join(FIXTURES, name)).isDirectory()) continue;
    const copy = fixtureCopy(name);
    copies.push(copy);
    roots.push({ root: copy, shown: "tiled" });
  }
  const out: Case[] = [];
  const orthogonal = (reading: Json) => reading.orientation === "orthogonal" || reading.orientation === undefined;
  for (const { root, shown } of roots) {
    const label = (map: string) => `${shown}/${relative(root, map)}`;
    for (const tmx of files(root, ".tmx")) {
      const tmj = tmx.replace(/\.tmx$/, ".from-tmx.tmj");
      try {
        tiledExportMap(tmx, tmj, "json");
      } catch {
        continue; // a map Tiled 1.8 cannot read (a newer format) is the TMX reader's business
      }
      if (!orthogonal(JSON.parse(readFileSync(tmj, "utf8")) as Json)) continue;
      out.push({ map: tmx, label: label(tmx) }, { map: tmj, label: `${label(tmx)} as Tiled's TMJ` });
    }
    for (const tmj of files(root, ".tmj").filter((f) => !f.endsWith(".from-tmx.tmj"))) {
      if (orthogonal(JSON.parse(readFileSync(tmj, "utf8")) as Json)) out.push({ map: tmj, label: label(tmj) });
    }
  }
  return out;
}

const CASES = cases();

/** Every layer, groups' inner ones too, in map order. */
const walk = (layers: readonly Layer[] | undefined, out: Layer[] = []): Layer[] => {
  for (const l of layers ?? []) {
    out.push(l);
    if (l.type === "group") walk(l.layers, out);
  }
  return out;
};

const maxOf = (ids: readonly (number | undefined)[]): number => Math.max(0, ...ids.filter((n): n is number => typeof n === "number"));

/** The scene with its first shape moved, its last deleted (when it has two) and a box added to the first shape's layer. */
function edited(scene: Scene): { scene: Scene; moved?: Shape; deleted?: Shape; added: Shape } {
  const [first] = scene.shapes;
  const last = scene.shapes.length >= 2 ? scene.shapes.at(-1) : undefined;
  const moved = first && { ...first, x: first.x + 16.5, y: first.y - 8.25 };
  const added: Shape = { id: "added-by-test", name: "Added", class: "Test", type: "box", ...(first?.layer ? { layer: first.layer } : {}), x: 48, y: 40, rotation: 15, width: 24, height: 12 };
  const shapes = scene.shapes.filter((s) => s !== last).map((s) => (s === first ? moved! : s));
  return { scene: { ...scene, shapes: [...shapes, added] }, ...(moved ? { moved } : {}), ...(last ? { deleted: last } : {}), added };
}

describe.skipIf(SKIP_TILED)(`writing colliders back into real maps, read by the real Tiled${NEEDS_TILED}`, () => {
  it("there are real maps to write into, TMX ones among them", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(10);
    expect(CASES.filter((c) => c.map.endsWith(".tmx")).length).toBeGreaterThanOrEqual(8);
  });

  for (const { map, label } of CASES) {
    it(`${label}: import, move one, delete one, add one, --into; Tiled reads the rest as it was`, async () => {
      const folder = dirname(map), stem = basename(map);
      const sceneFile = join(folder, `${stem}.scene.json`);
      await cli(["import", map, "-o", sceneFile]);
      const read = parseScene(readFileSync(sceneFile, "utf8"));
      if (!read.ok) throw new Error(JSON.stringify(read.problems));
      expect(read.scene.tiledMap?.src).toBe(basename(map));
      const edit = edited(read.scene);
      writeFileSync(sceneFile, serializeScene(edit.scene));
      // Written as the map is (TMX stays TMX), whatever the output's name.
      const out = join(folder, `${stem}.merged${map.endsWith(".tmx") ? ".tmx" : ".tmj"}`);
      const said = await cli(["export", sceneFile, "--format", "tiled", "--into", map, "-o", out]);
      expect(said).toMatch(new RegExp(`${edit.moved ? 1 : 0} objects? updated, 1 added, ${edit.deleted ? 1 : 0} removed`));
      expect(readFileSync(out, "utf8").trimStart().startsWith("<")).toBe(map.endsWith(".tmx"));

      const before = throughTiled(map);
      const after = throughTiled(out);
      // The map's own fields, properties and tilesets: as they were (but the next ids).
      const top = (m: Json) => Object.fromEntries(Object.entries(m).filter(([k]) => k !== "layers" && k !== "nextobjectid" && k !== "nextlayerid"));
      expect(top(after)).toEqual(top(before));
      const beforeLayers = walk(before.layers), afterLayers = walk(after.layers);
      // The new object's id: the next one, or past the highest when a map's nextobjectid lags behind its objects.
      const newId = Math.max(before.nextobjectid, maxOf(beforeLayers.flatMap((l) => (l.objects ?? []).map((o) => o.id))) + 1);
      expect(after.nextobjectid).toBe(newId + 1);
      // A map without an object layer for it gets one, last, holding the added object alone.
      const layerAdded = (read.scene.layers ?? []).length === 0;
      if (layerAdded) {
        const newLayerId = Math.max(before.nextlayerid, maxOf(beforeLayers.map((l) => l.id)) + 1);
        expect(after.nextlayerid).toBe(newLayerId + 1);
        expect(after.layers.at(-1)).toMatchObject({ type: "objectgroup", id: newLayerId, objects: [{ id: newId, name: "Added", type: "Test" }] });
      } else expect(after.nextlayerid).toBe(before.nextlayerid);
      expect(afterLayers.map((l) => [l.type, l.name, l.id])).toEqual([...beforeLayers, ...(layerAdded ? [after.layers.at(-1)!] : [])].map((l) => [l.type, l.name, l.id]));

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
        // Every other object as Tiled read it: a template instance still an instance, with only its own fields.
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
      expect(addedFound + (layerAdded ? 1 : 0)).toBe(1);
      // The shapes imported from what was written (its tilesets and templates loaded) are the edited scene's.
      const loaded = await loadTiledMapFile(out, readTextFile);
      const back = importTiled(JSON.stringify(loaded.resolved));
      if (!back.ok) throw new Error(JSON.stringify(back.problems));
      const added = back.scene.shapes.find((s) => s.id === edit.added.id)!;
      expect(added).toMatchObject({ name: "Added", class: "Test", type: "box", width: 24, height: 12, rotation: 15, tiledId: newId });
      expect(added.x).toBeCloseTo(48, 9);
      expect(added.y).toBeCloseTo(40, 9);
      if (edit.moved) {
        const moved = back.scene.shapes.find((s) => s.tiledId === edit.moved!.tiledId)!;
        expect(moved.x).toBeCloseTo(edit.moved.x, 9);
        expect(moved.y).toBeCloseTo(edit.moved.y, 9);
      }
      const byId = (a: number, b: number) => a - b;
      expect(back.scene.shapes.map((s) => s.tiledId!).sort(byId)).toEqual(edit.scene.shapes.map((s) => s.tiledId ?? newId).sort(byId));
    }, 120_000);
  }
});
