// Outlines simplified within a tolerance by Douglas–Peucker (Douglas & Peucker 1973), keeping
// their topology: the simplified rings are still strictly simple, touch no other ring, nest as
// before and keep their orientation. Douglas–Peucker alone can break all four on narrow parts;
// each break found splits the segments at fault at their farthest original point, as Douglas–
// Peucker would with a smaller tolerance, until none is left (Saalfeld 1999's idea, checked here
// with exact predicates: points are multiples of 1/2 below 2^15, so every cross product is exact).
// At worst a ring comes back as it was traced.
import type { Outline } from "./marching-squares";

/**
 * The points of a ring that Douglas–Peucker keeps within `tolerance` (1 = kept): anchored at
 * point 0 and the point farthest from it, each half keeping at least its farthest point, so a ring
 * keeps at least three points (a lone pixel stays a square, a one-pixel line a rectangle). A
 * second pass drops a kept point when the chord between its neighbours is still within the
 * tolerance of the run it replaces (Douglas–Peucker keeps some it does not need).
 */
export function simplifyRing(points: Float64Array, tolerance: number): Uint8Array {
  const keep = douglasPeucker(points, tolerance);
  if (tolerance > 0) dropNeedless(points, keep, tolerance);
  return keep;
}

/**
 * Adds kept points until the rings, as kept, are strictly simple, apart, nested as traced and
 * turned as traced. `keeps` is changed in place.
 */
export function repairTopology(outlines: readonly Outline[], keeps: readonly Uint8Array[]): void {
  for (;;) {
    const faults = findFaults(outlines, keeps);
    if (faults.length === 0) return;
    for (const f of faults) splitRun(outlines[f.ring]!.points, keeps[f.ring]!, f.from, f.to);
  }
}

/**
 * A ring's error per segment: the area between each segment of `placed` (the kept points, maybe
 * moved) and the run of the traced ring it stands for, as [error, from, to] (from, to: indices of
 * the run's ends, `to` may pass n), for segments whose run has points between its ends.
 */
export function segmentErrors(points: Float64Array, keep: Uint8Array, placed: Float64Array): [number, number, number][] {
  const n = keep.length;
  const kept: number[] = [];
  for (let k = 0; k < n; k++) if (keep[k]) kept.push(k);
  const m = kept.length;
  const out: [number, number, number][] = [];
  for (let s = 0; s < m; s++) {
    const from = kept[s]!, to = s + 1 < m ? kept[s + 1]! : kept[0]! + n;
    if (to - from < 2) continue;
    const ax = placed[2 * s]!, ay = placed[2 * s + 1]!, bx = placed[2 * ((s + 1) % m)]!, by = placed[2 * ((s + 1) % m) + 1]!;
    const len = Math.hypot(bx - ax, by - ay);
    if (len === 0) continue;
    const ux = (bx - ax) / len, uy = (by - ay) / len;
    // ∫ |distance to the segment's line| along it, edge by edge of the run.
    let error = 0;
    for (let k = from; k < to; k++) {
      const i = k % n, j = (k + 1) % n;
      const x0 = points[2 * i]! - ax, y0 = points[2 * i + 1]! - ay, x1 = points[2 * j]! - ax, y1 = points[2 * j + 1]! - ay;
      const dt = Math.abs((x1 - x0) * ux + (y1 - y0) * uy);
      const d0 = x0 * uy - y0 * ux, d1 = x1 * uy - y1 * ux;
      error += (d0 >= 0) === (d1 >= 0) ? (dt * Math.abs(d0 + d1)) / 2 : (dt * (d0 * d0 + d1 * d1)) / (2 * (Math.abs(d0) + Math.abs(d1)));
    }
    out.push([error, from, to]);
  }
  return out;
}

/**
 * Drops reflex points (a notch into the opaque side: a left turn, with opaque on the right) whose
 * neighbours, where `placed` puts them, still pass within `tolerance` of the run both segments
 * stood for. Douglas–Peucker keeps such notches on a pixel staircase (a corner on the wrong side
 * of the line), and each costs the convex decomposition a piece or two. Point 0 stays (the
 * nesting check's anchor), and so do four points. Returns whether any was dropped.
 */
