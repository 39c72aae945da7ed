// Where a new image's top-left corner goes, as Tiled places an image layer: File → Add Image… puts
// the scene's first image at (0, 0), where a game draws its level art, and a later one at the grid
// point nearest the view's top-left corner inside the view; a drop or a paste centres the picture
// where it falls, its corner snapped to the grid when snapping is on. Corners are on whole pixels,
// so traced colliders have whole-pixel corners too (on a fractional cell, whole pixels win over the
// grid). Several images at once step one cell apart, rounded as one corner.
import { MAX_COORDINATE } from "../../core/scene/field-limits";
import { snapToGrid } from "../store/view";
import type { Point2 } from "../shapes/kind";

/** Added from a dialog (Add Image…, File → Open… on a picture), or dropped or pasted centred on a point. */
export type ImagePlacement = { readonly kind: "picked" } | { readonly kind: "centred"; readonly at: Point2 };

export interface PlacementContext {
  /** Whether the scene holds an image already. */
  readonly hasImages: boolean;
  /** The world point at the view's top-left corner. */
  readonly viewTopLeft: Point2;
  readonly grid: { readonly size: number; readonly snap: boolean };
}

/** The first multiple of `cell` at or past `v`; `v` itself where doubles cannot hold one within a cell. */
function gridAtOrAfter(v: number, cell: number): number {
  const g = Math.ceil(v / cell) * cell + 0;
  return g >= v && g - v <= cell && Math.abs(g) <= MAX_COORDINATE ? g : v;
}

/** The top-left corner of the `index`-th of the images added together, `size` its pixel size. */
export function imageCorner(placement: ImagePlacement, size: { readonly width: number; readonly height: number }, index: number, ctx: PlacementContext): Point2 {
  const cell = ctx.grid.size;
  const step = index * cell;
  let corner: Point2;
  if (placement.kind === "picked") {
    corner = ctx.hasImages ? { x: gridAtOrAfter(ctx.viewTopLeft.x, cell), y: gridAtOrAfter(ctx.viewTopLeft.y, cell) } : { x: 0, y: 0 };
    // Rounded up, so a corner on a fractional cell stays inside the view.
    return { x: Math.ceil(corner.x + step) + 0, y: Math.ceil(corner.y + step) + 0 };
  }
  const x = placement.at.x - size.width / 2, y = placement.at.y - size.height / 2;
  corner = ctx.grid.snap ? { x: snapToGrid(x, cell), y: snapToGrid(y, cell) } : { x, y };
  return { x: Math.round(corner.x + step) + 0, y: Math.round(corner.y + step) + 0 };
}
