// Layer colours: a layer's own colour or its place's in the palette; recolouring is one undo step
// (a picker's many changes too); adding, moving and deleting layers changes no layer's look; the
// editor's ignored overlaps follow the document.
import { beforeEach, describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Layer, type Shape } from "../../core";
import { Editor } from "../../renderer/editor/editor";
import { addShape, currentScene, loadDocument } from "../../renderer/store/actions";
import { addLayer, deleteLayer, layersColoured, moveLayer, setActiveLayer, setLayerColor } from "../../renderer/store/layer-actions";
import { keepLayerLooks, LAYER_PALETTE, layerColour, layerColours, paletteColour } from "../../renderer/store/layer-colours";

let editor = new Editor();
const layers = () => editor.getState().layers;
const colours = () => layers().map((l, i) => layerColour(layers(), i));

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "t.json" });
});

describe("layer colours", () => {
  it("a layer's own colour wins; otherwise its place's in the palette, round again past its end", () => {
    const list: Layer[] = [{ id: "a", name: "A" }, { id: "b", name: "B", color: "#123456" }];
    expect(layerColour(list, 0)).toBe(LAYER_PALETTE[0]);
    expect(layerColour(list, 1)).toBe("#123456");
    expect(paletteColour(LAYER_PALETTE.length + 2)).toBe(LAYER_PALETTE[2]);
    expect(new Set(LAYER_PALETTE).size).toBe(LAYER_PALETTE.length);
    expect(layerColours([...list, { id: "a", name: "again" }]).get("a")).toBe(LAYER_PALETTE[0]);
  });

  it("setLayerColor is one undo step, written lowercase; null takes it back to the palette's; a malformed one is refused", () => {
    expect(setLayerColor(editor, "layer-1", "#AA00FF").ok).toBe(true);
    expect(layers()[0]!.color).toBe("#aa00ff");
    expect(editor.history.undoCount).toBe(1);
    expect(setLayerColor(editor, "layer-1", "#aa00ff").ok).toBe(true);
    expect(editor.history.undoCount).toBe(1); // unchanged: no step
    expect(setLayerColor(editor, "layer-1", "red")).toEqual({ ok: false, message: 'a layer colour is "#rrggbb"' });
    expect(layersColoured(layers(), "layer-1", "#aa00ff80").ok).toBe(false);
    setLayerColor(editor, "layer-1", null);
    expect(layers()[0]).toEqual({ id: "layer-1", name: "Layer 1" });
    editor.undo();
    expect(layers()[0]!.color).toBe("#aa00ff");
    editor.undo();
    expect(layers()[0]!.color).toBeUndefined();
  });

  it("a picker's changes between its first input and its close are one undo step", () => {
    editor.beginGesture();
    for (const c of ["#110000", "#220000", "#330000"]) setLayerColor(editor, "layer-1", c);
    editor.endGesture();
    expect(editor.history.undoCount).toBe(1);
    editor.undo();
    expect(layers()[0]!.color).toBeUndefined();
  });

  it("the colour is saved in the file and read back", () => {
    setLayerColor(editor, "layer-1", "#3fb950");
    const parsed = parseScene(serializeScene(currentScene(editor)));
    expect(parsed.ok && parsed.scene.layers).toEqual([{ id: "layer-1", name: "Layer 1", color: "#3fb950" }]);
  });

  it("adding, moving and deleting layers changes no layer's colour, and a new layer shows one no other shows", () => {
    const second = addLayer(editor);
    expect(colours()).toEqual([LAYER_PALETTE[0], LAYER_PALETTE[1]]);
    // Nothing needed writing down: both show their place's colour.
    expect(layers().every((l) => l.color === undefined)).toBe(true);
    setActiveLayer(editor, "layer-1");
    const middle = addLayer(editor); // between layer-1 and second: second moves up a place
    expect(layers().map((l) => l.id)).toEqual(["layer-1", middle, second]);
    const [bottom, , top] = colours();
    expect([bottom, top]).toEqual([LAYER_PALETTE[0], LAYER_PALETTE[1]]);
    expect(new Set(colours()).size).toBe(3);
    const before = new Map(layers().map((l, i) => [l.id, colours()[i]]));
    moveLayer(editor, "layer-1", 2);
    expect(layers().map((l) => l.id)).toEqual([middle, second, "layer-1"]);
    layers().forEach((l, i) => expect(colours()[i], l.id).toBe(before.get(l.id)));
    // The move is one undo step, colours and all.
    editor.undo();
    expect(layers().map((l) => l.id)).toEqual(["layer-1", middle, second]);
    moveLayer(editor, "layer-1", 2);
    const kept = new Map(layers().map((l, i) => [l.id, colours()[i]]));
    deleteLayer(editor, middle, null);
    layers().forEach((l, i) => expect(colours()[i], l.id).toBe(kept.get(l.id)));
  });

  it("keepLayerLooks returns the same list when no colour changes, and keeps a layer's own colour as it is", () => {
    const list: Layer[] = [{ id: "a", name: "A" }, { id: "b", name: "B" }];
    expect(keepLayerLooks(list, list)).toBe(list);
    const swapped = keepLayerLooks([{ id: "a", name: "A", color: "#010203" }, { id: "b", name: "B" }], [{ id: "b", name: "B" }, { id: "a", name: "A", color: "#010203" }]);
    expect(swapped).toEqual([{ id: "b", name: "B", color: LAYER_PALETTE[1] }, { id: "a", name: "A", color: "#010203" }]);
  });
});

describe("the editor's ignored overlaps", () => {
  const box = (id: string, x: number, bits: Partial<Shape>): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: 10, height: 10, ...bits }) as Shape;

  it("lists touching pairs whose masks do not meet, following each edit; none while a big open's overlaps are pending", () => {
    addShape(editor, box("a", 0, { collisionLayer: 2, collisionMask: 2 }));
    addShape(editor, box("b", 5, { collisionLayer: 4, collisionMask: 1 }));
    expect(editor.overlaps().pairs).toEqual([]);
    expect(editor.ignoredOverlaps().map((p) => [p.a, p.b, p.misses.length])).toEqual([["a", "b", 2]]);
    addShape(editor, box("c", 40, {}));
    expect(editor.ignoredOverlaps()).toHaveLength(1);
    editor.deferOverlaps(editor.getState().shapes);
    expect(editor.ignoredOverlaps()).toEqual([]);
  });
});
