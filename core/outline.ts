// Simple polygons (convex or concave outlines): the format's check, and the convex pieces a
// concave one collides as. Edge i runs from point i to point i + 1 (the last back to point 0).
import { COLLINEAR_SINE } from "./hull";
import type { Point } from "./scene/types";
import { safeLength } from "./vec2";
import { decomposeRing } from "./trace/decompose";

/** Box2D's b2_maxPolygonVertices: no convex piece of a concave polygon has more points. */
export const MAX_PIECE_VERTICES = 8;

export type OutlineProblem =
  | { readonly kind: "too-few-points"; readonly message: string }
  | { readonly kind: "non-finite"; readonly index: number; readonly message: string }
  | { readonly kind: "duplicate-point"; readonly index: number; readonly message: string }
  | { readonly kind: "edges-cross"; readonly index: number; readonly edges: readonly [number, number]; readonly message: string };

/** Twice the signed area of the triangle a, b, c; positive when it turns clockwise on a y-down screen. */
const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

/** Whether p, known to be on the line through a and b, lies within the segment's box. */
const within = (ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean =>
  px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by);

/** Whether segments ab and cd share any point (crossing, touching or overlapping). */
function segmentsMeet(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy), o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay), o4 = orient(cx, cy, dx, dy, bx, by);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return (o1 === 0 && within(ax, ay, bx, by, cx, cy)) || (o2 === 0 && within(ax, ay, bx, by, dx, dy)) ||
    (o3 === 0 && within(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && within(cx, cy, dx, dy, bx, by));
}

/**
 * Whether neighbouring edges a→b and b→c meet beyond their shared point b: c folds back onto a→b
 * or a lies on b→c (collinear, pointing the same way from b).
 */
const foldsBack = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean =>
  orient(ax, ay, bx, by, cx, cy) === 0 && (ax - bx) * (cx - bx) + (ay - by) * (cy - by) > 0;

/** Whether edges lo < hi of the outline meet: crossing or touching, neighbours only beyond their shared point. */
function edgesMeet(points: readonly Point[], closed: boolean, lo: number, hi: number): boolean {
  const n = points.length, a = points[lo]!, b = points[(lo + 1) % n]!, c = points[hi]!, d = points[(hi + 1) % n]!;
  // Neighbours share point hi: lo runs into it, hi out of it.
  if (hi === lo + 1) return foldsBack(a[0], a[1], c[0], c[1], d[0], d[1]);
  // The closing edge runs into point 0, where edge 0 starts.
  if (closed && lo === 0 && hi === n - 1) return foldsBack(c[0], c[1], a[0], a[1], b[0], b[1]);
  return segmentsMeet(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1]);
}

/** Up to this many edges, every pair is tested in turn: no tree to build, nothing allocated (a game's add() checks every polygon). */
const PAIRWISE_EDGES = 16;

/**
 * The first pair of edges (i < j, by i then j) that cross or touch, neighbours only where they meet
 * beyond their shared point; null when the outline is simple. Short outlines test every pair.
 * Longer ones put the edges' boxes in a tree over runs of consecutive edges (an outline's
 * neighbouring edges lie near each other, so its boxes are tight); each edge in turn looks for the
 * first later edge whose box meets its own, and the first edge that finds one ends the search.
 * About n log n for outlines whose edges are short against the whole; n² at worst (every edge's
 * box meeting every other's, as long thin spikes fanning across each other).
 */
export function firstCrossingEdges(points: readonly Point[], closed = true): readonly [number, number] | null {
  const n = points.length;
  const edges = closed ? n : n - 1;
  if (edges < 2) return null;
  if (edges <= PAIRWISE_EDGES) {
    for (let e = 0; e < edges - 1; e++) {
      for (let j = e + 1; j < edges; j++) if (edgesMeet(points, closed, e, j)) return [e, j];
    }
    return null;
  }
  const x = (i: number): number => points[i % n]![0];
  const y = (i: number): number => points[i % n]![1];
  let size = 1;
  while (size < edges) size *= 2;
  // Node k holds the box of its leaves (edges); node 1 is the root, leaves start at `size`.
  const minX = new Float64Array(2 * size).fill(Infinity), minY = new Float64Array(2 * size).fill(Infinity);
  const maxX = new Float64Array(2 * size).fill(-Infinity), maxY = new Float64Array(2 * size).fill(-Infinity);
  for (let e = 0; e < edges; e++) {
    const k = size + e;
    minX[k] = Math.min(x(e), x(e + 1)); maxX[k] = Math.max(x(e), x(e + 1));
    minY[k] = Math.min(y(e), y(e + 1)); maxY[k] = Math.max(y(e), y(e + 1));
  }
  for (let k = size - 1; k >= 1; k--) {
    minX[k] = Math.min(minX[2 * k]!, minX[2 * k + 1]!); maxX[k] = Math.max(maxX[2 * k]!, maxX[2 * k + 1]!);
    minY[k] = Math.min(minY[2 * k]!, minY[2 * k + 1]!); maxY[k] = Math.max(maxY[2 * k]!, maxY[2 * k + 1]!);
  }
  // The first edge after e, under node k (leaves first..first + span − 1), that meets edge e; −1 if none.
  const search = (e: number, k: number, first: number, span: number): number => {
    if (first + span <= e + 1) return -1;
    const leaf = size + e;
    if (minX[k]! > maxX[leaf]! || maxX[k]! < minX[leaf]! || minY[k]! > maxY[leaf]! || maxY[k]! < minY[leaf]!) return -1;
    if (span === 1) return first < edges && edgesMeet(points, closed, e, first) ? first : -1;
    const half = span / 2;
    const left = search(e, 2 * k, first, half);
    return left >= 0 ? left : search(e, 2 * k + 1, first + half, half);
  };
  for (let e = 0; e < edges - 1; e++) {
    const j = search(e, 1, 0, size);
    if (j >= 0) return [e, j];
  }
  return null;
}

