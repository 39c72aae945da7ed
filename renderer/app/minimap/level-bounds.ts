// The level the mini-map shows: the shapes', probes', images' and shown Tiled map's bounds united,
// as Fit to View frames everything (the images added). The shapes' part follows a drag step
// through the few shapes it replaced: a full pass over 100,000 boxes only when one of them stood
// on the level's edge (the level may have shrunk) or the change was not a few replacements.
import { shapeBounds, type AABB, type Shape } from "../../../core";
import type { Editor } from "../../editor/editor";
import { readBase } from "../../editor/state";
import { imageRect } from "../../images/image-geometry";
import { replacedInPlace } from "../../store/replaced-in-place";
import { boundsOf, unionBounds } from "../../store/view";
import { shownMapBounds } from "../../store/view-actions";

/** The shapes' bounds and the array they were taken from. */
export interface ShapesBounds {
  readonly shapes: readonly Shape[];
  readonly box: AABB | null;
}

/** More shapes replaced than this: the bounds are taken again from every shape. */
const FOLLOW_LIMIT = 64;

type BoxReader = (shape: Shape, out: Float64Array) => boolean;

/** The bounds of every shape, boxes read from the collision world where it holds them. */
export function shapesBounds(shapes: readonly Shape[], readBox: BoxReader): AABB | null {
  const out = new Float64Array(4);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of shapes) {
    if (!readBox(s, out)) {
      const b = shapeBounds(s);
      out[0] = b.minX; out[1] = b.minY; out[2] = b.maxX; out[3] = b.maxY;
    }
    if (out[0]! < minX) minX = out[0]!;
    if (out[1]! < minY) minY = out[1]!;
    if (out[2]! > maxX) maxX = out[2]!;
    if (out[3]! > maxY) maxY = out[3]!;
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

const onEdge = (b: AABB, of: AABB): boolean => b.minX <= of.minX || b.minY <= of.minY || b.maxX >= of.maxX || b.maxY >= of.maxY;

/** The shapes' bounds, followed from `last` when `shapes` replaced a few of its shapes clear of its edges. */
export function followShapesBounds(last: ShapesBounds | null, shapes: readonly Shape[], readBox: BoxReader): ShapesBounds {
  if (last?.shapes === shapes) return last;
  const replaced = last?.box ? replacedInPlace(last.shapes, shapes, FOLLOW_LIMIT) : null;
  if (!last?.box || !replaced || replaced.some((i) => onEdge(shapeBounds(last.shapes[i]!), last.box!))) return { shapes, box: shapesBounds(shapes, readBox) };
  return { shapes, box: unionBounds([last.box, ...replaced.map((i) => shapeBounds(shapes[i]!))]) };
}

/** The level's bounds, the shapes' part followed from `last`; null for an empty level. */
export function levelBounds(editor: Editor, last: ShapesBounds | null): { readonly level: AABB | null; readonly shapes: ShapesBounds } {
  const { shapes, probes, images, file } = editor.getState();
  const world = editor.documentWorld();
  const followed = followShapesBounds(last, shapes, (s, out) => world.readBox(s, out));
  const base = readBase(file);
  const pictures = images.map((i): AABB => {
    const r = imageRect(i, editor.imageCache.pixelSize(i.src, base));
    return { minX: r.x, minY: r.y, maxX: r.x + r.width, maxY: r.y + r.height };
  });
  return { level: unionBounds([followed.box, boundsOf([], probes), ...pictures, shownMapBounds(editor)]), shapes: followed };
}
