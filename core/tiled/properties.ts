// Custom properties between the scene and Tiled's JSON format, one rule each way, shared by the
// import, the export and the write-back into a map (merge.ts). Tiled's property types (its
// properties.cpp, typeToName/nameToType): string, int, float, bool, color ("#aarrggbb", "" when
// unset), file (a path relative to the map), object (an object id, 0 for none) and class (a JSON
// object of member values, nested classes nested; its class named by `propertytype`, which an enum
// value carries too). Some names carry scene data rather than designers' properties, each at one
// level of the map (object, object layer, map, image layer); a designer's property named like one
// of them, or starting with "user:", is written with a "user:" prefix, which reading removes.
import { relativePath, resolvePath } from "../scene/file-paths";
import { COLLISION_BITS, INT32_MAX, INT32_MIN, type JsonValue, type Property } from "../scene/types";
import { CONTROL_CHARACTER } from "../scene/field-rules";
import type { JsonObject } from "./types";

export const TILED_SHAPE_ID = "shape_id";
export const TILED_LAYER_ID = "layer_id";
export const TILED_COLLISION_LAYER = "collision_layer";
export const TILED_COLLISION_MASK = "collision_mask";
/** Image layer properties: the scene image's id, and its drawn size when the scene gives one (Tiled has no scaled image layers). */
export const TILED_IMAGE_ID = "image_id";
export const TILED_IMAGE_WIDTH = "image_width";
export const TILED_IMAGE_HEIGHT = "image_height";
/** Object properties (bool, written only when true): a shape's `sensor`, a chain's `oneSided`. */
export const TILED_SENSOR = "sensor";
export const TILED_ONE_SIDED = "oneSided";
/** The class of a polygon object that is a closed chain (an open chain is a polyline). */
export const TILED_CHAIN_CLASS = "chain";
/** Map property naming collision bit N: `collision_layer_N` (string). */
export const TILED_BIT_NAME_PREFIX = "collision_layer_";
export const TILED_ESCAPE_PREFIX = "user:";

const RESERVED = new Set([TILED_SHAPE_ID, TILED_LAYER_ID, TILED_COLLISION_LAYER, TILED_COLLISION_MASK, TILED_SENSOR, TILED_ONE_SIDED]);
const BIT_NAME = /^collision_layer_([1-9]\d?)$/;

/** A designer's property name as written to Tiled: reserved names and "user:…" get the "user:" prefix. */
export const escapePropertyName = (name: string): string =>
  RESERVED.has(name) || BIT_NAME.test(name) || name.startsWith(TILED_ESCAPE_PREFIX) ? TILED_ESCAPE_PREFIX + name : name;

/** A property as Tiled's JSON format writes it. */
export interface TiledProperty {
  readonly name: string;
  readonly type: "string" | "int" | "float" | "bool" | "color" | "file" | "object" | "class";
  readonly propertytype?: string;
  readonly value: JsonValue;
}

/** Where `file` properties' paths start: the scene's folder on one side, the map's on the other (forward slashes). */
export interface PathRebase {
  readonly from: string;
  readonly to: string;
}

/** A URL or a Windows drive ("http:", "C:"): kept as written. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** A `file` property's path seen from `rebase.to` instead of `rebase.from`; unchanged when the folders agree, for "" and for URLs. */
export function rebaseFile(value: string, rebase: PathRebase | undefined): string {
  if (!rebase || value === "" || SCHEME.test(value) || resolvePath("", rebase.from) === resolvePath("", rebase.to)) return value;
  const target = resolvePath(rebase.from, value);
  return relativePath(rebase.to, target) ?? target;
}

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

/** No "-0" in the output (JSON.stringify writes -0 as 0 already, but objects compared in tests keep it). */
const num = (v: number): number => (Object.is(v, -0) ? 0 : v);

