// The base of the write-back's three-way merge: each Tiled object as the scene last had it when
// the map and the scene agreed (at the import, or the last write into the map), kept in the scene
// as `tiledMap.base` (a list of shapes, each with its `tiledId`). A field of an object the scene
// holds as the base has it is the map's business (Tiled may have changed it since); a field the
// scene changed is the scene's, and when Tiled changed it too, the scene's is kept and named.
import { SHAPE_KEYS } from "../scene/io";
import { shapeSchema } from "../scene/schema";
import { sceneLayers, type JsonValue, type Property, type Scene, type Shape } from "../scene/types";
import { sameJson } from "./properties";

/** The base's shapes by Tiled id, or why the scene's `tiledMap.base` cannot be used. */
export type TiledBase = { readonly ok: true; readonly byTiledId: ReadonlyMap<number, Shape> } | { readonly ok: false; readonly reason: string };

/** The base a scene carries (undefined: none, as in scenes from before it was kept). */
export function readTiledBase(base: JsonValue | undefined): TiledBase | undefined {
  if (base === undefined) return undefined;
  if (!Array.isArray(base)) return { ok: false, reason: "tiledMap.base: expected a list of shapes" };
  const byTiledId = new Map<number, Shape>();
  for (const [i, entry] of base.entries()) {
    const parsed = shapeSchema.safeParse(entry);
    if (!parsed.success) return { ok: false, reason: `tiledMap.base[${i}]: not a shape (${parsed.error.issues[0]?.message ?? "unreadable"})` };
    const shape: Shape = parsed.data;
    if (shape.tiledId === undefined || !Number.isInteger(shape.tiledId)) return { ok: false, reason: `tiledMap.base[${i}]: has no tiledId` };
    byTiledId.set(shape.tiledId, shape);
  }
  return { ok: true, byTiledId };
}

/**
 * The scene ids of a base's entries (tiledMap.base: each names the object it was written as). A
 * new shape must not take one: writing into the map matches a shape to its object by that id, so
 * a new shape given a deleted one's id would take over the deleted shape's object.
 */
export function baseShapeIds(base: JsonValue | undefined): ReadonlySet<string> {
  return baseField(base, "id", (v): v is string => typeof v === "string");
}

/** The Tiled ids of a base's entries: the map's objects the scene has known. */
export function baseTiledIds(base: JsonValue | undefined): ReadonlySet<number> {
  return baseField(base, "tiledId", (v): v is number => typeof v === "number");
}

function baseField<T>(base: JsonValue | undefined, key: string, is: (v: JsonValue | undefined) => v is T & JsonValue): Set<T> {
  const out = new Set<T>();
  if (Array.isArray(base)) {
    for (const entry of base) {
      if (typeof entry === "object" && entry !== null && !Array.isArray(entry) && is(entry[key])) out.add(entry[key] as T);
    }
  }
  return out;
}

/** A scene's shapes that came from (or were written into) a Tiled map as base entries: plain JSON, each with its Tiled id and its layer written out. */
export function tiledBaseOf(shapes: readonly Shape[], firstLayer: string): JsonValue[] {
  return shapes.flatMap((s) => (s.tiledId === undefined ? [] : [JSON.parse(JSON.stringify({ ...s, layer: s.layer ?? firstLayer })) as JsonValue]));
}

/** Whether two numbers are the same but for the rounding of a write and a read (a centre turned into Tiled's corner and back). */
const near = (a: number, b: number): boolean => a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** sameJson with numbers compared by `near`. */
export function nearJson(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return near(a, b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => nearJson(v, b[i]));
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>;
    const ka = Object.keys(ra).filter((k) => ra[k] !== undefined), kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && nearJson(ra[k], rb[k]));
  }
  return sameJson(a, b);
}

/** A field every kind has, as the merge compares it (absent read as its default), and the key it is written under. */
interface Field {
  readonly key: keyof Shape;
  readonly value: (s: Shape) => unknown;
}
const COMMON: readonly Field[] = [
  { key: "x", value: (s) => s.x },
  { key: "y", value: (s) => s.y },
  { key: "rotation", value: (s) => s.rotation },
  { key: "name", value: (s) => s.name ?? "" },
  { key: "class", value: (s) => s.class ?? "" },
  { key: "visible", value: (s) => s.visible !== false },
  { key: "sensor", value: (s) => s.sensor === true },
  { key: "collisionLayer", value: (s) => s.collisionLayer ?? 1 },
  { key: "collisionMask", value: (s) => s.collisionMask ?? 1 },
];

/** A field of a shape by name (undefined when absent). */
const fieldOf = (s: Shape, key: string): unknown => (Object.hasOwn(s, key) ? (Reflect.get(s, key) as unknown) : undefined);
const formValue = (s: Shape, key: string): unknown => {
  const v = fieldOf(s, key);
  return key === "closed" || key === "oneSided" ? v === true : v;
};
const formOf = (s: Shape): unknown[] => [s.type, ...SHAPE_KEYS[s.type].map((k) => formValue(s, k))];

