// What the Inspector's header calls a selection of shapes: "box box-1", or "3 boxes" when they
// are all of one kind, "3 shapes" when mixed. Plurals are spelled out per kind (box: boxes).
import type { Shape, ShapeType } from "../../core";

/** Each kind's plural, as the header writes it; a new kind must add its own (the type requires it). */
const PLURALS: { readonly [K in ShapeType]: string } = {
  box: "boxes",
  circle: "circles",
  capsule: "capsules",
  polygon: "polygons",
  chain: "chains",
};

/** `n` shapes of one kind, or of several when `type` is null: "1 box", "3 boxes", "2 shapes". */
export function countOfKind(n: number, type: ShapeType | null): string {
  if (type === null) return `${n} ${n === 1 ? "shape" : "shapes"}`;
  return `${n} ${n === 1 ? type : PLURALS[type]}`;
}

/** The header for selected shapes (at least one): the one shape's kind and id, or how many of which kind. */
export function selectionHeading(shapes: readonly Shape[]): string {
  if (shapes.length === 1) return `${shapes[0]!.type} ${shapes[0]!.id}`;
  const type = shapes[0]?.type;
  const one = type !== undefined && shapes.every((s) => s.type === type);
  return countOfKind(shapes.length, one ? type : null);
}
