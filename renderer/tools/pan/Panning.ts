// Panning: the grabbed world point stays under the pointer. Each move shifts the view by how far
// the pointer's world position strayed from it (positions come from the view as it is now, so no
// screen state is kept). The view is not undoable: Escape stops where the pan got to.
import { panBy } from "../../store/view-actions";
import type { Point2 } from "../../shapes/kind";
import { StateNode, type PointerInfo } from "../state-node";

export class Panning extends StateNode {
  readonly id = "panning";
  private grab: Point2 | null = null;

  override cursor(): string {
    return "grabbing";
  }

  override onEnter(info: unknown): void {
    this.grab = info as Point2;
  }

  private follow(p: Point2): void {
    const { scale } = this.editor.getState().view;
    panBy(this.editor, (p.x - this.grab!.x) * scale, (p.y - this.grab!.y) * scale);
  }

  override onPointerMove(p: PointerInfo): void {
    this.follow(p.world);
  }

  override onPointerUp(p: PointerInfo): void {
    this.follow(p.world);
    this.go("idle");
  }

  override onCancel(): void {
    this.go("idle");
  }
}
