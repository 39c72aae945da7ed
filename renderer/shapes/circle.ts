// The circle kind: a centre and a radius; its rotation is ignored. One handle, the radius.
import { kindTurns, type Shape } from "../../core";
import { CORE_KINDS } from "../../core/kinds/registry";
import { worldToFrame } from "./frame";
import { MIN_EDIT_SIZE, placement, round2, type ShapeKind, shortNumber, wholeCells } from "./kind";

type Circle = Extract<Shape, { type: "circle" }>;

/** A click's circle. */
export const DEFAULT_RADIUS = 40;

/** A circle's radius dragged to `pointer` (world): its distance from the centre. */
export function circleWithRadiusAt(s: Circle, pointer: { x: number; y: number }, snapLength: (v: number) => number = (v) => v): Circle {
  const l = worldToFrame(s, 0, pointer);
  return { ...s, radius: Math.max(MIN_EDIT_SIZE, snapLength(Math.hypot(l.x, l.y))) };
}

export const circleKind: ShapeKind<Circle> = {
  type: "circle",
  label: "Circle",
  shortcut: "c",
  icon: "M2.5 8a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0 -11 0",
  drawnBy: "drag",
  solid: CORE_KINDS.circle.solid,
  rotates: kindTurns("circle"),
  fields: ["x", "y", "radius"],
  checkField: () => null,
  place(id, start, end, slop, cell) {
    const { click, w, h, x, y } = placement(start, end, slop);
    // A click on the grid: a diameter of whole cells, so the circle's box is on grid lines.
    const radius = cell ? wholeCells(2 * DEFAULT_RADIUS, cell) / 2 : DEFAULT_RADIUS;
    // A drag fits the circle in the dragged rectangle's shorter side.
    return { id, type: "circle", x, y, rotation: 0, radius: click ? radius : round2(Math.max(Math.min(w, h), slop) / 2) };
  },
  top: (s) => -s.radius,
  handles: (s) => [{ handle: { kind: "radius" }, at: { x: s.radius, y: 0 }, cursor: { along: { x: 1, y: 0 } } }],
  drag: (s, handle, pointer, o) => (handle.kind === "radius" ? circleWithRadiusAt(s, pointer, o.snapLength) : s),
  scaled: (s, k) => ({ ...s, radius: s.radius * k }),
  lengths: (s) => [s.radius],
  sizeLabel: (s) => `r ${shortNumber(s.radius)}`,
};
