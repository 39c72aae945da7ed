// What a shape kind of the scene format means to the core, one module per kind: its plain check,
// whether it turns, whether it encloses an area, its collision geometry and its bounding box. Its
// zod schema piece is in core/scene/schema.ts, and its outline (drawing only) in trace.ts, so the
// runtime package's main entry carries neither zod nor drawing code.
// The registry (registry.ts) collects them; geometryOf, shapeBounds, transformOf and the schema
// ask it, and the drawings of a shape (the editor's canvas, the HTML report) whether to fill it.
// Exporters keep their own exhaustive switches, which the compiler extends when a kind is added.
import type { Shape } from "../scene/types";
import type { Made, ShapeGeometry } from "../shapes";

export interface CoreShapeKind<S extends Shape> {
  readonly type: S["type"];
  /**
   * Whether the kind's own fields (beyond those every shape has) are plain values well inside the
   * schema's rules: the fast path of a big file's check; anything else goes to the schema.
   */
  plainFields(s: Readonly<Record<string, unknown>>): boolean;
  /** Whether `rotation` turns the shape (a circle's is ignored). */
  readonly rotates: boolean;
  /** The collision geometry in the shape's local frame; fails only for shapes that bypassed validation. */
  geometry(s: S): Made<ShapeGeometry>;
  /**
   * The shape's box as minX, minY, maxX, maxY at out[at…], from its own numbers (no geometry
   * built), placed at the pose x, y, cos, sin in pose[0…3]: rotFromDegrees of the shape's own
   * rotation or of a moved pose's (an array, as a double passed to a call V8 does not inline is
   * boxed, and the kinds are called through one site).
   */
  writeBounds(s: S, pose: Float64Array, out: Float64Array, at: number): void;
  /** Whether the outline encloses an area (filled when drawn); false for edges (chains). */
  readonly solid: boolean;
}

/** Starts a box at out[at…] that growBounds widens: empty (minima +∞, maxima −∞). */
export function emptyBounds(out: Float64Array, at: number): void {
  out[at] = Infinity; out[at + 1] = Infinity; out[at + 2] = -Infinity; out[at + 3] = -Infinity;
}

/** Widens the box at out[at…] to hold the local point (lx, ly) turned by (c, s) and moved to (px, py). */
export function growBounds(out: Float64Array, at: number, px: number, py: number, c: number, s: number, lx: number, ly: number): void {
  const x = c * lx - s * ly + px, y = s * lx + c * ly + py;
  if (x < out[at]!) out[at] = x;
  if (x > out[at + 2]!) out[at + 2] = x;
  if (y < out[at + 1]!) out[at + 1] = y;
  if (y > out[at + 3]!) out[at + 3] = y;
}

/** A circle's box, shared by the kinds that degenerate to one. */
export function writeCircleBounds(x: number, y: number, r: number, out: Float64Array, at: number): void {
  out[at] = x - r; out[at + 1] = y - r; out[at + 2] = x + r; out[at + 3] = y + r;
}
