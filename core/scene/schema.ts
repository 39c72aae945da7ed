// Scene format v1, defined once with zod; each shape kind's piece is in its module (core/kinds/).
// Unknown fields are kept (loose objects) so that a file written by a newer minor build loses
// nothing when an older one saves it.
import { z } from "zod";
import { boxKind } from "../kinds/box";
import { capsuleKind } from "../kinds/capsule";
import { chainKind } from "../kinds/chain";
import { circleKind } from "../kinds/circle";
import { polygonKind } from "../kinds/polygon";
import { finite, id, label, LAYER_COLOR_PATTERN, point, positive, propertySchema } from "./field-rules";
import { imageSourceProblem } from "./image-source";
import { tiledMapSourceProblem } from "../tiled/file-types";
import { COLLISION_BITS, SCENE_FORMAT } from "./types";

export { COLOR_PATTERN, MAX_COORDINATE, MIN_SIZE, propertySchema } from "./field-rules";

const properties = z.array(propertySchema).optional();
export const circleSchema = circleKind.schema;
export const boxSchema = boxKind.schema;
export const capsuleSchema = capsuleKind.schema;
export const polygonSchema = polygonKind.schema;
export const chainSchema = chainKind.schema;

export const shapeSchema = z.discriminatedUnion("type", [circleSchema, boxSchema, capsuleSchema, polygonSchema, chainSchema]);

const probeBase = { id, name: label.optional().default(""), includeSensors: z.boolean().optional() };
export const rayProbeSchema = z.looseObject({ ...probeBase, type: z.literal("ray"), from: point, to: point });
export const sweepProbeSchema = z.looseObject({ ...probeBase, type: z.literal("sweep"), shape: z.string().min(1), to: point });
export const probeSchema = z.discriminatedUnion("type", [rayProbeSchema, sweepProbeSchema]);

export const layerSchema = z.looseObject({
  id,
  name: label,
  visible: z.boolean().optional(),
  locked: z.boolean().optional(),
  color: z.string().regex(LAYER_COLOR_PATTERN, { message: 'must be a colour "#rrggbb"' }).optional(),
  properties,
});

export const layerGroupSchema = z.looseObject({ name: id, properties });

export const imageSchema = z.looseObject({
  id,
  src: z.string().superRefine((src, ctx) => {
    const problem = imageSourceProblem(src);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  x: finite,
  y: finite,
  width: positive.optional(),
  height: positive.optional(),
  opacity: z.number().min(0).max(1).optional(),
  visible: z.boolean().optional(),
  locked: z.boolean().optional(),
});

export const tiledMapSchema = z.looseObject({
  src: z.string().superRefine((src, ctx) => {
    const problem = tiledMapSourceProblem(src);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

export const collisionLayerSchema = z.looseObject({
  bit: z.number().int({ message: "must be a whole number" }).min(1).max(COLLISION_BITS),
  name: id,
});

export const sceneSchema = z.looseObject({
  format: z.literal(SCENE_FORMAT),
  version: z.literal(1),
  layers: z.array(layerSchema).min(1).optional(),
  collisionLayers: z.array(collisionLayerSchema).optional(),
  shapes: z.array(shapeSchema),
  probes: z.array(probeSchema).optional().default([]),
  images: z.array(imageSchema).optional(),
  properties,
  groups: z.array(layerGroupSchema).optional(),
  tiledMap: tiledMapSchema.optional(),
});

export type SceneInput = z.input<typeof sceneSchema>;
export type SceneOutput = z.output<typeof sceneSchema>;
