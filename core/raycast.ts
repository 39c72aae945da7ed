// Ray casts against every geometry kind (Box2D v3's b2RayCastCircle / b2RayCastCapsule /
// b2RayCastPolygon, and seed 001's segment tests), exact, in the shape's local frame. A ray that
// starts inside (or on) a shape does not hit it, as in Box2D and Godot, unless asked to report that
// at fraction 0. A zero-length ray is a miss. Results go to caller-owned outputs (CastOutput in
// world space, RayHit in a shape's frame); nothing allocates per call.
import type { Manifold } from "./manifold";
import { PartWalk } from "./part-tree";
import { CAPSULE, CIRCLE, COMPOUND, PACKED_VERTICES, type CapsuleGeometry, type CompoundGeometry, type Geometry, type ShapeGeometry, type Transform } from "./shapes";
import { safeLength } from "./vec2";

/**
 * The result of a ray or shape cast (rayCast, shapeCast), in world space. A game keeps one and
 * passes it as `out`: the casts write into it and allocate nothing. On a miss only `hit` (false)
 * is meaningful; the other fields keep what they held.
 */
export class CastOutput {
  /** Whether the cast hit; the other fields are written only when it did. */
  hit = false;
  /** Where along the cast the first contact is, in [0, maxFraction]: the hit point of a ray is from + fraction·(to − from). */
  fraction = 0;
  /** The hit point's world x (on the hit shape's surface). */
  pointX = 0;
  /** The hit point's world y. */
  pointY = 0;
  /** The x of the unit normal pointing out of the hit shape. */
  normalX = 0;
  /** The y of the unit normal pointing out of the hit shape. */
  normalY = 0;
  /**
   * The cast started inside the shape (ray) or overlapping it (shape cast): reported as a hit at
   * fraction 0 when the caller asked for it (rays) or always (shape casts).
   */
  startedInside = false;
  /** Root-finding steps taken (shape casts and time of impact); 0 for closed forms. */
  iterations = 0;

  /**
   * Records a hit at `fraction` with its normal and point (world space); returns this output.
   *
   * @param fraction - Where along the cast, from 0.
   * @param normalX - The unit normal's x, out of the hit shape.
   * @param normalY - The unit normal's y.
   * @param pointX - The hit point's world x.
   * @param pointY - The hit point's world y.
   */
  setHit(fraction: number, normalX: number, normalY: number, pointX: number, pointY: number): this {
    this.hit = true;
    this.fraction = fraction;
    this.normalX = normalX;
    this.normalY = normalY;
    this.pointX = pointX;
    this.pointY = pointY;
    return this;
  }

  /**
   * Takes another output's hit: its fraction, normal, point and whether it started inside; returns this output.
   *
   * @param from - The output to copy (left as it is).
   */
  copyHit(from: CastOutput): this {
    // Field by field: a call to setHit that V8 does not inline boxes its numbers.
    this.hit = true;
    this.fraction = from.fraction;
    this.normalX = from.normalX;
    this.normalY = from.normalY;
    this.pointX = from.pointX;
    this.pointY = from.pointY;
    this.startedInside = from.startedInside;
    return this;
  }

