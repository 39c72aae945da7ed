// Distances: segment–segment (Ericson 5.1.9, as Box2D's b2SegmentDistance and seed 003), and GJK
// between two convex point clouds (Box2D's b2ShapeDistance, after Gino van den Bergen). Results
// are written into caller-owned objects so hot paths allocate nothing.

export class SegmentDistanceResult {
  closest1X = 0;
  closest1Y = 0;
  closest2X = 0;
  closest2Y = 0;
  fraction1 = 0;
  fraction2 = 0;
  distanceSquared = 0;
}

/** sqrt(x² + y²), without Math.hypot's guard against overflow: squares overflow only past 1e154. */
export function len(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * Closest points between segments p1q1 and p2q2. Zero-length segments are points; parallel
 * segments get one of their closest pairs. Never NaN for finite input.
 */
export function segmentDistance(
  p1x: number, p1y: number, q1x: number, q1y: number,
  p2x: number, p2y: number, q2x: number, q2y: number,
  out: SegmentDistanceResult,
): SegmentDistanceResult {
  const e = segmentEnds;
  e[0] = p1x; e[1] = p1y; e[2] = q1x; e[3] = q1y; e[4] = p2x; e[5] = p2y; e[6] = q2x; e[7] = q2y;
  return segmentsDistance(e, out);
}

/** The two segments' ends (p1, q1, p2, q2) for segmentsDistance. */
const segmentEnds = new Float64Array(8);

/**
 * segmentDistance of the segments whose ends are in e[0…7] (p1x, p1y, q1x, q1y, p2x, p2y, q2x,
 * q2y): numbers in an array, as V8 boxes the doubles of a call it does not inline. Clamps are
 * written out for the same reason.
 */
function segmentsDistance(e: Float64Array, out: SegmentDistanceResult): SegmentDistanceResult {
  const p1x = e[0]!, p1y = e[1]!, p2x = e[4]!, p2y = e[5]!;
  const d1x = e[2]! - p1x, d1y = e[3]! - p1y;
  const d2x = e[6]! - p2x, d2y = e[7]! - p2y;
  const rx = p1x - p2x, ry = p1y - p2y;
  const dd1 = d1x * d1x + d1y * d1y;
  const dd2 = d2x * d2x + d2y * d2y;
  const rd1 = rx * d1x + ry * d1y;
  const rd2 = rx * d2x + ry * d2y;
  let f1 = 0, f2 = 0, v: number;
  if (dd1 === 0 || dd2 === 0) {
    if (dd1 !== 0) { v = -rd1 / dd1; f1 = v < 0 ? 0 : v > 1 ? 1 : v; }
    else if (dd2 !== 0) { v = rd2 / dd2; f2 = v < 0 ? 0 : v > 1 ? 1 : v; }
  } else {
    const d12 = d1x * d2x + d1y * d2y;
    // Where the lines cross, from the 2D cross product: dd1·dd2 − d12² is the same number in
    // exact arithmetic but cancels catastrophically for nearly parallel segments (regression:
    // two crossing capsules 3e-7 rad apart were found 3e-9 apart, and their depth was off by 2e-6).
    const cross = d1x * d2y - d1y * d2x;
    // Parallel: any f1 on the overlap is a closest pair; start from p1.
    if (cross !== 0) { v = (d2x * ry - d2y * rx) / cross; f1 = v < 0 ? 0 : v > 1 ? 1 : v; }
    f2 = (d12 * f1 + rd2) / dd2;
    if (f2 < 0) {
      f2 = 0;
      v = -rd1 / dd1; f1 = v < 0 ? 0 : v > 1 ? 1 : v;
    } else if (f2 > 1) {
      f2 = 1;
      v = (d12 - rd1) / dd1; f1 = v < 0 ? 0 : v > 1 ? 1 : v;
    }
  }
  out.fraction1 = f1;
  out.fraction2 = f2;
  out.closest1X = p1x + f1 * d1x;
  out.closest1Y = p1y + f1 * d1y;
  out.closest2X = p2x + f2 * d2x;
  out.closest2Y = p2y + f2 * d2y;
  const dx = out.closest2X - out.closest1X, dy = out.closest2Y - out.closest1Y;
  out.distanceSquared = dx * dx + dy * dy;
  return out;
}

/**
 * segmentDistance of the segment from point i1 to point j1 of v1 (x, y pairs) and the one from
 * point i2 to point j2 of v2. Takes no numbers but indices: a number passed to a call V8 does not
 * inline is boxed on every call.
 */
export function edgeDistance(v1: Float64Array, i1: number, j1: number, v2: Float64Array, i2: number, j2: number, out: SegmentDistanceResult): SegmentDistanceResult {
  const e = segmentEnds;
  e[0] = v1[2 * i1]!; e[1] = v1[2 * i1 + 1]!; e[2] = v1[2 * j1]!; e[3] = v1[2 * j1 + 1]!;
  e[4] = v2[2 * i2]!; e[5] = v2[2 * i2 + 1]!; e[6] = v2[2 * j2]!; e[7] = v2[2 * j2 + 1]!;
  return segmentsDistance(e, out);
}

/** Closest point to (px, py) on segment ab, written to out[0], out[1]; returns the fraction. */
export function closestOnSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number, out: Float64Array): number {
  const ex = bx - ax, ey = by - ay;
  const ee = ex * ex + ey * ey;
  const t = ee === 0 ? 0 : clamp01(((px - ax) * ex + (py - ay) * ey) / ee);
  out[0] = ax + t * ex;
  out[1] = ay + t * ey;
  return t;
}

