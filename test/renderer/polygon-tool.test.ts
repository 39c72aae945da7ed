// The polygon tool driven by clicks and keys as the canvas and the shortcuts send them.
import { beforeEach, describe, expect, it } from "vitest";
import { checkConvexPolygon, type Shape } from "../../core";
import { actionById } from "../../renderer/actions/registry";
import { addShape, loadDocument, setTool, undo } from "../../renderer/store/actions";
import { history, useEditor } from "../../renderer/store/editor-store";
import { activeTool } from "../../renderer/tools/active-tool";
import { useToolOverlay } from "../../renderer/tools/overlay";
import { centroidOf, polygonTool, type PolygonTool } from "../../renderer/tools/polygon/polygon-tool";
import { pointerAt } from "./pointer";

type Polygon = Extract<Shape, { type: "polygon" }>;
const shapes = () => useEditor.getState().shapes;
const notice = () => useEditor.getState().notice;

function click(t: PolygonTool, x: number, y: number) {
  t.down(pointerAt(x, y));
  t.up(pointerAt(x, y));
}

/** World points of a placed polygon. */
const worldPoints = (p: Polygon) => p.points.map(([x, y]) => [x + p.x, y + p.y]);

beforeEach(() => {
  loadDocument({ format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "t.json" });
  useToolOverlay.setState({ marquee: null, draft: [] });
});

describe("polygon tool", () => {
  it("adds points by clicks and closes on the first point: centred on its centroid, one undo step", () => {
    const t = polygonTool();
    const before = history().pastStates.length;
    expect(t.path()).toBe("polygon.idle");
    click(t, 0, 0); click(t, 60, 0);
    expect(t.path()).toBe("polygon.drawing");
    expect(useToolOverlay.getState().draft).toEqual([{ x: 0, y: 0 }, { x: 60, y: 0 }]);
    expect(useEditor.getState().preview).toBeNull();
    click(t, 60, 30);
    expect(useEditor.getState().preview?.type).toBe("polygon"); // the hull so far, as a ghost
    click(t, 0, 30);
    expect(shapes()).toHaveLength(0);
    click(t, 3, 2); // within the close radius of the first point
    expect(t.path()).toBe("polygon.idle");
    const p = shapes()[0] as Polygon;
    expect([p.x, p.y]).toEqual([30, 15]);
    expect(p.points).toEqual([[-30, -15], [30, -15], [30, 15], [-30, 15]]);
    expect(useToolOverlay.getState().draft).toEqual([]);
    expect(useEditor.getState().preview).toBeNull();
    expect(history().pastStates.length).toBe(before + 1);
    undo();
    expect(shapes()).toHaveLength(0);
  });

  it("a double-click or Enter closes; Backspace takes back the last point instead of deleting", () => {
    addShape({ id: "keep", type: "circle", x: 500, y: 500, rotation: 0, radius: 5 });
    setTool("polygon");
    const t = activeTool() as PolygonTool;
    click(t, 0, 0); click(t, 40, 0); click(t, 40, 40); click(t, 99, 99);
    actionById("edit.delete").run(); // Backspace while drawing
    expect(useToolOverlay.getState().draft).toHaveLength(3);
    expect(shapes().map((s) => s.id)).toEqual(["keep"]); // the selection was not deleted
    actionById("edit.finish").run(); // Enter
    expect(shapes()).toHaveLength(2);
    expect(worldPoints(shapes()[1] as Polygon)).toEqual([[0, 0], [40, 0], [40, 40]]);
    // Double-click: the second press lands on the last point.
    click(t, 100, 0); click(t, 140, 0); click(t, 140, 40); click(t, 140, 40);
    expect(shapes()).toHaveLength(3);
    expect(t.path()).toBe("polygon.idle");
    // With nothing being drawn, Delete deletes the selection again.
    actionById("edit.delete").run();
    expect(shapes()).toHaveLength(2);
    setTool("select");
  });

  it("Escape abandons the polygon", () => {
    const t = polygonTool();
    click(t, 0, 0); click(t, 40, 0); click(t, 40, 40);
    t.cancel();
    expect(t.path()).toBe("polygon.idle");
    expect(useToolOverlay.getState().draft).toEqual([]);
    expect(useEditor.getState().preview).toBeNull();
    expect(shapes()).toHaveLength(0);
  });

  it("switching tools abandons the polygon and its ghost", () => {
    setTool("polygon");
    const t = activeTool() as PolygonTool;
    click(t, 0, 0); click(t, 40, 0); click(t, 40, 40);
    expect(useEditor.getState().preview).not.toBeNull();
    setTool("select");
    expect(t.path()).toBe("polygon.idle");
    expect(useEditor.getState().preview).toBeNull();
    expect(useToolOverlay.getState().draft).toEqual([]);
  });

  it("says why clicks are not convex while drawing and makes their hull on closing", () => {
    const t = polygonTool();
    // An arrowhead: the fourth point dents the outline.
    click(t, 0, 0); click(t, 100, 0); click(t, 100, 100); click(t, 80, 20);
    expect(notice()).toMatch(/^Not convex: .*Closing makes the convex hull/);
    expect(t.confirm!()).toBe(true);
    const p = shapes()[0] as Polygon;
    expect(p.points).toHaveLength(3);
    expect(checkConvexPolygon(p.points.map(([x, y]) => ({ x, y })))).toBeNull();
    expect(notice()).toMatch(/^Made the convex hull/);
  });

  it("refuses to close collinear points and keeps drawing", () => {
    const t = polygonTool();
    click(t, 0, 0); click(t, 10, 0); click(t, 20, 0);
    t.confirm!();
    expect(shapes()).toHaveLength(0);
    expect(t.path()).toBe("polygon.drawing");
    expect(notice()).toMatch(/^Cannot close the polygon/);
  });

  it("centroidOf is the area centroid, not the vertex mean", () => {
    // Extra points along one edge pull the mean but not the area centroid.
    expect(centroidOf([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 8, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }])).toEqual({ x: 5, y: 5 });
  });
});
