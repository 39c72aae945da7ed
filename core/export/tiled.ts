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
}

/** Custom property names that carry scene data rather than designer properties. */
export const TILED_SHAPE_ID = "shape_id";
export const TILED_LAYER_ID = "layer_id";
export const TILED_COLLISION_LAYER = "collision_layer";
export const TILED_COLLISION_MASK = "collision_mask";
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

function tiledObject(shape: Shape, id: number, options: Required<TiledExportOptions>): TiledObject {
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

function resolveOptions(options: TiledExportOptions): Required<TiledExportOptions> {
  const capsules = options.capsules ?? "capsule";
  const capsuleSegments = options.capsuleSegments ?? DEFAULT_CAPSULE_SEGMENTS;
  const tileSize = options.tileSize ?? DEFAULT_TILE_SIZE;
  if (capsules !== "capsule" && capsules !== "polygon") throw new RangeError(`capsules must be "capsule" or "polygon", got ${String(capsules)}`);
  if (!Number.isInteger(capsuleSegments) || capsuleSegments < 2 || capsuleSegments > 64) throw new RangeError(`capsuleSegments must be a whole number from 2 to 64, got ${capsuleSegments}`);
  if (!Number.isInteger(tileSize) || tileSize < 1 || tileSize > 65536) throw new RangeError(`tileSize must be a whole number from 1 to 65536, got ${tileSize}`);
  return { capsules, capsuleSegments, tileSize };
}

/** The map's size in tiles: enough to hold every shape's bounding box from the origin, at least 1. */
function mapSize(scene: Scene, tileSize: number): { width: number; height: number } {
  let maxX = 0, maxY = 0;
  for (const shape of scene.shapes) {
    const g = geometryOf(shape);
    if (!g.ok) continue;
    const box = computeAABB(g.value, transformOf(shape));
    maxX = Math.max(maxX, box.maxX);
    maxY = Math.max(maxY, box.maxY);
  }
  const tiles = (extent: number) => Math.min(INT32_MAX, Math.max(1, Math.ceil(extent / tileSize)));
  return { width: tiles(maxX), height: tiles(maxY) };
}

/**
 * The scene as a complete orthogonal Tiled map (TMJ text ending in a newline). Deterministic;
 * never throws on a valid scene (a RangeError only for invalid options). Probes are not exported.
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
  const { width, height } = mapSize(scene, o.tileSize);
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
    nextlayerid: objectLayers.length + 1,
    nextobjectid: nextObjectId,
    ...(bitNames.length > 0 ? { properties: bitNames } : {}),
    tilesets: [],
    layers: objectLayers,
  };
  return JSON.stringify(map, null, 2) + "\n";
}
