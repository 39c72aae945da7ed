// The scene model as the rest of the core sees it: plain readonly data, one variant per shape kind.
// The file format (schema.ts) validates into exactly these types.

export type ShapeType = "circle" | "box" | "capsule" | "polygon";
export const SHAPE_TYPES: readonly ShapeType[] = ["circle", "box", "capsule", "polygon"];

export type Point = readonly [number, number];

interface ShapeBase {
  readonly id: string;
  /** World position; y grows downward as on screen. */
  readonly x: number;
  readonly y: number;
  /** Degrees, clockwise on screen, about (x, y). Ignored by circles. */
  readonly rotation: number;
}

export interface CircleShape extends ShapeBase {
  readonly type: "circle";
  readonly radius: number;
}

export interface BoxShape extends ShapeBase {
  readonly type: "box";
  readonly width: number;
  readonly height: number;
}

/** Vertical at rotation 0; `height` is the total height including both caps (Godot 4, Unity). */
export interface CapsuleShape extends ShapeBase {
  readonly type: "capsule";
  readonly radius: number;
  readonly height: number;
}

/** Strictly convex, either winding, points local to (x, y). */
export interface PolygonShape extends ShapeBase {
  readonly type: "polygon";
  readonly points: readonly Point[];
}

export type Shape = CircleShape | BoxShape | CapsuleShape | PolygonShape;

/**
 * A query kept in the scene so designers and QA see it live and can name it. A ray probe casts
 * from → to; a sweep probe moves shape `shape` (without turning) from its position to `to`.
 */
interface ProbeBase {
  readonly id: string;
  /** What QA calls it ("door line of sight"); may be empty. */
  readonly name: string;
}

export interface RayProbe extends ProbeBase {
  readonly type: "ray";
  readonly from: Point;
  readonly to: Point;
}

export interface SweepProbe extends ProbeBase {
  readonly type: "sweep";
  /** Id of the shape that moves. */
  readonly shape: string;
  /** Where the shape's position ends. */
  readonly to: Point;
}

export type Probe = RayProbe | SweepProbe;

export interface Scene {
  readonly format: "collider-studio-scene";
  readonly version: 1;
  readonly shapes: readonly Shape[];
  /** Optional in files; always present (maybe empty) once parsed. */
  readonly probes: readonly Probe[];
}

export const SCENE_FORMAT = "collider-studio-scene";
export const SCENE_VERSION = 1;

export function emptyScene(): Scene {
  return { format: SCENE_FORMAT, version: SCENE_VERSION, shapes: [], probes: [] };
}
