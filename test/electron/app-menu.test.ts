import { describe, expect, it } from "vitest";
import type { MenuModel } from "../../core/shell/desktop-api";
import { applicationMenuTemplate, editorMenuTemplate, type MenuItemTemplate } from "../../electron/app-menu";

function roles(items: MenuItemTemplate[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);
}

describe("applicationMenuTemplate", () => {
  it("leaves undo, redo and zoom keys to the editor", () => {
    for (const platform of ["darwin", "linux", "win32"]) {
      const all = roles(applicationMenuTemplate(platform, true));
      for (const taken of ["undo", "redo", "zoomIn", "zoomOut", "resetZoom", "editMenu", "viewMenu"]) expect(all).not.toContain(taken);
    }
  });

  it("has an Edit menu only on macOS, where text fields need it for the clipboard", () => {
    expect(roles(applicationMenuTemplate("darwin", false))).toEqual(expect.arrayContaining(["appMenu", "copy", "paste", "windowMenu"]));
    expect(roles(applicationMenuTemplate("linux", false))).not.toContain("copy");
  });

  it("offers developer tools only when asked", () => {
    expect(roles(applicationMenuTemplate("linux", true))).toContain("toggleDevTools");
    expect(roles(applicationMenuTemplate("linux", false))).not.toContain("toggleDevTools");
    expect(roles(applicationMenuTemplate("linux", false))).not.toContain("reload");
  });
});

describe("editorMenuTemplate (the page's registry as the menu bar)", () => {
  const model: MenuModel = [
    { label: "File", items: [{ id: "file.save", label: "Save", accelerator: "CmdOrCtrl+S" }] },
    { label: "Edit", items: [{ id: "edit.undo", label: "Undo", accelerator: "CmdOrCtrl+Z" }, { id: "edit.copy", label: "Copy", accelerator: "CmdOrCtrl+C" }] },
    { label: "View", items: [{ id: "view.fit", label: "Fit to view" }] },
  ];

  it("makes one menu per group; items show their shortcut without registering it, and send their id", () => {
    const run: string[] = [];
    const menus = editorMenuTemplate("linux", false, model, (id) => run.push(id));
    expect(menus.map((m) => m.label)).toEqual(["File", "Edit", "View"]);
    const items = menus.flatMap((m) => m.submenu ?? []).filter((i) => i.id);
    expect(items.map((i) => i.id)).toEqual(["file.save", "edit.undo", "edit.copy", "view.fit"]);
    for (const item of items) {
      if (item.accelerator) expect(item.registerAccelerator).toBe(false);
      item.click!();
    }
    expect(run).toEqual(["file.save", "edit.undo", "edit.copy", "view.fit"]);
    expect(roles(menus)).toEqual(["togglefullscreen"]);
  });

  it("on macOS: app and window menus, and the clipboard roles stand in for Cut, Copy and Paste", () => {
    const menus = editorMenuTemplate("darwin", true, model, () => {});
    expect(menus[0]!.role).toBe("appMenu");
    expect(menus.at(-1)!.role).toBe("windowMenu");
    const edit = menus.find((m) => m.label === "Edit")!.submenu!;
    expect(edit.map((i) => i.id ?? i.role ?? i.type)).toEqual(["edit.undo", "separator", "cut", "copy", "paste"]);
    expect(roles(menus)).toEqual(expect.arrayContaining(["toggleDevTools", "reload"]));
  });
});

