// The files a Tiled map is made of, as the editor may read them beside a scene: the map (.tmx,
// .tmj), its external tilesets (.tsx, .tsj) and object templates (.tx, .tj), each XML or JSON by
// its extension; .json is Tiled's older name for any of its JSON files. Paths follow the scene
// format's rules for a relative image `src` (image-source.ts): relative, forward slashes, no
// scheme, so reading a map never touches the network or another drive.
import { imageSourceProblem } from "../scene/image-source";

export type TiledFileSyntax = "xml" | "json";

/** Extensions (lower case, without the dot) of the text files a Tiled map may consist of. */
export const TILED_TEXT_EXTENSIONS: Readonly<Record<string, TiledFileSyntax>> = { tmx: "xml", tsx: "xml", tx: "xml", tmj: "json", tsj: "json", tj: "json", json: "json" };

/** Extensions a scene's `tiledMap.src` may have: a map file. */
export const TILED_MAP_EXTENSIONS: readonly string[] = ["tmx", "tmj", "json"];

/** Larger files are refused before they are read (a 1,000 × 1,000-tile CSV layer is about 6 MB). */
export const MAX_TILED_FILE_BYTES = 64 * 1024 * 1024;

const extensionOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
};

/** Whether `path` names an XML or a JSON Tiled file by its extension; null for any other file. */
export const tiledFileSyntax = (path: string): TiledFileSyntax | null => TILED_TEXT_EXTENSIONS[extensionOf(path)] ?? null;

/** What is wrong with a relative path (image-source.ts's rules, no data: URL), or null. */
function relativePathProblem(path: string): string | null {
  if (path.startsWith("data:")) return "must be a path relative to the scene's folder, not a data: URL";
  if (path.includes("\0")) return "must not hold a NUL character";
  return imageSourceProblem(path);
}

/** What is wrong with a scene's `tiledMap.src`, in the file format's words, or null when it is accepted. */
export function tiledMapSourceProblem(src: string): string | null {
  const problem = relativePathProblem(src);
  if (problem !== null) return problem;
  return TILED_MAP_EXTENSIONS.includes(extensionOf(src)) ? null : "must name a Tiled map file (.tmx, .tmj or .json)";
}

/** What is wrong with the path of a Tiled text file to read (a map, tileset or template), or null. */
export function tiledFileSourceProblem(path: string): string | null {
  const problem = relativePathProblem(path);
  if (problem !== null) return problem;
  return tiledFileSyntax(path) === null ? "is not a Tiled map, tileset or template file (.tmx, .tmj, .tsx, .tsj, .tx, .tj or .json)" : null;
}

/**
 * Whether a file's text is what its extension says (XML starts with "<", JSON with "{" after any
 * byte order mark and white space): a file named like a map that holds something else is refused
 * before anything parses it. Null when it is, else why not.
 */
export function tiledTextProblem(path: string, text: string): string | null {
  const syntax = tiledFileSyntax(path);
  const first = /^\uFEFF?\s*(.)/.exec(text)?.[1];
  if (syntax === "xml") return first === "<" ? null : "it is not an XML file";
  if (syntax === "json") return first === "{" ? null : "it is not a JSON object";
  return "it is not a Tiled file";
}
