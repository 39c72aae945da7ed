// Convex pieces of a polygon with holes: a triangulation (triangulate.ts) flipped to the constrained
// Delaunay one (delaunay-flips.ts; a traced outline's pieces), then Hertel–Mehlhorn
// (Hertel & Mehlhorn 1983): a diagonal between two pieces is removed when their union stays
// convex, which makes at most four times the fewest convex pieces; removing the longest diagonals
// first tends to leave fewer, rounder pieces. A point where the union runs straight on is dropped,
// so every piece is strictly convex. A piece over the vertex limit is then cut into the fewest
// pieces within it, as strips across its length (a convex n-gon into ⌈(n − 2) / (limit − 2)⌉):
// merging under the limit instead left three times as many pieces on a 16-gon.
//
// Exact for points on a grid of 1/2^k (the tracer's): every turn is decided by an exact cross product.
import { delaunayFlips } from "./delaunay-flips";
import { triangulateRing } from "./ear-clipping";
import { triangulate } from "./triangulate";

/**
 * Convex pieces covering the polygon (the outer ring then the holes in `points`, x0, y0, …; holes
 * start at `holeStarts`, in points), none with more than `maxVertices` points. Each piece is a list
 * of point indices running clockwise on screen (positive cross products, y down).
 */
export function decomposeConvex(points: ArrayLike<number>, holeStarts: readonly number[], maxVertices: number): number[][] {
  return mergeTriangles(points, delaunayFlips(points, triangulate(points, holeStarts), [0, ...holeStarts]), maxVertices);
}

/**
 * Convex pieces of a polygon without holes, as decomposeConvex but from the ear-clipped triangles
 * as they are (no flips, no code that joins holes): what a concave polygon collides as.
 */
export function decomposeRing(points: ArrayLike<number>, maxVertices: number): number[][] {
  return mergeTriangles(points, triangulateRing(points), maxVertices);
}

/** The triangles `tri` (point indices, three each) merged into convex pieces as decomposeConvex says. */
function mergeTriangles(points: ArrayLike<number>, tri: readonly number[], maxVertices: number): number[][] {
  const n = points.length / 2;
  const cross = (a: number, b: number, c: number): number =>
    (points[2 * b]! - points[2 * a]!) * (points[2 * c + 1]! - points[2 * b + 1]!) - (points[2 * b + 1]! - points[2 * a + 1]!) * (points[2 * c]! - points[2 * b]!);

  // Triangles with area, turned clockwise on screen; degenerate ones (around a bridge) go.
  const pieces: (number[] | null)[] = [];
  for (let t = 0; t < tri.length; t += 3) {
    const a = tri[t]!, b = tri[t + 1]!, c = tri[t + 2]!;
    const k = cross(a, b, c);
    if (k > 0) pieces.push([a, b, c]);
    else if (k < 0) pieces.push([a, c, b]);
  }
  // The edges two triangles share: the diagonals (a bridge to a hole is one too: it is inside).
  const owner = new Map<number, number>();
  const diagonals: { a: number; b: number; length: number; key: number }[] = [];
  for (let p = 0; p < pieces.length; p++) {
    const v = pieces[p]!;
    for (let e = 0; e < 3; e++) {
      const a = v[e]!, b = v[(e + 1) % 3]!;
      const key = Math.min(a, b) * n + Math.max(a, b);
      if (owner.has(key)) {
        const dx = points[2 * a]! - points[2 * b]!, dy = points[2 * a + 1]! - points[2 * b + 1]!;
        diagonals.push({ a, b, length: dx * dx + dy * dy, key });
      } else owner.set(key, p);
    }
  }
  diagonals.sort((d, e) => e.length - d.length || d.key - e.key);

  const parent = pieces.map((_, p) => p);
  const find = (p: number): number => {
    while (parent[p] !== p) {
      parent[p] = parent[parent[p]!]!;
      p = parent[p]!;
    }
    return p;
  };
  // Which triangle owns each directed edge is found through the piece lists themselves.
  const triOf = new Map<number, number>();
  for (let p = 0; p < pieces.length; p++) {
    const v = pieces[p]!;
    for (let e = 0; e < 3; e++) triOf.set(v[e]! * n + v[(e + 1) % 3]!, p);
  }
  for (const { a, b } of diagonals) {
    const ta = triOf.get(a * n + b), tb = triOf.get(b * n + a);
    if (ta === undefined || tb === undefined) continue;
    const P = find(ta), Q = find(tb);
    if (P === Q) continue;
    const merged = mergeAcross(pieces[P]!, pieces[Q]!, a, b, cross);
    if (!merged) continue;
    pieces[P] = merged;
    pieces[Q] = null;
    parent[Q] = P;
  }
  return pieces.filter((p): p is number[] => p !== null).flatMap((p) => (p.length <= maxVertices ? [p] : cutIntoStrips(p, points, maxVertices)));
}

