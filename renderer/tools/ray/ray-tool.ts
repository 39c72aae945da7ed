// The ray tool: press where the ray starts, drag to where it ends, release. The ray is kept in the
// scene as a probe and shows its first hit live; a click without a drag makes nothing.
import type { Editor } from "../../editor/editor";
import { DRAWING_CURSOR } from "../cursor";
import { StateNode } from "../state-node";
import { DrawingRay } from "./DrawingRay";
import { RayIdle } from "./RayIdle";

export class RayTool extends StateNode {
  readonly id = "ray";

  constructor(editor: Editor, parent: StateNode) {
    super(editor, parent);
    this.addChildren(new RayIdle(editor, this), new DrawingRay(editor, this));
  }

  /** Every state of the tool draws at a point. */
  override cursor(): string {
    return DRAWING_CURSOR;
  }
}
