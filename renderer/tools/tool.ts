// A tool is a small state machine fed world-space pointer events by the canvas.
import type { Point2 } from "./place/place-shape";

export interface PointerInfo {
  readonly world: Point2;
  /** Id of the shape under the pointer, if any. */
  readonly hitId: string | null;
  readonly shift: boolean;
  /** Alt (Option on macOS): select the shape underneath. */
  readonly alt: boolean;
  /** Ctrl, or Cmd on macOS: keep the aspect ratio while resizing. */
  readonly mod: boolean;
}

export interface Tool {
  readonly down: (p: PointerInfo) => void;
  readonly move: (p: PointerInfo) => void;
  readonly up: (p: PointerInfo) => void;
  /** Escape or losing the pointer: end the gesture and restore the state before it. */
  readonly cancel: () => void;
  /** Enter: finish what the tool is making; false when it had nothing to finish. */
  readonly confirm?: () => boolean;
  /** Backspace or Delete: true when the tool used the key (the selection is then not deleted). */
  readonly deleteKey?: () => boolean;
}
