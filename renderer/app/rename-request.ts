// Rename (F2, a double-click on an Objects row): the Inspector's Name field of the selected
// shapes (all of them at once), probe or image takes the focus with its text selected, as Tiled's F2 does; Enter commits,
// Escape cancels (the field's own rules). A request, not a call into the panel: a row's double-click
// selects first, and the field to focus is the one the Inspector renders for the new selection.
import { create } from "zustand";
import type { Editor } from "../editor/editor";
import { lockedEditRefusal } from "../store/layer-actions";

export const useRenameRequest = create<{ readonly pending: boolean }>()(() => ({ pending: false }));

/**
 * Why the selection cannot be renamed now, or null. Several shapes are renamed together (the
 * Inspector's Name field names them all), several probes are not (the Inspector shows one).
 */
export function renameRefusal(editor: Editor): string | null {
  const { selection, selectedImage, layers } = editor.getState();
  if (selectedImage !== null) return null;
  if (selection.length === 0) return "Select a shape, a ray or a sweep to rename it";
  const shapes = editor.shapesWithIds(selection);
  if (shapes.length === 0 && selection.length > 1) return "Select one ray or sweep to rename it";
  return lockedEditRefusal(shapes, layers);
}

/** Asks the Inspector to focus the selection's Name field (the next one it renders). */
export function requestRename(): void {
  useRenameRequest.setState({ pending: true });
}

/** Called by the field that took the focus. */
export function renameTaken(): void {
  useRenameRequest.setState({ pending: false });
}
