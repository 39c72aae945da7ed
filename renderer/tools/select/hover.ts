// The select tool's hover: the shape a press would pick under the pointer at rest, outlined on the
// canvas. Only while the select tool is idle; shapes of locked or hidden layers are never picked,
// so never hovered.
import type { Editor } from "../../editor/editor";
import type { Point2 } from "../../shapes/kind";
import { shapesAt } from "./picking";

/** Hovers the topmost pickable shape at `world` (null: the pointer left the canvas). */
export function hoverAt(editor: Editor, world: Point2 | null): void {
  const id = world && editor.getState().toolPath === "select.idle" ? (shapesAt(editor, world)[0]?.id ?? null) : null;
  if (editor.overlay.getState().hover !== id) editor.overlay.setState({ hover: id });
}
