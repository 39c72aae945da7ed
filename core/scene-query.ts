// What a ray or sweep query over a scene returns (CollisionWorld.raycast, sweep, probe), and the
// segment-against-box test that culls rays.
import { markClass } from "./brand";
import type { AABB } from "./geometry";
import type { Vec2 } from "./vec2";

/** A query's hit: the shape's id, the fraction of the way along the ray or sweep, the point and the normal (`{ x, y }` each). */
export interface CastHit {
  /** Id of the shape hit. */
  readonly shape: string;
  /**
   * How far along the query the hit is, from 0 (its start) to 1 (its end): a ray's point is
   * from + fraction·(to − from); a sweep's shape stops at its position + fraction·(to − position).
   */
  readonly fraction: number;
  /** The contact point, on the hit shape's surface. */
  readonly point: Vec2;
  /** Unit normal out of the hit shape. */
  readonly normal: Vec2;
  /** The cast began inside (ray, when reported) or overlapping (sweep) this shape. */
  readonly startedInside: boolean;
}

/** A query's `mode`. closest: the first hit only; all: every shape hit, by fraction; any: stop at the first found. */
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
 * Make one with `new QueryHit()` and reuse it; a query that misses leaves it unchanged.
 */
export class QueryHit {
  /** Id of the shape hit. */
  shape = "";
  /** How far along the ray or sweep the hit is, from 0 to 1 (CastHit.fraction). */
  fraction = 0;
  /** The contact point's world x, on the hit shape's surface. */
  pointX = 0;
  /** The contact point's world y. */
  pointY = 0;
  /** The x of the unit normal out of the hit shape. */
  normalX = 0;
  /** The y of the unit normal out of the hit shape. */
  normalY = 0;
  /** The cast began inside (ray, when reported) or overlapping (sweep) this shape: then `fraction` is 0. */
  startedInside = false;
}

/**
 * A plane that pushes a mover out of a shape it overlaps (CollisionWorld.collideMover), after
 * Box2D's b2PlaneResult: the mover is clear of the shape once moved by `depth` along the normal.
 * collideMover's answer for one shape the mover overlaps; it reuses the ones in the array it is given.
 */
export class PlaneResult {
  /** Id of the overlapped shape. */
  shape = "";
  /** The x of the unit normal out of the shape, toward the mover. */
  normalX = 0;
  /** The y of the unit normal out of the shape, toward the mover. */
  normalY = 0;
  /** How far the mover is inside along the normal (> 0): Box2D's plane offset. */
  depth = 0;
  /** A contact point's world x, midway between the two surfaces (as overlaps()'s points). */
  pointX = 0;
  /** The contact point's world y. */
  pointY = 0;
}

markClass(QueryHit, "QueryHit");
markClass(PlaneResult, "PlaneResult");
