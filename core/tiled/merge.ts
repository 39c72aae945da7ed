// Writing a scene back into the Tiled map it came from: the map stays as it was except for what
// the scene changed. What the scene changed is what differs between it and the map's own import
// (readTiledMap of the map as it is now): a field the scene left as imported is not written, so an
// untouched object, layer or property list stays equal to the original as a JSON value, and
// everything the scene does not model (tile objects, text, points, templates, tile and image
// layers, tilesets, unknown fields) is kept. Works on Tiled's JSON model; a TMX map is read into it
// and written back from it by core/tiled's TMX reader and writer.
//
// Shapes are matched to objects by `tiledId`, else by the id the map's import gives the object
// (its shape_id, or tiled-<id>), so a shape added by an earlier merge is found again; the first
// shape in scene order to claim an object gets it. Layers are matched by id, else by name.
import type { PathSegment, SceneProblem } from "../scene/errors";
import { DEFAULT_COLLISION_LAYER, DEFAULT_COLLISION_MASK, sceneLayers, type Layer, type Property, type Scene, type Shape } from "../scene/types";
import { readTiledMap, type TiledLayerSource, type TiledReading } from "../import/tiled";
import { fileRebase, resolveOptions, shapeMetaProperties, tiledClassOf, tiledGeometry, tiledObject, tiledObjectLayer, type ShapeOptions, type TiledExportOptions } from "../export/tiled";
import {
  readTiledProperty,
  sameJson,
  sameProperty,
  TILED_BIT_NAME_PREFIX,
  TILED_COLLISION_LAYER,
  TILED_COLLISION_MASK,
  TILED_ONE_SIDED,
  TILED_SENSOR,
  TILED_LAYER_ID,
  TILED_SHAPE_ID,
  toTiledProperty,
  type PathRebase,
  type PropertyLevel,
  type ReadProperty,
  type TiledProperty,
} from "./properties";
import type { JsonObject } from "./types";
import { changedSinceBase, mergeShape, readTiledBase, tiledBaseOf } from "./merge-base";
import type { JsonValue } from "../scene/types";

export interface TiledMergeOptions extends TiledExportOptions {
  /**
   * The map as the scene's import read it, when that differs from `original` (the map loader's
   * `resolved`: external tilesets inlined, templates applied). Same layers and object ids.
   */
  readonly resolved?: JsonObject;
  /** The map's folder (forward slashes): its `file` properties are relative to it. */
  readonly mapDir?: string;
  /** The scene's folder: its `file` properties are relative to it. Default: `mapDir`. */
  readonly sceneDir?: string;
  /**
   * Where a JSON path is in the map's file, for the problems of a map that cannot be read. A path
   * of `resolved` is the same place in `original` (its layers and objects are at the same indices).
   */
  readonly locate?: (path: readonly PathSegment[]) => { line: number; column: number } | undefined;
  /**
   * Objects earlier writes removed from this map, by the scene id of the shape each was (their
   * reports' `removedObjects`): a shape of that id whose object is still gone (an undo brought it
   * back) is written with its old Tiled id again, as Tiled's undo restores a deleted object's id.
   * Every other new shape gets a new id: Tiled never gives a deleted object's id to another one.
   */
  readonly restorable?: ReadonlyMap<string, number>;
}

/** What the merge changed, counted, and what it could not write. */
export interface TiledMergeReport {
  /** Objects whose fields or layer changed. */
  readonly updated: number;
  readonly added: number;
  readonly removed: number;
  /** The objects this write removed: each one's Tiled id and its shape's scene id (a later write's `restorable`). */
  readonly removedObjects: readonly RemovedObject[];
  /** Objects deleted in the map since the base and unchanged in the scene: they stay deleted. */
  readonly stayedDeleted: readonly string[];
  /** Objects the map and the scene both changed, differently, since the base: "object 3 "wall" (rotation)"; the scene's fields are written. */
  readonly conflicts: readonly string[];
  readonly notes: readonly string[];
}

/** An object a write removed from the map, and the scene id of the shape it was. */
export interface RemovedObject {
  readonly id: string;
  readonly tiledId: number;
}

