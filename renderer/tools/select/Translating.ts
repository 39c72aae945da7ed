// Select tool, Translating: the selection (shapes and probes) or one end of a ray follows the
// pointer; snapping puts the grabbed thing's anchor on the grid. One undo step; Escape restores.
import type { Probe, Shape } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { moveItemsFrom } from "../../store/actions";
import { snapDelta } from "../../store/view";
import { GestureState } from "../gesture-state";
import type { PointerInfo } from "../state-node";

export interface TranslateStart {
  /** Where the pointer was pressed. */
  readonly start: Point2;
  /** What moves, as it was at the start. */
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
  /** A ray's end handle: only that end moves. */
  readonly end?: "from" | "to";
  /** The grabbed thing's position at the start (a shape's x, y; a probe's end). */
  readonly anchor: Point2;
}

export class Translating extends GestureState<TranslateStart> {
  readonly id = "translating";

  override cursor(): string {
    return "move";
  }

  protected step(from: TranslateStart, p: PointerInfo): void {
    const { x: dx, y: dy } = snapDelta(this.editor, from.anchor, p.world.x - from.start.x, p.world.y - from.start.y);
    moveItemsFrom(this.editor, from.shapes, from.probes, dx, dy, from.end);
  }
}
