// A scene's colliders written back into the Tiled map it came from, as the file's text: the map
// loaded as written and as its import reads it (loadTiledMap), merged (mergeIntoTiledMap), and
// written in the map's own form — TMX (writeTmx) or TMJ as Tiled writes it (writeTmj).
import { formatPath } from "../scene/errors";
import type { Scene } from "../scene/types";
import { folderOf, loadTiledMap, type ReadText } from "./load";
import { mergeIntoTiledMap, type TiledMergeOptions, type TiledMergeReport, type TiledMergeResult } from "./merge";
import type { TiledProblem } from "./problems";
import type { JsonObject } from "./types";
import { writeTmx } from "./tmx-write";
import { writeTmj } from "./tmj-write";
import { parseXml, type XmlElement } from "./xml";

export type SceneIntoMap =
  | {
      readonly ok: true;
      readonly text: string;
      readonly report: Extract<TiledMergeResult, { ok: true }>["report"];
      /** The scene's `tiledMap.base` once `text` is written (the next write-back's base). */
      readonly base: Extract<TiledMergeResult, { ok: true }>["base"];
    }
  | { readonly ok: false; readonly problems: readonly (TiledProblem | Extract<TiledMergeResult, { ok: false }>["problems"][number])[] };

/**
 * `scene` written into the map at `mapPath` (read with `readText`, as its tilesets and templates).
 * `sceneDir` is the scene's folder in the same terms as `mapPath` (default: the map's), for file
 * properties; the other options are the Tiled export's.
 */
export async function writeSceneIntoMap(scene: Scene, mapPath: string, readText: ReadText, options: Omit<TiledMergeOptions, "resolved" | "mapDir" | "locate"> = {}): Promise<SceneIntoMap> {
  let own = "";
  const loaded = await loadTiledMap(mapPath, async (path) => {
    const text = await readText(path);
    if (path === mapPath) own = text;
    return text;
  });
  if (!loaded.ok) return loaded;
  const mapDir = folderOf(mapPath);
  // The scene's Tiled export option, unless the caller gives one (as `export --into` does, a flag over it).
  const capsules = options.capsules ?? scene.exportOptions?.tiled?.capsules;
  const merged = mergeIntoTiledMap(loaded.original, scene, { ...options, ...(capsules === undefined ? {} : { capsules }), mapDir, resolved: loaded.resolved, locate: (at) => loaded.locate(formatPath(at)) });
  if (!merged.ok) return merged;
  return { ok: true, text: writeMapAsFile(merged.map, own), report: merged.report, base: merged.base };
}

/**
 * `map` (Tiled's JSON model) written as the text of the file `own` it was read from: TMX or TMJ
 * as that file is, with its line endings, and a TMX's tile layers with the width and height the
 * file gave them (an infinite map's model has its chunks' bounds there).
 */
export function writeMapAsFile(map: JsonObject, own: string): string {
  const xml = !own.replace(/^\uFEFF/, "").trimStart().startsWith("{");
  const text = xml ? writeTmx(map, { tileLayerSizes: tileLayerSizesOf(own) }) : writeTmj(map);
  return lineEndsOf(own) === "\r\n" ? text.replace(/\r?\n/g, "\r\n") : text;
}

/** The line ending a file uses, by its first line break: a map checked out on Windows (CRLF) is written back with CRLF, so only the changed lines differ. */
export const lineEndsOf = (text: string): "\n" | "\r\n" => (/\r?\n/.exec(text)?.[0] === "\r\n" ? "\r\n" : "\n");

/** The `width` and `height` of each tile layer element of a TMX, by its id, as the file has them. */
function tileLayerSizesOf(tmx: string): Map<number, { readonly width: string; readonly height: string }> {
  const sizes = new Map<number, { width: string; height: string }>();
  const parsed = parseXml(tmx);
  if (!parsed.ok) return sizes;
  const walk = (el: XmlElement): void => {
    for (const child of el.children) {
      if (child.name === "group") walk(child);
      if (child.name !== "layer") continue;
      const id = Number(child.attributes.get("id"));
      const width = child.attributes.get("width"), height = child.attributes.get("height");
      if (Number.isInteger(id) && width !== undefined && height !== undefined) sizes.set(id, { width, height });
    }
  };
  walk(parsed.root);
  return sizes;
}

/**
 * A write-back's outcome in words, as the CLI and Save to Map say it: "2 objects updated, 1 added,
 * 0 removed", then what was kept from the map and where the scene's change won over Tiled's.
 */
export function mergeSummary(report: TiledMergeReport): string {
  const { updated, added, removed, stayedDeleted, conflicts } = report;
  const parts = [`${updated} object${updated === 1 ? "" : "s"} updated, ${added} added, ${removed} removed`];
  if (stayedDeleted.length > 0) parts.push(`deleted in the map since, kept deleted: ${stayedDeleted.join(", ")}`);
  if (conflicts.length > 0) parts.push(`changed on both sides, the scene's side written: ${conflicts.join(", ")}`);
  return parts.join("; ");
}