export class GjkResult {
  /** Closest point on core A and on core B (before radii). */
  pointAX = 0;
  pointAY = 0;
  pointBX = 0;
  pointBY = 0;
  /** Distance between the cores; 0 when they overlap. */
  distance = 0;
  /** Feature sizes of the final simplex: 1 vertex–vertex, 2 an edge is involved, 3 overlap. */
  simplexCount = 0;
  iterations = 0;
  /**
   * The final simplex's support indices (Box2D's b2SimplexCache): `cacheCount` pairs (A, B). A
   * later call on nearly the same pair can start from them (`warm`) and skip most iterations.
   */
  cacheCount = 0;
  cacheA1 = 0;
  cacheB1 = 0;
  cacheA2 = 0;
  cacheB2 = 0;
  /** gjkCast: how far along its motion B first comes within sigma of A. */
  fraction = 0;
}

const MAX_ITERATIONS = 40;

/**
 * The feature of the segment w1w2 closest to the origin (Box2D v3 b2SolveSimplex2, Ericson's
 * Voronoi regions): vertex 1, vertex 2 or the edge. The simplex's points stay with the caller, in
 * locals; this reads only their differences w = b − a and says what to keep, as one small
 * integer: count + 4·move, the new vertex count (3 only for a triangle holding the origin) and
 * which vertex moves to which slot so that the kept ones come first, in order (0 none, 1 vertex 2
 * to slot 1, 2 vertex 3 to slot 1, 3 vertex 3 to slot 2). Literal numbers, not named constants,
 * which optimized code reads from the module's context at every use: these decide every GJK step. The weights of the point found are computed once the loop ends (nothing in the loop
 * reads them): an edge's in the loop's own code, with Box2D's b2SolveSimplex2 formula, which for
 * each edge solveSimplex3 keeps gives, bit for bit, its d12, d13 or d23 terms on the kept pair in
 * its new order; a triangle's by triangleWeights.
 */
function solveSimplex2(w1x: number, w1y: number, w2x: number, w2y: number): number {
  const ex = w2x - w1x, ey = w2y - w1y;
  if (-(w1x * ex + w1y * ey) <= 0) return 1; // vertex 1
  return w2x * ex + w2y * ey <= 0 ? 1 + 4 * 1 : 2; // vertex 2 (to slot 1), or the edge
}

