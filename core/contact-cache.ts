// The contacts of a collision world, after Box2D's contact.c: one per candidate pair the broad
// phase reported, holding the pair's manifold (no points while the shapes do not overlap) and the
// two shape versions it was computed from, so an update recomputes only pairs with a changed
// shape. A pair is dropped once a moved shape's fat box parts from the other's, or its filter bits
// no longer meet. The cache also keeps the list of overlapping contacts, sorted in scene order,
// and merges a drag step's few changed pairs into it instead of sorting them all.
//
// Contacts live in typed arrays by id, freed ids reused first (Box2D's contact array and free
// list), each linked into its two slots' lists by two edges (Box2D's b2ContactEdge, keyed
// contact id * 2 + side): a game loop whose contacts begin and end every frame makes no object.
// The OverlapPair objects overlaps() lists are made only when such a list is asked for, as
// records (overlap-record.ts) that nothing rewrites once made.
import { copiedInto, SLOT_LIMIT, type PairSet } from "./broad-phase";
import { collide, Manifold } from "./manifold";
import { OverlapRecord } from "./overlap-record";
import { manifoldPoints, type OverlapPair } from "./overlaps";
import { SlotSet } from "./slot-set";
import type { ShapeGeometry, Transform } from "./shapes";
import { vec2 } from "./vec2";

/** What the cache reads of the shapes and their boxes, slot by slot (the world's ShapeTable and BroadPhase). */
export interface ContactShapes {
  id(slot: number): string;
  /** Position in scene order: a pair's A is the shape that comes first. */
  index(slot: number): number;
  /** Bumped on every change of the slot's shape. */
  version(slot: number): number;
  geometry(slot: number): ShapeGeometry;
  /** After geometry(slot): written to `out` and returned. */
  transform(slot: number, out: { px: number; py: number; c: number; s: number }): Transform;
  /** Whether the two shapes' filter bits let them interact. */
  collides(p: number, q: number): boolean;
  /** Whether the slot's shape is a sensor: its pairs are marked `sensor: true`. */
  sensor(slot: number): boolean;
}

export interface ContactBoxes {
  /** Whether the fat boxes meet: a pair whose boxes part is dropped. */
  fatOverlap(p: number, q: number): boolean;
  /** Whether the exact boxes meet: if not, the shapes do not overlap and no geometry is made. */
  tightOverlap(p: number, q: number): boolean;
}

// A contact's four integers: its slots (lower first), the slot that was A of its manifold (the one
// first in scene order when it was computed; -1 before, and the next free id once freed), flags.
const FIRST = 2, FLAGS = 3;
const LIVE = 1, OVERLAP = 2, SENSOR = 4;
// A contact's numbers: the versions of slots a and b it was computed from, its manifold as
// OverlapRecord.write reads it (point count, depth, normal, two points), its scene-order key.
const MANIFOLD = 2, KEY = 10, NUMS = 11;

const manifold = new Manifold();
/** The two transforms of the pair being updated. */
const xfFirst = { px: 0, py: 0, c: 1, s: 0 }, xfSecond = { px: 0, py: 0, c: 1, s: 0 };

export class ContactCache implements PairSet {
  private ints = new Int32Array(64);
  private nums = new Float64Array(16 * NUMS);
  /** Each edge's next and previous edge in its slot's list, as edge + 1 (0: none). */
  private links = new Int32Array(64);
  /** Each slot's first edge + 1 (0: none) and its number of contacts. */
  private slots = new Int32Array(32);
  /** The objects overlaps() lists, by contact: made once per manifold, when a list needs them. */
  private readonly pairs: (OverlapRecord | null)[] = [];
  private capacity = 16;
  /** One past the highest id ever used. */
  private end = 0;
  private freeHead = -1;
  private count = 0;
  /** Contacts gathered: those waiting for an update (gathered[next…waiting)), or those to list. */
  private gathered = new Int32Array(16);
  private waiting = -1;
  private next = 0;
  private moved: Uint8Array = new Uint8Array(0);
  /** The overlapping contacts in scene order, listed[0…listCount); and a second array to merge into. */
  private listed = new Int32Array(16);
  private merged = new Int32Array(16);
  private listCount = 0;
  /** Bumped each time the list is made again. */
  listVersion = 0;
  private listDone = false;
  /**
   * Slots edited in place since the last list: only their contacts need an update, and the list a
   * merge. Unless `everything`: anything else happened (adds, removals, reorders) since the last
   * list, and every contact is looked at.
   */
  private readonly touched = new SlotSet();
  private everything = true;

