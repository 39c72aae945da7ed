// The collision world's shapes, slot by slot: the shape object, its place in scene order, its
// filter bits, a version bumped on every change, and its geometry made on first use. Parallel
// arrays rather than an object per shape, so that 100,000 shapes leave the collector few objects.
import { bitsCollide, type FilterRule } from "./collision-filter";
import { copiedInto } from "./broad-phase";
import { shapeGeometry, shapeTransform } from "./overlaps";
import type { ShapeGeometry, Transform } from "./shapes";
import { collisionLayerOf, collisionMaskOf, type Shape } from "./scene/types";

export class ShapeTable {
  /** The shape in each slot; null in a free slot. */
  private shapeAt: (Shape | null)[] = [];
  /**
   * Made the first time a pair's boxes meet or a query reaches the shape, undefined until then
   * and again after an edit: most shapes of a big level are never near another.
   */
  private geometryAt: (ShapeGeometry | undefined)[] = [];
  private transformAt: (Transform | undefined)[] = [];
  private indexAt = new Int32Array(16);
  private layerAt = new Uint32Array(16);
  private maskAt = new Uint32Array(16);
  private versionAt = new Int32Array(16);
  private freeSlots: number[] = [];

  constructor(readonly filter: FilterRule) {}

  /** The slot a new shape takes: a freed one if any. */
  nextSlot(): number {
    return this.freeSlots.at(-1) ?? this.shapeAt.length;
  }

  /** Puts a new shape in nextSlot() (version 0) and returns the slot. */
  add(shape: Shape, index: number): number {
    const slot = this.freeSlots.pop() ?? this.shapeAt.length;
    this.reserve(slot + 1);
    this.shapeAt[slot] = shape;
    this.geometryAt[slot] = undefined;
    this.transformAt[slot] = undefined;
    this.indexAt[slot] = index;
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
    this.transformAt = none.slice();
    for (let i = 0; i < n; i++) {
      const shape = shapes[i]!;
      this.indexAt[i] = i;
      this.layerAt[i] = collisionLayerOf(shape);
      this.maskAt[i] = collisionMaskOf(shape);
      this.versionAt[i] = 0;
    }
  }

  /** A new object for the shape in `slot`: its version goes up; returns whether its filter bits changed. */
  update(slot: number, shape: Shape): boolean {
    this.shapeAt[slot] = shape;
    this.geometryAt[slot] = undefined;
    this.transformAt[slot] = undefined;
    this.versionAt[slot] = this.versionAt[slot]! + 1;
    const layer = collisionLayerOf(shape) >>> 0, mask = collisionMaskOf(shape) >>> 0;
    const changed = layer !== this.layerAt[slot] || mask !== this.maskAt[slot];
    this.layerAt[slot] = layer;
    this.maskAt[slot] = mask;
    return changed;
  }

  /** Frees the slot for a later add. */
  remove(slot: number): void {
    this.shapeAt[slot] = null;
    this.geometryAt[slot] = undefined;
    this.transformAt[slot] = undefined;
    this.freeSlots.push(slot);
  }

  /** The shape in a used slot. */
  shape(slot: number): Shape {
    return this.shapeAt[slot]!;
  }

  /** Whether the slot holds this very object. */
  holds(slot: number, shape: Shape): boolean {
    return this.shapeAt[slot] === shape;
  }

  id(slot: number): string {
    return this.shapeAt[slot]!.id;
  }

  /** Whether the shape in a used slot is a sensor. */
  sensor(slot: number): boolean {
    return this.shapeAt[slot]!.sensor === true;
  }

  /** The slot's position in the last synced shape list. */
  index(slot: number): number {
    return this.indexAt[slot]!;
  }

  setIndex(slot: number, index: number): void {
    this.indexAt[slot] = index;
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
      g = this.geometryAt[slot] = shapeGeometry(shape);
      this.transformAt[slot] = shapeTransform(shape, g);
    }
    return g;
  }

  /** The slot's transform: call geometry(slot) first. */
  transform(slot: number): Transform {
    return this.transformAt[slot]!;
  }

  /** Room for slots 0..count-1 in every per-slot array. */
  private reserve(count: number): void {
    if (count <= this.indexAt.length) return;
    const size = Math.max(count, 2 * this.indexAt.length);
    this.indexAt = copiedInto(this.indexAt, new Int32Array(size));
    this.versionAt = copiedInto(this.versionAt, new Int32Array(size));
    this.layerAt = copiedInto(this.layerAt, new Uint32Array(size));
    this.maskAt = copiedInto(this.maskAt, new Uint32Array(size));
  }
}
