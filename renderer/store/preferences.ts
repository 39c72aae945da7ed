// Types and defaults of the editor's preferences (viewport, grid, mouse wheel, theme): no imports, so the store
// and the modules that use the store can both depend on it.
export interface ViewState {
  /** Screen position of the world origin, in CSS pixels. */
  readonly x: number;
  readonly y: number;
  /** Screen pixels per world unit. */
  readonly scale: number;
}

/** How the grid is shown and used; its cell size is the document's (DocumentSlice.gridSize). */
export interface GridState {
  readonly visible: boolean;
  /** Whether placing, moving and resizing snap to the grid. */
  readonly snap: boolean;
}

export const DEFAULT_VIEW: ViewState = { x: 0, y: 0, scale: 1 };
export const DEFAULT_GRID: GridState = { visible: true, snap: false };
/** The cell of a first run's documents; later, the last cell used (grid-preference.ts). */
export const DEFAULT_GRID_SIZE = 25;

/** What the plain mouse wheel does: zoom about the pointer (LDtk, Godot) or scroll the view (Tiled). */
export type WheelMode = "zoom" | "scroll";
export const DEFAULT_WHEEL: WheelMode = "zoom";
