// Undo, redo, selection and deletion.
import { cancelGesture, deleteSelection, redo, select, undo } from "../store/actions";
import { useEditor } from "../store/editor-store";
import { activeTool } from "../tools/active-tool";
import type { Action } from "./types";

export const EDIT_ACTIONS: readonly Action[] = [
  { id: "edit.undo", label: "Undo", group: "Edit", keys: [{ key: "z", mod: true }], run: undo },
  { id: "edit.redo", label: "Redo", group: "Edit", keys: [{ key: "z", mod: true, shift: true }, { key: "y", mod: true }], run: redo },
  { id: "edit.delete", label: "Delete", group: "Edit", keys: [{ key: "Delete" }, { key: "Backspace" }], run: () => {
    // A tool in the middle of making something (a polygon's last point) takes the key first.
    if (!activeTool().deleteKey?.()) deleteSelection();
  } },
  { id: "edit.finish", label: "Finish shape", group: "Edit", keys: [{ key: "Enter" }], run: () => void activeTool().confirm?.() },
  { id: "edit.selectNone", label: "Cancel / Select none", group: "Edit", keys: [{ key: "Escape" }], run: () => { cancelGesture(); select([]); } },
  { id: "edit.selectAll", label: "Select all", group: "Edit", keys: [{ key: "a", mod: true }], run: () => select([...useEditor.getState().shapes.map((s) => s.id), ...useEditor.getState().probes.map((p) => p.id)]) },
];
