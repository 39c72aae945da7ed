// Reading and writing scene files. Reading reports every problem at once, each with its JSON path
// and its line and column; writing is canonical, so loading and saving an unchanged file written
// by Collider Studio gives the same bytes.
import type { z } from "zod";
import { formatPath, type PathSegment, type SceneProblem } from "./errors";
import { describe, headerProblem, isRecord, layerReferenceProblems, probeReferenceProblems, uniquenessProblems, valueAt } from "./document-checks";
import { jsonLocator, syntaxProblem, withoutBom } from "./json-text";
import { migrateScene, type SceneDocument } from "./migrations";
import { plainShape, type ParsedShape } from "./plain-shapes";
import { CONTROL_MESSAGE, controlCharacterProblem } from "./field-limits";
import { exportOptionsSchema, sceneSchema } from "./schema";
import { normalizeDegrees } from "../vec2";
import { DEFAULT_LAYER, PROPERTY_TYPES, SCENE_VERSION, SHAPE_TYPES, sceneLayers, type Layer, type Probe, type Property, type Scene, type SceneImage, type Shape } from "./types";

export { jsonLocator, syntaxProblem };

/** What parseScene and validateSceneData return: the scene, or every problem. */
export type SceneParseResult =
  | {
      /** The file is a valid scene. */
      readonly ok: true;
      /** The scene, rotations defaulted and brought into (−180, 180]. */
      readonly scene: Scene;
    }
  | {
      /** The file is refused. */
      readonly ok: false;
      /** Every problem found, each naming its JSON path. */
      readonly problems: readonly SceneProblem[];
    };

/** Whether `path` holds a point [x, y]: an outline's point, or a probe's end. */
const isPointPath = (path: readonly PropertyKey[]): boolean =>
  path.at(-2) === "points" || (path[0] === "probes" && path.length === 3 && (path[2] === "from" || path[2] === "to"));

/**
 * A zod issue in the command line's words ("must be at least 0", "a point is [x, y]"), for the
 * value at its path in `data`; `pointPath` says which paths hold a point [x, y].
 */
