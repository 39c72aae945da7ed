// Tiled map (TMJ) → scene: rectangles, circular ellipses, polygons (convex or concave), polylines
// (open chains), polygons of class "chain" (closed chains) and capsule objects of every object
// layer become shapes, the bool properties `sensor` and `oneSided` their fields, and image layers become scene images; the map's, its group
// layers' and its object layers' custom properties come along; everything else is listed in
// `skipped` with a reason, never dropped silently. Reads maps from exportTiled and from Tiled itself
// (which writes extra fields, sorts properties by name and prints numbers with 15 significant
// digits). readTiledMap also says where in the map each layer and shape came from, for writing
// the scene back into it (core/tiled/merge.ts).
import { checkSimplePolygon } from "../outline";
import { chainPointsProblem } from "../kinds/chain";
import { isAbsolutePath, relativePath, resolvePath } from "../scene/file-paths";
import { imageSourceProblem } from "../scene/image-source";
import { formatPath, type PathSegment, type SceneProblem } from "../scene/errors";
import { CONTROL_CHARACTER, gridSizeProblem } from "../scene/field-rules";
import { jsonLocator, serializeScene, syntaxProblem, validateSceneData } from "../scene/io";
import { MAX_COORDINATE, MIN_SIZE } from "../scene/schema";
import { DEFAULT_LAYER, INT32_MAX, SCENE_FORMAT, SCENE_VERSION, type TiledMapRef, type CollisionLayer, type Layer, type LayerGroup, type Point, type Property, type Scene, type SceneImage, type Shape } from "../scene/types";
import { centreOfCornered } from "../export/tiled";
import { fromTiledColor, readTiledProperty, TILED_CHAIN_CLASS, TILED_ONE_SIDED, type PathRebase, type PropertyLevel } from "../tiled/properties";
import { tiledBaseOf } from "../tiled/merge-base";

/** Something in the map that did not come along: an object, a layer, or one property of either. */
export interface TiledSkipped {
  /** Name of the Tiled layer, with its group layers: "Group/Layer". */
  readonly layer: string;
  /** Tiled object id; 0 for a whole layer (a tile or image layer). */
  readonly object: number;
  /** The object's name in Tiled (may be empty). */
  readonly name: string;
  /** Set when only this property of an imported object or image layer was left out. */
  readonly property?: string;
  readonly reason: string;
}

export interface TiledImportOptions {
  /** The map file's folder (forward slashes): the map's image and file paths are relative to it. Default "". */
  readonly mapDir?: string;
  /** The folder the scene will be saved in: images' `src` and `file` properties are made relative to it. Default: `mapDir`. */
  readonly sceneDir?: string;
  /** The map file's name in `mapDir`: the scene then records where it came from (`tiledMap`). */
  readonly mapFile?: string;
  /** Tile layers and tile objects are drawn from the map itself (the editor's backdrop): not listed as left out. */
  readonly tileLayersShown?: boolean;
}

export type TiledImportResult =
  | {
      readonly ok: true;
      readonly scene: Scene;
      readonly skipped: readonly TiledSkipped[];
      /** With `tileLayersShown`: the tile objects left in the map, drawn with it rather than listed in `skipped`. */
      readonly tileObjects: number;
    }
  | { readonly ok: false; readonly problems: readonly SceneProblem[] };

// eslint-disable-next-line no-control-regex -- matching them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");

/** Ellipses whose width and height differ by at most this fraction are circles. */
export const CIRCLE_TOLERANCE = 1e-9;

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads fields the way Tiled does (missing means the default) but reports wrong types with their path. */
class Reader {
  readonly problems: [PathSegment[], string][] = [];

  number(obj: Json, key: string, at: readonly PathSegment[], fallback = 0): number {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (typeof v === "number" && Number.isFinite(v)) return v;
    this.problems.push([[...at, key], `expected a number, got ${JSON.stringify(v)?.slice(0, 40) ?? typeof v}`]);
    return fallback;
  }

  string(obj: Json, key: string, at: readonly PathSegment[], fallback = ""): string {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (typeof v === "string") return v;
    this.problems.push([[...at, key], `expected a string, got ${JSON.stringify(v)?.slice(0, 40) ?? typeof v}`]);
    return fallback;
  }

