// Collision filtering: which pairs of shapes interact, and which shapes a query sees. Shapes carry
// Godot-style category bits (`collisionLayer`) and the bits they scan (`collisionMask`), bit 0 being
// collision layer 1. Engines disagree on how the two sides combine, so the rule is a parameter.
import { collisionLayerOf, collisionMaskOf, type Shape } from "./scene/types";

/**
 * - "godot": A and B interact when either scans the other: (maskA & layerB) || (maskB & layerA)
 *   (Godot's 2D physics server).
 * - "box2d": both must agree: (layerA & maskB) && (layerB & maskA) (Box2D's b2ShouldShapesCollide).
 * - "none": every pair interacts; the bits are ignored.
 */
export type FilterRule = "godot" | "box2d" | "none";
export const FILTER_RULES: readonly FilterRule[] = ["godot", "box2d", "none"];

/** The rule the editor and the command line use unless told otherwise: the scene's bits are Godot's. */
export const DEFAULT_FILTER_RULE: FilterRule = "godot";

/** Whether two shapes with these bits interact under `rule`. Bits are unsigned 32-bit values. */
export function bitsCollide(layerA: number, maskA: number, layerB: number, maskB: number, rule: FilterRule): boolean {
  switch (rule) {
    case "godot": return (maskA & layerB) !== 0 || (maskB & layerA) !== 0;
    case "box2d": return (layerA & maskB) !== 0 && (layerB & maskA) !== 0;
    case "none": return true;
  }
}

export function shapesCollide(a: Shape, b: Shape, rule: FilterRule = DEFAULT_FILTER_RULE): boolean {
  return bitsCollide(collisionLayerOf(a), collisionMaskOf(a), collisionLayerOf(b), collisionMaskOf(b), rule);
}

/**
 * Whether a query (a ray, a region) with this mask sees the shape: it is on one of the layers the
 * query scans, as Godot's intersect_ray(collision_mask) and Box2D's query filter mask. A query
 * without a mask sees every shape, even one on no layer at all.
 */
export const queryMaskSees = (shape: Shape, mask: number | undefined): boolean => mask === undefined || (collisionLayerOf(shape) & mask) !== 0;

/** One side of a pair the filter ignores: `shape`'s mask lacks every bit of `other`'s layer. */
export interface FilterMiss {
  /** Id of the shape whose mask misses. */
  readonly shape: string;
  /** That shape's `collisionMask` bits (unsigned). */
  readonly mask: number;
  /** Id of the other shape. */
  readonly other: string;
  /** The other shape's `collisionLayer` bits (unsigned), none of which the mask has. */
  readonly layer: number;
}

/** A shape's id and filter bits, as filterMisses reads them. */
export interface FilterSide {
  readonly id: string;
  readonly layer: number;
  readonly mask: number;
}

/**
 * Why `rule` keeps A and B apart: each side whose mask lacks the other's layer, A's first. Empty
 * when the pair interacts. Godot ignores a pair only when both sides miss (both are listed);
 * Box2D when either does (those that do are listed); "none" never.
 */
export function filterMisses(a: FilterSide, b: FilterSide, rule: FilterRule): FilterMiss[] {
  if (bitsCollide(a.layer, a.mask, b.layer, b.mask, rule)) return [];
  const out: FilterMiss[] = [];
  if ((a.mask & b.layer) === 0) out.push({ shape: a.id, mask: a.mask >>> 0, other: b.id, layer: b.layer >>> 0 });
  if ((b.mask & a.layer) === 0) out.push({ shape: b.id, mask: b.mask >>> 0, other: a.id, layer: a.layer >>> 0 });
  return out;
}

/**
 * Bits as the editor's Collision panel numbers them (bit 0 is layer 1), joined by "+", each with
 * its name when it has one: "3 (pickups)", "1+2", "none".
 */
export function describeBits(bits: number, names?: ReadonlyMap<number, string>): string {
  const parts: string[] = [];
  for (let bit = 1; bit <= 32; bit++) {
    if (((bits >>> (bit - 1)) & 1) === 0) continue;
    const name = names?.get(bit);
    parts.push(name ? `${bit} (${name})` : String(bit));
  }
  return parts.length === 0 ? "none" : parts.join("+");
}

/**
 * The reason of an ignored pair in a designer's words: "masks don't meet (player's mask 2 lacks
 * coin's layer 3)", one clause per side that misses. `nameOf` names a shape (its id by default).
 */
export function describeFilterMisses(misses: readonly FilterMiss[], nameOf: (id: string) => string = (id) => id, bitNames?: ReadonlyMap<number, string>): string {
  const clauses = misses.map((m) => `${nameOf(m.shape)}'s mask ${describeBits(m.mask, bitNames)} lacks ${nameOf(m.other)}'s layer ${describeBits(m.layer, bitNames)}`);
  return `masks don't meet (${clauses.join("; ")})`;
}
