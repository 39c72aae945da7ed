// Tiled's JSON files (TMJ maps, TSJ tilesets, TJ templates) read as they are: the model is the
// file. Checked only for what a loader relies on: a JSON object of the right kind, and for maps
// tile layer data that decodes to its layer's size (so a wrong encoding or compression is found
// on loading, with its JSON path, line and column).
import { formatPath, type PathSegment } from "../scene/errors";
import { jsonLocator, syntaxProblem } from "../scene/io";
import { decodeTileData } from "./layer-data";
import { pathSegments, type TiledParse, type TiledProblem } from "./problems";
import type { JsonObject, JsonValue } from "./types";

export type TiledFileKind = "map" | "tileset" | "template";

// eslint-disable-next-line no-control-regex -- matching them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Tile layers (in groups too) whose data does not decode to their size, as [path, message]. */
function tileDataProblems(layers: JsonValue | undefined, at: PathSegment[], found: [PathSegment[], string][]): void {
  if (!Array.isArray(layers)) return;
  for (const [i, layer] of layers.entries()) {
    if (!isObject(layer)) continue;
    const here = [...at, i];
    if (layer.type === "group") tileDataProblems(layer.layers, [...here, "layers"], found);
    if (layer.type !== "tilelayer") continue;
    const encoding = typeof layer.encoding === "string" ? layer.encoding : undefined;
    const compression = typeof layer.compression === "string" ? layer.compression : undefined;
    const check = (data: JsonValue | undefined, width: JsonValue | undefined, height: JsonValue | undefined, path: PathSegment[]) => {
      if (typeof width !== "number" || typeof height !== "number" || !Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
        found.push([path.slice(0, -1), "width and height must be whole numbers"]);
        return;
      }
      if (typeof data !== "string" && !Array.isArray(data)) {
        found.push([path, "expected an array of gids or a base64 string"]);
        return;
      }
      const decoded = decodeTileData(data as readonly number[] | string, encoding, compression, width * height);
      if (!decoded.ok) found.push([path, decoded.message]);
    };
    if (Array.isArray(layer.chunks)) {
      for (const [j, chunk] of layer.chunks.entries()) {
        if (isObject(chunk)) check(chunk.data, chunk.width, chunk.height, [...here, "chunks", j, "data"]);
        else found.push([[...here, "chunks", j], "expected a chunk object"]);
      }
    } else if (layer.data !== undefined) check(layer.data, layer.width, layer.height, [...here, "data"]);
  }
}

/** A Tiled JSON file of `kind` as the model, or where it is not one. */
export function parseTiledJson(withBom: string, file: string, kind: TiledFileKind): TiledParse<JsonObject> {
  const original = withBom.startsWith("\uFEFF") ? withBom.slice(1) : withBom;
  const problem = (p: Omit<TiledProblem, "file">): TiledProblem => ({ file, ...p });
  if (original.trim() === "") return { ok: false, problems: [problem({ path: "", message: `the file is empty (expected a Tiled JSON ${kind})`, line: 1, column: 1 })] };
  // Tiled 1.8 writes control characters other than \b \t \n \f \r unescaped inside strings (not
  // valid JSON). They cannot appear outside strings in any JSON, so escaping them only repairs.
  const text = original.replace(RAW_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problems: [problem(syntaxProblem(original))] };
  }
  const locator = jsonLocator(text);
  const fail = (found: readonly [PathSegment[], string][]): TiledParse<JsonObject> => ({
    ok: false,
    problems: found.map(([path, message]) => problem({ path: formatPath(path), message, ...locator(path) })),
  });
  if (!isObject(data)) return fail([[[], `a Tiled ${kind} must be a JSON object`]]);
  if (data.type !== undefined && data.type !== kind) return fail([[["type"], `not a Tiled ${kind}: expected "${kind}", got ${JSON.stringify(data.type)}`]]);
  const found: [PathSegment[], string][] = [];
  if (kind === "map") {
    if (data.tilesets !== undefined && !Array.isArray(data.tilesets)) found.push([["tilesets"], "expected an array of tilesets"]);
    for (const [i, t] of (Array.isArray(data.tilesets) ? data.tilesets : []).entries()) {
      if (!isObject(t)) found.push([["tilesets", i], "expected a tileset object"]);
      else if (t.source !== undefined && typeof t.source !== "string") found.push([["tilesets", i, "source"], "expected the tileset file's path"]);
    }
    tileDataProblems(data.layers, ["layers"], found);
  }
  if (kind === "template" && !isObject(data.object)) found.push([["object"], "the template has no object"]);
  if (found.length > 0) return fail(found);
  return { ok: true, value: data, problems: [], locate: (path) => locator(pathSegments(path)) };
}
