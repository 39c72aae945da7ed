// Store actions for the viewport, the grid and nudging. The view and the grid's showing and snapping
// are not part of the document (no undo entry); the grid's cell is (the scene's gridSize), and a
// nudge is: each change is its own undo step.
import type { AABB, Shape } from "../../core";
import { readBase } from "../editor/state";
import { tiledMapOf } from "../tiled-map/backdrop";
import { drawnBounds } from "../tiled-map/tile-objects";
import { moveProbe, notify } from "./actions";
import type { Editor } from "../editor/editor";
import { DEFAULT_VIEW, type GridState, type ViewState, type WheelMode } from "./preferences";
import { lockedLayerOf, type Edit } from "./layer-actions";
import { evaluateNumberExpression } from "./number-expression";
import { boundsOf, cellProblem, unionBounds, fitView, frameView, screenToWorld, worldToScreen, zoomBy, zoomTo, type ScreenPoint } from "./view";
import { zoomLevelBy } from "./zoom-levels";

/** The canvas size in CSS pixels, told by the canvas as it resizes; keyboard zoom centres on it. */
export function setCanvasSize(editor: Editor, width: number, height: number): void {
  if (editor.canvasSize.width === width && editor.canvasSize.height === height) return;
  editor.canvasSize = { width, height };
  editor.canvasResized.setState((s) => ({ count: s.count + 1 }));
}

const centre = (editor: Editor): ScreenPoint => ({ x: editor.canvasSize.width / 2, y: editor.canvasSize.height / 2 });

/**
 * Replaces the view. The status bar's cursor stays on the same screen pixel (the pointer did not
 * move), so it reads the world point now under it: a keyboard zoom or Fit to view left it stale.
 */
export function setView(editor: Editor, view: ViewState): void {
  const { view: old, cursor } = editor.getState();
  if (view === old) return;
  editor.update(cursor ? { view, cursor: screenToWorld(view, worldToScreen(old, cursor)) } : { view });
}

/** Multiplies the scale by `factor`, keeping the world point under `at` (screen). */
export function zoomAt(editor: Editor, factor: number, at: ScreenPoint): void {
  setView(editor, zoomBy(editor.getState().view, factor, at));
}

/** Wheel and keyboard zoom: `steps` preset levels in (positive) or out, keeping the world point under `at`. */
export function zoomStepAt(editor: Editor, steps: number, at: ScreenPoint): void {
  const { view } = editor.getState();
  setView(editor, zoomTo(view, zoomLevelBy(view.scale, steps), at));
}

/** The status bar's zoom list: `scale` (a preset) about the canvas's centre. */
export const zoomToScale = (editor: Editor, scale: number): void => setView(editor, zoomTo(editor.getState().view, scale, centre(editor)));

export const zoomIn = (editor: Editor): void => zoomStepAt(editor, 1, centre(editor));
export const zoomOut = (editor: Editor): void => zoomStepAt(editor, -1, centre(editor));
/**
 * Back to 100 %, about the canvas centre, the pan rounded to whole pixels: a screen pixel is then
 * a world unit again, and a click lands on whole coordinates as it does in a new document.
 */
export function resetZoom(editor: Editor): void {
  const v = zoomTo(editor.getState().view, DEFAULT_VIEW.scale, centre(editor));
  setView(editor, { ...v, x: Math.round(v.x), y: Math.round(v.y) });
}

/** Moves the view by (dx, dy) screen pixels. */
export function panBy(editor: Editor, dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return;
  const v = editor.getState().view;
  setView(editor, { ...v, x: v.x + dx, y: v.y + dy });
}

/** Frames the selection, or everything when nothing is selected (the Tiled map's tiles too, when shown); an empty scene keeps the view. */
export function fitToView(editor: Editor): void {
  const { shapes, probes, selection, view } = editor.getState();
  const picked = new Set(selection);
  const some = picked.size > 0;
  const box = some ? boundsOf(editor.shapesWithIds(selection), probes.filter((p) => picked.has(p.id))) : unionBounds([boundsOf(shapes, probes), shownMapBounds(editor)]);
  if (box) setView(editor, fitView(box, editor.canvasSize.width, editor.canvasSize.height, 40, view));
}

/** Where the scene's Tiled map has tiles and tile objects, when it is loaded and shown. */
export function shownMapBounds(editor: Editor): AABB | null {
  const state = editor.getState();
  const map = tiledMapOf(state.extras);
  const entry = map ? editor.backdrop.entry(map.src, readBase(state.file)) : undefined;
  return entry?.state === "ready" && editor.backdrop.display.getState().visible ? drawnBounds(entry.map) : null;
}


/**
 * After a scene is opened or a map imported: when none of its shapes and probes is in view (a level
 * far from the origin, or beside the canvas), brings them to the middle as frameItems does; a
 * document with something in view keeps the view as it was.
 */
export function bringDocumentIntoView(editor: Editor): void {
  const { shapes, probes, view } = editor.getState();
  const box = boundsOf(shapes, probes);
  if (!box) return;
  const { width, height } = editor.canvasSize;
  const a = screenToWorld(view, { x: 0, y: 0 }), b = screenToWorld(view, { x: width, y: height });
  if (box.minX <= b.x && box.maxX >= a.x && box.minY <= b.y && box.maxY >= a.y) return;
  setView(editor, frameView(box, width, height, view));
}

