// Contact manifolds for every pair of collision geometry kinds (Box2D v3's manifold.c, made exact):
// whether the pair overlaps, the unit normal from A to B, the exact penetration depth (minimum
// translation distance) and one or two contact points. Work happens in A's local frame for
// precision far from the origin; results are world space. Nothing allocates per call.
//
// Depth is exact for every pair: circle and capsule pairs by closed forms, polygon pairs by
// separating axes over both face sets when the cores overlap, and by GJK's exact core distance
// (depth = rA + rB − distance) when only the rounded parts overlap.
import { gjkDistance, GjkResult, segmentDistance, SegmentDistanceResult } from "./distance";
import { CAPSULE, CIRCLE, POLYGON, type CapsuleGeometry, type CircleGeometry, type Geometry, type PolygonGeometry, type Transform } from "./shapes";

/** A contact manifold in world space. `pointCount` 0 means the pair does not overlap. */
export class Manifold {
  pointCount = 0;
  /** Unit normal pointing from A to B: moving B by depth along it separates the pair. */
  normalX = 0;
  normalY = 0;
  /** Penetration depth (> 0 when overlapping): the length of the smallest separating translation. */
  depth = 0;
  /** Contact points, midway between the two surfaces, with their own separations (< 0). */
  point1X = 0;
  point1Y = 0;
  separation1 = 0;
  point2X = 0;
  point2Y = 0;
  separation2 = 0;

  get overlapping(): boolean {
    return this.pointCount > 0;
  }
}

/** Direction used when nothing else gives one (concentric circles): up on screen, in world space. */
export const FALLBACK_NORMAL_X = 0;
export const FALLBACK_NORMAL_Y = -1;

/** A depth within this fraction of the coordinates' magnitude is touching (rounding), not overlap. */
export const TOUCH_TOLERANCE = 1e-12;
/** Reference faces within this of each other prefer A's, so results do not flicker. */
const FLIP_TOLERANCE = 1e-9;
/** cos of the largest angle between a face and the contact normal that still counts as face contact. */
const FACE_CONTACT_COS = 1 - 1e-9;

// The relative transform B → A of the current call, and the tolerance scale.
let rc = 1, rs = 0, rpx = 0, rpy = 0, tolerance = 0;

function relative(xfA: Transform, xfB: Transform, sizeA: number, sizeB: number): void {
  const dx = xfB.px - xfA.px, dy = xfB.py - xfA.py;
  rc = xfA.c * xfB.c + xfA.s * xfB.s;
  rs = xfA.c * xfB.s - xfA.s * xfB.c;
  rpx = xfA.c * dx + xfA.s * dy;
  rpy = -xfA.s * dx + xfA.c * dy;
  const magnitude = Math.max(1, Math.abs(xfA.px), Math.abs(xfA.py), Math.abs(xfB.px), Math.abs(xfB.py), sizeA, sizeB);
  tolerance = TOUCH_TOLERANCE * magnitude;
}

const bx = (x: number, y: number) => rc * x - rs * y + rpx;
const by = (x: number, y: number) => rs * x + rc * y + rpy;

/** Writes a one-point manifold from A-local values. */
function emit1(out: Manifold, xfA: Transform, nx: number, ny: number, depth: number, px: number, py: number, sep: number): void {
  out.pointCount = 1;
  out.normalX = xfA.c * nx - xfA.s * ny;
  out.normalY = xfA.s * nx + xfA.c * ny;
  out.depth = depth;
  out.point1X = xfA.c * px - xfA.s * py + xfA.px;
  out.point1Y = xfA.s * px + xfA.c * py + xfA.py;
  out.separation1 = sep;
}

function emit2(out: Manifold, xfA: Transform, px: number, py: number, sep: number): void {
  out.pointCount = 2;
  out.point2X = xfA.c * px - xfA.s * py + xfA.px;
  out.point2Y = xfA.s * px + xfA.c * py + xfA.py;
  out.separation2 = sep;
}

function none(out: Manifold): Manifold {
  out.pointCount = 0;
  out.depth = 0;
  return out;
}

/** The fallback normal in A's local frame. */
const fallbackLocalX = (xfA: Transform) => xfA.c * FALLBACK_NORMAL_X + xfA.s * FALLBACK_NORMAL_Y;
const fallbackLocalY = (xfA: Transform) => -xfA.s * FALLBACK_NORMAL_X + xfA.c * FALLBACK_NORMAL_Y;

