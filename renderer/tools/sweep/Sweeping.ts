// The sweep tool between press and release: the pressed shape's sweep to where the pointer takes
// it shows live; release keeps it as a probe when it moved further than a click.
import type { SweepProbe } from "../../../core";
import { addProbe, freshId } from "../../store/actions";
import { clickSlop, snapPoint } from "../../store/view";
import type { Point2 } from "../../shapes/kind";
import { StateNode, type PointerInfo } from "../state-node";

export interface SweepStart {
  readonly start: Point2;
  readonly shape: string;
  /** The shape's position when pressed. */
  readonly origin: Point2;
}

export class Sweeping extends StateNode {
  readonly id = "sweeping";
  private from: SweepStart | null = null;

  private sweepTo(p: Point2): SweepProbe {
    const d = this.from!;
    const id = freshId(this.editor, "sweep");
    const to = snapPoint(this.editor, { x: d.origin.x + p.x - d.start.x, y: d.origin.y + p.y - d.start.y });
    return { id, name: id, type: "sweep", shape: d.shape, to: [to.x, to.y] };
  }

  override onEnter(info: unknown): void {
    this.from = info as SweepStart;
    this.editor.overlay.setState({ probePreview: this.sweepTo(this.from.start) });
  }

  override onExit(): void {
    this.from = null;
    this.editor.overlay.setState({ probePreview: null });
  }

  override onPointerMove(p: PointerInfo): void {
    this.editor.overlay.setState({ probePreview: this.sweepTo(p.world) });
  }

  override onPointerUp(p: PointerInfo): void {
    const moved = Math.hypot(p.world.x - this.from!.start.x, p.world.y - this.from!.start.y) >= clickSlop(this.editor);
    const probe = this.sweepTo(p.world);
    this.go("idle");
    if (moved) addProbe(this.editor, probe);
  }

  override onCancel(): void {
    this.go("idle");
  }
}