export type TiledMergeResult =
  | {
      readonly ok: true;
      readonly map: JsonObject;
      readonly report: TiledMergeReport;
      /** The scene's new `tiledMap.base` once `map` is written: its shapes with the ids of the objects they are now. */
      readonly base: JsonValue[];
    }
  | { readonly ok: false; readonly problems: readonly SceneProblem[] };

type Mutable = Record<string, unknown>;
const isRecord = (v: unknown): v is Mutable => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at a JSON path of a mutable map. */
function at(root: Mutable, path: readonly PathSegment[]): Mutable | undefined {
  let cur: unknown = root;
  for (const seg of path) cur = Array.isArray(cur) && typeof seg === "number" ? cur[seg] : isRecord(cur) && typeof seg === "string" ? cur[seg] : undefined;
  return isRecord(cur) ? cur : undefined;
}

/** The `key` array of an object, made when missing. */
function list(obj: Mutable, key: string): unknown[] {
  const v = obj[key];
  if (Array.isArray(v)) return v;
  const made: unknown[] = [];
  obj[key] = made;
  return made;
}

const maxId = (items: readonly unknown[]): number => items.reduce<number>((m, o) => (isRecord(o) && typeof o.id === "number" && Number.isFinite(o.id) ? Math.max(m, o.id) : m), 0);

/** The first Tiled that reads capsule objects (its NEWS.md: "Added capsule object shape", 1.12.0). */
export const CAPSULE_TILED = "1.12";

/** The map's `tiledversion` when it is older than CAPSULE_TILED, else null (newer, or not said). */
export function olderThanCapsules(tiledversion: unknown): string | null {
  const m = typeof tiledversion === "string" ? /^(\d+)\.(\d+)/.exec(tiledversion) : null;
  if (!m) return null;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major < 1 || (major === 1 && minor < 12) ? (tiledversion as string) : null;
}

/** Every object layer of the map (inside groups too), in map order. */
function objectLayers(layers: unknown, out: Mutable[] = []): Mutable[] {
  if (!Array.isArray(layers)) return out;
  for (const l of layers) {
    if (!isRecord(l)) continue;
    if (l.type === "objectgroup") out.push(l);
    else if (l.type === "group") objectLayers(l.layers, out);
  }
  return out;
}

/** Every layer of the map (groups and those in them), in map order. */
function allLayers(layers: unknown, out: Mutable[] = []): Mutable[] {
  if (!Array.isArray(layers)) return out;
  for (const l of layers) {
    if (!isRecord(l)) continue;
    out.push(l);
    if (l.type === "group") allLayers(l.layers, out);
  }
  return out;
}

/**
 * A change to the scene data carried in one properties list (ids, collision bits, bit names), by
 * key: the property to write in place of the map's, or null to take it away.
 */
type MetaChanges = Map<string, TiledProperty | null>;

const metaKey = (read: Exclude<ReadProperty, { kind: "designer" | "dropped" }>): string => (read.kind === "bit-name" ? `bit-name:${read.bit}` : read.kind);

/**
 * A properties list with the scene's changes: a designer property the scene holds as the map does
 * is kept as written; one it changed is rewritten in place; one it removed is taken out; ones it
 * added come last; what the scene could not read (listed by the import) is kept. Scene data (ids,
 * bits) changes as `meta` says. Returns the list unchanged (the same array) when nothing changes.
 */
