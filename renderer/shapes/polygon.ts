// The polygon kind: a simple outline (convex or concave) local to (x, y), turned by its rotation.
// Handles: each vertex, and each edge's midpoint (dragging one inserts a vertex there). An edit
// that would make the outline cross itself is refused with the two edges (drawn in red); Shift
// makes the convex hull instead, offered only where the hull keeps the outline. Drawn by the points tool's clicks; a click of the shape tools' kind places a
// regular hexagon.
import { checkConvexPolygon, checkSimplePolygon, computeHull, firstCrossingEdges, kindTurns, type Point, type Shape } from "../../core";
import { CORE_KINDS } from "../../core/kinds/registry";
import { worldToFrame } from "./frame";
import { type ClickDrawing, type LocalHandle, localToCentre, placement, type Point2, type PolygonEdit, pointsExtent, type Refusal, round2, scaledPoints, type Segment, type ShapeKind } from "./kind";

type Polygon = Extract<Shape, { type: "polygon" }>;

/** A click's hexagon: inscribed in a circle of this radius. */
export const DEFAULT_POLYGON_RADIUS = 45;

/** A regular hexagon inscribed in a w×h ellipse, clockwise on screen from the top. */
function hexagon(w: number, h: number): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 3;
    pts.push([round2((Math.cos(a) * w) / 2), round2((Math.sin(a) * h) / 2)]);
  }
  return pts;
}

const vecs = (pts: readonly Point[]) => pts.map(([x, y]) => ({ x, y }));

/** The hull of points that are not strictly convex (themselves when they are). */
function convexOrHull(points: Point[]): PolygonEdit {
  if (!checkConvexPolygon(vecs(points))) return { ok: true, points, hull: false };
  const hull = computeHull(vecs(points));
  if (!hull.ok) return { ok: false, reason: hull.reason };
  return { ok: true, points: hull.points.map((p): Point => [p.x, p.y]), hull: true };
}

/** Edges i and j of the closed outline through `points` (edge i runs from point i to point i + 1), in their frame. */
export function edgeSegments(points: readonly Point[], edges: readonly number[]): Segment[] {
  const n = points.length, at = (k: number): Point2 => ({ x: points[k % n]![0], y: points[k % n]![1] });
  return edges.map((e): Segment => [at(e), at(e + 1)]);
}

/** The advice a stop on the hull's side gives: only when the hull keeps all points but one at most (it would not wreck a concave outline). */
export const HULL_HINT = "Shift-drag: convex hull";

function hullKeepsOutline(points: readonly Point[]): boolean {
  const hull = computeHull(vecs(points));
  return hull.ok && hull.points.length >= points.length - 1;
}

/** What a stop at a point landing on its neighbour says to do: the hull is no fix for it. */
export const REPEAT_HINT = "Alt-click a point to delete it";

/**
 * Points that must make a simple outline (convex or concave); `useHull` (Shift) replaces points
 * that are not strictly convex by their hull, as the editor did before concave outlines.
 */
export function simpleOrHull(points: Point[], useHull: boolean): PolygonEdit {
  if (useHull) return convexOrHull(points);
  const problem = checkSimplePolygon(points);
  if (!problem) return { ok: true, points, hull: false };
  const n = points.length;
  if (problem.kind === "duplicate-point") return { ok: false, reason: problem.message, short: `point ${problem.index} would land on point ${(problem.index + n - 1) % n}`, hint: REPEAT_HINT };
  if (problem.kind !== "edges-cross") return { ok: false, reason: problem.message };
  const [i, j] = problem.edges;
  return {
    ok: false,
    reason: problem.message,
    short: `edges ${i} and ${j} would cross (in red)`,
    crossing: edgeSegments(points, problem.edges),
    ...(hullKeepsOutline(points) ? { hint: HULL_HINT } : {}),
  };
}

/** Vertex `index` of polygon `s` moved to the world point `pointer`. */
export function moveVertex(s: Polygon, index: number, pointer: Point2, useHull: boolean): PolygonEdit {
  const l = worldToFrame(s, s.rotation, pointer);
  return simpleOrHull(s.points.map((p, i): Point => (i === index ? [l.x, l.y] : p)), useHull);
}

