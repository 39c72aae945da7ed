import { describe, expect, it } from "vitest";
import { applicationMenuTemplate, type MenuItemTemplate } from "../../electron/app-menu";

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
