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

interface PlaceStart {
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
    return { start: snapPoint(this.editor, (info as PointerInfo).world), id: freshId(this.editor, this.kind) };
  }

  protected make(from: PlaceStart, pointer: Point2): Shape {
    return placeShape(this.kind, from.id, from.start, snapPoint(this.editor, pointer), clickSlop(this.editor));
  }

  protected show(preview: Shape | null): void {
    this.editor.overlay.setState({ preview });
  }

  protected commit(_from: PlaceStart, shape: Shape): void {
    addShape(this.editor, shape);
  }
}
