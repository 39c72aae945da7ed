// A picture decoded once into the levels and tiles mip-plan.ts describes, as ImageBitmaps: the
// browser decodes off the main thread, each level is the one before halved (so the work is about
// 4/3 of the picture's pixels), and each level is told as soon as it is made, so a big picture
// shows at a coarse level first. The page's only decoder; the tests in Node never reach it.
import type { ImageType } from "../../core";
import { levelSize, planLevels, type PixelRect } from "./mip-plan";

export interface Tile extends PixelRect {
  readonly bitmap: ImageBitmap;
}

export interface Level {
  readonly width: number;
  readonly height: number;
  readonly tiles: readonly Tile[];
}

/** Decodes the bytes and makes the levels, calling `onLevel` with each (finest first) as it is ready. */
export async function decodeLevels(bytes: Uint8Array, type: ImageType, onSize: (width: number, height: number, levels: number) => void, onLevel: (k: number, level: Level) => void): Promise<void> {
  const full = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  // Read once: a closed bitmap says 0 × 0 (level 0 is closed once level 1 is made from it).
  const { width, height } = full;
  const plans = planLevels(width, height);
  onSize(width, height, plans.length);
  // Level k − 1 whole: the source of level k.
  let previous = full;
  for (let k = 0; k < plans.length; k++) {
    const plan = plans[k]!;
    const size = levelSize(width, height, k);
    const bitmap = k === 0 ? full : await createImageBitmap(previous, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: "medium" });
    // A level cut into tiles was kept whole only to make this one from.
    if (k > 0 && plans[k - 1]!.tiles.length > 1) previous.close();
    const tiles = plan.tiles.length === 1
      ? [{ ...plan.tiles[0]!, bitmap }]
      : await Promise.all(plan.tiles.map(async (t) => ({ ...t, bitmap: await createImageBitmap(bitmap, t.x, t.y, t.width, t.height) })));
    onLevel(k, { width: plan.width, height: plan.height, tiles });
    previous = bitmap;
  }
  if (plans.at(-1)!.tiles.length > 1) previous.close();
}

/** One pixel's canvas, reused: a pixel's alpha is read by drawing it there (a press on an image asks). */
let probe: OffscreenCanvasRenderingContext2D | null | undefined;

/** The alpha (0–255) of the level's pixel (x, y), or null when it cannot be read (no canvas, a closed tile). */
export function levelAlphaAt(level: Level, x: number, y: number): number | null {
  const tile = level.tiles.find((t) => x >= t.x && x < t.x + t.width && y >= t.y && y < t.y + t.height);
  if (!tile || tile.bitmap.width === 0) return null;
  if (probe === undefined) probe = typeof OffscreenCanvas === "undefined" ? null : new OffscreenCanvas(1, 1).getContext("2d", { willReadFrequently: true });
  if (!probe) return null;
  probe.clearRect(0, 0, 1, 1);
  probe.drawImage(tile.bitmap, x - tile.x, y - tile.y, 1, 1, 0, 0, 1, 1);
  return probe.getImageData(0, 0, 1, 1).data[3]!;
}

/** Frees a level's bitmaps (its picture left the document). */
export function closeLevel(level: Level): void {
  for (const t of level.tiles) t.bitmap.close();
}
