// The viewport's arithmetic and snapping to the grid: the one place tools round points and lengths.
// The canvas maps world to screen as screen = world · scale + (x, y) (see ViewState).
import { shapeBounds, type AABB, type Probe, type Shape } from "../../core";
import { gridSizeProblem, MAX_COORDINATE } from "../../core/scene/field-limits";
import { CLICK_SLOP } from "../shapes/kind";
import type { Editor } from "../editor/editor";
import type { ViewState } from "./preferences";
export { DEFAULT_GRID, DEFAULT_VIEW, type GridState, type ViewState } from "./preferences";

export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

/** Zoom limits: 1 % to 6400 %. */
export const MIN_SCALE = 0.01;
export const MAX_SCALE = 64;

export const clampScale = (s: number): number => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

export const worldToScreen = (v: ViewState, p: ScreenPoint): ScreenPoint => ({ x: p.x * v.scale + v.x, y: p.y * v.scale + v.y });
export const screenToWorld = (v: ViewState, p: ScreenPoint): ScreenPoint => ({ x: (p.x - v.x) / v.scale, y: (p.y - v.y) / v.scale });

/**
 * `value` rounded to the decimal step just under a tenth of a screen pixel at `scale` (0.1 at
 * 100 %, 0.01 at 400 %, 1 at 5 %): never more than 0.05 px from where it was, and a clean number.
 * After zooming out and back, a click at a whole pixel gives 50, not 49.99999999999994.
 */
export function roundForScreen(value: number, scale: number): number {
  const digits = -Math.floor(Math.log10(0.1 / scale));
  if (!Number.isFinite(digits)) return value;
  // Dividing by an exact power of ten gives the double nearest the decimal; multiplying by 0.1 would not.
  if (digits > 0) {
    const ten = 10 ** digits;
    return Math.round(value * ten) / ten + 0; // + 0: never −0
  }
  const step = 10 ** -digits;
  return Math.round(value / step) * step + 0;
}

/** Where a pointer at screen point `p` is in the world, rounded as roundForScreen (what tools and menus are given). */
export const pointerToWorld = (v: ViewState, p: ScreenPoint): ScreenPoint => {
  const w = screenToWorld(v, p);
  return { x: roundForScreen(w.x, v.scale), y: roundForScreen(w.y, v.scale) };
};

/**
 * The view zoomed to `scale` (clamped) with the world point under `anchor` (screen) kept there.
 * At a limit the scale stops and so does the drift: the view is returned unchanged.
 */
export function zoomTo(v: ViewState, scale: number, anchor: ScreenPoint): ViewState {
  const s = clampScale(scale);
  if (s === v.scale) return v;
  const w = screenToWorld(v, anchor);
  return { x: anchor.x - w.x * s, y: anchor.y - w.y * s, scale: s };
}

export const zoomBy = (v: ViewState, factor: number, anchor: ScreenPoint): ViewState => zoomTo(v, v.scale * factor, anchor);

/** The union of the boxes given (nulls skipped), or null when there is none. */
export function unionBounds(boxes: readonly (AABB | null)[]): AABB | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const b of boxes) {
    if (!b) continue;
    minX = Math.min(minX, b.minX);
    minY = Math.min(minY, b.minY);
    maxX = Math.max(maxX, b.maxX);
    maxY = Math.max(maxY, b.maxY);
  }
  return minX <= maxX && minY <= maxY ? { minX, minY, maxX, maxY } : null;
}

