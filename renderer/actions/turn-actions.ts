// Flip and quarter-turn the selection, with Tiled's keys for its selected objects (X, Y, Z, Shift+Z).
import type { Editor } from "../editor/editor";
import { turnSelection, type Turn } from "../store/turn-selection";
import type { Action } from "./types";

/** Enabled with shapes or probes selected, or an image (which says why it does not turn). */
const hasSelection = (editor: Editor) => editor.getState().selection.length > 0 || editor.getState().selectedImage !== null;

const turn = (id: Turn, label: string, keys: Action["keys"], keywords: readonly string[]): Action => ({
  id: `edit.${id}`, label, group: "Edit", section: "turn", keys, keywords, enabled: hasSelection,
  whyDisabled: () => "Select shapes or rays first: click one, or drag a box around several",
  // Not in the middle of a drag or a drawing: the gesture owns the shapes until it ends.
  run: (editor) => {
    if (editor.tools.resting() && !editor.gestureActive()) turnSelection(editor, id);
  },
});

export const TURN_ACTIONS: readonly Action[] = [
  turn("flipHorizontal", "Flip Horizontally", [{ key: "x" }], ["mirror"]),
  turn("flipVertical", "Flip Vertically", [{ key: "y" }], ["mirror"]),
  turn("rotateClockwise", "Rotate 90° Clockwise", [{ key: "z" }], ["turn", "right"]),
  turn("rotateAnticlockwise", "Rotate 90° Anticlockwise", [{ key: "z", shift: true }], ["turn", "left", "counterclockwise"]),
];
