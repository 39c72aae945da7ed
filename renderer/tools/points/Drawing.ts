// A points tool with points placed: each click adds one (unless the kind refuses it, saying why);
// a click on the first point closes the shape, Enter or a double-click ends it; Backspace takes
// back the last point (back to Idle after the first); a right-click ends it as Enter does (with
// too few points it abandons it, as Tiled's); Escape or leaving the tool abandons it (Escape names
// an outline of 3 points or more, and Undo right after brings it back). A
// point snaps to the grid when snapping is on, which Ctrl/Cmd held at the click turns over. The
// points, and the shape they would make, show in the overlay.
import { activeLayerTakesShapes, addShape, freshId, notify } from "../../store/actions";
import { snapPoint, snapsNow } from "../../store/view";
import { keyName, snapToggleHint } from "../snap-hint";
import type { Point2, Refusal } from "../../shapes/kind";
import { StateNode, type PointerInfo } from "../state-node";
import { CLOSE_RADIUS, DOUBLE_CLICK_SLOP, KEPT_DISCARD, type PointsTool } from "./points-tool";

export class Drawing extends StateNode {
  readonly id = "drawing";
  private points: Point2[] = [];

  private get tool(): PointsTool {
    return this.parent as PointsTool;
  }

  /** Entered with the points so far: the first click's, or an outline Undo brought back. */
  override onEnter(info: unknown): void {
    this.points = [...(info as readonly Point2[])];
    this.show();
  }

  override onExit(): void {
    this.points = [];
    this.editor.overlay.setState({ draft: [], preview: null, crossing: null });
  }

  override hint(): string {
    return this.tool.drawing.hint(snapToggleHint(this.editor, "Ctrl"));
  }

  /** Where the shape's position goes: its points' centre, on the grid when snapping is on. */
  private readonly place = (centre: Point2): Point2 => snapPoint(this.editor, centre);

  private near(a: Point2, b: Point2, px: number): boolean {
    return Math.hypot(a.x - b.x, a.y - b.y) <= px / this.editor.getState().view.scale;
  }

  /** Shows the points so far and, once they make one, the shape as a ghost. */
  private show(): void {
    const { drawing } = this.tool;
    const points = this.points;
    const plan = points.length >= drawing.endAt ? drawing.make(`${this.tool.kind}-preview`, points, { closed: false, shift: false }, this.place) : null;
    this.editor.overlay.setState({ draft: points, preview: plan?.ok ? plan.shape : null });
  }

  private finish(closed: boolean, shift: boolean): void {
    const { drawing, kind } = this.tool;
    const plan = drawing.make(freshId(this.editor, kind), this.points, { closed, shift }, this.place);
    if (!plan.ok) {
      this.refuse(`Cannot make the ${kind}`, plan);
      return;
    }
    this.go("idle");
    // The active layer may have been locked or hidden since the first point: addShape refuses then, saying why.
    if (!activeLayerTakesShapes(this.editor)) return;
    addShape(this.editor, plan.shape);
    notify(this.editor, plan.note ?? null);
  }

  override onPointerDown(p: PointerInfo): void {
    const { drawing } = this.tool;
    const at = snapPoint(this.editor, p.world, snapsNow(this.editor, p.mod));
    const points = this.points;
    const first = points[0]!, last = points.at(-1)!;
    if (points.length >= drawing.closeAt && this.near(at, first, CLOSE_RADIUS)) {
      this.finish(true, p.shift);
      return;
    }
    if (this.near(at, last, DOUBLE_CLICK_SLOP)) {
      // The second press of a double-click ends the shape; a lone repeat of a point adds nothing.
      if (points.length >= drawing.endAt) this.finish(false, p.shift);
      return;
    }
    const refused = drawing.refuseClick(points, at);
    if (refused) {
      this.refuse("Point not added", refused);
      return;
    }
    this.points = [...points, at];
    notify(this.editor, null);
    this.show();
  }

  /** Says why (short, the whole reason in the tooltip) and outlines the edges that would cross. */
  private refuse(what: string, why: Refusal): void {
    notify(this.editor, `${what}: ${why.short ?? why.reason}`, why.short === undefined ? null : `${what}: ${why.reason}`);
    if (why.crossing) this.editor.overlay.setState({ crossing: why.crossing });
  }

  override onComplete(): boolean {
    this.finish(false, false);
    return true;
  }

  override onDelete(): boolean {
    this.points = this.points.slice(0, -1);
    this.editor.overlay.setState({ crossing: null });
    if (this.points.length > 0) this.show();
    else {
      this.go("idle");
      notify(this.editor, null);
    }
    return true;
  }

  /** A right-click: ends the shape as Enter does, or abandons it with too few points; never the context menu. */
  override onSecondaryClick(): boolean {
    if (this.points.length >= this.tool.drawing.endAt) this.finish(false, false);
    else this.onCancel();
    return true;
  }

  override onCancel(): void {
    const points = this.points;
    this.tool.keepDiscarded(points);
    this.go("idle");
    notify(this.editor, points.length >= KEPT_DISCARD ? `Discarded the outline (${points.length} points) · ${keyName("Ctrl")}+Z brings it back` : null);
  }
}
