// What an undo step did, in a designer's words ("Move 2 shapes", "Change width of box-1"), derived
// from the difference between the document before and after it: the one place that names steps.
// Menus read "Undo Move 2 shapes"; the status line says "Undid: Move 2 shapes". An action whose
// derived name would be vague (a paste is an "add", a flip a change of points) names its step itself.
import { EXPORT_FORMATS, sameJson, type CollisionLayer, type Layer, type Probe, type Property, type SceneExportOptions, type SceneImage, type Shape } from "../../core";
import type { ArrayPatch, DocumentPatch, ValueChange } from "./history";
import type { DocumentSlice } from "./state";

interface Keyed {
  readonly id: string;
}

/** The items of one document field that a step added, removed or changed (matched by id), and whether it reordered them. */
interface ItemChanges<T> {
  readonly added: readonly T[];
  readonly removed: readonly T[];
  readonly changed: readonly { readonly before: T; readonly after: T }[];
  readonly reordered: boolean;
}

function itemChanges<T>(patch: ArrayPatch<T> | undefined, key: (item: T) => string): ItemChanges<T> | null {
  if (!patch) return null;
  // The common step (an edit in place, a drag of many shapes): each slot keeps its item's id.
  if (patch.kind === "replace" && patch.before.every((b, i) => key(b) === key(patch.after[i]!))) {
    return { added: [], removed: [], changed: patch.before.map((before, i) => ({ before, after: patch.after[i]! })), reordered: false };
  }
  const [olds, news] = patch.kind === "replace" ? [patch.before, patch.after] : [patch.removed, patch.inserted];
  const oldById = new Map(olds.map((x) => [key(x), x]));
  const newIds = new Set(news.map(key));
  const added: T[] = [], changed: { before: T; after: T }[] = [];
  let reordered = false;
  for (const after of news) {
    const before = oldById.get(key(after));
    if (before === undefined) added.push(after);
    else if (before !== after) changed.push({ before, after });
    else reordered = true;
  }
  const removed = olds.filter((x) => !newIds.has(key(x)));
  return { added, removed, changed, reordered };
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The fields that differ between two versions of an item (an absent field and an undefined one are the same). */
function changedFields(pairs: readonly { readonly before: object; readonly after: object }[]): Set<string> {
  const out = new Set<string>();
  // A drag of 100,000 shapes is named as it drops: no arrays per pair, and a field known to change is not compared again.
  for (const { before, after } of pairs) {
    const b = before as Record<string, unknown>, a = after as Record<string, unknown>;
    for (const k in b) if (!out.has(k) && !same(b[k], a[k])) out.add(k);
    for (const k in a) if (!(k in b) && !out.has(k) && a[k] !== undefined) out.add(k);
  }
  return out;
}

const only = (fields: ReadonlySet<string>, allowed: readonly string[]): boolean => [...fields].every((f) => allowed.includes(f));
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const shapeLabel = (s: Shape): string => s.name || s.id;
const kindPlural = (type: Shape["type"]): string => (type === "box" ? "boxes" : `${type}s`);

/** One shape by its name (or id); several by their count and kind ("3 boxes"), or "3 shapes" when kinds mix. */
function shapesPhrase(shapes: readonly Shape[]): string {
  if (shapes.length === 1) return shapeLabel(shapes[0]!);
  const type = shapes[0]?.type;
  return type !== undefined && shapes.every((s) => s.type === type) ? `${shapes.length} ${kindPlural(type)}` : plural(shapes.length, "shape");
}

/**
 * A multi-selection turned or scaled by its handles: "Rotate 3 shapes", "Scale 2 boxes", "Rotate 4
 * items" with probes. Named by the gesture: the fields it changes would call turned circles moved
 * and scaled polygons' points edited.
 */
export function groupStepName(verb: "Rotate" | "Scale", shapes: readonly Shape[], probes: readonly Probe[]): string {
  return probes.length === 0 ? `${verb} ${shapesPhrase(shapes)}` : `${verb} ${plural(shapes.length + probes.length, "item")}`;
}

/** New shapes by kind ("box", "3 boxes"): a new shape's id says nothing its kind does not. */
function newShapesPhrase(shapes: readonly Shape[]): string {
  const type = shapes[0]!.type;
  if (!shapes.every((s) => s.type === type)) return plural(shapes.length, "shape");
  return shapes.length === 1 ? type : `${shapes.length} ${kindPlural(type)}`;
}

/** Words for one field of a shape, a probe, a layer or an image, where its key is not one. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  collisionLayer: "collision layer",
  collisionMask: "collision mask",
  oneSided: "one-sided",
  includeSensors: "sensors seen",
  tiledId: "Tiled id",
  src: "source",
  color: "colour",
};
const fieldWord = (f: string): string => FIELD_WORDS[f] ?? f;

/** How the custom properties changed across these pairs: "Add property speed", or null when they did not or too much did. */
function propertiesChange(pairs: readonly { readonly before: { readonly properties?: readonly Property[] }; readonly after: { readonly properties?: readonly Property[] } }[]): string | null {
  const verbs = new Set<string>(), names = new Set<string>();
  for (const { before, after } of pairs) {
    const b = before.properties ?? [], a = after.properties ?? [];
    const added = a.filter((p) => !b.some((q) => q.name === p.name));
    const removed = b.filter((p) => !a.some((q) => q.name === p.name));
    if (added.length === 1 && removed.length === 1) {
      verbs.add("Rename");
      names.add(removed[0]!.name);
      continue;
    }
    const note = (verb: string, name: string) => {
      verbs.add(verb);
      names.add(name);
    };
    for (const p of added) note("Add", p.name);
    for (const p of removed) note("Delete", p.name);
    for (const p of a) {
      const q = b.find((x) => x.name === p.name);
      if (q && !same(p, q)) note("Change", p.name);
    }
  }
  if (verbs.size !== 1) return null;
  const verb = [...verbs][0]!;
  return names.size === 1 ? `${verb} property ${[...names][0]!}` : `${verb} ${names.size} properties`;
}

/** A flag's change as a verb pair when every item went the same way ("Hide"/"Show"), else null. */
function flagVerb<T>(pairs: readonly { readonly after: T }[], on: (item: T) => boolean, verbs: readonly [string, string]): string | null {
  const states = new Set(pairs.map((p) => on(p.after)));
  return states.size === 1 ? (states.has(true) ? verbs[0] : verbs[1]) : null;
}

/** The name of a change to existing shapes, by which fields it touched. */
function changedShapesName(pairs: readonly { readonly before: Shape; readonly after: Shape }[], layers: readonly Layer[]): string {
  const fields = changedFields(pairs);
  const what = shapesPhrase(pairs.map((p) => p.before));
  const f = [...fields];
  if (only(fields, ["x", "y"])) return `Move ${what}`;
  if (fields.has("type")) return `Convert ${what}`;
  if (only(fields, ["x", "y", "rotation"])) return `Rotate ${what}`;
  if (f.length === 1 && ["width", "height", "radius"].includes(f[0]!)) return `Change ${f[0]!} of ${what}`;
  if (only(fields, ["x", "y", "points"])) return `Edit points of ${what}`;
  if (only(fields, ["x", "y", "rotation", "width", "height", "radius", "points"])) return `Resize ${what}`;
  if (f.length !== 1) return `Edit ${what}`;
  switch (f[0]) {
    case "name": {
      // One new name for all (a shape, or several named at once): the step says it, as a layer's rename does.
      const names = new Set(pairs.map((p) => p.after.name ?? ""));
      const name = [...names][0]!;
      return names.size === 1 && name !== "" ? `Rename ${what} to ${name}` : `Rename ${what}`;
    }
    case "properties": {
      const change = propertiesChange(pairs);
      return change ? `${change} of ${what}` : `Edit properties of ${what}`;
    }
    case "visible":
      return `${flagVerb(pairs, (s) => s.visible !== false, ["Show", "Hide"]) ?? "Show or hide"} ${what}`;
    case "layer": {
      const targets = new Set(pairs.map((p) => p.after.layer));
      const layer = targets.size === 1 ? layers.find((l) => l.id === [...targets][0]) : undefined;
      return layer ? `Move ${what} to layer ${layer.name}` : `Change layer of ${what}`;
    }
    case "sensor": {
      // What the step made of them, as the Inspector's Sensor box reads: sensors, or solid again.
      const made = flagVerb(pairs, (s) => s.sensor === true, [pairs.length === 1 ? "a sensor" : "sensors", "solid"]);
      return made ? `Make ${what} ${made}` : `Toggle sensor of ${what}`;
    }
    case "closed":
    case "oneSided":
      return `Toggle ${fieldWord(f[0])} of ${what}`;
    default:
      return `Change ${fieldWord(f[0]!)} of ${what}`;
  }
}

const probeLabel = (p: Probe): string => p.name || p.id;
const probesPhrase = (probes: readonly Probe[]): string => (probes.length === 1 ? probeLabel(probes[0]!) : plural(probes.length, "probe"));

function changedProbesName(pairs: readonly { readonly before: Probe; readonly after: Probe }[]): string {
  const fields = changedFields(pairs);
  const what = probesPhrase(pairs.map((p) => p.before));
  const f = [...fields];
  if (only(fields, ["from", "to"])) return `Move ${what}`;
  if (f.length !== 1) return `Edit ${what}`;
  if (f[0] === "name") return pairs.length === 1 && pairs[0]!.after.name ? `Rename ${what} to ${pairs[0]!.after.name}` : `Rename ${what}`;
  if (f[0] === "includeSensors") return `Toggle sensors seen by ${what}`;
  return `Change ${fieldWord(f[0]!)} of ${what}`;
}

/** What a step did to shapes and probes together: an add, a delete or a move of both is one of "items". */
function itemsName(shapes: ItemChanges<Shape> | null, probes: ItemChanges<Probe> | null, layers: readonly Layer[]): string | null {
  const added = (shapes?.added.length ?? 0) + (probes?.added.length ?? 0);
  const removed = (shapes?.removed.length ?? 0) + (probes?.removed.length ?? 0);
  const changed = (shapes?.changed.length ?? 0) + (probes?.changed.length ?? 0);
  if (added > 0 && removed === 0) {
    if (!probes?.added.length) return `Add ${newShapesPhrase(shapes!.added)}`;
    if (!shapes?.added.length) return `Add ${probes.added.length === 1 ? probes.added[0]!.type : plural(added, "probe")}`;
    return `Add ${plural(added, "item")}`;
  }
  if (removed > 0 && added === 0) {
    if (!probes?.removed.length) return `Delete ${shapesPhrase(shapes!.removed)}`;
    if (!shapes?.removed.length) return `Delete ${probesPhrase(probes.removed)}`;
    return `Delete ${plural(removed, "item")}`;
  }
  if (removed > 0) return `Replace ${plural(removed, "item")} with ${plural(added, "item")}`;
  if (changed > 0) {
    const s = shapes?.changed.length ? changedShapesName(shapes.changed, layers) : null;
    const p = probes?.changed.length ? changedProbesName(probes.changed) : null;
    if (s && p) return s.startsWith("Move ") && p.startsWith("Move ") ? `Move ${plural(changed, "item")}` : `Edit ${plural(changed, "item")}`;
    return s ?? p;
  }
  if (shapes?.reordered) return "Reorder shapes";
  if (probes?.reordered) return "Reorder probes";
  return null;
}

function layersName(c: ItemChanges<Layer> | null): string | null {
  if (!c) return null;
  if (c.added.length > 0 && c.removed.length === 0) return c.added.length === 1 ? "Add layer" : `Add ${c.added.length} layers`;
  if (c.removed.length > 0 && c.added.length === 0) return c.removed.length === 1 ? `Delete layer ${c.removed[0]!.name}` : `Delete ${c.removed.length} layers`;
  if (c.added.length > 0) return "Edit layers";
  // Reordering gives layers that had the palette's colour for their place a colour of their own.
  if (c.reordered) return "Reorder layers";
  if (c.changed.length === 0) return null;
  const fields = changedFields(c.changed);
  const what = c.changed.length === 1 ? `layer ${c.changed[0]!.before.name}` : `${c.changed.length} layers`;
  if (fields.size !== 1) return `Edit ${what}`;
  const f = [...fields][0]!;
  if (f === "name") return c.changed.length === 1 ? `Rename ${what} to ${c.changed[0]!.after.name}` : `Rename ${what}`;
  if (f === "visible") return `${flagVerb(c.changed, (l) => l.visible !== false, ["Show", "Hide"]) ?? "Show or hide"} ${what}`;
  if (f === "locked") return `${flagVerb(c.changed, (l) => l.locked === true, ["Lock", "Unlock"]) ?? "Lock or unlock"} ${what}`;
  if (f === "properties") {
    const change = propertiesChange(c.changed);
    return change ? `${change} of ${what}` : `Edit properties of ${what}`;
  }
  return `Change ${fieldWord(f)} of ${what}`;
}

function collisionLayersName(c: ItemChanges<CollisionLayer> | null): string | null {
  if (!c) return null;
  const bits = [...c.added, ...c.removed, ...c.changed.map((p) => p.after)].map((x) => x.bit);
  const which = new Set(bits).size === 1 ? `collision layer ${bits[0]!}` : "collision layers";
  if (c.added.length > 0 && c.removed.length === 0 && c.changed.length === 0) return `Name ${which}`;
  if (c.removed.length > 0 && c.added.length === 0 && c.changed.length === 0) return `Clear name of ${which}`;
  return c.added.length + c.removed.length + c.changed.length > 0 ? `Rename ${which}` : null;
}

function imagesName(c: ItemChanges<SceneImage> | null): string | null {
  if (!c) return null;
  // A rename changes an image's id: the same picture, in the same place, under a new one.
  if (c.added.length === 1 && c.removed.length === 1 && c.added[0]!.src === c.removed[0]!.src) return `Rename image ${c.removed[0]!.id}`;
  if (c.added.length > 0 && c.removed.length === 0) return c.added.length === 1 ? `Add image ${c.added[0]!.id}` : `Add ${c.added.length} images`;
  if (c.removed.length > 0 && c.added.length === 0) return c.removed.length === 1 ? `Delete image ${c.removed[0]!.id}` : `Delete ${c.removed.length} images`;
  if (c.added.length > 0) return "Edit images";
  if (c.changed.length === 0) return c.reordered ? "Reorder images" : null;
  const fields = changedFields(c.changed);
  const what = c.changed.length === 1 ? `image ${c.changed[0]!.before.id}` : `${c.changed.length} images`;
  if (only(fields, ["x", "y"])) return `Move ${what}`;
  if (only(fields, ["x", "y", "width", "height"])) return `Resize ${what}`;
  if (fields.size !== 1) return `Edit ${what}`;
  const f = [...fields][0]!;
  if (f === "visible") return `${flagVerb(c.changed, (i) => i.visible !== false, ["Show", "Hide"]) ?? "Show or hide"} ${what}`;
  if (f === "locked") return `${flagVerb(c.changed, (i) => i.locked === true, ["Lock", "Unlock"]) ?? "Lock or unlock"} ${what}`;
  return `Change ${fieldWord(f)} of ${what}`;
}

const byId = (x: Keyed): string => x.id;

/**
 * The name of the step `patch` (diffDocument's) that made `after`.
 * A layer added or deleted names the step (its shapes go with it); else what happened to shapes
 * and probes, then to layers, images, collision layer names and the grid cell; "Edit" when nothing
 * is told apart.
 */
export function describeChange(after: DocumentSlice, patch: DocumentPatch): string {
  const layers = itemChanges(patch.layers, byId);
  if (layers && (layers.added.length > 0 || layers.removed.length > 0)) return layersName(layers)!;
  return (
    itemsName(itemChanges(patch.shapes, byId), itemChanges(patch.probes, byId), after.layers) ??
    layersName(layers) ??
    imagesName(itemChanges(patch.images, byId)) ??
    collisionLayersName(itemChanges(patch.collisionLayers, (c) => String(c.bit))) ??
    (patch.gridSize ? `Set grid cell to ${patch.gridSize.after}` : null) ??
    (patch.exportOptions ? exportOptionsName(patch.exportOptions) : "Edit")
  );
}

/** "Change Box2D JSON export options": the formats whose options differ, by their file type's name. */
function exportOptionsName({ before, after }: ValueChange<SceneExportOptions>): string {
  const differs = (id: string) => !sameJson((before as Record<string, unknown>)[id], (after as Record<string, unknown>)[id]);
  const changed = EXPORT_FORMATS.filter((f) => differs(f.id));
  return changed.length === 1 ? `Change ${changed[0]!.type.name} export options` : "Change export options";
}
