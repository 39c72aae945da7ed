// Outlines of the opaque pixels of a mask, by marching squares over the pixel corners: every
// boundary (outer and hole) as a ring of corner points along the pixels' edges.
//
// Opaque pixels are 8-connected (pixels touching at a corner are one blob) and transparent ones
// 4-connected, so blobs and holes partition the plane. Two kinds of corner are cut by a 45°
// chamfer from half a pixel before to half a pixel after it (1/8 px² of area each):
// - where two passes of outlines would meet at a pixel corner (a saddle: two opaque pixels touching
//   diagonally), so every ring is strictly simple and no two rings touch, as the simplifier and
//   the triangulation need;
// - the corners of a one-pixel step (a unit edge between a left and a right turn): a staircase
//   then runs along the line it stands for, where Douglas–Peucker would otherwise pick corners on
//   alternate sides of it and leave notches (a reflex point costs the convex pieces one or two
//   more). Convex and concave steps alternate, so the area cut and the area added cancel out.
//   Only when asked (the tracer asks from a tolerance of STEP_TOLERANCE: a chamfer strays 0.35 px).
// Other corners stay sharp: a rectangle, a lone pixel and a one-pixel line trace exactly.
// Deterministic: rings come in raster order of their first horizontal edge.
import { withRoomFor } from "./labels";

/** One boundary: corner points in image units, opaque on the right-hand side of travel (y down). */
export interface Outline {
  /** x0, y0, x1, y1, …: corners only (no two consecutive edges are collinear), not closed. */
  readonly points: Float64Array;
  /** A hole: runs counter-clockwise on screen (negative signed area); outer boundaries run clockwise. */
  readonly hole: boolean;
  /** The opaque blob (8-connected component) it bounds, numbered in raster order of their first pixel. */
  readonly component: number;
}

export interface Outlines {
  readonly outlines: Outline[];
  /** How many opaque blobs there are (each has exactly one outer boundary). */
  readonly components: number;
  /** Each pixel's blob plus 1 (0 for a transparent pixel), row-major. */
  readonly labels: Int32Array;
}

/** Steps of the four directions: east, south, west, north (y down; a right turn is +1). */
const DX = [1, 0, -1, 0];
const DY = [0, 1, 0, -1];

/** The least simplification tolerance at which one-pixel steps are chamfered. */
export const STEP_TOLERANCE = 0.5;

/**
 * Traces every outline of `mask` (width × height, row-major; non-zero is opaque), chamfering
 * one-pixel steps when `steps` is true. Pixel (i, j) covers [i, i+1] × [j, j+1].
 */
export function traceOutlines(mask: Uint8Array, width: number, height: number, steps = false): Outlines {
  if (mask.length !== width * height) throw new RangeError(`mask holds ${mask.length} pixels, expected ${width} × ${height}`);
  // A transparent border of one pixel: every corner's four pixels are then in the array.
  const P = width + 2;
  const padded = new Uint8Array(P * (height + 2));
  for (let j = 0; j < height; j++) {
    const row = j * width, out = (j + 1) * P + 1;
    for (let i = 0; i < width; i++) padded[out + i] = mask[row + i]! !== 0 ? 1 : 0;
  }
  const { labels, count } = labelComponents(padded, P, height + 2);

  // Horizontal edges already traced: edge (i, j) lies on row line j between columns i and i + 1.
  const seen = new Uint8Array(width * (height + 1));
  const outlines: Outline[] = [];
  const pts: number[] = [];
  for (let j = 0; j <= height; j++) {
    for (let i = 0; i < width; i++) {
      const above = padded[j * P + i + 1]!, below = padded[(j + 1) * P + i + 1]!;
      if (above === below || seen[j * width + i]) continue;
      // Opaque on the right: east along the top of an opaque pixel, west along the bottom of one.
      const d0 = below ? 0 : 2;
      const sx = below ? i : i + 1, sy = j;
      const component = labels[below ? (j + 1) * P + i + 1 : j * P + i + 1]! - 1;
      pts.length = 0;
      let x = sx, y = sy, d = d0;
      seen[j * width + i] = 1;
      for (;;) {
        x += DX[d]!; y += DY[d]!;
        // The four pixels around corner (x, y): top-left, top-right, bottom-left, bottom-right.
        const tl = padded[y * P + x]!, tr = padded[y * P + x + 1]!;
        const bl = padded[(y + 1) * P + x]!, br = padded[(y + 1) * P + x + 1]!;
        const saddle = tl === br && tr === bl && tl !== tr;
        let out: number;
        if (saddle) out = (d + 3) & 3; // turn left: around the transparent pixel, joining the diagonal pixels
        else if (br && !tr) out = 0;
        else if (bl && !br) out = 1;
        else if (tl && !bl) out = 2;
        else out = 3;
        if (out !== d) {
          if (!saddle) pts.push(x, y);
          else {
            // Saddles one pixel apart share a chamfer point.
            const m = pts.length, ix = x - DX[d]! / 2, iy = y - DY[d]! / 2;
            if (m < 2 || pts[m - 2] !== ix || pts[m - 1] !== iy) pts.push(ix, iy);
            pts.push(x + DX[out]! / 2, y + DY[out]! / 2);
          }
        }
        if (x === sx && y === sy && out === d0) break;
        if (out === 0) seen[y * width + x] = 1;
        else if (out === 2) seen[y * width + x - 1] = 1;
        d = out;
      }
      if (pts[0] === pts[pts.length - 2] && pts[1] === pts[pts.length - 1]) pts.length -= 2;
      // A ring's first edge in raster order is the top of its topmost, leftmost pixel: an opaque one
      // for an outer boundary, a transparent one (under an opaque pixel) for a hole.
      outlines.push({ points: steps ? chamferSteps(pts) : Float64Array.from(pts), hole: d0 === 2, component });
    }
  }
  const unpadded = new Int32Array(width * height);
  for (let j = 0; j < height; j++) unpadded.set(labels.subarray((j + 1) * P + 1, (j + 1) * P + 1 + width), j * width);
  return { outlines, components: count, labels: unpadded };
}

