// The capsule kind: a centre, a radius and a height (end to end, ≥ 2 × radius) along its local y
// axis, turned by its rotation. Handles: the radius and both ends.
import { kindTurns, type Shape } from "../../core";
import { CORE_KINDS } from "../../core/kinds/registry";
import { frameToWorld, worldToFrame } from "./frame";
import { MIN_EDIT_SIZE, placement, type Point2, round2, type ShapeKind, shortNumber, wholeCells } from "./kind";

type Capsule = Extract<Shape, { type: "capsule" }>;

/** A click's capsule. */
export const DEFAULT_CAPSULE = { radius: 20, height: 90 } as const;

/**
 * A click's capsule on a grid of `cell`: its width (the diameter) and height whole cells, the
 * height at least a cell more than the width (an equal one would make a circle).
 */
export function defaultCapsuleOn(cell: number): { radius: number; height: number } {
  const width = wholeCells(2 * DEFAULT_CAPSULE.radius, cell);
  return { radius: width / 2, height: Math.max(wholeCells(DEFAULT_CAPSULE.height, cell), wholeCells(width + cell, cell)) };
}

/** A capsule's radius dragged to `pointer`: its distance from the axis; the height grows to fit. */
export function capsuleWithRadiusAt(s: Capsule, pointer: { x: number; y: number }, snapLength: (v: number) => number = (v) => v): Capsule {
  const l = worldToFrame(s, s.rotation, pointer);
  const radius = Math.max(MIN_EDIT_SIZE, snapLength(Math.abs(l.x)));
  return { ...s, radius, height: Math.max(s.height, 2 * radius) };
}

/**
 * A capsule's top or bottom end dragged to `pointer` along its axis; height stays ≥ 2·radius. With
 * snapping on the pointer arrives on the grid, and the end lands on it (rounding the height as well
 * would move it off).
 */
export function dragCapsuleEnd(s: Capsule, end: "top" | "bottom", pointer: Point2, centred: boolean): Capsule {
  const sy = end === "bottom" ? 1 : -1;
  const l = worldToFrame(s, s.rotation, pointer);
  const raw = centred ? 2 * sy * l.y : sy * l.y + s.height / 2;
  const height = Math.max(2 * s.radius, MIN_EDIT_SIZE, raw);
  const cy = centred ? 0 : -sy * (s.height / 2) + sy * (height / 2);
  const c = frameToWorld(s, s.rotation, { x: 0, y: cy });
  return { ...s, x: c.x, y: c.y, height };
}

export const capsuleKind: ShapeKind<Capsule> = {
  type: "capsule",
  label: "Capsule",
  shortcut: "k",
  icon: "M5 4.5a3 3 0 0 1 6 0v7a3 3 0 0 1 -6 0z",
  drawnBy: "drag",
  solid: CORE_KINDS.capsule.solid,
  rotates: kindTurns("capsule"),
  fields: ["x", "y", "rotation", "radius", "height"],
  checkField(s, field, value) {
    if (field === "height" && value < 2 * s.radius) return `height must be at least 2 × radius (${2 * s.radius})`;
    if (field === "radius" && 2 * value > s.height) return `radius must be at most height / 2 (${s.height / 2})`;
    return null;
  },
  place(id, start, end, slop, cell) {
    const { click, w, h, x, y } = placement(start, end, slop);
    if (click) return { id, type: "capsule", x, y, rotation: 0, ...(cell ? defaultCapsuleOn(cell) : DEFAULT_CAPSULE) };
    // The long side of the drag is the capsule's axis: a wide drag lies it down (turned 90°).
    const lying = w > h;
    const radius = round2(Math.max(lying ? h : w, 2) / 2);
    return { id, type: "capsule", x, y, rotation: lying ? 90 : 0, radius, height: round2(Math.max(lying ? w : h, 2 * radius)) };
  },
  top: (s) => -s.height / 2,
  handles: (s) => [
    { handle: { kind: "radius" }, at: { x: s.radius, y: 0 }, cursor: { along: { x: 1, y: 0 } } },
    { handle: { kind: "height", end: "top" }, at: { x: 0, y: -s.height / 2 }, cursor: { along: { x: 0, y: -1 } } },
    { handle: { kind: "height", end: "bottom" }, at: { x: 0, y: s.height / 2 }, cursor: { along: { x: 0, y: 1 } } },
  ],
  // Both times k: a height of exactly 2 × radius stays so (doubling is exact in floating point).
  scaled: (s, k) => ({ ...s, radius: s.radius * k, height: s.height * k }),
  lengths: (s) => [s.radius, s.height],
  sizeLabel: (s) => `r ${shortNumber(s.radius)} · h ${shortNumber(s.height)}`,
  drag(s, handle, pointer, o) {
    if (handle.kind === "radius") return capsuleWithRadiusAt(s, pointer, o.snapLength);
    if (handle.kind === "height") return dragCapsuleEnd(s, handle.end, pointer, o.shift);
    return s;
  },
};
