// The polygon: strictly convex points (either winding) local to (x, y), turned by its rotation;
// made through the hull, which welds points closer than 1e-7 of the polygon's size.
import { z } from "zod";
import { checkConvexPolygon, toVec } from "../hull";
import { base, plainCoordinate, point, whenValid } from "../scene/field-rules";
import type { PolygonShape } from "../scene/types";
import { makePolygon } from "../shapes";
import { rotFromDegrees } from "../vec2";
import { emptyBounds, growBounds, type CoreShapeKind } from "./kind";

const schema = z
  .looseObject({ ...base, type: z.literal("polygon"), points: z.array(point) })
  .superRefine((p, ctx) => {
    const problem = checkConvexPolygon(p.points.map(toVec));
    if (problem) {
      const path = "index" in problem ? ["points", problem.index] : ["points"];
      ctx.addIssue({ code: "custom", path, message: problem.message });
    }
  }, whenValid("points"));

/** Points as the schema's tuples of two coordinates, strictly convex (the schema's check). */
function plainConvexPoints(points: unknown): boolean {
  if (!Array.isArray(points)) return false;
  const vecs: { x: number; y: number }[] = [];
  for (const p of points) {
    if (!Array.isArray(p) || p.length !== 2 || !plainCoordinate(p[0]) || !plainCoordinate(p[1])) return false;
    vecs.push({ x: p[0], y: p[1] });
  }
  return checkConvexPolygon(vecs) === null;
}

export const polygonKind: CoreShapeKind<PolygonShape, typeof schema> = {
  type: "polygon",
  schema,
  plainFields: (s) => plainConvexPoints(s.points),
  rotates: true,
  geometry: (s) => makePolygon(s.points.map(([x, y]) => ({ x, y }))),
  writeBounds(shape, out, at) {
    // Over all its points, where the geometry welds close ones: never smaller than the geometry's.
    const { c, s } = rotFromDegrees(shape.rotation);
    emptyBounds(out, at);
    for (const [lx, ly] of shape.points) growBounds(out, at, shape.x, shape.y, c, s, lx, ly);
  },
  trace(shape, sink) {
    const { c, s } = rotFromDegrees(shape.rotation);
    shape.points.forEach(([lx, ly], i) => {
      const x = shape.x + c * lx - s * ly, y = shape.y + s * lx + c * ly;
      if (i === 0) sink.moveTo(x, y);
      else sink.lineTo(x, y);
    });
    sink.closePath();
  },
};
