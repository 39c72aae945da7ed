// The polygon tool: click to add points; click the first point, double-click or press Enter to
// close; Backspace takes back the last point; Escape abandons the polygon. A polygon must be
// strictly convex: while the clicks are not, the notice says why, and closing makes their convex
// hull (and says so). The shape's position is the centroid; its points are relative to it.
import { computeHull, type Point, type Shape } from "../../../core";
import { addShape, nextId, notify } from "../../store/actions";
import { useEditor } from "../../store/editor-store";
import { snapPoint } from "../../store/view";
import { useToolOverlay } from "../overlay";
import type { Point2 } from "../place/place-shape";
import type { Tool } from "../tool";
import { convexOrHull } from "../select/handles";

/** A click this close to the first point (in screen pixels) closes the polygon. */
export const CLOSE_RADIUS = 8;
/** A second click this close to the last point (screen pixels) is a double-click: close. */
export const DOUBLE_CLICK_SLOP = 3;

export const POLYGON_TOOL_HINT = "Polygon: click to add points · first point, double-click or Enter closes · Backspace undoes a point · Esc cancels";

export interface PolygonTool extends Tool {
  /** "polygon.idle" or "polygon.drawing". */
  readonly path: () => string;
}

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

export function polygonTool(): PolygonTool {
  let points: Point2[] = [];
  const near = (a: Point2, b: Point2, px: number) => Math.hypot(a.x - b.x, a.y - b.y) <= px / useEditor.getState().view.scale;

  /** Shows the points so far, their hull as a ghost, and why they are not convex yet. */
  const show = () => {
    useToolOverlay.setState({ draft: points });
    if (points.length < 3) {
      useEditor.setState({ preview: null });
      notify(POLYGON_TOOL_HINT);
      return;
    }
    const hull = computeHull(points);
    const plan = polygonFromClicks("polygon-preview", points);
    useEditor.setState({ preview: hull.ok && plan.ok ? plan.shape : null });
    notify(plan.ok && plan.hull ? `Not convex: ${plan.reason}. Closing makes the convex hull.` : POLYGON_TOOL_HINT);
  };

  const reset = () => {
    points = [];
    useToolOverlay.setState({ draft: [] });
    useEditor.setState({ preview: null });
  };

  const finish = (): boolean => {
    if (points.length === 0) return false;
    const plan = polygonFromClicks(nextId("polygon", useEditor.getState().shapes), points);
    if (!plan.ok) {
      notify(`Cannot close the polygon: ${plan.reason}`);
      return true;
    }
    reset();
    addShape(plan.shape);
    notify(plan.hull ? `Made the convex hull of the clicked points (${plan.reason})` : null);
    return true;
  };

  // Switching to another tool abandons the polygon, so its ghost does not linger.
  useEditor.subscribe((s, prev) => {
    if (prev.tool === "polygon" && s.tool !== "polygon" && points.length > 0) reset();
  });

  return {
    path: () => (points.length > 0 ? "polygon.drawing" : "polygon.idle"),
    down: (p) => {
      const at = snapPoint(p.world);
      const first = points[0];
      const last = points.at(-1);
      if (first && points.length >= 3 && near(at, first, CLOSE_RADIUS)) {
        finish();
        return;
      }
      if (last && near(at, last, DOUBLE_CLICK_SLOP)) {
        // The second press of a double-click closes; a lone repeat of a point adds nothing.
        if (points.length >= 3) finish();
        return;
      }
      points = [...points, at];
      show();
    },
    move: () => {},
    up: () => {},
    cancel: () => {
      if (points.length === 0) return;
      reset();
      notify(null);
    },
    confirm: finish,
    deleteKey: () => {
      if (points.length === 0) return false;
      points = points.slice(0, -1);
      show();
      return true;
    },
  };
}