function mergeProperties(
  original: unknown,
  level: PropertyLevel,
  base: readonly Property[],
  wanted: readonly Property[],
  meta: MetaChanges,
  read: PathRebase,
  write: PathRebase | undefined,
): unknown[] | undefined {
  const rawList = Array.isArray(original) ? original : [];
  const baseNames = new Set(base.map((p) => p.name));
  const wantedByName = new Map(wanted.map((p) => [p.name, p]));
  const placed = new Set<string>();
  const out: unknown[] = [];
  let changed = false;
  for (const raw of rawList) {
    const meaning = readTiledProperty(raw, level, read);
    if (meaning.kind === "dropped") {
      out.push(raw);
      continue;
    }
    if (meaning.kind !== "designer") {
      const key = metaKey(meaning);
      const change = meta.get(key);
      if (change === undefined) out.push(raw);
      else {
        placed.add(key);
        changed = true;
        if (change !== null) out.push(change);
      }
      continue;
    }
    const name = meaning.property.name;
    const scene = wantedByName.get(name);
    if (scene === undefined) {
      // Taken out in the scene (a name the import read; a later duplicate of it goes too).
      if (baseNames.has(name)) changed = true;
      else out.push(raw);
      continue;
    }
    if (placed.has(`designer:${name}`)) {
      // Tiled keeps the last of a repeated name; the scene has one.
      changed = true;
      continue;
    }
    placed.add(`designer:${name}`);
    if (sameProperty(scene, meaning.property)) out.push(raw);
    else {
      out.push(toTiledProperty(scene, write));
      changed = true;
    }
  }
  for (const [key, change] of meta) {
    if (!placed.has(key) && change !== null) {
      out.push(change);
      changed = true;
    }
  }
  for (const p of wanted) {
    if (!placed.has(`designer:${p.name}`)) {
      out.push(toTiledProperty(p, write));
      changed = true;
    }
  }
  return changed ? out : undefined;
}

/** Writes a merged properties list into `obj` (left out when it becomes empty and was absent). */
function setProperties(obj: Mutable, merged: unknown[] | undefined): void {
  if (merged === undefined) return;
  if (merged.length === 0 && obj.properties === undefined) return;
  obj.properties = merged;
}

/** Scene data of a shape that differs from the map's import of its object: what its properties list must change. */
function shapeMetaChanges(shape: Shape, base: Shape | undefined, tiledId: number): MetaChanges {
  const changes: MetaChanges = new Map();
  const ours = new Map(shapeMetaProperties(shape).map((p) => [p.name, p]));
  // The id the map's import would give the object: its shape_id, else tiled-<id>.
  if (base ? base.id !== shape.id : shape.id !== `tiled-${tiledId}`) changes.set("shape-id", ours.get(TILED_SHAPE_ID)!);
  const bits = [
    ["collision-layer", TILED_COLLISION_LAYER, shape.collisionLayer ?? DEFAULT_COLLISION_LAYER, base?.collisionLayer ?? DEFAULT_COLLISION_LAYER],
    ["collision-mask", TILED_COLLISION_MASK, shape.collisionMask ?? DEFAULT_COLLISION_MASK, base?.collisionMask ?? DEFAULT_COLLISION_MASK],
  ] as const;
  for (const [key, name, now, before] of bits) if (now !== before) changes.set(key, ours.get(name) ?? null);
  const oneSided = (s: Shape | undefined) => s?.type === "chain" && s.oneSided === true;
  const flags = [
    ["sensor", TILED_SENSOR, shape.sensor === true, base?.sensor === true],
    ["one-sided", TILED_ONE_SIDED, oneSided(shape), oneSided(base)],
  ] as const;
  for (const [key, name, now, before] of flags) if (now !== before) changes.set(key, ours.get(name) ?? null);
  return changes;
}

/** Whether two shapes have the same kind, place, turn and size. */
function sameGeometry(a: Shape, b: Shape): boolean {
  if (a.type !== b.type || a.x !== b.x || a.y !== b.y) return false;
  // A circle's rotation turns nothing, but Tiled keeps it: written when it changed all the same.
  if (a.rotation !== b.rotation) return false;
  switch (a.type) {
    case "circle":
      return b.type === "circle" && a.radius === b.radius;
    case "box":
      return b.type === "box" && a.width === b.width && a.height === b.height;
    case "capsule":
      return b.type === "capsule" && a.radius === b.radius && a.height === b.height;
    case "polygon":
      return b.type === "polygon" && sameJson(a.points, b.points);
    case "chain":
      return b.type === "chain" && sameJson(a.points, b.points) && a.closed === b.closed && a.oneSided === b.oneSided;
  }
}

/** The fields that say an object's kind; tiledGeometry writes x, y, width, height and rotation always. */
const KIND_KEYS = ["ellipse", "capsule", "polygon", "polyline", "point"];

/**
 * The properties list a template instance writes for the full list `full` (its template's merged
 * with its own, as the import read them, with the scene's changes): its own entries, updated or
 * taken out, then every entry the template does not already give as it is. A property that only
 * the template gives cannot be taken out of one instance: it stays, and `note` says so.
 */
