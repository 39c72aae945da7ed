// The scene format published as JSON Schema, generated from the one zod definition (schema.ts) so
// the two never drift. Checks zod runs as code (a polygon's simple outline, a chain's points, a
// capsule's height against its radius, unique ids, references between shapes, probes and layers) cannot be said in JSON
// Schema: the generated schema checks structure and types, `collider-studio validate` checks all.
import { z } from "zod";
import { stableStringify } from "./io";
import { rayLineSchema } from "../replay/ray-log";
import { sceneSchema } from "./schema";

export const SCENE_SCHEMA_ID = "https://collider.studio/schema/scene-v1.json";

/** A zod schema as published JSON Schema, with our id, title and description first. */
function published(schema: z.ZodType, id: string, title: string, description: string): Record<string, unknown> {
  // "input": what a file may hold (optional fields with defaults stay optional).
  const generated = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return { $schema: generated.$schema, $id: id, title, description, ...Object.fromEntries(Object.entries(generated).filter(([k]) => k !== "$schema")) };
}

export function sceneJsonSchema(): Record<string, unknown> {
  return published(sceneSchema, SCENE_SCHEMA_ID, "Collider Studio scene, version 1", "Structure and types of a Collider Studio scene file. Geometric rules (simple polygon outlines, a chain's 2 or more points, 3 when closed, no point repeating the one before it, capsule height ≥ 2·radius), unique ids and references are checked by `collider-studio validate`.");
}

/** The schema as the file core/scene/scene.schema.json holds it, and `collider-studio schema` prints it. */
export const sceneJsonSchemaText = (): string => stableStringify(sceneJsonSchema()) + "\n";

export const RAY_LOG_SCHEMA_ID = "https://collider.studio/schema/ray-log-line-v1.json";

/** One line of a QA ray log (JSON Lines), as JSON Schema, from the reader's zod definition. */
export function rayLogLineJsonSchema(): Record<string, unknown> {
  return published(rayLineSchema, RAY_LOG_SCHEMA_ID, "Collider Studio ray log line", "One line of a ray log (JSON Lines: one such object per line) as `collider-studio replay` reads it.");
}

export const rayLogLineJsonSchemaText = (): string => stableStringify(rayLogLineJsonSchema()) + "\n";
