import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadWindowState, restoreWindowBounds, type Rectangle, type StatefulWindowLike, type WindowState } from "../../electron/window-state";
import { tempDir } from "./helpers";

const size = { width: 1280, height: 800, minWidth: 900, minHeight: 600 };
const laptop = { workArea: { x: 0, y: 25, width: 1440, height: 875 } };
const rightMonitor = { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };

const state = (bounds: Rectangle, maximized = false): WindowState => ({ bounds, maximized });

describe("restoreWindowBounds", () => {
  it("uses the default size, centred, when nothing was saved", () => {
    expect(restoreWindowBounds(undefined, [laptop], size)).toEqual({ width: 1280, height: 800, maximized: false });
  });

  it("restores bounds that lie on a display as they were", () => {
    const bounds = { x: 1600, y: 100, width: 1800, height: 1000 };
    expect(restoreWindowBounds(state(bounds, true), [laptop, rightMonitor], size)).toEqual({ ...bounds, maximized: true });
  });

  it("centres the window on the primary display when its display is gone", () => {
    const onMonitor = state({ x: 1600, y: 100, width: 1800, height: 1000 });
    expect(restoreWindowBounds(onMonitor, [laptop], size)).toEqual({ width: 1280, height: 800, maximized: false });
  });

  it("counts a sliver at the edge as gone: the title bar must be reachable", () => {
    const sliver = state({ x: 1400, y: 100, width: 1000, height: 700 }); // 40 px on the laptop
    expect(restoreWindowBounds(sliver, [laptop], size)).not.toHaveProperty("x");
  });

  it("moves a window that hangs off its display fully onto it, and shrinks one larger than it", () => {
    const hanging = state({ x: 1000, y: -50, width: 1000, height: 700 });
    expect(restoreWindowBounds(hanging, [laptop], size)).toEqual({ x: 440, y: 25, width: 1000, height: 700, maximized: false });
    const huge = state({ x: 0, y: 0, width: 3000, height: 2000 });
    expect(restoreWindowBounds(huge, [laptop], size)).toEqual({ x: 0, y: 25, width: 1440, height: 875, maximized: false });
  });

  it("picks the display holding most of a window that spans two", () => {
    const spanning = state({ x: 1000, y: 100, width: 1200, height: 700 }); // 440 px on the laptop, 760 on the monitor
    expect(restoreWindowBounds(spanning, [laptop, rightMonitor], size)).toMatchObject({ x: 1440, y: 100 });
  });

  it("never goes below the minimum size, even on a tiny display", () => {
    const tiny = { workArea: { x: 0, y: 0, width: 800, height: 480 } };
    expect(restoreWindowBounds(undefined, [tiny], size)).toEqual({ width: 900, height: 600, maximized: false });
  });
});

/** A window whose events the test fires by hand. */
function fakeWindow(bounds: Rectangle, maximized = false) {
  const listeners = new Map<string, (() => void)[]>();
  const win: StatefulWindowLike & { bounds: Rectangle; maximized: boolean; emit(e: string): void } = {
    bounds,
    maximized,
    getNormalBounds() { return this.bounds; },
    isMaximized() { return this.maximized; },
    isDestroyed: () => false,
    on: (event, listener) => { listeners.set(event, [...(listeners.get(event) ?? []), listener]); },
    emit: (e) => { for (const l of listeners.get(e) ?? []) l(); },
  };
  return win;
}

/** Timers run when the test says. */
function manualTimers() {
  const timers = new Map<number, () => void>();
  let next = 0;
  return {
    setTimer: (run: () => void) => { timers.set(++next, run); return next; },
    clearTimer: (t: unknown) => { timers.delete(t as number); },
    runAll: () => { const all = [...timers.values()]; timers.clear(); for (const run of all) run(); },
    count: () => timers.size,
  };
}

describe("loadWindowState", () => {
  it("saves the normal bounds and maximised state when the window closes, and reads them back next run", async () => {
    const file = path.join(await tempDir(), "window-state.json");
    const first = await loadWindowState({ file });
    expect(first.saved).toBeUndefined();
    const win = fakeWindow({ x: 10.4, y: 20, width: 1000, height: 700 }, true);
    first.track(win);
    win.emit("close");
    await first.flush();
    const second = await loadWindowState({ file });
    expect(second.saved).toEqual({ bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true });
  });

  it("saves once after a burst of moves and resizes, with the last bounds", async () => {
    const file = path.join(await tempDir(), "window-state.json");
    const timers = manualTimers();
    const store = await loadWindowState({ file, ...timers });
    const win = fakeWindow({ x: 0, y: 0, width: 1000, height: 700 });
    store.track(win);
    for (let i = 1; i <= 5; i++) {
      win.bounds = { x: i * 10, y: 0, width: 1000, height: 700 };
      win.emit("move");
    }
    expect(timers.count()).toBe(1);
    timers.runAll();
    await store.flush();
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ bounds: { x: 50, y: 0, width: 1000, height: 700 }, maximized: false });
  });

  it("ignores a saved file that is malformed or out of range, with a warning", async () => {
    const file = path.join(await tempDir(), "window-state.json");
    await writeFile(file, JSON.stringify({ bounds: { x: 0, y: 0, width: -5, height: 700 }, maximized: false }));
    const warnings: string[] = [];
    const store = await loadWindowState({ file, warn: (w) => warnings.push(w) });
    expect(store.saved).toBeUndefined();
    expect(warnings).toEqual([`${file} is not in the expected form; starting afresh`]);
  });
});
