// The polygon tool: click to add points; click the first point, double-click or press Enter to
// close; Backspace takes back the last point; Escape abandons the polygon. A polygon must be
// strictly convex: while the clicks are not, the notice says why, and closing makes their convex
// hull (and says so). The shape's position is the centre of its points' bounding box, on the grid
// when snapping is on; its points are relative to it, so clicks on the grid give grid numbers.
import type { Point, Shape } from "../../../core";
import type { Editor } from "../../editor/editor";
import type { Point2 } from "../../shapes/kind";
import { convexOrHull } from "../../shapes/polygon";
import { DRAWING_CURSOR } from "../cursor";
import { StateNode } from "../state-node";
import { Drawing } from "./Drawing";
import { PolygonIdle } from "./PolygonIdle";

/** A click this close to the first point (in screen pixels) closes the polygon. */
export const CLOSE_RADIUS = 8;
/** A second click this close to the last point (screen pixels) is a double-click: close. */
export const DOUBLE_CLICK_SLOP = 3;

export const POLYGON_TOOL_HINT = "Polygon: click to add points · first point, double-click or Enter closes · Backspace undoes a point · Esc cancels";

/**
 * The centre of the points' bounding box: a clean number where the area centroid of clicks on
 * the grid is not (a triangle's gave 466.666666667).
 */
export function boundsCentreOf(points: readonly Point2[]): Point2 {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
}

export type PolygonPlan = { readonly ok: true; readonly shape: Shape; readonly hull: boolean; readonly reason?: string } | { readonly ok: false; readonly reason: string };

/**
 * The polygon that clicked world points make: themselves when strictly convex, else their hull.
 * Its position is the centre of their bounding box as `place` puts it (the grid snap, when on).
 */
export function polygonFromClicks(id: string, clicks: readonly Point2[], place: (centre: Point2) => Point2 = (c) => c): PolygonPlan {
  const pts = clicks.map((p): Point => [p.x, p.y]);
  const edit = convexOrHull(pts, false);
  const made = edit.ok ? edit : convexOrHull(pts, true);
  if (!made.ok) return { ok: false, reason: made.reason };
  const world = made.points.map(([x, y]) => ({ x, y }));
  const c = place(boundsCentreOf(world));
  const shape: Shape = { id, type: "polygon", x: c.x, y: c.y, rotation: 0, points: world.map((p): Point => [p.x - c.x, p.y - c.y]) };
  return { ok: true, shape, hull: !edit.ok, ...(edit.ok ? {} : { reason: edit.reason }) };
}

export class PolygonTool extends StateNode {
  readonly id = "polygon";

  constructor(editor: Editor, parent: StateNode) {
    super(editor, parent);
    this.addChildren(new PolygonIdle(editor, this), new Drawing(editor, this));
  }

  /** Every state of the tool draws at a point. */
  override cursor(): string {
    return DRAWING_CURSOR;
  }
}
