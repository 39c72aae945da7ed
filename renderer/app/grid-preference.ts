// The grid (size, shown, snapping) kept across runs in localStorage, as the theme is: the desktop
// app's page keeps its localStorage in the app's user-data folder, a browser per site.
import { useEffect } from "react";
import type { Editor } from "../editor/editor";
import { useEditorState } from "../editor/react";
import { DEFAULT_GRID, type GridState } from "../store/preferences";
import { setGrid } from "../store/view-actions";

export const GRID_STORAGE_KEY = "collider-studio.grid";

/** The saved grid, field by field: a field that is missing or malformed keeps its default. */
export function parseGridPreference(saved: string | null): GridState {
  if (saved === null) return DEFAULT_GRID;
  let value: unknown;
  try {
    value = JSON.parse(saved);
  } catch {
    return DEFAULT_GRID;
  }
  if (typeof value !== "object" || value === null) return DEFAULT_GRID;
  const { size, visible, snap } = value as Record<string, unknown>;
  return {
    size: typeof size === "number" && Number.isFinite(size) && size >= 1 && size <= 100_000 ? size : DEFAULT_GRID.size,
    visible: typeof visible === "boolean" ? visible : DEFAULT_GRID.visible,
    snap: typeof snap === "boolean" ? snap : DEFAULT_GRID.snap,
  };
}

/** Reads the saved grid into the store; call once before the first render. */
export function loadGridPreference(editor: Editor): void {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(GRID_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy settings): the defaults apply.
  }
  setGrid(editor, parseGridPreference(saved));
}

/** Saves the grid whenever it changes. */
export function useGridPreference(): void {
  const grid = useEditorState((s) => s.grid);
  useEffect(() => {
    try {
      localStorage.setItem(GRID_STORAGE_KEY, JSON.stringify({ size: grid.size, visible: grid.visible, snap: grid.snap }));
    } catch {
      // Not saved; the grid still applies for this session.
    }
  }, [grid]);
}
