// Triangulation of a polygon with holes, as mapbox/earcut 3.0 (ISC licence, © Mapbox): holes are
// joined to the outer ring by bridges (Eberly's "Triangulation by ear clipping"), then the ears of
// the one ring are cut by ear-clipping.ts. The tracer hands it rings that are strictly simple and
// apart, where earcut's last two passes never run.
//
// One change from earcut: with many holes, bridges are found through a grid of the joined ring's
// edges (BridgeIndex) instead of two walks round the whole ring per hole, which made a blob with
// thousands of holes (a noisy alpha channel) quadratic: minutes for 512 × 512 pixels of noise.
import { area, cutEars, equals, filterPoints, linkedList, locallyInside, pointInTriangle, splitPolygon, triangulateRing, type EdgeIndex, type Node } from "./ear-clipping";

/**
 * Triangles of the polygon whose points are `data` (x0, y0, x1, y1, …): the outer ring first, then
 * each hole from its index in `holeStarts` (in points). Returns point indices, three per triangle.
 */
export function triangulate(data: ArrayLike<number>, holeStarts: readonly number[] = []): number[] {
  if (holeStarts.length === 0) return triangulateRing(data);
  const outerLen = holeStarts[0]! * 2;
  const outerNode = linkedList(data, 0, outerLen, true);
  const triangles: number[] = [];
  if (!outerNode || outerNode.next === outerNode.prev) return triangles;
  cutEars(data, eliminateHoles(data, holeStarts, outerNode), outerLen, triangles);
  return triangles;
}

/** Links every hole into the outer ring, left to right, making one ring. */
function eliminateHoles(data: ArrayLike<number>, holeStarts: readonly number[], outerNode: Node): Node {
  const queue: Node[] = [];
  for (let h = 0; h < holeStarts.length; h++) {
    const start = holeStarts[h]! * 2;
    const end = h < holeStarts.length - 1 ? holeStarts[h + 1]! * 2 : data.length;
    const list = linkedList(data, start, end, false);
    if (!list) continue;
    if (list === list.next) list.steiner = true;
    queue.push(getLeftmost(list));
  }
  queue.sort(compareXYSlope);
  const index = queue.length >= INDEXED_HOLES ? new BridgeIndex(data, outerNode) : undefined;
  for (const hole of queue) outerNode = eliminateHole(hole, outerNode, index);
  return outerNode;
}

/** From this many holes on, bridges are found through a BridgeIndex. */
const INDEXED_HOLES = 16;

/**
 * A uniform grid of the joined ring's edges while holes are joined: each node is filed in the
 * cells its edge to the next node covers, again whenever that edge changes (entries for an old
 * edge stay, and are checked against the node's current edge when met). A hole's nodes are filed
 * as it joins: a hole not yet joined lies right of the one being joined, where no query looks.
 */
class BridgeIndex implements EdgeIndex {
  private readonly cells: Node[][];
  private readonly minX: number;
  private readonly minY: number;
  private readonly size: number;
  private readonly cols: number;
  private readonly rows: number;
  private query = 0;

  constructor(data: ArrayLike<number>, outer: Node) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let i = 0; i < data.length; i += 2) {
      minX = Math.min(minX, data[i]!); maxX = Math.max(maxX, data[i]!);
      minY = Math.min(minY, data[i + 1]!); maxY = Math.max(maxY, data[i + 1]!);
    }
    // About one point per cell.
    this.size = Math.max(1, Math.sqrt(((maxX - minX + 1) * (maxY - minY + 1)) / (data.length / 2)));
    this.minX = minX;
    this.minY = minY;
    this.cols = Math.floor((maxX - minX) / this.size) + 1;
    this.rows = Math.floor((maxY - minY) / this.size) + 1;
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
    this.fileRing(outer);
  }

  private col(x: number): number { return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.minX) / this.size))); }
  private row(y: number): number { return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.minY) / this.size))); }

  /** Files a node under the cells of its edge to the next node. */
  file(p: Node): void {
    const c0 = this.col(Math.min(p.x, p.next.x)), c1 = this.col(Math.max(p.x, p.next.x));
    const r0 = this.row(Math.min(p.y, p.next.y)), r1 = this.row(Math.max(p.y, p.next.y));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.cols + c]!.push(p);
  }

  fileRing(start: Node): void {
    let p = start;
    do {
      this.file(p);
      p = p.next;
    } while (p !== start);
  }

  /**
   * earcut's leftward ray from (hx, hy): the edge it meets first (x, and the edge's start), or
   * the node equal to the hole's point. Cells are walked leftward until no farther cell can hold a
   * nearer edge.
   */
  ray(hole: Node): { node: Node; x: number; equal: boolean } | null {
    const hx = hole.x, hy = hole.y, row = this.row(hy);
    const q = ++this.query;
    let best: Node | null = null, qx = -Infinity;
    for (let c = this.col(hx); c >= 0; c--) {
      for (const p of this.cells[row * this.cols + c]!) {
        if (p.removed || p.seen === q) continue;
        p.seen = q;
        if (equals(hole, p)) return { node: p, x: hx, equal: true };
        if (equals(hole, p.next)) return { node: p.next, x: hx, equal: true };
        if (hy <= p.y && hy >= p.next.y && p.next.y !== p.y) {
          const x = p.x + ((hy - p.y) * (p.next.x - p.x)) / (p.next.y - p.y);
          if (x <= hx && x > qx) {
            qx = x;
            best = p;
          }
        }
      }
      if (best && qx >= this.minX + c * this.size) break;
    }
    return best ? { node: best, x: qx, equal: false } : null;
  }

  /** Every live node filed in the cells of the box (each once). */
  nodesIn(x0: number, y0: number, x1: number, y1: number, visit: (p: Node) => void): void {
    const q = ++this.query;
    for (let r = this.row(y0); r <= this.row(y1); r++) {
      for (let c = this.col(x0); c <= this.col(x1); c++) {
        for (const p of this.cells[r * this.cols + c]!) {
          if (p.removed || p.seen === q) continue;
          p.seen = q;
          visit(p);
        }
      }
    }
  }
}