function instanceProperties(own: unknown, inherited: unknown, full: readonly unknown[], note: (name: string) => void): unknown[] {
  const nameOf = (p: unknown) => (isRecord(p) && typeof p.name === "string" ? p.name : undefined);
  const ownList = Array.isArray(own) ? own : [];
  const ownNames = new Set(ownList.map(nameOf));
  const fullByName = new Map(full.map((p) => [nameOf(p), p]));
  const out: unknown[] = [];
  for (const p of ownList) {
    const name = nameOf(p);
    if (name === undefined) out.push(p);
    else if (fullByName.has(name)) out.push(fullByName.get(name));
  }
  const given = new Map((Array.isArray(inherited) ? inherited : []).map((p) => [nameOf(p), p]));
  for (const p of full) {
    const name = nameOf(p);
    if (name === undefined || ownNames.has(name)) continue;
    if (!given.has(name) || !sameJson(given.get(name), p)) out.push(p);
  }
  for (const name of given.keys()) if (name !== undefined && !ownNames.has(name) && !fullByName.has(name)) note(name);
  return out;
}

/** How an object is written: the import's geometry options, path rebasing and the merge's notes. */
interface ObjectWriting {
  readonly o: ShapeOptions;
  readonly read: PathRebase;
  readonly write: PathRebase | undefined;
  readonly notes: string[];
}

/**
 * Writes into the object `obj` what `shape` changed against `base` (the import of the object;
 * undefined: write everything). `applied` is the object with its template applied when `obj` is a
 * template instance: a field the template gives as the shape has it is not written into the
 * instance, so the instance keeps following its template there. An instance whose kind the
 * template fixes (a template ellipse become a box) is detached from its template first, as
 * Tiled's Detach does: TMX and Tiled 1.8 have no way to override a template's kind with a rectangle.
 */
function updateObject(obj: Mutable, shape: Shape, base: Shape | undefined, applied: Mutable | undefined, layer: TiledLayerSource, moved: boolean, w: ObjectWriting): boolean {
  let changed = false;
  let template = applied;
  const set = (key: string, value: unknown) => {
    if (key in obj ? sameJson(obj[key], value) : template !== undefined && sameJson(template[key], value)) return;
    obj[key] = value;
    changed = true;
  };
  if (!base || moved || !sameGeometry(shape, base)) {
    const geometry = tiledGeometry(shape, w.o, layer.dx, layer.dy);
    if (template && KIND_KEYS.some((key) => !(key in geometry) && !(key in obj) && key in template!)) {
      w.notes.push(`object ${String(obj.id)}: detached from its template ${JSON.stringify(obj.template)} (its kind changed to one the template's cannot be overridden with)`);
      for (const [key, value] of Object.entries(template)) if (!(key in obj) && key !== "properties") obj[key] = value;
      if (template.properties !== undefined) obj.properties = template.properties;
      delete obj.template;
      template = undefined;
      changed = true;
    }
    // Another kind's flag or points go (a box that was an ellipse, a polygon that was a polyline).
    for (const key of KIND_KEYS) {
      if (!(key in geometry) && key in obj) {
        Reflect.deleteProperty(obj, key);
        changed = true;
      }
    }
    for (const [key, value] of Object.entries(geometry)) set(key, value);
  }
  if (!base || (shape.name ?? "") !== (base.name ?? "")) set("name", shape.name ?? "");
  // Tiled 1.9 wrote the class as "class"; a map that has it keeps it there.
  if (!base || tiledClassOf(shape) !== tiledClassOf(base)) set(typeof (obj.class ?? template?.class) === "string" ? "class" : "type", tiledClassOf(shape));
  if (!base || (shape.visible !== false) !== (base.visible !== false)) {
    // Tiled reads a missing "visible" as visible.
    if (shape.visible === false || (obj.visible ?? template?.visible) !== undefined) set("visible", shape.visible !== false);
  }
  const meta = shapeMetaChanges(shape, base, typeof obj.id === "number" ? obj.id : 0);
  const merged = mergeProperties(template ? template.properties : obj.properties, "object", base?.properties ?? [], shape.properties ?? [], meta, w.read, w.write);
  if (merged !== undefined) {
    const own = template
      ? instanceProperties(obj.properties, template.properties, merged, (name) => w.notes.push(`object ${String(obj.id)}: property ${JSON.stringify(name)} comes from its template ${JSON.stringify(obj.template)}: it stays`))
      : merged;
    if (!sameJson(own, obj.properties ?? [])) {
      setProperties(obj, own);
      changed = true;
    }
  }
  return changed;
}

