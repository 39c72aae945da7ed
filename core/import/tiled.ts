// Tiled map (TMJ) → scene: rectangles, circular ellipses, convex polygons and capsule objects of
// every object layer become shapes, and image layers become scene images; everything else is
// listed in `skipped` with a reason, never dropped silently. Reads maps from exportTiled and from
// Tiled itself (which writes extra fields, sorts properties by name and prints numbers with 15
// significant digits).
import { checkConvexPolygon, toVec } from "../hull";
import { isAbsolutePath, relativePath, resolvePath } from "../scene/file-paths";
import { imageSourceProblem } from "../scene/image-source";
import { formatPath, type PathSegment, type SceneProblem } from "../scene/errors";
import { jsonLocator, serializeScene, syntaxProblem, validateSceneData } from "../scene/io";
import { MAX_COORDINATE, MIN_SIZE } from "../scene/schema";
import { COLLISION_BITS, SCENE_FORMAT, SCENE_VERSION, type CollisionLayer, type Layer, type Property, type Scene, type SceneImage, type Shape } from "../scene/types";
import {
  centreOfCornered,
  fromTiledColor,
  TILED_BIT_NAME_PREFIX,
  TILED_COLLISION_LAYER,
  TILED_COLLISION_MASK,
  TILED_ESCAPE_PREFIX,
  TILED_IMAGE_HEIGHT,
  TILED_IMAGE_ID,
  TILED_IMAGE_WIDTH,
  TILED_LAYER_ID,
  TILED_SHAPE_ID,
} from "../export/tiled";

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
  /** The map file's folder (forward slashes): the map's image paths are relative to it. Default "". */
  readonly mapDir?: string;
  /** The folder the scene will be saved in: images' `src` are made relative to it. Default: `mapDir`. */
  readonly sceneDir?: string;
}

export type TiledImportResult =
  | { readonly ok: true; readonly scene: Scene; readonly skipped: readonly TiledSkipped[] }
  | { readonly ok: false; readonly problems: readonly SceneProblem[] };

// eslint-disable-next-line no-control-regex -- matching them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

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
  properties: Property[];
  dropped: { property: string; reason: string }[];
}

/** Tiled's int is signed 32-bit: bit masks with bit 31 set come back negative. */
function bitsOf(p: Json): number | undefined {
  const v = p.value;
  if ((p.type !== "int" && p.type !== "float") || typeof v !== "number" || !Number.isInteger(v)) return undefined;
  if (v < -2147483648 || v > 0xffffffff) return undefined;
  return v >>> 0;
}

/** Custom properties: ours (ids, collision bits, an image layer's id and size) are taken out, designers' are converted. */
function readProperties(list: unknown[], at: readonly PathSegment[], reader: Reader, imageLayer = false): Meta {
  const meta: Meta = { bitNames: [], properties: [], dropped: [] };
  const byName = new Map<string, Property>();
  list.forEach((raw, i) => {
    if (!isRecord(raw)) {
      reader.problems.push([[...at, i], "a property is an object with name, type and value"]);
      return;
    }
    const name = reader.string(raw, "name", [...at, i]);
    const type = raw.type === undefined ? "string" : raw.type;
    const value = raw.value;
    if (name.startsWith(TILED_ESCAPE_PREFIX)) {
      // An escaped designer property (see escapePropertyName): never ours.
    } else if (name === TILED_SHAPE_ID && type === "string" && typeof value === "string" && value !== "") {
      meta.shapeId = value;
      return;
    } else if (name === TILED_LAYER_ID && type === "string" && typeof value === "string" && value !== "") {
      meta.layerId = value;
      return;
    } else if (name === TILED_COLLISION_LAYER && bitsOf(raw) !== undefined) {
      meta.collisionLayer = bitsOf(raw);
      return;
    } else if (name === TILED_COLLISION_MASK && bitsOf(raw) !== undefined) {
      meta.collisionMask = bitsOf(raw);
      return;
    } else if (imageLayer && name === TILED_IMAGE_ID && type === "string" && typeof value === "string" && value !== "") {
      meta.imageId = value;
      return;
    } else if (imageLayer && (name === TILED_IMAGE_WIDTH || name === TILED_IMAGE_HEIGHT) && (type === "float" || type === "int") && typeof value === "number" && sized(value)) {
      if (name === TILED_IMAGE_WIDTH) meta.imageWidth = value;
      else meta.imageHeight = value;
      return;
    } else if (name.startsWith(TILED_BIT_NAME_PREFIX) && type === "string" && typeof value === "string" && value !== "") {
      const bit = Number(name.slice(TILED_BIT_NAME_PREFIX.length));
      if (/^[1-9]\d?$/.test(name.slice(TILED_BIT_NAME_PREFIX.length)) && bit <= COLLISION_BITS) {
        meta.bitNames.push({ bit, name: value });
        return;
      }
    }
    const own = name.startsWith(TILED_ESCAPE_PREFIX) ? name.slice(TILED_ESCAPE_PREFIX.length) : name;
    const converted = convertProperty(own, type, value);
    if (typeof converted === "string") meta.dropped.push({ property: name, reason: converted });
    // Tiled keeps properties in a map: a later one of the same name replaces the earlier.
    else byName.set(own, converted);
  });
  meta.properties = [...byName.values()];
  return meta;
}

