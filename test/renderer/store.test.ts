// The editor's document store without a canvas: undo granularity, gestures, loading.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { documentOf } from "../../renderer/editor/state";
import { parseScene, serializeScene, SHAPE_TYPES, validateSceneData, type Scene, type Shape } from "../../core";
import { actionById, matches } from "../../renderer/actions/registry";
import { dirty } from "../../renderer/app/document-commands";
import { addShape, beginGesture, cancelGesture, currentScene, deleteSelection, endGesture, freshId, idsInUse, loadDocument, markSaved, nextId, redo, renameProbe, select, undo, updateShape } from "../../renderer/store/actions";
import { CLICK_SLOP } from "../../renderer/shapes/kind";
import { placeShape } from "../../renderer/shapes/registry";
import { CLIPBOARD_FORMAT, CLIPBOARD_VERSION, planPaste } from "../../renderer/store/clipboard";
import { handleId } from "../../renderer/tools/select/select-tool";
import { pointerAt, toolDriver } from "./pointer";

let editor = new Editor();

const circle = (id: string, x = 0): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 10 });
const shapes = () => editor.getState().shapes;

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "t.json" });
});

describe("loading", () => {
  it("loads a scene whatever its unknown top-level fields are called, \"doc\" too, and keeps them", () => {
    // Regression: a field named "doc" was taken for a prepared document and loaded unchecked.
    const scene = { format: "collider-studio-scene", version: 1, shapes: [circle("a")], probes: [], doc: 1, extras: { x: 2 } } as unknown as Scene;
    loadDocument(editor, scene, { name: "doc.json" });
    expect(shapes().map((s) => s.id)).toEqual(["a"]);
    expect(editor.getState().extras).toEqual({ doc: 1, extras: { x: 2 } });
    addShape(editor, circle("b"));
    undo(editor);
    expect(shapes().map((s) => s.id)).toEqual(["a"]);
    expect(JSON.parse(serializeScene(currentScene(editor))).doc).toBe(1);
  });
});

describe("undo history", () => {
  it("undoes and redoes adding a shape", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b"));
    expect(shapes().map((s) => s.id)).toEqual(["a", "b"]);
    undo(editor);
    expect(shapes().map((s) => s.id)).toEqual(["a"]);
    redo(editor);
    expect(shapes().map((s) => s.id)).toEqual(["a", "b"]);
  });

  it("makes a whole drag one undo step", () => {
    addShape(editor, circle("a"));
    const before = editor.history.undoCount;
    beginGesture(editor);
    for (let i = 1; i <= 20; i++) updateShape(editor, "a", { x: i * 5 });
    endGesture(editor);
    expect(shapes()[0]!.x).toBe(100);
    expect(editor.history.undoCount).toBe(before + 1);
    undo(editor);
    expect(shapes()[0]!.x).toBe(0);
    redo(editor);
    expect(shapes()[0]!.x).toBe(100);
  });

  it("records nothing for a gesture that changes nothing, or one that is cancelled", () => {
    addShape(editor, circle("a"));
    const before = editor.history.undoCount;
    beginGesture(editor);
    endGesture(editor);
    beginGesture(editor);
    updateShape(editor, "a", { x: 50 });
    cancelGesture(editor);
    expect(shapes()[0]!.x).toBe(0);
    expect(editor.history.undoCount).toBe(before);
  });

  it("does not record selection changes", () => {
    addShape(editor, circle("a"));
    const before = editor.history.undoCount;
    select(editor, []);
    select(editor, ["a"]);
    expect(editor.history.undoCount).toBe(before);
  });

  it("undoes a delete and drops selections of shapes that undo removes", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b"));
    select(editor, ["a", "b"]);
    deleteSelection(editor);
    expect(shapes()).toEqual([]);
    undo(editor);
    expect(shapes().map((s) => s.id)).toEqual(["a", "b"]);
    select(editor, ["b"]);
    undo(editor);
    expect(editor.getState().selection).toEqual([]);
  });

  it("starts a fresh history and a clean document when a scene is loaded", () => {
    addShape(editor, circle("a"));
    loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [circle("z")], probes: [] }, { name: "z.json" });
    expect(editor.history.undoCount).toBe(0);
    const s = editor.getState();
    expect(dirty(s)).toBe(false);
    undo(editor);
    expect(shapes().map((x) => x.id)).toEqual(["z"]);
  });
});

