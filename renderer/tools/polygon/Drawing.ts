// The polygon tool with points placed: each click adds one; the first point, a double-click or
// Enter closes; Backspace takes back the last point (back to Idle after the first); Escape or
// leaving the tool abandons the polygon. The points and their hull show in the overlay.
import { computeHull } from "../../../core";
import { addShape, freshId, notify } from "../../store/actions";
import { snapPoint } from "../../store/view";
import type { Point2 } from "../../shapes/kind";
import { StateNode, type PointerInfo } from "../state-node";
import { CLOSE_RADIUS, DOUBLE_CLICK_SLOP, polygonFromClicks, POLYGON_TOOL_HINT } from "./polygon-tool";

export class Drawing extends StateNode {
  readonly id = "drawing";
  private points: Point2[] = [];

  override onEnter(info: unknown): void {
    this.points = [info as Point2];
    this.show();
  }

  override onExit(): void {
    this.points = [];
    this.editor.overlay.setState({ draft: [], preview: null });
  }

  override hint(): string {
    return POLYGON_TOOL_HINT;
  }

  /** Where the polygon's position goes: its points' centre, on the grid when snapping is on. */
  private readonly place = (centre: Point2): Point2 => snapPoint(this.editor, centre);

  private near(a: Point2, b: Point2, px: number): boolean {
    return Math.hypot(a.x - b.x, a.y - b.y) <= px / this.editor.getState().view.scale;
  }

  /** Shows the points so far, their hull as a ghost, and why they are not convex yet. */
  private show(): void {
    const points = this.points;
    if (points.length < 3) {
      this.editor.overlay.setState({ draft: points, preview: null });
      notify(this.editor, null);
      return;
    }
    const hull = computeHull(points);
    const plan = polygonFromClicks("polygon-preview", points, this.place);
    this.editor.overlay.setState({ draft: points, preview: hull.ok && plan.ok ? plan.shape : null });
    notify(this.editor, plan.ok && plan.hull ? `Not convex: ${plan.reason}. Closing makes the convex hull.` : null);
  }

  private finish(): void {
    const plan = polygonFromClicks(freshId(this.editor, "polygon"), this.points, this.place);
    if (!plan.ok) {
      notify(this.editor, `Cannot close the polygon: ${plan.reason}`);
      return;
    }
    this.go("idle");
    addShape(this.editor, plan.shape);
    notify(this.editor, plan.hull ? `Made the convex hull of the clicked points (${plan.reason})` : null);
  }

  override onPointerDown(p: PointerInfo): void {
    const at = snapPoint(this.editor, p.world);
    const points = this.points;
    const first = points[0]!, last = points.at(-1)!;
    if (points.length >= 3 && this.near(at, first, CLOSE_RADIUS)) {
      this.finish();
      return;
    }
    if (this.near(at, last, DOUBLE_CLICK_SLOP)) {
      // The second press of a double-click closes; a lone repeat of a point adds nothing.
      if (points.length >= 3) this.finish();
      return;
    }
    this.points = [...points, at];
    this.show();
  }

  override onComplete(): boolean {
    this.finish();
    return true;
  }

  override onDelete(): boolean {
    this.points = this.points.slice(0, -1);
    if (this.points.length > 0) this.show();
    else {
      this.go("idle");
      notify(this.editor, null);
    }
    return true;
  }

  override onCancel(): void {
    this.go("idle");
    notify(this.editor, null);
  }
}
