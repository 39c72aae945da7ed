// The sweep tool at rest: a press on a shape starts sweeping it; elsewhere the notice says how.
import { notify } from "../../store/actions";
import { StateNode, type PointerInfo } from "../state-node";
import { SWEEP_HINT } from "./sweep-tool";
import type { SweepStart } from "./Sweeping";

export class SweepIdle extends StateNode {
  readonly id = "idle";

  override onPointerDown(p: PointerInfo): void {
    const shape = p.hitId ? this.editor.shapeById(p.hitId) : undefined;
    if (!shape) {
      notify(this.editor, SWEEP_HINT);
      return;
    }
    const start: SweepStart = { start: p.world, shape: shape.id, origin: { x: shape.x, y: shape.y } };
    this.go("sweeping", start);
  }
}
