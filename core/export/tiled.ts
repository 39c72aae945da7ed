// Scene → Tiled map (TMJ, Tiled's JSON map format): one object layer per editor layer, one object
// per shape. Formats checked against doc.mapeditor.org "JSON Map Format" (map, layer, object and
// property fields) and, for what Tiled really writes, against Tiled 1.8.2's own --export-map output.
//
// Tiled conventions (same y-down screen axes and clockwise degrees as the scene):
// - Rectangles, ellipses and capsules are positioned by their top-left corner (x, y) and turned by
//   `rotation` about that corner (Tiled's maprenderer; bjorn in mapeditor/tiled#2182: "rotation is
//   applied around their position"). A centred shape's corner is centre − R(θ)·(w/2, h/2).
// - A capsule object (Tiled 1.12, mapeditor/tiled#4288, JSON `"capsule": true`) is the stadium
//   inscribed in its width × height box: radius min(w, h)/2, long axis along the longer side.
// - Polygon points are relative to (x, y) and turned with the object about (x, y), as ours are.
import { assertNever } from "../assert-never";
import { geometryOf, transformOf } from "../shapes";
import { computeAABB } from "../geometry";
import { rotFromDegrees } from "../vec2";
import { layerOf, sceneLayers, type Property, type Scene, type Shape } from "../scene/types";
import { drawnSize, locateImages, sizeText, type ImageExportOptions, type ImageNote, type LocatedImage } from "./images";

export interface TiledExportOptions {
  /**
   * "capsule" (default): Tiled 1.12 capsule objects. "polygon": a convex polygon inscribed in the
   * capsule, for Tiled before 1.12 (which reads a capsule object as a plain rectangle).
   */
  readonly capsules?: "capsule" | "polygon";
  /** Segments per semicircular cap when capsules are polygons; 2 to 64, default 8. */
  readonly capsuleSegments?: number;
  /** The map's tile width and height in pixels (Tiled stores whole numbers); default 32. */
  readonly tileSize?: number;
  /** Where the scene's images are and where the map goes, so image paths are relative to the map (default: the same folder). */
  readonly images?: ImageExportOptions;
}

/** Custom property names that carry scene data rather than designer properties. */
export const TILED_SHAPE_ID = "shape_id";
export const TILED_LAYER_ID = "layer_id";
export const TILED_COLLISION_LAYER = "collision_layer";
export const TILED_COLLISION_MASK = "collision_mask";
/** Image layer properties: the scene image's id, and its drawn size when the scene gives one (Tiled has no scaled image layers). */
export const TILED_IMAGE_ID = "image_id";
export const TILED_IMAGE_WIDTH = "image_width";
export const TILED_IMAGE_HEIGHT = "image_height";
/** Map property naming collision bit N: `collision_layer_N` (string). */
export const TILED_BIT_NAME_PREFIX = "collision_layer_";
/**
 * A designer property whose name is reserved above, or already starts with this, is written with
 * this prefix, so every name survives the round trip (import strips one prefix).
 */
export const TILED_ESCAPE_PREFIX = "user:";
const RESERVED = new Set([TILED_SHAPE_ID, TILED_LAYER_ID, TILED_COLLISION_LAYER, TILED_COLLISION_MASK]);

export const escapePropertyName = (name: string): string => (RESERVED.has(name) || name.startsWith(TILED_ESCAPE_PREFIX) ? TILED_ESCAPE_PREFIX + name : name);

export const DEFAULT_CAPSULE_SEGMENTS = 8;
export const DEFAULT_TILE_SIZE = 32;
/** Tiled keeps int properties and map sizes in a signed 32-bit int (1.8 wraps 4294967295 to -1). */
const INT32_MAX = 2147483647;
const INT32_MIN = -2147483648;

/** Our "#rrggbb" / "#rrggbbaa" as Tiled's "#aarrggbb" (lowercase, opaque alpha written out, as Tiled 1.8 writes it). */
export function toTiledColor(color: string): string {
  const hex = color.slice(1).toLowerCase();
  return hex.length === 8 ? `#${hex.slice(6)}${hex.slice(0, 6)}` : `#ff${hex}`;
}

