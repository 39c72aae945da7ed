// The mini-map's picture of the shapes: each shown shape filled in its layer's colour (a chain
// stroked, as on the canvas), overlapping ones in the overlap red over every layer, hidden shapes
// and hidden layers left out, a locked layer faded. A shape under TINY_PIXELS device pixels across
// (nearly all of a big level's) is written as its box straight into a pixel buffer, far cheaper
// than a path call per shape on 100,000 of them. Larger ones are outlines in one path per layer,
// filled once.
import { shapeBounds, traceShapeOutline, type Layer, type PathSink, type Shape } from "../../../core";
import type { MiniMapFit } from "./minimap-geometry";

/** Writes a shape's box (minX, minY, maxX, maxY) into `out`; the collision world holds every shape's. */
export type MiniMapBoxReader = (shape: Shape, out: Float64Array) => boolean;

export interface MiniMapPaint {
  /** Each layer's colour by id ("#rrggbb"). */
  readonly colours: ReadonlyMap<string, string>;
  /** The overlap colour ("#rrggbb"). */
  readonly overlap: string;
}

/** The context calls filling the outlines makes (a fake records them in tests). */
export type MiniMapContext = Pick<CanvasRenderingContext2D, "fill" | "stroke" | "save" | "restore"> & {
  fillStyle: CanvasRenderingContext2D["fillStyle"];
  strokeStyle: CanvasRenderingContext2D["strokeStyle"];
  globalAlpha: number;
  lineWidth: number;
};

/** Where an outline is collected: Path2D in the page. */
export type MiniMapPath = PathSink;

/**
 * RGBA pixels, row after row, one uint32 each in the platform's (little-endian) byte order, as
 * ImageData's buffer, with the rank of the layer that wrote each (0: none).
 */
export interface MiniMapPixels {
  readonly data: Uint32Array;
  readonly ranks: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** Device pixels per panel pixel. */
  readonly ratio: number;
}

/** Device pixel columns [c0, c1) and rows [r0, r1). */
export interface PixelRegion {
  readonly c0: number;
  readonly r0: number;
  readonly c1: number;
  readonly r1: number;
}

/** An empty buffer of `width` × `height` device pixels. */
export const emptyPixels = (width: number, height: number, ratio: number): MiniMapPixels => ({ data: new Uint32Array(width * height), ranks: new Uint8Array(width * height), width, height, ratio });

/** Clears a region of the buffer, for shapes to be written there again. */
export function clearRegion(pixels: MiniMapPixels, r: PixelRegion): void {
  for (let row = r.r0; row < r.r1; row++) {
    pixels.data.fill(0, row * pixels.width + r.c0, row * pixels.width + r.c1);
    pixels.ranks.fill(0, row * pixels.width + r.c0, row * pixels.width + r.c1);
  }
}

/** Shapes smaller than this many device pixels along both sides are written as their box. */
export const TINY_PIXELS = 3;
export const LOCKED_ALPHA = 0.4;
export const SHAPE_ALPHA = 0.85;

interface Outlines {
  readonly fill: MiniMapPath;
  readonly stroke: MiniMapPath;
  used: boolean;
}

/** The shapes too big for the pixel buffer, per layer and the overlapping ones. */
export interface MiniMapOutlines {
  readonly byLayer: ReadonlyMap<string, Outlines>;
  readonly overlap: Outlines;
  /** How many shapes were drawn, in the buffer or as outlines. */
  readonly drawn: number;
}

