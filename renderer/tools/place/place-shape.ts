// What a shape tool makes from a click or a drag: a pure function, tested without a canvas.
import type { Shape, ShapeType } from "../../../core";

export interface Point2 {
  readonly x: number;
  readonly y: number;
}

/**
 * A drag shorter than this many screen pixels counts as a click (a default-size shape, no ray).
 * Tools pass it in world units for the current zoom (`clickSlop()` in store/view.ts): at 10 % a
 * one-pixel jitter is ten world units.
 */
export const CLICK_SLOP = 4;

export const DEFAULT_SIZE = { circle: 40, box: 80, capsule: { radius: 20, height: 90 }, polygonRadius: 45 } as const;

/** A regular hexagon inscribed in a w×h ellipse, clockwise on screen from the top. */
function hexagon(w: number, h: number): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 3;
    pts.push([round((Math.cos(a) * w) / 2), round((Math.sin(a) * h) / 2)]);
  }
  return pts;
}

/** Two decimals keep files readable without visible loss. */
const round = (v: number): number => Math.round(v * 100) / 100;

/**
 * The shape placed by a gesture from `start` to `end`. A click gives a default-size shape centred
 * on the point; a drag fits the shape to the dragged rectangle (a circle in its shorter side).
 */
export function placeShape(type: ShapeType, id: string, start: Point2, end: Point2, slop = CLICK_SLOP): Shape {
  const w = Math.abs(end.x - start.x);
  const h = Math.abs(end.y - start.y);
  const click = Math.max(w, h) < slop;
  const cx = round(click ? start.x : (start.x + end.x) / 2);
  const cy = round(click ? start.y : (start.y + end.y) / 2);
  const base = { id, x: cx, y: cy, rotation: 0 };
  switch (type) {
    case "circle":
      return { ...base, type, radius: click ? DEFAULT_SIZE.circle : round(Math.max(Math.min(w, h), slop) / 2) };
    case "box":
      return { ...base, type, width: click ? DEFAULT_SIZE.box : round(Math.max(w, 1)), height: click ? DEFAULT_SIZE.box : round(Math.max(h, 1)) };
    case "capsule": {
      if (click) return { ...base, type, ...DEFAULT_SIZE.capsule };
      // The long side of the drag is the capsule's axis: a wide drag lies it down (turned 90°).
      const lying = w > h;
      const radius = round(Math.max(lying ? h : w, 2) / 2);
      return { ...base, type, rotation: lying ? 90 : 0, radius, height: round(Math.max(lying ? w : h, 2 * radius)) };
    }
    case "polygon": {
      const d = 2 * DEFAULT_SIZE.polygonRadius;
      return { ...base, type, points: click ? hexagon(d, d) : hexagon(Math.max(w, 8), Math.max(h, 8)) };
    }
  }
}
