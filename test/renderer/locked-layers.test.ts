// A locked or hidden active layer takes no new shapes (drawn, placed, pasted, duplicated), saying
// which layer and why, as Tiled refuses; and no edit path (Inspector fields, points, nudges, drags,
// delete, moving between layers) changes a shape of a locked layer. Undo stays in step: a refusal
// records nothing, and a redo that locks a layer again drops its shapes from the selection.
import { beforeEach, describe, expect, it } from "vitest";
import type { Layer, Shape } from "../../core";
import { Editor } from "../../renderer/editor/editor";
import { clearMemoryClipboard, copy, duplicate, pasteText } from "../../renderer/actions/edit-actions";
import { actionById } from "../../renderer/actions/registry";
import { deleteSelection, loadDocument, redo, select, undo } from "../../renderer/store/actions";
import { activeLayerRefusal, moveSelectionToLayer, setActiveLayer, setLayerFlag } from "../../renderer/store/layer-actions";
import { nameSelection, setSelectionField, setShapePoint } from "../../renderer/store/shape-edits";
import { nudgeSelection } from "../../renderer/store/view-actions";
import { serializeClipboard, CLIPBOARD_FORMAT, CLIPBOARD_VERSION } from "../../renderer/store/clipboard";
import { pointerAt, toolDriver } from "./pointer";

let editor = new Editor();

const circle = (id: string, layer: string, x = 0): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 10, layer });
const tri = (id: string, layer: string): Shape => ({ id, type: "polygon", x: 100, y: 0, rotation: 0, points: [[0, 0], [10, 0], [0, 10]], layer });
const LAYERS: Layer[] = [{ id: "floor", name: "Floor" }, { id: "walls", name: "Walls", locked: true }, { id: "ghosts", name: "Ghosts", visible: false }];
const state = () => editor.getState();
const notice = () => state().notice;
const LOCKED = "Layer 'Walls' is locked: unlock it or pick another layer";
const HIDDEN = "Layer 'Ghosts' is hidden: show it or pick another layer";

beforeEach(() => {
  editor = new Editor();
  clearMemoryClipboard();
  loadDocument(editor, { format: "collider-studio-scene", version: 1, probes: [], layers: LAYERS, shapes: [circle("c-floor", "floor", 300), circle("c-wall", "walls"), tri("p-wall", "walls")] }, { name: "t.json" });
});

describe("a locked or hidden active layer takes no new shapes", () => {
  it("names the layer and says what to do", () => {
    setActiveLayer(editor, "walls");
    expect(activeLayerRefusal(state())).toBe(LOCKED);
    setActiveLayer(editor, "ghosts");
    expect(activeLayerRefusal(state())).toBe(HIDDEN);
    setActiveLayer(editor, "floor");
    expect(activeLayerRefusal(state())).toBeNull();
  });

  for (const [layer, message] of [["walls", LOCKED], ["ghosts", HIDDEN]] as const) {
    it(`placing a box on ${layer} is refused at the press, with nothing recorded`, () => {
      setActiveLayer(editor, layer);
      const before = state().shapes;
      const tool = toolDriver(editor, "box");
      tool.down(pointerAt(500, 500));
      tool.move(pointerAt(540, 520));
      tool.up(pointerAt(540, 520));
      expect(state().shapes).toBe(before);
      expect(notice()).toBe(message);
      expect(editor.history.undoCount).toBe(0);
      expect(tool.path()).toBe("box.idle");
    });

    it(`drawing a polygon on ${layer} is refused at the first click`, () => {
      setActiveLayer(editor, layer);
      const tool = toolDriver(editor, "polygon");
      tool.down(pointerAt(500, 500));
      expect(tool.path()).toBe("polygon.idle");
      expect(notice()).toBe(message);
      expect(state().shapes).toHaveLength(3);
    });

    it(`pasting onto ${layer} is refused; a duplicate stays on its original's layer`, async () => {
      select(editor, ["c-floor"]);
      await copy(editor);
      setActiveLayer(editor, layer);
      const text = serializeClipboard({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, shapes: [{ id: "box-9", type: "box", x: 0, y: 0, rotation: 0, width: 4, height: 4 }], probes: [] });
      pasteText(editor, text);
      expect(state().shapes).toHaveLength(3);
      expect(notice()).toBe(message);
      expect(editor.history.undoCount).toBe(0);
      duplicate(editor);
      expect(state().shapes).toHaveLength(4);
      expect(state().shapes[3]!.layer).toBe(state().shapes.find((s) => s.id === "c-floor")!.layer);
      expect(state().shapes[3]!.layer).not.toBe(layer);
    });
  }

  it("a drawing tool's hint says so before any press, and its own hint comes back on an unlocked layer", () => {
    setActiveLayer(editor, "walls");
    toolDriver(editor, "box");
    expect(editor.tools.hint()).toBe(LOCKED);
    toolDriver(editor, "chain");
    expect(editor.tools.hint()).toBe(LOCKED);
    setActiveLayer(editor, "floor");
    expect(editor.tools.hint()).toMatch(/^Chain/);
  });

  it("a ray alone still pastes (probes belong to no layer)", () => {
    setActiveLayer(editor, "walls");
    const text = serializeClipboard({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, shapes: [], probes: [{ id: "ray-1", name: "", type: "ray", from: [0, 0], to: [5, 5] }] });
    expect(pasteText(editor, text)).toBe(true);
    expect(state().probes).toHaveLength(1);
  });

  it("a polygon begun on an unlocked layer that is locked before it ends is refused at the end", () => {
    setActiveLayer(editor, "floor");
    const tool = toolDriver(editor, "polygon");
    tool.down(pointerAt(500, 500));
    tool.down(pointerAt(600, 500));
    tool.down(pointerAt(600, 600));
    setLayerFlag(editor, "floor", "locked", true);
    const steps = editor.history.undoCount;
    tool.confirm();
    expect(state().shapes).toHaveLength(3);
    expect(notice()).toBe("Layer 'Floor' is locked: unlock it or pick another layer");
    expect(editor.history.undoCount).toBe(steps);
  });

  it("drawing on an unlocked layer still works and selects the shape", () => {
    setActiveLayer(editor, "floor");
    const tool = toolDriver(editor, "box");
    tool.down(pointerAt(500, 500));
    tool.up(pointerAt(500, 500));
    expect(state().shapes).toHaveLength(4);
    expect(state().shapes[3]!.layer).toBe("floor");
    expect(state().selection).toEqual([state().shapes[3]!.id]);
  });
});

