// Select tool, RotatingGroup: the knob above a multi-selection's box turns every selected shape
// about the box's centre (a circle only moves round; probes' points go with them), towards the
// pointer as the single shape's knob does (Shift: 15° steps, ticked on the knob's circle). The box
// turns with them until the release; the readout shows the angle. One undo step; Escape restores.
import { groupStepName } from "../../editor/describe-change";
import { shortNumber } from "../../shapes/kind";
import { turnProbeAbout, turnShapeAbout } from "../../shapes/transform";
import { replaceItems } from "../../store/actions";
import { ROTATE_CURSOR } from "../cursor";
import { GestureState } from "../gesture-state";
import type { PointerInfo } from "../state-node";
import { groupHandlesOf, rectCentre, type GroupDragStart } from "./group";
import { ROTATE_SNAP, rotationTowards } from "./handles";

export class RotatingGroup extends GestureState<GroupDragStart> {
  readonly id = "rotating-group";

  override cursor(): string {
    return ROTATE_CURSOR;
  }

  override hint(): string {
    return `Rotating the selection about its centre · Shift: ${ROTATE_SNAP}° steps · Escape cancels`;
  }

  override onExit(): void {
    this.editor.overlay.setState({ readout: null, rotationSteps: null, groupFrame: null });
    super.onExit();
  }

  protected override stepLabel({ group }: GroupDragStart): string {
    return groupStepName("Rotate", group.shapes, group.probes);
  }

  protected step({ group }: GroupDragStart, p: PointerInfo): void {
    const centre = rectCentre(group.box);
    const degrees = rotationTowards(centre, p.world, p.shift);
    replaceItems(
      this.editor,
      group.shapes.map((s) => turnShapeAbout(s, centre, degrees)),
      group.probes.map((q) => turnProbeAbout(q, centre, degrees)),
    );
    const frame = { box: group.box, rotation: degrees };
    const knob = groupHandlesOf(frame, this.editor.getState().view.scale)[0]!.at;
    this.editor.overlay.setState({
      groupFrame: frame,
      readout: { text: `${shortNumber(degrees)}°${p.shift ? ` (${ROTATE_SNAP}° steps)` : ""}`, at: p.world, away: centre },
      rotationSteps: p.shift ? { centre, radius: Math.hypot(knob.x - centre.x, knob.y - centre.y), step: ROTATE_SNAP } : null,
    });
  }
}
