// The command palette and the keyboard shortcut sheet.
import { openModal } from "../app/modals";
import type { Action } from "./types";

export const HELP_ACTIONS: readonly Action[] = [
  { id: "help.commandPalette", label: "Command palette…", group: "Help", keys: [{ key: "p", mod: true, shift: true }, { key: "F1" }], run: () => openModal("palette"), global: true },
  { id: "help.shortcuts", label: "Keyboard shortcuts", group: "Help", keys: [{ key: "/", mod: true }], run: () => openModal("shortcuts"), global: true },
];
