// The collision world's shapes, slot by slot: the shape object, its order key in scene order, its
// filter bits, a version bumped on every change, and its geometry (made by a bulk load, else on
// first use). Parallel arrays rather than an object per shape, so that 100,000 shapes leave the
// collector few objects.
// A shape moved in place (place(), the world's move()) keeps its object and geometry: its pose
// goes into an array and its transform is rewritten, and a new object is made only when someone
// asks for the shape.
import { bitsCollide, type FilterRule } from "./collision-filter";
import { SLOT_LIMIT, copiedInto } from "./broad-phase";
import { coreKindOf } from "./kinds/registry";
import { shapeGeometry } from "./overlaps";
import { CIRCLE, type ShapeGeometry, type Transform } from "./shapes";
import { collisionLayerOf, collisionMaskOf, type Shape } from "./scene/types";
import { writeRotFromDegrees } from "./vec2";

/** A transform a caller owns, which transform(slot, out) fills. */
export interface SlotTransform {
  px: number;
  py: number;
  c: number;
  s: number;
}

/** A new SlotTransform (the identity). */
export const slotTransform = (): SlotTransform => ({ px: 0, py: 0, c: 1, s: 0 });

/**
 * Writes the transform of `shape` placed at the pose x, y, cos, sin in pose[0…3], cos and sin
 * rotFromDegrees of its rotation, to xf[at…at + 3] as px, py, c, s: the numbers of shapeTransform
 * (overlaps.ts) for a copy of the shape so placed, bit for bit. A centred circle and a kind that
 * does not turn get no rotation.
 */
function placeTransform(xf: Float64Array, at: number, shape: Shape, g: ShapeGeometry, pose: Float64Array): void {
  xf[at] = pose[0]!;
  xf[at + 1] = pose[1]!;
  const still = (g.kind === CIRCLE && g.cx === 0 && g.cy === 0) || !coreKindOf(shape).rotates;
  xf[at + 2] = still ? 1 : pose[2]!;
  xf[at + 3] = still ? 0 : pose[3]!;
}

/** geometry()'s pose for placeTransform. */
const firstPose = new Float64Array(4);

export class ShapeTable {
  /** The shape in each slot; null in a free slot. */
  private shapeAt: (Shape | null)[] = [];
  /**
   * Made by prepare(), else the first time a pair's boxes meet or a query reaches the shape;
   * undefined until then and again after an edit that replaces the object (a move keeps it: it
   * is local).
   */
  private geometryAt: (ShapeGeometry | undefined)[] = [];
  /** px, py, c, s of each slot with a geometry (numbers, not an object per shape). */
  private transformAt = new Float64Array(64);
  /** 1 where the slot was moved by place() since its object was set: its pose is in poseAt. */
  private movedAt = new Uint8Array(16);
  /** x, y, rotation (degrees) of a moved slot. */
  private poseAt = new Float64Array(48);
  /**
   * Each slot's order key: keys rise along the scene order but need not be dense, so a removal
   * leaves a gap instead of renumbering every later shape. Keys stay below SLOT_LIMIT (the
   * contacts' pair keys are lower key · SLOT_LIMIT + higher key).
   */
  private indexAt = new Int32Array(16);
  /** One past the highest key given; keys are exactly 0…count−1 when it equals count. */
  private orderEnd = 0;
  /** Used slots. */
  private count = 0;
  /** Each slot's place among the used slots (dense), when ranked (else made again by rank()). */
  private rankAt = new Int32Array(16);
  private ranked = false;
  private layerAt = new Uint32Array(16);
  private maskAt = new Uint32Array(16);
  private versionAt = new Int32Array(16);
  private freeSlots: number[] = [];

  constructor(readonly filter: FilterRule) {}

  /** The slot a new shape takes: a freed one if any. */
  nextSlot(): number {
    return this.freeSlots.at(-1) ?? this.shapeAt.length;
  }

