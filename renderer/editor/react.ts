// React's way to the Editor: a context holding the window's Editor, and hooks that subscribe a
// component to a slice of its state. Selectors are pure reads of the state they are given.
import { createContext, createElement, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { CastHit, IgnoredPair, OverlapPair, ReplayResult } from "../../core";
import { replayResultsOf, type ReplayState } from "../store/replay";
import type { DocumentOverlaps, Editor } from "./editor";
import type { HistoryCounts, HistorySteps } from "./history";
import type { ToolOverlay } from "./overlay";
import type { EditorState } from "./state";

const EditorContext = createContext<Editor | null>(null);

export function EditorProvider({ editor, children }: { readonly editor: Editor; readonly children: ReactNode }) {
  return createElement(EditorContext.Provider, { value: editor }, children);
}

/** The window's Editor. */
export function useEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error("useEditor outside an EditorProvider");
  return editor;
}

/** A slice of the editor's state; the component renders again when it changes. */
export function useEditorState<T>(selector: (s: EditorState) => T): T {
  return useStore(useEditor().store, selector);
}

/** A slice of what tools draw over the scene. */
export function useOverlay<T>(selector: (o: ToolOverlay) => T): T {
  return useStore(useEditor().overlay, selector);
}

/** How many steps undo and redo have, and the names of the next ones. */
export function useHistoryCounts<T>(selector: (c: HistoryCounts) => T): T {
  return useStore(useEditor().history.counts, selector);
}

/** Every undo step's name, for the History list. */
export function useHistorySteps(): HistorySteps {
  return useStore(useEditor().history.steps);
}

/** The document's overlapping pairs, following every edit (and a big open's deferred search). */
export function useOverlaps(): DocumentOverlaps {
  const editor = useEditor();
  useStore(editor.settled, (s) => s.count);
  useEditorState((s) => s.shapes);
  return editor.overlaps();
}

/** The pairs with a sensor (the triggers' contacts), following every edit. */
export function useSensorContacts(): readonly OverlapPair[] {
  const editor = useEditor();
  useStore(editor.settled, (s) => s.count);
  useEditorState((s) => s.shapes);
  return editor.sensorContacts();
}

/** The overlapping pairs collision filtering ignores, following every edit. */
export function useIgnoredOverlaps(): readonly IgnoredPair[] {
  const editor = useEditor();
  useStore(editor.settled, (s) => s.count);
  useEditorState((s) => s.shapes);
  return editor.ignoredOverlaps();
}

/** Every probe's closest hit, following the shapes and the probes. */
export function useProbeHits(): ReadonlyMap<string, CastHit | null> {
  const editor = useEditor();
  useEditorState((s) => s.shapes);
  useEditorState((s) => s.probes);
  return editor.probeHits();
}

/** A slice of the window's replay state. */
export function useReplay<T>(selector: (r: ReplayState) => T): T {
  return useStore(useEditor().replay, selector);
}

/** The open ray log's results against the document as it is now (empty without a log). */
export function useReplayResults(): readonly ReplayResult[] {
  const editor = useEditor();
  useEditorState((s) => s.shapes);
  useReplay((r) => r.log);
  useReplay((r) => r.tolerance);
  return replayResultsOf(editor);
}
