// A placing tool between press and release: the shape the gesture would make shows as a ghost,
// fitted to the dragged rectangle (a click makes a default-size shape); release adds it, Escape
// drops it. With snapping on, both corners (or a click's centre) are on the grid.
import type { Shape } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { placeShape } from "../../shapes/registry";
import { addShape, freshId } from "../../store/actions";
import { clickSlop, snapPoint } from "../../store/view";
import { PreviewGesture } from "../preview-gesture";
import type { PointerInfo } from "../state-node";
import type { PlaceTool } from "./place-tool";

export class Placing extends PreviewGesture<{ readonly start: Point2 }, Shape> {
  readonly id = "placing";

  protected begin(info: unknown) {
    return { start: snapPoint(this.editor, (info as PointerInfo).world) };
  }

  protected make(from: { readonly start: Point2 }, pointer: Point2): Shape {
    const kind = (this.parent as PlaceTool).kind;
    return placeShape(kind, freshId(this.editor, kind), from.start, snapPoint(this.editor, pointer), clickSlop(this.editor));
  }

  protected show(preview: Shape | null): void {
    this.editor.overlay.setState({ preview });
  }

  protected commit(_from: { readonly start: Point2 }, shape: Shape): void {
    addShape(this.editor, shape);
  }
}
