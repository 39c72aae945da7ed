// The cursor each tool state asks for, the resize arrow a handle's direction makes on screen, and
// the readout and rotation steps a handle drag leaves in the overlay, driven as the canvas drives
// the tools.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { Layer, Shape } from "../../core";
import { Editor } from "../../renderer/editor/editor";
import { SHAPE_KINDS } from "../../renderer/shapes/registry";
import { loadDocument, select } from "../../renderer/store/actions";
import { cursorOf, resizeCursor, ROTATE_CURSOR, type ResizeCursor } from "../../renderer/tools/cursor";
import { handleCursor, handlesOf } from "../../renderer/tools/select/handles";
import { shapeHandleId } from "../../renderer/tools/select/select-tool";
import { pointerAt, toolDriver } from "./pointer";

let editor = new Editor();

type Box = Extract<Shape, { type: "box" }>;
const box = (id: string, rotation = 0, layer?: string): Box => ({ id, type: "box", x: 0, y: 0, rotation, width: 40, height: 20, ...(layer ? { layer } : {}) });

function load(shapes: Shape[], layers?: Layer[]) {
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes, probes: [], ...(layers ? { layers } : {}) }, { name: "t.json" });
}

const cursor = (hitId: string | null = null) => cursorOf(editor.tools, hitId);
const overlay = () => editor.overlay.getState();

beforeEach(() => {
  editor = new Editor();
  load([]);
});

const turn = (d: { x: number; y: number }, deg: number) => {
  const a = (deg * Math.PI) / 180;
  return { x: Math.cos(a) * d.x - Math.sin(a) * d.y, y: Math.sin(a) * d.x + Math.cos(a) * d.y };
};
const SWAPPED: Record<ResizeCursor, ResizeCursor> = { "ns-resize": "ew-resize", "ew-resize": "ns-resize", "nwse-resize": "nesw-resize", "nesw-resize": "nwse-resize" };

/** A direction on screen at `deg` (clockwise from +x), kept a hair away from the 22.5° borders between arrows. */
const direction = fc
  .tuple(fc.integer({ min: 0, max: 7 }), fc.double({ min: -22, max: 22, noNaN: true }), fc.double({ min: 0.1, max: 1000, noNaN: true }))
  .map(([octant, off, length]) => ({ x: length * Math.cos(((octant * 45 + off) * Math.PI) / 180), y: length * Math.sin(((octant * 45 + off) * Math.PI) / 180) }));

describe("resizeCursor", () => {
  it("names the double arrow along each of the eight directions on screen (y down)", () => {
    expect(resizeCursor({ x: 1, y: 0 })).toBe("ew-resize");
    expect(resizeCursor({ x: -1, y: 0 })).toBe("ew-resize");
    expect(resizeCursor({ x: 0, y: -1 })).toBe("ns-resize");
    expect(resizeCursor({ x: 0, y: 1 })).toBe("ns-resize");
    expect(resizeCursor({ x: 1, y: 1 })).toBe("nwse-resize"); // south-east
    expect(resizeCursor({ x: -1, y: -1 })).toBe("nwse-resize");
    expect(resizeCursor({ x: 1, y: -1 })).toBe("nesw-resize"); // north-east
    expect(resizeCursor({ x: -1, y: 1 })).toBe("nesw-resize");
    // Rounded to the nearest: 20° off the x axis is still sideways, 30° is diagonal.
    expect(resizeCursor(turn({ x: 1, y: 0 }, 20))).toBe("ew-resize");
    expect(resizeCursor(turn({ x: 1, y: 0 }, 30))).toBe("nwse-resize");
  });

  it("a half turn gives the same arrow; a quarter turn swaps ns with ew and the two diagonals", () => {
    fc.assert(fc.property(direction, (d) => {
      expect(resizeCursor(turn(d, 180))).toBe(resizeCursor(d));
      expect(resizeCursor(turn(d, 90))).toBe(SWAPPED[resizeCursor(d)]);
      expect(resizeCursor(turn(d, -90))).toBe(SWAPPED[resizeCursor(d)]);
    }));
  });
});

