// A placing tool at rest: a press starts placing a shape there; the status bar says how.
import { SHAPE_KINDS } from "../../shapes/registry";
import { activeLayerTakesShapes } from "../../store/actions";
import { activeLayerRefusal } from "../../store/layer-actions";
import { snapToggleHint } from "../snap-hint";
import { StateNode, type PointerInfo } from "../state-node";
import type { PlaceTool } from "./place-tool";

export class PlaceIdle extends StateNode {
  readonly id = "idle";

  /** The tool's hint; on a locked or hidden active layer, why it places nothing. */
  override hint(): string {
    const refused = activeLayerRefusal(this.editor.getState());
    if (refused) return refused;
    const label = SHAPE_KINDS[(this.parent as PlaceTool).kind].label;
    return `${label}: click to place one, or drag to draw it at the size you want · ${snapToggleHint(this.editor, "Ctrl")} · Escape cancels a drag`;
  }

  /** Nothing starts on a locked or hidden active layer: the status bar names it. */
  override onPointerDown(p: PointerInfo): void {
    if (!activeLayerTakesShapes(this.editor)) return;
    this.go("placing", p);
  }
}
