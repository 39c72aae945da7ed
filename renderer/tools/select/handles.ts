// Transform handles of one selected shape: where they sit and how they are named on the canvas.
// The rotate knob is every turning kind's; the others come from the shape's kind module, which
// also says what dragging each one makes (shapes/*.ts).
import { normalizeDegrees, type Shape } from "../../../core";
import { RESIZE_SIDES, type ResizeHandle } from "../../shapes/box";
import type { HandleKind, Point2 } from "../../shapes/kind";
import { frameToWorld } from "../../shapes/frame";
import { kindOf, localToWorld, rotationOf } from "../../shapes/registry";
import { resizeCursor, ROTATE_CURSOR } from "../cursor";

export type { HandleKind } from "../../shapes/kind";

/** Distance of the rotate knob above the shape, in screen pixels. */
export const ROTATE_OFFSET = 28;
/** Shift while rotating snaps to multiples of this many degrees. */
export const ROTATE_SNAP = 15;

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

/**
 * An edge shorter than this on screen (pixels: three vertex handles, 10 px across each) shows no
 * midpoint handle: it would cover its ends and a press meant to move a vertex would add one.
 */
export const MIN_MIDPOINT_EDGE_PX = 30;

/**
 * Every handle of a shape, for a view of `scale` screen pixels per world unit, in the kind's order
 * (later ones drawn above, and hit first); a midpoint only on an edge of MIN_MIDPOINT_EDGE_PX or more.
 */
export function handlesOf(s: Shape, scale: number): Handle[] {
  const kind = kindOf(s);
  const out: Handle[] = [];
  if (kind.rotates) out.push({ handle: { kind: "rotate" }, at: localToWorld(s, { x: 0, y: kind.top(s) - ROTATE_OFFSET / scale }) });
  const own = kind.handles(s);
  const points = "points" in s ? s.points : [];
  for (const h of own) {
    if (h.handle.kind === "midpoint") {
      // Edge i runs from point i to point i + 1 (the last back to point 0); it is local, so unturned lengths.
      const [ax, ay] = points[h.handle.index]!, [bx, by] = points[(h.handle.index + 1) % points.length]!;
      if (Math.hypot(bx - ax, by - ay) * scale < MIN_MIDPOINT_EDGE_PX) continue;
    }
    out.push({ handle: h.handle, at: localToWorld(s, h.at) });
  }
  return out;
}

/**
 * The cursor over a handle of `s`: the curved arrow for the rotate knob, else what the kind says of
 * the handle, a resize arrow turned with the shape; "default" for a handle the shape lacks.
 */
export function handleCursor(s: Shape, handle: HandleKind): string {
  if (handle.kind === "rotate") return ROTATE_CURSOR;
  const code = handleCode(handle);
  const cursor = kindOf(s).handles(s).find((h) => handleCode(h.handle) === code)?.cursor;
  if (cursor === undefined) return "default";
  return typeof cursor === "string" ? cursor : resizeCursor(frameToWorld({ x: 0, y: 0 }, rotationOf(s), cursor.along));
}

/** The knob's angle about `s` (a shape's position, a group's centre): 0 when it points up, clockwise on screen, in (−180, 180]. */
export function rotationTowards(s: Point2, pointer: Point2, snap: boolean): number {
  let deg = (Math.atan2(pointer.y - s.y, pointer.x - s.x) * 180) / Math.PI + 90;
  if (snap) deg = Math.round(deg / ROTATE_SNAP) * ROTATE_SNAP;
  return normalizeDegrees(deg);
}
