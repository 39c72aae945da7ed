// The chain kind: edges through points local to (x, y), turned by its rotation; `closed` joins the
// last point to the first. Handles: each vertex. A drag places a two-point chain along it (left to
// right, so a one-sided one faces up); a click a default platform.
import { kindTurns, type Point, type Shape } from "../../core";
import { worldToFrame } from "./frame";
import { type LocalHandle, placement, type PolygonEdit, round2, type ShapeKind } from "./kind";

type Chain = Extract<Shape, { type: "chain" }>;

/** A click's chain: a level platform this wide. */
export const DEFAULT_CHAIN_WIDTH = 120;

/** Why points cannot make an open chain (null when they can). */
export function chainPointsRule(points: readonly Point[]): string | null {
  if (points.length < 2) return `a chain needs at least 2 points, got ${points.length}`;
  for (let i = 1; i < points.length; i++) {
    if (points[i]![0] === points[i - 1]![0] && points[i]![1] === points[i - 1]![1]) return `point ${i} repeats point ${i - 1}`;
  }
  return null;
}

export const chainKind: ShapeKind<Chain> = {
  type: "chain",
  label: "Chain",
  shortcut: "e",
  icon: "M2 12 6 6l4 4 4-6",
  drawnBy: "drag",
  rotates: kindTurns("chain"),
  fields: ["x", "y", "rotation"],
  checkField: () => null,
  place(id, start, end, slop) {
    const { click, x, y } = placement(start, end, slop);
    const half = click ? DEFAULT_CHAIN_WIDTH / 2 : round2(Math.max(Math.hypot(end.x - start.x, end.y - start.y) / 2, 4));
    const angle = click ? 0 : Math.atan2(end.y - start.y, end.x - start.x);
    const dx = round2(Math.cos(angle) * half), dy = round2(Math.sin(angle) * half);
    const [a, b]: [Point, Point] = dx < 0 || (dx === 0 && dy > 0) ? [[dx, dy], [-dx, -dy]] : [[-dx, -dy], [dx, dy]];
    return { id, type: "chain", x, y, rotation: 0, points: [a, b] };
  },
  top: (s) => Math.min(...s.points.map((p) => p[1])),
  handles: (s) => s.points.map(([x, y], i): LocalHandle => ({ handle: { kind: "vertex", index: i }, at: { x, y }, cursor: "move" })),
  pointsRule: chainPointsRule,
  drag(s, handle, pointer): Chain | PolygonEdit {
    if (handle.kind !== "vertex") return s;
    const l = worldToFrame(s, s.rotation, pointer);
    const points = s.points.map((p, i): Point => (i === handle.index ? [l.x, l.y] : p));
    const reason = chainPointsRule(points);
    return reason ? { ok: false, reason } : { ok: true, points, hull: false };
  },
};
