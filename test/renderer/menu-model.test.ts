// The desktop menu bar comes from the action registry: every action once, under its menu, with
// its shortcut as Electron writes it; and a chosen item runs the action it names.
import { describe, expect, it } from "vitest";
import { menuModelSchema } from "../../core/shell/desktop-api";
import { accelerator, menuModel, runMenuCommand } from "../../renderer/actions/menu-model";
import { ACTIONS } from "../../renderer/actions/registry";
import { TestEditor } from "./test-editor";

describe("menuModel", () => {
  it("lists every action once, under its group, in menu-bar order, and passes the shell's schema", () => {
    const model = menuModel();
    expect(menuModelSchema.safeParse(model).success).toBe(true);
    expect(model.map((m) => m.label)).toEqual(["File", "Edit", "View", "Tools", "Help"]);
    const ids = model.flatMap((m) => m.items.map((i) => i.id));
    expect([...ids].sort()).toEqual(ACTIONS.map((a) => a.id).sort());
    for (const menu of model) for (const item of menu.items) expect(ACTIONS.find((a) => a.id === item.id)!.group).toBe(menu.label);
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
    const undo = menuModel().find((m) => m.label === "Edit")!.items.find((i) => i.id === "edit.undo");
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
