// What a shape kind means to the editor, in one module per kind (tldraw's ShapeUtil): its name,
// shortcut and icon, whether it turns, its Inspector fields, how a click or drag places it, its
// handles and what dragging each one makes. Everything else asks the registry (registry.ts).
import type { Point, Shape } from "../../core";
import type { ResizeHandle } from "./box";

export interface Point2 {
  readonly x: number;
  readonly y: number;
}

/** The numeric fields the Inspector edits; which a shape has depends on its kind. */
export type NumericField = "x" | "y" | "rotation" | "width" | "height" | "radius";

/** The handles of a selected shape: the rotate knob, and each kind's own. */
export type HandleKind =
  | { readonly kind: "rotate" }
  | { readonly kind: "resize"; readonly side: ResizeHandle }
  | { readonly kind: "radius" }
  | { readonly kind: "height"; readonly end: "top" | "bottom" }
  | { readonly kind: "vertex"; readonly index: number }
  | { readonly kind: "midpoint"; readonly index: number };

/**
 * How the pointer shows over a handle: a resize arrow along a direction of the shape's local frame
 * (turned with the shape on the canvas), or a fixed CSS cursor for a point moved freely.
 */
export type HandleCursor = { readonly along: Point2 } | "move" | "crosshair";

/** A handle in the shape's local frame (its own axes, origin at (x, y), y down). */
export interface LocalHandle {
  readonly handle: HandleKind;
  readonly at: Point2;
  readonly cursor: HandleCursor;
}

/** A straight piece of an outline, from one point to the next. */
export type Segment = readonly [Point2, Point2];

/**
 * A polygon edit's outcome: the points, or the reason it is refused (the polygon then stays):
 * `reason` in full; `short`, where the full one is long, for the status line (whose tooltip has
 * the full one); `hint`, what would make the edit work ("Alt-click a point to delete it");
 * `crossing`, the two edges that would cross, in the frame of the points edited.
 */
export type PolygonEdit =
  | { readonly ok: true; readonly points: Point[]; readonly hull: boolean }
  | { readonly ok: false; readonly reason: string; readonly short?: string; readonly hint?: string; readonly crossing?: readonly Segment[] };

/** Why a click or a drawn shape is refused: `short` for the status line where `reason` is long; `crossing`, the edges that would cross (world units). */
export interface Refusal {
  readonly reason: string;
  readonly short?: string;
  readonly crossing?: readonly Segment[];
}

export interface DragOptions {
  /** Shift: about the centre (sizes), the convex hull (polygons). */
  readonly shift: boolean;
  /** Ctrl/Cmd: keep the aspect ratio. */
  readonly mod: boolean;
  /** Rounds a new length (grid snapping); identity when off. */
  readonly snapLength: (v: number) => number;
}

/** The smallest width, height or radius a handle makes, in world units (core allows far less). */
export const MIN_EDIT_SIZE = 1;

/**
 * A drag shorter than this many screen pixels counts as a click (a default-size shape, no ray).
 * Tools pass it in world units for the current zoom (`clickSlop()` in store/view.ts).
 */
export const CLICK_SLOP = 4;

/** Two decimals keep files readable without visible loss. */
export const round2 = (v: number): number => Math.round(v * 100) / 100;

/** A number as a readout shows it: at most two decimals, no trailing zeros ("12.5", "3"). */
export const shortNumber = (v: number): string => String(round2(v));

/**
 * `v` as the nearest whole number of cells, at least one: a click's default size on the grid, so
 * that the shape's edges land on grid lines. Kept to 12 significant digits (800 cells of 0.1 is 80,
 * not 80.00000000000001).
 */
export function wholeCells(v: number, cell: number): number {
  return Number((Math.max(1, Math.round(v / cell)) * cell).toPrecision(12));
}

/** What a press at `start` and a release at `end` placed: a click (shorter than `slop`) or a drag's rectangle. */
export interface Placement {
  readonly click: boolean;
  /** The rectangle's size (zero for a click). */
  readonly w: number;
  readonly h: number;
  /** Where the shape is centred: the click, or the rectangle's centre. */
  readonly x: number;
  readonly y: number;
}

export function placement(start: Point2, end: Point2, slop: number): Placement {
  const w = Math.abs(end.x - start.x), h = Math.abs(end.y - start.y);
  const click = Math.max(w, h) < slop;
  return { click, w, h, x: round2(click ? start.x : (start.x + end.x) / 2), y: round2(click ? start.y : (start.y + end.y) / 2) };
}

/** What clicked points make: the shape (and what to tell of it), or why they make none yet. */
export type ClickPlan = { readonly ok: true; readonly shape: Shape; readonly note?: string } | ({ readonly ok: false } & Refusal);