  /** Puts a new shape in nextSlot() (version 0) with order key `index` and returns the slot. */
  add(shape: Shape, index: number): number {
    const slot = this.freeSlots.pop() ?? this.shapeAt.length;
    this.reserve(slot + 1);
    this.shapeAt[slot] = shape;
    this.geometryAt[slot] = undefined;
    this.indexAt[slot] = index;
    if (index >= this.orderEnd) this.orderEnd = index + 1;
    this.rankAt[slot] = this.count++;
    this.ranked &&= index === this.orderEnd - 1;
    this.movedAt[slot] = 0;
    if (slot < this.prepared) this.prepared = slot;
    this.layerAt[slot] = collisionLayerOf(shape);
    this.maskAt[slot] = collisionMaskOf(shape);
    this.versionAt[slot] = 0;
    return slot;
  }

  /** Replaces every shape with `shapes`, slot i holding shapes[i] at index i. */
  load(shapes: readonly Shape[]): void {
    const n = shapes.length;
    this.freeSlots = [];
    this.reserve(n);
    const none: undefined[] = new Array<undefined>(n);
    this.shapeAt = shapes.slice();
    this.geometryAt = none;
    this.movedAt.fill(0, 0, n);
    for (let i = 0; i < n; i++) {
      const shape = shapes[i]!;
      this.indexAt[i] = i;
      this.layerAt[i] = collisionLayerOf(shape);
      this.maskAt[i] = collisionMaskOf(shape);
      this.versionAt[i] = 0;
    }
    this.prepared = 0;
    this.ordered(n);
  }

  /** Every used slot below this has its geometry since its shape was set. */
  private prepared = 0;

  /**
   * Makes the geometry of up to `limit` shapes that have none yet, in slot order, and returns
   * whether every shape has one. Throws a WorldError naming the first shape whose geometry cannot
   * be made (it bypassed validation), as the query that reaches it would.
   */
  prepare(limit: number): boolean {
    const end = this.shapeAt.length;
    let made = 0, slot = this.prepared;
    for (; slot < end && made < limit; slot++) {
      const shape = this.shapeAt[slot];
      if (shape == null || this.geometryAt[slot] !== undefined) continue;
      this.setGeometry(slot, shape, shapeGeometry(shape));
      made++;
    }
    this.prepared = slot;
    return slot >= end;
  }

  /** A new object for the shape in `slot`: its version goes up; returns whether its filter bits changed. */
  update(slot: number, shape: Shape): boolean {
    this.shapeAt[slot] = shape;
    this.movedAt[slot] = 0;
    this.geometryAt[slot] = undefined;
    if (slot < this.prepared) this.prepared = slot;
    this.versionAt[slot] = this.versionAt[slot]! + 1;
    const layer = collisionLayerOf(shape) >>> 0, mask = collisionMaskOf(shape) >>> 0;
    const changed = layer !== this.layerAt[slot] || mask !== this.maskAt[slot];
    this.layerAt[slot] = layer;
    this.maskAt[slot] = mask;
    return changed;
  }

  /**
   * Moves the shape in `slot` to the pose x, y, cos, sin, rotation (degrees) in to[0…4], cos and
   * sin being rotFromDegrees(rotation): its version goes up, its geometry (local, so unchanged)
   * stays and its transform is rewritten. The shape answers from then on as a copy so placed
   * would; shape(slot) makes that copy when asked.
   */
  place(slot: number, to: Float64Array): void {
    const pose = this.poseAt, k = 3 * slot;
    pose[k] = to[0]!;
    pose[k + 1] = to[1]!;
    pose[k + 2] = to[4]!;
    this.movedAt[slot] = 1;
    this.versionAt[slot] = this.versionAt[slot]! + 1;
    const g = this.geometryAt[slot];
    if (g !== undefined) placeTransform(this.transformAt, 4 * slot, this.shapeAt[slot]!, g, to);
  }