/** Tiled's "#aarrggbb" or "#rrggbb" as ours; opaque alpha is left out. Null when not a colour. */
export function fromTiledColor(color: string): string | null {
  if (/^#[0-9a-fA-F]{6}$/.test(color)) return color.toLowerCase();
  if (!/^#[0-9a-fA-F]{8}$/.test(color)) return null;
  const hex = color.slice(1).toLowerCase();
  const alpha = hex.slice(0, 2);
  return alpha === "ff" ? `#${hex.slice(2)}` : `#${hex.slice(2)}${alpha}`;
}

/** Top-left corner of a w × h box centred at (cx, cy) and turned by `degrees` about its centre. */
export function cornerOfCentred(cx: number, cy: number, w: number, h: number, degrees: number): { x: number; y: number } {
  const q = rotFromDegrees(degrees);
  return { x: cx - (q.c * w - q.s * h) / 2, y: cy - (q.s * w + q.c * h) / 2 };
}

/** Centre of a Tiled w × h object at corner (x, y) turned by `degrees` about that corner. */
export function centreOfCornered(x: number, y: number, w: number, h: number, degrees: number): { x: number; y: number } {
  const q = rotFromDegrees(degrees);
  return { x: x + (q.c * w - q.s * h) / 2, y: y + (q.s * w + q.c * h) / 2 };
}

/** No "-0" in the output (JSON.stringify writes -0 as 0 already, but objects compared in tests keep it). */
const num = (v: number): number => (Object.is(v, -0) ? 0 : v);

interface TiledProperty {
  readonly name: string;
  readonly type: "string" | "int" | "float" | "bool" | "color";
  readonly value: string | number | boolean;
}

function tiledProperty(p: Property): TiledProperty {
  const name = escapePropertyName(p.name);
  switch (p.type) {
    case "string":
      return { name, type: "string", value: p.value };
    case "boolean":
      return { name, type: "bool", value: p.value };
    case "color":
      return { name, type: "color", value: toTiledColor(p.value) };
    case "number":
      // Whole numbers Tiled's int holds stay ints (what designers expect); the rest are floats.
      return Number.isInteger(p.value) && p.value >= INT32_MIN && p.value <= INT32_MAX ? { name, type: "int", value: num(p.value) } : { name, type: "float", value: num(p.value) };
  }
}

/** Collision bits as Tiled's signed 32-bit int: bit 31 set reads negative (two's complement). */
const int32 = (bits: number): number => bits | 0;

function shapeProperties(shape: Shape): TiledProperty[] {
  const out: TiledProperty[] = [{ name: TILED_SHAPE_ID, type: "string", value: shape.id }];
  if (shape.collisionLayer !== undefined && shape.collisionLayer !== 1) out.push({ name: TILED_COLLISION_LAYER, type: "int", value: int32(shape.collisionLayer) });
  if (shape.collisionMask !== undefined && shape.collisionMask !== 1) out.push({ name: TILED_COLLISION_MASK, type: "int", value: int32(shape.collisionMask) });
  for (const p of shape.properties ?? []) out.push(tiledProperty(p));
  return out;
}

/**
 * A convex polygon inscribed in a vertical capsule (local, centred): `segments` chords per cap,
 * every vertex on the capsule's surface. A capsule whose core is (nearly) a point becomes a regular
 * 2·segments-gon, so no two vertices coincide.
 */
export function capsulePolygon(radius: number, height: number, segments: number): [number, number][] {
  const half = height / 2 - radius;
  const points: [number, number][] = [];
  // Below this the straight sides would be shorter than the validator's duplicate-point tolerance.
  const straight = half > 1e-9 * radius;
  const arc = (cy: number, from: number, count: number) => {
    for (let k = 0; k <= count; k++) {
      const a = from + (Math.PI * k) / segments;
      points.push([num(radius * Math.cos(a)), num(cy + radius * Math.sin(a))]);
    }
  };
  if (!straight) {
    arc(0, 0, 2 * segments - 1);
    return points;
  }
  arc(half, 0, segments); // bottom cap (y down), from +x through +y to −x
  arc(-half, Math.PI, segments); // top cap, from −x through −y to +x
  return points;
}

type TiledObject = Record<string, unknown>;
type ShapeOptions = Required<Omit<TiledExportOptions, "images">>;

function tiledObject(shape: Shape, id: number, options: ShapeOptions): TiledObject {
  const head = { id, name: shape.name ?? "", type: "" };
  const tail = { visible: true, properties: shapeProperties(shape) };
  const rectLike = (w: number, h: number, flag: Record<string, true>): TiledObject => {
    const corner = cornerOfCentred(shape.x, shape.y, w, h, shape.rotation);
    return { ...head, ...flag, x: num(corner.x), y: num(corner.y), width: w, height: h, rotation: num(shape.rotation), ...tail };
  };
  const polygon = (points: readonly (readonly [number, number])[]): TiledObject => ({
    ...head,
    x: num(shape.x),
    y: num(shape.y),
    width: 0,
    height: 0,
    rotation: num(shape.rotation),
    polygon: points.map(([x, y]) => ({ x: num(x), y: num(y) })),
    ...tail,
  });
  switch (shape.type) {
    case "box":
      return rectLike(shape.width, shape.height, {});
    case "circle":
      return rectLike(2 * shape.radius, 2 * shape.radius, { ellipse: true });
    case "capsule":
      return options.capsules === "polygon" ? polygon(capsulePolygon(shape.radius, shape.height, options.capsuleSegments)) : rectLike(2 * shape.radius, shape.height, { capsule: true });
    case "polygon":
      return polygon(shape.points);
    default:
      return assertNever(shape, "shape kind");
  }
}

function resolveOptions(options: TiledExportOptions): ShapeOptions {
  const capsules = options.capsules ?? "capsule";
  const capsuleSegments = options.capsuleSegments ?? DEFAULT_CAPSULE_SEGMENTS;
  const tileSize = options.tileSize ?? DEFAULT_TILE_SIZE;
  if (capsules !== "capsule" && capsules !== "polygon") throw new RangeError(`capsules must be "capsule" or "polygon", got ${String(capsules)}`);
  if (!Number.isInteger(capsuleSegments) || capsuleSegments < 2 || capsuleSegments > 64) throw new RangeError(`capsuleSegments must be a whole number from 2 to 64, got ${capsuleSegments}`);
  if (!Number.isInteger(tileSize) || tileSize < 1 || tileSize > 65536) throw new RangeError(`tileSize must be a whole number from 1 to 65536, got ${tileSize}`);
  return { capsules, capsuleSegments, tileSize };
}

/**
 * The scene's images as Tiled can show them: image layers for those with a file (a data: URL one
 * needs `extracted`), and notes for the rest and for what Tiled cannot show (a drawn size other
 * than the pixel size: Tiled 1.8 to 1.12 draw image layers unscaled).
 */
export function tiledImages(scene: Pick<Scene, "images">, images: ImageExportOptions = {}): { readonly layers: readonly (LocatedImage & { readonly path: string })[]; readonly notes: readonly ImageNote[] } {
  const layers: (LocatedImage & { readonly path: string })[] = [];
  const notes: ImageNote[] = [];
  for (const located of locateImages(scene, images)) {
    const { image, path, pixelSize } = located;
    if (path === null) {
      notes.push({ image: image.id, message: "a data: URL, which Tiled cannot load: left out of the map" });
      continue;
    }
    layers.push({ ...located, path });
    if (!located.relative) notes.push({ image: image.id, message: `no relative path leads to it from the map's folder (another drive): written as ${path}` });
    const drawn = drawnSize(image, pixelSize);
    if (pixelSize && drawn && (drawn.width !== pixelSize.width || drawn.height !== pixelSize.height)) {
      notes.push({ image: image.id, message: `drawn at ${sizeText(drawn)} but ${sizeText(pixelSize)} pixels: Tiled draws image layers at their pixel size, so the map shows it at ${sizeText(pixelSize)}` });
    }
  }
  return { layers, notes };
}

/** What the export of `scene` to Tiled cannot write of its images as the scene has them. */
export const tiledImageNotes = (scene: Pick<Scene, "images">, options: TiledExportOptions = {}): readonly ImageNote[] => tiledImages(scene, options.images).notes;

/** The map's size in tiles: enough to hold every shape's bounding box and every image of known size from the origin, at least 1. */
function mapSize(scene: Scene, images: readonly LocatedImage[], tileSize: number): { width: number; height: number } {
  let maxX = 0, maxY = 0;
  for (const shape of scene.shapes) {
    const g = geometryOf(shape);
    if (!g.ok) continue;
    const box = computeAABB(g.value, transformOf(shape));
    maxX = Math.max(maxX, box.maxX);
    maxY = Math.max(maxY, box.maxY);
  }
  for (const { image, pixelSize } of images) {
    const size = drawnSize(image, pixelSize);
    if (!size) continue;
    maxX = Math.max(maxX, image.x + size.width);
    maxY = Math.max(maxY, image.y + size.height);
  }
  const tiles = (extent: number) => Math.min(INT32_MAX, Math.max(1, Math.ceil(extent / tileSize)));
  return { width: tiles(maxX), height: tiles(maxY) };
}

/** An image as an image layer, offset to its top-left corner; its id and drawn size ride in properties. */
function imageLayer({ image, path, pixelSize }: LocatedImage & { readonly path: string }, id: number): Record<string, unknown> {
  const properties: TiledProperty[] = [{ name: TILED_IMAGE_ID, type: "string", value: image.id }];
  if (image.width !== undefined) properties.push({ name: TILED_IMAGE_WIDTH, type: "float", value: image.width });
  if (image.height !== undefined) properties.push({ name: TILED_IMAGE_HEIGHT, type: "float", value: image.height });
  return {
    id,
    name: image.id,
    type: "imagelayer",
    image: path,
    // The file's size, as Tiled 1.11.1+ writes it (Tiled itself reads the file instead).
    ...(pixelSize ? { imagewidth: pixelSize.width, imageheight: pixelSize.height } : {}),
    visible: image.visible !== false,
    locked: image.locked === true,
    opacity: image.opacity ?? 1,
    x: 0,
    y: 0,
    offsetx: num(image.x),
    offsety: num(image.y),
    properties,
  };
}

/**
 * The scene as a complete orthogonal Tiled map (TMJ text ending in a newline). Deterministic;
 * never throws on a valid scene (a RangeError only for invalid options). Probes are not exported.
 * Images become image layers below the object layers, first image at the bottom; object layers
 * keep ids 1…n whether or not there are images.
 */
export function exportTiled(scene: Scene, options: TiledExportOptions = {}): string {
  const o = resolveOptions(options);
  const layers = sceneLayers(scene);
  let nextObjectId = 1;
  const objectLayers = layers.map((layer, i) => ({
    id: i + 1,
    name: layer.name,
    // Tiled's colour for drawing the layer's objects; left out (Tiled's grey) when the layer has none.
    ...(layer.color ? { color: layer.color.toLowerCase() } : {}),
    type: "objectgroup",
    visible: layer.visible !== false,
    locked: layer.locked === true,
    opacity: 1,
    x: 0,
    y: 0,
    draworder: "index",
    properties: [{ name: TILED_LAYER_ID, type: "string", value: layer.id }],
    objects: scene.shapes.filter((s) => layerOf(s, layers) === layer.id).map((s) => tiledObject(s, nextObjectId++, o)),
  }));
  const writesCapsules = o.capsules === "capsule" && scene.shapes.some((s) => s.type === "capsule");
  const bitNames = [...(scene.collisionLayers ?? [])].sort((a, b) => a.bit - b.bit).map((c) => ({ name: `${TILED_BIT_NAME_PREFIX}${c.bit}`, type: "string", value: c.name }));
  const images = tiledImages(scene, options.images).layers;
  const imageLayers = images.map((image, i) => imageLayer(image, objectLayers.length + 1 + i));
  const { width, height } = mapSize(scene, images, o.tileSize);
  const map = {
    type: "map",
    // "1.10" is the JSON format version Tiled 1.10 to 1.12 write; capsule objects need Tiled 1.12.
    version: "1.10",
    tiledversion: writesCapsules ? "1.12.0" : "1.10.0",
    orientation: "orthogonal",
    renderorder: "right-down",
    width,
    height,
    tilewidth: o.tileSize,
    tileheight: o.tileSize,
    infinite: false,
    nextlayerid: objectLayers.length + imageLayers.length + 1,
    nextobjectid: nextObjectId,
    ...(bitNames.length > 0 ? { properties: bitNames } : {}),
    tilesets: [],
    layers: [...imageLayers, ...objectLayers],
  };
  return JSON.stringify(map, null, 2) + "\n";
}
