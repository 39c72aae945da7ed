// Save As into another folder: a scene's relative image paths name files from the scene's folder,
// so they are made relative to the new folder, and an image no relative path reaches from there
// (another drive) is embedded as a data: URL, so the saved scene still shows every image. The
// moved images replace the old ones in the document and in every undo step (History.mapItems),
// so undo never brings back a path relative to the old folder.
import { rebaseRelativePaths, type SceneImage } from "../../core";
import type { ImageBytes } from "../images/image-source";
import type { Editor } from "../editor/editor";
import { dataUrlOf } from "./image-commands";

export interface MovedImages {
  /** The images as the new folder sees them (the same array when nothing moved). */
  readonly images: readonly SceneImage[];
  /** Each src that changed, to its replacement; empty when nothing moved. */
  readonly sources: ReadonlyMap<string, string>;
  readonly fromDir: string;
  readonly toDir: string;
  /** How many were embedded, and which could not be read to be (they keep their path). */
  readonly embedded: number;
  readonly unreadable: readonly string[];
}

/**
 * `images` seen from `toDir` instead of `fromDir` (scene folders as forward-slash paths; undefined
 * when unknown, which moves nothing). `read` gives an image's bytes from the old folder.
 */
export async function imagesForFolder(images: readonly SceneImage[], fromDir: string | undefined, toDir: string | undefined, read: (src: string) => Promise<ImageBytes>): Promise<MovedImages> {
  const none: MovedImages = { images, sources: new Map(), fromDir: fromDir ?? "", toDir: toDir ?? "", embedded: 0, unreadable: [] };
  if (fromDir === undefined || toDir === undefined || fromDir === toDir || images.length === 0) return none;
  const { sources, unreachable } = rebaseRelativePaths(images.map((i) => i.src), fromDir, toDir);
  const out = [...sources];
  const unreadable: string[] = [];
  let embedded = 0;
  for (const i of unreachable) {
    const bytes = await read(images[i]!.src);
    if (!bytes.ok) unreadable.push(images[i]!.src);
    else {
      out[i] = dataUrlOf(bytes.bytes, bytes.type);
      embedded++;
    }
  }
  const moved = new Map<string, string>();
  images.forEach((image, i) => {
    if (out[i] !== image.src) moved.set(image.src, out[i]!);
  });
  if (moved.size === 0) return { ...none, unreadable };
  return { images: images.map((image) => (moved.has(image.src) ? { ...image, src: moved.get(image.src)! } : image)), sources: moved, fromDir, toDir, embedded, unreadable };
}

/**
 * Puts the moved images in the document and every undo step (an image only history holds is
 * moved by its path alone); not an undo step of its own. Returns the replacement for each image,
 * one object per image, so steps still meet the document they apply to.
 */
export function adoptMovedImages(editor: Editor, result: MovedImages): (image: SceneImage) => SceneImage {
  const replaced = new Map<SceneImage, SceneImage>();
  const swap = (image: SceneImage): SceneImage => {
    let out = replaced.get(image);
    if (out === undefined) {
      const src = result.sources.get(image.src) ?? rebaseRelativePaths([image.src], result.fromDir, result.toDir).sources[0]!;
      out = src === image.src ? image : { ...image, src };
      replaced.set(image, out);
    }
    return out;
  };
  if (result.sources.size === 0) return swap;
  editor.history.mapItems("images", swap);
  const { images, saved } = editor.getState();
  editor.update({ images: images.map(swap), saved: { ...saved, images: saved.images.map(swap) } }, { record: false });
  return swap;
}
/** The status line's addition for the images embedded in moving (a count: short). */
export function embeddedImagesNote(result: MovedImages): string {
  return result.embedded > 0 ? ` · ${result.embedded} image${result.embedded === 1 ? "" : "s"} on another drive embedded in the scene` : "";
}

/** The images no path reaches from the new folder, a line each for the problems list. */
export function unreachedImagesNotes(result: MovedImages): string[] {
  return result.unreadable.map((src) => `no path from the new folder reaches the image ${src} (kept as it was: not shown)`);
}
