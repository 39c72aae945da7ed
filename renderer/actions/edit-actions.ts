// Undo, redo, selection, deletion and the clipboard.
import { addItems, cancelGesture, deleteSelection, notify, redo, select, undo } from "../store/actions";
import { copySelection, parseClipboard, pasteOffset, planPaste, serializeClipboard, type ClipboardPayload } from "../store/clipboard";
import { history, useEditor } from "../store/editor-store";
import { activeTool } from "../tools/active-tool";
import { pickable } from "../tools/select/picking";
import type { Action } from "./types";

/**
 * The last copy as text. The system clipboard is used when the platform grants it; this copy
 * serves when it does not (no permission, no focus, tests in Node).
 */
let memory: string | null = null;
/** Set when the last copy could not reach the system clipboard, which then holds older text. */
let systemStale = false;

const systemClipboard = (): Clipboard | undefined => (typeof navigator !== "undefined" ? navigator.clipboard : undefined);

const hasSelection = () => useEditor.getState().selection.length > 0;

/** Copies the selection; resolves once the system clipboard has it (or has refused it). */
export async function copy(): Promise<void> {
  const s = useEditor.getState();
  const payload = copySelection(s, s.selection);
  if (!payload) return;
  const text = serializeClipboard(payload);
  memory = text;
  const n = payload.shapes.length + payload.probes.length;
  notify(`Copied ${n} item${n === 1 ? "" : "s"}`);
  try {
    const clip = systemClipboard();
    if (!clip) throw new Error("no clipboard");
    await clip.writeText(text);
    systemStale = false;
  } catch {
    systemStale = true;
  }
}

/** Copy, then delete the selection (one undo step: the copy changes no document). */
export async function cut(): Promise<void> {
  const done = copy();
  deleteSelection();
  await done;
}

/** Pastes clipboard text at the cursor; refuses foreign text with a notice. Returns whether it pasted. */
export function pasteText(text: string): boolean {
  const read = parseClipboard(text);
  if (!read.ok) {
    notify(read.reason);
    return false;
  }
  const s = useEditor.getState();
  const { dx, dy } = pasteOffset(read.payload, s.cursor);
  place(read.payload, dx, dy);
  return true;
}

function place(payload: ClipboardPayload, dx: number, dy: number): void {
  const s = useEditor.getState();
  const plan = planPaste(payload, s, s.activeLayer, dx, dy);
  addItems(plan.shapes, plan.probes);
  notify(`Pasted ${plan.ids.length} item${plan.ids.length === 1 ? "" : "s"}`);
}

/** Pastes from the system clipboard when it can be read, else from the editor's own copy. */
export async function paste(): Promise<void> {
  let text: string | null = null;
  const clip = systemClipboard();
  if (clip && !systemStale) {
    try {
      text = await clip.readText();
    } catch {
      text = null;
    }
  }
  if (text === null || text === "") text = memory;
  if (text === null) {
    notify("Nothing to paste");
    return;
  }
  pasteText(text);
}

/** Copies the selection in place, one grid cell down and right; the clipboard is untouched. */
export function duplicate(): void {
  const s = useEditor.getState();
  const payload = copySelection(s, s.selection);
  if (payload) place(payload, s.grid.size, s.grid.size);
}

/** Forgets the in-memory copy (tests start clean). */
export function clearMemoryClipboard(): void {
  memory = null;
  systemStale = false;
}

/** Every shape that can be picked (not in a hidden or locked layer) and every probe. */
export function selectAll(): void {
  const { shapes, probes, layers } = useEditor.getState();
  select([...shapes.filter((s) => pickable(s, layers)).map((s) => s.id), ...probes.map((p) => p.id)]);
}

export const EDIT_ACTIONS: readonly Action[] = [
  { id: "edit.undo", label: "Undo", group: "Edit", keys: [{ key: "z", mod: true }], run: undo, enabled: () => history().pastStates.length > 0 },
  { id: "edit.redo", label: "Redo", group: "Edit", keys: [{ key: "z", mod: true, shift: true }, { key: "y", mod: true }], run: redo, enabled: () => history().futureStates.length > 0 },
  { id: "edit.cut", label: "Cut", group: "Edit", keys: [{ key: "x", mod: true }], run: () => void cut(), enabled: hasSelection },
  { id: "edit.copy", label: "Copy", group: "Edit", keys: [{ key: "c", mod: true }], run: () => void copy(), enabled: hasSelection },
  { id: "edit.paste", label: "Paste", group: "Edit", keys: [{ key: "v", mod: true }], run: () => void paste() },
  { id: "edit.duplicate", label: "Duplicate", group: "Edit", keys: [{ key: "d", mod: true }], run: duplicate, enabled: hasSelection },
  {
    id: "edit.delete", label: "Delete", group: "Edit", keys: [{ key: "Delete" }, { key: "Backspace" }],
    run: () => {
      // A tool in the middle of making something (a polygon's last point) takes the key first.
      if (!activeTool().deleteKey?.()) deleteSelection();
    },
    enabled: () => hasSelection() || useEditor.getState().tool === "polygon",
  },
  { id: "edit.finish", label: "Finish shape", group: "Edit", keys: [{ key: "Enter" }], run: () => void activeTool().confirm?.(), enabled: () => useEditor.getState().tool === "polygon" },
  { id: "edit.selectNone", label: "Cancel / Select none", group: "Edit", keys: [{ key: "Escape" }], run: () => { cancelGesture(); select([]); } },
  { id: "edit.selectAll", label: "Select all", group: "Edit", keys: [{ key: "a", mod: true }], run: selectAll },
];
