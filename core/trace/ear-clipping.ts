// Ear-clipping triangulation of a simple ring: a port of mapbox/earcut 3.0 (ISC licence, © Mapbox),
// whose algorithm this follows step for step: ears are cut with a z-order index of the points for
// large rings, and a ring with no ear left is filtered, cured of local self-crossings, then split
// by a diagonal. triangulate.ts joins holes to the outer ring first (earcut's eliminateHoles) and
// then cuts the ears here; a polygon without holes (a concave shape's outline) needs only this.

export class Node {
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
 * Triangles of the simple ring whose points are `data` (x0, y0, x1, y1, …), as point indices,
 * three per triangle: triangulate(data) for a polygon without holes.
 */
export function triangulateRing(data: ArrayLike<number>): number[] {
  const triangles: number[] = [];
  const ring = linkedList(data, 0, data.length, true);
  if (ring && ring.next !== ring.prev) cutEars(data, ring, data.length, triangles);
  return triangles;
}

/**
 * earcut's last step, on the outer ring with any holes joined in: the ears of `ring` into
 * `triangles`. `outerLen` is how many of `data`'s numbers are the outer ring's points.
 */
export function cutEars(data: ArrayLike<number>, ring: Node, outerLen: number, triangles: number[]): void {
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
  earcutLinked(ring, triangles, minX, minY, invSize, 0);
}

/** An index of the ring's edges, told of every edge that changes (triangulate.ts's BridgeIndex while holes are joined). */
export interface EdgeIndex {
  file(p: Node): void;
}

/** A circular doubly linked list of the ring's points, in the given winding. */
export function linkedList(data: ArrayLike<number>, start: number, end: number, clockwise: boolean): Node | null {
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
export function filterPoints(start: Node, end?: Node, index?: EdgeIndex): Node {
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

export function pointInTriangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, px: number, py: number): boolean {
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
export function area(p: Node, q: Node, r: Node): number {
  return (q.y - p.y) * (r.x - q.x) - (q.x - p.x) * (r.y - q.y);
}

export function equals(p1: Node, p2: Node): boolean {
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

export function locallyInside(a: Node, b: Node): boolean {
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
export function splitPolygon(a: Node, b: Node, index?: EdgeIndex): Node {
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

function removeNode(p: Node, index?: EdgeIndex): void {
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
