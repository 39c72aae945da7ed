// A dynamic bounding-box tree: the broadphase under overlaps, ray casts and sweeps (Box2D v3's
// dynamic_tree.c, erincatto/box2d). Incremental inserts pick a sibling by the surface area
// heuristic with branch and bound (b2FindBestSibling) and repair the ancestors with one tree
// rotation each (b2RotateNodes); build() (and the tests' rebuildTree()) go top-down with binned
// SAH splits (Wald, "On fast construction of SAH-based bounding volume hierarchies", 2007;
// b2PartitionSAH).
//
// Layout: structure of arrays over a node pool with a free list, and a proxy table beside it.
// Proxies are not node ids (unlike Box2D v3.0) so that build() and rebuildTree() can lay every node
// out in depth-first order, a node's first child right after it, whatever the proxy ids are.
// In 2D a "surface area" is a perimeter; half of one is used throughout (only ratios matter).
// Queries allocate nothing per node: the traversal stack is one Int32Array that grows when a deep
// tree needs it, shared by nested queries (a visit may query the same tree again).

export const NULL_NODE = -1;

/** Bins per axis in the top-down builds (Box2D uses 8; 16 costs little more and packs better). */
const BIN_COUNT = 16;
/**
 * Bulk builds split ranges of more items than this at their Morton codes (a linear BVH's split),
 * and smaller ones by binned SAH: the tree's cost under SAH is nearly a full SAH build's.
 */
const SAH_RANGE = 32;
/**
 * Relative slack of the ray's pruning tests: node boxes within this of the segment, relative to
 * the coordinates involved, are kept. Covers the rounding of the centre, extents and the
 * perpendicular (a few ulps), so a box the segment touches is never pruned.
 */
const RAY_SLACK = 1e-13;

/** Ray casts on an unchanged tree after which it is copied into the packed layout for rays. */
export const PACK_AFTER_RAYS = 32;

// Float32 rounding outward, through the bits (a box rounded to the nearest float could shrink).
/** What a rayCastIn visit returns to clip the ray to the fraction it wrote to rayArgs[5]. */
export const RAY_CLIP = -2;

const float32 = new Float32Array(1);
const float32Bits = new Int32Array(float32.buffer);

/** The float32 next to f (a float32) towards −∞ (down) or +∞. */
function floatNext(f: number, down: boolean): number {
  if (f === 0) return down ? -1.401298464324817e-45 : 1.401298464324817e-45;
  float32[0] = f;
  float32Bits[0]! += f > 0 === down ? -1 : 1;
  return float32[0]!;
}

/**
 * A float32 at or below x − origin, exactly: the difference `d` is rounded in double, so a float32
 * equal to it steps down once more (one below it is at least a double's spacing below, which covers
 * that rounding).
 */
function floatBelow(x: number, origin: number): number {
  const d = x - origin, f = Math.fround(d);
  return f < d ? f : floatNext(f, true);
}

/** A float32 at or above x − origin (as floatBelow). */
function floatAbove(x: number, origin: number): number {
  const d = x - origin, f = Math.fround(d);
  return f > d ? f : floatNext(f, false);
}

/** Node `node`'s record r of the packed layout (see DynamicTree's packedBox), its link to its children left for the caller. */
function packRecord(box: Float64Array, child1: Int32Array, child2: Int32Array, node: number, packedBox: Float64Array, link: Int32Array, r: number, ox: number, oy: number): void {
  const o = 4 * node, q = 4 * r;
  packedBox[q] = floatBelow(box[o]!, ox);
  packedBox[q + 1] = floatBelow(box[o + 1]!, oy);
  packedBox[q + 2] = floatAbove(box[o + 2]!, ox);
  packedBox[q + 3] = floatAbove(box[o + 3]!, oy);
  link[2 * r] = NULL_NODE;
  link[2 * r + 1] = child1[node] === NULL_NODE ? child2[node]! : NULL_NODE;
}

/** Float32's largest finite value: a tree wider than it is not packed. */
const FLOAT32_MAX = 3.4028234663852886e38;

// Scratch for the builders' bins (no build is re-entrant: none calls back into user code).
const binBox = new Float64Array(4 * BIN_COUNT);
const binCount = new Int32Array(BIN_COUNT);
const leftCost = new Float64Array(BIN_COUNT);

export class DynamicTree {
  // Nodes: box[4i .. 4i + 3] = minX, minY, maxX, maxY. A leaf has child1 = NULL_NODE and its
  // proxy id in child2; height is 0 for a leaf and -1 for a free node, whose parent slot holds the
  // next free node.
  private box: Float64Array = new Float64Array(0);
  private child1: Int32Array = new Int32Array(0);
  private child2: Int32Array = new Int32Array(0);
  private parent: Int32Array = new Int32Array(0);
  private heights: Int32Array = new Int32Array(0);
  private nodeCapacity = 0;
  private nodeCount = 0;
  private freeNode = NULL_NODE;
  private root = NULL_NODE;

  // Proxies: the leaf node of a live proxy; a free proxy holds -2 - (the next free proxy), so
  // every free entry is negative.
  private proxyNode: Int32Array = new Int32Array(0);
  private proxyData: Int32Array = new Int32Array(0);
  private proxyCapacity = 0;
  private liveProxies = 0;
  private freeProxy = NULL_NODE;

  private stack = new Int32Array(256);
  /** rayCastIn's numbers: x1, y1, x2, y2, maxFraction, and the clip fraction during a visit. */
  readonly rayArgs = new Float64Array(6);
  /** query's box for queryIn. */
  private bounds = new Float64Array(4);
  /** rayCast's ray for walkRay: x1, y1, x2, y2, maxFraction and the origin of the layout walked. */
  private ray = new Float64Array(7);
  /** Stack slots held by traversals in progress, so a query made from a visit starts above them. */
  private depth = 0;
  /** Bumped by every change, so a visit that changes the tree mid-query is caught. */
  private version = 0;

  /**
   * A read-only copy of the nodes for ray casts on a tree that has stopped changing (a replay,
   * the command line, a scene under test), laid out depth first with siblings side by side, so
   * that the two boxes a walk tests together share a cache line and a subtree's records lie
   * together. Record r: its box less the root box's centre (so the precision follows the scene's
   * size, not how far it lies from 0), rounded outward to float32 values (held exactly as
   * doubles, so that one walk reads both layouts from a Float64Array), in packedBox[4r .. 4r + 3];
   * its first and second child in packedLink[2r], [2r + 1] (the second is always the record after
   * the first), or −1 and the proxy id for a leaf. The root is record 1; siblings pair up from
   * record 2 on. Made after `packAfterRays` casts on an unchanged tree, so an editor that moves
   * shapes between casts never pays for it.
   */
  private packedBox = new Float64Array(0);
  private packedLink = new Int32Array(0);
  private packedVersion = -1;
  private packedX = 0;
  private packedY = 0;
  private raysVersion = -1;
  private raysSinceChange = 0;
  /** Ray casts on an unchanged tree before the packed copy is made (tests set 0 to use it always). */
  packAfterRays = PACK_AFTER_RAYS;

