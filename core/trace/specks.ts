// Specks and pinholes out of a mask before it is traced: brush dust and antialiasing crumbs would
// each become a collider, and a pinhole in the ground a hole cut through it. Blobs are 8-connected
// opaque pixels and holes 4-connected transparent ones not reaching the image's edge, as the
// outlines are traced (marching-squares.ts), so what is counted here is what would be traced.
import { withRoomFor } from "./labels";

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
  const out = new Uint8Array(mask.length);
  for (let k = 0; k < mask.length; k++) out[k] = mask[k] !== 0 ? 1 : 0;
  const blobs = clearSmall(out, width, height, 1, minArea, false);
  const holes = clearSmall(out, width, height, 0, minArea, true);
  return blobs === 0 && holes === 0 ? { mask, blobs, holes } : { mask: out, blobs, holes };
}

/**
 * Turns the regions of pixels equal to `value` (8-connected for opaque, 4 for transparent) with
 * fewer than `minArea` pixels to the other value, except (`enclosedOnly`) those reaching the
 * image's edge; returns how many. Two raster passes of union–find over the labels.
 */
function clearSmall(cells: Uint8Array, width: number, height: number, value: 0 | 1, minArea: number, enclosedOnly: boolean): number {
  const diagonal = value === 1;
  const labels = new Int32Array(cells.length);
  let parent = new Int32Array(1024);
  let next = 1;
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
    return a;
  };
  const join = (a: number, b: number): number => {
    if (b === 0 || a === b) return a;
    if (a === 0) return b;
    const ra = find(a), rb = find(b);
    if (ra < rb) { parent[rb] = ra; return ra; }
    parent[ra] = rb;
    return rb;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const at = row + x;
      if (cells[at] !== value) continue;
      let l = x > 0 ? labels[at - 1]! : 0;
      if (y > 0) {
        // Within a run, the pixels above the previous one were joined already: only the newest neighbour above counts.
        if (l === 0 || !diagonal) l = join(l, labels[at - width]!);
        if (diagonal && x > 0 && l === 0) l = labels[at - width - 1]!;
        if (diagonal && x < width - 1) l = join(l, labels[at - width + 1]!);
      }
      if (l === 0) {
        parent = withRoomFor(parent, next);
        parent[next] = next;
        l = next++;
      }
      labels[at] = l;
    }
  }
  const size = new Float64Array(next);
  const edge = new Uint8Array(next);
  // Runs share a label: its root is looked up once per run.
  let last = 0, root = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const rim = y === 0 || y === height - 1;
    for (let x = 0; x < width; x++) {
      const l = labels[row + x]!;
      if (l === 0) continue;
      if (l !== last) { last = l; root = find(l); }
      labels[row + x] = root;
      size[root]!++;
      if (rim || x === 0 || x === width - 1) edge[root] = 1;
    }
  }
  let count = 0;
  const small = new Uint8Array(next);
  for (let r = 1; r < next; r++) {
    if (parent[r] !== r || size[r]! >= minArea || (enclosedOnly && edge[r] === 1)) continue;
    small[r] = 1;
    count++;
  }
  if (count === 0) return 0;
  for (let k = 0; k < cells.length; k++) if (small[labels[k]!] === 1) cells[k] = 1 - value;
  return count;
}
