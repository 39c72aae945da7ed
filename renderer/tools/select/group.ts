// The handles of a multi-selection, as Tiled and Godot show them: the dashed box of two or more
// selected shapes (those in unlocked, visible layers; selected probes' points widen it, as they
// go with the group), a rotate knob above its top edge and a square on each corner. Their canvas
// ids have no owner ("#rotate", "#nw"), so no shape or probe id can be mistaken for them.
import type { Probe, Shape } from "../../../core";
import type { Editor } from "../../editor/editor";
import type { GroupFrame } from "../../editor/overlay";
import { cornerOf, CORNERS, type Corner, type Rect } from "../../images/image-geometry";
import { frameToWorld } from "../../shapes/frame";
import type { Point2 } from "../../shapes/kind";
import { boundsOf } from "../../store/view";
import { pickable } from "./picking";
import { ROTATE_OFFSET } from "./handles";

export type { GroupFrame };
export type GroupHandle = "rotate" | Corner;

/** The owner part of a group handle's canvas id ("#nw"): empty, which no shape or probe id is. */
export const GROUP_OWNER = "";
export const groupHandleId = (h: GroupHandle): string => `${GROUP_OWNER}#${h}`;

export const parseGroupHandle = (code: string): GroupHandle | null => (code === "rotate" || (CORNERS as readonly string[]).includes(code) ? (code as GroupHandle) : null);

/** What a group's handles turn or scale: the selected shapes that can be edited, and the selected probes. */
export interface Group {
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
  /** Their box (shapes' boxes, rays' ends, sweeps' targets). */
  readonly box: Rect;
}

/** The selection as a group, or null when fewer than two of its shapes can be edited (one shape has its own handles). */
export function selectionGroup(editor: Editor): Group | null {
  const { selection, probes, layers } = editor.getState();
  if (selection.length < 2) return null;
  const shapes = editor.shapesWithIds(selection).filter((s) => pickable(s, layers));
  if (shapes.length < 2) return null;
  const ids = new Set(selection);
  const picked = probes.filter((p) => ids.has(p.id));
  const b = boundsOf(shapes, picked)!;
  return { shapes, probes: picked, box: { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY } };
}

export const rectCentre = (r: Rect): Point2 => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/** A point of the frame given relative to its box's top-left corner, in world units. */
export function frameAt(f: GroupFrame, p: Point2): Point2 {
  const c = rectCentre(f.box);
  return frameToWorld(c, f.rotation, { x: p.x - c.x, y: p.y - c.y });
}

/** The frame's corners (nw, ne, se, sw) in world units. */
export const frameCorners = (f: GroupFrame): Point2[] => CORNERS.map((c) => frameAt(f, cornerOf(f.box, c)));

/** A frame smaller than this on screen (both sides, in pixels) has no corner squares: they would cover each other and it. */
export const MIN_CORNERS_PX = 20;

/**
 * Every handle of the frame, for a view of `scale` screen pixels per world unit: the knob above the
 * top edge's middle, then the corners (none on a frame smaller than MIN_CORNERS_PX: zoom in to scale it).
 */
export function groupHandlesOf(f: GroupFrame, scale: number): { readonly handle: GroupHandle; readonly at: Point2 }[] {
  const knob = frameAt(f, { x: f.box.x + f.box.width / 2, y: f.box.y - ROTATE_OFFSET / scale });
  const tiny = f.box.width * scale < MIN_CORNERS_PX && f.box.height * scale < MIN_CORNERS_PX;
  return [{ handle: "rotate", at: knob }, ...(tiny ? [] : CORNERS.map((c) => ({ handle: c, at: frameAt(f, cornerOf(f.box, c)) })))];
}

const OPPOSITE: Readonly<Record<Corner, Corner>> = { nw: "se", ne: "sw", se: "nw", sw: "ne" };

/**
 * The factor a drag of `corner` of `box` to `pointer` scales by, about the opposite corner (about
 * the centre when `centred`): as an image's corner does, the pointer's further pull along either
 * side decides, so a pointer on the grid puts the dragged corner on a grid line. Not clamped.
 */
export function cornerScale(box: Rect, corner: Corner, pointer: Point2, centred: boolean): { readonly k: number; readonly anchor: Point2 } {
  const anchor = centred ? rectCentre(box) : cornerOf(box, OPPOSITE[corner]);
  const from = cornerOf(box, corner);
  const along = (p: number, a: number, c: number): number => (c === a ? -Infinity : (p - a) / (c - a));
  const k = Math.max(along(pointer.x, anchor.x, from.x), along(pointer.y, anchor.y, from.y));
  return { k, anchor };
}

/** What a group's handle drag starts from: the group as it was at the press, and the corner dragged (none for the knob). */
export interface GroupDragStart {
  readonly group: Group;
  readonly corner?: Corner;
}
