// Open, save and new: the glue between the store, the core's file format and the platform.
import { emptyScene, parseScene, serializeScene } from "../../core";
import { currentScene, loadDocument, markSaved, notify, showProblems } from "../store/actions";
import { useEditor } from "../store/editor-store";
import { openScene, saveScene, type FileOutcome, type OpenedDocument } from "../platform/files";

export const dirty = (s: { readonly shapes: unknown; readonly savedShapes: unknown; readonly probes: unknown; readonly savedProbes: unknown }): boolean =>
  s.shapes !== s.savedShapes || s.probes !== s.savedProbes;
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
  const { file, shapes, probes } = useEditor.getState();
  const outcome = await saveScene(serializeScene(currentScene()), file, saveAs);
  if (outcome.kind === "done") markSaved({ shapes, probes }, outcome.value);
  else if (outcome.kind === "error") notify(outcome.message);
}

export function newDocument(): void {
  if (isDirty() && !window.confirm("Discard unsaved changes?")) return;
  loadDocument(emptyScene(), { name: "untitled.json" });
  notify(null);
}