describe("placing shapes", () => {
  it("gives fresh ids per kind", () => {
    expect(nextId("box", [circle("box-1"), circle("box-3")], [])).toBe("box-2");
  });

  it("never gives a new shape the id of one its Tiled map still knows (tiledMap.base), which writing into the map would match to that shape's object", () => {
    const base = [12, 13].map((tiledId, i) => ({ id: `box-${i + 1}`, type: "box", x: 0, y: 0, rotation: 0, width: 8, height: 8, tiledId }));
    loadDocument(editor, { format: "collider-studio-scene", version: 1, tiledMap: { src: "level.tmx", base }, shapes: [circle("box-2")], probes: [] }, { name: "t.json" });
    expect(freshId(editor, "box")).toBe("box-3");
    expect(freshId(editor, "circle")).toBe("circle-1");
    // Traced pieces are named against the same ids (imageColliders takes idsInUse).
    expect([...idsInUse(editor.getState())].sort()).toEqual(["box-1", "box-2"]);
  });

  it("nor the id of a shape whose object Save to Map removed (an undo may bring it back, to take its old Tiled id); a document opened afresh forgets them", () => {
    loadDocument(editor, { format: "collider-studio-scene", version: 1, tiledMap: { src: "level.tmx", base: [] }, shapes: [], probes: [] }, { name: "t.json" });
    editor.update({ tiledRemoved: new Map([["box-1", 4]]) }, { record: false });
    expect(freshId(editor, "box")).toBe("box-2");
    expect(planPaste({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, shapes: [circle("c")], probes: [] }, editor.getState(), null, 0, 0).shapes[0]!.id).toBe("circle-1");
    const box: Shape = { id: "b", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 };
    expect(planPaste({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, shapes: [box], probes: [] }, editor.getState(), null, 0, 0).shapes[0]!.id).toBe("box-2");
    loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "u.json" });
    expect(freshId(editor, "box")).toBe("box-1");
  });

  it("places a default-size shape on a click, centred on the point", () => {
    const s = placeShape("box", "b", { x: 100, y: 50 }, { x: 101, y: 51 }, CLICK_SLOP);
    expect(s).toMatchObject({ type: "box", x: 100, y: 50, width: 80, height: 80 });
  });

  it("fits the dragged rectangle in any direction", () => {
    const s = placeShape("box", "b", { x: 200, y: 100 }, { x: 100, y: 160 }, CLICK_SLOP);
    expect(s).toMatchObject({ x: 150, y: 130, width: 100, height: 60 });
  });

  it("lays a capsule along the long side of the drag", () => {
    expect(placeShape("capsule", "k", { x: 0, y: 0 }, { x: 100, y: 20 }, CLICK_SLOP)).toMatchObject({ x: 50, y: 10, rotation: 90, radius: 10, height: 100 });
    expect(placeShape("capsule", "k", { x: 0, y: 0 }, { x: 20, y: 100 }, CLICK_SLOP)).toMatchObject({ rotation: 0, radius: 10, height: 100 });
  });

  it("always makes a shape the file format accepts, whatever the drag", () => {
    const coord = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    fc.assert(
      fc.property(fc.constantFrom(...SHAPE_TYPES), coord, coord, coord, coord, (type, x0, y0, x1, y1) => {
        const shape = placeShape(type, "s", { x: x0, y: y0 }, { x: x1, y: y1 }, CLICK_SLOP);
        const r = validateSceneData({ format: "collider-studio-scene", version: 1, shapes: [shape] });
        expect(r.ok ? [] : r.problems).toEqual([]);
      }),
      { seed: 20261122, numRuns: 400 },
    );
  });
});

describe("gestures that something else ends", () => {
  const at = (x: number, y: number, hitId: string | null = null) => pointerAt(x, y, hitId);

  // What broke: undo during a drag cancelled the store's gesture but not the tool's, so each later
  // pointer move recorded an undo step of its own and wiped the redo stack.
  it("undo during a drag ends the drag; later pointer moves change nothing", () => {
    addShape(editor, circle("a"));
    addShape(editor, circle("b", 100));
    const tool = toolDriver(editor, "select");
    tool.down(at(100, 0, "b"));
    tool.move(at(150, 0));
    undo(editor);
    const past = editor.history.undoCount;
    const before = shapes();
    tool.move(at(200, 0));
    tool.move(at(250, 0));
    tool.up(at(250, 0));
    expect(shapes()).toBe(before);
    expect(editor.history.undoCount).toBe(past);
  });

  // What broke: New or Open during a drag put the old document into the new one's history.
  it("opening a scene during a drag leaves the new document with an empty history", () => {
    addShape(editor, circle("a"));
    const tool = toolDriver(editor, "select");
    tool.down(at(0, 0, "a"));
    tool.move(at(40, 0));
    loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes: [circle("z")], probes: [] }, { name: "z.json" });
    tool.move(at(80, 0));
    tool.up(at(80, 0));
    expect(editor.history.undoCount).toBe(0);
    expect(shapes().map((s) => [s.id, s.x])).toEqual([["z", 0]]);
  });

  // What broke: a save marked the document as it was when the save finished, not as written.
  it("marks as saved the shapes that were written, so edits made meanwhile stay unsaved", () => {
    addShape(editor, circle("a"));
    const written = documentOf(editor.getState());
    addShape(editor, circle("b"));
    markSaved(editor, written, { name: "t.json" });
    expect(dirty(editor.getState())).toBe(true);
  });
});

