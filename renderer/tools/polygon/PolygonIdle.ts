// The polygon tool before its first point: a click starts drawing there.
import { snapPoint } from "../../store/view";
import { StateNode, type PointerInfo } from "../state-node";
import { POLYGON_TOOL_HINT } from "./polygon-tool";

export class PolygonIdle extends StateNode {
  readonly id = "idle";

  override hint(): string {
    return POLYGON_TOOL_HINT;
  }

  override onPointerDown(p: PointerInfo): void {
    this.go("drawing", snapPoint(this.editor, p.world));
  }
}
