import { useEffect } from "react";
import { actionForKey } from "../actions/registry";
import { SceneCanvas } from "../canvas/SceneCanvas";
import { onBrowserFilePicked } from "../platform/files";
import { useEditor } from "../store/editor-store";
import { cancelAllGestures } from "../tools/active-tool";
import { CommandPalette } from "./CommandPalette";
import { ContactsPanel } from "./ContactsPanel";
import { dirty, receiveOpened } from "./document-commands";
import { modalOpen } from "./modals";
import { ProbesPanel } from "./ProbesPanel";
import { ProblemsPanel } from "./ProblemsPanel";
import { ShortcutSheet } from "./ShortcutSheet";
import { Sidebar } from "./Sidebar";
import { StatusBar } from "./StatusBar";
import { useThemeOnDocument } from "./theme-preference";
import { Toolbar } from "./Toolbar";

function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A modal (palette, shortcut sheet) takes every key while it is open.
      if (modalOpen()) return;
      const action = actionForKey(e);
      if (!action) return;
      if (e.key === "Escape") cancelAllGestures();
      e.preventDefault();
      if (action.enabled?.() ?? true) action.run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
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
  useTitle();
  useThemeOnDocument();
  useEffect(() => onBrowserFilePicked(receiveOpened), []);
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
