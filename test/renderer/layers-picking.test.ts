// Layers decide what the pointer and Select all can reach: hidden and locked layers are out of
// reach, and "topmost" follows the layer order, not the order shapes were added.
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import type { Layer, Shape } from "../../core";
import { selectAll } from "../../renderer/actions/edit-actions";
import { actionById } from "../../renderer/actions/registry";
import { loadDocument, select, undo } from "../../renderer/store/actions";
import { moveSelectionToLayer, setActiveLayer } from "../../renderer/store/layer-actions";
import { shapesAt } from "../../renderer/tools/select/picking";
import { hoverAt } from "../../renderer/tools/select/hover";
import { pointerAt, toolDriver } from "./pointer";

let editor = new Editor();

const circle = (id: string, layer: string): Shape => ({ id, type: "circle", x: 0, y: 0, rotation: 0, radius: 10, layer });
const LAYERS: Layer[] = [{ id: "bottom", name: "Bottom" }, { id: "top", name: "Top" }, { id: "hidden", name: "Hidden", visible: false }, { id: "locked", name: "Locked", locked: true }];

beforeEach(() => {
  editor = new Editor();
  // "upper" was added first but sits on the top layer; "lower" was added last on the bottom layer.
  loadDocument(editor, { format: "collider-studio-scene", version: 1, probes: [{ id: "ray-1", name: "", type: "ray", from: [0, 0], to: [1, 1] }], layers: LAYERS, shapes: [circle("upper", "top"), circle("lower", "bottom"), circle("ghost", "hidden"), circle("frozen", "locked")] }, { name: "t.json" });
});

describe("picking follows the layers", () => {
  it("the shape on the upper layer is topmost, whatever the order they were added in", () => {
    expect(shapesAt(editor, { x: 0, y: 0 }).map((s) => s.id)).toEqual(["upper", "lower"]);
  });

  it("hover takes the topmost pickable shape, never one of a locked or hidden layer, and only while the select tool is idle", () => {
    const hover = () => editor.overlay.getState().hover;
    hoverAt(editor, { x: 0, y: 0 });
    expect(hover()).toBe("upper");
    // Only the locked and hidden layers' shapes left there: nothing to hover.
    loadDocument(editor, { format: "collider-studio-scene", version: 1, probes: [], layers: LAYERS, shapes: [circle("ghost", "hidden"), circle("frozen", "locked")] }, { name: "t.json" });
    hoverAt(editor, { x: 0, y: 0 });
    expect(hover()).toBeNull();
    loadDocument(editor, { format: "collider-studio-scene", version: 1, probes: [], layers: LAYERS, shapes: [circle("lower", "bottom")] }, { name: "t.json" });
    const tool = toolDriver(editor, "select");
    tool.down(pointerAt(40, 40));
    tool.move(pointerAt(1, 1));
    hoverAt(editor, { x: 1, y: 1 }); // a marquee under way
    expect(hover()).toBeNull();
    tool.up(pointerAt(1, 1));
    hoverAt(editor, { x: 1, y: 1 });
    expect(hover()).toBe("lower");
    hoverAt(editor, null);
    expect(hover()).toBeNull();
  });

  it("Alt-click goes from the upper layer's shape to the one beneath, and back round", () => {
    const tool = toolDriver(editor, "select");
    // The canvas reports the node drawn on top, which the draw order puts on the upper layer.
    tool.down(pointerAt(0, 0, "upper"));
    tool.up(pointerAt(0, 0));
    expect(editor.getState().selection).toEqual(["upper"]);
    tool.down(pointerAt(0, 0, "upper", { alt: true }));
    tool.up(pointerAt(0, 0));
    expect(editor.getState().selection).toEqual(["lower"]);
    tool.down(pointerAt(0, 0, "upper", { alt: true }));
    tool.up(pointerAt(0, 0));
    expect(editor.getState().selection).toEqual(["upper"]);
  });

  it("Select all takes every pickable shape and every probe, not hidden or locked shapes", () => {
    selectAll(editor);
    expect([...editor.getState().selection].sort()).toEqual(["lower", "ray-1", "upper"]);
  });
});

