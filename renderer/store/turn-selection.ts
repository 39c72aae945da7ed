// Flipping and quarter-turning the selection about its centre, as Tiled's Flip Horizontally (X),
// Flip Vertically (Y) and Rotate 90° (Z, Shift+Z) do for selected objects: each shape and probe
// keeps its kind and sizes. A mirror M of a shape turned by r is the shape turned by −r with its
// local points mirrored (M·R(r) = R(−r)·M for a mirror across either axis); a chain or polygon's
// points then run the other way round, so a one-sided chain keeps its solid side where the mirror
// puts it, and an outline keeps its winding.
import { kindTurns, type Point, type Probe, type Shape } from "../../core";
import { normalizeDegrees } from "../../core/vec2";
import type { Editor } from "../editor/editor";
import { itemLabel } from "../editor/names";
import { items, notify } from "./actions";
import { lockedEditRefusal } from "./layer-actions";
import { boundsOf } from "./view";
import { probeMoved } from "../shapes/transform";

/** The four turns: mirrors across the vertical and horizontal lines through the centre, and quarter turns clockwise and anticlockwise on screen. */
export type Turn = "flipHorizontal" | "flipVertical" | "rotateClockwise" | "rotateAnticlockwise";

/** Coordinates to a millionth, within ±1e9 (beyond, a double's own step is coarser): 2c − x of clean numbers stays clean. */
const clean = (v: number): number => (Math.abs(v) < 1e9 ? Math.round(v * 1e6) / 1e6 + 0 : v);

/** Where a world point goes under `turn` about (cx, cy). */
function turnPoint(turn: Turn, cx: number, cy: number, x: number, y: number): [number, number] {
  const dx = x - cx, dy = y - cy;
  switch (turn) {
    case "flipHorizontal": return [clean(cx - dx), y];
    case "flipVertical": return [x, clean(cy - dy)];
    // y grows down: clockwise on screen takes (dx, dy) to (−dy, dx).
    case "rotateClockwise": return [clean(cx - dy), clean(cy + dx)];
    case "rotateAnticlockwise": return [clean(cx + dy), clean(cy - dx)];
  }
}

/** A shape's local points mirrored across its own x axis (flipVertical) or y axis (flipHorizontal), in reverse order. */
const mirroredPoints = (points: readonly Point[], turn: "flipHorizontal" | "flipVertical"): Point[] =>
  points.map(([x, y]): Point => (turn === "flipHorizontal" ? [-x + 0, y] : [x, -y + 0])).reverse();

/** Shape `s` under `turn` about (cx, cy). */
export function turnedShape(s: Shape, turn: Turn, cx: number, cy: number): Shape {
  const [x, y] = turnPoint(turn, cx, cy, s.x, s.y);
  const turns = kindTurns(s.type);
  if (turn === "rotateClockwise" || turn === "rotateAnticlockwise") {
    const rotation = turns ? normalizeDegrees(s.rotation + (turn === "rotateClockwise" ? 90 : -90)) : s.rotation;
    return { ...s, x, y, rotation };
  }
  const rotation = turns ? normalizeDegrees(-s.rotation) : s.rotation;
  return "points" in s ? { ...s, x, y, rotation, points: mirroredPoints(s.points, turn) } : { ...s, x, y, rotation };
}

/** Probe `p` under `turn` about (cx, cy): a ray's ends, a sweep's end (it starts at its shape). */
export const turnedProbe = (p: Probe, turn: Turn, cx: number, cy: number): Probe => probeMoved(p, ([x, y]) => turnPoint(turn, cx, cy, x, y));

/** The centre of the selection's bounds (boundsOf: the shapes' boxes, the rays' ends, the sweeps' targets). */
export function turnCentre(shapes: readonly Shape[], probes: readonly Probe[]): { x: number; y: number } {
  const b = boundsOf(shapes, probes)!;
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
}

/** The undo step's name: "Flip 2 items horizontally". */
const STEP: { readonly [T in Turn]: (what: string) => string } = {
  flipHorizontal: (what) => `Flip ${what} horizontally`,
  flipVertical: (what) => `Flip ${what} vertically`,
  rotateClockwise: (what) => `Rotate ${what} 90° clockwise`,
  rotateAnticlockwise: (what) => `Rotate ${what} 90° anticlockwise`,
};

const DONE: { readonly [T in Turn]: string } = {
  flipHorizontal: "Flipped horizontally",
  flipVertical: "Flipped vertically",
  rotateClockwise: "Rotated 90° clockwise",
  rotateAnticlockwise: "Rotated 90° anticlockwise",
};

/** Turns the selected shapes and probes about their centre, as one undo step; says what it did. */
export function turnSelection(editor: Editor, turn: Turn): void {
  const { shapes, probes, selection } = editor.getState();
  const ids = new Set(selection);
  const picked = editor.shapesWithIds(selection), pickedProbes = probes.filter((p) => ids.has(p.id));
  if (picked.length + pickedProbes.length === 0) {
    notify(editor, editor.getState().selectedImage !== null ? "An image keeps its orientation: flip and rotate turn shapes and probes" : "Select shapes or probes to flip or rotate");
    return;
  }
  // A locked layer's shapes (selected from a panel) stay as they are, as for every other edit.
  const locked = lockedEditRefusal(picked, editor.getState().layers);
  if (locked !== null) {
    notify(editor, locked);
    return;
  }
  const c = turnCentre(picked, pickedProbes);
  const n = picked.length + pickedProbes.length;
  // One item is named, as the other steps name it ("Flip box-3 horizontally").
  const what = n === 1 ? itemLabel(picked[0] ?? pickedProbes[0]!) : items(n);
  editor.update(
    {
      shapes: picked.length === 0 ? shapes : shapes.map((s) => (ids.has(s.id) ? turnedShape(s, turn, c.x, c.y) : s)),
      probes: pickedProbes.length === 0 ? probes : probes.map((p) => (ids.has(p.id) ? turnedProbe(p, turn, c.x, c.y) : p)),
    },
    { label: STEP[turn](what) },
  );
  // A picked point (Delete removes it) stays on the same corner: a mirror reverses the points.
  const vertex = editor.overlay.getState().vertex;
  const owner = vertex === null || turn.startsWith("rotate") ? undefined : picked.find((x) => x.id === vertex.shape);
  if (vertex !== null && owner !== undefined && "points" in owner) editor.overlay.setState({ vertex: { ...vertex, index: owner.points.length - 1 - vertex.index } });
  notify(editor, `${DONE[turn]}: ${what}`);
}
