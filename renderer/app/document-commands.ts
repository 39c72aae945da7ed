// Open, save, new, export and import: the glue between the store, the core's file format and
// exporters, and the platform.
import { emptyScene, exportFormat, importTiled, parseScene, serializeScene, type SceneProblem, type TiledSkipped } from "../../core";
import { currentScene, loadDocument, markSaved, notify, showProblems } from "../store/actions";
import { documentOf, sameDocument, useEditor, type EditorState } from "../store/editor-store";
import { exportText, openScene, pickFileToImport, saveScene, type FileOutcome, type FileType, type OpenedDocument } from "../platform/files";

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

/** Writes the scene in one of the core's export formats (EXPORT_FORMATS) where the user says. */
export async function exportDocument(formatId: string): Promise<void> {
  const format = exportFormat(formatId);
  if (!format) return;
  let text: string;
  try {
    text = format.write(currentScene(), {});
  } catch (err) {
    // An exporter never throws on a valid scene; a bug still gets a message, not a dead button.
    notify(`Could not export as ${format.type.name}: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  const outcome = await exportText(text, useEditor.getState().file.name, format.type);
  if (outcome.kind === "done") notify(`Exported ${outcome.value.name} (${format.type.name})`);
  else if (outcome.kind === "error") notify(outcome.message);
}

export const TILED_MAP: FileType = { name: "Tiled map", extensions: ["tmj", "json"] };

/** A skipped Tiled object as a line of the problems panel. */
function skippedProblem(s: TiledSkipped): SceneProblem {
  const where = s.object === 0 ? `layer "${s.layer}"` : `layer "${s.layer}", object ${s.object}${s.name === "" ? "" : ` "${s.name}"`}`;
  return { path: s.property === undefined ? where : `${where}, property "${s.property}"`, message: `not imported: ${s.reason}` };
}

/**
 * Turns a picked Tiled map into a new, unsaved document (Save asks where), listing what it left
 * out; a map it cannot read shows its problems and leaves the open document as it was.
 */
export function receiveImported(outcome: FileOutcome<OpenedDocument> | null): void {
  if (!outcome || outcome.kind === "canceled") return;
  if (outcome.kind === "error") {
    notify(outcome.message);
    return;
  }
  const doc = outcome.value;
  const result = importTiled(doc.text);
  if (!result.ok) {
    showProblems(doc.name, result.problems);
    notify(`Could not import ${doc.name}: ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}`);
    return;
  }
  const name = `${doc.name.replace(/\.(tmj|json)$/i, "") || "imported"}.json`;
  loadDocument(result.scene, { name }, { unsaved: true });
  const { skipped } = result;
  const count = `${result.scene.shapes.length} shape${result.scene.shapes.length === 1 ? "" : "s"}`;
  if (skipped.length > 0) {
    showProblems(doc.name, skipped.map(skippedProblem), `Imported ${count} from ${doc.name}; ${skipped.length} item${skipped.length === 1 ? "" : "s"} not imported`);
  }
  notify(`Imported ${count} from ${doc.name}`);
}

export async function importDocument(): Promise<void> {
  if (isDirty() && !window.confirm("Discard unsaved changes and import a Tiled map?")) return;
  receiveImported(await pickFileToImport("Import Tiled map", TILED_MAP));
}
