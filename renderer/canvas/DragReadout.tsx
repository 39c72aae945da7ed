// The numbers of a handle drag beside the pointer ("120 × 40", "r 32", "45°"), as an HTML label
// over the canvas. It sits off the pointer on the side away from the shape's centre, so it covers
// neither the dragged handle nor the shape, and turns back inward at the canvas's edges.
import { useEditor, useEditorState, useOverlay } from "../editor/react";
import { worldToScreen } from "../store/view";

/** Screen pixels between the pointer and the label's near corner: clear of a 24 px cursor. */
const GAP = 16;
/** Room kept for the label before it flips inward at the canvas's right and bottom edges. */
const ROOM = { width: 150, height: 32 };

export function DragReadout() {
  const editor = useEditor();
  const readout = useOverlay((o) => o.readout);
  const view = useEditorState((s) => s.view);
  if (!readout) return null;
  const at = worldToScreen(view, readout.at);
  const centre = worldToScreen(view, readout.away);
  const { width, height } = editor.canvasSize;
  const right = at.x >= centre.x ? at.x + GAP + ROOM.width <= width : at.x - GAP - ROOM.width < 0;
  const below = at.y >= centre.y ? at.y + GAP + ROOM.height <= height : at.y - GAP - ROOM.height < 0;
  const style = {
    left: at.x + (right ? GAP : -GAP),
    top: at.y + (below ? GAP : -GAP),
    transform: `translate(${right ? 0 : "-100%"}, ${below ? 0 : "-100%"})`,
  };
  return (
    <div className="drag-readout" data-testid="drag-readout" style={style}>
      {readout.text}
    </div>
  );
}
