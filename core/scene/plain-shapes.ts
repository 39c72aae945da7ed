// The common shape of a big file, accepted without zod: a shape whose every field the schema reads
// is a plain value well inside the schema's rules. zod stays the one definition of the format:
// anything this does not recognise (custom properties, a field of the wrong type, a number at a
// limit) goes through the schema as before, and a property test holds every shape accepted here
// to the schema's own answer. It exists because zod's cost per shape dominates a big file's check.
import { CORE_KINDS } from "../kinds/registry";
import { CONTROL_CHARACTER, plainCoordinate as coordinate } from "./field-limits";
import type { SceneOutput } from "./schema";
import type { ShapeType } from "./types";

/** A shape as the schema outputs it. */
export type ParsedShape = SceneOutput["shapes"][number];

const bits = (v: unknown): boolean => v === undefined || (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 0xffffffff);
const text = (v: unknown, min: number): boolean => typeof v === "string" && v.length >= min && !CONTROL_CHARACTER.test(v);
const tiledId = (v: unknown): boolean => v === undefined || (typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 2147483647);


/**
 * The shape the schema makes of `value` (a copy, its rotation defaulted to 0), when `value` is a
 * plain shape the schema certainly accepts; null when it is anything else, valid or not: the
 * caller then asks the schema.
 */
export function plainShape(value: unknown): ParsedShape | null {
  if (!isPlainShape(value)) return null;
  const s = value as Record<string, unknown>;
  const shape = { ...s } as Record<string, unknown>;
  if (shape.rotation === undefined) shape.rotation = 0;
  if (s.type === "polygon" || s.type === "chain") shape.points = (s.points as [number, number][]).map((p) => [p[0], p[1]]);
  return shape as ParsedShape;
}

/**
 * Whether plainShape takes `value`: then the schema's shape is `value` itself with its rotation
 * defaulted to 0, for a caller that owns it (JSON it parsed) and need not copy it.
 */
export function isPlainShape(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const s = value as Record<string, unknown>;
  if (!text(s.id, 1) || (s.name !== undefined && !text(s.name, 0)) || (s.layer !== undefined && !text(s.layer, 1))) return false;
  if (!coordinate(s.x) || !coordinate(s.y) || (s.rotation !== undefined && !coordinate(s.rotation))) return false;
  if (!bits(s.collisionLayer) || !bits(s.collisionMask) || s.properties !== undefined) return false;
  if ((s.class !== undefined && typeof s.class !== "string") || (s.visible !== undefined && typeof s.visible !== "boolean") || (s.sensor !== undefined && typeof s.sensor !== "boolean") || !tiledId(s.tiledId)) return false;
  // The kind's own fields, by its module.
  const kind = typeof s.type === "string" && Object.hasOwn(CORE_KINDS, s.type) ? CORE_KINDS[s.type as ShapeType] : undefined;
  return kind?.plainFields(s) === true;
}
