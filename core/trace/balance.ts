// Simplified outlines moved to balance the pixels they cut off against those they take in.
//
// A Douglas–Peucker chord runs through corners of the pixel staircase, so on a convex stretch it
// always cuts pixels off, and on a concave one always takes transparent pixels in: a one-sided
// error of about half the tolerance along the whole outline (a 32-pixel disc lost 3 % of its
// IoU to it). Each simplified segment is moved along its normal by the signed area between it and
// the run of pixel edges it replaces, divided by its length, so that area nets to zero; a point
// goes where its two moved segments meet.
//
// Moves are kept safe: a point moves at most a third of the clearance between any segment it ends
// and any other segment not next to it (and a third of its segments' lengths), so, moving every
// point in a straight line, no two segments can meet on the way: the rings stay strictly simple,
// apart, nested and turned as they were. A segment's run stays within the tolerance of it, and
// points stay inside the image. Points land on a grid of 1/256 pixel, where every cross product
// of the later steps is exact.
import type { Outline } from "./marching-squares";

/** Moved points land on multiples of this. */
export const BALANCE_GRID = 1 / 256;
/** How far snapping may move a point: half a cell's diagonal, with room to spare. */
const SNAP = 0.003;

/**
 * The rings, as kept, with each point moved as above (x0, y0, …). A ring whose tolerance is 0, or
 * that has three points, is not moved.
 */
