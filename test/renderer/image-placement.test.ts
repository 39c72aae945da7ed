// Where a new image goes. Add Image… had centred a level's art on the view (X −118, Y −74 in a
// 1024 × 640 window), so colliders drawn over it were off from the game's art at (0, 0).
import { describe, expect, it } from "vitest";
import { imageCorner, type PlacementContext } from "../../renderer/images/placement";

const size = { width: 960, height: 544 };
const ctx = (over: Partial<PlacementContext> = {}): PlacementContext => ({ hasImages: false, viewTopLeft: { x: -140.4, y: -68.2 }, grid: { size: 32, snap: false }, ...over });

describe("imageCorner", () => {
  it("puts a scene's first picked image at (0, 0) wherever the view is, and several a cell apart", () => {
    expect(imageCorner({ kind: "picked" }, size, 0, ctx())).toEqual({ x: 0, y: 0 });
    expect(imageCorner({ kind: "picked" }, size, 0, ctx({ viewTopLeft: { x: 5000, y: -3000 } }))).toEqual({ x: 0, y: 0 });
    expect(imageCorner({ kind: "picked" }, size, 2, ctx())).toEqual({ x: 64, y: 64 });
  });

  it("puts a later picked image at the first grid point inside the view's top-left corner", () => {
    expect(imageCorner({ kind: "picked" }, size, 0, ctx({ hasImages: true }))).toEqual({ x: -128, y: -64 });
    expect(imageCorner({ kind: "picked" }, size, 0, ctx({ hasImages: true, viewTopLeft: { x: 64, y: 0 } }))).toEqual({ x: 64, y: 0 });
    expect(imageCorner({ kind: "picked" }, size, 1, ctx({ hasImages: true }))).toEqual({ x: -96, y: -32 });
    // A fractional cell: the corner is rounded up to a whole pixel, still inside the view.
    expect(imageCorner({ kind: "picked" }, size, 0, ctx({ hasImages: true, viewTopLeft: { x: 0.2, y: -0.7 }, grid: { size: 0.5, snap: false } }))).toEqual({ x: 1, y: 0 });
    // Images added together on a fractional cell step to whole pixels too.
    expect(imageCorner({ kind: "picked" }, size, 1, ctx({ hasImages: false, grid: { size: 12.5, snap: false } }))).toEqual({ x: 13, y: 13 });
  });

  it("centres a dropped or pasted image where it falls, on whole pixels, its corner on the grid when snapping", () => {
    const at = { x: 413, y: 308.6 };
    expect(imageCorner({ kind: "centred", at }, { width: 50, height: 30 }, 0, ctx())).toEqual({ x: 388, y: 294 });
    expect(imageCorner({ kind: "centred", at }, { width: 50, height: 30 }, 0, ctx({ grid: { size: 25, snap: true } }))).toEqual({ x: 400, y: 300 });
    expect(imageCorner({ kind: "centred", at }, { width: 41, height: 21 }, 1, ctx({ hasImages: true }))).toEqual({ x: 425, y: 330 });
  });
});
