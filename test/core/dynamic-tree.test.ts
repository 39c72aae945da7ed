// The dynamic tree against brute force over the live boxes: seeded runs of create, destroy and move
// (small and large) interleaved with region queries and ray casts, on scenes chosen to hurt a tree
// (clusters, huge with tiny, identical boxes, far from the origin); validate() after every step in
// the short runs. Then the ray cast's clip / stop / ignore contract, zero-length and axis-parallel
// rays, build() against one-by-one inserts, rebuildTree(), and the errors. Seeds are pinned.
import { describe, expect, it } from "vitest";
import { DynamicTree, PACK_AFTER_RAYS } from "../../core/dynamic-tree";
import { rebuildTree, treeAreaRatio, treeBox, treeHeight, treeProxyCount, treeUserData, validateTree } from "../../core/dynamic-tree-checks";
import { seededRandom } from "../seeded-random";

type Box = [number, number, number, number];

/** The live proxies of a run: id → box and user data. */
class Mirror {
  readonly boxes = new Map<number, Box>();
  readonly data = new Map<number, number>();
  ids(): number[] {
    return [...this.boxes.keys()];
  }
}

function overlaps(b: Box, q: Box): boolean {
  return b[0] <= q[2] && q[0] <= b[2] && b[1] <= q[3] && q[1] <= b[3];
}

/**
 * Where the segment p + t·d, t in [0, max], enters box b (Liang–Barsky slabs, touching counts), or
 * -1 when it misses. A zero component of d is a slab the ray is inside or outside for all t.
 */
function segmentEntry(b: Box, px: number, py: number, dx: number, dy: number, max: number): number {
  let t0 = 0, t1 = max;
  const slabs: [number, number, number, number][] = [[px, dx, b[0], b[2]], [py, dy, b[1], b[3]]];
  for (const [p, d, lo, hi] of slabs) {
    if (d === 0) {
      if (p < lo || p > hi) return -1;
      continue;
    }
    let a = (lo - p) / d, c = (hi - p) / d;
    if (a > c) [a, c] = [c, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, c);
  }
  return t0 <= t1 ? t0 : -1;
}

function sorted(xs: Iterable<number>): number[] {
  return [...xs].sort((a, b) => a - b);
}

function queryIds(tree: DynamicTree, q: Box): number[] {
  const seen: number[] = [];
  tree.query(q[0], q[1], q[2], q[3], (id) => {
    seen.push(id);
    return true;
  });
  return sorted(seen);
}

function bruteQuery(m: Mirror, q: Box): number[] {
  return sorted(m.ids().filter((id) => overlaps(m.boxes.get(id)!, q)));
}

/** Proxies visited by a ray cast whose visit ignores every proxy (returns -1): no clipping. */
function rayVisits(tree: DynamicTree, x1: number, y1: number, x2: number, y2: number, max = 1): Set<number> {
  const seen = new Set<number>();
  tree.rayCast(x1, y1, x2, y2, max, (id, _data, fraction) => {
    expect(fraction).toBe(max);
    seen.add(id);
    return -1;
  });
  return seen;
}

function bruteCrossed(m: Mirror, x1: number, y1: number, x2: number, y2: number, max = 1): number[] {
  return m.ids().filter((id) => segmentEntry(m.boxes.get(id)!, x1, y1, x2 - x1, y2 - y1, max) >= 0);
}

/**
 * Closest hit through the tree: visit clips at each exact entry (a start inside a box is no hit);
 * checks that visit always sees the current clip.
 */
function closestHit(tree: DynamicTree, m: Mirror, x1: number, y1: number, x2: number, y2: number): { fraction: number; visited: Set<number> } {
  let best = 1;
  const visited = new Set<number>();
  tree.rayCast(x1, y1, x2, y2, 1, (id, data, fraction) => {
    expect(fraction).toBe(best);
    expect(data).toBe(m.data.get(id));
    visited.add(id);
    // A ray that starts inside a box does not hit it (as core's ray casts): ignored, not a stop.
    const f = segmentEntry(m.boxes.get(id)!, x1, y1, x2 - x1, y2 - y1, fraction);
    if (f <= 0) return -1;
    if (f < best) best = f;
    return f;
  });
  return { fraction: best, visited };
}

function bruteClosest(m: Mirror, x1: number, y1: number, x2: number, y2: number): number {
  let best = 1;
  for (const id of m.ids()) {
    const f = segmentEntry(m.boxes.get(id)!, x1, y1, x2 - x1, y2 - y1, 1);
    if (f > 0 && f < best) best = f;
  }
  return best;
}

