// The polygon tool driven by clicks and keys as the canvas and the shortcuts send them.
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { checkConvexPolygon, checkSimplePolygon, type Shape } from "../../core";
import { actionById } from "../../renderer/actions/registry";
import { addShape, loadDocument, setTool, undo } from "../../renderer/store/actions";
import { toggleSnap } from "../../renderer/store/view-actions";
import { boundsCentreOf } from "../../renderer/shapes/kind";
import { pointerAt, toolDriver } from "./pointer";
import { TestEditor } from "./test-editor";

let editor = new Editor();

type Polygon = Extract<Shape, { type: "polygon" }>;
const shapes = () => editor.getState().shapes;
const notice = () => editor.getState().notice;

type Driver = ReturnType<typeof toolDriver>;

function click(t: Driver, x: number, y: number) {
  t.down(pointerAt(x, y));
  t.up(pointerAt(x, y));
}

/** World points of a placed polygon. */
const worldPoints = (p: Polygon) => p.points.map(([x, y]) => [x + p.x, y + p.y]);

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "t.json" });
  editor.overlay.setState({ marquee: null, draft: [] });
});

describe("polygon tool", () => {
  it("adds points by clicks and closes on the first point: centred on its bounding box, one undo step", () => {
    const t = toolDriver(editor, "polygon");
    const before = editor.history.undoCount;
    expect(t.path()).toBe("polygon.idle");
    click(t, 0, 0); click(t, 60, 0);
    expect(t.path()).toBe("polygon.drawing");
    expect(editor.overlay.getState().draft).toEqual([{ x: 0, y: 0 }, { x: 60, y: 0 }]);
    expect(editor.overlay.getState().preview).toBeNull();
    click(t, 60, 30);
    expect(editor.overlay.getState().preview?.type).toBe("polygon"); // the hull so far, as a ghost
    click(t, 0, 30);
    expect(shapes()).toHaveLength(0);
    click(t, 3, 2); // within the close radius of the first point
    expect(t.path()).toBe("polygon.idle");
    const p = shapes()[0] as Polygon;
    expect([p.x, p.y]).toEqual([30, 15]);
    expect(p.points).toEqual([[-30, -15], [30, -15], [30, 15], [-30, 15]]);
    expect(editor.overlay.getState().draft).toEqual([]);
    expect(editor.overlay.getState().preview).toBeNull();
    expect(editor.history.undoCount).toBe(before + 1);
    undo(editor);
    expect(shapes()).toHaveLength(0);
  });

  it("a double-click or Enter closes; Backspace takes back the last point instead of deleting", () => {
    addShape(editor, { id: "keep", type: "circle", x: 500, y: 500, rotation: 0, radius: 5 });
    setTool(editor, "polygon");
    const t = toolDriver(editor, "polygon");
    click(t, 0, 0); click(t, 40, 0); click(t, 40, 40); click(t, 99, 99);
    actionById("edit.delete").run(editor); // Backspace while drawing
    expect(editor.overlay.getState().draft).toHaveLength(3);
    expect(shapes().map((s) => s.id)).toEqual(["keep"]); // the selection was not deleted
    actionById("edit.finish").run(editor); // Enter
    expect(shapes()).toHaveLength(2);
    expect(worldPoints(shapes()[1] as Polygon)).toEqual([[0, 0], [40, 0], [40, 40]]);
    // Double-click: the second press lands on the last point.
    click(t, 100, 0); click(t, 140, 0); click(t, 140, 40); click(t, 140, 40);
    expect(shapes()).toHaveLength(3);
    expect(t.path()).toBe("polygon.idle");
    // With nothing being drawn, Delete deletes the selection again.
    actionById("edit.delete").run(editor);
    expect(shapes()).toHaveLength(2);
    setTool(editor, "select");
  });

  it("Escape abandons the polygon", () => {
    const t = toolDriver(editor, "polygon");
    click(t, 0, 0); click(t, 40, 0); click(t, 40, 40);
    t.cancel();
    expect(t.path()).toBe("polygon.idle");
    expect(editor.overlay.getState().draft).toEqual([]);
    expect(editor.overlay.getState().preview).toBeNull();
    expect(shapes()).toHaveLength(0);
  });

  it("switching tools abandons the polygon and its ghost", () => {
    setTool(editor, "polygon");
    const t = toolDriver(editor, "polygon");
    click(t, 0, 0); click(t, 40, 0); click(t, 40, 40);
    expect(editor.overlay.getState().preview).not.toBeNull();
    setTool(editor, "select");
    expect(t.path()).toBe("select.idle");
    expect(editor.overlay.getState().preview).toBeNull();
    expect(editor.overlay.getState().draft).toEqual([]);
    // Back in the polygon tool, nothing of the abandoned polygon is left.
    setTool(editor, "polygon");
    expect(t.path()).toBe("polygon.idle");
    click(t, 100, 100);
    expect(editor.overlay.getState().draft).toEqual([{ x: 100, y: 100 }]);
  });

  it("closing a dented outline keeps it concave (regression: closing silently made its hull)", () => {
    const t = toolDriver(editor, "polygon");
    // An arrowhead: the fourth point dents the outline.
    click(t, 0, 0); click(t, 100, 0); click(t, 100, 100); click(t, 80, 20);
    expect(notice()).toBeNull();
    expect(editor.overlay.getState().preview?.type).toBe("polygon"); // the concave outline as a ghost
    expect(t.confirm!()).toBe(true);
    const p = shapes()[0] as Polygon;
    expect(worldPoints(p)).toEqual([[0, 0], [100, 0], [100, 100], [80, 20]]);
    expect(checkConvexPolygon(p.points.map(([x, y]) => ({ x, y })))).not.toBeNull();
    expect(checkSimplePolygon(p.points)).toBeNull();
    expect(notice()).toBeNull();
  });

  it("Shift on closing makes the convex hull, as closing did before concave outlines", () => {
    const t = toolDriver(editor, "polygon");
    click(t, 0, 0); click(t, 100, 0); click(t, 100, 100); click(t, 80, 20);
    t.down(pointerAt(1, 1, null, { shift: true })); // on the first point
    t.up(pointerAt(1, 1, null, { shift: true }));
    const p = shapes()[0] as Polygon;
    expect(p.points).toHaveLength(3);
    expect(checkConvexPolygon(p.points.map(([x, y]) => ({ x, y })))).toBeNull();
    expect(notice()).toMatch(/^Made the convex hull/);
  });

  it("refuses a click that would make the outline cross itself, says why, and keeps the points", () => {
    const t = toolDriver(editor, "polygon");
    click(t, 0, 0); click(t, 100, 0); click(t, 100, 100);
    click(t, 50, -50); // edge 2, (100, 100) → (50, -50), crosses edge 0
    expect(notice()).toMatch(/^Point not added: the outline would cross itself \(edge 0 and edge 2/);
    expect(editor.overlay.getState().draft).toHaveLength(3);
    click(t, 0, 100); // fine: a square's fourth corner
    expect(editor.overlay.getState().draft).toHaveLength(4);
    expect(notice()).toBeNull();
    t.confirm!();
    expect(shapes()).toHaveLength(1);
  });

  it("refuses to close when the closing edge would cross the outline", () => {
    const t = toolDriver(editor, "polygon");
    // A zigzag whose closing edge (40, 40) → (0, 0) crosses edge 1.
    click(t, 0, 0); click(t, 40, 0); click(t, 0, 40); click(t, 40, 40);
    t.confirm!();
    expect(shapes()).toHaveLength(0);
    expect(t.path()).toBe("polygon.drawing");
    expect(notice()).toBe("Cannot make the polygon: edges 1 and 3 would cross (in red)");
    expect(editor.getState().noticeDetail).toMatch(/^Cannot make the polygon: edges 1 and 3 cross or touch/);
    // Edge 1 runs (40, 0) → (0, 40), edge 3 closes (40, 40) → (0, 0): outlined until the next press or edit.
    expect(editor.overlay.getState().crossing).toEqual([[{ x: 40, y: 0 }, { x: 0, y: 40 }], [{ x: 40, y: 40 }, { x: 0, y: 0 }]]);
    t.deleteKey();
    expect(editor.overlay.getState().crossing).toBeNull();
  });

  it("refuses to close collinear points and keeps drawing", () => {
    const t = toolDriver(editor, "polygon");
    click(t, 0, 0); click(t, 10, 0); click(t, 20, 0);
    t.confirm!();
    expect(shapes()).toHaveLength(0);
    expect(t.path()).toBe("polygon.drawing");
    expect(notice()).toMatch(/^Cannot make the polygon/);
  });

  it("a triangle's position is its bounding box's centre, not its centroid (regression: 466.666666667)", () => {
    const t = toolDriver(editor, "polygon");
    click(t, 400, 400); click(t, 500, 400); click(t, 500, 500);
    t.confirm!();
    const p = shapes()[0] as Polygon;
    // The centroid would be (466.666…, 433.333…).
    expect([p.x, p.y]).toEqual([450, 450]);
    expect(p.points).toEqual([[-50, -50], [50, -50], [50, 50]]);
    expect(boundsCentreOf([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 8, y: 0 }, { x: 10, y: 3 }, { x: 0, y: 10 }])).toEqual({ x: 5, y: 5 });
  });

  it("with snapping on, the position is on the grid too, so every point is a grid value", () => {
    toggleSnap(editor);
    const t = toolDriver(editor, "polygon");
    // Snapped clicks (0, 0), (25, 0), (25, 25): the box's centre (12.5, 12.5) is off the grid.
    click(t, 2, -3); click(t, 27, 4); click(t, 24, 26);
    t.confirm!();
    const p = shapes()[0] as Polygon;
    expect([p.x, p.y]).toEqual([25, 25]);
    expect(p.points).toEqual([[-25, -25], [0, -25], [0, 0]]);
    expect(worldPoints(p)).toEqual([[0, 0], [25, 0], [25, 25]]);
    // Without snapping, the same clicks keep the exact centre.
    toggleSnap(editor);
    click(t, 100, 0); click(t, 125, 0); click(t, 125, 25);
    t.confirm!();
    expect(shapes()[1]).toMatchObject({ x: 112.5, y: 12.5 });
  });
});

