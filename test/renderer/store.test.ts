// The editor's document store without a canvas: undo granularity, gestures, loading.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { parseScene, serializeScene, SHAPE_TYPES, validateSceneData, type Scene, type Shape } from "../../core";
import { actionById, matches } from "../../renderer/actions/registry";
import { dirty } from "../../renderer/app/document-commands";
import { addShape, beginGesture, cancelGesture, currentScene, deleteSelection, endGesture, loadDocument, markSaved, nextId, redo, renameProbe, select, undo, updateShape } from "../../renderer/store/actions";
import { documentOf, history, useEditor } from "../../renderer/store/editor-store";
import { placeShape } from "../../renderer/tools/place/place-shape";
import { rayTool } from "../../renderer/tools/ray/ray-tool";
import { handleId, selectTool } from "../../renderer/tools/select/select-tool";
import { sweepTool } from "../../renderer/tools/sweep/sweep-tool";
import { pointerAt } from "./pointer";

const circle = (id: string, x = 0): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 10 });
const shapes = () => useEditor.getState().shapes;

beforeEach(() => {
  loadDocument({ format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, { name: "t.json" });
});

describe("loading", () => {
  it("loads a scene whatever its unknown top-level fields are called, \"doc\" too, and keeps them", () => {
    // Regression: a field named "doc" was taken for a prepared document and loaded unchecked.
    const scene = { format: "collider-studio-scene", version: 1, shapes: [circle("a")], probes: [], doc: 1, extras: { x: 2 } } as unknown as Scene;
    loadDocument(scene, { name: "doc.json" });
    expect(shapes().map((s) => s.id)).toEqual(["a"]);
    expect(useEditor.getState().extras).toEqual({ doc: 1, extras: { x: 2 } });
    addShape(circle("b"));
    undo();
    expect(shapes().map((s) => s.id)).toEqual(["a"]);
    expect(JSON.parse(serializeScene(currentScene())).doc).toBe(1);
  });
});

describe("undo history", () => {
  it("undoes and redoes adding a shape", () => {
    addShape(circle("a"));
    addShape(circle("b"));
    expect(shapes().map((s) => s.id)).toEqual(["a", "b"]);
    undo();
    expect(shapes().map((s) => s.id)).toEqual(["a"]);
    redo();
    expect(shapes().map((s) => s.id)).toEqual(["a", "b"]);
  });

  it("makes a whole drag one undo step", () => {
    addShape(circle("a"));
    const before = history().pastStates.length;
    beginGesture();
    for (let i = 1; i <= 20; i++) updateShape("a", { x: i * 5 });
    endGesture();
    expect(shapes()[0]!.x).toBe(100);
    expect(history().pastStates.length).toBe(before + 1);
    undo();
    expect(shapes()[0]!.x).toBe(0);
    redo();
    expect(shapes()[0]!.x).toBe(100);
  });

  it("records nothing for a gesture that changes nothing, or one that is cancelled", () => {
    addShape(circle("a"));
    const before = history().pastStates.length;
    beginGesture();
    endGesture();
    beginGesture();
    updateShape("a", { x: 50 });
    cancelGesture();
    expect(shapes()[0]!.x).toBe(0);
    expect(history().pastStates.length).toBe(before);
  });

  it("does not record selection changes", () => {
    addShape(circle("a"));
    const before = history().pastStates.length;
    select([]);
    select(["a"]);
    expect(history().pastStates.length).toBe(before);
  });

  it("undoes a delete and drops selections of shapes that undo removes", () => {
    addShape(circle("a"));
    addShape(circle("b"));
    select(["a", "b"]);
    deleteSelection();
    expect(shapes()).toEqual([]);
    undo();
    expect(shapes().map((s) => s.id)).toEqual(["a", "b"]);
    select(["b"]);
    undo();
    expect(useEditor.getState().selection).toEqual([]);
  });

  it("starts a fresh history and a clean document when a scene is loaded", () => {
    addShape(circle("a"));
    loadDocument({ format: "collider-studio-scene", version: 1, shapes: [circle("z")], probes: [] }, { name: "z.json" });
    expect(history().pastStates.length).toBe(0);
    const s = useEditor.getState();
    expect(dirty(s)).toBe(false);
    undo();
    expect(shapes().map((x) => x.id)).toEqual(["z"]);
  });
});

describe("placing shapes", () => {
  it("gives fresh ids per kind", () => {
    expect(nextId("box", [circle("box-1"), circle("box-3")])).toBe("box-2");
  });

  it("places a default-size shape on a click, centred on the point", () => {
    const s = placeShape("box", "b", { x: 100, y: 50 }, { x: 101, y: 51 });
    expect(s).toMatchObject({ type: "box", x: 100, y: 50, width: 80, height: 80 });
  });

  it("fits the dragged rectangle in any direction", () => {
    const s = placeShape("box", "b", { x: 200, y: 100 }, { x: 100, y: 160 });
    expect(s).toMatchObject({ x: 150, y: 130, width: 100, height: 60 });
  });

  it("lays a capsule along the long side of the drag", () => {
    expect(placeShape("capsule", "k", { x: 0, y: 0 }, { x: 100, y: 20 })).toMatchObject({ x: 50, y: 10, rotation: 90, radius: 10, height: 100 });
    expect(placeShape("capsule", "k", { x: 0, y: 0 }, { x: 20, y: 100 })).toMatchObject({ rotation: 0, radius: 10, height: 100 });
  });

  it("always makes a shape the file format accepts, whatever the drag", () => {
    const coord = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    fc.assert(
      fc.property(fc.constantFrom(...SHAPE_TYPES), coord, coord, coord, coord, (type, x0, y0, x1, y1) => {
        const shape = placeShape(type, "s", { x: x0, y: y0 }, { x: x1, y: y1 });
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
    addShape(circle("a"));
    addShape(circle("b", 100));
    const tool = selectTool();
    tool.down(at(100, 0, "b"));
    tool.move(at(150, 0));
    undo();
    const past = history().pastStates.length;
    const before = shapes();
    tool.move(at(200, 0));
    tool.move(at(250, 0));
    tool.up(at(250, 0));
    expect(shapes()).toBe(before);
    expect(history().pastStates.length).toBe(past);
  });

  // What broke: New or Open during a drag put the old document into the new one's history.
  it("opening a scene during a drag leaves the new document with an empty history", () => {
    addShape(circle("a"));
    const tool = selectTool();
    tool.down(at(0, 0, "a"));
    tool.move(at(40, 0));
    loadDocument({ format: "collider-studio-scene", version: 1, shapes: [circle("z")], probes: [] }, { name: "z.json" });
    tool.move(at(80, 0));
    tool.up(at(80, 0));
    expect(history().pastStates.length).toBe(0);
    expect(shapes().map((s) => [s.id, s.x])).toEqual([["z", 0]]);
  });

  // What broke: a save marked the document as it was when the save finished, not as written.
  it("marks as saved the shapes that were written, so edits made meanwhile stay unsaved", () => {
    addShape(circle("a"));
    const written = documentOf(useEditor.getState());
    addShape(circle("b"));
    markSaved(written, { name: "t.json" });
    expect(dirty(useEditor.getState())).toBe(true);
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
  const probes = () => useEditor.getState().probes;
  const pt = (x: number, y: number, hitId: string | null = null) => pointerAt(x, y, hitId);

  it("the ray tool makes one probe per drag (one undo step); a click makes none; Escape drops the gesture", () => {
    const ray = rayTool();
    ray.down(pt(0, 0));
    ray.move(pt(50, 0));
    expect(useEditor.getState().probePreview).toMatchObject({ type: "ray", from: [0, 0], to: [50, 0] });
    expect(probes()).toEqual([]);
    ray.up(pt(100, 0));
    expect(probes()).toEqual([{ id: "ray-1", name: "ray-1", type: "ray", from: [0, 0], to: [100, 0] }]);
    expect(useEditor.getState().selection).toEqual(["ray-1"]);
    expect(useEditor.getState().probePreview).toBeNull();
    ray.down(pt(5, 5));
    ray.up(pt(6, 5)); // under the click slop
    ray.down(pt(5, 5));
    ray.move(pt(90, 5));
    ray.cancel();
    expect(probes().length).toBe(1);
    expect(useEditor.getState().probePreview).toBeNull();
    undo();
    expect(probes()).toEqual([]);
    redo();
    expect(probes().map((p) => p.id)).toEqual(["ray-1"]);
  });

  it("the sweep tool starts on a shape only and aims its position by the drag", () => {
    addShape(circle("c", 10));
    const sweep = sweepTool();
    sweep.down(pt(300, 300)); // on nothing
    sweep.up(pt(400, 300));
    expect(probes()).toEqual([]);
    expect(useEditor.getState().notice).toMatch(/press on a shape/);
    sweep.down(pt(12, 1, "c"));
    sweep.move(pt(62, 1));
    sweep.up(pt(112, 21));
    expect(probes()).toEqual([{ id: "sweep-1", name: "sweep-1", type: "sweep", shape: "c", to: [110, 20] }]);
  });

  it("ids stay unique across shapes and probes", () => {
    addShape({ ...circle("x"), id: "ray-1" });
    expect(nextId("ray", shapes())).toBe("ray-2");
  });

  it("the select tool moves a ray whole, or one end by its handle; each drag one undo step", () => {
    const ray = rayTool();
    ray.down(pt(0, 0));
    ray.up(pt(100, 0));
    const tool = selectTool();
    tool.down(pt(50, 0, "ray-1"));
    tool.move(pt(60, 10));
    tool.up(pt(60, 10));
    expect(probes()[0]).toMatchObject({ from: [10, 10], to: [110, 10] });
    tool.down(pt(110, 10, handleId("ray-1", "to")));
    tool.move(pt(110, 50));
    tool.up(pt(110, 50));
    expect(probes()[0]).toMatchObject({ from: [10, 10], to: [110, 50] });
    undo();
    expect(probes()[0]).toMatchObject({ from: [10, 10], to: [110, 10] });
    undo();
    expect(probes()[0]).toMatchObject({ from: [0, 0], to: [100, 0] });
  });

  it("renaming is one undo step however many keystrokes; deleting a shape takes its sweeps along", () => {
    addShape(circle("c"));
    const sweep = sweepTool();
    sweep.down(pt(0, 0, "c"));
    sweep.up(pt(0, 100));
    const before = history().pastStates.length;
    beginGesture();
    for (const name of ["j", "ju", "jump"]) renameProbe("sweep-1", name);
    endGesture();
    expect(probes()[0]!.name).toBe("jump");
    expect(history().pastStates.length).toBe(before + 1);
    select(["c"]);
    deleteSelection();
    expect(shapes()).toEqual([]);
    expect(probes()).toEqual([]);
    undo();
    expect(probes().map((p) => p.name)).toEqual(["jump"]);
    expect(dirty(useEditor.getState())).toBe(true);
  });

  it("a selected ray deletes like a shape, and undo brings it back; select all takes probes too", () => {
    addShape(circle("c"));
    const ray = rayTool();
    ray.down(pt(0, 0));
    ray.up(pt(50, 0));
    select(["ray-1"]);
    deleteSelection();
    expect(probes()).toEqual([]);
    expect(shapes().map((s) => s.id)).toEqual(["c"]);
    undo();
    expect(probes().map((p) => p.id)).toEqual(["ray-1"]);
    actionById("edit.selectAll").run();
    expect(useEditor.getState().selection).toEqual(["c", "ray-1"]);
  });

  it("the document with probes is dirty until saved, and saves them", () => {
    const ray = rayTool();
    ray.down(pt(0, 0));
    ray.up(pt(10, 10));
    expect(dirty(useEditor.getState())).toBe(true);
    const scene = currentScene();
    expect(scene.probes.map((p) => p.id)).toEqual(["ray-1"]);
    expect(validateSceneData(JSON.parse(JSON.stringify(scene))).ok).toBe(true);
    markSaved(documentOf(useEditor.getState()), { name: "t.json" });
    expect(dirty(useEditor.getState())).toBe(false);
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
    loadDocument(scene(), { name: "l.json" });
    const s = useEditor.getState();
    expect(s.shapes.map((x) => x.layer)).toEqual(["ground", "top"]);
    expect(s.activeLayer).toBe("top");
    expect(s.collisionLayers).toEqual([{ bit: 1, name: "world" }]);
    expect(dirty(s)).toBe(false);
  });

  it("new shapes go to the active layer; the scene written back keeps layers and collision layers", () => {
    loadDocument(scene(), { name: "l.json" });
    addShape(circle("c"));
    expect(shapes().at(-1)!.layer).toBe("top");
    const text = serializeScene(currentScene());
    const again = parseScene(text);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.scene.layers).toEqual([{ id: "ground", name: "Ground" }, { id: "top", name: "Top" }]);
    expect(again.scene.collisionLayers).toEqual([{ bit: 1, name: "world" }]);
    // The first layer's shapes are written without "layer"; the others name theirs.
    expect(again.scene.shapes.map((x) => x.layer)).toEqual([undefined, "top", "top"]);
  });

  it("a layer change is undoable like any document change, and marks the document dirty", () => {
    loadDocument(scene(), { name: "l.json" });
    useEditor.setState({ layers: [...useEditor.getState().layers, { id: "new", name: "New" }] });
    expect(dirty(useEditor.getState())).toBe(true);
    undo();
    expect(useEditor.getState().layers.map((l) => l.id)).toEqual(["ground", "top"]);
    expect(dirty(useEditor.getState())).toBe(false);
  });
});
