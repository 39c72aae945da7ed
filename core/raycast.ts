// Ray casts against every geometry kind (Box2D v3's b2RayCastCircle / b2RayCastCapsule /
// b2RayCastPolygon, and seed 001's segment tests), exact, in the shape's local frame. A ray that
// starts inside (or on) a shape does not hit it, as in Box2D and Godot, unless asked to report that
// at fraction 0. A zero-length ray is a miss. Results go to caller-owned outputs (CastOutput in
// world space, RayHit in a shape's frame); nothing allocates per call.
import type { Manifold } from "./manifold";
import { PartWalk } from "./part-tree";
import { CAPSULE, CIRCLE, COMPOUND, type CompoundGeometry, type Geometry, type ShapeGeometry, type Transform } from "./shapes";
import { safeLength } from "./vec2";

/** The result of a ray or shape cast, in world space. */
export class CastOutput {
  hit = false;
  /** Where along the cast the first contact is, in [0, maxFraction]. */
  fraction = 0;
  /** The hit point (on the hit shape's surface). */
  pointX = 0;
  pointY = 0;
  /** Unit normal pointing out of the hit shape. */
  normalX = 0;
  normalY = 0;
  /**
   * The cast started inside the shape (ray) or overlapping it (shape cast): reported as a hit at
   * fraction 0 when the caller asked for it (rays) or always (shape casts).
   */
  startedInside = false;
  /** Root-finding steps taken (shape casts and time of impact); 0 for closed forms. */
  iterations = 0;

  /** Records a hit at `fraction` with its normal and point. */
  setHit(fraction: number, normalX: number, normalY: number, pointX: number, pointY: number): this {
    this.hit = true;
    this.fraction = fraction;
    this.normalX = normalX;
    this.normalY = normalY;
    this.pointX = pointX;
    this.pointY = pointY;
    return this;
  }

  /** Takes another output's hit: its fraction, normal, point and whether it started inside. */
  copyHit(from: CastOutput): this {
    this.setHit(from.fraction, from.normalX, from.normalY, from.pointX, from.pointY);
    this.startedInside = from.startedInside;
    return this;
  }

  /** Records an overlap at the start: fraction 0, the contact manifold's normal and first point. */
  setStartedInside(m: Manifold): this {
    this.startedInside = true;
    return this.setHit(0, m.normalX, m.normalY, m.point1X, m.point1Y);
  }
}

/**
 * What the local-frame ray functions below return: HIT (its fraction and normal are in the
 * caller's RayHit), MISS, or INSIDE (the ray starts inside or on the shape; the RayHit is left
 * as it was, as on a miss).
 */
export const HIT = 1, MISS = 0, INSIDE = -1;
export type RayStatus = typeof HIT | typeof MISS | typeof INSIDE;

/**
 * A ray's first entry into a shape, in the frame the ray was given in: the fraction along the ray
 * and the unit normal out of the shape there. Written by the local-frame ray functions only when
 * they return HIT.
 */
export class RayHit {
  fraction = 0;
  normalX = 0;
  normalY = 0;
}

/**
 * A ray p + t·d, t in [0, maxFraction], against the circle (cx, cy, r). Box2D v3's form: the
 * closest approach along the unit direction, then back off by the half chord; the root of the
 * quadratic directly loses digits when the ray starts far away.
 */
export function rayCircle(cx: number, cy: number, r: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  const sx = px - cx, sy = py - cy, rr = r * r;
  if (sx * sx + sy * sy <= rr) return INSIDE;
  // Starting outside and heading away from the centre (or not moving): no hit.
  if (sx * dx + sy * dy >= 0) return MISS;
  const length = Math.sqrt(dx * dx + dy * dy);
  if (length === 0) return MISS; // regression: a denormal direction squared to 0 and divided into NaN
  const ux = dx / length, uy = dy / length;
  const t = -(sx * ux + sy * uy);
  const qx = sx + t * ux, qy = sy + t * uy;
  const qq = qx * qx + qy * qy;
  if (qq > rr) return MISS;
  const travel = t - Math.sqrt(rr - qq);
  if (travel < 0 || travel > maxFraction * length) return MISS;
  const hx = sx + travel * ux, hy = sy + travel * uy;
  const hl = Math.sqrt(hx * hx + hy * hy);
  out.fraction = travel / length;
  out.normalX = hx / hl;
  out.normalY = hy / hl;
  return HIT;
}

