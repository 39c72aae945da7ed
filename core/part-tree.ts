// A static bounding-volume tree over a compound's parts, so that a small query against a terrain of
// 1,000 pieces or a chain of 2,000 edges reaches the few parts near it in about log n steps.
//
// The parts are put in tree order when the compound is made (a median split on the longer axis of
// their bound circles' centres, Box2D's b2DynamicTree top-down build without rotations), so every
// node holds a run of consecutive parts: node 1 holds [0, n), node k's children 2k and 2k + 1 hold
// [lo, mid) and [mid, hi) with mid = (lo + hi) >> 1, and a run of at most LEAF parts is a leaf.
// Each node keeps the box of its parts' bound circles. A walk visits the runs whose boxes a query
// reaches, left to right, so parts come out in ascending order: a query that tests each part as
// the plain loop over all parts did, in the same order, gives the same result bit for bit, as long
// as a box is skipped only when none of its parts would pass the part's own test (the node test
// below is a looser form of every query's part test, with a margin for rounding).

/** Compounds with fewer parts keep the plain loop (and their parts' order). */
export const TREE_MIN_PARTS = 16;
/** At most this many consecutive parts in a leaf. */
export const LEAF = 4;

/** A compound's tree over its parts' bounding circles (CompoundGeometry.tree), read-only. */
export interface PartTree {
  /** Per node (heap order, the root at 1): minX, minY, maxX, maxY of its parts' bound circles. */
  readonly boxes: Float64Array;
  /** The largest bound circle's radius over the parts. */
  readonly maxRadius: number;
  /** How far the parts' bound circles reach from the compound's origin (every circle lies within it). */
  readonly reach: number;
}

/** A tree over `count` parts and their circles (x, y, radius per part), and the order it puts them in. */
export interface BuiltTree {
  readonly tree: PartTree;
  /** order[k]: the index, in the parts given, of the part that goes k-th. */
  readonly order: Int32Array;
}

/** Builds the tree over parts whose bound circles are `circles` (x, y, radius per part). */
export function buildPartTree(circles: Float64Array, count: number): BuiltTree {
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  let top = 1;
  // The deepest heap index a build of `count` parts reaches: ranges halve, so depth ≤ log2(count / LEAF) + 1.
  const measure = (node: number, lo: number, hi: number): void => {
    top = Math.max(top, node);
    if (hi - lo <= LEAF) return;
    const mid = (lo + hi) >> 1;
    measure(2 * node, lo, mid);
    measure(2 * node + 1, mid, hi);
  };
  measure(1, 0, count);
  const boxes = new Float64Array(4 * (top + 1));
  const maxRadius = circlesMaxRadius(circles, count), reach = circlesReach(circles, count);
  const split = (node: number, lo: number, hi: number): void => {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    let cMinX = Infinity, cMinY = Infinity, cMaxX = -Infinity, cMaxY = -Infinity;
    for (let k = lo; k < hi; k++) {
      const i = order[k]!, x = circles[3 * i]!, y = circles[3 * i + 1]!, r = circles[3 * i + 2]!;
      minX = Math.min(minX, x - r); minY = Math.min(minY, y - r); maxX = Math.max(maxX, x + r); maxY = Math.max(maxY, y + r);
      cMinX = Math.min(cMinX, x); cMinY = Math.min(cMinY, y); cMaxX = Math.max(cMaxX, x); cMaxY = Math.max(cMaxY, y);
    }
    boxes[4 * node] = minX; boxes[4 * node + 1] = minY; boxes[4 * node + 2] = maxX; boxes[4 * node + 3] = maxY;
    if (hi - lo <= LEAF) return;
    // Halve the run along the longer axis of its centres: the lower half first.
    const mid = (lo + hi) >> 1;
    selectBelow(order, circles, cMaxX - cMinX >= cMaxY - cMinY ? 0 : 1, lo, hi, mid);
    split(2 * node, lo, mid);
    split(2 * node + 1, mid, hi);
  };
  split(1, 0, count);
  return { tree: { boxes, maxRadius, reach }, order };
}

