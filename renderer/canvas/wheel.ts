// What a wheel event does to the view: pan by some pixels, step the zoom through the presets, or
// both. Pure, so the mapping is tested without a browser; SceneCanvas applies it.
import type { WheelMode } from "../store/preferences";

/** The fields of a DOM WheelEvent the mapping reads. */
export interface WheelInput {
  readonly deltaX: number;
  readonly deltaY: number;
  /** 0: pixels, 1: lines, 2: pages (WheelEvent.DOM_DELTA_*). */
  readonly deltaMode: number;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  /** ms, as Event.timeStamp. */
  readonly timeStamp: number;
}

/**
 * The zoom travel of the wheel turns so far: a run of small deltas in one direction (a trackpad, a
 * pinch, a high-resolution wheel) adds up to one preset step per WHEEL_NOTCH pixels.
 */
export interface WheelBurst {
  /** +1 zooming in, −1 out, 0 none yet. */
  readonly sign: number;
  /** Pixels travelled since the last step. */
  readonly travel: number;
  readonly time: number;
}

export const NO_BURST: WheelBurst = { sign: 0, travel: 0, time: -Infinity };

export interface WheelGesture {
  /** Screen pixels to move the view by (the content follows the fingers: a wheel turned down moves it up). */
  readonly dx: number;
  readonly dy: number;
  /** Preset steps to zoom about the pointer: +1 in, −1 out, 0 none. */
  readonly steps: number;
  readonly burst: WheelBurst;
}

/** One line of a line-mode wheel (Firefox), in pixels. */
export const WHEEL_LINE = 16;
/** Pixels of small deltas that make one zoom step; a mouse notch (100 px in Chromium on Windows) is one. */
export const WHEEL_NOTCH = 50;
/** A pause this long (ms) ends a burst: the next turn steps at once, however small (a mouse notch on macOS gives a few pixels). */
export const WHEEL_BURST_GAP = 200;

/**
 * The gesture of one wheel event. Ctrl or Cmd (and a trackpad pinch, which Chromium sends as
 * Ctrl+wheel) zooms about the pointer; Shift scrolls sideways (the browser may already have moved
 * the delta to deltaX); deltaX always scrolls sideways; the plain wheel zooms or scrolls as `mode`
 * says. A zoom steps at most one preset per event, so a fast wheel cannot fling the zoom to a limit.
 */
export function wheelGesture(e: WheelInput, mode: WheelMode, page: { readonly width: number; readonly height: number }, burst: WheelBurst): WheelGesture {
  const px = (d: number, pageSize: number) => (e.deltaMode === 1 ? d * WHEEL_LINE : e.deltaMode === 2 ? d * pageSize : d);
  const x = px(e.deltaX, page.width), y = px(e.deltaY, page.height);
  if (e.ctrlKey || e.metaKey) return { dx: 0, dy: 0, ...zoomSteps(y, e, burst) };
  if (e.shiftKey) return { dx: -(x !== 0 ? x : y), dy: 0, steps: 0, burst };
  if (mode === "scroll") return { dx: -x, dy: -y, steps: 0, burst };
  return { dx: -x, dy: 0, ...zoomSteps(y, e, burst) };
}

function zoomSteps(y: number, e: WheelInput, burst: WheelBurst): { steps: number; burst: WheelBurst } {
  if (y === 0) return { steps: 0, burst };
  const sign = y < 0 ? 1 : -1;
  const fresh = e.deltaMode !== 0 || sign !== burst.sign || e.timeStamp - burst.time > WHEEL_BURST_GAP;
  const travel = fresh ? Infinity : burst.travel + Math.abs(y);
  return travel >= WHEEL_NOTCH ? { steps: sign, burst: { sign, travel: 0, time: e.timeStamp } } : { steps: 0, burst: { sign, travel, time: e.timeStamp } };
}
