// Time of impact for two shapes that both translate and rotate over a step (Box2D's
// b2TimeOfImpact, by conservative advancement as in Mirtich's thesis and Catto's GDC 2013 talk):
// at the current time, the closest points give a separating plane and the gap d across it; no
// point of A or B can approach that plane faster than (relative linear velocity along the normal)
// plus (angular speed × distance from its centre of rotation), so advancing by d / that bound
// never passes through contact. No tunnelling, whatever the speeds.
import { collide, Manifold } from "./manifold";
import { CastOutput } from "./raycast";
import { DistanceOutput, shapeDistance } from "./shape-distance";
import type { Geometry } from "./shapes";

/**
 * Motion of a shape over a step, as Box2D's b2Sweep: its centre of rotation (localCenter, in the
 * shape's frame) moves in a straight line from (x1, y1) to (x2, y2) while the shape turns from
 * angle1 to angle2 (radians, the same sense as the transforms' rotation).
 */
export interface Sweep {
  readonly localCenterX: number;
  readonly localCenterY: number;
  readonly x1: number;
  readonly y1: number;
  readonly angle1: number;
  readonly x2: number;
  readonly y2: number;
  readonly angle2: number;
}

/** A sweep that turns about the shape's own origin: from pose (x1, y1, angle1) to (x2, y2, angle2). */
export function sweepOf(x1: number, y1: number, angle1: number, x2: number, y2: number, angle2: number): Sweep {
  return { localCenterX: 0, localCenterY: 0, x1, y1, angle1, x2, y2, angle2 };
}

/** Conservative-advancement steps before reporting failure (a lower bound is still returned). */
export const TOI_MAX_ITERATIONS = 4096;

export class TimeOfImpactOutput extends CastOutput {
  /** False when the step limit was reached first: `fraction` is then a safe time with no contact before it. */
  converged = true;
}

const xfA = { px: 0, py: 0, c: 1, s: 0 }, xfB = { px: 0, py: 0, c: 1, s: 0 };
const distance = new DistanceOutput();
const manifold = new Manifold();

/** Writes the pose of `sweep` at time t into `xf`. */
export function poseAt(sweep: Sweep, t: number, xf: { px: number; py: number; c: number; s: number }): void {
  const angle = sweep.angle1 + t * (sweep.angle2 - sweep.angle1);
  const c = Math.cos(angle), s = Math.sin(angle);
  const cx = sweep.x1 + t * (sweep.x2 - sweep.x1), cy = sweep.y1 + t * (sweep.y2 - sweep.y1);
  xf.c = c;
  xf.s = s;
  // The centre stays where the sweep puts it: the origin is the centre minus the turned offset.
  xf.px = cx - (c * sweep.localCenterX - s * sweep.localCenterY);
  xf.py = cy - (s * sweep.localCenterX + c * sweep.localCenterY);
}

/**
 * The first time in [0, tMax] at which A and B, moving by their sweeps, touch. The result's
 * point is on A's surface and its normal points out of A (towards B), at that time. A pair
 * overlapping at t = 0 is reported at 0 with `startedInside`.
 */
export function timeOfImpact(a: Geometry, sweepA: Sweep, b: Geometry, sweepB: Sweep, out: TimeOfImpactOutput = new TimeOfImpactOutput(), tMax = 1): TimeOfImpactOutput {
  out.hit = false;
  out.startedInside = false;
  out.converged = true;
  out.iterations = 0;
  // How far the core reaches from the centre of rotation (bound about the origin, less the radius,
  // plus the offset): turning moves the core only, since a rounded shape's support along a fixed
  // direction is its core's plus the radius. A circle turning about its centre does not move.
  const reachA = a.bound - a.radius + Math.hypot(sweepA.localCenterX, sweepA.localCenterY);
  const reachB = b.bound - b.radius + Math.hypot(sweepB.localCenterX, sweepB.localCenterY);
  const vx = sweepB.x2 - sweepB.x1 - (sweepA.x2 - sweepA.x1), vy = sweepB.y2 - sweepB.y1 - (sweepA.y2 - sweepA.y1);
  const spin = Math.abs(sweepA.angle2 - sweepA.angle1) * reachA + Math.abs(sweepB.angle2 - sweepB.angle1) * reachB;
  const scale = a.extent + b.extent + Math.abs(vx) + Math.abs(vy) + spin;
  const position = Math.abs(sweepA.x1) + Math.abs(sweepA.y1) + Math.abs(sweepB.x1) + Math.abs(sweepB.y1);
  const tolerance = 1e-9 * scale + 1e-14 * position;
  let t = 0;
  for (let iter = 0; iter < TOI_MAX_ITERATIONS; iter++) {
    poseAt(sweepA, t, xfA);
    poseAt(sweepB, t, xfB);
    shapeDistance(a, xfA, b, xfB, distance);
    out.iterations = iter + 1;
    const d = distance.distance;
    if (d <= tolerance) {
      if (iter === 0 && collide(a, xfA, b, xfB, manifold).pointCount > 0) {
        out.hit = true;
        out.startedInside = true;
        out.fraction = 0;
        out.normalX = manifold.normalX;
        out.normalY = manifold.normalY;
        out.pointX = manifold.point1X;
        out.pointY = manifold.point1Y;
        return out;
      }
      out.hit = true;
      out.fraction = t;
      out.normalX = distance.normalX;
      out.normalY = distance.normalY;
      out.pointX = distance.pointAX;
      out.pointY = distance.pointAY;
      return out;
    }
    // The fastest the gap across the current separating plane can close.
    const closing = -(vx * distance.normalX + vy * distance.normalY) + spin;
    if (!(closing > 0)) return out;
    t += (d - 0.5 * tolerance) / closing;
    if (t > tMax) return out;
  }
  out.converged = false;
  out.fraction = t;
  return out;
}
