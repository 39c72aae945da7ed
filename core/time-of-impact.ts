// Time of impact for two shapes that both translate and rotate over a step (Box2D's
// b2TimeOfImpact, by conservative advancement as in Mirtich's thesis and Catto's GDC 2013 talk):
// at the current time, the closest points give a separating plane and the gap d across it; no
// point of A or B can approach that plane faster than (relative linear velocity along the normal)
// plus (angular speed × distance from its centre of rotation), so advancing by d / that bound
// never passes through contact. No tunnelling, whatever the speeds. That bound alone converges
// linearly; near contact a second, safe step comes from a Taylor bound on the gap along a normal
// turning with the closest face (each point's height, rate and acceleration, less a bound on the
// third derivative), which converges at least quadratically. The search starts where the shapes'
// bounding circles meet: no contact can come earlier.
import { gjkDistance, GjkResult } from "./distance";
import { collide, Manifold } from "./manifold";
import { CastOutput } from "./raycast";
import { circlesMeet } from "./shape-cast";
import { coreCount, DistanceOutput, placeCore, shapeDistance } from "./shape-distance";
import { kernelSinCos, KERNEL_LIMIT } from "./sincos";
import { partsFace } from "./one-sided";
import { PartWalk } from "./part-tree";
import { COMPOUND, partCount, partInWorld, partsReach, partTree, POLYGON, type ShapeGeometry, type Transform } from "./shapes";

/**
 * Motion of a shape over a step, as Box2D's b2Sweep: its centre of rotation (localCenter, in the
 * shape's frame) moves in a straight line from (x1, y1) to (x2, y2) while the shape turns from
 * angle1 to angle2 (radians, the same sense as the transforms' rotation).
 */
export interface Sweep {
  /** The x of the centre of rotation in the shape's own frame (0 from sweepOf: its origin). */
  readonly localCenterX: number;
  /** The y of the centre of rotation in the shape's own frame (0 from sweepOf). */
  readonly localCenterY: number;
  /** The world x of the centre of rotation at the start (t = 0). */
  readonly x1: number;
  /** The world y of the centre of rotation at the start. */
  readonly y1: number;
  /** The shape's rotation at the start, in radians (not degrees). */
  readonly angle1: number;
  /** The world x of the centre of rotation at the end (t = 1): an absolute position, not a translation. */
  readonly x2: number;
  /** The world y of the centre of rotation at the end. */
  readonly y2: number;
  /** The shape's rotation at the end, in radians. */
  readonly angle2: number;
}

/** A sweep that turns about the shape's own origin: from pose (x1, y1, angle1) to (x2, y2, angle2). */
export function sweepOf(x1: number, y1: number, angle1: number, x2: number, y2: number, angle2: number): Sweep {
  return { localCenterX: 0, localCenterY: 0, x1, y1, angle1, x2, y2, angle2 };
}

/** Conservative-advancement steps before reporting failure (a lower bound is still returned). */
export const TOI_MAX_ITERATIONS = 4096;

/**
 * What timeOfImpact writes: a CastOutput's fields (`fraction` is the time in [0, tMax]),
 * `converged`, and the tolerance it used. A game keeps one and passes it as `out`.
 */
export class TimeOfImpactOutput extends CastOutput {
  /** False when the step limit was reached first: `fraction` is then a safe time with no contact before it. */
  converged = true;
  /**
   * How close counted as contact in this query (world units): the `tolerance` asked for times the
   * pair's scale (both shapes' extents plus how far they move and turn over the step), plus the
   * rounding of their positions. A hit is this close or closer at `fraction`, never overlapping.
   */
  tolerance = 0;
}

/**
 * timeOfImpact's default tolerance: contact to a billionth of the pair's scale. A looser one ends
 * sooner (Box2D stops within its linear slop, 0.005 m on metre-sized bodies: about 1e-3).
 */
export const TOI_TOLERANCE = 1e-9;

