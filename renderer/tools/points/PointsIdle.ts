// A points tool before its first point: a click starts drawing there (on the grid when snapping,
// which Ctrl/Cmd held turns over). Right after Escape discarded an outline, Undo brings it back.
import { activeLayerTakesShapes, notify } from "../../store/actions";
import { activeLayerRefusal } from "../../store/layer-actions";
import { snapPoint, snapsNow } from "../../store/view";
import { snapToggleHint } from "../snap-hint";
import { StateNode, type PointerInfo } from "../state-node";
import type { PointsTool } from "./points-tool";

export class PointsIdle extends StateNode {
  readonly id = "idle";

  /** The tool's hint; on a locked or hidden active layer, why it draws nothing. */
  override hint(): string {
    return activeLayerRefusal(this.editor.getState()) ?? this.tool.drawing.hint(snapToggleHint(this.editor, "Ctrl"));
  }

  /** Nothing starts on a locked or hidden active layer: the status bar names it. */
  override onPointerDown(p: PointerInfo): void {
    if (!activeLayerTakesShapes(this.editor)) return;
    this.tool.takeDiscarded();
    this.go("drawing", [snapPoint(this.editor, p.world, snapsNow(this.editor, p.mod))]);
  }

  override undoStep(): string | null {
    const points = this.tool.peekDiscarded();
    return points ? `Discard outline (${points.length} points)` : null;
  }

  override onUndo(): void {
    const points = this.tool.takeDiscarded();
    if (!points) return;
    this.go("drawing", points);
    notify(this.editor, `Brought back the outline (${points.length} points)`);
  }

  private get tool(): PointsTool {
    return this.parent as PointsTool;
  }
}
