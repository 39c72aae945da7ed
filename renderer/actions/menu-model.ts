// The menu bar, made from the same registry as shortcuts, the palette and the sheet: the web build
// draws it (MenuBar.tsx); in the desktop app the page sends it to the shell, and the shell sends
// back the id of a chosen item.
import type { MenuModel } from "../../core/shell/desktop-api";
import type { Editor } from "../editor/editor";
import { leaveTextField } from "./text-field";
import { ACTIONS, actionById, actionTitle, availableActions, type Action, type KeyChord } from "./registry";
import { ACTION_GROUPS, type ActionGroup } from "./types";

/** Electron's names for keys whose `KeyboardEvent.key` differs. */
const ELECTRON_KEYS: Readonly<Record<string, string>> = {
  ArrowUp: "Up", ArrowDown: "Down", ArrowLeft: "Left", ArrowRight: "Right",
  Escape: "Esc", "+": "Plus", " ": "Space",
};
const PLAIN_KEY = /^(?:[a-z0-9=\-/'[\],.;`]|F\d{1,2}|Delete|Backspace|Enter|Home|End|PageUp|PageDown|Tab)$/i;

/** A chord as an Electron accelerator ("CmdOrCtrl+Shift+Z"), or undefined when Electron has no name for the key. */
export function accelerator(k: KeyChord): string | undefined {
  const key = ELECTRON_KEYS[k.key] ?? (PLAIN_KEY.test(k.key) ? (k.key.length === 1 ? k.key.toUpperCase() : k.key) : undefined);
  if (!key) return undefined;
  return [k.mod ? "CmdOrCtrl" : "", k.alt ? "Alt" : "", k.shift ? "Shift" : "", key].filter(Boolean).join("+");
}

/** One line of a menu: an action, or a separator between sections. */
export type MenuEntry = Action | "separator";

export interface Menu {
  readonly label: ActionGroup;
  readonly entries: readonly MenuEntry[];
}

/**
 * The menu bar both builds show (the desktop's native one and the web page's): every action under
 * its menu, in registry order, with a separator where the section changes; empty menus left out.
 */
export function menus(actions: readonly Action[] = availableActions()): Menu[] {
  return ACTION_GROUPS.map((label) => {
    const entries: MenuEntry[] = [];
    let section: string | undefined;
    for (const a of actions.filter((x) => x.group === label)) {
      if (entries.length > 0 && a.section !== section) entries.push("separator");
      section = a.section;
      entries.push(a);
    }
    return { label, entries };
  }).filter((menu) => menu.entries.length > 0);
}

/** The menus as the desktop shell takes them; with `editor`, settings say whether they are on. */
export function menuModel(editor?: Editor, actions: readonly Action[] = availableActions()): MenuModel {
  return menus(actions).map((menu) => ({
    label: menu.label,
    items: menu.entries.map((a) => {
      if (a === "separator") return { type: "separator" as const };
      const acc = a.keys[0] ? accelerator(a.keys[0]) : undefined;
      return { id: a.id, label: editor ? actionTitle(editor, a) : a.label, ...(acc ? { accelerator: acc } : {}), ...(editor && a.checked ? { checked: a.checked(editor) } : {}) };
    }),
  }));
}

/** What the desktop menu shows that changes with the editor's state: every setting's on or off ("10" for two), and the labels that follow it (Undo's). */
export const menuChecks = (editor: Editor, actions: readonly Action[] = ACTIONS): string =>
  actions.map((a) => (a.checked ? (a.checked(editor) ? "1" : "0") : "")).join("") + actions.map((a) => (a.title ? `\n${a.title(editor)}` : "")).join("");

/** Runs a menu's action by id, if it is one and is enabled now; unknown ids are ignored. */
export function runMenuCommand(editor: Editor, id: string): void {
  let action: Action;
  try {
    action = actionById(id);
  } catch {
    return;
  }
  // The desktop's native menu takes no focus from the page: a field being typed in applies first.
  if (action.global === true && typeof document !== "undefined") leaveTextField(document.activeElement);
  if (action.enabled?.(editor) ?? true) action.run(editor);
}
