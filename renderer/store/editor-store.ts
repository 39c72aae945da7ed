// The editor's one zustand store. The document (the shapes) is wrapped by zundo's temporal
// middleware; selection, the active tool and file state are not undoable. A gesture (a drag) is
// one undo step: history pauses at its start and records the whole change at its end.
import { temporal } from "zundo";
import { create, useStore } from "zustand";
import type { Probe, SceneProblem, Shape } from "../../core";

export type ToolId = "select" | "circle" | "box" | "capsule" | "polygon" | "ray" | "sweep";

export interface FileState {
  /** Shown in the title; "untitled.json" until opened or saved. */
  readonly name: string;
  /** Set when the desktop shell knows where the file lives. */
  readonly path?: string;
}

export interface EditorState {
  readonly shapes: readonly Shape[];
  /** Rays and sweeps kept in the scene (its "probes"); undoable with the shapes. */
  readonly probes: readonly Probe[];
  /** Fields of the opened file's top level that the editor does not edit, kept for saving. */
  readonly extras: Readonly<Record<string, unknown>>;
  readonly selection: readonly string[];
  readonly tool: ToolId;
  readonly file: FileState;
  /** The shapes and probes as last opened or saved; the document is dirty when they differ. */
  readonly savedShapes: readonly Shape[];
  readonly savedProbes: readonly Probe[];
  /** Problems from the last failed open, shown in a panel; the open document is untouched. */
  readonly problems: { readonly file: string; readonly list: readonly SceneProblem[] } | null;
  /** A one-line message for the status bar (saved, errors from the shell). */
  readonly notice: string | null;
  /** The shape a placement gesture would make, drawn as a ghost; not part of the document. */
  readonly preview: Shape | null;
  /** The probe a ray or sweep gesture would make, drawn live; not part of the document. */
  readonly probePreview: Probe | null;
  /** Last pointer position in world units, for the status bar. */
  readonly cursor: { readonly x: number; readonly y: number } | null;
}

interface DocumentSlice {
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
}

const EMPTY: readonly Shape[] = [];
const NO_PROBES: readonly Probe[] = [];

export const useEditor = create<EditorState>()(
  temporal(
    (): EditorState => ({
      shapes: EMPTY,
      probes: NO_PROBES,
      extras: {},
      selection: [],
      tool: "select",
      file: { name: "untitled.json" },
      savedShapes: EMPTY,
      savedProbes: NO_PROBES,
      problems: null,
      notice: null,
      preview: null,
      probePreview: null,
      cursor: null,
    }),
    {
      partialize: (s): DocumentSlice => ({ shapes: s.shapes, probes: s.probes }),
      // Only document changes make history entries; selection and tool changes do not.
      equality: (a, b) => a.shapes === b.shapes && a.probes === b.probes,
      limit: 500,
    },
  ),
);

export const history = () => useEditor.temporal.getState();

/** Subscribes a component to the undo history (zundo's store is vanilla). */
export function useHistory<T>(selector: (h: ReturnType<typeof history>) => T): T {
  return useStore(useEditor.temporal, selector);
}
