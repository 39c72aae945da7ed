// Scene format v1, defined once with zod, each shape kind's piece here too (its module in core/kinds/
// has no zod, so the runtime package's main entry carries none).
// Unknown fields are kept (loose objects) so that a file written by a newer minor build loses
// nothing when an older one saves it.
import { z } from "zod";
import { chainPointsProblem } from "../kinds/chain";
import { checkSimplePolygon } from "../outline";
import { base, bits, finite, gridSize, id, label, LAYER_COLOR_PATTERN, point, positive, propertySchema, tiledObjectId, whenValid } from "./field-rules";
import { imageSourceProblem } from "./image-source";
import { tiledMapSourceProblem } from "../tiled/file-types";
import { nodeName } from "../export/godot-names";
import { COLLISION_BITS, SCENE_FORMAT } from "./types";

export { COLOR_PATTERN, MAX_COORDINATE, MIN_SIZE, propertySchema } from "./field-rules";

const properties = z.array(propertySchema).optional();
export const circleSchema = z.looseObject({ ...base, type: z.literal("circle"), radius: positive });

export const boxSchema = z.looseObject({ ...base, type: z.literal("box"), width: positive, height: positive });

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
    const problem = checkSimplePolygon(p.points);
    if (problem) {
      const path = "index" in problem ? ["points", problem.index] : ["points"];
      ctx.addIssue({ code: "custom", path, message: problem.message });
    }
  }, whenValid("points"));

export const chainSchema = z
  .looseObject({ ...base, type: z.literal("chain"), points: z.array(point), closed: z.boolean().optional(), oneSided: z.boolean().optional() })
  .superRefine((c, ctx) => {
    const problem = chainPointsProblem(c.points, c.closed === true);
    if (problem) ctx.addIssue({ code: "custom", path: problem.index === undefined ? ["points"] : ["points", problem.index], message: problem.message });
  }, whenValid("points", "closed"));

export const shapeSchema = z.discriminatedUnion("type", [circleSchema, boxSchema, capsuleSchema, polygonSchema, chainSchema]);

const probeBase = { id, name: label.optional().default(""), includeSensors: z.boolean().optional(), mask: bits.optional() };
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

/** A Godot root node's name as given: one Godot would not change (the CLI's --root-name check). */
const godotRootName = z.string().superRefine((name, ctx) => {
  if (name.trim() === "") ctx.addIssue({ code: "custom", message: "must not be empty" });
  else if (nodeName(name, "", "") !== name) ctx.addIssue({ code: "custom", message: 'must be a Godot node name (no . : @ / " % or control characters, no spaces at the ends)' });
});

/** SceneExportOptions: each format's options as its CLI flags take them. */
export const exportOptionsSchema = z.looseObject({
  godot: z.looseObject({ rootName: godotRootName.optional() }).optional(),
  godot3: z.looseObject({ rootName: godotRootName.optional() }).optional(),
  tiled: z.looseObject({ capsules: z.enum(["capsule", "polygon"]).optional() }).optional(),
  box2d: z.looseObject({
    pixelsPerMeter: positive.optional(),
    capsules: z.enum(["circles-and-box", "polygon"]).optional(),
    filterBits: z.literal([16, 32]).optional(),
  }).optional(),
  "phaser-matter": z.looseObject({ bodies: z.enum(["shape", "layer"]).optional(), chainThickness: positive.optional() }).optional(),
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
  gridSize: gridSize.optional(),
  exportOptions: exportOptionsSchema.optional(),
  tiledNextObjectId: tiledObjectId.optional(),
});

export type SceneInput = z.input<typeof sceneSchema>;
export type SceneOutput = z.output<typeof sceneSchema>;
