// Tracing follows transparency: a picture with no pixel below the alpha threshold (a level drawn on
// an opaque background) traces to one box over the whole of it. The dialog says so, and what to do.

/** The lowest alpha of the pixels (255 when there are none). */
export function lowestAlpha(alpha: Uint8Array): number {
  let low = 255;
  for (let i = 0; i < alpha.length && low > 0; i++) if (alpha[i]! < low) low = alpha[i]!;
  return low;
}

/**
 * Why the trace covers the whole picture and what to do, or null when some pixel is below the
 * threshold. `lowest` is the picture's lowest alpha (lowestAlpha); `opaque` the pixels the trace kept.
 */
export function wholePictureNote(imageId: string, pixels: number, opaque: number, lowest: number): string | null {
  if (pixels === 0 || opaque < pixels) return null;
  if (lowest === 255) return `${imageId} has no transparent pixels, so the trace is one box over the whole picture: tracing follows transparency. Erase the background in the art (save it as a PNG or WebP with transparency) and trace again.`;
  return `Every pixel of ${imageId} is at least as opaque as the threshold (its most transparent has alpha ${lowest}), so the trace covers the whole picture: raise the alpha threshold above ${lowest}, or erase the background in the art.`;
}
