// The pieces a trace made, as polygons of the scene (or its chains, as closed one-sided chains):
// from the image's pixels to where the image is drawn (its corner, and its drawn size over its
// pixel size on each axis: a scale along the axes keeps a piece convex, its box's centre its centre
// and a chain's winding, so its edges still face out of the rock), on a layer, named after the
// image and given ids no shape or probe has.
import type { ChainShape, Point, PolygonShape, SceneImage, TracedPiece } from "../../../core";

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

export function imageColliders(traced: { readonly pieces: readonly TracedPiece[]; readonly chains: readonly TracedPiece[] }, image: SceneImage, pixels: PixelSize, layer: string, taken: ReadonlySet<string>): (PolygonShape | ChainShape)[] {
  const sx = (image.width ?? pixels.width) / pixels.width;
  const sy = (image.height ?? pixels.height) / pixels.height;
  const out: (PolygonShape | ChainShape)[] = [];
  let n = 0;
  const place = (p: TracedPiece) => {
    let id: string;
    do id = `${image.id}-${++n}`;
    while (taken.has(id));
    const points = p.points.map(([x, y]): Point => [x * sx, y * sy]);
    return { id, name: id, layer, x: image.x + p.x * sx, y: image.y + p.y * sy, rotation: 0, points };
  };
  for (const p of traced.pieces) out.push({ ...place(p), type: "polygon" });
  for (const c of traced.chains) out.push({ ...place(c), type: "chain", closed: true, oneSided: true });
  return out;
}
