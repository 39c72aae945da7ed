// The action registry, the command palette's search and the clipboard, without a browser.
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { EXPORT_FORMATS, type Probe, type Shape } from "../../core";
import { clearMemoryClipboard, copy, cut, duplicate, paste, pasteText } from "../../renderer/actions/edit-actions";
import { exportActionId } from "../../renderer/actions/file-actions";
import { dispatchKey } from "../../renderer/actions/keyboard";
import { runMenuCommand } from "../../renderer/actions/menu-model";
import { ACTIONS, actionById, actionForKey, ariaKeyShortcut, chordLabel, type KeyChord } from "../../renderer/actions/registry";
import { searchActions, wordScore } from "../../renderer/actions/search";
import { ACTION_GROUPS, type Action } from "../../renderer/actions/types";
import { closeModal, modalOpen } from "../../renderer/app/modals";
import { initialTheme } from "../../renderer/app/theme-preference";
import { canvasTheme } from "../../renderer/canvas/theme";
import { loadDocument, select, toggleTheme, undo } from "../../renderer/store/actions";
import { CLIPBOARD_FORMAT, copySelection, parseClipboard, pasteOffset, payloadCentre, planPaste, serializeClipboard } from "../../renderer/store/clipboard";

let editor = new Editor();

const state = () => editor.getState();
const box = (id: string, x: number, y: number, extra: Partial<Shape> = {}): Shape => ({ id, type: "box", x, y, rotation: 0, width: 20, height: 10, ...extra }) as Shape;
const circle = (id: string, x: number, y: number): Shape => ({ id, type: "circle", x, y, rotation: 0, radius: 5 });

function load(shapes: Shape[], probes: Probe[] = []): void {
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes, probes, layers: [{ id: "ground", name: "Ground" }, { id: "top", name: "Top" }] }, { name: "t.json" });
}

const allIds = () => [...state().shapes.map((s) => s.id), ...state().probes.map((p) => p.id)];

beforeEach(() => {
  editor = new Editor();
  clearMemoryClipboard();
  editor.update({ cursor: null });
  load([]);
});