/**
 * The feature of the triangle w1w2w3 closest to the origin (Box2D v3 b2SolveSimplex3): a vertex,
 * an edge, or the whole triangle when the origin lies inside it (count 3: the hulls overlap).
 * Same encoding as solveSimplex2; the edge 2–3 is kept as (3, 2), vertex 3 moved to slot 1, as
 * in Box2D.
 */
function solveSimplex3(w1x: number, w1y: number, w2x: number, w2y: number, w3x: number, w3y: number): number {
  const e12x = w2x - w1x, e12y = w2y - w1y, e13x = w3x - w1x, e13y = w3y - w1y, e23x = w3x - w2x, e23y = w3y - w2y;
  const d12_1 = w2x * e12x + w2y * e12y, d12_2 = -(w1x * e12x + w1y * e12y);
  const d13_1 = w3x * e13x + w3y * e13y, d13_2 = -(w1x * e13x + w1y * e13y);
  const d23_1 = w3x * e23x + w3y * e23y, d23_2 = -(w2x * e23x + w2y * e23y);
  const n123 = e12x * e13y - e12y * e13x;
  if (d12_2 <= 0 && d13_2 <= 0) return 1; // vertex 1
  if (d12_1 > 0 && d12_2 > 0 && n123 * (w1x * w2y - w1y * w2x) <= 0) return 2; // edge 1–2
  if (d13_1 > 0 && d13_2 > 0 && n123 * (w3x * w1y - w3y * w1x) <= 0) return 2 + 4 * 3; // edge 1–3
  if (d12_1 <= 0 && d23_2 <= 0) return 1 + 4 * 1; // vertex 2
  if (d13_1 <= 0 && d23_1 <= 0) return 1 + 4 * 2; // vertex 3
  if (d23_1 > 0 && d23_2 > 0 && n123 * (w2x * w3y - w2y * w3x) <= 0) return 2 + 4 * 2; // edge 3–2
  return 3; // the origin inside
}

/**
 * The origin's barycentric weights in the triangle w1w2w3 that holds it (`w`: w1x, w1y, w2x, w2y,
 * w3x, w3y), into weights[0..2] (Box2D v3 b2SolveSimplex3's). Only an overlap ends here, so it
 * is left out of line; its numbers come in an array, as a call V8 does not inline boxes doubles.
 */
function triangleWeights(w: Float64Array, weights: Float64Array): void {
  const w1x = w[0]!, w1y = w[1]!, w2x = w[2]!, w2y = w[3]!, w3x = w[4]!, w3y = w[5]!;
  const n123 = (w2x - w1x) * (w3y - w1y) - (w2y - w1y) * (w3x - w1x);
  const d123_1 = n123 * (w2x * w3y - w2y * w3x);
  const d123_2 = n123 * (w3x * w1y - w3y * w1x);
  const d123_3 = n123 * (w1x * w2y - w1y * w2x);
  const inv = 1 / (d123_1 + d123_2 + d123_3);
  weights[0] = d123_1 * inv; weights[1] = d123_2 * inv; weights[2] = d123_3 * inv;
}

/**
 * The index of a point of the convex polygon `p` (n points in cyclic order) farthest along
 * (dx, dy), climbing from `from` to whichever neighbour is farther until neither is. Along a
 * strictly convex boundary the projection rises to one maximum and falls, so the climb ends there.
 */
function climb(p: Float64Array, n: number, from: number, dx: number, dy: number): number {
  let i = from >= 0 && from < n ? from : 0, v = p[2 * i]! * dx + p[2 * i + 1]! * dy;
  for (let guard = 0; guard < n; guard++) {
    const next = i + 1 === n ? 0 : i + 1, vn = p[2 * next]! * dx + p[2 * next + 1]! * dy;
    if (vn > v) { i = next; v = vn; continue; }
    const prev = i === 0 ? n - 1 : i - 1, vp = p[2 * prev]! * dx + p[2 * prev + 1]! * dy;
    if (vp > v) { i = prev; v = vp; continue; }
    break;
  }
  return i;
}

