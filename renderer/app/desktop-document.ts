// The document as the desktop shell needs to know it: whether it has unsaved changes (for the
// Save / Don't Save / Cancel prompt on close, and macOS's title bar), its name and path; and the
// shell's requests: save now (the prompt's Save), load a file it opened (Open Recent, the OS).
import type { DesktopApi, DocumentState } from "../../core/shell/desktop-api";
import { onShellOpenedFile } from "../platform/files";
import type { Editor } from "../editor/editor";
import type { EditorState } from "../editor/state";
import { dirty, receiveOpened, saveDocument } from "./document-commands";

export function documentState(s: EditorState): DocumentState {
  return { dirty: dirty(s), name: s.file.name, ...(s.file.path === undefined ? {} : { path: s.file.path }) };
}

const same = (a: DocumentState, b: DocumentState) => a.dirty === b.dirty && a.name === b.name && a.path === b.path;

/**
 * Connects the page to the shell; returns a disconnect. Reports only when the state changes. The
 * first report, which tells the shell the page is ready for the files it holds (from the OS, Open
 * Recent), waits for `ready`: the document restored after a crash is then in place, so a file
 * opened at start asks about its unsaved changes instead of being replaced by it.
 */
export function connectDesktopDocument(editor: Editor, api: DesktopApi, ready?: Promise<unknown>): () => void {
  // Listeners first: the shell sends a file it holds as soon as it hears from the page. Only a
  // scene that loaded goes on Open Recent and is watched: one with problems replaced nothing.
  const offOpen = onShellOpenedFile((outcome) => void receiveOpened(editor, outcome).then((loaded) => {
    if (loaded && outcome.kind === "done" && outcome.value.path !== undefined) void api.sceneOpened(outcome.value.path);
  }));
  const offSave = api.onSaveRequest(() => saveDocument(editor, false));
  let last: DocumentState | undefined;
  let connected = true;
  let offStore = () => {};
  const report = (s: EditorState) => {
    const state = documentState(s);
    if (last && same(last, state)) return;
    last = state;
    void api.reportDocumentState(state);
  };
  const start = () => {
    if (!connected) return;
    report(editor.getState());
    offStore = editor.store.subscribe(report);
  };
  if (ready === undefined) start();
  else void ready.then(start, start);
  return () => {
    connected = false;
    offOpen();
    offSave();
    offStore();
  };
}
