// A points tool before its first point: a click starts drawing there (on the grid when snapping,
// which Ctrl/Cmd held turns over).
import { activeLayerTakesShapes } from "../../store/actions";
import { activeLayerRefusal } from "../../store/layer-actions";
import { snapPoint, snapsNow } from "../../store/view";
import { snapToggleHint } from "../snap-hint";
import { StateNode, type PointerInfo } from "../state-node";
import type { PointsTool } from "./points-tool";

export class PointsIdle extends StateNode {
  readonly id = "idle";

  /** The tool's hint; on a locked or hidden active layer, why it draws nothing. */
  override hint(): string {
    return activeLayerRefusal(this.editor.getState()) ?? (this.parent as PointsTool).drawing.hint(snapToggleHint(this.editor, "Ctrl"));
  }

  /** Nothing starts on a locked or hidden active layer: the status bar names it. */
  override onPointerDown(p: PointerInfo): void {
    if (!activeLayerTakesShapes(this.editor)) return;
    this.go("drawing", snapPoint(this.editor, p.world, snapsNow(this.editor, p.mod)));
  }
}
