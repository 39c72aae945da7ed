// The viewport without a canvas: zoom about a point, limits, fitting, snapping in every tool that
// places or moves things, the pan tool, and nudging with the arrow keys.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { shapeAABB, type Scene, type Shape } from "../../core";
import { actionById } from "../../renderer/actions/registry";
import { addShape, addProbe, currentScene, redo, select, undo } from "../../renderer/store/actions";
import { dirty } from "../../renderer/app/document-commands";
import { DEFAULT_GRID, DEFAULT_VIEW } from "../../renderer/store/preferences";
import { boundsOf, fitView, MAX_SCALE, MIN_SCALE, pointerToWorld, roundForScreen, screenToWorld, snapLength, snapPoint, snapToGrid, worldToScreen, zoomBy } from "../../renderer/store/view";
import { bringDocumentIntoView, fitToView, nudge, resetZoom, setCanvasSize, setGridSize, setGridSizeText, setView, toggleGrid, toggleSnap, zoomAt, zoomIn } from "../../renderer/store/view-actions";
import { gridSpacing } from "../../renderer/canvas/grid-spacing";
import { loadDocument } from "../../renderer/store/actions";
import { pointerAt, toolDriver } from "./pointer";
import { moveAnchor, shapeHandleId } from "../../renderer/tools/select/select-tool";

let editor = new Editor();

const state = () => editor.getState();
const box = (id: string, x: number, y: number, width = 20, height = 10): Shape => ({ id, type: "box", x, y, rotation: 0, width, height });

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "t.json" });
  editor.update({ view: DEFAULT_VIEW, grid: DEFAULT_GRID });
  setCanvasSize(editor, 800, 600);
});

describe("zoom", () => {
  it("the status bar's cursor reads the world point under the pointer after a keyboard zoom, a pan or Fit to view", () => {
    setView(editor, { x: 40, y: 20, scale: 1 });
    const screen = { x: 300, y: 200 };
    editor.update({ cursor: screenToWorld(state().view, screen) });
    const under = () => worldToScreen(state().view, state().cursor!);
    for (const change of [() => zoomIn(editor), () => resetZoom(editor), () => setView(editor, { x: -500, y: 75, scale: 3 })]) {
      change();
      expect(under().x).toBeCloseTo(screen.x, 9);
      expect(under().y).toBeCloseTo(screen.y, 9);
    }
    // Off the canvas, nothing to follow.
    editor.update({ cursor: null });
    zoomIn(editor);
    expect(state().cursor).toBeNull();
  });

  it("keeps the world point under the cursor where it was", () => {
    const v0 = { x: 37, y: -12, scale: 1.5 };
    const cursor = { x: 310, y: 205 };
    const before = screenToWorld(v0, cursor);
    for (const factor of [2, 0.5, 1.1, 7]) {
      const v = zoomBy(v0, factor, cursor);
      expect(v.scale).toBeCloseTo(1.5 * factor, 12);
      const after = worldToScreen(v, before);
      expect(after.x).toBeCloseTo(cursor.x, 9);
      expect(after.y).toBeCloseTo(cursor.y, 9);
    }
  });

  it("clamps to 1 % … 6400 % and stops drifting at a limit", () => {
    const v = zoomBy(DEFAULT_VIEW, 1e9, { x: 100, y: 100 });
    expect(v.scale).toBe(MAX_SCALE);
    expect(zoomBy(v, 2, { x: 500, y: 300 })).toBe(v);
    expect(zoomBy(DEFAULT_VIEW, 1e-9, { x: 100, y: 100 }).scale).toBe(MIN_SCALE);
  });

  it("zooms with the keyboard about the canvas centre and resets to 100 %", () => {
    const centreWorld = screenToWorld(state().view, { x: 400, y: 300 });
    zoomIn(editor);
    expect(state().view.scale).toBe(1.5); // Tiled's next preset
    const c = worldToScreen(state().view, centreWorld);
    expect([c.x, c.y]).toEqual([expect.closeTo(400, 9), expect.closeTo(300, 9)]);
    zoomAt(editor, 3, { x: 10, y: 20 });
    const atCentre = screenToWorld(state().view, { x: 400, y: 300 });
    resetZoom(editor);
    expect(state().view.scale).toBe(1);
    // Whole pixels: a click's world point is whole again, within half a pixel of where it was.
    expect(Number.isInteger(state().view.x) && Number.isInteger(state().view.y)).toBe(true);
    const back = worldToScreen(state().view, atCentre);
    expect(Math.abs(back.x - 400)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(back.y - 300)).toBeLessThanOrEqual(0.5);
  });

  it("runs the registered shortcuts", () => {
    actionById("view.zoomIn").run(editor);
    expect(state().view.scale).toBeGreaterThan(1);
    actionById("view.resetZoom").run(editor);
    expect(state().view.scale).toBe(1);
  });

  it("does not record view changes in the undo history", () => {
    const before = editor.history.undoCount;
    zoomIn(editor);
    setView(editor, { x: 5, y: 5, scale: 2 });
    toggleGrid(editor);
    expect(state().notice).toBe(state().grid.visible ? "Grid shown" : "Grid hidden");
    toggleSnap(editor);
    expect(editor.history.undoCount).toBe(before);
  });
});

