// Issue 25 (backdrop): where a flipped tile's pixels land, against a plain reference written from
// Tiled's documented rule (https://doc.mapeditor.org/en/stable/reference/global-tile-ids/): the
// diagonal flip (x and y swapped) first, then the horizontal, then the vertical flip; the result
// bottom-left aligned in its cell, moved by the tileset's tileoffset.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAffine, compose, rotationAbout, tileTransform, translation } from "../../../core/tiled/tile-transform";
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY } from "../../../core/tiled/types";

/** The reference: pixel (u, v) of a w × h image, moved pixel by pixel; returns its centre relative to the cell's bottom-left. */
function referencePixel(u: number, v: number, w: number, h: number, flags: number, offsetX: number, offsetY: number): [number, number] {
  let x = u, y = v, width = w, height = h;
  if (flags & FLIPPED_DIAGONALLY) [x, y, width, height] = [y, x, height, width];
  if (flags & FLIPPED_HORIZONTALLY) x = width - 1 - x;
  if (flags & FLIPPED_VERTICALLY) y = height - 1 - y;
  // Bottom-left aligned: the image's bottom row sits on the cell's bottom edge.
  return [x + 0.5 + offsetX, y + 0.5 - height + offsetY];
}

const FLAGS = [0, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, FLIPPED_DIAGONALLY];
const flagSets = fc.subarray(FLAGS).map((fs) => fs.reduce((a, b) => (a | b) >>> 0, 0));

describe("tileTransform", () => {
  it("puts every pixel where the reference does, for every flip and size (tiles drawn at their own size)", () => {
    fc.assert(
      fc.property(flagSets, fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), (flags, w, h, ox, oy) => {
        const m = tileTransform({ flags, imageWidth: w, imageHeight: h, width: w, height: h, offsetX: ox, offsetY: oy, fill: "stretch" });
        for (let v = 0; v < h; v++) {
          for (let u = 0; u < w; u++) {
            const [x, y] = applyAffine(m, u + 0.5, v + 0.5);
            const [rx, ry] = referencePixel(u, v, w, h, flags, ox, oy);
            expect(x).toBeCloseTo(rx, 9);
            expect(y).toBeCloseTo(ry, 9);
          }
        }
      }),
    );
  });

  it("bottom-aligns a tile taller than the grid: a 32 × 64 tree in a 32-pixel cell reaches one cell up", () => {
    const m = tileTransform({ flags: 0, imageWidth: 32, imageHeight: 64, width: 32, height: 64, offsetX: 0, offsetY: 0, fill: "stretch" });
    expect(applyAffine(m, 0, 0)).toEqual([0, -64]);
    expect(applyAffine(m, 32, 64)).toEqual([32, 0]);
  });

  it("ignores the hexagonal 120° bit and the gid itself", () => {
    const plain = tileTransform({ flags: 0, imageWidth: 8, imageHeight: 4, width: 8, height: 4, offsetX: 1, offsetY: 2, fill: "stretch" });
    expect(tileTransform({ flags: 0x10000000 | 123, imageWidth: 8, imageHeight: 4, width: 8, height: 4, offsetX: 1, offsetY: 2, fill: "stretch" })).toEqual(plain);
  });

  it("scales a tile drawn at the grid's size (tilerendersize grid), keeping its aspect when asked", () => {
    const stretch = tileTransform({ flags: 0, imageWidth: 16, imageHeight: 32, width: 32, height: 32, offsetX: 0, offsetY: 0, fill: "stretch" });
    expect(applyAffine(stretch, 16, 32)).toEqual([32, 0]);
    expect(applyAffine(stretch, 0, 0)).toEqual([0, -32]);
    // Fit: scale 1 (the smaller), centred in the 32 × 32 box.
    const fit = tileTransform({ flags: 0, imageWidth: 16, imageHeight: 32, width: 32, height: 32, offsetX: 0, offsetY: 0, fill: "preserve-aspect-fit" });
    expect(applyAffine(fit, 0, 0)).toEqual([8, -32]);
    expect(applyAffine(fit, 16, 32)).toEqual([24, 0]);
  });

  it("turns a collision shape with its tile: a point near the top-left of an unflipped tile ends near the top-right when flipped horizontally", () => {
    const flipped = tileTransform({ flags: FLIPPED_HORIZONTALLY, imageWidth: 32, imageHeight: 32, width: 32, height: 32, offsetX: 0, offsetY: 0, fill: "stretch" });
    expect(applyAffine(flipped, 4, 2)).toEqual([28, -30]);
    // A rotated object inside the tile: its own turn first (about its x, y), then the tile's.
    const object = compose(flipped, rotationAbout(90, 4, 2));
    const [x, y] = applyAffine(object, 14, 2); // 10 px along the object's x axis
    expect(x).toBeCloseTo(28, 9);
    expect(y).toBeCloseTo(-20, 9);
    expect(applyAffine(compose(translation(5, 6), translation(1, 1)), 0, 0)).toEqual([6, 7]);
  });
});
