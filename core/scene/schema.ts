// Scene format v1, defined once with zod. Unknown fields are kept (loose objects) so that a file
// written by a newer minor build loses nothing when an older one saves it.
import { z } from "zod";
import { checkConvexPolygon, toVec } from "../hull";
import { COLLISION_BITS, SCENE_FORMAT } from "./types";

/**
 * Coordinates and sizes stay within ±1e15, sizes at least 1e-9: beyond them squares overflow or
 * halves round to zero (regression: a box 5e-324 wide validated, then crashed `overlaps`).
 */
export const MAX_COORDINATE = 1e15;
export const MIN_SIZE = 1e-9;
const finite = z.number().refine((v) => Math.abs(v) <= MAX_COORDINATE, { message: `must be between -1e15 and 1e15` });
const positive = z
  .number()
  .gt(0)
  .refine((v) => v <= 0 || (v >= MIN_SIZE && v <= MAX_COORDINATE), { message: `must be between 1e-9 and 1e15` });
const point = z.tuple([finite, finite]);

/** A colour as CSS writes it: "#rrggbb", or "#rrggbbaa" with alpha. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const numberValue = z.number().refine((v) => Math.abs(v) <= Number.MAX_VALUE, { message: "must be a finite number" });

// Loose like every other object of the format (regression: a property's unknown field was dropped
// on load, so saving lost it).
export const propertySchema = z.discriminatedUnion("type", [
  z.looseObject({ name: z.string().min(1), type: z.literal("string"), value: z.string() }),
  z.looseObject({ name: z.string().min(1), type: z.literal("number"), value: numberValue }),
  z.looseObject({ name: z.string().min(1), type: z.literal("boolean"), value: z.boolean() }),
  z.looseObject({ name: z.string().min(1), type: z.literal("color"), value: z.string().regex(COLOR_PATTERN, { message: 'must be a colour "#rrggbb" or "#rrggbbaa"' }) }),
]);

/** 32 category bits, as an unsigned whole number. */
const bits = z.number().int({ message: "must be a whole number" }).min(0).max(0xffffffff);

const base = {
  id: z.string().min(1),
  name: z.string().optional(),
  layer: z.string().min(1).optional(),
  x: finite,
  y: finite,
  rotation: finite.optional().default(0),
  collisionLayer: bits.optional(),
  collisionMask: bits.optional(),
  properties: z.array(propertySchema).optional(),
};

export const circleSchema = z.looseObject({ ...base, type: z.literal("circle"), radius: positive });
export const boxSchema = z.looseObject({ ...base, type: z.literal("box"), width: positive, height: positive });
/**
 * Runs a cross-field check as soon as the fields it reads are valid, even when others in the same
 * shape are not: every problem is reported at once (zod otherwise skips refinements of an object
 * that has issues; regression: a capsule missing "x" hid its too-short height).
 */
const whenValid = (...fields: string[]) => ({
  // The fields' own issues are already in the payload (zod checks every property first): reading
  // them is exact, where parsing the fields again would walk every polygon's points a second time.
  when: (payload: { value: unknown; issues: ReadonlyArray<{ readonly path?: readonly PropertyKey[] | undefined }> }) =>
    typeof payload.value === "object" && payload.value !== null &&
    !payload.issues.some((issue) => issue.path === undefined || issue.path.length === 0 || fields.includes(String(issue.path[0]))),
});

export const capsuleSchema = z
  .looseObject({ ...base, type: z.literal("capsule"), radius: positive, height: positive })
  .superRefine((c, ctx) => {
    if (c.height < 2 * c.radius) {
      ctx.addIssue({ code: "custom", path: ["height"], message: `must be at least 2 × radius (${2 * c.radius}): the height includes both caps` });
    }
  }, whenValid("radius", "height"));
export const polygonSchema = z
  .looseObject({ ...base, type: z.literal("polygon"), points: z.array(point) })
  .superRefine((p, ctx) => {
    const problem = checkConvexPolygon(p.points.map(toVec));
    if (problem) {
      const path = "index" in problem ? ["points", problem.index] : ["points"];
      ctx.addIssue({ code: "custom", path, message: problem.message });
    }
  }, whenValid("points"));

export const shapeSchema = z.discriminatedUnion("type", [circleSchema, boxSchema, capsuleSchema, polygonSchema]);

const probeBase = { id: z.string().min(1), name: z.string().optional().default("") };
export const rayProbeSchema = z.looseObject({ ...probeBase, type: z.literal("ray"), from: point, to: point });
export const sweepProbeSchema = z.looseObject({ ...probeBase, type: z.literal("sweep"), shape: z.string().min(1), to: point });
export const probeSchema = z.discriminatedUnion("type", [rayProbeSchema, sweepProbeSchema]);

export const layerSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  visible: z.boolean().optional(),
  locked: z.boolean().optional(),
});

export const collisionLayerSchema = z.looseObject({
  bit: z.number().int({ message: "must be a whole number" }).min(1).max(COLLISION_BITS),
  name: z.string().min(1),
});

export const sceneSchema = z.looseObject({
  format: z.literal(SCENE_FORMAT),
  version: z.literal(1),
  layers: z.array(layerSchema).min(1).optional(),
  collisionLayers: z.array(collisionLayerSchema).optional(),
  shapes: z.array(shapeSchema),
  probes: z.array(probeSchema).optional().default([]),
});

export type SceneInput = z.input<typeof sceneSchema>;
export type SceneOutput = z.output<typeof sceneSchema>;