export function issueMessage(issue: z.core.$ZodIssue, data: unknown, pointPath: (path: readonly PropertyKey[]) => boolean = isPointPath): string {
  const value = valueAt(data, issue.path as PathSegment[]);
  switch (issue.code) {
    case "invalid_type": {
      const expected = issue.expected === "tuple" ? "a point [x, y]" : `${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
      if (value === undefined) return `is missing (expected ${expected})`;
      if (issue.expected === "number" && typeof value === "number") return "must be a finite number";
      if (issue.expected === "int" && typeof value === "number") return "must be a whole number";
      return `expected ${expected}, got ${describe(value)}`;
    }
    case "too_small":
      if (issue.origin === "number") return issue.inclusive ? `must be at least ${String(issue.minimum)}` : `must be greater than ${String(issue.minimum)}`;
      if (issue.origin === "string") return "must not be empty";
      if (issue.origin === "array" && value !== undefined && Array.isArray(value) && pointPath(issue.path)) return "a point is [x, y]";
      return `needs at least ${String(issue.minimum)} items`;
    case "too_big":
      if (issue.origin === "array" && pointPath(issue.path)) return "a point is [x, y]";
      return `must be at most ${String(issue.maximum)}`;
    case "invalid_union":
      if ("discriminator" in issue && issue.discriminator === "type") {
        const [kind, types] = issue.path.includes("properties") ? ["property", PROPERTY_TYPES] : issue.path[0] === "probes" ? ["probe", PROBE_TYPES] : ["shape", SHAPE_TYPES];
        return value === undefined
          ? `is missing (expected one of ${types.join(", ")})`
          : `unknown ${kind} type ${JSON.stringify(value)} (expected one of ${types.join(", ")})`;
      }
      return issue.message;
    case "invalid_value":
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}, got ${describe(value)}`;
    case "invalid_format":
      // Say which control character, and where.
      return issue.message === CONTROL_MESSAGE && typeof value === "string" ? (controlCharacterProblem(value) ?? issue.message) : issue.message;
    default:
      return issue.message;
  }
}

function problem(path: readonly PathSegment[], message: string, locate: ReturnType<typeof jsonLocator>): SceneProblem {
  return { path: formatPath(path), message, ...locate(path) };
}

/**
 * Validates already-parsed JSON data as a scene with the full validator, without throwing.
 *
 * @param data - The file's JSON, parsed (JSON.parse's result).
 * @param text - The file's text it was parsed from, if at hand: the problems then carry lines and columns.
 */
export function validateSceneData(data: unknown, text?: string): SceneParseResult {
  const locate = text === undefined ? () => undefined : jsonLocator(text);
  const header = headerProblem(data);
  if (header) return { ok: false, problems: [problem(header[0], header[1], locate)] };
  // An older file is brought up to this version first (the header check made it a record).
  const doc = data as SceneDocument;
  if (doc.version !== SCENE_VERSION) {
    const migrated = migrateScene(doc, doc.version as number, SCENE_VERSION);
    if (!migrated.ok) return { ok: false, problems: [problem(["version"], migrated.message, locate)] };
    data = migrated.doc;
  }

  const found: [PathSegment[], string][] = [];
  const result = safeParseScene(data);
  if (!result.success) {
    for (const issue of result.error.issues) found.push([issue.path as PathSegment[], issueMessage(issue, data)]);
  }
  found.push(...uniquenessProblems(data), ...probeReferenceProblems(data), ...layerReferenceProblems(data));
  if (found.length > 0 || !result.success) {
    // Document order reads best: sort by where each problem is in the file.
    const problems = found.map(([path, message]) => problem(path, message, locate));
    problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    return { ok: false, problems };
  }
  return { ok: true, scene: rotationsInRange(result.data as Scene) };
}

/**
 * What is wrong with an `exportOptions` value (Export Options…'s fields), as the file's check says
 * it, by the option's path under exportOptions ("box2d.pixelsPerMeter"); empty when it is valid.
 */
export function exportOptionsProblems(value: unknown): ReadonlyMap<string, string> {
  const result = exportOptionsSchema.safeParse(value);
  const found = new Map<string, string>();
  if (!result.success) for (const issue of result.error.issues) found.set(issue.path.join("."), issueMessage(issue, value));
  return found;
}

/**
 * The scene with every rotation in (−180, 180] (a file's 270 is −90), so the editor, written files
 * and every exporter see one range. Rewrites the shapes in place: validation made them fresh.
 */
function rotationsInRange(scene: Scene): Scene {
  for (const s of scene.shapes) {
    if (!(s.rotation > -180 && s.rotation <= 180)) (s as { rotation: number }).rotation = normalizeDegrees(s.rotation);
  }
  return scene;
}

/**
 * sceneSchema.safeParse, with a file's plain shapes (plainShape) accepted without zod: the rest
 * of the file still goes through the schema, and a file with any other shape goes through whole.
 */
function safeParseScene(data: unknown): ReturnType<typeof sceneSchema.safeParse> {
  const shapes = typeof data === "object" && data !== null && Array.isArray((data as { shapes?: unknown }).shapes) ? (data as { shapes: unknown[] }).shapes : [];
  if (shapes.length === 0) return sceneSchema.safeParse(data);
  const plain: ParsedShape[] = [];
  for (const s of shapes) {
    const shape = plainShape(s);
    if (!shape) return sceneSchema.safeParse(data);
    plain.push(shape);
  }
  const rest = sceneSchema.safeParse({ ...(data as object), shapes: [] });
  return rest.success ? { success: true, data: { ...rest.data, shapes: plain } } : sceneSchema.safeParse(data);
}

/**
 * The scene validateSceneData returns for `data` (this version's document) when it accepts it,
 * without checking it again: the schema's defaults filled in and rotations brought into range,
 * nothing else changed. For a reader that has validated the same text elsewhere (the editor checks
 * a big file in a worker while it builds the world from its own copy); given data the schema
 * refuses, the result means nothing. Writes into `data`'s own objects (a fresh parse the caller
 * hands over, which is changed) rather than copying every shape that leaves a field out.
 */
export function acceptedScene(data: SceneDocument): Scene {
  for (const s of data.shapes as Record<string, unknown>[]) if (s.rotation === undefined) s.rotation = 0;
  const probes = (data.probes ?? []) as Record<string, unknown>[];
  for (const p of probes) if (p.name === undefined) p.name = "";
  return rotationsInRange({ ...data, probes } as unknown as Scene);
}

/**
 * Parses and validates a scene file's text (a leading byte order mark skipped) with the full
 * validator: `{ ok: true, scene }`, or `{ ok: false, problems }` with every problem. Never throws.
 *
 * @param withBom - The file's text, as read (a leading byte order mark is allowed).
 */
export function parseScene(withBom: string): SceneParseResult {
  const text = withoutBom(withBom);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problems: [syntaxProblem(text)] };
  }
  return validateSceneData(data, text);
}

const PROBE_TYPES: readonly Probe["type"][] = ["ray", "sweep"];

/** The fields that give a kind its form, beside `type`, in the order a file writes them. */
export const SHAPE_KEYS: Record<Shape["type"], readonly string[]> = {
  circle: ["radius"],
  box: ["width", "height"],
  capsule: ["radius", "height"],
  polygon: ["points"],
  chain: ["points", "closed", "oneSided"],
};

/** Known keys first in a fixed order, then any unknown ones in the order they came. */
function ordered(obj: object, keys: readonly string[]): Record<string, unknown> {
  const src = obj as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (src[k] !== undefined) out[k] = src[k];
  // Object.hasOwn, not `in`: regression, unknown fields named "constructor" or "toString" were lost.
  for (const k of Object.keys(src)) if (!Object.hasOwn(out, k) && src[k] !== undefined) out[k] = src[k];
  return out;
}

