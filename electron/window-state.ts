// The editor window's size, position and maximised state, kept in <userData>/window-state.json and
// restored on the next start, moved back onto a display if the one it was on is gone.
import { z } from "zod";
import { nodeJsonStoreFileSystem, readJsonFile, serialWriter, writeJsonFile, type JsonStoreFileSystem } from "./json-store";

export interface Rectangle {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The part of Electron's `Display` used here. */
export interface DisplayLike {
  readonly workArea: Rectangle;
}

const rectangleSchema = z.object({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
});

export const windowStateSchema = z.object({
  /** The bounds when not maximised (Electron's getNormalBounds). */
  bounds: rectangleSchema,
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

/** How much of a window must lie on a display for it to count as reachable there (a title bar's worth). */
const MIN_VISIBLE = { width: 100, height: 40 };

export interface RestoredWindow {
  /** Absent: let Electron centre the window. */
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  readonly maximized: boolean;
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/**
 * Where to open the window: the saved bounds if a usable part of them is on a display, shrunk to
 * fit that display's work area and moved fully onto it; otherwise the default size (shrunk to the
 * primary display, displays[0]) and centred. Never smaller than the minimum size.
 */
export function restoreWindowBounds(
  saved: WindowState | undefined,
  displays: readonly DisplayLike[],
  size: { readonly width: number; readonly height: number; readonly minWidth: number; readonly minHeight: number },
): RestoredWindow {
  const fit = (width: number, height: number, area: Rectangle | undefined) => ({
    width: Math.max(size.minWidth, area ? Math.min(width, area.width) : width),
    height: Math.max(size.minHeight, area ? Math.min(height, area.height) : height),
  });
  if (saved) {
    let best: { area: Rectangle; visible: number } | undefined;
    for (const { workArea } of displays) {
      const o = overlap(saved.bounds, workArea);
      if (o.width < MIN_VISIBLE.width || o.height < MIN_VISIBLE.height) continue;
      if (!best || o.width * o.height > best.visible) best = { area: workArea, visible: o.width * o.height };
    }
    if (best) {
      const { area } = best;
      const { width, height } = fit(saved.bounds.width, saved.bounds.height, area);
      return {
        x: clamp(saved.bounds.x, area.x, area.x + area.width - width),
        y: clamp(saved.bounds.y, area.y, area.y + area.height - height),
        width,
        height,
        maximized: saved.maximized,
      };
    }
  }
  return { ...fit(size.width, size.height, displays[0]?.workArea), maximized: saved?.maximized ?? false };
}

/** The part of a BrowserWindow whose state is kept. */
export interface StatefulWindowLike {
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  isDestroyed(): boolean;
  on(event: "resize" | "move" | "maximize" | "unmaximize" | "close", listener: () => void): void;
}

export interface WindowStateStoreOptions {
  readonly file: string;
  readonly fs?: JsonStoreFileSystem;
  readonly warn?: (line: string) => void;
  /** Resizing and moving fire many events: save this long after the last one. */
  readonly delayMs?: number;
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (timer: unknown) => void;
}

export interface WindowStateStore {
  /** The state saved by the last run, if any. */
  readonly saved: WindowState | undefined;
  /** Saves the window's state whenever it changes, and when it closes. */
  track(window: StatefulWindowLike): void;
  /** Resolves once every save asked for so far is written (tests, quitting). */
  flush(): Promise<void>;
}

export async function loadWindowState(options: WindowStateStoreOptions): Promise<WindowStateStore> {
  const { file, fs = nodeJsonStoreFileSystem, warn = () => {}, delayMs = 500 } = options;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const saved = await readJsonFile(file, windowStateSchema, fs, warn);
  let current: WindowState | undefined = saved;
  let pending: Promise<void> = Promise.resolve();
  const write = serialWriter(() => writeJsonFile(file, current, fs), (reason) => warn(`cannot save the window state ${file}: ${reason}`));

  const capture = (window: StatefulWindowLike): boolean => {
    if (window.isDestroyed()) return false;
    const b = window.getNormalBounds();
    current = { bounds: { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) }, maximized: window.isMaximized() };
    return true;
  };

  return {
    saved,
    track(window) {
      let timer: unknown;
      const later = () => {
        if (timer !== undefined) clearTimer(timer);
        timer = setTimer(() => {
          timer = undefined;
          if (capture(window)) pending = write();
        }, delayMs);
      };
      for (const event of ["resize", "move", "maximize", "unmaximize"] as const) window.on(event, later);
      window.on("close", () => {
        if (timer !== undefined) clearTimer(timer);
        timer = undefined;
        if (capture(window)) pending = write();
      });
    },
    flush: () => pending,
  };
}