describe("no edit path changes a shape of a locked layer", () => {
  // A panel (Objects, Overlaps) may select a locked layer's shape: it is shown, never changed.
  beforeEach(() => select(editor, ["c-wall"]));
  const wall = () => state().shapes.find((s) => s.id === "c-wall")!;

  it("Inspector fields, names and points are refused with the layer named", () => {
    const before = state().shapes;
    expect(setSelectionField(editor, "x", 50)).toEqual({ ok: false, message: "Layer 'Walls' is locked: unlock it to edit its shapes" });
    expect(nameSelection(editor, "door").ok).toBe(false);
    expect(setShapePoint(editor, "p-wall", 0, [1, 1]).ok).toBe(false);
    expect(state().shapes).toBe(before);
  });

  it("arrow-key nudges leave it and say why; the unlocked shapes of the selection still move", () => {
    nudgeSelection(editor, 5, 0);
    expect(wall().x).toBe(0);
    expect(notice()).toBe("Layer 'Walls' is locked: unlock it to edit its shapes");
    select(editor, ["c-wall", "c-floor"]);
    nudgeSelection(editor, 5, 0);
    expect(wall().x).toBe(0);
    expect(state().shapes.find((s) => s.id === "c-floor")!.x).toBe(305);
  });

  it("a drag on it does not move it (the canvas never picks it)", () => {
    const tool = toolDriver(editor, "select");
    tool.down(pointerAt(0, 0, "c-wall"));
    tool.move(pointerAt(40, 0));
    tool.up(pointerAt(40, 0));
    expect(wall().x).toBe(0);
  });

  it("Delete and moving it to another layer are refused", () => {
    deleteSelection(editor);
    expect(wall()).toBeDefined();
    expect(notice()).toBe("Layer 'Walls' is locked: unlock it to delete its shapes");
    expect(moveSelectionToLayer(editor, "floor")).toBe("Layer 'Walls' is locked: unlock it to edit its shapes");
    expect(wall().layer).toBe("walls");
    actionById("layer.selectionDown")!.run(editor);
    expect(wall().layer).toBe("walls");
    expect(editor.history.undoCount).toBe(0);
  });
});

describe("the selection follows what can be selected", () => {
  it("shapes moved to a locked or hidden layer leave the selection", () => {
    select(editor, ["c-floor"]);
    expect(moveSelectionToLayer(editor, "ghosts")).toBeNull();
    expect(state().shapes.find((s) => s.id === "c-floor")!.layer).toBe("ghosts");
    expect(state().selection).toEqual([]);
  });

  it("a redo that locks a layer again drops its shapes from the selection", () => {
    setLayerFlag(editor, "walls", "locked", false);
    undo(editor);
    redo(editor);
    select(editor, ["c-wall"]);
    undo(editor); // Walls locked again
    expect(state().layers.find((l) => l.id === "walls")!.locked).toBe(true);
    expect(state().selection).toEqual([]);
    redo(editor);
    select(editor, ["c-wall"]);
    expect(state().selection).toEqual(["c-wall"]);
  });
});