export function dropNotches(points: Float64Array, keep: Uint8Array, placed: Float64Array, tolerance: number): boolean {
  const n = keep.length;
  const kept: number[] = [];
  for (let k = 0; k < n; k++) if (keep[k]) kept.push(k);
  // Positions by kept index; a dropped point's neighbours close up.
  const xs = [...kept.keys()].map((s) => placed[2 * s]!), ys = [...kept.keys()].map((s) => placed[2 * s + 1]!);
  const tol2 = tolerance * tolerance;
  let dropped = false;
  for (let s = 1; s < kept.length && kept.length > 4; ) {
    const p = s - 1, q = (s + 1) % kept.length;
    const turn = (xs[s]! - xs[p]!) * (ys[q]! - ys[s]!) - (ys[s]! - ys[p]!) * (xs[q]! - xs[s]!);
    let near = turn < 0;
    const from = kept[p]!, to = q === 0 ? kept[0]! + n : kept[q]!;
    for (let k = from; k <= to && near; k++) {
      const i = k % n;
      near = segmentDistanceSquared(points[2 * i]!, points[2 * i + 1]!, xs[p]!, ys[p]!, xs[q]!, ys[q]!) <= tol2;
    }
    if (!near) { s++; continue; }
    keep[kept[s]!] = 0;
    kept.splice(s, 1); xs.splice(s, 1); ys.splice(s, 1);
    dropped = true;
  }
  return dropped;
}

/**
 * Segments of `placed` (the kept points, maybe moved) whose run strays farther than `tolerance`
 * from them, as [from, to] (the run's ends; `to` may pass n).
 */
export function strayRuns(points: Float64Array, keep: Uint8Array, placed: Float64Array, tolerance: number): [number, number][] {
  const n = keep.length;
  const kept: number[] = [];
  for (let k = 0; k < n; k++) if (keep[k]) kept.push(k);
  const m = kept.length;
  const tol2 = tolerance * tolerance * (1 + 1e-12);
  const out: [number, number][] = [];
  for (let s = 0; s < m; s++) {
    const from = kept[s]!, to = s + 1 < m ? kept[s + 1]! : kept[0]! + n;
    const ax = placed[2 * s]!, ay = placed[2 * s + 1]!, bx = placed[2 * ((s + 1) % m)]!, by = placed[2 * ((s + 1) % m) + 1]!;
    for (let k = from + 1; k < to; k++) {
      const i = k % n;
      if (segmentDistanceSquared(points[2 * i]!, points[2 * i + 1]!, ax, ay, bx, by) > tol2) {
        out.push([from, to]);
        break;
      }
    }
  }
  return out;
}

/** Drops kept points (not point 0) whose neighbours' chord stays within the tolerance, while more than four are kept. */
function dropNeedless(points: Float64Array, keep: Uint8Array, tolerance: number): void {
  const n = keep.length;
  const kept: number[] = [];
  for (let k = 0; k < n; k++) if (keep[k]) kept.push(k);
  const tol2 = tolerance * tolerance;
  for (let s = 1; s < kept.length && kept.length > 4; ) {
    const from = kept[s - 1]!, to = s + 1 < kept.length ? kept[s + 1]! : kept[0]! + n;
    if (farthest(points, from, to).d2 <= tol2) {
      keep[kept[s]!] = 0;
      kept.splice(s, 1);
    } else s++;
  }
}

/** Squared distance from (px, py) to the segment a–b. */
function segmentDistanceSquared(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const len = dx * dx + dy * dy;
  let t = len > 0 ? ((px - ax) * dx + (py - ay) * dy) / len : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px, ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** The interior point of the ring's run from → to (indices, `to` may pass n) farthest from the chord, or -1. */
function farthest(points: Float64Array, from: number, to: number): { at: number; d2: number } {
  const n = points.length / 2;
  const ax = points[2 * (from % n)]!, ay = points[2 * (from % n) + 1]!, bx = points[2 * (to % n)]!, by = points[2 * (to % n) + 1]!;
  let at = -1, best = -1;
  for (let k = from + 1; k < to; k++) {
    const i = k % n;
    const d2 = segmentDistanceSquared(points[2 * i]!, points[2 * i + 1]!, ax, ay, bx, by);
    if (d2 > best) { best = d2; at = i; }
  }
  return { at, d2: best };
}

/** Douglas–Peucker on a closed ring (see simplifyRing). */
function douglasPeucker(points: Float64Array, tolerance: number): Uint8Array {
  const n = points.length / 2;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  let f = 0, best = -1;
  for (let i = 1; i < n; i++) {
    const dx = points[2 * i]! - points[0]!, dy = points[2 * i + 1]! - points[1]!;
    if (dx * dx + dy * dy > best) { best = dx * dx + dy * dy; f = i; }
  }
  keep[f] = 1;
  const tol2 = tolerance * tolerance;
  // Runs still to look at: from, to (to may be n, meaning point 0 again), forced.
  const stack: number[] = [0, f, 1, f, n, 1];
  while (stack.length > 0) {
    const forced = stack.pop()!, to = stack.pop()!, from = stack.pop()!;
    if (to - from < 2) continue;
    const { at, d2 } = farthest(points, from, to);
    if (at < 0 || (!forced && d2 <= tol2)) continue;
    keep[at] = 1;
    const mid = at < from ? at + n : at;
    stack.push(from, mid, 0, mid, to, 0);
  }
  return keep;
}

/** Keeps the farthest original point of the run from → to (indices into the ring, to may pass n), as Douglas–Peucker's next step would. */
export function splitRun(points: Float64Array, keep: Uint8Array, from: number, to: number): void {
  const { at } = farthest(points, from, to);
  if (at >= 0) keep[at] = 1;
}

interface Fault {
  readonly ring: number;
  readonly from: number;
  readonly to: number;
}

/** Twice the signed area of a triangle (positive when a, b, c turn clockwise on screen). */
const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

/** Whether c lies within the box of a–b (used once c is known to be on the line a–b). */
const within = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean =>
  Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);

