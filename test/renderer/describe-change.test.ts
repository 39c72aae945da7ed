// Undo steps are named from what changed between two documents (describe-change.ts): a designer
// reads "Undo Move 2 shapes" in the Edit menu and "Undid: Change width of box-1" in the status line,
// where every step used to read just "Undo" and a step on an unselected shape went unseen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layer, Probe, SceneImage, Shape } from "../../core";
import { describeChange } from "../../renderer/editor/describe-change";
import { Editor } from "../../renderer/editor/editor";
import { diffDocument } from "../../renderer/editor/history";
import { EMPTY_DOCUMENT, type DocumentSlice } from "../../renderer/editor/state";
import { addLayer, deleteLayer, moveLayer, renameLayer, setLayerColor, setLayerFlag } from "../../renderer/store/layer-actions";
import { addItems, addShape, deleteSelection, moveItemsFrom, select } from "../../renderer/store/actions";
import { addSelectionProperty, nameCollisionLayer, nameSelection, renameSelectionProperty, setSelectionField, setSelectionFlag, setSelectionPropertyType, setSelectionPropertyValue } from "../../renderer/store/shape-edits";
import { turnSelection } from "../../renderer/store/turn-selection";
import { duplicate, cut } from "../../renderer/actions/edit-actions";

const box = (id: string, extra: Partial<Shape> = {}): Shape => ({ id, type: "box", x: 0, y: 0, rotation: 0, width: 10, height: 10, layer: "layer-1", ...extra }) as Shape;
const circle = (id: string, extra: Partial<Shape> = {}): Shape => ({ id, type: "circle", x: 0, y: 0, rotation: 0, radius: 5, layer: "layer-1", ...extra }) as Shape;
const ray = (id: string, name = ""): Probe => ({ id, type: "ray", name, from: [0, 0], to: [10, 0] });

const doc = (part: Partial<DocumentSlice>): DocumentSlice => ({ ...EMPTY_DOCUMENT, ...part });
const named = (before: DocumentSlice, after: DocumentSlice): string => describeChange(after, diffDocument(before, after)!);

/** The name the editor gave its last step. */
const last = (editor: Editor): string | null => editor.history.undoLabel;

function editorWith(shapes: readonly Shape[]): Editor {
  const editor = new Editor();
  editor.update({ shapes }, { record: false });
  return editor;
}

