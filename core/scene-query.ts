// What a ray or sweep query over a scene returns (CollisionWorld.raycast, sweep, probe), and the
// segment-against-box test that culls rays.
import { markClass } from "./brand";
import type { AABB } from "./geometry";
import type { Vec2 } from "./vec2";

export interface CastHit {
  /** Id of the shape hit. */
  readonly shape: string;
  readonly fraction: number;
  /** The contact point, on the hit shape's surface. */
  readonly point: Vec2;
  /** Unit normal out of the hit shape. */
  readonly normal: Vec2;
  /** The cast began inside (ray, when reported) or overlapping (sweep) this shape. */
  readonly startedInside: boolean;
}

/** closest: the first hit only; all: every shape hit, by fraction; any: stop at the first found. */
export type QueryMode = "closest" | "all" | "any";

/** Whether the segment from + t·d, t in [0, 1], meets the box (slabs; a zero d_k is a point test). */
export function segmentHitsAABB(fx: number, fy: number, dx: number, dy: number, box: AABB): boolean {
  let lo = 0, hi = 1;
  if (dx === 0) { if (fx < box.minX || fx > box.maxX) return false; }
  else {
    let t1 = (box.minX - fx) / dx, t2 = (box.maxX - fx) / dx;
    if (t1 > t2) { const k = t1; t1 = t2; t2 = k; }
    if (t1 > lo) lo = t1;
    if (t2 < hi) hi = t2;
    if (lo > hi) return false;
  }
  if (dy === 0) return fy >= box.minY && fy <= box.maxY;
  let t1 = (box.minY - fy) / dy, t2 = (box.maxY - fy) / dy;
  if (t1 > t2) { const k = t1; t1 = t2; t2 = k; }
  if (t1 > lo) lo = t1;
  if (t2 < hi) hi = t2;
  return lo <= hi;
}

/**
 * A closest hit written by the world's allocation-free queries (raycastClosest, sweepClosest) into
 * an object the caller keeps and passes again: the fields of CastHit, the point and normal as numbers.
 */
export class QueryHit {
  /** Id of the shape hit. */
  shape = "";
  fraction = 0;
  pointX = 0;
  pointY = 0;
  /** Unit normal out of the hit shape. */
  normalX = 0;
  normalY = 0;
  startedInside = false;
}

/**
 * A plane that pushes a mover out of a shape it overlaps (CollisionWorld.collideMover), after
 * Box2D's b2PlaneResult: the mover is clear of the shape once moved by `depth` along the normal.
 */
export class PlaneResult {
  /** Id of the overlapped shape. */
  shape = "";
  /** Unit normal out of the shape, toward the mover. */
  normalX = 0;
  normalY = 0;
  /** How far the mover is inside along the normal (> 0): Box2D's plane offset. */
  depth = 0;
  /** A contact point, midway between the two surfaces (as overlaps()'s points). */
  pointX = 0;
  pointY = 0;
}

markClass(QueryHit, "QueryHit");
markClass(PlaneResult, "PlaneResult");
