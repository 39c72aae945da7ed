// The ray tool between press and release: the ray from the press to the pointer shows with its
// hit; release keeps it as a probe when it is longer than a click.
import type { RayProbe } from "../../../core";
import { addProbe, freshId } from "../../store/actions";
import { clickSlop, snapPoint } from "../../store/view";
import type { Point2 } from "../../shapes/kind";
import { StateNode, type PointerInfo } from "../state-node";

export class DrawingRay extends StateNode {
  readonly id = "drawing";
  private start: Point2 | null = null;

  private rayTo(pointer: Point2): RayProbe {
    const end = snapPoint(this.editor, pointer);
    const id = freshId(this.editor, "ray");
    return { id, name: id, type: "ray", from: [this.start!.x, this.start!.y], to: [end.x, end.y] };
  }

  override onEnter(info: unknown): void {
    const p = info as PointerInfo;
    this.start = snapPoint(this.editor, p.world);
    this.editor.overlay.setState({ probePreview: this.rayTo(p.world) });
  }

  override onExit(): void {
    this.start = null;
    this.editor.overlay.setState({ probePreview: null });
  }

  override onPointerMove(p: PointerInfo): void {
    this.editor.overlay.setState({ probePreview: this.rayTo(p.world) });
  }

  override onPointerUp(p: PointerInfo): void {
    const probe = this.rayTo(p.world);
    const moved = Math.hypot(probe.to[0] - this.start!.x, probe.to[1] - this.start!.y) >= clickSlop(this.editor);
    this.go("idle");
    if (moved) addProbe(this.editor, probe);
  }

  override onCancel(): void {
    this.go("idle");
  }
}
