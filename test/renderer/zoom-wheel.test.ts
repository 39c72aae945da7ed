// Zoom presets and the mouse wheel. What broke: every wheel delta zoomed by 2^(−px/400), so the
// readout showed 118.92 % and 67.08 %, Ctrl+wheel and Shift+wheel zoomed too, deltaX did nothing,
// and a laptop's two-finger scroll could never pan.
import { beforeEach, describe, expect, it } from "vitest";
import { actionById } from "../../renderer/actions/registry";
import { parseWheelPreference } from "../../renderer/app/grid-preference";
import { NO_BURST, WHEEL_BURST_GAP, wheelGesture, type WheelBurst, type WheelInput } from "../../renderer/canvas/wheel";
import { Editor } from "../../renderer/editor/editor";
import type { WheelMode } from "../../renderer/store/preferences";
import { MAX_SCALE, MIN_SCALE, screenToWorld, worldToScreen } from "../../renderer/store/view";
import { fitToView, setCanvasSize, setView, zoomIn, zoomOut, zoomStepAt, zoomToScale } from "../../renderer/store/view-actions";
import { typedZoom, ZOOM_LEVELS, zoomLabel, zoomLevelBy, zoomLevelIn, zoomLevelOut } from "../../renderer/store/zoom-levels";
import { addShape } from "../../renderer/store/actions";

describe("zoom presets", () => {
  it("are Tiled's, 1.5625 % to 6400 %, increasing", () => {
    expect(ZOOM_LEVELS.map((s) => s * 100)).toEqual([1.5625, 3.125, 6.25, 12.5, 25, 33, 50, 75, 100, 150, 200, 300, 400, 550, 800, 1100, 1600, 2300, 3200, 4500, 6400]);
    expect(ZOOM_LEVELS.at(-1)).toBe(MAX_SCALE);
  });

  it("step from a preset to its neighbour, and stop at the ends", () => {
    expect(zoomLevelIn(1)).toBe(1.5);
    expect(zoomLevelOut(1)).toBe(0.75);
    expect(zoomLevelOut(0.5)).toBe(0.33);
    expect(zoomLevelIn(MAX_SCALE)).toBe(MAX_SCALE);
    expect(zoomLevelOut(0.015625)).toBe(0.015625);
    expect(zoomLevelBy(1, 3)).toBe(3);
    expect(zoomLevelBy(1, -2)).toBe(0.5);
  });

  it("step from any scale (Fit's 93.75 %) to the next preset that way", () => {
    expect(zoomLevelIn(0.9375)).toBe(1);
    expect(zoomLevelOut(0.9375)).toBe(0.75);
    // Below the smallest preset (Fit may go to 1 %): in goes to it, out stays.
    expect(zoomLevelIn(MIN_SCALE)).toBe(0.015625);
    expect(zoomLevelOut(MIN_SCALE)).toBe(MIN_SCALE);
    // A preset off by a rounding error is that preset, not a step short of the next.
    expect(zoomLevelIn(1.5 * (1 - 1e-12))).toBe(2);
    expect(zoomLevelOut(0.75 * (1 + 1e-12))).toBe(0.5);
  });

  it("typed in the status bar: a percentage with or without %, or a sum; clamped to the limits; anything else refused with why", () => {
    expect(typedZoom("250")).toEqual({ ok: true, scale: 2.5, clamped: null });
    expect(typedZoom(" 33.3 % ")).toEqual({ ok: true, scale: 33.3 / 100, clamped: null });
    expect(typedZoom("2*100%")).toEqual({ ok: true, scale: 2, clamped: null });
    expect(typedZoom("25000")).toEqual({ ok: true, scale: MAX_SCALE, clamped: "largest" });
    expect(typedZoom("0.5")).toEqual({ ok: true, scale: MIN_SCALE, clamped: "smallest" });
    expect(typedZoom("abc")).toEqual({ ok: false, message: "not a number or sum: abc" });
    expect(typedZoom("")).toEqual({ ok: false, message: "enter a number" });
    expect(typedZoom("0")).toEqual({ ok: false, message: "a zoom is more than 0%: 0" });
    expect(typedZoom("-50%")).toEqual({ ok: false, message: "a zoom is more than 0%: -50%" });
    expect(typedZoom("1e999")).toMatchObject({ ok: false });
  });

  it("read as whole numbers where they are", () => {
    expect(ZOOM_LEVELS.map(zoomLabel)).toEqual(["1.56%", "3.13%", "6.25%", "12.5%", "25%", "33%", "50%", "75%", "100%", "150%", "200%", "300%", "400%", "550%", "800%", "1100%", "1600%", "2300%", "3200%", "4500%", "6400%"]);
  });
});

