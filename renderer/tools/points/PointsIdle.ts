// A points tool before its first point: a click starts drawing there.
import { snapPoint } from "../../store/view";
import { StateNode, type PointerInfo } from "../state-node";
import type { PointsTool } from "./points-tool";

export class PointsIdle extends StateNode {
  readonly id = "idle";

  override hint(): string {
    return (this.parent as PointsTool).drawing.hint;
  }

  override onPointerDown(p: PointerInfo): void {
    this.go("drawing", snapPoint(this.editor, p.world));
  }
}
