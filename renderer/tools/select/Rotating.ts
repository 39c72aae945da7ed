// Select tool, Rotating: the rotate knob turns the shape towards the pointer (Shift: 15° steps).
// The readout shows the angle; with Shift it names the step, and ticks mark the steps on the
// circle the knob travels.
import type { Shape } from "../../../core";
import { shortNumber } from "../../shapes/kind";
import { kindOf } from "../../shapes/registry";
import type { PointerInfo } from "../state-node";
import { HandleDrag, type HandleDragStart } from "./handle-drag";
import { handlesOf, ROTATE_SNAP, rotationTowards } from "./handles";

export class Rotating extends HandleDrag {
  readonly id = "rotating";
  /** Angles snap with Shift; the grid has no part here. */
  protected override readonly snapKey = null;

  protected override reshape({ shape }: HandleDragStart, p: PointerInfo): Shape {
    return kindOf(shape).rotates ? { ...shape, rotation: rotationTowards(shape, p.world, p.shift) } : shape;
  }

  protected override step(from: HandleDragStart, p: PointerInfo): void {
    super.step(from, p);
    const shape = this.editor.shapeById(from.shape.id);
    const knob = shape && p.shift ? handlesOf(shape, this.editor.getState().view.scale).find((h) => h.handle.kind === "rotate") : undefined;
    const rotationSteps = shape && knob ? { centre: { x: shape.x, y: shape.y }, radius: Math.hypot(knob.at.x - shape.x, knob.at.y - shape.y), step: ROTATE_SNAP } : null;
    this.editor.overlay.setState({ rotationSteps });
  }

  protected override readout(shape: Shape, p: PointerInfo): string {
    return `${shortNumber(shape.rotation)}°${p.shift ? ` (${ROTATE_SNAP}° steps)` : ""}`;
  }
}
