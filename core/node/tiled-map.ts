// Tiled maps for the command line: the map (TMX or TMJ) loaded with its external tilesets and
// templates through loadTiledMap, read with the tool's own file reading, and turned into the
// resolved map's JSON text for importTiled. Problems keep the tool's style: FILE:LINE:COLUMN:
// PATH: MESSAGE, one per line; a file that cannot be read exits 2, a file read and found wrong 1.
import { isDeepStrictEqual } from "node:util";
import { formatProblem, type SceneProblem } from "../scene/errors";
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

/** Loads the Tiled map `file` for importing; throws a UserError listing the problems when it cannot be read whole. */
export async function readTiledMap(file: string, readText: (path: string) => Promise<string>): Promise<TiledMapText> {
  // The map first, as before: a map that cannot be read is the tool's usual "cannot read FILE: why".
  const own = await readText(file);
  const path = forwardSlashes(file);
  const loaded = await loadTiledMap(path, (p) => (p === path ? own : readText(p)));
  if (!loaded.ok) {
    const lines = loaded.problems.map((p) => formatProblem(p, p.file === path ? file : p.file));
    throw new UserError(lines.join("\n"), loaded.problems.some((p) => p.unreadable) ? 2 : 1);
  }
  const json = own.replace(/^\uFEFF/, "");
  if (json.trimStart().startsWith("{") && isDeepStrictEqual(loaded.original, loaded.resolved)) {
    return { text: json, place: (p) => p };
  }
  const locate: Locate = loaded.locate;
  return {
    text: JSON.stringify(loaded.resolved),
    place: ({ line: _line, column: _column, ...p }) => ({ ...p, ...locate(p.path) }),
  };
}