describe("right-click and Escape while drawing an outline (a designer's review)", () => {
  // Right-click opened the context menu (selecting the art under the pointer) instead of ending the
  // outline, as Tiled's polygon tool does; Escape threw a 21-point outline away without a word and
  // the next Ctrl+Z undid the step before it ("Undid: Add image").
  const draw = (t: TestEditor, tool: "polygon" | "chain", pts: readonly (readonly [number, number])[]) => {
    t.editor.tools.setTool(tool);
    for (const [x, y] of pts) t.click(x, y);
  };
  const square = [[0, 0], [100, 0], [100, 100], [0, 100]] as const;

  it("a right-click ends a polygon or a chain as Enter does, and the canvas's menu does not open", () => {
    const t = new TestEditor();
    draw(t, "polygon", square);
    expect(t.editor.tools.secondaryClick(pointerAt(300, 300))).toBe(true);
    expect(t.shapes.map((s) => s.type)).toEqual(["polygon"]);
    expect(t.path).toBe("polygon.idle");
    draw(t, "chain", [[0, 200], [100, 200]]);
    expect(t.editor.tools.secondaryClick(pointerAt(300, 300))).toBe(true);
    expect(t.shapes.map((s) => s.type)).toEqual(["polygon", "chain"]);
  });

  it("with too few points a right-click abandons the outline (Tiled's cancel); at rest the menu is the canvas's", () => {
    const t = new TestEditor();
    draw(t, "polygon", [[0, 0], [100, 0]]);
    expect(t.editor.tools.secondaryClick(pointerAt(300, 300))).toBe(true);
    expect(t.path).toBe("polygon.idle");
    expect(t.shapes).toHaveLength(0);
    expect(t.editor.tools.secondaryClick(pointerAt(300, 300))).toBe(false);
  });

  it("Escape names the outline it discards, and Ctrl+Z right after brings it back into the tool, not the document's last step", () => {
    const t = new TestEditor();
    draw(t, "polygon", square);
    t.key("Enter");
    const steps = t.undoSteps;
    draw(t, "polygon", [[200, 0], [300, 0], [300, 100], [250, 50]]);
    t.key("Escape");
    expect(t.state.notice).toBe("Discarded the outline (4 points) · Ctrl+Z brings it back");
    expect(actionById("edit.undo").title!(t.editor)).toBe("Undo Discard outline (4 points)");
    t.key("z", { mod: true });
    expect(t.path).toBe("polygon.drawing");
    expect(t.editor.overlay.getState().draft).toHaveLength(4);
    expect(t.state.notice).toBe("Brought back the outline (4 points)");
    expect(t.undoSteps).toBe(steps);
    expect(t.shapes).toHaveLength(1);
    // It goes on where it stopped.
    t.click(200, 100);
    t.key("Enter");
    expect(t.shapes).toHaveLength(2);
    expect((t.shapes[1] as Polygon).points).toHaveLength(5);
  });

  it("Undo is the document's again once anything else happened: a new outline, another tool, an edit; fewer than 3 points are not kept", () => {
    const cases: [string, (t: TestEditor) => void][] = [
      ["a new outline", (t) => { t.click(500, 500); t.key("Escape"); }],
      ["another tool", (t) => t.editor.tools.setTool("select")],
      ["an edit", (t) => { t.key("a", { mod: true }); t.key("Delete"); }],
    ];
    for (const [what, then] of cases) {
      const t = new TestEditor();
      draw(t, "polygon", square);
      t.key("Enter");
      draw(t, "polygon", [[200, 0], [300, 0], [300, 100]]);
      t.key("Escape");
      then(t);
      t.key("z", { mod: true });
      expect(t.state.notice, what).toMatch(/^Undid: /);
      expect(t.editor.overlay.getState().draft, what).toEqual([]);
    }
    const t = new TestEditor();
    draw(t, "polygon", square);
    t.key("Enter");
    draw(t, "polygon", [[200, 0], [300, 0]]);
    t.key("Escape");
    expect(t.state.notice).toBeNull();
    t.key("z", { mod: true });
    expect(t.state.notice).toBe("Undid: Add polygon");
  });
});
