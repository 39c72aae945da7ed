// How a big picture is kept and drawn: as levels, each half the size of the one before (level 0 is
// the picture itself), each cut into tiles no larger than TILE pixels a side. A frame draws from
// the level whose pixels are nearest one per screen pixel without falling below it, and only the
// tiles that meet the canvas: an 8192 × 8192 picture costs a frame about what the screen holds,
// zoomed in or out, and nothing is decoded again on a pan or a zoom.

/** A tile's side in pixels: well within every GPU's texture limit. */
export const TILE = 2048;
/** Levels are made down to the first whose longer side is at most this many pixels. */
export const SMALLEST_SIDE = 256;

export interface PixelRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One level: its size in pixels and its tiles, in its own pixels. */
export interface LevelPlan {
  readonly width: number;
  readonly height: number;
  readonly tiles: readonly PixelRect[];
}

/** Level k's size: the picture's halved k times, rounded up, never below one pixel. */
export const levelSize = (width: number, height: number, k: number): { width: number; height: number } => ({
  width: Math.max(1, Math.ceil(width / 2 ** k)),
  height: Math.max(1, Math.ceil(height / 2 ** k)),
});

/** The tiles of a `width` × `height` level, row by row; the last of a row or column may be narrower. */
export function tilesOf(width: number, height: number, tile = TILE): PixelRect[] {
  const out: PixelRect[] = [];
  for (let y = 0; y < height; y += tile) for (let x = 0; x < width; x += tile) out.push({ x, y, width: Math.min(tile, width - x), height: Math.min(tile, height - y) });
  return out;
}

/** Every level of a `width` × `height` picture: level 0 first, down to the first of at most `smallest` pixels a side. */
export function planLevels(width: number, height: number, tile = TILE, smallest = SMALLEST_SIDE): LevelPlan[] {
  const levels: LevelPlan[] = [];
  for (let k = 0; ; k++) {
    const size = levelSize(width, height, k);
    levels.push({ ...size, tiles: tilesOf(size.width, size.height, tile) });
    if (Math.max(size.width, size.height) <= smallest) return levels;
  }
}

/**
 * The level to draw a `pixelWidth` × `pixelHeight` picture from when it covers `screenWidth` ×
 * `screenHeight` screen pixels: the coarsest whose pixels are still at least one per screen pixel
 * along both sides (so zooming out never blurs more than the screen does), within [0, count − 1].
 */
export function levelFor(pixelWidth: number, pixelHeight: number, screenWidth: number, screenHeight: number, count: number): number {
  const texelsPerPixel = Math.min(pixelWidth / Math.max(screenWidth, 1e-9), pixelHeight / Math.max(screenHeight, 1e-9));
  const k = Math.floor(Math.log2(texelsPerPixel));
  return Math.max(0, Math.min(count - 1, Number.isFinite(k) ? k : 0));
}

/** A tile to draw, and where on the screen: whole screen pixels, neighbours sharing their edges. */
export interface TileDraw {
  readonly index: number;
  readonly dest: PixelRect;
}

/**
 * The tiles of a level that meet the `viewport` when the picture covers `onScreen` (screen
 * pixels), each with its screen rectangle. Edges are rounded from the picture's own mapping, so
 * neighbouring tiles meet without a gap or an overlap at any zoom.
 */
export function tilesInView(level: LevelPlan, onScreen: PixelRect, viewport: PixelRect): TileDraw[] {
  const sx = onScreen.width / level.width;
  const sy = onScreen.height / level.height;
  const edgeX = (px: number) => Math.round(onScreen.x + px * sx);
  const edgeY = (px: number) => Math.round(onScreen.y + px * sy);
  const out: TileDraw[] = [];
  level.tiles.forEach((t, index) => {
    const x0 = edgeX(t.x), x1 = edgeX(t.x + t.width), y0 = edgeY(t.y), y1 = edgeY(t.y + t.height);
    if (x1 <= x0 || y1 <= y0) return;
    if (x1 <= viewport.x || y1 <= viewport.y || x0 >= viewport.x + viewport.width || y0 >= viewport.y + viewport.height) return;
    out.push({ index, dest: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
  });
  return out;
}

/**
 * The level to draw when `wanted` is not made yet: the nearest coarser one that is (cheap to
 * draw, a moment blurred), else the nearest finer one; null when none is.
 */
export function levelReady(wanted: number, ready: (k: number) => boolean, count: number): number | null {
  for (let k = wanted; k < count; k++) if (ready(k)) return k;
  for (let k = wanted - 1; k >= 0; k--) if (ready(k)) return k;
  return null;
}
