// A recorded ray cast again: the closest hit in a scene's world, seeing only its mask's layers.
import type { CollisionWorld } from "../collision-world";
import type { CastHit } from "../scene-query";
import { vec2 } from "../vec2";
import type { RayRecord } from "./types";

/** The ray's closest hit now, as `collider-studio replay` and the editor's replay view cast it. */
export function castRecordedRay(world: CollisionWorld, ray: RayRecord): CastHit | null {
  return world.raycast(vec2(ray.from[0], ray.from[1]), vec2(ray.to[0], ray.to[1]), ray.mask === undefined ? {} : { mask: ray.mask })[0] ?? null;
}
