// How one shape is painted, from its layer's paint and its state: solids are filled, chains only
// stroked; a sensor is dashed in the sensor colour whatever its layer (it never warns of an overlap);
// an overlapping shape takes the warning colours; the selection its cyan outline. The batches and
// the single-shape nodes both ask here, so the two draw alike.
import { isSensor, type Shape } from "../../core";
import { kindOf } from "../shapes/registry";
import type { ShapePaint } from "./theme";

export interface ShapeStyle {
  /** null: not filled (a chain's edges have no inside). */
  readonly fill: string | null;
  readonly stroke: string;
  /** Drawn with a dashed outline (a sensor, or any shape of a locked layer). */
  readonly dashed: boolean;
}

/** Bits of what decides a shape's style: shapes in a row with the same key share it. */
export const STYLE_OVERLAP = 1, STYLE_SENSOR = 2, STYLE_EDGES = 4;

/** The style key of a shape: whether it overlaps, is a sensor, is edges only. */
export const styleKey = (s: Shape, overlapping: boolean): number =>
  (overlapping && !isSensor(s) ? STYLE_OVERLAP : 0) | (isSensor(s) ? STYLE_SENSOR : 0) | (kindOf(s).solid ? 0 : STYLE_EDGES);

/** The style for a key under a layer's paint; `selected` outlines in the selection's colour. */
export function styleOf(key: number, selected: boolean, paint: ShapePaint): ShapeStyle {
  const sensor = (key & STYLE_SENSOR) !== 0, over = (key & STYLE_OVERLAP) !== 0;
  const fill = (key & STYLE_EDGES) !== 0 ? null : sensor ? paint.sensorFill : over ? paint.overlapFill : paint.fill;
  const stroke = selected ? paint.selected : sensor ? paint.sensorStroke : over ? paint.overlapStroke : paint.stroke;
  return { fill, stroke, dashed: sensor || paint.dashed };
}

/** The dash of a dashed outline, in screen pixels: longer for a sensor than for a locked layer's shapes. */
export const dashOf = (key: number): readonly [number, number] => ((key & STYLE_SENSOR) !== 0 ? [6, 3] : [4, 3]);

/** A shape's style. */
export const shapeStyle = (s: Shape, overlapping: boolean, selected: boolean, paint: ShapePaint): ShapeStyle => styleOf(styleKey(s, overlapping), selected, paint);