/** Writes into the layer `obj` what the scene's layer changed against the map's import of it. */
function updateLayer(obj: Mutable, layer: Layer, base: Layer, source: TiledLayerSource, read: PathRebase, write: PathRebase | undefined): void {
  if (layer.name !== base.name) {
    const prefix = source.group === "" ? "" : `${source.group}/`;
    obj.name = prefix !== "" && layer.name.startsWith(prefix) ? layer.name.slice(prefix.length) : layer.name;
  }
  if ((layer.visible !== false) !== (base.visible !== false)) obj.visible = layer.visible !== false;
  if ((layer.locked === true) !== (base.locked === true)) obj.locked = layer.locked === true;
  if ((layer.color ?? "") !== (base.color ?? "")) {
    if (layer.color === undefined) delete obj.color;
    else obj.color = layer.color.toLowerCase();
  }
  const meta: MetaChanges = new Map();
  if (layer.id !== base.id) meta.set("layer-id", { name: TILED_LAYER_ID, type: "string", value: layer.id });
  setProperties(obj, mergeProperties(obj.properties, "layer", base.properties ?? [], layer.properties ?? [], meta, read, write));
}

/** A new object layer for a scene layer the map does not have, inside the group its name starts with when the map has that group. */
function newLayer(map: Mutable, layer: Layer, reading: TiledReading, nextLayerId: () => number, write: PathRebase | undefined): { obj: Mutable; source: Omit<TiledLayerSource, "layer"> } {
  let group = "";
  for (const path of reading.groups.keys()) if (layer.name.startsWith(`${path}/`) && path.length > group.length) group = path;
  const groupInfo = group === "" ? undefined : reading.groups.get(group);
  const parent = groupInfo ? at(map, groupInfo.at) : undefined;
  const obj: Mutable = tiledObjectLayer(layer, nextLayerId(), group === "" ? layer.name : layer.name.slice(group.length + 1), [], write);
  const siblings = list(parent ?? map, "layers");
  siblings.push(obj);
  return { obj, source: { at: [], dx: groupInfo?.dx ?? 0, dy: groupInfo?.dy ?? 0, group } };
}

/** Map properties: the bit names and designer properties the scene changed. */
function updateMapProperties(map: Mutable, scene: Scene, base: Scene, read: PathRebase, write: PathRebase | undefined): void {
  const meta: MetaChanges = new Map();
  const before = new Map((base.collisionLayers ?? []).map((c) => [c.bit, c.name]));
  const now = new Map((scene.collisionLayers ?? []).map((c) => [c.bit, c.name]));
  for (const bit of new Set([...before.keys(), ...now.keys()])) {
    const name = now.get(bit);
    if (name !== before.get(bit)) meta.set(`bit-name:${bit}`, name === undefined ? null : { name: `${TILED_BIT_NAME_PREFIX}${bit}`, type: "string", value: name });
  }
  setProperties(map, mergeProperties(map.properties, "map", base.properties ?? [], scene.properties ?? [], meta, read, write));
}

/**
 * The Tiled map `original` (Tiled's JSON model, as the map file has it) with the scene written
 * into it: objects the scene's shapes came from take their new geometry, name, class, visibility
 * and properties, keeping their id and everything else (a template instance: only what now
 * differs from its template, read in `resolved`); shapes new to the map become objects of
 * the object layer of their layer's name (made when missing, inside its group when the map has
 * the group), numbered from `nextobjectid`; objects whose shapes the scene deleted are removed;
 * the map's, groups' and layers' properties follow the scene's. Everything else is kept as it was.
 * `original` is not modified. Fails only when the map cannot be read as the import reads it.
 */
