// The runtime loader's check of what collision reads in a scene, without zod: every shape's id,
// kind, place, size, points, bits and flags, and every probe. The messages are the schema's (as
// io.ts words zod's issues), named by JSON path. Fields collision never reads (properties, images,
// layers' colours) are kept as they are, unchecked: the `/validate` entry checks them too.
import { chainPointsProblem } from "../kinds/chain";
import { checkSimplePolygon } from "../outline";
import { describe, isRecord } from "../scene/document-checks";
import type { PathSegment } from "../scene/errors";
import { controlCharacterProblem, COORDINATE_RANGE, MAX_COORDINATE, rotationProblem, sizeProblem } from "../scene/field-limits";
import { SHAPE_TYPES, type Point, type ShapeType } from "../scene/types";

/** A problem found: where (a JSON path) and what. */
export type Found = [PathSegment[], string];

const PROBE_TYPES = ["ray", "sweep"];

const expectedType = (what: string, v: unknown): string =>
  v === undefined ? `is missing (expected ${what})` : `expected ${what}, got ${describe(v)}`;

function numberProblem(v: unknown): string | null {
  if (typeof v !== "number") return expectedType("a number", v);
  return Number.isFinite(v) ? null : "must be a finite number";
}

function coordinate(v: unknown): string | null {
  return numberProblem(v) ?? (Math.abs(v as number) <= MAX_COORDINATE ? null : COORDINATE_RANGE);
}

const rotation = (v: unknown): string | null => numberProblem(v) ?? rotationProblem(v as number);

const size = (v: unknown): string | null => numberProblem(v) ?? sizeProblem(v as number);

function text(v: unknown, nonEmpty: boolean): string | null {
  if (typeof v !== "string") return expectedType("a string", v);
  if (nonEmpty && v === "") return "must not be empty";
  return controlCharacterProblem(v);
}

function whole(v: unknown, min: number, max: number): string | null {
  const p = numberProblem(v);
  if (p) return p;
  const n = v as number;
  if (!Number.isInteger(n)) return "must be a whole number";
  if (n < min) return `must be at least ${min}`;
  return n > max ? `must be at most ${max}` : null;
}

const flag = (v: unknown): string | null => (typeof v === "boolean" ? null : expectedType("a boolean", v));

// The field checks made once, not per shape: add() checks every shape a game adds.
const nonEmptyText = (v: unknown): string | null => text(v, true);
const anyText = (v: unknown): string | null => text(v, false);
const aString = (v: unknown): string | null => (typeof v === "string" ? null : expectedType("a string", v));
const anArray = (v: unknown): string | null => (Array.isArray(v) ? null : expectedType("an array", v));
const bits = (v: unknown): string | null => whole(v, 0, 0xffffffff);
const tiledId = (v: unknown): string | null => whole(v, 1, 2147483647);

/** Checks `obj[key]` (skipped when absent and optional) and records its problem. */
function field(out: Found[], at: readonly PathSegment[], obj: Record<string, unknown>, key: string, check: (v: unknown) => string | null, optional = false): boolean {
  if (optional && obj[key] === undefined) return true;
  const problem = check(obj[key]);
  if (problem) out.push([[...at, key], problem]);
  return problem === null;
}

/** Points as [x, y] pairs of coordinates; true when every one is. */
function points(out: Found[], at: readonly PathSegment[], v: unknown): v is Point[] {
  if (!Array.isArray(v)) {
    out.push([[...at, "points"], expectedType("an array", v)]);
    return false;
  }
  let ok = true;
  for (let i = 0; i < v.length; i++) ok = point(out, at, "points", i, v[i]) && ok;
  return ok;
}

/**
 * A point [x, y] of coordinates at `at`.key (or `at`.key[index]), a bad coordinate named by its
 * index (as the schema's tuple); true when it is one. The path is made only for a problem.
 */
function point(out: Found[], at: readonly PathSegment[], key: string, index: number, p: unknown): boolean {
  if (!Array.isArray(p)) out.push([pathTo(at, key, index), expectedType("a point [x, y]", p)]);
  else if (p.length !== 2) out.push([pathTo(at, key, index), "a point is [x, y]"]);
  else {
    const px = coordinate(p[0]), py = coordinate(p[1]);
    if (px) out.push([[...pathTo(at, key, index), 0], px]);
    if (py) out.push([[...pathTo(at, key, index), 1], py]);
    return !px && !py;
  }
  return false;
}