  constructor(private readonly shapes: ContactShapes, private readonly boxes: ContactBoxes) {}

  get size(): number {
    return this.count;
  }

  /**
   * The contact of slots p and q, or -1: a walk of the shorter of the two slots' lists, as Box2D
   * v2.4's b2ContactManager::AddPair walks a body's contact edges.
   */
  find(p: number, q: number): number {
    // A slot past the arrays reads undefined: no edge, and the walk ends at once.
    const s = this.slots, links = this.links, ints = this.ints;
    const from = s[2 * p + 1]! <= s[2 * q + 1]! ? p : q, other = from === p ? q : p;
    for (let e = s[2 * from]! - 1; e >= 0; e = links[2 * e]! - 1) {
      // Edge 2c is on slot a's list, 2c + 1 on slot b's: the other slot is at 4c + 1 - side.
      if (ints[2 * e + 1 - 3 * (e & 1)] === other) return e >> 1;
    }
    return -1;
  }

  has(p: number, q: number): boolean {
    return this.find(p, q) >= 0;
  }

  add(p: number, q: number): void {
    let c = this.freeHead;
    if (c >= 0) this.freeHead = this.ints[4 * c + FIRST]!;
    else {
      if (this.end === this.capacity) this.grow();
      c = this.end++;
    }
    const ints = this.ints, a = Math.min(p, q), b = Math.max(p, q);
    ints[4 * c] = a;
    ints[4 * c + 1] = b;
    ints[4 * c + FIRST] = -1;
    ints[4 * c + FLAGS] = LIVE;
    this.link(2 * c, a);
    this.link(2 * c + 1, b);
    this.count++;
  }

  private grow(): void {
    const n = (this.capacity *= 2);
    this.ints = copiedInto(this.ints, new Int32Array(4 * n));
    this.links = copiedInto(this.links, new Int32Array(4 * n));
    this.nums = copiedInto(this.nums, new Float64Array(NUMS * n));
    this.gathered = copiedInto(this.gathered, new Int32Array(n));
    this.listed = copiedInto(this.listed, new Int32Array(n));
    this.merged = new Int32Array(n);
  }

  /** Puts edge e first on the slot's list. */
  private link(e: number, slot: number): void {
    if (2 * slot >= this.slots.length) this.slots = copiedInto(this.slots, new Int32Array(Math.max(2 * slot + 2, 2 * this.slots.length)));
    const s = this.slots, links = this.links, head = s[2 * slot]!;
    links[2 * e] = head;
    links[2 * e + 1] = 0;
    if (head > 0) links[2 * head - 1] = e + 1;
    s[2 * slot] = e + 1;
    s[2 * slot + 1]!++;
  }

  private unlink(e: number, slot: number): void {
    const s = this.slots, links = this.links, next = links[2 * e]!, previous = links[2 * e + 1]!;
    if (previous > 0) links[2 * previous - 2] = next;
    else s[2 * slot] = next;
    if (next > 0) links[2 * next - 1] = previous;
    s[2 * slot + 1]!--;
  }

  /** Frees contact c; its slots stay readable (a list made before may still hold it). */
  private destroy(c: number): void {
    const ints = this.ints;
    this.unlink(2 * c, ints[4 * c]!);
    this.unlink(2 * c + 1, ints[4 * c + 1]!);
    ints[4 * c + FLAGS] = 0;
    ints[4 * c + FIRST] = this.freeHead;
    this.freeHead = c;
    this.pairs[c] = null;
    this.count--;
  }

  /** Drops every contact of these slots (shapes removed). */
  removeSlots(slots: ReadonlySet<number>): void {
    for (const slot of slots) this.removeSlot(slot);
  }

  /** Drops every contact of one slot (a shape removed), by the slot's own list: no walk over every contact. */
  removeSlot(slot: number): void {
    const s = this.slots;
    while (s[2 * slot]! > 0) this.destroy((s[2 * slot]! - 1) >> 1);
  }

  /** After a load into an empty world: no contact, no slot's list. */
  clear(): void {
    this.end = this.count = this.listCount = 0;
    this.freeHead = -1;
    this.slots.fill(0);
    this.pairs.length = 0;
  }