/** Properties merged by name: the map's list, with the scene's changes against the base. */
function mergeProperties(base: readonly Property[], theirs: readonly Property[], ours: readonly Property[], conflict: (name: string) => void): Property[] {
  const byName = (list: readonly Property[]) => new Map(list.map((p) => [p.name, p]));
  const b = byName(base), t = byName(theirs), o = byName(ours);
  const names = [...new Set([...theirs.map((p) => p.name), ...ours.map((p) => p.name)])];
  const out: Property[] = [];
  for (const name of names) {
    const pb = b.get(name), pt = t.get(name), po = o.get(name);
    if (nearJson(po, pb)) {
      if (pt) out.push(pt);
      continue;
    }
    if (!nearJson(pt, pb) && !nearJson(pt, po)) conflict(`property ${JSON.stringify(name)}`);
    if (po) out.push(po);
  }
  return out;
}

/** What the three-way merge of one object gives: the shape to write and the fields both sides changed. */
export interface ShapeMerge {
  readonly shape: Shape;
  /** Fields the map and the scene both changed, differently, since the base: the scene's are kept. */
  readonly conflicts: readonly string[];
}

/**
 * One object merged field by field: `base` as the scene and the map last agreed, `theirs` as the
 * map has it now, `ours` as the scene has it. A field the scene left as the base has it takes the
 * map's value, else the scene's (a conflict when the map changed it too, to something else). The
 * kind and its size fields go together when the kinds differ; the id and layer are the scene's.
 */
export function mergeShape(base: Shape, theirs: Shape, ours: Shape): ShapeMerge {
  const conflicts: string[] = [];
  const out: Shape = { ...ours };
  const take = (key: string, from: Shape) => {
    const v = fieldOf(from, key);
    if (v === undefined) Reflect.deleteProperty(out, key);
    else Reflect.set(out, key, v);
  };
  const field = (name: string, b: unknown, t: unknown, o: unknown, key: string) => {
    if (nearJson(o, b)) take(key, theirs);
    else if (!nearJson(t, b) && !nearJson(t, o)) conflicts.push(name);
  };
  for (const f of COMMON) field(f.key, f.value(base), f.value(theirs), f.value(ours), f.key);
  if (base.type === theirs.type && base.type === ours.type) {
    for (const key of SHAPE_KEYS[ours.type]) field(key, formValue(base, key), formValue(theirs, key), formValue(ours, key), key);
  } else if (nearJson(formOf(ours), formOf(base))) {
    for (const key of SHAPE_KEYS[ours.type]) Reflect.deleteProperty(out, key);
    Reflect.set(out, "type", theirs.type);
    for (const key of SHAPE_KEYS[theirs.type]) take(key, theirs);
  } else if (!nearJson(formOf(theirs), formOf(base)) && !nearJson(formOf(theirs), formOf(ours))) conflicts.push("kind");
  const properties = mergeProperties(base.properties ?? [], theirs.properties ?? [], ours.properties ?? [], (name) => conflicts.push(name));
  if (properties.length > 0) Reflect.set(out, "properties", properties);
  else Reflect.deleteProperty(out, "properties");
  return { shape: out, conflicts };
}

/** Whether the scene changed a shape since the base: any field the merge compares, or its layer. */
export function changedSinceBase(base: Shape, ours: Shape, firstLayer: string): boolean {
  if ((ours.layer ?? firstLayer) !== (base.layer ?? firstLayer)) return true;
  if (COMMON.some((f) => !nearJson(f.value(ours), f.value(base)))) return true;
  if (!nearJson(formOf(ours), formOf(base))) return true;
  return !nearJson(ours.properties ?? [], base.properties ?? []);
}

/**
 * How many of the scene's shapes its Tiled map does not hold as they are: shapes added or changed
 * since the base (the objects as last imported or written into the map), and base objects the
 * scene deleted. A shape is its base entry's by `tiledId`, else by scene id, as the write-back
 * matches them. Undefined for a scene without a map or a readable base.
 */
export function changesSinceMap(scene: Scene): number | undefined {
  const read = scene.tiledMap === undefined ? undefined : readTiledBase(scene.tiledMap.base);
  if (read === undefined || !read.ok) return undefined;
  const bySceneId = new Map([...read.byTiledId.values()].map((b) => [b.id, b]));
  const firstLayer = sceneLayers(scene)[0]!.id;
  const matched = new Set<Shape>();
  let changes = 0;
  for (const s of scene.shapes) {
    const entry = (s.tiledId === undefined ? undefined : read.byTiledId.get(s.tiledId)) ?? bySceneId.get(s.id);
    if (entry === undefined || matched.has(entry)) changes++;
    else {
      matched.add(entry);
      if (changedSinceBase(entry, s, firstLayer)) changes++;
    }
  }
  return changes + read.byTiledId.size - matched.size;
}
