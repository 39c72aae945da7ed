// The package's makePolygon, makeCompound and pair queries, as core/shapes.ts and the kernels have
// them but with their arguments checked where a game passes them (the other makers name a bad
// number themselves): makePolygon refuses points that are not a convex polygon as given (the
// core's hulls any points, which would answer for another shape); a pair query throws
// GeometryError naming the call and the argument ("rayCast: fromX is NaN"). A few comparisons
// each; the kernels run as they are.
import { checkConvexPolygon } from "../hull";
import { collide as collideCore, Manifold } from "../manifold";
import { CastOutput, NO_RAY_OPTIONS, rayCastIn, type RayCastOptions } from "../raycast";
import { bitsCollide as bitsCollideCore, type FilterRule } from "../collision-filter";
import { computeAABB as computeAABBCore, containsPoint as containsPointCore, shapeBounds as shapeBoundsCore, type AABB } from "../geometry";
import { checkBits, checkBox, checkGeometry, checkNumber, checkObject, checkTransform, fail, got } from "../query-arguments";
import { formatPath, formatProblem as formatProblemCore, type SceneProblem } from "../scene/errors";
import { collisionLayerOf as collisionLayerOfCore, collisionMaskOf as collisionMaskOfCore, isSensor as isSensorCore, type Shape } from "../scene/types";
import type { ShapeInput } from "../collision-world";
import { shapeProblems } from "./check-shapes";
import { shapeCastIn } from "../shape-cast";
import {
  geometryOf as geometryOfCore, makeCompound as makeCompoundCore, makePolygon as makePolygonCore, transformOf as transformOfCore,
  type CompoundGeometry, type Geometry, type Made, type PolygonGeometry, type ShapeGeometry, type Transform,
} from "../shapes";
import { sweepOf as sweepOfCore, timeOfImpact as timeOfImpactCore, TimeOfImpactOutput, type Sweep } from "../time-of-impact";
import { rotFromDegrees as rotFromDegreesCore, type Rot, type Vec2 } from "../vec2";
import { GeometryError } from "../world-error";

/** The first of `values` that is not a finite number, as `what: name must be a finite number, got …`; null when all are. */
function numbersProblem(what: string, names: readonly string[], values: readonly unknown[]): string | null {
  const i = values.findIndex((v) => !Number.isFinite(v));
  return i < 0 ? null : `${what}: ${names[i]!} must be a finite number, got ${got(values[i])}`;
}

const refused = <T>(reason: string): Made<T> => ({ ok: false, reason });

/**
 * A convex polygon from its points as given, in either winding: 3 or more points { x, y } (not a
 * scene polygon's [x, y]: "expected a point { x, y }, got an array [0, 0]"), finite,
 * none repeated or in line with its neighbours, turning one way once round. Anything else is
 * refused, naming the point (a concave outline is a scene polygon's job: loadScene, or `add`).
 * Allocates the geometry.
 *
 * @param points - The corners in order round the outline, in the geometry's own frame.
 * @param radius - How far the polygon is grown (rounded corners), 0 or more; 0 by default.
 */
export function makePolygon(points: readonly Vec2[], radius = 0): Made<PolygonGeometry> {
  if (!Array.isArray(points)) return refused(`polygon: points must be an array of { x, y }, got ${got(points)}`);
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as Partial<Vec2> | null;
    // A scene polygon's point [x, y], given where a point { x, y } goes.
    if (Array.isArray(p)) return refused(`polygon: points[${i}]: expected a point { x, y }, got an array [${(p as unknown[]).slice(0, 3).map(got).join(", ")}${p.length > 3 ? ", …" : ""}]`);
    const problem = numbersProblem("polygon", [`points[${i}].x`, `points[${i}].y`], [p?.x, p?.y]);
    if (problem !== null) return refused(problem);
  }
  const problem = numbersProblem("polygon", ["radius"], [radius]);
  if (problem !== null) return refused(problem);
  const convexity = checkConvexPolygon(points);
  return convexity === null ? makePolygonCore(points, radius) : refused(`polygon: ${convexity.message}`);
}