/** Circle vs circle; concentric circles get the fallback normal and depth rA + rB. */
export function collideCircles(a: CircleGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  relative(xfA, xfB, a.extent, b.extent);
  const cx = bx(b.cx, b.cy), cy = by(b.cx, b.cy);
  let dx = cx - a.cx, dy = cy - a.cy;
  const dist = Math.hypot(dx, dy);
  const depth = a.radius + b.radius - dist;
  if (depth <= tolerance) return none(out);
  // Regression: centres a denormal apart "normalised" to (1, 1); within tolerance is concentric.
  if (dist > tolerance) { dx /= dist; dy /= dist; } else { dx = fallbackLocalX(xfA); dy = fallbackLocalY(xfA); }
  // Midway between the surfaces: a + rA·n and c − rB·n.
  const m = 0.5 * (a.radius - b.radius + dist);
  emit1(out, xfA, dx, dy, depth, a.cx + m * dx, a.cy + m * dy, -depth);
  return out;
}

/** Capsule vs circle (seed 000/002: the closest point on the core, then circle vs circle). */
export function collideCapsuleAndCircle(a: CapsuleGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  relative(xfA, xfB, a.extent, b.extent);
  const cx = bx(b.cx, b.cy), cy = by(b.cx, b.cy);
  const ex = a.x2 - a.x1, ey = a.y2 - a.y1;
  const ee = ex * ex + ey * ey;
  let t = ((cx - a.x1) * ex + (cy - a.y1) * ey) / ee;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const qx = a.x1 + t * ex, qy = a.y1 + t * ey;
  let nx = cx - qx, ny = cy - qy;
  const dist = Math.hypot(nx, ny);
  const depth = a.radius + b.radius - dist;
  if (depth <= tolerance) return none(out);
  if (dist > tolerance) { nx /= dist; ny /= dist; } else {
    // Centre on the core (a direction from rounding noise would run along it): either side of
    // the segment is a minimum; take the one facing up.
    const len = Math.sqrt(ee);
    nx = ey / len; ny = -ex / len;
    if (nx * fallbackLocalX(xfA) + ny * fallbackLocalY(xfA) < 0) { nx = -nx; ny = -ny; }
  }
  const m = 0.5 * (a.radius - b.radius + dist);
  emit1(out, xfA, nx, ny, depth, qx + m * nx, qy + m * ny, -depth);
  return out;
}

const segResult = new SegmentDistanceResult();

/**
 * Capsule vs capsule through the segment distance (seed 003). Parallel overlapping capsules get
 * two contact points; crossing cores get their depth from the four side axes.
 */