describe("handleCursor", () => {
  it("turns a box's arrows with the box: its north handle drags sideways at 90°, diagonally at 45°", () => {
    const at = (rotation: number, side: "n" | "e" | "ne" | "nw") => handleCursor(box("b", rotation), { kind: "resize", side });
    expect([at(0, "n"), at(0, "e"), at(0, "ne"), at(0, "nw")]).toEqual(["ns-resize", "ew-resize", "nesw-resize", "nwse-resize"]);
    expect([at(90, "n"), at(90, "e"), at(90, "ne"), at(90, "nw")]).toEqual(["ew-resize", "ns-resize", "nwse-resize", "nesw-resize"]);
    expect([at(180, "n"), at(180, "ne")]).toEqual(["ns-resize", "nesw-resize"]);
    expect(at(45, "n")).toBe("nesw-resize");
    expect(handleCursor(box("b", 30), { kind: "rotate" })).toBe(ROTATE_CURSOR);
  });

  it("gives capsule ends and radii, circles and polygon points their own cursors", () => {
    const capsule: Shape = { id: "k", type: "capsule", x: 0, y: 0, rotation: 90, radius: 10, height: 60 };
    expect(handleCursor(capsule, { kind: "height", end: "top" })).toBe("ew-resize");
    expect(handleCursor(capsule, { kind: "radius" })).toBe("ns-resize");
    // A circle's rotation is ignored: its radius handle always sits to the right.
    expect(handleCursor({ id: "c", type: "circle", x: 0, y: 0, rotation: 90, radius: 5 }, { kind: "radius" })).toBe("ew-resize");
    const poly: Shape = { id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [10, 0], [0, 10]] };
    expect(handleCursor(poly, { kind: "vertex", index: 1 })).toBe("move");
    expect(handleCursor(poly, { kind: "midpoint", index: 1 })).toBe("crosshair");
    expect(handleCursor(poly, { kind: "vertex", index: 9 })).toBe("default");
  });

  it("every handle of every kind has a cursor", () => {
    const shapes: Shape[] = [box("b", 20), { id: "c", type: "circle", x: 0, y: 0, rotation: 0, radius: 5 }, { id: "k", type: "capsule", x: 0, y: 0, rotation: 0, radius: 5, height: 30 }, { id: "p", type: "polygon", x: 0, y: 0, rotation: 10, points: [[0, 0], [10, 0], [0, 10]] }, { id: "e", type: "chain", x: 0, y: 0, rotation: 0, points: [[0, 0], [10, 0], [20, 5]] }];
    expect(new Set(shapes.map((s) => s.type))).toEqual(new Set(Object.keys(SHAPE_KINDS)));
    for (const s of shapes) for (const h of handlesOf(s, 1)) expect(handleCursor(s, h.handle)).not.toBe("default");
  });
});

describe("the cursor of the active state", () => {
  it("select: the arrow over nothing, move over a pickable shape or probe, the handle's own over a shown handle, the arrow over a locked shape", () => {
    load([box("a"), box("l", 0, "locked")], [{ id: "layer-1", name: "Layer 1" }, { id: "locked", name: "Locked", locked: true }]);
    editor.update({ probes: [{ id: "ray-1", name: "", type: "ray", from: [0, 0], to: [10, 0] }] });
    toolDriver(editor, "select");
    expect(cursor()).toBe("default");
    expect(cursor("a")).toBe("move");
    expect(cursor("ray-1")).toBe("move");
    expect(cursor("ray-1#to")).toBe("move");
    expect(cursor("l")).toBe("default");
    // Shift held: a drag from a shape or probe draws the marquee, so the arrow, not move; a probe's end still moves.
    expect([cursorOf(editor.tools, "a", { shift: true }), cursorOf(editor.tools, "ray-1", { shift: true }), cursorOf(editor.tools, "ray-1#to", { shift: true })]).toEqual(["default", "default", "move"]);
    // Handles show on the one selected shape: the id of one that went (Escape) is not a handle.
    expect(cursor(shapeHandleId("a", { kind: "resize", side: "e" }))).toBe("default");
    select(editor, ["a"]);
    expect(cursor(shapeHandleId("a", { kind: "resize", side: "e" }))).toBe("ew-resize");
    expect(cursor(shapeHandleId("a", { kind: "rotate" }))).toBe(ROTATE_CURSOR);
    select(editor, ["l"]);
    expect(cursor(shapeHandleId("l", { kind: "resize", side: "e" }))).toBe("default");
  });

  it("a drag keeps its gesture's cursor whatever the pointer is over", () => {
    load([box("a")]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(20, 0, shapeHandleId("a", { kind: "resize", side: "e" })));
    t.move(pointerAt(200, 200));
    expect(t.path()).toBe("select.resizing");
    expect(cursor(null)).toBe("ew-resize");
    expect(cursor("a")).toBe("ew-resize");
    t.up(pointerAt(200, 200));
    t.down(pointerAt(0, 0, "a"));
    t.move(pointerAt(50, 50));
    expect(cursor(null)).toBe("move");
    t.up(pointerAt(50, 50));
    t.down(pointerAt(500, 500));
    t.move(pointerAt(600, 600));
    expect(t.path()).toBe("select.brushing");
    expect(cursor(null)).toBe("default");
  });

  it("drawing tools show a crosshair in every state; the pan tool an open hand, closed while panning", () => {
    load([box("a")]);
    for (const tool of ["box", "circle", "capsule", "polygon", "ray", "sweep"] as const) {
      const t = toolDriver(editor, tool);
      expect([tool, cursor("a")]).toEqual([tool, "crosshair"]);
      t.down(pointerAt(100, 100));
      t.move(pointerAt(150, 130));
      expect([tool, cursor(null)]).toEqual([tool, "crosshair"]);
      t.cancel();
    }
    const t = toolDriver(editor, "pan");
    expect(cursor("a")).toBe("grab");
    t.down(pointerAt(0, 0));
    expect(cursor()).toBe("grabbing");
    t.up(pointerAt(0, 0));
    expect(cursor()).toBe("grab");
  });
});

