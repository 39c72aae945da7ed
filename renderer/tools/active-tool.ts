// The tool instance for the store's active tool id; the canvas feeds it pointer events.
import type { ToolId } from "../store/editor-store";
import { panTool } from "./pan/pan-tool";
import { placeTool } from "./place/place-tool";
import { rayTool } from "./ray/ray-tool";
import { selectTool } from "./select/select-tool";
import { sweepTool } from "./sweep/sweep-tool";
import type { Tool } from "./tool";

const tools = new Map<ToolId, Tool>();

export function toolFor(id: ToolId): Tool {
  let t = tools.get(id);
  if (!t) {
    t = id === "select" ? selectTool() : id === "ray" ? rayTool() : id === "sweep" ? sweepTool() : id === "pan" ? panTool() : placeTool(id);
    tools.set(id, t);
  }
  return t;
}

/** Escape: every tool abandons its gesture and restores what was there before. */
export function cancelAllGestures(): void {
  for (const t of tools.values()) t.cancel();
}
