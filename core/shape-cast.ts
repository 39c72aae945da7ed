// Shape casts (sweeps): shape B translated by a vector against a fixed shape A, for every pair of
// kinds. The first time of impact as a fraction of the translation, the contact point and the
// normal out of A. A circle on either side is a ray against the other shape grown by its radius
// (exact, closed form). Other pairs use GJK ray casting on the cores (gjkCast, as Box2D's
// b2ShapeCast): every jump along the motion is bounded by a support plane of B − A, so the cast
// lands at or before the true contact and never tunnels; where rounding keeps it from settling,
// conservative advancement on the exact distance decides. A pair already overlapping at the
// start is reported at fraction 0 with `startedInside`, never missed.
import { CAST_AT_START, CAST_HIT, CAST_MISS, gjkCast, gjkDistance, GjkResult } from "./distance";
import { collide, Manifold } from "./manifold";
import { CastOutput, INSIDE, MISS, rayGeometryLocal, RayHit } from "./raycast";
import { coreCount, DistanceOutput, placeCore, shapeDistance } from "./shape-distance";
import { computeHull } from "./hull";
import { partsFace } from "./one-sided";
import { PartWalk } from "./part-tree";
import { CIRCLE, COMPOUND, partCount, partInWorld, partsMaxRadius, partsReach, partTree, POLYGON, type CircleGeometry, type Geometry, type ShapeGeometry, type Transform } from "./shapes";
import { vec2, type Vec2 } from "./vec2";

/** Conservative-advancement steps before giving up on a grazing contact. */
const MAX_ITERATIONS = 64;

const manifold = new Manifold();
const distance = new DistanceOutput();
const circleHit = new RayHit();
/**
 * shapeCast's scratch for the cast's translation (tx, ty) and maxFraction, handed to the helpers
 * it calls (`motion`): V8 boxes the double arguments of a call it does not inline, and advance is
 * too big to be inlined.
 */
const castMotion = new Float64Array(3);

/**
 * How close counts as contact: a billionth of the pair's size plus rounding of the positions.
 * The reported fraction is within this distance (along the normal) of the exact contact.
 */
function contactTolerance(a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, tx: number, ty: number): number {
  const size = a.extent + b.extent + Math.abs(tx) + Math.abs(ty);
  const position = Math.abs(xfA.px) + Math.abs(xfA.py) + Math.abs(xfB.px) + Math.abs(xfB.py);
  return 1e-9 * size + 1e-14 * position;
}

/**
 * The first time in [0, tMax] at which two circles (radii summing to `radius`) touch while B's
 * centre moves by t·(vx, vy) relative to A's ((wx, wy) apart at t = 0), or Infinity when they
 * stay apart; 0 when they already overlap. Shapes inside those circles cannot touch before it.
 */
export function circlesMeet(wx: number, wy: number, vx: number, vy: number, radius: number, tMax: number): number {
  const gap = wx * wx + wy * wy - radius * radius;
  if (gap <= 0) return 0;
  const wv = wx * vx + wy * vy;
  if (wv >= 0) return Infinity; // not closing
  const disc = wv * wv - (vx * vx + vy * vy) * gap;
  if (disc < 0) return Infinity;
  // The smaller root of |w + t·v|² = radius², in the form that does not cancel.
  const t = gap / (Math.sqrt(disc) - wv);
  return t <= tMax ? t : Infinity;
}

/**
 * Whether two circles (radii summing to `radius`) stay apart while B's centre moves by t·(vx, vy)
 * relative to A's, t in [0, tMax] (circlesMeet finds no time). A cheap early out for casts whose
 * shapes' bounding circles never meet; callers add their contact tolerance to the radius, so what
 * the exact test would call touching never ends here.
 */
export function circlesStayApart(wx: number, wy: number, vx: number, vy: number, radius: number, tMax: number): boolean {
  return circlesMeet(wx, wy, vx, vy, radius, tMax) === Infinity;
}

/**
 * The pair at the start of the cast is overlapping or touching: overlapping is a hit at 0 with
 * `startedInside`; touching is a hit at 0 only when the translation pushes B into A.
 */
function atStart(a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, tx: number, ty: number, out: CastOutput): CastOutput {
  if (collide(a, xfA, b, xfB, manifold).pointCount > 0) return out.setStartedInside(manifold);
  shapeDistance(a, xfA, b, xfB, distance);
  if (distance.normalX === 0 && distance.normalY === 0) {
    // Cores touching (two polygons face to face) have no closest-point direction: measure from a
    // little way back along the path, where they are apart. Regression: two boxes touching and
    // pushed together were reported as a miss, with a zero normal.
    const m = Math.max(Math.abs(tx), Math.abs(ty));
    if (m === 0) return out;
    const back = (4 * contactTolerance(a, xfA, b, xfB, tx, ty)) / m;
    shapeDistance(a, xfA, b, { px: xfB.px - back * tx, py: xfB.py - back * ty, c: xfB.c, s: xfB.s }, distance);
    if (distance.normalX === 0 && distance.normalY === 0) return out;
  }
  if (distance.normalX * tx + distance.normalY * ty < 0) out.setHit(0, distance.normalX, distance.normalY, distance.pointAX, distance.pointAY);
  return out;
}