/** Segments of the simplified rings in flat arrays. */
class Segments {
  ring: number[] = [];
  from: number[] = [];
  to: number[] = [];
  /** Endpoints. */
  c: number[] = [];
  /** The box of the original run and the segment (what a misplaced point can fall in). */
  box: number[] = [];
  get length(): number { return this.ring.length; }
}

/** Segments that cross or touch another, rings that lost their orientation, and runs that jumped over another ring. */
function findFaults(outlines: readonly Outline[], keeps: readonly Uint8Array[]): Fault[] {
  const segs = new Segments();
  const faulty = new Set<number>();
  for (let r = 0; r < outlines.length; r++) {
    const first = segs.length;
    const pts = outlines[r]!.points, keep = keeps[r]!, n = keep.length;
    const kept: number[] = [];
    for (let k = 0; k < n; k++) if (keep[k]) kept.push(k);
    let twice = 0;
    for (let s = 0; s < kept.length; s++) {
      const from = kept[s]!, to = s + 1 < kept.length ? kept[s + 1]! : kept[0]! + n;
      const ax = pts[2 * from]!, ay = pts[2 * from + 1]!, bx = pts[2 * (to % n)]!, by = pts[2 * (to % n) + 1]!;
      let minX = Math.min(ax, bx), minY = Math.min(ay, by), maxX = Math.max(ax, bx), maxY = Math.max(ay, by);
      for (let k = from + 1; k < to; k++) {
        const x = pts[2 * (k % n)]!, y = pts[2 * (k % n) + 1]!;
        if (x < minX) minX = x; else if (x > maxX) maxX = x;
        if (y < minY) minY = y; else if (y > maxY) maxY = y;
      }
      segs.ring.push(r); segs.from.push(from); segs.to.push(to);
      segs.c.push(ax, ay, bx, by);
      segs.box.push(minX, minY, maxX, maxY);
      twice += ax * by - bx * ay;
    }
    // Outer rings have positive area, holes negative; a ring that turned over is refined whole.
    if (kept.length < n && (outlines[r]!.hole ? twice >= 0 : twice <= 0)) for (let s = first; s < segs.length; s++) faulty.add(s);
  }
  if (segs.length === 0) return [];

  // A uniform grid over the segments' boxes.
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let s = 0; s < segs.length; s++) {
    minX = Math.min(minX, segs.box[4 * s]!); minY = Math.min(minY, segs.box[4 * s + 1]!);
    maxX = Math.max(maxX, segs.box[4 * s + 2]!); maxY = Math.max(maxY, segs.box[4 * s + 3]!);
  }
  const CELL = 8;
  const gw = Math.floor((maxX - minX) / CELL) + 1, gh = Math.floor((maxY - minY) / CELL) + 1;
  const cellOf = (v: number, min: number) => Math.floor((v - min) / CELL);
  const counts = new Int32Array(gw * gh + 1);
  const eachCell = (s: number, visit: (cell: number) => void) => {
    const x0 = cellOf(segs.box[4 * s]!, minX), y0 = cellOf(segs.box[4 * s + 1]!, minY);
    const x1 = cellOf(segs.box[4 * s + 2]!, minX), y1 = cellOf(segs.box[4 * s + 3]!, minY);
    for (let gy = y0; gy <= y1; gy++) for (let gx = x0; gx <= x1; gx++) visit(gy * gw + gx);
  };
  for (let s = 0; s < segs.length; s++) eachCell(s, (cell) => void counts[cell + 1]!++);
  for (let k = 0; k < gw * gh; k++) counts[k + 1]! += counts[k]!;
  const start = counts.slice();
  const items = new Int32Array(counts[gw * gh]!);
  for (let s = 0; s < segs.length; s++) eachCell(s, (cell) => void (items[start[cell]!++] = s));

  const simplified = (s: number) => segs.to[s]! - segs.from[s]! > 1;
  const stamp = new Int32Array(segs.length).fill(-1);
  const c = segs.c;
  for (let s = 0; s < segs.length; s++) {
    if (!simplified(s)) continue;
    const ax = c[4 * s]!, ay = c[4 * s + 1]!, bx = c[4 * s + 2]!, by = c[4 * s + 3]!;
    eachCell(s, (cell) => {
      for (let q = counts[cell]!; q < counts[cell + 1]!; q++) {
        const t = items[q]!;
        if (t === s || stamp[t] === s || (simplified(t) && t < s)) continue;
        stamp[t] = s;
        const cx = c[4 * t]!, cy = c[4 * t + 1]!, dx = c[4 * t + 2]!, dy = c[4 * t + 3]!;
        if (Math.max(cx, dx) < Math.min(ax, bx) || Math.min(cx, dx) > Math.max(ax, bx) || Math.max(cy, dy) < Math.min(ay, by) || Math.min(cy, dy) > Math.max(ay, by)) continue;
        if (segmentsMeet(segs, s, t, keeps)) { faulty.add(s); if (simplified(t)) faulty.add(t); }
      }
    });
  }

  // Nesting: one point of every ring (its point 0, always kept) must not lie between another
  // ring's simplified segment and the run it replaced (it would have changed sides).
  for (let r = 0; r < outlines.length; r++) {
    const pts = outlines[r]!.points;
    const px = pts[0]!, py = pts[1]!;
    const gx = cellOf(px, minX), gy = cellOf(py, minY);
    if (gx < 0 || gy < 0 || gx >= gw || gy >= gh) continue;
    const cell = gy * gw + gx;
    for (let q = counts[cell]!; q < counts[cell + 1]!; q++) {
      const t = items[q]!;
      if (segs.ring[t] === r || !simplified(t) || faulty.has(t)) continue;
      const b = segs.box;
      if (px < b[4 * t]! || px > b[4 * t + 2]! || py < b[4 * t + 1]! || py > b[4 * t + 3]!) continue;
      if (insideRun(outlines[segs.ring[t]!]!.points, segs.from[t]!, segs.to[t]!, px, py)) faulty.add(t);
    }
  }
  return [...faulty].sort((a, b) => a - b).map((s) => ({ ring: segs.ring[s]!, from: segs.from[s]!, to: segs.to[s]! }));
}

