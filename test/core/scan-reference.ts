// One-pass scans over a whole scene, the plain reference that CollisionWorld (the code path of the
// editor, the CLI and replay) is fuzzed against: every overlapping pair by a sort-and-sweep on x,
// and ray casts and sweeps by one linear pass with a box cull. They share the core's kernels
// (collide, rayCast, shapeCast) but none of the world's tree, fat boxes, contact cache or lists.
import { DEFAULT_FILTER_RULE, queryMaskSees, shapesCollide, type FilterRule } from "../../core/collision-filter";
import { aabbOverlaps, type AABB } from "../../core/geometry";
import { collide, Manifold } from "../../core/manifold";
import { collisionBody, manifoldPoints, type OverlapPair } from "../../core/overlaps";
import { CastOutput, rayCast } from "../../core/raycast";
import { segmentHitsAABB, type CastHit, type QueryMode } from "../../core/scene-query";
import { shapeCast } from "../../core/shape-cast";
import type { Probe, Shape } from "../../core/scene/types";
import { vec2, type Vec2 } from "../../core/vec2";

export interface OverlapOptions {
  /** Which pairs interact, by their collision bits (default "godot"; "none" reports every overlap). */
  readonly filter?: FilterRule;
}

const scratch = new Manifold();

/**
 * All overlapping pairs that the filter lets interact, each once, `a` before `b` in scene order;
 * sorted by (a, b) scene index. Boxes that touch count as meeting. A pair with a sensor on either
 * side is marked `sensor: true` (the world lists those in sensorContacts(), the others in overlaps()).
 */
export function findOverlaps(shapes: readonly Shape[], options: OverlapOptions = {}): OverlapPair[] {
  const filter = options.filter ?? DEFAULT_FILTER_RULE;
  const bodies = shapes.map(collisionBody);
  const order = bodies.map((_, i) => i).sort((i, j) => bodies[i]!.aabb.minX - bodies[j]!.aabb.minX);
  const found: { i: number; j: number; pair: OverlapPair }[] = [];
  for (let s = 0; s < order.length; s++) {
    const p = bodies[order[s]!]!;
    for (let t = s + 1; t < order.length; t++) {
      const q = bodies[order[t]!]!;
      if (q.aabb.minX > p.aabb.maxX) break;
      if (!aabbOverlaps(p.aabb, q.aabb)) continue;
      const [i, j] = order[s]! < order[t]! ? [order[s]!, order[t]!] : [order[t]!, order[s]!];
      const first = bodies[i]!, second = bodies[j]!;
      if (!shapesCollide(first.shape, second.shape, filter)) continue;
      const m = collide(first.geometry, first.transform, second.geometry, second.transform, scratch);
      if (m.pointCount === 0) continue;
      const pair: OverlapPair = { a: first.shape.id, b: second.shape.id, depth: m.depth, normal: vec2(m.normalX, m.normalY), points: manifoldPoints(m) };
      found.push({ i, j, pair: first.shape.sensor === true || second.shape.sensor === true ? { ...pair, sensor: true } : pair });
    }
  }
  found.sort((u, v) => u.i - v.i || u.j - v.j);
  return found.map((f) => f.pair);
}

export interface QueryOptions {
  readonly mode?: QueryMode;
  /** Rays only: report shapes the ray starts inside, at fraction 0. */
  readonly reportInside?: boolean;
  /** Shapes to leave out (by id). */
  readonly ignore?: ReadonlySet<string>;
  /** Only shapes on these collision layers (collisionLayer & mask ≠ 0); without it, every shape. */
  readonly mask?: number;
  /** Sweeps: which shapes the moving one meets, by both shapes' bits (default "godot"). */
  readonly filter?: FilterRule;
  /** Let sensors stop it; by default they are passed through. */
  readonly includeSensors?: boolean;
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

/** Casts the ray from → to through the scene, shape by shape in scene order ("any": the first hit in scene order). */
export function raycastScene(shapes: readonly Shape[], from: Vec2, to: Vec2, options: QueryOptions = {}): CastHit[] {
  const mode = options.mode ?? "closest";
  const dx = to.x - from.x, dy = to.y - from.y;
  const hits: CastHit[] = [];
  let best = 1;
  const mask = options.mask;
  for (const shape of shapes) {
    if (options.ignore?.has(shape.id) || !queryMaskSees(shape, mask) || (shape.sensor === true && options.includeSensors !== true)) continue;
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
    if (shape.sensor === true && options.includeSensors !== true) continue;
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
 * The closest hit of a probe kept in the scene; null for a miss, or for a sweep whose shape is not
 * in `shapes`. Sensors stop it when the probe or `includeSensors` says so; its mask, when it has
 * one, is the queries' mask.
 */
export function evaluateProbe(shapes: readonly Shape[], probe: Probe, includeSensors = false): CastHit | null {
  const options = { includeSensors: includeSensors || probe.includeSensors === true, ...(probe.mask === undefined ? {} : { mask: probe.mask }) };
  if (probe.type === "ray") return raycastScene(shapes, vec2(probe.from[0], probe.from[1]), vec2(probe.to[0], probe.to[1]), options)[0] ?? null;
  if (!shapes.some((s) => s.id === probe.shape)) return null;
  return sweepScene(shapes, probe.shape, vec2(probe.to[0], probe.to[1]), options)[0] ?? null;
}

/** An ignored pair as the plain reference words it: the overlap, and who misses whom. */
export interface ReferenceIgnoredPair extends OverlapPair {
  readonly misses: readonly { readonly shape: string; readonly mask: number; readonly other: string; readonly layer: number }[];
}

/**
 * Every overlapping pair that the filter keeps apart, each pair of shapes tried once in scene order
 * (no boxes, no tree); the misses written out per rule: godot keeps a pair apart when neither mask
 * holds the other's layer, and lists both; box2d when either does not, and lists those. A pair
 * with a sensor is listed too, marked `sensor: true`.
 */
export function findIgnoredOverlaps(shapes: readonly Shape[], filter: FilterRule = DEFAULT_FILTER_RULE): ReferenceIgnoredPair[] {
  const out: ReferenceIgnoredPair[] = [];
  const bits = (s: Shape) => ({ layer: (s.collisionLayer ?? 1) >>> 0, mask: (s.collisionMask ?? 1) >>> 0 });
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const a = shapes[i]!, b = shapes[j]!, p = bits(a), q = bits(b);
      const aMisses = (p.mask & q.layer) === 0, bMisses = (q.mask & p.layer) === 0;
      const apart = filter === "godot" ? aMisses && bMisses : filter === "box2d" ? aMisses || bMisses : false;
      if (!apart) continue;
      const first = collisionBody(a), second = collisionBody(b);
      const m = collide(first.geometry, first.transform, second.geometry, second.transform, scratch);
      if (m.pointCount === 0) continue;
      const misses = [
        ...(aMisses ? [{ shape: a.id, mask: p.mask, other: b.id, layer: q.layer }] : []),
        ...(bMisses ? [{ shape: b.id, mask: q.mask, other: a.id, layer: p.layer }] : []),
      ];
      out.push({ a: a.id, b: b.id, depth: m.depth, normal: vec2(m.normalX, m.normalY), points: manifoldPoints(m), misses, ...(a.sensor === true || b.sensor === true ? { sensor: true as const } : {}) });
    }
  }
  return out;
}
