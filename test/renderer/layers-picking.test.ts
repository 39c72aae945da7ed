// Layers decide what the pointer and Select all can reach: hidden and locked layers are out of
// reach, and "topmost" follows the layer order, not the order shapes were added.
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import type { Layer, Shape } from "../../core";
import { selectAll } from "../../renderer/actions/edit-actions";
import { loadDocument } from "../../renderer/store/actions";
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
