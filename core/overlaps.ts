// Scene shapes as the collision kernels take them (geometry, transform, box), and the overlapping
// pair CollisionWorld.overlaps() lists. The world keeps a changing scene's pairs; the one-pass
// reference it is tested against is test/core/scan-reference.ts.
import { shapeBounds, type AABB } from "./geometry";
import { collide, Manifold } from "./manifold";
import { CIRCLE, geometryOf, transformOf, type ShapeGeometry, type Transform } from "./shapes";
import type { Shape } from "./scene/types";
import { vec2, type Vec2 } from "./vec2";
import { WorldError } from "./world-error";

/** A pair of overlapping shapes (`a`, `b`, their ids in scene order) with its contact manifold. */
export interface OverlapPair {
  /** Id of the pair's first shape in scene order. */
  readonly a: string;
  /** Id of the pair's second shape in scene order. */
  readonly b: string;
  /** Penetration depth (> 0): how far `b` must move along `normal` to separate from `a`. */
  readonly depth: number;
  /** Unit direction in which `b` must move by `depth` to separate from `a`. */
  readonly normal: Vec2;
  /** One or two contact points, midway between the surfaces. */
  readonly points: readonly Vec2[];
  /** true when either shape is a sensor (CollisionWorld.sensorContacts lists these apart from the overlap warnings). */
  readonly sensor?: true;
}

/** A scene shape ready for collision queries: geometry, transform and bounds. */
export interface CollisionBody {
  readonly shape: Shape;
  readonly geometry: ShapeGeometry;
  readonly transform: Transform;
  readonly aabb: AABB;
}

/**
 * Bodies by shape object. Scene shapes are immutable, so a body stays right for as long as its
 * shape object lives: while one shape is dragged, the others are not rebuilt on every step.
 */
const bodies = new WeakMap<Shape, CollisionBody>();

export function collisionBody(shape: Shape): CollisionBody {
  const cached = bodies.get(shape);
  if (cached) return cached;
  const body = makeBody(shape);
  bodies.set(shape, body);
  return body;
}

/** A new body for the shape, not cached. */
export function makeBody(shape: Shape): CollisionBody {
  const geometry = shapeGeometry(shape);
  return { shape, geometry, transform: shapeTransform(shape, geometry), aabb: shapeBounds(shape) };
}

/**
 * The geometry of a validated scene shape; throws a WorldError naming the shape for one that
 * bypassed validation (a polygon that crosses itself given to sync()).
 */
export function shapeGeometry(shape: Shape): ShapeGeometry {
  const g = geometryOf(shape);
  if (!g.ok) throw new WorldError(`shape ${JSON.stringify(shape.id)} has no geometry: ${g.reason}`);
  return g.value;
}

/** The shape's transform. A capsule made as a circle turns nothing: without its rotation it gives bit-identical results. */
export function shapeTransform(shape: Shape, geometry: ShapeGeometry): Transform {
  return geometry.kind === CIRCLE && geometry.cx === 0 && geometry.cy === 0 ? { px: shape.x, py: shape.y, c: 1, s: 0 } : transformOf(shape);
}

/** The world-space AABB of a validated scene shape. */
export function shapeAABB(shape: Shape): AABB {
  return collisionBody(shape).aabb;
}

/** The manifold of two scene shapes (A's normal points toward B). */
export function collideShapes(a: Shape, b: Shape, out: Manifold = new Manifold()): Manifold {
  const p = collisionBody(a), q = collisionBody(b);
  return collide(p.geometry, p.transform, q.geometry, q.transform, out);
}

export function manifoldPoints(m: Manifold): Vec2[] {
  const pts: Vec2[] = [];
  if (m.pointCount >= 1) pts.push(vec2(m.point1X, m.point1Y));
  if (m.pointCount >= 2) pts.push(vec2(m.point2X, m.point2Y));
  return pts;
}

/** Ids of every shape that overlaps at least one other. */
export function overlappingIds(pairs: readonly OverlapPair[]): Set<string> {
  const ids = new Set<string>();
  for (const p of pairs) {
    ids.add(p.a);
    ids.add(p.b);
  }
  return ids;
}