/** The bounds of the given shapes and probes (a sweep by its target point), or null when empty. */
export function boundsOf(shapes: readonly Shape[], probes: readonly Probe[]): AABB | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = (b: AABB) => {
    minX = Math.min(minX, b.minX);
    minY = Math.min(minY, b.minY);
    maxX = Math.max(maxX, b.maxX);
    maxY = Math.max(maxY, b.maxY);
  };
  // From the shapes' numbers: framing a 100,000-shape file must not build their geometry.
  for (const s of shapes) add(shapeBounds(s));
  for (const p of probes) {
    const pts = p.type === "ray" ? [p.from, p.to] : [p.to];
    for (const [x, y] of pts) add({ minX: x, minY: y, maxX: x, maxY: y });
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/**
 * The view that shows `box` centred in a `width`×`height` canvas with `margin` screen pixels on
 * every side. A point or a line (zero extent) keeps the current scale rather than zooming to the
 * limit.
 */
export function fitView(box: AABB, width: number, height: number, margin = 40, current: ViewState = { x: 0, y: 0, scale: 1 }): ViewState {
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  const availW = Math.max(1, width - 2 * margin);
  const availH = Math.max(1, height - 2 * margin);
  const fits = [w > 0 ? availW / w : Infinity, h > 0 ? availH / h : Infinity];
  const best = Math.min(...fits);
  const scale = clampScale(Number.isFinite(best) ? best : current.scale);
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  return { x: width / 2 - cx * scale, y: height / 2 - cy * scale, scale };
}

/**
 * The view that brings `box` to the middle of the canvas: at the current scale when it fits there
 * with `margin` to spare, else zoomed out just enough (Tiled's and Godot's "focus on object").
 */
export function frameView(box: AABB, width: number, height: number, current: ViewState, margin = 40): ViewState {
  const fits = (box.maxX - box.minX) * current.scale <= width - 2 * margin && (box.maxY - box.minY) * current.scale <= height - 2 * margin;
  if (!fits) return fitView(box, width, height, margin, current);
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  return { ...current, x: width / 2 - cx * current.scale, y: height / 2 - cy * current.scale };
}

/**
 * Why the grid cannot take this cell, in the Inspector's words for a size; null when it can. The
 * scene format's `gridSize` limits: no smaller than its smallest size, no larger than a cell anyone
 * draws on (a cell past the scene's extent snaps everything to 0, the one multiple near it).
 */
export const cellProblem = gridSizeProblem;

/**
 * `v` rounded to the nearest multiple of `cell`; `v` itself where that multiple is more than half a
 * cell away, which happens where doubles are coarser than the cell (a cell of 1e-9 at 1e8), or past
 * the format's ±1e15 (the multiple nearest 1e15 may lie beyond it). So snapping never moves a
 * point by more than half a cell, nor out of the range a file holds.
 */
export function snapToGrid(v: number, cell: number): number {
  // "+ 0" turns the -0 of rounding a small negative into 0.
  const s = Math.round(v / cell) * cell + 0;
  return Math.abs(s - v) <= cell / 2 && Math.abs(s) <= MAX_COORDINATE ? s : v;
}

/**
 * Whether a gesture snaps: the grid's Snap switch, turned over while `held` is down (Ctrl/Cmd in
 * most gestures, as Tiled and Godot do; Alt on a box's resize handles, where Ctrl keeps the
 * proportions).
 */
export function snapsNow(editor: Editor, held: boolean): boolean {
  return editor.getState().grid.snap !== held;
}

/** Rounds a world point to the grid when `on` (by default: when snapping is on). */
export function snapPoint(editor: Editor, p: { readonly x: number; readonly y: number }, on = editor.getState().grid.snap): { x: number; y: number } {
  const cell = editor.getState().gridSize;
  if (!on) return { x: p.x, y: p.y };
  return { x: snapToGrid(p.x, cell), y: snapToGrid(p.y, cell) };
}

/**
 * A drag's delta adjusted so the dragged thing's `anchor` lands on the grid when `on` (by default:
 * when snapping is on); unchanged (exactly) when not.
 */
export function snapDelta(editor: Editor, anchor: { readonly x: number; readonly y: number }, dx: number, dy: number, on = editor.getState().grid.snap): { x: number; y: number } {
  if (!on) return { x: dx, y: dy };
  const to = snapPoint(editor, { x: anchor.x + dx, y: anchor.y + dy }, true);
  return { x: to.x - anchor.x, y: to.y - anchor.y };
}

/**
 * Where a move snaps from: a box's top-left corner, as Tiled snaps an object's origin. A box whose
 * sizes are whole cells then keeps every edge on grid lines (its centre would put them half a cell off).
 */
export const snapAnchorOf = (box: AABB): { x: number; y: number } => ({ x: box.minX, y: box.minY });

/** Rounds a length (a size, a radius) to the grid when `on` (by default: when snapping is on); never below one cell. */
export function snapLength(editor: Editor, v: number, on = editor.getState().grid.snap): number {
  const cell = editor.getState().gridSize;
  if (!on) return v;
  return Math.max(cell, snapToGrid(v, cell));
}

/** The click-or-drag threshold (CLICK_SLOP screen pixels) in world units at the current zoom. */
export function clickSlop(editor: Editor): number {
  return CLICK_SLOP / editor.getState().view.scale;
}