const pathTo = (at: readonly PathSegment[], key: string, index: number): PathSegment[] => (index < 0 ? [...at, key] : [...at, key, index]);

function pointsProblem(out: Found[], at: readonly PathSegment[], problem: { readonly index?: number; readonly message: string } | null): void {
  if (problem) out.push([problem.index === undefined ? [...at, "points"] : [...at, "points", problem.index], problem.message]);
}

/** The kind's own fields, as its schema piece (core/scene/schema.ts) checks them. */
function kindProblems(out: Found[], at: readonly PathSegment[], s: Record<string, unknown>, type: ShapeType): void {
  switch (type) {
    case "circle":
      field(out, at, s, "radius", size);
      return;
    case "box":
      field(out, at, s, "width", size);
      field(out, at, s, "height", size);
      return;
    case "capsule": {
      const r = field(out, at, s, "radius", size), h = field(out, at, s, "height", size);
      if (r && h && (s.height as number) < 2 * (s.radius as number)) {
        out.push([[...at, "height"], `must be at least 2 × radius (${2 * (s.radius as number)}): the height includes both caps`]);
      }
      return;
    }
    case "polygon":
      if (points(out, at, s.points)) pointsProblem(out, at, checkSimplePolygon(s.points));
      return;
    case "chain": {
      const closed = field(out, at, s, "closed", flag, true);
      field(out, at, s, "oneSided", flag, true);
      if (points(out, at, s.points) && closed) pointsProblem(out, at, chainPointsProblem(s.points, s.closed === true));
      return;
    }
  }
}

/** The problems of `shapes[index]`, in the order of its fields. */
export function shapeProblems(value: unknown, index: number): Found[] {
  const at: PathSegment[] = ["shapes", index];
  if (!isRecord(value)) return [[at, expectedType("an object", value)]];
  const out: Found[] = [];
  field(out, at, value, "id", nonEmptyText);
  field(out, at, value, "name", anyText, true);
  field(out, at, value, "layer", nonEmptyText, true);
  field(out, at, value, "class", aString, true);
  field(out, at, value, "x", coordinate);
  field(out, at, value, "y", coordinate);
  field(out, at, value, "rotation", rotation, true);
  field(out, at, value, "collisionLayer", bits, true);
  field(out, at, value, "collisionMask", bits, true);
  field(out, at, value, "visible", flag, true);
  field(out, at, value, "sensor", flag, true);
  field(out, at, value, "tiledId", tiledId, true);
  field(out, at, value, "properties", anArray, true);
  const type = value.type;
  if (typeof type === "string" && (SHAPE_TYPES as readonly string[]).includes(type)) kindProblems(out, at, value, type as ShapeType);
  else {
    out.push([[...at, "type"], type === undefined
      ? `is missing (expected one of ${SHAPE_TYPES.join(", ")})`
      : `unknown shape type ${JSON.stringify(type)} (expected one of ${SHAPE_TYPES.join(", ")})`]);
  }
  return out;
}

/** The problems of `probes[index]`: a ray from a point to a point, or a shape's sweep to a point. */
export function probeProblems(value: unknown, index: number): Found[] {
  const at: PathSegment[] = ["probes", index];
  if (!isRecord(value)) return [[at, expectedType("an object", value)]];
  const out: Found[] = [];
  field(out, at, value, "id", nonEmptyText);
  field(out, at, value, "name", anyText, true);
  field(out, at, value, "includeSensors", flag, true);
  field(out, at, value, "mask", bits, true);
  if (value.type === "ray") point(out, at, "from", -1, value.from);
  else if (value.type === "sweep") field(out, at, value, "shape", nonEmptyText);
  else {
    out.push([[...at, "type"], value.type === undefined
      ? `is missing (expected one of ${PROBE_TYPES.join(", ")})`
      : `unknown probe type ${JSON.stringify(value.type)} (expected one of ${PROBE_TYPES.join(", ")})`]);
    return out;
  }
  point(out, at, "to", -1, value.to);
  return out;
}