  boolean(obj: Json, key: string, at: readonly PathSegment[], fallback: boolean): boolean {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (typeof v === "boolean") return v;
    this.problems.push([[...at, key], `expected true or false, got ${JSON.stringify(v)?.slice(0, 40) ?? typeof v}`]);
    return fallback;
  }

  array(obj: Json, key: string, at: readonly PathSegment[]): unknown[] {
    const v = obj[key];
    if (v === undefined) return [];
    if (Array.isArray(v)) return v;
    this.problems.push([[...at, key], "expected an array"]);
    return [];
  }
}

interface Meta {
  shapeId?: string;
  layerId?: string;
  collisionLayer?: number;
  collisionMask?: number;
  bitNames: CollisionLayer[];
  /** An image layer's: ours (see exportTiled's image layers). */
  imageId?: string;
  imageWidth?: number;
  imageHeight?: number;
  sensor?: boolean;
  oneSided?: boolean;
  properties: Property[];
  dropped: { property: string; reason: string }[];
}

/** A list of custom properties at `level`: ours (ids, collision bits, an image layer's id and size) taken out, designers' converted. */
function readProperties(list: unknown[], level: PropertyLevel, rebase: PathRebase | undefined): Meta {
  const meta: Meta = { bitNames: [], properties: [], dropped: [] };
  const byName = new Map<string, Property>();
  for (const raw of list) {
    const read = readTiledProperty(raw, level, rebase);
    switch (read.kind) {
      case "shape-id": meta.shapeId = read.value; break;
      case "layer-id": meta.layerId = read.value; break;
      case "image-id": meta.imageId = read.value; break;
      case "collision-layer": meta.collisionLayer = read.value; break;
      case "collision-mask": meta.collisionMask = read.value; break;
      case "image-width": meta.imageWidth = read.value; break;
      case "image-height": meta.imageHeight = read.value; break;
      case "sensor": meta.sensor = read.value; break;
      case "one-sided": meta.oneSided = read.value; break;
      case "bit-name": meta.bitNames.push({ bit: read.bit, name: read.value }); break;
      case "dropped": meta.dropped.push({ property: read.name, reason: read.reason }); break;
      // Tiled keeps properties in a map: a later one of the same name replaces the earlier.
      case "designer": byName.set(read.property.name, read.property); break;
    }
  }
  meta.properties = [...byName.values()];
  return meta;
}

/** Text with each control character replaced by U+FFFD (the format refuses them in names), and whether any was. */
function cleanName(text: string): { readonly text: string; readonly changed: boolean } {
  const cleaned = text.replace(CONTROL_CHARACTERS, "\uFFFD");
  return { text: cleaned, changed: cleaned !== text };
}
const CLEANED = "the name held control characters (U+0000 to U+001F, U+007F), which the scene refuses: each became U+FFFD";

const fits = (...values: number[]) => values.every((v) => Math.abs(v) <= MAX_COORDINATE);
const sized = (...sizes: number[]) => sizes.every((v) => v >= MIN_SIZE && v <= MAX_COORDINATE);

type ShapeBody =
  | { readonly type: "circle"; readonly x: number; readonly y: number; readonly rotation: number; readonly radius: number }
  | { readonly type: "box"; readonly x: number; readonly y: number; readonly rotation: number; readonly width: number; readonly height: number }
  | { readonly type: "capsule"; readonly x: number; readonly y: number; readonly rotation: number; readonly radius: number; readonly height: number }
  | { readonly type: "polygon"; readonly x: number; readonly y: number; readonly rotation: number; readonly points: [number, number][] }
  | { readonly type: "chain"; readonly x: number; readonly y: number; readonly rotation: number; readonly points: [number, number][]; readonly closed?: true };

/**
 * The geometry of one Tiled object as a shape, or why it cannot be one. `cls` is the object's
 * class: a polygon of class "chain" is a closed chain.
 */
