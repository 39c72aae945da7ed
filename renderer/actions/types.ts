// What an action is: one entry of the registry that the toolbar, keyboard shortcuts, the command
// palette, the shortcut sheet and the desktop menus all read.

export interface KeyChord {
  readonly key: string;
  readonly mod?: boolean; // Ctrl, or Cmd on macOS
  readonly shift?: boolean;
  readonly alt?: boolean;
  /**
   * Matched, not listed: the chord before it as another keyboard layout spells it, or with a
   * modifier that changes nothing (Shift+Escape, when Shift is held for a snapped rotation).
   */
  readonly alias?: boolean;
}

/** The menu an action belongs to, in menu-bar order. */
export type ActionGroup = "File" | "Edit" | "View" | "Layer" | "Export" | "Tools" | "Help";
export const ACTION_GROUPS: readonly ActionGroup[] = ["File", "Edit", "View", "Layer", "Export", "Tools", "Help"];

import type { Editor } from "../editor/editor";

export interface Action {
  readonly id: string;
  readonly label: string;
  /** The label as it reads now, where it follows the editor ("Undo Move 2 shapes"); absent: `label`. Menus, the palette and tooltips show it. */
  readonly title?: (editor: Editor) => string;
  readonly group: ActionGroup;
  readonly keys: readonly KeyChord[];
  readonly run: (editor: Editor) => void;
  /** Left out of menus, the palette and the shortcut sheet where false: a command only one build has (absent: in both). */
  readonly available?: () => boolean;
  /** Greyed out in menus and the palette when false (absent: always enabled). */
  readonly enabled?: (editor: Editor) => boolean;
  /**
   * While disabled, why, in a designer's words and with what to do ("Add an image first: …"): the
   * palette and the menus show it, and the palette says it when Enter is pressed on the action.
   */
  readonly whyDisabled?: (editor: Editor) => string;
  /** For a setting that is on or off (the grid): whether it is on now; menus show it checked. */
  readonly checked?: (editor: Editor) => boolean;
  /** Where a menu groups it: a separator goes between neighbouring actions of a menu whose sections differ. */
  readonly section?: string;
  /**
   * Its keys are the browser's own paste shortcut: a key press is left to the browser, whose paste
   * event (App.tsx) runs the action with what the clipboard holds, pictures included, and needs no
   * permission to read it. Menus and the palette run it as any other.
   */
  readonly keysRaisePasteEvent?: boolean;
  /**
   * A document or app command (save, open, export, the palette, the shortcut sheet, zoom): its keys
   * run it from a text field too, once the field's typed value is applied (the field is left, as a
   * click elsewhere leaves it; see keyboard.ts), as Tiled and Godot do. Absent: a text field keeps
   * the keys for its text (letters, Ctrl+A/C/V/X/Z/Y, arrows, Home/End, Delete, Backspace, Enter, Escape).
   */
  readonly global?: boolean;
  /** Other words the palette finds it by ("mirror" for Flip), ranked just below its label's own. */
  readonly keywords?: readonly string[];
}
