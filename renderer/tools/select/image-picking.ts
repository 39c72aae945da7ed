// Picking scene images on the canvas. Images lie under every shape, so the select tool picks one
// only where no shape is under the pointer; a hidden or locked image is never picked. The canvas
// names an image under the pointer "image:<id>" and a corner handle "image:<id>#<corner>", apart
// from shape and probe ids (a shape may be called anything, so a shape's id is looked up first).
import type { SceneImage } from "../../../core";
import type { Editor } from "../../editor/editor";
import { readBase } from "../../editor/state";
import { CORNERS, imageRect, rectContains, type Corner, type Rect } from "../../images/image-geometry";
import type { Point2 } from "../../shapes/kind";
import { imagePickable } from "../../store/image-actions";
import { shapesAt } from "./picking";

const IMAGE_HIT = "image:";

export const imageHitId = (id: string, corner?: Corner): string => `${IMAGE_HIT}${id}${corner ? `#${corner}` : ""}`;

/** The image (and the corner handle) a hit id names, or null for another kind of hit. */
export function parseImageHit(hitId: string): { readonly id: string; readonly corner: Corner | null } | null {
  if (!hitId.startsWith(IMAGE_HIT)) return null;
  const rest = hitId.slice(IMAGE_HIT.length);
  const at = rest.lastIndexOf("#");
  const corner = at < 0 ? null : rest.slice(at + 1);
  return corner !== null && (CORNERS as readonly string[]).includes(corner) ? { id: rest.slice(0, at), corner: corner as Corner } : { id: rest, corner: null };
}

/** The image's rectangle in the world, its size from its pixels when the scene leaves it out. */
export function imageRectOf(editor: Editor, image: SceneImage): Rect {
  return imageRect(image, editor.imageCache.pixelSize(image.src, readBase(editor.getState().file)));
}

/**
 * The topmost pickable image containing the world point (the last in the list is drawn on top),
 * through its drawn pixels: where its alpha is at hand, a fully transparent pixel lets the press
 * through to the image below, or to the empty canvas (a marquee starts there).
 */
export function imageAt(editor: Editor, p: Point2): SceneImage | undefined {
  const { images, file } = editor.getState();
  for (let i = images.length - 1; i >= 0; i--) {
    const image = images[i]!;
    if (!imagePickable(image)) continue;
    const r = imageRectOf(editor, image);
    if (!rectContains(r, p)) continue;
    const u = r.width > 0 ? (p.x - r.x) / r.width : 0;
    const v = r.height > 0 ? (p.y - r.y) / r.height : 0;
    if (editor.imageCache.opaqueAt(image.src, readBase(file), u, v) !== false) return image;
  }
  return undefined;
}

/** What the pointer at `p` is over by geometry: the topmost pickable shape, else the topmost pickable image, else nothing. */
export function hitAt(editor: Editor, p: Point2): string | null {
  const shape = shapesAt(editor, p)[0];
  if (shape) return shape.id;
  const image = imageAt(editor, p);
  return image ? imageHitId(image.id) : null;
}
