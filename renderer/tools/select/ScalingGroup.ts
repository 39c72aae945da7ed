// Select tool, ScalingGroup: a corner of a multi-selection's box scales every selected shape
// uniformly (proportions kept) about the opposite corner, or about the centre with Shift, as a
// single box's handles do: positions about the anchor, and each kind's sizes or points (probes'
// points go with them). With snapping on, the dragged corner lands on a grid line (the factor
// itself is not rounded); Ctrl/Cmd turns snapping over. No length goes below MIN_EDIT_SIZE: the
// factor stops there and the status bar says so. The readout shows the factor. One undo step;
// Escape restores.
import { groupStepName } from "../../editor/describe-change";
import { cornerCursor } from "./ResizingImage";
import { MIN_EDIT_SIZE } from "../../shapes/kind";
import { scaleProbeAbout, scaleShapeAbout, smallestScale } from "../../shapes/transform";
import { notify, replaceItems } from "../../store/actions";
import { snapPoint, snapsNow } from "../../store/view";
import { GestureState } from "../gesture-state";
import { snapToggleHint } from "../snap-hint";
import type { PointerInfo } from "../state-node";
import { cornerScale, type GroupDragStart } from "./group";

export class ScalingGroup extends GestureState<GroupDragStart> {
  readonly id = "scaling-group";
  /** The least factor the group at the press allows. */
  private least = 0;

  override onEnter(info: unknown): void {
    super.onEnter(info);
    this.least = smallestScale(this.from!.group.shapes);
  }

  override cursor(): string | null {
    return this.from?.corner ? cornerCursor(this.from.corner) : null;
  }

  override hint(): string {
    return `Scaling, proportions kept · ${snapToggleHint(this.editor, "Ctrl")} · Shift: about the centre · Escape cancels`;
  }

  override onExit(): void {
    this.editor.overlay.setState({ readout: null });
    super.onExit();
  }

  protected override stepLabel({ group }: GroupDragStart): string {
    return groupStepName("Scale", group.shapes, group.probes);
  }

  protected step({ group, corner }: GroupDragStart, p: PointerInfo): void {
    if (!corner) return;
    const pointer = snapPoint(this.editor, p.world, snapsNow(this.editor, p.mod));
    const { k: wanted, anchor } = cornerScale(group.box, corner, pointer, p.shift);
    const k = Math.max(wanted, this.least);
    replaceItems(
      this.editor,
      group.shapes.map((s) => scaleShapeAbout(s, anchor, k)),
      group.probes.map((q) => scaleProbeAbout(q, anchor, k)),
    );
    if (wanted < this.least) notify(this.editor, `Scale stops at × ${factorText(k)}: no size goes below ${MIN_EDIT_SIZE}`);
    this.editor.overlay.setState({ readout: { text: `× ${factorText(k)}`, at: p.world, away: anchor } });
  }
}

/** A scale factor as the label shows it: two decimals, two significant digits below 0.1 (× 0.025, not × 0.03). */
const factorText = (k: number): string => (k >= 0.1 ? k.toFixed(2) : String(Number(k.toPrecision(2))));
