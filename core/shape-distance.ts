// Distance and closest points between any two geometries (Box2D's b2ShapeDistance with radii):
// GJK on the cores in A's frame, then the radii taken off along the closest-point direction.
import { gjkDistance, GjkResult, segmentDistance, SegmentDistanceResult } from "./distance";
import { CAPSULE, CIRCLE, COMPOUND, partCount, partInWorld, POLYGON, type Geometry, type ShapeGeometry, type Transform } from "./shapes";

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

// Scratch: B's core in A's frame, and a capsule A's two points.
let proxyB = new Float64Array(16);
const capsuleA = new Float64Array(4);
const gjk = new GjkResult();
const seg = new SegmentDistanceResult();

/**
 * Closest point of a convex polygon's core (points with positive turns, packed) to (px, py),
 * written to `out` as a GJK result would be: the closed form for a point, no iteration.
 */
function pointToPolygon(poly: Float64Array, n: number, px: number, py: number, polygonIsA: boolean, out: GjkResult): void {
  let inside = true, best = Infinity, cx = 0, cy = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const ax = poly[2 * i]!, ay = poly[2 * i + 1]!, ex = poly[2 * j]! - ax, ey = poly[2 * j + 1]! - ay;
    const rx = px - ax, ry = py - ay;
    if (ex * ry - ey * rx < 0) inside = false;
    // The closest point on this edge (closestOnSegment, inline: this loop is the whole query).
    const ee = ex * ex + ey * ey;
    let t = ee === 0 ? 0 : (rx * ex + ry * ey) / ee;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = ax + t * ex, qy = ay + t * ey;
    const d = (px - qx) * (px - qx) + (py - qy) * (py - qy);
    if (d < best) { best = d; cx = qx; cy = qy; }
  }
  if (inside) { cx = px; cy = py; best = 0; }
  out.distance = Math.sqrt(best);
  if (polygonIsA) { out.pointAX = cx; out.pointAY = cy; out.pointBX = px; out.pointBY = py; }
  else { out.pointAX = px; out.pointAY = py; out.pointBX = cx; out.pointBY = cy; }
}

/** How many core points a geometry has: 1 for a circle, 2 for a capsule, else its vertex count. */
export const coreCount = (g: Geometry): number => (g.kind === CIRCLE ? 1 : g.kind === CAPSULE ? 2 : g.count);

/**
 * Writes a geometry's core points (circle centre, capsule ends or polygon vertices), moved by
 * (c, s, px, py), into `out` (which must hold 2·coreCount numbers); returns the count. The one
 * place every query turns a shape into the point cloud GJK reads.
 */
export function placeCore(g: Geometry, c: number, s: number, px: number, py: number, out: Float64Array): number {
  if (g.kind === CAPSULE) {
    out[0] = c * g.x1 - s * g.y1 + px; out[1] = s * g.x1 + c * g.y1 + py;
    out[2] = c * g.x2 - s * g.y2 + px; out[3] = s * g.x2 + c * g.y2 + py;
    return 2;
  }
  if (g.kind === CIRCLE) {
    out[0] = c * g.cx - s * g.cy + px; out[1] = s * g.cx + c * g.cy + py;
    return 1;
  }
  const v = g.vertices, end = 2 * g.count;
  for (let i = 0; i < end; i += 2) {
    const x = v[i]!, y = v[i + 1]!;
    out[i] = c * x - s * y + px;
    out[i + 1] = s * x + c * y + py;
  }
  return g.count;
}

/** The scratch for B's core in A's frame, grown first if `count` points would not fit. */
function coreScratch(count: number): Float64Array {
  if (proxyB.length < 2 * count) proxyB = new Float64Array(4 * count);
  return proxyB;
}

export function shapeDistance(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, out: DistanceOutput = new DistanceOutput()): DistanceOutput {
  if (a.kind === COMPOUND || b.kind === COMPOUND) return compoundDistance(a, xfA, b, xfB, out);
  // B relative to A, for precision far from the origin.
  const dx = xfB.px - xfA.px, dy = xfB.py - xfA.py;
  const rc = xfA.c * xfB.c + xfA.s * xfB.s, rs = xfA.c * xfB.s - xfA.s * xfB.c;
  const rpx = xfA.c * dx + xfA.s * dy, rpy = -xfA.s * dx + xfA.c * dy;
  const pb = coreScratch(coreCount(b)), nb = placeCore(b, rc, rs, rpx, rpy, pb);
  if (a.kind !== POLYGON && b.kind !== POLYGON) {
    // Points and segments (circles and capsules): the closed form is exact and needs no iteration.
    const p1x = a.kind === CIRCLE ? a.cx : a.x1, p1y = a.kind === CIRCLE ? a.cy : a.y1;
    const q1x = a.kind === CIRCLE ? a.cx : a.x2, q1y = a.kind === CIRCLE ? a.cy : a.y2;
    segmentDistance(p1x, p1y, q1x, q1y, pb[0]!, pb[1]!, pb[2 * nb - 2]!, pb[2 * nb - 1]!, seg);
    gjk.pointAX = seg.closest1X; gjk.pointAY = seg.closest1Y; gjk.pointBX = seg.closest2X; gjk.pointBY = seg.closest2Y;
    gjk.distance = Math.sqrt(seg.distanceSquared);
  } else if (a.kind === CIRCLE) pointToPolygon(pb, nb, a.cx, a.cy, false, gjk);
  else if (a.kind === POLYGON && nb === 1) pointToPolygon(a.vertices, a.count, pb[0]!, pb[1]!, true, gjk);
  else if (a.kind === CAPSULE) {
    capsuleA[0] = a.x1; capsuleA[1] = a.y1; capsuleA[2] = a.x2; capsuleA[3] = a.y2;
    gjkDistance(capsuleA, 2, pb, nb, gjk, false, true);
  } else gjkDistance(a.vertices, a.count, pb, nb, gjk, false, true);
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

const partDistance = new DistanceOutput();
const circleA = new Float64Array(3), circleB = new Float64Array(3);

/**
 * With a compound side: the closest pair of parts (0 when any pair overlaps). A pair whose bound
 * circles are farther apart than the closest found so far is not measured. For a solid this is
 * the distance to the solid as a whole, its pieces' union.
 */
function compoundDistance(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, out: DistanceOutput): DistanceOutput {
  let found = false;
  const nA = partCount(a), nB = partCount(b);
  for (let i = 0; i < nA; i++) {
    const pa = partInWorld(a, i, xfA, circleA);
    for (let j = 0; j < nB; j++) {
      const pb = partInWorld(b, j, xfB, circleB);
      if (found) {
        const dx = circleB[0]! - circleA[0]!, dy = circleB[1]! - circleA[1]!, reach = out.distance + circleA[2]! + circleB[2]!;
        if (dx * dx + dy * dy > reach * reach) continue;
      }
      shapeDistance(pa, xfA, pb, xfB, partDistance);
      if (found && partDistance.distance >= out.distance) continue;
      found = true;
      out.distance = partDistance.distance;
      out.normalX = partDistance.normalX; out.normalY = partDistance.normalY;
      out.pointAX = partDistance.pointAX; out.pointAY = partDistance.pointAY;
      out.pointBX = partDistance.pointBX; out.pointBY = partDistance.pointBY;
    }
  }
  return out;
}
