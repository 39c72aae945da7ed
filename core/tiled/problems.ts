// Problems found in Tiled files, each naming its file and place: a path in Tiled's JSON model
// (layers[2].objects[0].polygon), and the line and column in the file when known.
import type { PathSegment, SceneProblem } from "../scene/errors";

export interface TiledProblem extends SceneProblem {
  /** The file the problem is in (for a missing file: the file that refers to it). */
  readonly file: string;
  /** Set when a file could not be read at all (missing, unreadable), as opposed to read and found wrong. */
  readonly unreadable?: true;
}

/** Where a path of the model is in its file: 1-based line and column. */
export type Locate = (path: string) => { readonly line: number; readonly column: number } | undefined;

/** A Tiled file read into Tiled's JSON model, or what kept it from being read whole. */
export type TiledParse<T> =
  | { readonly ok: true; readonly value: T; readonly problems: readonly TiledProblem[]; readonly locate: Locate }
  | { readonly ok: false; readonly problems: readonly TiledProblem[] };

/** The segments of a path written by formatPath: `layers[2].objects[0]["a b"]` → ["layers", 2, "objects", 0, "a b"]. */
export function pathSegments(path: string): PathSegment[] {
  const out: PathSegment[] = [];
  const re = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < path.length && (m = re.exec(path))) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else if (m[2] !== undefined) out.push(JSON.parse(m[2]) as string);
    else out.push(m[3]!);
  }
  return out;
}