/**
 * The ring with the corners of its one-pixel steps chamfered (see the top of the file): points
 * half a pixel before and after such a corner instead of it; repeated and collinear points dropped.
 */
function chamferSteps(pts: readonly number[]): Float64Array {
  const n = pts.length / 2;
  const x = (k: number) => pts[2 * ((k + n) % n)]!, y = (k: number) => pts[2 * ((k + n) % n) + 1]!;
  const turn = (k: number) => Math.sign((x(k) - x(k - 1)) * (y(k + 1) - y(k)) - (y(k) - y(k - 1)) * (x(k + 1) - x(k)));
  // Edge k runs from point k to point k + 1; chamfer edges (diagonal) are never steps.
  const axial = (k: number) => x(k) === x(k + 1) || y(k) === y(k + 1);
  const step = (k: number) => Math.abs(x(k + 1) - x(k)) + Math.abs(y(k + 1) - y(k)) === 1 && turn(k) !== turn(k + 1);
  const out: number[] = [];
  const push = (px: number, py: number) => {
    const m = out.length;
    if (m >= 2 && out[m - 2] === px && out[m - 1] === py) return;
    out.push(px, py);
  };
  for (let k = 0; k < n; k++) {
    if (!axial(k - 1) || !axial(k) || !(step(k - 1) || step(k))) {
      push(x(k), y(k));
      continue;
    }
    const inX = Math.sign(x(k) - x(k - 1)), inY = Math.sign(y(k) - y(k - 1));
    const outX = Math.sign(x(k + 1) - x(k)), outY = Math.sign(y(k + 1) - y(k));
    push(x(k) - inX / 2, y(k) - inY / 2);
    push(x(k) + outX / 2, y(k) + outY / 2);
  }
  // The ring closes: its last point may repeat its first.
  if (out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.length -= 2;
  return dropCollinear(out);
}

/** The ring without points on the line through their neighbours (exact: half-pixel coordinates). */
function dropCollinear(pts: number[]): Float64Array {
  let ring = pts;
  for (;;) {
    const n = ring.length / 2;
    const keep: number[] = [];
    for (let k = 0; k < n; k++) {
      const a = (k + n - 1) % n, c = (k + 1) % n;
      const cross = (ring[2 * k]! - ring[2 * a]!) * (ring[2 * c + 1]! - ring[2 * k + 1]!) - (ring[2 * k + 1]! - ring[2 * a + 1]!) * (ring[2 * c]! - ring[2 * k]!);
      if (cross !== 0) keep.push(ring[2 * k]!, ring[2 * k + 1]!);
    }
    if (keep.length === ring.length) return Float64Array.from(ring);
    ring = keep;
  }
}

/** 8-connected labels of the non-zero cells (1, 2, … in raster order of first cell; 0 transparent). */
function labelComponents(cells: Uint8Array, w: number, h: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(w * h);
  // Union–find over provisional labels; a root is always the smaller label, so parent[l] ≤ l.
  let parent = new Int32Array(1024);
  let next = 1;
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
    return a;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a), rb = find(b);
    if (ra < rb) parent[rb] = ra;
    else parent[ra] = rb;
    return Math.min(ra, rb);
  };
  // The border row and column are transparent: neighbours above and beside always exist.
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const at = y * w + x;
      if (!cells[at]) continue;
      // Up touches left, up-left and up-right, which were joined to it when they were labelled;
      // otherwise left and up-left touch each other, and only up-right may be a second blob.
      const up = labels[at - w]!;
      let label: number;
      if (up !== 0) label = up;
      else {
        const left = labels[at - 1]! || labels[at - w - 1]!, right = labels[at - w + 1]!;
        if (left !== 0 && right !== 0) label = union(left, right);
        else if (left !== 0 || right !== 0) label = left || right;
        else {
          parent = withRoomFor(parent, next);
          parent[next] = next;
          label = next++;
        }
      }
      labels[at] = label;
    }
  }
  // Roots renumbered 1, 2, … in order of first appearance (parents come before their children).
  const number = new Int32Array(next);
  let count = 0;
  for (let l = 1; l < next; l++) number[l] = parent[l] === l ? ++count : number[find(l)]!;
  for (let k = 0; k < labels.length; k++) if (labels[k] !== 0) labels[k] = number[labels[k]!]!;
  return { labels, count };
}