  /** The slot's x, y and rotation (degrees), as shape(slot) has them, without making a moved shape's copy. */
  x(slot: number): number {
    return this.movedAt[slot] ? this.poseAt[3 * slot]! : this.shapeAt[slot]!.x;
  }

  y(slot: number): number {
    return this.movedAt[slot] ? this.poseAt[3 * slot + 1]! : this.shapeAt[slot]!.y;
  }

  rotation(slot: number): number {
    return this.movedAt[slot] ? this.poseAt[3 * slot + 2]! : this.shapeAt[slot]!.rotation;
  }

  /** The object last set in a used slot, its pose stale if the slot was moved since: for the fields a move keeps (kind, sizes, id, bits). */
  fields(slot: number): Shape {
    return this.shapeAt[slot]!;
  }

  /** Frees the slot for a later add; its key leaves a gap in the order. */
  remove(slot: number): void {
    this.count--;
    this.ranked = false;
    this.movedAt[slot] = 0;
    this.shapeAt[slot] = null;
    this.geometryAt[slot] = undefined;
    this.freeSlots.push(slot);
  }

  /** The shape in a used slot; after a move, a copy at its new pose, made once. */
  shape(slot: number): Shape {
    if (this.movedAt[slot]) {
      const k = 3 * slot, pose = this.poseAt;
      this.shapeAt[slot] = { ...this.shapeAt[slot]!, x: pose[k]!, y: pose[k + 1]!, rotation: pose[k + 2]! };
      this.movedAt[slot] = 0;
    }
    return this.shapeAt[slot]!;
  }

  /** Whether the slot holds this very object (never one from before a move). */
  holds(slot: number, shape: Shape): boolean {
    return this.movedAt[slot] === 0 && this.shapeAt[slot] === shape;
  }

  /** The shape's name (a move keeps it), without making the moved copy shape() would. */
  name(slot: number): string | undefined {
    return this.shapeAt[slot]!.name;
  }

  id(slot: number): string {
    return this.shapeAt[slot]!.id;
  }

  /** Whether the shape in a used slot is a sensor. */
  sensor(slot: number): boolean {
    return this.shapeAt[slot]!.sensor === true;
  }

  /** The slot's order key: a lower key comes first in scene order (rank() gives the place itself). */
  index(slot: number): number {
    return this.indexAt[slot]!;
  }

  /** Sets a used slot's key; after setting every slot's, ordered() says the keys are dense again. */
  setIndex(slot: number, index: number): void {
    this.indexAt[slot] = index;
    this.ranked = false;
  }

  /** The keys of the `count` used slots are now exactly 0…count−1 (sync() gave each its place in the list). */
  ordered(count: number): void {
    this.count = count;
    this.orderEnd = count;
    this.ranked = false;
  }

  /** The key an added shape takes: after every other. */
  get nextIndex(): number {
    return this.orderEnd;
  }

  /**
   * Whether the keys should be renumbered (compact()) before the next add: the key range has
   * grown to four times the shapes (plus room for a small world's churn), or would reach SLOT_LIMIT.
   */
  get orderFull(): boolean {
    return this.orderEnd >= Math.min(SLOT_LIMIT - 1, 4 * this.count + 4096);
  }

  /** Renumbers the keys 0…count−1, keeping their order: one pass over the keys and slots. */
  compact(): void {
    if (this.orderEnd === this.count) return;
    const end = this.slotEnd, rank = this.ranks(), key = this.indexAt;
    for (let slot = 0; slot < end; slot++) if (this.shapeAt[slot] != null) key[slot] = rank[slot]!;
    this.orderEnd = this.count;
  }

  /**
   * The slot's place in scene order among the shapes held (0 for the first): its key while the keys
   * are dense, else ranked again in one pass after removals, and kept until the next removal.
   */
  rank(slot: number): number {
    return this.orderEnd === this.count ? this.indexAt[slot]! : this.ranks()[slot]!;
  }