/**
 * Checks that `points` form a simple polygon in either winding: at least 3 finite points, none
 * repeating the one before it, and no two edges crossing or touching except neighbours at their
 * shared point. Collinear points are allowed. Returns null when simple.
 */
export function checkSimplePolygon(points: readonly Point[]): OutlineProblem | null {
  const n = points.length;
  if (n < 3) return { kind: "too-few-points", message: `a polygon needs at least 3 points, got ${n}` };
  const repeat = repeatedPoint(points, true);
  if (repeat) return repeat;
  const crossing = firstCrossingEdges(points, true);
  if (crossing) {
    const [i, j] = crossing;
    return { kind: "edges-cross", index: i, edges: crossing, message: `edges ${i} and ${j} cross or touch (edge ${i} runs from point ${i} to point ${(i + 1) % n}, edge ${j} from point ${j} to point ${(j + 1) % n}): a polygon's outline must not meet itself` };
  }
  return null;
}

/** The first non-finite point, or point repeating the one before it (around the ring when `closed`). */
export function repeatedPoint(points: readonly Point[], closed: boolean): OutlineProblem | null {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const [px, py] = points[i]!;
    if (!Number.isFinite(px) || !Number.isFinite(py)) return { kind: "non-finite", index: i, message: "point is not a finite number" };
  }
  for (let i = closed ? 0 : 1; i < n; i++) {
    const p = points[(i + n - 1) % n]!, q = points[i]!;
    if (p[0] === q[0] && p[1] === q[1]) return { kind: "duplicate-point", index: i, message: `point ${i} repeats point ${(i + n - 1) % n}` };
  }
  return null;
}

/** Whether a simple polygon is strictly convex (and so collides as one piece, exactly as before concave outlines). */
export function isConvexOutline(points: readonly Point[]): boolean {
  // checkConvexPolygon's test (core/hull.ts), its arithmetic step for step, on the points as they
  // are: no object a point, for the loader and the world that test every polygon of a big file.
  const n = points.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) return false;
  }
  let sign = 0, turning = 0;
  for (let i = 0; i < n; i++) {
    const a = points[(i + n - 1) % n]!, b = points[i]!, c = points[(i + 1) % n]!;
    const e1x = b[0] - a[0], e1y = b[1] - a[1], e2x = c[0] - b[0], e2y = c[1] - b[1];
    const l1 = safeLength(e1x, e1y), l2 = safeLength(e2x, e2y);
    if (l1 === 0 || l2 === 0 || l2 <= 1e-12 * Math.max(Math.abs(b[0]), Math.abs(b[1]), 1)) return false;
    const k = e1x * e2y - e1y * e2x;
    if (Math.abs(k) <= COLLINEAR_SINE * l1 * l2) return false;
    const s = Math.sign(k);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
    turning += Math.atan2(k, e1x * e2x + e1y * e2y);
  }
  return !(Math.abs(Math.abs(turning) - 2 * Math.PI) > 1e-6);
}

/**
 * Convex pieces whose union is a simple polygon, each of at most `maxVertices` points running
 * clockwise on screen: the polygon itself when strictly convex and small enough; else ear clipping (mapbox/earcut's
 * port) and Hertel–Mehlhorn merging (core/trace/decompose.ts), at most four times the fewest
 * convex pieces (a convex piece over the limit cut into strips), deterministic for the same points.
 */
export function convexPieces(points: readonly Point[], maxVertices = MAX_PIECE_VERTICES): Point[][] {
  if (points.length <= maxVertices && isConvexOutline(points)) {
    // Regression: a convex outline drawn anticlockwise on screen came back as it was drawn.
    let twice = 0;
    for (let i = 0; i < points.length; i++) {
      const a = points[i]!, b = points[(i + 1) % points.length]!;
      twice += (a[0] - points[0]![0]) * (b[1] - points[0]![1]) - (a[1] - points[0]![1]) * (b[0] - points[0]![0]);
    }
    return [twice > 0 ? points.slice() : points.slice().reverse()];
  }
  const flat = new Float64Array(2 * points.length);
  points.forEach(([x, y], i) => {
    flat[2 * i] = x;
    flat[2 * i + 1] = y;
  });
  return decomposeRing(flat, Math.max(3, maxVertices)).map((piece) => piece.map((i) => points[i]!));
}
