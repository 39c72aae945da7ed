// The editor's state: the document (what the scene file holds, and what undo steps through) and
// the window's state around it (selection, tool, file, view, notices). Types and pure helpers only;
// the Editor (editor.ts) holds one such state per window.
import { DEFAULT_LAYER, type CollisionLayer, type Layer, type Probe, type SceneExportOptions, type SceneImage, type SceneProblem, type Shape } from "../../core";
import { DEFAULT_GRID, DEFAULT_GRID_SIZE, DEFAULT_VIEW, DEFAULT_WHEEL, type GridState, type ViewState, type WheelMode } from "../store/preferences";

export type ToolId = "select" | "circle" | "box" | "capsule" | "polygon" | "chain" | "ray" | "sweep" | "pan";
export type ThemeName = "dark" | "light";

export interface FileState {
  /** Shown in the title; "untitled.json" until opened or saved. */
  readonly name: string;
  /** Set when the desktop shell knows where the file lives. */
  readonly path?: string;
  /**
   * A document imported and not saved yet: the file it came from (a path, or a browser's key for
   * it). Its relative paths (the Tiled map, images) are read beside that file until it is saved.
   */
  readonly importedFrom?: string;
}

/** The file whose folder a document's relative paths start from: its own, else the one it was imported from. */
export const readBase = (file: FileState): string | undefined => file.path ?? file.importedFrom;

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
  /** Reference images under every shape, bottom first. */
  readonly images: readonly SceneImage[];
  /** The grid's cell in world units: the scene's `gridSize`, written on save; a change is an undo step. */
  readonly gridSize: number;
  /** The scene's `exportOptions` (Export Options…), {} for none; replaced whole, never mutated. */
  readonly exportOptions: SceneExportOptions;
}

/** The document's lists (undo patches them item by item). */
export const DOCUMENT_KEYS = ["shapes", "probes", "layers", "collisionLayers", "images"] as const satisfies readonly (keyof DocumentSlice)[];
export type DocumentList = (typeof DOCUMENT_KEYS)[number];
/** The document's plain values (undo keeps their before and after whole). */
export const DOCUMENT_VALUES = ["gridSize", "exportOptions"] as const satisfies readonly (keyof DocumentSlice)[];
export type DocumentValue = (typeof DOCUMENT_VALUES)[number];

export const documentOf = (s: DocumentSlice): DocumentSlice => ({ shapes: s.shapes, probes: s.probes, layers: s.layers, collisionLayers: s.collisionLayers, images: s.images, gridSize: s.gridSize, exportOptions: s.exportOptions });

const sameValues = (a: DocumentSlice, b: DocumentSlice): boolean => DOCUMENT_VALUES.every((k) => a[k] === b[k]);

/** Whether two document states are the same objects (the store never mutates, so this is equality). */
export const sameDocument = (a: DocumentSlice, b: DocumentSlice): boolean => sameValues(a, b) && DOCUMENT_KEYS.every((k) => a[k] === b[k]);

/** The last two arrays sameItems compared, and its answer: views ask about the same pair many times. */
let lastItems: { a: readonly unknown[]; b: readonly unknown[]; same: boolean } | null = null;

/** Whether two arrays hold the same objects in the same order (an undo rebuilds the array it restores). */
function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  if (lastItems && lastItems.a === a && lastItems.b === b) return lastItems.same;
  let same = true;
  for (let i = 0; i < a.length && same; i++) same = a[i] === b[i];
  lastItems = { a, b, same };
  return same;
}

/** Whether two document states hold the same objects: an edit undone back to a saved state is clean again. */
export const sameDocumentContent = (a: DocumentSlice, b: DocumentSlice): boolean => sameValues(a, b) && DOCUMENT_KEYS.every((k) => sameItems(a[k], b[k]));

/**
 * What put the problems list up. `open-failed`: a file that did not open (a scene, a recovered
 * document, a map to import, a ray log), its problems; the next file that opens ends it. The
 * others are notes on what an outcome left out or changed, kept until dismissed or replaced:
 * an import's, a save's (paths that did not move), an export's, Save to Map's and Bake Tile
 * Colliders' (and a map they could not read or write), Add Image's.
 */
export type ProblemsKind = "open-failed" | "import" | "save" | "export" | "map" | "images";

