// Every overlapping pair in a scene. A sort-and-sweep on x over the shapes' AABBs keeps the
// narrow phase to boxes that meet; issue 7 replaces it with an incremental tree.
import { aabbOverlaps, proxyAABB, worldProxy, type AABB, type RoundedPolygon } from "./geometry";
import { overlapRoundedPolygons } from "./overlap";
import type { Shape } from "./scene/types";
import type { Vec2 } from "./vec2";

export interface OverlapPair {
  readonly a: string;
  readonly b: string;
  readonly depth: number;
  /** Unit direction in which `b` must move by `depth` to separate from `a`. */
  readonly normal: Vec2;
}

interface Entry {
  readonly index: number;
  readonly shape: Shape;
  readonly proxy: RoundedPolygon;
  readonly box: AABB;
}

/** All overlapping pairs, each once, `a` before `b` in scene order; sorted by (a, b) scene index. */
export function findOverlaps(shapes: readonly Shape[]): OverlapPair[] {
  const entries: Entry[] = shapes.map((shape, index) => {
    const proxy = worldProxy(shape);
    return { index, shape, proxy, box: proxyAABB(proxy) };
  });
  const sorted = [...entries].sort((p, q) => p.box.minX - q.box.minX);
  const found: { i: number; j: number; pair: OverlapPair }[] = [];
  for (let s = 0; s < sorted.length; s++) {
    const p = sorted[s]!;
    for (let t = s + 1; t < sorted.length; t++) {
      const q = sorted[t]!;
      if (q.box.minX > p.box.maxX) break;
      if (!aabbOverlaps(p.box, q.box)) continue;
      const [first, second] = p.index < q.index ? [p, q] : [q, p];
      const hit = overlapRoundedPolygons(first.proxy, second.proxy);
      if (hit) found.push({ i: first.index, j: second.index, pair: { a: first.shape.id, b: second.shape.id, depth: hit.depth, normal: hit.normal } });
    }
  }
  found.sort((u, v) => u.i - v.i || u.j - v.j);
  return found.map((f) => f.pair);
}

/** Ids of every shape that overlaps at least one other. */
export function overlappingIds(pairs: readonly OverlapPair[]): Set<string> {
  const ids = new Set<string>();
  for (const p of pairs) {
    ids.add(p.a);
    ids.add(p.b);
  }
  return ids;
}
