// The polygon tool: click to add points; click the first point, double-click or press Enter to
// close; Backspace takes back the last point; Escape abandons the polygon. A polygon must be
// strictly convex: while the clicks are not, the notice says why, and closing makes their convex
// hull (and says so). The shape's position is the centroid; its points are relative to it.
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

/** The area centroid of a simple polygon (the vertex mean when it has no area). */
export function centroidOf(points: readonly Point2[]): Point2 {
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!, q = points[(i + 1) % points.length]!;
    const k = p.x * q.y - q.x * p.y;
    a += k;
    cx += (p.x + q.x) * k;
    cy += (p.y + q.y) * k;
  }
  if (Math.abs(a) < 1e-12) {
    const n = points.length || 1;
    return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
  }
  return { x: cx / (3 * a), y: cy / (3 * a) };
}

export type PolygonPlan = { readonly ok: true; readonly shape: Shape; readonly hull: boolean; readonly reason?: string } | { readonly ok: false; readonly reason: string };

/** The polygon that clicked world points make: themselves when strictly convex, else their hull. */
export function polygonFromClicks(id: string, clicks: readonly Point2[]): PolygonPlan {
  const pts = clicks.map((p): Point => [p.x, p.y]);
  const edit = convexOrHull(pts, false);
  const made = edit.ok ? edit : convexOrHull(pts, true);
  if (!made.ok) return { ok: false, reason: made.reason };
  const world = made.points.map(([x, y]) => ({ x, y }));
  const c = centroidOf(world);
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