describe("editorMenuTemplate: separators and settings", () => {
  const model: MenuModel = [
    { label: "Edit", items: [{ id: "edit.undo", label: "Undo" }, { type: "separator" }, { id: "edit.cut", label: "Cut" }, { id: "edit.copy", label: "Copy" }, { id: "edit.paste", label: "Paste" }, { type: "separator" }, { id: "edit.selectAll", label: "Select all" }] },
    { label: "View", items: [{ id: "view.toggleGrid", label: "Show grid", checked: true }, { id: "view.toggleSnap", label: "Snap to grid", checked: false }, { id: "view.fit", label: "Fit to view" }] },
  ];

  it("keeps the model's separators between groups of items", () => {
    const edit = editorMenuTemplate("linux", false, model, () => {}).find((m) => m.label === "Edit")!.submenu!;
    expect(edit.map((i) => i.id ?? i.type)).toEqual(["edit.undo", "separator", "edit.cut", "edit.copy", "edit.paste", "separator", "edit.selectAll"]);
  });

  it("on macOS, where the clipboard items give way to roles, leaves no separator twice in a row", () => {
    const edit = editorMenuTemplate("darwin", false, model, () => {}).find((m) => m.label === "Edit")!.submenu!;
    expect(edit.map((i) => i.id ?? i.role ?? i.type)).toEqual(["edit.undo", "separator", "edit.selectAll", "separator", "cut", "copy", "paste"]);
  });

  it("shows a setting as a checkbox, checked while it is on; other items are plain", () => {
    const view = editorMenuTemplate("win32", false, model, () => {}).find((m) => m.label === "View")!.submenu!;
    expect(view.slice(0, 3).map((i) => [i.id, i.type, i.checked])).toEqual([["view.toggleGrid", "checkbox", true], ["view.toggleSnap", "checkbox", false], ["view.fit", undefined, undefined]]);
  });
});

describe("File → Open Recent", () => {
  const model: MenuModel = [
    { label: "File", items: [{ id: "file.new", label: "New" }, { id: "file.open", label: "Open…" }, { id: "file.save", label: "Save" }] },
    { label: "Edit", items: [{ id: "edit.undo", label: "Undo" }] },
  ];

  function openRecent(menus: MenuItemTemplate[]): MenuItemTemplate {
    const file = menus.find((m) => m.label === "File")!.submenu!;
    const index = file.findIndex((i) => i.label === "Open Recent");
    expect(file[index - 1]!.id, "right after Open…").toBe("file.open");
    return file[index]!;
  }

  it("lists the files, most recent first, each opening its path; Clear Recent clears", () => {
    const opened: string[] = [];
    let cleared = 0;
    const files = ["/levels/b.json", "/levels/a.json"];
    const menu = openRecent(editorMenuTemplate("linux", false, model, () => {}, { files, open: (p) => opened.push(p), clear: () => { cleared++; } }));
    const items = menu.submenu!;
    expect(items.map((i) => i.label ?? i.type)).toEqual(["/levels/b.json", "/levels/a.json", "separator", "Clear Recent"]);
    items[1]!.click!();
    items[0]!.click!();
    items[3]!.click!();
    expect(opened).toEqual(["/levels/a.json", "/levels/b.json"]);
    expect(cleared).toBe(1);
    expect(items[3]!.enabled).toBe(true);
  });

  it("says so when empty, with Clear Recent disabled", () => {
    const items = openRecent(editorMenuTemplate("win32", false, model, () => {}, { files: [], open: () => {}, clear: () => {} })).submenu!;
    expect(items.map((i) => [i.label ?? i.type, i.enabled])).toEqual([["No Recent Files", false], ["separator", undefined], ["Clear Recent", false]]);
  });

  it("doubles & in paths outside macOS, where it would mark an access key", () => {
    const files = ["C:\\Levels\\R&D.json"];
    const win = openRecent(editorMenuTemplate("win32", false, model, () => {}, { files, open: () => {}, clear: () => {} })).submenu!;
    expect(win[0]!.label).toBe("C:\\Levels\\R&&D.json");
    const mac = openRecent(editorMenuTemplate("darwin", false, model, () => {}, { files: ["/R&D.json"], open: () => {}, clear: () => {} })).submenu!;
    expect(mac[0]!.label).toBe("/R&D.json");
  });

  it("is left out when the shell gives no list", () => {
    const file = editorMenuTemplate("linux", false, model, () => {}).find((m) => m.label === "File")!.submenu!;
    expect(file.map((i) => i.id)).toEqual(["file.new", "file.open", "file.save"]);
  });
});
