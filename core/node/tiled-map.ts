// Tiled maps for the command line: the map (TMX or TMJ) loaded with its external tilesets and
// templates through loadTiledMap, read with the tool's own file reading, and turned into the
// resolved map's JSON text for importTiled. Problems keep the tool's style: FILE:LINE:COLUMN:
// PATH: MESSAGE, one per line; a file that cannot be read exits 2, a file read and found wrong 1.
import { isDeepStrictEqual } from "node:util";
import { formatProblem, type SceneProblem } from "../scene/errors";
import type { JsonObject } from "../tiled/types";
import { loadTiledMap } from "../tiled/load";
import type { Locate } from "../tiled/problems";
import { forwardSlashes } from "./export-images";
import { UserError } from "./files";

export interface TiledMapText {
  /** The resolved map as Tiled JSON text (the file's own text when it is TMJ and nothing needed resolving). */
  readonly text: string;
  /** A problem importTiled found in `text`, placed in the map file (its line and column there, when known). */
  readonly place: (problem: SceneProblem) => SceneProblem;
}

export interface TiledMapFile {
  /** The map as written; `resolved` as its import reads it (the same object when nothing needed resolving). */
  readonly original: JsonObject;
  readonly resolved: JsonObject;
  /** Where a JSON path of `original` is in the map file. */
  readonly locate: Locate;
  /** Whether the map file is TMX (XML), to be written back as such. */
  readonly xml: boolean;
  /** The map file's own text, without a byte-order mark. */
  readonly text: string;
}

/** Loads the Tiled map `file` (TMX or TMJ) with its tilesets and templates; throws a UserError listing the problems when it cannot be read whole. */
export async function loadTiledMapFile(file: string, readText: (path: string) => Promise<string>): Promise<TiledMapFile> {
  // The map first, as before: a map that cannot be read is the tool's usual "cannot read FILE: why".
  const own = await readText(file);
  const path = forwardSlashes(file);
  const loaded = await loadTiledMap(path, (p) => (p === path ? own : readText(p)));
  if (!loaded.ok) {
    const lines = loaded.problems.map((p) => formatProblem(p, p.file === path ? file : p.file));
    throw new UserError(lines.join("\n"), loaded.problems.some((p) => p.unreadable) ? 2 : 1);
  }
  const text = own.replace(/^\uFEFF/, "");
  const same = isDeepStrictEqual(loaded.original, loaded.resolved);
  return { original: loaded.original, resolved: same ? loaded.original : loaded.resolved, locate: loaded.locate, xml: !text.trimStart().startsWith("{"), text };
}

/** Loads the Tiled map `file` for importing; throws a UserError listing the problems when it cannot be read whole. */
export async function loadMapForImport(file: string, readText: (path: string) => Promise<string>): Promise<TiledMapText> {
  const map = await loadTiledMapFile(file, readText);
  const locate = map.locate;
  // importTiled places its own problems in the text it read: the file's, when nothing was resolved.
  if (!map.xml && map.resolved === map.original) return { text: map.text, place: (p) => (p.line === undefined ? { ...p, ...locate(p.path) } : p) };
  return {
    text: JSON.stringify(map.resolved),
    place: ({ line: _line, column: _column, ...p }) => ({ ...p, ...locate(p.path) }),
  };
}
