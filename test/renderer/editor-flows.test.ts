// Whole editing flows through the TestEditor: tool shortcuts, pointer gestures, undo steps and
// Escape, as a designer would do them.
import { describe, expect, it } from "vitest";
import { TestEditor } from "./test-editor";

describe("editing flows through pointer and key events", () => {
  it("B then a drag places one box; Ctrl+Z removes it, Ctrl+Y and Ctrl+Shift+Z bring it back", () => {
    const ed = new TestEditor();
    expect(ed.key("b")).toBe(true);
    expect(ed.state.tool).toBe("box");
    ed.drag([100, 100], [200, 160]);
    expect(ed.shapes).toHaveLength(1);
    expect(ed.shapes[0]).toMatchObject({ type: "box", x: 150, y: 130, width: 100, height: 60 });
    expect(ed.undoSteps).toBe(1);
    ed.key("z", { mod: true });
    expect(ed.shapes).toHaveLength(0);
    ed.key("y", { mod: true });
    expect(ed.shapes).toHaveLength(1);
    ed.key("z", { mod: true });
    ed.key("z", { mod: true, shift: true });
    expect(ed.shapes).toHaveLength(1);
  });

  it("a whole move drag is one undo step, and Escape in the middle of one puts the shape back and keeps it selected", () => {
    const ed = new TestEditor();
    ed.key("c");
    ed.click(0, 0);
    const placed = ed.shapes[0]!;
    ed.key("v");
    ed.drag([placed.x, placed.y], [placed.x + 50, placed.y + 20]);
    expect(ed.shape(placed.id)).toMatchObject({ x: placed.x + 50, y: placed.y + 20 });
    expect(ed.undoSteps).toBe(2);
    ed.pointerDown(placed.x + 50, placed.y + 20).pointerMove(placed.x + 300, placed.y);
    expect(ed.shape(placed.id).x).toBe(placed.x + 300);
    ed.key("Escape");
    expect(ed.shape(placed.id)).toMatchObject({ x: placed.x + 50, y: placed.y + 20 });
    expect(ed.undoSteps).toBe(2);
    expect(ed.state.selection).toEqual([placed.id]);
    // The release after Escape changes nothing.
    ed.pointerUp(placed.x + 300, placed.y);
    expect(ed.shape(placed.id).x).toBe(placed.x + 50);
    // At rest, Escape selects nothing.
    ed.key("Escape");
    expect(ed.state.selection).toEqual([]);
  });

  it("with a drawing tool, Escape cancels what is under way, then selects nothing, then gives way to Select (Tiled's second Escape); S is Select too", () => {
    const ed = new TestEditor();
    ed.key("b");
    ed.pointerDown(100, 100).pointerMove(200, 160);
    ed.key("Escape");
    expect(ed.shapes).toHaveLength(0);
    expect(ed.state.tool).toBe("box");
    ed.pointerUp(200, 160);
    ed.key("Escape");
    expect(ed.state.tool).toBe("select");
    // A box placed is selected: the first Escape at rest drops the selection, the next the tool.
    ed.key("b");
    ed.click(300, 300);
    expect(ed.selection).toHaveLength(1);
    ed.key("Escape");
    expect([ed.selection, ed.state.tool]).toEqual([[], "box"]);
    ed.key("Escape");
    expect(ed.state.tool).toBe("select");
    // With Select, Escape at rest only selects nothing.
    ed.key("Escape");
    expect(ed.state.tool).toBe("select");
    ed.key("c");
    expect(ed.key("s")).toBe(true);
    expect(ed.state.tool).toBe("select");
    ed.key("s", { shift: true });
    expect([ed.state.tool, ed.state.grid.snap]).toEqual(["select", true]);
  });

  it("Ctrl+A, Ctrl+D, arrows and Delete: each one undo step", () => {
    const ed = new TestEditor();
    ed.key("c");
    ed.click(0, 0);
    ed.key("b");
    ed.click(200, 0);
    ed.key("v");
    ed.key("a", { mod: true });
    expect(ed.selection).toHaveLength(2);
    const before = ed.undoSteps;
    ed.key("d", { mod: true });
    expect(ed.shapes).toHaveLength(4);
    expect(ed.selection).toHaveLength(2);
    ed.key("ArrowRight", { shift: true });
    const moved = ed.selection.map((id) => ed.shape(id).x);
    ed.key("Delete");
    expect(ed.shapes).toHaveLength(2);
    expect(ed.undoSteps).toBe(before + 3);
    ed.key("z", { mod: true });
    expect(ed.shapes).toHaveLength(4);
    // The duplicates come back where the Shift+arrow nudge left them: one grid cell right of the copies.
    expect(ed.shapes.map((s) => s.x)).toEqual(expect.arrayContaining(moved));
    expect(moved.map((x, i) => x - ed.shapes[i]!.x)).toEqual([ed.state.gridSize * 2, ed.state.gridSize * 2]);
  });

  it("a plain letter with Ctrl is not a tool: Ctrl+C copies, the tool stays", () => {
    const ed = new TestEditor();
    ed.key("v");
    ed.key("c", { mod: true });
    expect(ed.state.tool).toBe("select");
  });

  it("the polygon tool: clicks, Backspace drops the last point, Enter closes; Delete with nothing drawn deletes nothing", () => {
    const ed = new TestEditor();
    ed.key("p");
    ed.click(0, 0).click(100, 0).click(100, 100).click(50, 150);
    ed.key("Backspace");
    ed.click(0, 100);
    ed.key("Enter");
    expect(ed.shapes).toHaveLength(1);
    const polygon = ed.shapes[0]!;
    expect(polygon.type === "polygon" && polygon.points.length).toBe(4);
    expect(ed.undoSteps).toBe(1);
  });
});

