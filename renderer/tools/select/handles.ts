// Transform handles of one selected shape: where they sit and what dragging each one makes. Pure
// functions of the shape as it was when the drag began and the pointer now; the select tool turns
// the results into store writes. Local frame: the shape's own axes, origin at (x, y), y down.
import { checkConvexPolygon, computeHull, rotFromDegrees, type Point, type Shape } from "../../../core";
import type { Point2 } from "../place/place-shape";

/** The smallest width, height or radius a handle makes, in world units (core allows far less). */
export const MIN_EDIT_SIZE = 1;
/** Distance of the rotate knob above the shape, in screen pixels. */
export const ROTATE_OFFSET = 28;
/** Shift while rotating snaps to multiples of this many degrees. */
export const ROTATE_SNAP = 15;

/** Box resize handles: which side of each local axis a handle holds (−1, 0 or +1). */
export const RESIZE_SIDES = {
  nw: [-1, -1], n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0],
} as const satisfies Record<string, readonly [number, number]>;
export type ResizeHandle = keyof typeof RESIZE_SIDES;

export type HandleKind =
  | { readonly kind: "rotate" }
  | { readonly kind: "resize"; readonly side: ResizeHandle }
  | { readonly kind: "radius" }
  | { readonly kind: "height"; readonly end: "top" | "bottom" }
  | { readonly kind: "vertex"; readonly index: number }
  | { readonly kind: "midpoint"; readonly index: number };

export interface Handle {
  readonly handle: HandleKind;
  /** World position. */
  readonly at: Point2;
}

/** The suffix after "#" in a handle's canvas id ("box-1#se", "poly-2#v3", "poly-2#m0"). */
export function handleCode(h: HandleKind): string {
  switch (h.kind) {
    case "rotate": return "rotate";
    case "resize": return h.side;
    case "radius": return "radius";
    case "height": return h.end;
    case "vertex": return `v${h.index}`;
    case "midpoint": return `m${h.index}`;
  }
}

export function parseHandleCode(code: string): HandleKind | null {
  if (code === "rotate" || code === "radius") return { kind: code };
  if (code === "top" || code === "bottom") return { kind: "height", end: code };
  if (code in RESIZE_SIDES) return { kind: "resize", side: code as ResizeHandle };
  const m = /^([vm])(\d+)$/.exec(code);
  if (!m) return null;
  const index = Number(m[2]);
  return m[1] === "v" ? { kind: "vertex", index } : { kind: "midpoint", index };
}

const rotationOf = (s: Shape): number => (s.type === "circle" ? 0 : s.rotation);

export function localToWorld(s: Shape, p: Point2): Point2 {
  const q = rotFromDegrees(rotationOf(s));
  return { x: s.x + q.c * p.x - q.s * p.y, y: s.y + q.s * p.x + q.c * p.y };
}

export function worldToLocal(s: Shape, p: Point2): Point2 {
  const q = rotFromDegrees(rotationOf(s));
  const dx = p.x - s.x, dy = p.y - s.y;
  return { x: q.c * dx + q.s * dy, y: -q.s * dx + q.c * dy };
}

/** Half the shape's extent above its origin, along its local −y: where the rotate knob hangs. */
function topOf(s: Shape): number {
  switch (s.type) {
    case "circle": return -s.radius;
    case "box": return -s.height / 2;
    case "capsule": return -s.height / 2;
    case "polygon": return Math.min(...s.points.map((p) => p[1]));
  }
}

/** Every handle of a shape, for a view of `scale` screen pixels per world unit. */
export function handlesOf(s: Shape, scale: number): Handle[] {
  const at = (x: number, y: number) => localToWorld(s, { x, y });
  const out: Handle[] = [];
  if (s.type !== "circle") out.push({ handle: { kind: "rotate" }, at: at(0, topOf(s) - ROTATE_OFFSET / scale) });
  switch (s.type) {
    case "circle":
      out.push({ handle: { kind: "radius" }, at: at(s.radius, 0) });
      break;
    case "box":
      for (const [side, [sx, sy]] of Object.entries(RESIZE_SIDES) as [ResizeHandle, readonly [number, number]][]) {
        out.push({ handle: { kind: "resize", side }, at: at((sx * s.width) / 2, (sy * s.height) / 2) });
      }
      break;
    case "capsule":
      out.push({ handle: { kind: "radius" }, at: at(s.radius, 0) });
      out.push({ handle: { kind: "height", end: "top" }, at: at(0, -s.height / 2) });
      out.push({ handle: { kind: "height", end: "bottom" }, at: at(0, s.height / 2) });
      break;
    case "polygon":
      s.points.forEach(([x, y], i) => {
        const [nx, ny] = s.points[(i + 1) % s.points.length]!;
        out.push({ handle: { kind: "vertex", index: i }, at: at(x, y) });
        out.push({ handle: { kind: "midpoint", index: i }, at: at((x + nx) / 2, (y + ny) / 2) });
      });
      break;
  }
  return out;
}

/** The knob's angle: 0 when it points up (local −y), clockwise on screen, in [0, 360). */
export function rotationTowards(s: Shape, pointer: Point2, snap: boolean): number {
  let deg = (Math.atan2(pointer.y - s.y, pointer.x - s.x) * 180) / Math.PI + 90;
  if (snap) deg = Math.round(deg / ROTATE_SNAP) * ROTATE_SNAP;
  deg = ((deg % 360) + 360) % 360;
  // Rounding can leave −0 or a hair under 360.
  return deg === 0 || deg > 360 - 1e-12 ? 0 : deg;
}

