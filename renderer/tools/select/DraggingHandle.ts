// Select tool, DraggingHandle: a circle's or capsule's radius, a capsule's end, a polygon's vertex
// or the midpoint of an edge (which inserts a vertex) follows the pointer. A polygon must stay
// strictly convex: Shift takes the convex hull instead of refusing.
import type { Shape } from "../../../core";
import { snapLength, snapPoint } from "../../store/view";
import type { PointerInfo } from "../state-node";
import { HandleDrag, type HandleDragStart } from "./handle-drag";
import { dragCapsuleEnd, dragRadius, insertVertex, moveVertex, type PolygonEdit } from "./handles";

export class DraggingHandle extends HandleDrag {
  readonly id = "dragging-handle";

  protected reshape({ shape, handle }: HandleDragStart, p: PointerInfo): Shape | PolygonEdit {
    const at = snapPoint(this.editor, p.world);
    const snap = (v: number) => snapLength(this.editor, v);
    switch (handle.kind) {
      case "radius":
        return shape.type === "circle" || shape.type === "capsule" ? dragRadius(shape, at, snap) : shape;
      case "height":
        return shape.type === "capsule" ? dragCapsuleEnd(shape, handle.end, at, p.shift, snap) : shape;
      case "vertex":
        return shape.type === "polygon" ? moveVertex(shape, handle.index, at, p.shift) : shape;
      case "midpoint":
        return shape.type === "polygon" ? insertVertex(shape, handle.index, at, p.shift) : shape;
      case "rotate":
      case "resize":
        return shape;
    }
  }
}