const xfA = { px: 0, py: 0, c: 1, s: 0 }, xfB = { px: 0, py: 0, c: 1, s: 0 };
const distance = new DistanceOutput();
const manifold = new Manifold();
const gjk = new GjkResult();
// The cores in their own frames, and placed at the current time (relative to sweep A's start).
let localA = new Float64Array(16), localB = new Float64Array(16), placedA = new Float64Array(16), placedB = new Float64Array(16);

/**
 * cos and sin of each sweep's start angle, set once per call (A at 0–1, B at 2–3), and at 4–5 the
 * turn since the start that place composes with them. timeOfImpact's scratch, passed to place.
 */
const startTurn = new Float64Array(6);

// Per core point at the current time, three numbers: its height along the separating normal
// (seen from the frame), that height's rate of change, and its acceleration, clamped to the
// side that keeps the bound below concave (at most 0 for B's points, at least 0 for A's).
let motionA = new Float64Array(24), motionB = new Float64Array(24);
/**
 * The step's numbers, timeOfImpact's scratch passed to the functions below (`io`): in [0] the
 * jerk bound, [1] level, [2] longest step, and out [0] the step, for curveStep; rates and
 * stillHeights leave B's lowest height and its rate in [4] and [5], A's highest and its rate in
 * [6] and [7] (the bound at τ = 0 and its slope, without another pass).
 */
const stepIO = new Float64Array(8);

/**
 * A lower bound on the cores' gap along the frame's normal after τ more (motions filled at the
 * current time): every point of B at least its second-order Taylor line, every point of A at most
 * its own, less the remainder (each height's third derivative is at most `jerk` in size, shared
 * between the two sides). Accelerations clamped as above only lower it further. The distance is at
 * least the gap along any axis, so this bounds it from below; it is concave in τ ≥ 0 (least of
 * concave parabolas, minus greatest of convex ones, minus a cubic).
 */
function gapBound(motionA: Float64Array, countA: number, motionB: Float64Array, countB: number, io: Float64Array, jerk: number, tau: number): number {
  // A side with no points listed stands still in the frame: its extreme height at τ = 0 holds.
  let low = countB > 0 ? Infinity : io[4]!, high = countA > 0 ? -Infinity : io[6]!;
  for (let i = 0; i < 3 * countB; i += 3) {
    const h = motionB[i]! + tau * (motionB[i + 1]! + 0.5 * tau * motionB[i + 2]!);
    if (h < low) low = h;
  }
  for (let i = 0; i < 3 * countA; i += 3) {
    const h = motionA[i]! + tau * (motionA[i + 1]! + 0.5 * tau * motionA[i + 2]!);
    if (h > high) high = h;
  }
  return low - high - (jerk * tau * tau * tau) / 6;
}

/**
 * A step in [0, longest] at or before the first root of gapBound − level, from one tangent and
 * one chord: the tangent at 0 lies over the concave bound, so its root is at or after the bound's;
 * the chord from 0 to there lies under it, so the chord's root is at or before the bound's, which
 * is at or before contact. Near contact the bound is nearly a line and exact to second order, so
 * advancing by this step converges quadratically where the spin bound alone converges linearly.
 * One pass over the cores (rates gave the bound at 0). Reads and writes `io` (stepIO).
 */
function curveStep(motionA: Float64Array, countA: number, motionB: Float64Array, countB: number, io: Float64Array): void {
  const jerk = io[0]!, level = io[1]!, longest = io[2]!;
  // At τ = 0 (any of several tied points' rates gives a line over the bound, so a safe tangent).
  const f0 = io[4]! - io[6]! - level, slope = io[5]! - io[7]!;
  io[0] = 0;
  if (!(f0 > 0)) return;
  // Not closing along this axis now: apart at the end of the step too means apart throughout
  // (concave), a miss; otherwise the linear step decides.
  const tn = slope < 0 ? Math.min(f0 / -slope, longest) : longest, fn = gapBound(motionA, countA, motionB, countB, io, jerk, tn) - level;
  // At or above the level at tn: by concavity it stays above over [0, tn], so tn is safe (the
  // whole rest of the step when tn is `longest`).
  io[0] = fn >= 0 ? tn : slope < 0 ? (f0 * tn) / (f0 - fn) : 0;
}

