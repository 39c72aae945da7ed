// Where a scene image lies in the world, and what dragging one of its corners makes of it. Pure:
// the size of a picture whose width or height the scene leaves out comes from its pixels, given
// by the caller (null while unknown: the placeholder's 256 × 256).
import type { SceneImage } from "../../core";
import type { Point2 } from "../shapes/kind";

/** The side of a picture of unknown size: what its placeholder covers until it loads, or when it cannot. */
export const UNKNOWN_SIDE = 256;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** The image's rectangle in world units: its own width and height, else its pixel size, else 256 × 256. */
export const imageRect = (image: SceneImage, pixels: PixelSize | null): Rect => ({
  x: image.x,
  y: image.y,
  width: image.width ?? pixels?.width ?? UNKNOWN_SIDE,
  height: image.height ?? pixels?.height ?? UNKNOWN_SIDE,
});

/** Whether the world point lies in the rectangle (edges included). */
export const rectContains = (r: Rect, p: Point2): boolean => p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;

export type Corner = "nw" | "ne" | "se" | "sw";
export const CORNERS: readonly Corner[] = ["nw", "ne", "se", "sw"];

/** A corner of the rectangle (y down: north is the top). */
export const cornerOf = (r: Rect, c: Corner): Point2 => ({ x: c === "ne" || c === "se" ? r.x + r.width : r.x, y: c === "sw" || c === "se" ? r.y + r.height : r.y });

const OPPOSITE: Readonly<Record<Corner, Corner>> = { nw: "se", ne: "sw", se: "nw", sw: "ne" };

/**
 * The rectangle a drag of `corner` to `pointer` makes of `start`: the opposite corner stays put.
 * Keeping the aspect ratio, the size follows the pointer along whichever side it pulls further;
 * free, both sides follow it. Dragged past the fixed corner, the rectangle turns over to that side
 * (the picture itself is never mirrored). Neither side gets below `minSide`.
 */
export function resizeFromCorner(start: Rect, corner: Corner, pointer: Point2, keepAspect: boolean, minSide: number): Rect {
  const fixed = cornerOf(start, OPPOSITE[corner]);
  const dragged = cornerOf(start, corner);
  const dx = pointer.x - fixed.x;
  const dy = pointer.y - fixed.y;
  // Which way from the fixed corner the rectangle extends: the pointer's side, else the corner's own.
  const sx = dx !== 0 ? Math.sign(dx) : Math.sign(dragged.x - fixed.x);
  const sy = dy !== 0 ? Math.sign(dy) : Math.sign(dragged.y - fixed.y);
  let width = Math.abs(dx);
  let height = Math.abs(dy);
  if (keepAspect && start.width > 0 && start.height > 0) {
    const k = Math.max(width / start.width, height / start.height, minSide / Math.min(start.width, start.height));
    width = start.width * k;
    height = start.height * k;
  } else {
    width = Math.max(width, minSide);
    height = Math.max(height, minSide);
  }
  return { x: sx < 0 ? fixed.x - width : fixed.x, y: sy < 0 ? fixed.y - height : fixed.y, width, height };
}