/** A scene: how boxes are drawn, and the square the queries and rays roam. */
interface Scene {
  readonly name: string;
  readonly seed: number;
  box(r: () => number): Box;
  /** A point where queries and rays start or end. */
  point(r: () => number): [number, number];
  /** The side of a query box, drawn per query. */
  querySize(r: () => number): number;
  /** A small move for a box of this scene. */
  nudge: number;
}

const rect = (x: number, y: number, w: number, h: number): Box => [x, y, x + w, y + h];

const SCENES: Scene[] = [
  {
    name: "uniform", seed: 1,
    box: (r) => rect(100 * r(), 100 * r(), 10 * r(), 10 * r()),
    point: (r) => [-10 + 120 * r(), -10 + 120 * r()],
    querySize: (r) => 30 * r(), nudge: 2,
  },
  {
    // Three tight clusters far apart: the SAH must split between them, then inside each.
    name: "clustered", seed: 2,
    box: (r) => {
      const c = Math.floor(3 * r());
      return rect(c * 1000 + r() * 5, (c % 2) * 700 + r() * 5, r(), r());
    },
    point: (r) => [-10 + 2200 * r(), -10 + 720 * r()],
    querySize: (r) => 4 * r() * (r() < 0.2 ? 500 : 1), nudge: 0.5,
  },
  {
    // Sizes from zero (points and segments) to 1e6, over twelve orders of magnitude.
    name: "huge and tiny", seed: 3,
    box: (r) => {
      const s = r() < 0.15 ? 0 : 10 ** (-6 + 12 * r());
      const w = r() < 0.2 ? 0 : s, h = r() < 0.2 ? 0 : s;
      return rect(-1000 + 2000 * r() - w / 2, -1000 + 2000 * r() - h / 2, w, h);
    },
    point: (r) => [-2000 + 4000 * r(), -2000 + 4000 * r()],
    querySize: (r) => 10 ** (-3 + 6 * r()), nudge: 1,
  },
  {
    // Many identical boxes (and a few others): no split plane separates them.
    name: "identical", seed: 4,
    box: (r) => (r() < 0.85 ? [1, 2, 3, 5] : rect(10 * r(), 10 * r(), 2 * r(), 2 * r())),
    point: (r) => [-2 + 15 * r(), -2 + 15 * r()],
    querySize: (r) => 3 * r(), nudge: 0.25,
  },
  {
    name: "offset 1e6", seed: 5,
    box: (r) => rect(1e6 + 50 * r(), -1e6 + 50 * r(), 3 * r(), 3 * r()),
    point: (r) => [1e6 - 5 + 60 * r(), -1e6 - 5 + 60 * r()],
    querySize: (r) => 10 * r(), nudge: 0.5,
  },
  {
    // Boxes near ±1e15, where an ulp is 0.125: the ray's slack must still keep every crossing.
    name: "far ±1e15", seed: 6,
    box: (r) => {
      const sx = r() < 0.5 ? -1 : 1, sy = r() < 0.5 ? -1 : 1;
      return rect(sx * 1e15 + 1e4 * r(), sy * 1e15 + 1e4 * r(), 100 * r(), 100 * r());
    },
    point: (r) => [(r() < 0.5 ? -1 : 1) * 1e15 + 1.1e4 * r(), (r() < 0.5 ? -1 : 1) * 1e15 + 1.1e4 * r()],
    querySize: (r) => 2000 * r(), nudge: 10,
  },
];

/**
 * One seeded run: `steps` random operations, each followed by a check against brute force; with
 * `validateEvery` 1 the tree's invariants are checked after every step.
 */