describe("the readout of a handle drag", () => {
  it("gives a box's size with at most two decimals, by the pointer and away from the centre; release clears it", () => {
    load([box("a")]);
    const t = toolDriver(editor, "select");
    expect(overlay().readout).toBeNull();
    t.down(pointerAt(20, 10, shapeHandleId("a", { kind: "resize", side: "se" })));
    t.move(pointerAt(30.123, 20.5));
    const readout = overlay().readout!;
    expect(readout).toMatchObject({ text: "50.12 × 30.5", at: { x: 30.123, y: 20.5 } });
    // The box's new centre: half-way from its fixed north-west corner (−20, −10).
    expect(readout.away.x).toBeCloseTo(5.0615, 9);
    expect(readout.away.y).toBeCloseTo(5.25, 9);
    t.up(pointerAt(30.123, 20.5));
    expect(overlay().readout).toBeNull();
  });

  it("gives a circle's radius and a capsule's radius and height; Escape clears it", () => {
    load([{ id: "c", type: "circle", x: 0, y: 0, rotation: 0, radius: 5 }, { id: "k", type: "capsule", x: 100, y: 0, rotation: 0, radius: 10, height: 60 }]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(5, 0, shapeHandleId("c", { kind: "radius" })));
    t.move(pointerAt(0, 32));
    expect(overlay().readout?.text).toBe("r 32");
    t.cancel();
    expect(overlay().readout).toBeNull();
    t.down(pointerAt(100, -30, shapeHandleId("k", { kind: "height", end: "top" })));
    t.move(pointerAt(100, -34));
    expect(overlay().readout?.text).toBe("r 10 · h 64");
    t.cancel();
    expect(overlay().readout).toBeNull();
  });

  it("polygon points show no size", () => {
    load([{ id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[-10, -10], [10, -10], [10, 10], [-10, 10]] }]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(10, 10, shapeHandleId("p", { kind: "vertex", index: 2 })));
    t.move(pointerAt(15, 15));
    expect(t.path()).toBe("select.dragging-handle");
    expect(overlay().readout).toBeNull();
  });

  it("gives the angle while rotating; Shift names the step and rings the knob's circle with ticks", () => {
    load([box("a")]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(0, -38, shapeHandleId("a", { kind: "rotate" })));
    t.move(pointerAt(100, 0));
    expect(overlay().readout?.text).toBe("90°");
    expect(overlay().rotationSteps).toBeNull();
    t.move(pointerAt(100, 93, null, { shift: true })); // 132.9°, snapped to 135°
    expect(overlay().readout?.text).toBe("135° (15° steps)");
    // The knob hangs 28 screen pixels above the top edge (10 world units at 100 %).
    expect(overlay().rotationSteps).toEqual({ centre: { x: 0, y: 0 }, radius: 38, step: 15 });
    t.move(pointerAt(100, 93));
    expect(overlay().rotationSteps).toBeNull();
    t.move(pointerAt(100, 93, null, { shift: true }));
    t.up(pointerAt(100, 93, null, { shift: true }));
    expect(overlay().readout).toBeNull();
    expect(overlay().rotationSteps).toBeNull();
  });
});