function compareXYSlope(a: Node, b: Node): number {
  let result = a.x - b.x;
  // Holes whose leftmost points meet: counter-clockwise, so each bridge is found at that point.
  if (result === 0) {
    result = a.y - b.y;
    if (result === 0) result = (a.next.y - a.y) / (a.next.x - a.x) - (b.next.y - b.y) / (b.next.x - b.x);
  }
  return result;
}

function eliminateHole(hole: Node, outerNode: Node, index?: BridgeIndex): Node {
  const bridge = index ? findHoleBridgeIndexed(hole, index) : findHoleBridge(hole, outerNode);
  if (!bridge) return outerNode;
  if (index) index.fileRing(hole);
  const bridgeReverse = splitPolygon(bridge, hole, index);
  filterPoints(bridgeReverse, bridgeReverse.next, index);
  return filterPoints(bridge, bridge.next, index);
}

/** findHoleBridge through the index: the same two steps, over the cells they can reach. */
function findHoleBridgeIndexed(hole: Node, index: BridgeIndex): Node | null {
  const hit = index.ray(hole);
  if (!hit) return null;
  const p0 = hit.node;
  if (hit.equal) return p0;
  const hx = hole.x, hy = hole.y, qx = hit.x;
  let m = p0.x < p0.next.x ? p0 : p0.next;
  if (qx === hx) return m;
  const mx = m.x, my = m.y;
  let tanMin = Infinity;
  index.nodesIn(mx, Math.min(hy, my), hx, Math.max(hy, my), (p) => {
    if (hx >= p.x && p.x >= mx && hx !== p.x && pointInTriangle(hy < my ? hx : qx, hy, mx, my, hy < my ? qx : hx, hy, p.x, p.y)) {
      const tan = Math.abs(hy - p.y) / (hx - p.x);
      if (locallyInside(p, hole) && (tan < tanMin || (tan === tanMin && (p.x > m.x || (p.x === m.x && sectorContainsSector(m, p)))))) {
        m = p;
        tanMin = tan;
      }
    }
  });
  return m;
}

/** David Eberly's bridge from a hole's leftmost point to a visible point of the outer ring. */
function findHoleBridge(hole: Node, outerNode: Node): Node | null {
  let p = outerNode;
  const hx = hole.x, hy = hole.y;
  let qx = -Infinity;
  let m: Node | null = null;
  // The segment a ray to the left first meets: its endpoint with the lesser x is a candidate,
  // unless the ray meets a point.
  if (equals(hole, p)) return p;
  do {
    if (equals(hole, p.next)) return p.next;
    if (hy <= p.y && hy >= p.next.y && p.next.y !== p.y) {
      const x = p.x + ((hy - p.y) * (p.next.x - p.x)) / (p.next.y - p.y);
      if (x <= hx && x > qx) {
        qx = x;
        m = p.x < p.next.x ? p : p.next;
        if (x === hx) return m;
      }
    }
    p = p.next;
  } while (p !== outerNode);
  if (!m) return null;
  // Points inside the triangle of the hole's point, the hit and the candidate block it: then the
  // one at the least angle to the ray is the bridge.
  const stop = m, mx = m.x, my = m.y;
  let tanMin = Infinity;
  p = m;
  do {
    if (hx >= p.x && p.x >= mx && hx !== p.x && pointInTriangle(hy < my ? hx : qx, hy, mx, my, hy < my ? qx : hx, hy, p.x, p.y)) {
      const tan = Math.abs(hy - p.y) / (hx - p.x);
      if (locallyInside(p, hole) && (tan < tanMin || (tan === tanMin && (p.x > m.x || (p.x === m.x && sectorContainsSector(m, p)))))) {
        m = p;
        tanMin = tan;
      }
    }
    p = p.next;
  } while (p !== stop);
  return m;
}

/** Whether the sector at m contains the sector at p (same coordinates). */
function sectorContainsSector(m: Node, p: Node): boolean {
  return area(m.prev, m, p.prev) < 0 && area(p.next, m, m.next) < 0;
}

function getLeftmost(start: Node): Node {
  let p = start, leftmost = start;
  do {
    if (p.x < leftmost.x || (p.x === leftmost.x && p.y < leftmost.y)) leftmost = p;
    p = p.next;
  } while (p !== start);
  return leftmost;
}
