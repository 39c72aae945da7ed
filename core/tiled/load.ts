// A Tiled map with everything it refers to: the map file (TMX or TMJ), its external tilesets
// (TSX or TSJ) and the templates of its objects (TX or TJ), read through a `readText` the caller
// gives (Node's file system, the editor's own channel). Files are told apart by their content
// (XML or JSON), so a name's extension does not matter.
// `original` is the map file as Tiled's JSON model, as written. `resolved` is the same map with
// every external tileset inlined (keeping its firstgid), every template applied to its objects
// (the object detached, as Tiled's --detach-templates does), and every path relative to the map's
// folder. A template's tile is given the map's gid for it; a template tileset the map does not use
// is added after the map's own. Paths are forward-slash strings (core/scene/file-paths.ts).
// Nothing is returned as ok when any file cannot be read whole.
import { formatPath, type PathSegment } from "../scene/errors";
import { isAbsolutePath, relativePath, resolvePath } from "../scene/file-paths";
import { parseTiledJson, type TiledFileKind } from "./json-read";
import type { Locate, TiledParse, TiledProblem } from "./problems";
import { parseTmx, parseTsx, parseTx } from "./tmx-read";
import { GID_FLAGS, gidOf, type JsonObject, type JsonValue } from "./types";

/** Reads a file as text; throws (any error, its message is reported) when it cannot. */
export type ReadText = (path: string) => string | Promise<string>;

export type TiledMapLoad =
  | {
      readonly ok: true;
      readonly original: JsonObject;
      readonly resolved: JsonObject;
      /** Warnings: parts of the files that were read but mean nothing to Tiled either (unknown elements). */
      readonly problems: readonly TiledProblem[];
      /** Every file read, the map first, as given to `readText`. */
      readonly files: readonly string[];
      /** Line and column of a path of the map (`layers[1].objects[0]`) in the map file, when known. */
      readonly locate: Locate;
    }
  | { readonly ok: false; readonly problems: readonly TiledProblem[] };

type Out = { [key: string]: JsonValue };

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The folder of a file path ("" for a bare name). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : slash === 0 ? "/" : path.slice(0, slash);
}

