// The chain: edges of zero thickness through points local to (x, y), turned by its rotation, from
// each point to the next and, when `closed`, from the last back to the first (Box2D's chain shape).
// Made as a compound of edges (capsules of radius 0); `oneSided` edges block only from their front.
import { repeatedPoint } from "../outline";
import { plainCoordinate } from "../scene/field-limits";
import type { ChainShape, Point } from "../scene/types";
import { makeCompound, makeSegment, type Geometry } from "../shapes";
import type { CoreShapeKind } from "./kind";
import { writePointsBounds } from "./polygon";

/** What the format says of a chain's points, or null when it accepts them. */
export function chainPointsProblem(points: readonly Point[], closed: boolean): { readonly index?: number; readonly message: string } | null {
  const least = closed ? 3 : 2;
  if (points.length < least) return { message: `a ${closed ? "closed " : ""}chain needs at least ${least} points, got ${points.length}` };
  return repeatedPoint(points, closed);
}


function plainChain(s: Readonly<Record<string, unknown>>): boolean {
  const points = s.points;
  if (!Array.isArray(points)) return false;
  if ((s.closed !== undefined && typeof s.closed !== "boolean") || (s.oneSided !== undefined && typeof s.oneSided !== "boolean")) return false;
  for (const p of points) {
    if (!Array.isArray(p) || p.length !== 2 || !plainCoordinate(p[0]) || !plainCoordinate(p[1])) return false;
  }
  return chainPointsProblem(points as Point[], s.closed === true) === null;
}

export const chainKind: CoreShapeKind<ChainShape> = {
  type: "chain",
  plainFields: plainChain,
  solid: false,
  rotates: true,
  geometry(s) {
    const n = s.points.length, edges = s.closed ? n : n - 1;
    const parts: Geometry[] = [];
    for (let i = 0; i < edges; i++) {
      const [x1, y1] = s.points[i]!, [x2, y2] = s.points[(i + 1) % n]!;
      const edge = makeSegment(x1, y1, x2, y2);
      if (!edge.ok) return { ok: false, reason: `chain: edge ${i}: ${edge.reason}` };
      parts.push(edge.value);
    }
    return makeCompound(parts, false, s.oneSided === true);
  },
  writeBounds: (shape, pose, out, at) => writePointsBounds(pose, shape.points, out, at),
};
