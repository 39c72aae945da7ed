// Ear-clipping triangulation of a polygon with holes: a port of mapbox/earcut 3.0 (ISC licence,
// © Mapbox), whose algorithm this follows step for step: holes are joined to the outer ring by
// bridges (Eberly's "Triangulation by ear clipping"), ears are cut with a z-order index of the
// points for large rings, and a ring with no ear left is filtered, cured of local self-crossings,
// then split by a diagonal. The tracer hands it rings that are strictly simple and apart, where
// the last two passes never run.
//
// One change from earcut: with many holes, bridges are found through a grid of the joined ring's
// edges (BridgeIndex) instead of two walks round the whole ring per hole, which made a blob with
// thousands of holes (a noisy alpha channel) quadratic: minutes for 512 × 512 pixels of noise.

class Node {
  prev: Node = this;
  next: Node = this;
  /** Neighbours in z-order, once indexed. */
  prevZ: Node | null = null;
  nextZ: Node | null = null;
  z = 0;
  steiner = false;
  /** Cut out of the ring (only tracked while holes are joined through a BridgeIndex). */
  removed = false;
  /** The last BridgeIndex query that met this node. */
  seen = 0;
  constructor(readonly i: number, readonly x: number, readonly y: number) {}
}

/**
 * Triangles of the polygon whose points are `data` (x0, y0, x1, y1, …): the outer ring first, then
 * each hole from its index in `holeStarts` (in points). Returns point indices, three per triangle.
 */
