// The sidebar's store edits without a UI: layers, inspector fields, collision bits, properties, and
// that what they write survives serializeScene → parseScene.
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { documentOf } from "../../renderer/editor/state";
import { emptyScene, parseScene, serializeScene, validateSceneData, type Shape } from "../../core";
import { findOverlaps } from "../core/scan-reference";
import { drawOrder } from "../../renderer/canvas/draw-order";
import { scaleScene } from "../bench/editor-scenes";
import { addShape, currentScene, loadDocument, redo, select, undo } from "../../renderer/store/actions";
import { activeLayerOf, addLayer, deleteLayer, moveLayer, moveSelectionToLayer, renameLayer, setActiveLayer, setLayerFlag } from "../../renderer/store/layer-actions";
import {
  addSelectionProperty,
  parseNumber,
  bitState,
  convertProperty,
  deleteSelectionProperty,
  nameCollisionLayer,
  nameSelection,
  renameSelectionProperty,
  setShapePoint,
  setSelectionBit,
  setSelectionField,
  setSelectionPropertyType,
  setSelectionPropertyValue,
  sharedFields,
  sharedNumber,
} from "../../renderer/store/shape-edits";

let editor = new Editor();

const circle = (id: string, x = 0): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 10 });
const box = (id: string, x = 0): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: 20, height: 10 });
const capsule = (id: string): Shape => ({ id, type: "capsule", x: 0, y: 0, rotation: 0, radius: 5, height: 30 });
const square = (id: string): Shape => ({ id, type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [10, 0], [10, 10], [0, 10]] });
const state = () => editor.getState();
const shape = (id: string) => state().shapes.find((s) => s.id === id)!;
const steps = () => editor.history.undoCount;
const layerIds = () => state().layers.map((l) => l.id);
/** Makes `shapes` the document's (no undo step) unless they are already. */
const showing = (shapes: readonly Shape[]) => {
  if (editor.getState().shapes !== shapes) editor.update({ shapes }, { record: false });
};
const overlapsOf = (shapes: readonly Shape[]) => {
  showing(shapes);
  return editor.overlaps();
};
const shapesWithIds = (shapes: readonly Shape[], ids: readonly string[]) => {
  showing(shapes);
  return editor.shapesWithIds(ids);
};

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "t.json" });
});

