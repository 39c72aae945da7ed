// Models compared with what Tiled 1.8 writes, as values, with the differences by design taken out:
// - version and tiledversion at the top: Tiled writes its own (the caller drops them).
// - Tile layer data: Tiled writes every layer in one encoding (the file's last) and re-compresses
//   it; ours keeps each layer's own. Compared as decoded cells. Infinite layers: Tiled drops empty
//   chunks and re-cuts them by the chunk size, so chunks are compared as their non-empty cells.
// - Properties: Tiled sorts them by name (ours keep the file's order) and, without a project
//   (the command line has none), drops `propertytype` and reads an empty colour as a string.
// - Fields newer than Tiled 1.8, which it does not read: `class` (1.9), the image size of image
//   layers (1.11.1).
// - Paths: compared normalized ("./a.png" is "a.png"); Tiled rewrites them relative to the map.
// - With --embed-tilesets or --detach-templates, Tiled 1.8 writes a copy of the map that has lost
//   every layer's `locked` and image layers' `repeatx`/`repeaty` (Layer::initializeClone and
//   ImageLayer::clone do not copy them), so `copied` leaves those out of ours.
import { normalizePath } from "../../../core/scene/file-paths";
import { decodeTileData } from "../../../core/tiled/layer-data";

export type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Non-empty cells of a tile layer (finite or infinite) as "x,y" → gid. */
export function cells(layer: Json): Record<string, number> {
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

/** `value` with the differences by design taken out; `ours` for our model, false for Tiled's. */
export function forTiled18(value: unknown, ours: boolean, key = "", copied = false): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => forTiled18(v, ours, "", copied));
    if (key === "properties") return [...(items as Json[])].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    return items;
  }
  if (!isObject(value)) return PATH_KEYS.has(key) && typeof value === "string" ? normalizePath(value) : value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (ours && (k === "class" || k === "propertytype")) continue;
    if (ours && value.type === "imagelayer" && (k === "imagewidth" || k === "imageheight")) continue;
    if (ours && copied && (k === "locked" || k === "repeatx" || k === "repeaty")) continue;
    out[k] = forTiled18(v, ours, k, copied);
  }
  if (out.type === "tilelayer") {
    const { data: _d, chunks: _c, encoding: _e, compression: _k, ...rest } = out;
    return { ...rest, cells: cells(value) };
  }
  // Tiled 1.8 reads an empty colour property as a string.
  if (ours && out.type === "color" && out.value === "" && "name" in out) out.type = "string";
  return out;
}

/** A map model ready to compare with Tiled's: differences by design out, its version fields too; `copied` for Tiled's export copy. */
export function comparable(map: unknown, ours: boolean, copied = false): Json {
  const { version: _v, tiledversion: _t, ...rest } = forTiled18(map, ours, "", copied) as Json;
  return rest;
}
