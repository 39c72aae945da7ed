// Independent, deliberately plain references for ray casts, shape casts (sweeps) and time of
// impact. Like ./reference.ts, which they build on, they never import core/: every answer comes
// from the reference signed distance, searched numerically.
//
// - Ray: f(t) = signed distance from from + t·(to − from) to the shape. A signed distance to a
//   convex set is convex along any line, so a ternary search finds its minimum on [0, maxFraction]
//   and bisection on [0, tmin] finds the first t with f(t) ≤ 0 (the entry point).
// - Sweep: D(t) = signed distance of A and B translated by t·(tx, ty). The Minkowski difference
//   only shifts with t, so D is again a point's signed distance to a fixed convex set along a
//   line: convex, searched the same way.
// - Time of impact (translation and rotation): D(t) is no longer convex, but it is Lipschitz, with
//   a constant L the test computes by hand (relative speed plus angular speed times reach). A grid
//   of samples, refined by bisection wherever (D(a) + D(b)) / 2 − L·(b − a) / 2 ≤ 0 (where a root
//   cannot be ruled out), finds the first root with nothing skipped between samples.
import { convexHull, coreRadius, signedDistance, signedDistanceToHull, worldCore, type RefPoint, type RefShape } from "./reference";

type P = [number, number];

/** The result of a first-root search of f on [0, end]. */
export interface RootSearch {
  /** f(0): ≤ 0 means the cast starts inside (ray) or overlapping (pair). */
  readonly start: number;
  /** f at the end of the interval. */
  readonly end: number;
  /** The least value of f found on [0, end] (the exact minimum for convex f), and where. */
  readonly min: number;
  readonly tMin: number;
  /** The first t with f(t) ≤ 0, or null when f stays positive; 0 when it starts ≤ 0. */
  readonly root: number | null;
}

/** Minimum of a convex function on [lo, hi] by ternary search (90 steps: (2/3)^90 ≈ 1e-16). */
export function convexMinimum(f: (t: number) => number, lo: number, hi: number): { t: number; value: number } {
  let a = lo, b = hi;
  for (let i = 0; i < 90; i++) {
    const m1 = a + (b - a) / 3;
    const m2 = b - (b - a) / 3;
    if (f(m1) <= f(m2)) b = m2;
    else a = m1;
  }
  let best = { t: (a + b) / 2, value: f((a + b) / 2) };
  for (const t of [lo, hi]) {
    const v = f(t);
    if (v < best.value) best = { t, value: v };
  }
  return best;
}

/** Given f(lo) > 0 ≥ f(hi): the smallest t (to the last bit) found with f(t) ≤ 0. */
export function bisectRoot(f: (t: number) => number, lo: number, hi: number): number {
  let a = lo, b = hi;
  for (let i = 0; i < 200; i++) {
    const m = (a + b) / 2;
    if (m <= a || m >= b) break;
    if (f(m) <= 0) b = m;
    else a = m;
  }
  return b;
}

/** First root of a convex f on [0, end]. */
export function firstRootConvex(f: (t: number) => number, end: number): RootSearch {
  const start = f(0);
  const last = f(end);
  const { t: tMin, value: min } = convexMinimum(f, 0, end);
  if (start <= 0) return { start, end: last, min, tMin, root: 0 };
  if (min > 0) return { start, end: last, min, tMin, root: null };
  return { start, end: last, min, tMin, root: bisectRoot(f, 0, tMin) };
}

/** The signed distance from a world point to the shape, with the hull built once. */
export function pointDistanceTo(shape: RefShape): (p: RefPoint) => number {
  const hull = convexHull(worldCore(shape));
  const r = coreRadius(shape);
  return (p) => signedDistanceToHull([p[0], p[1]], hull) - r;
}

/** The reference ray cast: the first t in [0, maxFraction] where from + t·(to − from) is in the shape. */
export function refRayCast(shape: RefShape, from: RefPoint, to: RefPoint, maxFraction = 1): RootSearch {
  const sd = pointDistanceTo(shape);
  const dx = to[0] - from[0], dy = to[1] - from[1];
  return firstRootConvex((t) => sd([from[0] + t * dx, from[1] + t * dy]), maxFraction);
}

/**
 * D(t) = signedDistance(a, b moved by t·(tx, ty)), from the Minkowski difference built once:
 * coreB + t·T − coreA contains the origin exactly when its hull contains −t·T.
 */
export function sweepDistance(a: RefShape, b: RefShape, tx: number, ty: number): (t: number) => number {
  const pa = worldCore(a);
  const pb = worldCore(b);
  const diff: P[] = [];
  for (const q of pb) for (const p of pa) diff.push([q[0] - p[0], q[1] - p[1]]);
  const hull = convexHull(diff);
  const r = coreRadius(a) + coreRadius(b);
  return (t) => signedDistanceToHull([-t * tx, -t * ty], hull) - r;
}