export function collideCapsules(a: CapsuleGeometry, xfA: Transform, b: CapsuleGeometry, xfB: Transform, out: Manifold): Manifold {
  relative(xfA, xfB, a.extent, b.extent);
  const p2x = bx(b.x1, b.y1), p2y = by(b.x1, b.y1), q2x = bx(b.x2, b.y2), q2y = by(b.x2, b.y2);
  const r = segmentDistance(a.x1, a.y1, a.x2, a.y2, p2x, p2y, q2x, q2y, segResult);
  const radius = a.radius + b.radius;
  const dist = Math.sqrt(r.distanceSquared);
  const len1 = Math.hypot(a.x2 - a.x1, a.y2 - a.y1);
  const u1x = (a.x2 - a.x1) / len1, u1y = (a.y2 - a.y1) / len1;
  const len2 = Math.hypot(q2x - p2x, q2y - p2y);
  const u2x = (q2x - p2x) / len2, u2y = (q2y - p2y) / len2;

  if (dist > tolerance) {
    const depth = radius - dist;
    if (depth <= tolerance) return none(out);
    const nx = (r.closest2X - r.closest1X) / dist, ny = (r.closest2Y - r.closest1Y) / dist;
    // Side by side and parallel: clip B's core to A's extent for two points (Box2D does the same).
    const parallel = Math.abs(u1x * u2y - u1y * u2x) < 1e-3 && Math.abs(nx * u1x + ny * u1y) < 1e-9;
    if (parallel) {
      const t2 = (p2x - a.x1) * u1x + (p2y - a.y1) * u1y;
      const t3 = (q2x - a.x1) * u1x + (q2y - a.y1) * u1y;
      const lo = Math.max(0, Math.min(t2, t3)), hi = Math.min(len1, Math.max(t2, t3));
      if (hi - lo > tolerance && t3 !== t2) {
        emit1(out, xfA, nx, ny, depth, 0, 0, 0);
        let kept = 0;
        for (let k = 0; k < 2; k++) {
          const t = k === 0 ? lo : hi;
          const f = (t - t2) / (t3 - t2);
          const vx = p2x + f * (q2x - p2x), vy = p2y + f * (q2y - p2y);
          const s = (vx - a.x1) * nx + (vy - a.y1) * ny;
          if (s - radius >= 0) continue;
          const m = 0.5 * (a.radius - b.radius - s);
          const px = vx + m * nx, py = vy + m * ny;
          if (kept === 0) {
            out.point1X = xfA.c * px - xfA.s * py + xfA.px;
            out.point1Y = xfA.s * px + xfA.c * py + xfA.py;
            out.separation1 = s - radius;
          } else emit2(out, xfA, px, py, s - radius);
          kept++;
        }
        if (kept > 0) return out;
      }
    }
    const m = 0.5 * (a.radius - b.radius + dist);
    emit1(out, xfA, nx, ny, depth, r.closest1X + m * nx, r.closest1Y + m * ny, -depth);
    return out;
  }

  // The cores cross (or lie on one line): the smallest overlap over both segments' side axes.
  let best = -Infinity, bnx = 0, bny = 0;
  for (let k = 0; k < 4; k++) {
    const ux = k < 2 ? u1x : u2x, uy = k < 2 ? u1y : u2y;
    const sign = k % 2 === 0 ? 1 : -1;
    const nx = sign * uy, ny = -sign * ux;
    const maxA = Math.max(nx * a.x1 + ny * a.y1, nx * a.x2 + ny * a.y2);
    const minB = Math.min(nx * p2x + ny * p2y, nx * q2x + ny * q2y);
    const s = minB - maxA;
    // Ties (collinear cores) go to the side facing from A's centre towards B's.
    if (s > best + tolerance || (s > best - tolerance && nx * (p2x + q2x - a.x1 - a.x2) + ny * (p2y + q2y - a.y1 - a.y2) > bnx * (p2x + q2x - a.x1 - a.x2) + bny * (p2y + q2y - a.y1 - a.y2))) {
      best = Math.max(s, best); bnx = nx; bny = ny;
    }
  }
  const depth = radius - best;
  const m = 0.5 * (a.radius - b.radius);
  emit1(out, xfA, bnx, bny, depth, r.closest1X + m * bnx, r.closest1Y + m * bny, -depth);
  return out;
}

/** Polygon vs circle (Box2D's b2CollidePolygonAndCircle): exact in face, vertex and inside regions. */
export function collidePolygonAndCircle(a: PolygonGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  relative(xfA, xfB, a.extent, b.extent);
  const cx = bx(b.cx, b.cy), cy = by(b.cx, b.cy);
  const v = a.vertices, n = a.normals, count = a.count;
  let normalIndex = 0, separation = -Infinity;
  for (let i = 0; i < count; i++) {
    const s = n[2 * i]! * (cx - v[2 * i]!) + n[2 * i + 1]! * (cy - v[2 * i + 1]!);
    if (s > separation) { separation = s; normalIndex = i; }
  }
  const radius = a.radius + b.radius;
  if (separation - radius > tolerance) return none(out);
  const i1 = normalIndex, i2 = i1 + 1 < count ? i1 + 1 : 0;
  const v1x = v[2 * i1]!, v1y = v[2 * i1 + 1]!, v2x = v[2 * i2]!, v2y = v[2 * i2 + 1]!;
  const u1 = (cx - v1x) * (v2x - v1x) + (cy - v1y) * (v2y - v1y);
  const u2 = (cx - v2x) * (v1x - v2x) + (cy - v2y) * (v1y - v2y);
  let nx: number, ny: number, dist: number, vx: number, vy: number;
  if ((u1 < 0 || u2 < 0) && separation > 0) {
    // Outside, nearest a vertex.
    vx = u1 < 0 ? v1x : v2x; vy = u1 < 0 ? v1y : v2y;
    nx = cx - vx; ny = cy - vy;
    dist = Math.hypot(nx, ny);
    nx /= dist; ny /= dist;
  } else {
    // In the face's region, or inside the polygon: the face with the largest separation.
    nx = n[2 * i1]!; ny = n[2 * i1 + 1]!;
    dist = separation;
    vx = cx - separation * nx; vy = cy - separation * ny;
  }
  const depth = radius - dist;
  if (depth <= tolerance) return none(out);
  const m = 0.5 * (a.radius - b.radius + dist);
  emit1(out, xfA, nx, ny, depth, vx + m * nx, vy + m * ny, -depth);
  return out;
}

