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

/** From this many points on, hullOf leaves the sorting to Array.prototype.sort (stable, the same order). */
const INSERTION_SORT_MAX = 32;

/**
 * The convex hull of `points` (Andrew's monotone chain), as Box2D's b2ComputeHull: near-duplicate
 * points are welded, collinear ones dropped, and degenerate input (fewer than 3 distinct points,
 * zero area, NaN) is a failure with a reason, never NaN. The result runs with positive cross
 * products (counter-clockwise in y-up maths, clockwise on a y-down screen), as the core expects.
 */
export function computeHull(points: readonly Vec2[]): HullResult {
  const n = points.length, xy = hullRoom(n);
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return { ok: false, reason: `point ${i} is not a finite number` };
    xy[2 * i] = p.x;
    xy[2 * i + 1] = p.y;
  }
  const h = hullOf(xy, n, hullIndex);
  return typeof h === "string" ? { ok: false, reason: h } : { ok: true, points: Array.from(hullIndex.subarray(0, h), (i) => points[i]!) };
}

/**
 * Whether the points o, a, b of xy turn: a turn counts only when its sine exceeds COLLINEAR_SINE,
 * so nearly straight corners are dropped. Square roots of the squared lengths, not Math.hypot (a
 * slow builtin call, twice per test and several tests per point); hypot only where the squares
 * overflow or underflow.
 */
function turns(xy: Float64Array, o: number, a: number, b: number): boolean {
  const ox = xy[2 * o]!, oy = xy[2 * o + 1]!;
  const ax = xy[2 * a]! - ox, ay = xy[2 * a + 1]! - oy, bx = xy[2 * b]! - ox, by = xy[2 * b + 1]! - oy;
  const la = ax * ax + ay * ay, lb = bx * bx + by * by;
  const lengths = la > 1e-150 && la < 1e150 && lb > 1e-150 && lb < 1e150 ? Math.sqrt(la * lb) : Math.hypot(ax, ay) * Math.hypot(bx, by);
  return ax * by - ay * bx > COLLINEAR_SINE * lengths;
}

/** hullOf's scratch: coordinates and the hull's point indices (grown, never shrunk), and a few points sorted then welded. */
let hullXY = new Float64Array(32);
export let hullIndex = new Int32Array(32);
const hullSorted = new Int32Array(INSERTION_SORT_MAX);

/**
 * Room for n points: returns the array for their coordinates, x, y pairs, which hullOf reads,
 * and makes hullIndex long enough for its `out`. Valid until the next call.
 */
export function hullRoom(n: number): Float64Array {
  if (2 * n > hullXY.length) {
    hullXY = new Float64Array(4 * n);
    hullIndex = new Int32Array(4 * n);
  }
  return hullXY;
}

/**
 * computeHull of the n points at xy[0…2n) (x, y pairs, every one finite; hullRoom(n) called
 * first): writes the indices of the hull's points, in hull order, to out[0…) (room for 2n) and
 * returns how many, or returns why there is no hull. Indices, not objects: a scene polygon's
 * tuples need no object a point.
 */
export function hullOf(xy: Float64Array, n: number, out: Int32Array): number | string {
  if (n < 3) return `a polygon needs at least 3 points, got ${n}`;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < 2 * n; i += 2) {
    minX = Math.min(minX, xy[i]!); maxX = Math.max(maxX, xy[i]!);
    minY = Math.min(minY, xy[i + 1]!); maxY = Math.max(maxY, xy[i + 1]!);
  }
  const extent = Math.hypot(maxX - minX, maxY - minY);
  const weld = HULL_WELD_FRACTION * extent;
  // Sorted by x, then y, stably (as Array.prototype.sort with that order); a polygon's few
  // points by insertion, without the builtin's call per comparison and scratch array.
  const sorted: Int32Array | number[] = n > INSERTION_SORT_MAX ? Array.from({ length: n }, (_, i) => i).sort((a, b) => xy[2 * a]! - xy[2 * b]! || xy[2 * a + 1]! - xy[2 * b + 1]!) : hullSorted;
  if (n <= INSERTION_SORT_MAX) {
    for (let i = 0; i < n; i++) {
      const px = xy[2 * i]!, py = xy[2 * i + 1]!;
      let j = i - 1;
      while (j >= 0 && (xy[2 * sorted[j]!]! > px || (xy[2 * sorted[j]!]! === px && xy[2 * sorted[j]! + 1]! > py))) {
        sorted[j + 1] = sorted[j]!;
        j--;
      }
      sorted[j + 1] = i;
    }
  }
  // The welded points, in place of the sorted ones (never ahead of them).
  const kept = sorted;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const p = sorted[i]!, px = xy[2 * p]!, py = xy[2 * p + 1]!;
    // Sorted by x: only points within `weld` in x, at the end of the list, can be duplicates.
    let duplicate = false;
    for (let k = m - 1; k >= 0 && px - xy[2 * kept[k]!]! <= weld; k--) {
      if (Math.abs(xy[2 * kept[k]! + 1]! - py) <= weld) { duplicate = true; break; }
    }
    if (!duplicate) kept[m++] = p;
  }
  if (m < 3) return `a polygon needs at least 3 distinct points, got ${m}`;

  // The lower chain over the points, then the upper one over them in reverse, each without its last point.
  let h = 0;
  for (let chain = 0; chain < 2; chain++) {
    const start = h;
    for (let i = 0; i < m; i++) {
      const p = kept[chain === 0 ? i : m - 1 - i]!;
      while (h - start >= 2 && !turns(xy, out[h - 2]!, out[h - 1]!, p)) h--;
      out[h++] = p;
    }
    h--;
  }
  if (h < 3) return "the points are collinear (the polygon has no area)";
  // signedArea of the hull.
  let twice = 0;
  for (let k = 0; k < h; k++) {
    const a = 2 * out[k]!, b = 2 * out[(k + 1) % h]!;
    twice += xy[a]! * xy[b + 1]! - xy[a + 1]! * xy[b]!;
  }
  if (twice / 2 <= COLLINEAR_SINE * extent * extent) return "the polygon has no area";
  return h;
}
