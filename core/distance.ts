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
  const d1x = q1x - p1x, d1y = q1y - p1y;
  const d2x = q2x - p2x, d2y = q2y - p2y;
  const rx = p1x - p2x, ry = p1y - p2y;
  const dd1 = d1x * d1x + d1y * d1y;
  const dd2 = d2x * d2x + d2y * d2y;
  const rd1 = rx * d1x + ry * d1y;
  const rd2 = rx * d2x + ry * d2y;
  let f1 = 0, f2 = 0;
  if (dd1 === 0 || dd2 === 0) {
    if (dd1 !== 0) f1 = clamp01(-rd1 / dd1);
    else if (dd2 !== 0) f2 = clamp01(rd2 / dd2);
  } else {
    const d12 = d1x * d2x + d1y * d2y;
    // Where the lines cross, from the 2D cross product: dd1·dd2 − d12² is the same number in
    // exact arithmetic but cancels catastrophically for nearly parallel segments (regression:
    // two crossing capsules 3e-7 rad apart were found 3e-9 apart, and their depth was off by 2e-6).
    const cross = d1x * d2y - d1y * d2x;
    // Parallel: any f1 on the overlap is a closest pair; start from p1.
    if (cross !== 0) f1 = clamp01((d2x * ry - d2y * rx) / cross);
    f2 = (d12 * f1 + rd2) / dd2;
    if (f2 < 0) {
      f2 = 0;
      f1 = clamp01(-rd1 / dd1);
    } else if (f2 > 1) {
      f2 = 1;
      f1 = clamp01((d12 - rd1) / dd1);
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
}

// The simplex, in scalars: support points on A and B, their difference w = b − a, weights.
let s1ax = 0, s1ay = 0, s1bx = 0, s1by = 0, s1wx = 0, s1wy = 0, s1a = 0, s1iA = 0, s1iB = 0;
let s2ax = 0, s2ay = 0, s2bx = 0, s2by = 0, s2wx = 0, s2wy = 0, s2a = 0, s2iA = 0, s2iB = 0;
let s3ax = 0, s3ay = 0, s3bx = 0, s3by = 0, s3wx = 0, s3wy = 0, s3a = 0, s3iA = 0, s3iB = 0;
let count = 0;

function copy3to1() { s1ax = s3ax; s1ay = s3ay; s1bx = s3bx; s1by = s3by; s1wx = s3wx; s1wy = s3wy; s1a = s3a; s1iA = s3iA; s1iB = s3iB; }
function copy2to1() { s1ax = s2ax; s1ay = s2ay; s1bx = s2bx; s1by = s2by; s1wx = s2wx; s1wy = s2wy; s1a = s2a; s1iA = s2iA; s1iB = s2iB; }
function copy3to2() { s2ax = s3ax; s2ay = s3ay; s2bx = s3bx; s2by = s3by; s2wx = s3wx; s2wy = s3wy; s2a = s3a; s2iA = s3iA; s2iB = s3iB; }

/** Barycentric solution on the segment w1w2 (Box2D's b2SolveSimplex2). */
function solve2(): void {
  const ex = s2wx - s1wx, ey = s2wy - s1wy;
  const d12_2 = -(s1wx * ex + s1wy * ey);
  if (d12_2 <= 0) { s1a = 1; count = 1; return; }
  const d12_1 = s2wx * ex + s2wy * ey;
  if (d12_1 <= 0) { s2a = 1; count = 1; copy2to1(); return; }
  const inv = 1 / (d12_1 + d12_2);
  s1a = d12_1 * inv;
  s2a = d12_2 * inv;
  count = 2;
}

/** Voronoi regions of the triangle w1w2w3 (Box2D's b2SolveSimplex3). */
function solve3(): void {
  const e12x = s2wx - s1wx, e12y = s2wy - s1wy;
  const d12_1 = s2wx * e12x + s2wy * e12y, d12_2 = -(s1wx * e12x + s1wy * e12y);
  const e13x = s3wx - s1wx, e13y = s3wy - s1wy;
  const d13_1 = s3wx * e13x + s3wy * e13y, d13_2 = -(s1wx * e13x + s1wy * e13y);
  const e23x = s3wx - s2wx, e23y = s3wy - s2wy;
  const d23_1 = s3wx * e23x + s3wy * e23y, d23_2 = -(s2wx * e23x + s2wy * e23y);
  const n123 = e12x * e13y - e12y * e13x;
  const d123_1 = n123 * (s2wx * s3wy - s2wy * s3wx);
  const d123_2 = n123 * (s3wx * s1wy - s3wy * s1wx);
  const d123_3 = n123 * (s1wx * s2wy - s1wy * s2wx);
  if (d12_2 <= 0 && d13_2 <= 0) { s1a = 1; count = 1; return; }
  if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) { const inv = 1 / (d12_1 + d12_2); s1a = d12_1 * inv; s2a = d12_2 * inv; count = 2; return; }
  if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) { const inv = 1 / (d13_1 + d13_2); s1a = d13_1 * inv; s3a = d13_2 * inv; count = 2; copy3to2(); return; }
  if (d12_1 <= 0 && d23_2 <= 0) { s2a = 1; count = 1; copy2to1(); return; }
  if (d13_1 <= 0 && d23_1 <= 0) { s3a = 1; count = 1; copy3to1(); return; }
  if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) { const inv = 1 / (d23_1 + d23_2); s2a = d23_1 * inv; s3a = d23_2 * inv; count = 2; copy3to1(); return; }
  const inv = 1 / (d123_1 + d123_2 + d123_3);
  s1a = d123_1 * inv; s2a = d123_2 * inv; s3a = d123_3 * inv;
  count = 3;
}