/** How the points tool (tools/points/) makes a kind drawn by clicked points. */
export interface ClickDrawing {
  /** The status bar's hint while the tool is active, naming what the snap key does (`snap`) where a click is explained. */
  hint(snap: string): string;
  /** The points a click on the first point needs to close the shape. */
  readonly closeAt: number;
  /** The points Enter or a double-click needs to end the shape. */
  readonly endAt: number;
  /** Why a click at `next` after the world points `points` is refused (nothing is added), or null. */
  refuseClick(points: readonly Point2[], next: Point2): Refusal | null;
  /**
   * The shape world points make: `closed` when ended on the first point, else by Enter or a
   * double-click; `shift` held for the convex hull (polygons). Its position is the centre of the
   * points' box as `place` puts it (on the grid when snapping).
   */
  make(id: string, clicks: readonly Point2[], how: { readonly closed: boolean; readonly shift: boolean }, place: (centre: Point2) => Point2): ClickPlan;
}

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

/** World points made local to their box's centre (placed by `place`): the position and the points. */
export function localToCentre(world: readonly Point2[], place: (centre: Point2) => Point2): { readonly x: number; readonly y: number; readonly points: Point[] } {
  const c = place(boundsCentreOf(world));
  return { x: c.x, y: c.y, points: world.map((p): Point => [p.x - c.x, p.y - c.y]) };
}

/** The width and height of the box of local points: a point kind's lengths (a flat one's zero side left out). */
export function pointsExtent(points: readonly Point[]): number[] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [maxX - minX, maxY - minY].filter((v) => v > 0);
}

/** Local points times `k` (about the shape's own position). */
export const scaledPoints = (points: readonly Point[], k: number): Point[] => points.map(([x, y]): Point => [x * k, y * k]);

export interface ShapeKind<S extends Shape = Shape> {
  readonly type: S["type"];
  /** The tool's name ("Circle"). */
  readonly label: string;
  /** The tool's one-letter shortcut. */
  readonly shortcut: string;
  /** The toolbar's 16 px line icon: SVG path data in a 16 × 16 box. */
  readonly icon: string;
  /** How the tool makes one: a press-drag-release (`place`) or clicked points (`clicks`, the points tool). */
  readonly drawnBy: "drag" | "clicks";
  /** For kinds drawn by clicks: how the points tool makes one. */
  readonly clicks?: ClickDrawing;
  /** Whether it is a solid with an inside (filled when drawn, picked inside) or edges only (stroked, picked near an edge): the core kind's answer. */
  readonly solid: boolean;
  /** Whether `rotation` turns the shape (a circle's is ignored): the core kind's answer (kindTurns). */
  readonly rotates: boolean;
  /** The numeric fields the Inspector edits, in order. */
  readonly fields: readonly NumericField[];
  /** Why `field` cannot take `value` on this shape (a rule between its sizes), or null. */
  checkField(s: S, field: NumericField, value: number): string | null;
  /**
   * The shape a click (at `start`) or a drag from `start` to `end` places; `slop` tells them apart.
   * With `cell` (snapping on), a click's default sizes are whole cells of it.
   */
  place(id: string, start: Point2, end: Point2, slop: number, cell?: number | null): S;
  /** Local y of the shape's top edge, where the rotate knob hangs above. */
  top(s: S): number;
  /** The shape's own handles (the rotate knob aside), in its local frame. */
  handles(s: S): readonly LocalHandle[];
  /** What dragging `handle` to `pointer` (world) makes of `s`, as it was when the drag began. */
  drag(s: S, handle: HandleKind, pointer: Point2, o: DragOptions): S | PolygonEdit;
  /**
   * The shape scaled by `k` > 0 about its own position (x, y): every size and local point times
   * `k`, the rotation kept. A group's scale (shapes/transform.ts) moves the position itself.
   */
  scaled(s: S, k: number): S;
  /** The lengths a uniform scale multiplies that must stay at least MIN_EDIT_SIZE (a radius, a width; a point kind's extent). */
  lengths(s: S): readonly number[];
  /** The size a handle drag shows beside the pointer ("120 × 40", "r 32"); none for kinds edited point by point. */
  readonly sizeLabel?: (s: S) => string;
  /**
   * For kinds made of points: why these points would not make one (null when they do). The
   * Inspector then lists the points, and a point typed there is checked with it.
   */
  readonly pointsRule?: (points: readonly Point[], s: S) => string | null;
  /** For kinds made of points: vertex `index` removed (Alt-click on it), or why not. */
  readonly deletePoint?: (s: S, index: number) => PolygonEdit;
  /** The status bar's hint while one is selected or a handle of it dragged: how its points are edited. */
  readonly editHint?: string;
}
