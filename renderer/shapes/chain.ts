// The chain kind: edges through points local to (x, y), turned by its rotation; `closed` joins the
// last point to the first. Edges only (stroked, never filled); a one-sided chain's edges block from
// their front, the side of the normal (dy, −dx) of an edge from P to Q. Handles: each vertex, and
// each edge's midpoint (dragging one inserts a point). Drawn by the points tool's clicks; a click
// of the shape tools' kind places a level platform, left to right (so a one-sided one faces up).
import { chainPointsProblem, kindTurns, type Point, type Shape } from "../../core";
import { CORE_KINDS } from "../../core/kinds/registry";
import { frameToWorld, worldToFrame } from "./frame";
import { repeatedPoint } from "../../core/outline";
import { REPEAT_HINT } from "./polygon";
import { type ClickDrawing, type LocalHandle, localToCentre, placement, type Point2, type PolygonEdit, pointsExtent, round2, scaledPoints, type ShapeKind } from "./kind";

type Chain = Extract<Shape, { type: "chain" }>;

/** A click's chain: a level platform this wide. */
export const DEFAULT_CHAIN_WIDTH = 120;

/** Why points cannot make a chain, open or `closed` (null when they can): the format's rule. */
export const chainPointsRule = (points: readonly Point[], closed = false): string | null => chainPointsProblem(points, closed)?.message ?? null;

/** The number of edges: one per point when closed, one fewer when open. */
export const chainEdgeCount = (s: Pick<Chain, "points" | "closed">): number => (s.closed === true ? s.points.length : s.points.length - 1);

/** The chain's points in world units. */
export const chainWorldPoints = (s: Chain): Point2[] => s.points.map(([x, y]) => frameToWorld(s, s.rotation, { x, y }));

/** Distance from the world point `p` to the nearest edge of the chain. */
export function distanceToChain(s: Chain, p: Point2): number {
  const w = chainWorldPoints(s), n = w.length;
  let best = Infinity;
  for (let i = 0; i < chainEdgeCount(s); i++) {
    const a = w[i]!, b = w[(i + 1) % n]!;
    const dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)));
  }
  return best;
}

/** `points` as the chain's, or why the chain refuses them (a point landing on its neighbour: how to delete one instead). */
function edited(s: Chain, points: Point[]): PolygonEdit {
  const reason = chainPointsRule(points, s.closed === true);
  if (!reason) return { ok: true, points, hull: false };
  const problem = repeatedPoint(points, s.closed === true);
  if (problem?.kind !== "duplicate-point") return { ok: false, reason };
  const n = points.length;
  return { ok: false, reason: problem.message, short: `point ${problem.index} would land on point ${(problem.index + n - 1) % n}`, hint: REPEAT_HINT };
}

export const CHAIN_DRAWING: ClickDrawing = {
  hint: (snap) => `Chain: click to add points (${snap}) · Enter, double-click or right-click ends it open · click the first point to close it · Backspace undoes a point · Esc cancels`,
  closeAt: 3,
  endAt: 2,
  // Edges may cross (Box2D's chains may): every click but a repeat adds a point.
  refuseClick: () => null,
  make(id, clicks, { closed }, place) {
    const at = localToCentre(clicks, place);
    const shape: Chain = { id, type: "chain", x: at.x, y: at.y, rotation: 0, points: at.points, ...(closed ? { closed: true } : {}) };
    const reason = chainPointsRule(shape.points, closed);
    return reason ? { ok: false, reason } : { ok: true, shape };
  },
};

export const chainKind: ShapeKind<Chain> = {
  type: "chain",
  label: "Chain",
  shortcut: "l",
  icon: "M2 12 6 6l4 4 4-6",
  drawnBy: "clicks",
  clicks: CHAIN_DRAWING,
  solid: CORE_KINDS.chain.solid,
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
  // Every midpoint first, so a vertex is drawn (and hit) above a midpoint that overlaps it.
  handles: (s) => {
    const n = s.points.length;
    const midpoints = s.points.slice(0, chainEdgeCount(s)).map(([x, y], i): LocalHandle => {
      const [nx, ny] = s.points[(i + 1) % n]!;
      return { handle: { kind: "midpoint", index: i }, at: { x: (x + nx) / 2, y: (y + ny) / 2 }, cursor: "crosshair" };
    });
    return [...midpoints, ...s.points.map(([x, y], i): LocalHandle => ({ handle: { kind: "vertex", index: i }, at: { x, y }, cursor: "move" }))];
  },
  scaled: (s, k) => ({ ...s, points: scaledPoints(s.points, k) }),
  lengths: (s) => pointsExtent(s.points),
  pointsRule: (points, s) => chainPointsRule(points, s.closed === true),
  deletePoint(s, index) {
    const least = s.closed === true ? 3 : 2;
    if (s.points.length <= least) return { ok: false, reason: `a${s.closed === true ? " closed" : "n open"} chain keeps at least ${least} points` };
    return edited(s, s.points.filter((_, i) => i !== index));
  },
  editHint: "Chain: drag a point · drag a midpoint to add one · click a point then Delete (or Alt-click it) to delete",
  drag(s, handle, pointer): Chain | PolygonEdit {
    const l = worldToFrame(s, s.rotation, pointer);
    if (handle.kind === "vertex") return edited(s, s.points.map((p, i): Point => (i === handle.index ? [l.x, l.y] : p)));
    if (handle.kind !== "midpoint") return s;
    const points = [...s.points];
    points.splice(handle.index + 1, 0, [l.x, l.y]);
    return edited(s, points);
  },
};
