// Arranging the selection: nudges with the arrow keys (Shift: a grid cell), and Tiled's object
// order within the layer: PgUp / PgDn raise and lower one place, Shift+PgUp / Shift+PgDn to the
// top or bottom (Tiled's Home and End; here Home is Fit to view). They edit the document: Edit menu.
import type { Editor } from "../editor/editor";
import { reorderSelection, type Reorder } from "../store/shape-order";
import { nudge } from "../store/view-actions";
import type { Action } from "./types";

const arrows: readonly [string, string, number, number][] = [
  ["Left", "ArrowLeft", -1, 0],
  ["Right", "ArrowRight", 1, 0],
  ["Up", "ArrowUp", 0, -1],
  ["Down", "ArrowDown", 0, 1],
];

export const NUDGE_ACTIONS: readonly Action[] = arrows.flatMap(([name, key, dx, dy]): Action[] => [
  { id: `edit.nudge${name}`, label: `Nudge ${name.toLowerCase()}`, group: "Edit", section: "nudge", keys: [{ key }], run: (editor) => nudge(editor, dx, dy, false), keywords: ["move"] },
  { id: `edit.nudge${name}Cell`, label: `Nudge ${name.toLowerCase()} one grid cell`, group: "Edit", section: "nudge", keys: [{ key, shift: true }], run: (editor) => nudge(editor, dx, dy, true), keywords: ["move"] },
]);

const hasShapes = (editor: Editor) => editor.shapesWithIds(editor.getState().selection).length > 0;

const order = (how: Reorder, id: string, label: string, keys: Action["keys"], keywords: readonly string[]): Action => ({
  id: `edit.${id}`, label, group: "Edit", section: "order", keys, keywords, enabled: hasShapes,
  whyDisabled: () => "Select shapes first: click one, or drag a box around several",
  run: (editor) => reorderSelection(editor, how),
});

export const ORDER_ACTIONS: readonly Action[] = [
  order("raise", "raise", "Raise", [{ key: "PageUp" }], ["forward", "order", "up"]),
  order("lower", "lower", "Lower", [{ key: "PageDown" }], ["backward", "order", "down"]),
  order("top", "raiseToTop", "Raise to Top", [{ key: "PageUp", shift: true }], ["bring to front", "order"]),
  order("bottom", "lowerToBottom", "Lower to Bottom", [{ key: "PageDown", shift: true }], ["send to back", "order"]),
];
