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
import { CastOutput, geometryRay, INSIDE, LOCAL_RAY_LENGTH, MISS, RayHit } from "./raycast";
import { coreCount, DistanceOutput, placeCore, placeCoreIn, shapeDistance } from "./shape-distance";
import { computeHull } from "./hull";
import { partsFace } from "./one-sided";
import { PartWalk } from "./part-tree";
import { CIRCLE, COMPOUND, partCount, partInWorld, partTree, POLYGON, type CircleGeometry, type Geometry, type ShapeGeometry, type Transform } from "./shapes";
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
  const m = givenMeet;
  m[0] = wx; m[1] = wy; m[2] = vx; m[3] = vy; m[4] = radius; m[5] = tMax;
  meetIn(m);
  return m[6]!;
}

/**
 * circlesMeet of m[0…5] = wx, wy, vx, vy, radius, tMax, its answer written to m[6]: numbers in an
 * array, as V8 boxes the doubles a call it does not inline takes or returns.
 */
function meetIn(m: Float64Array): void {
  const wx = m[0]!, wy = m[1]!, vx = m[2]!, vy = m[3]!, radius = m[4]!;
  const gap = wx * wx + wy * wy - radius * radius;
  if (gap <= 0) { m[6] = 0; return; }
  const wv = wx * vx + wy * vy;
  const disc = wv * wv - (vx * vx + vy * vy) * gap;
  // Not closing, or never within the radius.
  if (wv >= 0 || disc < 0) { m[6] = Infinity; return; }
  // The smaller root of |w + t·v|² = radius², in the form that does not cancel.
  const t = gap / (Math.sqrt(disc) - wv);
  m[6] = t <= m[5]! ? t : Infinity;
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

/** circlesStayApart of m[0…5] (meetIn's numbers). */
function circlesApart(m: Float64Array): boolean {
  meetIn(m);
  return m[6] === Infinity;
}

// Scratch: circlesApart's numbers; atStart's translation (tx, ty); the transform it measures from
// a little way back; and the motion of a compound's part casts.
const meet = new Float64Array(7), givenMeet = new Float64Array(7), startMotion = new Float64Array(2);
const backXf = { px: 0, py: 0, c: 1, s: 0 };
const partMotion = new Float64Array(3);

/**
 * The pair at the start of the cast is overlapping or touching: overlapping is a hit at 0 with
 * `startedInside`; touching is a hit at 0 only when the translation (motion[0], motion[1]) pushes
 * B into A.
 */
function atStart(a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, motion: Float64Array, out: CastOutput): CastOutput {
  if (collide(a, xfA, b, xfB, manifold).pointCount > 0) return out.setStartedInside(manifold);
  const tx = motion[0]!, ty = motion[1]!;
  shapeDistance(a, xfA, b, xfB, distance);
  if (distance.normalX === 0 && distance.normalY === 0) {
    // Cores touching (two polygons face to face) have no closest-point direction: measure from a
    // little way back along the path, where they are apart. Regression: two boxes touching and
    // pushed together were reported as a miss, with a zero normal.
    const m = Math.max(Math.abs(tx), Math.abs(ty));
    if (m === 0) return out;
    const back = (4 * contactTolerance(a, xfA, b, xfB, tx, ty)) / m;
    backXf.px = xfB.px - back * tx; backXf.py = xfB.py - back * ty; backXf.c = xfB.c; backXf.s = xfB.s;
    shapeDistance(a, xfA, b, backXf, distance);
    if (distance.normalX === 0 && distance.normalY === 0) return out;
  }
  if (distance.normalX * tx + distance.normalY * ty < 0) out.setHit(0, distance.normalX, distance.normalY, distance.pointAX, distance.pointAY);
  return out;
}

/**
 * Sweeps B from xfB by (tx, ty) (world units, no rotation) against A at xfA. Fills and returns
 * `out`: fraction in [0, maxFraction], point on A's surface, normal out of A. `leaving`: as
 * shapeCastIn's.
 */
export function shapeCast(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, tx: number, ty: number, out: CastOutput = new CastOutput(), maxFraction = 1, leaving = false): CastOutput {
  const motion = castMotion;
  motion[0] = tx; motion[1] = ty; motion[2] = maxFraction;
  return shapeCastIn(a, xfA, b, xfB, motion, out, leaving);
}

/**
 * shapeCast with its translation and maxFraction in motion[0…2] (tx, ty, maxFraction): what a
 * caller that V8 may not inline it into passes, as the doubles of such a call are boxed. `motion`
 * is read before anything else is done. With `leaving`, a pair (a compound's pair of parts) that
 * starts overlapping is a miss when the translation does not go deeper: its dot with the overlap's
 * normal (out of A) is ≥ 0, and for convex shapes the distance then never falls along the path
 * (Box2D's b2World_CastMover ignores every starting overlap; this keeps the ones moved into).
 */
export function shapeCastIn(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, motion: Float64Array, out: CastOutput, leaving = false): CastOutput {
  const tx = motion[0]!, ty = motion[1]!;
  if (a.kind === COMPOUND || b.kind === COMPOUND) return castCompound(a, xfA, b, xfB, motion, out, leaving);
  out.hit = false;
  out.startedInside = false;
  out.iterations = 0;
  if (b.kind === CIRCLE) circleAgainst(a, xfA, b, xfB, motion, out, false);
  else if (a.kind === CIRCLE) circleAgainst(b, xfB, a, xfA, motion, out, true);
  else advance(a, xfA, b, xfB, motion, out);
  if (leaving && out.startedInside && out.normalX * tx + out.normalY * ty >= 0) {
    out.hit = false;
    out.startedInside = false;
  }
  return out;
}

const partCast = new CastOutput();
const castWalkA = new PartWalk(), castWalkB = new PartWalk();
/** castCompound's scratch: a part's bound circle in the world (x, y, radius), for A then B. */
const circleA = new Float64Array(3), circleB = new Float64Array(3);
/** castCompound's scratch: partsReach and partsMaxRadius of A, then of B. */
const reaches = new Float64Array(4);

/** partsReach and partsMaxRadius of `g` into out[k], out[k + 1] (the double a call returns is boxed when V8 does not inline it). */
function writeReach(g: ShapeGeometry, out: Float64Array, k: number): void {
  if (g.kind !== COMPOUND) {
    out[k] = g.bound; out[k + 1] = g.bound;
  } else if (g.tree !== null) {
    out[k] = g.tree.reach; out[k + 1] = g.tree.maxRadius;
  } else {
    // circlesReach and circlesMaxRadius (part-tree.ts), in one pass.
    const circles = g.circles, n = g.parts.length;
    let reach = 0, max = 0;
    for (let i = 0; i < n; i++) {
      reach = Math.max(reach, Math.sqrt(circles[3 * i]! ** 2 + circles[3 * i + 1]! ** 2) + circles[3 * i + 2]!);
      max = Math.max(max, circles[3 * i + 2]!);
    }
    out[k] = reach * (1 + 1e-12); out[k + 1] = max;
  }
}

/**
 * A sweep with a compound side: the first contact over the pairs of parts whose bound circles
 * meet on the way. A sweep starting overlapping any part starts inside (fraction 0): for a solid
 * that is starting inside the whole; with `leaving`, a part it leaves is passed over and the others
 * still stop it. Two chains never meet; a one-sided edge stops only a part
 * whose centroid starts in front of it and which moves against its normal (edgeFaces).
 */
function castCompound(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, motion: Float64Array, out: CastOutput, leaving: boolean): CastOutput {
  const tx = motion[0]!, ty = motion[1]!, maxFraction = motion[2]!;
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
  writeReach(a, reaches, 0);
  writeReach(b, reaches, 2);
  const moved = Math.abs(tx) + Math.abs(ty), maxA = reaches[1]!, maxB = reaches[3]!;
  const slackMax = 4e-9 * (maxA + maxB + moved) + 4e-14 * position, scale = a.extent + b.extent + moved + position;
  const ox = xfB.px - xfA.px, oy = xfB.py - xfA.py;
  // The walks' queries go in their fields (begin's numbers would be boxed).
  const walkA = castWalkA;
  walkA.qx = xfA.c * ox + xfA.s * oy; walkA.qy = -xfA.s * ox + xfA.c * oy; walkA.vx = xfA.c * tx + xfA.s * ty; walkA.vy = -xfA.s * tx + xfA.c * ty;
  walkA.r = reaches[2]! + slackMax; walkA.tEnd = maxFraction; walkA.scale = scale;
  walkA.start(partTree(a), nA);
  const treeB = partTree(b), walkB = castWalkB, m = meet, pm = partMotion;
  pm[0] = tx; pm[1] = ty;
  let best = maxFraction;
  for (let i = walkA.next(); i >= 0; i = walkA.next()) {
    const pa = partInWorld(a, i, xfA, circleA);
    const wx = circleA[0]! - xfB.px, wy = circleA[1]! - xfB.py;
    walkB.qx = xfB.c * wx + xfB.s * wy; walkB.qy = -xfB.s * wx + xfB.c * wy; walkB.vx = -(xfB.c * tx + xfB.s * ty); walkB.vy = xfB.s * tx - xfB.c * ty;
    walkB.r = circleA[2]! + slackMax; walkB.tEnd = best; walkB.scale = scale;
    walkB.start(treeB, nB);
    for (let j = walkB.next(); j >= 0; j = walkB.next()) {
      const pb = partInWorld(b, j, xfB, circleB);
      // Room for the part cast's own contact tolerance, so what it would call touching is not culled.
      const radius = circleA[2]! + circleB[2]!, slack = 4e-9 * (radius + Math.abs(tx) + Math.abs(ty)) + 4e-14 * position;
      m[0] = circleB[0]! - circleA[0]!; m[1] = circleB[1]! - circleA[1]!; m[2] = tx; m[3] = ty; m[4] = radius + slack; m[5] = best;
      if (circlesApart(m)) continue;
      if ((oneSidedA || oneSidedB) && !partsFace(oneSidedA, pa, xfA, oneSidedB, pb, xfB, pm)) continue;
      pm[2] = best;
      shapeCastIn(pa, xfA, pb, xfB, pm, partCast, leaving);
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

/** circleAgainst's ray: from the circle's centre along its motion, in the shape's frame (raycast.ts's layout). */
const sweptRay = new Float64Array(LOCAL_RAY_LENGTH);

/**
 * A circle moving relative to `shape`: a ray from its centre against the shape grown by its
 * radius, in the shape's frame. `circleIsA` when the circle is the fixed shape A: it then moves
 * by −translation relative to the shape, and the normal turns to point out of A.
 */
function circleAgainst(shape: Geometry, xfS: Transform, circle: CircleGeometry, xfC: Transform, motion: Float64Array, out: CastOutput, circleIsA: boolean): CastOutput {
  const tx = circleIsA ? -motion[0]! : motion[0]!, ty = circleIsA ? -motion[1]! : motion[1]!, maxFraction = motion[2]!;
  const cx = xfC.c * circle.cx - xfC.s * circle.cy + xfC.px, cy = xfC.s * circle.cx + xfC.c * circle.cy + xfC.py;
  const wx = cx - xfS.px, wy = cy - xfS.py;
  const r = sweptRay;
  r[0] = xfS.c * wx + xfS.s * wy; r[1] = -xfS.s * wx + xfS.c * wy;
  r[2] = xfS.c * tx + xfS.s * ty; r[3] = -xfS.s * tx + xfS.c * ty;
  r[4] = maxFraction; r[5] = circle.radius;
  const status = geometryRay(shape, r, circleHit);
  if (status === INSIDE) {
    // As atStart(circle, xfC, shape, xfS, −(tx, ty)) or atStart(shape, xfS, circle, xfC, (tx, ty)).
    startMotion[0] = circleIsA ? -tx : tx; startMotion[1] = circleIsA ? -ty : ty;
    return circleIsA ? atStart(circle, xfC, shape, xfS, startMotion, out) : atStart(shape, xfS, circle, xfC, startMotion, out);
  }
  if (status === MISS) return out;
  const f = circleHit.fraction, lx = circleHit.normalX, ly = circleHit.normalY;
  // Normal out of the shape at the contact, in world space.
  const nx = xfS.c * lx - xfS.s * ly, ny = xfS.s * lx + xfS.c * ly;
  // circleIsA: the circle (A) stays and the shape (B) moved by −(tx, ty)·f; the contact is on the
  // circle, facing the shape. Otherwise the circle (B) moved to its centre at f, and the contact
  // is on the shape (A) below it.
  // (setHit's fields written here: its five numbers would be boxed when V8 does not inline it.)
  out.hit = true;
  out.fraction = f;
  if (circleIsA) {
    out.normalX = -nx; out.normalY = -ny;
    out.pointX = cx - circle.radius * nx; out.pointY = cy - circle.radius * ny;
  } else {
    out.normalX = nx; out.normalY = ny;
    out.pointX = cx + f * tx - circle.radius * nx; out.pointY = cy + f * ty - circle.radius * ny;
  }
  return out;
}

// Scratch: A's core (a capsule's two points), B's core in A's frame at the start and at time t.
const coreA = new Float64Array(4);
let coreB0 = new Float64Array(16), coreB = new Float64Array(16);
const gjk = new GjkResult();
const castInput = new Float64Array(5);
/** placeCoreIn's poses: A's own frame, and B's placement in A's frame (c, s, px, py). */
const unturned = new Float64Array([1, 0, 0, 0]), placement = new Float64Array(4);

/**
 * The cast in A's frame: B only translates, so its core is moved into A's frame once. gjkCast
 * first (a few support pairs, each bounding a jump); if it does not settle, conservative advancement:
 * B's core shifted by t·d and one warm GJK distance per step, each step d / (closing speed),
 * which never passes the contact since the distance is convex in t under translation.
 */
function advance(a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, motion: Float64Array, out: CastOutput): CastOutput {
  const tx = motion[0]!, ty = motion[1]!, maxFraction = motion[2]!;
  const tolerance = contactTolerance(a, xfA, b, xfB, tx, ty);
  const m = meet;
  m[0] = xfB.px - xfA.px; m[1] = xfB.py - xfA.py; m[2] = tx; m[3] = ty; m[4] = a.bound + b.bound + 2 * tolerance; m[5] = maxFraction;
  if (circlesApart(m)) return out;
  const radius = a.radius + b.radius;
  const c = xfA.c, s = xfA.s;
  // The translation and B's placement in A's frame.
  const dx = c * tx + s * ty, dy = -s * tx + c * ty;
  const wx = xfB.px - xfA.px, wy = xfB.py - xfA.py;
  const na = a.kind === POLYGON ? a.count : placeCoreIn(a, unturned, coreA);
  const pa = a.kind === POLYGON ? a.vertices : coreA;
  const nbMax = coreCount(b);
  if (coreB.length < 2 * nbMax) { coreB0 = new Float64Array(4 * nbMax); coreB = new Float64Array(4 * nbMax); }
  const pose = placement;
  pose[0] = c * xfB.c + s * xfB.s; pose[1] = c * xfB.s - s * xfB.c; pose[2] = c * wx + s * wy; pose[3] = -s * wx + c * wy;
  const nb = placeCoreIn(b, pose, coreB0);
  // GJK ray casting first: it stops a quarter to a whole tolerance short of contact.
  castInput[0] = dx; castInput[1] = dy; castInput[2] = radius + 0.25 * tolerance; castInput[3] = radius + tolerance; castInput[4] = maxFraction;
  const status = gjkCast(pa, na, coreB0, nb, castInput, gjk);
  if (status === CAST_MISS) return out;
  if (status === CAST_AT_START) return atStart(a, xfA, b, xfB, motion, out);
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
      if (iter === 0) return atStart(a, xfA, b, xfB, motion, out);
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
