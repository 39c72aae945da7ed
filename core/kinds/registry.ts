// The shape kinds of the scene format, collected: the core asks here for a shape's geometry, box,
// and rotation. A new kind is its module, a line here, in trace.ts and in the schema's union, and a
// case in each exporter.
import type { Shape, ShapeType } from "../scene/types";
import type { Made, ShapeGeometry } from "../shapes";
import { boxKind } from "./box";
import { capsuleKind } from "./capsule";
import { chainKind } from "./chain";
import { circleKind } from "./circle";
import type { CoreShapeKind } from "./kind";
import { polygonKind } from "./polygon";

export const CORE_KINDS: { readonly [K in ShapeType]: CoreShapeKind<Extract<Shape, { type: K }>> } = {
  circle: circleKind,
  box: boxKind,
  capsule: capsuleKind,
  polygon: polygonKind,
  chain: chainKind,
};

/** The kind module of a shape, typed for any shape of it. */
export const coreKindOf = (s: Shape): CoreShapeKind<Shape> => CORE_KINDS[s.type] as unknown as CoreShapeKind<Shape>;

/** Whether `rotation` turns shapes of this kind (a circle's is ignored). */
export const kindTurns = (type: ShapeType): boolean => CORE_KINDS[type].rotates;

/** The collision geometry of a scene shape in its local frame. */
export const kindGeometry = (s: Shape): Made<ShapeGeometry> => coreKindOf(s).geometry(s);
