// One-sided edges (a chain's with `oneSided`): an edge from P to Q blocks only from its front, the
// side of the normal (dy, −dx), (dx, dy) = Q − P (Box2D's chain segments; y down, so an edge drawn
// left to right faces up, and a closed chain drawn clockwise on screen faces out). Rays use Box2D's
// own test on the ray's origin (raycast.ts); sweeps and time of impact this.
//
// Box2D v3 skips a chain segment in a shape cast when the cast shape's approximate centroid (the
// mean of its proxy's points) starts behind the segment's line (b2ShapeCastShape); its continuous
// collision skips one when the centroid starts behind or barely moves towards the line and ends
// well in front of it (b2ContinuousQueryCallback's "minimal clipping"); its character mover
// collides with both sides (b2CollideMover) and leaves sidedness to the planes it solves. Here the
// mover's planes (mover-planes.ts) come only from edges its centre is on or in front of, and the
// sweeps' rule is Box2D's shape cast's, on the moving part's centroid, plus one more: the motion
// must close on the front. A shape in front that moves along or away from the edge passes, even
// when it overlaps the edge at the start (Box2D reports that overlap as a hit at fraction 0), so a
// shape resting into a one-sided platform can always slide along it or leave it.
import { CAPSULE, CIRCLE, COMPOUND, type CapsuleGeometry, type Geometry, type ShapeGeometry, type Transform } from "./shapes";

/**
 * Whether an edge of a one-sided chain at `xfEdge` can stop the convex `part` at `xfPart` moving by
 * sign·(v[0], v[1]) relative to the chain (world units; sign ±1, the motion in an array as V8 boxes
 * the doubles of a call it does not inline): only when the part's centroid starts on or in front
 * of the edge's line (centreInFront) and the motion goes against the edge's normal.
 */
export function edgeFaces(edge: CapsuleGeometry, xfEdge: Transform, part: Geometry, xfPart: Transform, v: Float64Array, sign: number): boolean {
  const vx = sign * v[0]!, vy = sign * v[1]!;
  const ex = edge.x2 - edge.x1, ey = edge.y2 - edge.y1;
  // The normal (ey, −ex) turned into the world.
  const nx = xfEdge.c * ey + xfEdge.s * ex, ny = xfEdge.s * ey - xfEdge.c * ex;
  return vx * nx + vy * ny < 0 && centreInFront(edge, xfEdge, part, xfPart);
}

/**
 * Whether the centre of `part` at `xfPart` (a circle's centre, a capsule's middle, a polygon's
 * centroid; a compound's origin) lies on or in front of the line of the one-sided `edge` at `xfEdge`.
 */
export function centreInFront(edge: CapsuleGeometry, xfEdge: Transform, part: ShapeGeometry, xfPart: Transform): boolean {
  const ex = edge.x2 - edge.x1, ey = edge.y2 - edge.y1;
  const nx = xfEdge.c * ey + xfEdge.s * ex, ny = xfEdge.s * ey - xfEdge.c * ex;
  const lx = part.kind === CIRCLE ? part.cx : part.kind === CAPSULE ? 0.5 * (part.x1 + part.x2) : part.kind === COMPOUND ? 0 : part.centroidX;
  const ly = part.kind === CIRCLE ? part.cy : part.kind === CAPSULE ? 0.5 * (part.y1 + part.y2) : part.kind === COMPOUND ? 0 : part.centroidY;
  const ox = xfPart.c * lx - xfPart.s * ly + xfPart.px, oy = xfPart.s * lx + xfPart.c * ly + xfPart.py;
  const px = xfEdge.c * edge.x1 - xfEdge.s * edge.y1 + xfEdge.px, py = xfEdge.s * edge.x1 + xfEdge.c * edge.y1 + xfEdge.py;
  return (ox - px) * nx + (oy - py) * ny >= 0;
}

/**
 * Whether part `pa` of A and part `pb` of B can stop each other while B moves by (v[0], v[1])
 * relative to A: an edge of a one-sided side (`oneSidedA`, `oneSidedB`) must face the other part
 * (edgeFaces); any other pair can.
 */
export function partsFace(oneSidedA: boolean, pa: Geometry, xfA: Transform, oneSidedB: boolean, pb: Geometry, xfB: Transform, v: Float64Array): boolean {
  if (oneSidedA && pa.kind === CAPSULE && !edgeFaces(pa, xfA, pb, xfB, v, 1)) return false;
  return !(oneSidedB && pb.kind === CAPSULE && !edgeFaces(pb, xfB, pa, xfA, v, -1));
}