/**
 * Sweeps B from xfB by (tx, ty) (world units, no rotation) against A at xfA. Fills and returns
 * `out`: fraction in [0, maxFraction], point on A's surface, normal out of A.
 */
export function shapeCast(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, tx: number, ty: number, out: CastOutput = new CastOutput(), maxFraction = 1): CastOutput {
  if (a.kind === COMPOUND || b.kind === COMPOUND) return castCompound(a, xfA, b, xfB, tx, ty, out, maxFraction);
  out.hit = false;
  out.startedInside = false;
  out.iterations = 0;
  const motion = castMotion;
  motion[0] = tx; motion[1] = ty; motion[2] = maxFraction;
  if (b.kind === CIRCLE) return circleAgainst(a, xfA, b, xfB, motion, out, false);
  if (a.kind === CIRCLE) return circleAgainst(b, xfB, a, xfA, motion, out, true);
  return advance(a, xfA, b, xfB, motion, out);
}

const partCast = new CastOutput();
const castWalkA = new PartWalk(), castWalkB = new PartWalk();
/** castCompound's scratch: a part's bound circle in the world (x, y, radius), for A then B. */
const circleA = new Float64Array(3), circleB = new Float64Array(3);

/**
 * A sweep with a compound side: the first contact over the pairs of parts whose bound circles
 * meet on the way. A sweep starting overlapping any part starts inside (fraction 0): for a solid
 * that is starting inside the whole. Two chains never meet; a one-sided edge stops only a part
 * whose centroid starts in front of it and which moves against its normal (edgeFaces).
 */
function castCompound(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, tx: number, ty: number, out: CastOutput, maxFraction: number): CastOutput {
  out.hit = false;
  out.startedInside = false;
  out.iterations = 0;
  if (a.kind === COMPOUND && b.kind === COMPOUND && !a.solid && !b.solid) return out;
  const oneSidedA = a.kind === COMPOUND && a.oneSided, oneSidedB = b.kind === COMPOUND && b.oneSided;
  const nA = partCount(a), nB = partCount(b);
  const position = Math.abs(xfA.px) + Math.abs(xfA.py) + Math.abs(xfB.px) + Math.abs(xfB.py);
  // The walks cull as the pair test below does, with the largest part's slack: A's parts by B's
  // parts' reach about B's origin moving by (tx, ty) in A's frame, and B's by A's part's circle
  // moving by −(tx, ty) in B's frame.
  const motion = Math.abs(tx) + Math.abs(ty), maxA = partsMaxRadius(a), maxB = partsMaxRadius(b);
  const slackMax = 4e-9 * (maxA + maxB + motion) + 4e-14 * position, scale = a.extent + b.extent + motion + position;
  const ox = xfB.px - xfA.px, oy = xfB.py - xfA.py;
  const walkA = castWalkA.begin(partTree(a), nA, xfA.c * ox + xfA.s * oy, -xfA.s * ox + xfA.c * oy, xfA.c * tx + xfA.s * ty, -xfA.s * tx + xfA.c * ty, partsReach(b) + slackMax, maxFraction, scale);
  const treeB = partTree(b);
  let best = maxFraction;
  for (let i = walkA.next(); i >= 0; i = walkA.next()) {
    const pa = partInWorld(a, i, xfA, circleA);
    const wx = circleA[0]! - xfB.px, wy = circleA[1]! - xfB.py;
    const walkB = castWalkB.begin(treeB, nB, xfB.c * wx + xfB.s * wy, -xfB.s * wx + xfB.c * wy, -(xfB.c * tx + xfB.s * ty), xfB.s * tx - xfB.c * ty, circleA[2]! + slackMax, best, scale);
    for (let j = walkB.next(); j >= 0; j = walkB.next()) {
      const pb = partInWorld(b, j, xfB, circleB);
      // Room for the part cast's own contact tolerance, so what it would call touching is not culled.
      const radius = circleA[2]! + circleB[2]!, slack = 4e-9 * (radius + Math.abs(tx) + Math.abs(ty)) + 4e-14 * position;
      if (circlesStayApart(circleB[0]! - circleA[0]!, circleB[1]! - circleA[1]!, tx, ty, radius + slack, best)) continue;
      if (!partsFace(oneSidedA, pa, xfA, oneSidedB, pb, xfB, tx, ty)) continue;
      shapeCast(pa, xfA, pb, xfB, tx, ty, partCast, best);
      out.iterations += partCast.iterations;
      if (!partCast.hit || (out.hit && partCast.fraction >= best && !partCast.startedInside)) continue;
      best = partCast.fraction;
      walkA.tEnd = best;
      walkB.tEnd = best;
      if (out.copyHit(partCast).startedInside) return out;
    }
  }
  return out;
}

