// The contacts of a collision world, after Box2D's contact.c: one per candidate pair the broad
// phase reported, holding the pair's manifold as an OverlapPair (null while the shapes do not
// overlap) and the two shape versions it was computed from, so an update recomputes only pairs
// with a changed shape. A pair is dropped once a moved shape's fat box parts from the other's, or
// its filter bits no longer meet. The cache also keeps the list overlaps() returns, sorted in
// scene order, and merges a drag step's few changed pairs into it instead of sorting them all.
import { SLOT_LIMIT, type PairSet } from "./broad-phase";
import { collide, Manifold } from "./manifold";
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

export interface Contact {
  /** The two slots, lower first. */
  readonly a: number;
  readonly b: number;
  versionA: number;
  versionB: number;
  /** The slot that was A of the manifold: the one first in scene order when it was computed. */
  first: number;
  /** The overlap, or null when the shapes (whose fat boxes meet) do not overlap. */
  overlap: OverlapPair | null;
}

/** Contacts to update in order (`next` the first not done), and the slots that had moved when they were found. */
interface Waiting {
  readonly contacts: Contact[];
  readonly keys: number[];
  next: number;
  readonly moved: Uint8Array;
}

/** The overlapping contacts last listed, in list order, with each one's scene-order key. */
interface Listed {
  readonly contacts: Contact[];
  readonly order: number[];
}

const manifold = new Manifold();
/** The two transforms of the pair being updated. */
const xfFirst = { px: 0, py: 0, c: 1, s: 0 }, xfSecond = { px: 0, py: 0, c: 1, s: 0 };

export class ContactCache implements PairSet {
  private readonly contacts = new Map<number, Contact>();
  /** Each slot's contact keys, so an edited shape's contacts are found without walking them all. */
  private contactsOf: (Set<number> | undefined)[] = [];
  /** Contacts still to update, when an update is done in steps (update(limit)). */
  private waiting: Waiting | null = null;
  private list: OverlapPair[] | null = null;
  private listed: Listed | null = null;
  /**
   * Slots edited in place since the last list: only their contacts need an update, and the list a
   * merge. Unless `everything`: anything else happened (adds, removals, reorders) since the last
   * list, and every contact is looked at.
   */
  private readonly touched = new SlotSet();
  private everything = true;

  constructor(private readonly shapes: ContactShapes, private readonly boxes: ContactBoxes) {}

  get size(): number {
    return this.contacts.size;
  }

  has(key: number): boolean {
    return this.contacts.has(key);
  }

  add(key: number, p: number, q: number): void {
    this.contacts.set(key, { a: Math.min(p, q), b: Math.max(p, q), versionA: -1, versionB: -1, first: -1, overlap: null });
    (this.contactsOf[p] ??= new Set()).add(key);
    (this.contactsOf[q] ??= new Set()).add(key);
  }

  /** Drops every contact of these slots (shapes removed). */
  removeSlots(slots: ReadonlySet<number>): void {
    for (const slot of slots) this.removeSlot(slot);
  }

  /** Drops every contact of one slot (a shape removed), by the slot's own set: no walk over every contact. */
  removeSlot(slot: number): void {
    this.contactsOf[slot]?.forEach((key) => this.drop(key, this.contacts.get(key)!));
    this.contactsOf[slot] = undefined;
  }

  /** After a load into an empty world: no contact, no slot's set. */
  clear(): void {
    this.contacts.clear();
    this.contactsOf = [];
  }

  /** The shapes changed: the list is remade, and an update in steps starts again. */
  changed(): void {
    this.list = null;
    this.waiting = null;
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
    return this.waiting !== null;
  }

  /**
   * Starts an update after the broad phase added its new pairs: `moved` flags the slots whose
   * boxes moved or whose bits changed. Every contact waits, or only the touched slots' when
   * nothing but edits in place happened since the last list.
   */
  begin(moved: Uint8Array): void {
    const contacts = this.contacts;
    const waiting: Waiting = { contacts: [], keys: [], next: 0, moved };
    const wait = (contact: Contact, key: number) => {
      waiting.contacts.push(contact);
      waiting.keys.push(key);
    };
    // Keys first: updating drops contacts from the slots' sets.
    if (!this.everything) this.forTouched(wait);
    else {
      // forEach, not for-of: no [key, value] array per contact.
      contacts.forEach(wait);
    }
    this.waiting = waiting;
  }