// Scratch space for polygon pairs: B's core in A's frame, and a capsule's core as a 2-gon.
let scratchB = new Float64Array(16), scratchBN = new Float64Array(16);
const capA = new Float64Array(4), capAN = new Float64Array(4);
const gjkOut = new GjkResult();

function ensureScratch(count: number): void {
  if (scratchB.length < 2 * count) {
    scratchB = new Float64Array(4 * count);
    scratchBN = new Float64Array(4 * count);
  }
}

/** Writes a segment's two points and its two side normals (Box2D's b2MakeCapsule). */
function segmentAsPolygon(x1: number, y1: number, x2: number, y2: number, v: Float64Array, nrm: Float64Array): void {
  v[0] = x1; v[1] = y1; v[2] = x2; v[3] = y2;
  const len = Math.hypot(x2 - x1, y2 - y1);
  const nx = (y2 - y1) / len, ny = -(x2 - x1) / len;
  nrm[0] = nx; nrm[1] = ny; nrm[2] = -nx; nrm[3] = -ny;
}

let maxSepEdge = 0;
/** Largest separation of poly2 from the faces of poly1 (Box2D's b2FindMaxSeparation). */
function findMaxSeparation(v1: Float64Array, n1: Float64Array, c1: number, v2: Float64Array, c2: number): number {
  let best = -Infinity, bestIndex = 0;
  for (let i = 0; i < c1; i++) {
    const nx = n1[2 * i]!, ny = n1[2 * i + 1]!, vx = v1[2 * i]!, vy = v1[2 * i + 1]!;
    let si = Infinity;
    for (let j = 0; j < c2; j++) {
      const sij = nx * (v2[2 * j]! - vx) + ny * (v2[2 * j + 1]! - vy);
      if (sij < si) si = sij;
    }
    if (si > best) { best = si; bestIndex = i; }
  }
  maxSepEdge = bestIndex;
  return best;
}

function incidentEdge(nx: number, ny: number, normals: Float64Array, count: number): number {
  let best = 0, minDot = Infinity;
  for (let i = 0; i < count; i++) {
    const d = nx * normals[2 * i]! + ny * normals[2 * i + 1]!;
    if (d < minDot) { minDot = d; best = i; }
  }
  return best;
}

/**
 * Clips the incident edge against the reference face's side planes (Box2D's b2ClipPolygons) and
 * writes the penetrating points. Returns how many it wrote (0, 1 or 2). Points and the normal
 * the caller has set stay as they are when nothing penetrates.
 */
function clipPoints(
  out: Manifold, xfA: Transform,
  refV: Float64Array, refN: Float64Array, refCount: number, refEdge: number, refRadius: number,
  incV: Float64Array, incCount: number, incEdge: number, incRadius: number,
): number {
  const i11 = refEdge, i12 = refEdge + 1 < refCount ? refEdge + 1 : 0;
  const i21 = incEdge, i22 = incEdge + 1 < incCount ? incEdge + 1 : 0;
  const nx = refN[2 * i11]!, ny = refN[2 * i11 + 1]!;
  const v11x = refV[2 * i11]!, v11y = refV[2 * i11 + 1]!, v12x = refV[2 * i12]!, v12y = refV[2 * i12 + 1]!;
  const v21x = incV[2 * i21]!, v21y = incV[2 * i21 + 1]!, v22x = incV[2 * i22]!, v22y = incV[2 * i22 + 1]!;
  const tx = -ny, ty = nx;
  const lower1 = 0, upper1 = (v12x - v11x) * tx + (v12y - v11y) * ty;
  // The incident edge runs against the tangent.
  const upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty, lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty;
  const span = upper2 - lower2;
  let loX = v22x, loY = v22y, hiX = v21x, hiY = v21y;
  if (lower2 < lower1 && span > 0) { const f = (lower1 - lower2) / span; loX = v22x + f * (v21x - v22x); loY = v22y + f * (v21y - v22y); }
  if (upper2 > upper1 && span > 0) { const f = (upper1 - lower2) / span; hiX = v22x + f * (v21x - v22x); hiY = v22y + f * (v21y - v22y); }
  const radius = refRadius + incRadius;
  let kept = 0;
  for (let k = 0; k < 2; k++) {
    const px = k === 0 ? loX : hiX, py = k === 0 ? loY : hiY;
    const s = (px - v11x) * nx + (py - v11y) * ny;
    if (s - radius >= 0) continue;
    const m = 0.5 * (refRadius - incRadius - s);
    const cx = px + m * nx, cy = py + m * ny;
    if (kept === 0) {
      out.point1X = xfA.c * cx - xfA.s * cy + xfA.px;
      out.point1Y = xfA.s * cx + xfA.c * cy + xfA.py;
      out.separation1 = s - radius;
      out.pointCount = 1;
    } else emit2(out, xfA, cx, cy, s - radius);
    kept++;
  }
  return kept;
}

