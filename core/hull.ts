// Polygons: checkConvexPolygon judges points as a designer typed them (a file is never silently
// changed on load); computeHull builds a hull from any points, welding and repairing.
import { cross, safeLength, sub, vec2, type Vec2 } from "./vec2";

export type ConvexityProblem =
  | { readonly kind: "too-few-points"; readonly message: string }
  | { readonly kind: "non-finite"; readonly index: number; readonly message: string }
  | { readonly kind: "duplicate-point"; readonly index: number; readonly message: string }
  | { readonly kind: "collinear"; readonly index: number; readonly message: string }
  | { readonly kind: "not-convex"; readonly index: number; readonly message: string };

/** Relative tolerance under which three points count as collinear (sin of the turn angle). */
export const COLLINEAR_SINE = 1e-9;

/**
 * Checks that `points` form a strictly convex simple polygon in either winding: every turn has the
 * same sign, none is (near) straight, and the boundary winds exactly once (a pentagram turns the
 * same way at every vertex but winds twice). Returns null when convex.
 */
export function checkConvexPolygon(points: readonly Vec2[]): ConvexityProblem | null {
  const n = points.length;
  if (n < 3) return { kind: "too-few-points", message: `a polygon needs at least 3 points, got ${n}` };
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return { kind: "non-finite", index: i, message: "point is not a finite number" };
  }
  let sign = 0;
  let turning = 0;
  for (let i = 0; i < n; i++) {
    const a = points[(i + n - 1) % n]!;
    const b = points[i]!;
    const c = points[(i + 1) % n]!;
    const e1 = sub(b, a);
    const e2 = sub(c, b);
    const l1 = safeLength(e1.x, e1.y), l2 = safeLength(e2.x, e2.y);
    // A closed polyline repeats its first point last: name that point, not a collinear one.
    if (l1 === 0) return { kind: "duplicate-point", index: i, message: `point ${i} repeats point ${(i + n - 1) % n}` };
    if (l2 === 0 || l2 <= 1e-12 * Math.max(Math.abs(b.x), Math.abs(b.y), 1)) {
      return { kind: "duplicate-point", index: (i + 1) % n, message: `point ${(i + 1) % n} repeats point ${i}` };
    }
    const k = cross(e1, e2);
    if (Math.abs(k) <= COLLINEAR_SINE * l1 * l2) {
      return { kind: "collinear", index: i, message: `point ${i} is collinear with its neighbours (polygon is degenerate or not strictly convex)` };
    }
    const s = Math.sign(k);
    if (sign === 0) sign = s;
    else if (s !== sign) return { kind: "not-convex", index: i, message: `polygon is not convex (it turns the other way at point ${i})` };
    turning += Math.atan2(k, e1.x * e2.x + e1.y * e2.y);
  }
  if (Math.abs(Math.abs(turning) - 2 * Math.PI) > 1e-6) {
    return { kind: "not-convex", index: 0, message: "polygon is not convex (its edges cross each other)" };
  }
  return null;
}

/** Signed area; positive when the points run clockwise on screen (y down). */
export function signedArea(points: readonly Vec2[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    twice += cross(a, b);
  }
  return twice / 2;
}

export const toVec = (p: readonly [number, number]): Vec2 => vec2(p[0], p[1]);

export type HullResult =
  | { readonly ok: true; readonly points: Vec2[] }
  | { readonly ok: false; readonly reason: string };

/** Points closer than this fraction of the point set's extent are welded into one. */
export const HULL_WELD_FRACTION = 1e-7;

/**
 * The convex hull of `points` (Andrew's monotone chain), as Box2D's b2ComputeHull: near-duplicate
 * points are welded, collinear ones dropped, and degenerate input (fewer than 3 distinct points,
 * zero area, NaN) is a failure with a reason, never NaN. The result runs with positive cross
 * products (counter-clockwise in y-up maths, clockwise on a y-down screen), as the core expects.
 */
/** From this many points on, sortedByXY leaves the sorting to Array.prototype.sort. */
const INSERTION_SORT_MAX = 32;

/**
 * A copy of the points sorted by x, then y, stably (as Array.prototype.sort with that order): a
 * polygon's few points by insertion, without the builtin's call per comparison and scratch array.
 */
export function sortedByXY(points: readonly Vec2[]): Vec2[] {
  const out = points.slice();
  if (out.length > INSERTION_SORT_MAX) return out.sort((a, b) => a.x - b.x || a.y - b.y);
  for (let i = 1; i < out.length; i++) {
    const p = out[i]!;
    let j = i - 1;
    // Moves past strictly greater points only: equal ones keep their order.
    while (j >= 0 && (out[j]!.x > p.x || (out[j]!.x === p.x && out[j]!.y > p.y))) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = p;
  }
  return out;
}

export function computeHull(points: readonly Vec2[]): HullResult {
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return { ok: false, reason: `point ${i} is not a finite number` };
  }
  if (points.length < 3) return { ok: false, reason: `a polygon needs at least 3 points, got ${points.length}` };
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
  }
  const extent = Math.hypot(maxX - minX, maxY - minY);
  const weld = HULL_WELD_FRACTION * extent;
  const sorted = sortedByXY(points);
  const distinct: Vec2[] = [];
  for (const p of sorted) {
    // Sorted by x: only points within `weld` in x, at the end of the list, can be duplicates.
    let duplicate = false;
    for (let k = distinct.length - 1; k >= 0 && p.x - distinct[k]!.x <= weld; k--) {
      if (Math.abs(distinct[k]!.y - p.y) <= weld) { duplicate = true; break; }
    }
    if (!duplicate) distinct.push(p);
  }
  if (distinct.length < 3) return { ok: false, reason: `a polygon needs at least 3 distinct points, got ${distinct.length}` };

  // A turn counts only when its sine exceeds this: nearly straight corners are dropped.
  // Square roots of the squared lengths, not Math.hypot (a slow builtin call, twice per test and
  // several tests per point); hypot only where the squares overflow or underflow.
  const turns = (o: Vec2, a: Vec2, b: Vec2): boolean => {
    const ax = a.x - o.x, ay = a.y - o.y, bx = b.x - o.x, by = b.y - o.y;
    const la = ax * ax + ay * ay, lb = bx * bx + by * by;
    const lengths = la > 1e-150 && la < 1e150 && lb > 1e-150 && lb < 1e150 ? Math.sqrt(la * lb) : Math.hypot(ax, ay) * Math.hypot(bx, by);
    return ax * by - ay * bx > COLLINEAR_SINE * lengths;
  };
  const chain = (pts: readonly Vec2[]): Vec2[] => {
    const out: Vec2[] = [];
    for (const p of pts) {
      while (out.length >= 2 && !turns(out[out.length - 2]!, out[out.length - 1]!, p)) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  const hull = [...chain(distinct), ...chain([...distinct].reverse())];
  if (hull.length < 3) return { ok: false, reason: "the points are collinear (the polygon has no area)" };
  if (signedArea(hull) <= COLLINEAR_SINE * extent * extent) return { ok: false, reason: "the polygon has no area" };
  return { ok: true, points: hull };
}
