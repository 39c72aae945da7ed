// A local frame: axes turned by `degrees` (clockwise on screen), origin at (x, y), y down. Kind
// modules use it with their own rotation (none for a circle); registry.ts with any shape's.
import { rotFromDegrees } from "../../core";
import type { Point2 } from "./kind";

export function frameToWorld(origin: Point2, degrees: number, p: Point2): Point2 {
  const q = rotFromDegrees(degrees);
  return { x: origin.x + q.c * p.x - q.s * p.y, y: origin.y + q.s * p.x + q.c * p.y };
}

export function worldToFrame(origin: Point2, degrees: number, p: Point2): Point2 {
  const q = rotFromDegrees(degrees);
  const dx = p.x - origin.x, dy = p.y - origin.y;
  return { x: q.c * dx + q.s * dy, y: -q.s * dx + q.c * dy };
}