  /**
   * Records an overlap at the start: fraction 0, the contact manifold's normal and first point; returns this output.
   *
   * @param m - The contact manifold of the overlap (collide's), in world space.
   */
  setStartedInside(m: Manifold): this {
    this.startedInside = true;
    this.hit = true;
    this.fraction = 0;
    this.normalX = m.normalX;
    this.normalY = m.normalY;
    this.pointX = m.point1X;
    this.pointY = m.point1Y;
    return this;
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
 * The kernels below take their ray in an array (V8 boxes every double argument of a call it does
 * not inline, and these calls are too many and too big to be inlined): the local ray's numbers at
 * [0] px, [1] py, [2] dx, [3] dy (p + t·d), [4] maxFraction, [5] `extra` (what the shape is grown
 * by: 0 for a plain ray, a swept circle's radius), and [6] the radius of the piece being hit, which
 * geometryRay writes from the geometry's radius and `extra`.
 */
export const LOCAL_RAY_LENGTH = 7;

/**
 * A ray p + t·d, t in [0, maxFraction], against the circle about (centres[k], centres[k + 1]) of
 * radius r[6]. Box2D v3's form: the closest approach along the unit direction, then back off by
 * the half chord; the root of the quadratic directly loses digits when the ray starts far away.
 */
function circleRay(centres: Float64Array, k: number, r: Float64Array, out: RayHit): RayStatus {
  const px = r[0]!, py = r[1]!, dx = r[2]!, dy = r[3]!, maxFraction = r[4]!, radius = r[6]!;
  const sx = px - centres[k]!, sy = py - centres[k + 1]!, rr = radius * radius;
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

// The number-taking forms' scratch: their ray, and a circle's centre.
const givenRay = new Float64Array(LOCAL_RAY_LENGTH), givenPoints = new Float64Array(2);

/** Writes a ray given as numbers into givenRay (extra 0, piece radius `radius`). */
function giveRay(px: number, py: number, dx: number, dy: number, maxFraction: number, radius: number): Float64Array {
  const r = givenRay;
  r[0] = px; r[1] = py; r[2] = dx; r[3] = dy; r[4] = maxFraction; r[5] = 0; r[6] = radius;
  return r;
}

/** A ray p + t·d, t in [0, maxFraction], against the circle (cx, cy, r) (circleRay). */
export function rayCircle(cx: number, cy: number, r: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  givenPoints[0] = cx; givenPoints[1] = cy;
  return circleRay(givenPoints, 0, giveRay(px, py, dx, dy, maxFraction, r), out);
}

/**
 * A ray (r: see LOCAL_RAY_LENGTH) against a convex polygon with no radius (Box2D's
 * b2RayCastPolygon: clip by every face): its vertices at d[v…] and its normals at d[v + 2·count…]
 * (a polygon's packed run, read in place: its views are made only when something asks for them).
 */
function polygonRay(d: Float64Array, v: number, count: number, r: Float64Array, out: RayHit): RayStatus {
  const px = r[0]!, py = r[1]!, dx = r[2]!, dy = r[3]!, n = v + 2 * count;
  let lower = 0, upper = r[4]!, index = -1;
  for (let i = 0; i < count; i++) {
    const nx = d[n + 2 * i]!, ny = d[n + 2 * i + 1]!;
    // p + t·d crosses face i's line at t = numerator / denominator.
    const numerator = nx * (d[v + 2 * i]! - px) + ny * (d[v + 2 * i + 1]! - py);
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
  out.normalX = d[n + 2 * index]!;
  out.normalY = d[n + 2 * index + 1]!;
  return HIT;
}

// rayPolygon's vertices and normals in one run, as polygonRay reads them.
let given = new Float64Array(64);

/** A ray against a convex polygon with no radius (polygonRay). */
export function rayPolygon(v: Float64Array, n: Float64Array, count: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  if (given.length < 4 * count) given = new Float64Array(4 * count);
  for (let i = 0; i < 2 * count; i++) { given[i] = v[i]!; given[2 * count + i] = n[i]!; }
  return polygonRay(given, 0, count, giveRay(px, py, dx, dy, maxFraction, 0), out);
}

/** Whether the ray's origin (r[0], r[1]) lies behind every face of the polygon. */
function insidePolygon(v: Float64Array, n: Float64Array, count: number, r: Float64Array): boolean {
  const px = r[0]!, py = r[1]!;
  for (let i = 0; i < count; i++) if (n[2 * i]! * (px - v[2 * i]!) + n[2 * i + 1]! * (py - v[2 * i + 1]!) > 0) return false;
  return true;
}

/**
 * Whether the ray's origin (r[0], r[1]) lies within r[6] of a core (a point, a segment, or a
 * convex polygon): its squared distance to the core (0 inside) against r[6]².
 */
function withinCore(v: Float64Array, n: Float64Array, count: number, r: Float64Array): boolean {
  if (count >= 3 && insidePolygon(v, n, count, r)) return true;
  const px = r[0]!, py = r[1]!, radius = r[6]!;
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
  return best <= radius * radius;
}

/**
 * Whether the ray's origin lies within r[6] of a core. For a polygon the faces decide most points
 * alone (a face further away than the radius: outside; behind every face: inside), and only the
 * corner regions need the exact distance.
 */
function withinRadius(v: Float64Array, n: Float64Array, count: number, r: Float64Array): boolean {
  if (count >= 3) {
    const px = r[0]!, py = r[1]!;
    let maxSep = -Infinity;
    for (let i = 0; i < 2 * count; i += 2) {
      const s = n[i]! * (px - v[i]!) + n[i + 1]! * (py - v[i + 1]!);
      if (s > maxSep) maxSep = s;
    }
    if (maxSep > r[6]!) return false;
    if (maxSep <= 0) return true;
  }
  return withinCore(v, n, count, r);
}

/**
 * A ray against a rounded core (a point, segment or convex polygon grown by radius r[6] > 0): the
 * first crossing of its boundary, which is made of the faces pushed out by the radius and the
 * circles about the vertices. Every one of those pieces lies in the shape, so the earliest hit
 * among them is the entry point. Capsules are the two-point case (count 2, normals ±).
 */
function roundedRay(v: Float64Array, n: Float64Array, count: number, r: Float64Array, out: RayHit): RayStatus {
  if (withinRadius(v, n, count, r)) return INSIDE;
  const px = r[0]!, py = r[1]!, dx = r[2]!, dy = r[3]!, maxFraction = r[4]!, radius = r[6]!;
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
    if (circleRay(v, 2 * i, r, out) === HIT && out.fraction < best) {
      best = out.fraction; bnx = out.normalX; bny = out.normalY;
    }
  }
  if (best === Infinity) return MISS;
  out.fraction = best;
  out.normalX = bnx;
  out.normalY = bny;
  return HIT;
}

/** A ray against a rounded core (roundedRay), the core grown by `radius` > 0. */
export function rayRounded(v: Float64Array, n: Float64Array, count: number, radius: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  return roundedRay(v, n, count, giveRay(px, py, dx, dy, maxFraction, radius), out);
}

// A capsule's core as a 2-gon (points and side normals) and a circle's as a point.
const core2 = new Float64Array(4), core2n = new Float64Array(4);

/** Writes a capsule's core into core2/core2n. */
function capsuleCore(g: CapsuleGeometry): void {
  const x1 = g.x1, y1 = g.y1, x2 = g.x2, y2 = g.y2;
  const len = Math.sqrt((x2 - x1) ** 2 + (y2 - y1) ** 2);
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  core2[0] = x1; core2[1] = y1; core2[2] = x2; core2[3] = y2;
  core2n[0] = uy; core2n[1] = -ux; core2n[2] = -uy; core2n[3] = ux;
}

/**
 * A ray against the edge from (x1, y1) to (x2, y2) of no thickness (Box2D's
 * b2RayCastSegment): the crossing of its line within the edge, the normal (ey, −ex) or its
 * opposite, whichever faces the ray's origin. A ray parallel to the edge misses it, and so does
 * one along its line; a ray starting on the edge's line misses it (a ray starting on a shape misses
 * it; Box2D reports a hit at fraction 0 there). The edge's two ends count as on it.
 */
function segmentRay(e: Edge, r: Float64Array, out: RayHit): RayStatus {
  const x1 = e.x1, y1 = e.y1, x2 = e.x2, y2 = e.y2, px = r[0]!, py = r[1]!, dx = r[2]!, dy = r[3]!;
  const ex = x2 - x1, ey = y2 - y1;
  // With n = (ey, −ex): p + t·d meets the line at t = n·(v1 − p) / n·d.
  const numerator = ey * (x1 - px) - ex * (y1 - py);
  const denominator = ey * dx - ex * dy;
  if (numerator === 0 || denominator === 0 || numerator > 0 !== denominator > 0) return MISS;
  const t = numerator / denominator;
  if (t > r[4]!) return MISS;
  const along = (px + t * dx - x1) * ex + (py + t * dy - y1) * ey;
  if (along < 0 || along > ex * ex + ey * ey) return MISS;
  const length = safeLength(ex, ey), sign = numerator > 0 ? -1 : 1;
  out.fraction = t;
  out.normalX = (sign * ey) / length;
  out.normalY = (-sign * ex) / length;
  return HIT;
}

/** A ray against the edge from (x1, y1) to (x2, y2) of no thickness (segmentRay). */
export function raySegment(x1: number, y1: number, x2: number, y2: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  const e = givenEdge;
  e.x1 = x1; e.y1 = y1; e.x2 = x2; e.y2 = y2;
  return segmentRay(e, giveRay(px, py, dx, dy, maxFraction, 0), out);
}

/** An edge's ends: a capsule geometry's, or raySegment's numbers. */
interface Edge {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
const givenEdge: Edge = { x1: 0, y1: 0, x2: 0, y2: 0 };

// geometryRay's scratch: a circle's centre.
const centre = new Float64Array(2);

/**
 * A ray in a geometry's local frame (r: see LOCAL_RAY_LENGTH) against that geometry grown by
 * r[5] (0 for a plain ray cast; a circle's radius when a circle is swept against it). A hit's
 * fraction and local normal go to `out`. An edge (a capsule of radius 0) with nothing to grow it
 * by is segmentRay. Writes r[6].
 */
export function geometryRay(g: Geometry, r: Float64Array, out: RayHit): RayStatus {
  const radius = g.radius + r[5]!;
  r[6] = radius;
  if (g.kind === CIRCLE) {
    centre[0] = g.cx; centre[1] = g.cy;
    return circleRay(centre, 0, r, out);
  }
  if (g.kind === CAPSULE) {
    if (radius === 0) return segmentRay(g, r, out);
    capsuleCore(g);
    return roundedRay(core2, core2n, 2, r, out);
  }
  return radius > 0 ? roundedRay(g.vertices, g.normals, g.count, r, out) : polygonRay(g.packed, g.at + PACKED_VERTICES, g.count, r, out);
}

/** geometryRay of a ray given as numbers. */
export function rayGeometryLocal(g: Geometry, extra: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  const r = giveRay(px, py, dx, dy, maxFraction, 0);
  r[5] = extra;
  return geometryRay(g, r, out);
}

const partHit = new RayHit();
const rayWalk = new PartWalk();
/** compoundRay's ray for its parts: the caller's, with maxFraction clipped to the best hit so far. */
const partRay = new Float64Array(LOCAL_RAY_LENGTH);

/**
 * A ray in a compound's local frame (r: see LOCAL_RAY_LENGTH) against its parts grown by r[5]:
 * the first hit over the parts whose bound circles it reaches (passes within the circle's radius
 * plus r[5] of its centre). A solid (a concave polygon's pieces) is INSIDE when the ray starts in
 * any piece: the pieces' union is one solid, so a ray from outside it enters first where it enters
 * a piece, on the outline (the edges between pieces lie inside the solid). A chain's edge is never
 * INSIDE: a ray starting on an edge misses it (segmentRay), and a circle swept from overlapping an
 * edge is left to the shape cast's start check. A one-sided edge is missed by a ray starting
 * behind its line (Box2D's b2RayCastSegment with oneSided).
 */
export function compoundRay(g: CompoundGeometry, r: Float64Array, out: RayHit): RayStatus {
  const q = partRay;
  const px = r[0]!, py = r[1]!, dx = r[2]!, dy = r[3]!, extra = r[5]!;
  q[0] = px; q[1] = py; q[2] = dx; q[3] = dy; q[4] = r[4]!; q[5] = extra;
  let status: RayStatus = MISS;
  const parts = g.parts, circles = g.circles, oneSided = g.oneSided;
  // The walk's ray is clipped to the best fraction as it shrinks.
  const walk = rayWalk;
  walk.qx = px; walk.qy = py; walk.vx = dx; walk.vy = dy; walk.r = extra; walk.tEnd = q[4]!; walk.scale = g.extent + extra;
  walk.start(g.tree, parts.length);
  const dd = dx * dx + dy * dy;
  for (let i = walk.next(); i >= 0; i = walk.next()) {
    // Whether the ray, t in [0, best], passes within the part's bound circle (grown by extra).
    const best = q[4]!, wx = circles[3 * i]! - px, wy = circles[3 * i + 1]! - py, reach = circles[3 * i + 2]! + extra;
    let t = dd > 0 ? (wx * dx + wy * dy) / dd : 0;
    t = t < 0 ? 0 : t > best ? best : t;
    const cx = wx - t * dx, cy = wy - t * dy;
    if (!(cx * cx + cy * cy <= reach * reach)) continue;
    const part = parts[i]!;
    if (oneSided && part.kind === CAPSULE && (px - part.x1) * (part.y2 - part.y1) - (py - part.y1) * (part.x2 - part.x1) < 0) continue;
    const s = geometryRay(part, q, partHit);
    if (s === INSIDE) {
      if (g.solid) return INSIDE;
      continue;
    }
    if (s === HIT && (status === MISS || partHit.fraction < q[4]!)) {
      status = HIT;
      q[4] = partHit.fraction;
      walk.tEnd = partHit.fraction;
      out.fraction = partHit.fraction;
      out.normalX = partHit.normalX;
      out.normalY = partHit.normalY;
    }
  }
  return status;
}

/** compoundRay of a ray given as numbers. */
export function rayCompoundLocal(g: CompoundGeometry, extra: number, px: number, py: number, dx: number, dy: number, maxFraction: number, out: RayHit): RayStatus {
  const r = giveRay(px, py, dx, dy, maxFraction, 0);
  r[5] = extra;
  return compoundRay(g, r, out);
}

/** rayCast's options when none are given: one shared object, so that such a call allocates none. */
export const NO_RAY_OPTIONS: RayCastOptions = Object.freeze({});

/** rayCast's options: whether a ray starting inside reports a hit, and how much of the ray counts. */
export interface RayCastOptions {
  /** Report a ray that starts inside the shape as a hit at fraction 0 (normal: against the ray). */
  readonly reportInside?: boolean;
  /** Only hits up to this fraction of from→to count (default 1). */
  readonly maxFraction?: number;
}

// rayCast's scratch, handed to castRay: the ray (from x, y, to x, y), the local hit, and the ray in
// the shape's frame for the kernels.
const ends = new Float64Array(4);
const localHit = new RayHit();
const localRay = new Float64Array(LOCAL_RAY_LENGTH);

/**
 * Casts the ray from (fromX, fromY) to (toX, toY) against a shape; fills and returns `out`. The
 * hit point is from + fraction·(to − from); the normal points out of the shape.
 */
export function rayCast(g: ShapeGeometry, xf: Transform, fromX: number, fromY: number, toX: number, toY: number, out: CastOutput = new CastOutput(), options: RayCastOptions = NO_RAY_OPTIONS): CastOutput {
  // Small enough for V8 to inline into the caller, which then hands the ray over in an array: the
  // doubles of a call V8 does not inline are boxed, and castRay is too big to be inlined.
  const ray = ends;
  ray[0] = fromX; ray[1] = fromY; ray[2] = toX; ray[3] = toY;
  return castRay(g, xf, ray, localHit, out, options);
}

/**
 * rayCast with the ray's ends in ray[0…3] (from x, y, to x, y): for a caller V8 may not inline
 * rayCast into, as the doubles of such a call are boxed.
 */
export function rayCastIn(g: ShapeGeometry, xf: Transform, ray: Float64Array, out: CastOutput, options: RayCastOptions): CastOutput {
  return castRay(g, xf, ray, localHit, out, options);
}

/** rayCast's work: the ray's ends in `ray` (from x, y, to x, y), `local` for the local-frame hit. */
function castRay(g: ShapeGeometry, xf: Transform, ray: Float64Array, local: RayHit, out: CastOutput, options: RayCastOptions): CastOutput {
  const fromX = ray[0]!, fromY = ray[1]!, toX = ray[2]!, toY = ray[3]!;
  const maxFraction = options.maxFraction ?? 1;
  out.hit = false;
  out.startedInside = false;
  out.iterations = 0;
  const tx = toX - fromX, ty = toY - fromY, r = localRay;
  let status: RayStatus, c = xf.c, s = xf.s;
  r[4] = maxFraction; r[5] = 0;
  if (g.kind === CIRCLE) {
    // A circle needs no frame: its centre in world space, and the normal comes out in world space.
    centre[0] = c * g.cx - s * g.cy + xf.px; centre[1] = s * g.cx + c * g.cy + xf.py;
    r[0] = fromX; r[1] = fromY; r[2] = tx; r[3] = ty; r[6] = g.radius;
    status = circleRay(centre, 0, r, local);
    c = 1;
    s = 0;
  } else {
    // Into the local frame: the inverse rotation.
    const wx = fromX - xf.px, wy = fromY - xf.py;
    r[0] = c * wx + s * wy; r[1] = -s * wx + c * wy;
    r[2] = c * tx + s * ty; r[3] = -s * tx + c * ty;
    status = g.kind === COMPOUND ? compoundRay(g, r, local) : geometryRay(g, r, local);
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