/** "#rrggbb" as a pixel at `alpha` (0…1); anything else is grey. */
export function pixelOf(colour: string, alpha: number): number {
  const m = /^#([0-9a-f]{6})$/i.exec(colour);
  const rgb = m ? parseInt(m[1]!, 16) : 0x888888;
  const r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
  return ((Math.round(alpha * 255) << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/**
 * Writes the tiny shapes of `shapes` into `pixels` (a layer over the layers below it, the overlap
 * colour over every layer; only inside `region` when given) and collects the others' outlines in
 * panel pixels, for fillOutlines. `newPath` makes an empty path (Path2D).
 */
export function planMiniMapShapes(
  shapes: readonly Shape[],
  layers: readonly Layer[],
  overlapping: ReadonlySet<string>,
  fit: MiniMapFit,
  paint: MiniMapPaint,
  pixels: MiniMapPixels,
  newPath: () => MiniMapPath,
  readBox?: MiniMapBoxReader,
  region: PixelRegion = { c0: 0, r0: 0, c1: pixels.width, r1: pixels.height },
): MiniMapOutlines {
  const first = layers[0]?.id;
  const byLayer = new Map<string, Outlines>(layers.map((l) => [l.id, { fill: newPath(), stroke: newPath(), used: false }]));
  const overlap: Outlines = { fill: newPath(), stroke: newPath(), used: false };
  const hidden = new Set(layers.filter((l) => l.visible === false).map((l) => l.id));
  // Per layer: its rank (bottom 1), and its pixel; the overlap ranks over all.
  const rankOf = new Map(layers.map((l, i) => [l.id, i + 1]));
  const pixelByLayer = new Map(layers.map((l) => [l.id, pixelOf(paint.colours.get(l.id) ?? "", l.locked === true ? LOCKED_ALPHA : SHAPE_ALPHA)]));
  const OVERLAP_RANK = 255;
  const overlapPixel = pixelOf(paint.overlap, 1);
  const { data, ranks, width: pw, ratio } = pixels;
  const k = fit.scale * ratio, ox = fit.x * ratio, oy = fit.y * ratio;
  const box = new Float64Array(4);
  let drawn = 0;
  for (const s of shapes) {
    const layer = s.layer ?? first;
    if (s.visible === false || layer === undefined || hidden.has(layer)) continue;
    const over = overlapping.has(s.id);
    const known = byLayer.has(layer) ? layer : first!;
    drawn++;
    if (readBox?.(s, box) !== true) {
      const b = shapeBounds(s);
      box[0] = b.minX; box[1] = b.minY; box[2] = b.maxX; box[3] = b.maxY;
    }
    const x0 = box[0]! * k + ox, y0 = box[1]! * k + oy, x1 = box[2]! * k + ox, y1 = box[3]! * k + oy;
    if (x1 - x0 >= TINY_PIXELS || y1 - y0 >= TINY_PIXELS) {
      const paths = over ? overlap : byLayer.get(known)!;
      paths.used = true;
      traceShapeOutline(s, panelSink(s.type === "chain" ? paths.stroke : paths.fill, fit));
      continue;
    }
    // At least one pixel, so a field of small colliders still shows.
    const fx0 = Math.floor(x0), fy0 = Math.floor(y0);
    const c0 = Math.max(region.c0, fx0), r0 = Math.max(region.r0, fy0);
    const c1 = Math.min(region.c1, Math.max(fx0 + 1, Math.ceil(x1))), r1 = Math.min(region.r1, Math.max(fy0 + 1, Math.ceil(y1)));
    const rank = over ? OVERLAP_RANK : rankOf.get(known)!;
    const pixel = over ? overlapPixel : pixelByLayer.get(known)!;
    for (let r = r0; r < r1; r++) {
      for (let i = r * pw + c0, end = r * pw + c1; i < end; i++) {
        if (ranks[i]! > rank) continue;
        ranks[i] = rank;
        data[i] = pixel;
      }
    }
  }
  return { byLayer, overlap, drawn };
}

/** Fills (and strokes, for chains) the outlines of planMiniMapShapes: bottom layer first, the overlapping ones last. */
export function fillOutlines(ctx: MiniMapContext, outlines: MiniMapOutlines, layers: readonly Layer[], paint: MiniMapPaint): void {
  ctx.save();
  ctx.lineWidth = 1;
  for (const l of layers) {
    const paths = outlines.byLayer.get(l.id);
    if (!paths?.used) continue;
    ctx.globalAlpha = l.locked === true ? LOCKED_ALPHA : SHAPE_ALPHA;
    fillAndStroke(ctx, paths, paint.colours.get(l.id) ?? "#888888");
  }
  if (outlines.overlap.used) {
    ctx.globalAlpha = 1;
    fillAndStroke(ctx, outlines.overlap, paint.overlap);
  }
  ctx.restore();
}

function fillAndStroke(ctx: MiniMapContext, paths: Outlines, colour: string): void {
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  ctx.fill(paths.fill as Path2D);
  ctx.stroke(paths.stroke as Path2D);
}

/** A path sink that writes world points as panel points. */
function panelSink(path: MiniMapPath, fit: MiniMapFit): PathSink {
  const { scale, x: fx, y: fy } = fit;
  return {
    moveTo: (x, y) => path.moveTo(x * scale + fx, y * scale + fy),
    lineTo: (x, y) => path.lineTo(x * scale + fx, y * scale + fy),
    arc: (x, y, r, a0, a1) => path.arc(x * scale + fx, y * scale + fy, r * scale, a0, a1),
    closePath: () => path.closePath(),
  };
}