describe("layers", () => {
  it("adds a layer above the active one, makes it active, and new shapes go to it", () => {
    const id = addLayer(editor);
    expect(layerIds()).toEqual(["layer-1", id]);
    expect(state().activeLayer).toBe(id);
    addShape(editor, circle("a"));
    expect(shape("a").layer).toBe(id);
    setActiveLayer(editor, "layer-1");
    const third = addLayer(editor);
    expect(layerIds()).toEqual(["layer-1", third, id]); // above layer-1, below the other
  });

  it("renames inline, refusing an empty name", () => {
    expect(renameLayer(editor, "layer-1", "  Walls ").ok).toBe(true);
    expect(state().layers[0]!.name).toBe("Walls");
    const before = documentOf(state());
    expect(renameLayer(editor, "layer-1", "  ")).toEqual({ ok: false, message: "a layer needs a name" });
    expect(documentOf(state())).toEqual(before);
  });

  it("reorders, clamping at the ends, and draws lower layers first", () => {
    addShape(editor, circle("a")); // layer-1
    const top = addLayer(editor);
    addShape(editor, circle("b")); // top
    setActiveLayer(editor, "layer-1");
    addShape(editor, circle("c")); // layer-1, after b in the array
    expect(drawOrder(state().shapes, state().layers).map((d) => d.shape.id)).toEqual(["a", "c", "b"]);
    moveLayer(editor, top, -1);
    expect(layerIds()).toEqual([top, "layer-1"]);
    expect(drawOrder(state().shapes, state().layers).map((d) => d.shape.id)).toEqual(["b", "a", "c"]);
    const n = steps();
    moveLayer(editor, top, -1); // already at the bottom
    expect(steps()).toBe(n);
    undo(editor);
    expect(layerIds()).toEqual(["layer-1", top]);
  });

  it("hides and locks: hidden shapes are not drawn, locked ones drawn but not pickable, both leave the selection", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b"));
    select(editor, ["a", "b"]);
    const other = addLayer(editor);
    moveSelectionToLayer(editor, other);
    expect(editor.layerCounts.of(state().shapes)).toEqual(new Map([[other, 2]]));
    select(editor, ["a"]);
    setLayerFlag(editor, other, "visible", false);
    expect(state().layers[1]).toEqual({ id: other, name: "Layer 2", visible: false });
    expect(state().selection).toEqual([]);
    expect(drawOrder(state().shapes, state().layers)).toEqual([]);
    setLayerFlag(editor, other, "visible", true);
    expect(state().layers[1]).toEqual({ id: other, name: "Layer 2" }); // the default is written as absent
    select(editor, ["b"]);
    setLayerFlag(editor, other, "locked", true);
    expect(state().selection).toEqual([]);
    expect(drawOrder(state().shapes, state().layers).map((d) => d.locked)).toEqual([true, true]);
    undo(editor);
    expect(state().layers[1]!.locked).toBeUndefined();
  });

  it("deletes a layer moving its shapes, or with them, and never the last layer", () => {
    addShape(editor, circle("a"));
    const second = addLayer(editor);
    addShape(editor, circle("b"));
    expect(deleteLayer(editor, second, "layer-1").ok).toBe(true);
    expect(layerIds()).toEqual(["layer-1"]);
    expect(shape("b").layer).toBe("layer-1");
    expect(state().activeLayer).toBe("layer-1");
    const before = documentOf(state());
    expect(deleteLayer(editor, "layer-1", null)).toEqual({ ok: false, message: "a scene keeps at least one layer" });
    expect(documentOf(state())).toEqual(before);
    undo(editor);
    expect(layerIds()).toEqual(["layer-1", second]);
    expect(shape("b").layer).toBe(second);
    select(editor, ["b"]);
    expect(deleteLayer(editor, second, null).ok).toBe(true);
    expect(state().shapes.map((s) => s.id)).toEqual(["a"]);
    expect(state().selection).toEqual([]);
  });

  it("puts new shapes on the top layer when an undo took the active layer away", () => {
    const id = addLayer(editor);
    undo(editor);
    expect(layerIds()).toEqual(["layer-1"]);
    expect(state().activeLayer).toBe(id); // not undoable: it dangles
    expect(activeLayerOf(state())).toBe("layer-1");
    addShape(editor, circle("a"));
    expect(shape("a").layer).toBe("layer-1");
  });
});