/** A new vertex after `index` (on the edge index → index+1), dragged to `pointer`. */
export function insertVertex(s: Polygon, index: number, pointer: Point2, useHull: boolean): PolygonEdit {
  const l = worldToFrame(s, s.rotation, pointer);
  const points = [...s.points];
  points.splice(index + 1, 0, [l.x, l.y]);
  return simpleOrHull(points, useHull);
}

/** Vertex `index` removed; a polygon keeps at least 3 points and a simple outline. */
export function deleteVertex(s: Polygon, index: number): PolygonEdit {
  if (s.points.length <= 3) return { ok: false, reason: "a polygon keeps at least 3 points" };
  return simpleOrHull(s.points.filter((_, i) => i !== index), false);
}

/** Why the open outline through `points` then `next` would cross itself, or null. */
export function crossingClick(points: readonly Point2[], next: Point2): Refusal | null {
  const pts = [...points, next].map((p): Point => [p.x, p.y]);
  const crossing = firstCrossingEdges(pts, false);
  return crossing ? { reason: `the outline would cross itself (edge ${crossing[0]} and edge ${crossing[1]}, the new one, in red)`, crossing: edgeSegments(pts, crossing) } : null;
}

export const POLYGON_DRAWING: ClickDrawing = {
  hint: (snap) => `Polygon: click to add points (${snap}) · first point, double-click, Enter or right-click closes · Shift-close for the convex hull · Backspace undoes a point · Esc cancels`,
  closeAt: 3,
  endAt: 3,
  refuseClick: crossingClick,
  make(id, clicks, { shift }, place) {
    const pts = clicks.map((p): Point => [p.x, p.y]);
    const made = simpleOrHull(pts, shift);
    if (!made.ok) return { ok: false, reason: made.reason, ...(made.short === undefined ? {} : { short: made.short }), ...(made.crossing ? { crossing: made.crossing } : {}) };
    const at = localToCentre(made.points.map(([x, y]) => ({ x, y })), place);
    const shape: Polygon = { id, type: "polygon", x: at.x, y: at.y, rotation: 0, points: at.points };
    return made.hull ? { ok: true, shape, note: `Made the convex hull of the clicked points (${made.points.length} vertices)` } : { ok: true, shape };
  },
};

export const polygonKind: ShapeKind<Polygon> = {
  type: "polygon",
  label: "Polygon",
  shortcut: "p",
  icon: "M8 2 13.5 6 11.5 13h-7L2.5 6z",
  drawnBy: "clicks",
  clicks: POLYGON_DRAWING,
  solid: CORE_KINDS.polygon.solid,
  rotates: kindTurns("polygon"),
  fields: ["x", "y", "rotation"],
  checkField: () => null,
  place(id, start, end, slop) {
    const { click, w, h, x, y } = placement(start, end, slop);
    const d = 2 * DEFAULT_POLYGON_RADIUS;
    return { id, type: "polygon", x, y, rotation: 0, points: click ? hexagon(d, d) : hexagon(Math.max(w, 8), Math.max(h, 8)) };
  },
  top: (s) => Math.min(...s.points.map((p) => p[1])),
  // A midpoint adds a vertex, a vertex moves freely: every midpoint first, so a vertex is drawn
  // (and hit) above a midpoint that overlaps it on a short edge.
  handles: (s) => [
    ...s.points.map(([x, y], i): LocalHandle => {
      const [nx, ny] = s.points[(i + 1) % s.points.length]!;
      return { handle: { kind: "midpoint", index: i }, at: { x: (x + nx) / 2, y: (y + ny) / 2 }, cursor: "crosshair" };
    }),
    ...s.points.map(([x, y], i): LocalHandle => ({ handle: { kind: "vertex", index: i }, at: { x, y }, cursor: "move" })),
  ],
  scaled: (s, k) => ({ ...s, points: scaledPoints(s.points, k) }),
  lengths: (s) => pointsExtent(s.points),
  pointsRule: (points) => checkSimplePolygon(points)?.message ?? null,
  deletePoint: deleteVertex,
  editHint: "Polygon: drag a vertex · drag a midpoint to add one · click a vertex then Delete (or Alt-click it) to delete · Shift-drag for the convex hull",
  drag(s, handle, pointer, o): Polygon | PolygonEdit {
    const edit = handle.kind === "vertex" ? moveVertex(s, handle.index, pointer, o.shift) : handle.kind === "midpoint" ? insertVertex(s, handle.index, pointer, o.shift) : null;
    return edit ?? s;
  },
};