  constructor(proxyCapacity = 16) {
    const capacity = Math.max(16, Math.ceil(proxyCapacity));
    this.growProxies(capacity);
    this.growNodes(2 * capacity);
  }

  /** Inserts a proxy whose stored box is exactly the given one (the caller fattens it); returns its id (>= 0; ids of destroyed proxies are reused). */
  createProxy(minX: number, minY: number, maxX: number, maxY: number, userData: number): number {
    const b = this.bounds;
    b[0] = minX; b[1] = minY; b[2] = maxX; b[3] = maxY;
    return this.createProxyIn(b, 0, userData);
  }

  /** createProxy of the box at boxes[at…at+3]: numbers through an array, which a call that is not inlined would box. */
  createProxyIn(boxes: Float64Array, at: number, userData: number): number {
    const minX = boxes[at]!, minY = boxes[at + 1]!, maxX = boxes[at + 2]!, maxY = boxes[at + 3]!;
    checkBox(minX, minY, maxX, maxY);
    if ((userData | 0) !== userData) throw new RangeError(`DynamicTree: userData ${userData} is not a 32-bit integer`);
    if (this.freeProxy === NULL_NODE) this.growProxies(2 * this.proxyCapacity);
    const proxy = this.freeProxy;
    this.freeProxy = -2 - this.proxyNode[proxy]!;
    const leaf = this.allocateNode();
    const o = 4 * leaf;
    this.box[o] = minX;
    this.box[o + 1] = minY;
    this.box[o + 2] = maxX;
    this.box[o + 3] = maxY;
    this.child2[leaf] = proxy;
    this.proxyNode[proxy] = leaf;
    this.proxyData[proxy] = userData;
    this.liveProxies++;
    this.insertLeaf(leaf);
    this.version++;
    return proxy;
  }

  destroyProxy(proxyId: number): void {
    const leaf = this.leafOf(proxyId);
    this.removeLeaf(leaf);
    this.releaseNode(leaf);
    this.proxyNode[proxyId] = -2 - this.freeProxy;
    this.freeProxy = proxyId;
    this.liveProxies--;
    this.version++;
  }

  /**
   * Replaces the proxy's stored box (remove + reinsert the leaf). Unlike b2DynamicTree_MoveProxy
   * the reinsertion rotates too: an editor has no per-step rebuild to undo the drift.
   */
  moveProxy(proxyId: number, minX: number, minY: number, maxX: number, maxY: number): void {
    const b = this.bounds;
    b[0] = minX; b[1] = minY; b[2] = maxX; b[3] = maxY;
    this.moveProxyIn(proxyId, b, 0);
  }

  /** moveProxy to the box at boxes[at…at+3]: numbers through an array, which a call that is not inlined would box. */
  moveProxyIn(proxyId: number, boxes: Float64Array, at: number): void {
    const leaf = this.leafOf(proxyId), minX = boxes[at]!, minY = boxes[at + 1]!, maxX = boxes[at + 2]!, maxY = boxes[at + 3]!;
    checkBox(minX, minY, maxX, maxY);
    this.removeLeaf(leaf);
    const o = 4 * leaf;
    this.box[o] = minX;
    this.box[o + 1] = minY;
    this.box[o + 2] = maxX;
    this.box[o + 3] = maxY;
    this.insertLeaf(leaf);
    this.version++;
  }