describe("the grid cell is the scene's (gridSize)", () => {
  const scene = (gridSize?: number): Scene => ({ format: "collider-studio-scene", version: 1, shapes: [], probes: [], ...(gridSize === undefined ? {} : { gridSize }) });

  it("a change marks the scene unsaved and is one undo step; undo brings the old cell back, clean", () => {
    loadDocument(editor, scene(), { name: "level.json" });
    const cell = state().gridSize;
    setGridSize(editor, 16);
    expect(dirty(state())).toBe(true);
    expect(editor.history.undoCount).toBe(1);
    expect(currentScene(editor).gridSize).toBe(16);
    undo(editor);
    expect(state().gridSize).toBe(cell);
    expect(dirty(state())).toBe(false);
    redo(editor);
    expect(state().gridSize).toBe(16);
  });

  it("a cell set before a Tiled map's tile size arrives is kept: the map's is no longer waited for", () => {
    loadDocument(editor, scene(), { name: "level.json" });
    editor.update({ mapGridPending: true });
    setGridSize(editor, 10);
    expect(state().mapGridPending).toBe(false);
    expect(state().gridSize).toBe(10);
  });

  it("opening a scene takes its cell, clean; a scene without one keeps the cell in use and saves it", () => {
    setGridSize(editor, 8);
    loadDocument(editor, scene(16), { name: "a.json" });
    expect(state().gridSize).toBe(16);
    expect(dirty(state())).toBe(false);
    loadDocument(editor, scene(), { name: "b.json" });
    expect(state().gridSize).toBe(16);
    expect(dirty(state())).toBe(false);
    expect(currentScene(editor).gridSize).toBe(16);
  });
});

describe("a pointer's world point", () => {
  it("is within 0.05 px of the exact point and a clean decimal (a tenth of a pixel's step, as a decimal), at every zoom", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), fc.double({ min: MIN_SCALE, max: MAX_SCALE, noNaN: true }), (value, scale) => {
        const r = roundForScreen(value, scale);
        expect(Math.abs(r - value) * scale).toBeLessThanOrEqual(0.05 * (1 + 1e-9) + Math.abs(value) * scale * 1e-15);
        // The plain reference: the decimal of that many places, as JavaScript prints and parses it.
        const digits = -Math.floor(Math.log10(0.1 / scale));
        if (digits > 0) expect(r).toBe(Number(r.toFixed(digits)));
        else expect(Number.isInteger(r / 10 ** -digits)).toBe(true);
      }),
      { numRuns: 3000, seed: 20261127 },
    );
  });

  it("after zooming out and back to 100 %, a click on a whole pixel gives clean numbers, not 49.99999999999994", () => {
    const at = { x: 317, y: 211 };
    let v = { x: 0, y: 0, scale: 1 };
    for (let i = 0; i < 3; i++) v = zoomBy(v, 1 / 1.2, at);
    for (let i = 0; i < 3; i++) v = zoomBy(v, 1.2, at);
    for (const p of [{ x: 50, y: 125 }, { x: 400, y: 333 }, at]) {
      const exact = screenToWorld(v, p), w = pointerToWorld(v, p);
      expect(Math.abs(w.x - exact.x) * v.scale).toBeLessThanOrEqual(0.05);
      expect(w.x).toBe(Number(w.x.toFixed(1)));
      expect(w.y).toBe(Number(w.y.toFixed(1)));
    }
    expect(pointerToWorld({ x: 0, y: 0, scale: 1 }, { x: 49.99999999999994, y: 124.99999999999994 })).toEqual({ x: 50, y: 125 });
  });
});