describe("click or drag is decided in screen pixels", () => {
  // What broke: the threshold was 4 world units, so at 10 % zoom a one-pixel jitter (10 units)
  // made a sliver box instead of a default-size one, and at 800 % a deliberate 20-pixel drag
  // (2.5 units) was taken for a click.
  it("zoomed out, a small jitter still places a default-size shape; zoomed in, a short drag sizes it", () => {
    const ed = new TestEditor();
    ed.key("b");
    ed.drag([0, 0], [10, 10]);
    expect(ed.shapes[0]).toMatchObject({ width: 10, height: 10 });
    useZoom(ed, 0.1);
    ed.drag([500, 500], [510, 505]); // 1 × 0.5 screen pixels
    expect(ed.shapes[1]).toMatchObject({ width: 80, height: 80, x: 500, y: 500 });
    useZoom(ed, 8);
    ed.drag([0, 0], [2.5, 2.5]); // 20 screen pixels
    expect(ed.shapes[2]).toMatchObject({ width: 2.5, height: 2.5 });
  });

  it("a ray needs the same few pixels at any zoom", () => {
    const ed = new TestEditor();
    ed.key("r");
    useZoom(ed, 8);
    ed.drag([0, 0], [1, 0]); // 8 screen pixels: a ray
    expect(ed.state.probes).toHaveLength(1);
    useZoom(ed, 0.1);
    ed.drag([0, 0], [20, 0]); // 2 screen pixels: a click, no ray
    expect(ed.state.probes).toHaveLength(1);
  });
});

function useZoom(ed: TestEditor, scale: number): void {
  ed.editor.update({ view: { x: 0, y: 0, scale } });
}

describe("marquee", () => {
  it("takes in the rays it crosses and the sweeps whose target it holds, besides shapes", () => {
    const ed = new TestEditor({
      format: "collider-studio-scene", version: 1,
      shapes: [{ id: "ball", type: "circle", x: 0, y: 0, rotation: 0, radius: 10 }, { id: "far", type: "circle", x: 500, y: 500, rotation: 0, radius: 10 }],
      probes: [
        { id: "crossing", name: "", type: "ray", from: [-100, 50], to: [100, 50] },
        { id: "outside", name: "", type: "ray", from: [300, 300], to: [400, 300] },
        { id: "aimed-in", name: "", type: "sweep", shape: "far", to: [20, 60] },
        { id: "aimed-out", name: "", type: "sweep", shape: "ball", to: [900, 900] },
      ],
    });
    ed.drag([-30, -30], [60, 80], { hit: null });
    expect([...ed.selection].sort()).toEqual(["aimed-in", "ball", "crossing"]);
  });
});