/** The reference shape cast: the first fraction of (tx, ty) at which B, moving, touches A. */
export function refShapeCast(a: RefShape, b: RefShape, tx: number, ty: number, maxFraction = 1): RootSearch {
  return firstRootConvex(sweepDistance(a, b, tx, ty), maxFraction);
}

/** The shape's support value in direction (nx, ny): the largest n·p over its points. */
export function support(shape: RefShape, nx: number, ny: number): number {
  let best = -Infinity;
  for (const p of worldCore(shape)) best = Math.max(best, p[0] * nx + p[1] * ny);
  return best + coreRadius(shape) * Math.hypot(nx, ny);
}

/** Central-difference gradient of a point function at p, with step h. */
export function gradient(f: (p: RefPoint) => number, p: RefPoint, h: number): P {
  return [(f([p[0] + h, p[1]]) - f([p[0] - h, p[1]])) / (2 * h), (f([p[0], p[1] + h]) - f([p[0], p[1] - h])) / (2 * h)];
}

/** The farthest any point of the shape is from its own (x, y): how far a turn about it can swing a point. */
export function reachOf(shape: RefShape): number {
  let best = 0;
  for (const p of worldCore(shape)) best = Math.max(best, Math.hypot(p[0] - shape.x, p[1] - shape.y));
  return best + coreRadius(shape);
}

/** A pose in a rigid motion: position and turn in radians (the transforms' sense). */
export interface RefPose {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
}

/** Linear motion from pose p to pose q, about the shape's own (x, y). */
export const lerpPose = (p: RefPose, q: RefPose, t: number): RefPose => ({
  x: p.x + t * (q.x - p.x),
  y: p.y + t * (q.y - p.y),
  angle: p.angle + t * (q.angle - p.angle),
});

/** `shape` (its own rotation taken as the local frame) placed at a pose. */
export function posed<S extends RefShape>(shape: S, pose: RefPose): S {
  return { ...shape, x: pose.x, y: pose.y, rotation: (shape.rotation ?? 0) + (pose.angle * 180) / Math.PI };
}

export interface LipschitzSearch {
  /** The first t with D(t) ≤ 0 (to about `width`), or null: D > 0 on all of [0, end], proven. */
  readonly root: number | null;
  /** The least D seen on the grid (and in refinements before the root). */
  readonly minSeen: number;
  /** The search ran out of evaluations: neither answer is proven. */
  readonly undecided: boolean;
  readonly evaluations: number;
}

/**
 * First root of D on [0, end], where |D(s) − D(t)| ≤ L·|s − t|: a grid of `samples` steps, and
 * bisection of any step where a root cannot be ruled out (D(a) + D(b) ≤ L·(b − a)), leftmost first.
 */
export function firstRootLipschitz(D: (t: number) => number, L: number, end: number, samples = 256, width = 1e-12, budget = 60_000): LipschitzSearch {
  let evaluations = 0;
  let minSeen = Infinity;
  let exhausted = false;
  const at = (t: number) => {
    evaluations++;
    const v = D(t);
    if (v < minSeen) minSeen = v;
    return v;
  };
  const search = (a: number, fa: number, b: number, fb: number): number | null => {
    if (fa <= 0) return a;
    if (fa + fb > L * (b - a)) return null; // D ≥ (fa + fb − L·(b − a)) / 2 > 0 on [a, b]
    if (b - a <= width) return fb <= 0 ? b : a + (b - a) / 2; // within L·width of touching
    if (evaluations > budget) {
      exhausted = true;
      return null;
    }
    const m = a + (b - a) / 2;
    const fm = at(m);
    return search(a, fa, m, fm) ?? search(m, fm, b, fb);
  };
  let prev = at(0);
  if (prev <= 0) return { root: 0, minSeen, undecided: false, evaluations };
  for (let i = 1; i <= samples; i++) {
    const a = (end * (i - 1)) / samples, b = (end * i) / samples;
    const cur = at(b);
    const r = search(a, prev, b, cur);
    if (exhausted) return { root: null, minSeen, undecided: true, evaluations };
    if (r !== null) return { root: r, minSeen, undecided: false, evaluations };
    prev = cur;
  }
  return { root: null, minSeen, undecided: false, evaluations };
}

/** D(t) for two shapes moving between poses (each turning about its own (x, y)). */
export function motionDistance(a: RefShape, a1: RefPose, a2: RefPose, b: RefShape, b1: RefPose, b2: RefPose): (t: number) => number {
  return (t) => signedDistance(posed(a, lerpPose(a1, a2, t)), posed(b, lerpPose(b1, b2, t)));
}

/** A Lipschitz constant of motionDistance: relative speed plus each angular speed times its reach. */
export function motionLipschitz(a: RefShape, a1: RefPose, a2: RefPose, b: RefShape, b1: RefPose, b2: RefPose): number {
  const v = Math.hypot(b2.x - b1.x - (a2.x - a1.x), b2.y - b1.y - (a2.y - a1.y));
  return v + Math.abs(a2.angle - a1.angle) * reachOf(a) + Math.abs(b2.angle - b1.angle) * reachOf(b);
}
