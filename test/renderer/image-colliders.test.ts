// Traced pieces placed where their image is drawn: a corner, a drawn size over the pixel size on
// each axis (points and centres scaled alike, so pieces stay convex), the active layer, ids no
// shape or probe has.
import { describe, expect, it } from "vitest";
import { checkConvexPolygon, vec2, type SceneImage, type TracedPiece } from "../../core";
import { imageColliders } from "../../renderer/app/trace/image-colliders";

const piece: TracedPiece = { x: 10, y: 5, points: [[-10, -5], [10, -5], [10, 5], [-10, 5]] };
const image: SceneImage = { id: "art", src: "art.png", x: 100, y: 200 };

describe("imageColliders", () => {
  it("places pixel pieces at the image's corner at its pixel size", () => {
    const [s] = imageColliders({ pieces: [piece], chains: [] }, image, { width: 40, height: 20 }, "layer-1", new Set());
    expect(s).toEqual({ id: "art-1", name: "art-1", type: "polygon", layer: "layer-1", x: 110, y: 205, rotation: 0, points: [[-10, -5], [10, -5], [10, 5], [-10, 5]] });
  });

  it("scales each axis by the drawn size over the pixel size, keeping pieces convex", () => {
    const tri: TracedPiece = { x: 4, y: 4, points: [[-4, -4], [4, -2], [0, 4]] };
    const [s] = imageColliders({ pieces: [tri], chains: [] }, { ...image, width: 80, height: 10 }, { width: 40, height: 20 }, "l", new Set());
    expect(s!.x).toBe(100 + 4 * 2);
    expect(s!.y).toBe(200 + 4 * 0.5);
    expect(s!.points).toEqual([[-8, -2], [8, -1], [0, 2]]);
    if (s!.type !== "polygon") throw new Error("not a polygon");
    expect(checkConvexPolygon(s!.points.map(([x, y]) => vec2(x, y)))).toBeNull();
  });

  it("makes a trace's chains closed one-sided chains, scaled alike, their winding kept", () => {
    const [s] = imageColliders({ pieces: [], chains: [piece] }, { ...image, width: 80, height: 10 }, { width: 40, height: 20 }, "l", new Set());
    expect(s).toEqual({ id: "art-1", name: "art-1", type: "chain", closed: true, oneSided: true, layer: "l", x: 120, y: 202.5, rotation: 0, points: [[-20, -2.5], [20, -2.5], [20, 2.5], [-20, 2.5]] });
  });

  it("skips ids the document already has", () => {
    const shapes = imageColliders({ pieces: [piece, piece, piece], chains: [] }, image, { width: 40, height: 20 }, "l", new Set(["art-1", "art-3"]));
    expect(shapes.map((s) => s.id)).toEqual(["art-2", "art-4", "art-5"]);
  });
});