describe("keyboard shortcuts", () => {
  const key = (k: string, mods: Partial<Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "shiftKey" | "altKey">> = {}) =>
    ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods }) as KeyboardEvent;

  it("a plain-key shortcut does not fire with Ctrl or Cmd held", () => {
    expect(matches({ key: "c" }, key("c"))).toBe(true);
    expect(matches({ key: "c" }, key("c", { ctrlKey: true }))).toBe(false);
    expect(matches({ key: "c" }, key("c", { metaKey: true }))).toBe(false);
    expect(matches({ key: "z", mod: true }, key("z", { ctrlKey: true }))).toBe(true);
    expect(matches({ key: "z", mod: true, shift: true }, key("Z", { ctrlKey: true, shiftKey: true }))).toBe(true);
  });
});

describe("probes: ray and sweep tools, moving, renaming, deleting", () => {
  const probes = () => editor.getState().probes;
  const pt = (x: number, y: number, hitId: string | null = null) => pointerAt(x, y, hitId);

  it("the ray tool makes one probe per drag (one undo step); a click makes none; Escape drops the gesture", () => {
    const ray = toolDriver(editor, "ray");
    ray.down(pt(0, 0));
    ray.move(pt(50, 0));
    expect(editor.overlay.getState().probePreview).toMatchObject({ type: "ray", from: [0, 0], to: [50, 0] });
    expect(probes()).toEqual([]);
    ray.up(pt(100, 0));
    expect(probes()).toEqual([{ id: "ray-1", name: "ray-1", type: "ray", from: [0, 0], to: [100, 0] }]);
    expect(editor.getState().selection).toEqual(["ray-1"]);
    expect(editor.overlay.getState().probePreview).toBeNull();
    ray.down(pt(5, 5));
    ray.up(pt(6, 5)); // under the click slop
    ray.down(pt(5, 5));
    ray.move(pt(90, 5));
    ray.cancel();
    expect(probes().length).toBe(1);
    expect(editor.overlay.getState().probePreview).toBeNull();
    undo(editor);
    expect(probes()).toEqual([]);
    redo(editor);
    expect(probes().map((p) => p.id)).toEqual(["ray-1"]);
  });

  it("the sweep tool starts on a shape only and aims its position by the drag", () => {
    addShape(editor, circle("c", 10));
    const sweep = toolDriver(editor, "sweep");
    sweep.down(pt(300, 300)); // on nothing
    sweep.up(pt(400, 300));
    expect(probes()).toEqual([]);
    expect(editor.tools.hint()).toMatch(/press on a shape/); // the tool says what to do while it waits
    sweep.down(pt(12, 1, "c"));
    sweep.move(pt(62, 1));
    sweep.up(pt(112, 21));
    expect(probes()).toEqual([{ id: "sweep-1", name: "sweep-1", type: "sweep", shape: "c", to: [110, 20] }]);
  });

  it("ids stay unique across shapes and probes", () => {
    addShape(editor, { ...circle("x"), id: "ray-1" });
    expect(nextId("ray", shapes(), [])).toBe("ray-2");
  });

  it("the select tool moves a ray whole, or one end by its handle; each drag one undo step", () => {
    const ray = toolDriver(editor, "ray");
    ray.down(pt(0, 0));
    ray.up(pt(100, 0));
    const tool = toolDriver(editor, "select");
    tool.down(pt(50, 0, "ray-1"));
    tool.move(pt(60, 10));
    tool.up(pt(60, 10));
    expect(probes()[0]).toMatchObject({ from: [10, 10], to: [110, 10] });
    tool.down(pt(110, 10, handleId("ray-1", "to")));
    tool.move(pt(110, 50));
    tool.up(pt(110, 50));
    expect(probes()[0]).toMatchObject({ from: [10, 10], to: [110, 50] });
    undo(editor);
    expect(probes()[0]).toMatchObject({ from: [10, 10], to: [110, 10] });
    undo(editor);
    expect(probes()[0]).toMatchObject({ from: [0, 0], to: [100, 0] });
  });

  it("renaming is one undo step however many keystrokes; deleting a shape takes its sweeps along", () => {
    addShape(editor, circle("c"));
    const sweep = toolDriver(editor, "sweep");
    sweep.down(pt(0, 0, "c"));
    sweep.up(pt(0, 100));
    const before = editor.history.undoCount;
    beginGesture(editor);
    for (const name of ["j", "ju", "jump"]) renameProbe(editor, "sweep-1", name);
    endGesture(editor);
    expect(probes()[0]!.name).toBe("jump");
    expect(editor.history.undoCount).toBe(before + 1);
    select(editor, ["c"]);
    deleteSelection(editor);
    expect(shapes()).toEqual([]);
    expect(probes()).toEqual([]);
    undo(editor);
    expect(probes().map((p) => p.name)).toEqual(["jump"]);
    expect(dirty(editor.getState())).toBe(true);
  });

  it("a selected ray deletes like a shape, and undo brings it back; select all takes probes too", () => {
    addShape(editor, circle("c"));
    const ray = toolDriver(editor, "ray");
    ray.down(pt(0, 0));
    ray.up(pt(50, 0));
    select(editor, ["ray-1"]);
    deleteSelection(editor);
    expect(probes()).toEqual([]);
    expect(shapes().map((s) => s.id)).toEqual(["c"]);
    undo(editor);
    expect(probes().map((p) => p.id)).toEqual(["ray-1"]);
    actionById("edit.selectAll").run(editor);
    expect(editor.getState().selection).toEqual(["c", "ray-1"]);
  });

  it("the document with probes is dirty until saved, and saves them", () => {
    const ray = toolDriver(editor, "ray");
    ray.down(pt(0, 0));
    ray.up(pt(10, 10));
    expect(dirty(editor.getState())).toBe(true);
    const scene = currentScene(editor);
    expect(scene.probes.map((p) => p.id)).toEqual(["ray-1"]);
    expect(validateSceneData(JSON.parse(JSON.stringify(scene))).ok).toBe(true);
    markSaved(editor, documentOf(editor.getState()), { name: "t.json" });
    expect(dirty(editor.getState())).toBe(false);
  });
});