  /**
   * Calls visit(proxyId, userData) for every proxy whose box overlaps the query box (touching
   * counts); stops as soon as visit returns false. A visit may query this tree again but must not
   * change it (that throws). Infinite bounds are fine; a NaN bound matches nothing.
   */
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (proxyId: number, userData: number) => boolean): void {
    const b = this.bounds;
    b[0] = minX; b[1] = minY; b[2] = maxX; b[3] = maxY;
    this.queryIn(b, visit);
  }

  /** query of the box minX, minY, maxX, maxY in box[0…3]: numbers through an array, which a call that is not inlined would box. */
  queryIn(bounds: Float64Array, visit: (proxyId: number, userData: number) => boolean): void {
    const minX = bounds[0]!, minY = bounds[1]!, maxX = bounds[2]!, maxY = bounds[3]!;
    const root = this.root;
    if (root === NULL_NODE) return;
    const box = this.box, child1 = this.child1, child2 = this.child2, data = this.proxyData;
    const version = this.version;
    const base = this.depth;
    let stack: Int32Array = this.stack, top = base;
    stack[top++] = root;
    try {
      // Nodes are tested when popped; a node's first child (the next node, in a built tree) is
      // pushed last, so the walk goes down one run of the arrays. (Box2D v3.1 tests both children
      // before pushing them: more branches per node and a loop over the two, for a region query.)
      while (top > base) {
        const node = stack[--top]!, o = 4 * node;
        if (!(box[o]! <= maxX && box[o + 2]! >= minX && box[o + 1]! <= maxY && box[o + 3]! >= minY)) continue;
        const first = child1[node]!;
        if (first === NULL_NODE) {
          const proxy = child2[node]!;
          this.depth = top;
          const goOn = visit(proxy, data[proxy]!);
          if (this.version !== version) throw changedDuringQuery();
          if (!goOn) return;
          stack = this.stack; // share the larger stack if a nested query grew it
          continue;
        }
        if (top + 2 > stack.length) stack = this.growStack(stack);
        stack[top++] = child2[node]!;
        stack[top++] = first;
      }
    } finally {
      this.depth = base;
    }
  }

  /**
   * Calls visit(userDataA, userDataB) once for every pair of proxies whose boxes overlap (touching
   * counts, as in query). One walk of the tree against itself: a first load's pairs without a
   * query from the root per proxy, which visits the top of the tree n times. The visit must not
   * change the tree.
   */
  forEachOverlappingPair(visit: (userDataA: number, userDataB: number) => void): void {
    const root = this.root;
    if (root === NULL_NODE || this.child1[root] === NULL_NODE) return;
    const box = this.box, child1 = this.child1, child2 = this.child2, data = this.proxyData, heights = this.heights;
    const version = this.version;
    // Pending work as node pairs: (n, NULL_NODE) is "pairs within n", (a, b) "pairs across a and b".
    let stack = new Int32Array(512), top = 0;
    stack[top++] = root;
    stack[top++] = NULL_NODE;
    while (top > 0) {
      const b = stack[--top]!, a = stack[--top]!;
      if (top + 6 > stack.length) {
        const grown = new Int32Array(2 * stack.length);
        grown.set(stack);
        stack = grown;
      }
      if (b === NULL_NODE) {
        // Within an inner node: within each child, and across the two.
        const c1 = child1[a]!, c2 = child2[a]!;
        if (child1[c1] !== NULL_NODE) { stack[top++] = c1; stack[top++] = NULL_NODE; }
        if (child1[c2] !== NULL_NODE) { stack[top++] = c2; stack[top++] = NULL_NODE; }
        stack[top++] = c1;
        stack[top++] = c2;
        continue;
      }
      const oa = 4 * a, ob = 4 * b;
      if (!(box[oa]! <= box[ob + 2]! && box[oa + 2]! >= box[ob]! && box[oa + 1]! <= box[ob + 3]! && box[oa + 3]! >= box[ob + 1]!)) continue;
      const leafA = child1[a] === NULL_NODE, leafB = child1[b] === NULL_NODE;
      if (leafA && leafB) {
        visit(data[child2[a]!]!, data[child2[b]!]!);
        if (this.version !== version) throw changedDuringQuery();
        continue;
      }
      // Descend the taller side (a leaf never): the boxes shrink fastest there.
      if (leafB || (!leafA && heights[a]! >= heights[b]!)) {
        stack[top++] = child1[a]!; stack[top++] = b;
        stack[top++] = child2[a]!; stack[top++] = b;
      } else {
        stack[top++] = a; stack[top++] = child1[b]!;
        stack[top++] = a; stack[top++] = child2[b]!;
      }
    }
  }

  /**
   * Ray from (x1, y1) toward (x2, y2), fractions in [0, maxFraction]. Calls visit(proxyId,
   * userData, maxFraction) for proxies whose box the clipped segment may cross; visit returns the
   * new clip fraction as in Box2D: < 0 ignore this proxy and go on (keep the clip), 0 stop now,
   * 0 < f < current: clip the ray to f, otherwise continue unchanged. Prunes subtrees by the
   * clipped segment's box and the separating axis test. A zero-length ray visits proxies
   * containing the point. Nearer subtrees (by their centre's projection on the ray) go first, so
   * a closest-hit visit clips early. A visit may query this tree again but must not change it.
   */
  rayCast(x1: number, y1: number, x2: number, y2: number, maxFraction: number, visit: (proxyId: number, userData: number, maxFraction: number) => number): void {
    const args = this.rayArgs;
    args[0] = x1; args[1] = y1; args[2] = x2; args[3] = y2; args[4] = maxFraction;
    this.castIn(visit, false);
  }

  /**
   * rayCast with its numbers in rayArgs, for visits that allocate nothing: the ray in rayArgs[0…4]
   * (x1, y1, x2, y2, maxFraction), and no number passed to or returned by a visit (optimized code
   * boxes those). A visit reads the current clip fraction from rayArgs[5] and returns −1 (ignore
   * this proxy), 0 (stop), 1 (go on) or RAY_CLIP, having written the new clip to rayArgs[5].
   */
  rayCastIn(visit: (proxyId: number, userData: number) => number): void {
    this.castIn(visit, true);
  }

  private castIn(visit: (proxyId: number, userData: number, maxFraction: number) => number, clipped: boolean): void {
    const root = this.root, args = this.rayArgs;
    if (root === NULL_NODE || !(args[4]! >= 0)) return;
    if (this.packedVersion !== this.version) {
      if (this.raysVersion !== this.version) { this.raysVersion = this.version; this.raysSinceChange = 0; }
      if (++this.raysSinceChange > this.packAfterRays) this.pack();
    }
    const ray = this.ray;
    ray[0] = args[0]!; ray[1] = args[1]!; ray[2] = args[2]!; ray[3] = args[3]!; ray[4] = args[4]!;
    if (this.packedVersion === this.version) {
      ray[5] = this.packedX; ray[6] = this.packedY;
      this.walkRay(this.packedBox, this.packedLink, this.packedLink, 2, 1, visit, clipped);
    } else {
      ray[5] = 0; ray[6] = 0;
      this.walkRay(this.box, this.child1, this.child2, 1, root, visit, clipped);
    }
  }

  /**
   * rayCast's walk, one loop for either layout: boxes 4 numbers a node (or record) in `box`, and
   * children in first[step·n] and second[step·n + step − 1]: the live nodes' child1[n] and
   * child2[n] (step 1) or the packed copy's packedLink[2r], [2r + 1] (step 2). Either way a leaf
   * has NULL_NODE as its first child and its proxy id as its second. The ray comes in `this.ray`
   * (x1, y1, x2, y2, maxFraction, and the origin the layout's boxes are stored relative to: 0 for the
   * live nodes), read before any visit so that a nested query may reuse it. Both layouts run the
   * same tests in the same order, and the packed boxes hold the live ones, so the packed walk
   * never visits fewer proxies. One element type for both: a walk reading a Float32Array here
   * and a Float64Array there would make every box read polymorphic.
   */
  private walkRay(
    box: Float64Array, first: Int32Array, second: Int32Array, step: number, start: number,
    visit: (proxyId: number, userData: number, maxFraction: number) => number, clipped: boolean,
  ): void {
    const data = this.proxyData, ray = this.ray, secondAt = step - 1;
    let x1 = ray[0]!, y1 = ray[1]!;
    const dx = ray[2]! - x1, dy = ray[3]! - y1, ox = ray[5]!, oy = ray[6]!;
    // v is the unit perpendicular of the ray: the separating axis of segment and box (van den
    // Bergen, "Collision Detection in Interactive 3D Environments", p. 80, as in
    // b2DynamicTree_RayCast): the box misses the line when |v·(p1 − c)| > |v|·h. A zero (or
    // underflowing) direction leaves v = 0, which prunes nothing: the segment box alone decides; so
    // does an overflowing one (v = 0 again). A square root, not Math.hypot, which allocates.
    const length = Math.sqrt(dx * dx + dy * dy);
    const vx = length > 0 ? -dy / length : 0, vy = length > 0 ? dx / length : 0;
    const avx = Math.abs(vx), avy = Math.abs(vy);
    let fraction = ray[4]!;
    // Rounding in both tests is bounded by a few ulps of the segment's coordinates plus of the
    // node's extents (a node that overlaps the segment box has |c| <= h + max|segment|), and of
    // the origin the packed boxes are stored relative to (0 for the live ones).
    const pad = RAY_SLACK * Math.max(Math.abs(x1), Math.abs(y1), Math.abs(x1 + fraction * dx), Math.abs(y1 + fraction * dy), Math.abs(ox), Math.abs(oy));
    x1 -= ox;
    y1 -= oy;
    let ex = x1 + fraction * dx, ey = y1 + fraction * dy;
    const rel = 1 + RAY_SLACK;
    let sMinX = Math.min(x1, ex) - pad, sMinY = Math.min(y1, ey) - pad;
    let sMaxX = Math.max(x1, ex) + pad, sMaxY = Math.max(y1, ey) + pad;
    const version = this.version;
    const base = this.depth;
    let stack: Int32Array = this.stack, top = base;
    try {
      stack[top++] = start;
      let isRoot = true;
      while (top > base) {
        const node = stack[--top]!;
        // The root is its own only candidate; below it, both children are tested at once.
        let a = isRoot ? node : first[step * node]!, b = isRoot ? NULL_NODE : second[step * node + secondAt]!;
        isRoot = false;
        let hitA = false, hitB = false, keyA = 0, keyB = 0;
        let o = 4 * a;
        let lx = box[o]!, ly = box[o + 1]!, ux = box[o + 2]!, uy = box[o + 3]!;
        if (lx <= sMaxX && ux >= sMinX && ly <= sMaxY && uy >= sMinY) {
          // Halves first: min + max overflows for boxes near the largest doubles.
          const cx = 0.5 * lx + 0.5 * ux, cy = 0.5 * ly + 0.5 * uy;
          const reach = avx * (0.5 * ux - 0.5 * lx) + avy * (0.5 * uy - 0.5 * ly);
          if (!(Math.abs(vx * (x1 - cx) + vy * (y1 - cy)) > reach * rel + pad)) {
            hitA = true;
            keyA = (cx - x1) * dx + (cy - y1) * dy;
          }
        }
        if (b !== NULL_NODE) {
          o = 4 * b;
          lx = box[o]!; ly = box[o + 1]!; ux = box[o + 2]!; uy = box[o + 3]!;
          if (lx <= sMaxX && ux >= sMinX && ly <= sMaxY && uy >= sMinY) {
            const cx = 0.5 * lx + 0.5 * ux, cy = 0.5 * ly + 0.5 * uy;
            const reach = avx * (0.5 * ux - 0.5 * lx) + avy * (0.5 * uy - 0.5 * ly);
            if (!(Math.abs(vx * (x1 - cx) + vy * (y1 - cy)) > reach * rel + pad)) {
              hitB = true;
              keyB = (cx - x1) * dx + (cy - y1) * dy;
            }
          }
        }
        if (!hitA && !hitB) continue;
        // Make a the nearer one: its leaf is visited first, its subtree popped first.
        if (hitA && hitB && keyB < keyA) {
          const t = a; a = b; b = t;
        } else if (!hitA) {
          a = b; hitA = true; hitB = false;
        }
        for (let k = 0; k < 2; k++) {
          if (k === 1 && !hitB) break;
          const n = k === 0 ? a : b;
          if (first[step * n] !== NULL_NODE) continue;
          const proxy = second[step * n + secondAt]!;
          this.depth = top;
          this.rayArgs[5] = fraction;
          // Two calls, not one with `clipped ? 0 : fraction`, which would box the fraction either way.
          const code = clipped ? visit(proxy, data[proxy]!, 0) : visit(proxy, data[proxy]!, fraction);
          if (this.version !== version) throw changedDuringQuery();
          // The new clip read back as a double in every case: a value that is either the visit's
          // number or a double from the array would be boxed.
          if (!clipped || code !== RAY_CLIP) this.rayArgs[5] = code;
          const value = this.rayArgs[5]!;
          if (value === 0) return;
          stack = this.stack; // share the larger stack if a nested query grew it
          if (value > 0 && value < fraction) {
            fraction = value;
            ex = x1 + fraction * dx;
            ey = y1 + fraction * dy;
            sMinX = Math.min(x1, ex) - pad; sMinY = Math.min(y1, ey) - pad;
            sMaxX = Math.max(x1, ex) + pad; sMaxY = Math.max(y1, ey) + pad;
          }
        }
        if (top + 2 > stack.length) stack = this.growStack(stack);
        if (hitB && first[step * b] !== NULL_NODE) stack[top++] = b;
        if (first[step * a] !== NULL_NODE) stack[top++] = a;
      }
    } finally {
      this.depth = base;
    }
  }

  /** Makes the packed copy for rays now rather than after packAfterRays casts: for a tree built to be queried at once. */
  packForRays(): void {
    if (this.root !== NULL_NODE && this.packedVersion !== this.version) this.pack();
  }

  /**
   * Copies the nodes into the packed layout (see packedBox), siblings paired, depth first. A tree
   * wider than float32's range stays unpacked until it changes (its boxes would become infinite,
   * and every node a candidate).
   */
  private pack(): void {
    const r = 4 * this.root, root = this.box;
    // Halves: the extent itself may overflow.
    if (!(Math.max(0.5 * root[r + 2]! - 0.5 * root[r]!, 0.5 * root[r + 3]! - 0.5 * root[r + 1]!) < 0.5 * FLOAT32_MAX)) {
      this.raysSinceChange = -Infinity;
      return;
    }
    const ox = 0.5 * root[r]! + 0.5 * root[r + 2]!, oy = 0.5 * root[r + 1]! + 0.5 * root[r + 3]!;
    this.packedX = ox;
    this.packedY = oy;
    const records = this.nodeCount + 2;
    if (this.packedBox.length < 4 * records) {
      const capacity = records + (records >> 2);
      this.packedBox = new Float64Array(4 * capacity);
      this.packedLink = new Int32Array(2 * capacity);
    }
    const box = this.box, child1 = this.child1, child2 = this.child2;
    const packedBox = this.packedBox, link = this.packedLink;
    packRecord(box, child1, child2, this.root, packedBox, link, 1, ox, oy);
    // Pending (node, record) pairs, the first child's subtree laid out first: a pop pushes two
    // pairs in place of one, so the stack holds at most one pair a level plus one.
    const pending = new Int32Array(2 * (this.heights[this.root]! + 3));
    pending[0] = this.root;
    pending[1] = 1;
    let top = 2, next = 2;
    while (top > 0) {
      const r = pending[--top]!, node = pending[--top]!;
      const a = child1[node]!;
      if (a === NULL_NODE) continue;
      const b = child2[node]!;
      link[2 * r] = next;
      link[2 * r + 1] = next + 1;
      packRecord(box, child1, child2, a, packedBox, link, next, ox, oy);
      packRecord(box, child1, child2, b, packedBox, link, next + 1, ox, oy);
      pending[top++] = b; pending[top++] = next + 1;
      pending[top++] = a; pending[top++] = next;
      next += 2;
    }
    this.packedVersion = this.version;
  }

  /** Builds a tree from n boxes at once (boxes: 4 numbers per item; userData[i], default i); much faster than n createProxy calls. Proxy ids are 0..n-1 in input order. */
  static build(boxes: Float64Array, userData?: Int32Array): DynamicTree {
    if (boxes.length % 4 !== 0) throw new RangeError(`DynamicTree.build: ${boxes.length} numbers is not 4 per box`);
    const n = boxes.length / 4;
    if (userData && userData.length < n) throw new RangeError(`DynamicTree.build: ${userData.length} user data for ${n} boxes`);
    for (let i = 0; i < n; i++) checkBox(boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!);
    const tree = new DynamicTree(n);
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      ids[i] = i;
      tree.proxyData[i] = userData ? userData[i]! : i;
    }
    tree.freeProxy = NULL_NODE;
    tree.chainFreeProxies(n);
    tree.liveProxies = n;
    if (n > 0) tree.buildFrom(ids, boxes.slice(), n);
    return tree;
  }

  // ---- incremental updates ----

  /** The leaf of a live proxy; a RangeError for anything else (never a silent corruption). */
  private leafOf(proxyId: number): number {
    const leaf = this.proxyNode[proxyId]; // undefined for out-of-range or fractional ids
    if (leaf === undefined || leaf < 0) throw new RangeError(`DynamicTree: ${proxyId} is not a live proxy id`);
    return leaf;
  }

  /**
   * Box2D's b2InsertLeaf: pair the leaf with the best sibling under the SAH, then walk up,
   * refitting boxes and heights and rotating each ancestor.
   */
  private insertLeaf(leaf: number): void {
    if (this.root === NULL_NODE) {
      this.root = leaf;
      this.parent[leaf] = NULL_NODE;
      return;
    }
    const sibling = this.findBestSibling(leaf);
    const node = this.allocateNode(); // may grow the arrays: read them after
    const { box, child1, child2, parent, heights } = this;
    const oldParent = parent[sibling]!;
    parent[node] = oldParent;
    child1[node] = sibling;
    child2[node] = leaf;
    parent[sibling] = node;
    parent[leaf] = node;
    if (oldParent === NULL_NODE) this.root = node;
    else if (child1[oldParent] === sibling) child1[oldParent] = node;
    else child2[oldParent] = node;
    unionInto(box, node, sibling, leaf);
    heights[node] = 1 + heights[sibling]!;
    for (let i = oldParent; i !== NULL_NODE; i = parent[i]!) {
      const a = child1[i]!, b = child2[i]!;
      unionInto(box, i, a, b);
      heights[i] = 1 + Math.max(heights[a]!, heights[b]!);
      this.rotate(i);
    }
  }

  /**
   * Box2D's b2FindBestSibling: descend greedily, keeping the cheapest place seen, where placing
   * the leaf D beside node N costs perimeter(N ∪ D) plus the growth of every ancestor of N. A
   * subtree is skipped when even its lower bound (its own growth, plus D's perimeter for the new
   * node it would need) cannot beat the best so far.
   */
  private findBestSibling(leaf: number): number {
    const { box, child1, child2 } = this;
    const o = 4 * leaf;
    const dMinX = box[o]!, dMinY = box[o + 1]!, dMaxX = box[o + 2]!, dMaxY = box[o + 3]!;
    const areaD = dMaxX - dMinX + dMaxY - dMinY;
    const cx = dMinX + dMaxX, cy = dMinY + dMaxY; // doubled centre, for ties
    let index = this.root;
    let areaBase = perimeter(box, index);
    let directCost = unionPerimeter(box, index, dMinX, dMinY, dMaxX, dMaxY);
    let inheritedCost = 0;
    let best = index, bestCost = directCost;
    while (child1[index] !== NULL_NODE) {
      const a = child1[index]!, b = child2[index]!;
      const cost = directCost + inheritedCost;
      if (cost < bestCost) {
        best = index;
        bestCost = cost;
      }
      // Every node below this one makes it grow by this much.
      inheritedCost += directCost - areaBase;

      const leafA = child1[a] === NULL_NODE, leafB = child1[b] === NULL_NODE;
      const directA = unionPerimeter(box, a, dMinX, dMinY, dMaxX, dMaxY);
      let lowerA = Infinity, areaA = 0;
      if (leafA) {
        if (directA + inheritedCost < bestCost) {
          best = a;
          bestCost = directA + inheritedCost;
        }
      } else {
        areaA = perimeter(box, a);
        lowerA = inheritedCost + directA + Math.min(areaD - areaA, 0);
      }
      const directB = unionPerimeter(box, b, dMinX, dMinY, dMaxX, dMaxY);
      let lowerB = Infinity, areaB = 0;
      if (leafB) {
        if (directB + inheritedCost < bestCost) {
          best = b;
          bestCost = directB + inheritedCost;
        }
      } else {
        areaB = perimeter(box, b);
        lowerB = inheritedCost + directB + Math.min(areaD - areaB, 0);
      }
      if (leafA && leafB) break;
      if (bestCost <= lowerA && bestCost <= lowerB) break;
      if (lowerA === lowerB && !leafA) {
        // Both contain D (the usual tie): go toward the nearer centre.
        const pa = 4 * a, pb = 4 * b;
        lowerA = (box[pa]! + box[pa + 2]! - cx) ** 2 + (box[pa + 1]! + box[pa + 3]! - cy) ** 2;
        lowerB = (box[pb]! + box[pb + 2]! - cx) ** 2 + (box[pb + 1]! + box[pb + 3]! - cy) ** 2;
      }
      if (lowerA < lowerB && !leafA) {
        index = a;
        areaBase = areaA;
        directCost = directA;
      } else {
        index = b;
        areaBase = areaB;
        directCost = directB;
      }
    }
    return best;
  }

  /**
   * Box2D's b2RotateNodes: with A = (B, C), swap B with a child of C (or C with a child of B)
   * when that shrinks the perimeter of the node that changes. A's own box stays the same.
   */
  private rotate(a: number): void {
    const { box, child1, child2 } = this;
    const b = child1[a]!, c = child2[a]!;
    let bestDelta = 0, down = NULL_NODE, up = NULL_NODE;
    // With C = (F, G): B <-> F makes C = (B, G), B <-> G makes C = (F, B); then with B = (D, E),
    // C <-> D and C <-> E. The first of the least deltas wins.
    for (let side = 0; side < 2; side++) {
      const swapped = side === 0 ? b : c, other = side === 0 ? c : b;
      if (child1[other] === NULL_NODE) continue;
      const area = perimeter(box, other), o = 4 * swapped;
      for (let k = 0; k < 2; k++) {
        const raised = k === 0 ? child1[other]! : child2[other]!, kept = k === 0 ? child2[other]! : child1[other]!;
        const delta = unionPerimeter(box, kept, box[o]!, box[o + 1]!, box[o + 2]!, box[o + 3]!) - area;
        if (delta < bestDelta) { bestDelta = delta; down = swapped; up = raised; }
      }
    }
    if (down === NULL_NODE) return;
    // `down` (a child of A) trades places with `up` (a child of A's other child, `mid`).
    const { parent, heights } = this;
    const mid = down === b ? c : b;
    if (down === b) child1[a] = up;
    else child2[a] = up;
    if (child1[mid] === up) child1[mid] = down;
    else child2[mid] = down;
    parent[up] = a;
    parent[down] = mid;
    unionInto(box, mid, child1[mid]!, child2[mid]!);
    heights[mid] = 1 + Math.max(heights[child1[mid]!]!, heights[child2[mid]!]!);
    heights[a] = 1 + Math.max(heights[child1[a]!]!, heights[child2[a]!]!);
  }

  /** Box2D's b2RemoveLeaf: the sibling takes the parent's place; the ancestors are refitted. */
  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL_NODE;
      return;
    }
    const { box, child1, child2, parent, heights } = this;
    const p = parent[leaf]!, grand = parent[p]!;
    const sibling = child1[p] === leaf ? child2[p]! : child1[p]!;
    parent[sibling] = grand;
    this.releaseNode(p);
    if (grand === NULL_NODE) {
      this.root = sibling;
      return;
    }
    if (child1[grand] === p) child1[grand] = sibling;
    else child2[grand] = sibling;
    for (let i = grand; i !== NULL_NODE; i = parent[i]!) {
      const a = child1[i]!, b = child2[i]!;
      unionInto(box, i, a, b);
      heights[i] = 1 + Math.max(heights[a]!, heights[b]!);
    }
  }

  // ---- top-down builds ----

  /**
   * Replaces every node with a tree built top-down over the given proxies and their boxes (both
   * permuted in place): sorted once by Morton code, ranges above SAH_RANGE items split where their
   * codes part (no pass over the items), smaller ones by binned SAH. Nodes are numbered in depth-first preorder from 0, so a node's first
   * child is the next node and each subtree is one run of the arrays.
   */
  private buildFrom(ids: Int32Array, boxes: Float64Array, n: number): void {
    const needed = 2 * n - 1;
    if (needed > this.nodeCapacity) {
      const capacity = Math.max(needed, 2 * this.nodeCapacity);
      this.nodeCapacity = capacity;
      this.box = new Float64Array(4 * capacity);
      this.child1 = new Int32Array(capacity);
      this.child2 = new Int32Array(capacity);
      this.parent = new Int32Array(capacity);
      this.heights = new Int32Array(capacity);
    }
    const { box, child1, child2, parent, heights, proxyNode } = this;
    const codes = mortonSort(ids, boxes, n);
    const bins = new Uint8Array(n);
    // Pending ranges: start, end, parent node, slot (0 = child1).
    let work = new Int32Array(4 * 64), sp = 4, next = 0;
    work[0] = 0; work[1] = n; work[2] = NULL_NODE; work[3] = 0;
    while (sp > 0) {
      sp -= 4;
      const start = work[sp]!, end = work[sp + 1]!, up = work[sp + 2]!, slot = work[sp + 3]!;
      const node = next++;
      parent[node] = up;
      if (up === NULL_NODE) this.root = node;
      else if (slot === 0) child1[up] = node;
      else child2[up] = node;
      if (end - start === 1) {
        const proxy = ids[start]!;
        child1[node] = NULL_NODE;
        child2[node] = proxy;
        heights[node] = 0;
        for (let c = 0; c < 4; c++) box[4 * node + c] = boxes[4 * start + c]!;
        proxyNode[proxy] = node;
        continue;
      }
      // Big ranges split by their codes (a partition would undo their order); small ones by SAH.
      const split = end - start > SAH_RANGE ? mortonSplit(codes, start, end) : partitionSAH(ids, boxes, bins, start, end);
      if (sp + 8 > work.length) {
        const grown = new Int32Array(2 * work.length);
        grown.set(work);
        work = grown;
      }
      // The second half is pushed first so the first half is numbered next.
      work[sp] = split; work[sp + 1] = end; work[sp + 2] = node; work[sp + 3] = 1;
      work[sp + 4] = start; work[sp + 5] = split; work[sp + 6] = node; work[sp + 7] = 0;
      sp += 8;
    }
    // Children are numbered after their parent: one backward pass refits every box and height.
    for (let i = needed - 1; i >= 0; i--) {
      const a = child1[i]!;
      if (a === NULL_NODE) continue;
      const b = child2[i]!;
      unionInto(box, i, a, b);
      heights[i] = 1 + Math.max(heights[a]!, heights[b]!);
    }
    this.nodeCount = needed;
    this.freeNode = NULL_NODE;
    this.chainFreeNodes(needed);
  }

  // ---- pools ----

  private allocateNode(): number {
    if (this.freeNode === NULL_NODE) this.growNodes(2 * this.nodeCapacity);
    const node = this.freeNode;
    this.freeNode = this.parent[node]!;
    this.parent[node] = NULL_NODE;
    this.child1[node] = NULL_NODE;
    this.child2[node] = NULL_NODE;
    this.heights[node] = 0;
    this.nodeCount++;
    return node;
  }

  private releaseNode(node: number): void {
    this.parent[node] = this.freeNode;
    this.child1[node] = NULL_NODE;
    this.child2[node] = NULL_NODE;
    this.heights[node] = -1;
    this.freeNode = node;
    this.nodeCount--;
  }

  private growNodes(capacity: number): void {
    const old = this.nodeCapacity;
    this.box = grownFloat(this.box, 4 * capacity);
    this.child1 = grownInt(this.child1, capacity);
    this.child2 = grownInt(this.child2, capacity);
    this.parent = grownInt(this.parent, capacity);
    this.heights = grownInt(this.heights, capacity);
    this.nodeCapacity = capacity;
    this.chainFreeNodes(old);
  }

  /** Puts nodes from..capacity-1 at the front of the free list, lowest first. */
  private chainFreeNodes(from: number): void {
    const cap = this.nodeCapacity;
    for (let i = from; i < cap; i++) {
      this.parent[i] = i + 1 < cap ? i + 1 : this.freeNode;
      this.child1[i] = NULL_NODE;
      this.child2[i] = NULL_NODE;
      this.heights[i] = -1;
    }
    if (from < cap) this.freeNode = from;
  }

  private growProxies(capacity: number): void {
    const old = this.proxyCapacity;
    this.proxyNode = grownInt(this.proxyNode, capacity);
    this.proxyData = grownInt(this.proxyData, capacity);
    this.proxyCapacity = capacity;
    this.chainFreeProxies(old);
  }

  /** Puts proxies from..capacity-1 at the front of the free list, lowest first. */
  private chainFreeProxies(from: number): void {
    const cap = this.proxyCapacity;
    for (let i = from; i < cap; i++) this.proxyNode[i] = -2 - (i + 1 < cap ? i + 1 : this.freeProxy);
    if (from < cap) this.freeProxy = from;
  }

  /**
   * A larger stack holding the caller's: each traversal reads and writes only its own slots
   * through its own reference, so one still holding a stack a nested query replaced stays right.
   */
  private growStack(from: Int32Array): Int32Array {
    const grown = new Int32Array(2 * Math.max(from.length, this.stack.length));
    grown.set(from);
    this.stack = grown;
    return grown;
  }
}