export function balanceOutlines(outlines: readonly Outline[], keeps: readonly Uint8Array[], tolerances: ArrayLike<number>, width: number, height: number): Float64Array[] {
  // Every ring's kept points as segments: global point ids, ring by ring.
  const first: number[] = [];
  const px: number[] = [], py: number[] = [];
  const ringOf: number[] = [];
  const kept: number[][] = [];
  for (let r = 0; r < outlines.length; r++) {
    first.push(px.length);
    const pts = outlines[r]!.points, keep = keeps[r]!;
    const idx: number[] = [];
    for (let k = 0; k < keep.length; k++) {
      if (!keep[k]) continue;
      idx.push(k);
      px.push(pts[2 * k]!);
      py.push(pts[2 * k + 1]!);
      ringOf.push(r);
    }
    kept.push(idx);
  }
  const total = px.length;
  // Segment g runs from point g to the next point of its ring.
  const next = (g: number): number => {
    const r = ringOf[g]!;
    return g + 1 < first[r]! + kept[r]!.length ? g + 1 : first[r]!;
  };

  // The wanted moves.
  const dx = new Float64Array(total), dy = new Float64Array(total);
  let maxTol = 0;
  for (let r = 0; r < outlines.length; r++) {
    const tol = tolerances[r]!;
    if (tol <= 0 || kept[r]!.length < 4) continue;
    maxTol = Math.max(maxTol, tol);
    wantedMoves(outlines[r]!.points, kept[r]!, tol, first[r]!, px, py, dx, dy, width, height);
  }
  if (maxTol === 0) return outlines.map((_, r) => ringPoints(first[r]!, kept[r]!.length, px, py, dx, dy));

  // Clearance: each point's move is at most a third of the distance between a segment it ends and
  // any segment not next to that one, and of its segments' lengths.
  const limit = new Float64Array(total);
  for (let g = 0; g < total; g++) {
    const r = ringOf[g]!;
    if (tolerances[r]! <= 0 || kept[r]!.length < 4) continue;
    const h = next(g);
    const len = Math.hypot(px[h]! - px[g]!, py[h]! - py[g]!);
    const prev = g === first[r]! ? first[r]! + kept[r]!.length - 1 : g - 1;
    const lenPrev = Math.hypot(px[g]! - px[prev]!, py[g]! - py[prev]!);
    limit[g] = Math.min(tolerances[r]!, len / 3, lenPrev / 3);
  }
  // Only a neighbour nearer than three times a segment's largest move can cap it: each segment
  // looks that far (each pair is met from the segment with the larger move).
  const moveOf = (g: number) => Math.hypot(dx[g]!, dy[g]!);
  let maxReach = 0;
  const reachOf = new Float64Array(total);
  for (let g = 0; g < total; g++) {
    const move = Math.max(moveOf(g), moveOf(next(g)));
    reachOf[g] = move === 0 ? 0 : 3 * (move + SNAP);
    maxReach = Math.max(maxReach, reachOf[g]!);
  }
  const CELL = Math.max(2, maxReach);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let g = 0; g < total; g++) {
    minX = Math.min(minX, px[g]!); maxX = Math.max(maxX, px[g]!);
    minY = Math.min(minY, py[g]!); maxY = Math.max(maxY, py[g]!);
  }
  const gw = Math.floor((maxX - minX) / CELL) + 1, gh = Math.floor((maxY - minY) / CELL) + 1;
  const cell = (v: number, min: number, cells: number) => Math.min(cells - 1, Math.max(0, Math.floor((v - min) / CELL)));
  const counts = new Int32Array(gw * gh + 1);
  const eachCell = (g: number, grow: number, visit: (c: number) => void) => {
    const h = next(g);
    const x0 = cell(Math.min(px[g]!, px[h]!) - grow, minX, gw), x1 = cell(Math.max(px[g]!, px[h]!) + grow, minX, gw);
    const y0 = cell(Math.min(py[g]!, py[h]!) - grow, minY, gh), y1 = cell(Math.max(py[g]!, py[h]!) + grow, minY, gh);
    for (let cy = y0; cy <= y1; cy++) for (let cx = x0; cx <= x1; cx++) visit(cy * gw + cx);
  };
  for (let g = 0; g < total; g++) eachCell(g, 0, (c) => void counts[c + 1]!++);
  for (let c = 0; c < gw * gh; c++) counts[c + 1]! += counts[c]!;
  const fill = counts.slice();
  const items = new Int32Array(counts[gw * gh]!);
  for (let g = 0; g < total; g++) eachCell(g, 0, (c) => void (items[fill[c]!++] = g));
  const stamp = new Int32Array(total).fill(-1);
  for (let g = 0; g < total; g++) {
    const gNext = next(g);
    const reach = reachOf[g]!;
    if (reach === 0) continue;
    eachCell(g, reach, (c) => {
      for (let q = counts[c]!; q < counts[c + 1]!; q++) {
        const t = items[q]!;
        if (stamp[t] === g || t === g) continue;
        stamp[t] = g;
        const tNext = next(t);
        // Segments next to each other share a point: their clearance is the lengths' bound.
        if (t === gNext || tNext === g) continue;
        const d = segmentDistance(px[g]!, py[g]!, px[gNext]!, py[gNext]!, px[t]!, py[t]!, px[tNext]!, py[tNext]!);
        if (d >= reach) continue;
        const cap = d / 3;
        if (limit[g]! > cap) limit[g] = cap;
        if (limit[gNext]! > cap) limit[gNext] = cap;
        if (limit[t]! > cap) limit[t] = cap;
        if (limit[tNext]! > cap) limit[tNext] = cap;
      }
    });
  }
  for (let g = 0; g < total; g++) {
    const m = Math.hypot(dx[g]!, dy[g]!), cap = limit[g]! - SNAP;
    if (cap <= 0) { dx[g] = 0; dy[g] = 0; }
    else if (m > cap) { dx[g]! *= cap / m; dy[g]! *= cap / m; }
  }
  // Every run within its tolerance of its moved segment: moves halved where not, then dropped.
  for (let r = 0; r < outlines.length; r++) {
    const tol = tolerances[r]!;
    if (tol <= 0 || kept[r]!.length < 4) continue;
    keepWithinTolerance(outlines[r]!.points, kept[r]!, tol - SNAP, first[r]!, px, py, dx, dy);
  }
  return outlines.map((_, r) => ringPoints(first[r]!, kept[r]!.length, px, py, dx, dy));
}

/** The moved points of one ring, snapped to the grid (points that do not move stay exact). */
function ringPoints(start: number, count: number, px: readonly number[], py: readonly number[], dx: Float64Array, dy: Float64Array): Float64Array {
  const out = new Float64Array(2 * count);
  for (let k = 0; k < count; k++) {
    const g = start + k;
    const moved = dx[g] !== 0 || dy[g] !== 0;
    out[2 * k] = moved ? Math.round((px[g]! + dx[g]!) / BALANCE_GRID) * BALANCE_GRID : px[g]!;
    out[2 * k + 1] = moved ? Math.round((py[g]! + dy[g]!) / BALANCE_GRID) * BALANCE_GRID : py[g]!;
  }
  return out;
}

