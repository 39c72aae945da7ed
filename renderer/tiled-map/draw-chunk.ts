// Drawing one chunk of a tile layer into a bitmap (or one overview block), in the page. Tiles come
// from their tilesets' pictures as the image cache decoded them (level 0, cut in pieces of at most
// 2048 pixels); each is placed by Tiled's transform (flips, tileoffset, bottom-left alignment). A
// tile whose picture is missing is a hatched box; one whose picture is still loading leaves the
// chunk incomplete (drawn again when it arrives). A tileset's transparent colour is keyed out of
// its picture once; an atlas whose file gives no size takes its grid from the picture. The layer's tint is multiplied in; the tiles'
// collision shapes are outlined faintly over them.
import { tileTransform } from "../../core/tiled/tile-shapes";
import { compose, translation, type Affine } from "./affine";
import type { Level } from "../images/pyramid";
import type { Bleed, ChunkRef } from "./chunks";
import { tilesetOf, type BackdropMap, type PictureSize, type Rgb, type TileImage, type TileInfo, type TileLayerDraw, type Tint } from "./model";
import { tileShapeOutline } from "./tile-shapes";

/** A tileset picture as the image cache has it. */
export type Picture = { readonly state: "ready"; readonly level: Level } | { readonly state: "loading" } | { readonly state: "failed"; readonly message: string };
export type PictureOf = (src: string) => Picture;

/** Keyed copies of decoded levels, by colour ("r,g,b"): dropped with the level they were made from. */
const keyedLevels = new WeakMap<Level, Map<string, Level>>();

/**
 * The level with every pixel of exactly the colour `rgb` made transparent, as Tiled keys out a
 * tileset's transparent colour when it loads the picture (an exact red, green and blue match);
 * made once per level and colour. Where no canvas can read pixels, the level as it is.
 */
export function keyedLevel(level: Level, rgb: Rgb): Level {
  const key = rgb.join(",");
  let byColour = keyedLevels.get(level);
  const known = byColour?.get(key);
  if (known) return known;
  if (typeof OffscreenCanvas === "undefined") return level;
  const tiles = level.tiles.map((t) => {
    const canvas = new OffscreenCanvas(t.width, t.height);
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(t.bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, t.width, t.height);
    const px = data.data;
    for (let i = 0; i < px.length; i += 4) if (px[i] === rgb[0] && px[i + 1] === rgb[1] && px[i + 2] === rgb[2]) px[i + 3] = 0;
    ctx.putImageData(data, 0, 0);
    return { ...t, bitmap: canvas.transferToImageBitmap() };
  });
  const keyed: Level = { width: level.width, height: level.height, tiles };
  if (!byColour) keyedLevels.set(level, (byColour = new Map()));
  byColour.set(key, keyed);
  return keyed;
}

/** A tile's picture as it is drawn: its transparent colour keyed out once it is decoded. */
export function tilePicture(pictureOf: PictureOf, image: TileImage): Picture {
  const p = pictureOf(image.src);
  return p.state === "ready" && image.transparent ? { state: "ready", level: keyedLevel(p.level, image.transparent) } : p;
}

/** The size of a picture once decoded (its finest level's): an atlas without a size in its file takes its grid from it. */
export const sizesOf = (pictureOf: PictureOf): PictureSize => (src) => {
  const p = pictureOf(src);
  return p.state === "ready" ? { width: p.level.width, height: p.level.height } : null;
};

export interface ChunkPaint {
  /** Hatching and outline of a tile whose picture is missing. */
  readonly missing: string;
  /** Collision shapes' outline and fill. */
  readonly shapeLine: string;
  readonly shapeFill: string;
}

export interface BuiltChunk {
  /** Null when nothing was drawn (no tile in the chunk). */
  readonly bitmap: ImageBitmap | null;
  readonly width: number;
  readonly height: number;
  /** False while a picture it needs is still loading. */
  readonly complete: boolean;
  /** The pictures that could not be shown, by src. */
  readonly missing: ReadonlyMap<string, string>;
}

type Context = OffscreenCanvasRenderingContext2D;