/** A ray against a convex polygon with no radius (Box2D's b2RayCastPolygon: clip by every face). */
export function rayPolygon(v: Float64Array, n: Float64Array, count: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  let lower = 0, upper = maxFraction, index = -1;
  for (let i = 0; i < count; i++) {
    const nx = n[2 * i]!, ny = n[2 * i + 1]!;
    // p + t·d crosses face i's line at t = numerator / denominator.
    const numerator = nx * (v[2 * i]! - px) + ny * (v[2 * i + 1]! - py);
    const denominator = nx * dx + ny * dy;
    if (denominator === 0) {
      if (numerator < 0) return MISS; // parallel, outside this face
    } else if (denominator < 0 && numerator < lower * denominator) {
      lower = numerator / denominator; // entering through this face, later than any before
      index = i;
    } else if (denominator > 0 && numerator < upper * denominator) {
      upper = numerator / denominator; // leaving through this face, earlier than any before
    }
    if (upper < lower) return MISS;
  }
  // No face entered, yet none left the ray outside: it starts inside (or on the surface).
  if (index < 0) return INSIDE;
  out.fraction = lower;
  out.normalX = n[2 * index]!;
  out.normalY = n[2 * index + 1]!;
  return HIT;
}

function insidePolygon(v: Float64Array, n: Float64Array, count: number, px: number, py: number): boolean {
  for (let i = 0; i < count; i++) if (n[2 * i]! * (px - v[2 * i]!) + n[2 * i + 1]! * (py - v[2 * i + 1]!) > 0) return false;
  return true;
}

/** Squared distance from (px, py) to a core: a point, a segment, or a convex polygon (0 inside). */
function coreDistanceSquared(v: Float64Array, n: Float64Array, count: number, px: number, py: number): number {
  if (count >= 3 && insidePolygon(v, n, count, px, py)) return 0;
  let best = Infinity;
  const edges = count === 1 ? 1 : count === 2 ? 1 : count;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 < count ? i + 1 : 0;
    const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = v[2 * j]! - ax, ey = v[2 * j + 1]! - ay;
    const ee = ex * ex + ey * ey;
    let t = ee === 0 ? 0 : ((px - ax) * ex + (py - ay) * ey) / ee;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = ax + t * ex - px, qy = ay + t * ey - py;
    const d = qx * qx + qy * qy;
    if (d < best) best = d;
  }
  return best;
}

/**
 * Whether (px, py) lies within `radius` of a core. For a polygon the faces decide most points
 * alone (a face further away than the radius: outside; behind every face: inside), and only the
 * corner regions need the exact distance.
 */
function withinRadius(v: Float64Array, n: Float64Array, count: number, radius: number, px: number, py: number): boolean {
  if (count >= 3) {
    let maxSep = -Infinity;
    for (let i = 0; i < 2 * count; i += 2) {
      const s = n[i]! * (px - v[i]!) + n[i + 1]! * (py - v[i + 1]!);
      if (s > maxSep) maxSep = s;
    }
    if (maxSep > radius) return false;
    if (maxSep <= 0) return true;
  }
  return coreDistanceSquared(v, n, count, px, py) <= radius * radius;
}

/**
 * A ray against a rounded core (a point, segment or convex polygon grown by `radius` > 0): the
 * first crossing of its boundary, which is made of the faces pushed out by the radius and the
 * circles about the vertices. Every one of those pieces lies in the shape, so the earliest hit
 * among them is the entry point. Capsules are the two-point case (count 2, normals ±).
 */
export function rayRounded(v: Float64Array, n: Float64Array, count: number, radius: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  if (withinRadius(v, n, count, radius, px, py)) return INSIDE;
  if (dx === 0 && dy === 0) return MISS;
  let best = Infinity, bnx = 0, bny = 0;
  const faces = count === 1 ? 0 : count;
  for (let i = 0; i < faces; i++) {
    const nx = n[2 * i]!, ny = n[2 * i + 1]!;
    const denominator = nx * dx + ny * dy;
    if (denominator >= 0) continue; // not moving into this face
    const ax = v[2 * i]! + radius * nx, ay = v[2 * i + 1]! + radius * ny;
    const t = (nx * (ax - px) + ny * (ay - py)) / denominator;
    if (t < 0 || t > maxFraction || t >= best) continue;
    const j = i + 1 < count ? i + 1 : 0;
    const ex = v[2 * j]! - v[2 * i]!, ey = v[2 * j + 1]! - v[2 * i + 1]!;
    const along = (px + t * dx - ax) * ex + (py + t * dy - ay) * ey;
    if (along < 0 || along > ex * ex + ey * ey) continue; // beside this face: a corner circle's
    best = t; bnx = nx; bny = ny;
  }
  // The corner circles write into `out` as they hit; the nearest piece is written last.
  for (let i = 0; i < count; i++) {
    if (rayCircle(v[2 * i]!, v[2 * i + 1]!, radius, px, py, dx, dy, maxFraction, out) === HIT && out.fraction < best) {
      best = out.fraction; bnx = out.normalX; bny = out.normalY;
    }
  }
  if (best === Infinity) return MISS;
  out.fraction = best;
  out.normalX = bnx;
  out.normalY = bny;
  return HIT;
}

