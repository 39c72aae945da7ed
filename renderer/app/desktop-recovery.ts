// Never lose work, the page's side (desktop app only): the unsaved document is sent to the shell's
// recovery file a few seconds after the last change, the file is dropped when the document is
// clean again (saved, reloaded, or its changes discarded), a document restored after a crash is
// opened as unsaved, and a change of the open file on disk offers a reload.
import { useEffect } from "react";
import { parseScene, serializeScene } from "../../core";
import type { DesktopApi, FileChange, RecoveredDocument } from "../../core/shell/desktop-api";
import { desktop } from "../platform/files";
import { currentScene, loadDocument, notify, showProblems } from "../store/actions";
import type { Editor } from "../editor/editor";
import { useEditor } from "../editor/react";
import { sameDocument } from "../editor/state";
import { dirty, receiveOpened } from "./document-commands";
import { reloadChangedMap } from "./map-commands";
import { redrawChangedPicture } from "./picture-changes";

/** Quiet time after the last change before the document is autosaved. */
export const AUTOSAVE_DELAY_MS = 3000;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const windowTimers: Timers = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Autosaves the document while it is dirty, debounced: only the document as it is `delayMs` after
 * the last change is serialized and sent, so a drag costs nothing. Returns a function that stops.
 */
export function startAutosave(editor: Editor, api: Pick<DesktopApi, "saveRecovery" | "discardRecovery">, timers: Timers = windowTimers, delayMs = AUTOSAVE_DELAY_MS): () => void {
  let timer: unknown = null;
  const cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const write = () => {
    timer = null;
    const state = editor.getState();
    if (!dirty(state)) return;
    const { name, path } = state.file;
    void api.saveRecovery({ text: serializeScene(currentScene(editor)), name, ...(path === undefined ? {} : { path }) });
  };
  const unsubscribe = editor.store.subscribe((state, prev) => {
    const changed = !sameDocument(state, prev) || state.extras !== prev.extras || state.file !== prev.file;
    if (!changed && state.saved === prev.saved) return;
    if (dirty(state)) {
      if (!changed) return;
      cancel();
      timer = timers.setTimeout(write, delayMs);
    } else {
      cancel();
      if (dirty(prev)) void api.discardRecovery();
    }
  });
  return () => {
    cancel();
    unsubscribe();
  };
}

/** Opens a document restored after a crash as unsaved, under its original name (and path). */
export function restoreRecovered(editor: Editor, doc: RecoveredDocument): void {
  const result = parseScene(doc.text);
  if (!result.ok) {
    // The shell validated it already; this is a second line of defence, never a crash.
    showProblems(editor, "open-failed", doc.name, result.problems);
    notify(editor, `Could not restore ${doc.name}: ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}`);
    return;
  }
  loadDocument(editor, result.scene, { name: doc.name, ...(doc.path === undefined ? {} : { path: doc.path }) }, { unsaved: true });
  notify(editor, `Restored unsaved changes to ${doc.name} (autosaved ${new Date(doc.savedAt).toLocaleString()})`);
}

/** The question asked when the open file changed on disk. */
export function reloadQuestion(name: string, unsaved: boolean): string {
  return `The file ${name} changed on disk. Reload?${unsaved ? " Your unsaved changes will be lost." : ""}`;
}

/** Another program changed the open file: ask, then read it again. A change to another file is ignored. */
export async function offerReload(editor: Editor, api: Pick<DesktopApi, "reloadScene">, change: FileChange, confirm: (question: string) => boolean = (q) => window.confirm(q)): Promise<void> {
  const state = editor.getState();
  if (state.file.path !== change.path) return;
  if (!confirm(reloadQuestion(change.name, dirty(state)))) return;
  const r = await api.reloadScene({ path: change.path });
  await receiveOpened(editor, r.ok ? { kind: "done", value: r.value } : r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error });
}

let restoring: Promise<void> | undefined;

/**
 * Asks the shell for the document to restore after a crash (it waits for the user's Restore /
 * Discard) and opens it; resolves once that is done, whatever the answer. Asked once per page:
 * the shell hands the document out once, and a remounted effect must neither drop it nor ask again.
 */
export function restoreFromShell(editor: Editor, api: Pick<DesktopApi, "takeRecovered">): Promise<void> {
  restoring ??= api.takeRecovered().then(
    (r) => {
      if (r.ok && r.value) restoreRecovered(editor, r.value);
      else if (!r.ok && !r.canceled) notify(editor, r.error);
    },
    (err: unknown) => notify(editor, `Could not ask for unsaved changes to restore: ${err instanceof Error ? err.message : String(err)}`),
  );
  return restoring;
}

/** Wires the above to the desktop shell; nothing happens in a plain browser. */
export function useDesktopRecovery(): void {
  const editor = useEditor();
  useEffect(() => {
    const api = desktop();
    if (!api) return;
    void restoreFromShell(editor, api);
    const stopAutosave = startAutosave(editor, api);
    const off = api.onFileChanged((change) => void offerReload(editor, api, change));
    // The map's files changed in Tiled: its drawing is read again (the shapes are the user's, kept).
    const offMap = api.onTiledMapChanged(() => void reloadChangedMap(editor));
    // A picture changed (the level art re-exported): decoded again and redrawn, the document untouched.
    const offPictures = api.onPictureChanged((change) => void redrawChangedPicture(editor, change));
    return () => {
      stopAutosave();
      off();
      offMap();
      offPictures();
    };
  }, [editor]);
}