/**
 * A compound of parts made by the other makers (their .value); `solid` true or false. Allocates
 * the geometry (the parts are shared, not copied).
 *
 * @param parts - The convex parts, one or more, all in the compound's own frame.
 * @param solid - true: the parts' union is one solid (a point in any part is inside); false: edges that enclose nothing.
 * @param oneSided - true: each part, a segment from P to Q, blocks rays and sweeps only from its front, the side of (dy, −dx) with (dx, dy) = Q − P; false by default.
 */
export function makeCompound(parts: readonly Geometry[], solid: boolean, oneSided = false): Made<CompoundGeometry> {
  if (!Array.isArray(parts)) return refused(`compound: parts must be an array of geometries, got ${got(parts)}`);
  for (let i = 0; i < parts.length; i++) {
    const kind: unknown = (parts[i] as { kind?: unknown } | null)?.kind;
    if (kind !== 0 && kind !== 1 && kind !== 2) return refused(`compound: parts[${i}] must be a circle, capsule or polygon geometry (a maker's .value)`);
  }
  if (typeof solid !== "boolean" || typeof oneSided !== "boolean") return refused("compound: solid and oneSided must be true or false");
  return makeCompoundCore(parts, solid, oneSided);
}

/**
 * The contact manifold of two placed geometries (Box2D's b2Collide… functions), in world space,
 * its normal from a to b. Throws GeometryError for bad arguments.
 *
 * @param a - The first geometry, in its own frame.
 * @param xfA - Where a is in the world.
 * @param b - The second geometry, in its own frame.
 * @param xfB - Where b is in the world.
 * @param out - Filled and returned; a new Manifold is allocated when left out.
 */
export function collide(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, out: Manifold = new Manifold()): Manifold {
  checkGeometry("collide", "a", a, GeometryError);
  checkTransform("collide", "xfA", xfA, GeometryError);
  checkGeometry("collide", "b", b, GeometryError);
  checkTransform("collide", "xfB", xfB, GeometryError);
  if (!(out instanceof Manifold)) fail("collide", "out", "a Manifold", out, GeometryError);
  return collideCore(a, xfA, b, xfB, out);
}

/**
 * Whether `g` and `xf` pass checkGeometry and checkTransform. With the numbers' checks written in
 * the pair queries themselves, a valid call checks nothing out of line: a call V8 does not inline
 * boxes the numbers passed to it, which a game's loop would pay on every query.
 */
function placedHolds(g: unknown, xf: unknown): boolean {
  const kind = (g as { kind?: unknown } | null)?.kind;
  if ((kind !== 0 && kind !== 1 && kind !== 2 && kind !== 3) || typeof xf !== "object" || xf === null) return false;
  const t = xf as { px: unknown; py: unknown; c: unknown; s: unknown }, px = t.px, py = t.py, c = t.c, s = t.s;
  return typeof px === "number" && px <= 1e15 && px >= -1e15 && typeof py === "number" && py <= 1e15 && py >= -1e15
    && typeof c === "number" && typeof s === "number" && Math.abs(c * c + s * s - 1) <= 1e-6;
}

/** The checked rayCast's ray (from x, y, to x, y) and shapeCast's motion (tx, ty, maxFraction), handed to the kernels. */
const checkedRay = new Float64Array(4), checkedMotion = new Float64Array(3);

/** Whether rayCast's options pass its checks. */
function rayOptionsHold(options: unknown): boolean {
  if (typeof options !== "object" || options === null) return false;
  const o = options as RayCastOptions, inside: unknown = o.reportInside, fraction: unknown = o.maxFraction;
  return (inside === undefined || typeof inside === "boolean") && (fraction === undefined || (typeof fraction === "number" && fraction >= 0 && fraction <= 1e15));
}

