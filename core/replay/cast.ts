// A recorded ray cast again: the closest hit in a scene's world, seeing only its mask's layers and
// passing through sensors unless the ray (its includeSensors) or the replay asks for them.
import type { CollisionWorld } from "../collision-world";
import type { CastHit } from "../scene-query";
import { vec2 } from "../vec2";
import { compareRay } from "./compare";
import type { RayRecord, ReplayResult } from "./types";

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

/**
 * A recorded ray cast and compared with its expectation; a lost hit also says which shape, if
 * any, the ray now starts inside (a ray passes out of the shape it starts in, so a wall moved over
 * a ray's start reads as "hits nothing" otherwise).
 */
export function replayRecordedRay(world: CollisionWorld, ray: RayRecord, tolerance: number, includeSensors = false): ReplayResult {
  const result = compareRay(ray, castRecordedRay(world, ray, includeSensors), tolerance);
  if (result.mismatch?.kind !== "lost-hit") return result;
  const sensors = includeSensors || ray.includeSensors === true;
  const inside = world.raycast(vec2(ray.from[0], ray.from[1]), vec2(ray.to[0], ray.to[1]), { ...(ray.mask === undefined ? {} : { mask: ray.mask }), includeSensors: sensors, reportInside: true })[0];
  return inside?.startedInside ? { ...result, startsInside: inside.shape } : result;
}