// gjkDistance's scratch for triangleWeights: the triangle, and its weights.
const weights = new Float64Array(3), triangle = new Float64Array(6);

/**
 * Distance between the convex hulls of two point clouds given in the same frame (packed x, y),
 * by GJK (Box2D v3 b2ShapeDistance, after Gino van den Bergen). Terminates on a repeated support
 * pair, as Box2D; a 3-simplex means the hulls overlap (distance 0, both points the origin's
 * barycentric point on it). After MAX_ITERATIONS the witness points are read off the simplex as
 * it stands, a vertex just added weighing 1, as Box2D's.
 *
 * `hull`: both clouds are convex polygons in cyclic order (the cores core/ builds: polygon
 * vertices in hull order, a capsule's two ends, a circle's centre). The support search then climbs
 * from the last support point along the boundary, where the dot product rises to one maximum,
 * instead of reading every point.
 *
 * The simplex lives in locals (vertex k: support points ak, bk, support indices iak, ibk) and
 * solveSimplex2/3 decide which of them stay; a typed array holding it would be checked on every
 * read and write.
 */
export function gjkDistance(a: Float64Array, countA: number, b: Float64Array, countB: number, out: GjkResult, warm = false, hull = false): GjkResult {
  // Start from the first points, or from the last call's simplex (its indices, today's points)
  // when warm: the cast loops measure the same pair a little further along each step.
  const useCache = warm && out.cacheCount > 0 && out.cacheA1 < countA && out.cacheB1 < countB && (out.cacheCount === 1 || (out.cacheA2 < countA && out.cacheB2 < countB));
  let ia1 = useCache ? out.cacheA1 : 0, ib1 = useCache ? out.cacheB1 : 0;
  let a1x = a[2 * ia1]!, a1y = a[2 * ia1 + 1]!, b1x = b[2 * ib1]!, b1y = b[2 * ib1 + 1]!;
  let ia2 = -1, ib2 = -1, a2x = 0, a2y = 0, b2x = 0, b2y = 0;
  if (useCache && out.cacheCount === 2) {
    ia2 = out.cacheA2; ib2 = out.cacheB2;
    a2x = a[2 * ia2]!; a2y = a[2 * ia2 + 1]!; b2x = b[2 * ib2]!; b2y = b[2 * ib2 + 1]!;
  }
  let ia3 = -1, ib3 = -1, a3x = 0, a3y = 0, b3x = 0, b3y = 0;
  let count = useCache && out.cacheCount === 2 ? 2 : 1, iter = 0, added = false;
  while (iter < MAX_ITERATIONS) {
    const saveCount = count;
    const s1a = ia1, s1b = ib1, s2a = ia2, s2b = ib2, s3a = ia3, s3b = ib3;
    added = false;
    if (count > 1) {
      const solved = count === 2
        ? solveSimplex2(b1x - a1x, b1y - a1y, b2x - a2x, b2y - a2y)
        : solveSimplex3(b1x - a1x, b1y - a1y, b2x - a2x, b2y - a2y, b3x - a3x, b3y - a3y);
      const move = solved >> 2;
      count = solved & 3;
      if (move === 1) { ia1 = ia2; ib1 = ib2; a1x = a2x; a1y = a2y; b1x = b2x; b1y = b2y; }
      else if (move === 2) { ia1 = ia3; ib1 = ib3; a1x = a3x; a1y = a3y; b1x = b3x; b1y = b3y; }
      else if (move === 3) { ia2 = ia3; ib2 = ib3; a2x = a3x; a2y = a3y; b2x = b3x; b2y = b3y; }
      if (count === 3) break;
    }
    // Search direction: towards the origin from the closest feature.
    let dx: number, dy: number;
    const v1x = b1x - a1x, v1y = b1y - a1y;
    if (count === 1) { dx = -v1x; dy = -v1y; }
    else {
      const ex = b2x - a2x - v1x, ey = b2y - a2y - v1y;
      if (ex * -v1y - ey * -v1x > 0) { dx = -ey; dy = ex; } else { dx = ey; dy = -ex; }
    }
    // The origin is on the simplex (touching or overlapping): nothing closer to find.
    if (dx * dx + dy * dy === 0) break;
    // Support of A along −d and of B along d.
    let iA = 0, iB = 0;
    if (hull && countA > 3) iA = climb(a, countA, count === 1 ? ia1 : count === 2 ? ia2 : ia3, -dx, -dy);
    else {
      let best = -(a[0]! * dx + a[1]! * dy);
      for (let i = 2; i < 2 * countA; i += 2) {
        const v = -(a[i]! * dx + a[i + 1]! * dy);
        if (v > best) { best = v; iA = i >> 1; }
      }
    }
    if (hull && countB > 3) iB = climb(b, countB, count === 1 ? ib1 : count === 2 ? ib2 : ib3, dx, dy);
    else {
      let best = b[0]! * dx + b[1]! * dy;
      for (let i = 2; i < 2 * countB; i += 2) {
        const v = b[i]! * dx + b[i + 1]! * dy;
        if (v > best) { best = v; iB = i >> 1; }
      }
    }
    iter++;
    // A repeated support pair means no progress: the main termination test, as in Box2D.
    if ((iA === s1a && iB === s1b) || (saveCount >= 2 && iA === s2a && iB === s2b) || (saveCount >= 3 && iA === s3a && iB === s3b)) break;
    if (count === 1) { ia2 = iA; ib2 = iB; a2x = a[2 * iA]!; a2y = a[2 * iA + 1]!; b2x = b[2 * iB]!; b2y = b[2 * iB + 1]!; }
    else { ia3 = iA; ib3 = iB; a3x = a[2 * iA]!; a3y = a[2 * iA + 1]!; b3x = b[2 * iB]!; b3y = b[2 * iB + 1]!; }
    count++;
    added = true;
  }
  out.iterations = iter;
  out.simplexCount = count;
  // Keep the closest feature for a warm start (a triangle means overlap: keep its first edge).
  out.cacheCount = count === 1 ? 1 : 2;
  out.cacheA1 = ia1; out.cacheB1 = ib1; out.cacheA2 = ia2; out.cacheB2 = ib2;
  // The closest point's weights (see solveSimplex2). Written out here, not in a helper: V8 inlines
  // only so much into one function, and the solvers and climbs take it all. Stopped by the
  // iteration cap just after adding a vertex, the others keep the weights the last solve gave
  // them and the new one gets 1 (as Box2D, which reads the simplex as it stands).
  let l1 = 1, l2 = 1, l3 = 1;
  if (added ? count === 3 : count === 2) {
    const w1x = b1x - a1x, w1y = b1y - a1y, w2x = b2x - a2x, w2y = b2y - a2y, ex = w2x - w1x, ey = w2y - w1y;
    const d12_2 = -(w1x * ex + w1y * ey), d12_1 = w2x * ex + w2y * ey, inv = 1 / (d12_1 + d12_2);
    l1 = d12_1 * inv; l2 = d12_2 * inv;
  } else if (count === 3 && !added) {
    triangle[0] = b1x - a1x; triangle[1] = b1y - a1y; triangle[2] = b2x - a2x; triangle[3] = b2y - a2y; triangle[4] = b3x - a3x; triangle[5] = b3y - a3y;
    triangleWeights(triangle, weights);
    l1 = weights[0]!; l2 = weights[1]!; l3 = weights[2]!;
  }
  if (count === 1) {
    out.pointAX = a1x; out.pointAY = a1y; out.pointBX = b1x; out.pointBY = b1y;
  } else if (count === 2) {
    out.pointAX = l1 * a1x + l2 * a2x; out.pointAY = l1 * a1y + l2 * a2y;
    out.pointBX = l1 * b1x + l2 * b2x; out.pointBY = l1 * b1y + l2 * b2y;
  } else {
    out.pointAX = l1 * a1x + l2 * a2x + l3 * a3x;
    out.pointAY = l1 * a1y + l2 * a2y + l3 * a3y;
    out.pointBX = out.pointAX; out.pointBY = out.pointAY;
  }
  const gx = out.pointBX - out.pointAX, gy = out.pointBY - out.pointAY;
  out.distance = count === 3 ? 0 : Math.sqrt(gx * gx + gy * gy);
  return out;
}

