// Select tool, Resizing: a box's edge or corner handle follows the pointer along the box's axes
// (Shift: about the centre; Ctrl/Cmd: keeping the aspect ratio), as the box kind says. Ctrl being
// taken, Alt turns snapping over while held.
import { HandleDrag } from "./handle-drag";

export class Resizing extends HandleDrag {
  readonly id = "resizing";
  protected override readonly snapKey = "Alt";
}
