// The command palette, the keyboard shortcut sheet and the colour theme.
import { openModal } from "../app/modals";
import { toggleTheme } from "../store/actions";
import type { Action } from "./types";

export const HELP_ACTIONS: readonly Action[] = [
  { id: "help.commandPalette", label: "Command palette…", group: "Help", keys: [{ key: "p", mod: true, shift: true }, { key: "F1" }], run: () => openModal("palette") },
  { id: "help.shortcuts", label: "Keyboard shortcuts", group: "Help", keys: [{ key: "/", mod: true }], run: () => openModal("shortcuts") },
  // No shortcut: Ctrl+Shift+T reopens a closed tab in browsers, and a theme is rarely switched.
  { id: "view.toggleTheme", label: "Toggle light/dark theme", group: "View", keys: [], run: toggleTheme },
];