/**
 * A circle moving relative to `shape`: a ray from its centre against the shape grown by its
 * radius, in the shape's frame. `circleIsA` when the circle is the fixed shape A: it then moves
 * by −translation relative to the shape, and the normal turns to point out of A.
 */
function circleAgainst(shape: Geometry, xfS: Transform, circle: CircleGeometry, xfC: Transform, motion: Float64Array, out: CastOutput, circleIsA: boolean): CastOutput {
  const tx = circleIsA ? -motion[0]! : motion[0]!, ty = circleIsA ? -motion[1]! : motion[1]!, maxFraction = motion[2]!;
  const cx = xfC.c * circle.cx - xfC.s * circle.cy + xfC.px, cy = xfC.s * circle.cx + xfC.c * circle.cy + xfC.py;
  const wx = cx - xfS.px, wy = cy - xfS.py;
  const px = xfS.c * wx + xfS.s * wy, py = -xfS.s * wx + xfS.c * wy;
  const dx = xfS.c * tx + xfS.s * ty, dy = -xfS.s * tx + xfS.c * ty;
  const status = rayGeometryLocal(shape, circle.radius, px, py, dx, dy, maxFraction, circleHit);
  if (status === INSIDE) {
    return circleIsA ? atStart(circle, xfC, shape, xfS, -tx, -ty, out) : atStart(shape, xfS, circle, xfC, tx, ty, out);
  }
  if (status === MISS) return out;
  const f = circleHit.fraction, lx = circleHit.normalX, ly = circleHit.normalY;
  // Normal out of the shape at the contact, in world space.
  const nx = xfS.c * lx - xfS.s * ly, ny = xfS.s * lx + xfS.c * ly;
  // circleIsA: the circle (A) stays and the shape (B) moved by −(tx, ty)·f; the contact is on the
  // circle, facing the shape. Otherwise the circle (B) moved to its centre at f, and the contact
  // is on the shape (A) below it.
  return circleIsA
    ? out.setHit(f, -nx, -ny, cx - circle.radius * nx, cy - circle.radius * ny)
    : out.setHit(f, nx, ny, cx + f * tx - circle.radius * nx, cy + f * ty - circle.radius * ny);
}

// Scratch: A's core (a capsule's two points), B's core in A's frame at the start and at time t.
const coreA = new Float64Array(4);
let coreB0 = new Float64Array(16), coreB = new Float64Array(16);
const gjk = new GjkResult();
const castInput = new Float64Array(5);

/**
 * The cast in A's frame: B only translates, so its core is moved into A's frame once. gjkCast
 * first (a few support pairs, each bounding a jump); if it does not settle, conservative advancement:
 * B's core shifted by t·d and one warm GJK distance per step, each step d / (closing speed),
 * which never passes the contact since the distance is convex in t under translation.
 */
