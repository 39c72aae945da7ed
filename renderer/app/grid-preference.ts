// The grid (size, shown, snapping) and whether shapes' names are drawn, kept across runs as the
// theme is (stored.ts).
import { useEffect } from "react";
import type { Editor } from "../editor/editor";
import { useEditorState } from "../editor/react";
import { DEFAULT_GRID, DEFAULT_GRID_SIZE, type GridState } from "../store/preferences";
import { cellProblem } from "../store/view";
import { setGrid, setShowNames } from "../store/view-actions";
import { readStored, storedFields, writeStored } from "./stored";

export const GRID_STORAGE_KEY = "collider-studio.grid";
export const NAMES_STORAGE_KEY = "collider-studio.names";

/**
 * The saved grid, field by field: a field that is missing or malformed keeps its default. `size`
 * is the last cell used: a new document's, and a scene's that says none (the scene's own wins).
 */
export function parseGridPreference(saved: unknown): GridState & { readonly size: number } {
  const { size, visible, snap } = storedFields(saved);
  return {
    size: typeof size === "number" && cellProblem(size) === null ? size : DEFAULT_GRID_SIZE,
    visible: typeof visible === "boolean" ? visible : DEFAULT_GRID.visible,
    snap: typeof snap === "boolean" ? snap : DEFAULT_GRID.snap,
  };
}

/** Reads the saved grid and names setting into the store; call once before the first render. */
export function loadGridPreference(editor: Editor): void {
  const { size, ...grid } = parseGridPreference(readStored(GRID_STORAGE_KEY));
  setGrid(editor, grid, size);
  const names = readStored(NAMES_STORAGE_KEY);
  if (typeof names === "boolean") setShowNames(editor, names);
}

/** Saves the grid and the names setting whenever they change. */
export function useGridPreference(): void {
  const grid = useEditorState((s) => s.grid);
  const size = useEditorState((s) => s.gridSize);
  const showNames = useEditorState((s) => s.showNames);
  useEffect(() => writeStored(GRID_STORAGE_KEY, { size, visible: grid.visible, snap: grid.snap }), [grid, size]);
  useEffect(() => writeStored(NAMES_STORAGE_KEY, showNames), [showNames]);
}
