// Problems found in Tiled files, each naming its file and place: a path in Tiled's JSON model
// (layers[2].objects[0].polygon), and the line and column in the file when known.
import type { SceneProblem } from "../scene/errors";

export interface TiledProblem extends SceneProblem {
  /** The file the problem is in (for a missing file: the file that refers to it). */
  readonly file: string;
  /** Set when a file could not be read at all (missing, unreadable), as opposed to read and found wrong. */
  readonly unreadable?: true;
}

/** A Tiled file read into Tiled's JSON model, or what kept it from being read whole. */
export type TiledParse<T> =
  | { readonly ok: true; readonly value: T; readonly problems: readonly TiledProblem[] }
  | { readonly ok: false; readonly problems: readonly TiledProblem[] };