export interface EditorState extends DocumentSlice {
  /** The layer new shapes go to. */
  readonly activeLayer: string;
  /** Fields of the opened file's top level that the editor does not edit, kept for saving. */
  readonly extras: Readonly<Record<string, unknown>>;
  readonly selection: readonly string[];
  /**
   * The selected scene image's id, or null. It and `selection` exclude each other: selecting
   * shapes or probes drops it (Editor.update), selecting it empties `selection`.
   */
  readonly selectedImage: string | null;
  readonly tool: ToolId;
  readonly file: FileState;
  /** The document as last opened or saved; it is dirty when it differs. */
  readonly saved: DocumentSlice;
  /** `extras` as last opened or saved: a Save to Map's new merge base (tiledMap.base) is unsaved until the scene is saved. */
  readonly savedExtras: Readonly<Record<string, unknown>>;
  /**
   * The objects this window's Save to Map removed from the document's Tiled map, by the scene id
   * of the shape each was: the next Save to Map writes a shape an undo brought back with its old
   * Tiled id (as Tiled's undo restores it), and no new shape takes one of these ids. Not part of
   * the document or its history.
   */
  readonly tiledRemoved: ReadonlyMap<string, number>;
  /** The problems list under the canvas: what kept a file from opening, or what an outcome left out (`kind`); `heading` says it in words. */
  readonly problems: { readonly kind: ProblemsKind; readonly file: string; readonly list: readonly SceneProblem[]; readonly heading?: string } | null;
  /**
   * A one-line message for the status bar from the action that raised it (saved, errors, why a
   * polygon is refused). The next change of the document, the selection or the tool clears it,
   * and the status bar lets it fade after a few seconds.
   */
  readonly notice: string | null;
  /** Counts notices, so the same text raised again shows (and fades) again. */
  readonly noticeId: number;
  /** The notice in full, where it is said short (the status line's tooltip); null when the notice is all. */
  readonly noticeDetail: string | null;
  /** The active tool's state path ("select.idle", "polygon.drawing"): the status bar's hint follows it. */
  readonly toolPath: string;
  /** Last pointer position in world units, for the status bar. */
  readonly cursor: { readonly x: number; readonly y: number } | null;
  /** Pan and zoom of the canvas. */
  readonly view: ViewState;
  readonly grid: GridState;
  /**
   * A document with a Tiled map and no `gridSize` was just opened: once the map is read, a square
   * tile size becomes the grid's (as importing the map does), and this turns false.
   */
  readonly mapGridPending: boolean;
  /** Whether the canvas writes shapes' names on them (where the zoom leaves room). */
  readonly showNames: boolean;
  /** Whether the sidebar shows the mini-map (View → Mini-map; hidden at first, as in Tiled). */
  readonly showMiniMap: boolean;
  /** What the plain mouse wheel does over the canvas (Ctrl+wheel always zooms). */
  readonly wheel: WheelMode;
  readonly theme: ThemeName;
}

/** A document without export options: one frozen object, so a new or loaded document compares clean. */
export const NO_EXPORT_OPTIONS: SceneExportOptions = Object.freeze({});

export const EMPTY_DOCUMENT: DocumentSlice = { shapes: [], probes: [], layers: [DEFAULT_LAYER], collisionLayers: [], images: [], gridSize: DEFAULT_GRID_SIZE, exportOptions: NO_EXPORT_OPTIONS };

/** A new document's extras: the same object as its savedExtras, so it starts clean. */
const NO_EXTRAS: Readonly<Record<string, unknown>> = Object.freeze({});

/** No object removed from a map by Save to Map. */
export const NO_REMOVED: ReadonlyMap<string, number> = new Map();

export const initialState = (): EditorState => ({
  ...EMPTY_DOCUMENT,
  activeLayer: DEFAULT_LAYER.id,
  extras: NO_EXTRAS,
  selection: [],
  selectedImage: null,
  tool: "select",
  file: { name: "untitled.json" },
  saved: EMPTY_DOCUMENT,
  savedExtras: NO_EXTRAS,
  tiledRemoved: NO_REMOVED,
  problems: null,
  notice: null,
  noticeId: 0,
  noticeDetail: null,
  toolPath: "select.idle",
  cursor: null,
  view: DEFAULT_VIEW,
  grid: DEFAULT_GRID,
  mapGridPending: false,
  showNames: true,
  showMiniMap: false,
  wheel: DEFAULT_WHEEL,
  theme: "dark",
});
