// Where a tile's image (and whatever is drawn in its pixels, such as its collision shapes) lands
// when an orthogonal map places it in a cell: Tiled's CellRenderer::render and
// paintTileCollisionShapes (src/libtiled/maprenderer.cpp). The diagonal flip (x and y swapped)
// comes first, then the horizontal and vertical flips, as Tiled's format documents; the result is
// aligned to the cell's bottom-left corner, so a tile taller or wider than the map's grid reaches
// up and to the right, and the tileset's `tileoffset` moves it.
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY } from "./types";

/** An affine map x' = a·x + c·y + e, y' = b·x + d·y + f (the order of a canvas's setTransform). */
export interface Affine {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
}

export const IDENTITY: Affine = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

/** `m` after `n`: a point goes through `n` first. */
export const compose = (m: Affine, n: Affine): Affine => ({
  a: m.a * n.a + m.c * n.b,
  b: m.b * n.a + m.d * n.b,
  c: m.a * n.c + m.c * n.d,
  d: m.b * n.c + m.d * n.d,
  e: m.a * n.e + m.c * n.f + m.e,
  f: m.b * n.e + m.d * n.f + m.f,
});

export const translation = (x: number, y: number): Affine => ({ a: 1, b: 0, c: 0, d: 1, e: x, f: y });

/** A turn by `degrees` clockwise on screen (y down) about (x, y). */
export function rotationAbout(degrees: number, x: number, y: number): Affine {
  const t = (degrees * Math.PI) / 180;
  const cos = Math.cos(t), sin = Math.sin(t);
  return { a: cos, b: sin, c: -sin, d: cos, e: x - cos * x + sin * y, f: y - sin * x - cos * y };
}

export const applyAffine = (m: Affine, x: number, y: number): readonly [number, number] => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];

/** How a tile drawn at another size than its image's fills it (Tiled's tileset `fillmode`). */
export type TileFillMode = "stretch" | "preserve-aspect-fit";

export interface TileDraw {
  /** The gid's flip bits (the rest of the gid is ignored). */
  readonly flags: number;
  /** The tile's image rectangle, in the tileset's pixels. */
  readonly imageWidth: number;
  readonly imageHeight: number;
  /** The size it is drawn at: its own (tilerendersize "tile"), or the map's grid ("grid"). */
  readonly width: number;
  readonly height: number;
  /** The tileset's `tileoffset`, in pixels. */
  readonly offsetX: number;
  readonly offsetY: number;
  readonly fill: TileFillMode;
}

/**
 * The map from a tile's own pixels ((0, 0) its image's top-left, (imageWidth, imageHeight) its
 * bottom-right) to the map, relative to the bottom-left corner of the cell it is placed in:
 * ((x, y + 1) · grid for the cell (x, y)). Orthogonal cells only (hexagonal turns are not read).
 */
export function tileTransform(t: TileDraw): Affine {
  let sx = t.width / t.imageWidth, sy = t.height / t.imageHeight;
  if (t.fill === "preserve-aspect-fit") sx = sy = Math.min(sx, sy);
  // The image's centre, placed as if the origin were the top-left, then moved up one draw height.
  let fx = t.width / 2 + t.offsetX * sx;
  let fy = t.height / 2 + t.offsetY * sy - t.height;
  let h = (t.flags & FLIPPED_HORIZONTALLY) !== 0, v = (t.flags & FLIPPED_VERTICALLY) !== 0;
  const diagonal = (t.flags & FLIPPED_DIAGONALLY) !== 0;
  if (diagonal) {
    // Tiled turns the image a quarter clockwise and flips it, which is the swap of x and y; the
    // turned image's width and height trade places, so its centre moves to stay bottom-left aligned.
    [h, v] = [v, !h];
    const halfDiff = t.height / 2 - t.width / 2;
    fx += halfDiff;
    fy += halfDiff;
  }
  if (h) sx = -sx;
  if (v) sy = -sy;
  const hw = t.imageWidth / 2, hh = t.imageHeight / 2;
  // T(fx, fy) · R(90° when diagonal) · S(sx, sy) · T(−hw, −hh).
  if (!diagonal) return { a: sx, b: 0, c: 0, d: sy, e: fx - sx * hw, f: fy - sy * hh };
  return { a: 0, b: sx, c: -sy, d: 0, e: fx + sy * hh, f: fy - sx * hw };
}
