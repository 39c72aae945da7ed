// Pointer events for driving tools in tests, as the canvas would send them.
import type { PointerInfo } from "../../renderer/tools/tool";

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