describe("layers and collision layers in the document", () => {
  const scene = (): Scene => ({
    format: "collider-studio-scene", version: 1, probes: [],
    layers: [{ id: "ground", name: "Ground" }, { id: "top", name: "Top" }],
    collisionLayers: [{ bit: 1, name: "world" }],
    shapes: [{ ...circle("a") }, { ...circle("b"), layer: "top" }],
  });

  it("loading gives every shape its layer, makes the top layer active and is clean", () => {
    loadDocument(editor, scene(), { name: "l.json" });
    const s = editor.getState();
    expect(s.shapes.map((x) => x.layer)).toEqual(["ground", "top"]);
    expect(s.activeLayer).toBe("top");
    expect(s.collisionLayers).toEqual([{ bit: 1, name: "world" }]);
    expect(dirty(s)).toBe(false);
  });

  it("new shapes go to the active layer; the scene written back keeps layers and collision layers", () => {
    loadDocument(editor, scene(), { name: "l.json" });
    addShape(editor, circle("c"));
    expect(shapes().at(-1)!.layer).toBe("top");
    const text = serializeScene(currentScene(editor));
    const again = parseScene(text);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.scene.layers).toEqual([{ id: "ground", name: "Ground" }, { id: "top", name: "Top" }]);
    expect(again.scene.collisionLayers).toEqual([{ bit: 1, name: "world" }]);
    // The first layer's shapes are written without "layer"; the others name theirs.
    expect(again.scene.shapes.map((x) => x.layer)).toEqual([undefined, "top", "top"]);
  });

  it("a layer change is undoable like any document change, and marks the document dirty", () => {
    loadDocument(editor, scene(), { name: "l.json" });
    editor.update({ layers: [...editor.getState().layers, { id: "new", name: "New" }] });
    expect(dirty(editor.getState())).toBe(true);
    undo(editor);
    expect(editor.getState().layers.map((l) => l.id)).toEqual(["ground", "top"]);
    expect(dirty(editor.getState())).toBe(false);
  });
});
