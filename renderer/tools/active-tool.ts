// The tool instance for the store's active tool id; the canvas feeds it pointer events.
import { useEditor, type ToolId } from "../store/editor-store";
import { panTool } from "./pan/pan-tool";
import { placeTool } from "./place/place-tool";
import { polygonTool } from "./polygon/polygon-tool";
import { rayTool } from "./ray/ray-tool";
import { selectTool } from "./select/select-tool";
import { sweepTool } from "./sweep/sweep-tool";
import type { Tool } from "./tool";

const tools = new Map<ToolId, Tool>();

export function toolFor(id: ToolId): Tool {
  let t = tools.get(id);
  if (!t) {
    t = id === "select" ? selectTool() : id === "ray" ? rayTool() : id === "sweep" ? sweepTool() : id === "pan" ? panTool() : id === "polygon" ? polygonTool() : placeTool(id);
    tools.set(id, t);
  }
  return t;
}

/** The tool the store has active. */
export const activeTool = (): Tool => toolFor(useEditor.getState().tool);

/** Escape: every tool abandons its gesture and restores what was there before. */
export function cancelAllGestures(): void {
  for (const t of tools.values()) t.cancel();
}
