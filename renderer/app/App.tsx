import { useEffect } from "react";
import { pasteText } from "../actions/edit-actions";
import { dispatchKey } from "../actions/keyboard";
import { menuModel, runMenuCommand } from "../actions/menu-model";
import { isTextField } from "../actions/text-field";
import { SceneCanvas } from "../canvas/SceneCanvas";
import { desktop, onBrowserFilePicked, onBrowserImportPicked, onBrowserRayLogPicked } from "../platform/files";
import { listen } from "../platform/listen";
import { useEditor } from "../store/editor-store";
import { CommandPalette } from "./CommandPalette";
import { connectDesktopDocument } from "./desktop-document";
import { ContactsPanel } from "./ContactsPanel";
import { restoreFromShell, useDesktopRecovery } from "./desktop-recovery";
import { dirty, receiveImported, receiveOpened } from "./document-commands";
import { useGridPreference } from "./grid-preference";
import { modalOpen } from "./modals";
import { ProbesPanel } from "./ProbesPanel";
import { ProblemsPanel } from "./ProblemsPanel";
import { receiveRayLog } from "./replay-commands";
import { ShortcutSheet } from "./ShortcutSheet";
import { Sidebar } from "./Sidebar";
import { StatusBar } from "./StatusBar";
import { useThemeOnDocument } from "./theme-preference";
import { Toolbar } from "./Toolbar";

function useShortcuts() {
  useEffect(() => {
    return listen(window, {
      keydown: (e) => {
        if (dispatchKey(e)) e.preventDefault();
      },
    });
  }, []);
}

/** In the desktop app, the native menu bar lists the registry's actions and runs them by id. */
function useDesktopMenu() {
  useEffect(() => {
    const api = desktop();
    if (!api) return;
    void api.setMenu(menuModel());
    return api.onMenuCommand(runMenuCommand);
  }, []);
}

/** In the desktop app, the shell hears whether the document is dirty, and may ask to save or open one. */
function useDesktopDocument() {
  useEffect(() => {
    const api = desktop();
    // Reported once a document restored after a crash is open (see connectDesktopDocument).
    return api ? connectDesktopDocument(api, restoreFromShell(api)) : undefined;
  }, []);
}

/**
 * In a browser, leaving or closing the tab with unsaved changes asks first. Not in the desktop
 * app: there a prevented unload would silently block the close, and the shell asks instead.
 */
function useLeaveGuard() {
  useEffect(() => {
    if (desktop()) return;
    return listen(window, {
      beforeunload: (e) => {
        if (!dirty(useEditor.getState())) return;
        e.preventDefault();
        // Chromium before 119 and Safari ask only when returnValue is set too.
        e.returnValue = "";
      },
    });
  }, []);
}

/**
 * Clipboard events that reach the page without our key handler (the browser's or macOS's Edit
 * menu) act on shapes, unless a text field has focus. The key handler prevents the events its own
 * Ctrl+C/X/V raise, so nothing runs twice.
 */
function useClipboardEvents() {
  useEffect(() => {
    const on = (id: string) => (e: ClipboardEvent) => {
      if (isTextField(e.target) || modalOpen()) return;
      e.preventDefault();
      if (id === "edit.paste") {
        const text = e.clipboardData?.getData("text/plain");
        if (text) pasteText(text);
        else runMenuCommand(id);
        return;
      }
      runMenuCommand(id);
    };
    return listen(document, { copy: on("edit.copy"), cut: on("edit.cut"), paste: on("edit.paste") });
  }, []);
}

/** "• level.json — Collider Studio" while there are unsaved changes. */
function useTitle() {
  const name = useEditor((s) => s.file.name);
  const unsaved = useEditor(dirty);
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
  useTitle();
  useThemeOnDocument();
  useGridPreference();
  useEffect(() => onBrowserFilePicked(receiveOpened), []);
  useEffect(() => onBrowserImportPicked(receiveImported), []);
  useEffect(() => onBrowserRayLogPicked(receiveRayLog), []);
  return (
    <div className="app">
      <Toolbar />
      <div className="body">
        <main className="workspace">
          <SceneCanvas />
          <ProblemsPanel />
          <ContactsPanel />
          <ProbesPanel />
        </main>
        <Sidebar />
      </div>
      <StatusBar />
      <CommandPalette />
      <ShortcutSheet />
    </div>
  );
}
