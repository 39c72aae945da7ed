// The polygon: a simple outline (convex or concave, either winding) local to (x, y), turned by its
// rotation. A strictly convex one is made through the hull, which welds points closer than 1e-7 of
// the polygon's size, exactly as before concave outlines; a concave one collides as the compound of
// its convex pieces (core/outline.ts), at most 8 points each.
import { checkSimplePolygon, convexPieces, isConvexOutline } from "../outline";
import { plainCoordinate } from "../scene/field-limits";
import type { Point, PolygonShape } from "../scene/types";
import { makeCompound, makeConvexPiece, makeOutlinePolygon, type Geometry, type Made, type ShapeGeometry } from "../shapes";
import { emptyBounds, growBounds, type CoreShapeKind } from "./kind";


/** Points as the schema's tuples of two coordinates, a simple polygon (the schema's check). */
function plainSimplePoints(points: unknown): boolean {
  if (!Array.isArray(points)) return false;
  for (let i = 0; i < points.length; i++) {
    const p: unknown = points[i];
    if (!Array.isArray(p) || p.length !== 2 || !plainCoordinate(p[0]) || !plainCoordinate(p[1])) return false;
  }
  // A strictly convex outline (same turn at every point, winding once: checkConvexPolygon) is
  // simple, and the common case: its check is one pass instead of the edge search.
  return isConvexOutline(points as Point[]) || checkSimplePolygon(points as Point[]) === null;
}

/**
 * A concave outline's geometry: its convex pieces, made through the hull, as one solid. A sliver
 * piece the hull finds flat (under 1e-9 of its size squared) is left out: the others still cover
 * the outline, and a needle's tip, where two nearly parallel faces meet, is lost to rounding.
 * Only an outline made of nothing but slivers keeps them as they are (makeConvexPiece), so every
 * outline the format accepts has a geometry; one it refuses (crossing itself) has none.
 */
function concaveGeometry(points: readonly Point[]): Made<ShapeGeometry> {
  // Validation has checked this for shapes from a file or add(); a list given to sync() unchecked
  // may hold an outline that crosses itself, whose pieces would cover the wrong area.
  const problem = checkSimplePolygon(points);
  if (problem !== null) return { ok: false, reason: `polygon: ${problem.message}` };
  const pieces = convexPieces(points);
  const parts: Geometry[] = [];
  for (const piece of pieces) {
    const made = makeOutlinePolygon(piece);
    if (made.ok) parts.push(made.value);
  }
  if (parts.length === 0) {
    for (const piece of pieces) {
      const made = makeConvexPiece(piece.map(([x, y]) => ({ x, y })));
      if (made.ok) parts.push(made.value);
    }
  }
  if (parts.length === 0) return { ok: false, reason: "polygon: it has no area" };
  return makeCompound(parts, true);
}

/** The box of points at the pose x, y, cos, sin in pose[0…3] (as writeBounds's), at out[at…]. */
export function writePointsBounds(pose: Float64Array, points: readonly Point[], out: Float64Array, at: number): void {
  const x = pose[0]!, y = pose[1]!, c = pose[2]!, s = pose[3]!;
  emptyBounds(out, at);
  for (let i = 0; i < points.length; i++) growBounds(out, at, x, y, c, s, points[i]![0], points[i]![1]);
}

export const polygonKind: CoreShapeKind<PolygonShape> = {
  type: "polygon",
  plainFields: (s) => plainSimplePoints(s.points),
  solid: true,
  rotates: true,
  geometry: (s) => (isConvexOutline(s.points) ? makeOutlinePolygon(s.points) : concaveGeometry(s.points)),
  // Over all its points, where the geometry welds close ones: never smaller than the geometry's.
  writeBounds: (shape, pose, out, at) => writePointsBounds(pose, shape.points, out, at),
};
