// The pairs whose shapes overlap but which the collision filter keeps apart, each with why: what
// the editor shows faintly. The world's overlaps never look at them (the broad phase drops a
// filtered pair before the contact cache sees it), so they are found here, only when asked: a
// walk of the broad phase's tree for filtered pairs whose exact boxes meet, then the manifold. A
// drag step (a few shapes replaced in place) queries around those shapes only, and a scene whose
// bits all meet one another (one set of bits for every shape, the usual case) needs no walk.
import type { BroadPhase } from "./broad-phase";
import { SLOT_LIMIT } from "./broad-phase";
import { filterMisses, bitsCollide, type FilterMiss } from "./collision-filter";
import { slotOverlap } from "./contact-cache";
import type { OverlapPair } from "./overlaps";
import type { ShapeTable } from "./shape-table";

/** An overlap the collision bits filter out, with the reason (ignoredOverlaps()): two shapes that overlap but do not interact under the filter rule. */
export interface IgnoredPair extends OverlapPair {
  /** The sides whose mask lacks the other's layer (filterMisses), `a`'s first. */
  readonly misses: readonly FilterMiss[];
}

/** A found pair with its slots and its scene-order key (lower index, then higher). */
interface Found {
  readonly p: number;
  readonly q: number;
  readonly key: number;
  readonly pair: IgnoredPair;
}

/** Beyond this many distinct (layer, mask) sets the pass over the bits gives up and the tree is walked. */
const BIT_SETS = 16;

export class IgnoredPairs {
  private list: readonly IgnoredPair[] | null = null;
  private found: Found[] = [];
  /** Slots replaced in place since the last list, or null when shapes came, went or moved in scene order. */
  private touched: Set<number> | null = null;

  constructor(private readonly table: ShapeTable, private readonly broadPhase: BroadPhase) {}

  /** The shapes changed: the next pairs() looks again. */
  changed(): void {
    this.list = null;
  }

  /** The shape in `slot` was replaced in place (same id, same index). */
  touch(slot: number): void {
    this.touched?.add(slot);
  }

  /** Shapes came, went or changed places: the next pairs() looks at every shape. */
  reorder(): void {
    this.touched = null;
  }

  /** Every ignored overlapping pair, `a` before `b` in scene order, sorted by (a, b) scene index. */
  pairs(): readonly IgnoredPair[] {
    if (this.list) return this.list;
    const touched = this.touched;
    const found = touched ? this.refound(touched) : this.foundAll();
    found.sort((u, v) => u.key - v.key);
    this.found = found;
    this.touched = new Set();
    return (this.list = found.map((f) => f.pair));
  }

  /** Every pair, from scratch. */
  private foundAll(): Found[] {
    const table = this.table, found: Found[] = [];
    if (this.allMeet()) return found;
    const broadPhase = this.broadPhase;
    broadPhase.tree.forEachOverlappingPair((p, q) => {
      if (!table.collides(p, q) && broadPhase.tightOverlap(p, q)) this.consider(p, q, found);
    });
    return found;
  }

  /** The last pairs without the touched slots', and the touched slots' pairs as they are now. */
  private refound(touched: ReadonlySet<number>): Found[] {
    const found = this.found.filter((f) => !touched.has(f.p) && !touched.has(f.q));
    const table = this.table, t = this.broadPhase.tight;
    for (const p of touched) {
      const k = 4 * p;
      this.broadPhase.query(t[k]!, t[k + 1]!, t[k + 2]!, t[k + 3]!, (q) => {
        // A pair of two touched slots is taken from the lower slot's query only.
        if (q === p || (q < p && touched.has(q)) || table.collides(p, q)) return;
        this.consider(p, q, found);
      });
    }
    return found;
  }

  /**
   * Whether every shape's bits meet every other's: a pass over the bits, no tree walk, when the
   * shapes use only a few distinct sets of bits and each set meets itself and the others.
   */
  private allMeet(): boolean {
    const table = this.table, rule = table.filter;
    if (rule === "none") return true;
    const layers: number[] = [], masks: number[] = [];
    for (let slot = 0, end = table.slotEnd; slot < end; slot++) {
      if (!table.used(slot)) continue;
      const layer = table.layer(slot), mask = table.mask(slot);
      let known = false;
      for (let i = layers.length - 1; i >= 0 && !known; i--) known = layers[i] === layer && masks[i] === mask;
      if (known) continue;
      if (layers.length === BIT_SETS) return false;
      for (let i = 0; i < layers.length; i++) if (!bitsCollide(layer, mask, layers[i]!, masks[i]!, rule)) return false;
      if (!bitsCollide(layer, mask, layer, mask, rule)) return false;
      layers.push(layer);
      masks.push(mask);
    }
    return true;
  }

  /** Adds the pair of slots p and q (filtered, boxes meeting) when their shapes overlap. */
  private consider(p: number, q: number, found: Found[]): void {
    const table = this.table;
    const i = table.index(p), j = table.index(q);
    const first = i < j ? p : q, second = first === p ? q : p;
    const overlap = slotOverlap(table, first, second);
    if (!overlap) return;
    const misses = filterMisses({ id: overlap.a, layer: table.layer(first), mask: table.mask(first) }, { id: overlap.b, layer: table.layer(second), mask: table.mask(second) }, table.filter);
    const key = i < j ? i * SLOT_LIMIT + j : j * SLOT_LIMIT + i;
    const pair = { ...overlap, misses };
    found.push({ p, q, key, pair: table.sensor(p) || table.sensor(q) ? { ...pair, sensor: true } : pair });
  }
}
