// The status bar's word on the key that turns snapping over while held: Ctrl (Cmd on macOS) in most
// gestures, as in Tiled and Godot; Alt (Option) on a box's resize handles, where Ctrl keeps the
// proportions.
import type { Editor } from "../editor/editor";

const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The key as the platform names it. */
export const keyName = (key: "Ctrl" | "Alt"): string => (mac ? (key === "Ctrl" ? "Cmd" : "Option") : key);

/** "hold Ctrl: no snapping" while Snap is on, "hold Ctrl: snap to the grid" while it is off. */
export function snapToggleHint(editor: Editor, key: "Ctrl" | "Alt"): string {
  return `hold ${keyName(key)}: ${editor.getState().grid.snap ? "no snapping" : "snap to the grid"}`;
}
