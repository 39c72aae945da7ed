// Select tool, DraggingHandle: a kind's own handle follows the pointer: a circle's or capsule's
// radius, a capsule's end, a polygon's vertex or the midpoint of an edge (which inserts a vertex).
// An outline edit that would make it cross itself stops, its two edges in red; Shift takes the convex hull.
import { HandleDrag } from "./handle-drag";

export class DraggingHandle extends HandleDrag {
  readonly id = "dragging-handle";
}
