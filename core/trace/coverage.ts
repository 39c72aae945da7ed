// How well polygons cover a mask: the exact area of the polygons inside each pixel, by signed-area
// accumulation (the scanline method of font-rs and stb_truetype: each edge adds the area to its
// left to the cells it crosses, a running sum along the row gives each pixel's coverage). Edges
// two pieces share cancel out, so this is the area of the union of pieces that do not overlap, in
// O(pixels + edge length).

/** A box of pixels: columns x … x + width − 1, rows y … y + height − 1. */
export interface PixelBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Intersection over union of the polygons' union (points x0, y0, … in image units, either
 * winding, holes wound the other way) and the pixels of `pixels` (row-major, `stride` wide) equal
 * to `value`, within `box`; 1 when both are empty. Polygons must lie within the box.
 */
export function coverageIoU(pixels: ArrayLike<number>, stride: number, value: number, box: PixelBox, polygons: readonly ArrayLike<number>[]): number {
  // One cell of margin on every side: points on the box's edges stay inside the buffer.
  const cols = box.width + 3, rows = box.height + 2;
  const acc = new Float64Array(cols * rows);
  const ox = 1 - box.x, oy = 1 - box.y;
  for (const poly of polygons) {
    const n = poly.length / 2;
    for (let k = 0; k < n; k++) {
      const j = (k + 1) % n;
      drawLine(acc, cols, rows, poly[2 * k]! + ox, poly[2 * k + 1]! + oy, poly[2 * j]! + ox, poly[2 * j + 1]! + oy);
    }
  }
  let covered = 0, inter = 0, opaque = 0;
  for (let r = 0; r < rows; r++) {
    let sum = 0;
    const j = r - 1;
    const inRow = j >= 0 && j < box.height;
    const row = (box.y + j) * stride + box.x;
    for (let c = 0; c < cols; c++) {
      sum += acc[r * cols + c]!;
      const cov = Math.min(1, Math.abs(sum));
      covered += cov;
      const i = c - 1;
      if (inRow && i >= 0 && i < box.width && pixels[row + i] === value) {
        inter += cov;
        opaque++;
      }
    }
  }
  const union = covered + opaque - inter;
  return union <= 0 ? 1 : inter / union;
}

/** Adds the signed area left of the edge (x0, y0) → (x1, y1) to the cells it passes (after font-rs's draw_line). */
function drawLine(acc: Float64Array, stride: number, rows: number, x0: number, y0: number, x1: number, y1: number): void {
  if (y0 === y1) return;
  let dir = 1;
  if (y0 > y1) {
    dir = -1;
    [x0, y0, x1, y1] = [x1, y1, x0, y0];
  }
  const dxdy = (x1 - x0) / (y1 - y0);
  let x = x0;
  const yEnd = Math.min(rows, Math.ceil(y1));
  for (let y = Math.max(0, Math.floor(y0)); y < yEnd; y++) {
    const line = y * stride;
    const dy = Math.min(y + 1, y1) - Math.max(y, y0);
    const xnext = x + dxdy * dy;
    const d = dy * dir;
    const xa = x < xnext ? x : xnext, xb = x < xnext ? xnext : x;
    const xaFloor = Math.floor(xa), xbCeil = Math.ceil(xb);
    if (xbCeil <= xaFloor + 1) {
      // Within one column: the part right of the edge's mean x goes to the next cell.
      const xmf = 0.5 * (x + xnext) - xaFloor;
      acc[line + xaFloor]! += d - d * xmf;
      acc[line + xaFloor + 1]! += d * xmf;
    } else {
      const s = 1 / (xb - xa);
      const xaf = xa - xaFloor;
      const a0 = 0.5 * s * (1 - xaf) * (1 - xaf);
      const xbf = xb - xbCeil + 1;
      const am = 0.5 * s * xbf * xbf;
      acc[line + xaFloor]! += d * a0;
      if (xbCeil === xaFloor + 2) acc[line + xaFloor + 1]! += d * (1 - a0 - am);
      else {
        const a1 = s * (1.5 - xaf);
        acc[line + xaFloor + 1]! += d * (a1 - a0);
        for (let xi = xaFloor + 2; xi < xbCeil - 1; xi++) acc[line + xi]! += d * s;
        const a2 = a1 + (xbCeil - xaFloor - 3) * s;
        acc[line + xbCeil - 1]! += d * (1 - a2 - am);
      }
      acc[line + xbCeil]! += d * am;
    }
    x = xnext;
  }
}
