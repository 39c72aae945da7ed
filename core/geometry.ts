// Per-geometry queries (Box2D's geometry.c): bounding boxes and point containment.
import { closestOnSegment } from "./distance";
import { coreKindOf } from "./kinds/registry";
import type { Shape } from "./scene/types";
import { PartWalk } from "./part-tree";
import { CAPSULE, CIRCLE, COMPOUND, type ShapeGeometry, type Transform } from "./shapes";
import { writeRotFromDegrees } from "./vec2";

/** An axis-aligned box `{ minX, minY, maxX, maxY }` in world units, min at most max on each axis. */
export interface AABB {
  /** The left edge's x. */
  readonly minX: number;
  /** The top edge's y (y grows downward). */
  readonly minY: number;
  /** The right edge's x. */
  readonly maxX: number;
  /** The bottom edge's y. */
  readonly maxY: number;
}

const aabb = new Float64Array(4);

/** The tight world-space bounding box of a geometry under a transform. */
export function computeAABB(g: ShapeGeometry, xf: Transform): AABB {
  writeAABB(g, xf, aabb);
  return { minX: aabb[0]!, minY: aabb[1]!, maxX: aabb[2]!, maxY: aabb[3]! };
}

/** computeAABB written as minX, minY, maxX, maxY to out[0…3]: no object, for the allocation-free queries. */
export function writeAABB(g: ShapeGeometry, xf: Transform, out: Float64Array): void {
  if (g.kind === COMPOUND) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const part of g.parts) {
      writeAABB(part, xf, out);
      minX = Math.min(minX, out[0]!); minY = Math.min(minY, out[1]!); maxX = Math.max(maxX, out[2]!); maxY = Math.max(maxY, out[3]!);
    }
    out[0] = minX; out[1] = minY; out[2] = maxX; out[3] = maxY;
    return;
  }
  const { c, s, px, py } = xf;
  if (g.kind === CIRCLE) {
    const x = c * g.cx - s * g.cy + px, y = s * g.cx + c * g.cy + py;
    out[0] = x - g.radius; out[1] = y - g.radius; out[2] = x + g.radius; out[3] = y + g.radius;
    return;
  }
  const r = g.radius;
  if (g.kind === CAPSULE) {
    const x1 = c * g.x1 - s * g.y1 + px, y1 = s * g.x1 + c * g.y1 + py;
    const x2 = c * g.x2 - s * g.y2 + px, y2 = s * g.x2 + c * g.y2 + py;
    out[0] = Math.min(x1, x2) - r; out[1] = Math.min(y1, y2) - r; out[2] = Math.max(x1, x2) + r; out[3] = Math.max(y1, y2) + r;
    return;
  }
  // A loop over plain numbers: no closure or point object per vertex (this runs for every shape
  // as a file opens).
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const v = g.vertices;
  for (let i = 0; i < 2 * g.count; i += 2) {
    const x = c * v[i]! - s * v[i + 1]! + px, y = s * v[i]! + c * v[i + 1]! + py;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  out[0] = minX - r; out[1] = minY - r; out[2] = maxX + r; out[3] = maxY + r;
}

/**
 * The bounding box of a scene shape from its own numbers, without building its geometry: the same
 * arithmetic as computeAABB on the shape's geometry (bit for bit for circles, boxes and capsules),
 * with no geometry to allocate, for drawing and framing large scenes. A polygon is boxed over all
 * its points, where its geometry welds points closer than 1e-7 of its size: the box can be larger
 * than the geometry's by that much, never smaller (the hull keeps points of the input). This is
 * the box of a scene shape everywhere (shapeAABB, the collision world, culling).
 */
export function shapeBounds(shape: Shape): AABB {
  writeShapeBounds(shape, bounds, 0);
  return { minX: bounds[0]!, minY: bounds[1]!, maxX: bounds[2]!, maxY: bounds[3]! };
}

const bounds = new Float64Array(4);

/** shapeBounds written as minX, minY, maxX, maxY at out[at…]: no object, for a world of 100,000 boxes. */
export function writeShapeBounds(shape: Shape, out: Float64Array, at: number): void {
  shapePose[0] = shape.x;
  shapePose[1] = shape.y;
  writeRotFromDegrees(shape.rotation, shapePose, 2);
  coreKindOf(shape).writeBounds(shape, shapePose, out, at);
}

const shapePose = new Float64Array(4);


export function aabbOverlaps(a: AABB, b: AABB): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

const closest = new Float64Array(2);
const containWalk = new PartWalk();

/** Whether the world point (x, y) is inside or on the geometry. A chain encloses nothing: never. */
export function containsPoint(g: ShapeGeometry, xf: Transform, x: number, y: number): boolean {
  // Into the local frame: the inverse rotation of (p − translation).
  const dx = x - xf.px, dy = y - xf.py;
  const lx = xf.c * dx + xf.s * dy, ly = -xf.s * dx + xf.c * dy;
  if (g.kind === COMPOUND) {
    if (!g.solid) return false;
    const circles = g.circles, walk = containWalk.begin(g.tree, g.parts.length, lx, ly, 0, 0, 0, 0, g.extent + Math.abs(xf.px) + Math.abs(xf.py));
    for (let i = walk.next(); i >= 0; i = walk.next()) {
      const ox = lx - circles[3 * i]!, oy = ly - circles[3 * i + 1]!, r = circles[3 * i + 2]!;
      if (ox * ox + oy * oy <= r * r && containsPoint(g.parts[i]!, xf, x, y)) return true;
    }
    return false;
  }
  if (g.kind === CIRCLE) return (lx - g.cx) ** 2 + (ly - g.cy) ** 2 <= g.radius * g.radius;
  if (g.kind === CAPSULE) {
    closestOnSegment(lx, ly, g.x1, g.y1, g.x2, g.y2, closest);
    return (lx - closest[0]!) ** 2 + (ly - closest[1]!) ** 2 <= g.radius * g.radius;
  }
  const v = g.vertices, n = g.normals;
  let maxSep = -Infinity, edge = 0;
  for (let i = 0; i < g.count; i++) {
    const s = n[2 * i]! * (lx - v[2 * i]!) + n[2 * i + 1]! * (ly - v[2 * i + 1]!);
    if (s > maxSep) { maxSep = s; edge = i; }
  }
  if (maxSep <= 0) return true;
  if (g.radius === 0) return false;
  // Rounded polygon: within radius of the nearest edge (the max-separation edge or its neighbours).
  let best = Infinity;
  for (const i of [edge, (edge + g.count - 1) % g.count, (edge + 1) % g.count]) {
    const j = (i + 1) % g.count;
    closestOnSegment(lx, ly, v[2 * i]!, v[2 * i + 1]!, v[2 * j]!, v[2 * j + 1]!, closest);
    best = Math.min(best, (lx - closest[0]!) ** 2 + (ly - closest[1]!) ** 2);
  }
  return best <= g.radius * g.radius;
}
