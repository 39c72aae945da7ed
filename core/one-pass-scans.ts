// TRANSITIONAL: a copy of the one-pass scans of test/core/scan-reference.ts (the reference the
// world is fuzzed against), kept in core only while code outside the core still imports them
// through core/index.ts: renderer/canvas/SceneCanvas.tsx (evaluateProbe), test/renderer
// (findOverlaps, raycastScene), test/e2e/scale.e2e.test.ts and test/bench/editor.bench.ts
// (findOverlaps). Every other caller, the CLI included, goes through CollisionWorld. Delete this
// file and its lines in core/index.ts once those imports are gone.
import { DEFAULT_FILTER_RULE, queryMaskSees, shapesCollide, type FilterRule } from "./collision-filter";
import { aabbOverlaps, type AABB } from "./geometry";
import { collide, Manifold } from "./manifold";
import { collisionBody, manifoldPoints, type OverlapPair } from "./overlaps";
import { CastOutput, rayCast } from "./raycast";
import { segmentHitsAABB, type CastHit, type QueryMode } from "./scene-query";
import { shapeCast } from "./shape-cast";
import type { Probe, Shape } from "./scene/types";
import { vec2, type Vec2 } from "./vec2";

interface OverlapOptions {
  /** Which pairs interact, by their collision bits (default "godot"; "none" reports every overlap). */
  readonly filter?: FilterRule;
}

const scratch = new Manifold();

/**
 * @deprecated Use CollisionWorld.overlaps().
 * All overlapping pairs that the filter lets interact, each once, `a` before `b` in scene order;
 * sorted by (a, b) scene index. Boxes that touch count as meeting.
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
      found.push({ i, j, pair: { a: first.shape.id, b: second.shape.id, depth: m.depth, normal: vec2(m.normalX, m.normalY), points: manifoldPoints(m) } });
    }
  }
  found.sort((u, v) => u.i - v.i || u.j - v.j);
  return found.map((f) => f.pair);
}

interface QueryOptions {
  readonly mode?: QueryMode;
  /** Rays only: report shapes the ray starts inside, at fraction 0. */
  readonly reportInside?: boolean;
  /** Shapes to leave out (by id). */
  readonly ignore?: ReadonlySet<string>;
  /** Only shapes on these collision layers (collisionLayer & mask ≠ 0); without it, every shape. */
  readonly mask?: number;
  /** Sweeps: which shapes the moving one meets, by both shapes' bits (default "godot"). */
  readonly filter?: FilterRule;
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

/** @deprecated Use CollisionWorld.raycast(). Casts the ray from → to through the scene, shape by shape in scene order ("any": the first hit in scene order). */
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
function sweepScene(shapes: readonly Shape[], movingId: string, to: Vec2, options: QueryOptions = {}): CastHit[] {
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

/** @deprecated Use CollisionWorld.probe(). The closest hit of a probe kept in the scene; null for a miss, or for a sweep whose shape is not in `shapes`. */
export function evaluateProbe(shapes: readonly Shape[], probe: Probe): CastHit | null {
  if (probe.type === "ray") return raycastScene(shapes, vec2(probe.from[0], probe.from[1]), vec2(probe.to[0], probe.to[1]))[0] ?? null;
  if (!shapes.some((s) => s.id === probe.shape)) return null;
  return sweepScene(shapes, probe.shape, vec2(probe.to[0], probe.to[1]))[0] ?? null;
}
