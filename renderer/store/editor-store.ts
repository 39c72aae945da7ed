// The editor's one zustand store. The document (the shapes) is wrapped by zundo's temporal
// middleware; selection, the active tool and file state are not undoable. A gesture (a drag) is
// one undo step: history pauses at its start and records the whole change at its end.
import { temporal } from "zundo";
import { DEFAULT_GRID, DEFAULT_VIEW, type GridState, type ViewState } from "./preferences";
import { create, useStore } from "zustand";
import { DEFAULT_LAYER, type CollisionLayer, type Layer, type Probe, type SceneProblem, type Shape } from "../../core";

export type ToolId = "select" | "circle" | "box" | "capsule" | "polygon" | "ray" | "sweep" | "pan";
export type ThemeName = "dark" | "light";

export interface FileState {
  /** Shown in the title; "untitled.json" until opened or saved. */
  readonly name: string;
  /** Set when the desktop shell knows where the file lives. */
  readonly path?: string;
}

/** The undoable part of the state: what the scene file holds. */
export interface DocumentSlice {
  /** Every shape in the store names its layer (`layer` is set on load and on add). */
  readonly shapes: readonly Shape[];
  /** Rays and sweeps kept in the scene (its "probes"). */
  readonly probes: readonly Probe[];
  /** Editor layers, bottom first; never empty. */
  readonly layers: readonly Layer[];
  /** Names of collision category bits. */
  readonly collisionLayers: readonly CollisionLayer[];
}

export const DOCUMENT_KEYS = ["shapes", "probes", "layers", "collisionLayers"] as const satisfies readonly (keyof DocumentSlice)[];

export const documentOf = (s: DocumentSlice): DocumentSlice => ({ shapes: s.shapes, probes: s.probes, layers: s.layers, collisionLayers: s.collisionLayers });

/** Whether two document states are the same objects (the store never mutates, so this is equality). */
export const sameDocument = (a: DocumentSlice, b: DocumentSlice): boolean => DOCUMENT_KEYS.every((k) => a[k] === b[k]);

export interface EditorState extends DocumentSlice {
  /** The layer new shapes go to. */
  readonly activeLayer: string;
  /** Fields of the opened file's top level that the editor does not edit, kept for saving. */
  readonly extras: Readonly<Record<string, unknown>>;
  readonly selection: readonly string[];
  readonly tool: ToolId;
  readonly file: FileState;
  /** The document as last opened or saved; it is dirty when it differs. */
  readonly saved: DocumentSlice;
  /** What a file could not give: problems that kept it from opening, or objects an import left out (`heading` says which). */
  readonly problems: { readonly file: string; readonly list: readonly SceneProblem[]; readonly heading?: string } | null;
  /** A one-line message for the status bar (saved, errors from the shell). */
  readonly notice: string | null;
  /** The shape a placement gesture would make, drawn as a ghost; not part of the document. */
  readonly preview: Shape | null;
  /** The probe a ray or sweep gesture would make, drawn live; not part of the document. */
  readonly probePreview: Probe | null;
  /** Last pointer position in world units, for the status bar. */
  readonly cursor: { readonly x: number; readonly y: number } | null;
  /** Pan and zoom of the canvas. */
  readonly view: ViewState;
  readonly grid: GridState;
  readonly theme: ThemeName;
}

const EMPTY_DOCUMENT: DocumentSlice = { shapes: [], probes: [], layers: [DEFAULT_LAYER], collisionLayers: [] };

export const useEditor = create<EditorState>()(
  temporal(
    (): EditorState => ({
      ...EMPTY_DOCUMENT,
      activeLayer: DEFAULT_LAYER.id,
      extras: {},
      selection: [],
      tool: "select",
      file: { name: "untitled.json" },
      saved: EMPTY_DOCUMENT,
      problems: null,
      notice: null,
      preview: null,
      probePreview: null,
      cursor: null,
      view: DEFAULT_VIEW,
      grid: DEFAULT_GRID,
      theme: "dark",
    }),
    {
      partialize: documentOf,
      // Only document changes make history entries; selection and tool changes do not.
      equality: sameDocument,
      limit: 500,
    },
  ),
);

export const history = () => useEditor.temporal.getState();

/** Subscribes a component to the undo history (zundo's store is vanilla). */
export function useHistory<T>(selector: (h: ReturnType<typeof history>) => T): T {
  return useStore(useEditor.temporal, selector);
}