/**
 * The numbers place, rates and stillHeights read (`frame`), set by timeOfImpact per call and
 * step: the current time and the origin the cores are placed about (A's start), and the frame the
 * gap is taken along: the normal (world, A to B), the frame's velocity, turn rate and centre of
 * rotation (relative to the origin). An array rather than arguments: V8 boxes the double
 * arguments of a call it does not inline.
 */
const frame = new Float64Array(10);
const TIME = 0, OX = 1, OY = 2, NX = 3, NY = 4, FVX = 5, FVY = 6, FTURN = 7, FCX = 8, FCY = 9;

/**
 * Places local core points at the pose of `sweep` at the frame's time, relative to its origin.
 * The rotation is the start one (`turns`, startTurn, at `turn`) composed with a turn by t·Δangle, whose
 * cosine and sine come from
 * the small-angle kernels when it is within π/4 (every step of a usual sweep): the same pose as
 * poseAt to an ulp, without two library calls per shape and step.
 */
function place(frame: Float64Array, turns: Float64Array, sweep: Sweep, turn: number, local: Float64Array, n: number, out: Float64Array): void {
  const t = frame[TIME]!, ox = frame[OX]!, oy = frame[OY]!;
  const phi = t * (sweep.angle2 - sweep.angle1);
  let c: number, s: number;
  if (phi <= KERNEL_LIMIT && phi >= -KERNEL_LIMIT) {
    turns[4] = phi;
    kernelSinCos(turns, 4);
    const cp = turns[4]!, sp = turns[5]!, c1 = turns[turn]!, s1 = turns[turn + 1]!;
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

/**
 * For each placed core point of a shape moving by `sweep` (at the frame's time and origin), its
 * motion along the normal seen from the frame (whose normal n turns at ω_F with it): the height
 * h = n·(x − c_F); its rate, the point's velocity from the sweep's motion and turn less the
 * velocity the frame's motion and turn give that point; and its acceleration, which for a shape
 * turning at ω about its centre c moving at v works out to
 *   h'' = −ω_F²·n·(c − c_F) + 2ω_F·n⊥·(v − v_F) − (ω − ω_F)²·n·(x − c)
 * (centripetal and Coriolis terms of the frame, and the turn relative to it), clamped to ≤ 0 for
 * B (`upper` false) and ≥ 0 for A: a point curving away is only assumed not to.
 */
function rates(frame: Float64Array, sweep: Sweep, placed: Float64Array, n: number, motion: Float64Array, upper: boolean, io: Float64Array): void {
  const ox = frame[OX]!, oy = frame[OY]!, nx = frame[NX]!, ny = frame[NY]!, t = frame[TIME]!, turn = sweep.angle2 - sweep.angle1, frameTurn = frame[FTURN]!;
  const cx = sweep.x1 + t * (sweep.x2 - sweep.x1) - ox, cy = sweep.y1 + t * (sweep.y2 - sweep.y1) - oy;
  const rvx = sweep.x2 - sweep.x1 - frame[FVX]!, rvy = sweep.y2 - sweep.y1 - frame[FVY]!;
  const along = nx * rvx + ny * rvy;
  const fcx = frame[FCX]!, fcy = frame[FCY]!;
  const relTurn = turn - frameTurn, spin2 = relTurn * relTurn, centre = nx * cx + ny * cy;
  const common = -frameTurn * frameTurn * (centre - nx * fcx - ny * fcy) + 2 * frameTurn * (nx * rvy - ny * rvx);
  // The rate is along + a·x + b·y and the acceleration common − spin2·(h − centre) per point.
  const ra = turn * ny - frameTurn * ny, rb = frameTurn * nx - turn * nx;
  const r0 = along - turn * (ny * cx - nx * cy) + frameTurn * (ny * fcx - nx * fcy), a0 = common + spin2 * centre;
  // A's points keep the highest (accelerations at least 0), B's the lowest (at most 0).
  const sign = upper ? -1 : 1;
  let extreme = Infinity, extremeRise = 0;
  for (let i = 0, j = 0; i < 2 * n; i += 2, j += 3) {
    const x = placed[i]!, y = placed[i + 1]!, h = nx * x + ny * y, rise = r0 + ra * x + rb * y, acc = sign * (a0 - spin2 * h);
    motion[j] = h;
    motion[j + 1] = rise;
    motion[j + 2] = sign * (acc < 0 ? acc : 0);
    if (sign * h < extreme) { extreme = sign * h; extremeRise = rise; }
  }
  const slot = upper ? 6 : 4;
  io[slot] = sign * extreme;
  io[slot + 1] = extremeRise;
}

/**
 * For the shape whose face turns the frame: its points stand still in the frame (rate and
 * acceleration exactly 0, as rates would find), so only its extreme height is kept, as rates
 * keeps it (A's highest, B's lowest), and the bound reads that instead of a pass over its points.
 */
function stillHeights(frame: Float64Array, placed: Float64Array, n: number, upper: boolean, io: Float64Array): void {
  const nx = frame[NX]!, ny = frame[NY]!, sign = upper ? -1 : 1;
  let extreme = Infinity;
  for (let i = 0; i < 2 * n; i += 2) {
    const h = sign * (nx * placed[i]! + ny * placed[i + 1]!);
    if (h < extreme) extreme = h;
  }
  const slot = upper ? 6 : 4;
  io[slot] = sign * extreme;
  io[slot + 1] = 0;
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

/** A near-contact step as a test sees it: see watchTimeOfImpactSteps. */
export type BoundWatch = (t: number, nx: number, ny: number, turning: 0 | 1 | 2, bound: (tau: number) => number) => void;
let boundWatch: BoundWatch | null = null;

/**
 * For tests: `watch` is called at every near-contact step of timeOfImpact with the step's time,
 * its unit normal, the frame the normal turns with (0 none, 1 A's, 2 B's) and `bound(τ)`, the
 * lower bound the step puts on the cores' gap along that turning normal τ later. The step is safe
 * only if the bound never exceeds the true gap; null stops watching. `bound` reads the search's
 * live state: call it inside `watch`, not after it returns.
 */
export function watchTimeOfImpactSteps(watch: BoundWatch | null): void {
  boundWatch = watch;
}

// Apart from timeOfImpact: a closure there would move the locals it reads into a heap context
// for every call, watched or not.
function watchStep(watch: BoundWatch, t: number, nx: number, ny: number, turning: 0 | 1 | 2, countA: number, countB: number, jerk: number): void {
  watch(t, nx, ny, turning, (tau) => gapBound(motionA, countA, motionB, countB, stepIO, jerk, tau));
}

/**
 * The first time in [0, tMax] at which A and B, moving by their sweeps, touch. The result's
 * point is on A's surface and its normal points out of A (towards B), at that time. A pair
 * overlapping at t = 0 is reported at 0 with `startedInside`. `tolerance` (1e-12 to 0.01, as a
 * fraction of the pair's scale; out.tolerance gives it in world units) is how close counts as
 * touching: the reported time is never after the first contact, and the shapes are within it there.
 */
export function timeOfImpact(a: ShapeGeometry, sweepA: Sweep, b: ShapeGeometry, sweepB: Sweep, out: TimeOfImpactOutput = new TimeOfImpactOutput(), tMax = 1, tolerance = TOI_TOLERANCE): TimeOfImpactOutput {
  if (a.kind === COMPOUND || b.kind === COMPOUND) return compoundTimeOfImpact(a, sweepA, b, sweepB, out, tMax, tolerance);
  // Below 1e-12 rounding could keep the steps from ever settling; above 0.01 it is no contact.
  if (!(tolerance >= 1e-12 && tolerance <= 0.01)) throw new RangeError(`timeOfImpact: tolerance must be from 1e-12 to 0.01 (got ${tolerance})`);
  out.hit = false;
  out.startedInside = false;
  out.converged = true;
  out.iterations = 0;
  // How far the core reaches from the centre of rotation (bound about the origin, less the radius,
  // plus the offset): turning moves the core only, since a rounded shape's support along a fixed
  // direction is its core's plus the radius. A circle turning about its centre does not move.
  // (Square roots, not Math.hypot: a builtin call that boxes its arguments.)
  const reachA = a.bound - a.radius + Math.sqrt(sweepA.localCenterX * sweepA.localCenterX + sweepA.localCenterY * sweepA.localCenterY);
  const reachB = b.bound - b.radius + Math.sqrt(sweepB.localCenterX * sweepB.localCenterX + sweepB.localCenterY * sweepB.localCenterY);
  const vx = sweepB.x2 - sweepB.x1 - (sweepA.x2 - sweepA.x1), vy = sweepB.y2 - sweepB.y1 - (sweepA.y2 - sweepA.y1);
  const spin = Math.abs(sweepA.angle2 - sweepA.angle1) * reachA + Math.abs(sweepB.angle2 - sweepB.angle1) * reachB;
  // No point moves faster than this (per unit of t).
  const speed = Math.sqrt(vx * vx + vy * vy), closingBound = speed + spin;
  const scale = a.extent + b.extent + Math.abs(vx) + Math.abs(vy) + spin;
  const position = Math.abs(sweepA.x1) + Math.abs(sweepA.y1) + Math.abs(sweepB.x1) + Math.abs(sweepB.y1);
  const contact = tolerance * scale + 1e-14 * position;
  out.tolerance = contact;
  // Each shape stays inside a circle about its centre of rotation (turning leaves it where it
  // is), so there is no contact before those circles meet: none at all if they never do, and the
  // search starts where they do (a step or two saved on most hits).
  const enter = circlesMeet(sweepB.x1 - sweepA.x1, sweepB.y1 - sweepA.y1, vx, vy, reachA + a.radius + reachB + b.radius + 2 * contact, tMax);
  if (enter === Infinity) return out;
  const needA = 2 * coreCount(a), needB = 2 * coreCount(b);
  if (localA.length < needA) { localA = new Float64Array(needA); placedA = new Float64Array(needA); }
  if (localB.length < needB) { localB = new Float64Array(needB); placedB = new Float64Array(needB); }
  if (motionA.length < 1.5 * needA) motionA = new Float64Array(1.5 * needA);
  if (motionB.length < 1.5 * needB) motionB = new Float64Array(1.5 * needB);
  // The cores in their own frames: a polygon's vertices as they are, a capsule's ends or a
  // circle's centre written out.
  const coreA = a.kind === POLYGON ? a.vertices : localA, coreB = b.kind === POLYGON ? b.vertices : localB;
  const countA = a.kind === POLYGON ? a.count : placeCore(a, 1, 0, 0, 0, localA);
  const countB = b.kind === POLYGON ? b.count : placeCore(b, 1, 0, 0, 0, localB);
  const radius = a.radius + b.radius, ox = sweepA.x1, oy = sweepA.y1;
  frame[OX] = ox; frame[OY] = oy;
  // The centres of rotation: B's less A's at the start (it changes by (vx, vy) per unit of t).
  const cwx = sweepB.x1 - sweepA.x1, cwy = sweepB.y1 - sweepA.y1;
  startTurn[0] = Math.cos(sweepA.angle1); startTurn[1] = Math.sin(sweepA.angle1);
  startTurn[2] = Math.cos(sweepB.angle1); startTurn[3] = Math.sin(sweepB.angle1);
  let t = enter;
  // Closer than this, steps take the third-order bound too (it costs two passes over both
  // cores, which pay once the linear steps start to crawl).
  const near = 0.1 * (a.extent + b.extent);
  const stillA = sweepA.x1 === sweepA.x2 && sweepA.y1 === sweepA.y2 && sweepA.angle1 === sweepA.angle2;
  const stillB = sweepB.x1 === sweepB.x2 && sweepB.y1 === sweepB.y2 && sweepB.angle1 === sweepB.angle2;
  for (let iter = 0; iter < TOI_MAX_ITERATIONS; iter++) {
    // The cores at time t, near the origin for precision; GJK starts from the last step's simplex.
    frame[TIME] = t;
    // A shape that does not move (a static obstacle, the usual A) is placed once.
    if (iter === 0 || !stillA) place(frame, startTurn, sweepA, 0, coreA, countA, placedA);
    if (iter === 0 || !stillB) place(frame, startTurn, sweepB, 2, coreB, countB, placedB);
    gjkDistance(placedA, countA, placedB, countB, gjk, iter > 0, true);
    out.iterations = iter + 1;
    const core = gjk.distance, d = core - radius;
    if (d <= contact || gjk.simplexCount === 3) {
      if (t > 0 && d > 0 && gjk.simplexCount !== 3) {
        // Apart by a sliver, as almost every hit ends: this step's closest points already give the
        // normal and the point on A (cores placed relative to A's start), as shapeDistance at
        // the same poses would, with no second distance query.
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
        const step = (4 * contact) / Math.max(closingBound, 1e-300);
        for (const when of [t - step, t + step]) {
          poseAt(sweepA, when, xfA);
          poseAt(sweepB, when, xfB);
          shapeDistance(a, xfA, b, xfB, distance);
          if (distance.normalX !== 0 || distance.normalY !== 0) break;
        }
        poseAt(sweepA, t, xfA);
        poseAt(sweepB, t, xfB);
      }
      if (t === 0 && collide(a, xfA, b, xfB, manifold).pointCount > 0) return out.setStartedInside(manifold);
      return out.setHit(t, distance.normalX, distance.normalY, distance.pointAX, distance.pointAY);
    }
    // The fastest the gap across the current separating plane can close.
    const nx = (gjk.pointBX - gjk.pointAX) / core, ny = (gjk.pointBY - gjk.pointAY) / core;
    const closing = -(vx * nx + vy * ny) + spin;
    if (!(closing > 0)) return out;
    // Two safe steps, the longer taken: the gap over the fastest closing (first order, better
    // far away with fast turns), and one from the third-order bound.
    const linear = (d - 0.5 * contact) / closing;
    if (d > near) {
      t += linear;
      if (t > tMax) return out;
      continue;
    }
    // The frame: the shape whose face (an edge of its core) is closest turns the normal with it,
    // so the gap along it stays the distance to second order; for two closest points, the world.
    const faceA = gjk.simplexCount === 2 && gjk.cacheA1 !== gjk.cacheA2;
    const faceB = !faceA && gjk.simplexCount === 2 && gjk.cacheB1 !== gjk.cacheB2;
    const sf = faceA ? sweepA : sweepB, frameTurn = faceA || faceB ? sf.angle2 - sf.angle1 : 0;
    frame[NX] = nx; frame[NY] = ny; frame[FTURN] = frameTurn;
    frame[FVX] = faceA || faceB ? sf.x2 - sf.x1 : 0; frame[FVY] = faceA || faceB ? sf.y2 - sf.y1 : 0;
    frame[FCX] = sf.x1 + t * (sf.x2 - sf.x1) - ox; frame[FCY] = sf.y1 + t * (sf.y2 - sf.y1) - oy;
    if (faceA) stillHeights(frame, placedA, countA, true, stepIO);
    else rates(frame, sweepA, placedA, countA, motionA, true, stepIO);
    if (faceB) stillHeights(frame, placedB, countB, false, stepIO);
    else rates(frame, sweepB, placedB, countB, motionB, false, stepIO);
    const movingA = faceA ? 0 : countA, movingB = faceB ? 0 : countB;
    // Each height's third derivative is at most this: differentiating h'' (see rates), each
    // shape's turn relative to the frame gives |ω − ω_F|³·reach, and the frame's turn acting on
    // the other shape's centre |ω_F|³·|centre offset| (over the rest of the step) plus
    // 3ω_F²·|relative velocity|. The frame's own shape has none of these.
    const turnA = sweepA.angle2 - sweepA.angle1 - frameTurn, turnB = sweepB.angle2 - sweepB.angle1 - frameTurn;
    let jerk = Math.abs(turnA * turnA * turnA) * reachA + Math.abs(turnB * turnB * turnB) * reachB;
    if (frameTurn !== 0) {
      // The centres' offset is farthest at one end of [t, tMax] (its length is convex in time).
      const x0 = cwx + t * vx, y0 = cwy + t * vy, x1 = cwx + tMax * vx, y1 = cwy + tMax * vy;
      const far = Math.sqrt(Math.max(x0 * x0 + y0 * y0, x1 * x1 + y1 * y1));
      jerk += Math.abs(frameTurn * frameTurn * frameTurn) * far + 3 * frameTurn * frameTurn * speed;
    }
    stepIO[0] = jerk;
    if (boundWatch !== null) watchStep(boundWatch, t, nx, ny, faceA ? 1 : faceB ? 2 : 0, movingA, movingB, jerk);
    stepIO[1] = radius + 0.5 * contact;
    stepIO[2] = tMax - t;
    curveStep(motionA, movingA, motionB, movingB, stepIO);
    const curved = stepIO[0]!;
    // The bound clear of contact to the end of the step: a miss.
    if (curved >= tMax - t) return out;
    t += curved > linear ? curved : linear;
    if (t > tMax) return out;
  }
  out.converged = false;
  out.fraction = t;
  return out;
}

const partImpact = new TimeOfImpactOutput();
const startA = { px: 0, py: 0, c: 1, s: 0 }, startB = { px: 0, py: 0, c: 1, s: 0 };
/** compoundTimeOfImpact's scratch: a part's bound circle at the start, then the circle it stays in. */
const circleA = new Float64Array(3), circleB = new Float64Array(3);
/** The relative motion of B's centre against A's (vx, vy), for partsFace. */
const relative = new Float64Array(2);

/**
 * Turns a part's bound circle at the start of its sweep (in `circle`, from partInWorld) into a
 * circle it stays in while the sweep turns it, which then moves with the centre of rotation: the
 * same circle when the sweep does not turn, else one about the centre of rotation. Returns how
 * far the part's points can move by turning (per unit of t).
 */
function turningCircle(sweep: Sweep, circle: Float64Array): number {
  const turn = Math.abs(sweep.angle2 - sweep.angle1);
  if (turn === 0) return 0;
  const reach = Math.sqrt((circle[0]! - sweep.x1) ** 2 + (circle[1]! - sweep.y1) ** 2) + circle[2]!;
  circle[0] = sweep.x1; circle[1] = sweep.y1; circle[2] = reach;
  return turn * reach;
}

/**
 * With a compound side: the first impact over the pairs of parts whose circles (turningCircle) meet
 * on the way. Two chains never meet; a one-sided edge stops only a part whose centroid starts in
 * front of it and which closes on it against its normal, judged at the start of the step
 * (edgeFaces; the edge and the part as placed at t = 0, their centres' relative motion).
 */
function compoundTimeOfImpact(a: ShapeGeometry, sweepA: Sweep, b: ShapeGeometry, sweepB: Sweep, out: TimeOfImpactOutput, tMax: number, tolerance: number): TimeOfImpactOutput {
  if (!(tolerance >= 1e-12 && tolerance <= 0.01)) throw new RangeError(`timeOfImpact: tolerance must be from 1e-12 to 0.01 (got ${tolerance})`);
  out.hit = false;
  out.startedInside = false;
  out.converged = true;
  out.iterations = 0;
  out.tolerance = 0;
  if (a.kind === COMPOUND && b.kind === COMPOUND && !a.solid && !b.solid) return out;
  poseAt(sweepA, 0, startA);
  poseAt(sweepB, 0, startB);
  const vx = sweepB.x2 - sweepB.x1 - (sweepA.x2 - sweepA.x1), vy = sweepB.y2 - sweepB.y1 - (sweepA.y2 - sweepA.y1);
  const oneSidedA = a.kind === COMPOUND && a.oneSided, oneSidedB = b.kind === COMPOUND && b.oneSided;
  const position = Math.abs(sweepA.x1) + Math.abs(sweepA.y1) + Math.abs(sweepB.x1) + Math.abs(sweepB.y1);
  const nA = partCount(a), nB = partCount(b);
  // The walks cull as the pair test below does, with the largest pair's slack. A side that turns
  // is not culled by its tree (every part's circle is then about its centre of rotation). Every
  // circle of a side, turned or not, lies in the circle (x, y, reach) of sideCircle.
  const turnA = Math.abs(sweepA.angle2 - sweepA.angle1), turnB = Math.abs(sweepB.angle2 - sweepB.angle1);
  sideCircle(a, sweepA, startA, turnA, sideA);
  sideCircle(b, sweepB, startB, turnB, sideB);
  const scaleMax = a.extent + b.extent + Math.abs(vx) + Math.abs(vy) + (1 + turnA) * sideA[2]! + (1 + turnB) * sideB[2]!;
  const slackMax = 4 * tolerance * scaleMax + 1e-13 * position, scale = scaleMax + position;
  const ox = sideB[0]! - startA.px, oy = sideB[1]! - startA.py;
  const walkA = toiWalkA.begin(turnA === 0 ? partTree(a) : null, nA, startA.c * ox + startA.s * oy, -startA.s * ox + startA.c * oy, startA.c * vx + startA.s * vy, -startA.s * vx + startA.c * vy, sideB[2]! + slackMax, tMax, scale);
  const treeB = turnB === 0 ? partTree(b) : null;
  relative[0] = vx; relative[1] = vy;
  let best = tMax;
  for (let i = walkA.next(); i >= 0; i = walkA.next()) {
    const pa = partInWorld(a, i, startA, circleA);
    const spinA = turningCircle(sweepA, circleA);
    const wx = circleA[0]! - startB.px, wy = circleA[1]! - startB.py;
    const walkB = toiWalkB.begin(treeB, nB, startB.c * wx + startB.s * wy, -startB.s * wx + startB.c * wy, -(startB.c * vx + startB.s * vy), startB.s * vx - startB.c * vy, circleA[2]! + slackMax, best, scale);
    for (let j = walkB.next(); j >= 0; j = walkB.next()) {
      const pb = partInWorld(b, j, startB, circleB);
      const spinB = turningCircle(sweepB, circleB);
      // Room for the part's own contact tolerance (a fraction of a scale at least this).
      const scale = pa.extent + pb.extent + Math.abs(vx) + Math.abs(vy) + spinA + spinB + circleA[2]! + circleB[2]!;
      const reach = circleA[2]! + circleB[2]! + 4 * tolerance * scale + 1e-13 * position;
      if (circlesMeet(circleB[0]! - circleA[0]!, circleB[1]! - circleA[1]!, vx, vy, reach, best) === Infinity) continue;
      if (!partsFace(oneSidedA, pa, startA, oneSidedB, pb, startB, relative)) continue;
      timeOfImpact(pa, sweepA, pb, sweepB, partImpact, best, tolerance);
      out.iterations += partImpact.iterations;
      out.tolerance = Math.max(out.tolerance, partImpact.tolerance);
      if (!partImpact.converged) out.converged = false;
      if (!partImpact.hit || (out.hit && partImpact.fraction >= best && !partImpact.startedInside)) continue;
      best = partImpact.fraction;
      walkA.tEnd = best;
      walkB.tEnd = best;
      if (out.copyHit(partImpact).startedInside) return out;
    }
  }
  return out;
}

const toiWalkA = new PartWalk(), toiWalkB = new PartWalk();
const sideA = new Float64Array(3), sideB = new Float64Array(3);

/**
 * A circle (x, y, reach) in the world holding every part's circle of `g` as compoundTimeOfImpact
 * tests it: about its origin at the start when the sweep does not turn, else about the centre of
 * rotation (turningCircle), which then holds every turned part's circle.
 */
function sideCircle(g: ShapeGeometry, sweep: Sweep, start: Transform, turn: number, out: Float64Array): void {
  const reach = partsReach(g);
  if (turn === 0) {
    out[0] = start.px; out[1] = start.py; out[2] = reach;
    return;
  }
  out[0] = sweep.x1; out[1] = sweep.y1;
  out[2] = Math.sqrt((start.px - sweep.x1) ** 2 + (start.py - sweep.y1) ** 2) * (1 + 1e-12) + reach;
}