// A capsule's core as a 2-gon (points and side normals) and a circle's as a point.
const core2 = new Float64Array(4), core2n = new Float64Array(4);

/** Writes a capsule's core into core2/core2n. */
function capsuleCore(x1: number, y1: number, x2: number, y2: number): void {
  const len = Math.sqrt((x2 - x1) ** 2 + (y2 - y1) ** 2);
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  core2[0] = x1; core2[1] = y1; core2[2] = x2; core2[3] = y2;
  core2n[0] = uy; core2n[1] = -ux; core2n[2] = -uy; core2n[3] = ux;
}

/**
 * A ray against an edge from (x1, y1) to (x2, y2) of no thickness (Box2D's b2RayCastSegment): the
 * crossing of its line within the edge, the normal (ey, −ex) or its opposite, whichever faces the
 * ray's origin. A ray parallel to the edge misses it, and so does one along its line; a ray
 * starting on the edge's line misses it (a ray starting on a shape misses it; Box2D reports a hit
 * at fraction 0 there). The edge's two ends count as on it.
 */
export function raySegment(x1: number, y1: number, x2: number, y2: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  const ex = x2 - x1, ey = y2 - y1;
  // With n = (ey, −ex): p + t·d meets the line at t = n·(v1 − p) / n·d.
  const numerator = ey * (x1 - px) - ex * (y1 - py);
  const denominator = ey * dx - ex * dy;
  if (numerator === 0 || denominator === 0 || numerator > 0 !== denominator > 0) return MISS;
  const t = numerator / denominator;
  if (t > maxFraction) return MISS;
  const along = (px + t * dx - x1) * ex + (py + t * dy - y1) * ey;
  if (along < 0 || along > ex * ex + ey * ey) return MISS;
  const length = safeLength(ex, ey), sign = numerator > 0 ? -1 : 1;
  out.fraction = t;
  out.normalX = (sign * ey) / length;
  out.normalY = (-sign * ex) / length;
  return HIT;
}

/**
 * A ray in a geometry's local frame against that geometry grown by `extra` (0 for a plain ray
 * cast; a circle's radius when a circle is swept against it). A hit's fraction and local normal
 * go to `out`. An edge (a capsule of radius 0) with nothing to grow it by is raySegment.
 */
export function rayGeometryLocal(g: Geometry, extra: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  const radius = g.radius + extra;
  if (g.kind === CIRCLE) return rayCircle(g.cx, g.cy, radius, px, py, dx, dy, maxFraction, out);
  if (g.kind === CAPSULE) {
    if (radius === 0) return raySegment(g.x1, g.y1, g.x2, g.y2, px, py, dx, dy, maxFraction, out);
    capsuleCore(g.x1, g.y1, g.x2, g.y2);
    return rayRounded(core2, core2n, 2, radius, px, py, dx, dy, maxFraction, out);
  }
  return radius > 0
    ? rayRounded(g.vertices, g.normals, g.count, radius, px, py, dx, dy, maxFraction, out)
    : rayPolygon(g.vertices, g.normals, g.count, px, py, dx, dy, maxFraction, out);
}

const partHit = new RayHit();
const rayWalk = new PartWalk();

/**
 * Whether the ray p + t·d, t in [0, maxFraction], passes within `r` of (cx, cy): a part whose
 * bound circle it misses cannot be hit.
 */
function rayReaches(cx: number, cy: number, r: number, px: number, py: number, dx: number, dy: number, maxFraction: number): boolean {
  const wx = cx - px, wy = cy - py, dd = dx * dx + dy * dy;
  let t = dd > 0 ? (wx * dx + wy * dy) / dd : 0;
  t = t < 0 ? 0 : t > maxFraction ? maxFraction : t;
  const qx = wx - t * dx, qy = wy - t * dy;
  return qx * qx + qy * qy <= r * r;
}

/**
 * A ray in a compound's local frame against its parts grown by `extra`: the first hit over the
 * parts whose bound circles it reaches. A solid (a concave polygon's pieces) is INSIDE when the
 * ray starts in any piece: the pieces' union is one solid, so a ray from outside it enters first
 * where it enters a piece, on the outline (the edges between pieces lie inside the solid). A
 * chain's edge is never INSIDE: a ray starting on an edge misses it (raySegment), and a circle
 * swept from overlapping an edge is left to the shape cast's start check. A one-sided edge is
 * missed by a ray starting behind its line (Box2D's b2RayCastSegment with oneSided).
 */