export interface ResizeOptions {
  /** Shift: resize about the centre. */
  readonly centred: boolean;
  /** Ctrl/Cmd: keep the width:height ratio. */
  readonly keepAspect: boolean;
  /** Rounds a new length (grid snapping); identity when off. */
  readonly snapLength?: (v: number) => number;
}

/**
 * A box resized by dragging handle `side` to `pointer`, along the box's own axes. The opposite edge
 * or corner stays fixed in world space (the centre does when `centred`); sizes stay ≥ MIN_EDIT_SIZE.
 */
export function resizeBox(box: Extract<Shape, { type: "box" }>, side: ResizeHandle, pointer: Point2, o: ResizeOptions): Extract<Shape, { type: "box" }> {
  const [sx, sy] = RESIZE_SIDES[side];
  const l = worldToLocal(box, pointer);
  const snap = o.snapLength ?? ((v: number) => v);
  // The new extent along one axis: from the fixed side (or the centre) to the pointer.
  const extent = (s: number, along: number, size: number): number => {
    if (s === 0) return size;
    return o.centred ? 2 * s * along : s * along + size / 2;
  };
  let w = Math.max(MIN_EDIT_SIZE, extent(sx, l.x, box.width));
  let h = Math.max(MIN_EDIT_SIZE, extent(sy, l.y, box.height));
  if (o.keepAspect) {
    // Corners follow the axis that grew most; an edge scales the other axis with it.
    const k = sx === 0 ? h / box.height : sy === 0 ? w / box.width : Math.max(w / box.width, h / box.height);
    const kMin = Math.max(MIN_EDIT_SIZE / box.width, MIN_EDIT_SIZE / box.height);
    w = box.width * Math.max(k, kMin);
    h = box.height * Math.max(k, kMin);
  } else {
    if (sx !== 0) w = Math.max(MIN_EDIT_SIZE, snap(w));
    if (sy !== 0) h = Math.max(MIN_EDIT_SIZE, snap(h));
  }
  // New centre in the old local frame: the fixed side stays where it was. An edge handle with the
  // aspect kept grows the other axis about the centre line.
  const cx = o.centred || sx === 0 ? 0 : -sx * (box.width / 2) + sx * (w / 2);
  const cy = o.centred || sy === 0 ? 0 : -sy * (box.height / 2) + sy * (h / 2);
  const c = localToWorld(box, { x: cx, y: cy });
  return { ...box, x: c.x, y: c.y, width: w, height: h };
}

/** A circle's or capsule's radius dragged to `pointer`; a capsule grows its height to fit. */
export function dragRadius<S extends Extract<Shape, { type: "circle" | "capsule" }>>(s: S, pointer: Point2, snapLength: (v: number) => number = (v) => v): S {
  const l = worldToLocal(s, pointer);
  const radius = Math.max(MIN_EDIT_SIZE, snapLength(s.type === "circle" ? Math.hypot(l.x, l.y) : Math.abs(l.x)));
  if (s.type === "circle") return { ...s, radius };
  return { ...s, radius, height: Math.max(s.height, 2 * radius) };
}

/** A capsule's top or bottom end dragged to `pointer` along its axis; height stays ≥ 2·radius. */
export function dragCapsuleEnd(
  s: Extract<Shape, { type: "capsule" }>,
  end: "top" | "bottom",
  pointer: Point2,
  centred: boolean,
  snapLength: (v: number) => number = (v) => v,
): Extract<Shape, { type: "capsule" }> {
  const sy = end === "bottom" ? 1 : -1;
  const l = worldToLocal(s, pointer);
  const raw = centred ? 2 * sy * l.y : sy * l.y + s.height / 2;
  const height = Math.max(2 * s.radius, MIN_EDIT_SIZE, snapLength(raw));
  const cy = centred ? 0 : -sy * (s.height / 2) + sy * (height / 2);
  const c = localToWorld(s, { x: 0, y: cy });
  return { ...s, x: c.x, y: c.y, height };
}

export type PolygonEdit =
  | { readonly ok: true; readonly points: Point[]; readonly hull: boolean }
  | { readonly ok: false; readonly reason: string };

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
export function moveVertex(s: Extract<Shape, { type: "polygon" }>, index: number, pointer: Point2, useHull: boolean): PolygonEdit {
  const l = worldToLocal(s, pointer);
  return convexOrHull(s.points.map((p, i): Point => (i === index ? [l.x, l.y] : p)), useHull);
}

/** A new vertex after `index` (on the edge index → index+1), dragged to `pointer`. */
export function insertVertex(s: Extract<Shape, { type: "polygon" }>, index: number, pointer: Point2, useHull: boolean): PolygonEdit {
  const l = worldToLocal(s, pointer);
  const points = [...s.points];
  points.splice(index + 1, 0, [l.x, l.y]);
  return convexOrHull(points, useHull);
}

/** Vertex `index` removed; a polygon keeps at least 3 points. */
export function deleteVertex(s: Extract<Shape, { type: "polygon" }>, index: number): PolygonEdit {
  if (s.points.length <= 3) return { ok: false, reason: "a polygon keeps at least 3 points" };
  return convexOrHull(s.points.filter((_, i) => i !== index), false);
}