/** gjkCast's outcomes. */
export const CAST_HIT = 1, CAST_MISS = 0, CAST_AT_START = -1, CAST_FAILED = -2;

/**
 * GJK ray casting (van den Bergen 2004, as Box2D v3's b2ShapeCast): the first λ in
 * [0, maxFraction] at which convex core B, translated by λ·(mx, my), comes within `sigma` of
 * convex core A (both in cyclic order, same frame). Each support point gives a plane that B − A
 * cannot cross before some λ; the cast jumps there, so λ only grows and never passes the contact.
 * Unlike the paper (and Box2D) the simplex is kept across a jump, its B points moved along with B
 * (still points of B − A, and the plane keeps the origin out of their hull), so a jump costs no
 * new simplex. The simplex is solved by solveSimplex2/3, as gjkDistance's.
 *
 * `input` holds mx, my, sigma, stop, maxFraction (numbers beside the call, not in it: V8 boxes a
 * double argument to a call it does not inline). Stops once the simplex is within `stop`
 * (> sigma) of the origin. CAST_HIT: `out` holds λ in
 * `fraction`, the closest points with B moved to λ, and their distance (in [sigma, stop]).
 * CAST_AT_START: within `stop` before moving (the caller tells touching from overlapping).
 * CAST_FAILED: rounding kept it from settling; the caller falls back to a slower method.
 */
