// The application menu as a template of Electron roles. Undo/redo and zoom are deliberately left
// out: their accelerators (Ctrl+Z, Ctrl+=, ...) belong to the editor's own history and canvas.
// Windows and Linux get no Edit menu: Chromium handles clipboard keys in text fields there, and
// the editor may bind Ctrl+C/Ctrl+V/Delete to its shapes.

export type MenuRole =
  | "appMenu" | "fileMenu" | "windowMenu" | "cut" | "copy" | "paste" | "delete" | "selectAll"
  | "togglefullscreen" | "reload" | "toggleDevTools";

export interface MenuItemTemplate {
  readonly role?: MenuRole;
  readonly label?: string;
  readonly type?: "separator";
  readonly submenu?: MenuItemTemplate[];
}

export function applicationMenuTemplate(platform: string, developerTools: boolean): MenuItemTemplate[] {
  const edit: MenuItemTemplate = {
    label: "Edit",
    // Needed on macOS for clipboard shortcuts in text fields.
    submenu: [{ role: "cut" }, { role: "copy" }, { role: "paste" }, { role: "delete" }, { type: "separator" }, { role: "selectAll" }],
  };
  const view: MenuItemTemplate = {
    label: "View",
    submenu: [
      { role: "togglefullscreen" },
      ...(developerTools ? [{ type: "separator" as const }, { role: "reload" as const }, { role: "toggleDevTools" as const }] : []),
    ],
  };
  return platform === "darwin"
    ? [{ role: "appMenu" }, { role: "fileMenu" }, edit, view, { role: "windowMenu" }]
    : [{ role: "fileMenu" }, view];
}