  /** Every used slot's place, by a counting sort of the keys (unique, below orderEnd), made once after a change. */
  private ranks(): Int32Array {
    if (this.ranked) return this.rankAt;
    const bySlot = new Int32Array(this.orderEnd).fill(-1), end = this.slotEnd, key = this.indexAt;
    for (let s = 0; s < end; s++) if (this.shapeAt[s] != null) bySlot[key[s]!] = s;
    let r = 0;
    for (let k = 0; k < bySlot.length; k++) if (bySlot[k]! >= 0) this.rankAt[bySlot[k]!] = r++;
    this.ranked = true;
    return this.rankAt;
  }

  /** Bumped on every update of the slot. */
  version(slot: number): number {
    return this.versionAt[slot]!;
  }

  /** Whether the shape is on one of the layers of a query mask (no mask: every shape). */
  seenBy(slot: number, mask: number | undefined): boolean {
    return mask === undefined || (this.layerAt[slot]! & mask) !== 0;
  }

  /** One past the highest slot ever used. */
  get slotEnd(): number {
    return this.shapeAt.length;
  }

  /** Whether the slot holds a shape (it is not free). */
  used(slot: number): boolean {
    return this.shapeAt[slot] != null;
  }

  /** The slot's category bits (unsigned). */
  layer(slot: number): number {
    return this.layerAt[slot]!;
  }

  /** The bits the slot's shape scans (unsigned). */
  mask(slot: number): number {
    return this.maskAt[slot]!;
  }

  /** Whether two slots' shapes interact under the filter rule. */
  collides(p: number, q: number): boolean {
    return bitsCollide(this.layerAt[p]!, this.maskAt[p]!, this.layerAt[q]!, this.maskAt[q]!, this.filter);
  }

  /** The slot's geometry, made now if this is its first use since the shape was set; throws, naming the shape, for one that bypassed validation. */
  geometry(slot: number): ShapeGeometry {
    let g = this.geometryAt[slot];
    if (g === undefined) {
      const shape = this.shapeAt[slot]!;
      g = shapeGeometry(shape);
      this.setGeometry(slot, shape, g);
    }
    return g;
  }

  /** Keeps `g`, the geometry of `shape` (the slot's object), and makes the slot's transform. */
  private setGeometry(slot: number, shape: Shape, g: ShapeGeometry): void {
    firstPose[0] = this.x(slot);
    firstPose[1] = this.y(slot);
    writeRotFromDegrees(this.rotation(slot), firstPose, 2);
    placeTransform(this.transformAt, 4 * slot, shape, g, firstPose);
    this.geometryAt[slot] = g;
  }

  /** The slot's transform, written to `out` (the caller's) and returned: call geometry(slot) first. */
  transform(slot: number, out: SlotTransform): Transform {
    const xf = this.transformAt, k = 4 * slot;
    out.px = xf[k]!;
    out.py = xf[k + 1]!;
    out.c = xf[k + 2]!;
    out.s = xf[k + 3]!;
    return out;
  }

  /** Room for slots 0..count-1 in every per-slot array. */
  private reserve(count: number): void {
    if (count <= this.indexAt.length) return;
    const size = Math.max(count, 2 * this.indexAt.length);
    this.indexAt = copiedInto(this.indexAt, new Int32Array(size));
    this.rankAt = copiedInto(this.rankAt, new Int32Array(size));
    this.versionAt = copiedInto(this.versionAt, new Int32Array(size));
    this.layerAt = copiedInto(this.layerAt, new Uint32Array(size));
    this.maskAt = copiedInto(this.maskAt, new Uint32Array(size));
    this.movedAt = copiedInto(this.movedAt, new Uint8Array(size));
    this.poseAt = copiedInto(this.poseAt, new Float64Array(3 * size));
    this.transformAt = copiedInto(this.transformAt, new Float64Array(4 * size));
  }
}
