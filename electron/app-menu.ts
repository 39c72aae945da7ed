// The application menu. Until the page sends its action registry (menu:set), a template of
// Electron roles; then File, Edit, View, Export, Tools and Help from the registry. Registry items show
// their shortcut but do not register it (registerAccelerator: false): the page's own key handler
// runs shortcuts, so a key never runs an action twice. Undo/redo and zoom roles are never used:
// their keys belong to the editor's own history and canvas.
import type { MenuModel, MenuModelEntry } from "../core/shell/desktop-api";

export type MenuRole =
  | "appMenu" | "fileMenu" | "windowMenu" | "cut" | "copy" | "paste" | "delete" | "selectAll"
  | "togglefullscreen" | "reload" | "toggleDevTools";

export interface MenuItemTemplate {
  readonly role?: MenuRole;
  readonly label?: string;
  readonly type?: "separator" | "checkbox";
  readonly checked?: boolean;
  readonly submenu?: MenuItemTemplate[];
  readonly id?: string;
  readonly accelerator?: string;
  readonly registerAccelerator?: boolean;
  readonly enabled?: boolean;
  readonly click?: () => void;
}

/** File → Open Recent: the main process's list (recent-files.ts) and what its items do. */
export interface RecentMenu {
  /** Most recent first, already pruned of missing files. */
  readonly files: readonly string[];
  readonly open: (filePath: string) => void;
  readonly clear: () => void;
}

/**
 * A path as a menu label: on Windows and Linux `&` marks the next letter as the item's access key,
 * so a literal one is doubled.
 */
export const pathLabel = (filePath: string, platform: string): string => (platform === "darwin" ? filePath : filePath.replaceAll("&", "&&"));

export function openRecentMenu(platform: string, recent: RecentMenu): MenuItemTemplate {
  const items: MenuItemTemplate[] = recent.files.length === 0
    ? [{ label: "No Recent Files", enabled: false }]
    : recent.files.map((filePath) => ({ label: pathLabel(filePath, platform), click: () => recent.open(filePath) }));
  return {
    label: "Open Recent",
    submenu: [...items, { type: "separator" }, { id: "file.clearRecent", label: "Clear Recent", enabled: recent.files.length > 0, click: recent.clear }],
  };
}

/** Clipboard actions that macOS's text-field roles (cut, copy, paste) stand for in its Edit menu. */
const MAC_CLIPBOARD = new Set(["edit.cut", "edit.copy", "edit.paste"]);

/** Separators only between items: none first, last or twice in a row (as left when items are dropped). */
function withoutStraySeparators(items: readonly MenuModelEntry[]): MenuModelEntry[] {
  const out: MenuModelEntry[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if ("type" in item && (!last || "type" in last)) continue;
    out.push(item);
  }
  const last = out.at(-1);
  if (last && "type" in last) out.pop();
  return out;
}

/**
 * The menu bar from the page's registry; `run` sends a chosen action's id to the page. On macOS
 * the app menu and the window menu are added, and the Edit menu uses Electron's clipboard roles
 * for cut, copy and paste (text fields need them there; the page turns them into shape clipboard
 * commands when no text field has focus). With `recent`, the File menu gets Open Recent.
 */
export function editorMenuTemplate(platform: string, developerTools: boolean, model: MenuModel, run: (id: string) => void, recent?: RecentMenu): MenuItemTemplate[] {
  const mac = platform === "darwin";
  const menus = model.map((menu): MenuItemTemplate => {
    const kept = menu.items.filter((item) => !("id" in item && mac && MAC_CLIPBOARD.has(item.id)));
    const items: MenuItemTemplate[] = withoutStraySeparators(kept).map((item): MenuItemTemplate => {
      if ("type" in item) return { type: "separator" };
      return {
        id: item.id,
        label: item.label,
        ...(item.accelerator ? { accelerator: item.accelerator, registerAccelerator: false } : {}),
        ...(item.checked !== undefined ? { type: "checkbox", checked: item.checked } : {}),
        click: () => run(item.id),
      };
    });
    if (recent && menu.label === "File") {
      // Right after Open…, where every desktop app keeps it.
      const open = items.findIndex((item) => item.id === "file.open");
      items.splice(open + 1, 0, openRecentMenu(platform, recent));
    }
    if (mac && menu.label === "Edit") items.push({ type: "separator" }, { role: "cut" }, { role: "copy" }, { role: "paste" });
    if (menu.label === "View") {
      items.push({ type: "separator" }, { role: "togglefullscreen" });
      if (developerTools) items.push({ role: "reload" }, { role: "toggleDevTools" });
    }
    return { label: menu.label, submenu: items };
  });
  return mac ? [{ role: "appMenu" }, ...menus, { role: "windowMenu" }] : menus;
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
