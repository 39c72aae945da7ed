// Selecting from the keyboard and with the pointer as a Tiled or Godot designer does: which keys a
// focused control keeps from the canvas, Ctrl/Cmd- and Shift-clicks, and the selection commands.
import { describe, expect, it } from "vitest";
import { dispatchKey } from "../../renderer/actions/keyboard";
import { ACTIONS, actionById, disabledReason } from "../../renderer/actions/registry";
import { searchActions } from "../../renderer/actions/search";
import { ownsEvent } from "../../renderer/actions/text-field";
import { selectListed } from "../../renderer/store/select-actions";
import { TestEditor } from "./test-editor";
import { emptyScene, type Shape } from "../../core";
import { filterRows, listedIds, listedRange, matchesQuery, stepRow } from "../../renderer/app/dock/object-rows";

const box = (id: string, x: number, y: number, layer = "default"): Shape => ({ id, type: "box", x, y, rotation: 0, width: 40, height: 40, layer });
const scene = (...shapes: Shape[]) => ({ ...emptyScene(), shapes });

describe("a focused drop-down keeps its keys", () => {
  // ArrowDown on the Inspector's Layer drop-down moved the shape, C picked the Circle tool and
  // Delete deleted the shape while the drop-down had focus.
  const dropDown = { tagName: "SELECT" } as unknown as EventTarget;

  it("owns the arrows, Home/End, Page keys, Space, Enter, Backspace, Delete and printable keys; not chords, Escape, F-keys or the clipboard", () => {
    for (const key of ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", " ", "Enter", "Backspace", "Delete", "c", "C", "7", "é", "Tab"]) expect(ownsEvent(dropDown, { key }), key).toBe(true);
    for (const key of ["Escape", "F2", "F1"]) expect(ownsEvent(dropDown, { key }), key).toBe(false);
    expect(ownsEvent(dropDown, { key: "z", ctrlKey: true }) || ownsEvent(dropDown, { key: "s", metaKey: true }) || ownsEvent(dropDown, { clipboard: true })).toBe(false);
  });

  it("the canvas commands do not run from it: the shape neither moves nor goes, the tool stays", () => {
    const ed = new TestEditor(scene(box("b", 0, 0)));
    ed.editor.update({ selection: ["b"] });
    const press = (key: string, ctrlKey = false) => dispatchKey(ed.editor, { key, ctrlKey, metaKey: false, shiftKey: false, altKey: false, target: dropDown });
    expect([press("ArrowDown"), press("Delete"), press("Backspace"), press("c")]).toEqual([false, false, false, false]);
    expect(ed.shape("b")).toMatchObject({ x: 0, y: 0 });
    expect(ed.state.tool).toBe("select");
    expect(ed.undoSteps).toBe(0);
    // Ctrl+Z still undoes from it, as from a slider.
    expect(press("z", true)).toBe(true);
  });
});

describe("Ctrl/Cmd- and Shift-clicks on the canvas, as in Tiled", () => {
  const three = () => new TestEditor(scene(box("a", 0, 0), box("b", 100, 0), box("floor", 100, 200)));

  // Ctrl+click replaced the selection instead of adding or removing the shape.
  it("Ctrl/Cmd+click adds a shape to the selection and removes it again, moving nothing", () => {
    const ed = three();
    ed.click(0, 0);
    ed.click(100, 0, { mod: true });
    expect(ed.selection).toEqual(["a", "b"]);
    ed.click(0, 0, { mod: true });
    expect(ed.selection).toEqual(["b"]);
    expect(ed.undoSteps).toBe(0);
    expect(ed.path).toBe("select.idle");
  });

  it("Ctrl/Cmd+drag still moves without snapping: the selection it starts on, else the shape alone", () => {
    const ed = three();
    ed.editor.update({ grid: { ...ed.state.grid, snap: true } });
    ed.click(0, 0).click(100, 0, { mod: true });
    ed.drag([100, 0], [113, 7], { mod: true });
    expect([ed.shape("a"), ed.shape("b")].map((s) => [s.x, s.y])).toEqual([[13, 7], [113, 7]]);
    expect(ed.selection).toEqual(["a", "b"]);
    ed.drag([100, 200], [103, 209], { mod: true });
    expect(ed.selection).toEqual(["floor"]);
    expect(ed.shape("floor")).toMatchObject({ x: 103, y: 209 });
    expect(ed.undoSteps).toBe(2);
  });

  // A click on one shape of a selection of several kept them all: PgUp then raised both.
  it("a plain click on one of several selected shapes selects it alone; a plain drag still moves them all", () => {
    const ed = three();
    ed.click(0, 0).click(100, 0, { mod: true });
    ed.drag([100, 0], [120, 10]);
    expect(ed.selection).toEqual(["a", "b"]);
    expect([ed.shape("a"), ed.shape("b")].map((s) => [s.x, s.y])).toEqual([[20, 10], [120, 10]]);
    ed.click(120, 10);
    expect(ed.selection).toEqual(["b"]);
    expect(ed.undoSteps).toBe(1);
  });

  // Shift+drag starting on a shape moved it: no marquee could start over a big floor box.
  it("Shift+drag starting on a shape draws a marquee that adds to the selection; Shift+click still toggles", () => {
    const ed = three();
    ed.click(0, 0);
    ed.pointerDown(100, 200, { shift: true }).pointerMove(110, 170, { shift: true }).pointerMove(130, -10, { shift: true });
    expect(ed.path).toBe("select.brushing");
    ed.pointerUp(130, -10, { shift: true });
    expect([...ed.selection].sort()).toEqual(["a", "b", "floor"]);
    expect(ed.shape("floor")).toMatchObject({ x: 100, y: 200 });
    expect(ed.undoSteps).toBe(0);
    ed.click(100, 200, { shift: true });
    expect([...ed.selection].sort()).toEqual(["a", "b"]);
    ed.click(100, 200, { shift: true });
    expect([...ed.selection].sort()).toEqual(["a", "b", "floor"]);
  });
});

describe("the Objects list from the keyboard", () => {
  const list = { getAttribute: (name: string) => (name === "role" ? "listbox" : null) } as unknown as EventTarget;

  // Click a row then ArrowDown moved the shape (Y+1) instead of going to the next row; Ctrl+A in
  // a list filtered to 4 of 16 selected all 16.
  it("a focused listbox owns its walking keys and Ctrl/Cmd+A; Delete, F2, letters and the clipboard act on the selection it shows", () => {
    for (const key of ["ArrowDown", "ArrowUp", "Home", "End", "PageUp", "PageDown", "Tab"]) expect(ownsEvent(list, { key }), key).toBe(true);
    expect(ownsEvent(list, { key: "a", ctrlKey: true }) && ownsEvent(list, { key: "A", metaKey: true })).toBe(true);
    // Ctrl+Shift+A is Select None, from the list too (the list's select-all took it).
    expect(ownsEvent(list, { key: "A", ctrlKey: true, shiftKey: true }) || ownsEvent(list, { key: "a", ctrlKey: true, altKey: true })).toBe(false);
    for (const key of ["Delete", "Backspace", "F2", "c", "Escape"]) expect(ownsEvent(list, { key }), key).toBe(false);
    expect(ownsEvent(list, { key: "c", ctrlKey: true }) || ownsEvent(list, { clipboard: true })).toBe(false);
    const ed = new TestEditor(scene(box("b", 0, 0)));
    ed.editor.update({ selection: ["b"] });
    expect(dispatchKey(ed.editor, { key: "ArrowDown", ctrlKey: false, metaKey: false, shiftKey: true, altKey: false, target: list })).toBe(false);
    expect(ed.shape("b")).toMatchObject({ y: 0 });
  });

  it("the arrows, Home/End and the Page keys walk the rows, stopping at the ends", () => {
    expect([stepRow("ArrowDown", -1, 5, 2), stepRow("ArrowUp", -1, 5, 2), stepRow("ArrowDown", 4, 5, 2), stepRow("ArrowUp", 0, 5, 2)]).toEqual([0, 4, 4, 0]);
    expect([stepRow("Home", 3, 5, 2), stepRow("End", 0, 5, 2), stepRow("PageDown", 1, 5, 2), stepRow("PageDown", 4, 5, 2), stepRow("PageUp", 1, 5, 2)]).toEqual([0, 4, 3, 4, 0]);
    expect([stepRow("x", 1, 5, 2), stepRow("ArrowDown", -1, 0, 2)]).toEqual([null, null]);
  });

  it("a Shift range runs from its anchor either way; Ctrl+A and Enter take every row the search keeps", () => {
    const shapes = ["a", "b", "coin-1", "c", "coin-2"].map((id, i) => box(id, i * 50, 0));
    const all = { shapes, probes: [], rows: null };
    expect(listedRange(all, 1, 3)).toEqual(["b", "coin-1", "c"]);
    expect(listedRange(all, 3, 1)).toEqual(["c", "coin-1", "b"]);
    const coins = { shapes, probes: [], rows: filterRows(shapes, [], "coin") };
    expect(listedIds(coins)).toEqual(["coin-1", "coin-2"]);
    expect(listedRange(coins, 1, 0)).toEqual(["coin-2", "coin-1"]);
  });

  // A big level's reviewer: the search found a shape by its name, id or kind only.
  it("the search also matches a shape's class and its layer's name", () => {
    const names = new Map([["default", "Ground"], ["pickups", "Pickups"]]);
    const coin = { ...box("c1", 0, 0, "pickups"), class: "Coin" };
    expect([matchesQuery(coin, "coin", names), matchesQuery(coin, "pickup", names), matchesQuery(box("b", 0, 0), "ground", names)]).toEqual([true, true, true]);
    expect(matchesQuery(box("b", 0, 0), "pickup", names)).toBe(false);
    expect(Array.from(filterRows([coin, box("b", 0, 0)], [], "Pickups", names) ?? [])).toEqual([0]);
  });
});

describe("the selection commands, as Tiled's Select menu", () => {
  const layered = () => {
    const ed = new TestEditor({
      ...emptyScene(),
      layers: [{ id: "ground", name: "Ground" }, { id: "pickups", name: "Pickups" }, { id: "frozen", name: "Frozen", locked: true }],
      shapes: [box("floor", 0, 0, "ground"), { ...box("coin", 100, 0, "pickups"), class: "Coin" }, { id: "c2", type: "circle", x: 200, y: 0, rotation: 0, radius: 5, layer: "pickups", class: "Coin" }, { id: "c3", type: "circle", x: 300, y: 0, rotation: 0, radius: 5, layer: "ground" }, box("ice", 400, 0, "frozen")],
      probes: [{ id: "ray-1", name: "", type: "ray", from: [0, 0], to: [1, 1] }, { id: "ray-2", name: "", type: "ray", from: [0, 5], to: [1, 5] }],
    });
    return ed;
  };
  const run = (ed: TestEditor, id: string) => actionById(id).run(ed.editor);

  it("Select All in Layer takes the active layer's shapes; refused, saying why, for a locked or empty layer", () => {
    const ed = layered();
    ed.editor.update({ activeLayer: "pickups" });
    run(ed, "select.allInLayer");
    expect(ed.selection).toEqual(["coin", "c2"]);
    ed.editor.update({ activeLayer: "frozen" });
    expect(disabledReason(ed.editor, actionById("select.allInLayer"))).toBe("Frozen is locked: unlock it first");
  });

  it("the list's Ctrl+A and its search's Enter (selectListed) leave out a locked layer's shapes, as Ctrl+A does, and say so", () => {
    const ed = layered();
    expect(selectListed(ed.editor, ["floor", "ice", "coin", "ray-1"])).toEqual(["floor", "coin", "ray-1"]);
    expect(ed.selection).toEqual(["floor", "coin", "ray-1"]);
    expect(ed.state.notice).toBe("3 of 4 selected: one is hidden or on a hidden or locked layer");
    selectListed(ed.editor, ["coin"]);
    expect(ed.state.notice).toBeNull();
  });

  it("Ctrl+Shift+A selects none, Ctrl+I inverts (never a locked layer's shape), Same Kind and Same Class widen the selection", () => {
    const ed = layered();
    ed.editor.update({ selection: ["floor", "c2"] });
    expect(ed.key("i", { mod: true })).toBe(true);
    expect(ed.selection).toEqual(["coin", "c3", "ray-1", "ray-2"]);
    expect(ed.key("a", { mod: true, shift: true })).toBe(true);
    expect(ed.selection).toEqual([]);
    ed.editor.update({ selection: ["c2"] });
    run(ed, "select.sameKind");
    expect(ed.selection).toEqual(["c2", "c3"]);
    ed.editor.update({ selection: ["c2"] });
    run(ed, "select.sameClass");
    expect(ed.selection).toEqual(["coin", "c2"]);
    ed.editor.update({ selection: ["floor"] });
    expect(disabledReason(ed.editor, actionById("select.sameClass"))).toMatch(/has a class/);
  });

  // The palette's "select same", "invert" and "deselect" found nothing.
  it("the palette finds them by Tiled's words", () => {
    const found = (q: string) => searchActions(ACTIONS, q).map((a) => a.id);
    expect(found("select same")).toEqual(expect.arrayContaining(["select.sameKind", "select.sameClass"]));
    expect(found("invert")).toContain("select.invert");
    expect(found("deselect")).toContain("select.none");
    expect(found("select all in layer")[0]).toBe("select.allInLayer");
  });

  // F2 with two shapes selected and Ctrl+D with nothing selected did nothing and said nothing.
  it("a refused key says why in the status line; F2 with several shapes is taken (the Name field renames them all)", () => {
    const ed = layered();
    expect(ed.key("d", { mod: true })).toBe(true);
    expect(ed.state.notice).toBe("Select shapes first: click one, or drag a box around several");
    ed.editor.update({ selection: ["floor", "c3"] });
    expect(disabledReason(ed.editor, actionById("edit.rename"))).toBeNull();
    ed.editor.update({ selection: ["ray-1", "ray-2"] });
    expect(disabledReason(ed.editor, actionById("edit.rename"))).toBe("Select one ray or sweep to rename it");
    // Enter while no outline is drawn has nothing to say.
    ed.editor.update({ notice: null });
    ed.key("Enter");
    expect(ed.state.notice).toBeNull();
  });
});
