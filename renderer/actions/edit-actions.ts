// Undo, redo, selection, deletion and the clipboard.
import { bakeMapTiles, hasTiledMap } from "../app/map-commands";
import { renameRefusal, requestRename } from "../app/rename-request";
import { openTraceDialog, traceRefusal } from "../app/trace/trace-session";
import type { ShapeType } from "../../core";
import type { Editor } from "../editor/editor";
import { SHAPE_KINDS } from "../shapes/registry";
import { activeLayerTakesShapes, addItems, deleteSelection, items, notify, redo, select, setTool, undo } from "../store/actions";
import { activeLayerOf } from "../store/layer-actions";
import { copySelection, parseClipboard, pasteOffset, planPaste, serializeClipboard, type ClipboardPayload, type PastePlan } from "../store/clipboard";
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

const hasSelection = (editor: Editor) => editor.getState().selection.length > 0;
const NO_SELECTION = () => "Select shapes first: click one, or drag a box around several";

/** Copies the selection; resolves once the system clipboard has it (or has refused it). */
export async function copy(editor: Editor): Promise<void> {
  const s = editor.getState();
  const payload = copySelection(s, s.selection);
  if (!payload) return;
  const text = serializeClipboard(payload);
  memory = text;
  const n = payload.shapes.length + payload.probes.length;
  notify(editor, `Copied ${n} item${n === 1 ? "" : "s"}`);
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
export async function cut(editor: Editor): Promise<void> {
  const done = copy(editor);
  deleteSelection(editor, "Cut");
  await done;
}

/** Pastes clipboard text at the cursor (on the grid when snapping); refuses foreign text with a notice. Returns whether it pasted. */
export function pasteText(editor: Editor, text: string): boolean {
  const read = parseClipboard(text);
  if (!read.ok) {
    notify(editor, read.reason);
    return false;
  }
  const { cursor, grid, gridSize } = editor.getState();
  const { dx, dy } = pasteOffset(read.payload, cursor, grid.snap ? gridSize : null);
  place(editor, read.payload, dx, dy);
  return true;
}

/** Adds a payload's items to the active layer (refused, saying why, when it is locked or hidden and shapes would go to it). */
function place(editor: Editor, payload: ClipboardPayload, dx: number, dy: number): void {
  if (payload.shapes.length > 0 && !activeLayerTakesShapes(editor)) return;
  const s = editor.getState();
  added(editor, planPaste(payload, s, activeLayerOf(s), dx, dy), "Paste", "Pasted");
}

/** Adds a plan's items as one step, "Paste 3 items", or with `one` naming a single item ("Duplicate box-3"). */
function added(editor: Editor, plan: PastePlan, verb: string, done: string, one?: string): void {
  const what = plan.ids.length === 1 && one !== undefined ? one : items(plan.ids.length);
  addItems(editor, plan.shapes, plan.probes, `${verb} ${what}`);
  notify(editor, `${done} ${what}`);
}

/**
 * Pastes the text a paste event carries; with none, or when the last copy never reached the system
 * clipboard (which then holds older text), the editor's own copy.
 */
export function pasteClipboardText(editor: Editor, text: string): void {
  const use = text !== "" && !systemStale ? text : memory;
  if (use === null) notify(editor, "Nothing to paste");
  else pasteText(editor, use);
}

/** Pastes from the system clipboard when it can be read, else from the editor's own copy. */
export async function paste(editor: Editor): Promise<void> {
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
    notify(editor, "Nothing to paste");
    return;
  }
  pasteText(editor, text);
}

/**
 * Copies the selection one grid cell down and right, each copy on its original's layer (as Tiled,
 * Godot and LDtk duplicate; the active layer does not matter); the clipboard is untouched.
 */
export function duplicate(editor: Editor): void {
  const s = editor.getState();
  const payload = copySelection(s, s.selection);
  if (!payload) return;
  const original = payload.shapes[0] ?? payload.probes[0];
  added(editor, planPaste(payload, s, null, s.gridSize, s.gridSize), "Duplicate", "Duplicated", original ? original.name || original.id : undefined);
}

/** Forgets the in-memory copy (tests start clean). */
export function clearMemoryClipboard(): void {
  memory = null;
  systemStale = false;
}

/** Every shape that can be picked (not in a hidden or locked layer) and every probe. */
export function selectAll(editor: Editor): void {
  const { shapes, probes, layers } = editor.getState();
  select(editor, [...shapes.filter((s) => pickable(s, layers)).map((s) => s.id), ...probes.map((p) => p.id)]);
}

/** Whether the active tool draws a kind by clicked points (polygon, chain): Enter and Backspace are its own. */
const drawsByClicks = (editor: Editor): boolean => {
  const tool = editor.getState().tool;
  return tool in SHAPE_KINDS && SHAPE_KINDS[tool as ShapeType].drawnBy === "clicks";
};

/** Step names longer than this are cut in menus (the status line says them whole). */
const TITLE_NAME_MAX = 40;