/** Two rounded convex polygons, B already in A's frame (scratch). The general path. */
function collideCores(
  out: Manifold, xfA: Transform,
  av: Float64Array, an: Float64Array, ac: number, ar: number,
  bv: Float64Array, bn: Float64Array, bc: number, br: number,
): Manifold {
  const sepA = findMaxSeparation(av, an, ac, bv, bc);
  const edgeA0 = maxSepEdge;
  const sepB = findMaxSeparation(bv, bn, bc, av, ac);
  const edgeB0 = maxSepEdge;
  const radius = ar + br;
  if (sepA - radius > tolerance || sepB - radius > tolerance) return none(out);
  const flip = sepB > sepA + FLIP_TOLERANCE * (tolerance / TOUCH_TOLERANCE);
  const separation = flip ? sepB : sepA;
  // Reference face normal in A's frame (pointing from the reference polygon outwards).
  const refNX = flip ? bn[2 * edgeB0]! : an[2 * edgeA0]!;
  const refNY = flip ? bn[2 * edgeB0 + 1]! : an[2 * edgeA0 + 1]!;
  const edgeA = flip ? incidentEdge(refNX, refNY, an, ac) : edgeA0;
  const edgeB = flip ? edgeB0 : incidentEdge(refNX, refNY, bn, bc);

  if (separation > tolerance) {
    // Cores apart: only the radii overlap. GJK gives the exact core distance and direction.
    gjkDistance(av, ac, bv, bc, gjkOut);
    const dist = gjkOut.distance;
    const depth = radius - dist;
    if (depth <= tolerance) return none(out);
    const nx = (gjkOut.pointBX - gjkOut.pointAX) / dist, ny = (gjkOut.pointBY - gjkOut.pointAY) / dist;
    const m = 0.5 * (ar - br + dist);
    emit1(out, xfA, nx, ny, depth, gjkOut.pointAX + m * nx, gjkOut.pointAY + m * ny, -depth);
    // Parallel faces (a capsule lying on a box): two points, by clipping.
    const facing = flip ? -(refNX * nx + refNY * ny) : refNX * nx + refNY * ny;
    if (facing >= FACE_CONTACT_COS) {
      const kept = flip
        ? clipPoints(out, xfA, bv, bn, bc, edgeB, br, av, ac, edgeA, ar)
        : clipPoints(out, xfA, av, an, ac, edgeA, ar, bv, bc, edgeB, br);
      if (kept === 0) emit1(out, xfA, nx, ny, depth, gjkOut.pointAX + m * nx, gjkOut.pointAY + m * ny, -depth);
    }
    return out;
  }

  // Cores overlap: separating axes over both face sets give the exact depth.
  const depth = radius - separation;
  if (depth <= tolerance) return none(out);
  const nx = flip ? -refNX : refNX, ny = flip ? -refNY : refNY;
  out.normalX = xfA.c * nx - xfA.s * ny;
  out.normalY = xfA.s * nx + xfA.c * ny;
  out.depth = depth;
  out.pointCount = 0;
  const kept = flip
    ? clipPoints(out, xfA, bv, bn, bc, edgeB, br, av, ac, edgeA, ar)
    : clipPoints(out, xfA, av, an, ac, edgeA, ar, bv, bc, edgeB, br);
  if (kept === 0) {
    // Rounding put every clipped point outside: report the deepest support point instead.
    let best = 0, bestS = Infinity;
    const pv = flip ? av : bv, pc = flip ? ac : bc;
    for (let j = 0; j < pc; j++) {
      const s = (flip ? -nx : nx) * pv[2 * j]! + (flip ? -ny : ny) * pv[2 * j + 1]!;
      if (s < bestS) { bestS = s; best = j; }
    }
    const px = pv[2 * best]! - (flip ? -1 : 1) * 0.5 * depth * nx, py = pv[2 * best + 1]! - (flip ? -1 : 1) * 0.5 * depth * ny;
    emit1(out, xfA, nx, ny, depth, px, py, -depth);
  }
  return out;
}