function shapeBody(obj: Json, cls: string, at: readonly PathSegment[], dx: number, dy: number, reader: Reader): ShapeBody | string {
  if (obj.template !== undefined) return "template instance (export the map with --detach-templates)";
  if (obj.gid !== undefined) return "tile object (only shapes are imported)";
  if (obj.text !== undefined) return "text object";
  if (obj.point === true) return "point object (it has no area)";
  const x = reader.number(obj, "x", at) + dx;
  const y = reader.number(obj, "y", at) + dy;
  const w = reader.number(obj, "width", at);
  const h = reader.number(obj, "height", at);
  const rotation = reader.number(obj, "rotation", at);
  if (!fits(x, y, rotation)) return "position or rotation beyond ±1e15";

  const key = obj.polygon !== undefined ? "polygon" : obj.polyline !== undefined ? "polyline" : null;
  if (key !== null) {
    const raw = reader.array(obj, key, at);
    const points: [number, number][] = [];
    for (const [i, p] of raw.entries()) {
      if (!isRecord(p)) return `${key} point ${i} is not {x, y}`;
      const px = reader.number(p, "x", [...at, key, i], NaN);
      const py = reader.number(p, "y", [...at, key, i], NaN);
      if (!Number.isFinite(px) || !Number.isFinite(py) || !fits(px, py)) return `${key} point ${i} is not a finite {x, y} within ±1e15`;
      points.push([px, py]);
    }
    const chain = tiledChainOf(key, cls);
    if (chain !== null) {
      const problem = tiledChainProblem(points, chain.closed);
      if (problem) return problem;
      return { type: "chain", x, y, rotation, points, ...(chain.closed ? { closed: true as const } : {}) };
    }
    const problem = checkSimplePolygon(points);
    if (problem) return `${problem.kind === "edges-cross" ? "self-crossing" : "degenerate"} polygon: ${problem.message}`;
    return { type: "polygon", x, y, rotation, points };
  }

  const what = obj.ellipse === true ? "ellipse" : obj.capsule === true ? "capsule" : "rectangle";
  if (!(w > 0 && h > 0)) return `zero-size ${what} (${w} × ${h})`;
  if (!sized(w, h)) return `${what} size ${w} × ${h} is outside 1e-9 to 1e15`;
  const centre = centreOfCornered(x, y, w, h, rotation);
  if (!fits(centre.x, centre.y)) return "centre beyond ±1e15";
  if (what === "ellipse") {
    if (Math.abs(w - h) > CIRCLE_TOLERANCE * Math.max(w, h)) return `ellipse that is not a circle (${w} × ${h})`;
    return { type: "circle", x: centre.x, y: centre.y, rotation, radius: w === h ? w / 2 : (w + h) / 4 };
  }
  if (what === "capsule") {
    // Tiled draws the stadium inside its box: round ends on the shorter sides.
    if (w <= h) return { type: "capsule", x: centre.x, y: centre.y, rotation, radius: w / 2, height: h };
    return { type: "capsule", x: centre.x, y: centre.y, rotation: rotation + 90, radius: h / 2, height: w };
  }
  return { type: "box", x: centre.x, y: centre.y, rotation, width: w, height: h };
}

/** A shape without its id and layer, which are settled once every stored id is known. */
type Draft = ShapeBody & Omit<Partial<Shape>, "type" | "id" | "layer" | "x" | "y" | "rotation">;

interface ImportedLayer {
  readonly storedId: string | undefined;
  readonly name: string;
  readonly visible: boolean;
  readonly locked: boolean;
  /** The object layer's display colour as "#rrggbb" (its alpha dropped), when it has one. */
  readonly color: string | undefined;
  readonly properties: readonly Property[];
  readonly shapes: { readonly storedId: string | undefined; readonly tiledId: number; readonly shape: Draft }[];
}

interface ImportedImage {
  readonly storedId: string | undefined;
  /** The layer's name with its groups': the id when none is stored. */
  readonly name: string;
  readonly image: Omit<SceneImage, "id">;
}

/** Where in the map an object layer of the scene came from. */
export interface TiledLayerSource {
  /** The scene layer's id. */
  readonly layer: string;
  /** The layer's JSON path in the map: ["layers", 2] or, inside groups, ["layers", 0, "layers", 1]. */
  readonly at: readonly PathSegment[];
  /** The group layers' and the layer's offsets added up: what import added to its objects' positions. */
  readonly dx: number;
  readonly dy: number;
  /** The path of the group it is in ("" at the top): its scene name is this, "/", and its own name. */
  readonly group: string;
}