function support(points: Float64Array, n: number, dx: number, dy: number): number {
  let best = 0;
  let bestValue = points[0]! * dx + points[1]! * dy;
  for (let i = 1; i < n; i++) {
    const v = points[2 * i]! * dx + points[2 * i + 1]! * dy;
    if (v > bestValue) { bestValue = v; best = i; }
  }
  return best;
}

const MAX_ITERATIONS = 40;

/**
 * Distance between the convex hulls of two point clouds given in the same frame (packed x, y).
 * Terminates on a repeated support pair, as Box2D; a 3-simplex means the hulls overlap.
 */
export function gjkDistance(a: Float64Array, countA: number, b: Float64Array, countB: number, out: GjkResult): GjkResult {
  // Start from the first points (no cache: the editor's pairs change every frame).
  s1iA = 0; s1iB = 0;
  s1ax = a[0]!; s1ay = a[1]!; s1bx = b[0]!; s1by = b[1]!;
  s1wx = s1bx - s1ax; s1wy = s1by - s1ay; s1a = 1;
  count = 1;
  let iter = 0;
  while (iter < MAX_ITERATIONS) {
    const saveCount = count;
    const save1A = s1iA, save1B = s1iB, save2A = s2iA, save2B = s2iB, save3A = s3iA, save3B = s3iB;
    if (count === 2) solve2();
    else if (count === 3) solve3();
    if (count === 3) break;
    let dx: number, dy: number;
    if (count === 1) { dx = -s1wx; dy = -s1wy; }
    else {
      const ex = s2wx - s1wx, ey = s2wy - s1wy;
      const sgn = ex * -s1wy - ey * -s1wx;
      if (sgn > 0) { dx = -ey; dy = ex; } else { dx = ey; dy = -ex; }
    }
    // The origin is on the simplex (touching or overlapping): nothing closer to find.
    if (dx * dx + dy * dy === 0) break;
    const iA = support(a, countA, -dx, -dy);
    const iB = support(b, countB, dx, dy);
    iter++;
    let duplicate = false;
    if (saveCount >= 1 && iA === save1A && iB === save1B) duplicate = true;
    else if (saveCount >= 2 && iA === save2A && iB === save2B) duplicate = true;
    else if (saveCount >= 3 && iA === save3A && iB === save3B) duplicate = true;
    if (duplicate) break;
    const ax = a[2 * iA]!, ay = a[2 * iA + 1]!, bx = b[2 * iB]!, by = b[2 * iB + 1]!;
    if (count === 1) { s2iA = iA; s2iB = iB; s2ax = ax; s2ay = ay; s2bx = bx; s2by = by; s2wx = bx - ax; s2wy = by - ay; }
    else { s3iA = iA; s3iB = iB; s3ax = ax; s3ay = ay; s3bx = bx; s3by = by; s3wx = bx - ax; s3wy = by - ay; }
    count++;
  }
  out.iterations = iter;
  out.simplexCount = count;
  if (count === 1) {
    out.pointAX = s1ax; out.pointAY = s1ay; out.pointBX = s1bx; out.pointBY = s1by;
  } else if (count === 2) {
    out.pointAX = s1a * s1ax + s2a * s2ax; out.pointAY = s1a * s1ay + s2a * s2ay;
    out.pointBX = s1a * s1bx + s2a * s2bx; out.pointBY = s1a * s1by + s2a * s2by;
  } else {
    out.pointAX = s1a * s1ax + s2a * s2ax + s3a * s3ax; out.pointAY = s1a * s1ay + s2a * s2ay + s3a * s3ay;
    out.pointBX = out.pointAX; out.pointBY = out.pointAY;
  }
  out.distance = count === 3 ? 0 : Math.hypot(out.pointBX - out.pointAX, out.pointBY - out.pointAY);
  return out;
}