describe("inspector edits", () => {
  it("sets a field on one shape as one undo step", () => {
    addShape(editor, box("a"));
    const n = steps();
    expect(setSelectionField(editor, "width", 42).ok).toBe(true);
    expect(shape("a")).toMatchObject({ width: 42, height: 10 });
    expect(steps()).toBe(n + 1);
    undo(editor);
    expect(shape("a")).toMatchObject({ width: 20 });
    redo(editor);
    expect(shape("a")).toMatchObject({ width: 42 });
  });

  it("shows shared fields and mixed values of a multi-selection, and sets all of them at once", () => {
    addShape(editor, box("a", 0));
    addShape(editor, box("b", 50));
    addShape(editor, circle("c", 0));
    select(editor, ["a", "b"]);
    const picked = () => state().shapes.filter((s) => state().selection.includes(s.id));
    expect(sharedFields(picked())).toEqual(["x", "y", "rotation", "width", "height"]);
    expect(sharedNumber(picked(), "x")).toBe("mixed");
    expect(sharedNumber(picked(), "width")).toBe(20);
    select(editor, ["a", "c"]);
    expect(sharedFields(picked())).toEqual(["x", "y"]); // circles have no rotation
    const n = steps();
    expect(setSelectionField(editor, "x", 7).ok).toBe(true);
    expect([shape("a").x, shape("b").x, shape("c").x]).toEqual([7, 50, 7]);
    expect(steps()).toBe(n + 1);
    expect(sharedNumber(picked(), "x")).toBe(7);
  });

  it("a typed rotation is kept in (−180, 180]: 270 is −90, −180 is 180, 720 is 0", () => {
    addShape(editor, box("a"));
    for (const [typed, kept] of [[270, -90], [-180, 180], [720, 0], [190.5, -169.5], [-45, -45], [180, 180]] as const) {
      expect(setSelectionField(editor, "rotation", typed).ok).toBe(true);
      expect(shape("a").rotation, String(typed)).toBe(kept);
    }
  });

  it("refuses invalid values and leaves the document and the history untouched", () => {
    addShape(editor, box("a"));
    addShape(editor, capsule("k"));
    addShape(editor, circle("c"));
    const before = documentOf(state());
    const n = steps();
    select(editor, ["a"]);
    expect(setSelectionField(editor, "x", NaN).ok).toBe(false);
    expect(setSelectionField(editor, "x", 2e15)).toEqual({ ok: false, message: "must be between -1e15 and 1e15" });
    expect(setSelectionField(editor, "rotation", 1e99)).toEqual({ ok: false, message: "must be between -1e15 and 1e15 degrees" });
    expect(setSelectionField(editor, "width", 0)).toEqual({ ok: false, message: "must be greater than 0" });
    expect(setSelectionField(editor, "width", -5).ok).toBe(false);
    expect(setSelectionField(editor, "radius", 5)).toEqual({ ok: false, message: "a box has no radius" });
    select(editor, ["k"]);
    expect(setSelectionField(editor, "height", 9).ok).toBe(false); // below 2 × radius
    expect(setSelectionField(editor, "radius", 16).ok).toBe(false);
    select(editor, ["k", "c"]);
    expect(setSelectionField(editor, "radius", 20).ok).toBe(false); // fine for the circle, not the capsule: neither changes
    expect(documentOf(state())).toEqual(before);
    expect(steps()).toBe(n);
    expect(setSelectionField(editor, "radius", 15).ok).toBe(true);
    expect([shape("k"), shape("c")]).toMatchObject([{ radius: 15 }, { radius: 15 }]);
  });

  it("moves polygon points while the outline stays simple (concave allowed), with core's message", () => {
    addShape(editor, square("p"));
    const before = documentOf(state());
    const r = setShapePoint(editor, "p", 2, [-5, 1]); // edge 1 crosses edge 3
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^edges 1 and 3 cross/);
    expect(setShapePoint(editor, "p", 2, [10, 0]).ok).toBe(false); // repeats point 1
    expect(documentOf(state())).toEqual(before);
    expect(setShapePoint(editor, "p", 2, [12, 12]).ok).toBe(true);
    expect(shape("p").type === "polygon" && shape("p")).toMatchObject({ points: [[0, 0], [10, 0], [12, 12], [0, 10]] });
    expect(setShapePoint(editor, "p", 2, [5, 1]).ok).toBe(true); // a dent: concave, one undo step
    expect(shape("p").type === "polygon" && shape("p")).toMatchObject({ points: [[0, 0], [10, 0], [5, 1], [0, 10]] });
  });

  it("names shapes and moves them to a layer", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b"));
    select(editor, ["a", "b"]);
    nameSelection(editor, "rock");
    expect([shape("a").name, shape("b").name]).toEqual(["rock", "rock"]);
    nameSelection(editor, "");
    expect("name" in shape("a")).toBe(false);
  });
});

describe("collision bits", () => {
  it("sets and clears layer and mask bits on several shapes, with mixed states", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b"));
    select(editor, ["a"]);
    setSelectionBit(editor, "collisionLayer", 3, true);
    expect(shape("a").collisionLayer).toBe(0b101);
    select(editor, ["a", "b"]);
    const picked = () => [shape("a"), shape("b")];
    expect(bitState(picked(), "collisionLayer", 3)).toBe("mixed");
    expect(bitState(picked(), "collisionLayer", 1)).toBe("on");
    const n = steps();
    setSelectionBit(editor, "collisionLayer", 3, true);
    expect(steps()).toBe(n + 1);
    expect(bitState(picked(), "collisionLayer", 3)).toBe("on");
    setSelectionBit(editor, "collisionMask", 1, false);
    setSelectionBit(editor, "collisionMask", 32, true);
    expect([shape("a").collisionMask, shape("b").collisionMask]).toEqual([2 ** 31, 2 ** 31]);
    setSelectionBit(editor, "collisionLayer", 1, false);
    expect(shape("b").collisionLayer).toBe(0b100);
  });

  it("names category bits, kept sorted; an empty name removes one", () => {
    nameCollisionLayer(editor, 3, "enemies");
    nameCollisionLayer(editor, 1, " world ");
    expect(state().collisionLayers).toEqual([{ bit: 1, name: "world" }, { bit: 3, name: "enemies" }]);
    nameCollisionLayer(editor, 3, "");
    expect(state().collisionLayers).toEqual([{ bit: 1, name: "world" }]);
  });
});

