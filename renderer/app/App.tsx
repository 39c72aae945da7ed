import { useEffect } from "react";
import { pasteClipboardText } from "../actions/edit-actions";
import { dispatchKey } from "../actions/keyboard";
import { menuChecks, menuModel, runMenuCommand } from "../actions/menu-model";
import { ownsEvent } from "../actions/text-field";
import { SceneCanvas } from "../canvas/SceneCanvas";
import { desktop, onBrowserFilePicked, onBrowserImportPicked, onBrowserRayLogPicked, onImageFilesPicked } from "../platform/files";
import { addImageFiles, canvasCentre, imageFilesOf, pictureOfFile } from "./image-commands";
import { listen } from "../platform/listen";
import { useEditor, useEditorState } from "../editor/react";
import { CommandPalette } from "./CommandPalette";
import { connectDesktopDocument } from "./desktop-document";
import { restoreFromShell, useDesktopRecovery } from "./desktop-recovery";
import { Dock } from "./dock/Dock";
import { dirty, receiveImported, receivePicked } from "./document-commands";
import { useGridPreference } from "./grid-preference";
import { modalOpen } from "./modals";
import { releaseMouseFocus } from "./mouse-focus";
import { ContextMenu } from "./ContextMenu";
import { ProblemsPanel } from "./ProblemsPanel";
import { followActiveLayer } from "../store/layer-session";
import { followView } from "../store/view-session";
import { receiveRayLog } from "./replay-commands";
import { MenuBar } from "./MenuBar";
import { ShortcutSheet } from "./ShortcutSheet";
import { Sidebar } from "./Sidebar";
import { StatusBar } from "./StatusBar";
import { useThemeOnDocument } from "./theme-preference";
import { Toolbar } from "./Toolbar";
import { TraceDialog } from "./trace/TraceDialog";
import { ExportOptionsDialog } from "./export-options/ExportOptionsDialog";

function useShortcuts() {
  const editor = useEditor();
  useEffect(() => {
    return listen(window, {
      keydown: (e) => {
        if (dispatchKey(editor, e)) e.preventDefault();
      },
    });
  }, [editor]);
}

/**
 * In the desktop app, the native menu bar lists the registry's actions and runs them by id. It is
 * sent again when a setting's check mark changes (the grid, snapping) or a label follows the editor (Undo's).
 */
function useDesktopMenu() {
  const editor = useEditor();
  useEffect(() => {
    const api = desktop();
    if (!api) return;
    let checks = menuChecks(editor);
    void api.setMenu(menuModel(editor));
    const follow = () => {
      const now = menuChecks(editor);
      if (now === checks) return;
      checks = now;
      void api.setMenu(menuModel(editor));
    };
    // The history names its new step after the store has changed: Undo's label follows it.
    const offStore = editor.store.subscribe(follow);
    const offHistory = editor.history.counts.subscribe(follow);
    const offMenu = api.onMenuCommand((id) => runMenuCommand(editor, id));
    return () => {
      offStore();
      offHistory();
      offMenu();
    };
  }, [editor]);
}

/** In the desktop app, the shell hears whether the document is dirty, and may ask to save or open one. */
function useDesktopDocument() {
  const editor = useEditor();
  useEffect(() => {
    const api = desktop();
    // Reported once a document restored after a crash is open (see connectDesktopDocument).
    return api ? connectDesktopDocument(editor, api, restoreFromShell(editor, api)) : undefined;
  }, [editor]);
}

/**
 * In a browser, leaving or closing the tab with unsaved changes asks first. Not in the desktop
 * app: there a prevented unload would silently block the close, and the shell asks instead.
 */
function useLeaveGuard() {
  const editor = useEditor();
  useEffect(() => {
    if (desktop()) return;
    return listen(window, {
      beforeunload: (e) => {
        if (!dirty(editor.getState())) return;
        e.preventDefault();
        // Chromium before 119 and Safari ask only when returnValue is set too.
        e.returnValue = "";
      },
    });
  }, [editor]);
}

/**
 * Clipboard events act on shapes unless a text field has focus: those that reach the page without
 * our key handler (the browser's or macOS's Edit menu), and every paste: the key handler leaves
 * Ctrl+V to the browser, whose paste event carries the clipboard's text or picture (a picture is
 * added as an image at the pointer). The key handler prevents the events its own Ctrl+C/X raise,
 * so nothing runs twice.
 */
function useClipboardEvents() {
  const editor = useEditor();
  useEffect(() => {
    const on = (id: string) => (e: ClipboardEvent) => {
      if (ownsEvent(e.target, { clipboard: true }) || modalOpen()) return;
      e.preventDefault();
      if (id === "edit.paste") {
        const pictures = imageFilesOf(e.clipboardData);
        if (pictures.length > 0) void addImageFiles(editor, pictures.map(pictureOfFile), { kind: "centred", at: editor.getState().cursor ?? canvasCentre(editor) }, "Pasted");
        else pasteClipboardText(editor, e.clipboardData?.getData("text/plain") ?? "");
        return;
      }
      runMenuCommand(editor, id);
    };
    return listen(document, { copy: on("edit.copy"), cut: on("edit.cut"), paste: on("edit.paste") });
  }, [editor]);
}

/** Buttons and checkboxes clicked with the mouse give their focus back (mouse-focus.ts). */
function useMouseFocus() {
  useEffect(() => listen(document, { click: (e) => void releaseMouseFocus(e, document.activeElement) }), []);
}

/** "• level.json — Collider Studio" while there are unsaved changes. */
function useTitle() {
  const name = useEditorState((s) => s.file.name);
  const unsaved = useEditorState(dirty);
  useEffect(() => {
    document.title = `${unsaved ? "• " : ""}${name} — Collider Studio`;
  }, [name, unsaved]);
}

export function App() {
  useShortcuts();
  useDesktopMenu();
  useDesktopDocument();
  useDesktopRecovery();
  useLeaveGuard();
  useClipboardEvents();
  useMouseFocus();
  useTitle();
  useThemeOnDocument();
  useGridPreference();
  const editor = useEditor();
  useEffect(() => onBrowserFilePicked((picked) => void receivePicked(editor, { kind: "done", value: picked })), [editor]);
  // Each file's active layer, for the next time it is opened.
  useEffect(() => followActiveLayer(editor), [editor]);
  useEffect(() => followView(editor), [editor]);
  useEffect(() => onBrowserImportPicked((outcome) => void receiveImported(editor, outcome)), [editor]);
  useEffect(() => onBrowserRayLogPicked((outcome) => receiveRayLog(editor, outcome)), [editor]);
  useEffect(() => onImageFilesPicked((files) => void addImageFiles(editor, files.map(pictureOfFile), { kind: "picked" })), [editor]);
  return (
    <div className="app">
      <MenuBar />
      <Toolbar />
      <div className="body">
        <main className="workspace">
          <div className="canvas-area">
            <SceneCanvas />
          </div>
          <ProblemsPanel />
          <Dock />
        </main>
        <Sidebar />
      </div>
      <StatusBar />
      <CommandPalette />
      <ShortcutSheet />
      <TraceDialog />
      <ExportOptionsDialog />
      <ContextMenu />
    </div>
  );
}
