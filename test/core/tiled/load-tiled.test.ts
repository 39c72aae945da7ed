// loadTiledMap's `resolved` against Tiled 1.8 itself: `tiled --embed-tilesets --detach-templates
// --export-map json` of each fixture map (TMX and TMJ) equals `resolved`, compared as values with
// the differences by design listed in tiled-compare.ts taken out.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadTiledMap } from "../../../core/tiled/load";
import { parseTmx } from "../../../core/tiled/tmx-read";
import { writeTmx } from "../../../core/tiled/tmx-write";
import { comparable } from "./tiled-compare";
import { filesUnder, FIXTURES, fixtureCopy, NEEDS_TILED, SKIP_TILED, tiledExportMap } from "./tiled-app";

const MAPS = filesUnder(FIXTURES).filter((f) => /\.(tmx|tmj)$/.test(f));
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

describe.skipIf(SKIP_TILED)(`loadTiledMap resolves as Tiled 1.8 embeds tilesets and detaches templates${NEEDS_TILED}`, () => {
  for (const file of MAPS) {
    it(file, { timeout: 60_000 }, async () => {
      const root = fixtureCopy(file.split("/")[0]!);
      roots.push(root);
      const path = join(root, file);
      const loaded = await loadTiledMap(path.split("\\").join("/"), (p) => readFileSync(p, "utf8"));
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
      tiledExportMap(path, `${path}.tiled.json`, "json", ["--embed-tilesets", "--detach-templates"]);
      const tiled: unknown = JSON.parse(readFileSync(`${path}.tiled.json`, "utf8"));
      expect(comparable(loaded.resolved, true, true)).toEqual(comparable(tiled, false));
    });
  }

  it("a template whose tileset the map does not use: the tileset is added after the map's own, its tile given the new gid", { timeout: 60_000 }, async () => {
    const root = fixtureCopy("libtmx");
    roots.push(root);
    const read = (p: string) => readFileSync(p, "utf8");
    const source = parseTmx(read(join(root, "libtmx/objecttemplates.tmx")), "objecttemplates.tmx");
    if (!source.ok) throw new Error(JSON.stringify(source.problems));
    // The map without its tileset (and the tile layer that used it).
    const layers = (source.value.layers as { type: string }[]).filter((l) => l.type !== "group");
    const path = join(root, "libtmx/no-tileset.tmx");
    writeFileSync(path, writeTmx({ ...source.value, tilesets: [], layers }));
    const loaded = await loadTiledMap(path, read);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    expect((loaded.resolved.tilesets as { firstgid: number; name: string }[]).map((t) => [t.firstgid, t.name])).toEqual([[1, "base"]]);
    tiledExportMap(path, `${path}.tiled.json`, "json", ["--embed-tilesets", "--detach-templates"]);
    const tiled: unknown = JSON.parse(readFileSync(`${path}.tiled.json`, "utf8"));
    expect(comparable(loaded.resolved, true, true)).toEqual(comparable(tiled, false));
  });
});
