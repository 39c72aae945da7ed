// One-sided edges (a chain's with `oneSided`): an edge from P to Q blocks only from its front, the
// side of the normal (dy, −dx), (dx, dy) = Q − P (Box2D's chain segments; y down, so an edge drawn
// left to right faces up). Rays use Box2D's own test (raycast.ts); sweeps and time of impact this.
import type { CapsuleGeometry, Transform } from "./shapes";

/**
 * Whether an edge of a one-sided chain at `xf` can stop a shape whose origin is at (ox, oy) and
 * which moves by (vx, vy) relative to the chain (world units): only when the origin starts on or
 * in front of the edge's line and the motion goes against its normal. A shape behind the line,
 * or moving along or away from the front, passes through.
 */
export function edgeFaces(edge: CapsuleGeometry, xf: Transform, ox: number, oy: number, vx: number, vy: number): boolean {
  const ex = edge.x2 - edge.x1, ey = edge.y2 - edge.y1;
  // The normal (ey, −ex) turned into the world.
  const nx = xf.c * ey + xf.s * ex, ny = xf.s * ey - xf.c * ex;
  const px = xf.c * edge.x1 - xf.s * edge.y1 + xf.px, py = xf.s * edge.x1 + xf.c * edge.y1 + xf.py;
  return (ox - px) * nx + (oy - py) * ny >= 0 && vx * nx + vy * ny < 0;
}
