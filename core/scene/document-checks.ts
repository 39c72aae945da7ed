// The checks of a scene document that need no schema: its header (format and version), unique ids
// and the references between its parts. No zod: the runtime package's loader shares them with
// parseScene (io.ts).
import { formatPath, type PathSegment } from "./errors";
import { DEFAULT_LAYER, SCENE_FORMAT, SCENE_VERSION } from "./types";

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The value at a JSON path, or undefined. */
export function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let cur = data;
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === "number") cur = cur[seg];
    else if (isRecord(cur) && typeof seg === "string") cur = cur[seg];
    else return undefined;
  }
  return cur;
}

/** A value as a message names it: `the string "a"`, `number 5`, `an array`. */
export function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === "object") return "an object";
  return `${typeof v} ${String(v)}`;
}

/** The header checks that come before anything else: a wrong format or version makes the rest moot. */
export function headerProblem(data: unknown): [PathSegment[], string] | null {
  if (!isRecord(data)) return [[], `a scene file must be a JSON object, got ${describe(data)}`];
  if (data.format !== SCENE_FORMAT) {
    return [["format"], data.format === undefined
      ? `is missing: not a Collider Studio scene (expected "format": "${SCENE_FORMAT}")`
      : `not a Collider Studio scene: expected "${SCENE_FORMAT}", got ${describe(data.format)}`];
  }
  const v = data.version;
  if (typeof v !== "number" || !Number.isInteger(v)) return [["version"], v === undefined ? "is missing (expected a whole number)" : `expected a whole number, got ${describe(v)}`];
  if (v > SCENE_VERSION) return [["version"], `version ${v} is newer than this build of Collider Studio reads (up to ${SCENE_VERSION}); update Collider Studio to open it`];
  if (v < 1) return [["version"], `unknown version ${v}: versions start at 1 (this build reads ${SCENE_VERSION === 1 ? "version 1" : `versions 1 to ${SCENE_VERSION}`})`];
  return null;
}

/**
 * Values of `key` must be unique within a list (ids of shapes, probes, layers; bits of collision
 * layers; names of one shape's properties). `at` is the list's path.
 */
function duplicateProblems(items: unknown, at: readonly PathSegment[], key: string, what: string): [PathSegment[], string][] {
  if (!Array.isArray(items)) return [];
  const seen = new Map<unknown, number>();
  const out: [PathSegment[], string][] = [];
  items.forEach((s: unknown, i) => {
    if (!isRecord(s) || (typeof s[key] !== "string" && typeof s[key] !== "number")) return;
    const first = seen.get(s[key]);
    if (first === undefined) seen.set(s[key], i);
    else out.push([[...at, i, key], `duplicate ${what} ${JSON.stringify(s[key])} (already used by ${formatPath([...at, first])})`]);
  });
  return out;
}

/**
 * Duplicates in the document's lists. `withShapes` false leaves out the shapes' ids and their
 * properties, for a caller that checks those itself.
 */
export function uniquenessProblems(data: unknown, withShapes = true): [PathSegment[], string][] {
  if (!isRecord(data)) return [];
  const out = [
    ...duplicateProblems(data.layers, ["layers"], "id", "layer id"),
    ...duplicateProblems(data.collisionLayers, ["collisionLayers"], "bit", "collision layer bit"),
    ...(withShapes ? duplicateProblems(data.shapes, ["shapes"], "id", "id") : []),
    ...duplicateProblems(data.probes, ["probes"], "id", "id"),
    ...duplicateProblems(data.images, ["images"], "id", "image id"),
  ];
  out.push(...duplicateProblems(data.properties, ["properties"], "name", "property name"));
  out.push(...duplicateProblems(data.groups, ["groups"], "name", "group"));
  for (const list of withShapes ? ["shapes", "layers", "groups"] : ["layers", "groups"]) {
    const items = data[list];
    if (!Array.isArray(items)) continue;
    items.forEach((s: unknown, i) => {
      if (isRecord(s)) out.push(...duplicateProblems(s.properties, [list, i, "properties"], "name", "property name"));
    });
  }
  return out;
}

/** A shape's "layer" must name a layer of the scene (the implicit one when there is no "layers"). */
export function layerReferenceProblems(data: unknown): [PathSegment[], string][] {
  if (!isRecord(data) || !Array.isArray(data.shapes)) return [];
  const explicit = Array.isArray(data.layers);
  const ids = new Set(explicit ? (data.layers as unknown[]).map((l) => (isRecord(l) ? l.id : undefined)) : [DEFAULT_LAYER.id]);
  const out: [PathSegment[], string][] = [];
  data.shapes.forEach((s: unknown, i) => {
    if (isRecord(s) && typeof s.layer === "string" && s.layer !== "" && !ids.has(s.layer)) {
      out.push([["shapes", i, "layer"], `no layer with id ${JSON.stringify(s.layer)} in this scene${explicit ? "" : ' (it has no "layers", so only "layer-1")'}`]);
    }
  });
  return out;
}

/** A sweep probe must name a shape of the scene. */
export function probeReferenceProblems(data: unknown): [PathSegment[], string][] {
  if (!isRecord(data) || !Array.isArray(data.probes) || !Array.isArray(data.shapes)) return [];
  // Most scenes have no sweep probe: no set of every shape id for them.
  if (!data.probes.some((p: unknown) => isRecord(p) && p.type === "sweep")) return [];
  const ids = new Set(data.shapes.map((s: unknown) => (isRecord(s) ? s.id : undefined)));
  const out: [PathSegment[], string][] = [];
  data.probes.forEach((p: unknown, i) => {
    if (isRecord(p) && p.type === "sweep" && typeof p.shape === "string" && p.shape !== "" && !ids.has(p.shape)) {
      out.push([["probes", i, "shape"], `no shape with id ${JSON.stringify(p.shape)} in this scene`]);
    }
  });
  return out;
}
