// The view's preferences: the grid (size, shown, snapping), whether shapes' names are drawn, whether
// the mini-map is shown and what the mouse wheel does, kept across runs as the theme is (stored.ts).
import { useEffect } from "react";
import type { Editor } from "../editor/editor";
import { useEditorState } from "../editor/react";
import { DEFAULT_GRID, DEFAULT_GRID_SIZE, DEFAULT_WHEEL, type GridState, type WheelMode } from "../store/preferences";
import { cellProblem } from "../store/view";
import { setGrid, setShowMiniMap, setShowNames, setWheelMode } from "../store/view-actions";
import { readStored, storedFields, writeStored } from "./stored";

export const GRID_STORAGE_KEY = "collider-studio.grid";
export const NAMES_STORAGE_KEY = "collider-studio.names";
export const WHEEL_STORAGE_KEY = "collider-studio.wheel";
export const MINIMAP_STORAGE_KEY = "collider-studio.minimap";

/** The saved wheel mode; anything else (first run, an unknown word) is the default, zoom. */
export const parseWheelPreference = (saved: unknown): WheelMode => (saved === "zoom" || saved === "scroll" ? saved : DEFAULT_WHEEL);

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

/** Reads the saved grid, names and mini-map settings and wheel mode into the store; call once before the first render. */
export function loadGridPreference(editor: Editor): void {
  const { size, ...grid } = parseGridPreference(readStored(GRID_STORAGE_KEY));
  setGrid(editor, grid, size);
  const names = readStored(NAMES_STORAGE_KEY);
  if (typeof names === "boolean") setShowNames(editor, names);
  const miniMap = readStored(MINIMAP_STORAGE_KEY);
  if (typeof miniMap === "boolean") setShowMiniMap(editor, miniMap);
  setWheelMode(editor, parseWheelPreference(readStored(WHEEL_STORAGE_KEY)));
}

/** Saves the grid, the names and mini-map settings and the wheel mode whenever they change. */
export function useGridPreference(): void {
  const grid = useEditorState((s) => s.grid);
  const size = useEditorState((s) => s.gridSize);
  const showNames = useEditorState((s) => s.showNames);
  const wheel = useEditorState((s) => s.wheel);
  const miniMap = useEditorState((s) => s.showMiniMap);
  useEffect(() => writeStored(GRID_STORAGE_KEY, { size, visible: grid.visible, snap: grid.snap }), [grid, size]);
  useEffect(() => writeStored(NAMES_STORAGE_KEY, showNames), [showNames]);
  useEffect(() => writeStored(WHEEL_STORAGE_KEY, wheel), [wheel]);
  useEffect(() => writeStored(MINIMAP_STORAGE_KEY, miniMap), [miniMap]);
}
