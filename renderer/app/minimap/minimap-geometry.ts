// The mini-map's arithmetic: the level's bounds fitted to the panel, panel points to world points
// and back, the canvas's visible rectangle as a frame, and the view that centres a world point.
// Panel coordinates are CSS pixels from the mini-map's top-left; panel = world · scale + (x, y).
import type { AABB } from "../../../core";
import type { ScreenPoint } from "../../store/view";
import type { ViewState } from "../../store/preferences";

export interface MiniMapFit {
  /** Panel pixels per world unit. */
  readonly scale: number;
  /** Panel position of the world origin. */
  readonly x: number;
  readonly y: number;
  /** The mini-map's size in CSS pixels. */
  readonly width: number;
  readonly height: number;
}

export interface PanelRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Panel pixels kept clear around the level, so shapes on its edge are not cut by the border. */
export const MINIMAP_PADDING = 4;
/** The shortest mini-map: a level much wider than high still gets room to click in. */
export const MINIMAP_MIN_HEIGHT = 48;
/** A level with no extent along an axis (one point, a level-wide line) is shown this many units across. */
const MIN_EXTENT = 64;

/**
 * The level `bounds` scaled to `width` panel pixels, its height following the level's proportions
 * between MINIMAP_MIN_HEIGHT and `maxHeight`; a level too tall (or too wide) for that is scaled to
 * fit and centred. A level without extent along an axis is given MIN_EXTENT units along it.
 */
export function fitMiniMap(bounds: AABB, width: number, maxHeight: number): MiniMapFit {
  const grow = (lo: number, hi: number): [number, number] => (hi - lo > 0 ? [lo, hi] : [(lo + hi) / 2 - MIN_EXTENT / 2, (lo + hi) / 2 + MIN_EXTENT / 2]);
  const [minX, maxX] = grow(bounds.minX, bounds.maxX);
  const [minY, maxY] = grow(bounds.minY, bounds.maxY);
  const w = maxX - minX, h = maxY - minY;
  const inner = Math.max(1, width - 2 * MINIMAP_PADDING);
  const height = Math.round(Math.min(Math.max(maxHeight, MINIMAP_MIN_HEIGHT), Math.max(MINIMAP_MIN_HEIGHT, inner * (h / w) + 2 * MINIMAP_PADDING)));
  const scale = Math.min(inner / w, Math.max(1, height - 2 * MINIMAP_PADDING) / h);
  return { scale, x: width / 2 - ((minX + maxX) / 2) * scale, y: height / 2 - ((minY + maxY) / 2) * scale, width, height };
}

export const worldToPanel = (fit: MiniMapFit, p: ScreenPoint): ScreenPoint => ({ x: p.x * fit.scale + fit.x, y: p.y * fit.scale + fit.y });
export const panelToWorld = (fit: MiniMapFit, p: ScreenPoint): ScreenPoint => ({ x: (p.x - fit.x) / fit.scale, y: (p.y - fit.y) / fit.scale });

/** The canvas's visible world rectangle (`canvas` in CSS pixels) on the mini-map. */
export function viewFrame(fit: MiniMapFit, view: ViewState, canvas: { readonly width: number; readonly height: number }): PanelRect {
  const k = fit.scale / view.scale;
  return { x: -view.x * k + fit.x, y: -view.y * k + fit.y, width: canvas.width * k, height: canvas.height * k };
}

/** The view at the same zoom with world point `at` in the middle of the canvas. */
export function centredOn(view: ViewState, canvas: { readonly width: number; readonly height: number }, at: ScreenPoint): ViewState {
  return { ...view, x: canvas.width / 2 - at.x * view.scale, y: canvas.height / 2 - at.y * view.scale };
}

/** The smallest frame drawn, in panel pixels: a view zoomed far in on a big level still shows where it is. */
export const MIN_FRAME = 6;

/**
 * The frame as drawn: at least MIN_FRAME across about its centre, and clipped to a little beyond
 * the panel (a view zoomed far out makes a frame millions of pixels wide, which a CSS border does
 * not need). Null when it lies wholly outside.
 */
export function clipFrame(rect: PanelRect, fit: MiniMapFit, slack = 2): PanelRect | null {
  const grow = (at: number, size: number): [number, number] => (size >= MIN_FRAME ? [at, size] : [at + size / 2 - MIN_FRAME / 2, MIN_FRAME]);
  const [fx, fw] = grow(rect.x, rect.width), [fy, fh] = grow(rect.y, rect.height);
  const frame = { x: fx, y: fy, width: fw, height: fh };
  const x0 = Math.max(frame.x, -slack), y0 = Math.max(frame.y, -slack);
  const x1 = Math.min(frame.x + frame.width, fit.width + slack), y1 = Math.min(frame.y + frame.height, fit.height + slack);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** Whether panel point `p` lies in `r` (edges included). */
export const inPanelRect = (r: PanelRect, p: ScreenPoint): boolean => p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