/** Finite, ordered bounds; anything else would poison every query through the node boxes. */
function checkBox(minX: number, minY: number, maxX: number, maxY: number): void {
  if (!(minX <= maxX && minY <= maxY && minX > -Infinity && minY > -Infinity && maxX < Infinity && maxY < Infinity)) {
    throw new RangeError(`DynamicTree: box (${minX}, ${minY}, ${maxX}, ${maxY}) is not finite with min <= max`);
  }
}

function changedDuringQuery(): Error {
  return new Error("DynamicTree: a visit created, destroyed or moved a proxy during a query");
}

/** Half the perimeter of node i's box. */
function perimeter(box: Float64Array, i: number): number {
  const o = 4 * i;
  return box[o + 2]! - box[o]! + box[o + 3]! - box[o + 1]!;
}

/** Half the perimeter of node i's box joined with the given one. */
function unionPerimeter(box: Float64Array, i: number, minX: number, minY: number, maxX: number, maxY: number): number {
  const o = 4 * i;
  return Math.max(box[o + 2]!, maxX) - Math.min(box[o]!, minX) + Math.max(box[o + 3]!, maxY) - Math.min(box[o + 1]!, minY);
}

/** box[i] = box[a] ∪ box[b]. */
function unionInto(box: Float64Array, i: number, a: number, b: number): void {
  const o = 4 * i, oa = 4 * a, ob = 4 * b;
  box[o] = Math.min(box[oa]!, box[ob]!);
  box[o + 1] = Math.min(box[oa + 1]!, box[ob + 1]!);
  box[o + 2] = Math.max(box[oa + 2]!, box[ob + 2]!);
  box[o + 3] = Math.max(box[oa + 3]!, box[ob + 3]!);
}

