// Ray and sweep queries over a whole scene: the closest hit, every hit sorted by fraction, or
// whether anything is hit, filtered by collision layers. Bounding boxes cull the shapes first (a
// slab test for rays, the swept box for sweeps): one linear pass, right for one query; many
// queries over one scene go through CollisionWorld's tree.
import { DEFAULT_FILTER_RULE, queryMaskSees, shapesCollide, type FilterRule } from "./collision-filter";
import type { AABB } from "./geometry";
import { collisionBody } from "./overlaps";
import { CastOutput, rayCast } from "./raycast";
import { shapeCast } from "./shape-cast";
import type { Probe, Shape } from "./scene/types";
import { vec2, type Vec2 } from "./vec2";

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

export interface QueryOptions {
  readonly mode?: QueryMode;
  /** Rays only: report shapes the ray starts inside, at fraction 0. */
  readonly reportInside?: boolean;
  /** Shapes to leave out (by id). */
  readonly ignore?: ReadonlySet<string>;
  /** Only shapes on these collision layers (a shape is seen when its collisionLayer & mask ≠ 0); without it, every shape. */
  readonly mask?: number;
  /** Sweeps: which shapes the moving one meets, by both shapes' bits (default "godot"). */
  readonly filter?: FilterRule;
}

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

const cast = new CastOutput();

function toHit(id: string, c: CastOutput): CastHit {
  return { shape: id, fraction: c.fraction, point: vec2(c.pointX, c.pointY), normal: vec2(c.normalX, c.normalY), startedInside: c.startedInside };
}

/** Hits in fraction order; ties keep scene order (the sort is stable). */
function finish(hits: CastHit[], mode: QueryMode): CastHit[] {
  hits.sort((p, q) => p.fraction - q.fraction);
  return mode === "closest" ? hits.slice(0, 1) : hits;
}

/** Casts the ray from → to through the scene. */
export function raycastScene(shapes: readonly Shape[], from: Vec2, to: Vec2, options: QueryOptions = {}): CastHit[] {
  const mode = options.mode ?? "closest";
  const dx = to.x - from.x, dy = to.y - from.y;
  const hits: CastHit[] = [];
  let best = 1;
  const mask = options.mask;
  for (const shape of shapes) {
    if (options.ignore?.has(shape.id) || !queryMaskSees(shape, mask)) continue;
    const body = collisionBody(shape);
    if (!segmentHitsAABB(from.x, from.y, dx, dy, body.aabb)) continue;
    // Closest: nothing beyond the best so far can win.
    rayCast(body.geometry, body.transform, from.x, from.y, to.x, to.y, cast, { reportInside: options.reportInside, maxFraction: mode === "closest" ? best : 1 });
    if (!cast.hit) continue;
    hits.push(toHit(shape.id, cast));
    if (mode === "any") return hits;
    if (cast.fraction < best) best = cast.fraction;
  }
  return finish(hits, mode);
}

/**
 * Sweeps the shape `movingId` from its position to `to` (its new position, no rotation) through
 * the rest of the scene. It never hits itself. Throws when no shape has that id.
 */
export function sweepScene(shapes: readonly Shape[], movingId: string, to: Vec2, options: QueryOptions = {}): CastHit[] {
  const mode = options.mode ?? "closest";
  const moving = shapes.find((s) => s.id === movingId);
  if (!moving) throw new Error(`no shape with id "${movingId}"`);
  const m = collisionBody(moving);
  const tx = to.x - moving.x, ty = to.y - moving.y;
  const swept: AABB = {
    minX: Math.min(m.aabb.minX, m.aabb.minX + tx), minY: Math.min(m.aabb.minY, m.aabb.minY + ty),
    maxX: Math.max(m.aabb.maxX, m.aabb.maxX + tx), maxY: Math.max(m.aabb.maxY, m.aabb.maxY + ty),
  };
  const hits: CastHit[] = [];
  let best = 1;
  const mask = options.mask, filter = options.filter ?? DEFAULT_FILTER_RULE;
  for (const shape of shapes) {
    if (shape === moving || options.ignore?.has(shape.id) || !queryMaskSees(shape, mask) || !shapesCollide(moving, shape, filter)) continue;
    const body = collisionBody(shape);
    const box = body.aabb;
    if (box.minX > swept.maxX || box.maxX < swept.minX || box.minY > swept.maxY || box.maxY < swept.minY) continue;
    shapeCast(body.geometry, body.transform, m.geometry, m.transform, tx, ty, cast, mode === "closest" ? best : 1);
    if (!cast.hit) continue;
    hits.push(toHit(shape.id, cast));
    if (mode === "any") return hits;
    if (cast.fraction < best) best = cast.fraction;
  }
  return finish(hits, mode);
}

/**
 * The closest hit of a probe kept in the scene: a ray probe's first shape, or the first shape a
 * sweep probe's shape meets. Null for a miss, or for a sweep whose shape is not in `shapes`.
 */
export function evaluateProbe(shapes: readonly Shape[], probe: Probe): CastHit | null {
  if (probe.type === "ray") return raycastScene(shapes, vec2(probe.from[0], probe.from[1]), vec2(probe.to[0], probe.to[1]))[0] ?? null;
  if (!shapes.some((s) => s.id === probe.shape)) return null;
  return sweepScene(shapes, probe.shape, vec2(probe.to[0], probe.to[1]))[0] ?? null;
}