describe("custom properties", () => {
  it("adds, renames, changes type with conversion, sets values and deletes, on several shapes", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b"));
    select(editor, ["a", "b"]);
    expect(addSelectionProperty(editor, "hp", "string").ok).toBe(true);
    expect(setSelectionPropertyValue(editor, "hp", "12").ok).toBe(true);
    expect(shape("b").properties).toEqual([{ name: "hp", type: "string", value: "12" }]);
    expect(renameSelectionProperty(editor, "hp", "health").ok).toBe(true);
    setSelectionPropertyType(editor, "health", "number");
    expect(shape("a").properties).toEqual([{ name: "health", type: "number", value: 12 }]);
    setSelectionPropertyType(editor, "health", "boolean");
    expect(shape("a").properties).toEqual([{ name: "health", type: "boolean", value: true }]);
    setSelectionPropertyType(editor, "health", "color");
    expect(shape("a").properties).toEqual([{ name: "health", type: "color", value: "#000000" }]);
    expect(setSelectionPropertyValue(editor, "health", "#ff8800cc").ok).toBe(true);
    expect(setSelectionPropertyValue(editor, "health", "red").ok).toBe(false);
    expect(shape("b").properties).toEqual([{ name: "health", type: "color", value: "#ff8800cc" }]);
    deleteSelectionProperty(editor, "health");
    expect("properties" in shape("a")).toBe(false);
  });

  it("converts values sensibly between types", () => {
    expect(convertProperty({ name: "n", type: "string", value: "abc" }, "number")).toEqual({ name: "n", type: "number", value: 0 });
    expect(convertProperty({ name: "n", type: "number", value: 0 }, "boolean")).toEqual({ name: "n", type: "boolean", value: false });
    expect(convertProperty({ name: "n", type: "boolean", value: true }, "string")).toEqual({ name: "n", type: "string", value: "true" });
    expect(convertProperty({ name: "n", type: "string", value: "#A0B0C0" }, "color")).toEqual({ name: "n", type: "color", value: "#a0b0c0" });
  });

  it("refuses duplicate and empty names and leaves the document untouched", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b"));
    select(editor, ["a"]);
    addSelectionProperty(editor, "speed", "number");
    addSelectionProperty(editor, "kind", "string");
    const before = documentOf(state());
    expect(addSelectionProperty(editor, "speed", "string")).toEqual({ ok: false, message: 'a property named "speed" already exists' });
    expect(renameSelectionProperty(editor, "kind", "speed")).toEqual({ ok: false, message: 'a property named "speed" already exists' });
    expect(addSelectionProperty(editor, " ", "string").ok).toBe(false);
    select(editor, ["a", "b"]); // b lacks "speed", but a has it: still a duplicate on a
    expect(addSelectionProperty(editor, "speed", "number").ok).toBe(false);
    expect(documentOf(state())).toEqual(before);
  });
});

