// One registry of actions, shared by the toolbar, keyboard shortcuts and (later) menus and the
// command palette: each has an id, a label, its shortcut and what it does.
import { newDocument, openDocument, saveDocument } from "../app/document-commands";
import { cancelGesture, deleteSelection, redo, select, setTool, undo } from "../store/actions";
import { useEditor, type ToolId } from "../store/editor-store";

export interface KeyChord {
  readonly key: string;
  readonly mod?: boolean; // Ctrl, or Cmd on macOS
  readonly shift?: boolean;
}

export interface Action {
  readonly id: string;
  readonly label: string;
  readonly keys: readonly KeyChord[];
  readonly run: () => void;
}

const tool = (id: ToolId, label: string, key: string): Action => ({ id: `tool.${id}`, label, keys: [{ key }], run: () => setTool(id) });

export const ACTIONS: readonly Action[] = [
  tool("select", "Select", "v"),
  tool("circle", "Circle", "c"),
  tool("box", "Box", "b"),
  tool("capsule", "Capsule", "k"),
  tool("polygon", "Polygon", "p"),
  tool("ray", "Ray", "r"),
  tool("sweep", "Sweep", "w"),
  { id: "edit.undo", label: "Undo", keys: [{ key: "z", mod: true }], run: undo },
  { id: "edit.redo", label: "Redo", keys: [{ key: "z", mod: true, shift: true }, { key: "y", mod: true }], run: redo },
  { id: "edit.delete", label: "Delete", keys: [{ key: "Delete" }, { key: "Backspace" }], run: deleteSelection },
  { id: "edit.selectNone", label: "Cancel / Select none", keys: [{ key: "Escape" }], run: () => { cancelGesture(); select([]); } },
  { id: "edit.selectAll", label: "Select all", keys: [{ key: "a", mod: true }], run: () => select([...useEditor.getState().shapes.map((s) => s.id), ...useEditor.getState().probes.map((p) => p.id)]) },
  { id: "file.new", label: "New", keys: [{ key: "n", mod: true }], run: newDocument },
  { id: "file.open", label: "Open…", keys: [{ key: "o", mod: true }], run: () => void openDocument() },
  { id: "file.save", label: "Save", keys: [{ key: "s", mod: true }], run: () => void saveDocument(false) },
  { id: "file.saveAs", label: "Save As…", keys: [{ key: "s", mod: true, shift: true }], run: () => void saveDocument(true) },
];

export const actionById = (id: string): Action => {
  const a = ACTIONS.find((x) => x.id === id);
  if (!a) throw new Error(`unknown action ${id}`);
  return a;
};

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function chordLabel(k: KeyChord): string {
  const key = k.key.length === 1 ? k.key.toUpperCase() : k.key;
  return [k.mod ? (isMac ? "⌘" : "Ctrl") : "", k.shift ? "Shift" : "", key].filter(Boolean).join("+");
}

export function matches(k: KeyChord, e: KeyboardEvent): boolean {
  const mod = isMac ? e.metaKey : e.ctrlKey;
  // A plain key must come without Ctrl and Cmd both: Ctrl+C on a Mac is not the Circle tool.
  const other = isMac ? e.ctrlKey : e.metaKey;
  return e.key.toLowerCase() === k.key.toLowerCase() && !!k.mod === mod && !other && !!k.shift === e.shiftKey && !e.altKey;
}

/** The action a key press runs, if any; typing in a text field runs none. */
export function actionForKey(e: KeyboardEvent): Action | undefined {
  const target = e.target as HTMLElement | null;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return undefined;
  return ACTIONS.find((a) => a.keys.some((k) => matches(k, e)));
}