function polygonBInA(b: PolygonGeometry): void {
  ensureScratch(b.count);
  for (let i = 0; i < b.count; i++) {
    const x = b.vertices[2 * i]!, y = b.vertices[2 * i + 1]!;
    scratchB[2 * i] = bx(x, y);
    scratchB[2 * i + 1] = by(x, y);
    const nx = b.normals[2 * i]!, ny = b.normals[2 * i + 1]!;
    scratchBN[2 * i] = rc * nx - rs * ny;
    scratchBN[2 * i + 1] = rs * nx + rc * ny;
  }
}

export function collidePolygons(a: PolygonGeometry, xfA: Transform, b: PolygonGeometry, xfB: Transform, out: Manifold): Manifold {
  relative(xfA, xfB, a.extent, b.extent);
  polygonBInA(b);
  return collideCores(out, xfA, a.vertices, a.normals, a.count, a.radius, scratchB, scratchBN, b.count, b.radius);
}

/** Polygon vs capsule: the capsule is a rounded 2-gon (Box2D's b2CollidePolygonAndCapsule). */
export function collidePolygonAndCapsule(a: PolygonGeometry, xfA: Transform, b: CapsuleGeometry, xfB: Transform, out: Manifold): Manifold {
  relative(xfA, xfB, a.extent, b.extent);
  ensureScratch(2);
  segmentAsPolygon(bx(b.x1, b.y1), by(b.x1, b.y1), bx(b.x2, b.y2), by(b.x2, b.y2), scratchB, scratchBN);
  return collideCores(out, xfA, a.vertices, a.normals, a.count, a.radius, scratchB, scratchBN, 2, b.radius);
}

/** Capsule vs polygon, computed in the capsule's frame so precision follows A. */
export function collideCapsuleAndPolygon(a: CapsuleGeometry, xfA: Transform, b: PolygonGeometry, xfB: Transform, out: Manifold): Manifold {
  relative(xfA, xfB, a.extent, b.extent);
  polygonBInA(b);
  segmentAsPolygon(a.x1, a.y1, a.x2, a.y2, capA, capAN);
  return collideCores(out, xfA, capA, capAN, 2, a.radius, scratchB, scratchBN, b.count, b.radius);
}

type Collider = (a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, out: Manifold) => Manifold;

/** Flips a manifold computed for (B, A) into one for (A, B): the normal turns, points stay. */
function flipped(fn: Collider): Collider {
  return (a, xfA, b, xfB, out) => {
    fn(b, xfB, a, xfA, out);
    out.normalX = -out.normalX;
    out.normalY = -out.normalY;
    return out;
  };
}

const primary = (fn: (a: never, xfA: Transform, b: never, xfB: Transform, out: Manifold) => Manifold) => fn as unknown as Collider;

/** The dispatch table [kindA][kindB], both orders (Box2D's s_registers). A box is a polygon. */
export const COLLIDE: readonly (readonly Collider[])[] = (() => {
  const t: Collider[][] = [[], [], []];
  t[CIRCLE]![CIRCLE] = primary(collideCircles);
  t[CAPSULE]![CIRCLE] = primary(collideCapsuleAndCircle);
  t[CAPSULE]![CAPSULE] = primary(collideCapsules);
  t[POLYGON]![CIRCLE] = primary(collidePolygonAndCircle);
  t[POLYGON]![CAPSULE] = primary(collidePolygonAndCapsule);
  t[CAPSULE]![POLYGON] = primary(collideCapsuleAndPolygon);
  t[POLYGON]![POLYGON] = primary(collidePolygons);
  t[CIRCLE]![CAPSULE] = flipped(t[CAPSULE]![CIRCLE]!);
  t[CIRCLE]![POLYGON] = flipped(t[POLYGON]![CIRCLE]!);
  return t;
})();

/** The contact manifold of any two geometries; `out` is filled and returned. */
export function collide(a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, out: Manifold = new Manifold()): Manifold {
  return COLLIDE[a.kind]![b.kind]!(a, xfA, b, xfB, out);
}