/**
 * A ray from (fromX, fromY) to (toX, toY) against a placed geometry; fills and returns `out`. The
 * hit point is from + fraction·(to − from), the normal points out of the geometry. A ray that
 * starts inside or on it is a miss unless `options.reportInside`. Throws GeometryError for bad arguments.
 *
 * @param g - The geometry, in its own frame (a maker's value, or geometryOf's).
 * @param xf - Where g is in the world (transformOf for a scene shape).
 * @param fromX - The ray's start, world x.
 * @param fromY - The ray's start, world y.
 * @param toX - The ray's end, world x: an absolute point, not a direction or a length.
 * @param toY - The ray's end, world y.
 * @param out - Filled and returned; a new CastOutput is allocated when left out.
 * @param options - `reportInside` (false by default) and `maxFraction` (1 by default).
 */
export function rayCast(g: ShapeGeometry, xf: Transform, fromX: number, fromY: number, toX: number, toY: number, out: CastOutput = new CastOutput(), options: RayCastOptions = NO_RAY_OPTIONS): CastOutput {
  // The usual call passes these (see placedHolds); anything else goes through the checks that name the problem.
  const valid = typeof fromX === "number" && fromX <= 1e15 && fromX >= -1e15 && typeof fromY === "number" && fromY <= 1e15 && fromY >= -1e15
    && typeof toX === "number" && toX <= 1e15 && toX >= -1e15 && typeof toY === "number" && toY <= 1e15 && toY >= -1e15
    && out instanceof CastOutput && placedHolds(g, xf) && rayOptionsHold(options);
  if (!valid) refuseRayCast(g, xf, fromX, fromY, toX, toY, out, options);
  // The kernel's ray in an array: a number passed on would be boxed if V8 does not inline the call.
  const ray = checkedRay;
  ray[0] = fromX; ray[1] = fromY; ray[2] = toX; ray[3] = toY;
  return rayCastIn(g, xf, ray, out, options);
}

/** rayCast's checks one by one, which throw naming the first problem (out of line: a valid call never comes here). */
function refuseRayCast(g: unknown, xf: unknown, fromX: unknown, fromY: unknown, toX: unknown, toY: unknown, out: unknown, options: RayCastOptions): void {
  checkGeometry("rayCast", "g", g, GeometryError);
  checkTransform("rayCast", "xf", xf, GeometryError);
  checkNumber("rayCast", "fromX", fromX, GeometryError);
  checkNumber("rayCast", "fromY", fromY, GeometryError);
  checkNumber("rayCast", "toX", toX, GeometryError);
  checkNumber("rayCast", "toY", toY, GeometryError);
  if (!(out instanceof CastOutput)) fail("rayCast", "out", "a CastOutput", out, GeometryError);
  checkObject("rayCast", "options", options, "an object", GeometryError);
  if (options.reportInside !== undefined && typeof options.reportInside !== "boolean") fail("rayCast", "options.reportInside", "true or false", options.reportInside, GeometryError);
  checkFraction("rayCast", "options.maxFraction", options.maxFraction);
}

/**
 * Geometry b at xfB swept by the translation (tx, ty), unturned, against a at xfA; fills and
 * returns `out`: the fraction of the translation at first contact, the point on a's surface and
 * the normal out of a. A pair overlapping at the start is a hit at fraction 0 with `startedInside`.
 * Throws GeometryError for bad arguments.
 *
 * @param a - The geometry hit, in its own frame.
 * @param xfA - Where a is in the world.
 * @param b - The geometry that moves, in its own frame.
 * @param xfB - Where b starts in the world.
 * @param tx - The motion's x in world units: a translation from xfB, not an end point (unlike CollisionWorld.sweep's `to`).
 * @param ty - The motion's y in world units.
 * @param out - Filled and returned; a new CastOutput is allocated when left out.
 * @param maxFraction - Only contacts up to this fraction of (tx, ty) count; 1 by default.
 */