/**
 * A strictly convex polygon (point indices) cut by chords into ⌈(n − 2) / (k − 2)⌉ pieces of at
 * most k points: strips that start at the point farthest from the centre and take points from both
 * sides in turn, so none is a sliver fanning from one point.
 */
function cutIntoStrips(poly: readonly number[], points: ArrayLike<number>, k: number): number[][] {
  const n = poly.length;
  let cx = 0, cy = 0;
  for (const v of poly) { cx += points[2 * v]!; cy += points[2 * v + 1]!; }
  cx /= n; cy /= n;
  let start = 0, best = -1;
  for (let i = 0; i < n; i++) {
    const dx = points[2 * poly[i]!]! - cx, dy = points[2 * poly[i]! + 1]! - cy;
    if (dx * dx + dy * dy > best) { best = dx * dx + dy * dy; start = i; }
  }
  const at = (i: number) => poly[(start + i) % n]!;
  const out: number[][] = [];
  // The rest to cut runs from `lo` forward to `hi` (indices from start; hi may equal n, the start again).
  let lo = 0, hi = n, extraForward = true;
  while (hi - lo + (lo === 0 && hi === n ? 0 : 1) > k) {
    const first = lo === 0 && hi === n;
    const fresh = k - (first ? 1 : 2);
    const forward = Math.floor(fresh / 2) + (fresh % 2 === 1 && extraForward ? 1 : 0);
    if (fresh % 2 === 1) extraForward = !extraForward;
    const back = fresh - forward;
    const piece: number[] = [];
    for (let i = lo; i <= lo + forward; i++) piece.push(at(i));
    for (let i = hi - back; i <= hi - (first ? 1 : 0); i++) piece.push(at(i));
    out.push(piece);
    lo += forward;
    hi -= back;
  }
  const last: number[] = [];
  for (let i = lo; i <= hi - (lo === 0 && hi === n ? 1 : 0); i++) last.push(at(i));
  out.push(last);
  return out;
}

/**
 * The union of P (holding the edge a → b) and Q (holding b → a), or null when it would not be
 * convex at a or b (the only points whose angle changes). A point left on a straight line is dropped.
 */
function mergeAcross(P: readonly number[], Q: readonly number[], a: number, b: number, cross: (a: number, b: number, c: number) => number): number[] | null {
  const ia = P.indexOf(a), ja = Q.indexOf(a);
  if (ia < 0 || ja < 0 || P[(ia + 1) % P.length] !== b || Q[(ja + Q.length - 1) % Q.length] !== b) return null;
  // P from b round to a, then Q after a up to before b.
  const out: number[] = [];
  for (let k = 1; k <= P.length; k++) out.push(P[(ia + k) % P.length]!);
  for (let k = 1; k <= Q.length - 2; k++) out.push(Q[(ja + k) % Q.length]!);
  // out[0] is b, out[P.length - 1] is a.
  const m = out.length;
  const atA = P.length - 1;
  const turnA = cross(out[atA - 1]!, a, out[(atA + 1) % m]!);
  const turnB = cross(out[m - 1]!, b, out[1]!);
  if (turnA < 0 || turnB < 0) return null;
  if (turnA === 0 && turnB === 0) return out.filter((_, k) => k !== 0 && k !== atA);
  if (turnA === 0) return out.filter((_, k) => k !== atA);
  if (turnB === 0) return out.slice(1);
  return out;
}