  /** Calls visit for each contact of a touched slot, once: a contact of two touched slots from its lower slot's set only. */
  private forTouched(visit: (contact: Contact, key: number) => void): void {
    const touched = this.touched;
    for (const slot of touched.slots) {
      this.contactsOf[slot]?.forEach((key) => {
        const contact = this.contacts.get(key)!, other = contact.a === slot ? contact.b : contact.a;
        if (other > slot || !touched.has(other)) visit(contact, key);
      });
    }
  }

  /** Updates up to `limit` of the waiting contacts: true when none is left. */
  update(limit: number): boolean {
    const waiting = this.waiting;
    if (!waiting) return true;
    const end = Math.min(waiting.keys.length, waiting.next + limit);
    for (let i = waiting.next; i < end; i++) this.updateContact(waiting.contacts[i]!, waiting.keys[i]!, waiting.moved);
    waiting.next = end;
    if (end < waiting.keys.length) return false;
    this.waiting = null;
    return true;
  }

  /**
   * Every overlapping contact's pair, sorted by scene order (the lower index, then the higher),
   * `a` before `b`: the same list until changed(). Call after update() is done.
   */
  overlaps(): readonly OverlapPair[] {
    if (this.list) return this.list;
    const shapes = this.shapes, touched = this.touched, listed = this.listed, contacts = this.contacts;
    const order = (c: Contact): number => {
      const i = shapes.index(c.a), j = shapes.index(c.b);
      return i < j ? i * SLOT_LIMIT + j : j * SLOT_LIMIT + i;
    };
    const found: Contact[] = [], at: number[] = [];
    // After edits in place only: the last list without the touched slots' contacts (still in
    // order), merged with their contacts as they are now, sorted: a drag step sorts a handful, not
    // every contact. Else every overlapping contact, sorted, merged into nothing.
    const merge = !this.everything && listed ? listed : { contacts: [], order: [] };
    const fresh: { key: number; contact: Contact }[] = [];
    const take = (contact: Contact): void => {
      if (contact.overlap) fresh.push({ key: order(contact), contact });
    };
    if (merge === listed) this.forTouched(take);
    else contacts.forEach(take);
    fresh.sort((u, v) => u.key - v.key);
    let k = 0;
    const { contacts: before, order: keys } = merge;
    for (let i = 0; i < before.length; i++) {
      const contact = before[i]!;
      if (touched.has(contact.a) || touched.has(contact.b)) continue;
      const key = keys[i]!;
      for (; k < fresh.length && fresh[k]!.key < key; k++) { found.push(fresh[k]!.contact); at.push(fresh[k]!.key); }
      found.push(contact);
      at.push(key);
    }
    for (; k < fresh.length; k++) { found.push(fresh[k]!.contact); at.push(fresh[k]!.key); }
    const list = found.map((c) => c.overlap!);
    this.listed = { contacts: found, order: at };
    touched.clear();
    this.everything = false;
    return (this.list = list);
  }

  private drop(key: number, contact: Contact): void {
    this.contacts.delete(key);
    this.contactsOf[contact.a]?.delete(key);
    this.contactsOf[contact.b]?.delete(key);
  }

  /**
   * Drops the contact if a shape in `moved` took its fat box away from the other's or its bits no
   * longer meet; else recomputes its manifold if a shape or the scene order changed, A being the
   * shape first in scene order.
   */
  private updateContact(contact: Contact, key: number, moved: Uint8Array): void {
    const a = contact.a, b = contact.b, shapes = this.shapes;
    if ((moved[a] || moved[b]) && (!this.boxes.fatOverlap(a, b) || !shapes.collides(a, b))) {
      this.drop(key, contact);
      return;
    }
    const first = shapes.index(a) < shapes.index(b) ? a : b, second = first === a ? b : a;
    const versionA = shapes.version(a), versionB = shapes.version(b);
    if (contact.versionA === versionA && contact.versionB === versionB && contact.first === first) return;
    contact.versionA = versionA;
    contact.versionB = versionB;
    contact.first = first;
    // Exact boxes apart: no overlap, and no geometry made for a pair that only came near.
    if (!this.boxes.tightOverlap(a, b)) {
      contact.overlap = null;
      return;
    }
    const pair = slotOverlap(shapes, first, second);
    contact.overlap = pair && (shapes.sensor(a) || shapes.sensor(b)) ? { ...pair, sensor: true } : pair;
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
