// Draws the scene's images, bottom first, in screen pixels: each from the level and the tiles
// mip-plan.ts picks for the zoom and the canvas, at its opacity; hidden ones not at all. A picture
// that cannot be shown (missing, refused, undecodable) is a hatched placeholder of its size (256 ×
// 256 when the scene leaves the size to the pixels) naming its path and what went wrong; one still
// loading is outlined. Magnified two times or more, pixels are drawn sharp (nearest), so colliders
// can be fitted to them.
import type { SceneImage } from "../../core";
import type { ImageEntry } from "../images/image-cache";
import { imageRect, type Rect } from "../images/image-geometry";
import { srcLabel } from "../images/image-source";
import { levelFor, levelReady, tilesInView, type PixelRect } from "../images/mip-plan";
import type { Level } from "../images/pyramid";
import type { ViewState } from "../store/preferences";

/** The parts of a 2D context drawing images uses (a fake records them in tests). */
export type ImageContext = Pick<
  CanvasRenderingContext2D,
  "save" | "restore" | "drawImage" | "beginPath" | "rect" | "clip" | "moveTo" | "lineTo" | "stroke" | "fill" | "fillText" | "strokeText" | "setLineDash" | "measureText"
> & {
  globalAlpha: number;
  imageSmoothingEnabled: boolean;
  strokeStyle: CanvasRenderingContext2D["strokeStyle"];
  fillStyle: CanvasRenderingContext2D["fillStyle"];
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  font: string;
  textBaseline: CanvasTextBaseline;
};

export interface ImagePaint {
  /** Hatching and outline of a placeholder, and a loading picture's outline. */
  readonly line: string;
  readonly text: string;
  readonly halo: string;
}

/** Where a world rectangle falls on the screen under the view. */
export const rectOnScreen = (r: Rect, v: ViewState): PixelRect => ({ x: r.x * v.scale + v.x, y: r.y * v.scale + v.y, width: r.width * v.scale, height: r.height * v.scale });

const meets = (a: PixelRect, b: PixelRect): boolean => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

/** Gap between hatch lines, in screen pixels. */
const HATCH = 14;
const FONT_PX = 12;

function outline(ctx: ImageContext, r: PixelRect, viewport: PixelRect): void {
  // Clipped to a little beyond the canvas: a rectangle millions of pixels wide strokes nothing unseen.
  const x0 = Math.max(r.x, viewport.x - 2), y0 = Math.max(r.y, viewport.y - 2);
  const x1 = Math.min(r.x + r.width, viewport.x + viewport.width + 2), y1 = Math.min(r.y + r.height, viewport.y + viewport.height + 2);
  ctx.beginPath();
  ctx.rect(Math.round(x0) + 0.5, Math.round(y0) + 0.5, Math.round(x1 - x0) - 1, Math.round(y1 - y0) - 1);
  ctx.stroke();
}

/** `text` broken at spaces into lines at most `width` pixels wide (a longer word keeps a line of its own). */
export function wrapText(ctx: Pick<ImageContext, "measureText">, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line === "" ? word : `${line} ${word}`;
    if (line !== "" && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The placeholder's text: the picture's path (unless the message names it) and the message, wrapped to the rectangle. */
function placeholderLines(ctx: ImageContext, src: string, message: string, width: number): string[] {
  const label = srcLabel(src);
  return [...(message.includes(label) ? [] : [label]), ...wrapText(ctx, message, width)];
}

function placeholder(ctx: ImageContext, r: PixelRect, viewport: PixelRect, src: string, message: string, paint: ImagePaint): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.width, r.height);
  ctx.clip();
  ctx.strokeStyle = paint.line;
  ctx.lineWidth = 1;
  // Hatching over the visible part only, aligned to the rectangle so it does not crawl on a pan.
  const x0 = Math.max(r.x, viewport.x), y0 = Math.max(r.y, viewport.y);
  const x1 = Math.min(r.x + r.width, viewport.x + viewport.width), y1 = Math.min(r.y + r.height, viewport.y + viewport.height);
  ctx.beginPath();
  const first = Math.floor((x0 + y0 - (r.x + r.y)) / HATCH) * HATCH + r.x + r.y;
  for (let s = first; s <= x1 + y1; s += HATCH) {
    ctx.moveTo(s - y0, y0);
    ctx.lineTo(s - y1, y1);
  }
  ctx.stroke();
  outline(ctx, r, viewport);
  ctx.font = `${FONT_PX}px system-ui, sans-serif`;
  ctx.textBaseline = "top";
  ctx.lineJoin = "round";
  ctx.lineWidth = 3;
  const lines = placeholderLines(ctx, src, message, Math.max(r.x + r.width, viewport.x) - Math.max(r.x, viewport.x) - 12);
  lines.forEach((line, i) => {
    const tx = Math.max(r.x, viewport.x) + 6, ty = Math.max(r.y, viewport.y) + 6 + i * (FONT_PX + 4);
    ctx.strokeStyle = paint.halo;
    ctx.strokeText(line, tx, ty);
    ctx.fillStyle = paint.text;
    ctx.fillText(line, tx, ty);
  });
  ctx.restore();
}

/**
 * Draws `images` over a `width` × `height` canvas under `view`. `entryOf` gives each picture's
 * cache entry (undefined: not asked for yet, drawn as loading).
 */
export function drawImages(ctx: ImageContext, images: readonly SceneImage[], entryOf: (image: SceneImage) => ImageEntry<Level> | undefined, view: ViewState, width: number, height: number, paint: ImagePaint): void {
  const viewport: PixelRect = { x: 0, y: 0, width, height };
  for (const image of images) {
    if (image.visible === false) continue;
    const entry = entryOf(image);
    const ready = entry?.state === "ready" ? entry : null;
    const onScreen = rectOnScreen(imageRect(image, ready), view);
    if (!meets(onScreen, viewport)) continue;
    ctx.save();
    ctx.globalAlpha = image.opacity ?? 1;
    if (entry?.state === "failed") {
      placeholder(ctx, onScreen, viewport, image.src, entry.message, paint);
    } else {
      const k = ready ? levelReady(levelFor(ready.width, ready.height, onScreen.width, onScreen.height, ready.levels.length), (i) => ready.levels[i] !== undefined, ready.levels.length) : null;
      const level = k === null ? undefined : ready!.levels[k];
      if (level) {
        ctx.imageSmoothingEnabled = onScreen.width / level.width < 2;
        for (const { index, dest } of tilesInView(level, onScreen, viewport)) ctx.drawImage(level.tiles[index]!.bitmap, dest.x, dest.y, dest.width, dest.height);
      } else {
        ctx.strokeStyle = paint.line;
        ctx.lineWidth = 1;
        ctx.setLineDash([4, 4]);
        outline(ctx, onScreen, viewport);
      }
    }
    ctx.restore();
  }
}
