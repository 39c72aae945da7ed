// Overlap of two rounded convex polygons with penetration depth and normal: one generic method for
// every pair of shape kinds (circle, box, capsule, polygon). Issue 3 specialises pairs into
// Box2D-style manifolds; this stays the plain, exact reference path.
//
// Method: separating axes on the cores. If some axis separates the cores, their exact distance d
// comes from the closest vertex–edge pair (disjoint convex polygons always have a vertex in their
// closest pair) and depth = rA + rB − d. If no axis separates them, the smallest overlap over the
// axes is the cores' penetration (the Minkowski difference's faces are the edges of both), and
// depth = that + rA + rB, since growing a convex set by r moves every face out by r.
import type { RoundedPolygon } from "./geometry";
import { dot, length, normalize, perp, scale, sub, vec2, add, type Vec2 } from "./vec2";

/** The smallest translation that separates B from A: move B by `depth` along `normal`. */
export interface Penetration {
  /** > 0: the length of the minimum translation. */
  readonly depth: number;
  /** Unit vector pointing from A toward B. */
  readonly normal: Vec2;
}

/** Direction used when the two shapes are concentric points and nothing else gives one: up on screen. */
export const FALLBACK_NORMAL: Vec2 = vec2(0, -1);

/**
 * Shapes that only touch do not overlap: a depth within this fraction of the coordinates' magnitude
 * is rounding (a few ulps), not an overlap. Regression: 1e-10 dropped a real 5e-5 overlap at 1e6.
 */
const TOUCH_TOLERANCE = 1e-12;

/** A capsule core shorter than this (relative to the coordinates) has no direction worth an axis. */
const DEGENERATE_EDGE = 1e-12;

/** Candidate separating directions for one core; callers also try each direction's opposite. */
function coreAxes(points: readonly Vec2[], out: Vec2[], scale: number): void {
  const n = points.length;
  if (n === 2) {
    // Regression: a capsule a few ulps taller than its caps has a core of ~1e-14, whose
    // "direction" was the fallback (1, 0) and hid the real separating axis. Such a core is a
    // point; the centre-to-centre axis covers it.
    const e = sub(points[1]!, points[0]!);
    if (length(e) > DEGENERATE_EDGE * scale) out.push(normalize(perp(e)), normalize(e));
    return;
  }
  for (let i = 0; i < n && n >= 3; i++) {
    const e = sub(points[(i + 1) % n]!, points[i]!);
    out.push(normalize(perp(e)));
  }
}

function projectRange(points: readonly Vec2[], axis: Vec2): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    const d = dot(p, axis);
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  return [lo, hi];
}

/** Closest point to p on segment ab (Ericson 5.1.2; a zero-length segment is its end point). */
export function closestPointOnSegment(p: Vec2, a: Vec2, b: Vec2): Vec2 {
  const ab = sub(b, a);
  const denom = dot(ab, ab);
  if (denom === 0) return a;
  const t = Math.min(1, Math.max(0, dot(sub(p, a), ab) / denom));
  return add(a, scale(ab, t));
}

interface ClosestPair {
  distance: number;
  onA: Vec2;
  onB: Vec2;
}

/** Exact distance between two disjoint convex cores, by every vertex against every edge. */
function disjointCoreDistance(a: readonly Vec2[], b: readonly Vec2[]): ClosestPair {
  const best: ClosestPair = { distance: Infinity, onA: a[0]!, onB: b[0]! };
  const visit = (vertices: readonly Vec2[], edges: readonly Vec2[], vertexOnA: boolean): void => {
    const m = edges.length;
    const edgeCount = m === 1 ? 1 : m === 2 ? 1 : m;
    for (const v of vertices) {
      for (let i = 0; i < edgeCount; i++) {
        const q = closestPointOnSegment(v, edges[i]!, edges[(i + 1) % m]!);
        const d = length(sub(q, v));
        if (d < best.distance) {
          best.distance = d;
          best.onA = vertexOnA ? v : q;
          best.onB = vertexOnA ? q : v;
        }
      }
    }
  };
  visit(a, b, true);
  visit(b, a, false);
  return best;
}

function centroid(points: readonly Vec2[]): Vec2 {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return vec2(x / points.length, y / points.length);
}

function magnitude(a: RoundedPolygon, b: RoundedPolygon): number {
  let m = Math.max(a.radius, b.radius, 1);
  for (const p of a.points) m = Math.max(m, Math.abs(p.x), Math.abs(p.y));
  for (const p of b.points) m = Math.max(m, Math.abs(p.x), Math.abs(p.y));
  return m;
}

/**
 * Penetration of B into A, or null when they are apart or only touch.
 * Concentric circles (and coincident single points) get FALLBACK_NORMAL.
 */
export function overlapRoundedPolygons(a: RoundedPolygon, b: RoundedPolygon): Penetration | null {
  const size = magnitude(a, b);
  const axes: Vec2[] = [];
  coreAxes(a.points, axes, size);
  coreAxes(b.points, axes, size);
  // Point-like cores have no faces: the axis between the centres separates them. For any other
  // pair it is one more valid axis, which never changes the result (see the header comment).
  const d = sub(centroid(b.points), centroid(a.points));
  if (d.x !== 0 || d.y !== 0) axes.push(normalize(d));

  let bestSeparation = -Infinity;
  let bestAxis = FALLBACK_NORMAL;
  for (const axis of axes) {
    for (const u of [axis, scale(axis, -1)]) {
      const [, maxA] = projectRange(a.points, u);
      const [minB] = projectRange(b.points, u);
      const s = minB - maxA;
      if (s > bestSeparation) {
        bestSeparation = s;
        bestAxis = u;
      }
    }
  }

  const radii = a.radius + b.radius;
  const tolerance = TOUCH_TOLERANCE * size;
  if (bestSeparation > 0) {
    const closest = disjointCoreDistance(a.points, b.points);
    const depth = radii - closest.distance;
    if (depth <= tolerance) return null;
    return { depth, normal: normalize(sub(closest.onB, closest.onA), bestAxis) };
  }
  // No axes at all: two coincident point-like cores (concentric circles).
  const coreDepth = axes.length === 0 ? 0 : -bestSeparation;
  const depth = coreDepth + radii;
  if (depth <= tolerance) return null;
  return { depth, normal: bestAxis };
}