export function shapeCast(a: ShapeGeometry, xfA: Transform, b: ShapeGeometry, xfB: Transform, tx: number, ty: number, out: CastOutput = new CastOutput(), maxFraction = 1): CastOutput {
  // As rayCast's: the usual call checked in line.
  const valid = typeof tx === "number" && tx <= 1e15 && tx >= -1e15 && typeof ty === "number" && ty <= 1e15 && ty >= -1e15
    && typeof maxFraction === "number" && maxFraction >= 0 && maxFraction <= 1e15 && out instanceof CastOutput && placedHolds(a, xfA) && placedHolds(b, xfB);
  if (!valid) refuseShapeCast(a, xfA, b, xfB, tx, ty, out, maxFraction);
  const motion = checkedMotion;
  motion[0] = tx; motion[1] = ty; motion[2] = maxFraction;
  return shapeCastIn(a, xfA, b, xfB, motion, out);
}

/** shapeCast's checks one by one, which throw naming the first problem. */
function refuseShapeCast(a: unknown, xfA: unknown, b: unknown, xfB: unknown, tx: unknown, ty: unknown, out: unknown, maxFraction: unknown): void {
  checkGeometry("shapeCast", "a", a, GeometryError);
  checkTransform("shapeCast", "xfA", xfA, GeometryError);
  checkGeometry("shapeCast", "b", b, GeometryError);
  checkTransform("shapeCast", "xfB", xfB, GeometryError);
  checkNumber("shapeCast", "tx", tx, GeometryError);
  checkNumber("shapeCast", "ty", ty, GeometryError);
  if (!(out instanceof CastOutput)) fail("shapeCast", "out", "a CastOutput", out, GeometryError);
  checkFraction("shapeCast", "maxFraction", maxFraction);
}

/**
 * When two geometries moving along their sweeps (which may turn) first touch (Box2D's
 * b2TimeOfImpact): the time in [0, tMax] as `fraction`, the point on a's surface and the normal out
 * of a at that time. A pair overlapping at t = 0 is reported at 0 with `startedInside`. Throws
 * GeometryError for bad arguments.
 *
 * @param a - The first geometry, in its own frame.
 * @param sweepA - a's motion over the step (sweepOf).
 * @param b - The second geometry, in its own frame.
 * @param sweepB - b's motion over the step.
 * @param out - Filled and returned; a new TimeOfImpactOutput is allocated when left out.
 * @param tMax - The latest time looked at, as a fraction of the step; 1 by default.
 * @param tolerance - How close counts as touching, as a fraction of the pair's scale (out.tolerance gives it in world units); 1e-9 by default.
 */
export function timeOfImpact(a: ShapeGeometry, sweepA: Sweep, b: ShapeGeometry, sweepB: Sweep, out: TimeOfImpactOutput = new TimeOfImpactOutput(), tMax = 1, tolerance?: number): TimeOfImpactOutput {
  checkGeometry("timeOfImpact", "a", a, GeometryError);
  checkSweep("timeOfImpact", "sweepA.", sweepA);
  checkGeometry("timeOfImpact", "b", b, GeometryError);
  checkSweep("timeOfImpact", "sweepB.", sweepB);
  if (!(out instanceof TimeOfImpactOutput)) fail("timeOfImpact", "out", "a TimeOfImpactOutput", out, GeometryError);
  checkFraction("timeOfImpact", "tMax", tMax);
  if (tolerance !== undefined && !(typeof tolerance === "number" && tolerance > 0 && tolerance < 1e15)) fail("timeOfImpact", "tolerance", "a number above 0", tolerance, GeometryError);
  return tolerance === undefined ? timeOfImpactCore(a, sweepA, b, sweepB, out, tMax) : timeOfImpactCore(a, sweepA, b, sweepB, out, tMax, tolerance);
}

/** A fraction of a cast: undefined, or a number from 0 to 1e15. */
function checkFraction(call: string, name: string, v: unknown): void {
  if (v !== undefined && !(typeof v === "number" && v >= 0 && v <= 1e15)) fail(call, name, "a number from 0 up", v, GeometryError);
}

/** A sweep's fields, each a finite number within ±1e15, named `prefix` and the field. */
function checkSweep(call: string, prefix: string, sweep: unknown): void {
  checkObject(call, prefix.slice(0, -1), sweep, "a sweep (sweepOf)", GeometryError);
  for (const field of ["localCenterX", "localCenterY", "x1", "y1", "angle1", "x2", "y2", "angle2"] as const) {
    checkNumber(call, prefix + field, (sweep as Sweep)[field], GeometryError);
  }
}

