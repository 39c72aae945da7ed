// Plain, independent references for simple outlines and chains, sharing no code with core/: an
// O(n³) ear clipper, the crossing-number point test, the shoelace area, an O(n²) simplicity check
// written from the format's words, and ray tests against single segments. And fast-check
// generators for concave outlines and chains.
import fc from "fast-check";
import { real } from "./arbitraries";
import type { RefPoint } from "./reference";

type P = readonly [number, number];

/** Twice the signed area of a, b, c (positive: clockwise on a y-down screen). */
export const orient = (a: P, b: P, c: P): number => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** The shoelace area, signed (positive when the points run clockwise on screen), about the first point. */
export function shoelace(points: readonly P[]): number {
  let twice = 0;
  const [ox, oy] = points[0]!;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!, b = points[(i + 1) % points.length]!;
    twice += (a[0] - ox) * (b[1] - oy) - (a[1] - oy) * (b[0] - ox);
  }
  return twice / 2;
}

/** Whether p is inside the outline, by counting crossings of a ray to +x (the even–odd rule). */
export function insideOutline(points: readonly P[], p: P): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!, b = points[j]!;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** Distance from p to segment ab. */
export function segmentPointDistance(a: P, b: P, p: P): number {
  const ex = b[0] - a[0], ey = b[1] - a[1];
  const ee = ex * ex + ey * ey;
  const t = ee === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / ee));
  return Math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey);
}

/** Distance from p to the outline (closed) or polyline. */
export function outlineDistance(points: readonly P[], p: P, closed = true): number {
  let best = Infinity;
  const edges = closed ? points.length : points.length - 1;
  for (let i = 0; i < edges; i++) best = Math.min(best, segmentPointDistance(points[i]!, points[(i + 1) % points.length]!, p));
  return best;
}

/**
 * Triangles covering a simple outline, by the plainest ear clipping: a corner turning the
 * outline's way whose triangle holds no other point (on its edges included) is cut off; a straight
 * corner is dropped. O(n³), for tests.
 */
export function earClip(outline: readonly P[]): P[][] {
  const sign = shoelace(outline) > 0 ? 1 : -1;
  const ring = outline.slice();
  const out: P[][] = [];
  while (ring.length > 3) {
    let cut = false;
    for (let i = 0; i < ring.length && !cut; i++) {
      const a = ring[(i + ring.length - 1) % ring.length]!, b = ring[i]!, c = ring[(i + 1) % ring.length]!;
      const turn = sign * orient(a, b, c);
      if (turn === 0) {
        ring.splice(i, 1);
        cut = true;
        break;
      }
      if (turn < 0) continue;
      let empty = true;
      for (const q of ring) {
        if (q === a || q === b || q === c) continue;
        if (sign * orient(a, b, q) >= 0 && sign * orient(b, c, q) >= 0 && sign * orient(c, a, q) >= 0) { empty = false; break; }
      }
      if (!empty) continue;
      out.push([a, b, c]);
      ring.splice(i, 1);
      cut = true;
    }
    if (!cut) throw new Error("earClip: no ear (the outline is not simple)");
  }
  if (orient(ring[0]!, ring[1]!, ring[2]!) !== 0) out.push(ring);
  return out;
}

const between = (a: number, b: number, v: number): boolean => v >= Math.min(a, b) && v <= Math.max(a, b);

/** Whether segments ab and cd share a point (exactly, by orientations). */
export function segmentsTouch(a: P, b: P, c: P, d: P): boolean {
  const o1 = Math.sign(orient(a, b, c)), o2 = Math.sign(orient(a, b, d)), o3 = Math.sign(orient(c, d, a)), o4 = Math.sign(orient(c, d, b));
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  const on = (p: P, q: P, r: P) => between(p[0], q[0], r[0]) && between(p[1], q[1], r[1]);
  return (o1 === 0 && on(a, b, c)) || (o2 === 0 && on(a, b, d)) || (o3 === 0 && on(c, d, a)) || (o4 === 0 && on(c, d, b));
}

