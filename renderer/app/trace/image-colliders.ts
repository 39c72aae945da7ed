// The pieces a trace made, as polygons of the scene: from the image's pixels to where the image is
// drawn (its corner, and its drawn size over its pixel size on each axis: a scale along the axes
// keeps a piece convex and its box's centre its centre), on a layer, named after the image and
// given ids no shape or probe has.
import type { Point, PolygonShape, SceneImage, TracedPiece } from "../../../core";

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

export function imageColliders(pieces: readonly TracedPiece[], image: SceneImage, pixels: PixelSize, layer: string, taken: ReadonlySet<string>): PolygonShape[] {
  const sx = (image.width ?? pixels.width) / pixels.width;
  const sy = (image.height ?? pixels.height) / pixels.height;
  const out: PolygonShape[] = [];
  let n = 0;
  for (const p of pieces) {
    let id: string;
    do id = `${image.id}-${++n}`;
    while (taken.has(id));
    const points = p.points.map(([x, y]): Point => [x * sx, y * sy]);
    out.push({ id, name: id, type: "polygon", layer, x: image.x + p.x * sx, y: image.y + p.y * sy, rotation: 0, points });
  }
  return out;
}
