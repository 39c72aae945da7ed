import { useEffect } from "react";
import { dispatchKey } from "../actions/keyboard";
import { SceneCanvas } from "../canvas/SceneCanvas";
import { onBrowserFilePicked } from "../platform/files";
import { useEditor } from "../store/editor-store";
import { CommandPalette } from "./CommandPalette";
import { ContactsPanel } from "./ContactsPanel";
import { dirty, receiveOpened } from "./document-commands";
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
      if (dispatchKey(e)) e.preventDefault();
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
