// Store actions for the viewport, the grid and nudging. The view and the grid are not part of the
// document (no undo entry); a nudge is, and each one is its own undo step.
import type { Probe, Shape } from "../../core";
import { gestureActive } from "./actions";
import { useEditor } from "./editor-store";
import { DEFAULT_VIEW, type ViewState } from "./preferences";
import { boundsOf, fitView, zoomBy, zoomTo, ZOOM_STEP, type ScreenPoint } from "./view";

const get = () => useEditor.getState();

/** The canvas size in CSS pixels, told by the canvas as it resizes; keyboard zoom centres on it. */
let canvasSize = { width: 800, height: 600 };

export function setCanvasSize(width: number, height: number): void {
  canvasSize = { width, height };
}

const centre = (): ScreenPoint => ({ x: canvasSize.width / 2, y: canvasSize.height / 2 });

export function setView(view: ViewState): void {
  if (view !== get().view) useEditor.setState({ view });
}

/** Wheel zoom: multiplies the scale by `factor`, keeping the world point under `at` (screen). */
export function zoomAt(factor: number, at: ScreenPoint): void {
  setView(zoomBy(get().view, factor, at));
}

export const zoomIn = (): void => zoomAt(ZOOM_STEP, centre());
export const zoomOut = (): void => zoomAt(1 / ZOOM_STEP, centre());
/** Back to 100 %, about the canvas centre. */
export const resetZoom = (): void => setView(zoomTo(get().view, DEFAULT_VIEW.scale, centre()));

/** Moves the view by (dx, dy) screen pixels. */
export function panBy(dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return;
  const v = get().view;
  setView({ ...v, x: v.x + dx, y: v.y + dy });
}

/** Frames the selection, or everything when nothing is selected; an empty scene keeps the view. */
export function fitToView(): void {
  const { shapes, probes, selection, view } = get();
  const picked = new Set(selection);
  const some = picked.size > 0;
  const box = some ? boundsOf(shapes.filter((s) => picked.has(s.id)), probes.filter((p) => picked.has(p.id))) : boundsOf(shapes, probes);
  if (box) setView(fitView(box, canvasSize.width, canvasSize.height, 40, view));
}

export function toggleGrid(): void {
  const { grid } = get();
  useEditor.setState({ grid: { ...grid, visible: !grid.visible } });
}

export function toggleSnap(): void {
  const { grid } = get();
  useEditor.setState({ grid: { ...grid, snap: !grid.snap } });
}

/** Sets the cell size; anything not a finite number ≥ 1 is ignored. */
export function setGridSize(size: number): void {
  const { grid } = get();
  if (!Number.isFinite(size) || size < 1 || size === grid.size) return;
  useEditor.setState({ grid: { ...grid, size } });
}

function moveProbe(p: Probe, dx: number, dy: number): Probe {
  // A sweep starts at its shape: moving the probe moves where it goes.
  if (p.type === "sweep") return { ...p, to: [p.to[0] + dx, p.to[1] + dy] };
  return { ...p, from: [p.from[0] + dx, p.from[1] + dy], to: [p.to[0] + dx, p.to[1] + dy] };
}

/** Moves the selected shapes and probes by (dx, dy) world units: one undo step. */
export function nudgeSelection(dx: number, dy: number): void {
  const { selection, shapes, probes } = get();
  // A drag under way owns the document until it ends.
  if (selection.length === 0 || gestureActive()) return;
  const picked = new Set(selection);
  useEditor.setState({
    shapes: shapes.map((s): Shape => (picked.has(s.id) ? { ...s, x: s.x + dx, y: s.y + dy } : s)),
    probes: probes.map((p) => (picked.has(p.id) ? moveProbe(p, dx, dy) : p)),
  });
}

/** Arrow keys: one world unit, or one grid cell (`cell`). */
export function nudge(dirX: number, dirY: number, cell: boolean): void {
  const step = cell ? get().grid.size : 1;
  nudgeSelection(dirX * step, dirY * step);
}
