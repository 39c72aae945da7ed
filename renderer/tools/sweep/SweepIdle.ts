// The sweep tool at rest: a press on a shape starts sweeping it; elsewhere the notice says how.
import { shapeBounds } from "../../../core";
import { snapAnchorOf } from "../../store/view";
import { snapToggleHint } from "../snap-hint";
import { StateNode, type PointerInfo } from "../state-node";
import { SWEEP_HINT } from "./sweep-tool";
import type { SweepStart } from "./Sweeping";

export class SweepIdle extends StateNode {
  readonly id = "idle";

  override hint(): string {
    return `${SWEEP_HINT} · ${snapToggleHint(this.editor, "Ctrl")}`;
  }

  override onPointerDown(p: PointerInfo): void {
    const shape = p.hitId ? this.editor.shapeById(p.hitId) : undefined;
    // A press beside every shape: the hint says what to do (it shows while the tool waits anyway).
    if (!shape) return;
    const start: SweepStart = { start: p.world, shape: shape.id, origin: { x: shape.x, y: shape.y }, anchor: snapAnchorOf(shapeBounds(shape)), mod: p.mod };
    this.go("sweeping", start);
  }
}