function fuzz(scene: Scene, steps: number, validateEvery: number, seed = scene.seed, m = new Mirror(), packAfterRays = PACK_AFTER_RAYS): DynamicTree {
  const r = seededRandom(seed);
  const tree = new DynamicTree();
  tree.packAfterRays = packAfterRays;
  let nextData = 1000;
  for (let step = 0; step < steps; step++) {
    const live = m.ids();
    const op = r();
    if (op < 0.35 || live.length < 3) {
      const b = scene.box(r), data = nextData++;
      const id = tree.createProxy(b[0], b[1], b[2], b[3], data);
      expect(m.boxes.has(id)).toBe(false);
      m.boxes.set(id, b);
      m.data.set(id, data);
    } else if (op < 0.5) {
      const id = live[Math.floor(r() * live.length)]!;
      tree.destroyProxy(id);
      m.boxes.delete(id);
      m.data.delete(id);
    } else if (op < 0.6) {
      // A small move: the box shifts a little (as in a drag).
      const id = live[Math.floor(r() * live.length)]!, b = m.boxes.get(id)!;
      const ox = (r() - 0.5) * scene.nudge, oy = (r() - 0.5) * scene.nudge;
      const moved: Box = [b[0] + ox, b[1] + oy, b[2] + ox, b[3] + oy];
      tree.moveProxy(id, moved[0], moved[1], moved[2], moved[3]);
      m.boxes.set(id, moved);
    } else if (op < 0.68) {
      const id = live[Math.floor(r() * live.length)]!, b = scene.box(r);
      tree.moveProxy(id, b[0], b[1], b[2], b[3]);
      m.boxes.set(id, b);
    } else if (op < 0.84) {
      const [x, y] = scene.point(r), s = scene.querySize(r);
      const q: Box = [x, y, x + s, y + s * (0.5 + r())];
      expect(queryIds(tree, q)).toEqual(bruteQuery(m, q));
    } else {
      const [x1, y1] = scene.point(r);
      let [x2, y2] = scene.point(r);
      const kind = r();
      if (kind < 0.1) x2 = x1; // vertical
      else if (kind < 0.2) y2 = y1; // horizontal
      const crossed = bruteCrossed(m, x1, y1, x2, y2);
      const seen = rayVisits(tree, x1, y1, x2, y2);
      for (const id of crossed) expect(seen.has(id), `ray (${x1}, ${y1}) → (${x2}, ${y2}) missed proxy ${id}`).toBe(true);
      const hit = closestHit(tree, m, x1, y1, x2, y2);
      expect(hit.fraction).toBe(bruteClosest(m, x1, y1, x2, y2));
    }
    expect(treeProxyCount(tree)).toBe(m.boxes.size);
    if (step % validateEvery === 0) validateTree(tree);
  }
  validateTree(tree);
  // Every stored box and user datum is still the one given.
  const out = new Float64Array(4);
  for (const [id, b] of m.boxes) {
    treeBox(tree, id, out);
    expect([...out]).toEqual(b);
    expect(treeUserData(tree, id)).toBe(m.data.get(id));
  }
  return tree;
}

describe("DynamicTree against brute force", () => {
  for (const scene of SCENES) {
    it(`${scene.name}: 600 steps, validated after each (seed ${scene.seed})`, () => {
      fuzz(scene, 600, 1);
    });
  }
  for (const scene of SCENES) {
    it(`${scene.name}: 4000 steps, validated every 200 (seed ${scene.seed + 100})`, () => {
      fuzz(scene, 4000, 200, scene.seed + 100);
    }, 30_000); // seconds of work alone: a guard against a hang, not a speed check
  }
  for (const scene of SCENES) {
    // Every ray after a change copies the tree into the packed layout and walks that instead.
    it(`${scene.name}: 1500 steps, rays through the packed copy (seed ${scene.seed + 200})`, () => {
      fuzz(scene, 1500, 100, scene.seed + 200, new Mirror(), 0);
    });
  }

  it("a deep tree (points at 2^k along x, inserted one by one: each goes beside the rest) and a tree of one", () => {
    const m = new Mirror();
    const boxes = new Float64Array(4 * 600);
    const tree = new DynamicTree();
    for (let k = 0; k < 600; k++) {
      const b: Box = [2 ** k, 0, 2 ** k, k % 3];
      boxes.set(b, 4 * k);
      m.boxes.set(k, b);
      m.data.set(k, k);
      tree.createProxy(b[0], b[1], b[2], b[3], k);
    }
    // Built in bulk, the same points all but share one Morton code: even splits, then binned SAH
    // within ranges of at most 32, so the tree stays shallow.
    const built = DynamicTree.build(boxes);
    expect(treeHeight(tree)).toBeGreaterThan(100);
    expect(treeHeight(built)).toBeLessThan(40);
    for (const t of [tree, built]) {
      validateTree(t);
      for (const q of [[0, 0, Infinity, 1], [3, 0.5, 2 ** 300, 2], [2 ** 599, 0, 2 ** 599, 0]] as Box[]) expect(queryIds(t, q)).toEqual(bruteQuery(m, q));
      const seen = rayVisits(t, 0, 0, 2 ** 600, 0);
      expect(sorted(seen)).toEqual(sorted(bruteCrossed(m, 0, 0, 2 ** 600, 0)));
    }

    const one = new DynamicTree();
    const id = one.createProxy(1, 1, 2, 2, 7);
    expect(treeHeight(one)).toBe(0);
    expect(queryIds(one, [2, 2, 3, 3])).toEqual([id]);
    expect(queryIds(one, [2.5, 2, 3, 3])).toEqual([]);
    expect([...rayVisits(one, 0, 1.5, 5, 1.5)]).toEqual([id]);
    one.destroyProxy(id);
    expect(treeHeight(one)).toBe(-1);
    expect(treeProxyCount(one)).toBe(0);
    validateTree(one);
    one.query(-Infinity, -Infinity, Infinity, Infinity, () => {
      throw new Error("an empty tree visited something");
    });
  });
});