function advance(a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, motion: Float64Array, out: CastOutput): CastOutput {
  const tx = motion[0]!, ty = motion[1]!, maxFraction = motion[2]!;
  const tolerance = contactTolerance(a, xfA, b, xfB, tx, ty);
  if (circlesStayApart(xfB.px - xfA.px, xfB.py - xfA.py, tx, ty, a.bound + b.bound + 2 * tolerance, maxFraction)) return out;
  const radius = a.radius + b.radius;
  const c = xfA.c, s = xfA.s;
  // The translation and B's placement in A's frame.
  const dx = c * tx + s * ty, dy = -s * tx + c * ty;
  const wx = xfB.px - xfA.px, wy = xfB.py - xfA.py;
  const rc = c * xfB.c + s * xfB.s, rs = c * xfB.s - s * xfB.c;
  const na = a.kind === POLYGON ? a.count : placeCore(a, 1, 0, 0, 0, coreA);
  const pa = a.kind === POLYGON ? a.vertices : coreA;
  const nbMax = coreCount(b);
  if (coreB.length < 2 * nbMax) { coreB0 = new Float64Array(4 * nbMax); coreB = new Float64Array(4 * nbMax); }
  const nb = placeCore(b, rc, rs, c * wx + s * wy, -s * wx + c * wy, coreB0);
  // GJK ray casting first: it stops a quarter to a whole tolerance short of contact.
  castInput[0] = dx; castInput[1] = dy; castInput[2] = radius + 0.25 * tolerance; castInput[3] = radius + tolerance; castInput[4] = maxFraction;
  const status = gjkCast(pa, na, coreB0, nb, castInput, gjk);
  if (status === CAST_MISS) return out;
  if (status === CAST_AT_START) return atStart(a, xfA, b, xfB, tx, ty, out);
  if (status === CAST_HIT) {
    out.iterations = gjk.iterations;
    return hitAt(a, xfA, gjk, out);
  }
  // Rounding kept the cast from settling (grazing contacts): conservative advancement, which
  // measures the whole distance at each step, decides.
  let t = 0, lastNx = 0, lastNy = 0;
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    const ox = t * dx, oy = t * dy;
    for (let i = 0; i < 2 * nb; i += 2) { coreB[i] = coreB0[i]! + ox; coreB[i + 1] = coreB0[i + 1]! + oy; }
    gjkDistance(pa, na, coreB, nb, gjk, iter > 0, true);
    out.iterations = iter + 1;
    const core = gjk.distance, d = core - radius;
    if (d <= tolerance || gjk.simplexCount === 3) {
      if (iter === 0) return atStart(a, xfA, b, xfB, tx, ty, out);
      // Stepping stops half a tolerance short, so the cores are apart here and have a normal
      // (if rounding ever closed the gap, the previous step's normal stands in).
      if (core > 0) { gjk.fraction = t; return hitAt(a, xfA, gjk, out); }
      const px = gjk.pointAX + a.radius * lastNx, py = gjk.pointAY + a.radius * lastNy;
      return out.setHit(t, c * lastNx - s * lastNy, s * lastNx + c * lastNy, c * px - s * py + xfA.px, s * px + c * py + xfA.py);
    }
    lastNx = (gjk.pointBX - gjk.pointAX) / core;
    lastNy = (gjk.pointBY - gjk.pointAY) / core;
    // d(t) is convex, so it never falls faster than its slope here: closing ≤ 0 means never.
    const closing = -(lastNx * dx + lastNy * dy);
    if (!(closing > 0)) return out;
    // Stop half a tolerance short, so the next distance is measured between separate shapes.
    t += (d - 0.5 * tolerance) / closing;
    if (t > maxFraction) return out;
  }
  return out; // grazing without converging: the shapes pass within the tolerance, not into each other
}

/**
 * The hit `gjk` describes (cores apart, in A's frame): at gjk.fraction, normal from A's closest
 * point to B's, contact on A's surface. Everything is read from gjk: number arguments to a call
 * V8 does not inline are boxed.
 */
function hitAt(a: Geometry, xfA: Transform, gjk: GjkResult, out: CastOutput): CastOutput {
  const nx = (gjk.pointBX - gjk.pointAX) / gjk.distance, ny = (gjk.pointBY - gjk.pointAY) / gjk.distance;
  const px = gjk.pointAX + a.radius * nx, py = gjk.pointAY + a.radius * ny, c = xfA.c, s = xfA.s;
  return out.setHit(gjk.fraction, c * nx - s * ny, s * nx + c * ny, c * px - s * py + xfA.px, s * px + c * py + xfA.py);
}

/** A rounded convex outline: the hull of `points` (world, positive turns) grown by `radius`. */
export interface RoundedHull {
  readonly points: readonly Vec2[];
  readonly radius: number;
}

/**
 * The area a shape covers while it translates by (tx, ty): the convex hull of its core at the
 * start and at the end, grown by its radius (exact for a convex shape under translation). One
 * point for a still circle, two (a stadium) for a circle's or a capsule's straight slide.
 */
export function sweptHull(g: ShapeGeometry, xf: Transform, tx: number, ty: number): RoundedHull {
  const core: Vec2[] = [];
  for (const part of g.kind === COMPOUND ? g.parts : [g]) {
    const placed = new Float64Array(2 * coreCount(part));
    const n = placeCore(part, xf.c, xf.s, xf.px, xf.py, placed);
    for (let i = 0; i < n; i++) core.push(vec2(placed[2 * i]!, placed[2 * i + 1]!));
  }
  const all = [...core, ...core.map((p) => vec2(p.x + tx, p.y + ty))];
  const hull = computeHull(all);
  if (hull.ok) return { points: hull.points, radius: g.radius };
  // Everything on one line (or one point): the two extreme points along it.
  let a = all[0]!, b = all[0]!, far = 0;
  for (const p of all) for (const q of all) {
    const d = (p.x - q.x) ** 2 + (p.y - q.y) ** 2;
    if (d > far) { far = d; a = p; b = q; }
  }
  return { points: far === 0 ? [a] : [a, b], radius: g.radius };
}