/** What reading a map found, beyond the scene: where each layer, group and shape came from. */
export interface TiledReading {
  readonly scene: Scene;
  readonly skipped: readonly TiledSkipped[];
  /** With `tileLayersShown`: the tile objects left in the map, drawn with it rather than listed in `skipped`. */
  readonly tileObjects: number;
  /** The object layers, in scene layer order. */
  readonly layers: readonly TiledLayerSource[];
  /** The group layers by path (LayerGroup.name): their JSON paths and offsets (their own and their groups'). */
  readonly groups: ReadonlyMap<string, { readonly at: readonly PathSegment[]; readonly dx: number; readonly dy: number }>;
  /** The shape made of each Tiled object, by object id (the first object of an id). */
  readonly shapes: ReadonlyMap<number, Shape>;
}

/**
 * An image layer's path (relative to the map's folder, or absolute) as a scene's `src` (relative
 * to the scene's folder), or why it cannot be one.
 */
function sceneSource(file: string, options: TiledImportOptions): { readonly src: string } | string {
  if (file === "") return "image layer without an image";
  if (!isAbsolutePath(file)) {
    const problem = imageSourceProblem(file);
    if (problem) return `image ${JSON.stringify(file)}: ${problem}`;
  }
  const mapDir = options.mapDir ?? "";
  const target = resolvePath(mapDir, file);
  const src = relativePath(options.sceneDir ?? mapDir, target);
  if (src === null) return `image ${JSON.stringify(file)}: no relative path leads to it from the scene's folder${isAbsolutePath(file) ? " (an absolute path: give the map's and the scene's folders)" : ""}`;
  const problem = imageSourceProblem(src);
  return problem ? `image ${JSON.stringify(src)}: ${problem}` : { src };
}