describe("the Layer menu's commands act on the active layer, each one undo step", () => {
  const run = (id: string) => actionById(id).run(editor);
  const enabled = (id: string) => actionById(id).enabled?.(editor) ?? true;
  const order = () => editor.getState().layers.map((l) => l.id);

  it("raise, lower and pick the layer above or below; greyed at the ends", () => {
    setActiveLayer(editor, "top");
    run("layer.raise");
    expect(order()).toEqual(["bottom", "hidden", "top", "locked"]);
    run("layer.raise");
    expect(order()).toEqual(["bottom", "hidden", "locked", "top"]);
    expect(enabled("layer.raise")).toBe(false);
    expect(enabled("layer.above")).toBe(false);
    run("layer.below");
    expect(editor.getState().activeLayer).toBe("locked");
    run("layer.lower");
    expect(order()).toEqual(["bottom", "locked", "hidden", "top"]);
    undo(editor);
    expect(order()).toEqual(["bottom", "hidden", "locked", "top"]);
    setActiveLayer(editor, "bottom");
    expect([enabled("layer.lower"), enabled("layer.below")]).toEqual([false, false]);
  });

  it("shows, hides, locks and unlocks the active layer, checked as it is; a hidden layer's shapes leave the selection", () => {
    setActiveLayer(editor, "top");
    select(editor, ["upper"]);
    expect(actionById("layer.visible").checked!(editor)).toBe(true);
    run("layer.visible");
    expect(editor.getState().layers.find((l) => l.id === "top")!.visible).toBe(false);
    expect(editor.getState().selection).toEqual([]);
    expect(actionById("layer.visible").checked!(editor)).toBe(false);
    run("layer.visible");
    run("layer.locked");
    expect(editor.getState().layers.find((l) => l.id === "top")!.locked).toBe(true);
    expect(actionById("layer.locked").checked!(editor)).toBe(true);
  });

  it("moves the selection to the layer above or below and follows it; a new layer goes above the active one; only an empty layer is deleted", () => {
    setActiveLayer(editor, "bottom");
    select(editor, ["lower"]);
    expect(enabled("layer.selectionDown")).toBe(false);
    run("layer.selectionUp");
    expect(editor.shapeById("lower")!.layer).toBe("top");
    expect(editor.getState().activeLayer).toBe("top");
    expect(enabled("layer.delete")).toBe(false);
    run("layer.new");
    const made = editor.getState().activeLayer;
    expect(order()).toEqual(["bottom", "top", made, "hidden", "locked"]);
    expect(enabled("layer.delete")).toBe(true);
    run("layer.delete");
    expect(order()).toEqual(["bottom", "top", "hidden", "locked"]);
    setActiveLayer(editor, "bottom");
    expect(enabled("layer.delete")).toBe(true);
    select(editor, []);
    expect(enabled("layer.selectionUp")).toBe(false);
    // From each shape's own layer, whatever the active one: "upper" on Top goes to the layer above Top.
    select(editor, ["upper", "lower"]);
    run("layer.selectionDown");
    expect([editor.shapeById("upper")!.layer, editor.shapeById("lower")!.layer]).toEqual(["bottom", "bottom"]);
    expect(editor.getState().activeLayer).toBe("bottom");
    undo(editor);
    expect([editor.shapeById("upper")!.layer, editor.shapeById("lower")!.layer]).toEqual(["top", "top"]);
    // Shapes on two neighbouring layers each go up one: the one moved from Bottom to Top stays on Top.
    run("layer.selectionDown");
    editor.update({ shapes: editor.getState().shapes.map((s) => (s.id === "upper" ? { ...s, layer: "top" } : s)) });
    select(editor, ["lower", "upper"]);
    run("layer.selectionUp");
    expect([editor.shapeById("upper")!.layer, editor.shapeById("lower")!.layer]).toEqual(["hidden", "top"]);
    select(editor, ["frozen"]);
    expect(enabled("layer.selectionUp")).toBe(false);
  });

  it("a locked layer takes no shapes moved onto it, from the menu or Move selection here; showing and locking say so", () => {
    setActiveLayer(editor, "bottom");
    // "upper" on Top: the layer above is Hidden, then Locked.
    editor.update({ shapes: editor.getState().shapes.map((s) => (s.id === "upper" ? { ...s, layer: "hidden" } : s)) });
    select(editor, ["lower"]);
    const before = editor.getState().shapes;
    expect(moveSelectionToLayer(editor, "locked")).toBe("Layer 'Locked' is locked: unlock it to move shapes onto it");
    expect(editor.getState().shapes).toBe(before);
    run("layer.selectionUp");
    expect(editor.shapeById("lower")!.layer).toBe("top");
    run("layer.selectionUp");
    // Top → Hidden is allowed (the shape leaves the selection); Hidden → Locked is not.
    expect(editor.shapeById("lower")!.layer).toBe("hidden");
    select(editor, ["upper"]);
    editor.update({ layers: editor.getState().layers.map((l) => (l.id === "hidden" ? { ...l, visible: true } : l)) });
    select(editor, ["upper"]);
    run("layer.selectionUp");
    expect(editor.shapeById("upper")!.layer).toBe("hidden");
    expect(editor.getState().notice).toBe("Layer 'Locked' is locked: unlock it to move shapes onto it");
    setActiveLayer(editor, "top");
    run("layer.visible");
    expect(editor.getState().notice).toBe("Layer 'Top' hidden");
    run("layer.locked");
    expect(editor.getState().notice).toBe("Layer 'Top' locked");
  });
});
