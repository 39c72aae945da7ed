// Loading the scene's Tiled map for the backdrop: the one place that calls the map loader.
// The core's loader (loadTiledMap(path, readText): every external tileset inlined with its
// firstgid, templates applied, every path relative to the map's folder) is to replace
// loadJsonMap below by a one-line change in loadBackdropMap; until then JSON maps (.tmj, .json)
// are read here, with their JSON tilesets (.tsj, .json) inlined the same way.
import { resolvePath } from "../../core/scene/file-paths";
import type { JsonObject, JsonValue } from "../../core/tiled/types";
import type { TiledText } from "./read-text";

/** A loaded map: Tiled's JSON model with tilesets inlined and paths from the map's folder, and what was wrong on the way. */
export type LoadedMap = { readonly ok: true; readonly resolved: JsonObject; readonly problems: readonly string[] } | { readonly ok: false; readonly problems: readonly string[] };

/** Reads a file by its path relative to the scene's folder. */
export type ReadTiledText = (path: string) => Promise<TiledText>;

/** The folder part of a relative path ("" for a file in the scene's own folder). */
export const folderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("/")));

/** Loads the map at `src` (relative to the scene's folder) for the backdrop. */
export async function loadBackdropMap(src: string, read: ReadTiledText): Promise<LoadedMap> {
  return loadJsonMap(src, read);
}

// eslint-disable-next-line no-control-regex -- matching them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const isObject = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON text as an object; Tiled 1.8 leaves some control characters unescaped in strings, repaired as the import does. */
function parseJson(text: string): JsonObject | string {
  try {
    const data = JSON.parse(text.replace(RAW_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)) as JsonValue;
    return isObject(data) ? data : "it is not a JSON object";
  } catch (err) {
    return `it is not valid JSON (${err instanceof Error ? err.message : String(err)})`;
  }
}

/** A tileset's paths, written from `from` (its own file's folder, from the map's), rewritten from the map's folder. */
function rebaseTileset(tileset: JsonObject, from: string): JsonObject {
  if (from === "") return tileset;
  const rebase = (p: JsonValue | undefined) => (typeof p === "string" && p !== "" ? resolvePath(from, p) : p);
  const tiles = Array.isArray(tileset.tiles) ? (tileset.tiles as JsonValue[]).map((t) => (isObject(t) && typeof t.image === "string" ? { ...t, image: rebase(t.image) } : t)) : tileset.tiles;
  return { ...tileset, ...(typeof tileset.image === "string" ? { image: rebase(tileset.image) } : {}), ...(tiles === undefined ? {} : { tiles }) };
}

async function loadJsonMap(src: string, read: ReadTiledText): Promise<LoadedMap> {
  if (/\.tmx$/i.test(src)) return { ok: false, problems: [`${src}: TMX maps cannot be shown yet; save the map as JSON (.tmj) in Tiled`] };
  const file = await read(src);
  if (!file.ok) return { ok: false, problems: [file.message] };
  const map = parseJson(file.text);
  if (typeof map === "string") return { ok: false, problems: [`${src}: ${map}`] };
  const problems: string[] = [];
  const mapDir = folderOf(src);
  const tilesets: JsonValue[] = [];
  for (const [i, tileset] of (Array.isArray(map.tilesets) ? (map.tilesets as JsonValue[]) : []).entries()) {
    if (!isObject(tileset) || typeof tileset.source !== "string") {
      tilesets.push(tileset);
      continue;
    }
    // An external tileset: inlined with the map's firstgid, its paths rewritten from the map's folder.
    const { source, ...rest } = tileset;
    const fromMap = resolvePath("", source);
    const at = resolvePath(mapDir, source);
    if (!/\.(tsj|json)$/i.test(source)) {
      problems.push(`${src}: tileset ${i} (${source}): TSX tilesets cannot be shown yet; save it as JSON (.tsj) in Tiled`);
      tilesets.push({ ...rest, name: source });
      continue;
    }
    const text = await read(at);
    const parsed = text.ok ? parseJson(text.text) : text.message;
    if (typeof parsed === "string") {
      problems.push(text.ok ? `${at}: ${parsed}` : parsed);
      tilesets.push({ ...rest, name: source });
      continue;
    }
    tilesets.push({ ...rebaseTileset(parsed, folderOf(fromMap)), firstgid: rest.firstgid ?? 1 });
  }
  return { ok: true, resolved: { ...map, tilesets }, problems };
}
