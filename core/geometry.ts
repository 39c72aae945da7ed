// Every shape kind reduced to one form, as Box2D does: a convex point cloud (1 point for a circle,
// 2 for a capsule's core segment, 3+ for boxes and polygons) inflated by a radius.
import { clockwise, toVec } from "./hull";
import type { Shape } from "./scene/types";
import { rotFromDegrees, transformPoint, vec2, type Transform, type Vec2 } from "./vec2";

/** A convex set: the convex hull of `points` (clockwise on screen when 3+), grown by `radius`. */
export interface RoundedPolygon {
  readonly points: readonly Vec2[];
  readonly radius: number;
}

export interface AABB {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function shapeTransform(shape: Shape): Transform {
  return { p: vec2(shape.x, shape.y), q: rotFromDegrees(shape.type === "circle" ? 0 : shape.rotation) };
}

/** The shape's local-space rounded polygon (before its transform). */
export function localProxy(shape: Shape): RoundedPolygon {
  switch (shape.type) {
    case "circle":
      return { points: [vec2(0, 0)], radius: shape.radius };
    case "box": {
      const hw = shape.width / 2;
      const hh = shape.height / 2;
      return { points: [vec2(-hw, -hh), vec2(hw, -hh), vec2(hw, hh), vec2(-hw, hh)], radius: 0 };
    }
    case "capsule": {
      const half = shape.height / 2 - shape.radius;
      // A capsule exactly as tall as its caps is a circle: one point, not a zero-length segment.
      const points = half > 0 ? [vec2(0, -half), vec2(0, half)] : [vec2(0, 0)];
      return { points, radius: shape.radius };
    }
    case "polygon":
      return { points: clockwise(shape.points.map(toVec)), radius: 0 };
  }
}

/** The shape in world space. */
export function worldProxy(shape: Shape): RoundedPolygon {
  const local = localProxy(shape);
  const xf = shapeTransform(shape);
  return { points: local.points.map((p) => transformPoint(xf, p)), radius: local.radius };
}

export function proxyAABB(proxy: RoundedPolygon): AABB {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of proxy.points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const r = proxy.radius;
  return { minX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r };
}

/** The tight world-space axis-aligned bounding box of a shape. */
export function shapeAABB(shape: Shape): AABB {
  return proxyAABB(worldProxy(shape));
}

export function aabbOverlaps(a: AABB, b: AABB): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}