/**
 * The bin of a (doubled) centroid coordinate c: 0 .. last. A scale that overflowed to
 * Infinity (a denormal extent) still bins: NaN (0 · ∞) goes to 0, ∞ to the last bin.
 */
function binOf(c: number, lo: number, scale: number, last: number): number {
  const k = (c - lo) * scale;
  return k >= last ? last : k | 0;
}

/** x's low 16 bits spread to the even bits (0, 2, 4 …). */
function spreadBits(x: number): number {
  x &= 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  return (x | (x << 1)) & 0x55555555;
}

/** The Morton sort's radix digits: 11 bits, three passes over 32-bit codes. */
const RADIX_BITS = 11, RADIX = 1 << RADIX_BITS;
const radixCount = new Int32Array(RADIX);

/** centroidBounds' answer: the least and greatest doubled centres, x then y (loX, loY, hiX, hiY). */
const bounds = new Float64Array(4);

/** The bounds of the doubled centres (min + max) of boxes[start, end) into `bounds`. */
function centroidBounds(boxes: Float64Array, start: number, end: number): void {
  let loX = Infinity, loY = Infinity, hiX = -Infinity, hiY = -Infinity;
  for (let i = start; i < end; i++) {
    const o = 4 * i;
    const cx = boxes[o]! + boxes[o + 2]!, cy = boxes[o + 1]! + boxes[o + 3]!;
    if (cx < loX) loX = cx;
    if (cx > hiX) hiX = cx;
    if (cy < loY) loY = cy;
    if (cy > hiY) hiY = cy;
  }
  bounds[0] = loX; bounds[1] = loY; bounds[2] = hiX; bounds[3] = hiY;
}

