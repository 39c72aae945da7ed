// The pan tool: dragging moves the view, not the document.
import type { Tool } from "../tool";

export function panTool(): Tool {
  return { down: () => {}, move: () => {}, up: () => {}, cancel: () => {} };
}
