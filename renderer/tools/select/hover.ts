// The select tool's hover: the shape a press would pick under the pointer at rest, outlined on the
// canvas. Only while the select tool is idle; shapes of locked or hidden layers are never picked,
// so never hovered.
import type { Editor } from "../../editor/editor";
import type { Point2 } from "../../shapes/kind";
import { shapesAt } from "./picking";

/**
 * Hovers `hit`, what the canvas found under the pointer (the topmost pickable shape, or a handle or
 * probe, which are not outlined), while the select tool is idle; null: nothing or off the canvas.
 */
export function hoverHit(editor: Editor, hit: string | null): void {
  const id = hit !== null && editor.getState().toolPath === "select.idle" && editor.shapeById(hit) ? hit : null;
  if (editor.overlay.getState().hover !== id) editor.overlay.setState({ hover: id });
}

/** Hovers the topmost pickable shape at `world` (null: the pointer left the canvas). */
export const hoverAt = (editor: Editor, world: Point2 | null): void => hoverHit(editor, world && (shapesAt(editor, world)[0]?.id ?? null));