/** A grid of unit boxes with gaps: rays along the grid lines touch edges exactly. */
function grid(): { tree: DynamicTree; m: Mirror } {
  const tree = new DynamicTree();
  const m = new Mirror();
  for (let i = 0; i < 20; i++) {
    for (let j = 0; j < 20; j++) {
      const b: Box = [2 * i, 2 * j, 2 * i + 1, 2 * j + 1];
      const id = tree.createProxy(b[0], b[1], b[2], b[3], 100 * i + j);
      m.boxes.set(id, b);
      m.data.set(id, 100 * i + j);
    }
  }
  return { tree, m };
}

/** Every overlapping pair by brute force, as sorted [dataA, dataB] pairs in sorted order. */
function brutePairs(m: Mirror): string[] {
  const ids = m.ids(), out: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      if (!overlaps(m.boxes.get(ids[i]!)!, m.boxes.get(ids[j]!)!)) continue;
      const a = m.data.get(ids[i]!)!, b = m.data.get(ids[j]!)!;
      out.push(`${Math.min(a, b)},${Math.max(a, b)}`);
    }
  }
  return out.sort();
}

function treePairs(tree: DynamicTree): string[] {
  const out: string[] = [];
  tree.forEachOverlappingPair((a, b) => out.push(`${Math.min(a, b)},${Math.max(a, b)}`));
  return out.sort();
}

describe("DynamicTree.forEachOverlappingPair", () => {
  for (const scene of SCENES) {
    it(`${scene.name}: after 600 random steps, exactly the brute-force pairs, each once (seed ${scene.seed + 7})`, () => {
      const m = new Mirror();
      const tree = fuzz(scene, 600, 600, scene.seed + 7, m);
      expect(treePairs(tree)).toEqual(brutePairs(m));
    });
  }

  it("a bulk-built tree, identical boxes, one proxy and none", () => {
    const r = seededRandom(91);
    const boxes: Box[] = [];
    for (let i = 0; i < 500; i++) {
      const x = r() * 100, y = r() * 100, w = r() * 8;
      boxes.push(i % 50 === 0 ? [5, 5, 6, 6] : [x, y, x + w, y + w * r()]);
    }
    const flat = new Float64Array(boxes.flat());
    const built = DynamicTree.build(flat, new Int32Array(boxes.map((_, i) => 1000 + i)));
    const m = new Mirror();
    boxes.forEach((b, i) => { m.boxes.set(i, b); m.data.set(i, 1000 + i); });
    const expected = brutePairs(m);
    expect(expected.length).toBeGreaterThan(100);
    expect(treePairs(built)).toEqual(expected);
    const one = new DynamicTree();
    one.createProxy(0, 0, 1, 1, 7);
    expect(treePairs(one)).toEqual([]);
    expect(treePairs(new DynamicTree())).toEqual([]);
  });

  it("a visit that changes the tree throws instead of walking freed nodes", () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 20; i++) tree.createProxy(i, 0, i + 2, 1, i);
    expect(() => tree.forEachOverlappingPair(() => tree.createProxy(0, 0, 1, 1, 99))).toThrow();
  });
});