/**
 * Reorders order[lo, hi) so that order[lo, k) are the k − lo parts least along `axis` (centres'
 * x or y, ties by index: a strict order, so the halves are the same on every machine), by
 * quickselect (Hoare's FIND) with the median of three as pivot.
 */
function selectBelow(order: Int32Array, circles: Float64Array, axis: number, lo: number, hi: number, k: number): void {
  const before = (a: number, b: number): boolean => {
    const ka = circles[3 * a + axis]!, kb = circles[3 * b + axis]!;
    return ka < kb || (ka === kb && a < b);
  };
  let left = lo, right = hi - 1;
  while (right > left) {
    const a = order[left]!, b = order[right]!, c = order[(left + right) >> 1]!;
    // The median of the three.
    const p = before(c, a) !== before(c, b) ? c : before(a, c) !== before(a, b) ? a : b;
    let i = left, j = right;
    while (i <= j) {
      while (before(order[i]!, p)) i++;
      while (before(p, order[j]!)) j--;
      if (i <= j) {
        const t = order[i]!; order[i] = order[j]!; order[j] = t;
        i++; j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

/** The largest radius of `count` circles (x, y, radius each). */
export function circlesMaxRadius(circles: Float64Array, count: number): number {
  let r = 0;
  for (let i = 0; i < count; i++) r = Math.max(r, circles[3 * i + 2]!);
  return r;
}

/** How far `count` circles (x, y, radius each) reach from the origin, rounded outward. */
export function circlesReach(circles: Float64Array, count: number): number {
  let reach = 0;
  for (let i = 0; i < count; i++) reach = Math.max(reach, Math.sqrt(circles[3 * i]! ** 2 + circles[3 * i + 1]! ** 2) + circles[3 * i + 2]!);
  return reach * (1 + 1e-12);
}

/**
 * Walks a compound's parts in ascending order, skipping the runs whose boxes a query cannot
 * reach. The query, in the compound's frame: a circle of radius `r` about (qx, qy), moving by
 * t·(vx, vy) for t in [0, tEnd]. A caller may shrink `r` and `tEnd` as it goes (a ray's best
 * fraction, a distance's best); the walk reads them at every node. With no tree, every part.
 * Nothing is allocated per walk; a walk in progress must not be begun again (nested walks use
 * walks of their own).
 */
export class PartWalk {
  qx = 0;
  qy = 0;
  vx = 0;
  vy = 0;
  r = 0;
  tEnd = 0;
  /** begin's `scale`, for a caller that sets the query's fields itself and calls start. */
  scale = 0;
  /** Added to r for rounding: see begin. */
  private margin = 0;
  private boxes: Float64Array | null = null;
  private count = 0;
  // Pending nodes as (node, lo, hi) triples; the current leaf's next part and end.
  private readonly stack = new Int32Array(3 * 64);
  private top = 0;
  private at = 0;
  private end = 0;

  /**
   * Starts a walk over `count` parts under `tree` (null: all of them). `scale` is the size of the
   * numbers the caller's own part test works with (coordinates, radii, motion), of which a
   * millionth of a millionth, and more, is the margin by which every box is grown.
   */
  begin(tree: PartTree | null, count: number, qx: number, qy: number, vx: number, vy: number, r: number, tEnd: number, scale: number): this {
    this.qx = qx; this.qy = qy; this.vx = vx; this.vy = vy; this.r = r; this.tEnd = tEnd; this.scale = scale;
    return this.start(tree, count);
  }

  /**
   * begin with the query (qx, qy, vx, vy, r, tEnd) and `scale` already in the walk's fields: a
   * call with no number that V8 would box when it does not inline it.
   */
  start(tree: PartTree | null, count: number): this {
    this.count = count;
    this.at = 0;
    if (tree === null) {
      this.boxes = null;
      this.end = count;
      this.top = 0;
      return this;
    }
    const qx = this.qx, qy = this.qy, vx = this.vx, vy = this.vy, tEnd = this.tEnd;
    this.boxes = tree.boxes;
    this.margin = 1e-9 * (this.scale + Math.abs(qx) + Math.abs(qy) + (tEnd > 0 && tEnd < Infinity ? tEnd * (Math.abs(vx) + Math.abs(vy)) : 0));
    this.end = 0;
    this.stack[0] = 1; this.stack[1] = 0; this.stack[2] = count;
    this.top = 1;
    return this;
  }

  /** The next part (ascending) in a run the query reaches, or −1 when there is none. */
  next(): number {
    if (this.at < this.end) return this.at++;
    const boxes = this.boxes;
    if (boxes === null) return -1;
    const stack = this.stack;
    while (this.top > 0) {
      this.top--;
      const node = stack[3 * this.top]!, lo = stack[3 * this.top + 1]!, hi = stack[3 * this.top + 2]!;
      if (!this.reaches(boxes, node)) continue;
      if (hi - lo <= LEAF) {
        this.at = lo + 1;
        this.end = hi;
        return lo;
      }
      // Right then left: the left run is taken first.
      const mid = (lo + hi) >> 1, t = this.top;
      stack[3 * t] = 2 * node + 1; stack[3 * t + 1] = mid; stack[3 * t + 2] = hi;
      stack[3 * t + 3] = 2 * node; stack[3 * t + 4] = lo; stack[3 * t + 5] = mid;
      this.top = t + 2;
    }
    return -1;
  }

  /** Whether the moving circle comes within reach of node's box (the slabs of the grown box). */
  private reaches(boxes: Float64Array, node: number): boolean {
    const grow = this.r + this.margin;
    if (!(grow < Infinity)) return true;
    const minX = boxes[4 * node]! - grow, minY = boxes[4 * node + 1]! - grow, maxX = boxes[4 * node + 2]! + grow, maxY = boxes[4 * node + 3]! + grow;
    const qx = this.qx, qy = this.qy, vx = this.vx, vy = this.vy;
    let t0 = 0, t1 = this.tEnd;
    if (vx === 0 || t1 === 0) {
      if (qx < minX || qx > maxX) return false;
    } else {
      const ta = (minX - qx) / vx, tb = (maxX - qx) / vx;
      t0 = Math.max(t0, Math.min(ta, tb));
      t1 = Math.min(t1, Math.max(ta, tb));
      if (t0 > t1) return false;
    }
    if (vy === 0 || this.tEnd === 0) return qy >= minY && qy <= maxY;
    const ta = (minY - qy) / vy, tb = (maxY - qy) / vy;
    return Math.max(t0, Math.min(ta, tb)) <= Math.min(t1, Math.max(ta, tb));
  }

  /**
   * The first leaf's run a walk descending towards the query's start would reach (the child whose
   * box is nearer (qx, qy) first): a few parts near it, to measure for a first bound. Writes the
   * run's lo, hi to out[0], out[1]; the whole range when there is no tree.
   */
  nearestRun(out: Int32Array): void {
    const boxes = this.boxes;
    let node = 1, lo = 0, hi = this.count;
    if (boxes !== null) {
      while (hi - lo > LEAF) {
        const mid = (lo + hi) >> 1;
        if (boxDistance2(boxes, 2 * node, this.qx, this.qy) <= boxDistance2(boxes, 2 * node + 1, this.qx, this.qy)) {
          node = 2 * node; hi = mid;
        } else {
          node = 2 * node + 1; lo = mid;
        }
      }
    }
    out[0] = lo; out[1] = hi;
  }
}

/** The squared distance from (x, y) to node's box (0 inside). */
function boxDistance2(boxes: Float64Array, node: number, x: number, y: number): number {
  const dx = Math.max(boxes[4 * node]! - x, 0, x - boxes[4 * node + 2]!), dy = Math.max(boxes[4 * node + 1]! - y, 0, y - boxes[4 * node + 3]!);
  return dx * dx + dy * dy;
}
