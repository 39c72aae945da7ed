// The canvas's CSS cursor: each tool state answers for itself (StateNode.cursor), given what the
// pointer is over, and the canvas sets the answer on its container. Resize arrows come from a
// handle's direction on screen, so they turn with the shape.
import type { Point2 } from "../shapes/kind";
import type { HeldKeys, StateNode } from "./state-node";

export type ResizeCursor = "ew-resize" | "nwse-resize" | "ns-resize" | "nesw-resize";

/** The four double arrows, by the direction's angle on screen in 45° steps from +x (y down). */
const RESIZE_CURSORS: readonly ResizeCursor[] = ["ew-resize", "nwse-resize", "ns-resize", "nesw-resize"];

/**
 * The double arrow nearest a direction on screen (y down): each arrow covers 45° about its axis
 * and the opposite direction alike. A zero direction gives ew-resize.
 */
export function resizeCursor(dir: Point2): ResizeCursor {
  const octant = Math.round(Math.atan2(dir.y, dir.x) / (Math.PI / 4));
  return RESIZE_CURSORS[((octant % 4) + 4) % 4]!;
}

/**
 * A curved arrow for the rotate knob, drawn black on a white outline so it reads on both themes;
 * `grab` where SVG cursors are not shown. Hotspot at the arc's centre.
 */
const ROTATE_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' width='24' height='24' viewBox='0 0 24 24'>" +
  "<g fill='none' stroke-linecap='round'>" +
  "<path d='M12 5A7 7 0 1 1 5 12' stroke='white' stroke-width='4.5'/>" +
  "<path d='M12 5A7 7 0 1 1 5 12' stroke='black' stroke-width='2'/>" +
  "</g>" +
  "<path d='M1.5 13.5 5 7.5 8.5 13.5z' fill='black' stroke='white' stroke-width='1.5' stroke-linejoin='round'/>" +
  "</svg>";

export const ROTATE_CURSOR = `url("data:image/svg+xml,${encodeURIComponent(ROTATE_SVG)}") 12 12, grab`;

/** Shape tools place or draw at a point. */
export const DRAWING_CURSOR = "crosshair";

/**
 * The cursor of a state machine's active state: the deepest state's own answer, else the nearest
 * state above it that has one (a tool answers for all its states), else the default arrow.
 */
export function cursorOf(machine: StateNode, hitId: string | null, held: HeldKeys = { shift: false }): string {
  for (let node: StateNode | null = machine.current(); node; node = node === machine ? null : node.parent) {
    const cursor = node.cursor?.(hitId, held);
    if (cursor) return cursor;
  }
  return "default";
}