describe("fit to view", () => {
  it("shows every shape and probe inside the canvas with a margin", () => {
    const shapes = [box("a", -300, 40, 60, 20), { id: "c", type: "circle", x: 900, y: 700, rotation: 0, radius: 50 } satisfies Shape];
    for (const s of shapes) addShape(editor, s);
    addProbe(editor, { id: "r", name: "r", type: "ray", from: [0, -400], to: [10, -350] });
    select(editor, []);
    fitToView(editor);
    const v = state().view;
    const bounds = boundsOf(state().shapes, state().probes)!;
    expect(bounds).toEqual({ minX: -330, minY: -400, maxX: 950, maxY: 750 });
    for (const [x, y] of [[bounds.minX, bounds.minY], [bounds.maxX, bounds.maxY]] as const) {
      const s = worldToScreen(v, { x, y });
      expect(s.x).toBeGreaterThanOrEqual(40 - 1e-9);
      expect(s.x).toBeLessThanOrEqual(760 + 1e-9);
      expect(s.y).toBeGreaterThanOrEqual(40 - 1e-9);
      expect(s.y).toBeLessThanOrEqual(560 + 1e-9);
    }
    // Tight along the binding axis: 1150 world units of height fill 520 pixels.
    expect(v.scale).toBeCloseTo(520 / 1150, 9);
  });

  it("fits the selection when there is one", () => {
    addShape(editor, box("a", -300, 40));
    addShape(editor, box("b", 500, 500, 100, 100));
    select(editor, ["b"]);
    fitToView(editor);
    const v = state().view;
    const centre = worldToScreen(v, { x: 500, y: 500 });
    expect([centre.x, centre.y]).toEqual([expect.closeTo(400, 9), expect.closeTo(300, 9)]);
    expect(v.scale).toBeCloseTo(5.2, 9); // 100 units into 600 − 2·40 pixels
    expect(worldToScreen(v, { x: -300, y: 40 }).x).toBeLessThan(0); // the other box is off screen
  });

  it("keeps the scale for a single point and leaves an empty scene's view alone", () => {
    fitToView(editor);
    expect(state().view).toBe(DEFAULT_VIEW);
    const v = fitView({ minX: 5, minY: 5, maxX: 5, maxY: 5 }, 800, 600, 40, { x: 0, y: 0, scale: 3 });
    expect(v).toEqual({ x: 400 - 15, y: 300 - 15, scale: 3 });
    expect(shapeAABB(box("z", 0, 0))).toEqual({ minX: -10, minY: -5, maxX: 10, maxY: 5 });
  });
});

describe("an opened document", () => {
  const open = (shapes: Shape[]) => loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes, probes: [] }, { name: "o.json" });

  it("is brought into view when none of it shows, at the current scale when it fits", () => {
    editor.update({ view: { x: 0, y: 0, scale: 2 } });
    open([box("a", 1e9, -2e9), box("b", 1e9 + 100, -2e9)]);
    bringDocumentIntoView(editor);
    const v = state().view;
    expect(v.scale).toBe(2);
    const centre = worldToScreen(v, { x: 1e9 + 50, y: -2e9 });
    expect([centre.x, centre.y]).toEqual([expect.closeTo(400, 3), expect.closeTo(300, 3)]);
  });

  it("keeps the view when any of it shows, and an empty document's", () => {
    const view = { x: 10, y: 20, scale: 1 };
    editor.update({ view });
    open([box("in", 300, 300), box("far", 1e6, 0)]);
    bringDocumentIntoView(editor);
    expect(state().view).toBe(view);
    // Just touching the canvas's edge counts as showing.
    open([box("edge", -10 - 10, 100)]);
    bringDocumentIntoView(editor);
    expect(state().view).toBe(view);
    open([]);
    bringDocumentIntoView(editor);
    expect(state().view).toBe(view);
  });
});