/** A Tiled property as ours, or why it cannot be. */
function convertProperty(name: string, type: unknown, value: unknown): Property | string {
  if (name === "") return "a property with an empty name cannot be kept";
  switch (type) {
    case "string":
    case "file":
      return typeof value === "string" ? { name, type: "string", value } : `a ${type} property needs a string value`;
    case "int":
    case "float":
    case "object":
      return typeof value === "number" && Number.isFinite(value) ? { name, type: "number", value } : `a ${type} property needs a finite number`;
    case "bool":
      return typeof value === "boolean" ? { name, type: "boolean", value } : "a bool property needs true or false";
    case "color": {
      // Tiled writes an unset colour as "".
      const color = typeof value === "string" ? fromTiledColor(value) : null;
      return color === null ? `a color property needs "#aarrggbb" or "#rrggbb", got ${JSON.stringify(value)}` : { name, type: "color", value: color };
    }
    case "class":
      // Members of a custom class (Tiled 1.8+): kept as their JSON text so nothing is lost.
      return { name, type: "string", value: JSON.stringify(value ?? {}) };
    default:
      return `unknown property type ${JSON.stringify(type)}`;
  }
}

const fits = (...values: number[]) => values.every((v) => Math.abs(v) <= MAX_COORDINATE);
const sized = (...sizes: number[]) => sizes.every((v) => v >= MIN_SIZE && v <= MAX_COORDINATE);

type ShapeBody =
  | { readonly type: "circle"; readonly x: number; readonly y: number; readonly rotation: number; readonly radius: number }
  | { readonly type: "box"; readonly x: number; readonly y: number; readonly rotation: number; readonly width: number; readonly height: number }
  | { readonly type: "capsule"; readonly x: number; readonly y: number; readonly rotation: number; readonly radius: number; readonly height: number }
  | { readonly type: "polygon"; readonly x: number; readonly y: number; readonly rotation: number; readonly points: [number, number][] };

