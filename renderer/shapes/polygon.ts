// The polygon kind: strictly convex points local to (x, y), turned by its rotation. Handles: each
// vertex, and each edge's midpoint (dragging one inserts a vertex there). Drawn by the polygon
// tool's clicks; a click of the shape tools' kind places a regular hexagon.
import { checkConvexPolygon, computeHull, kindTurns, type Point, type Shape } from "../../core";
import { worldToFrame } from "./frame";
import { type LocalHandle, placement, type Point2, type PolygonEdit, round2, type ShapeKind } from "./kind";

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

/** Points that must stay strictly convex; `useHull` replaces non-convex ones by their hull. */
export function convexOrHull(points: Point[], useHull: boolean): PolygonEdit {
  const problem = checkConvexPolygon(vecs(points));
  if (!problem) return { ok: true, points, hull: false };
  if (!useHull) return { ok: false, reason: problem.message };
  const hull = computeHull(vecs(points));
  if (!hull.ok) return { ok: false, reason: hull.reason };
  return { ok: true, points: hull.points.map((p): Point => [p.x, p.y]), hull: true };
}

/** Vertex `index` of polygon `s` moved to the world point `pointer`. */
export function moveVertex(s: Polygon, index: number, pointer: Point2, useHull: boolean): PolygonEdit {
  const l = worldToFrame(s, s.rotation, pointer);
  return convexOrHull(s.points.map((p, i): Point => (i === index ? [l.x, l.y] : p)), useHull);
}

/** A new vertex after `index` (on the edge index → index+1), dragged to `pointer`. */
export function insertVertex(s: Polygon, index: number, pointer: Point2, useHull: boolean): PolygonEdit {
  const l = worldToFrame(s, s.rotation, pointer);
  const points = [...s.points];
  points.splice(index + 1, 0, [l.x, l.y]);
  return convexOrHull(points, useHull);
}

/** Vertex `index` removed; a polygon keeps at least 3 points. */
export function deleteVertex(s: Polygon, index: number): PolygonEdit {
  if (s.points.length <= 3) return { ok: false, reason: "a polygon keeps at least 3 points" };
  return convexOrHull(s.points.filter((_, i) => i !== index), false);
}

export const polygonKind: ShapeKind<Polygon> = {
  type: "polygon",
  label: "Polygon",
  shortcut: "p",
  icon: "M8 2 13.5 6 11.5 13h-7L2.5 6z",
  drawnBy: "clicks",
  rotates: kindTurns("polygon"),
  fields: ["x", "y", "rotation"],
  checkField: () => null,
  place(id, start, end, slop) {
    const { click, w, h, x, y } = placement(start, end, slop);
    const d = 2 * DEFAULT_POLYGON_RADIUS;
    return { id, type: "polygon", x, y, rotation: 0, points: click ? hexagon(d, d) : hexagon(Math.max(w, 8), Math.max(h, 8)) };
  },
  top: (s) => Math.min(...s.points.map((p) => p[1])),
  handles: (s) =>
    s.points.flatMap(([x, y], i): LocalHandle[] => {
      const [nx, ny] = s.points[(i + 1) % s.points.length]!;
      return [
        // A vertex moves freely; a midpoint adds one.
        { handle: { kind: "vertex", index: i }, at: { x, y }, cursor: "move" },
        { handle: { kind: "midpoint", index: i }, at: { x: (x + nx) / 2, y: (y + ny) / 2 }, cursor: "crosshair" },
      ];
    }),
  pointsRule: (points) => checkConvexPolygon(vecs(points))?.message ?? null,
  drag(s, handle, pointer, o): Polygon | PolygonEdit {
    if (handle.kind === "vertex") return moveVertex(s, handle.index, pointer, o.shift);
    if (handle.kind === "midpoint") return insertVertex(s, handle.index, pointer, o.shift);
    return s;
  },
};