/**
 * Sorts ids[0, n) and their boxes by the Morton code of the boxes' centres (16 bits an axis, one
 * scale for both axes over the centres' bounds, so that the code's cells are square) and returns
 * the codes in that order. Centres that coincide, or bounds that overflow to Infinity or NaN, give
 * equal codes; a radix sort keeps such items in their order.
 */
function mortonSort(ids: Int32Array, boxes: Float64Array, n: number): Uint32Array {
  centroidBounds(boxes, 0, n);
  const loX = bounds[0]!, loY = bounds[1]!, hiX = bounds[2]!, hiY = bounds[3]!;
  const extent = Math.max(hiX - loX, hiY - loY), scale = extent > 0 && extent < Infinity ? 65535 / extent : 0;
  let keys = new Uint32Array(n), order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const o = 4 * i;
    // 0 … 65535, truncated; NaN (0 · ∞) becomes 0 through `| 0`.
    const qx = ((boxes[o]! + boxes[o + 2]! - loX) * scale) | 0, qy = ((boxes[o + 1]! + boxes[o + 3]! - loY) * scale) | 0;
    keys[i] = ((spreadBits(qx) << 1) | spreadBits(qy)) >>> 0;
    order[i] = i;
  }
  let keysTo = new Uint32Array(n), orderTo = new Int32Array(n);
  for (let shift = 0; shift < 32; shift += RADIX_BITS) {
    radixCount.fill(0);
    for (let i = 0; i < n; i++) radixCount[(keys[i]! >>> shift) & (RADIX - 1)]!++;
    let sum = 0;
    for (let d = 0; d < RADIX; d++) {
      const c = radixCount[d]!;
      radixCount[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = keys[i]!, at = radixCount[(k >>> shift) & (RADIX - 1)]!++;
      keysTo[at] = k;
      orderTo[at] = order[i]!;
    }
    const k = keys, o = order;
    keys = keysTo; keysTo = k;
    order = orderTo; orderTo = o;
  }
  const from = boxes.slice(0, 4 * n);
  for (let i = 0; i < n; i++) {
    const j = order[i]!;
    orderTo[i] = ids[j]!;
    boxes[4 * i] = from[4 * j]!;
    boxes[4 * i + 1] = from[4 * j + 1]!;
    boxes[4 * i + 2] = from[4 * j + 2]!;
    boxes[4 * i + 3] = from[4 * j + 3]!;
  }
  ids.set(orderTo.subarray(0, n));
  return keys;
}

