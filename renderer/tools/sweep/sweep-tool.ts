// The sweep tool: press on a shape and drag to where it should go; the shape's swept area, its
// pose at first contact, the contact point and normal show live. Kept in the scene as a probe.
import type { Editor } from "../../editor/editor";
import { DRAWING_CURSOR } from "../cursor";
import { StateNode } from "../state-node";
import { SweepIdle } from "./SweepIdle";
import { Sweeping } from "./Sweeping";

export const SWEEP_HINT = "Sweep: press on a shape and drag it to where it should go";

export class SweepTool extends StateNode {
  readonly id = "sweep";

  constructor(editor: Editor, parent: StateNode) {
    super(editor, parent);
    this.addChildren(new SweepIdle(editor, this), new Sweeping(editor, this));
  }

  /** Every state of the tool draws at a point. */
  override cursor(): string {
    return DRAWING_CURSOR;
  }
}
