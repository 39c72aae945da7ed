// The box kind: a centre, a width and a height, turned by its rotation. Eight resize handles on its
// corners and edges.
import { kindTurns, type Shape } from "../../core";
import { CORE_KINDS } from "../../core/kinds/registry";
import { frameToWorld, worldToFrame } from "./frame";
import { MIN_EDIT_SIZE, placement, type Point2, round2, type ShapeKind, shortNumber, wholeCells } from "./kind";

type Box = Extract<Shape, { type: "box" }>;

/** A click's box. */
export const DEFAULT_BOX = 80;

/** Box resize handles: which side of each local axis a handle holds (−1, 0 or +1). */
export const RESIZE_SIDES = {
  nw: [-1, -1], n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0],
} as const satisfies Record<string, readonly [number, number]>;
export type ResizeHandle = keyof typeof RESIZE_SIDES;

export interface ResizeOptions {
  /** Shift: resize about the centre. */
  readonly centred: boolean;
  /** Ctrl/Cmd: keep the width:height ratio. */
  readonly keepAspect: boolean;
}

/**
 * A box resized by dragging handle `side` to `pointer`, along the box's own axes. The opposite edge
 * or corner stays fixed in world space (the centre does when `centred`); sizes stay ≥ MIN_EDIT_SIZE.
 */
export function resizeBox(box: Box, side: ResizeHandle, pointer: Point2, o: ResizeOptions): Box {
  const [sx, sy] = RESIZE_SIDES[side];
  const l = worldToFrame(box, box.rotation, pointer);
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
  }
  // With snapping on, the pointer arrives on the grid, so the dragged edge or corner lands there
  // (rounding the size as well would move it off the grid again).
  // New centre in the old local frame: the fixed side stays where it was. An edge handle with the
  // aspect kept grows the other axis about the centre line.
  const cx = o.centred || sx === 0 ? 0 : -sx * (box.width / 2) + sx * (w / 2);
  const cy = o.centred || sy === 0 ? 0 : -sy * (box.height / 2) + sy * (h / 2);
  const c = frameToWorld(box, box.rotation, { x: cx, y: cy });
  return { ...box, x: c.x, y: c.y, width: w, height: h };
}

export const boxKind: ShapeKind<Box> = {
  type: "box",
  label: "Box",
  shortcut: "b",
  icon: "M2.5 3.5h11v9h-11z",
  drawnBy: "drag",
  solid: CORE_KINDS.box.solid,
  rotates: kindTurns("box"),
  fields: ["x", "y", "rotation", "width", "height"],
  checkField: () => null,
  place(id, start, end, slop, cell) {
    const { click, w, h, x, y } = placement(start, end, slop);
    const side = cell ? wholeCells(DEFAULT_BOX, cell) : DEFAULT_BOX;
    // A drag fits the box to the dragged rectangle.
    return { id, type: "box", x, y, rotation: 0, width: click ? side : round2(Math.max(w, 1)), height: click ? side : round2(Math.max(h, 1)) };
  },
  top: (s) => -s.height / 2,
  // Each handle drags outward from the centre, along its side's direction.
  handles: (s) => (Object.entries(RESIZE_SIDES) as [ResizeHandle, readonly [number, number]][]).map(([side, [sx, sy]]) => ({ handle: { kind: "resize", side }, at: { x: (sx * s.width) / 2, y: (sy * s.height) / 2 }, cursor: { along: { x: sx, y: sy } } })),
  drag: (s, handle, pointer: Point2, o) => (handle.kind === "resize" ? resizeBox(s, handle.side, pointer, { centred: o.shift, keepAspect: o.mod }) : s),
  scaled: (s, k) => ({ ...s, width: s.width * k, height: s.height * k }),
  lengths: (s) => [s.width, s.height],
  sizeLabel: (s) => `${shortNumber(s.width)} × ${shortNumber(s.height)}`,
};
