// Select tool, Resizing: a box's edge or corner handle follows the pointer along the box's axes
// (Shift: about the centre; Ctrl/Cmd: keeping the aspect ratio).
import type { Shape } from "../../../core";
import { snapLength, snapPoint } from "../../store/view";
import type { PointerInfo } from "../state-node";
import { HandleDrag, type HandleDragStart } from "./handle-drag";
import { resizeBox } from "./handles";

export class Resizing extends HandleDrag {
  readonly id = "resizing";

  protected reshape({ shape, handle }: HandleDragStart, p: PointerInfo): Shape {
    if (shape.type !== "box" || handle.kind !== "resize") return shape;
    return resizeBox(shape, handle.side, snapPoint(this.editor, p.world), { centred: p.shift, keepAspect: p.mod, snapLength: (v) => snapLength(this.editor, v) });
  }
}
