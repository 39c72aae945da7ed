// parseTmx against Tiled 1.8 itself: for every fixture map, `tiled --export-map json` of the TMX
// equals parseTmx of it, compared as values (Tiled sorts keys; numbers as numbers). Differences by
// design, made equal before comparing (each in `forTiled18` below):
// - version and tiledversion: Tiled writes its own; parseTmx keeps the file's.
// - Tile layer data: Tiled writes every layer in one encoding (the file's last) and re-compresses
//   it; parseTmx keeps each layer's own. Compared as decoded gids (and each layer's encoding is
//   checked against the file in tmx-read.test.ts). Infinite layers: Tiled drops empty chunks and
//   re-cuts them by the chunk size, so chunks are compared as their non-empty cells.
// - Properties: Tiled sorts them by name (parseTmx keeps the file's order) and, without a
//   project (the command line has none), drops `propertytype` and reads an empty colour as a string.
// - Fields newer than Tiled 1.8, which it does not read: `class` (1.9), the image size of image
//   layers (1.11.1).
// - Paths: compared normalized ("a/./b" is "a/b"); Tiled rewrites them relative to the map.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";
import { decodeTileData } from "../../../core/tiled/layer-data";
import { parseTmx } from "../../../core/tiled/tmx-read";
import { normalizePath } from "../../../core/scene/file-paths";
import type { JsonObject } from "../../../core/tiled/types";
import { filesUnder, FIXTURES, fixtureCopy, SKIP_TILED, tiledExportMap } from "./tiled-app";

type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Non-empty cells of a tile layer (finite or infinite) as "x,y" → gid. */
function cells(layer: Json): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (data: unknown, x0: number, y0: number, w: number, h: number) => {
    const decoded = decodeTileData(data as readonly number[] | string, layer.encoding as string | undefined, layer.compression as string | undefined, w * h);
    if (!decoded.ok) throw new Error(`${String(layer.name)}: ${decoded.message}`);
    decoded.gids.forEach((g, i) => {
      if (g !== 0) out[`${x0 + (i % w)},${y0 + Math.floor(i / w)}`] = g;
    });
  };
  if (Array.isArray(layer.chunks)) for (const c of layer.chunks as Json[]) add(c.data, c.x as number, c.y as number, c.width as number, c.height as number);
  else add(layer.data, 0, 0, layer.width as number, layer.height as number);
  return out;
}

const PATH_KEYS = new Set(["image", "source", "template"]);

/** A model with the differences by design (see the file comment) taken out. */
function forTiled18(value: unknown, ours: boolean, key = ""): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => forTiled18(v, ours));
    if (key === "properties") return [...(items as Json[])].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    return items;
  }
  if (!isObject(value)) return PATH_KEYS.has(key) && typeof value === "string" ? normalizePath(value) : value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (ours && k === "class") continue;
    if (ours && k === "propertytype") continue;
    out[k] = forTiled18(v, ours, k);
  }
  if (out.type === "tilelayer") {
    const { data: _d, chunks: _c, encoding: _e, compression: _k, ...rest } = out;
    return { ...rest, cells: cells(value) };
  }
  if (ours && out.type === "imagelayer") {
    delete out.imagewidth;
    delete out.imageheight;
  }
  // Tiled 1.8 reads an empty colour property as a string.
  if (ours && out.type === "color" && out.value === "" && "name" in out) out.type = "string";
  return out;
}

const MAPS = filesUnder(FIXTURES).filter((f) => f.endsWith(".tmx"));
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

describe.skipIf(SKIP_TILED)("parseTmx gives what Tiled 1.8 writes", () => {
  it("has fixture maps to compare", () => expect(MAPS.length).toBeGreaterThanOrEqual(6));

  for (const file of MAPS) {
    it(file, { timeout: 60_000 }, () => {
      const folder = file.split("/")[0]!;
      const root = fixtureCopy(folder);
      roots.push(root);
      const path = join(root, file);
      const ours = parseTmx(readFileSync(path, "utf8"), file);
      if (!ours.ok) throw new Error(JSON.stringify(ours.problems));
      tiledExportMap(path, `${path}.tiled.json`, "json");
      const tiled = JSON.parse(readFileSync(`${path}.tiled.json`, "utf8")) as JsonObject;
      const { version: _v, tiledversion: _t, ...a } = forTiled18(ours.value, true) as Json;
      const { version: _w, tiledversion: _u, ...b } = forTiled18(tiled, false) as Json;
      expect(a).toEqual(b);
    });
  }
});
