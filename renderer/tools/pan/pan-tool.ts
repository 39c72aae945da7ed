// The pan tool: dragging moves the view, not the document. Also used on its own (not as the active
// tool) for Space-drag and middle-button pans, whatever tool is active.
import type { Editor } from "../../editor/editor";
import { StateNode } from "../state-node";
import { PanIdle } from "./PanIdle";
import { Panning } from "./Panning";

export class PanTool extends StateNode {
  readonly id = "pan";

  constructor(editor: Editor, parent: StateNode | null) {
    super(editor, parent);
    this.addChildren(new PanIdle(editor, this), new Panning(editor, this));
  }
}
