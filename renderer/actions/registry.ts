// One registry of actions, shared by the toolbar, keyboard shortcuts, the command palette, the
// shortcut sheet and the desktop menus. Each area keeps its actions in its own module.
import { NUDGE_ACTIONS, ORDER_ACTIONS } from "./arrange-actions";
import { EDIT_ACTIONS } from "./edit-actions";
import { FILE_ACTIONS } from "./file-actions";
import { HELP_ACTIONS } from "./help-actions";
import { LAYER_ACTIONS } from "./layer-actions";
import type { Editor } from "../editor/editor";
import { SELECT_ACTIONS } from "./select-actions";
import { ownsEvent } from "./text-field";
import { TOOL_ACTIONS } from "./tool-actions";
import { TURN_ACTIONS } from "./turn-actions";
import type { Action, KeyChord } from "./types";
import { VIEW_ACTIONS } from "./view-actions";

export type { Action, ActionGroup, KeyChord } from "./types";

export const ACTIONS: readonly Action[] = [...FILE_ACTIONS, ...EDIT_ACTIONS, ...SELECT_ACTIONS, ...TURN_ACTIONS, ...ORDER_ACTIONS, ...NUDGE_ACTIONS, ...VIEW_ACTIONS, ...LAYER_ACTIONS, ...TOOL_ACTIONS, ...HELP_ACTIONS];

/** The actions this build shows (Action.available). */
export const availableActions = (): readonly Action[] => ACTIONS.filter((a) => a.available?.() ?? true);

export const actionById = (id: string): Action => {
  const a = ACTIONS.find((x) => x.id === id);
  if (!a) throw new Error(`unknown action ${id}`);
  return a;
};

/** What menus, the palette and tooltips call `a` now: its title, else its label. */
export const actionTitle = (editor: Editor, a: Action): string => a.title?.(editor) ?? a.label;

/** Null while `a` is enabled; else why it is not (its whyDisabled, or a plain "not available now"). */
export function disabledReason(editor: Editor, a: Action): string | null {
  if (a.enabled?.(editor) ?? true) return null;
  return a.whyDisabled?.(editor) ?? `${a.label.replace(/…$/, "")} is not available now`;
}

export const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** Keys written shorter than `KeyboardEvent.key` spells them. */
const KEY_LABELS: Readonly<Record<string, string>> = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓", Escape: "Esc", " ": "Space", PageUp: "PgUp", PageDown: "PgDn" };

export function chordLabel(k: KeyChord): string {
  const key = KEY_LABELS[k.key] ?? (k.key.length === 1 ? k.key.toUpperCase() : k.key);
  return [k.mod ? (isMac ? "⌘" : "Ctrl") : "", k.shift ? "Shift" : "", k.alt ? (isMac ? "⌥" : "Alt") : "", key].filter(Boolean).join("+");
}

/** A chord as WAI-ARIA's aria-keyshortcuts writes it ("Control+Shift+Z"). */
export function ariaKeyShortcut(k: KeyChord): string {
  // "+" separates the keys there, so the key itself is "Plus".
  const key = k.key === " " ? "Space" : k.key === "+" ? "Plus" : k.key.length === 1 ? k.key.toUpperCase() : k.key;
  return [k.mod ? (isMac ? "Meta" : "Control") : "", k.alt ? "Alt" : "", k.shift ? "Shift" : "", key].filter(Boolean).join("+");
}

/** The parts of a key press the registry reads (a DOM KeyboardEvent has them all). */
export type KeyPress = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey"> & { readonly target?: EventTarget | null };

export function matches(k: KeyChord, e: KeyPress): boolean {
  const mod = isMac ? e.metaKey : e.ctrlKey;
  // A plain key must come without Ctrl and Cmd both: Ctrl+C on a Mac is not the Circle tool.
  const other = isMac ? e.ctrlKey : e.metaKey;
  return e.key.toLowerCase() === k.key.toLowerCase() && !!k.mod === mod && !other && !!k.shift === e.shiftKey && !!k.alt === e.altKey;
}

/**
 * The action a key press runs, if any. A key a text field owns (typing, its own undo, a slider's
 * steps) runs none, but for a global action's (Ctrl+S, F1): those run from a field too.
 */
export function actionForKey(e: KeyPress): Action | undefined {
  const action = ACTIONS.find((a) => a.keys.some((k) => matches(k, e)));
  return action && (action.global === true || !ownsEvent(e.target, e)) ? action : undefined;
}