/** Each segment's area-balancing line, and each point's move to where its two lines meet (within the tolerance and the image). */
function wantedMoves(pts: Float64Array, idx: readonly number[], tol: number, start: number, px: readonly number[], py: readonly number[], dx: Float64Array, dy: Float64Array, width: number, height: number): void {
  const n = pts.length / 2, m = idx.length;
  // Line of segment s: nx·x + ny·y = c, with (nx, ny) its unit normal and c moved by the area over the length.
  const nx = new Float64Array(m), ny = new Float64Array(m), c = new Float64Array(m);
  for (let s = 0; s < m; s++) {
    const from = idx[s]!, to = s + 1 < m ? idx[s + 1]! : idx[0]! + n;
    const ax = pts[2 * from]!, ay = pts[2 * from + 1]!, bx = pts[2 * (to % n)]!, by = pts[2 * (to % n) + 1]!;
    // Twice the signed area of the run closed by the chord (positive: the run lies on the normal's side).
    let twice = 0;
    for (let k = from; k < to; k++) {
      const i = k % n, j = (k + 1) % n;
      twice += pts[2 * i]! * pts[2 * j + 1]! - pts[2 * j]! * pts[2 * i + 1]!;
    }
    twice += bx * ay - ax * by;
    const len = Math.hypot(bx - ax, by - ay);
    nx[s] = (by - ay) / len;
    ny[s] = -(bx - ax) / len;
    c[s] = nx[s]! * ax + ny[s]! * ay + twice / 2 / len;
  }
  for (let s = 0; s < m; s++) {
    const p = (s + m - 1) % m;
    const vx = px[start + s]!, vy = py[start + s]!;
    const det = nx[p]! * ny[s]! - ny[p]! * nx[s]!;
    let x: number, y: number;
    if (Math.abs(det) > 0.25) {
      x = (c[p]! * ny[s]! - ny[p]! * c[s]!) / det;
      y = (nx[p]! * c[s]! - c[p]! * nx[s]!) / det;
    } else {
      // Nearly parallel: the lines meet far away; move by the mean of the two shifts instead.
      const d1 = c[p]! - (nx[p]! * vx + ny[p]! * vy), d2 = c[s]! - (nx[s]! * vx + ny[s]! * vy);
      x = vx + 0.5 * (d1 * nx[p]! + d2 * nx[s]!);
      y = vy + 0.5 * (d1 * ny[p]! + d2 * ny[s]!);
    }
    x = Math.min(width, Math.max(0, x));
    y = Math.min(height, Math.max(0, y));
    let mx = x - vx, my = y - vy;
    const d = Math.hypot(mx, my);
    if (d > tol) { mx *= tol / d; my *= tol / d; }
    dx[start + s] = mx;
    dy[start + s] = my;
  }
}

/** Halves the moves of a segment's ends while its run strays more than `tol` from it; after eight halvings, drops them. */
function keepWithinTolerance(pts: Float64Array, idx: readonly number[], tol: number, start: number, px: readonly number[], py: readonly number[], dx: Float64Array, dy: Float64Array): void {
  const n = pts.length / 2, m = idx.length;
  const tol2 = tol * tol;
  // Each round with a stray run either halves a move or drops one: it ends.
  for (let round = 0; ; round++) {
    let clean = true;
    for (let s = 0; s < m; s++) {
      const a = start + s, b = start + (s + 1) % m;
      if (dx[a] === 0 && dy[a] === 0 && dx[b] === 0 && dy[b] === 0) continue;
      const ax = px[a]! + dx[a]!, ay = py[a]! + dy[a]!, bx = px[b]! + dx[b]!, by = py[b]! + dy[b]!;
      const from = idx[s]!, to = s + 1 < m ? idx[s + 1]! : idx[0]! + n;
      let worst = 0;
      for (let k = from; k <= to && worst <= tol2; k++) {
        const i = k % n;
        worst = Math.max(worst, pointSegmentDistance2(pts[2 * i]!, pts[2 * i + 1]!, ax, ay, bx, by));
      }
      if (worst <= tol2) continue;
      clean = false;
      const f = round < 8 ? 0.5 : 0;
      dx[a]! *= f; dy[a]! *= f; dx[b]! *= f; dy[b]! *= f;
    }
    if (clean) return;
  }
}

function pointSegmentDistance2(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax, ey = by - ay;
  const len = ex * ex + ey * ey;
  let t = len > 0 ? ((x - ax) * ex + (y - ay) * ey) / len : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const fx = ax + t * ex - x, fy = ay + t * ey - y;
  return fx * fx + fy * fy;
}

/** Distance between two segments that do not cross (the rings are strictly simple and apart). */
function segmentDistance(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, ex: number, ey: number): number {
  return Math.sqrt(Math.min(
    pointSegmentDistance2(ax, ay, cx, cy, ex, ey), pointSegmentDistance2(bx, by, cx, cy, ex, ey),
    pointSegmentDistance2(cx, cy, ax, ay, bx, by), pointSegmentDistance2(ex, ey, ax, ay, bx, by),
  ));
}
