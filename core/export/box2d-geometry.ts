// Scene geometry in Box2D's frame: metres, y up, counter-clockwise polygons of at most 8 vertices.
// Everything here works in a shape's LOCAL frame; the body carries the position and the angle.
//
// The frame change. A scene shape maps local p to R(θ)·p + t on a y-down screen (θ in degrees,
// clockwise on screen). With F = diag(1, −1), the y-up world point is F·R(θ)·p + F·t =
// R(−θ)·(F·p) + F·t, because F·R(θ)·F = R(−θ). So: position (x, −y)/ppm, angle −θ in radians,
// local points (x, −y)/ppm. The flip reverses every winding, hence the CCW re-ordering below.
import type { Point } from "../scene/types";

/** Box2D v2's b2_maxPolygonVertices (b2_settings.h / b2_common.h); planck allows 12. */
export const B2_MAX_POLYGON_VERTICES = 8;

/** A point in metres, y up. */
export interface MetrePoint {
  readonly x: number;
  readonly y: number;
}

/** Writes −0 as 0 (JSON would print "0" anyway; this keeps the objects themselves clean). */
export const clean = (n: number): number => (n === 0 ? 0 : n);

/** A scene length or coordinate in metres (no flip). */
export const toMetres = (pixels: number, ppm: number): number => clean(pixels / ppm);

/** A scene point (y down, pixels) in metres with y up. */
export const pointToMetres = (x: number, y: number, ppm: number): MetrePoint => ({ x: clean(x / ppm), y: clean(-y / ppm) });

/** Scene degrees (clockwise on a y-down screen) as Box2D radians (counter-clockwise, y up). */
export const angleToRadians = (degrees: number): number => clean((-degrees * Math.PI) / 180);

/** Twice the signed area; positive when counter-clockwise in a y-up frame. */
export function twiceArea(points: readonly MetrePoint[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!, b = points[(i + 1) % points.length]!;
    twice += a.x * b.y - a.y * b.x;
  }
  return twice;
}

/** Counter-clockwise in y-up, keeping the first point first (so the output stays predictable). */
export function counterClockwise(points: readonly MetrePoint[]): MetrePoint[] {
  if (twiceArea(points) >= 0) return [...points];
  return [points[0]!, ...points.slice(1).reverse()];
}

/** A scene polygon's local points in metres, y up, counter-clockwise. */
export const polygonToMetres = (points: readonly Point[], ppm: number): MetrePoint[] => counterClockwise(points.map(([x, y]) => pointToMetres(x, y, ppm)));

/**
 * Splits a convex counter-clockwise polygon into convex pieces of at most `max` vertices that
 * cover it exactly: the fan of triangles from vertex 0, dealt out as evenly as possible into the
 * fewest pieces (each piece is v0 followed by a run of consecutive vertices, so it is convex and
 * counter-clockwise, and neighbours share one diagonal). A polygon that fits is returned whole.
 */
export function splitConvex<T>(points: readonly T[], max = B2_MAX_POLYGON_VERTICES): T[][] {
  const n = points.length;
  if (n <= max) return [[...points]];
  const triangles = n - 2;
  const pieces = Math.ceil(triangles / (max - 2));
  const out: T[][] = [];
  let first = 0;
  for (let k = 0; k < pieces; k++) {
    // Piece k takes fan triangles [first, last): (v0, v_{i+1}, v_{i+2}) for i in that range.
    const last = Math.round(((k + 1) * triangles) / pieces);
    out.push([points[0]!, ...points.slice(first + 1, last + 2)]);
    first = last;
  }
  return out;
}

/**
 * A capsule as a box with a circle at each end: the exact union. Local frame, metres, y up; the
 * core segment is vertical, from (0, −half) to (0, half), as in the scene (the flip maps it to
 * itself).
 */
export interface CapsuleParts {
  readonly circles: readonly MetrePoint[];
  readonly box: readonly MetrePoint[] | null;
}

/**
 * Box2D welds polygon vertices closer than 0.5 · b2_linearSlop = 0.0025 m (b2PolygonShape::Set),
 * and a polygon welded below 3 vertices becomes a 2 m × 2 m box (Box2D 2.4, planck): a capsule's
 * box thinner than this is left out, its two circles then miss less than half²/radius of it.
 */
export const B2_WELD_DISTANCE = 0.0025;

export function capsuleParts(radius: number, half: number): CapsuleParts {
  // A capsule with no core is a circle (as core/shapes.ts makes it).
  if (!(half > 0)) return { circles: [{ x: 0, y: 0 }], box: null };
  if (2 * half < B2_WELD_DISTANCE) return { circles: [{ x: 0, y: half }, { x: 0, y: clean(-half) }], box: null };
  const box = [{ x: -radius, y: -half }, { x: radius, y: -half }, { x: radius, y: half }, { x: -radius, y: half }].map((p) => ({ x: clean(p.x), y: clean(p.y) }));
  return { circles: [{ x: 0, y: half }, { x: 0, y: clean(-half) }], box };
}

/** tan(π/8) = √2 − 1: the tangents at 45° and 135° meet the side and top tangents r·t from a corner. */
const TAN_PI_8 = Math.SQRT2 - 1;

/**
 * How far the capsule polygon reaches beyond the capsule, as a fraction of the radius: its
 * vertices sit at r / cos(π/8) from a cap centre, r·(1/cos(π/8) − 1) ≈ 0.0824·r out.
 */
export const CAPSULE_POLYGON_ERROR = 1 / Math.cos(Math.PI / 8) - 1;

/**
 * A capsule as one convex 8-gon CIRCUMSCRIBED about it: every edge is tangent to the capsule (the
 * two sides at x = ±r, and on each cap the tangents at 45°, 90° and 135° from its side), so the
 * capsule lies wholly inside and the polygon reaches at most CAPSULE_POLYGON_ERROR·r beyond it,
 * at its 8 vertices. Written from the closed form (r, half + r·t), (r·t, half + r), … with
 * t = tan(π/8), so it is exactly symmetric. Counter-clockwise, y up. Null for a circle.
 */
export function capsulePolygon(radius: number, half: number): MetrePoint[] | null {
  if (!(half > 0)) return null;
  const t = radius * TAN_PI_8, top = half + radius, shoulder = half + t;
  return [
    { x: radius, y: shoulder }, { x: t, y: top }, { x: -t, y: top }, { x: -radius, y: shoulder },
    { x: -radius, y: -shoulder }, { x: -t, y: -top }, { x: t, y: -top }, { x: radius, y: -shoulder },
  ];
}