describe("describeChange names a step by what it changed", () => {
  const a = box("box-1"), b = box("box-2", { name: "crate" }), c = circle("coin", { name: "coin" });
  const base = doc({ shapes: [a, b, c] });

  it("adds and deletes, by kind and count", () => {
    expect(named(doc({}), doc({ shapes: [a] }))).toBe("Add box");
    expect(named(doc({}), doc({ shapes: [a, b] }))).toBe("Add 2 boxes");
    expect(named(doc({}), doc({ shapes: [a, c] }))).toBe("Add 2 shapes");
    expect(named(base, doc({ shapes: [a, c] }))).toBe("Delete crate");
    expect(named(base, doc({ shapes: [c] }))).toBe("Delete 2 boxes");
    expect(named(base, doc({ shapes: [] }))).toBe("Delete 3 shapes");
    expect(named(base, doc({ shapes: [a, b, c], probes: [ray("ray-1")] }))).toBe("Add ray");
    expect(named(doc({ shapes: [a], probes: [ray("ray-1")] }), doc({}))).toBe("Delete 2 items");
    expect(named(base, doc({ shapes: [circle("new")] }))).toBe("Replace 3 items with 1 item");
  });

  it("changes of existing shapes, field by field", () => {
    const moved = (s: Shape) => ({ ...s, x: s.x + 1 });
    expect(named(base, doc({ shapes: [moved(a), b, c] }))).toBe("Move box-1");
    expect(named(base, doc({ shapes: [moved(a), moved(b), c] }))).toBe("Move 2 boxes");
    expect(named(base, doc({ shapes: [{ ...a, width: 20 } as Shape, b, c] }))).toBe("Change width of box-1");
    expect(named(base, doc({ shapes: [a, b, { ...c, radius: 9 } as Shape] }))).toBe("Change radius of coin");
    expect(named(base, doc({ shapes: [{ ...a, width: 20, x: 5 } as Shape, b, c] }))).toBe("Resize box-1");
    expect(named(base, doc({ shapes: [{ ...a, rotation: 30 }, b, c] }))).toBe("Rotate box-1");
    expect(named(base, doc({ shapes: [a, { ...b, name: "barrel" }, c] }))).toBe("Rename crate to barrel");
    expect(named(base, doc({ shapes: [a, b, { ...c, sensor: true }] }))).toBe("Make coin a sensor");
    expect(named(base, doc({ shapes: [{ ...a, visible: false }, b, c] }))).toBe("Hide box-1");
    expect(named(doc({ shapes: [{ ...a, visible: false }] }), doc({ shapes: [a] }))).toBe("Show box-1");
    expect(named(base, doc({ shapes: [a, { ...b, class: "Door" }, c] }))).toBe("Change class of crate");
    expect(named(base, doc({ shapes: [a, { ...b, collisionMask: 3 }, c] }))).toBe("Change collision mask of crate");
    expect(named(base, doc({ shapes: [{ ...a, name: "x", width: 3 } as Shape, b, c] }))).toBe("Edit box-1");
  });

  it("custom properties: added, renamed, retyped, revalued, deleted", () => {
    const speed = { name: "speed", type: "number", value: 1 } as const;
    const withSpeed = doc({ shapes: [a, b, { ...c, properties: [speed] }] });
    expect(named(base, withSpeed)).toBe("Add property speed of coin");
    expect(named(withSpeed, doc({ shapes: [a, b, { ...c, properties: [{ ...speed, value: 2 }] }] }))).toBe("Change property speed of coin");
    expect(named(withSpeed, doc({ shapes: [a, b, { ...c, properties: [{ name: "speed", type: "string", value: "1" }] }] }))).toBe("Change property speed of coin");
    expect(named(withSpeed, doc({ shapes: [a, b, { ...c, properties: [{ ...speed, name: "pace" }] }] }))).toBe("Rename property speed of coin");
    expect(named(withSpeed, doc({ shapes: [a, b, { ...c, properties: [] }] }))).toBe("Delete property speed of coin");
  });

  it("shapes moved to another layer name the layer", () => {
    const layers: Layer[] = [{ id: "layer-1", name: "Walls" }, { id: "layer-2", name: "Pickups" }];
    expect(named(doc({ shapes: [a, b], layers }), doc({ shapes: [a, { ...b, layer: "layer-2" }], layers }))).toBe("Move crate to layer Pickups");
  });

  it("probes, layers, images and collision layer names", () => {
    const r = ray("ray-1", "door sight");
    expect(named(doc({ probes: [r] }), doc({ probes: [{ ...r, to: [5, 5] }] }))).toBe("Move door sight");
    expect(named(doc({ probes: [r] }), doc({ probes: [{ ...r, name: "" }] }))).toBe("Rename door sight");
    expect(named(doc({ probes: [r] }), doc({ probes: [{ ...r, mask: 2 }] }))).toBe("Change mask of door sight");
    const walls: Layer = { id: "layer-1", name: "Walls" }, more: Layer = { id: "layer-2", name: "Layer 2" };
    expect(named(doc({ layers: [walls] }), doc({ layers: [walls, more] }))).toBe("Add layer");
    expect(named(doc({ layers: [walls, more], shapes: [a] }), doc({ layers: [more], shapes: [] }))).toBe("Delete layer Walls");
    expect(named(doc({ layers: [walls] }), doc({ layers: [{ ...walls, locked: true }] }))).toBe("Lock layer Walls");
    expect(named(doc({ layers: [walls] }), doc({ layers: [{ ...walls, visible: false }] }))).toBe("Hide layer Walls");
    expect(named(doc({ layers: [walls] }), doc({ layers: [{ ...walls, color: "#ff0000" }] }))).toBe("Change colour of layer Walls");
    expect(named(doc({ layers: [walls, more] }), doc({ layers: [more, walls] }))).toBe("Reorder layers");
    const art: SceneImage = { id: "art", src: "art.png", x: 0, y: 0 };
    expect(named(doc({}), doc({ images: [art] }))).toBe("Add image art");
    expect(named(doc({ images: [art] }), doc({ images: [{ ...art, x: 4 }] }))).toBe("Move image art");
    expect(named(doc({ images: [art] }), doc({ images: [{ ...art, opacity: 0.5 }] }))).toBe("Change opacity of image art");
    expect(named(doc({ images: [art] }), doc({ images: [{ ...art, id: "backdrop" }] }))).toBe("Rename image art");
    expect(named(doc({}), doc({ collisionLayers: [{ bit: 3, name: "player" }] }))).toBe("Name collision layer 3");
    expect(named(doc({ collisionLayers: [{ bit: 3, name: "player" }] }), doc({ collisionLayers: [{ bit: 3, name: "hero" }] }))).toBe("Rename collision layer 3");
    expect(named(doc({ gridSize: 25 }), doc({ gridSize: 16 }))).toBe("Set grid cell to 16");
    expect(named(doc({}), doc({ exportOptions: { box2d: { pixelsPerMeter: 64 } } }))).toBe("Change Box2D JSON export options");
    expect(named(doc({ exportOptions: { tiled: { capsules: "polygon" } } }), doc({ exportOptions: { box2d: { filterBits: 32 } } }))).toBe("Change export options");
  });

  it("any random edit of N shapes of one kind names the count and the kind (one shape: its name)", () => {
    const kinds = ["box", "circle"] as const;
    const ops = ["add", "delete", "move", "width-or-radius", "sensor"] as const;
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.constantFrom(...ops), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 20 }), (kind, op, n, others) => {
        const make = kind === "box" ? box : circle;
        const keep = Array.from({ length: others }, (_, i) => circle(`other-${i}`));
        const picked = Array.from({ length: n }, (_, i) => make(`${kind}-${i + 1}`));
        const noun = n === 1 ? (op === "add" ? kind : `${kind}-1`) : `${n} ${kind === "box" ? "boxes" : "circles"}`;
        const change = (s: Shape): Shape =>
          op === "move" ? { ...s, y: s.y - 1 } : op === "sensor" ? { ...s, sensor: true } : s.type === "box" ? { ...s, width: 3 } : ({ ...s, radius: 3 } as Shape);
        const before = doc({ shapes: op === "add" ? keep : [...keep, ...picked] });
        const after = doc({ shapes: op === "add" ? [...keep, ...picked] : op === "delete" ? keep : [...keep, ...picked.map(change)] });
        const verb = { add: "Add", delete: "Delete", move: "Move", "width-or-radius": `Change ${kind === "box" ? "width" : "radius"} of`, sensor: "Make" }[op];
        expect(named(before, after)).toBe(`${verb} ${noun}${op === "sensor" ? (n === 1 ? " a sensor" : " sensors") : ""}`);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe("the editor's actions give their steps these names", () => {
  it("Inspector edits, adds, deletes and moves", () => {
    const editor = editorWith([box("box-1"), circle("coin", { name: "coin" })]);
    select(editor, ["box-1"]);
    setSelectionField(editor, "width", 24);
    expect(last(editor)).toBe("Change width of box-1");
    nameSelection(editor, "crate");
    expect(last(editor)).toBe("Rename box-1 to crate");
    select(editor, ["coin"]);
    setSelectionFlag(editor, "sensor", true);
    expect(last(editor)).toBe("Make coin a sensor");
    setSelectionFlag(editor, "sensor", false);
    expect(last(editor)).toBe("Make coin solid");
    addSelectionProperty(editor, "speed", "number");
    expect(last(editor)).toBe("Add property speed of coin");
    setSelectionPropertyValue(editor, "speed", 4);
    expect(last(editor)).toBe("Change property speed of coin");
    setSelectionPropertyType(editor, "speed", "string");
    expect(last(editor)).toBe("Change property speed of coin");
    renameSelectionProperty(editor, "speed", "pace");
    expect(last(editor)).toBe("Rename property speed of coin");
    const { shapes } = editor.getState();
    moveItemsFrom(editor, shapes, [], 1, 0);
    expect(last(editor)).toBe("Move 2 shapes");
    addShape(editor, box("box-2"));
    expect(last(editor)).toBe("Add box");
    select(editor, ["box-1", "box-2"]);
    deleteSelection(editor);
    expect(last(editor)).toBe("Delete 2 boxes");
    nameCollisionLayer(editor, 2, "player");
    expect(last(editor)).toBe("Name collision layer 2");
  });

  it("a paste, a duplicate, a cut, a trace and a flip name themselves", async () => {
    const editor = editorWith([box("box-1"), box("box-2")]);
    addItems(editor, [circle("c-1"), circle("c-2")], [], "Paste 2 items");
    expect(last(editor)).toBe("Paste 2 items");
    select(editor, ["box-1", "box-2"]);
    duplicate(editor);
    expect(last(editor)).toBe("Duplicate 2 items");
    turnSelection(editor, "flipHorizontal");
    expect(last(editor)).toBe("Flip 2 items horizontally");
    // One item is named, in the step and the notice.
    select(editor, ["box-1"]);
    turnSelection(editor, "rotateClockwise");
    expect(last(editor)).toBe("Rotate box-1 90° clockwise");
    expect(editor.getState().notice).toBe("Rotated 90° clockwise: box-1");
    select(editor, ["box-1", "box-2"]);
    await cut(editor);
    expect(last(editor)).toBe("Cut 2 items");
  });

  it("layer steps", () => {
    const editor = new Editor();
    const id = addLayer(editor);
    expect(last(editor)).toBe("Add layer");
    renameLayer(editor, id, "Pickups");
    expect(last(editor)).toBe("Rename layer Layer 2 to Pickups");
    setLayerFlag(editor, id, "locked", true);
    expect(last(editor)).toBe("Lock layer Pickups");
    setLayerColor(editor, id, "#00ff00");
    expect(last(editor)).toBe("Change colour of layer Pickups");
    moveLayer(editor, id, -1);
    expect(last(editor)).toBe("Lower layer Pickups");
    deleteLayer(editor, id, null);
    expect(last(editor)).toBe("Delete layer Pickups");
  });
});

describe("undo and redo say what they did and show it", () => {
  it("the status line names the step, and the shapes it changed become the selection", () => {
    const editor = editorWith([box("box-1"), circle("coin", { name: "coin" })]);
    select(editor, ["box-1"]);
    setSelectionField(editor, "width", 24);
    select(editor, ["coin"]);
    editor.undo();
    expect(editor.getState().notice).toBe("Undid: Change width of box-1");
    expect(editor.getState().selection).toEqual(["box-1"]);
    expect(editor.history.redoLabel).toBe("Change width of box-1");
    editor.redo();
    expect(editor.getState().notice).toBe("Redid: Change width of box-1");
    expect(editor.shapeById("box-1")).toMatchObject({ width: 24 });
  });

  it("a selection that already holds the changed shapes is kept; an undone add leaves none of it behind", () => {
    const editor = editorWith([box("box-1"), box("box-2")]);
    select(editor, ["box-1", "box-2"]);
    moveItemsFrom(editor, editor.getState().shapes, [], 3, 0);
    select(editor, ["box-2", "box-1"]);
    editor.undo();
    expect(editor.getState().selection).toEqual(["box-2", "box-1"]);
    addShape(editor, box("box-3"));
    editor.undo();
    expect(editor.getState().notice).toBe("Undid: Add box");
    expect(editor.getState().selection).toEqual([]);
    editor.redo();
    expect(editor.getState().selection).toEqual(["box-3"]);
  });

  it("goToStep undoes or redoes to a step of the History list, and names the steps it took", () => {
    const editor = new Editor();
    addShape(editor, box("box-1"));
    addShape(editor, circle("coin"));
    moveItemsFrom(editor, editor.getState().shapes, [], 2, 2);
    expect(editor.history.steps.getState()).toEqual({ done: ["Add box", "Add circle", "Move 2 shapes"], undone: [] });
    editor.goToStep(0);
    expect(editor.getState().shapes).toEqual([]);
    expect(editor.history.steps.getState()).toEqual({ done: [], undone: ["Add box", "Add circle", "Move 2 shapes"] });
    expect(editor.getState().notice).toBe("Undid 3 steps");
    expect(editor.getState().noticeDetail).toBe("Undid: Move 2 shapes, Add circle, Add box");
    editor.goToStep(1);
    expect(editor.getState().notice).toBe("Redid: Add box");
    editor.goToStep(99);
    expect(editor.history.undoCount).toBe(3);
    expect(editor.getState().notice).toBe("Redid 2 steps");
  });
});
