// The editor's side of Tiled's fields (issue 25): a shape's class and visibility edited from the
// Inspector (one undo step each), hidden shapes neither drawn nor picked but still colliding,
// properties of every Tiled type edited and converted, and names refusing control characters.
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { documentOf } from "../../renderer/editor/state";
import { parseScene, serializeScene, type Property, type Scene, type Shape } from "../../core";
import { drawOrder, followSplitRuns, splitRuns } from "../../renderer/canvas/draw-order";
import { currentScene, loadDocument, redo, renameProbe, undo } from "../../renderer/store/actions";
import { renameLayer } from "../../renderer/store/layer-actions";
import {
  addSelectionProperty,
  checkPropertyValue,
  classSelection,
  collisionLayersNamed,
  convertProperty,
  nameSelection,
  renameSelectionProperty,
  setSelectionPropertyType,
  setSelectionPropertyValue,
  setSelectionVisible,
} from "../../renderer/store/shape-edits";
import { pickable, shapesAt, shapesInMarquee } from "../../renderer/tools/select/picking";
import { select } from "../../renderer/store/actions";

const box = (id: string, x = 0, extra: Partial<Shape> = {}): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: 20, height: 20, ...extra }) as Shape;

let editor = new Editor();
const state = () => editor.getState();
const shape = (id: string) => state().shapes.find((s) => s.id === id)!;
const load = (scene: Partial<Scene>) => loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [], probes: [], ...scene }, { name: "t.json" });

beforeEach(() => {
  editor = new Editor();
  load({ shapes: [box("a"), box("b", 100, { class: "WARP" }), box("c", 5, { visible: false })] });
});

describe("class", () => {
  it("is set on the selection in one undo step, trimmed; empty takes it away", () => {
    select(editor, ["a", "b"]);
    const steps = editor.history.undoCount;
    expect(classSelection(editor, "Trigger").ok).toBe(true);
    expect([shape("a").class, shape("b").class]).toEqual(["Trigger", "Trigger"]);
    expect(editor.history.undoCount).toBe(steps + 1);
    undo(editor);
    expect([shape("a").class, shape("b").class]).toEqual([undefined, "WARP"]);
    redo(editor);
    classSelection(editor, "");
    expect("class" in shape("a") || "class" in shape("b")).toBe(false);
    // Setting what is there already is no step.
    const now = editor.history.undoCount;
    classSelection(editor, "");
    expect(editor.history.undoCount).toBe(now);
  });

  it("is saved with the scene", () => {
    select(editor, ["a"]);
    classSelection(editor, "Door");
    const read = parseScene(serializeScene(currentScene(editor)));
    expect(read.ok && read.scene.shapes[0]!.class).toBe("Door");
  });
});

describe("hidden shapes", () => {
  it("are not drawn and not picked, by click or marquee, but still collide", () => {
    expect(drawOrder(state().shapes, state().layers).map((d) => d.shape.id)).toEqual(["a", "b"]);
    expect(pickable(shape("c"), state().layers)).toBe(false);
    expect(shapesAt(editor, { x: 5, y: 0 }).map((s) => s.id)).toEqual(["a"]);
    expect(shapesInMarquee(editor, { from: { x: -50, y: -50 }, to: { x: 50, y: 50 } }).map((s) => s.id)).toEqual(["a"]);
    // a and c overlap: the hidden one still collides, as a hidden layer's shapes do.
    expect(editor.overlaps().pairs.map((p) => [p.a, p.b].sort())).toEqual([["a", "c"]]);
  });

  it("are hidden and shown from the Inspector in one undo step; shown is written as an absent field", () => {
    select(editor, ["a", "c"]);
    const steps = editor.history.undoCount;
    setSelectionVisible(editor, false);
    expect([shape("a").visible, shape("c").visible]).toEqual([false, false]);
    expect(editor.history.undoCount).toBe(steps + 1);
    setSelectionVisible(editor, true);
    expect(["visible" in shape("a"), "visible" in shape("c")]).toEqual([false, false]);
    undo(editor);
    expect(shape("c").visible).toBe(false);
    expect(serializeScene(currentScene(editor)).match(/"visible": false/g)?.length).toBe(2);
  });

  it("a shape hidden or shown in place changes what the canvas draws (regression guard for the followed split)", () => {
    const before = splitRuns(state().shapes, state().layers, new Set());
    select(editor, ["a"]);
    setSelectionVisible(editor, false);
    const after = followSplitRuns(before, state().shapes, state().layers, new Set());
    expect(after.runs.flatMap((r) => r.rest.filter((s) => s !== null).map((s) => s!.id))).toEqual(["b"]);
  });
});