/** `path`, relative to the folder `from`, made relative to the folder `to`; URLs (http:, qrc:) and "" stay as they are. */
export function rebasePath(path: string, from: string, to: string): string {
  if (path === "" || (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path) && !/^[A-Za-z]:\//.test(path))) return path;
  const target = resolvePath(from, path);
  if (isAbsolutePath(target) && !isAbsolutePath(to)) return target;
  return relativePath(to === "" ? "." : to, target) ?? target;
}

/** Parses a Tiled file of `kind`, XML or JSON by its first character. */
export function parseTiledFile(text: string, file: string, kind: TiledFileKind): TiledParse<JsonObject> {
  const first = text.replace(/^\uFEFF/, "").trimStart()[0];
  if (first === "{" || (first !== "<" && /\.(tmj|tsj|tj|json)$/i.test(file))) return parseTiledJson(text, file, kind);
  return kind === "map" ? parseTmx(text, file) : kind === "tileset" ? parseTsx(text, file) : parseTx(text, file);
}

const clone = <T extends JsonValue>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** File-typed properties (and list items) of `props`, rebased. */
function rebaseProperties(props: JsonValue | undefined, from: string, to: string): void {
  if (!Array.isArray(props)) return;
  for (const p of props as Out[]) {
    if (!isObject(p)) continue;
    if (p.type === "file" && typeof p.value === "string") p.value = rebasePath(p.value, from, to);
    if (p.type === "list" && Array.isArray(p.value)) rebaseProperties(p.value, from, to);
  }
}

function rebaseObject(o: Out, from: string, to: string): void {
  rebaseProperties(o.properties, from, to);
}

/** An external tileset's model as an embedded tileset of the map: firstgid, no file fields, paths from the map's folder. */
function inlineTileset(tileset: JsonObject, firstgid: number, from: string, to: string): Out {
  const { type: _type, version: _version, tiledversion: _tiledversion, editorsettings: _settings, source: _source, firstgid: _firstgid, ...rest } = clone(tileset) as Out;
  const out: Out = { firstgid, ...rest };
  if (typeof out.image === "string") out.image = rebasePath(out.image, from, to);
  rebaseProperties(out.properties, from, to);
  for (const tile of Array.isArray(out.tiles) ? (out.tiles as Out[]) : []) {
    if (!isObject(tile)) continue;
    if (typeof tile.image === "string") tile.image = rebasePath(tile.image, from, to);
    rebaseProperties(tile.properties, from, to);
    const group = tile.objectgroup as Out | undefined;
    if (isObject(group)) {
      rebaseProperties(group.properties, from, to);
      for (const o of Array.isArray(group.objects) ? (group.objects as Out[]) : []) if (isObject(o)) rebaseObject(o, from, to);
    }
  }
  for (const set of Array.isArray(out.wangsets) ? (out.wangsets as Out[]) : []) {
    if (!isObject(set)) continue;
    rebaseProperties(set.properties, from, to);
    for (const c of Array.isArray(set.colors) ? (set.colors as Out[]) : []) if (isObject(c)) rebaseProperties(c.properties, from, to);
  }
  return out;
}

/** How many gids a tileset takes: its tile count, or more when an image collection's ids go past it. */
function gidSpan(tileset: JsonObject): number {
  let span = typeof tileset.tilecount === "number" ? tileset.tilecount : 0;
  for (const t of Array.isArray(tileset.tiles) ? tileset.tiles : []) if (isObject(t) && typeof t.id === "number") span = Math.max(span, t.id + 1);
  return Math.max(span, 1);
}

const SHAPES = ["ellipse", "point", "polygon", "polyline", "text", "capsule"];

/** A template instance with its template's object under it: what the instance sets wins; properties merge by name. */
function applyTemplate(instance: JsonObject, base: Out): Out {
  // An instance's own shape replaces the template's.
  const ownShape = SHAPES.some((s) => instance[s] !== undefined);
  const out: Out = Object.fromEntries(Object.entries(base).filter(([key]) => !ownShape || !SHAPES.includes(key)));
  for (const [key, value] of Object.entries(instance)) {
    if (key === "template" || key === "properties" || value === undefined) continue;
    out[key] = value;
  }
  const own = Array.isArray(instance.properties) ? (instance.properties as JsonObject[]) : [];
  if (own.length > 0 || base.properties !== undefined) {
    const merged = (Array.isArray(base.properties) ? (base.properties as JsonObject[]) : []).map((p) => own.find((o) => o.name === p.name) ?? p);
    for (const p of own) if (!merged.includes(p)) merged.push(p);
    out.properties = merged;
  }
  // What a plain object always has.
  if (out.name === undefined) out.name = "";
  if (out.type === undefined && out.class === undefined) out.type = "";
  out.x ??= 0;
  out.y ??= 0;
  out.width ??= 0;
  out.height ??= 0;
  out.rotation ??= 0;
  out.visible ??= true;
  return out;
}

/** Loads the map at `path` with its external tilesets and templates; see the file comment. */
export async function loadTiledMap(path: string, readText: ReadText): Promise<TiledMapLoad> {
  const problems: TiledProblem[] = [];
  const files: string[] = [];
  let failed = false;
  const fail = (p: TiledProblem) => {
    failed = true;
    problems.push(p);
  };

  const read = async (file: string): Promise<{ ok: true; text: string } | { ok: false; message: string }> => {
    try {
      const text = await readText(file);
      files.push(file);
      return { ok: true, text };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  };

  const map = await read(path);
  if (!map.ok) return { ok: false, problems: [{ file: path, path: "", message: map.message, unreadable: true }] };
  const parsed = parseTiledFile(map.text, path, "map");
  if (!parsed.ok) return { ok: false, problems: parsed.problems };
  problems.push(...parsed.problems);
  const original = parsed.value;
  const resolved = clone(original) as Out;
  const mapDir = folderOf(path);
  const where = (at: readonly PathSegment[]) => ({ path: formatPath(at), ...parsed.locate(formatPath(at)) });

  // Each referenced file is read and parsed once.
  const cache = new Map<string, Promise<TiledParse<JsonObject> | { ok: false; unreadable: string }>>();
  const load = (file: string, kind: TiledFileKind) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = read(file).then((r) => (r.ok ? parseTiledFile(r.text, file, kind) : { ok: false as const, unreadable: r.message }));
      cache.set(file, entry);
    }
    return entry;
  };
  /** The model of a referenced file, or null after reporting why not (at `at` in the map). */
  const referenced = async (file: string, kind: TiledFileKind, name: string, at: readonly PathSegment[]): Promise<JsonObject | null> => {
    const r = await load(file, kind);
    if (r.ok) {
      problems.push(...r.problems.filter((p) => !problems.includes(p)));
      return r.value;
    }
    if ("unreadable" in r) fail({ file: path, ...where(at), message: `cannot read the ${kind} "${name}": ${r.unreadable}`, unreadable: true });
    else for (const p of r.problems) if (!problems.includes(p)) fail(p);
    return null;
  };

  // External tilesets, inlined; `byFile` maps each tileset file to its firstgid in the map.
  const tilesets = Array.isArray(resolved.tilesets) ? (resolved.tilesets as Out[]) : [];
  const byFile = new Map<string, number>();
  await Promise.all(tilesets.map(async (t, i) => {
    if (!isObject(t) || typeof t.source !== "string") return;
    const file = resolvePath(mapDir, t.source);
    const firstgid = typeof t.firstgid === "number" ? t.firstgid : 1;
    byFile.set(file, firstgid);
    const tileset = await referenced(file, "tileset", t.source, ["tilesets", i, "source"]);
    if (tileset) tilesets[i] = inlineTileset(tileset, firstgid, folderOf(file), mapDir);
  }));

  // Templates: the map's gid of a template's tile, adding the template's tileset when the map has none.
  let nextGid = Math.max(1, ...tilesets.filter(isObject).map((t) => (typeof t.firstgid === "number" ? t.firstgid : 1) + gidSpan(t)));
  const templateGid = async (template: JsonObject, file: string, gid: number, at: readonly PathSegment[]): Promise<number | null> => {
    const ts = template.tileset;
    if (!isObject(ts)) {
      fail({ file, path: "object.gid", message: "the template's object is a tile but the template names no tileset" });
      return null;
    }
    const tplFirst = typeof ts.firstgid === "number" ? ts.firstgid : 1;
    const key = typeof ts.source === "string" ? resolvePath(folderOf(file), ts.source) : `${file}#tileset`;
    let first = byFile.get(key);
    if (first === undefined) {
      const model = typeof ts.source === "string" ? await referenced(key, "tileset", ts.source, at) : ts;
      if (!model) return null;
      first = byFile.get(key);
      if (first === undefined) {
        first = nextGid;
        byFile.set(key, first);
        nextGid += gidSpan(model);
        tilesets.push(inlineTileset(model, first, typeof ts.source === "string" ? folderOf(key) : folderOf(file), mapDir));
      }
    }
    const local = gidOf(gid) - tplFirst;
    if (local < 0) {
      fail({ file, path: "object.gid", message: `gid ${gidOf(gid)} is below the template tileset's firstgid ${tplFirst}` });
      return null;
    }
    return ((first + local) | (gid & GID_FLAGS)) >>> 0;
  };

  const applyAll = async (layers: JsonValue | undefined, at: PathSegment[]): Promise<void> => {
    if (!Array.isArray(layers)) return;
    for (const [i, layer] of (layers as Out[]).entries()) {
      if (!isObject(layer)) continue;
      if (layer.type === "group") await applyAll(layer.layers, [...at, i, "layers"]);
      if (layer.type !== "objectgroup" || !Array.isArray(layer.objects)) continue;
      const objects = layer.objects as Out[];
      for (const [j, o] of objects.entries()) {
        if (!isObject(o) || o.template === undefined) continue;
        const here = [...at, i, "objects", j, "template"];
        if (typeof o.template !== "string") {
          fail({ file: path, ...where(here), message: "expected the template file's path" });
          continue;
        }
        const file = resolvePath(mapDir, o.template);
        const template = await referenced(file, "template", o.template, here);
        if (!template) continue;
        const base = clone(template.object as JsonObject) as Out;
        rebaseObject(base, folderOf(file), mapDir);
        if (typeof base.gid === "number" && o.gid === undefined) {
          const gid = await templateGid(template, file, base.gid, here);
          if (gid === null) continue;
          base.gid = gid;
        }
        objects[j] = applyTemplate(o, base);
      }
    }
  };
  await applyAll(resolved.layers, ["layers"]);

  if (failed) return { ok: false, problems };
  return { ok: true, original, resolved, problems, files, locate: parsed.locate };
}