export function gjkCast(a: Float64Array, countA: number, b: Float64Array, countB: number, input: Float64Array, out: GjkResult): number {
  const mx = input[0]!, my = input[1]!, sigma = input[2]!, stop = input[3]!, maxFraction = input[4]!;
  let lambda = 0;
  let ia1 = 0, ib1 = 0, a1x = a[0]!, a1y = a[1]!, b1x = b[0]!, b1y = b[1]!;
  let ia2 = -1, ib2 = -1, a2x = 0, a2y = 0, b2x = 0, b2y = 0;
  let ia3 = -1, ib3 = -1, a3x = 0, a3y = 0, b3x = 0, b3y = 0;
  let count = 1, iter = 0;
  for (;;) {
    if (count > 1) {
      const solved = count === 2
        ? solveSimplex2(b1x - a1x, b1y - a1y, b2x - a2x, b2y - a2y)
        : solveSimplex3(b1x - a1x, b1y - a1y, b2x - a2x, b2y - a2y, b3x - a3x, b3y - a3y);
      const move = solved >> 2;
      count = solved & 3;
      if (move === 1) { ia1 = ia2; ib1 = ib2; a1x = a2x; a1y = a2y; b1x = b2x; b1y = b2y; }
      else if (move === 2) { ia1 = ia3; ib1 = ib3; a1x = a3x; a1y = a3y; b1x = b3x; b1y = b3y; }
      else if (move === 3) { ia2 = ia3; ib2 = ib3; a2x = a3x; a2y = a3y; b2x = b3x; b2y = b3y; }
      // The origin inside: overlapping before any move, or rounding at a grazing contact.
      if (count === 3) return lambda === 0 ? CAST_AT_START : CAST_FAILED;
    }
    // The unit normal from A to B across the closest feature (vertex 1 may have changed above).
    const v1x = b1x - a1x, v1y = b1y - a1y;
    let nx: number, ny: number;
    if (count === 1) { nx = v1x; ny = v1y; }
    else {
      const ex = b2x - a2x - v1x, ey = b2y - a2y - v1y;
      if (ex * v1y - ey * v1x < 0) { nx = ey; ny = -ex; } else { nx = -ey; ny = ex; }
    }
    const nl = Math.sqrt(nx * nx + ny * ny);
    if (nl === 0) return lambda === 0 ? CAST_AT_START : CAST_FAILED; // on the simplex: touching
    nx /= nl; ny /= nl;
    if (v1x * nx + v1y * ny <= stop) break;
    if (iter === MAX_ITERATIONS) return CAST_FAILED;
    iter++;
    // Supports: A's farthest along n, B's farthest against it (climbing from the last ones).
    // A's farthest along n, B's farthest against it (climbing from the last ones on a hull of
    // four or more points), as gjkDistance's search.
    let iA = 0, iB = 0;
    if (countA > 3) iA = climb(a, countA, count === 1 ? ia1 : ia2, nx, ny);
    else {
      let best = a[0]! * nx + a[1]! * ny;
      for (let i = 2; i < 2 * countA; i += 2) {
        const v = a[i]! * nx + a[i + 1]! * ny;
        if (v > best) { best = v; iA = i >> 1; }
      }
    }
    if (countB > 3) iB = climb(b, countB, count === 1 ? ib1 : ib2, -nx, -ny);
    else {
      let best = b[0]! * -nx + b[1]! * -ny;
      for (let i = 2; i < 2 * countB; i += 2) {
        const v = b[i]! * -nx + b[i + 1]! * -ny;
        if (v > best) { best = v; iB = i >> 1; }
      }
    }
    const ax = a[2 * iA]!, ay = a[2 * iA + 1]!;
    let bx = b[2 * iB]! + lambda * mx, by = b[2 * iB + 1]! + lambda * my;
    // B − A lies beyond the plane through this support point: when the plane is further than
    // sigma, B may move until it is sigma, and the simplex moves along.
    const gap = (bx - ax) * nx + (by - ay) * ny;
    if (gap > sigma) {
      const rate = mx * nx + my * ny;
      if (rate >= 0) return CAST_MISS; // the plane keeps them apart for every later λ
      const step = (sigma - gap) / rate;
      if (lambda + step > maxFraction) return CAST_MISS;
      lambda += step;
      const sx = step * mx, sy = step * my;
      b1x += sx; b1y += sy; b2x += sx; b2y += sy; bx += sx; by += sy;
    } else if ((iA === ia1 && iB === ib1) || (count === 2 && iA === ia2 && iB === ib2)) {
      return CAST_FAILED; // no progress: only rounding stops a support point from being new
    }
    if (count === 1) { ia2 = iA; ib2 = iB; a2x = ax; a2y = ay; b2x = bx; b2y = by; }
    else { ia3 = iA; ib3 = iB; a3x = ax; a3y = ay; b3x = bx; b3y = by; }
    count++;
  }
  if (lambda === 0) return CAST_AT_START;
  out.iterations = iter;
  out.fraction = lambda;
  out.simplexCount = count;
  if (count === 1) {
    out.pointAX = a1x; out.pointAY = a1y; out.pointBX = b1x; out.pointBY = b1y;
  } else {
    // The edge's weights, as gjkDistance's (see solveSimplex2).
    const w1x = b1x - a1x, w1y = b1y - a1y, w2x = b2x - a2x, w2y = b2y - a2y, ex = w2x - w1x, ey = w2y - w1y;
    const d12_2 = -(w1x * ex + w1y * ey), d12_1 = w2x * ex + w2y * ey, inv = 1 / (d12_1 + d12_2);
    const l1 = d12_1 * inv, l2 = d12_2 * inv;
    out.pointAX = l1 * a1x + l2 * a2x; out.pointAY = l1 * a1y + l2 * a2y;
    out.pointBX = l1 * b1x + l2 * b2x; out.pointBY = l1 * b1y + l2 * b2y;
  }
  // From the points: at a billionth apart, their difference is what the caller divides.
  const gx = out.pointBX - out.pointAX, gy = out.pointBY - out.pointAY;
  out.distance = Math.sqrt(gx * gx + gy * gy);
  return out.distance > 0 ? CAST_HIT : CAST_FAILED;
}
