// The menu bar (the desktop's native one and the web build's) comes from the action registry: every
// action once, under its menu, grouped by section, with its shortcut as Electron writes it and,
// for a setting, whether it is on; and a chosen item runs the action it names.
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXPORT_FORMATS } from "../../core";
import { menuModelSchema, type MenuModel, type MenuModelItem } from "../../core/shell/desktop-api";
import { exportActionId } from "../../renderer/actions/file-actions";
import { accelerator, menuChecks, menuModel, runMenuCommand } from "../../renderer/actions/menu-model";
import { ACTIONS } from "../../renderer/actions/registry";
import { addShape } from "../../renderer/store/actions";
import { TestEditor } from "./test-editor";

const itemsOf = (model: MenuModel, label: string): MenuModelItem[] => model.find((m) => m.label === label)!.items.filter((i): i is MenuModelItem => "id" in i);
/** A menu's lines as ids, separators as "—". */
const linesOf = (model: MenuModel, label: string): string[] => model.find((m) => m.label === label)!.items.map((i) => ("id" in i ? i.id : "—"));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("menuModel", () => {
  it("lists every action once, under its group, in menu-bar order, and passes the shell's schema", () => {
    const model = menuModel();
    expect(menuModelSchema.safeParse(model).success).toBe(true);
    expect(model.map((m) => m.label)).toEqual(["File", "Edit", "View", "Layer", "Export", "Tools", "Help"]);
    const ids = model.flatMap((m) => itemsOf(model, m.label).map((i) => i.id));
    expect([...ids].sort()).toEqual(ACTIONS.map((a) => a.id).sort());
    for (const menu of model) for (const item of itemsOf(model, menu.label)) expect(ACTIONS.find((a) => a.id === item.id)!.group).toBe(menu.label);
  });

  it("groups a menu's items with separators where their section changes, never first, last or twice", () => {
    const model = menuModel();
    expect(linesOf(model, "File")).toEqual(["file.new", "file.open", "file.openInFolder", "file.save", "file.saveAs", "file.saveToMap", "—", "file.importTiled", "file.importTiledInFolder", "file.addImage", "—", "file.openRayLog", "file.saveRaysAsLog", "file.rerecordRayLog", "file.closeRayLog"]);
    expect(linesOf(model, "Export")).toEqual([...EXPORT_FORMATS.map((f) => exportActionId(f.id)), "—", "file.exportOptions"]);
    expect(linesOf(model, "Help")).toEqual(["help.commandPalette", "help.shortcuts"]);
    expect(linesOf(model, "Layer")).toEqual(["layer.new", "layer.delete", "—", "layer.raise", "layer.lower", "—", "layer.above", "layer.below", "—", "layer.visible", "layer.locked", "—", "layer.selectionUp", "layer.selectionDown"]);
    // Object order and nudges edit the document: Edit, not View.
    expect(linesOf(model, "Edit").join(" ")).toContain("— edit.raise edit.lower edit.raiseToTop edit.lowerToBottom — edit.nudgeLeft");
    expect(linesOf(model, "View").filter((id) => id.includes("nudge"))).toEqual([]);
    expect(itemsOf(model, "Edit").find((i) => i.id === "edit.raiseToTop")!.accelerator).toBe("Shift+PageUp");
    for (const menu of model) {
      const lines = linesOf(model, menu.label).join(" ");
      expect(lines, menu.label).not.toMatch(/^—|—$|— —/);
    }
  });

  it("leaves out what the build has not: the desktop app has no Open Scene in Folder… (its Open reads beside the scene)", () => {
    vi.stubGlobal("window", { colliderStudio: { platform: "linux" } });
    const model = menuModel();
    expect(linesOf(model, "File").slice(0, 4)).toEqual(["file.new", "file.open", "file.save", "file.saveAs"]);
    // Nor Import Tiled Map in Folder… (its import reads beside the map).
    expect(linesOf(model, "File")).not.toContain("file.importTiledInFolder");
  });

  it("says whether each setting is on when given the editor, and nothing of it without", () => {
    const ed = new TestEditor();
    const view = () => itemsOf(menuModel(ed.editor), "View");
    const grid = () => view().find((i) => i.id === "view.toggleGrid")!;
    const snap = () => view().find((i) => i.id === "view.toggleSnap")!;
    const before = menuChecks(ed.editor);
    expect(grid().checked).toBe(ed.state.grid.visible);
    runMenuCommand(ed.editor, "view.toggleGrid");
    expect(grid().checked).toBe(ed.state.grid.visible);
    expect(menuChecks(ed.editor)).not.toBe(before);
    expect(snap().checked).toBe(ed.state.grid.snap);
    expect(view().find((i) => i.id === "view.zoomIn")!.checked).toBeUndefined();
    expect(itemsOf(menuModel(), "View").find((i) => i.id === "view.toggleGrid")!.checked).toBeUndefined();
    expect(menuModelSchema.safeParse(menuModel(ed.editor)).success).toBe(true);
  });

  it("names the step Undo and Redo would take, and tells the desktop menu when the names change", () => {
    const ed = new TestEditor();
    const edit = () => itemsOf(menuModel(ed.editor), "Edit");
    const label = (id: string) => edit().find((i) => i.id === id)!.label;
    expect([label("edit.undo"), label("edit.redo")]).toEqual(["Undo", "Redo"]);
    const before = menuChecks(ed.editor);
    addShape(ed.editor, { id: "box-1", type: "box", x: 0, y: 0, rotation: 0, width: 4, height: 4 });
    expect(label("edit.undo")).toBe("Undo Add box");
    expect(menuChecks(ed.editor)).not.toBe(before);
    runMenuCommand(ed.editor, "edit.undo");
    expect([label("edit.undo"), label("edit.redo")]).toEqual(["Undo", "Redo Add box"]);
    // Without the editor (the model's shape for the shell's schema), the plain label.
    expect(itemsOf(menuModel(), "Edit").find((i) => i.id === "edit.redo")!.label).toBe("Redo");
  });

  it("writes shortcuts as Electron accelerators", () => {
    expect(accelerator({ key: "z", mod: true, shift: true })).toBe("CmdOrCtrl+Shift+Z");
    expect(accelerator({ key: "Delete" })).toBe("Delete");
    expect(accelerator({ key: "ArrowRight", shift: true })).toBe("Shift+Right");
    expect(accelerator({ key: "Escape" })).toBe("Esc");
    expect(accelerator({ key: "=", mod: true })).toBe("CmdOrCtrl+=");
    expect(accelerator({ key: "+", mod: true })).toBe("CmdOrCtrl+Plus");
    expect(accelerator({ key: "F1" })).toBe("F1");
    expect(accelerator({ key: "Dead" })).toBeUndefined();
    const undo = itemsOf(menuModel(), "Edit").find((i) => i.id === "edit.undo");
    expect(undo).toEqual({ id: "edit.undo", label: "Undo", accelerator: "CmdOrCtrl+Z" });
  });

  it("a chosen item runs its action when enabled; unknown ids and disabled actions do nothing", () => {
    const ed = new TestEditor();
    const editor = ed.editor;
    runMenuCommand(editor, "tool.box");
    expect(editor.getState().tool).toBe("box");
    ed.click(0, 0);
    expect(ed.shapes).toHaveLength(1);
    runMenuCommand(editor, "edit.undo");
    expect(ed.shapes).toHaveLength(0);
    runMenuCommand(editor, "edit.undo"); // nothing left to undo: disabled, no error
    runMenuCommand(editor, "no.such");
    expect(ed.shapes).toHaveLength(0);
  });
});
