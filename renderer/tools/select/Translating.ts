// Select tool, Translating: the selection (shapes and probes) or one end of a ray follows the
// pointer; snapping puts the anchor on the grid: the top-left corner of the moving shapes' box (as
// Tiled snaps an object's origin), or a probe's point. Ctrl/Cmd held turns snapping over. One undo
// step; Escape restores.
import type { Probe, Shape } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { moveItemsFrom, select } from "../../store/actions";
import { clickSlop, snapDelta, snapsNow } from "../../store/view";
import { GestureState } from "../gesture-state";
import { snapToggleHint } from "../snap-hint";
import type { PointerInfo } from "../state-node";

export interface TranslateStart {
  /** Where the pointer was pressed. */
  readonly start: Point2;
  /** What moves, as it was at the start. */
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
  /** A ray's end handle: only that end moves. */
  readonly end?: "from" | "to";
  /** What snaps, as it was at the start: the shapes' box's top-left corner; a probe's end. */
  readonly anchor: Point2;
  /**
   * A press whose click differs from its drag: nothing changes until the pointer leaves the click
   * slop, then `ids` are selected and move; released within it, the selection becomes `clicked`.
   * A Ctrl/Cmd-press: the pressed item added or removed, as Tiled and the Objects dock do; a plain
   * press on one item of a larger selection: that item alone, as Tiled and Godot narrow it (a drag
   * still moves them all).
   */
  readonly click?: { readonly clicked: readonly string[]; readonly ids: readonly string[] };
}

export class Translating extends GestureState<TranslateStart> {
  readonly id = "translating";

  override cursor(): string {
    return "move";
  }

  override hint(): string {
    return `Moving · Escape cancels · ${snapToggleHint(this.editor, "Ctrl")}`;
  }

  /** Whether the pointer has left the click slop of a press with a `click`. */
  private dragged = false;

  override onEnter(info: unknown): void {
    super.onEnter(info);
    this.dragged = false;
  }

  override onPointerUp(): void {
    const click = this.dragged ? undefined : this.from?.click;
    if (click === undefined) {
      super.onPointerUp();
      return;
    }
    this.editor.cancelGesture();
    this.go("idle");
    select(this.editor, click.clicked);
  }

  protected step(from: TranslateStart, p: PointerInfo): void {
    if (from.click !== undefined && !this.dragged) {
      if (Math.hypot(p.world.x - from.start.x, p.world.y - from.start.y) <= clickSlop(this.editor)) return;
      this.dragged = true;
      select(this.editor, from.click.ids);
    }
    const { x: dx, y: dy } = snapDelta(this.editor, from.anchor, p.world.x - from.start.x, p.world.y - from.start.y, snapsNow(this.editor, p.mod));
    moveItemsFrom(this.editor, from.shapes, from.probes, dx, dy, from.end);
  }
}