const PROBE_KEYS: Record<Probe["type"], readonly string[]> = {
  ray: ["from", "to"],
  sweep: ["shape", "to"],
};

function canonicalProbe(probe: Probe): Record<string, unknown> {
  const out = ordered(probe, ["id", "name", "type", ...PROBE_KEYS[probe.type], "mask", "includeSensors"]);
  if (out.name === "") delete out.name;
  return out;
}

/** A list of properties in its fixed key order; an empty list is left out. */
function canonicalProperties(out: Record<string, unknown>, properties: readonly Property[] | undefined): void {
  if (!properties) return;
  if (properties.length === 0) delete out.properties;
  else out.properties = properties.map((p) => ordered(p, ["name", "type", "propertytype", "value"]));
}

/** Defaults are left out so files stay short: rotation 0, no name or class, visible, the first layer, no properties. */
function canonicalShape(shape: Shape, firstLayer: string): Record<string, unknown> {
  const out = ordered(shape, ["id", "name", "class", "type", "layer", "visible", "x", "y", "rotation", ...SHAPE_KEYS[shape.type], "sensor", "collisionLayer", "collisionMask", "properties", "tiledId"]);
  if (out.rotation === 0) delete out.rotation;
  if (out.name === "") delete out.name;
  if (out.class === "") delete out.class;
  if (out.visible === true) delete out.visible;
  if (out.layer === firstLayer) delete out.layer;
  canonicalProperties(out, shape.properties);
  return out;
}

function canonicalLayer(layer: Layer): Record<string, unknown> {
  const out = ordered(layer, ["id", "name", "visible", "locked", "color", "properties"]);
  if (out.visible === true) delete out.visible;
  if (out.locked === false) delete out.locked;
  canonicalProperties(out, layer.properties);
  return out;
}

function canonicalImage(image: SceneImage): Record<string, unknown> {
  const out = ordered(image, ["id", "src", "x", "y", "width", "height", "opacity", "visible", "locked"]);
  if (out.opacity === 1) delete out.opacity;
  if (out.visible === true) delete out.visible;
  if (out.locked === false) delete out.locked;
  return out;
}

/** The implicit layer alone, as written by a scene that never had layers: not written. */
const isImplicitLayers = (layers: readonly Layer[]): boolean =>
  layers.length === 1 && layers[0]!.id === DEFAULT_LAYER.id && layers[0]!.name === DEFAULT_LAYER.name && layers[0]!.visible !== false && !layers[0]!.locked &&
  Object.keys(layers[0]!).every((k) => ["id", "name", "visible", "locked"].includes(k) || (k === "properties" && layers[0]!.properties?.length === 0));

/** JSON with two-space indentation, but arrays of plain numbers (points) kept on one line. */
export function stableStringify(value: unknown, indent = ""): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every((v) => typeof v === "number")) return `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
    const inner = indent + "  ";
    return `[\n${value.map((v) => inner + stableStringify(v, inner)).join(",\n")}\n${indent}]`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    const inner = indent + "  ";
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${stableStringify(v, inner)}`).join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The scene as file text, canonical and ending in a newline. */
export function serializeScene(scene: Scene): string {
  const top = ordered(scene, ["format", "version", "tiledMap", "gridSize", "exportOptions", "tiledNextObjectId", "properties", "groups", "layers", "collisionLayers", "images", "shapes", "probes"]);
  canonicalProperties(top, scene.properties);
  if (scene.groups) {
    if (scene.groups.length === 0) delete top.groups;
    else top.groups = scene.groups.map((g) => { const out = ordered(g, ["name", "properties"]); canonicalProperties(out, g.properties); return out; });
  }
  if (scene.tiledMap) top.tiledMap = ordered(scene.tiledMap, ["src"]);
  if (scene.exportOptions && Object.keys(scene.exportOptions).length === 0) delete top.exportOptions;
  const layers = sceneLayers(scene);
  if (isImplicitLayers(layers) && !scene.shapes.some((s) => s.layer !== undefined && s.layer !== DEFAULT_LAYER.id)) delete top.layers;
  else top.layers = layers.map(canonicalLayer);
  if (scene.collisionLayers && scene.collisionLayers.length > 0) top.collisionLayers = [...scene.collisionLayers].sort((a, b) => a.bit - b.bit).map((c) => ordered(c, ["bit", "name"]));
  else delete top.collisionLayers;
  if (scene.images && scene.images.length > 0) top.images = scene.images.map(canonicalImage);
  else delete top.images;
  top.shapes = scene.shapes.map((s) => canonicalShape(s, layers[0]!.id));
  // Files without probes stay as they were.
  if (scene.probes.length > 0) top.probes = scene.probes.map(canonicalProbe);
  else delete top.probes;
  return stableStringify(top) + "\n";
}