/** Hands out ids: a stored one when present and not taken yet, else `base`, `base-2`, … avoiding every stored id. */
function idMaker(stored: readonly (string | undefined)[]): (wanted: string | undefined, base: string) => string {
  const reserved = new Set(stored.filter((s): s is string => s !== undefined));
  const used = new Set<string>();
  return (wanted, base) => {
    if (wanted !== undefined && !used.has(wanted)) {
      used.add(wanted);
      return wanted;
    }
    let id = base;
    for (let n = 2; used.has(id) || reserved.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/** The map's tile size as the scene's grid cell, as Tiled's grid is: square tiles only (a grid has one cell size). */
function gridSizeOf(map: Record<string, unknown>): number | undefined {
  const { tilewidth: w, tileheight: h } = map;
  return typeof w === "number" && w === h && gridSizeProblem(w) === null ? w : undefined;
}

/**
 * Reads a Tiled JSON map as a scene. Group layers are flattened: each object layer inside becomes a
 * scene layer named "Group/Layer", hidden or locked when any group above it is, its objects moved
 * by the layers' offsets; the groups are listed in `groups` with their properties. Shapes come
 * layer by layer, bottom layer first, in each layer's order, each with its Tiled id (`tiledId`).
 * Image layers become images in map order (all under the shapes), at their offsets with their
 * groups', with their groups' opacity multiplied in; paths are made relative to `sceneDir`.
 * Never throws.
 */
export function importTiled(original: string, options: TiledImportOptions = {}): TiledImportResult {
  const parsed = parseTiledJson(original);
  if (!parsed.ok) return parsed;
  const read = readTiledMap(parsed.data, options, parsed.locate);
  return read.ok ? { ok: true, scene: read.reading.scene, skipped: read.reading.skipped, tileObjects: read.reading.tileObjects } : read;
}

/**
 * A TMJ file's text as JSON, with a locator of paths in it; the problem of text that is not JSON
 * (line and column). Never throws.
 */
export function parseTiledJson(original: string):
  | { readonly ok: true; readonly data: unknown; readonly locate: (path: readonly PathSegment[]) => { line: number; column: number } | undefined }
  | { readonly ok: false; readonly problems: readonly SceneProblem[] } {
  if (original.trim() === "") return { ok: false, problems: [{ path: "", message: "the file is empty (expected a Tiled JSON map)", line: 1, column: 1 }] };
  // Tiled 1.8 writes control characters other than \b \t \n \f \r unescaped inside strings (not
  // valid JSON). They cannot appear outside strings in any JSON, so escaping them only repairs.
  const text = original.replace(RAW_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  try {
    return { ok: true, data: JSON.parse(text) as unknown, locate: jsonLocator(text) };
  } catch {
    return { ok: false, problems: [syntaxProblem(original)] };
  }
}

/**
 * readTiledMap's answer: the reading, or the map's problems (with lines and columns when `locate`
 * is given). Never throws.
 */
export function readTiledMap(
  data: unknown,
  options: TiledImportOptions = {},
  locate: (path: readonly PathSegment[]) => { line: number; column: number } | undefined = () => undefined,
): { readonly ok: true; readonly reading: TiledReading } | { readonly ok: false; readonly problems: readonly SceneProblem[] } {
  const fail = (found: readonly [PathSegment[], string][]) => ({
    ok: false as const,
    problems: found.map(([path, message]) => ({ path: formatPath(path), message, ...locate(path) })),
  });
  if (!isRecord(data)) return fail([[[], "a Tiled map must be a JSON object"]]);
  if (data.type !== undefined && data.type !== "map") return fail([[["type"], `not a Tiled map: expected "map", got ${JSON.stringify(data.type)}`]]);
  if (!Array.isArray(data.layers)) return fail([[["layers"], data.layers === undefined ? "is missing: not a Tiled map (expected an array of layers)" : "expected an array of layers"]]);
  const orientation = data.orientation ?? "orthogonal";
  if (orientation !== "orthogonal") {
    return fail([[["orientation"], `only orthogonal maps can be imported (object positions in ${JSON.stringify(orientation)} maps are not screen positions)`]]);
  }

  const reader = new Reader();
  const skipped: TiledSkipped[] = [];
  let tileObjects = 0;
  const layers: ImportedLayer[] = [];
  const sources: Omit<TiledLayerSource, "layer">[] = [];
  const images: ImportedImage[] = [];
  const groups: LayerGroup[] = [];
  const groupPaths = new Map<string, { readonly at: readonly PathSegment[]; readonly dx: number; readonly dy: number }>();
  const mapDir = options.mapDir ?? "";
  const rebase: PathRebase = { from: mapDir, to: options.sceneDir ?? mapDir };
  const mapMeta = readProperties(reader.array(data, "properties", []), "map", rebase);
  for (const d of mapMeta.dropped) skipped.push({ layer: "", object: 0, name: "", property: d.property, reason: d.reason });
  const classNote = (raw: Json, here: readonly PathSegment[], layer: string) => {
    const cls = reader.string(raw, "class", here);
    if (cls !== "") skipped.push({ layer, object: 0, name: "", property: "class", reason: `the ${layer === "" ? "map" : "layer"}'s class ${JSON.stringify(cls)}: only objects keep their class` });
  };
  classNote(data, [], "");

  const readImageLayer = (raw: Json, here: readonly PathSegment[], path: string, x: number, y: number, opacity: number, hidden: boolean, locked: boolean) => {
    const note = (reason: string, property?: string) => skipped.push({ layer: path, object: 0, name: "", ...(property === undefined ? {} : { property }), reason });
    const meta = readProperties(reader.array(raw, "properties", here), "image", rebase);
    const source = sceneSource(reader.string(raw, "image", here), options);
    if (typeof source === "string" || !fits(x, y)) {
      note(typeof source === "string" ? source : "offset beyond ±1e15");
      return;
    }
    for (const p of meta.properties) note("scene images have no custom properties", p.name);
    for (const d of meta.dropped) note(d.reason, d.property);
    for (const key of ["repeatx", "repeaty"]) if (reader.boolean(raw, key, here, false)) note("a repeated image: imported once (scene images do not repeat)", key);
    for (const key of ["transparentcolor", "tintcolor"]) if (reader.string(raw, key, here) !== "") note("scene images have no colour key or tint", key);
    // Ours carry the drawn size in properties (absent: the pixel size); Tiled 1.11.1+ writes the file's size.
    const size = (property: number | undefined, key: string) => {
      if (meta.imageId !== undefined) return property;
      const v = reader.number(raw, key, here, NaN);
      return sized(v) ? v : undefined;
    };
    const width = size(meta.imageWidth, "imagewidth"), height = size(meta.imageHeight, "imageheight");
    images.push({
      storedId: meta.imageId,
      name: path,
      image: {
        src: source.src,
        x,
        y,
        ...(width !== undefined ? { width } : {}),
        ...(height !== undefined ? { height } : {}),
        ...(opacity < 1 ? { opacity: Math.max(0, opacity) } : {}),
        ...(hidden ? { visible: false } : {}),
        ...(locked ? { locked: true } : {}),
      },
    });
  };

  const walk = (list: unknown[], at: readonly PathSegment[], prefix: string, dx: number, dy: number, opacity: number, hidden: boolean, locked: boolean) => {
    list.forEach((raw, i) => {
      const here = [...at, i];
      if (!isRecord(raw)) {
        reader.problems.push([here, "a layer must be an object"]);
        return;
      }
      const name = cleanName(reader.string(raw, "name", here));
      const path = prefix + name.text;
      if (name.changed) skipped.push({ layer: path, object: 0, name: "", property: "name", reason: CLEANED });
      const type = raw.type;
      const ox = dx + reader.number(raw, "offsetx", here);
      const oy = dy + reader.number(raw, "offsety", here);
      const isHidden = hidden || !reader.boolean(raw, "visible", here, true);
      const isLocked = locked || reader.boolean(raw, "locked", here, false);
      // Only images carry an opacity into the scene (layers have none), so only group and image layers' is read.
      const layerOpacity = () => opacity * Math.min(1, reader.number(raw, "opacity", here, 1));
      if (type === "group") {
        const meta = readProperties(reader.array(raw, "properties", here), "group", rebase);
        for (const d of meta.dropped) skipped.push({ layer: path, object: 0, name: "", property: d.property, reason: d.reason });
        classNote(raw, here, path);
        if (!groupPaths.has(path)) {
          groupPaths.set(path, { at: here, dx: ox, dy: oy });
          groups.push({ name: path, ...(meta.properties.length > 0 ? { properties: meta.properties } : {}) });
        } else if (meta.properties.length > 0) skipped.push({ layer: path, object: 0, name: "", reason: "a second group of the same path: its properties are not kept" });
        walk(reader.array(raw, "layers", here), [...here, "layers"], `${path}/`, ox, oy, layerOpacity(), isHidden, isLocked);
        return;
      }
      if (type === "imagelayer") {
        readImageLayer(raw, here, path, ox, oy, layerOpacity(), isHidden, isLocked);
        return;
      }
      if (type !== "objectgroup") {
        if (type === "tilelayer" && options.tileLayersShown) return;
        skipped.push({ layer: path, object: 0, name: "", reason: `${typeof type === "string" ? type : "unknown layer type"}: only object and image layers are imported` });
        return;
      }
      const meta = readProperties(reader.array(raw, "properties", here), "layer", rebase);
      for (const d of meta.dropped) skipped.push({ layer: path, object: 0, name: "", property: d.property, reason: d.reason });
      classNote(raw, here, path);
      const tiledColor = reader.string(raw, "color", here);
      const color = tiledColor === "" ? undefined : fromTiledColor(tiledColor)?.slice(0, 7);
      if (tiledColor !== "" && color === undefined) skipped.push({ layer: path, object: 0, name: "", reason: `layer color ${JSON.stringify(tiledColor)} is not "#rrggbb" or "#aarrggbb": the layer takes the editor's colour` });
      const layer: ImportedLayer = { storedId: meta.layerId, name: path, visible: !isHidden, locked: isLocked, color, properties: meta.properties, shapes: [] };
      layers.push(layer);
      sources.push({ at: here, dx: ox, dy: oy, group: prefix.slice(0, -1) });
      reader.array(raw, "objects", here).forEach((rawObj, j) => {
        const objAt = [...here, "objects", j];
        if (!isRecord(rawObj)) {
          reader.problems.push([objAt, "an object must be a JSON object"]);
          return;
        }
        const objectId = reader.number(rawObj, "id", objAt);
        const objectName = cleanName(reader.string(rawObj, "name", objAt));
        const rawName = objectName.text;
        // Tiled 1.9 wrote the class as "class"; before and since, objects' is "type" (Tiled reads "class" first).
        const cls = reader.string(rawObj, "class", objAt) || reader.string(rawObj, "type", objAt);
        const body = shapeBody(rawObj, cls, objAt, ox, oy, reader);
        if (typeof body === "string") {
          if (options.tileLayersShown && rawObj.gid !== undefined && rawObj.template === undefined) tileObjects++;
          else skipped.push({ layer: path, object: objectId, name: rawName, reason: body });
          return;
        }
        if (objectName.changed) skipped.push({ layer: path, object: objectId, name: objectName.text, property: "name", reason: CLEANED });
        const props = readProperties(reader.array(rawObj, "properties", objAt), "object", rebase);
        for (const d of props.dropped) skipped.push({ layer: path, object: objectId, name: rawName, property: d.property, reason: d.reason });
        const flags = tiledShapeFlags(props, body.type);
        if (flags.dropped) skipped.push({ layer: path, object: objectId, name: rawName, ...flags.dropped });
        // A closed chain's class is what made it one: not kept as the shape's class.
        const shapeClass = body.type === "chain" && body.closed === true ? "" : cls;
        const shape: Draft = {
          ...(objectName.text !== "" ? { name: objectName.text } : {}),
          ...(shapeClass !== "" ? { class: shapeClass } : {}),
          ...(reader.boolean(rawObj, "visible", objAt, true) ? {} : { visible: false }),
          ...(props.collisionLayer !== undefined && props.collisionLayer !== 1 ? { collisionLayer: props.collisionLayer } : {}),
          ...(props.collisionMask !== undefined && props.collisionMask !== 1 ? { collisionMask: props.collisionMask } : {}),
          ...(props.properties.length > 0 ? { properties: props.properties } : {}),
          ...(Number.isInteger(objectId) && objectId >= 1 && objectId <= INT32_MAX ? { tiledId: objectId } : {}),
          ...(flags.shape.sensor ? { sensor: true } : {}),
          ...body,
          ...(flags.shape.oneSided ? { oneSided: true } : {}),
        };
        layer.shapes.push({ storedId: props.shapeId, tiledId: objectId, shape });
      });
    });
  };
  walk(data.layers, ["layers"], "", 0, 0, 1, false, false);
  if (reader.problems.length > 0) return fail(reader.problems);

  const layerId = idMaker(layers.map((l) => l.storedId));
  const shapeId = idMaker(layers.flatMap((l) => l.shapes.map((s) => s.storedId)));
  const sceneLayers: Layer[] = layers.map((l, i) => ({
    id: layerId(l.storedId, `layer-${i + 1}`),
    name: l.name,
    ...(l.visible ? {} : { visible: false }),
    ...(l.locked ? { locked: true } : {}),
    ...(l.color ? { color: l.color } : {}),
    ...(l.properties.length > 0 ? { properties: l.properties } : {}),
  }));
  const shapes: Shape[] = layers.flatMap((l, i) =>
    l.shapes.map(({ storedId, tiledId, shape }): Shape => ({ id: shapeId(storedId, `tiled-${tiledId}`), ...(i > 0 ? { layer: sceneLayers[i]!.id } : {}), ...shape } as Shape)),
  );
  const imageId = idMaker(images.map((i) => i.storedId));
  const sceneImages: SceneImage[] = images.map(({ storedId, name, image }) => ({ id: imageId(storedId, name === "" ? "image" : name), ...image }));
  const bits = new Map(mapMeta.bitNames.map((b) => [b.bit, b]));
  let tiledMap: TiledMapRef | undefined;
  if (options.mapFile !== undefined) {
    const src = relativePath(options.sceneDir ?? mapDir, resolvePath(mapDir, options.mapFile));
    // The base of a later write-back's three-way merge: the objects as imported.
    if (src !== null && imageSourceProblem(src) === null) tiledMap = { src, base: tiledBaseOf(shapes, sceneLayers[0]?.id ?? DEFAULT_LAYER.id) };
    else skipped.push({ layer: "", object: 0, name: "", reason: `no relative path leads to the map ${JSON.stringify(options.mapFile)} from the scene's folder: the scene does not record where it came from` });
  }
  const scene: Scene = {
    format: SCENE_FORMAT,
    version: SCENE_VERSION,
    ...(tiledMap ? { tiledMap } : {}),
    ...(gridSizeOf(data) !== undefined ? { gridSize: gridSizeOf(data) } : {}),
    ...(mapMeta.properties.length > 0 ? { properties: mapMeta.properties } : {}),
    ...(groups.length > 0 ? { groups } : {}),
    ...(sceneLayers.length > 0 ? { layers: sceneLayers } : {}),
    ...(bits.size > 0 ? { collisionLayers: [...bits.values()].sort((a, b) => a.bit - b.bit) } : {}),
    ...(sceneImages.length > 0 ? { images: sceneImages } : {}),
    shapes,
    probes: [],
  };
  // Every shape was checked as it was built; this guards the whole (ids, references) once more.
  const check = validateSceneData(JSON.parse(serializeScene(scene)));
  if (!check.ok) return { ok: false, problems: check.problems.map((p) => ({ ...p, message: `imported scene would be invalid: ${p.message}` })) };
  const byTiledId = new Map<number, Shape>();
  for (const s of check.scene.shapes) if (s.tiledId !== undefined && !byTiledId.has(s.tiledId)) byTiledId.set(s.tiledId, s);
  return {
    ok: true,
    reading: {
      scene: check.scene,
      skipped,
      tileObjects,
      layers: sources.map((source, i) => ({ ...source, layer: sceneLayers[i]!.id })),
      groups: groupPaths,
      shapes: byTiledId,
    },
  };
}

/** Whether a Tiled object with `polygon` or `polyline` points (`key`) and class `cls` is a chain: a polyline an open one, a polygon of class "chain" a closed one. */
export function tiledChainOf(key: "polygon" | "polyline", cls: string): { readonly closed: boolean } | null {
  if (key === "polyline") return { closed: false };
  return cls === TILED_CHAIN_CLASS ? { closed: true } : null;
}

/** Why a Tiled object's points cannot make a chain (open, or `closed`), in the import's words; null when they can. */
export function tiledChainProblem(points: readonly Point[], closed: boolean): string | null {
  const problem = chainPointsProblem(points, closed);
  return problem ? `${closed ? "polygon of class \"chain\" (a closed chain)" : "polyline"}: ${problem.message}` : null;
}

/**
 * What the bool properties `sensor` and `oneSided` (as read) give a shape of kind `type`: any shape
 * may be a sensor, only a chain one-sided; `oneSided` on another kind is dropped with its reason.
 */
export function tiledShapeFlags(
  read: { readonly sensor?: boolean; readonly oneSided?: boolean },
  type: Shape["type"],
): { readonly shape: { readonly sensor?: true; readonly oneSided?: true }; readonly dropped?: { readonly property: string; readonly reason: string } } {
  const oneSided = read.oneSided === true && type === "chain";
  return {
    shape: { ...(read.sensor === true ? { sensor: true as const } : {}), ...(oneSided ? { oneSided: true as const } : {}) },
    ...(read.oneSided === true && !oneSided ? { dropped: { property: TILED_ONE_SIDED, reason: "only chains (polylines, polygons of class \"chain\") are one-sided" } } : {}),
  };
}

/** What a shape takes from a Tiled object's properties, as the import reads them (for tile collision objects, tile-colliders.ts). */
export interface TiledObjectMeta {
  readonly collisionLayer?: number;
  readonly collisionMask?: number;
  /** The bool properties `sensor` and `oneSided` (see tiledShapeFlags), when set. */
  readonly sensor?: boolean;
  readonly oneSided?: boolean;
  readonly properties: readonly Property[];
  /** Properties that could not be kept, with why. */
  readonly dropped: readonly { readonly property: string; readonly reason: string }[];
}

/** A Tiled object's `properties` array read as importTiled reads an object's; a malformed entry is dropped with its reason. */
export function tiledObjectMeta(list: readonly unknown[]): TiledObjectMeta {
  const meta = readProperties([...list], "object", undefined);
  return {
    ...(meta.collisionLayer !== undefined && meta.collisionLayer !== 1 ? { collisionLayer: meta.collisionLayer } : {}),
    ...(meta.collisionMask !== undefined && meta.collisionMask !== 1 ? { collisionMask: meta.collisionMask } : {}),
    ...(meta.sensor !== undefined ? { sensor: meta.sensor } : {}),
    ...(meta.oneSided !== undefined ? { oneSided: meta.oneSided } : {}),
    properties: meta.properties,
    dropped: meta.dropped,
  };
}
