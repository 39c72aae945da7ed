// Specks and pinholes out of a mask before it is traced: brush dust and antialiasing crumbs would
// each become a collider, and a pinhole in the ground a hole cut through it. Blobs are 8-connected
// opaque pixels and holes 4-connected transparent ones not reaching the image's edge, as the
// outlines are traced (marching-squares.ts), so what is counted here is what would be traced.

export interface CleanedMask {
  /** The mask with the small blobs cleared and then the small holes filled (a new array when anything changed). */
  readonly mask: Uint8Array;
  /** Blobs of fewer than minArea pixels, cleared. */
  readonly blobs: number;
  /** Holes of fewer than minArea pixels, filled (counted after the blobs were cleared: a speck in a hole is part of it). */
  readonly holes: number;
}

/**
 * `mask` (width × height, non-zero opaque) without the blobs of fewer than `minArea` opaque pixels,
 * then with the holes of fewer than `minArea` transparent pixels filled. A blob's area is its own
 * pixels, its holes not counted. O(pixels).
 */
export function dropSpecks(mask: Uint8Array, width: number, height: number, minArea: number): CleanedMask {
  if (!(minArea > 0)) return { mask, blobs: 0, holes: 0 };
  const out = Uint8Array.from(mask, (v) => (v !== 0 ? 1 : 0));
  const seen = new Uint8Array(out.length);
  const stack = new Int32Array(out.length);
  const members = new Int32Array(out.length);

  // The pixels connected to `start` whose value is `value`, into `members`; their count, and whether any is on the image's edge.
  const flood = (start: number, value: number, diagonal: boolean): { count: number; edge: boolean } => {
    let top = 0, count = 0, edge = false;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const at = stack[--top]!;
      members[count++] = at;
      const x = at % width, y = (at - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) edge = true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (!diagonal && dx !== 0 && dy !== 0)) continue;
          const nx = x + dx, ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (seen[n] === 0 && out[n] === value) {
            seen[n] = 1;
            stack[top++] = n;
          }
        }
      }
    }
    return { count, edge };
  };

  let blobs = 0, holes = 0;
  for (let k = 0; k < out.length; k++) {
    if (out[k] !== 1 || seen[k] !== 0) continue;
    const { count } = flood(k, 1, true);
    if (count >= minArea) continue;
    blobs++;
    for (let m = 0; m < count; m++) out[members[m]!] = 0;
  }
  seen.fill(0);
  for (let k = 0; k < out.length; k++) {
    if (out[k] !== 0 || seen[k] !== 0) continue;
    const { count, edge } = flood(k, 0, false);
    if (edge || count >= minArea) continue;
    holes++;
    for (let m = 0; m < count; m++) out[members[m]!] = 1;
  }
  return blobs === 0 && holes === 0 ? { mask, blobs, holes } : { mask: out, blobs, holes };
}
