// Open, save and new: the glue between the store, the core's file format and the platform.
import { emptyScene, parseScene, serializeScene } from "../../core";
import { currentScene, loadDocument, markSaved, notify, showProblems } from "../store/actions";
import { documentOf, sameDocument, useEditor, type EditorState } from "../store/editor-store";
import { openScene, saveScene, type FileOutcome, type OpenedDocument } from "../platform/files";

export const dirty = (s: EditorState): boolean => !sameDocument(s, s.saved);
export const isDirty = (): boolean => dirty(useEditor.getState());

/** Loads opened text, or shows its problems and leaves the open document as it was. */
export function receiveOpened(outcome: FileOutcome<OpenedDocument> | null): void {
  if (!outcome || outcome.kind === "canceled") return;
  if (outcome.kind === "error") {
    notify(outcome.message);
    return;
  }
  const doc = outcome.value;
  const result = parseScene(doc.text);
  if (!result.ok) {
    showProblems(doc.name, result.problems);
    notify(`Could not open ${doc.name}: ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}`);
    return;
  }
  loadDocument(result.scene, { name: doc.name, ...(doc.path ? { path: doc.path } : {}) });
}

export async function openDocument(): Promise<void> {
  if (isDirty() && !window.confirm("Discard unsaved changes and open another scene?")) return;
  receiveOpened(await openScene());
}

export async function saveDocument(saveAs = false): Promise<void> {
  const state = useEditor.getState();
  const written = documentOf(state);
  const outcome = await saveScene(serializeScene(currentScene()), state.file, saveAs);
  if (outcome.kind === "done") markSaved(written, outcome.value);
  else if (outcome.kind === "error") notify(outcome.message);
}

export function newDocument(): void {
  if (isDirty() && !window.confirm("Discard unsaved changes?")) return;
  loadDocument(emptyScene(), { name: "untitled.json" });
  notify(null);
}