/**
 * Where a Morton-ordered range splits (a linear BVH's split): at the first code with the highest
 * bit in which the range's codes differ, strictly inside the range; the middle when every code
 * is the same.
 */
function mortonSplit(codes: Uint32Array, start: number, end: number): number {
  const first = codes[start]!, last = codes[end - 1]!;
  if (first === last) return start + ((end - start) >> 1);
  const common = Math.clz32(first ^ last);
  // codes[lo] shares more than `common` leading bits with `first`, codes[hi] does not.
  let lo = start, hi = end - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (Math.clz32(first ^ codes[mid]!) > common) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Splits ids[start, end) (and their boxes) in two along the longer axis of the centroids' bounds,
 * at the bin boundary of least SAH cost (count × half perimeter on each side), as Box2D's
 * b2PartitionSAH. `bins` is scratch for the items' bins. Returns the first index of the second
 * half, strictly inside the range.
 */
function partitionSAH(ids: Int32Array, boxes: Float64Array, bins: Uint8Array, start: number, end: number): number {
  const count = end - start;
  if (count <= 2) return start + 1;
  // Doubled centroids (min + max): only their order and spread matter.
  centroidBounds(boxes, start, end);
  const loX = bounds[0]!, loY = bounds[1]!, hiX = bounds[2]!, hiY = bounds[3]!;
  const axis = hiX - loX >= hiY - loY ? 0 : 1;
  const lo = axis === 0 ? loX : loY, extent = axis === 0 ? hiX - loX : hiY - loY;
  // Coinciding centroids (identical boxes) give no plane: any even split will do. So does an
  // extent that overflowed to Infinity or NaN (boxes near the largest doubles).
  if (!(extent > 0 && extent < Infinity)) return start + (count >> 1);
  // No more bins than items: a small range gets the same planes from fewer bins to sweep (most
  // ranges are small ones near the leaves).
  const binsUsed = count < BIN_COUNT ? count : BIN_COUNT, last = binsUsed - 1;
  const scale = binsUsed / extent;
  for (let k = 0; k < binsUsed; k++) {
    binCount[k] = 0;
    binBox[4 * k] = Infinity;
    binBox[4 * k + 1] = Infinity;
    binBox[4 * k + 2] = -Infinity;
    binBox[4 * k + 3] = -Infinity;
  }
  for (let i = start; i < end; i++) {
    const o = 4 * i;
    const k = binOf(boxes[o + axis]! + boxes[o + 2 + axis]!, lo, scale, last), q = 4 * k;
    bins[i] = k;
    binCount[k]!++;
    // Math.min / max compile to branch-free instructions; the branches here would mispredict.
    binBox[q] = Math.min(binBox[q]!, boxes[o]!);
    binBox[q + 1] = Math.min(binBox[q + 1]!, boxes[o + 1]!);
    binBox[q + 2] = Math.max(binBox[q + 2]!, boxes[o + 2]!);
    binBox[q + 3] = Math.max(binBox[q + 3]!, boxes[o + 3]!);
  }
  // Plane k splits bins 0..k from k+1..: sweep the left costs up, then the right ones down.
  let mnX = Infinity, mnY = Infinity, mxX = -Infinity, mxY = -Infinity, n = 0;
  for (let k = 0; k < last; k++) {
    const q = 4 * k;
    n += binCount[k]!;
    mnX = Math.min(mnX, binBox[q]!); mnY = Math.min(mnY, binBox[q + 1]!);
    mxX = Math.max(mxX, binBox[q + 2]!); mxY = Math.max(mxY, binBox[q + 3]!);
    leftCost[k] = n === 0 ? NaN : n * (mxX - mnX + mxY - mnY);
  }
  mnX = Infinity; mnY = Infinity; mxX = -Infinity; mxY = -Infinity; n = 0;
  let bestPlane = -1, bestCost = Infinity;
  for (let k = last - 1; k >= 0; k--) {
    const q = 4 * (k + 1);
    n += binCount[k + 1]!;
    mnX = Math.min(mnX, binBox[q]!); mnY = Math.min(mnY, binBox[q + 1]!);
    mxX = Math.max(mxX, binBox[q + 2]!); mxY = Math.max(mxY, binBox[q + 3]!);
    if (n === 0 || n === count) continue;
    const cost = leftCost[k]! + n * (mxX - mnX + mxY - mnY);
    if (cost <= bestCost) {
      bestCost = cost;
      bestPlane = k;
    }
  }
  if (bestPlane < 0) return start + (count >> 1);
  // Hoare partition: bins 0..bestPlane to the front.
  let i = start, j = end - 1;
  for (;;) {
    while (i <= j && bins[i]! <= bestPlane) i++;
    while (i <= j && bins[j]! > bestPlane) j--;
    if (i >= j) break;
    const t = ids[i]!; ids[i] = ids[j]!; ids[j] = t;
    bins[j] = bins[i]!; // bins[i] is not read again
    for (let c = 0; c < 4; c++) {
      const u = boxes[4 * i + c]!; boxes[4 * i + c] = boxes[4 * j + c]!; boxes[4 * j + c] = u;
    }
    i++;
    j--;
  }
  return i > start && i < end ? i : start + (count >> 1);
}

function grownFloat(a: Float64Array, length: number): Float64Array {
  const grown = new Float64Array(length);
  grown.set(a);
  return grown;
}

function grownInt(a: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(a);
  return grown;
}