describe("snapping", () => {
  it("rounds points and lengths only when snapping is on", () => {
    expect(snapPoint(editor, { x: 13, y: -38 })).toEqual({ x: 13, y: -38 });
    expect(snapPoint(editor, { x: 13, y: -38 }, true)).toEqual({ x: 25, y: -50 });
    expect(snapLength(editor, 13)).toBe(13);
    toggleSnap(editor);
    expect(snapPoint(editor, { x: 12, y: -38 })).toEqual({ x: 0, y: -50 });
    expect(Object.is(snapPoint(editor, { x: -3, y: 0 }).x, 0)).toBe(true); // not -0
    expect(snapLength(editor, 13)).toBe(25);
    expect(snapLength(editor, 3)).toBe(25);
    setGridSize(editor, 10);
    expect(snapPoint(editor, { x: 12, y: -38 })).toEqual({ x: 10, y: -40 });
  });

  it("refuses a cell out of range with why, leaving the grid as it was (0, -5, 1e99 typed in the status bar)", () => {
    const range = "must be between 1e-9 and 1e6";
    const refused: [string, string][] = [["0", "must be greater than 0"], ["-5", "must be greater than 0"], ["1e99", range], ["1e6+1", range], ["1e-10", range], ["abc", "not a number or sum: abc"]];
    for (const [typed, message] of refused) {
      const r = setGridSizeText(editor, typed);
      expect(r.ok ? null : r.message, typed).toBe(message);
      expect(state().gridSize, typed).toBe(25);
    }
    expect(setGridSize(editor, Number.NaN)).toEqual({ ok: false, message: "must be a finite number" });
    expect(setGridSize(editor, Infinity)).toEqual({ ok: false, message: "must be a finite number" });
    for (const [typed, size] of [["0.5", 0.5], ["1e-9", 1e-9], ["1e6", 1e6], ["16+16", 32]] as const) {
      expect(setGridSizeText(editor, typed), typed).toEqual({ ok: true, value: size });
      expect(state().gridSize).toBe(size);
    }
  });

  it("never moves a coordinate by more than half a cell, nor out of the format's ±1e15, whatever the cell", () => {
    const cells = fc.oneof(fc.double({ min: 1e-12, max: 1e99, noNaN: true }), fc.constantFrom(1e-9, 0.1, 1, 7, 25, 7e5, 1e6, 1e99));
    const coordinates = fc.oneof(fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.constantFrom(1e15, -1e15, 999_999_999_999_999, 123_456_789.123, 0.35));
    fc.assert(
      fc.property(coordinates, cells, (v, cell) => {
        const s = snapToGrid(v, cell);
        expect(Math.abs(s - v)).toBeLessThanOrEqual(cell / 2);
        expect(Math.abs(s)).toBeLessThanOrEqual(1e15);
      }),
      { seed: 2741, numRuns: 2000 },
    );
    // Where the nearest multiple of the cell lies past 1e15, and where doubles are coarser than the cell.
    expect(snapToGrid(1e15, 7e5)).toBe(1e15);
    expect(snapToGrid(123_456_789.123, 1e-9)).toBe(123_456_789.123);
  });

  it("snaps whole coordinates to the nearest multiple of a whole cell, as integer arithmetic does (halves up)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 1000 }), (v, cell) => {
        // A plain reference: the remainder in [0, cell), then down or up to a multiple.
        const r = ((v % cell) + cell) % cell;
        const expected = 2 * r < cell ? v - r : v - r + cell;
        expect(snapToGrid(v, cell)).toBe(expected + 0);
      }),
      { seed: 2742 },
    );
  });

  it("places a shape on the grid", () => {
    toggleSnap(editor);
    const t = toolDriver(editor, "box");
    t.down(pointerAt(12, 39));
    t.move(pointerAt(90, 60));
    t.up(pointerAt(111, 88));
    const placed = state().shapes[0]!;
    expect(placed).toMatchObject({ type: "box", x: 50, y: 75, width: 100, height: 50 });
  });

  it("puts a clicked shape's box's top-left corner on the grid, its default sizes whole cells (was: the centre on a grid point, edges off it)", () => {
    toggleSnap(editor);
    const t = toolDriver(editor, "circle");
    t.down(pointerAt(61, -11));
    t.up(pointerAt(61, -11));
    // A diameter of 80 is 3.2 cells of 25: 3 cells, so the box runs 25…100 and -50…25, about centred on the click.
    expect(state().shapes[0]).toMatchObject({ x: 62.5, y: -12.5, radius: 37.5 });
  });

  it("a clicked box and capsule on a 16 grid have every edge on grid lines; the capsule sits on a ground line instead of sinking 13 px into it", () => {
    setGridSize(editor, 16);
    toggleSnap(editor);
    const onGrid = (v: number) => expect(Math.abs(v / 16 - Math.round(v / 16)), String(v)).toBeLessThan(1e-9);
    for (const [kind, x, y] of [["box", 700, 150], ["capsule", 613, 331], ["circle", -7, 3]] as const) {
      const t = toolDriver(editor, kind);
      t.down(pointerAt(x, y));
      t.up(pointerAt(x, y));
      const placed = state().shapes.at(-1)!;
      const b = shapeAABB(placed);
      for (const v of [b.minX, b.minY, b.maxX, b.maxY]) onGrid(v);
      // About centred on the click: within half a cell.
      expect(Math.abs(placed.x - x)).toBeLessThanOrEqual(8);
      expect(Math.abs(placed.y - y)).toBeLessThanOrEqual(8);
    }
    expect(state().shapes.map((s) => (s.type === "box" ? [s.width, s.height] : s.type === "capsule" ? [s.radius, s.height] : s.type === "circle" ? [s.radius] : []))).toEqual([[80, 80], [24, 96], [40]]);
  });

  it("with snapping off, a click keeps the default sizes and centres the shape on the click", () => {
    setGridSize(editor, 16);
    const t = toolDriver(editor, "capsule");
    t.down(pointerAt(613, 331));
    t.up(pointerAt(613, 331));
    expect(state().shapes[0]).toMatchObject({ x: 613, y: 331, radius: 20, height: 90 });
  });

  it("moves the selection's box's top-left corner onto the grid, every shape by the same amount", () => {
    addShape(editor, box("a", 3, 4));
    addShape(editor, box("b", 101, 0));
    select(editor, ["a", "b"]);
    toggleSnap(editor);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(5, 5, "a"));
    t.move(pointerAt(36, 20));
    // The box of both runs from (-7, -5): moved by (31, 15) it would start at (24, 10), snapped to (25, 0).
    expect(state().shapes.find((s) => s.id === "a")).toMatchObject({ x: 35, y: 9 });
    t.up(pointerAt(36, 20));
    expect(state().shapes.find((s) => s.id === "b")).toMatchObject({ x: 133, y: 5 });
  });

  it("a 160 × 16 platform dragged by (37, 21) on a 16 grid keeps its edges on grid lines (was: its centre on the grid, edges half a cell off)", () => {
    setGridSize(editor, 16);
    toggleSnap(editor);
    addShape(editor, box("p", 688, 168, 160, 16));
    const t = toolDriver(editor, "select");
    t.down(pointerAt(700, 170, "p"));
    t.move(pointerAt(737, 191));
    t.up(pointerAt(737, 191));
    expect(state().shapes[0]).toMatchObject({ x: 720, y: 184 });
    expect(shapeAABB(state().shapes[0]!)).toEqual({ minX: 640, minY: 176, maxX: 800, maxY: 192 });
  });

  it("the move anchor is the top-left of the moving shapes' box, else the grabbed probe's point", () => {
    const ray = { id: "r", name: "r", type: "ray" as const, from: [3, 4] as [number, number], to: [50, -60] as [number, number] };
    expect(moveAnchor([box("a", 3, 4)], box("a", 3, 4))).toEqual({ x: -7, y: -1 });
    expect(moveAnchor([box("a", 3, 4), { id: "c", type: "circle", x: 100, y: -20, rotation: 0, radius: 5 }], ray)).toEqual({ x: -7, y: -25 });
    expect(moveAnchor([], ray)).toEqual({ x: 3, y: 4 });
  });

  it("Ctrl/Cmd held turns snapping over while moving: off when Snap is on, on when it is off (Tiled's and Godot's key)", () => {
    addShape(editor, box("a", 3, 4));
    const t = toolDriver(editor, "select");
    toggleSnap(editor);
    t.down(pointerAt(5, 5, "a"));
    t.move(pointerAt(36, 20, null, { mod: true }));
    expect(state().shapes[0]).toMatchObject({ x: 34, y: 19 });
    // Let go of Ctrl mid-drag: the canvas sends the last move again, and it snaps.
    t.move(pointerAt(36, 20));
    expect(state().shapes[0]).toMatchObject({ x: 35, y: 30 });
    t.up(pointerAt(36, 20));
    toggleSnap(editor);
    t.down(pointerAt(35, 30, "a"));
    t.move(pointerAt(41, 33, null, { mod: true }));
    expect(state().shapes[0]).toMatchObject({ x: 35, y: 30 });
    t.move(pointerAt(41, 33));
    expect(state().shapes[0]).toMatchObject({ x: 41, y: 33 });
    t.up(pointerAt(41, 33));
  });

  it("Ctrl/Cmd held turns snapping over for placed shapes, polygon points, rays and sweeps", () => {
    toggleSnap(editor);
    const b = toolDriver(editor, "box");
    b.down(pointerAt(12, 39, null, { mod: true }));
    b.up(pointerAt(111, 88, null, { mod: true }));
    expect(state().shapes[0]).toMatchObject({ x: 61.5, y: 63.5, width: 99, height: 49 });
    const c = toolDriver(editor, "circle");
    c.down(pointerAt(61, -11, null, { mod: true }));
    c.up(pointerAt(61, -11, null, { mod: true }));
    expect(state().shapes[1]).toMatchObject({ x: 61, y: -11, radius: 40 });
    const p = toolDriver(editor, "polygon");
    p.down(pointerAt(1, 2, null, { mod: true }));
    p.down(pointerAt(61, 2));
    p.down(pointerAt(31, 52, null, { mod: true }));
    p.confirm();
    const poly = state().shapes[2]!;
    expect("points" in poly && poly.points.map(([x, y]) => [x + poly.x, y + poly.y])).toEqual([[1, 2], [50, 0], [31, 52]]);
    const r = toolDriver(editor, "ray");
    r.down(pointerAt(-11, 14, null, { mod: true }));
    r.up(pointerAt(138, 61, null, { mod: true }));
    expect(state().probes[0]).toMatchObject({ from: [-11, 14], to: [138, 61] });
    const w = toolDriver(editor, "sweep");
    w.down(pointerAt(62, 64, "box-1", { mod: true }));
    w.up(pointerAt(70, 60, null, { mod: true }));
    expect(state().probes[1]).toMatchObject({ type: "sweep", to: [69.5, 59.5] });
  });

  it("on a box's resize handles, where Ctrl keeps the proportions, Alt turns snapping over", () => {
    addShape(editor, box("b", 0, 0, 50, 50));
    select(editor, ["b"]);
    toggleSnap(editor);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(25, 25, shapeHandleId("b", { kind: "resize", side: "se" })));
    // The top-left corner stays at (-25, -25).
    t.move(pointerAt(61, 30, null, { alt: true }));
    expect(state().shapes[0]).toMatchObject({ width: 86, height: 55 });
    t.move(pointerAt(61, 30));
    expect(state().shapes[0]).toMatchObject({ width: 75, height: 50 });
    t.move(pointerAt(61, 30, null, { mod: true }));
    expect(state().shapes[0]).toMatchObject({ width: 75, height: 75 }); // Ctrl: proportions kept, still snapped
    t.up(pointerAt(61, 30));
  });

  it("the status bar's hint names the key and what it does now", () => {
    const t = toolDriver(editor, "box");
    expect(editor.tools.hint()).toContain("hold Ctrl: snap to the grid");
    toggleSnap(editor);
    expect(editor.tools.hint()).toContain("hold Ctrl: no snapping");
    t.down(pointerAt(0, 0));
    expect(editor.tools.hint()).toBe("Escape cancels · hold Ctrl: no snapping");
    t.cancel();
    addShape(editor, box("b", 0, 0, 50, 50));
    const s = toolDriver(editor, "select");
    s.down(pointerAt(25, 25, shapeHandleId("b", { kind: "resize", side: "se" })));
    expect(editor.tools.hint()).toBe("hold Alt: no snapping");
    s.cancel();
    s.down(pointerAt(0, 0, "b"));
    expect(editor.tools.hint()).toBe("Moving · Escape cancels · hold Ctrl: no snapping");
  });

  it("Shift+S says what it did in the status bar, with the cell", () => {
    setGridSize(editor, 16);
    toggleSnap(editor);
    expect(state().notice).toBe("Snap to grid on (cell 16)");
    toggleSnap(editor);
    expect(state().notice).toBe("Snap to grid off");
  });

  it("moves exactly with the pointer when snapping is off", () => {
    addShape(editor, box("a", 0.1, 0.2));
    const t = toolDriver(editor, "select");
    t.down(pointerAt(0.1, 0.2, "a"));
    t.move(pointerAt(0.3, 0.4));
    t.up(pointerAt(0.3, 0.4));
    expect(state().shapes[0]).toMatchObject({ x: 0.1 + (0.3 - 0.1), y: 0.2 + (0.4 - 0.2) });
  });

  it("snaps both ends of a ray and a sweep's target", () => {
    toggleSnap(editor);
    const r = toolDriver(editor, "ray");
    r.down(pointerAt(-11, 14));
    r.up(pointerAt(138, 61));
    expect(state().probes[0]).toMatchObject({ type: "ray", from: [0, 25], to: [150, 50] });
    addShape(editor, box("s", 0, 0));
    const w = toolDriver(editor, "sweep");
    w.down(pointerAt(2, 1, "s"));
    w.up(pointerAt(90, -30));
    // The target puts the shape's box's top-left (-10, -5) on the grid, as a move does: (75, -25).
    expect(state().probes[1]).toMatchObject({ type: "sweep", shape: "s", to: [85, -20] });
  });

  it("makes no ray from a drag that snaps back to its start", () => {
    toggleSnap(editor);
    const r = toolDriver(editor, "ray");
    r.down(pointerAt(0, 0));
    r.up(pointerAt(9, 9));
    expect(state().probes).toEqual([]);
  });
});

