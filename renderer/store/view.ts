// Snapping to the grid: the one place tools round points and lengths. The canvas maps world to
// screen as screen = world · scale + (x, y) (see ViewState).
import { useEditor } from "./editor-store";
export { DEFAULT_GRID, DEFAULT_VIEW, type GridState, type ViewState } from "./preferences";

/** Rounds a world point to the grid when snapping is on (`force` snaps regardless). */
export function snapPoint(p: { readonly x: number; readonly y: number }, force = false): { x: number; y: number } {
  const { grid } = useEditor.getState();
  if (!grid.snap && !force) return { x: p.x, y: p.y };
  const g = grid.size;
  return { x: Math.round(p.x / g) * g, y: Math.round(p.y / g) * g };
}

/** Rounds a length (a size, a radius) to the grid when snapping is on; never below one cell. */
export function snapLength(v: number): number {
  const { grid } = useEditor.getState();
  if (!grid.snap) return v;
  return Math.max(grid.size, Math.round(v / grid.size) * grid.size);
}