describe("DynamicTree.rayCast", () => {
  it("rays parallel to the axes, along box edges (touching) and between them, keep every hit", () => {
    const { tree, m } = grid();
    // Boxes span [2i, 2i + 1] on each axis: 1.5 and 7.5 run in a gap, 6.5 through the middle.
    for (const c of [0, 1, 1.5, 2, 5, 6.5, 7, 7.5, 38, 39]) {
      for (const [x1, y1, x2, y2] of [[-3, c, 45, c], [45, c, -3, c], [c, -3, c, 45], [c, 45, c, -3]] as const) {
        const seen = rayVisits(tree, x1, y1, x2, y2);
        const crossed = bruteCrossed(m, x1, y1, x2, y2);
        expect(crossed.length).toBe(c % 2 <= 1 ? 20 : 0);
        for (const id of crossed) expect(seen.has(id)).toBe(true);
        expect(closestHit(tree, m, x1, y1, x2, y2).fraction).toBe(bruteClosest(m, x1, y1, x2, y2));
      }
    }
    // Diagonals through the shared corners of boxes.
    for (const [x1, y1, x2, y2] of [[-1, -1, 40, 40], [40, -1, -1, 40], [0, 1, 39, 40]] as const) {
      const seen = rayVisits(tree, x1, y1, x2, y2);
      for (const id of bruteCrossed(m, x1, y1, x2, y2)) expect(seen.has(id)).toBe(true);
    }
  });

  it("a zero-length ray visits exactly the proxies containing the point (edges and corners count)", () => {
    const { tree, m } = grid();
    const r = seededRandom(11);
    const points: [number, number][] = [[0, 0], [1, 1], [2, 0.5], [1.5, 1.5], [39, 39], [-1, 0]];
    for (let k = 0; k < 200; k++) points.push([-1 + 42 * r(), -1 + 42 * r()]);
    for (const [x, y] of points) {
      const seen = rayVisits(tree, x, y, x, y);
      expect(sorted(seen)).toEqual(bruteQuery(m, [x, y, x, y]));
      // maxFraction 0 is the same point.
      expect(sorted(rayVisits(tree, x, y, x + 10, y + 3, 0))).toEqual(bruteQuery(m, [x, y, x, y]));
    }
  });

  it("clips to the returned fraction, ignores on < 0, stops on 0, and honours maxFraction", () => {
    const { tree, m } = grid();
    // A row of 20 boxes along y = 0.5, entered at x = 0, 2, 4, …: from x = -2 to 42, fraction (x + 2) / 44.
    const entry = (x: number) => (x + 2) / 44;
    // Ignore all: every box of the row.
    expect(rayVisits(tree, -2, 0.5, 42, 0.5).size).toBe(20);
    // Clip at the box entered at x = 10: nothing beyond x = 10 afterwards (its boxes start at 12).
    const after: number[] = [];
    let clipped = false;
    tree.rayCast(-2, 0.5, 42, 0.5, 1, (id, _d, fraction) => {
      const b = m.boxes.get(id)!;
      if (clipped) {
        after.push(b[0]);
        expect(fraction).toBe(entry(10));
      }
      if (b[0] === 10) {
        clipped = true;
        return entry(10);
      }
      return -1;
    });
    expect(clipped).toBe(true);
    for (const x of after) expect(x).toBeLessThanOrEqual(10);
    // A fraction at or above the current clip changes nothing.
    let calls = 0;
    tree.rayCast(-2, 0.5, 42, 0.5, 1, (_id, _d, fraction) => {
      expect(fraction).toBe(1);
      calls++;
      return calls % 2 === 0 ? 1 : 5;
    });
    expect(calls).toBe(20);
    // 0 stops at once.
    calls = 0;
    tree.rayCast(-2, 0.5, 42, 0.5, 1, () => {
      calls++;
      return 0;
    });
    expect(calls).toBe(1);
    // maxFraction cuts the ray: up to x = 9 reaches the boxes starting at 0, 2, 4, 6, 8.
    const part = rayVisits(tree, -2, 0.5, 42, 0.5, entry(9));
    expect(sorted([...part].map((id) => m.boxes.get(id)![0]))).toEqual([0, 2, 4, 6, 8]);
    // Negative or NaN maxFraction: nothing.
    expect(rayVisits(tree, -2, 0.5, 42, 0.5, -0.5).size).toBe(0);
    // Closest hit from the right: the box at x = 38 is entered at its right edge, x = 39.
    expect(closestHit(tree, m, 42, 0.5, -2, 0.5).fraction).toBeCloseTo(3 / 44, 15);
  });

  it("a visit may query the same tree again, however deep (the shared stack grows)", () => {
    const { tree, m } = grid();
    let deepest = 0;
    const all = bruteQuery(m, [-Infinity, -Infinity, Infinity, Infinity]);
    // Each level queries everything and, at one of its first proxies, starts the next level: the
    // outer traversals' pending nodes must survive the nested ones above them on the stack, and
    // an outer traversal must go on in the grown stack when it grows again itself.
    const nested = (level: number): void => {
      deepest = Math.max(deepest, level);
      const seen: number[] = [];
      tree.query(-Infinity, -Infinity, Infinity, Infinity, (id) => {
        seen.push(id);
        if (seen.length === 1 + (level % 5) && level < 600) nested(level + 1);
        return true;
      });
      expect(sorted(seen)).toEqual(all);
    };
    nested(1);
    expect(deepest).toBe(600);
    // The outer traversal still works (and every query after it).
    expect(queryIds(tree, [-Infinity, -Infinity, Infinity, Infinity])).toEqual(all);
    const hits: number[] = [];
    tree.rayCast(-2, 0.5, 42, 0.5, 1, (id) => {
      hits.push(id);
      expect(queryIds(tree, m.boxes.get(id)!)).toContain(id);
      return -1;
    });
    expect(hits.length).toBe(20);
  });

  it("a short diagonal ray touching the corner of a huge box still visits it (slack relative to the box)", () => {
    const r = seededRandom(12);
    for (let k = 0; k < 300; k++) {
      // The corner (cx, cy) is small and exact; the box reaches 1e9..1e14 away from it, so its
      // centre and half extents round at ulps far larger than the ray's coordinates.
      const cx = Math.round(64 * r()) / 8, cy = Math.round(64 * r()) / 8;
      const lx = 10 ** (9 + 5 * r()), ly = 10 ** (9 + 5 * r());
      const tree = new DynamicTree();
      const id = tree.createProxy(cx - lx, cy - ly, cx, cy, 0);
      tree.createProxy(cx + 5, cy + 5, cx + 6, cy + 6, 1); // so the box is a child, not the root
      const s = 1 + Math.round(8 * r()) / 4;
      // Through the corner along (1, -1): it only touches the box.
      expect(segmentEntry([cx - lx, cy - ly, cx, cy], cx - s, cy + s, 2 * s, -2 * s, 1)).toBe(0.5);
      expect(rayVisits(tree, cx - s, cy + s, cx + s, cy - s).has(id)).toBe(true);
      // The same through the packed copy, whose float32 boxes are rounded outward.
      tree.packAfterRays = 0;
      expect(rayVisits(tree, cx - s, cy + s, cx + s, cy - s).has(id)).toBe(true);
    }
  });

  it("the packed copy: made after PACK_AFTER_RAYS casts on an unchanged tree, same answers, dropped by a change", () => {
    // Coordinates float32 cannot hold (thirds, huge and tiny magnitudes) with rays touching the
    // boxes' edges exactly: rounding the copy's boxes inward would lose those touches.
    const r = seededRandom(31);
    const m = new Mirror(), tree = new DynamicTree();
    for (let i = 0; i < 400; i++) {
      const scale = [1e-30, 1 / 3, 1, 7e5, 1e20][i % 5]!;
      const x = scale * (20 * r() - 10), y = scale * (20 * r() - 10), w = scale * (0.1 + r()), h = scale * (0.1 + r());
      const b: Box = [x, y, x + w, y + h];
      const id = tree.createProxy(b[0], b[1], b[2], b[3], i);
      m.boxes.set(id, b);
      m.data.set(id, i);
    }
    const check = (round: number) => {
      for (let k = 0; k < 2 * PACK_AFTER_RAYS; k++) {
        const b = m.boxes.get(m.ids()[Math.floor(r() * m.boxes.size)]!)!;
        // Half the rays run along a box's top edge or through its corner.
        const [x1, y1, x2, y2] = k % 2 === 0 ? [b[0] - (b[2] - b[0]), b[3], b[2] + (b[2] - b[0]), b[3]] : [b[0] - (b[2] - b[0]), b[3] + (b[2] - b[0]), b[2] + (b[2] - b[0]), b[3] - (b[2] - b[0])];
        const seen = rayVisits(tree, x1, y1, x2, y2);
        for (const id of bruteCrossed(m, x1, y1, x2, y2)) expect(seen.has(id), `round ${round} ray ${k} missed ${id}`).toBe(true);
        expect(closestHit(tree, m, x1, y1, x2, y2).fraction).toBe(bruteClosest(m, x1, y1, x2, y2));
      }
    };
    check(0);
    // A move (the copy is stale: the next rays walk the tree, then a new copy).
    const id = m.ids()[7]!, b = m.boxes.get(id)!, moved: Box = [b[0] + 1, b[1], b[2] + 1, b[3]];
    tree.moveProxy(id, moved[0], moved[1], moved[2], moved[3]);
    m.boxes.set(id, moved);
    check(1);
    tree.destroyProxy(m.ids()[3]!);
    m.boxes.delete(m.ids()[3]!);
    check(2);
  });

  it("the packed copy keeps float32's precision for a scene far from 0, and is not made for a tree wider than float32's range", () => {
    // Unit boxes 2 apart in a 100 × 100 grid, far from the origin; rays along the gaps between
    // rows touch nothing. Float32 boxes at 1e8 (spacing 8) would make every box a candidate; the
    // copy's boxes are relative to the root's centre. A tree 1e39 wide has no finite float32
    // boxes at all, so it is walked unpacked.
    for (const [offset, far] of [[1e8, false], [1e12, false], [0, true]] as const) {
      const boxes = new Float64Array(4 * 10_001);
      for (let i = 0; i < 100; i++) for (let j = 0; j < 100; j++) boxes.set([offset + 2 * i, offset + 2 * j, offset + 2 * i + 1, offset + 2 * j + 1], 4 * (100 * i + j));
      boxes.set(far ? [1e39, 1e39, 2e39, 2e39] : [offset + 300, offset, offset + 301, offset + 1], 4 * 10_000);
      const plain = DynamicTree.build(boxes), packed = DynamicTree.build(boxes);
      plain.packAfterRays = Infinity;
      packed.packAfterRays = 0;
      for (let j = 0; j < 99; j += 7) {
        // In the gap between rows j and j + 1 (exact in double at these offsets).
        const y = offset + 2 * j + 1.5;
        const want = rayVisits(plain, offset - 5, y, offset + 205, y);
        const got = rayVisits(packed, offset - 5, y, offset + 205, y);
        expect(sorted([...got]), `offset ${offset} row ${j}`).toEqual(sorted([...want]));
        expect(want.size, `offset ${offset} row ${j}`).toBe(0);
      }
    }
  });

  it("a visit that changes the tree throws instead of walking freed nodes", () => {
    const { tree } = grid();
    expect(() => tree.query(0, 0, 10, 10, (id) => {
      tree.destroyProxy(id);
      return true;
    })).toThrow(/during a query/);
    expect(() => tree.rayCast(-2, 0.5, 42, 0.5, 1, () => {
      tree.createProxy(0, 0, 1, 1, 0);
      return -1;
    })).toThrow(/during a query/);
    validateTree(tree);
  });
});