describe("action registry", () => {
  it("gives every action a unique id, a label and a known group", () => {
    const ids = ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of ACTIONS) {
      expect(a.label.trim(), a.id).not.toBe("");
      expect(ACTION_GROUPS, a.id).toContain(a.group);
    }
  });

  it("has no two actions on the same chord", () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const a of ACTIONS) {
      for (const k of a.keys) {
        const sig = `${k.mod ? "mod+" : ""}${k.shift ? "shift+" : ""}${k.alt ? "alt+" : ""}${k.key.toLowerCase()}`;
        const other = seen.get(sig);
        if (other && other !== a.id) clashes.push(`${sig}: ${other} and ${a.id}`);
        seen.set(sig, a.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("binds the palette, the sheet and the clipboard where the brief says", () => {
    expect(actionById("help.commandPalette").keys.map(chordLabel)).toEqual(["Ctrl+Shift+P", "F1"]);
    expect(actionById("help.shortcuts").keys.map(chordLabel)).toEqual(["Ctrl+/"]);
    expect(["edit.cut", "edit.copy", "edit.paste", "edit.duplicate"].map((id) => chordLabel(actionById(id).keys[0]!))).toEqual(["Ctrl+X", "Ctrl+C", "Ctrl+V", "Ctrl+D"]);
    expect(actionById("view.toggleTheme").group).toBe("View");
    // Tiled's grid toggle; Ctrl+' still works.
    expect(actionById("view.toggleGrid").keys.map(chordLabel)).toEqual(["Ctrl+G", "Ctrl+'"]);
    expect(actionForKey({ key: "g", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, target: null })?.id).toBe("view.toggleGrid");
  });

  it("writes arrows and Escape as keycaps read them, and lists a layout's second spelling of a chord once", () => {
    expect(chordLabel({ key: "ArrowLeft", shift: true })).toBe("Shift+←");
    expect(chordLabel({ key: "Escape" })).toBe("Esc");
    expect(ariaKeyShortcut({ key: "z", mod: true, shift: true })).toBe("Control+Shift+Z");
    expect(ariaKeyShortcut({ key: "+", mod: true })).toBe("Control+Plus");
    // An alias stands for the chord before it, so it is never an action's first (shown) chord.
    for (const a of ACTIONS) expect(a.keys[0]?.alias, a.id).toBeFalsy();
    expect(actionById("view.fit").keys.filter((k) => !k.alias).map(chordLabel)).toEqual(["Shift+1", "Home"]);
  });

  it("puts every export format in the Export menu, then Export Options…, and import and ray logs in File", () => {
    expect(ACTIONS.filter((a) => a.group === "Export").map((a) => a.id)).toEqual([...EXPORT_FORMATS.map((f) => exportActionId(f.id)), "file.exportOptions"]);
    // Regression: "phaser-matter" made "file.exportPhaser-matter", which the menu's schema refuses (ids have no hyphens).
    expect([exportActionId("godot3"), exportActionId("phaser-matter")]).toEqual(["file.exportGodot3", "file.exportPhaserMatter"]);
    for (const id of ["file.importTiled", "file.openRayLog", "file.rerecordRayLog", "file.closeRayLog"]) expect(actionById(id).group).toBe("File");
  });
});

describe("commands from a text field", () => {
  /** A focused text input, as the key handler sees it: blur() is leaving it, which applies what was typed. */
  const field = (onLeave: () => void = () => {}) => ({ tagName: "INPUT", type: "text", left: 0, blur() { this.left++; onLeave(); } });
  const pressIn = (target: object, k: KeyChord) => ({ key: k.key, ctrlKey: k.mod === true, metaKey: false, shiftKey: k.shift === true, altKey: k.alt === true, target: target as unknown as EventTarget });

  it("runs exactly the global actions' keys from a text field; every other key stays the field's", () => {
    for (const a of ACTIONS) {
      for (const k of a.keys) expect(actionForKey(pressIn(field(), k))?.id, `${a.id} ${chordLabel(k)}`).toBe(a.global === true ? a.id : undefined);
    }
    const globals = ACTIONS.filter((a) => a.global === true).map((a) => a.id);
    for (const id of ["file.new", "file.open", "file.save", "file.saveAs", "help.commandPalette", "help.shortcuts", exportActionId("godot")]) expect(globals).toContain(id);
  });

  it("never takes a key that edits text: letters, Ctrl+A/C/V/X/Z/Y, arrows, Home/End, Delete, Backspace, Enter, Escape", () => {
    const textKeys: KeyChord[] = [
      ..."abcxyz019 /'-=".split("").flatMap((key) => [{ key }, { key, shift: true }]),
      ..."acvxzy".split("").flatMap((key) => [{ key, mod: true }, { key, mod: true, shift: true }]),
      ...["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Delete", "Backspace", "Enter", "Escape", "Tab"].flatMap((key) => [{ key }, { key, shift: true }, { key, mod: true }]),
    ];
    for (const k of textKeys) expect(actionForKey(pressIn(field(), k)), chordLabel(k)).toBeUndefined();
  });

  it("leaves the field first, so its typed value is applied before the command runs", () => {
    let scaleWhenLeft = Number.NaN;
    const input = field(() => (scaleWhenLeft = state().view.scale));
    const before = state().view.scale;
    expect(dispatchKey(editor, pressIn(input, { key: "=", mod: true }))).toBe(true);
    expect([input.left, scaleWhenLeft]).toEqual([1, before]);
    expect(state().view.scale).toBeGreaterThan(before);
    // F1 opens the palette from the field; a key the field owns leaves it alone.
    expect(dispatchKey(editor, pressIn(input, { key: "F1" }))).toBe(true);
    expect([input.left, modalOpen()]).toEqual([2, true]);
    closeModal();
    expect(dispatchKey(editor, pressIn(input, { key: "z", mod: true }))).toBe(false);
    expect(input.left).toBe(2);
  });

  it("leaves the focused field before a global menu command (the desktop's native menu takes no focus)", () => {
    const input = field();
    const doc = { activeElement: input };
    const had = "document" in globalThis;
    Object.assign(globalThis, { document: doc });
    try {
      runMenuCommand(editor, "view.zoomIn");
      runMenuCommand(editor, "edit.selectAll");
    } finally {
      if (!had) Reflect.deleteProperty(globalThis, "document");
    }
    expect(input.left).toBe(1);
  });
});

describe("palette search", () => {
  const fake = (id: string, label: string, group: Action["group"]): Action => ({ id, label, group, keys: [], run: () => {} });
  const list = [fake("a", "Save As…", "File"), fake("b", "Circle", "Tools"), fake("c", "Cancel / Select none", "Edit"), fake("d", "Select all", "Edit"), fake("e", "Save", "File")];

  it("keeps every action, in order, for an empty query", () => {
    expect(searchActions(list, "  ").map((a) => a.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("ranks a label prefix above a word inside a label, and drops non-matches", () => {
    expect(searchActions(list, "sel").map((a) => a.id)).toEqual(["d", "c"]);
    expect(searchActions(list, "circle").map((a) => a.id)).toEqual(["b"]);
  });

  it("finds by group below label matches, and needs every word", () => {
    expect(searchActions(list, "file").map((a) => a.id)).toEqual(["a", "e"]);
    expect(searchActions(list, "save as").map((a) => a.id)).toEqual(["a"]);
  });

  it("matches letters in order (fuzzy) for words of up to three letters, worse than a substring", () => {
    expect(wordScore("sva", "Save As")).not.toBeNull();
    // Four letters or more are meant as typed: "hide" is not h…i…d…e of "Nudge right one grid cell".
    expect(wordScore("svas", "Save As")).toBeNull();
    expect(wordScore("hide", "Nudge right one grid cell")).toBeNull();
    expect(wordScore("xq", "Save As")).toBeNull();
    expect(wordScore("ave", "Save")!).toBeLessThan(wordScore("sae", "Save")!);
  });

  it("leaves out letters in order when some action holds the word as a run: 'ray' is not Raise Layer", () => {
    const found = searchActions(ACTIONS, "ray").map((a) => a.label);
    expect(found.length).toBeGreaterThan(0);
    for (const label of found) expect(label.toLowerCase()).toContain("ray");
    expect(found).not.toContain("Raise Layer");
    // With no run anywhere, letters in order still find: "sva" is Save As.
    expect(searchActions(ACTIONS, "sva").map((a) => a.label)).toContain("Save As…");
  });

  it("finds an action by its other words: 'mirror' is Flip, 'turn' Rotate, below a label's own match", () => {
    expect(searchActions(ACTIONS, "mirror").map((a) => a.id)).toEqual(["edit.flipHorizontal", "edit.flipVertical"]);
    expect(searchActions(ACTIONS, "turn").map((a) => a.id).slice(0, 2)).toEqual(["edit.rotateClockwise", "edit.rotateAnticlockwise"]);
  });

  it("finds Tiled's and Godot's words for the commands there are (the keys review's queries)", () => {
    const find = (q: string) => searchActions(ACTIONS, q).map((a) => a.id);
    expect(find("hide")).toEqual(["layer.visible"]);
    expect(find("visible")).toEqual(["layer.visible"]);
    expect(find("lock")).toEqual(["layer.locked"]);
    expect(find("clone")).toEqual(["edit.duplicate"]);
    expect(find("deselect")).toEqual(["select.none"]);
    expect(find("toggle snap")).toEqual(["view.toggleSnap"]);
    expect(find("toggle")).toEqual(expect.arrayContaining(["view.toggleGrid", "view.toggleSnap", "view.toggleNames", "view.toggleTheme", "layer.visible", "layer.locked"]));
    expect(find("zoom fit")).toEqual(["view.fit"]);
    expect(find("fit")[0]).toBe("view.fit");
    expect(find("history")).toEqual(["edit.undo", "edit.redo"]);
    expect(find("bring to front")).toEqual(["edit.raiseToTop"]);
    expect(find("send to back")).toEqual(["edit.lowerToBottom"]);
    expect(find("raise").slice(0, 2)).toEqual(["edit.raise", "edit.raiseToTop"]);
    expect(find("lower").slice(0, 2)).toEqual(["edit.lower", "edit.lowerToBottom"]);
    // No command sets a sensor, edits properties or aligns: nothing, rather than something unrelated.
    expect(find("sensor")).toEqual([]);
    expect(find("properties")).toEqual([]);
    expect(find("align")).toEqual([]);
  });

  it("finds real actions: 'circle' puts the Circle tool first", () => {
    expect(searchActions(ACTIONS, "circle")[0]!.id).toBe("tool.circle");
    expect(searchActions(ACTIONS, "shortcuts")[0]!.id).toBe("help.shortcuts");
  });
});

describe("clipboard (pure)", () => {
  it("copies the selection without layers and refuses an empty selection", () => {
    const doc = { shapes: [box("box-1", 0, 0, { layer: "ground" }), circle("circle-1", 50, 0)], probes: [] };
    const p = copySelection(doc, ["box-1"])!;
    expect(p.format).toBe(CLIPBOARD_FORMAT);
    expect(p.shapes.map((s) => s.id)).toEqual(["box-1"]);
    expect(p.shapes[0]!.layer).toBeUndefined();
    expect(copySelection(doc, [])).toBeNull();
  });

  it("takes a copied shape's sweep along and leaves out a sweep whose shape is not copied", () => {
    const sweep: Probe = { id: "sweep-1", type: "sweep", name: "dash", shape: "box-1", to: [100, 0] };
    const doc = { shapes: [box("box-1", 0, 0), circle("circle-1", 50, 0)], probes: [sweep] };
    expect(copySelection(doc, ["box-1"])!.probes.map((p) => p.id)).toEqual(["sweep-1"]);
    expect(copySelection(doc, ["sweep-1"])).toBeNull();
    expect(copySelection(doc, ["circle-1", "sweep-1"])!.probes).toEqual([]);
  });

  it("re-points a pasted sweep to the pasted shape, with fresh ids across shapes and probes", () => {
    const sweep: Probe = { id: "sweep-1", type: "sweep", name: "dash", shape: "box-1", to: [100, 0] };
    const doc = { shapes: [box("box-1", 0, 0)], probes: [sweep] };
    const plan = planPaste(copySelection(doc, ["box-1"])!, doc, "top", 5, 7);
    expect(plan.ids).toEqual(["box-2", "sweep-2"]);
    expect(plan.shapes[0]).toMatchObject({ id: "box-2", layer: "top", x: 5, y: 7 });
    expect(plan.probes[0]).toMatchObject({ id: "sweep-2", shape: "box-2", to: [105, 7], name: "dash" });
  });

  it("in a document with a Tiled map, a pasted shape keeps only a tiledId the document knows (a copy, a cut shape pasted back), not another map's", () => {
    const base = [{ id: "wall", type: "box", x: 0, y: 0, rotation: 0, width: 20, height: 10, tiledId: 7 }];
    const doc = { shapes: [{ ...box("box-1", 0, 0), tiledId: 3 }], probes: [], extras: { tiledMap: { src: "level.tmx", base } } };
    const payload = { ...copySelection(doc, ["box-1"])!, shapes: [{ ...box("a", 0, 0), tiledId: 3 }, { ...box("b", 0, 0), tiledId: 7 }, { ...box("c", 0, 0), tiledId: 4 }] };
    const plan = planPaste(payload, doc, "top", 0, 0);
    expect(plan.shapes.map((s) => s.tiledId)).toEqual([3, 7, undefined]);
    // Without a map (a scene only exported to Tiled), ids move with the shapes as before.
    expect(planPaste(payload, { ...doc, extras: {} }, "top", 0, 0).shapes.map((s) => s.tiledId)).toEqual([3, 7, 4]);
  });

  it("centres a payload on its bounds", () => {
    const p = copySelection({ shapes: [box("box-1", 0, 0), circle("circle-1", 100, 50)], probes: [] }, ["box-1", "circle-1"])!;
    // Box spans x −10..10, y −5..5; circle spans 95..105, 45..55.
    expect(payloadCentre(p)).toEqual({ x: 47.5, y: 25 });
  });

  it("centres a shape copied with its sweep on the shape, not on the middle of it and the sweep's target; a ray counts", () => {
    const sweep: Probe = { id: "sweep-1", type: "sweep", name: "", shape: "box-1", to: [400, 300] };
    const ray: Probe = { id: "ray-1", type: "ray", name: "", from: [0, 20], to: [60, 20] };
    const doc = { shapes: [box("box-1", 0, 0)], probes: [sweep, ray] };
    const withSweep = copySelection(doc, ["box-1"])!;
    expect(withSweep.probes.map((p) => p.id)).toEqual(["sweep-1"]);
    expect(payloadCentre(withSweep)).toEqual({ x: 0, y: 0 });
    // The box spans x −10..10, y −5..5; the ray runs from (0, 20) to (60, 20).
    expect(payloadCentre(copySelection(doc, ["box-1", "ray-1"])!)).toEqual({ x: 25, y: 7.5 });
  });

  it("with snapping on, a paste puts its bounds' top-left corner on the grid, as a move does; with no cursor it moves a whole cell", () => {
    const p = copySelection({ shapes: [box("box-1", 0, 0), circle("circle-1", 100, 50)], probes: [] }, ["box-1", "circle-1"])!;
    // Centred on (507, 293), the bounds would start at (449.5, 263): snapped to 16s, (448, 256).
    expect(pasteOffset(p, { x: 507, y: 293 }, 16)).toEqual({ dx: 458, dy: 261 });
    expect(pasteOffset(p, { x: 507, y: 293 })).toEqual({ dx: 459.5, dy: 268 });
    expect(pasteOffset(p, null, 16)).toEqual({ dx: 16, dy: 16 });
    expect(pasteOffset(p, null)).toEqual({ dx: 10, dy: 10 });
  });

  it("refuses foreign and malformed text with a reason", () => {
    for (const text of ["hello", "", "{", "[1,2]", "null", JSON.stringify({ format: "other", shapes: [] }), JSON.stringify({ format: CLIPBOARD_FORMAT, version: 99, shapes: [], probes: [] }), JSON.stringify({ format: CLIPBOARD_FORMAT, version: 1, shapes: [{ id: "x", type: "circle", x: 0, y: 0, rotation: 0, radius: -4 }], probes: [] }), JSON.stringify({ format: CLIPBOARD_FORMAT, version: 1, shapes: [], probes: [{ id: "s", type: "sweep", name: "", shape: "nope", to: [0, 0] }] })]) {
      const r = parseClipboard(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.reason, text).not.toBe("");
    }
  });

  it("reads back what it wrote", () => {
    const p = copySelection({ shapes: [box("box-1", 3, 4, { name: "door", collisionLayer: 4, collisionMask: 6, properties: [{ name: "hp", type: "number", value: 3 }] })], probes: [] }, ["box-1"])!;
    const r = parseClipboard(serializeClipboard(p));
    expect(r).toEqual({ ok: true, payload: p });
  });
});

describe("clipboard in the editor", () => {
  const door = box("box-1", 0, 0, { name: "door", layer: "ground", collisionLayer: 4, collisionMask: 6, properties: [{ name: "hp", type: "number", value: 3 }] });

  it("pastes a copy at the cursor with fresh ids, kept properties, on the active layer, selected, in one undo step", async () => {
    load([door, circle("circle-1", 100, 0)]);
    select(editor, ["box-1", "circle-1"]);
    await copy(editor);
    editor.update({ cursor: { x: 500, y: 300 }, activeLayer: "top" });
    const before = editor.history.undoCount;
    await paste(editor);
    const added = state().shapes.slice(2);
    expect(added.map((s) => s.id)).toEqual(["box-2", "circle-2"]);
    expect(new Set(allIds()).size).toBe(allIds().length);
    expect(state().selection).toEqual(["box-2", "circle-2"]);
    expect(added[0]).toMatchObject({ name: "door", collisionLayer: 4, collisionMask: 6, properties: [{ name: "hp", type: "number", value: 3 }], layer: "top" });
    // The group spans x −10..105, y −5..5: its centre lands on the cursor.
    expect(payloadCentre({ format: CLIPBOARD_FORMAT, version: 1, shapes: added, probes: [] })).toEqual({ x: 500, y: 300 });
    expect(editor.history.undoCount).toBe(before + 1);
    undo(editor);
    expect(state().shapes.map((s) => s.id)).toEqual(["box-1", "circle-1"]);
  });

  it("pastes 10, 10 away when the pointer is not over the canvas", async () => {
    load([door]);
    select(editor, ["box-1"]);
    await copy(editor);
    await paste(editor);
    expect(state().shapes[1]).toMatchObject({ id: "box-2", x: 10, y: 10 });
  });

  it("refuses foreign clipboard text without changing the document, with a notice", () => {
    load([door]);
    const doc = state().shapes;
    const before = editor.history.undoCount;
    expect(pasteText(editor, "just some text")).toBe(false);
    expect(pasteText(editor, '{"format":"collider-studio-clipboard","version":1,"shapes":"nope"}')).toBe(false);
    expect(state().shapes).toBe(doc);
    expect(editor.history.undoCount).toBe(before);
    expect(state().notice).toMatch(/invalid|no Collider Studio/);
  });

  it("duplicates the selection one grid cell away, leaving the clipboard alone", async () => {
    load([door, circle("circle-1", 100, 0)]);
    editor.update({ gridSize: 25 });
    select(editor, ["circle-1"]);
    await copy(editor);
    select(editor, ["box-1"]);
    duplicate(editor);
    expect(state().shapes[2]).toMatchObject({ id: "box-2", x: 25, y: 25, name: "door" });
    expect(state().selection).toEqual(["box-2"]);
    await paste(editor);
    expect(state().shapes[3]!.type).toBe("circle");
  });

  it("duplicates each shape on its own layer, whichever layer is active and even when that one is locked; a paste goes to the active layer", async () => {
    load([box("box-1", 0, 0, { layer: "ground" }), box("box-2", 50, 0, { layer: "top" })]);
    editor.update({ activeLayer: "top", layers: state().layers.map((l) => (l.id === "top" ? { ...l, locked: true } : l)) });
    select(editor, ["box-1"]);
    duplicate(editor);
    expect(state().shapes.map((s) => [s.id, s.layer])).toEqual([["box-1", "ground"], ["box-2", "top"], ["box-3", "ground"]]);
    expect(state().notice).toBe("Duplicated box-1");
    expect(editor.history.undoLabel).toBe("Duplicate box-1");
    editor.update({ layers: state().layers.map((l) => ({ ...l, locked: false })) });
    select(editor, ["box-1", "box-2"]);
    duplicate(editor);
    expect(state().shapes.slice(3).map((s) => s.layer)).toEqual(["ground", "top"]);
    select(editor, ["box-1"]);
    await copy(editor);
    await paste(editor);
    expect(state().shapes.at(-1)!.layer).toBe("top");
  });

  it("cuts as copy plus delete in one undo step, and pastes the sweep back with its shape", async () => {
    const sweep: Probe = { id: "sweep-1", type: "sweep", name: "dash", shape: "box-1", to: [100, 0] };
    load([door, circle("circle-1", 100, 0)], [sweep]);
    select(editor, ["box-1"]);
    const before = editor.history.undoCount;
    await cut(editor);
    expect(state().shapes.map((s) => s.id)).toEqual(["circle-1"]);
    expect(state().probes).toEqual([]);
    expect(editor.history.undoCount).toBe(before + 1);
    await paste(editor);
    expect(state().probes[0]).toMatchObject({ type: "sweep", shape: state().shapes[1]!.id, to: [110, 10] });
    undo(editor);
    undo(editor);
    expect(state().shapes.map((s) => s.id)).toEqual(["box-1", "circle-1"]);
    expect(state().probes.map((p) => p.id)).toEqual(["sweep-1"]);
  });
});

describe("themes", () => {
  it("switches between dark and light, with the same canvas keys and another background", () => {
    editor.update({ theme: "dark" });
    toggleTheme(editor);
    expect(state().theme).toBe("light");
    toggleTheme(editor);
    expect(state().theme).toBe("dark");
    expect(Object.keys(canvasTheme("light")).sort()).toEqual(Object.keys(canvasTheme("dark")).sort());
    expect(canvasTheme("light").background).not.toBe(canvasTheme("dark").background);
  });

  it("starts from the saved choice, else the system's preference", () => {
    expect(initialTheme(null, true)).toBe("light");
    expect(initialTheme(null, false)).toBe("dark");
    expect(initialTheme("dark", true)).toBe("dark");
    expect(initialTheme("purple", true)).toBe("light");
  });
});