describe("keyboard zoom and the zoom list", () => {
  let editor = new Editor();
  beforeEach(() => {
    editor = new Editor();
    setCanvasSize(editor, 800, 600);
  });
  const scale = () => editor.getState().view.scale;

  it("Ctrl+= and Ctrl+- go through the presets about the canvas's centre", () => {
    const centre = screenToWorld(editor.getState().view, { x: 400, y: 300 });
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      actionById("view.zoomIn").run(editor);
      seen.push(scale());
    }
    expect(seen).toEqual([1.5, 2, 3, 4]);
    const c = worldToScreen(editor.getState().view, centre);
    expect([c.x, c.y]).toEqual([expect.closeTo(400, 9), expect.closeTo(300, 9)]);
    for (let i = 0; i < 6; i++) zoomOut(editor);
    expect(scale()).toBe(0.5);
  });

  it("after Fit to view, the next step goes to the next preset", () => {
    // 720 units wide in 848 − 2 × 40 = 768 px: 106.67 %.
    addShape(editor, { id: "b", type: "box", x: 0, y: 0, rotation: 0, width: 720, height: 100 });
    setCanvasSize(editor, 848, 600);
    fitToView(editor);
    expect(scale()).toBeCloseTo(768 / 720, 9);
    zoomIn(editor);
    expect(scale()).toBe(1.5);
    fitToView(editor);
    zoomOut(editor);
    expect(scale()).toBe(1);
  });

  it("a wheel step keeps the world point under the pointer", () => {
    setView(editor, { x: 13, y: -7, scale: 0.9375 });
    const at = { x: 123, y: 456 };
    const under = screenToWorld(editor.getState().view, at);
    zoomStepAt(editor, -1, at);
    expect(scale()).toBe(0.75);
    const back = worldToScreen(editor.getState().view, under);
    expect([back.x, back.y]).toEqual([expect.closeTo(123, 9), expect.closeTo(456, 9)]);
  });

  it("a preset picked from the list zooms about the canvas's centre", () => {
    setView(editor, { x: 40, y: 20, scale: 1.3 });
    const centre = screenToWorld(editor.getState().view, { x: 400, y: 300 });
    zoomToScale(editor, 0.33);
    expect(scale()).toBe(0.33);
    const c = worldToScreen(editor.getState().view, centre);
    expect([c.x, c.y]).toEqual([expect.closeTo(400, 9), expect.closeTo(300, 9)]);
  });

  it("View → Mouse wheel zooms turns the plain wheel to scrolling and back, saying what each wheel does", () => {
    const action = actionById("view.wheelZooms");
    expect(action.group).toBe("View");
    expect(action.checked!(editor)).toBe(true);
    action.run(editor);
    expect(editor.getState().wheel).toBe("scroll");
    expect(action.checked!(editor)).toBe(false);
    expect(editor.getState().notice).toBe("The mouse wheel scrolls; Ctrl+wheel zooms");
    action.run(editor);
    expect(editor.getState().wheel).toBe("zoom");
    expect(editor.history.undoCount).toBe(0);
  });

  it("the wheel preference is read back, an unknown value as the default (zoom)", () => {
    expect(parseWheelPreference("scroll")).toBe("scroll");
    expect(parseWheelPreference("zoom")).toBe("zoom");
    for (const bad of [undefined, null, "pan", 1, {}]) expect(parseWheelPreference(bad)).toBe("zoom");
  });
});