function randomBoxes(seed: number, n: number, side: number): Float64Array {
  const r = seededRandom(seed);
  const boxes = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) boxes.set(rect(side * r(), side * r(), 1 + 19 * r(), 1 + 19 * r()), 4 * i);
  return boxes;
}

describe("DynamicTree.build and rebuild", () => {
  it("build gives the answers of one-by-one inserts, ids in input order, user data", () => {
    const n = 3000;
    const boxes = randomBoxes(21, n, 1000);
    const userData = new Int32Array(n).map((_, i) => 7 * i - 5000);
    const built = DynamicTree.build(boxes, userData);
    const plain = DynamicTree.build(boxes);
    const inserted = new DynamicTree();
    const m = new Mirror();
    for (let i = 0; i < n; i++) {
      const b: Box = [boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!];
      expect(inserted.createProxy(b[0], b[1], b[2], b[3], userData[i]!)).toBe(i);
      m.boxes.set(i, b);
      m.data.set(i, userData[i]!);
    }
    validateTree(built);
    expect(treeProxyCount(built)).toBe(n);
    const out = new Float64Array(4);
    for (let i = 0; i < n; i += 97) {
      treeBox(built, i, out);
      expect([...out]).toEqual([...boxes.subarray(4 * i, 4 * i + 4)]);
      expect(treeUserData(built, i)).toBe(userData[i]);
      expect(treeUserData(plain, i)).toBe(i);
    }
    const r = seededRandom(22);
    for (let k = 0; k < 300; k++) {
      const x = 1100 * r() - 50, y = 1100 * r() - 50, s = 60 * r();
      const q: Box = [x, y, x + s, y + s];
      expect(queryIds(built, q)).toEqual(queryIds(inserted, q));
      expect(queryIds(built, q)).toEqual(bruteQuery(m, q));
      const x2 = 1100 * r() - 50, y2 = 1100 * r() - 50;
      expect(sorted(rayVisits(built, x, y, x2, y2))).toEqual(sorted(rayVisits(inserted, x, y, x2, y2)));
      expect(closestHit(built, m, x, y, x2, y2).fraction).toBe(bruteClosest(m, x, y, x2, y2));
    }
    // The built tree keeps working as a dynamic one: new ids continue after n.
    expect(built.createProxy(0, 0, 1, 1, 1)).toBe(n);
    built.destroyProxy(5);
    expect(built.createProxy(0, 0, 1, 1, 1)).toBe(5);
    validateTree(built);
  });

  it("build: height within 2·log2(n) + 2 and an area ratio no worse than inserting", () => {
    for (const [seed, n] of [[31, 10], [32, 100], [33, 1000], [34, 10_000], [35, 30_000]] as const) {
      const boxes = randomBoxes(seed, n, Math.sqrt(n) * 30);
      const built = DynamicTree.build(boxes);
      const inserted = new DynamicTree();
      for (let i = 0; i < n; i++) inserted.createProxy(boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!, i);
      // Measured: 2·log2(n) + 2 holds with room for the built tree (log2(n) + 4 or so) and inserts.
      expect(treeHeight(built)).toBeLessThanOrEqual(2 * Math.log2(n) + 2);
      expect(treeHeight(inserted)).toBeLessThanOrEqual(2 * Math.log2(n) + 2);
      expect(treeAreaRatio(built)).toBeLessThanOrEqual(treeAreaRatio(inserted) * 1.05);
    }
    // Identical boxes: a balanced tree, not a list.
    const same = new Float64Array(4 * 1024);
    for (let i = 0; i < 1024; i++) same.set([1, 1, 2, 2], 4 * i);
    expect(treeHeight(DynamicTree.build(same))).toBe(10);
    expect(treeHeight(DynamicTree.build(new Float64Array(0)))).toBe(-1);
  });

  it("rebuild keeps every answer, id and user datum, and lowers the area ratio after many moves", () => {
    const n = 4000;
    const boxes = randomBoxes(41, n, 2000);
    const tree = new DynamicTree();
    const m = new Mirror();
    for (let i = 0; i < n; i++) {
      const b: Box = [boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!];
      const id = tree.createProxy(b[0], b[1], b[2], b[3], i * 3);
      m.boxes.set(id, b);
      m.data.set(id, i * 3);
    }
    const r = seededRandom(42);
    for (let k = 0; k < 20_000; k++) {
      // Moves that drift: each box walks a few units at a time.
      const id = Math.floor(r() * n), b = m.boxes.get(id)!;
      const ox = (r() - 0.5) * 60, oy = (r() - 0.5) * 60;
      const moved: Box = [b[0] + ox, b[1] + oy, b[2] + ox, b[3] + oy];
      tree.moveProxy(id, moved[0], moved[1], moved[2], moved[3]);
      m.boxes.set(id, moved);
      if (k % 5000 === 0) {
        tree.destroyProxy(id);
        expect(tree.createProxy(moved[0], moved[1], moved[2], moved[3], m.data.get(id)!)).toBe(id);
      }
    }
    validateTree(tree);
    const before = treeAreaRatio(tree);
    const queries: Box[] = [];
    for (let k = 0; k < 200; k++) {
      const x = 2100 * r() - 50, y = 2100 * r() - 50, s = 80 * r();
      queries.push([x, y, x + s, y + s]);
    }
    const answers = queries.map((q) => queryIds(tree, q));
    rebuildTree(tree);
    validateTree(tree);
    // Rotations on every move keep the incremental tree close to a rebuilt one, yet the rebuild
    // (binned SAH over every leaf) must still do better and answer every query the same.
    expect(treeAreaRatio(tree)).toBeLessThan(before);
    expect(queries.map((q) => queryIds(tree, q))).toEqual(answers);
    for (const q of queries) expect(queryIds(tree, q)).toEqual(bruteQuery(m, q));
    for (const q of queries) expect(closestHit(tree, m, q[0], q[1], q[2] + 500, q[3] - 300).fraction).toBe(bruteClosest(m, q[0], q[1], q[2] + 500, q[3] - 300));
    for (let id = 0; id < n; id += 13) expect(treeUserData(tree, id)).toBe(m.data.get(id));
    // And it stays a dynamic tree.
    tree.destroyProxy(17);
    tree.moveProxy(18, 0, 0, 1, 1);
    validateTree(tree);
    rebuildTree(new DynamicTree()); // empty: nothing to do
  });
});

