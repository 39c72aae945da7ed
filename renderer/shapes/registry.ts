// The shape kinds, collected: every part of the editor that depends on a shape's kind asks here.
// A new kind is its module in this folder, one line below, and its core and exporter cases.
import type { Shape, ShapeType } from "../../core";
import { boxKind } from "./box";
import { capsuleKind } from "./capsule";
import { chainKind } from "./chain";
import { circleKind } from "./circle";
import { frameToWorld, worldToFrame } from "./frame";
import type { Point2, Segment, ShapeKind } from "./kind";
import { polygonKind } from "./polygon";

export const SHAPE_KINDS: { readonly [K in ShapeType]: ShapeKind<Extract<Shape, { type: K }>> } = {
  circle: circleKind,
  box: boxKind,
  capsule: capsuleKind,
  polygon: polygonKind,
  chain: chainKind,
};

/** The kinds in toolbar order. */
export const KIND_LIST: readonly ShapeKind[] = Object.values(SHAPE_KINDS) as readonly ShapeKind[];

/** The kind module of a shape (typed for any shape: each module checks the handles it is given). */
export const kindOf = (s: Shape): ShapeKind => SHAPE_KINDS[s.type] as ShapeKind;

/** The rotation a shape is drawn with, in degrees (0 for kinds that do not turn). */
export const rotationOf = (s: Shape): number => (kindOf(s).rotates ? s.rotation : 0);

/** A point of the shape's local frame in world units. */
export const localToWorld = (s: Shape, p: Point2): Point2 => frameToWorld(s, rotationOf(s), p);

/** Segments in the shape's local frame (a refused edit's crossing edges) in world units. */
export const segmentsToWorld = (s: Shape, segments: readonly Segment[]): Segment[] => segments.map(([a, b]): Segment => [localToWorld(s, a), localToWorld(s, b)]);

/** A world point in the shape's local frame. */
export const worldToLocal = (s: Shape, p: Point2): Point2 => worldToFrame(s, rotationOf(s), p);

/** The shape a click or a drag from `start` to `end` makes with a kind's tool (a click's sizes whole cells of `cell`, when given). */
export const placeShape = (type: ShapeType, id: string, start: Point2, end: Point2, slop: number, cell: number | null = null): Shape => SHAPE_KINDS[type].place(id, start, end, slop, cell);
