// The common shape of a big file, accepted without zod: a shape whose every field the schema reads
// is a plain value well inside the schema's rules. zod stays the one definition of the format:
// anything this does not recognise (custom properties, a field of the wrong type, a number at a
// limit) goes through the schema as before, and a property test holds every shape accepted here
// to the schema's own answer. It exists because zod's cost per shape dominates a big file's check.
import { checkConvexPolygon } from "../hull";
import { MAX_COORDINATE, MIN_SIZE, type SceneOutput } from "./schema";

/** A shape as the schema outputs it. */
export type ParsedShape = SceneOutput["shapes"][number];

const coordinate = (v: unknown): boolean => typeof v === "number" && v <= MAX_COORDINATE && v >= -MAX_COORDINATE;
const size = (v: unknown): boolean => typeof v === "number" && v >= MIN_SIZE && v <= MAX_COORDINATE;
const bits = (v: unknown): boolean => v === undefined || (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 0xffffffff);
const text = (v: unknown, min: number): boolean => typeof v === "string" && v.length >= min;

/** Points as the schema's tuples of two coordinates, strictly convex (the schema's check). */
function convexPoints(points: unknown): boolean {
  if (!Array.isArray(points)) return false;
  const vecs: { x: number; y: number }[] = [];
  for (const p of points) {
    if (!Array.isArray(p) || p.length !== 2 || !coordinate(p[0]) || !coordinate(p[1])) return false;
    vecs.push({ x: p[0] as number, y: p[1] as number });
  }
  return checkConvexPolygon(vecs) === null;
}

/**
 * The shape the schema makes of `value` (a copy, its rotation defaulted to 0), when `value` is a
 * plain shape the schema certainly accepts; null when it is anything else, valid or not: the
 * caller then asks the schema.
 */
export function plainShape(value: unknown): ParsedShape | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const s = value as Record<string, unknown>;
  if (!text(s.id, 1) || (s.name !== undefined && !text(s.name, 0)) || (s.layer !== undefined && !text(s.layer, 1))) return null;
  if (!coordinate(s.x) || !coordinate(s.y) || (s.rotation !== undefined && !coordinate(s.rotation))) return null;
  if (!bits(s.collisionLayer) || !bits(s.collisionMask) || s.properties !== undefined) return null;
  switch (s.type) {
    case "circle":
      if (!size(s.radius)) return null;
      break;
    case "box":
      if (!size(s.width) || !size(s.height)) return null;
      break;
    case "capsule":
      if (!size(s.radius) || !size(s.height) || (s.height as number) < 2 * (s.radius as number)) return null;
      break;
    case "polygon":
      if (!convexPoints(s.points)) return null;
      break;
    default:
      return null;
  }
  const shape = { ...s } as Record<string, unknown>;
  if (shape.rotation === undefined) shape.rotation = 0;
  if (s.type === "polygon") shape.points = (s.points as [number, number][]).map((p) => [p[0], p[1]]);
  return shape as ParsedShape;
}
