// The sweep tool between press and release: the pressed shape's sweep to where the pointer takes
// it shows live; release keeps it as a probe when it moved further than a click. Snapping puts the
// shape's box's top-left corner on the grid at the target, as a move does.
import type { SweepProbe } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { addProbe, freshId } from "../../store/actions";
import { clickSlop, snapDelta } from "../../store/view";
import { PreviewGesture } from "../preview-gesture";
import type { PointerInfo } from "../state-node";

export interface SweepStart {
  /** Where the shape was pressed. */
  readonly start: Point2;
  readonly shape: string;
  /** The shape's position when pressed. */
  readonly origin: Point2;
  /** The top-left corner of the shape's box when pressed: what snaps to the grid. */
  readonly anchor: Point2;
  /** Ctrl/Cmd held at the press (snapping turned over). */
  readonly mod: boolean;
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

  protected make(d: SweepGesture, p: Point2, snap: boolean): SweepProbe {
    const id = d.id;
    const by = snapDelta(this.editor, d.anchor, p.x - d.start.x, p.y - d.start.y, snap);
    return { id, name: id, type: "sweep", shape: d.shape, to: [d.origin.x + by.x, d.origin.y + by.y] };
  }

  protected show(probePreview: SweepProbe | null): void {
    this.editor.overlay.setState({ probePreview });
  }

  protected commit(from: SweepGesture, sweep: SweepProbe, p: PointerInfo): void {
    if (Math.hypot(p.world.x - from.start.x, p.world.y - from.start.y) >= clickSlop(this.editor)) addProbe(this.editor, sweep);
  }
}
