// The tool of each shape kind placed by a drag (circle, box, capsule): press, drag to size (or just
// click), release. Idle waits for the press; Placing shows the shape the gesture would make and
// adds it on release.
import type { ShapeType } from "../../../core";
import type { Editor } from "../../editor/editor";
import type { ToolId } from "../../editor/state";
import { DRAWING_CURSOR } from "../cursor";
import { StateNode } from "../state-node";
import { PlaceIdle } from "./PlaceIdle";
import { Placing } from "./Placing";

export class PlaceTool extends StateNode {
  readonly id: ToolId;

  constructor(
    editor: Editor,
    parent: StateNode,
    readonly kind: ShapeType,
  ) {
    super(editor, parent);
    this.id = kind;
    this.addChildren(new PlaceIdle(editor, this), new Placing(editor, this));
  }

  /** Every state of the tool draws at a point. */
  override cursor(): string {
    return DRAWING_CURSOR;
  }
}
