// Contact manifolds for every pair of collision geometry kinds (Box2D v3's manifold.c, made exact):
// whether the pair overlaps, the unit normal from A to B, the exact penetration depth (minimum
// translation distance) and one or two contact points. Work happens in A's local frame for
// precision far from the origin; results are world space. Nothing allocates per call.
//
// Depth is exact for every pair: circle and capsule pairs by closed forms, polygon pairs by
// separating axes over both face sets when the cores overlap, and by the cores' exact distance
// (depth = rA + rB − distance) when only the rounded parts overlap: the closest points of the
// reference and incident faces once every vertex is checked behind them, else GJK's.
import { edgeDistance, gjkDistance, GjkResult, len, segmentDistance, SegmentDistanceResult } from "./distance";
import { PartWalk } from "./part-tree";
import { CAPSULE, CIRCLE, COMPOUND, partsReach, PACKED_BOUND, PACKED_EXTENT, PACKED_RADIUS, PACKED_VERTICES, POLYGON, type CapsuleGeometry, type CircleGeometry, type CompoundGeometry, type Geometry, type PolygonGeometry, type ShapeGeometry, type Transform } from "./shapes";

/** A contact manifold in world space. `pointCount` 0 means the pair does not overlap. */
export class Manifold {
  /** How many contact points the fields below hold: 0 (apart or touching), 1 or 2 (a face on a face). */
  pointCount = 0;
  /** Unit normal pointing from A to B: moving B by depth along it separates the pair. */
  normalX = 0;
  /** The normal's y (world units, y down as the scene's). */
  normalY = 0;
  /** Penetration depth (> 0 when overlapping): the length of the smallest separating translation. */
  depth = 0;
  /** Contact points, midway between the two surfaces, with their own separations (< 0). */
  point1X = 0;
  /** The first contact point's y, in the world. */
  point1Y = 0;
  /** How far apart the surfaces are at the first point along the normal (< 0: overlapping by its size). */
  separation1 = 0;
  /** The second contact point's x, in the world (read when pointCount is 2). */
  point2X = 0;
  /** The second contact point's y, in the world (read when pointCount is 2). */
  point2Y = 0;
  /** The surfaces' separation at the second point (read when pointCount is 2). */
  separation2 = 0;

  /** Whether the pair overlaps: pointCount > 0. */
  get overlapping(): boolean {
    return this.pointCount > 0;
  }
}

/** Direction used when nothing else gives one (concentric circles): up on screen, in world space. */
export const FALLBACK_NORMAL_X = 0;
export const FALLBACK_NORMAL_Y = -1;

/** A depth within this fraction of the shapes' size is touching (rounding), not overlap. */
export const TOUCH_TOLERANCE = 1e-12;
/** …plus this fraction of their distance from the origin. */
export const POSITION_TOLERANCE = 1e-14;
/** Reference faces within this of each other prefer A's, so results do not flicker. */
const FLIP_TOLERANCE = 1e-9;
/** cos of the largest angle between a face and the contact normal that still counts as face contact. */
const FACE_CONTACT_COS = 1 - 1e-9;

/**
 * B's frame seen from A's: the rotation (c, s) and translation (x, y) that take B-local points to
 * A-local ones, and the pair's touching tolerance. relative() fills it; the pair functions pass it
 * on to what reads it.
 */
class RelativePose {
  c = 0;
  s = 0;
  x = 0;
  y = 0;
  tolerance = 0;
  /**
   * The radii of the two polygon cores (the polygon pairs set them): read from here, not passed,
   * since a number passed to a call V8 does not inline is boxed on every call.
   */
  radiusA = 0;
  radiusB = 0;
  /** Each polygon's half extents when it is a box centred on its origin (halfX, halfY), else 0. */
  boxAX = 0;
  boxAY = 0;
  boxBX = 0;
  boxBY = 0;
  /** A's core's vertices alone, from index 0 (for the segment distance and GJK, which take them so). */
  verticesA: Float64Array = NO_VERTICES;
}

const NO_VERTICES = new Float64Array(0);

/** The pair functions' relative pose (scratch: none of them is re-entrant or calls out). */
const pose = new RelativePose();

/**
 * The touching tolerance of a pair: a few hundred ulps of the positions (whose rounding the
 * relative transform inherits) plus TOUCH_TOLERANCE of the shapes' own size (rounding in their
 * local frames). Regression: 1e-12 of the positions hid two circles of radius 2.5e-7 overlapping
 * at (1e6, 1). Sums rather than maxima: within 4× of them, and branch-free (which maximum wins
 * is unpredictable pair to pair).
 */
function touchTolerance(xfA: Transform, xfB: Transform, sizeA: number, sizeB: number): number {
  const m = Math.abs(xfA.px) + Math.abs(xfA.py) + Math.abs(xfB.px) + Math.abs(xfB.py);
  return POSITION_TOLERANCE * m + TOUCH_TOLERANCE * (sizeA + sizeB);
}

/** Writes B's pose in A's frame and the pair's touching tolerance to `out`, and returns it. */
function relative(xfA: Transform, xfB: Transform, sizeA: number, sizeB: number, out: RelativePose): RelativePose {
  const dx = xfB.px - xfA.px, dy = xfB.py - xfA.py;
  out.c = xfA.c * xfB.c + xfA.s * xfB.s;
  out.s = xfA.c * xfB.s - xfA.s * xfB.c;
  out.x = xfA.c * dx + xfA.s * dy;
  out.y = -xfA.s * dx + xfA.c * dy;
  out.tolerance = touchTolerance(xfA, xfB, sizeA, sizeB);
  return out;
}

/**
 * The circles about the two local origins that hold the shapes (their `bound`) are apart, so the
 * shapes are: most apart pairs stop here, before any face is looked at.
 */
function boundsApart(boundA: number, xfA: Transform, boundB: number, xfB: Transform): boolean {
  const dx = xfB.px - xfA.px, dy = xfB.py - xfA.py, r = boundA + boundB;
  return dx * dx + dy * dy > r * r;
}

/** The B-local point (x, y) in A's frame: its x and its y. */
const bx = (p: RelativePose, x: number, y: number) => p.c * x - p.s * y + p.x;
const by = (p: RelativePose, x: number, y: number) => p.s * x + p.c * y + p.y;

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

/**
 * Turns a manifold written in A's frame (its normal and points) into world space, in place, by
 * emit1's arithmetic: for pair functions with several exits, where V8 does not inline emit1 and
 * boxes the numbers passed to it (this takes objects only; its callers write the fields).
 */
function toWorld(out: Manifold, xfA: Transform): Manifold {
  const c = xfA.c, s = xfA.s, nx = out.normalX, ny = out.normalY, x1 = out.point1X, y1 = out.point1Y;
  out.normalX = c * nx - s * ny;
  out.normalY = s * nx + c * ny;
  out.point1X = c * x1 - s * y1 + xfA.px;
  out.point1Y = s * x1 + c * y1 + xfA.py;
  if (out.pointCount > 1) {
    const x2 = out.point2X, y2 = out.point2Y;
    out.point2X = c * x2 - s * y2 + xfA.px;
    out.point2Y = s * x2 + c * y2 + xfA.py;
  }
  return out;
}

function none(out: Manifold): Manifold {
  out.pointCount = 0;
  out.depth = 0;
  return out;
}

/** The fallback normal in A's local frame. */
const fallbackLocalX = (xfA: Transform) => xfA.c * FALLBACK_NORMAL_X + xfA.s * FALLBACK_NORMAL_Y;
const fallbackLocalY = (xfA: Transform) => -xfA.s * FALLBACK_NORMAL_X + xfA.c * FALLBACK_NORMAL_Y;

/**
 * Circle vs circle, in world space: the difference of the two centres is as exact as any frame.
 * Concentric circles get the fallback normal and depth rA + rB.
 */
