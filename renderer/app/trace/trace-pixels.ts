// An image's pixels for tracing, as the page decodes them: its bytes (image-source.ts: the desktop
// shell for a path beside the scene, the page for a data: URL), decoded by the browser, and the
// alpha of each pixel taken out, row-major (one byte a pixel: a quarter of RGBA to hand the worker).
import type { SceneImage } from "../../../core";
import { readImageBytes, type ImageSourceContext } from "../../images/image-source";

export interface TracePixels {
  readonly width: number;
  readonly height: number;
  readonly alpha: Uint8Array;
  /** The decoded picture, for the dialog's preview. */
  readonly bitmap: ImageBitmap;
}

/** Sides above this are refused, as the CLI refuses them: 16,384² alpha bytes is 256 MB. */
export const MAX_TRACE_SIDE = 16_384;

/** The alpha channel of RGBA pixels. */
export function alphaOf(rgba: Uint8ClampedArray | Uint8Array): Uint8Array {
  const out = new Uint8Array(rgba.length >> 2);
  for (let i = 0, j = 3; i < out.length; i++, j += 4) out[i] = rgba[j]!;
  return out;
}

export async function tracePixels(image: SceneImage, where: ImageSourceContext): Promise<TracePixels | { readonly error: string }> {
  const read = await readImageBytes(image.src, where);
  if (!read.ok) return { error: read.message };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([read.bytes as Uint8Array<ArrayBuffer>], { type: read.type }), { premultiplyAlpha: "none", colorSpaceConversion: "none" });
  } catch {
    return { error: `cannot decode ${image.src.startsWith("data:") ? "the embedded image" : image.src}` };
  }
  const { width, height } = bitmap;
  if (width > MAX_TRACE_SIDE || height > MAX_TRACE_SIDE) {
    bitmap.close();
    return { error: `the image is ${width} × ${height} pixels: tracing takes at most ${MAX_TRACE_SIDE} a side` };
  }
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return { error: "this browser cannot read an image's pixels" };
  ctx.drawImage(bitmap, 0, 0);
  return { width, height, alpha: alphaOf(ctx.getImageData(0, 0, width, height).data), bitmap };
}