/** Whether segments s and t (closed) share a point they should not: a crossing, a touch, or a fold back onto the neighbour. */
function segmentsMeet(segs: Segments, s: number, t: number, keeps: readonly Uint8Array[]): boolean {
  const c = segs.c;
  const ax = c[4 * s]!, ay = c[4 * s + 1]!, bx = c[4 * s + 2]!, by = c[4 * s + 3]!;
  const cx = c[4 * t]!, cy = c[4 * t + 1]!, dx = c[4 * t + 2]!, dy = c[4 * t + 3]!;
  if (segs.ring[s] === segs.ring[t]) {
    const n = keeps[segs.ring[s]!]!.length;
    // Neighbours share one end: they meet wrongly only if they fold back along each other.
    if (segs.to[s]! % n === segs.from[t]! % n) return orient(ax, ay, bx, by, dx, dy) === 0 && (ax - bx) * (dx - bx) + (ay - by) * (dy - by) > 0;
    if (segs.to[t]! % n === segs.from[s]! % n) return orient(cx, cy, dx, dy, bx, by) === 0 && (cx - dx) * (bx - dx) + (cy - dy) * (by - dy) > 0;
  }
  const o1 = orient(ax, ay, bx, by, cx, cy), o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay), o4 = orient(cx, cy, dx, dy, bx, by);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return (o1 === 0 && within(ax, ay, bx, by, cx, cy)) || (o2 === 0 && within(ax, ay, bx, by, dx, dy))
    || (o3 === 0 && within(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && within(cx, cy, dx, dy, bx, by));
}

/** Whether (px, py) is inside the loop made by the ring's run from → to and the chord back (even–odd). */
function insideRun(points: Float64Array, from: number, to: number, px: number, py: number): boolean {
  const n = points.length / 2;
  let inside = false;
  for (let k = from; k <= to; k++) {
    const i = k % n, j = k === to ? from % n : (k + 1) % n;
    const xi = points[2 * i]!, yi = points[2 * i + 1]!, xj = points[2 * j]!, yj = points[2 * j + 1]!;
    if ((yi > py) !== (yj > py) && px < xi + ((py - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
  }
  return inside;
}
