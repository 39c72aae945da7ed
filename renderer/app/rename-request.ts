// Rename (F2, a double-click on an Objects row): the Inspector's Name field of the one selected
// shape, probe or image takes the focus with its text selected, as Tiled's F2 does; Enter commits,
// Escape cancels (the field's own rules). A request, not a call into the panel: a row's double-click
// selects first, and the field to focus is the one the Inspector renders for the new selection.
import { create } from "zustand";
import type { Editor } from "../editor/editor";
import { lockedEditRefusal } from "../store/layer-actions";

export const useRenameRequest = create<{ readonly pending: boolean }>()(() => ({ pending: false }));

/** Why the selection cannot be renamed now, or null. */
export function renameRefusal(editor: Editor): string | null {
  const { selection, selectedImage, layers } = editor.getState();
  if (selectedImage !== null) return null;
  if (selection.length !== 1) return selection.length === 0 ? "Select a shape, a ray or a sweep to rename it" : "Select one shape, ray or sweep to rename it";
  return lockedEditRefusal(editor.shapesWithIds(selection), layers);
}

/** Asks the Inspector to focus the selection's Name field (the next one it renders). */
export function requestRename(): void {
  useRenameRequest.setState({ pending: true });
}

/** Called by the field that took the focus. */
export function renameTaken(): void {
  useRenameRequest.setState({ pending: false });
}
