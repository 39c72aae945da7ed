// The rules every shape's fields follow in zod, for the schema (schema.ts), built from the limits
// of field-limits.ts, which the plain checks (the kinds' modules, plain-shapes.ts) read without zod.
import { z } from "zod";
import { COLOR_PATTERN, CONTROL_MESSAGE, COORDINATE_RANGE, GRID_SIZE_RANGE, MAX_COORDINATE, MAX_GRID_SIZE, MIN_SIZE, ROTATION_RANGE, SIZE_RANGE } from "./field-limits";
import type { JsonValue } from "./types";

export * from "./field-limits";

export const finite = z.number().refine((v) => Math.abs(v) <= MAX_COORDINATE, { message: COORDINATE_RANGE });
/** zod words gt(0) as "must be greater than 0" (io.ts), as sizeProblem does. */
export const positive = z
  .number()
  .gt(0)
  .refine((v) => v <= 0 || (v >= MIN_SIZE && v <= MAX_COORDINATE), { message: SIZE_RANGE });

/** A Tiled object id: Tiled's ids are positive 32-bit integers. */
export const tiledObjectId = z.number().int({ message: "must be a whole number" }).min(1).max(2147483647);

/** A grid cell size (gridSizeProblem's limits; zod words the maximum "must be at most 1000000"), its range in the published JSON Schema. */
export const gridSize = z
  .number()
  .gt(0)
  .max(MAX_GRID_SIZE)
  .refine((v) => v <= 0 || v >= MIN_SIZE, { message: GRID_SIZE_RANGE });

export const point = z.tuple([finite, finite]);

/** A rotation in degrees: a coordinate's limits, its message naming the unit. */
export const degrees = z.number().refine((v) => Math.abs(v) <= MAX_COORDINATE, { message: ROTATION_RANGE });

const numberValue = z.number().refine((v) => Math.abs(v) <= Number.MAX_VALUE, { message: "must be a finite number" });

// eslint-disable-next-line no-control-regex -- the same, as a pattern JSON Schema can carry
const NO_CONTROL_CHARACTER = /^[^\u0000-\u001f\u007f]*$/;

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
  rotation: degrees.optional().default(0),
  collisionLayer: bits.optional(),
  collisionMask: bits.optional(),
  properties: z.array(propertySchema).optional(),
  class: z.string().optional(),
  visible: z.boolean().optional(),
  sensor: z.boolean().optional(),
  tiledId: tiledObjectId.optional(),
};



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
