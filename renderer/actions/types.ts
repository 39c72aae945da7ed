// What an action is: one entry of the registry that the toolbar, keyboard shortcuts, the command
// palette, the shortcut sheet and the desktop menus all read.

export interface KeyChord {
  readonly key: string;
  readonly mod?: boolean; // Ctrl, or Cmd on macOS
  readonly shift?: boolean;
  readonly alt?: boolean;
}

/** The menu an action belongs to, in menu-bar order. */
export type ActionGroup = "File" | "Edit" | "View" | "Tools" | "Help";
export const ACTION_GROUPS: readonly ActionGroup[] = ["File", "Edit", "View", "Tools", "Help"];

import type { Editor } from "../editor/editor";

export interface Action {
  readonly id: string;
  readonly label: string;
  readonly group: ActionGroup;
  readonly keys: readonly KeyChord[];
  readonly run: (editor: Editor) => void;
  /** Greyed out in menus and the palette when false (absent: always enabled). */
  readonly enabled?: (editor: Editor) => boolean;
}