export function rayCompoundLocal(g: CompoundGeometry, extra: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  let status: RayStatus = MISS, best = maxFraction;
  const parts = g.parts, circles = g.circles, oneSided = g.oneSided;
  // The walk's ray is clipped to the best fraction as it shrinks.
  const walk = rayWalk.begin(g.tree, parts.length, px, py, dx, dy, extra, best, g.extent + extra);
  for (let i = walk.next(); i >= 0; i = walk.next()) {
    if (!rayReaches(circles[3 * i]!, circles[3 * i + 1]!, circles[3 * i + 2]! + extra, px, py, dx, dy, best)) continue;
    const part = parts[i]!;
    if (oneSided && part.kind === CAPSULE && (px - part.x1) * (part.y2 - part.y1) - (py - part.y1) * (part.x2 - part.x1) < 0) continue;
    const s = rayGeometryLocal(part, extra, px, py, dx, dy, best, partHit);
    if (s === INSIDE) {
      if (g.solid) return INSIDE;
      continue;
    }
    if (s === HIT && (status === MISS || partHit.fraction < best)) {
      status = HIT;
      best = partHit.fraction;
      walk.tEnd = best;
      out.fraction = partHit.fraction;
      out.normalX = partHit.normalX;
      out.normalY = partHit.normalY;
    }
  }
  return status;
}

export interface RayCastOptions {
  /** Report a ray that starts inside the shape as a hit at fraction 0 (normal: against the ray). */
  readonly reportInside?: boolean;
  /** Only hits up to this fraction of from→to count (default 1). */
  readonly maxFraction?: number;
}

// rayCast's scratch, handed to castRay: the ray (from x, y, to x, y) and the local hit.
const ends = new Float64Array(4);
const localHit = new RayHit();

/**
 * Casts the ray from (fromX, fromY) to (toX, toY) against a shape; fills and returns `out`. The
 * hit point is from + fraction·(to − from); the normal points out of the shape.
 */
export function rayCast(g: ShapeGeometry, xf: Transform, fromX: number, fromY: number, toX: number, toY: number, out: CastOutput = new CastOutput(), options: RayCastOptions = {}): CastOutput {
  // Small enough for V8 to inline into the caller, which then hands the ray over in an array: the
  // doubles of a call V8 does not inline are boxed, and castRay is too big to be inlined.
  const ray = ends;
  ray[0] = fromX; ray[1] = fromY; ray[2] = toX; ray[3] = toY;
  return castRay(g, xf, ray, localHit, out, options);
}

/** rayCast's work: the ray's ends in `ray` (from x, y, to x, y), `local` for the local-frame hit. */
function castRay(g: ShapeGeometry, xf: Transform, ray: Float64Array, local: RayHit, out: CastOutput, options: RayCastOptions): CastOutput {
  const fromX = ray[0]!, fromY = ray[1]!, toX = ray[2]!, toY = ray[3]!;
  const maxFraction = options.maxFraction ?? 1;
  out.hit = false;
  out.startedInside = false;
  out.iterations = 0;
  const tx = toX - fromX, ty = toY - fromY;
  let status: RayStatus, c = xf.c, s = xf.s;
  if (g.kind === CIRCLE) {
    // A circle needs no frame: its centre in world space, and the normal comes out in world space.
    status = rayCircle(c * g.cx - s * g.cy + xf.px, s * g.cx + c * g.cy + xf.py, g.radius, fromX, fromY, tx, ty, maxFraction, local);
    c = 1;
    s = 0;
  } else {
    // Into the local frame: the inverse rotation.
    const wx = fromX - xf.px, wy = fromY - xf.py;
    const px = c * wx + s * wy, py = -s * wx + c * wy;
    const dx = c * tx + s * ty, dy = -s * tx + c * ty;
    status = g.kind === COMPOUND ? rayCompoundLocal(g, 0, px, py, dx, dy, maxFraction, local) : rayGeometryLocal(g, 0, px, py, dx, dy, maxFraction, local);
  }
  if (status === MISS) return out;
  if (status === INSIDE) {
    // A zero-length ray never hits, inside or not.
    if (!options.reportInside || (tx === 0 && ty === 0)) return out;
    // Scaled first: regression, a 1e-170 ray squared to 0 and its normal came out NaN.
    const m = Math.max(Math.abs(tx), Math.abs(ty)), ux = tx / m, uy = ty / m, length = Math.sqrt(ux * ux + uy * uy);
    out.startedInside = true;
    return out.setHit(0, -ux / length, -uy / length, fromX, fromY);
  }
  const f = local.fraction, nx = local.normalX, ny = local.normalY;
  return out.setHit(f, c * nx - s * ny, s * nx + c * ny, fromX + f * tx, fromY + f * ty);
}