describe("the wheel's mapping", () => {
  const PAGE = { width: 800, height: 600 };
  const wheel = (over: Partial<WheelInput>): WheelInput => ({ deltaX: 0, deltaY: 0, deltaMode: 0, ctrlKey: false, metaKey: false, shiftKey: false, timeStamp: 1000, ...over });
  const gesture = (over: Partial<WheelInput>, mode: WheelMode, burst: WheelBurst = NO_BURST) => {
    const g = wheelGesture(wheel(over), mode, PAGE, burst);
    return { dx: g.dx + 0, dy: g.dy + 0, steps: g.steps };
  };

  it("Ctrl (or Cmd) + wheel zooms in either mode; a pinch is Ctrl+wheel", () => {
    for (const mode of ["zoom", "scroll"] as const) {
      expect(gesture({ deltaY: -100, ctrlKey: true }, mode)).toEqual({ dx: 0, dy: 0, steps: 1 });
      expect(gesture({ deltaY: 100, metaKey: true }, mode)).toEqual({ dx: 0, dy: 0, steps: -1 });
      expect(gesture({ deltaY: -2.5, ctrlKey: true }, mode)).toEqual({ dx: 0, dy: 0, steps: 1 });
    }
  });

  it("Shift+wheel scrolls sideways in either mode, whichever delta the browser put it in", () => {
    for (const mode of ["zoom", "scroll"] as const) {
      expect(gesture({ deltaY: 100, shiftKey: true }, mode)).toEqual({ dx: -100, dy: 0, steps: 0 });
      expect(gesture({ deltaX: 100, shiftKey: true }, mode)).toEqual({ dx: -100, dy: 0, steps: 0 });
    }
  });

  it("the plain wheel zooms or scrolls as the preference says; deltaX scrolls sideways in both", () => {
    expect(gesture({ deltaY: 100 }, "zoom")).toEqual({ dx: 0, dy: 0, steps: -1 });
    expect(gesture({ deltaY: 100 }, "scroll")).toEqual({ dx: 0, dy: -100, steps: 0 });
    expect(gesture({ deltaX: -30 }, "zoom")).toEqual({ dx: 30, dy: 0, steps: 0 });
    expect(gesture({ deltaX: -30, deltaY: 40 }, "scroll")).toEqual({ dx: 30, dy: -40, steps: 0 });
  });

  it("lines and pages are scrolled as pixels (16 a line, the canvas a page)", () => {
    expect(gesture({ deltaY: 3, deltaMode: 1 }, "scroll")).toEqual({ dx: 0, dy: -48, steps: 0 });
    expect(gesture({ deltaX: 1, deltaMode: 2 }, "scroll")).toEqual({ dx: -800, dy: 0, steps: 0 });
    expect(gesture({ deltaY: 3, deltaMode: 1 }, "zoom")).toEqual({ dx: 0, dy: 0, steps: -1 });
  });

  it("steps one preset per notch, and one per 50 px of a trackpad's or pinch's small deltas", () => {
    // Each event a mouse notch (100 px), quick after one another: one step each, never more.
    let burst = NO_BURST;
    const steps: number[] = [];
    for (const [t, dy] of [[0, 100], [16, 100], [32, 400], [48, -100]] as const) {
      const g = wheelGesture(wheel({ deltaY: dy, timeStamp: t }), "zoom", PAGE, burst);
      burst = g.burst;
      steps.push(g.steps);
    }
    expect(steps).toEqual([-1, -1, -1, 1]);
    // A pinch: 5 px per frame. The first event steps at once; then one step per 50 px.
    burst = NO_BURST;
    const pinch: number[] = [];
    for (let k = 0; k < 21; k++) {
      const g = wheelGesture(wheel({ deltaY: -5, ctrlKey: true, timeStamp: 5000 + 16 * k }), "zoom", PAGE, burst);
      burst = g.burst;
      if (g.steps !== 0) pinch.push(k);
    }
    expect(pinch).toEqual([0, 10, 20]);
    // A macOS mouse notch of a few pixels after a pause is a step of its own.
    const late = wheelGesture(wheel({ deltaY: -4, timeStamp: 5000 + 16 * 20 + WHEEL_BURST_GAP + 1 }), "zoom", PAGE, burst);
    expect(late.steps).toBe(1);
  });
});