describe("grid drawing", () => {
  it("leaves out minor lines denser than 6 px and coarsens majors until they are not", () => {
    expect(gridSpacing(25, 1)).toEqual({ minor: 25, major: 100 });
    expect(gridSpacing(25, 0.2)).toEqual({ minor: null, major: 100 });
    expect(gridSpacing(25, 0.01)).toEqual({ minor: null, major: 1600 });
  });
});

describe("pan tool", () => {
  it("keeps the grabbed world point under the pointer", () => {
    setView(editor, { x: 10, y: 20, scale: 2 });
    const t = toolDriver(editor, "pan");
    // The canvas computes world positions with the view as it is at each event.
    const at = (sx: number, sy: number) => {
      const w = screenToWorld(state().view, { x: sx, y: sy });
      return pointerAt(w.x, w.y);
    };
    const grabbed = screenToWorld(state().view, { x: 100, y: 100 });
    t.down(at(100, 100));
    t.move(at(130, 90));
    t.move(at(160, 50));
    t.up(at(170, 40));
    expect(state().view).toEqual({ x: 80, y: -40, scale: 2 });
    expect(worldToScreen(state().view, grabbed)).toEqual({ x: 170, y: 40 });
  });
});

describe("nudge", () => {
  it("moves the selected shapes and probes one unit, or one cell with Shift; presses in a row are one undo step", () => {
    addShape(editor, box("a", 0, 0));
    addShape(editor, box("b", 50, 0));
    addProbe(editor, { id: "r", name: "r", type: "ray", from: [0, 0], to: [10, 0] });
    select(editor, ["a", "r"]);
    const before = editor.history.undoCount;
    actionById("edit.nudgeRight").run(editor);
    actionById("edit.nudgeDownCell").run(editor);
    expect(state().shapes.map((s) => [s.x, s.y])).toEqual([[1, 25], [50, 0]]);
    expect(state().probes[0]).toMatchObject({ from: [1, 25], to: [11, 25] });
    expect(editor.history.undoCount).toBe(before + 1);
    expect(editor.history.undoLabel).toBe("Move 2 items");
    undo(editor);
    expect(state().shapes[0]).toMatchObject({ x: 0, y: 0 });
    expect(state().probes[0]).toMatchObject({ from: [0, 0], to: [10, 0] });
  });

  it("does nothing without a selection", () => {
    addShape(editor, box("a", 0, 0));
    select(editor, []);
    const before = editor.history.undoCount;
    nudge(editor, -1, 0, false);
    expect(editor.history.undoCount).toBe(before);
    expect(state().shapes[0]).toMatchObject({ x: 0 });
  });
});