/** "Undo Move 2 shapes", or the verb alone when there is no step. */
function stepTitle(verb: string, step: string | null): string {
  if (step === null) return verb;
  return `${verb} ${step.length > TITLE_NAME_MAX ? `${step.slice(0, TITLE_NAME_MAX - 1)}…` : step}`;
}

export const EDIT_ACTIONS: readonly Action[] = [
  {
    // Right after Escape discarded an outline being drawn, Undo brings it back before it undoes the document.
    id: "edit.undo", label: "Undo", title: (editor) => stepTitle("Undo", editor.tools.undoStep() ?? editor.history.undoLabel), group: "Edit", section: "history", keys: [{ key: "z", mod: true }],
    run: (editor) => {
      if (!editor.tools.undo()) undo(editor);
    },
    enabled: (editor) => editor.history.undoCount > 0 || editor.tools.undoStep() !== null, whyDisabled: () => "Nothing to undo", keywords: ["history"],
  },
  { id: "edit.redo", label: "Redo", title: (editor) => stepTitle("Redo", editor.history.redoLabel), group: "Edit", section: "history", keys: [{ key: "z", mod: true, shift: true }, { key: "y", mod: true }], run: redo, enabled: (editor) => editor.history.redoCount > 0, whyDisabled: () => "Nothing to redo", keywords: ["history"] },
  { id: "edit.cut", label: "Cut", group: "Edit", section: "clipboard", keys: [{ key: "x", mod: true }], run: (editor) => void cut(editor), enabled: hasSelection, whyDisabled: NO_SELECTION },
  { id: "edit.copy", label: "Copy", group: "Edit", section: "clipboard", keys: [{ key: "c", mod: true }], run: (editor) => void copy(editor), enabled: hasSelection, whyDisabled: NO_SELECTION },
  { id: "edit.paste", label: "Paste", group: "Edit", section: "clipboard", keys: [{ key: "v", mod: true }], run: (editor) => void paste(editor), keysRaisePasteEvent: true },
  { id: "edit.duplicate", label: "Duplicate", group: "Edit", section: "clipboard", keys: [{ key: "d", mod: true }], run: duplicate, enabled: hasSelection, whyDisabled: NO_SELECTION, keywords: ["clone"] },
  {
    id: "edit.delete", label: "Delete", group: "Edit", section: "clipboard", keys: [{ key: "Delete" }, { key: "Backspace" }],
    run: (editor) => {
      // A tool in the middle of making something (a polygon's last point) takes the key first.
      if (!editor.tools.deleteKey()) deleteSelection(editor);
    },
    enabled: (editor) => hasSelection(editor) || editor.getState().selectedImage !== null || drawsByClicks(editor),
    whyDisabled: () => "Select shapes, rays or an image first: click one, or drag a box around several",
  },
  // Only images can be traced: the selected one, else the only one (locked or hidden too: tracing
  // reads the picture and does not change it), else the dialog asks which.
  {
    id: "edit.traceImage", label: "Trace Colliders…", group: "Edit", section: "shape", keys: [], run: (editor) => openTraceDialog(editor),
    enabled: (editor) => traceRefusal(editor) === null, whyDisabled: (editor) => traceRefusal(editor) ?? "",
  },
  {
    id: "edit.bakeTiles", label: "Bake Tile Colliders", group: "Edit", section: "shape", keys: [], run: (editor) => void bakeMapTiles(editor), enabled: hasTiledMap,
    whyDisabled: () => "Bake Tile Colliders needs a scene imported from a Tiled map (File → Import Tiled map…)",
  },
  {
    id: "edit.rename", label: "Rename", group: "Edit", section: "shape", keys: [{ key: "F2" }], run: requestRename, keywords: ["name"],
    enabled: (editor) => renameRefusal(editor) === null, whyDisabled: (editor) => renameRefusal(editor) ?? "",
  },
  { id: "edit.finish", label: "Finish shape", group: "Edit", section: "shape", keys: [{ key: "Enter" }], run: (editor) => void editor.tools.complete(), enabled: drawsByClicks },
  {
    // Escape with Shift held (a Shift-snapped rotation, say) cancels too.
    id: "edit.selectNone", label: "Cancel / Select None", group: "Edit", section: "selection", keys: [{ key: "Escape" }, { key: "Escape", shift: true, alias: true }], keywords: ["escape", "abort"],
    run: (editor) => {
      // Something under way (a drag, a drawing, a marquee) is abandoned, restoring what it changed,
      // and the selection stays, as in Tiled and Godot; at rest, nothing is selected; at rest with
      // nothing selected, another tool gives way to Select, as Tiled's second Escape does.
      const resting = editor.tools.resting() && !editor.gestureActive();
      editor.tools.cancel();
      editor.cancelGesture();
      if (!resting) return;
      const { selection, selectedImage, tool } = editor.getState();
      if (selection.length === 0 && selectedImage === null && tool !== "select") setTool(editor, "select");
      else select(editor, []);
    },
  },
  { id: "edit.selectAll", label: "Select All", group: "Edit", section: "selection", keys: [{ key: "a", mod: true }], run: selectAll },
];
