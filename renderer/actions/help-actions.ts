// The command palette and the keyboard shortcut sheet.
import type { Action } from "./types";

export const HELP_ACTIONS: readonly Action[] = [];
