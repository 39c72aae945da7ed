// What the runtime loaders throw on a file they refuse: every problem, each named by JSON path
// (and line and column when the file came as text), in the command line's words.
import { formatProblem, type SceneProblem } from "../scene/errors";
import type { Probe, Shape } from "../scene/types";
import type { CollisionWorld } from "../collision-world";
import { got } from "../query-arguments";
import { withoutBom } from "../scene/json-text";

/** A scene file refused: `problems` as the command line lists them, `message` their lines. */
export class SceneLoadError extends Error {
  /** "SceneLoadError", whichever copy of the package threw it. */
  override readonly name = "SceneLoadError";
  /**
   * The error of a refused file; its message is the problems' lines as formatProblem writes them.
   *
   * @param problems - Every problem found.
   */
  constructor(
    /** Every problem found, each naming its JSON path. */
    readonly problems: readonly SceneProblem[],
  ) {
    super(problems.map((p) => formatProblem(p)).join("\n"));
  }
}

/**
 * What loadScene reads: a scene file's text (a leading byte order mark skipped), its bytes read
 * as UTF-8 (an ArrayBuffer, as `fetch(…).arrayBuffer()` gives, or a view of one: a Uint8Array, a
 * Node Buffer, a DataView), or its JSON already parsed (an object: SceneObject).
 */
export type SceneInput = string | ArrayBuffer | ArrayBufferView | SceneObject;

/**
 * A scene file's JSON already parsed, as `JSON.parse` or `await res.json()` gives it. Its one
 * typed key, `then`, is never there: a Promise (an `await` forgotten) is refused by the compiler,
 * and so is an object with none of a scene's keys, such as a `Response` (pass `await
 * res.json()`). Every key is checked when it is loaded.
 */
export interface SceneObject {
  /** "collider-studio-scene" in a scene file. */
  readonly format?: unknown;
  /** Never set: a Promise is not a scene (await it first). */
  readonly then?: never;
}

/** The UTF-8 decoder of the platform (Node 11 and later, every browser): a global, not an import. */
declare const TextDecoder: new (label: "utf-8", options: { fatal: true }) => { decode(bytes: Uint8Array): string };

/**
 * The text of a scene given as text or bytes; undefined for parsed JSON. Throws SceneLoadError
 * for what is neither (undefined, a function) and for bytes that are not UTF-8.
 */
export function sceneText(json: unknown): string | undefined {
  if (typeof json === "string") return withoutBom(json);
  let problem = `expected the file's text or its parsed JSON, got ${got(json)}`;
  const bytes = json instanceof ArrayBuffer ? new Uint8Array(json) : ArrayBuffer.isView(json) ? new Uint8Array(json.buffer, json.byteOffset, json.byteLength) : undefined;
  if (bytes !== undefined) {
    // Checked first: UTF-16 text of ASCII is valid UTF-8 too (with a NUL after each character).
    if (utf16(bytes)) problem = "the file's bytes are UTF-16 text: save it as UTF-8";
    else {
      try {
        // The decoder skips a byte order mark.
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        problem = "the file's bytes are not UTF-8 text";
      }
    }
  } else if (typeof (json as { then?: unknown } | null)?.then === "function") {
    problem = "got a Promise, not a scene: await it first (loadScene(await response.json()))";
  } else if (typeof (json as { arrayBuffer?: unknown } | null)?.arrayBuffer === "function") {
    problem = "got a Response or a Blob, not a scene: pass await response.arrayBuffer(), .text() or .json()";
  } else if (json !== undefined && typeof json !== "function" && typeof json !== "symbol" && typeof json !== "bigint") return undefined;
  throw new SceneLoadError([{ path: "", message: problem }]);
}

/** Whether bytes start as UTF-16 does: its byte order mark, or a first character of ASCII with a zero byte beside it. */
function utf16(b: Uint8Array): boolean {
  if (b.length < 2) return false;
  const [b0, b1] = [b[0]!, b[1]!];
  return (b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff) || (b0 !== 0 && b1 === 0) || (b0 === 0 && b1 !== 0);
}

/** A loaded scene: its world (every shape in it), its shapes and its probes. */
export interface LoadedScene {
  /** A world holding every shape of the file, its geometry built (prepareGeometry). */
  readonly world: CollisionWorld;
  /** The file's shapes, in file order, as validated (rotations in (−180, 180]). */
  readonly shapes: readonly Shape[];
  /** The file's probes; empty when it has none. */
  readonly probes: readonly Probe[];
}