export function triangulate(data: ArrayLike<number>, holeStarts: readonly number[] = []): number[] {
  const hasHoles = holeStarts.length > 0;
  const outerLen = hasHoles ? holeStarts[0]! * 2 : data.length;
  let outerNode = linkedList(data, 0, outerLen, true);
  const triangles: number[] = [];
  if (!outerNode || outerNode.next === outerNode.prev) return triangles;
  if (hasHoles) outerNode = eliminateHoles(data, holeStarts, outerNode);
  let minX = 0, minY = 0, invSize = 0;
  // Beyond 80 points, ears are checked through a z-order curve hash.
  if (data.length > 80 * 2) {
    minX = Infinity; minY = Infinity;
    let maxX = -Infinity, maxY = -Infinity;
    for (let i = 0; i < outerLen; i += 2) {
      const x = data[i]!, y = data[i + 1]!;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
    // minX, minY and invSize map coordinates to 15-bit integers for the z-order.
    invSize = Math.max(maxX - minX, maxY - minY);
    invSize = invSize !== 0 ? 32767 / invSize : 0;
  }
  earcutLinked(outerNode, triangles, minX, minY, invSize, 0);
  return triangles;
}

/** A circular doubly linked list of the ring's points, in the given winding. */
function linkedList(data: ArrayLike<number>, start: number, end: number, clockwise: boolean): Node | null {
  let last: Node | null = null;
  if (clockwise === signedArea(data, start, end) > 0) {
    for (let i = start; i < end; i += 2) last = insertNode(i / 2, data[i]!, data[i + 1]!, last);
  } else {
    for (let i = end - 2; i >= start; i -= 2) last = insertNode(i / 2, data[i]!, data[i + 1]!, last);
  }
  if (last && equals(last, last.next)) {
    removeNode(last);
    last = last.next;
  }
  return last;
}

/** Removes duplicate and collinear points between start and end. */
function filterPoints(start: Node, end?: Node, index?: BridgeIndex): Node {
  if (!end) end = start;
  let p = start, again: boolean;
  do {
    again = false;
    if (!p.steiner && (equals(p, p.next) || area(p.prev, p, p.next) === 0)) {
      removeNode(p, index);
      p = end = p.prev;
      if (p === p.next) break;
      again = true;
    } else {
      p = p.next;
    }
  } while (again || p !== end);
  return end;
}

/** The main loop: cuts ears one by one. */
function earcutLinked(ear: Node | null, triangles: number[], minX: number, minY: number, invSize: number, pass: number): void {
  if (!ear) return;
  if (!pass && invSize) indexCurve(ear, minX, minY, invSize);
  let stop = ear;
  while (ear.prev !== ear.next) {
    const prev: Node = ear.prev, next: Node = ear.next;
    if (invSize ? isEarHashed(ear, minX, minY, invSize) : isEar(ear)) {
      triangles.push(prev.i, ear.i, next.i);
      removeNode(ear);
      // Skipping the next point makes fewer slivers.
      ear = next.next;
      stop = next.next;
      continue;
    }
    ear = next;
    // Round the whole ring without an ear.
    if (ear === stop) {
      if (!pass) earcutLinked(filterPoints(ear), triangles, minX, minY, invSize, 1);
      else if (pass === 1) earcutLinked(cureLocalIntersections(filterPoints(ear), triangles), triangles, minX, minY, invSize, 2);
      else if (pass === 2) splitEarcut(ear, triangles, minX, minY, invSize);
      break;
    }
  }
}

/** Whether a point and its neighbours make an ear: convex, with no other point inside. */
function isEar(ear: Node): boolean {
  const a = ear.prev, b = ear, c = ear.next;
  if (area(a, b, c) >= 0) return false;
  const ax = a.x, bx = b.x, cx = c.x, ay = a.y, by = b.y, cy = c.y;
  const x0 = Math.min(ax, bx, cx), y0 = Math.min(ay, by, cy), x1 = Math.max(ax, bx, cx), y1 = Math.max(ay, by, cy);
  let p = c.next;
  while (p !== a) {
    if (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 && pointInTriangleExceptFirst(ax, ay, bx, by, cx, cy, p.x, p.y) && area(p.prev, p, p.next) >= 0) return false;
    p = p.next;
  }
  return true;
}

function isEarHashed(ear: Node, minX: number, minY: number, invSize: number): boolean {
  const a = ear.prev, b = ear, c = ear.next;
  if (area(a, b, c) >= 0) return false;
  const ax = a.x, bx = b.x, cx = c.x, ay = a.y, by = b.y, cy = c.y;
  const x0 = Math.min(ax, bx, cx), y0 = Math.min(ay, by, cy), x1 = Math.max(ax, bx, cx), y1 = Math.max(ay, by, cy);
  const minZ = zOrder(x0, y0, minX, minY, invSize), maxZ = zOrder(x1, y1, minX, minY, invSize);
  const blocks = (q: Node) => q.x >= x0 && q.x <= x1 && q.y >= y0 && q.y <= y1 && q !== a && q !== c &&
    pointInTriangleExceptFirst(ax, ay, bx, by, cx, cy, q.x, q.y) && area(q.prev, q, q.next) >= 0;
  let p = ear.prevZ, n = ear.nextZ;
  // Both directions of the z-order at once, then what is left of each.
  while (p && p.z >= minZ && n && n.z <= maxZ) {
    if (blocks(p)) return false;
    p = p.prevZ;
    if (blocks(n)) return false;
    n = n.nextZ;
  }
  while (p && p.z >= minZ) {
    if (blocks(p)) return false;
    p = p.prevZ;
  }
  while (n && n.z <= maxZ) {
    if (blocks(n)) return false;
    n = n.nextZ;
  }
  return true;
}

/** Cuts off small local self-crossings (a point and the next one swapped). */
function cureLocalIntersections(start: Node, triangles: number[]): Node {
  let p = start;
  do {
    const a = p.prev, b = p.next.next;
    if (!equals(a, b) && intersects(a, p, p.next, b) && locallyInside(a, b) && locallyInside(b, a)) {
      triangles.push(a.i, p.i, b.i);
      removeNode(p);
      removeNode(p.next);
      p = start = b;
    }
    p = p.next;
  } while (p !== start);
  return filterPoints(p);
}

/** Splits the ring in two by a valid diagonal and triangulates each half. */
function splitEarcut(start: Node, triangles: number[], minX: number, minY: number, invSize: number): void {
  let a = start;
  do {
    let b = a.next.next;
    while (b !== a.prev) {
      if (a.i !== b.i && isValidDiagonal(a, b)) {
        let c = splitPolygon(a, b);
        a = filterPoints(a, a.next);
        c = filterPoints(c, c.next);
        earcutLinked(a, triangles, minX, minY, invSize, 0);
        earcutLinked(c, triangles, minX, minY, invSize, 0);
        return;
      }
      b = b.next;
    }
    a = a.next;
  } while (a !== start);
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
class BridgeIndex {
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

/** Links the ring's points in z-order. */
function indexCurve(start: Node, minX: number, minY: number, invSize: number): void {
  let p = start;
  do {
    if (p.z === 0) p.z = zOrder(p.x, p.y, minX, minY, invSize);
    p.prevZ = p.prev;
    p.nextZ = p.next;
    p = p.next;
  } while (p !== start);
  p.prevZ!.nextZ = null;
  p.prevZ = null;
  sortLinked(p);
}

/** Simon Tatham's merge sort of a linked list, by z. */
function sortLinked(list: Node | null): Node | null {
  let inSize = 1, numMerges: number;
  do {
    let p = list;
    let tail: Node | null = null;
    list = null;
    numMerges = 0;
    while (p) {
      numMerges++;
      let q: Node | null = p;
      let pSize = 0;
      for (let i = 0; i < inSize; i++) {
        pSize++;
        q = q.nextZ;
        if (!q) break;
      }
      let qSize = inSize;
      while (pSize > 0 || (qSize > 0 && q)) {
        let e: Node;
        if (pSize !== 0 && (qSize === 0 || !q || p!.z <= q.z)) {
          e = p!;
          p = p!.nextZ;
          pSize--;
        } else {
          e = q!;
          q = q!.nextZ;
          qSize--;
        }
        if (tail) tail.nextZ = e;
        else list = e;
        e.prevZ = tail;
        tail = e;
      }
      p = q;
    }
    tail!.nextZ = null;
    inSize *= 2;
  } while (numMerges > 1);
  return list;
}

/** The z-order of a point, its coordinates mapped to 15-bit integers. */
function zOrder(x0: number, y0: number, minX: number, minY: number, invSize: number): number {
  let x = ((x0 - minX) * invSize) | 0;
  let y = ((y0 - minY) * invSize) | 0;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  y = (y | (y << 8)) & 0x00ff00ff;
  y = (y | (y << 4)) & 0x0f0f0f0f;
  y = (y | (y << 2)) & 0x33333333;
  y = (y | (y << 1)) & 0x55555555;
  return x | (y << 1);
}

function getLeftmost(start: Node): Node {
  let p = start, leftmost = start;
  do {
    if (p.x < leftmost.x || (p.x === leftmost.x && p.y < leftmost.y)) leftmost = p;
    p = p.next;
  } while (p !== start);
  return leftmost;
}

function pointInTriangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, px: number, py: number): boolean {
  return (cx - px) * (ay - py) >= (ax - px) * (cy - py) && (ax - px) * (by - py) >= (bx - px) * (ay - py) && (bx - px) * (cy - py) >= (cx - px) * (by - py);
}

function pointInTriangleExceptFirst(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, px: number, py: number): boolean {
  return !(ax === px && ay === py) && pointInTriangle(ax, ay, bx, by, cx, cy, px, py);
}

/** Whether the diagonal a–b lies inside the polygon. */
function isValidDiagonal(a: Node, b: Node): boolean {
  return a.next.i !== b.i && a.prev.i !== b.i && !intersectsPolygon(a, b) &&
    ((locallyInside(a, b) && locallyInside(b, a) && middleInside(a, b) && (area(a.prev, a, b.prev) !== 0 || area(a, b.prev, b) !== 0)) ||
      (equals(a, b) && area(a.prev, a, a.next) > 0 && area(b.prev, b, b.next) > 0));
}

/** Twice the signed area of a triangle, in earcut's sign. */
function area(p: Node, q: Node, r: Node): number {
  return (q.y - p.y) * (r.x - q.x) - (q.x - p.x) * (r.y - q.y);
}

function equals(p1: Node, p2: Node): boolean {
  return p1.x === p2.x && p1.y === p2.y;
}

function intersects(p1: Node, q1: Node, p2: Node, q2: Node): boolean {
  const o1 = Math.sign(area(p1, q1, p2)), o2 = Math.sign(area(p1, q1, q2));
  const o3 = Math.sign(area(p2, q2, p1)), o4 = Math.sign(area(p2, q2, q1));
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

/** For collinear p, q, r: whether q lies on the segment p–r. */
function onSegment(p: Node, q: Node, r: Node): boolean {
  return q.x <= Math.max(p.x, r.x) && q.x >= Math.min(p.x, r.x) && q.y <= Math.max(p.y, r.y) && q.y >= Math.min(p.y, r.y);
}

function intersectsPolygon(a: Node, b: Node): boolean {
  let p = a;
  do {
    if (p.i !== a.i && p.next.i !== a.i && p.i !== b.i && p.next.i !== b.i && intersects(p, p.next, a, b)) return true;
    p = p.next;
  } while (p !== a);
  return false;
}

function locallyInside(a: Node, b: Node): boolean {
  return area(a.prev, a, a.next) < 0 ? area(a, b, a.next) >= 0 && area(a, a.prev, b) >= 0 : area(a, b, a.prev) < 0 || area(a, a.next, b) < 0;
}

function middleInside(a: Node, b: Node): boolean {
  let p = a, inside = false;
  const px = (a.x + b.x) / 2, py = (a.y + b.y) / 2;
  do {
    if (p.y > py !== p.next.y > py && p.next.y !== p.y && px < ((p.next.x - p.x) * (py - p.y)) / (p.next.y - p.y) + p.x) inside = !inside;
    p = p.next;
  } while (p !== a);
  return inside;
}

/**
 * Links a and b by a bridge: splits a ring in two when both are on it, or joins a hole to the
 * outer ring. Returns b's copy.
 */
function splitPolygon(a: Node, b: Node, index?: BridgeIndex): Node {
  const a2 = new Node(a.i, a.x, a.y), b2 = new Node(b.i, b.x, b.y);
  const an = a.next, bp = b.prev;
  a.next = b;
  b.prev = a;
  a2.next = an;
  an.prev = a2;
  b2.next = a2;
  a2.prev = b2;
  bp.next = b2;
  b2.prev = bp;
  if (index) for (const p of [a, a2, b2, bp]) index.file(p);
  return b2;
}

function insertNode(i: number, x: number, y: number, last: Node | null): Node {
  const p = new Node(i, x, y);
  if (last) {
    p.next = last.next;
    p.prev = last;
    last.next.prev = p;
    last.next = p;
  }
  return p;
}

function removeNode(p: Node, index?: BridgeIndex): void {
  p.next.prev = p.prev;
  p.prev.next = p.next;
  if (index) {
    p.removed = true;
    index.file(p.prev);
  }
  if (p.prevZ) p.prevZ.nextZ = p.nextZ;
  if (p.nextZ) p.nextZ.prevZ = p.prevZ;
}

function signedArea(data: ArrayLike<number>, start: number, end: number): number {
  let sum = 0;
  for (let i = start, j = end - 2; i < end; i += 2) {
    sum += (data[j]! - data[i]!) * (data[i + 1]! + data[j + 1]!);
    j = i;
  }
  return sum;
}