/**
 * A sweep that turns about the shape's own origin, from pose (x1, y1, angle1) to (x2, y2, angle2),
 * angles in radians, for timeOfImpact. Throws GeometryError for a number not finite or beyond ±1e15.
 * Allocates the sweep.
 *
 * @param x1 - The shape's origin at the start, world x.
 * @param y1 - The shape's origin at the start, world y.
 * @param angle1 - Its rotation at the start, in radians (not degrees).
 * @param x2 - Its origin at the end, world x: an absolute position, not a translation.
 * @param y2 - Its origin at the end, world y.
 * @param angle2 - Its rotation at the end, in radians.
 */
export function sweepOf(x1: number, y1: number, angle1: number, x2: number, y2: number, angle2: number): Sweep {
  const sweep = sweepOfCore(x1, y1, angle1, x2, y2, angle2);
  checkSweep("sweepOf", "", sweep);
  return sweep;
}

/** Whether `g` at `xf` passes checkGeometry and checkTransform; else their GeometryError naming `call`. */
function checkPlaced(call: string, g: unknown, xf: unknown): void {
  if (!placedHolds(g, xf)) {
    checkGeometry(call, "g", g, GeometryError);
    checkTransform(call, "xf", xf, GeometryError);
  }
}

/**
 * The tight bounding box of a geometry placed by a transform, in world space (a new object).
 * Throws GeometryError for bad arguments.
 *
 * @param g - The geometry, in its own frame.
 * @param xf - Where it is in the world.
 */
export function computeAABB(g: ShapeGeometry, xf: Transform): AABB {
  checkPlaced("computeAABB", g, xf);
  return computeAABBCore(g, xf);
}

/**
 * Whether the point (x, y) is inside or on a geometry placed by a transform (a chain, which
 * encloses nothing, never holds one). Throws GeometryError for bad arguments: a NaN or a string
 * is refused, never compared.
 *
 * @param g - The geometry, in its own frame.
 * @param xf - Where it is in the world.
 * @param x - The point's world x.
 * @param y - The point's world y.
 */
export function containsPoint(g: ShapeGeometry, xf: Transform, x: number, y: number): boolean {
  checkPlaced("containsPoint", g, xf);
  checkNumber("containsPoint", "x", x, GeometryError);
  checkNumber("containsPoint", "y", y, GeometryError);
  return containsPointCore(g, xf, x, y);
}

/**
 * Whether two boxes overlap (touching counts). Throws GeometryError for a bound that is NaN or not a number, or an inverted box.
 *
 * @param a - A box `{ minX, minY, maxX, maxY }`.
 * @param b - Another box.
 */
