// Distance and closest points between any two geometries (Box2D's b2ShapeDistance with radii):
// GJK on the cores in A's frame, then the radii taken off along the closest-point direction.
import { gjkDistance, GjkResult, segmentDistance, SegmentDistanceResult } from "./distance";
import { PartWalk } from "./part-tree";
import { CAPSULE, CIRCLE, COMPOUND, partCount, partInWorld, partsReach, partTree, POLYGON, type Geometry, type ShapeGeometry, type Transform } from "./shapes";

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
  const pose = givenPose;
  pose[0] = c; pose[1] = s; pose[2] = px; pose[3] = py;
  return placeCoreIn(g, pose, out);
}

/** placeCore's pose (c, s, px, py) as numbers are given. */
const givenPose = new Float64Array(4);

/**
 * placeCore with the pose in pose[0…3] (c, s, px, py): for callers V8 may not inline it into, as
 * the doubles of such a call are boxed.
 */
export function placeCoreIn(g: Geometry, pose: Float64Array, out: Float64Array): number {
  const c = pose[0]!, s = pose[1]!, px = pose[2]!, py = pose[3]!;
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
const distanceWalkA = new PartWalk(), distanceWalkB = new PartWalk();
const run = new Int32Array(2);

/** compoundDistance's state: whether `out` holds a pair yet, and which pair it is. */
let found = false, bestI = 0, bestJ = 0;

/**
 * With a compound side: the closest pair of parts (0 when any pair overlaps), the first such pair
 * in the parts' order. A pair whose bound circles are farther apart than the closest found so far
 * is skipped. For a solid this is the distance to the solid as a whole, its pieces' union.
 * With one compound side that has a tree, the few parts nearest the other shape go first, giving
 * a bound that culls the rest.
 */
function compoundDistance(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, out: DistanceOutput): DistanceOutput {
  found = false;
  const nA = partCount(a), nB = partCount(b), treeA = partTree(a), treeB = partTree(b);
  const scale = a.extent + b.extent + Math.abs(xfA.px) + Math.abs(xfA.py) + Math.abs(xfB.px) + Math.abs(xfB.py), reachB = partsReach(b);
  const ox = xfB.px - xfA.px, oy = xfB.py - xfA.py;
  const walkA = distanceWalkA.begin(treeA, nA, xfA.c * ox + xfA.s * oy, -xfA.s * ox + xfA.c * oy, 0, 0, Infinity, 0, scale);
  if (b.kind !== COMPOUND && treeA !== null) {
    walkA.nearestRun(run);
    for (let i = run[0]!; i < run[1]!; i++) measurePair(a, xfA, i, b, xfB, 0, out, false);
  } else if (a.kind !== COMPOUND && treeB !== null) {
    const wx = xfA.px - xfB.px, wy = xfA.py - xfB.py;
    distanceWalkB.begin(treeB, nB, xfB.c * wx + xfB.s * wy, -xfB.s * wx + xfB.c * wy, 0, 0, Infinity, 0, scale).nearestRun(run);
    for (let j = run[0]!; j < run[1]!; j++) measurePair(a, xfA, 0, b, xfB, j, out, false);
  }
  if (found) walkA.r = out.distance + reachB;
  for (let i = walkA.next(); i >= 0; i = walkA.next()) {
    partInWorld(a, i, xfA, circleA);
    const wx = circleA[0]! - xfB.px, wy = circleA[1]! - xfB.py;
    const walkB = distanceWalkB.begin(treeB, nB, xfB.c * wx + xfB.s * wy, -xfB.s * wx + xfB.c * wy, 0, 0, found ? out.distance + circleA[2]! : Infinity, 0, scale);
    for (let j = walkB.next(); j >= 0; j = walkB.next()) {
      if (!measurePair(a, xfA, i, b, xfB, j, out, true)) continue;
      walkA.r = out.distance + reachB;
      walkB.r = out.distance + circleA[2]!;
    }
  }
  return out;
}

/**
 * Measures parts i of A and j of B unless their circles are farther apart than the closest pair
 * found (with `cull`); keeps them in `out` when closer, or as close and earlier in the parts'
 * order. Whether it kept them.
 */
function measurePair(a: ShapeGeometry, xfA: Transform, i: number, b: ShapeGeometry, xfB: Transform, j: number, out: DistanceOutput, cull: boolean): boolean {
  const pa = partInWorld(a, i, xfA, circleA), pb = partInWorld(b, j, xfB, circleB);
  if (found && cull) {
    const dx = circleB[0]! - circleA[0]!, dy = circleB[1]! - circleA[1]!, reach = out.distance + circleA[2]! + circleB[2]!;
    if (dx * dx + dy * dy > reach * reach) return false;
  }
  shapeDistance(pa, xfA, pb, xfB, partDistance);
  const d = partDistance.distance;
  if (found && !(d < out.distance || (d === out.distance && (i < bestI || (i === bestI && j < bestJ))))) return false;
  found = true;
  bestI = i;
  bestJ = j;
  out.distance = d;
  out.normalX = partDistance.normalX; out.normalY = partDistance.normalY;
  out.pointAX = partDistance.pointAX; out.pointAY = partDistance.pointAY;
  out.pointBX = partDistance.pointBX; out.pointBY = partDistance.pointBY;
  return true;
}