/** Draws the part (sx, sy, sw, sh) of a level into (dx, dy, dw, dh), from each piece of it that part meets. */
export function drawFromLevel(ctx: Pick<Context, "drawImage">, level: Level, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void {
  for (const t of level.tiles) {
    const x0 = Math.max(sx, t.x), x1 = Math.min(sx + sw, t.x + t.width);
    const y0 = Math.max(sy, t.y), y1 = Math.min(sy + sh, t.y + t.height);
    if (x1 <= x0 || y1 <= y0) continue;
    ctx.drawImage(t.bitmap, x0 - t.x, y0 - t.y, x1 - x0, y1 - y0, dx + ((x0 - sx) / sw) * dw, dy + ((y0 - sy) / sh) * dh, ((x1 - x0) / sw) * dw, ((y1 - y0) / sh) * dh);
  }
}

const css = (t: Tint) => `rgb(${Math.round(t[0] * 255)}, ${Math.round(t[1] * 255)}, ${Math.round(t[2] * 255)})`;

/** Multiplies the colours of what `canvas` holds by the tint, keeping its alpha (the tint's alpha is the caller's opacity). */
function multiplyTint(canvas: OffscreenCanvas, ctx: Context, tint: Tint): void {
  const copy = new OffscreenCanvas(canvas.width, canvas.height);
  copy.getContext("2d")!.drawImage(canvas, 0, 0);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = "multiply";
  ctx.fillStyle = css(tint);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.globalCompositeOperation = "destination-in";
  ctx.drawImage(copy, 0, 0);
  ctx.restore();
}

/** Tiled's missing-image hatching in `colour`, as a pattern of `ctx` (the colour itself where none can be made). */
export function hatchPattern(ctx: Pick<Context, "createPattern">, colour: string): CanvasPattern | string {
  const tile = new OffscreenCanvas(8, 8);
  const t = tile.getContext("2d")!;
  t.strokeStyle = colour;
  t.lineWidth = 1.5;
  t.beginPath();
  t.moveTo(-1, 9);
  t.lineTo(9, -1);
  t.stroke();
  return ctx.createPattern(tile, "repeat") ?? colour;
}

/**
 * The transform of the tile `raw` (a gid with its flip bits) placed in cell (x, y), from its
 * picture's pixels to the layer's, and its picture's size; a gid no tileset has (or an id its
 * tileset lacks) is its cell, for a missing-image marker. Null for an empty cell.
 */
export function placedTile(map: BackdropMap, raw: number, x: number, y: number, sizeOf?: PictureSize): { readonly info: TileInfo | null; readonly m: Affine; readonly width: number; readonly height: number } | null {
  if (raw === 0) return null;
  const at = tilesetOf(map.tilesets, raw);
  const info = at ? at.tileset.tile(at.id, sizeOf) : null;
  const cell = translation(x * map.tileWidth, y * map.tileHeight);
  if (!info) return { info: null, m: cell, width: map.tileWidth, height: map.tileHeight };
  return { info, m: compose(cell, tileTransform(info.placement, raw)), width: info.placement.imageWidth, height: info.placement.imageHeight };
}

/** The cells of a chunk in the map's render order. */
function* cellsInOrder(chunk: ChunkRef, size: number, renderOrder: string): Generator<readonly [number, number]> {
  const up = renderOrder.endsWith("-up"), left = renderOrder.startsWith("left");
  for (let j = 0; j < size; j++) {
    const y = chunk.cy * size + (up ? size - 1 - j : j);
    for (let i = 0; i < size; i++) yield [chunk.cx * size + (left ? size - 1 - i : i), y];
  }
}

/**
 * Draws the chunk `chunk` (of `size` cells a side) of `layer` at mip level `level` (its pixels
 * halved `level` times), margins `bleed` included.
 */
export function buildTileChunk(map: BackdropMap, layer: TileLayerDraw, chunk: ChunkRef, size: number, level: number, bleed: Bleed, pictureOf: PictureOf, paint: ChunkPaint, shapes: boolean): BuiltChunk {
  const k = 2 ** -level;
  const width = Math.max(1, Math.ceil((size * map.tileWidth + bleed.left + bleed.right) * k));
  const height = Math.max(1, Math.ceil((size * map.tileHeight + bleed.up + bleed.down) * k));
  const missing = new Map<string, string>();
  let canvas: OffscreenCanvas | null = null;
  let ctx: Context | null = null;
  let hatch: CanvasPattern | string = paint.missing;
  const context = (): Context => {
    if (!ctx) {
      canvas = new OffscreenCanvas(width, height);
      ctx = canvas.getContext("2d")!;
      hatch = hatchPattern(ctx, paint.missing);
    }
    return ctx;
  };
  // Layer pixels → bitmap pixels.
  const base: Affine = { a: k, b: 0, c: 0, d: k, e: (bleed.left - chunk.cx * size * map.tileWidth) * k, f: (bleed.up - chunk.cy * size * map.tileHeight) * k };
  let complete = true;
  const outlines: { readonly m: Affine; readonly info: TileInfo }[] = [];
  const sizeOf = sizesOf(pictureOf);
  for (const [x, y] of cellsInOrder(chunk, size, map.renderOrder)) {
    const raw = layer.cells.gid(x, y);
    if (raw === 0) continue;
    const placed = placedTile(map, raw, x, y, sizeOf);
    if (!placed) continue;
    const m = compose(base, placed.m);
    const picture = placed.info?.image ? tilePicture(pictureOf, placed.info.image) : null;
    if (picture?.state === "loading") {
      complete = false;
      continue;
    }
    const c = context();
    c.setTransform(m.a, m.b, m.c, m.d, m.e, m.f);
    if (picture?.state === "ready") {
      const img = placed.info!.image!;
      drawFromLevel(c, picture.level, img.x, img.y, img.width, img.height, 0, 0, img.width, img.height);
    } else {
      // No picture (missing, refused, or a gid no tileset has): Tiled's missing-image marker.
      if (picture?.state === "failed") missing.set(placed.info!.image!.src, picture.message);
      c.fillStyle = hatch;
      c.fillRect(0, 0, placed.width, placed.height);
    }
    if (shapes && placed.info && placed.info.shapes.length > 0) outlines.push({ m, info: placed.info });
  }
  if (!ctx || !canvas) return { bitmap: null, width, height, complete, missing };
  const c: Context = ctx;
  if (layer.tint) multiplyTint(canvas, c, layer.tint);
  if (outlines.length > 0) {
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.lineWidth = 1;
    c.strokeStyle = paint.shapeLine;
    c.fillStyle = paint.shapeFill;
    for (const { m, info } of outlines) {
      for (const shape of info.shapes) {
        const o = tileShapeOutline(shape, m);
        c.beginPath();
        if (o.marker) {
          const [px, py] = o.points[0]!;
          c.arc(px, py, 2.5, 0, 2 * Math.PI);
        } else {
          o.points.forEach(([px, py], i) => (i === 0 ? c.moveTo(px, py) : c.lineTo(px, py)));
          if (o.closed) c.closePath();
        }
        if (o.filled || o.marker) c.fill();
        c.stroke();
      }
    }
  }
  return { bitmap: (canvas as OffscreenCanvas).transferToImageBitmap(), width, height, complete, missing };
}

/** A tile's mean colour (premultiplied, then undone), RGBA 0–255; null while its picture loads; grey when it has none. */
export type MeanOf = (raw: number) => readonly [number, number, number, number] | null;

const MISSING_MEAN = [128, 128, 128, 160] as const;

/** Mean colours of tiles, read once each from their pictures. */
export function meanColours(map: BackdropMap, pictureOf: PictureOf): MeanOf {
  const means = new Map<string, readonly [number, number, number, number]>();
  let scratch: OffscreenCanvasRenderingContext2D | null = null;
  const sizeOf = sizesOf(pictureOf);
  return (raw) => {
    const at = tilesetOf(map.tilesets, raw);
    const image = at ? at.tileset.tile(at.id, sizeOf)?.image : null;
    if (!image) return MISSING_MEAN;
    const key = `${image.src}\n${image.x},${image.y},${image.width},${image.height}\n${image.transparent?.join(",") ?? ""}`;
    const known = means.get(key);
    if (known) return known;
    const picture = tilePicture(pictureOf, image);
    if (picture.state === "loading") return null;
    if (picture.state === "failed") return MISSING_MEAN;
    // Read at most 16 × 16 pixels of it: the mean of a downscaled copy.
    const w = Math.max(1, Math.min(16, Math.round(image.width))), h = Math.max(1, Math.min(16, Math.round(image.height)));
    scratch ??= new OffscreenCanvas(16, 16).getContext("2d", { willReadFrequently: true })!;
    scratch.clearRect(0, 0, 16, 16);
    drawFromLevel(scratch, picture.level, image.x, image.y, image.width, image.height, 0, 0, w, h);
    const px = scratch.getImageData(0, 0, w, h).data;
    let r = 0, g = 0, b = 0, a = 0;
    for (let i = 0; i < px.length; i += 4) {
      const al = px[i + 3]!;
      r += px[i]! * al;
      g += px[i + 1]! * al;
      b += px[i + 2]! * al;
      a += al;
    }
    const mean = a === 0 ? ([0, 0, 0, 0] as const) : ([r / a, g / a, b / a, a / (w * h)] as const);
    means.set(key, mean);
    return mean;
  };
}

/** The overview of `layer`'s block (bx, by) of `cells` × `cells` cells: one pixel per cell. */
export function buildOverviewBlock(layer: TileLayerDraw, bx: number, by: number, cells: number, meanOf: MeanOf): BuiltChunk {
  const data = new ImageData(cells, cells);
  const px = data.data;
  const tint = layer.tint;
  let complete = true, drawn = false;
  for (let j = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++) {
      const raw = layer.cells.gid(bx * cells + i, by * cells + j);
      if (raw === 0) continue;
      const mean = meanOf(raw);
      if (!mean) {
        complete = false;
        continue;
      }
      const o = (j * cells + i) * 4;
      px[o] = tint ? mean[0] * tint[0] : mean[0];
      px[o + 1] = tint ? mean[1] * tint[1] : mean[1];
      px[o + 2] = tint ? mean[2] * tint[2] : mean[2];
      px[o + 3] = mean[3];
      drawn = true;
    }
  }
  if (!drawn) return { bitmap: null, width: cells, height: cells, complete, missing: new Map() };
  const canvas = new OffscreenCanvas(cells, cells);
  canvas.getContext("2d")!.putImageData(data, 0, 0);
  return { bitmap: canvas.transferToImageBitmap(), width: cells, height: cells, complete, missing: new Map() };
}