export function mergeIntoTiledMap(original: JsonObject, scene: Scene, options: TiledMergeOptions = {}): TiledMergeResult {
  const mapDir = options.mapDir ?? "";
  const sceneDir = options.sceneDir ?? mapDir;
  const read: PathRebase = { from: mapDir, to: sceneDir };
  const write = fileRebase({ sceneDir, outputDir: mapDir });
  const parsed = readTiledMap(options.resolved ?? original, { mapDir, sceneDir }, options.locate);
  if (!parsed.ok) return parsed;
  const reading = parsed.reading;
  const o = resolveOptions(options);
  const map = JSON.parse(JSON.stringify(original)) as Mutable;
  const notes: string[] = [];

  // The map's object layers in the copy, by scene layer id, and its objects by Tiled id.
  const sources = new Map(reading.layers.map((l) => [l.layer, l]));
  const baseLayers = new Map(sceneLayers(reading.scene).map((l) => [l.id, l]));
  const objectsById = new Map<number, { readonly layer: Mutable; readonly obj: Mutable }>();
  for (const layer of objectLayers(map.layers)) {
    for (const obj of Array.isArray(layer.objects) ? layer.objects : []) {
      if (isRecord(obj) && typeof obj.id === "number" && !objectsById.has(obj.id)) objectsById.set(obj.id, { layer, obj });
    }
  }
  // Template instances with their templates applied (the import's reading of them), by Tiled id.
  const appliedById = new Map<number, Mutable>();
  for (const layer of objectLayers((options.resolved ?? original).layers)) {
    for (const obj of Array.isArray(layer.objects) ? layer.objects : []) {
      if (isRecord(obj) && typeof obj.id === "number" && !appliedById.has(obj.id)) appliedById.set(obj.id, obj);
    }
  }
  let nextObjectId = Math.max(typeof map.nextobjectid === "number" ? map.nextobjectid : 1, Math.max(0, ...objectsById.keys()) + 1);
  let nextLayerIdValue = Math.max(typeof map.nextlayerid === "number" ? map.nextlayerid : 1, maxId(allLayers(map.layers)) + 1);
  let layersAdded = 0;
  const nextLayerId = () => {
    layersAdded++;
    return nextLayerIdValue++;
  };

  // Scene layers to map layers: by id, else by name, else a new layer.
  const targets = new Map<string, { readonly obj: Mutable; readonly source: Omit<TiledLayerSource, "layer"> }>();
  const taken = new Set<string>();
  for (const layer of sceneLayers(scene)) {
    let source = sources.get(layer.id);
    if (!source || taken.has(source.layer)) source = reading.layers.find((l) => !taken.has(l.layer) && baseLayers.get(l.layer)?.name === layer.name);
    if (source) {
      taken.add(source.layer);
      const obj = at(map, source.at)!;
      updateLayer(obj, layer, baseLayers.get(source.layer)!, source, read, write);
      targets.set(layer.id, { obj, source });
    }
  }
  const targetOf = (layerId: string) => {
    let t = targets.get(layerId);
    if (!t) {
      const layer = sceneLayers(scene).find((l) => l.id === layerId)!;
      t = newLayer(map, layer, reading, nextLayerId, write);
      targets.set(layerId, t);
    }
    return t;
  };

  // The base of the three-way merge: the objects as the scene and the map last agreed (absent in
  // scenes from before it was kept: then the map as it is now is the base, a two-way merge).
  const baseRead = readTiledBase(scene.tiledMap?.base);
  if (baseRead && !baseRead.ok) notes.push(`${baseRead.reason}: merged against the map as it is now (edits made in Tiled since the import are overwritten where the scene differs)`);
  const base = baseRead?.ok ? baseRead.byTiledId : undefined;
  const baseBySceneId = new Map([...(base?.values() ?? [])].map((b) => [b.id, b]));
  const sceneIds = new Set(scene.shapes.map((s) => s.id));

  // Shapes to objects: by Tiled id, else by the id the import gives the object, else by the base's.
  const claims = new Map<Shape, number>();
  const claimed = new Set<number>();
  const claim = (s: Shape, id: number | undefined) => {
    if (!claims.has(s) && id !== undefined && objectsById.has(id) && !claimed.has(id)) {
      claims.set(s, id);
      claimed.add(id);
    }
  };
  for (const s of scene.shapes) claim(s, s.tiledId);
  const byBaseId = new Map([...reading.shapes].map(([id, shape]) => [shape.id, id]));
  for (const s of scene.shapes) claim(s, byBaseId.get(s.id));
  for (const s of scene.shapes) claim(s, baseBySceneId.get(s.id)?.tiledId);

  const layersOf = sceneLayers(scene);
  const firstLayer = layersOf[0]!.id;
  const readingFirst = sceneLayers(reading.scene)[0]!.id;
  const describe = (id: number, s: Shape) => `object ${id}${s.name ? ` ${JSON.stringify(s.name)}` : ""}`;
  const nextBase: Shape[] = [];
  const stayedDeleted: string[] = [];
  const conflicts: string[] = [];
  // Objects written as Tiled capsule objects where the map had none.
  const capsules: string[] = [];
  let updated = 0, added = 0;
  const removedObjects: RemovedObject[] = [];
  // The restorable ids given back in this write (two shapes carrying one: the first takes it).
  const restored = new Set<number>();
  for (const s of scene.shapes) {
    const layerId = s.layer ?? firstLayer;
    const id = claims.get(s);
    // Unclaimed, a shape is its base entry's by its own id; by its tiledId only when no shape of
    // the scene has that entry's id (an id renamed). A copy carries its original's tiledId while
    // the original is still in the scene: it is a new object, whatever became of the original.
    const byTiled = s.tiledId === undefined ? undefined : base?.get(s.tiledId);
    const was = id !== undefined ? base?.get(id) : (baseBySceneId.get(s.id) ?? (byTiled && !sceneIds.has(byTiled.id) ? byTiled : undefined));
    if (id === undefined && was !== undefined && !objectsById.has(was.tiledId!)) {
      // Its object was deleted in the map since the base (not taken by another shape: a copy's).
      if (!changedSinceBase(was, s, firstLayer)) {
        stayedDeleted.push(describe(was.tiledId!, s));
        nextBase.push({ ...s, tiledId: was.tiledId! });
        continue;
      }
      conflicts.push(`${describe(was.tiledId!, s)} (deleted in the map, changed in the scene: added again)`);
    }
    if (id === undefined) {
      const target = targetOf(layerId);
      const old = options.restorable?.get(s.id);
      const restore = old !== undefined && (s.tiledId === undefined || s.tiledId === old) && !objectsById.has(old) && !restored.has(old);
      if (restore) restored.add(old);
      const tiledId = restore ? old : nextObjectId++;
      const made = tiledObject(s, tiledId, o, write, target.source.dx, target.source.dy);
      list(target.obj, "objects").push(made);
      if (made.capsule === true) capsules.push(describe(tiledId, s));
      nextBase.push({ ...s, tiledId });
      added++;
      continue;
    }
    const found = objectsById.get(id)!;
    const theirs = reading.shapes.get(id);
    let shape = s;
    // The object stays in the map's layer it is in when the scene did not move it to another.
    let stays = false;
    if (was && theirs) {
      const merged = mergeShape(was, theirs, s);
      shape = merged.shape;
      const fields = [...merged.conflicts];
      const theirLayer = theirs.layer ?? readingFirst, wasLayer = was.layer ?? firstLayer;
      stays = layerId === wasLayer;
      if (!stays && theirLayer !== wasLayer && theirLayer !== layerId) fields.push("layer");
      if (fields.length > 0) conflicts.push(`${describe(id, s)} (${fields.join(", ")})`);
    }
    const baseSource = reading.layers.find((l) => at(map, l.at) === found.layer);
    const target = stays && baseSource ? { obj: found.layer, source: baseSource } : targetOf(layerId);
    const source = { ...target.source, layer: layerId };
    const changesLayer = found.layer !== target.obj;
    if (changesLayer) {
      const from = list(found.layer, "objects");
      from.splice(from.indexOf(found.obj), 1);
      list(target.obj, "objects").push(found.obj);
    }
    const offsetChanged = changesLayer && (baseSource?.dx !== source.dx || baseSource?.dy !== source.dy);
    const applied = found.obj.template === undefined ? undefined : appliedById.get(id);
    if (updateObject(found.obj, shape, theirs, applied, source, offsetChanged, { o, read, write, notes }) || changesLayer) {
      updated++;
      if (found.obj.capsule === true && theirs?.type !== "capsule") capsules.push(describe(id, s));
    }
    nextBase.push({ ...s, tiledId: id });
  }
  // Objects the import made shapes of and no shape claims: deleted in the scene (with a base: only
  // those the base has; the others were added in Tiled since).
  for (const [id, { layer, obj }] of objectsById) {
    if (claimed.has(id) || !reading.shapes.has(id)) continue;
    const theirs = reading.shapes.get(id)!;
    let sceneId = theirs.id;
    if (base) {
      const was = base.get(id);
      if (was === undefined) continue;
      sceneId = was.id;
      if (changedSinceBase(was, { ...theirs, layer: was.layer }, firstLayer)) conflicts.push(`${describe(id, theirs)} (changed in the map, deleted in the scene: removed)`);
    }
    const objects = list(layer, "objects");
    objects.splice(objects.indexOf(obj), 1);
    removedObjects.push({ id: sceneId, tiledId: id });
  }

  // An object layer an earlier write made for a scene layer (it carries the layer's id) that the
  // scene no longer has (an undone New Layer or Bake Tile Colliders) goes when nothing is in it.
  const sceneLayerIds = new Set(layersOf.map((l) => l.id));
  const kept = new Set([...targets.values()].map((t) => t.obj));
  // Taken out at the end: the JSON paths used below stay valid until then.
  const emptied: { readonly siblings: unknown[]; readonly obj: Mutable }[] = [];
  for (const source of reading.layers) {
    const obj = at(map, source.at);
    if (!obj || kept.has(obj) || sceneLayerIds.has(source.layer)) continue;
    const objects = Array.isArray(obj.objects) ? obj.objects : [];
    const props = Array.isArray(obj.properties) ? obj.properties : [];
    const made = props.length === 1 && isRecord(props[0]) && props[0].name === TILED_LAYER_ID;
    if (objects.length > 0 || !made) continue;
    const parent = source.at.length > 2 ? at(map, source.at.slice(0, -2)) : map;
    emptied.push({ siblings: parent ? list(parent, "layers") : [], obj });
    notes.push(`layer ${JSON.stringify(String(obj.name))}: made by an earlier write for a layer the scene no longer has, and empty: removed from the map`);
  }

  updateMapProperties(map, scene, reading.scene, read, write);
  for (const g of scene.groups ?? []) {
    const info = reading.groups.get(g.name);
    const obj = info ? at(map, info.at) : undefined;
    const before = reading.scene.groups?.find((b) => b.name === g.name);
    if (!obj) {
      if ((g.properties?.length ?? 0) > 0) notes.push(`group ${JSON.stringify(g.name)} is not in the map: its properties are not written`);
      continue;
    }
    setProperties(obj, mergeProperties(obj.properties, "group", before?.properties ?? [], g.properties ?? [], new Map(), read, write));
  }
  const baseImages = new Map((reading.scene.images ?? []).map((i) => [i.id, i]));
  for (const image of scene.images ?? []) {
    const before = baseImages.get(image.id);
    if (!before || !sameJson(before, image)) notes.push(`image ${JSON.stringify(image.id)}: images are not written into a map (edit image layers in Tiled)`);
  }
  const before = olderThanCapsules(map.tiledversion);
  if (capsules.length > 0 && before !== null) {
    notes.push(`${capsules.join(", ")}: written as capsule objects, which Tiled reads from ${CAPSULE_TILED}; this map was saved by Tiled ${before}, which reads them as rectangles: for it, write capsules as polygons (the command line's export --into with --capsules polygon)`);
  }
  for (const { siblings, obj } of emptied) siblings.splice(siblings.indexOf(obj), 1);
  // Only a new id moves it (a restored one was given before).
  if (added > restored.size) map.nextobjectid = nextObjectId;
  if (layersAdded > 0) map.nextlayerid = nextLayerIdValue;
  return { ok: true, map: map as JsonObject, report: { updated, added, removed: removedObjects.length, removedObjects, stayedDeleted, conflicts, notes }, base: tiledBaseOf(nextBase, firstLayer) };
}