export function collideCircles(a: CircleGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  // A centred circle (every circle the scene format makes) is at its transform's position: no
  // rotation to read or apply, and its extent is its radius. The same numbers either way.
  let ax = xfA.px, ay = xfA.py, dx = xfB.px, dy = xfB.py, extentA = a.radius, extentB = b.radius;
  if (a.cx !== 0 || a.cy !== 0) { ax += xfA.c * a.cx - xfA.s * a.cy; ay += xfA.s * a.cx + xfA.c * a.cy; extentA = a.extent; }
  if (b.cx !== 0 || b.cy !== 0) { dx += xfB.c * b.cx - xfB.s * b.cy; dy += xfB.s * b.cx + xfB.c * b.cy; extentB = b.extent; }
  dx -= ax; dy -= ay;
  const radius = a.radius + b.radius, dd = dx * dx + dy * dy;
  // Apart: decided without the square root for half of all pairs.
  if (dd >= radius * radius) return none(out);
  const dist = Math.sqrt(dd);
  const depth = radius - dist;
  if (depth <= 0) return none(out);
  const tolerance = touchTolerance(xfA, xfB, extentA, extentB);
  if (depth <= tolerance) return none(out);
  // Regression: centres a denormal apart "normalised" to (1, 1); within tolerance is concentric.
  // The fallback as literals: a module constant merged with a double here makes V8 box dx and dy
  // on every call (a tagged phi). A test pins them to FALLBACK_NORMAL.
  if (dist > tolerance) { const inv = 1 / dist; dx *= inv; dy *= inv; } else { dx = 0; dy = -1; }
  // Midway between the surfaces: a + rA·n and b − rB·n.
  const m = 0.5 * (a.radius - b.radius + dist);
  out.pointCount = 1;
  out.normalX = dx;
  out.normalY = dy;
  out.depth = depth;
  out.point1X = ax + m * dx;
  out.point1Y = ay + m * dy;
  out.separation1 = -depth;
  return out;
}

