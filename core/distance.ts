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

/** sqrt(x² + y²): Math.hypot guards against overflow at ten times the cost, needless at our scales. */
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

// The simplex: three vertices of 9 doubles each (support point on A, on B, w = b − a, barycentric
// weight, support indices), in a Float64Array so writes do not box heap numbers.
const AX = 0, AY = 1, BX = 2, BY = 3, WX = 4, WY = 5, W = 6, IA = 7, IB = 8;
const V1 = 0, V2 = 9, V3 = 18;
const S = new Float64Array(27);
let count = 0;

function copyVertex(from: number, to: number): void {
  for (let k = 0; k < 9; k++) S[to + k] = S[from + k]!;
}

/** Barycentric solution on the segment w1w2 (Box2D's b2SolveSimplex2). */
function solve2(): void {
  const w1x = S[V1 + WX]!, w1y = S[V1 + WY]!, w2x = S[V2 + WX]!, w2y = S[V2 + WY]!;
  const ex = w2x - w1x, ey = w2y - w1y;
  const d12_2 = -(w1x * ex + w1y * ey);
  if (d12_2 <= 0) { S[V1 + W] = 1; count = 1; return; }
  const d12_1 = w2x * ex + w2y * ey;
  if (d12_1 <= 0) { S[V2 + W] = 1; count = 1; copyVertex(V2, V1); return; }
  const inv = 1 / (d12_1 + d12_2);
  S[V1 + W] = d12_1 * inv;
  S[V2 + W] = d12_2 * inv;
  count = 2;
}

/** Voronoi regions of the triangle w1w2w3 (Box2D's b2SolveSimplex3). */
function solve3(): void {
  const w1x = S[V1 + WX]!, w1y = S[V1 + WY]!, w2x = S[V2 + WX]!, w2y = S[V2 + WY]!, w3x = S[V3 + WX]!, w3y = S[V3 + WY]!;
  const e12x = w2x - w1x, e12y = w2y - w1y;
  const d12_1 = w2x * e12x + w2y * e12y, d12_2 = -(w1x * e12x + w1y * e12y);
  const e13x = w3x - w1x, e13y = w3y - w1y;
  const d13_1 = w3x * e13x + w3y * e13y, d13_2 = -(w1x * e13x + w1y * e13y);
  const e23x = w3x - w2x, e23y = w3y - w2y;
  const d23_1 = w3x * e23x + w3y * e23y, d23_2 = -(w2x * e23x + w2y * e23y);
  const n123 = e12x * e13y - e12y * e13x;
  const d123_1 = n123 * (w2x * w3y - w2y * w3x);
  const d123_2 = n123 * (w3x * w1y - w3y * w1x);
  const d123_3 = n123 * (w1x * w2y - w1y * w2x);
  if (d12_2 <= 0 && d13_2 <= 0) { S[V1 + W] = 1; count = 1; return; }
  if (d12_1 > 0 && d12_2 > 0 && d123_3 <= 0) { const inv = 1 / (d12_1 + d12_2); S[V1 + W] = d12_1 * inv; S[V2 + W] = d12_2 * inv; count = 2; return; }
  if (d13_1 > 0 && d13_2 > 0 && d123_2 <= 0) { const inv = 1 / (d13_1 + d13_2); S[V1 + W] = d13_1 * inv; S[V3 + W] = d13_2 * inv; count = 2; copyVertex(V3, V2); return; }
  if (d12_1 <= 0 && d23_2 <= 0) { S[V2 + W] = 1; count = 1; copyVertex(V2, V1); return; }
  if (d13_1 <= 0 && d23_1 <= 0) { S[V3 + W] = 1; count = 1; copyVertex(V3, V1); return; }
  if (d23_1 > 0 && d23_2 > 0 && d123_1 <= 0) { const inv = 1 / (d23_1 + d23_2); S[V2 + W] = d23_1 * inv; S[V3 + W] = d23_2 * inv; count = 2; copyVertex(V3, V1); return; }
  const inv = 1 / (d123_1 + d123_2 + d123_3);
  S[V1 + W] = d123_1 * inv; S[V2 + W] = d123_2 * inv; S[V3 + W] = d123_3 * inv;
  count = 3;
}

function setVertex(at: number, iA: number, iB: number, a: Float64Array, b: Float64Array): void {
  const ax = a[2 * iA]!, ay = a[2 * iA + 1]!, bx = b[2 * iB]!, by = b[2 * iB + 1]!;
  S[at + AX] = ax; S[at + AY] = ay; S[at + BX] = bx; S[at + BY] = by;
  S[at + WX] = bx - ax; S[at + WY] = by - ay; S[at + W] = 1;
  S[at + IA] = iA; S[at + IB] = iB;
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
  setVertex(V1, 0, 0, a, b);
  count = 1;
  let iter = 0;
  while (iter < MAX_ITERATIONS) {
    const saveCount = count;
    const save1A = S[V1 + IA]!, save1B = S[V1 + IB]!, save2A = S[V2 + IA]!, save2B = S[V2 + IB]!, save3A = S[V3 + IA]!, save3B = S[V3 + IB]!;
    if (count === 2) solve2();
    else if (count === 3) solve3();
    if (count === 3) break;
    let dx: number, dy: number;
    const w1x = S[V1 + WX]!, w1y = S[V1 + WY]!;
    if (count === 1) { dx = -w1x; dy = -w1y; }
    else {
      const ex = S[V2 + WX]! - w1x, ey = S[V2 + WY]! - w1y;
      const sgn = ex * -w1y - ey * -w1x;
      if (sgn > 0) { dx = -ey; dy = ex; } else { dx = ey; dy = -ex; }
    }
    // The origin is on the simplex (touching or overlapping): nothing closer to find.
    if (dx * dx + dy * dy === 0) break;
    const iA = support(a, countA, -dx, -dy);
    const iB = support(b, countB, dx, dy);
    iter++;
    // A repeated support pair means no progress: the main termination test, as in Box2D.
    if ((iA === save1A && iB === save1B) || (saveCount >= 2 && iA === save2A && iB === save2B) || (saveCount >= 3 && iA === save3A && iB === save3B)) break;
    setVertex(count === 1 ? V2 : V3, iA, iB, a, b);
    count++;
  }
  out.iterations = iter;
  out.simplexCount = count;
  const a1 = S[V1 + W]!, a2 = S[V2 + W]!, a3 = S[V3 + W]!;
  if (count === 1) {
    out.pointAX = S[V1 + AX]!; out.pointAY = S[V1 + AY]!; out.pointBX = S[V1 + BX]!; out.pointBY = S[V1 + BY]!;
  } else if (count === 2) {
    out.pointAX = a1 * S[V1 + AX]! + a2 * S[V2 + AX]!; out.pointAY = a1 * S[V1 + AY]! + a2 * S[V2 + AY]!;
    out.pointBX = a1 * S[V1 + BX]! + a2 * S[V2 + BX]!; out.pointBY = a1 * S[V1 + BY]! + a2 * S[V2 + BY]!;
  } else {
    out.pointAX = a1 * S[V1 + AX]! + a2 * S[V2 + AX]! + a3 * S[V3 + AX]!;
    out.pointAY = a1 * S[V1 + AY]! + a2 * S[V2 + AY]! + a3 * S[V3 + AY]!;
    out.pointBX = out.pointAX; out.pointBY = out.pointAY;
  }
  out.distance = count === 3 ? 0 : len(out.pointBX - out.pointAX, out.pointBY - out.pointAY);
  return out;
}