describe("properties of every Tiled type", () => {
  beforeEach(() => select(editor, ["a"]));
  const prop = (name: string) => shape("a").properties!.find((p) => p.name === name)!;

  it("new ones start at their type's default", () => {
    for (const [name, type] of [["i", "int"], ["f", "float"], ["file", "file"], ["o", "object"], ["k", "class"]] as const) expect(addSelectionProperty(editor, name, type).ok).toBe(true);
    expect(shape("a").properties).toEqual([
      { name: "i", type: "int", value: 0 },
      { name: "f", type: "float", value: 0 },
      { name: "file", type: "file", value: "" },
      { name: "o", type: "object", value: 0 },
      { name: "k", type: "class", value: {} },
    ]);
    expect(parseScene(serializeScene(currentScene(editor))).ok).toBe(true);
  });

  it("an int or an object id takes whole numbers only, an object id none below 0; a float any finite number", () => {
    addSelectionProperty(editor, "i", "int");
    addSelectionProperty(editor, "o", "object");
    addSelectionProperty(editor, "f", "float");
    expect(setSelectionPropertyValue(editor, "i", 2.5)).toEqual({ ok: false, message: "must be a whole number" });
    expect(setSelectionPropertyValue(editor, "i", 2 ** 31)).toMatchObject({ ok: false });
    expect(setSelectionPropertyValue(editor, "i", -7).ok).toBe(true);
    expect(setSelectionPropertyValue(editor, "o", -1)).toMatchObject({ ok: false, message: "must be an object id from 0 (none) to 2147483647" });
    expect(setSelectionPropertyValue(editor, "o", 12).ok).toBe(true);
    expect(setSelectionPropertyValue(editor, "f", 7).ok).toBe(true);
    expect([prop("i").value, prop("o").value, prop("f")]).toEqual([-7, 12, { name: "f", type: "float", value: 7 }]);
  });

  it("a class takes an object of members, and keeps its custom type through edits and type changes", () => {
    load({ shapes: [box("a", 0, { properties: [{ name: "lock", type: "class", propertytype: "Lock", value: { key: "red" } }] })] });
    select(editor, ["a"]);
    expect(setSelectionPropertyValue(editor, "lock", { key: "blue", code: 3 }).ok).toBe(true);
    expect(prop("lock")).toEqual({ name: "lock", type: "class", propertytype: "Lock", value: { key: "blue", code: 3 } });
    expect(checkPropertyValue("class", "text")).toMatchObject({ ok: false });
    setSelectionPropertyType(editor, "lock", "string");
    expect(prop("lock")).toEqual({ name: "lock", type: "string", propertytype: "Lock", value: '{"key":"blue","code":3}' });
    setSelectionPropertyType(editor, "lock", "class");
    expect(prop("lock").value).toEqual({ key: "blue", code: 3 });
  });

  it("converting between types carries the value over where it can", () => {
    const p = (type: Property["type"], value: unknown): Property => ({ name: "p", type, value }) as Property;
    expect(convertProperty(p("float", 2.7), "int").value).toBe(2);
    expect(convertProperty(p("string", "42"), "object").value).toBe(42);
    expect(convertProperty(p("int", -3), "object").value).toBe(0);
    expect(convertProperty(p("file", "a.png"), "string")).toEqual(p("string", "a.png"));
    expect(convertProperty(p("boolean", true), "float").value).toBe(1);
    expect(convertProperty(p("string", "9e99"), "int").value).toBe(2147483647);
  });
});

describe("names refuse control characters", () => {
  it("a shape's name, a property's name and a layer's name are refused with the character; the document is untouched", () => {
    select(editor, ["a"]);
    addSelectionProperty(editor, "ok", "string");
    const before = documentOf(state());
    expect(nameSelection(editor, "a\u0000b")).toEqual({ ok: false, message: "must not hold control characters (U+0000 to U+001F, U+007F): U+0000 at character 2" });
    expect(addSelectionProperty(editor, "tab\there", "string")).toMatchObject({ ok: false });
    expect(renameSelectionProperty(editor, "ok", "x\u007f")).toMatchObject({ ok: false });
    expect(renameLayer(editor, "layer-1", "L\u0001")).toMatchObject({ ok: false });
    expect(documentOf(state())).toEqual(before);
  });

  it("names typed as they go (a probe's, a collision bit's) leave them out", () => {
    load({ probes: [{ id: "r", name: "", type: "ray", from: [0, 0], to: [1, 1] }] });
    renameProbe(editor, "r", "door\u0000 ray");
    expect(state().probes[0]!.name).toBe("door ray");
    expect(collisionLayersNamed([], 2, "pla\tyer")).toEqual([{ bit: 2, name: "player" }]);
    expect(parseScene(serializeScene(currentScene(editor))).ok).toBe(true);
  });
});