/** A designer's property as Tiled writes it; `file` paths rebased from the scene's folder to the map's. */
export function toTiledProperty(p: Property, rebase?: PathRebase): TiledProperty {
  const name = escapePropertyName(p.name);
  const custom = p.propertytype === undefined ? {} : { propertytype: p.propertytype };
  const of = (type: TiledProperty["type"], value: JsonValue): TiledProperty => ({ name, type, ...custom, value });
  switch (p.type) {
    case "string":
      return of("string", p.value);
    case "boolean":
      return of("bool", p.value);
    case "color":
      return of("color", toTiledColor(p.value));
    case "number":
      // Whole numbers Tiled's int holds stay ints (what designers expect); the rest are floats.
      return of(Number.isInteger(p.value) && p.value >= INT32_MIN && p.value <= INT32_MAX ? "int" : "float", num(p.value));
    case "int":
      return of("int", num(p.value));
    case "float":
      return of("float", num(p.value));
    case "file":
      return of("file", rebaseFile(p.value, rebase));
    case "object":
      return of("object", p.value);
    case "class":
      return of("class", p.value);
  }
}

/** Which part of a map a list of properties belongs to: each has its own reserved names. */
export type PropertyLevel = "map" | "group" | "layer" | "object" | "image";

/** What one property of a Tiled list means to the scene. */
export type ReadProperty =
  | { readonly kind: "shape-id" | "layer-id" | "image-id"; readonly value: string }
  | { readonly kind: "collision-layer" | "collision-mask"; readonly value: number }
  | { readonly kind: "image-width" | "image-height"; readonly value: number }
  | { readonly kind: "sensor" | "one-sided"; readonly value: boolean }
  | { readonly kind: "bit-name"; readonly bit: number; readonly value: string }
  | { readonly kind: "designer"; readonly property: Property }
  /** Not representable in the scene: the name as in the map, and why. */
  | { readonly kind: "dropped"; readonly name: string; readonly reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Tiled's int is signed 32-bit: bit masks with bit 31 set come back negative. */
function bitsOf(type: unknown, v: unknown): number | undefined {
  if ((type !== "int" && type !== "float") || typeof v !== "number" || !Number.isInteger(v)) return undefined;
  if (v < INT32_MIN || v > 0xffffffff) return undefined;
  return v >>> 0;
}

const isInt32 = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX;
const sized = (v: unknown): v is number => typeof v === "number" && v >= 1e-9 && v <= 1e15;
const MAX_NUMBER = Number.MAX_VALUE;

/** A JSON value whose numbers are all finite (JSON.parse never gives others, a hand-built map might). */
function plainJson(v: unknown): v is JsonValue {
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (typeof v === "number") return Math.abs(v) <= MAX_NUMBER;
  if (Array.isArray(v)) return v.every(plainJson);
  return isRecord(v) && Object.values(v).every(plainJson);
}

/**
 * One entry of a Tiled `properties` list as the scene reads it at `level`; `file` paths rebased
 * from the map's folder to the scene's. Never throws; a malformed entry is `dropped` with why.
 */
export function readTiledProperty(raw: unknown, level: PropertyLevel, rebase?: PathRebase): ReadProperty {
  if (!isRecord(raw)) return { kind: "dropped", name: "", reason: "a property is an object with name, type and value" };
  const name = typeof raw.name === "string" ? raw.name : "";
  const type = raw.type === undefined ? "string" : raw.type;
  const value = raw.value;
  const text = typeof value === "string" && value !== "" && type === "string" ? value : undefined;
  if (!name.startsWith(TILED_ESCAPE_PREFIX)) {
    const idKind = level === "object" && name === TILED_SHAPE_ID ? "shape-id" : level === "layer" && name === TILED_LAYER_ID ? "layer-id" : level === "image" && name === TILED_IMAGE_ID ? "image-id" : null;
    if (idKind && text !== undefined) {
      return CONTROL_CHARACTER.test(text) ? { kind: "dropped", name, reason: `${name} holds control characters (U+0000 to U+001F, U+007F): the id is made from the Tiled id or name instead` } : { kind: idKind, value: text };
    }
    const bits = bitsOf(type, value);
    if (level === "object" && name === TILED_COLLISION_LAYER && bits !== undefined) return { kind: "collision-layer", value: bits };
    if (level === "object" && name === TILED_COLLISION_MASK && bits !== undefined) return { kind: "collision-mask", value: bits };
    if (level === "object" && (name === TILED_SENSOR || name === TILED_ONE_SIDED) && type === "bool" && typeof value === "boolean") return { kind: name === TILED_SENSOR ? "sensor" : "one-sided", value };
    if (level === "image" && (name === TILED_IMAGE_WIDTH || name === TILED_IMAGE_HEIGHT) && (type === "float" || type === "int") && sized(value)) return { kind: name === TILED_IMAGE_WIDTH ? "image-width" : "image-height", value };
    const bit = level === "map" ? BIT_NAME.exec(name) : null;
    if (bit && Number(bit[1]) <= COLLISION_BITS && text !== undefined) {
      return CONTROL_CHARACTER.test(text) ? { kind: "dropped", name, reason: "a collision layer name with control characters (U+0000 to U+001F, U+007F) cannot be kept" } : { kind: "bit-name", bit: Number(bit[1]), value: text };
    }
  }
  const own = name.startsWith(TILED_ESCAPE_PREFIX) ? name.slice(TILED_ESCAPE_PREFIX.length) : name;
  const converted = convertProperty(own, type, value, raw.propertytype, rebase);
  return typeof converted === "string" ? { kind: "dropped", name, reason: converted } : { kind: "designer", property: converted };
}

/** A Tiled property as ours, or why it cannot be. */
function convertProperty(name: string, type: unknown, value: unknown, propertytype: unknown, rebase: PathRebase | undefined): Property | string {
  if (name === "") return "a property with an empty name cannot be kept";
  if (CONTROL_CHARACTER.test(name)) return "a property name with control characters (U+0000 to U+001F, U+007F) cannot be kept";
  if (propertytype !== undefined && typeof propertytype !== "string") return `propertytype must be a string, got ${JSON.stringify(propertytype)}`;
  const custom = propertytype === undefined || propertytype === "" ? {} : { propertytype };
  switch (type) {
    case "string":
      return typeof value === "string" ? { name, type: "string", value, ...custom } : "a string property needs a string value";
    case "file":
      return typeof value === "string" ? { name, type: "file", value: rebaseFile(value, rebase), ...custom } : "a file property needs a string value";
    case "int":
      return isInt32(value) ? { name, type: "int", value, ...custom } : "an int property needs a whole number within 32 bits";
    case "float":
      return typeof value === "number" && Number.isFinite(value) ? { name, type: "float", value, ...custom } : "a float property needs a finite number";
    case "object":
      return isInt32(value) && value >= 0 ? { name, type: "object", value, ...custom } : "an object property needs an object id (a whole number, 0 for none)";
    case "bool":
      return typeof value === "boolean" ? { name, type: "boolean", value, ...custom } : "a bool property needs true or false";
    case "color": {
      // Tiled writes an unset colour as "".
      const color = typeof value === "string" ? fromTiledColor(value) : null;
      return color === null ? `a color property needs "#aarrggbb" or "#rrggbb", got ${JSON.stringify(value)}` : { name, type: "color", value: color, ...custom };
    }
    case "class":
      // Members of a custom class (Tiled 1.8+); a class with every member at its default is {}, or absent.
      if (value === undefined) return { name, type: "class", value: {}, ...custom };
      return isRecord(value) && plainJson(value) ? { name, type: "class", value: value as { readonly [member: string]: JsonValue }, ...custom } : "a class property needs an object of member values";
    default:
      return `unknown property type ${JSON.stringify(type)}`;
  }
}

/** Equal as JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined), kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

/** Two scene properties that mean the same: same name, type, custom type and value. */
export const sameProperty = (a: Property, b: Property): boolean =>
  a.name === b.name && a.type === b.type && (a.propertytype ?? "") === (b.propertytype ?? "") && sameJson(a.value, b.value);

/** A Tiled properties list as JSON objects (what a parsed map holds). */
export type TiledPropertyList = readonly JsonObject[];
