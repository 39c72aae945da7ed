// Loading the scene's Tiled map for the backdrop: the one place that calls the core's map loader
// (loadTiledMap: TMX or TMJ, external TSX/TSJ tilesets inlined with their firstgid, templates
// applied, every path relative to the map's folder), reading files by their path relative to the
// scene's folder.
import { formatProblem } from "../../core/scene/errors";
import { loadTiledMap } from "../../core/tiled/load";
import type { JsonObject } from "../../core/tiled/types";
import type { TiledText } from "./read-text";

/** A loaded map: Tiled's JSON model with tilesets inlined and paths from the map's folder, and what was wrong on the way. */
export type LoadedMap = { readonly ok: true; readonly resolved: JsonObject; readonly problems: readonly string[] } | { readonly ok: false; readonly problems: readonly string[] };

/** Reads a file by its path relative to the scene's folder. */
export type ReadTiledText = (path: string) => Promise<TiledText>;

/** The folder part of a relative path ("" for a file in the scene's own folder). */
export const folderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("/")));

/** A file the page could not read, as the loader takes it: its message, which the loader names the file in. */
class Unreadable extends Error {}

/** Loads the map at `src` (relative to the scene's folder) for the backdrop. */
export async function loadBackdropMap(src: string, read: ReadTiledText): Promise<LoadedMap> {
  const loaded = await loadTiledMap(src, async (path) => {
    const file = await read(path);
    if (!file.ok) throw new Unreadable(file.message);
    return file.text;
  });
  // A file that could not be read at all: the reader's message names it already.
  const lines = loaded.problems.map((p) => (p.unreadable && p.path === "" ? p.message : formatProblem(p, p.file)));
  return loaded.ok ? { ok: true, resolved: loaded.resolved, problems: lines } : { ok: false, problems: lines };
}
