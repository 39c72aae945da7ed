// Pointer events for driving tools in tests, as the canvas would send them.
import type { Editor } from "../../renderer/editor/editor";
import type { ToolId } from "../../renderer/editor/state";
import type { PointerInfo } from "../../renderer/tools/state-node";

export interface Modifiers {
  readonly shift?: boolean;
  readonly alt?: boolean;
  readonly mod?: boolean;
}

/** A pointer event at world (x, y), over `hitId` (a shape, probe or handle id) if given. */
export const pointerAt = (x: number, y: number, hitId: string | null = null, keys: Modifiers = {}): PointerInfo => ({
  world: { x, y },
  hitId,
  shift: keys.shift ?? false,
  alt: keys.alt ?? false,
  mod: keys.mod ?? false,
});

/** Drives one tool of `editor` (made active) as the canvas would: pointer events, Escape, Enter, Backspace, and its state path. */
export function toolDriver(editor: Editor, id: ToolId) {
  editor.tools.setTool(id);
  return {
    down: (p: PointerInfo) => editor.tools.pointerDown(p),
    move: (p: PointerInfo) => editor.tools.pointerMove(p),
    up: (p: PointerInfo) => editor.tools.pointerUp(p),
    cancel: () => editor.tools.cancel(),
    confirm: () => editor.tools.complete(),
    deleteKey: () => editor.tools.deleteKey(),
    path: () => editor.tools.statePath(),
  };
}
