// A placing tool between press and release: the shape the gesture would make shows as a ghost,
// fitted to the dragged rectangle (a click makes a default-size shape); release adds it, Escape
// drops it. With snapping on, both corners of a drag are on the grid; a click's shape has sizes of
// whole cells and its box's top-left corner on the grid (as Tiled places an object by its origin),
// about centred on the click, so its edges lie on grid lines.
import { shapeBounds, type Shape } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { placeShape } from "../../shapes/registry";
import { addShape, freshId } from "../../store/actions";
import { clickSlop, snapAnchorOf, snapDelta, snapPoint } from "../../store/view";
import { PreviewGesture } from "../preview-gesture";
import type { PointerInfo } from "../state-node";
import type { PlaceTool } from "./place-tool";

interface PlaceStart {
  /** Where the press was (unsnapped: a click's shape is fitted to the grid whole). */
  readonly start: Point2;
  /** The new shape's id, taken once at the press (a fresh id scans the document's ids). */
  readonly id: string;
}

export class Placing extends PreviewGesture<PlaceStart, Shape> {
  readonly id = "placing";

  private get kind() {
    return (this.parent as PlaceTool).kind;
  }

  protected begin(info: unknown): PlaceStart {
    return { start: (info as PointerInfo).world, id: freshId(this.editor, this.kind) };
  }

  protected make(from: PlaceStart, pointer: Point2, snap: boolean): Shape {
    const slop = clickSlop(this.editor);
    const a = snapPoint(this.editor, from.start, snap), b = snapPoint(this.editor, pointer, snap);
    const moved = Math.max(Math.abs(pointer.x - from.start.x), Math.abs(pointer.y - from.start.y)) >= slop;
    // A drag whose corners snap to one point is a click too.
    if (moved && Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) >= slop) return placeShape(this.kind, from.id, a, b, slop);
    if (!snap) return placeShape(this.kind, from.id, from.start, from.start, slop);
    const shape = placeShape(this.kind, from.id, from.start, from.start, slop, this.editor.getState().gridSize);
    const d = snapDelta(this.editor, snapAnchorOf(shapeBounds(shape)), 0, 0, true);
    return { ...shape, x: shape.x + d.x, y: shape.y + d.y };
  }

  protected show(preview: Shape | null): void {
    this.editor.overlay.setState({ preview });
  }

  protected commit(_from: PlaceStart, shape: Shape): void {
    addShape(this.editor, shape);
  }
}