  /** The shapes changed: the list is remade, and an update in steps starts again. */
  changed(): void {
    this.listDone = false;
    this.waiting = -1;
  }

  /** The shape in `slot` was replaced in place (same id, same index). */
  touch(slot: number): void {
    if (!this.everything) this.touched.add(slot);
  }

  /** Shapes came, went or changed places: the next update looks at every contact, and the next list is sorted whole. */
  reorder(): void {
    this.everything = true;
  }

  /** Whether an update in steps is under way (begin() called, update() not yet done). */
  get updating(): boolean {
    return this.waiting >= 0;
  }

  /**
   * Starts an update after the broad phase added its new pairs: `moved` flags the slots whose
   * boxes moved or whose bits changed. Every contact waits, or only the touched slots' when
   * nothing but edits in place happened since the last list.
   */
  begin(moved: Uint8Array): void {
    // Gathered first: updating frees contacts and unlinks their edges.
    this.waiting = this.gather(this.everything, false);
    this.next = 0;
    this.moved = moved;
  }

  /**
   * Puts in gathered[0…n) every contact, or those of the touched slots, each once (a contact of
   * two touched slots from its lower slot's list only); with `overlapping`, only those whose
   * shapes overlap. Returns n.
   */
  private gather(all: boolean, overlapping: boolean): number {
    const ints = this.ints, out = this.gathered, flag = overlapping ? OVERLAP : LIVE;
    let n = 0;
    if (all) {
      for (let c = 0; c < this.end; c++) if (ints[4 * c + FLAGS]! & flag) out[n++] = c;
      return n;
    }
    const touched = this.touched, s = this.slots, links = this.links;
    for (let i = 0; i < touched.size; i++) {
      const slot = touched.at(i);
      // A slot past the arrays reads undefined: no edge.
      for (let e = s[2 * slot]! - 1; e >= 0; e = links[2 * e]! - 1) {
        const other = ints[2 * e + 1 - 3 * (e & 1)]!;
        if ((other > slot || !touched.has(other)) && ints[2 * e - 2 * (e & 1) + FLAGS]! & flag) out[n++] = e >> 1;
      }
    }
    return n;
  }

  /** Updates up to `limit` of the waiting contacts: true when none is left. */
  update(limit: number): boolean {
    if (this.waiting < 0) return true;
    const end = Math.min(this.waiting, this.next + limit);
    for (let i = this.next; i < end; i++) this.updateContact(this.gathered[i]!);
    this.next = end;
    if (end < this.waiting) return false;
    this.waiting = -1;
    return true;
  }

  /**
   * Brings the list up to date and returns its length: the overlapping contacts, sorted by scene
   * order (the lower index, then the higher), read by at(i). Call after update() is done.
   */
  list(): number {
    if (this.listDone) return this.listCount;
    const shapes = this.shapes, touched = this.touched, ints = this.ints;
    // After edits in place only: the last list without the touched slots' contacts (still in
    // order), merged with their contacts as they are now, sorted: a drag step sorts a handful, not
    // every contact. Else every overlapping contact, sorted, merged into nothing.
    const merge = !this.everything;
    const n = this.gather(!merge, true), fresh = this.gathered, nums = this.nums;
    for (let i = 0; i < n; i++) {
      const c = fresh[i]!, x = shapes.index(ints[4 * c]!), y = shapes.index(ints[4 * c + 1]!);
      nums[NUMS * c + KEY] = x < y ? x * SLOT_LIMIT + y : y * SLOT_LIMIT + x;
    }
    // Shell sort by key (gaps n/2.2…1): in place, where Array.prototype.sort would copy.
    for (let gap = n >> 1; gap > 0; gap = gap === 2 ? 1 : Math.floor(gap / 2.2)) {
      for (let i = gap; i < n; i++) {
        const c = fresh[i]!, key = nums[NUMS * c + KEY]!;
        let j = i;
        for (; j >= gap && nums[NUMS * fresh[j - gap]! + KEY]! > key; j -= gap) fresh[j] = fresh[j - gap]!;
        fresh[j] = c;
      }
    }
    const before = this.listed, out = this.merged;
    let k = 0, m = 0;
    for (let i = 0, end = merge ? this.listCount : 0; i < end; i++) {
      const c = before[i]!;
      if (touched.has(ints[4 * c]!) || touched.has(ints[4 * c + 1]!)) continue;
      const key = nums[NUMS * c + KEY]!;
      while (k < n && nums[NUMS * fresh[k]! + KEY]! < key) out[m++] = fresh[k++]!;
      out[m++] = c;
    }
    while (k < n) out[m++] = fresh[k++]!;
    this.merged = before;
    this.listed = out;
    this.listCount = m;
    touched.clear();
    this.everything = false;
    this.listDone = true;
    this.listVersion++;
    return m;
  }

