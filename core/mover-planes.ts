// collideMover's overlap of one shape with the mover (collision-world.ts): collide()'s manifold,
// except that a one-sided chain pushes the mover out only through the edges whose front the
// mover's centre is on or in front of (centreInFront), so a character jumping up through a one-way
// platform is not pushed back under it, as its sweeps let it pass (one-sided.ts). Box2D's
// b2CollideMover collides with both sides of a chain segment and leaves sidedness to the game.
import { collide, copyManifold, Manifold } from "./manifold";
import { centreInFront } from "./one-sided";
import { PartWalk } from "./part-tree";
import { CAPSULE, COMPOUND, partsReach, type ShapeGeometry, type Transform } from "./shapes";

const edgeManifold = new Manifold();
const walk = new PartWalk();

/**
 * The manifold of shape `g` at `xf` (as A) and the mover (as B): the normal points out of `g`, and
 * moving the mover by the depth along it separates them. Written to `out`, which is returned.
 */
export function collideWithMover(g: ShapeGeometry, xf: Transform, mover: ShapeGeometry, xfMover: Transform, out: Manifold): Manifold {
  if (g.kind !== COMPOUND || !g.oneSided) return collide(g, xf, mover, xfMover, out);
  out.pointCount = 0;
  out.depth = 0;
  // The mover's bound circle, in the chain's frame, culls the edges.
  const wx = xfMover.px - xf.px, wy = xfMover.py - xf.py, r = partsReach(mover);
  const x = xf.c * wx + xf.s * wy, y = -xf.s * wx + xf.c * wy;
  const parts = g.parts, circles = g.circles;
  walk.begin(g.tree, parts.length, x, y, 0, 0, r, 0, g.extent + r + Math.abs(xf.px) + Math.abs(xf.py) + Math.abs(xfMover.px) + Math.abs(xfMover.py));
  for (let i = walk.next(); i >= 0; i = walk.next()) {
    const dx = circles[3 * i]! - x, dy = circles[3 * i + 1]! - y, reach = circles[3 * i + 2]! + r;
    const edge = parts[i]!;
    if (dx * dx + dy * dy > reach * reach || edge.kind !== CAPSULE || !centreInFront(edge, xf, mover, xfMover)) continue;
    const m = collide(edge, xf, mover, xfMover, edgeManifold);
    if (m.pointCount > 0 && (out.pointCount === 0 || m.depth > out.depth)) copyManifold(m, out);
  }
  return out;
}
