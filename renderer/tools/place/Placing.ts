// A placing tool between press and release: the shape the gesture would make shows as a ghost,
// fitted to the dragged rectangle (a click makes a default-size shape); release adds it, Escape
// drops it. With snapping on, both corners (or a click's centre) are on the grid.
import { addShape, freshId } from "../../store/actions";
import { clickSlop, snapPoint } from "../../store/view";
import { StateNode, type PointerInfo } from "../state-node";
import type { Point2 } from "../../shapes/kind";
import { placeShape } from "../../shapes/registry";
import type { PlaceTool } from "./place-tool";

export class Placing extends StateNode {
  readonly id = "placing";
  private start: Point2 | null = null;

  private shapeTo(end: Point2) {
    const kind = (this.parent as PlaceTool).kind;
    return placeShape(kind, freshId(this.editor, kind), this.start!, snapPoint(this.editor, end), clickSlop(this.editor));
  }

  override onEnter(info: unknown): void {
    const p = info as PointerInfo;
    this.start = snapPoint(this.editor, p.world);
    this.editor.overlay.setState({ preview: this.shapeTo(p.world) });
  }

  override onExit(): void {
    this.start = null;
    this.editor.overlay.setState({ preview: null });
  }

  override onPointerMove(p: PointerInfo): void {
    this.editor.overlay.setState({ preview: this.shapeTo(p.world) });
  }

  override onPointerUp(p: PointerInfo): void {
    const shape = this.shapeTo(p.world);
    this.go("idle");
    addShape(this.editor, shape);
  }

  override onCancel(): void {
    this.go("idle");
  }
}
