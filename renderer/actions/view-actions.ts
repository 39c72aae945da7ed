// Zoom, fit, grid and snapping.
import type { Action } from "./types";

export const VIEW_ACTIONS: readonly Action[] = [];
