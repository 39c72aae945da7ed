// The rules every shape's fields follow, written once in zod (for the schema) and as plain
// predicates (for the fast path of a big file's check, core/scene/plain-shapes.ts). Each shape
// kind's module (core/kinds/) builds its schema piece and its plain check from these.
import { z } from "zod";
import type { JsonValue } from "./types";

/**
 * Coordinates and sizes stay within ±1e15, sizes at least 1e-9: beyond them squares overflow or
 * halves round to zero (regression: a box 5e-324 wide validated, then crashed `overlaps`).
 */
export const MAX_COORDINATE = 1e15;
export const MIN_SIZE = 1e-9;
const COORDINATE_RANGE = "must be between -1e15 and 1e15";
const SIZE_RANGE = "must be between 1e-9 and 1e15";
export const finite = z.number().refine((v) => Math.abs(v) <= MAX_COORDINATE, { message: COORDINATE_RANGE });
/** zod words gt(0) as "must be greater than 0" (io.ts), as sizeProblem does. */
export const positive = z
  .number()
  .gt(0)
  .refine((v) => v <= 0 || (v >= MIN_SIZE && v <= MAX_COORDINATE), { message: SIZE_RANGE });

/** What the schema says of a coordinate (x, y, a point, a rotation), or null when it accepts it. */
export function coordinateProblem(v: number): string | null {
  return Math.abs(v) <= MAX_COORDINATE ? null : COORDINATE_RANGE;
}

/** What the schema says of a size (width, height, radius), or null when it accepts it. */
export function sizeProblem(v: number): string | null {
  if (!(v > 0)) return "must be greater than 0";
  return v >= MIN_SIZE && v <= MAX_COORDINATE ? null : SIZE_RANGE;
}
export const point = z.tuple([finite, finite]);

/** A colour as CSS writes it: "#rrggbb", or "#rrggbbaa" with alpha. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** A layer's colour is opaque: its shapes' fill takes its own alpha. */
export const LAYER_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const numberValue = z.number().refine((v) => Math.abs(v) <= Number.MAX_VALUE, { message: "must be a finite number" });

/** U+0000–U+001F and U+007F: refused in ids, names and property names (Tiled strips a NUL; Godot 3 drops a whole `__meta__` over one). */
// eslint-disable-next-line no-control-regex -- matching them is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, as a pattern JSON Schema can carry
const NO_CONTROL_CHARACTER = /^[^\u0000-\u001f\u007f]*$/;
export const CONTROL_MESSAGE = "must not hold control characters (U+0000 to U+001F, U+007F)";

/** What the format says of an id or a name holding a control character (which, and where), or null when it holds none. */
export function controlCharacterProblem(text: string): string | null {
  const m = CONTROL_CHARACTER.exec(text);
  return m ? `${CONTROL_MESSAGE}: U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at character ${m.index + 1}` : null;
}

/** Text without the control characters the format refuses (for names typed as they go). */
export const withoutControlCharacters = (text: string): string => text.replace(new RegExp(CONTROL_CHARACTER.source, "g"), "");

/** A name: any text without control characters. */
export const label = z.string().regex(NO_CONTROL_CHARACTER, { message: CONTROL_MESSAGE });
/** An id: a non-empty name. */
export const id = z.string().min(1).regex(NO_CONTROL_CHARACTER, { message: CONTROL_MESSAGE });

/** Tiled's int, signed 32-bit. */
const int32 = z.number().int({ message: "must be a whole number" }).min(-2147483648).max(2147483647);
const jsonValue: z.ZodType<JsonValue> = z.lazy(() => z.union([z.string(), numberValue, z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]).meta({ id: "JsonValue" }));

const property = <T extends string, V extends z.ZodType>(type: T, value: V) => z.looseObject({ name: id, type: z.literal(type), value, propertytype: z.string().optional() });

// Loose like every other object of the format (regression: a property's unknown field was dropped
// on load, so saving lost it).
export const propertySchema = z.discriminatedUnion("type", [
  property("string", z.string()),
  property("number", numberValue),
  property("int", int32),
  property("float", numberValue),
  property("boolean", z.boolean()),
  property("color", z.string().regex(COLOR_PATTERN, { message: 'must be a colour "#rrggbb" or "#rrggbbaa"' })),
  property("file", z.string()),
  property("object", int32.min(0, { message: "must be an object id, 0 (none) or more" })),
  property("class", z.record(z.string(), jsonValue)),
]).meta({ id: "Property" });

/** 32 category bits, as an unsigned whole number. */
export const bits = z.number().int({ message: "must be a whole number" }).min(0).max(0xffffffff);

export const base = {
  id,
  name: label.optional(),
  layer: z.string().min(1).optional(),
  x: finite,
  y: finite,
  rotation: finite.optional().default(0),
  collisionLayer: bits.optional(),
  collisionMask: bits.optional(),
  properties: z.array(propertySchema).optional(),
  class: z.string().optional(),
  visible: z.boolean().optional(),
  sensor: z.boolean().optional(),
  tiledId: z.number().int({ message: "must be a whole number" }).min(1).max(2147483647).optional(),
};


/** Plain predicates with the same limits as the zod rules above. */
export const plainCoordinate = (v: unknown): v is number => typeof v === "number" && v <= MAX_COORDINATE && v >= -MAX_COORDINATE;
export const plainSize = (v: unknown): v is number => typeof v === "number" && v >= MIN_SIZE && v <= MAX_COORDINATE;

/**
 * Runs a cross-field check as soon as the fields it reads are valid, even when others in the same
 * shape are not: every problem is reported at once (zod otherwise skips refinements of an object
 * that has issues; regression: a capsule missing "x" hid its too-short height).
 */
export const whenValid = (...fields: string[]) => ({
  // The fields' own issues are already in the payload (zod checks every property first): reading
  // them is exact, where parsing the fields again would walk every polygon's points a second time.
  when: (payload: { value: unknown; issues: ReadonlyArray<{ readonly path?: readonly PropertyKey[] | undefined }> }) =>
    typeof payload.value === "object" && payload.value !== null &&
    !payload.issues.some((issue) => issue.path === undefined || issue.path.length === 0 || fields.includes(String(issue.path[0]))),
});