export function aabbOverlaps(a: AABB, b: AABB): boolean {
  checkBox("aabbOverlaps", a, GeometryError);
  checkBox("aabbOverlaps", b, GeometryError);
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** The format's problems with a shape, one line each ("width: must be greater than 0"). */
const problemsOf = (shape: unknown): string => shapeProblems(shape, 0).map(([path, message]) => `${formatPath(path.slice(2)) || "shape"}: ${message}`).join("; ");

/** The shape with its rotation, 0 when left out (the format's default). */
const turned = (s: ShapeInput): Shape => (s.rotation === undefined ? { ...s, rotation: 0 } : s) as Shape;

/** A shape the format accepts, with its rotation; else GeometryError naming `call` and each problem. */
function checkedShape(call: string, shape: ShapeInput): Shape {
  const problems = problemsOf(shape);
  if (problems) throw new GeometryError(`${call}: ${problems}`);
  return turned(shape);
}

/**
 * The collision geometry of a scene shape, in its own frame (place it with transformOf), or a
 * result saying why the scene format refuses the shape, naming each field. Allocates the geometry.
 *
 * @param shape - A scene shape (`rotation` may be left out: 0).
 */
export function geometryOf(shape: ShapeInput): Made<ShapeGeometry> {
  const problems = problemsOf(shape);
  return problems ? refused(`geometryOf: ${problems}`) : geometryOfCore(turned(shape));
}

/**
 * Where a scene shape is: its position and its rotation's cosine and sine (a circle's is unturned), a new object.
 * Throws GeometryError for a shape the format refuses.
 *
 * @param shape - A scene shape (`rotation`, in degrees, may be left out: 0).
 */
export function transformOf(shape: ShapeInput): Transform {
  return transformOfCore(checkedShape("transformOf", shape));
}

/**
 * A scene shape's bounding box in world space, from its own numbers (no geometry made). Throws GeometryError for a shape the format refuses.
 *
 * @param shape - A scene shape (`rotation` may be left out: 0).
 */
export function shapeBounds(shape: ShapeInput): AABB {
  return shapeBoundsCore(checkedShape("shapeBounds", shape));
}

/**
 * A rotation of `degrees` (clockwise on screen) as its cosine and sine, exact at quarter turns (a new object).
 * Throws GeometryError for a number not finite or beyond ±1e15.
 *
 * @param degrees - The angle in degrees (not radians), within ±1e15.
 */
export function rotFromDegrees(degrees: number): Rot {
  checkNumber("rotFromDegrees", "degrees", degrees, GeometryError);
  return rotFromDegreesCore(degrees);
}

/**
 * Whether two shapes with these collision bits interact under `rule`: "godot" (either one's mask
 * meets the other's layer), "box2d" (both ways) or "none" (always). Throws WorldError for bits
 * that are not whole numbers from 0 to 2^32 - 1, or another rule.
 *
 * @param layerA - The first shape's collision layer bits (its `collisionLayer`; bit 0 is collision layer 1).
 * @param maskA - The first shape's mask bits (its `collisionMask`).
 * @param layerB - The second shape's collision layer bits.
 * @param maskB - The second shape's mask bits.
 * @param rule - "godot", "box2d" or "none" (a world's `filter`).
 */
export function bitsCollide(layerA: number, maskA: number, layerB: number, maskB: number, rule: FilterRule): boolean {
  checkBits("bitsCollide", "layerA", layerA);
  checkBits("bitsCollide", "maskA", maskA);
  checkBits("bitsCollide", "layerB", layerB);
  checkBits("bitsCollide", "maskB", maskB);
  if (rule !== "godot" && rule !== "box2d" && rule !== "none") fail("bitsCollide", "rule", `"godot", "box2d" or "none"`, rule);
  return bitsCollideCore(layerA, maskA, layerB, maskB, rule);
}

/**
 * A shape's collision layer bits (1, collision layer 1, when it has none). Throws GeometryError for a shape the format refuses.
 *
 * @param shape - A scene shape (`rotation` may be left out).
 */
export const collisionLayerOf = (shape: ShapeInput): number => collisionLayerOfCore(checkedShape("collisionLayerOf", shape));
/**
 * The collision layers a shape collides with, as bits (1 when it has none). Throws GeometryError for a shape the format refuses.
 *
 * @param shape - A scene shape (`rotation` may be left out).
 */
export const collisionMaskOf = (shape: ShapeInput): number => collisionMaskOfCore(checkedShape("collisionMaskOf", shape));
/**
 * Whether a shape is a sensor (a trigger). Throws GeometryError for a shape the format refuses.
 *
 * @param shape - A scene shape (`rotation` may be left out).
 */
export const isSensor = (shape: ShapeInput): boolean => isSensorCore(checkedShape("isSensor", shape));

/**
 * A scene problem as the command line prints it: `line:column: path: message` (with `file:` first
 * when given). Throws GeometryError for a problem that is not { path, message } of strings.
 *
 * @param problem - A SceneLoadError's problem.
 * @param file - The file's name or path, printed first; left out, nothing is.
 */
export function formatProblem(problem: SceneProblem, file?: string): string {
  if (typeof problem?.message !== "string") fail("formatProblem", "problem", "a SceneProblem { path, message }", problem, GeometryError);
  return formatProblemCore(problem, file);
}