describe("DynamicTree errors", () => {
  it("ids that are not live proxies are RangeErrors naming the id, and the tree is untouched", () => {
    const tree = new DynamicTree();
    const a = tree.createProxy(0, 0, 1, 1, 5);
    const b = tree.createProxy(2, 2, 3, 3, 6);
    tree.destroyProxy(a);
    const out = new Float64Array(4);
    for (const id of [a, -1, 2, 16, 1e9, 0.5, NaN]) {
      expect(() => tree.destroyProxy(id)).toThrow(RangeError);
      expect(() => tree.destroyProxy(id)).toThrow(String(id));
      expect(() => tree.moveProxy(id, 0, 0, 1, 1)).toThrow(RangeError);
      expect(() => treeUserData(tree, id)).toThrow(RangeError);
      expect(() => treeBox(tree, id, out)).toThrow(RangeError);
    }
    validateTree(tree);
    expect(treeProxyCount(tree)).toBe(1);
    expect(treeUserData(tree, b)).toBe(6);
  });

  it("boxes that are not finite with min <= max, and user data that are not int32, are refused", () => {
    const tree = new DynamicTree();
    const id = tree.createProxy(0, 0, 1, 1, 0);
    for (const bad of [[NaN, 0, 1, 1], [0, 0, Infinity, 1], [-Infinity, 0, 1, 1], [2, 0, 1, 1], [0, 2, 1, 1]] as Box[]) {
      expect(() => tree.createProxy(...bad, 0)).toThrow(RangeError);
      expect(() => tree.moveProxy(id, ...bad)).toThrow(RangeError);
      expect(() => DynamicTree.build(new Float64Array(bad))).toThrow(RangeError);
    }
    for (const data of [0.5, 2 ** 31, NaN]) expect(() => tree.createProxy(0, 0, 1, 1, data)).toThrow(RangeError);
    expect(() => DynamicTree.build(new Float64Array(5))).toThrow(RangeError);
    expect(() => DynamicTree.build(new Float64Array(8), new Int32Array(1))).toThrow(RangeError);
    validateTree(tree);
    expect(treeProxyCount(tree)).toBe(1);
  });
});
