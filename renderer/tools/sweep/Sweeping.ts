// The sweep tool between press and release: the pressed shape's sweep to where the pointer takes
// it shows live; release keeps it as a probe when it moved further than a click.
import type { SweepProbe } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { addProbe, freshId } from "../../store/actions";
import { clickSlop, snapPoint } from "../../store/view";
import { PreviewGesture } from "../preview-gesture";
import type { PointerInfo } from "../state-node";

export interface SweepStart {
  /** Where the shape was pressed. */
  readonly start: Point2;
  readonly shape: string;
  /** The shape's position when pressed. */
  readonly origin: Point2;
}

/** A sweep under way: its start and the new probe's id, taken once at the press. */
interface SweepGesture extends SweepStart {
  readonly id: string;
}

export class Sweeping extends PreviewGesture<SweepGesture, SweepProbe> {
  readonly id = "sweeping";

  protected begin(info: unknown): SweepGesture {
    return { ...(info as SweepStart), id: freshId(this.editor, "sweep") };
  }

  protected make(d: SweepGesture, p: Point2): SweepProbe {
    const id = d.id;
    const to = snapPoint(this.editor, { x: d.origin.x + p.x - d.start.x, y: d.origin.y + p.y - d.start.y });
    return { id, name: id, type: "sweep", shape: d.shape, to: [to.x, to.y] };
  }

  protected show(probePreview: SweepProbe | null): void {
    this.editor.overlay.setState({ probePreview });
  }

  protected commit(from: SweepGesture, sweep: SweepProbe, p: PointerInfo): void {
    if (Math.hypot(p.world.x - from.start.x, p.world.y - from.start.y) >= clickSlop(this.editor)) addProbe(this.editor, sweep);
  }
}
