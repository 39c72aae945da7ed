// A recorded ray cast again: the closest hit in a scene's world, seeing only its mask's layers and
// passing through sensors unless the ray (its includeSensors) or the replay asks for them.
import type { CollisionWorld } from "../collision-world";
import type { CastHit } from "../scene-query";
import { vec2 } from "../vec2";
import { compareRay } from "./compare";
import { collisionLayerOf } from "../scene/types";
import type { MismatchReason, RayRecord, ReplayResult } from "./types";

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
 * A recorded ray cast and compared with its expectation. A lost hit also says which shape, if
 * any, the ray now starts inside (a ray passes out of the shape it starts in, so a wall moved over
 * a ray's start reads as "hits nothing" otherwise); a lost hit or a hit on another shape says why
 * the expected shape was not hit (`reason`: gone, filtered by the mask, a sensor, behind another
 * shape, off the ray), looked up only for those mismatches.
 */
export function replayRecordedRay(world: CollisionWorld, ray: RayRecord, tolerance: number, includeSensors = false): ReplayResult {
  let result = compareRay(ray, castRecordedRay(world, ray, includeSensors), tolerance);
  const kind = result.mismatch?.kind;
  if (kind !== "lost-hit" && kind !== "other-shape") return result;
  const sensors = includeSensors || ray.includeSensors === true;
  if (kind === "lost-hit") {
    const inside = world.raycast(vec2(ray.from[0], ray.from[1]), vec2(ray.to[0], ray.to[1]), { ...(ray.mask === undefined ? {} : { mask: ray.mask }), includeSensors: sensors, reportInside: true })[0];
    if (inside?.startedInside) result = { ...result, startsInside: inside.shape };
  }
  const expected = ray.expect?.shape;
  // A ray that starts inside the expected shape is explained by startsInside already.
  if (expected === undefined || expected === result.startsInside) return result;
  const reason = whyNotHit(world, ray, expected, result.hit, sensors);
  return reason === undefined ? result : { ...result, reason };
}

/** Why the ray's closest hit (`hit`, or a miss) is not the shape `expected`, from the world as it is now. */
function whyNotHit(world: CollisionWorld, ray: RayRecord, expected: string, hit: CastHit | null, sensors: boolean): MismatchReason | undefined {
  const shape = world.get(expected);
  if (shape === undefined) return { kind: "shape-gone", shape: expected };
  // Every shape on the ray, filters aside: is the expected one among them, and before the hit?
  const onRay = world.raycast(vec2(ray.from[0], ray.from[1]), vec2(ray.to[0], ray.to[1]), { mode: "all", includeSensors: true }).find((h) => h.shape === expected);
  if (onRay === undefined) return { kind: "off-path", shape: expected };
  if (hit !== null && hit.fraction < onRay.fraction) return { kind: "blocked", shape: expected, by: hit.shape };
  const layer = collisionLayerOf(shape);
  if (ray.mask !== undefined && (layer & ray.mask) === 0) return { kind: "layer-not-in-mask", shape: expected, collisionLayer: layer, mask: ray.mask };
  if (shape.sensor === true && !sensors) return { kind: "now-sensor", shape: expected };
  return undefined;
}