/** Brings the given shapes and probes to the middle of the canvas, zooming out only when they do not fit. */
export function frameItems(editor: Editor, ids: readonly string[]): void {
  const { probes, view } = editor.getState();
  const picked = new Set(ids);
  const box = boundsOf(editor.shapesWithIds(ids), probes.filter((p) => picked.has(p.id)));
  if (box) setView(editor, frameView(box, editor.canvasSize.width, editor.canvasSize.height, view));
}

/** The pointer's world position for the status bar, or null when it left the canvas. */
export function setCursor(editor: Editor, cursor: { readonly x: number; readonly y: number } | null): void {
  editor.update({ cursor });
}

/** Replaces the grid settings and the cell of documents without one (a saved preference loaded at start; the open document stays clean). */
export function setGrid(editor: Editor, grid: GridState, size?: number): void {
  const { saved, gridSize } = editor.getState();
  editor.update(size === undefined || size === gridSize ? { grid } : { grid, gridSize: size, saved: { ...saved, gridSize: size } }, { record: false });
}

/**
 * A cell the document had all along, found after it opened (its Tiled map's tile size, read later):
 * set without an undo step, and kept clean where it was.
 */
export function adoptGridSize(editor: Editor, size: number): boolean {
  const { saved, gridSize } = editor.getState();
  if (cellProblem(size) !== null || size === gridSize) return false;
  editor.update(saved.gridSize === gridSize ? { gridSize: size, saved: { ...saved, gridSize: size } } : { gridSize: size }, { record: false });
  return true;
}

export function setShowNames(editor: Editor, showNames: boolean): void {
  editor.update({ showNames });
}

export const toggleNames = (editor: Editor): void => setShowNames(editor, !editor.getState().showNames);

export function setShowMiniMap(editor: Editor, showMiniMap: boolean): void {
  editor.update({ showMiniMap });
}

export const toggleMiniMap = (editor: Editor): void => setShowMiniMap(editor, !editor.getState().showMiniMap);

export function setWheelMode(editor: Editor, wheel: WheelMode): void {
  editor.update({ wheel });
}

/** Turns the plain wheel from zooming to scrolling or back, saying what each wheel now does. */
export function toggleWheelZooms(editor: Editor): void {
  const zooms = editor.getState().wheel === "zoom";
  setWheelMode(editor, zooms ? "scroll" : "zoom");
  notify(editor, zooms ? "The mouse wheel scrolls; Ctrl+wheel zooms" : "The mouse wheel zooms; Shift+wheel scrolls sideways");
}

/** Shows or hides the grid, saying which in the status bar (Ctrl+G has no other sign when the grid is faint). */
export function toggleGrid(editor: Editor): void {
  const { grid } = editor.getState();
  editor.update({ grid: { ...grid, visible: !grid.visible } });
  notify(editor, grid.visible ? "Grid hidden" : "Grid shown");
}

/** Turns snapping over, saying so in the status bar ("Snap to grid on (cell 16)"): the switch is small. */
export function toggleSnap(editor: Editor): void {
  const { grid } = editor.getState();
  editor.update({ grid: { ...grid, snap: !grid.snap } });
  notify(editor, grid.snap ? "Snap to grid off" : `Snap to grid on (cell ${editor.getState().gridSize})`);
}

/** Sets the scene's cell size, one undo step; one out of range (cellProblem) is refused with why, the grid unchanged. */
export function setGridSize(editor: Editor, size: number): Edit<number> {
  const problem = cellProblem(size);
  if (problem !== null) return { ok: false, message: problem };
  // The designer's cell wins over a map's tile size still to come (mapGridPending).
  if (size !== editor.getState().gridSize) editor.update({ gridSize: size, mapGridPending: false });
  return { ok: true, value: size };
}

/** Sets the cell size from typed text (a number or a sum, as the Inspector reads it). */
export function setGridSizeText(editor: Editor, text: string): Edit<number> {
  const typed = evaluateNumberExpression(text);
  return typed.ok ? setGridSize(editor, typed.value) : typed;
}

/** Moves the selected shapes and probes by (dx, dy) world units: one undo step. */
export function nudgeSelection(editor: Editor, dx: number, dy: number): void {
  const { selection, shapes, probes } = editor.getState();
  // A drag under way owns the document until it ends.
  if (selection.length === 0 || editor.gestureActive()) return;
  // Shapes of a locked layer (selected from a panel) stay put, as a drag leaves them.
  const { layers } = editor.getState();
  const picked = new Set(selection.filter((id) => {
    const shape = editor.shapeById(id);
    return !shape || lockedLayerOf(shape, layers) === undefined;
  }));
  if (picked.size === 0) {
    const locked = lockedLayerOf(editor.shapeById(selection[0]!)!, layers)!;
    notify(editor, `Layer '${locked.name}' is locked: unlock it to edit its shapes`);
    return;
  }
  // Presses in a row on one selection are one step ("Move box-11"), as Godot merges them: the
  // selection's array is the key, so selecting anew starts another step.
  editor.update({
    shapes: shapes.map((s): Shape => (picked.has(s.id) ? { ...s, x: s.x + dx, y: s.y + dy } : s)),
    probes: probes.map((p) => (picked.has(p.id) ? moveProbe(p, dx, dy) : p)),
  }, { merge: selection });
}

/** Arrow keys: one world unit, or one grid cell (`cell`); presses in a row are one undo step. */
export function nudge(editor: Editor, dirX: number, dirY: number, cell: boolean): void {
  const step = cell ? editor.getState().gridSize : 1;
  nudgeSelection(editor, dirX * step, dirY * step);
}
