// The desktop menu bar, made from the same registry as shortcuts, the palette and the sheet: the
// page sends it to the shell, and the shell sends back the id of a chosen item.
import type { MenuModel } from "../../core/shell/desktop-api";
import type { Editor } from "../editor/editor";
import { ACTIONS, actionById, type Action, type KeyChord } from "./registry";
import { ACTION_GROUPS } from "./types";

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

/** Every action under its menu, in registry order, with its first shortcut. */
export function menuModel(actions: readonly Action[] = ACTIONS): MenuModel {
  return ACTION_GROUPS.map((label) => ({
    label,
    items: actions
      .filter((a) => a.group === label)
      .map((a) => {
        const acc = a.keys[0] ? accelerator(a.keys[0]) : undefined;
        return { id: a.id, label: a.label, ...(acc ? { accelerator: acc } : {}) };
      }),
  })).filter((menu) => menu.items.length > 0);
}

/** Runs a menu's action by id, if it is one and is enabled now; unknown ids are ignored. */
export function runMenuCommand(editor: Editor, id: string): void {
  let action: Action;
  try {
    action = actionById(id);
  } catch {
    return;
  }
  if (action.enabled?.(editor) ?? true) action.run(editor);
}
