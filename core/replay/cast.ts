// A recorded ray cast again: the closest hit in a scene's world, seeing only its mask's layers and
// passing through sensors unless the ray (its includeSensors) or the replay asks for them.
import type { CollisionWorld } from "../collision-world";
import type { CastHit } from "../scene-query";
import { vec2 } from "../vec2";
import type { RayRecord } from "./types";

/**
 * The ray's closest hit now, as `collider-studio replay` and the editor's replay view cast it.
 * `includeSensors` (replay's --include-sensors) lets sensors stop every ray; a ray's own
 * `includeSensors: true` lets them stop that one.
 */
export function castRecordedRay(world: CollisionWorld, ray: RayRecord, includeSensors = false): CastHit | null {
  const sensors = includeSensors || ray.includeSensors === true;
  const options = ray.mask === undefined ? (sensors ? SENSORS : NO_OPTIONS) : { mask: ray.mask, includeSensors: sensors };
  return world.raycast(vec2(ray.from[0], ray.from[1]), vec2(ray.to[0], ray.to[1]), options)[0] ?? null;
}

const NO_OPTIONS = {};
const SENSORS = { includeSensors: true };