/** The geometry of one Tiled object as a shape, or why it cannot be one. */
function shapeBody(obj: Json, at: readonly PathSegment[], dx: number, dy: number, reader: Reader): ShapeBody | string {
  if (obj.template !== undefined) return "template instance (export the map with --detach-templates)";
  if (obj.gid !== undefined) return "tile object (only shapes are imported)";
  if (obj.text !== undefined) return "text object";
  if (obj.point === true) return "point object (it has no area)";
  if (obj.polyline !== undefined) return "polyline (it is not a closed shape)";
  const x = reader.number(obj, "x", at) + dx;
  const y = reader.number(obj, "y", at) + dy;
  const w = reader.number(obj, "width", at);
  const h = reader.number(obj, "height", at);
  const rotation = reader.number(obj, "rotation", at);
  if (!fits(x, y, rotation)) return "position or rotation beyond ±1e15";

  if (obj.polygon !== undefined) {
    const raw = reader.array(obj, "polygon", at);
    const points: [number, number][] = [];
    for (const [i, p] of raw.entries()) {
      if (!isRecord(p)) return `polygon point ${i} is not {x, y}`;
      const px = reader.number(p, "x", [...at, "polygon", i], NaN);
      const py = reader.number(p, "y", [...at, "polygon", i], NaN);
      if (!Number.isFinite(px) || !Number.isFinite(py) || !fits(px, py)) return `polygon point ${i} is not a finite {x, y} within ±1e15`;
      points.push([px, py]);
    }
    const problem = checkConvexPolygon(points.map(toVec));
    if (problem) return problem.kind === "not-convex" ? `concave polygon: ${problem.message}` : `degenerate polygon: ${problem.message}`;
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
type Draft = ShapeBody & { readonly name?: string; readonly collisionLayer?: number; readonly collisionMask?: number; readonly properties?: readonly Property[] };

interface ImportedLayer {
  readonly storedId: string | undefined;
  readonly name: string;
  readonly visible: boolean;
  readonly locked: boolean;
  /** The object layer's display colour as "#rrggbb" (its alpha dropped), when it has one. */
  readonly color: string | undefined;
  readonly shapes: { readonly storedId: string | undefined; readonly tiledId: number; readonly shape: Draft }[];
}

interface ImportedImage {
  readonly storedId: string | undefined;
  /** The layer's name with its groups': the id when none is stored. */
  readonly name: string;
  readonly image: Omit<SceneImage, "id">;
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

/**
 * Reads a Tiled JSON map as a scene. Group layers are flattened: each object layer inside becomes a
 * scene layer named "Group/Layer", hidden or locked when any group above it is, its objects moved
 * by the layers' offsets. Shapes come layer by layer, bottom layer first, in each layer's order.
 * Image layers become images in map order (all under the shapes), at their offsets with their
 * groups', with their groups' opacity multiplied in; paths are made relative to `sceneDir`.
 * Never throws.
 */
export function importTiled(original: string, options: TiledImportOptions = {}): TiledImportResult {
  if (original.trim() === "") return { ok: false, problems: [{ path: "", message: "the file is empty (expected a Tiled JSON map)", line: 1, column: 1 }] };
  // Tiled 1.8 writes control characters other than \b \t \n \f \r unescaped inside strings (not
  // valid JSON). They cannot appear outside strings in any JSON, so escaping them only repairs.
  const text = original.replace(RAW_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problems: [syntaxProblem(original)] };
  }
  const locate = jsonLocator(text);
  const fail = (found: readonly [PathSegment[], string][]): TiledImportResult => ({
    ok: false,
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
  const layers: ImportedLayer[] = [];
  const images: ImportedImage[] = [];
  const mapMeta = readProperties(reader.array(data, "properties", []), ["properties"], reader);

  const readImageLayer = (raw: Json, here: readonly PathSegment[], path: string, x: number, y: number, opacity: number, hidden: boolean, locked: boolean) => {
    const note = (reason: string, property?: string) => skipped.push({ layer: path, object: 0, name: "", ...(property === undefined ? {} : { property }), reason });
    const meta = readProperties(reader.array(raw, "properties", here), [...here, "properties"], reader, true);
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
      const name = reader.string(raw, "name", here);
      const path = prefix + name;
      const type = raw.type;
      const ox = dx + reader.number(raw, "offsetx", here);
      const oy = dy + reader.number(raw, "offsety", here);
      const isHidden = hidden || !reader.boolean(raw, "visible", here, true);
      const isLocked = locked || reader.boolean(raw, "locked", here, false);
      // Only images carry an opacity into the scene (layers have none), so only group and image layers' is read.
      const layerOpacity = () => opacity * Math.min(1, reader.number(raw, "opacity", here, 1));
      if (type === "group") {
        walk(reader.array(raw, "layers", here), [...here, "layers"], `${path}/`, ox, oy, layerOpacity(), isHidden, isLocked);
        return;
      }
      if (type === "imagelayer") {
        readImageLayer(raw, here, path, ox, oy, layerOpacity(), isHidden, isLocked);
        return;
      }
      if (type !== "objectgroup") {
        skipped.push({ layer: path, object: 0, name: "", reason: `${typeof type === "string" ? type : "unknown layer type"}: only object and image layers are imported` });
        return;
      }
      const meta = readProperties(reader.array(raw, "properties", here), [...here, "properties"], reader);
      const tiledColor = reader.string(raw, "color", here);
      const color = tiledColor === "" ? undefined : fromTiledColor(tiledColor)?.slice(0, 7);
      if (tiledColor !== "" && color === undefined) skipped.push({ layer: path, object: 0, name: "", reason: `layer color ${JSON.stringify(tiledColor)} is not "#rrggbb" or "#aarrggbb": the layer takes the editor's colour` });
      const layer: ImportedLayer = { storedId: meta.layerId, name: path, visible: !isHidden, locked: isLocked, color, shapes: [] };
      layers.push(layer);
      reader.array(raw, "objects", here).forEach((rawObj, j) => {
        const objAt = [...here, "objects", j];
        if (!isRecord(rawObj)) {
          reader.problems.push([objAt, "an object must be a JSON object"]);
          return;
        }
        const objectId = reader.number(rawObj, "id", objAt);
        const objectName = reader.string(rawObj, "name", objAt);
        const body = shapeBody(rawObj, objAt, ox, oy, reader);
        if (typeof body === "string") {
          skipped.push({ layer: path, object: objectId, name: objectName, reason: body });
          return;
        }
        const props = readProperties(reader.array(rawObj, "properties", objAt), [...objAt, "properties"], reader);
        for (const d of props.dropped) skipped.push({ layer: path, object: objectId, name: objectName, property: d.property, reason: d.reason });
        const shape: Draft = {
          ...(objectName !== "" ? { name: objectName } : {}),
          ...(props.collisionLayer !== undefined && props.collisionLayer !== 1 ? { collisionLayer: props.collisionLayer } : {}),
          ...(props.collisionMask !== undefined && props.collisionMask !== 1 ? { collisionMask: props.collisionMask } : {}),
          ...(props.properties.length > 0 ? { properties: props.properties } : {}),
          ...body,
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
  }));
  const shapes: Shape[] = layers.flatMap((l, i) =>
    l.shapes.map(({ storedId, tiledId, shape }): Shape => ({ id: shapeId(storedId, `tiled-${tiledId}`), ...(i > 0 ? { layer: sceneLayers[i]!.id } : {}), ...shape })),
  );
  const imageId = idMaker(images.map((i) => i.storedId));
  const sceneImages: SceneImage[] = images.map(({ storedId, name, image }) => ({ id: imageId(storedId, name === "" ? "image" : name), ...image }));
  const bits = new Map(mapMeta.bitNames.map((b) => [b.bit, b]));
  const scene: Scene = {
    format: SCENE_FORMAT,
    version: SCENE_VERSION,
    ...(sceneLayers.length > 0 ? { layers: sceneLayers } : {}),
    ...(bits.size > 0 ? { collisionLayers: [...bits.values()].sort((a, b) => a.bit - b.bit) } : {}),
    ...(sceneImages.length > 0 ? { images: sceneImages } : {}),
    shapes,
    probes: [],
  };
  // Every shape was checked as it was built; this guards the whole (ids, references) once more.
  const check = validateSceneData(JSON.parse(serializeScene(scene)));
  if (!check.ok) return { ok: false, problems: check.problems.map((p) => ({ ...p, message: `imported scene would be invalid: ${p.message}` })) };
  return { ok: true, scene: check.scene, skipped };
}

/** What a shape takes from a Tiled object's properties, as the import reads them (for tile collision objects, tile-colliders.ts). */
export interface TiledObjectMeta {
  readonly collisionLayer?: number;
  readonly collisionMask?: number;
  readonly properties: readonly Property[];
  /** Properties that could not be kept, with why. */
  readonly dropped: readonly { readonly property: string; readonly reason: string }[];
}

/** A Tiled object's `properties` array read as importTiled reads an object's; a malformed entry is dropped with its reason. */
export function tiledObjectMeta(list: readonly unknown[]): TiledObjectMeta {
  const reader = new Reader();
  const meta = readProperties([...list], [], reader);
  const malformed = reader.problems.map(([at, reason]) => ({ property: `#${String(at[0] ?? "")}`, reason }));
  return {
    ...(meta.collisionLayer !== undefined && meta.collisionLayer !== 1 ? { collisionLayer: meta.collisionLayer } : {}),
    ...(meta.collisionMask !== undefined && meta.collisionMask !== 1 ? { collisionMask: meta.collisionMask } : {}),
    properties: meta.properties,
    dropped: [...meta.dropped, ...malformed],
  };
}
