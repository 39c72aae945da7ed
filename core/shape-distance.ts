// Distance and closest points between any two geometries (Box2D's b2ShapeDistance with radii):
// GJK on the cores in A's frame, then the radii taken off along the closest-point direction.
import { closestOnSegment, gjkDistance, GjkResult, segmentDistance, SegmentDistanceResult } from "./distance";
import { CAPSULE, CIRCLE, type Geometry, type Transform } from "./shapes";

export class DistanceOutput {
  /** Distance between the surfaces; 0 when the shapes touch or overlap. */
  distance = 0;
  /** Closest points on the surfaces of A and B (world). Equal to each other when overlapping. */
  pointAX = 0;
  pointAY = 0;
  pointBX = 0;
  pointBY = 0;
  /** Unit direction from A's closest point toward B's; (0, 0) when the cores overlap. */
  normalX = 0;
  normalY = 0;
}

let proxyA = new Float64Array(16), proxyB = new Float64Array(16);
const gjk = new GjkResult();
const seg = new SegmentDistanceResult();

function put(out: Float64Array, i: number, x: number, y: number, c: number, s: number, px: number, py: number): void {
  out[2 * i] = c * x - s * y + px;
  out[2 * i + 1] = s * x + c * y + py;
}

/** Writes a geometry's core points, transformed by (c, s, px, py), into `out`; returns the count. */
function core(g: Geometry, c: number, s: number, px: number, py: number, out: Float64Array): number {
  if (g.kind === CIRCLE) { put(out, 0, g.cx, g.cy, c, s, px, py); return 1; }
  if (g.kind === CAPSULE) { put(out, 0, g.x1, g.y1, c, s, px, py); put(out, 1, g.x2, g.y2, c, s, px, py); return 2; }
  for (let i = 0; i < g.count; i++) put(out, i, g.vertices[2 * i]!, g.vertices[2 * i + 1]!, c, s, px, py);
  return g.count;
}

const edgePoint = new Float64Array(2);

/**
 * Closest point of a convex polygon's core (points with positive turns, packed) to (px, py),
 * written to gjk as a GJK result would be: the closed form for a point, no iteration.
 */
function pointToPolygon(poly: Float64Array, n: number, px: number, py: number, polygonIsA: boolean): void {
  let inside = true, best = Infinity, cx = 0, cy = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const ax = poly[2 * i]!, ay = poly[2 * i + 1]!, bx = poly[2 * j]!, by = poly[2 * j + 1]!;
    if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) < 0) inside = false;
    closestOnSegment(px, py, ax, ay, bx, by, edgePoint);
    const d = (px - edgePoint[0]!) ** 2 + (py - edgePoint[1]!) ** 2;
    if (d < best) { best = d; cx = edgePoint[0]!; cy = edgePoint[1]!; }
  }
  if (inside) { cx = px; cy = py; best = 0; }
  gjk.distance = Math.sqrt(best);
  if (polygonIsA) { gjk.pointAX = cx; gjk.pointAY = cy; gjk.pointBX = px; gjk.pointBY = py; }
  else { gjk.pointAX = px; gjk.pointAY = py; gjk.pointBX = cx; gjk.pointBY = cy; }
}

const pointsOf = (g: Geometry) => (g.kind === CIRCLE ? 1 : g.kind === CAPSULE ? 2 : g.count);

export function shapeDistance(a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, out: DistanceOutput = new DistanceOutput()): DistanceOutput {
  if (proxyA.length < 2 * pointsOf(a)) proxyA = new Float64Array(4 * pointsOf(a));
  if (proxyB.length < 2 * pointsOf(b)) proxyB = new Float64Array(4 * pointsOf(b));
  // B relative to A, for precision far from the origin.
  const dx = xfB.px - xfA.px, dy = xfB.py - xfA.py;
  const rc = xfA.c * xfB.c + xfA.s * xfB.s, rs = xfA.c * xfB.s - xfA.s * xfB.c;
  const rpx = xfA.c * dx + xfA.s * dy, rpy = -xfA.s * dx + xfA.c * dy;
  const na = core(a, 1, 0, 0, 0, proxyA);
  const nb = core(b, rc, rs, rpx, rpy, proxyB);
  if (na <= 2 && nb <= 2) {
    // Points and segments (circles and capsules): the closed form is exact and needs no iteration.
    segmentDistance(proxyA[0]!, proxyA[1]!, proxyA[2 * na - 2]!, proxyA[2 * na - 1]!, proxyB[0]!, proxyB[1]!, proxyB[2 * nb - 2]!, proxyB[2 * nb - 1]!, seg);
    gjk.pointAX = seg.closest1X; gjk.pointAY = seg.closest1Y; gjk.pointBX = seg.closest2X; gjk.pointBY = seg.closest2Y;
    gjk.distance = Math.sqrt(seg.distanceSquared);
  } else if (na === 1) pointToPolygon(proxyB, nb, proxyA[0]!, proxyA[1]!, false);
  else if (nb === 1) pointToPolygon(proxyA, na, proxyB[0]!, proxyB[1]!, true);
  else gjkDistance(proxyA, na, proxyB, nb, gjk);
  const magnitude = Math.max(1, Math.abs(xfA.px), Math.abs(xfA.py), Math.abs(xfB.px), Math.abs(xfB.py));
  let ax = gjk.pointAX, ay = gjk.pointAY, bx = gjk.pointBX, by = gjk.pointBY;
  let nx = 0, ny = 0, distance = 0;
  if (gjk.distance > 1e-12 * magnitude) {
    nx = (bx - ax) / gjk.distance;
    ny = (by - ay) / gjk.distance;
    distance = gjk.distance - a.radius - b.radius;
    if (distance > 0) {
      ax += a.radius * nx; ay += a.radius * ny;
      bx -= b.radius * nx; by -= b.radius * ny;
    } else {
      // Overlapping through the radii: report the point midway, as the cores' contact.
      const mx = 0.5 * (ax + a.radius * nx + bx - b.radius * nx);
      const my = 0.5 * (ay + a.radius * ny + by - b.radius * ny);
      ax = bx = mx; ay = by = my;
      distance = 0;
    }
  } else {
    bx = ax; by = ay;
  }
  out.distance = distance;
  out.normalX = xfA.c * nx - xfA.s * ny;
  out.normalY = xfA.s * nx + xfA.c * ny;
  out.pointAX = xfA.c * ax - xfA.s * ay + xfA.px;
  out.pointAY = xfA.s * ax + xfA.c * ay + xfA.py;
  out.pointBX = xfA.c * bx - xfA.s * by + xfA.px;
  out.pointBY = xfA.s * bx + xfA.c * by + xfA.py;
  return out;
}