  /** The contact at place i of the list. */
  at(i: number): number {
    return this.listed[i]!;
  }

  /** Whether contact c is live, its shapes overlap (after list(): the list holds it) and one is a sensor. */
  sensor(c: number): boolean {
    return this.ints[4 * c + FLAGS] === (LIVE | OVERLAP | SENSOR);
  }

  /** Whether contact c is live, its shapes overlap (after list(): the list holds it) and neither is a sensor. */
  solid(c: number): boolean {
    return this.ints[4 * c + FLAGS] === (LIVE | OVERLAP);
  }

  /** Writes the overlap of contact c (which overlaps) into `out`, `a` the shape first in scene order. */
  write(c: number, out: OverlapRecord): void {
    const ints = this.ints, first = ints[4 * c + FIRST]!;
    out.write(this.shapes.id(first), this.shapes.id(first === ints[4 * c] ? ints[4 * c + 1]! : ints[4 * c]!), this.nums, NUMS * c + MANIFOLD);
  }

  /** The OverlapPair of contact c (which overlaps), `a` the shape first in scene order: made when first asked for since its manifold was, then the same object. */
  pair(c: number): OverlapPair {
    let made = this.pairs[c];
    if (!made) this.write(c, (made = this.pairs[c] = new OverlapRecord((this.ints[4 * c + FLAGS]! & SENSOR) > 0)));
    return made;
  }

  /**
   * Drops the contact if a shape in `moved` took its fat box away from the other's or its bits no
   * longer meet; else recomputes its manifold if a shape or the scene order changed, A being the
   * shape first in scene order.
   */
  private updateContact(c: number): void {
    const ints = this.ints, a = ints[4 * c]!, b = ints[4 * c + 1]!, shapes = this.shapes, moved = this.moved;
    if ((moved[a] || moved[b]) && (!this.boxes.fatOverlap(a, b) || !shapes.collides(a, b))) {
      this.destroy(c);
      return;
    }
    const first = shapes.index(a) < shapes.index(b) ? a : b, second = first === a ? b : a;
    const versionA = shapes.version(a), versionB = shapes.version(b), nums = this.nums, k = NUMS * c;
    if (ints[4 * c + FIRST] === first && nums[k] === versionA && nums[k + 1] === versionB) return;
    nums[k] = versionA;
    nums[k + 1] = versionB;
    ints[4 * c + FIRST] = first;
    this.pairs[c] = null;
    ints[4 * c + FLAGS] = LIVE;
    // Exact boxes apart: no overlap, and no geometry made for a pair that only came near.
    if (!this.boxes.tightOverlap(a, b)) return;
    const m = collide(shapes.geometry(first), shapes.transform(first, xfFirst), shapes.geometry(second), shapes.transform(second, xfSecond), manifold);
    nums[k + 2] = m.pointCount; nums[k + 3] = m.depth; nums[k + 4] = m.normalX; nums[k + 5] = m.normalY;
    nums[k + 6] = m.point1X; nums[k + 7] = m.point1Y; nums[k + 8] = m.point2X; nums[k + 9] = m.point2Y;
    if (m.pointCount > 0) ints[4 * c + FLAGS] = shapes.sensor(a) || shapes.sensor(b) ? LIVE | OVERLAP | SENSOR : LIVE | OVERLAP;
  }
}

/**
 * The overlap of the shapes in slots `first` and `second` (A being `first`: the normal points from
 * it), without the sensor mark; null when they do not overlap.
 */
export function slotOverlap(shapes: ContactShapes, first: number, second: number): OverlapPair | null {
  const m = collide(shapes.geometry(first), shapes.transform(first, xfFirst), shapes.geometry(second), shapes.transform(second, xfSecond), manifold);
  return m.pointCount === 0 ? null : { a: shapes.id(first), b: shapes.id(second), depth: m.depth, normal: vec2(m.normalX, m.normalY), points: manifoldPoints(m) };
}
