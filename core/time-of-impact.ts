// Time of impact for two shapes that both translate and rotate over a step (Box2D's
// b2TimeOfImpact, by conservative advancement as in Mirtich's thesis and Catto's GDC 2013 talk):
// at the current time, the closest points give a separating plane and the gap d across it; no
// point of A or B can approach that plane faster than (relative linear velocity along the normal)
// plus (angular speed × distance from its centre of rotation), so advancing by d / that bound
// never passes through contact. No tunnelling, whatever the speeds.
import { gjkDistance, GjkResult } from "./distance";
import { collide, Manifold } from "./manifold";
import { CastOutput } from "./raycast";
import { coreCount, DistanceOutput, placeCore, shapeDistance } from "./shape-distance";
import { kernelCos, kernelSin, KERNEL_LIMIT } from "./sincos";
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
const gjk = new GjkResult();
// The cores in their own frames, and placed at the current time (relative to sweep A's start).
let localA = new Float64Array(16), localB = new Float64Array(16), placedA = new Float64Array(16), placedB = new Float64Array(16);

/** cos and sin of each sweep's start angle, set once per call (A at 0–1, B at 2–3). */
const startTurn = new Float64Array(4);

/**
 * Places local core points at the pose of `sweep` at t, relative to (ox, oy). The rotation is the
 * start one (startTurn at `turn`) composed with a turn by t·Δangle, whose cosine and sine come from
 * the small-angle kernels when it is within π/4 (every step of a usual sweep): the same pose as
 * poseAt to an ulp, without two library calls per shape and step.
 */
function place(sweep: Sweep, turn: number, t: number, ox: number, oy: number, local: Float64Array, n: number, out: Float64Array): void {
  const phi = t * (sweep.angle2 - sweep.angle1);
  let c: number, s: number;
  if (phi <= KERNEL_LIMIT && phi >= -KERNEL_LIMIT) {
    const cp = kernelCos(phi), sp = kernelSin(phi), c1 = startTurn[turn]!, s1 = startTurn[turn + 1]!;
    c = c1 * cp - s1 * sp;
    s = s1 * cp + c1 * sp;
  } else {
    const angle = sweep.angle1 + phi;
    c = Math.cos(angle);
    s = Math.sin(angle);
  }
  const cx = sweep.x1 + t * (sweep.x2 - sweep.x1), cy = sweep.y1 + t * (sweep.y2 - sweep.y1);
  const px = cx - (c * sweep.localCenterX - s * sweep.localCenterY) - ox;
  const py = cy - (s * sweep.localCenterX + c * sweep.localCenterY) - oy;
  for (let i = 0; i < 2 * n; i += 2) {
    const x = local[i]!, y = local[i + 1]!;
    out[i] = c * x - s * y + px;
    out[i + 1] = s * x + c * y + py;
  }
}

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
  // (Square roots, not Math.hypot: a builtin call that boxes its arguments, three per query.)
  const reachA = a.bound - a.radius + Math.sqrt(sweepA.localCenterX * sweepA.localCenterX + sweepA.localCenterY * sweepA.localCenterY);
  const reachB = b.bound - b.radius + Math.sqrt(sweepB.localCenterX * sweepB.localCenterX + sweepB.localCenterY * sweepB.localCenterY);
  const vx = sweepB.x2 - sweepB.x1 - (sweepA.x2 - sweepA.x1), vy = sweepB.y2 - sweepB.y1 - (sweepA.y2 - sweepA.y1);
  const spin = Math.abs(sweepA.angle2 - sweepA.angle1) * reachA + Math.abs(sweepB.angle2 - sweepB.angle1) * reachB;
  // No point moves faster than this (per unit of t).
  const closingBound = Math.sqrt(vx * vx + vy * vy) + spin;
  const scale = a.extent + b.extent + Math.abs(vx) + Math.abs(vy) + spin;
  const position = Math.abs(sweepA.x1) + Math.abs(sweepA.y1) + Math.abs(sweepB.x1) + Math.abs(sweepB.y1);
  const tolerance = 1e-9 * scale + 1e-14 * position;
  const needA = 2 * coreCount(a), needB = 2 * coreCount(b);
  if (localA.length < needA) { localA = new Float64Array(needA); placedA = new Float64Array(needA); }
  if (localB.length < needB) { localB = new Float64Array(needB); placedB = new Float64Array(needB); }
  const countA = placeCore(a, 1, 0, 0, 0, localA), countB = placeCore(b, 1, 0, 0, 0, localB);
  const radius = a.radius + b.radius, ox = sweepA.x1, oy = sweepA.y1;
  startTurn[0] = Math.cos(sweepA.angle1); startTurn[1] = Math.sin(sweepA.angle1);
  startTurn[2] = Math.cos(sweepB.angle1); startTurn[3] = Math.sin(sweepB.angle1);
  let t = 0;
  for (let iter = 0; iter < TOI_MAX_ITERATIONS; iter++) {
    // The cores at time t, near the origin for precision; GJK starts from the last step's simplex.
    place(sweepA, 0, t, ox, oy, localA, countA, placedA);
    place(sweepB, 2, t, ox, oy, localB, countB, placedB);
    gjkDistance(placedA, countA, placedB, countB, gjk, iter > 0, true);
    out.iterations = iter + 1;
    const core = gjk.distance, d = core - radius;
    if (d <= tolerance || gjk.simplexCount === 3) {
      if (iter > 0 && d > 0 && gjk.simplexCount !== 3) {
        // Apart by a sliver, as almost every hit ends: this step's closest points already give the
        // normal and the point on A (cores placed relative to A's start), as shapeDistance at
        // the same poses would, for a third of the query's time.
        const nx = (gjk.pointBX - gjk.pointAX) / core, ny = (gjk.pointBY - gjk.pointAY) / core;
        return out.setHit(t, nx, ny, gjk.pointAX + a.radius * nx + ox, gjk.pointAY + a.radius * ny + oy);
      }
      poseAt(sweepA, t, xfA);
      poseAt(sweepB, t, xfB);
      shapeDistance(a, xfA, b, xfB, distance);
      if (distance.normalX === 0 && distance.normalY === 0) {
        // Cores touching have no closest-point direction: take it from a moment earlier or
        // later (the sweeps extend both ways), whichever has them apart. Regression: two boxes
        // touching at the start were reported with a zero normal.
        const step = (4 * tolerance) / Math.max(closingBound, 1e-300);
        for (const when of [t - step, t + step]) {
          poseAt(sweepA, when, xfA);
          poseAt(sweepB, when, xfB);
          shapeDistance(a, xfA, b, xfB, distance);
          if (distance.normalX !== 0 || distance.normalY !== 0) break;
        }
        poseAt(sweepA, t, xfA);
        poseAt(sweepB, t, xfB);
      }
      if (iter === 0 && collide(a, xfA, b, xfB, manifold).pointCount > 0) return out.setStartedInside(manifold);
      return out.setHit(t, distance.normalX, distance.normalY, distance.pointAX, distance.pointAY);
    }
    // The fastest the gap across the current separating plane can close.
    const nx = (gjk.pointBX - gjk.pointAX) / core, ny = (gjk.pointBY - gjk.pointAY) / core;
    const closing = -(vx * nx + vy * ny) + spin;
    if (!(closing > 0)) return out;
    t += (d - 0.5 * tolerance) / closing;
    if (t > tMax) return out;
  }
  out.converged = false;
  out.fraction = t;
  return out;
}