describe("saving", () => {
  it("writes everything the panels edit, and it parses back the same", () => {
    addShape(editor, box("a"));
    const second = addLayer(editor);
    addShape(editor, square("p"));
    setLayerFlag(editor, "layer-1", "locked", true);
    setLayerFlag(editor, second, "visible", false);
    renameLayer(editor, second, "Props");
    nameCollisionLayer(editor, 2, "player");
    select(editor, ["p"]);
    nameSelection(editor, "crate");
    setSelectionBit(editor, "collisionLayer", 2, true);
    setSelectionBit(editor, "collisionMask", 5, true);
    addSelectionProperty(editor, "tint", "color");
    setSelectionPropertyValue(editor, "tint", "#11223344");
    addSelectionProperty(editor, "heavy", "boolean");
    setSelectionPropertyValue(editor, "heavy", true);
    setShapePoint(editor, "p", 2, [11, 11]);
    const written = documentOf(state());
    const parsed = parseScene(serializeScene(currentScene(editor)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.scene.layers).toEqual([{ id: "layer-1", name: "Layer 1", locked: true }, { id: second, name: "Props", visible: false }]);
    expect(parsed.scene.collisionLayers).toEqual([{ bit: 2, name: "player" }]);
    // The file leaves defaults out (shapes on the first layer name none); loaded back, all is the same.
    loadDocument(editor, parsed.scene, { name: "t.json" });
    expect(documentOf(state())).toEqual(written);
    expect(parsed.scene.shapes[1]).toMatchObject({ name: "crate", layer: second, collisionLayer: 3, collisionMask: 17, properties: [{ name: "tint", type: "color", value: "#11223344" }, { name: "heavy", type: "boolean", value: true }] });
  });
});

describe("shapesWithIds (the panels' selection lookup through the world's id index)", () => {
  it("gives the shapes in scene order, once each, skipping unknown ids, and follows the shapes array", () => {
    const mk = (id: string, x: number): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 1 });
    const shapes = [mk("a", 0), mk("b", 10), mk("c", 20), mk("d", 30)];
    expect(shapesWithIds(shapes, ["d", "nope", "b", "d"]).map((s) => s.id)).toEqual(["b", "d"]);
    expect(shapesWithIds(shapes, [])).toEqual([]);
    const moved = shapes.map((s) => (s.id === "b" ? { ...s, x: 99 } : s));
    expect(shapesWithIds(moved, ["b"])[0]).toBe(moved[1]);
    expect(shapesWithIds([moved[3]!, moved[0]!], ["a", "d", "b"]).map((s) => s.id)).toEqual(["d", "a"]);
  });
});

describe("overlapsOf (the document's overlapping pairs and ids)", () => {
  it("keeps the same ids set while a move changes no shape's overlapping, and a new one when it does", () => {
    const mk = (id: string, x: number): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 1 });
    const shapes = [mk("a", 0), mk("b", 1.5), mk("c", 10)];
    const first = overlapsOf(shapes);
    expect([...first.ids].sort()).toEqual(["a", "b"]);
    // b moves but still overlaps a: new pairs (another depth), the same ids object.
    const nudged = shapes.map((s) => (s.id === "b" ? { ...s, x: 1.2 } : s));
    const second = overlapsOf(nudged);
    expect(second.pairs).not.toBe(first.pairs);
    expect(second.pairs[0]!.depth).toBeGreaterThan(first.pairs[0]!.depth);
    expect(second.ids).toBe(first.ids);
    // b reaches c instead: a new set.
    const third = overlapsOf(nudged.map((s) => (s.id === "b" ? { ...s, x: 9 } : s)));
    expect(third.ids).not.toBe(first.ids);
    expect([...third.ids].sort()).toEqual(["b", "c"]);
  });

  it("deferred (a big open): none and pending until settled, then the document's; an edit meanwhile finds its own", async () => {
    const mk = (id: string, x: number): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 1 });
    const shapes = [mk("p", 0), mk("q", 1.5), mk("r", 10)];
    loadDocument(editor, { ...emptyScene(), shapes }, { name: "big.json" });
    editor.deferOverlaps(editor.getState().shapes);
    const waiting = overlapsOf(editor.getState().shapes);
    expect(waiting.pending).toBe(true);
    expect(waiting.pairs).toEqual([]);
    expect(waiting.ids.size).toBe(0);
    await editor.settleOverlaps(async () => {});
    const found = overlapsOf(editor.getState().shapes);
    expect(found.pending).toBe(false);
    expect(found.pairs).toEqual(findOverlaps(editor.getState().shapes));
    expect([...found.ids].sort()).toEqual(["p", "q"]);
    // Deferred again, then edited before the settle: the edit's shapes are not pending.
    editor.deferOverlaps(editor.getState().shapes);
    const moved = editor.getState().shapes.map((s) => (s.id === "r" ? { ...s, x: 2 } : s));
    const edited = overlapsOf(moved);
    expect(edited.pending).toBe(false);
    expect(edited.pairs).toEqual(findOverlaps(moved));
    await editor.settleOverlaps(async () => {});
    expect(overlapsOf(editor.getState().shapes).pending).toBe(false);
  });

  it("settles a big scene's overlaps in steps, pending until the last, and stops when the shapes change", async () => {
    const scene = scaleScene(10_000, 3);
    loadDocument(editor, scene, { name: "big.json" });
    const shapes = editor.getState().shapes;
    editor.deferOverlaps(shapes);
    let pauses = 0;
    await editor.settleOverlaps(async () => {
      pauses++;
      expect(overlapsOf(shapes).pending).toBe(true);
    });
    expect(pauses).toBeGreaterThan(1);
    expect(overlapsOf(shapes).pairs).toEqual(findOverlaps(shapes));
    // Another scene, edited at the first pause: the steps stop, and the edited shapes' overlaps are the document's.
    loadDocument(editor, scaleScene(10_000, 4), { name: "big.json" });
    editor.deferOverlaps(editor.getState().shapes);
    pauses = 0;
    await editor.settleOverlaps(async () => {
      if (pauses++ === 0) addShape(editor, { id: "late", type: "circle", x: 0, y: 0, rotation: 0, radius: 5 });
    });
    expect(pauses).toBe(1);
    const now = editor.getState().shapes;
    expect(now.length).toBe(10_001);
    expect(overlapsOf(now).pending).toBe(false);
    expect(overlapsOf(now).pairs).toEqual(findOverlaps(now));
  });
});