/**
 * The format's rule, pair by pair: the first two edges (by i, then j) that share a point other
 * than a neighbour's shared end (neighbours meet beyond it only when one folds back along the
 * other); null when simple.
 */
export function bruteCrossing(points: readonly P[], closed = true): [number, number] | null {
  const n = points.length, edges = closed ? n : n - 1;
  const at = (i: number) => points[i % n]!;
  for (let i = 0; i < edges; i++) {
    for (let j = i + 1; j < edges; j++) {
      const neighbours = j === i + 1 || (closed && i === 0 && j === n - 1);
      if (neighbours) {
        // Shared point s; the other ends p (of one) and q (of the other): they overlap beyond s
        // when p, s, q are collinear with p and q on the same side of s.
        const [p, s, q] = j === i + 1 ? [at(i), at(j), at(j + 1)] : [at(n - 1), at(0), at(1)];
        if (orient(p, s, q) === 0 && (p[0] - s[0]) * (q[0] - s[0]) + (p[1] - s[1]) * (q[1] - s[1]) > 0) return [i, j];
      } else if (segmentsTouch(at(i), at(i + 1), at(j), at(j + 1))) return [i, j];
    }
  }
  return null;
}

/** The ray from + t·(to − from) against segment ab: the first t in [0, 1], or null (parallel: null). */
export function raySegmentHit(from: P, to: P, a: P, b: P): number | null {
  const dx = to[0] - from[0], dy = to[1] - from[1], ex = b[0] - a[0], ey = b[1] - a[1];
  const den = dx * ey - dy * ex;
  if (den === 0) return null;
  const t = ((a[0] - from[0]) * ey - (a[1] - from[1]) * ex) / den;
  const u = ((a[0] - from[0]) * dy - (a[1] - from[1]) * dx) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/**
 * A star-shaped outline about the origin: `n` points at increasing angles, each at its own
 * radius (so concave), either winding; with `collinear`, midpoints put on some edges.
 */
export function starOutline(options: { readonly minPoints?: number; readonly maxPoints?: number; readonly size?: number; readonly collinear?: boolean } = {}): fc.Arbitrary<RefPoint[]> {
  const size = options.size ?? 10;
  return fc
    .integer({ min: options.minPoints ?? 4, max: options.maxPoints ?? 14 })
    .chain((n) => fc.tuple(fc.array(real(0.15, 1), { minLength: n, maxLength: n }), fc.array(real(0.1, 0.9), { minLength: n, maxLength: n }), fc.boolean(), fc.array(fc.boolean(), { minLength: n, maxLength: n })))
    .map(([radii, jitter, clockwise, splits]) => {
      const n = radii.length;
      const pts: RefPoint[] = [];
      for (let i = 0; i < n; i++) {
        const angle = (2 * Math.PI * (i + jitter[i]!)) / n;
        pts.push([size * radii[i]! * Math.cos(angle), size * radii[i]! * Math.sin(angle)]);
      }
      const ordered = clockwise ? pts : pts.reverse();
      if (!options.collinear) return ordered;
      const out: RefPoint[] = [];
      ordered.forEach((p, i) => {
        out.push(p);
        if (splits[i]) {
          const q = ordered[(i + 1) % n]!;
          out.push([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]);
        }
      });
      return out;
    });
}

/** A chain's points: a random walk of 2 to 8 steps in a box of `size` (closed ones have 3 or more). */
export function chainPoints(size = 10): fc.Arbitrary<RefPoint[]> {
  return fc.array(fc.tuple(real(-size, size), real(-size, size)), { minLength: 2, maxLength: 8 }).filter((pts) => pts.every((p, i) => i === 0 || Math.hypot(p[0] - pts[i - 1]![0], p[1] - pts[i - 1]![1]) > 0.05 * size));
}