/** Capsule vs circle (seed 000/002: the closest point on the core, then circle vs circle). */
export function collideCapsuleAndCircle(a: CapsuleGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  // The circle's centre in A's frame: all this pair needs of B.
  let wx = xfB.px - xfA.px, wy = xfB.py - xfA.py;
  if (b.cx !== 0 || b.cy !== 0) { wx += xfB.c * b.cx - xfB.s * b.cy; wy += xfB.s * b.cx + xfB.c * b.cy; }
  const cx = xfA.c * wx + xfA.s * wy, cy = -xfA.s * wx + xfA.c * wy;
  const ex = a.x2 - a.x1, ey = a.y2 - a.y1;
  const ee = ex * ex + ey * ey;
  let t = ((cx - a.x1) * ex + (cy - a.y1) * ey) / ee;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const qx = a.x1 + t * ex, qy = a.y1 + t * ey;
  let nx = cx - qx, ny = cy - qy;
  const dist = len(nx, ny);
  const depth = a.radius + b.radius - dist;
  if (depth <= 0) return none(out);
  const tolerance = touchTolerance(xfA, xfB, a.extent, b.extent);
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
  if (boundsApart(a.bound, xfA, b.bound, xfB)) return none(out);
  const p = relative(xfA, xfB, a.extent, b.extent, pose), tolerance = p.tolerance;
  const p2x = bx(p, b.x1, b.y1), p2y = by(p, b.x1, b.y1), q2x = bx(p, b.x2, b.y2), q2y = by(p, b.x2, b.y2);
  const r = segmentDistance(a.x1, a.y1, a.x2, a.y2, p2x, p2y, q2x, q2y, segResult);
  const radius = a.radius + b.radius;
  const dist = Math.sqrt(r.distanceSquared);
  const len1 = len(a.x2 - a.x1, a.y2 - a.y1);
  const u1x = (a.x2 - a.x1) / len1, u1y = (a.y2 - a.y1) / len1;
  const len2 = len(q2x - p2x, q2y - p2y);
  const u2x = (q2x - p2x) / len2, u2y = (q2y - p2y) / len2;

  if (dist > tolerance) {
    const depth = radius - dist;
    if (depth <= tolerance) return none(out);
    const nx = (r.closest2X - r.closest1X) / dist, ny = (r.closest2Y - r.closest1Y) / dist;
    // Side by side and parallel: clip B's core to A's extent for two points (Box2D does the same).
    // Symmetric in A and B, so swapping them cannot change the point count (regression: a test
    // against A's axis alone gave two points in one order and one in the other).
    const parallel = Math.abs(u1x * u2y - u1y * u2x) < 1e-3 && Math.abs(nx * u1x + ny * u1y) < 1e-3 && Math.abs(nx * u2x + ny * u2y) < 1e-3;
    if (parallel) {
      // Separations are measured along A's own side normal, not along n: n comes from a closest
      // point difference that may be tiny and tilted by rounding, and a tilt times the length of
      // the core spoils a separation (regression: collinear capsules 1.2e-11 apart, −0.5009 for
      // a true −0.5).
      let pnx = u1y, pny = -u1x;
      if (pnx * nx + pny * ny < 0) { pnx = -pnx; pny = -pny; }
      const t2 = (p2x - a.x1) * u1x + (p2y - a.y1) * u1y;
      const t3 = (q2x - a.x1) * u1x + (q2y - a.y1) * u1y;
      const lo = Math.max(0, Math.min(t2, t3)), hi = Math.min(len1, Math.max(t2, t3));
      if (hi - lo > tolerance && t3 !== t2) {
        let kept = 0;
        for (let k = 0; k < 2; k++) {
          const t = k === 0 ? lo : hi;
          const f = (t - t2) / (t3 - t2);
          const vx = p2x + f * (q2x - p2x), vy = p2y + f * (q2y - p2y);
          const s = (vx - a.x1) * pnx + (vy - a.y1) * pny;
          if (s - radius >= 0) continue;
          const m = 0.5 * (a.radius - b.radius - s);
          const px = vx + m * pnx, py = vy + m * pny;
          if (kept === 0) {
            out.point1X = px;
            out.point1Y = py;
            out.separation1 = s - radius;
          } else {
            out.point2X = px;
            out.point2Y = py;
            out.separation2 = s - radius;
          }
          kept++;
        }
        if (kept > 0) {
          out.pointCount = kept;
          out.normalX = nx;
          out.normalY = ny;
          out.depth = depth;
          return toWorld(out, xfA);
        }
      }
    }
    const m = 0.5 * (a.radius - b.radius + dist);
    out.pointCount = 1;
    out.normalX = nx; out.normalY = ny; out.depth = depth;
    out.point1X = r.closest1X + m * nx; out.point1Y = r.closest1Y + m * ny; out.separation1 = -depth;
    return toWorld(out, xfA);
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
  out.pointCount = 1;
  out.normalX = bnx; out.normalY = bny; out.depth = depth;
  out.point1X = r.closest1X + m * bnx; out.point1Y = r.closest1Y + m * bny; out.separation1 = -depth;
  return toWorld(out, xfA);
}

/**
 * An axis-aligned box (in its own frame) vs a circle centred at (cx, cy) in that frame: the
 * closest point by clamping (seed 001's sphere–AABB), the same results as the general polygon
 * path without its loop over faces. Levels are mostly boxes, and the player is often a circle.
 */
function boxAndCircle(a: PolygonGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  let wx = xfB.px - xfA.px, wy = xfB.py - xfA.py;
  if (b.cx !== 0 || b.cy !== 0) { wx += xfB.c * b.cx - xfB.s * b.cy; wy += xfB.s * b.cx + xfB.c * b.cy; }
  const cx = xfA.c * wx + xfA.s * wy, cy = -xfA.s * wx + xfA.c * wy;
  const hx = a.halfX, hy = a.halfY, radiusA = a.radius, radius = radiusA + b.radius;
  // The centre less its clamp to the box, without a branch per side (which side is a coin toss
  // pair to pair): max(v, 0) is (v + |v|) / 2, exactly, so dx is cx − hx beyond the right face,
  // cx + hx beyond the left one, else 0, as cx − clamp(cx) would be.
  const rx = cx - hx, lx = -cx - hx, ty = cy - hy, by = -cy - hy;
  const dx = 0.5 * (rx + Math.abs(rx)) - 0.5 * (lx + Math.abs(lx));
  const dy = 0.5 * (ty + Math.abs(ty)) - 0.5 * (by + Math.abs(by));
  const dd = dx * dx + dy * dy;
  // Apart: decided without the square root.
  if (dd >= radius * radius) return none(out);
  let nx: number, ny: number, dist: number, vx: number, vy: number;
  if (dd === 0) {
    // Inside: out through the nearer face (the smaller penetration), as separating axes would.
    const gx = hx - (cx < 0 ? -cx : cx), gy = hy - (cy < 0 ? -cy : cy);
    if (gy <= gx) { nx = 0; ny = cy < 0 ? -1 : 1; dist = -gy; }
    else { nx = cx < 0 ? -1 : 1; ny = 0; dist = -gx; }
    vx = cx - dist * nx; vy = cy - dist * ny;
  } else {
    // The closest point of the box, and the way out to the centre.
    vx = cx - dx; vy = cy - dy;
    dist = Math.sqrt(dd);
    nx = dx / dist; ny = dy / dist;
  }
  const depth = radius - dist;
  if (depth <= 0 || depth <= touchTolerance(xfA, xfB, a.extent, b.extent)) return none(out);
  const m = 0.5 * (radiusA - b.radius + dist);
  emit1(out, xfA, nx, ny, depth, vx + m * nx, vy + m * ny, -depth);
  return out;
}

/** Polygon vs circle (Box2D's b2CollidePolygonAndCircle): exact in face, vertex and inside regions. */
export function collidePolygonAndCircle(a: PolygonGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  // Two functions, so each is optimised for its own shapes.
  // count first: a small integer on the object, where halfX is a boxed number elsewhere in memory.
  return a.count === 4 && a.halfX > 0 ? boxAndCircle(a, xfA, b, xfB, out) : polygonAndCircle(a, xfA, b, xfB, out);
}

function polygonAndCircle(a: PolygonGeometry, xfA: Transform, b: CircleGeometry, xfB: Transform, out: Manifold): Manifold {
  // Everything of A from one contiguous run of its buffer (a.packed from a.at): this pair is bound
  // by memory, not maths.
  const p = a.packed, o = a.at, count = a.count, V = o + PACKED_VERTICES, N = V + 2 * count;
  if (boundsApart(p[o + PACKED_BOUND]!, xfA, b.bound, xfB)) return none(out);
  let wx = xfB.px - xfA.px, wy = xfB.py - xfA.py;
  if (b.cx !== 0 || b.cy !== 0) { wx += xfB.c * b.cx - xfB.s * b.cy; wy += xfB.s * b.cx + xfB.c * b.cy; }
  const cx = xfA.c * wx + xfA.s * wy, cy = -xfA.s * wx + xfA.c * wy;
  // The face of largest separation, as two independent running maxima (even and odd faces): half
  // as long a chain of dependent compares as one loop. Each keeps its maximum by arithmetic on a
  // 0/1 flag, not a branch (which face wins is a coin toss pair to pair): x·t + y·(1 − t) is
  // exactly x or y for finite x and y.
  let separation = p[N]! * (cx - p[V]!) + p[N + 1]! * (cy - p[V + 1]!), normalIndex = 0;
  let oddSeparation = p[N + 2]! * (cx - p[V + 2]!) + p[N + 3]! * (cy - p[V + 3]!), oddIndex = 1;
  let i = 2;
  for (const last = count - 1; i < last; i += 2) {
    const k = 2 * i;
    const even = p[N + k]! * (cx - p[V + k]!) + p[N + k + 1]! * (cy - p[V + k + 1]!);
    const odd = p[N + k + 2]! * (cx - p[V + k + 2]!) + p[N + k + 3]! * (cy - p[V + k + 3]!);
    const te = +(even > separation), to = +(odd > oddSeparation);
    separation = even * te + separation * (1 - te);
    normalIndex ^= (normalIndex ^ i) & -te;
    oddSeparation = odd * to + oddSeparation * (1 - to);
    oddIndex ^= (oddIndex ^ (i + 1)) & -to;
  }
  if (i < count) {
    const k = 2 * i;
    const even = p[N + k]! * (cx - p[V + k]!) + p[N + k + 1]! * (cy - p[V + k + 1]!);
    if (even > separation) { separation = even; normalIndex = i; }
  }
  // Ties go to the lower index, as one loop would have it; by a flag too (which chain wins is a
  // coin toss).
  const t = +(oddSeparation > separation) | (+(oddSeparation === separation) & +(oddIndex < normalIndex));
  separation = oddSeparation * t + separation * (1 - t);
  normalIndex ^= (normalIndex ^ oddIndex) & -t;
  const radiusA = p[o + PACKED_RADIUS]!, radius = radiusA + b.radius;
  // One call site, taken on every pair: V8 declined to inline a second, rarer one and boxed its
  // arguments on each call.
  const tolerance = touchTolerance(xfA, xfB, p[o + PACKED_EXTENT]!, b.extent);
  // A face with a gap wider than both radii: apart. (Not tested inside the loop: a branch per face
  // there would stand in the way of the two independent maxima.)
  if (separation - radius > tolerance) return none(out);
  const i1 = normalIndex, i2 = i1 + 1 < count ? i1 + 1 : 0;
  const v1x = p[V + 2 * i1]!, v1y = p[V + 2 * i1 + 1]!, v2x = p[V + 2 * i2]!, v2y = p[V + 2 * i2 + 1]!;
  const u1 = (cx - v1x) * (v2x - v1x) + (cy - v1y) * (v2y - v1y);
  const u2 = (cx - v2x) * (v1x - v2x) + (cy - v2y) * (v1y - v2y);
  let nx: number, ny: number, dist: number, vx: number, vy: number;
  if ((u1 < 0 || u2 < 0) && separation > 0) {
    // Outside, nearest a vertex.
    vx = u1 < 0 ? v1x : v2x; vy = u1 < 0 ? v1y : v2y;
    nx = cx - vx; ny = cy - vy;
    // Math.sqrt, not len(): this branch is too rare for V8 to inline a call, and a call boxes.
    dist = Math.sqrt(nx * nx + ny * ny);
    nx /= dist; ny /= dist;
  } else {
    // In the face's region, or inside the polygon: the face with the largest separation.
    nx = p[N + 2 * i1]!; ny = p[N + 2 * i1 + 1]!;
    dist = separation;
    vx = cx - separation * nx; vy = cy - separation * ny;
  }
  const depth = radius - dist;
  if (depth <= tolerance) return none(out);
  const m = 0.5 * (radiusA - b.radius + dist);
  emit1(out, xfA, nx, ny, depth, vx + m * nx, vy + m * ny, -depth);
  return out;
}

// Scratch space for polygon pairs: B's core in A's frame, and a capsule's core as a 2-gon. Each
// holds a core as the polygons' buffers do from their vertices on: its vertices, then its normals.
let scratchB = new Float64Array(32);
const capA = new Float64Array(8);
const gjkOut = new GjkResult();

/**
 * Writes capsule g's core to d as a 2-gon (Box2D's b2MakeCapsule): its two points, then its two
 * side normals, moved into A's frame by `p` when given (g is B). The normals come from the
 * capsule's own axis, already unit: regression, a 4e-12 core moved 1e5 into a polygon's frame had
 * both ends round to one point, and normals from their difference were NaN. (Objects only as
 * arguments: numbers passed to a call V8 does not inline are boxed.)
 */
function capsuleCore(g: CapsuleGeometry, p: RelativePose | null, d: Float64Array): void {
  const ex = g.x2 - g.x1, ey = g.y2 - g.y1, length = Math.sqrt(ex * ex + ey * ey);
  let ux = ex / length, uy = ey / length, x1 = g.x1, y1 = g.y1, x2 = g.x2, y2 = g.y2;
  if (p !== null) {
    const c = p.c, s = p.s;
    x1 = c * g.x1 - s * g.y1 + p.x; y1 = s * g.x1 + c * g.y1 + p.y;
    x2 = c * g.x2 - s * g.y2 + p.x; y2 = s * g.x2 + c * g.y2 + p.y;
    const rx = c * ux - s * uy;
    uy = s * ux + c * uy; ux = rx;
  }
  d[0] = x1; d[1] = y1; d[2] = x2; d[3] = y2;
  d[4] = uy; d[5] = -ux; d[6] = -uy; d[7] = ux;
}

/**
 * A separation search's answer: the largest separation, the face of the first polygon giving it,
 * and the second polygon's deepest vertex along that face's normal.
 */
class MaxSeparation {
  separation = 0;
  edge = 0;
  vertex = 0;
}

const maxSeparation = new MaxSeparation();

// A core below is read from a buffer d at a vertex base v with its count c: vertex i at
// d[v + 2i], d[v + 2i + 1], the normal of the face from it to the next at d[v + 2c + 2i], … (a
// polygon's packed buffer from at + PACKED_VERTICES, or scratch from 0).

/**
 * Largest separation of poly2 from the faces of poly1 (Box2D's b2FindMaxSeparation): every face
 * against every vertex. Writes the separation, its face (the first of equals) and poly2's deepest
 * vertex for that face (the first of equals) to `out` and returns it. The fallback of the faster
 * searches below.
 */
function scanSeparation(d1: Float64Array, v1: number, c1: number, d2: Float64Array, v2: number, c2: number, out: MaxSeparation): MaxSeparation {
  let best = -Infinity, bestIndex = 0, bestVertex = 0;
  for (let i = 0; i < c1; i++) {
    const nx = d1[v1 + 2 * c1 + 2 * i]!, ny = d1[v1 + 2 * c1 + 2 * i + 1]!;
    let j = 0, dj = nx * d2[v2]! + ny * d2[v2 + 1]!;
    for (let k = 1; k < c2; k++) {
      const d = nx * d2[v2 + 2 * k]! + ny * d2[v2 + 2 * k + 1]!;
      if (d < dj) { dj = d; j = k; }
    }
    const si = dj - (nx * d1[v1 + 2 * i]! + ny * d1[v1 + 2 * i + 1]!);
    if (si > best) { best = si; bestIndex = i; bestVertex = j; }
  }
  out.separation = best;
  out.edge = bestIndex;
  out.vertex = bestVertex;
  return out;
}

/** B's faces' answer when mergedSeparations finds both sides'. */
const maxSeparationB = new MaxSeparation();

/**
 * scanSeparation both ways for two general polygons (A's faces against B's vertices, and B's
 * against A's) in one walk over their Gauss maps: A's face normals and B's reversed ones merged in
 * turning order (both run counter-clockwise; each next pair lies within a half turn of the last
 * one taken, so the sign of their cross product orders them). B's deepest vertex along A's face i
 * is the one whose normal cone holds A's normal reversed: the vertex after the last of B's
 * reversed normals before A's; A's deepest along B's face j likewise. A's face 0 is placed by a
 * full scan. The products are the scan's (normal · vertex less normal · own vertex), so the
 * separations are its own whenever the vertex is (the cone's vertex is the least product's but
 * for rounding at an edge parallel to the face). Ties go to the lower face, as in the scan. Stops
 * once a separation exceeds both radii and the tolerance (the pair is apart): that separation is
 * in its side's answer.
 */
function mergedSeparations(ad: Float64Array, av: number, ac: number, bd: Float64Array, bc: number, p: RelativePose, outA: MaxSeparation, outB: MaxSeparation): void {
  const enough = p.radiusA + p.radiusB + p.tolerance;
  const an = av + 2 * ac, bn = 2 * bc;
  let ax = ad[an]!, ay = ad[an + 1]!;
  let j = 0, dj = ax * bd[0]! + ay * bd[1]!;
  for (let k = 1; k < bc; k++) {
    const d = ax * bd[2 * k]! + ay * bd[2 * k + 1]!;
    if (d < dj) { dj = d; j = k; }
  }
  let bestA = dj - (ax * ad[av]! + ay * ad[av + 1]!), edgeA = 0, vertexB = j;
  // −MAX_VALUE, not −∞: a flag's 0 times it is 0.
  let bestB = -Number.MAX_VALUE, edgeB = 0, vertexA = 0;
  let left = bc;
  for (let i = 1; i <= ac && !(bestA > enough) && !(bestB > enough); i++) {
    // After A's last face, its face 0 again: every reversed normal of B left comes before it.
    const last = i === ac, ii = last ? 0 : i;
    ax = ad[an + 2 * ii]!; ay = ad[an + 2 * ii + 1]!;
    const vx = ad[av + 2 * ii]!, vy = ad[av + 2 * ii + 1]!;
    for (; left > 0; left--) {
      const nx = bd[bn + 2 * j]!, ny = bd[bn + 2 * j + 1]!;
      // B's reversed normal before A's: a positive turn from A's normal to B's own.
      if (!last && !(ax * ny - ay * nx > 0)) break;
      const s = nx * vx + ny * vy - (nx * bd[2 * j]! + ny * bd[2 * j + 1]!);
      const t = +(s > bestB) | (+(s === bestB) & +(j < edgeB));
      bestB = s * t + bestB * (1 - t);
      edgeB ^= (edgeB ^ j) & -t;
      vertexA ^= (vertexA ^ ii) & -t;
      j = j + 1 < bc ? j + 1 : 0;
    }
    if (last) break;
    const s = ax * bd[2 * j]! + ay * bd[2 * j + 1]! - (ax * vx + ay * vy);
    const t = +(s > bestA);
    bestA = s * t + bestA * (1 - t);
    edgeA ^= (edgeA ^ i) & -t;
    vertexB ^= (vertexB ^ j) & -t;
  }
  outA.separation = bestA; outA.edge = edgeA; outA.vertex = vertexB;
  outB.separation = bestB; outB.edge = edgeB; outB.vertex = vertexA;
}

/**
 * scanSeparation when poly2 is the pose's B and a box: the deepest point of a box along a normal
 * n is its centre less |n·u|·halfX + |n·v|·halfY (u, v its axes), so no vertex is looked at, and
 * the deepest vertex is the corner those signs pick (makeBox's corners run (−x, −y), (+x, −y),
 * (+x, +y), (−x, +y)). A's box: boxASeparation.
 */
function boxSeparation(d1: Float64Array, v1: number, c1: number, p: RelativePose, out: MaxSeparation): MaxSeparation {
  const tx = p.x, ty = p.y, ux = p.c, uy = p.s, hx = p.boxBX, hy = p.boxBY;
  const enough = p.radiusA + p.radiusB + p.tolerance;
  const n1 = v1 + 2 * c1;
  let best = 0, bestIndex = 0, bestVertex = 0;
  // The best face and its corner kept by arithmetic on 0/1 flags, not branches (which face and
  // which corner win is a coin toss pair to pair), as in axesSeparation. The corner for the
  // signs (u, v) of n·u > 0 and n·v > 0 is 2 − v + u − 2uv: (1, 1) 0, (0, 1) 1, (0, 0) 2, (1, 0) 3.
  for (let i = 0; i < c1 && !(best > enough); i++) {
    const nx = d1[n1 + 2 * i]!, ny = d1[n1 + 2 * i + 1]!;
    const nu = nx * ux + ny * uy, nv = ny * ux - nx * uy;
    const si = nx * tx + ny * ty - Math.abs(nu) * hx - Math.abs(nv) * hy - (nx * d1[v1 + 2 * i]! + ny * d1[v1 + 2 * i + 1]!);
    const u = +(nu > 0), v = +(nv > 0);
    const t = i === 0 ? 1 : +(si > best);
    best = si * t + best * (1 - t);
    bestIndex ^= (bestIndex ^ i) & -t;
    bestVertex ^= (bestVertex ^ (2 - v + u - 2 * u * v)) & -t;
  }
  out.separation = best;
  out.edge = bestIndex;
  out.vertex = bestVertex;
  return out;
}

/**
 * boxSeparation of A's box, in its own frame (axes (1, 0) and (0, 1), centre 0): n·u is n's x and
 * n·v its y, and the centre's product is 0, so a face's sum is −|nx|·halfX − |ny|·halfY less its
 * own product: the very sum the scan finds.
 */
function boxASeparation(d1: Float64Array, v1: number, c1: number, p: RelativePose, out: MaxSeparation): MaxSeparation {
  const hx = p.boxAX, hy = p.boxAY;
  const enough = p.radiusA + p.radiusB + p.tolerance;
  const n1 = v1 + 2 * c1;
  let best = 0, bestIndex = 0, bestVertex = 0;
  for (let i = 0; i < c1 && !(best > enough); i++) {
    const nx = d1[n1 + 2 * i]!, ny = d1[n1 + 2 * i + 1]!;
    const si = -Math.abs(nx) * hx - Math.abs(ny) * hy - (nx * d1[v1 + 2 * i]! + ny * d1[v1 + 2 * i + 1]!);
    const u = +(nx > 0), v = +(ny > 0);
    const t = i === 0 ? 1 : +(si > best);
    best = si * t + best * (1 - t);
    bestIndex ^= (bestIndex ^ i) & -t;
    bestVertex ^= (bestVertex ^ (2 - v + u - 2 * u * v)) & -t;
  }
  out.separation = best;
  out.edge = bestIndex;
  out.vertex = bestVertex;
  return out;
}

/**
 * boxSeparation of B when A is a box too, in its own frame: A's faces have makeBox's normals
 * (0, −1), (1, 0), (0, 1), (−1, 0) and their first vertices' products are A's half extents, so
 * the four separations are the loop's sums with those numbers put in (the products with 0 drop
 * out exactly, a zero's sign aside), and A's buffer is not read. The first of equals, as the loop.
 */
function boxesSeparation(p: RelativePose, out: MaxSeparation): MaxSeparation {
  const c = p.c, s = p.s, tx = p.x, ty = p.y, hx = p.boxBX, hy = p.boxBY, ax = p.boxAX, ay = p.boxAY;
  const sx = Math.abs(s) * hx, cy = Math.abs(c) * hy, cx = Math.abs(c) * hx, sy = Math.abs(s) * hy;
  // Face i's normal n in B's axes: n·u and n·v, whose signs pick B's deepest corner.
  const s0 = -ty - sx - cy - ay, s1 = tx - cx - sy - ax, s2 = ty - sx - cy - ay, s3 = -tx - cx - sy - ax;
  const u0 = +(-s > 0), v0 = +(-c > 0), u1 = +(c > 0), v1 = +(-s > 0), u2 = +(s > 0), v2 = +(c > 0), u3 = +(-c > 0), v3 = +(s > 0);
  let best = s0, bestIndex = 0, bestVertex = 2 - v0 + u0 - 2 * u0 * v0;
  let t = +(s1 > best);
  best = s1 * t + best * (1 - t);
  bestIndex ^= (bestIndex ^ 1) & -t;
  bestVertex ^= (bestVertex ^ (2 - v1 + u1 - 2 * u1 * v1)) & -t;
  t = +(s2 > best);
  best = s2 * t + best * (1 - t);
  bestIndex ^= (bestIndex ^ 2) & -t;
  bestVertex ^= (bestVertex ^ (2 - v2 + u2 - 2 * u2 * v2)) & -t;
  t = +(s3 > best);
  best = s3 * t + best * (1 - t);
  bestIndex ^= (bestIndex ^ 3) & -t;
  bestVertex ^= (bestVertex ^ (2 - v3 + u3 - 2 * u3 * v3)) & -t;
  out.separation = best;
  out.edge = bestIndex;
  out.vertex = bestVertex;
  return out;
}

/**
 * scanSeparation when poly2 is a segment (a capsule's core, its two points at d2[v2…]): the
 * deepest point of a segment along a normal n is its midpoint less |n·h| (h half of it, from its
 * first point to its second), so no vertex is compared, and the deepest vertex is the first when
 * n·h > 0, else the second.
 */
function segmentSeparation(d1: Float64Array, v1: number, c1: number, d2: Float64Array, v2: number, p: RelativePose, out: MaxSeparation): MaxSeparation {
  const mx = 0.5 * (d2[v2]! + d2[v2 + 2]!), my = 0.5 * (d2[v2 + 1]! + d2[v2 + 3]!), hx = 0.5 * (d2[v2 + 2]! - d2[v2]!), hy = 0.5 * (d2[v2 + 3]! - d2[v2 + 1]!);
  const enough = p.radiusA + p.radiusB + p.tolerance;
  const n1 = v1 + 2 * c1;
  let best = 0, bestIndex = 0, bestVertex = 0;
  // The best face and its end kept by 0/1 flags, as in boxSeparation.
  for (let i = 0; i < c1 && !(best > enough); i++) {
    const nx = d1[n1 + 2 * i]!, ny = d1[n1 + 2 * i + 1]!;
    const nh = nx * hx + ny * hy;
    const si = nx * mx + ny * my - Math.abs(nh) - (nx * d1[v1 + 2 * i]! + ny * d1[v1 + 2 * i + 1]!);
    const t = i === 0 ? 1 : +(si > best);
    best = si * t + best * (1 - t);
    bestIndex ^= (bestIndex ^ i) & -t;
    bestVertex ^= (bestVertex ^ +!(nh > 0)) & -t;
  }
  out.separation = best;
  out.edge = bestIndex;
  out.vertex = bestVertex;
  return out;
}

/**
 * scanSeparation when poly1's faces come in opposite pairs (c1 = 4, a box: the normals of faces
 * 2 and 3 are exactly those of faces 0 and 1 negated; c1 = 2, a capsule's core: face 1's is face
 * 0's negated). Along the normal of face 0 (and of face 1), the dot products a_j of poly2's
 * vertices in turn fall, then rise (poly2 is convex): the least is at the one vertex whose product
 * is below its predecessor's and not above its successor's, the greatest at the one above its
 * successor's and not below its predecessor's, and a face's opposite's least product is minus the
 * greatest (rounding is symmetric). Each vertex's two comparisons are independent of every other
 * vertex's (no chain of running extremes, no branch on which vertex wins). Products that do not
 * fall and rise once (rounding on a degenerate polygon), or more vertices than a mask holds, go to
 * the scan. The products, and so the separations, are the scan's.
 */
function axesSeparation(d1: Float64Array, v1: number, c1: number, d2: Float64Array, v2: number, c2: number, p: RelativePose, out: MaxSeparation, boxA: boolean): MaxSeparation {
  const n1 = v1 + 2 * c1;
  // A box in its own frame (boxA) has makeBox's normals, exact: they are not read.
  const ax = boxA ? 0 : d1[n1]!, ay = boxA ? -1 : d1[n1 + 1]!, bx = boxA ? 1 : d1[n1 + 2]!, by = boxA ? 0 : d1[n1 + 3]!;
  // Bit j of fa (fb): the edge from vertex j to the next falls along a (b).
  if (c2 > 30) return scanSeparation(d1, v1, c1, d2, v2, c2, out);
  let x = d2[v2]!, y = d2[v2 + 1]!;
  const a0 = ax * x + ay * y, b0 = bx * x + by * y;
  let a = a0, b = b0, fa = 0, fb = 0;
  for (let j = 1; j < c2; j++) {
    x = d2[v2 + 2 * j]!; y = d2[v2 + 2 * j + 1]!;
    const na = ax * x + ay * y, nb = bx * x + by * y;
    fa |= +(na < a) << (j - 1);
    fb |= +(nb < b) << (j - 1);
    a = na; b = nb;
  }
  const last = c2 - 1, all = (1 << c2) - 1;
  fa |= +(a0 < a) << last;
  fb |= +(b0 < b) << last;
  // Rotated: bit j set when the edge into vertex j falls. The least at the one vertex whose edge
  // in falls and edge out does not; the greatest the other way round.
  const ra = ((fa << 1) | (fa >>> last)) & all, rb = ((fb << 1) | (fb >>> last)) & all;
  const lowA = ra & ~fa, highA = fa & ~ra, lowB = rb & ~fb, highB = fb & ~rb;
  if (lowA === 0 || lowB === 0 || (lowA & (lowA - 1)) !== 0 || (lowB & (lowB - 1)) !== 0) return scanSeparation(d1, v1, c1, d2, v2, c2, out);
  const minA = 31 - Math.clz32(lowA), maxA = 31 - Math.clz32(highA), minB = 31 - Math.clz32(lowB), maxB = 31 - Math.clz32(highB);
  // Each extreme's product again, by the same arithmetic: faces 0 and 1 at their least vertices
  // (a capsule's face 1 along its own normal), a box's faces 2 and 3 minus the greatest along
  // faces 0 and 1. A box's faces' own products are its half extents (0·−x + −1·−y is y), exact.
  const hx = p.boxAX, hy = p.boxAY;
  let best = ax * d2[v2 + 2 * minA]! + ay * d2[v2 + 2 * minA + 1]! - (boxA ? hy : ax * d1[v1]! + ay * d1[v1 + 1]!), bestVertex = minA;
  const s1 = bx * d2[v2 + 2 * minB]! + by * d2[v2 + 2 * minB + 1]! - (boxA ? hx : bx * d1[v1 + 2]! + by * d1[v1 + 3]!);
  let t = +(s1 > best);
  best = s1 * t + best * (1 - t);
  let bestIndex = t;
  bestVertex ^= (bestVertex ^ minB) & -t;
  if (c1 === 4) {
    const s2 = -(ax * d2[v2 + 2 * maxA]! + ay * d2[v2 + 2 * maxA + 1]!) - (boxA ? hy : d1[n1 + 4]! * d1[v1 + 4]! + d1[n1 + 5]! * d1[v1 + 5]!);
    const s3 = -(bx * d2[v2 + 2 * maxB]! + by * d2[v2 + 2 * maxB + 1]!) - (boxA ? hx : d1[n1 + 6]! * d1[v1 + 6]! + d1[n1 + 7]! * d1[v1 + 7]!);
    t = +(s2 > best);
    best = s2 * t + best * (1 - t);
    bestIndex ^= (bestIndex ^ 2) & -t;
    bestVertex ^= (bestVertex ^ maxA) & -t;
    t = +(s3 > best);
    best = s3 * t + best * (1 - t);
    bestIndex ^= (bestIndex ^ 3) & -t;
    bestVertex ^= (bestVertex ^ maxB) & -t;
  }
  out.separation = best;
  out.edge = bestIndex;
  out.vertex = bestVertex;
  return out;
}

/**
 * The incident face (Box2D's search in b2CollidePolygons): the face of a polygon (d, v, count)
 * whose normal is most against the reference normal (at refD[refN], refD[refN + 1]), the first of
 * equals. It is one of the two faces at `vertex`, the polygon's deepest vertex along the reference
 * normal: that direction reversed lies between their normals, and normals turn monotonically
 * around a convex polygon. (The normal by its index: numbers passed to a call V8 does not inline
 * are boxed.)
 */
function incidentEdge(refD: Float64Array, refN: number, d: Float64Array, v: number, count: number, vertex: number): number {
  const nx = refD[refN]!, ny = refD[refN + 1]!;
  const n = v + 2 * count;
  const before = vertex === 0 ? count - 1 : vertex - 1;
  const dBefore = nx * d[n + 2 * before]! + ny * d[n + 2 * before + 1]!;
  const dAt = nx * d[n + 2 * vertex]! + ny * d[n + 2 * vertex + 1]!;
  return dAt < dBefore || (dAt === dBefore && vertex < before) ? vertex : before;
}

/**
 * Clips the incident edge against the reference face's side planes (Box2D's b2ClipPolygons) and
 * writes the penetrating points and their count. Returns how many (0, 1 or 2). The normal the
 * caller has set stays; when nothing penetrates, the points written are not contacts (the caller
 * writes its own). The radii are `p`'s (the reference polygon's is B's when `flip`).
 */
function clipPoints(
  out: Manifold, xfA: Transform, p: RelativePose, flip: boolean,
  refD: Float64Array, refV: number, refCount: number, refEdge: number,
  incD: Float64Array, incV: number, incCount: number, incEdge: number,
): number {
  // The reference polygon is B when flipped.
  const refRadius = flip ? p.radiusB : p.radiusA, incRadius = flip ? p.radiusA : p.radiusB;
  const i11 = refEdge, i12 = refEdge + 1 < refCount ? refEdge + 1 : 0;
  const i21 = incEdge, i22 = incEdge + 1 < incCount ? incEdge + 1 : 0;
  const refN = refV + 2 * refCount;
  const nx = refD[refN + 2 * i11]!, ny = refD[refN + 2 * i11 + 1]!;
  const v11x = refD[refV + 2 * i11]!, v11y = refD[refV + 2 * i11 + 1]!, v12x = refD[refV + 2 * i12]!, v12y = refD[refV + 2 * i12 + 1]!;
  const v21x = incD[incV + 2 * i21]!, v21y = incD[incV + 2 * i21 + 1]!, v22x = incD[incV + 2 * i22]!, v22y = incD[incV + 2 * i22 + 1]!;
  const tx = -ny, ty = nx;
  const lower1 = 0, upper1 = (v12x - v11x) * tx + (v12y - v11y) * ty;
  // The incident edge runs against the tangent.
  const upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty, lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty;
  const span = upper2 - lower2;
  // The edges do not face each other along the face (possible when the cores are apart and the
  // normal only nearly matches the face): clipping would extrapolate (regression: a contact point
  // 1e-4 outside a box). The caller keeps its single closest-point contact.
  if (upper2 < lower1 || upper1 < lower2) return 0;
  let loX = v22x, loY = v22y, hiX = v21x, hiY = v21y;
  if (lower2 < lower1 && span > 0) { const f = (lower1 - lower2) / span; loX = v22x + f * (v21x - v22x); loY = v22y + f * (v21y - v22y); }
  if (upper2 > upper1 && span > 0) { const f = (upper1 - lower2) / span; hiX = v22x + f * (v21x - v22x); hiY = v22y + f * (v21y - v22y); }
  // Both ends' contact points, and the ones that penetrate kept by 0/1 flags, not branches
  // (whether an end penetrates is a coin toss pair to pair): the lower end first when kept.
  // Fields past the count hold the upper end.
  const radius = refRadius + incRadius;
  const s0 = (loX - v11x) * nx + (loY - v11y) * ny, s1 = (hiX - v11x) * nx + (hiY - v11y) * ny;
  const m0 = 0.5 * (refRadius - incRadius - s0), m1 = 0.5 * (refRadius - incRadius - s1);
  const c0x = loX + m0 * nx, c0y = loY + m0 * ny, c1x = hiX + m1 * nx, c1y = hiY + m1 * ny;
  const w1x = xfA.c * c1x - xfA.s * c1y + xfA.px, w1y = xfA.s * c1x + xfA.c * c1y + xfA.py;
  const k0 = +!(s0 - radius >= 0), k1 = +!(s1 - radius >= 0), kept = k0 + k1;
  out.point1X = (xfA.c * c0x - xfA.s * c0y + xfA.px) * k0 + w1x * (1 - k0);
  out.point1Y = (xfA.s * c0x + xfA.c * c0y + xfA.py) * k0 + w1y * (1 - k0);
  out.separation1 = (s0 - radius) * k0 + (s1 - radius) * (1 - k0);
  out.point2X = w1x;
  out.point2Y = w1y;
  out.separation2 = s1 - radius;
  out.pointCount = kept;
  return kept;
}

/**
 * Whether r's closest points, on core A and on core B, more than the tolerance of `p` apart, are
 * the cores' closest points: every vertex of A no further along their direction than r's point on
 * A, and every vertex of B no nearer than r's point on B, within the tolerance (then the cores are
 * no nearer than r's distance less twice it). NaN fails.
 */
function closestOfCores(ad: Float64Array, av: number, ac: number, bd: Float64Array, bv: number, bc: number, r: SegmentDistanceResult, p: RelativePose): boolean {
  const tolerance = p.tolerance, dist = Math.sqrt(r.distanceSquared);
  if (!(dist > tolerance)) return false;
  const ax = r.closest1X, ay = r.closest1Y, bx = r.closest2X, by = r.closest2Y;
  const nx = (bx - ax) / dist, ny = (by - ay) / dist;
  const limitA = nx * ax + ny * ay + tolerance, limitB = nx * bx + ny * by - tolerance;
  for (let k = av, end = av + 2 * ac; k < end; k += 2) if (!(nx * ad[k]! + ny * ad[k + 1]! <= limitA)) return false;
  for (let k = bv, end = bv + 2 * bc; k < end; k += 2) if (!(nx * bd[k]! + ny * bd[k + 1]! >= limitB)) return false;
  return true;
}

/**
 * Two rounded convex polygons, B already in A's frame (scratch, from 0). The general path. A is
 * read at its buffer ad from av (see scanSeparation); p.verticesA is A's vertices alone (from
 * index 0), for the segment distance and GJK.
 */
function collideCores(out: Manifold, xfA: Transform, p: RelativePose, ad: Float64Array, av: number, ac: number, bd: Float64Array, bc: number): Manifold {
  const tolerance = p.tolerance, ar = p.radiusA, br = p.radiusB;
  const radius = ar + br;
  // Early out as Box2D v2: a gap along one of A's faces needs no look at B's.
  // A box or a capsule's segment on the far side has its deepest point in closed form.
  const general = p.boxBX === 0 && p.boxAX === 0 && ac > 2 && bc > 2;
  if (general) mergedSeparations(ad, av, ac, bd, bc, p, maxSeparation, maxSeparationB);
  const sepA = (general ? maxSeparation : p.boxBX > 0 ? (p.boxAX > 0 ? boxesSeparation(p, maxSeparation) : boxSeparation(ad, av, ac, p, maxSeparation))
    : bc === 2 ? segmentSeparation(ad, av, ac, bd, 0, p, maxSeparation)
    : p.boxAX > 0 || ac === 2 ? axesSeparation(ad, av, ac, bd, 0, bc, p, maxSeparation, p.boxAX > 0) : scanSeparation(ad, av, ac, bd, 0, bc, maxSeparation)).separation;
  if (sepA - radius > tolerance) return none(out);
  const edgeA0 = maxSeparation.edge, vertexB = maxSeparation.vertex;
  const sepB = (general ? maxSeparationB : p.boxAX > 0 ? boxASeparation(bd, 0, bc, p, maxSeparation)
    : ac === 2 ? segmentSeparation(bd, 0, bc, ad, av, p, maxSeparation)
    : p.boxBX > 0 || bc === 2 ? axesSeparation(bd, 0, bc, ad, av, ac, p, maxSeparation, false) : scanSeparation(bd, 0, bc, ad, av, ac, maxSeparation)).separation;
  const edgeB0 = general ? maxSeparationB.edge : maxSeparation.edge, vertexA = general ? maxSeparationB.vertex : maxSeparation.vertex;
  if (sepB - radius > tolerance) return none(out);
  const flip = sepB > sepA + FLIP_TOLERANCE * (tolerance / TOUCH_TOLERANCE + 1);
  const separation = flip ? sepB : sepA;
  // Reference face normal in A's frame (pointing from the reference polygon outwards).
  const an = av + 2 * ac, bn = 2 * bc;
  const refNX = flip ? bd[bn + 2 * edgeB0]! : ad[an + 2 * edgeA0]!;
  const refNY = flip ? bd[bn + 2 * edgeB0 + 1]! : ad[an + 2 * edgeA0 + 1]!;
  const edgeA = flip ? incidentEdge(bd, bn + 2 * edgeB0, ad, av, ac, vertexA) : edgeA0;
  const edgeB = flip ? edgeB0 : incidentEdge(ad, an + 2 * edgeA0, bd, 0, bc, vertexB);

  if (separation > tolerance) {
    // Cores apart: only the radii overlap. The closest points of A's face and B's face (Box2D's
    // b2SegmentDistance of the reference and incident edges) are the cores' closest points when
    // every vertex of each core lies behind them along their direction; else GJK finds them.
    const va = p.verticesA;
    const r = edgeDistance(va, edgeA, edgeA + 1 < ac ? edgeA + 1 : 0, bd, edgeB, edgeB + 1 < bc ? edgeB + 1 : 0, segResult);
    let dist: number, pax: number, pay: number, pbx: number, pby: number;
    if (closestOfCores(ad, av, ac, bd, 0, bc, r, p)) {
      dist = Math.sqrt(r.distanceSquared);
      pax = r.closest1X; pay = r.closest1Y; pbx = r.closest2X; pby = r.closest2Y;
    } else {
      gjkDistance(va, ac, bd, bc, gjkOut, false, true);
      dist = gjkOut.distance;
      pax = gjkOut.pointAX; pay = gjkOut.pointAY; pbx = gjkOut.pointBX; pby = gjkOut.pointBY;
    }
    const depth = radius - dist;
    if (depth <= tolerance) return none(out);
    const nx = (pbx - pax) / dist, ny = (pby - pay) / dist;
    out.normalX = xfA.c * nx - xfA.s * ny;
    out.normalY = xfA.s * nx + xfA.c * ny;
    out.depth = depth;
    // Parallel faces (a capsule lying on a box): two points, by clipping; else the one midway
    // between the closest points.
    const facing = flip ? -(refNX * nx + refNY * ny) : refNX * nx + refNY * ny;
    const kept = facing < FACE_CONTACT_COS ? 0 : flip
      ? clipPoints(out, xfA, p, true, bd, 0, bc, edgeB, ad, av, ac, edgeA)
      : clipPoints(out, xfA, p, false, ad, av, ac, edgeA, bd, 0, bc, edgeB);
    if (kept === 0) {
      const m = 0.5 * (ar - br + dist);
      const cx = pax + m * nx, cy = pay + m * ny;
      out.pointCount = 1;
      out.point1X = xfA.c * cx - xfA.s * cy + xfA.px;
      out.point1Y = xfA.s * cx + xfA.c * cy + xfA.py;
      out.separation1 = -depth;
    }
    return out;
  }

  // Cores overlap: separating axes over both face sets give the exact depth.
  // The face choice has hysteresis; the depth does not: the larger separation is the exact one.
  const depth = radius - (sepA > sepB ? sepA : sepB);
  if (depth <= tolerance) return none(out);
  const nx = flip ? -refNX : refNX, ny = flip ? -refNY : refNY;
  out.normalX = xfA.c * nx - xfA.s * ny;
  out.normalY = xfA.s * nx + xfA.c * ny;
  out.depth = depth;
  out.pointCount = 0;
  const kept = flip
    ? clipPoints(out, xfA, p, true, bd, 0, bc, edgeB, ad, av, ac, edgeA)
    : clipPoints(out, xfA, p, false, ad, av, ac, edgeA, bd, 0, bc, edgeB);
  if (kept === 0) {
    // Rounding put every clipped point outside: report the deepest support point instead.
    let best = 0, bestS = Infinity;
    const pd = flip ? ad : bd, pv = flip ? av : 0, pc = flip ? ac : bc;
    for (let j = 0; j < pc; j++) {
      const s = (flip ? -nx : nx) * pd[pv + 2 * j]! + (flip ? -ny : ny) * pd[pv + 2 * j + 1]!;
      if (s < bestS) { bestS = s; best = j; }
    }
    // Midway between the surfaces, along the normal n (A→B). Unflipped, B's deepest core point
    // sits at ar + br − depth above A's core face, so the midpoint is depth/2 − br further along
    // n; flipped, A's deepest core point is ar − depth/2 along n from it.
    const shift = flip ? ar - 0.5 * depth : 0.5 * depth - br;
    const px = pd[pv + 2 * best]! + shift * nx, py = pd[pv + 2 * best + 1]! + shift * ny;
    emit1(out, xfA, nx, ny, depth, px, py, -depth);
  }
  return out;
}

/**
 * Polygon B's core moved into A's frame by `p`: its vertices, then its normals, in scratch from 0
 * (returned). A box centred on its origin (halfX > 0) has makeBox's corners (−x, −y), (+x, −y),
 * (+x, +y), (−x, +y) and normals (0, −1), (1, 0), (0, 1), (−1, 0), exact, so they are made from
 * its half extents and the pose by the same arithmetic (the same numbers) rather than read from
 * its buffer (fewer memory reads per pair).
 */
function polygonBInA(b: PolygonGeometry, p: RelativePose): Float64Array {
  const end = 2 * b.count, hx = b.halfX;
  if (scratchB.length < 2 * end) scratchB = new Float64Array(4 * end);
  // The pose in locals, read once before the loop.
  const o = scratchB, c = p.c, s = p.s, tx = p.x, ty = p.y;
  if (hx > 0) {
    const hy = b.halfY;
    o[0] = c * -hx - s * -hy + tx; o[1] = s * -hx + c * -hy + ty;
    o[2] = c * hx - s * -hy + tx; o[3] = s * hx + c * -hy + ty;
    o[4] = c * hx - s * hy + tx; o[5] = s * hx + c * hy + ty;
    o[6] = c * -hx - s * hy + tx; o[7] = s * -hx + c * hy + ty;
    // c·0 − s·(−1) and the like: the products with 0 drop out exactly (a zero's sign aside).
    o[8] = s; o[9] = -c;
    o[10] = c; o[11] = s;
    o[12] = -s; o[13] = c;
    o[14] = -c; o[15] = -s;
    return o;
  }
  const v = b.packed, V = b.at + PACKED_VERTICES, N = V + end;
  for (let i = 0; i < end; i += 2) {
    const x = v[V + i]!, y = v[V + i + 1]!, nx = v[N + i]!, ny = v[N + i + 1]!;
    o[i] = c * x - s * y + tx;
    o[i + 1] = s * x + c * y + ty;
    o[end + i] = c * nx - s * ny;
    o[end + i + 1] = s * nx + c * ny;
  }
  return o;
}

export function collidePolygons(a: PolygonGeometry, xfA: Transform, b: PolygonGeometry, xfB: Transform, out: Manifold): Manifold {
  if (boundsApart(a.bound, xfA, b.bound, xfB)) return none(out);
  const p = relative(xfA, xfB, a.extent, b.extent, pose);
  const bv = polygonBInA(b, p);
  p.radiusA = a.radius;
  p.radiusB = b.radius;
  p.boxAX = a.halfX; p.boxAY = a.halfY; p.boxBX = b.halfX; p.boxBY = b.halfY;
  p.verticesA = a.vertices;
  return collideCores(out, xfA, p, a.packed, a.at + PACKED_VERTICES, a.count, bv, b.count);
}

/** Polygon vs capsule: the capsule is a rounded 2-gon (Box2D's b2CollidePolygonAndCapsule). */
export function collidePolygonAndCapsule(a: PolygonGeometry, xfA: Transform, b: CapsuleGeometry, xfB: Transform, out: Manifold): Manifold {
  if (boundsApart(a.bound, xfA, b.bound, xfB)) return none(out);
  const p = relative(xfA, xfB, a.extent, b.extent, pose);
  const bv = scratchB;
  capsuleCore(b, p, bv);
  p.radiusA = a.radius;
  p.radiusB = b.radius;
  p.boxAX = a.halfX; p.boxAY = a.halfY; p.boxBX = 0; p.boxBY = 0;
  p.verticesA = a.vertices;
  return collideCores(out, xfA, p, a.packed, a.at + PACKED_VERTICES, a.count, bv, 2);
}

/** Capsule vs polygon, computed in the capsule's frame so precision follows A. */
export function collideCapsuleAndPolygon(a: CapsuleGeometry, xfA: Transform, b: PolygonGeometry, xfB: Transform, out: Manifold): Manifold {
  if (boundsApart(a.bound, xfA, b.bound, xfB)) return none(out);
  const p = relative(xfA, xfB, a.extent, b.extent, pose);
  const bv = polygonBInA(b, p);
  capsuleCore(a, null, capA);
  p.radiusA = a.radius;
  p.radiusB = b.radius;
  p.boxAX = 0; p.boxAY = 0; p.boxBX = b.halfX; p.boxBY = b.halfY;
  p.verticesA = capA;
  return collideCores(out, xfA, p, capA, 0, 2, bv, b.count);
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
export function collide(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, out: Manifold = new Manifold()): Manifold {
  if (a.kind === COMPOUND || b.kind === COMPOUND) return collideCompound(a, xfA, b, xfB, out);
  return COLLIDE[a.kind]![b.kind]!(a, xfA, b, xfB, out);
}

const partManifold = new Manifold();

/**
 * A pair with a compound side: the pairs of parts whose bound circles meet, reporting the deepest
 * (its depth, normal and contact points); no overlap when none overlaps. For a concave solid this
 * is the deepest piece pair, not the exact depth of the union: a shape pushed across the edge
 * between two pieces gets the depth of the piece it is deepest in. Two chains never collide
 * (Box2D's rule). One-sided edges collide from both sides, as Box2D's chain segments' manifolds do.
 */
function collideCompound(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, out: Manifold): Manifold {
  out.pointCount = 0;
  out.depth = 0;
  if (b.kind !== COMPOUND) return a.kind === COMPOUND ? collideCompoundWith(a, xfA, b, xfB, out, false) : out;
  if (a.kind !== COMPOUND) return collideCompoundWith(b, xfB, a, xfA, out, true);
  if (!a.solid && !b.solid) return out;
  // Both compounds: B's parts one by one, each against A's parts near it; only B's parts whose
  // circles come within reach of A's (in B's frame) can meet any.
  const parts = b.parts;
  const ox = xfA.px - xfB.px, oy = xfA.py - xfB.py, scale = Math.abs(xfA.px) + Math.abs(xfA.py) + Math.abs(xfB.px) + Math.abs(xfB.py);
  const walk = outerWalk.begin(b.tree, parts.length, xfB.c * ox + xfB.s * oy, -xfB.s * ox + xfB.c * oy, 0, 0, partsReach(a), 0, b.extent + a.extent + scale);
  for (let j = walk.next(); j >= 0; j = walk.next()) {
    const pb = parts[j]!, cx = b.circles[3 * j]!, cy = b.circles[3 * j + 1]!, r = b.circles[3 * j + 2]!;
    // The part's circle in A's frame.
    const wx = xfB.c * cx - xfB.s * cy + xfB.px - xfA.px, wy = xfB.s * cx + xfB.c * cy + xfB.py - xfA.py;
    deepestAgainst(a, xfA, pb, xfB, xfA.c * wx + xfA.s * wy, -xfA.s * wx + xfA.c * wy, r, out, false);
  }
  return out;
}

/**
 * A compound C against a convex G: G's bound circle about its own origin, in C's frame, culls
 * C's parts. `flip` when G is the pair's A: the normal is turned to point from G to C.
 */
function collideCompoundWith(c: CompoundGeometry, xfC: Transform, g: Geometry, xfG: Transform, out: Manifold, flip: boolean): Manifold {
  const wx = xfG.px - xfC.px, wy = xfG.py - xfC.py;
  deepestAgainst(c, xfC, g, xfG, xfC.c * wx + xfC.s * wy, -xfC.s * wx + xfC.c * wy, g.bound, out, flip);
  return out;
}

// The walks over a compound's parts: B's (both compounds) and the one deepestAgainst makes.
const outerWalk = new PartWalk(), partWalk = new PartWalk();

/**
 * Collides `g` with every part of `c` whose bound circle meets the circle (x, y, r) in c's frame,
 * in order, keeping the deepest manifold in `out` (the first of equals; pair order: g as A when
 * `flip`).
 */
function deepestAgainst(c: CompoundGeometry, xfC: Transform, g: Geometry, xfG: Transform, x: number, y: number, r: number, out: Manifold, flip: boolean): void {
  const parts = c.parts, circles = c.circles;
  const walk = partWalk.begin(c.tree, parts.length, x, y, 0, 0, r, 0, c.extent + r + Math.abs(xfC.px) + Math.abs(xfC.py) + Math.abs(xfG.px) + Math.abs(xfG.py));
  for (let i = walk.next(); i >= 0; i = walk.next()) {
    const dx = circles[3 * i]! - x, dy = circles[3 * i + 1]! - y, reach = circles[3 * i + 2]! + r;
    if (dx * dx + dy * dy > reach * reach) continue;
    const part = parts[i]!;
    const m = flip ? COLLIDE[g.kind]![part.kind]!(g, xfG, part, xfC, partManifold) : COLLIDE[part.kind]![g.kind]!(part, xfC, g, xfG, partManifold);
    if (m.pointCount > 0 && (out.pointCount === 0 || m.depth > out.depth)) copyManifold(m, out);
  }
}

export function copyManifold(from: Manifold, to: Manifold): void {
  to.pointCount = from.pointCount;
  to.normalX = from.normalX; to.normalY = from.normalY; to.depth = from.depth;
  to.point1X = from.point1X; to.point1Y = from.point1Y; to.separation1 = from.separation1;
  to.point2X = from.point2X; to.point2Y = from.point2Y; to.separation2 = from.separation2;
}