describe("overlapsOf a selection (the Contacts panel's and overlay's pairs, through the index by shape)", () => {
  it("gives the pairs a plain filter gives, in the same order, for any selection", () => {
    const scene = scaleScene(2_000, 9);
    loadDocument(editor, scene, { name: "s.json" });
    const { pairs } = editor.overlaps();
    expect(pairs.length).toBeGreaterThan(50);
    const ids = scene.shapes.map((s) => s.id);
    for (let k = 0; k < 40; k++) {
      const picked = new Set(ids.filter((_, i) => (i * 7919 + k * 104729) % 97 < 1 + (k % 5)));
      picked.add("probe-not-a-shape");
      expect(editor.overlapsOf(picked)).toEqual(pairs.filter((p) => picked.has(p.a) || picked.has(p.b)));
    }
    expect(editor.overlapsOf(new Set())).toEqual([]);
  });
});

describe("one rule, one message: the Inspector refuses a number in the file format's words", () => {
  it("gives, for sizes and coordinates, the message a file with that value gets", () => {
    const message = (field: "radius" | "x", v: number) => {
      const r = validateSceneData({ format: "collider-studio-scene", version: 1, shapes: [{ id: "c", type: "circle", x: 0, y: 0, radius: 1, [field]: v }] });
      return r.ok ? null : r.problems[0]!.message;
    };
    for (const v of [-5, 0, -0, 1e-12, 5e-10, 1e-9, 1, 1e15, 2e15, -2e15]) {
      const typed = parseNumber(String(v), "size");
      expect(typed.ok ? null : typed.message, `size ${v}`).toBe(message("radius", v));
      const at = parseNumber(String(v), "coordinate");
      expect(at.ok ? null : at.message, `coordinate ${v}`).toBe(message("x", v));
    }
  });

  it("says an angle's limits in degrees (a rotation of 1e99 typed in the Inspector)", () => {
    expect(parseNumber("1e99", "angle")).toEqual({ ok: false, message: "must be between -1e15 and 1e15 degrees" });
    expect(parseNumber("-2e15", "angle")).toEqual({ ok: false, message: "must be between -1e15 and 1e15 degrees" });
    expect(parseNumber("1e15", "angle")).toEqual({ ok: true, value: 1e15 });
    expect(parseNumber("1e99")).toEqual({ ok: false, message: "must be between -1e15 and 1e15" });
  });
});
