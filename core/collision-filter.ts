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
