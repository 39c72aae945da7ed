// Adding pictures to the document: picked with File → Add Image… (or File → Open… on a picture),
// dropped on the canvas, or pasted. Each is read once, checked by its first bytes (PNG, JPEG or
// WebP), decoded to learn its pixel size (its width and height in the scene), and added in one undo
// step where placement.ts says: Add Image… puts a scene's first image at (0, 0) and fits the view to
// it, a drop or a paste centres it where it falls. In the desktop app a file from disk beside a
// saved scene is stored by its path relative to the scene; anything else (every image in a browser,
// a pasted one, one on another drive, any before the scene is first saved) is embedded as a data:
// URL, with a warning when that takes the scene past 10 MB.
import { encodeBase64, imageTypeOfBytes, serializeScene, type ImageType, type SceneImage } from "../../core";
import type { Editor } from "../editor/editor";
import { readBase } from "../editor/state";
import { relativeImagePath } from "../images/image-source";
import { desktop, pickImageFiles } from "../platform/files";
import { counted, currentScene, listLines, notify, notifyWithList } from "../store/actions";
import { addImages, nextImageId } from "../store/image-actions";
import { fitView, screenToWorld } from "../store/view";
import { setView } from "../store/view-actions";
import { imageCorner, type ImagePlacement } from "../images/placement";
import type { Point2 } from "../shapes/kind";

/** Past this many bytes of scene text, embedding another image says so. */
export const EMBED_WARNING_BYTES = 10 * 1024 * 1024;

/** A picture to add: a file picked, dropped or pasted. */
export interface PictureInput {
  readonly name: string;
  readonly bytes: () => Promise<Uint8Array>;
  /** Where it lives on disk (desktop app), "" when nowhere (pasted, or in a browser). */
  readonly path: string;
}

/** A File from a file input, a drop or a paste as a picture to add; the desktop shell tells where it lives. */
export const pictureOfFile = (file: File): PictureInput => ({
  name: file.name,
  bytes: async () => new Uint8Array(await file.arrayBuffer()),
  path: desktop()?.pathForFile(file) ?? "",
});

/** Bytes as a data: URL of their type (base64, as the format wants it). */
export function dataUrlOf(bytes: Uint8Array, type: ImageType): string {
  return `data:${type};base64,${encodeBase64(bytes)}`;
}

/** The pictures among a drop's or a paste's files (their bytes are checked when added). */
export function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return [...data.files].filter((f) => f.type.startsWith("image/") || /\.(png|jpe?g|webp)$/i.test(f.name));
}

/** The middle of the canvas, in world units. */
export function canvasCentre(editor: Editor): Point2 {
  const { width, height } = editor.canvasSize;
  return screenToWorld(editor.getState().view, { x: width / 2, y: height / 2 });
}

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** A picture this big is announced before it is read in ("Adding level.png (6.0 MB)…"). */
const BIG_PICTURE_BYTES = 2 ** 20;

/** Resolves once the browser has painted what is on screen now (at once where nothing paints: tests in Node). */
const painted = (): Promise<void> =>
  typeof requestAnimationFrame === "function" ? new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))) : Promise.resolve();

/** The world point at the canvas's top-left corner. */
const viewTopLeft = (editor: Editor): Point2 => screenToWorld(editor.getState().view, { x: 0, y: 0 });

/** Per editor, the last addImageFiles' landing: pictures land in the order they were given, whichever decodes first. */
const lastLanding = new WeakMap<Editor, Promise<void>>();

/**
 * Adds the pictures as images where `placement` says (placement.ts; several are stepped one grid
 * cell apart), in one undo step; says what was added, where, how it is stored, and what could not
 * be (with `refused`, what the shell already could not read). The scene's first image added from a
 * dialog is framed in the view.
 */
export async function addImageFiles(editor: Editor, files: readonly PictureInput[], placement: ImagePlacement, verb = "Added", refusedBefore: readonly string[] = []): Promise<void> {
  if (files.length === 0 && refusedBefore.length === 0) return;
  const earlier = lastLanding.get(editor) ?? Promise.resolve();
  let landed = () => {};
  lastLanding.set(editor, new Promise<void>((resolve) => { landed = resolve; }));
  try {
    await landAfter(editor, earlier, files, placement, verb, refusedBefore);
  } finally {
    landed();
  }
}

/** addImageFiles once `earlier` (the previous call's landing) is done: decoded meanwhile, placed after it. */
async function landAfter(editor: Editor, earlier: Promise<void>, files: readonly PictureInput[], placement: ImagePlacement, verb: string, refusedBefore: readonly string[]): Promise<void> {
  const api = desktop();
  const scenePath = readBase(editor.getState().file);
  const decoded: { readonly name: string; readonly src: string; readonly width: number; readonly height: number }[] = [];
  const refused = [...refusedBefore];
  let embedded = 0;
  for (const file of files) {
    const bytes = await file.bytes();
    if (bytes.length >= BIG_PICTURE_BYTES) {
      // Encoding and decoding a big picture holds the page for a moment: say so first, painted.
      notify(editor, `Adding ${file.name} (${mb(bytes.length)})…`);
      await painted();
    }
    const type = imageTypeOfBytes(bytes);
    if (!type) {
      refused.push(`${file.name} is not a PNG, JPEG or WebP image`);
      continue;
    }
    // Beside the scene on disk (desktop app): its path relative to the scene file's folder.
    const relative = api && file.path !== "" && scenePath !== undefined ? relativeImagePath(scenePath, file.path) : null;
    const src = relative ?? dataUrlOf(bytes, type);
    const entry = await editor.imageCache.provide(src, scenePath, bytes, type);
    if (entry.state !== "ready") {
      refused.push(`${file.name}: ${entry.state === "failed" ? entry.message : "it could not be decoded"}`);
      continue;
    }
    if (relative === null) embedded++;
    decoded.push({ name: file.name, src, width: entry.width, height: entry.height });
  }
  await earlier;
  // Placed and named from the document as it is now, after the decoding: an earlier Add Image…
  // counts (its images are there, the view is framed on them), so two picked in a row never both
  // go to (0, 0) nor share a name. Nothing awaits from here to the insertion.
  const now = editor.getState();
  const context = { hasImages: now.images.length > 0, viewTopLeft: viewTopLeft(editor), grid: { size: now.gridSize, snap: now.grid.snap } };
  const added: SceneImage[] = [];
  for (const image of decoded) {
    const corner = imageCorner(placement, image, added.length, context);
    added.push({ id: nextImageId(now.images, added.map((i) => i.id), image.name), src: image.src, x: corner.x, y: corner.y, width: image.width, height: image.height });
  }
  addImages(editor, added);
  // Decoded from the picked file, not read through the shell: watched all the same (a re-export redraws it).
  if (api && scenePath !== undefined) for (const image of added) if (!image.src.startsWith("data:")) void api.watchImage({ scenePath, src: image.src });
  if (added.length > 0 && placement.kind === "picked" && !context.hasImages) frameImages(editor, added);
  // What was added, in short; what was not, and a scene grown big, whole in the problems list.
  const parts: string[] = [];
  const notes: string[] = [];
  if (added.length > 0) {
    const first = added[0]!;
    const one = added.length === 1 ? `image ${first.id} (${first.width} × ${first.height} px) at ${first.x}, ${first.y}` : `${added.length} images from ${first.x}, ${first.y}`;
    const stored = embedded === 0 ? `, stored as ${added.length === 1 ? added[0]!.src : "paths"} beside the scene` : embedded === added.length ? ", embedded in the scene" : `, ${embedded} embedded in the scene`;
    parts.push(`${verb} ${one}${stored}`);
    // A desktop scene not saved yet has no folder to be relative to.
    if (api && scenePath === undefined && embedded > 0) notes.push(`${embedded === 1 ? "the image is" : "images are"} embedded: save the scene first to keep files beside it by path`);
    if (embedded > 0) {
      const size = serializeScene(currentScene(editor)).length;
      if (size > EMBED_WARNING_BYTES) {
        parts.push(`the scene is now ${mb(size)}`);
        notes.push(`the scene is now ${mb(size)}: keep big art as files beside the scene (desktop app) to keep it small`);
      }
    }
  }
  if (refused.length > 0) parts.push(`${counted(refused.length, "file")} not added`);
  notes.push(...refused.map((why) => `not added: ${why}`));
  const said = parts.join(" · ");
  if (notes.length === 0) notify(editor, said);
  else notifyWithList(editor, "images", said, added.length > 0 ? `${verb} ${counted(added.length, "image")}` : "No image added", editor.getState().file.name, listLines(notes));
}

/** Fits the view to the images just added, as Tiled frames a new map. */
function frameImages(editor: Editor, images: readonly SceneImage[]): void {
  const box = { minX: Math.min(...images.map((i) => i.x)), minY: Math.min(...images.map((i) => i.y)), maxX: Math.max(...images.map((i) => i.x + (i.width ?? 0))), maxY: Math.max(...images.map((i) => i.y + (i.height ?? 0))) };
  const { width, height } = editor.canvasSize;
  setView(editor, fitView(box, width, height, 40, editor.getState().view));
}

/**
 * File → Add Image…: the desktop shell's Open dialog (a native menu's click is no user gesture, so
 * the page's file input would not open from it), or the browser's file input (answered through
 * onImageFilesPicked).
 */
export async function addImagesFromDialog(editor: Editor): Promise<void> {
  const api = desktop();
  if (!api) {
    pickImageFiles();
    return;
  }
  const picked = await api.pickImages();
  if (!picked.ok) {
    if (!picked.canceled) notify(editor, picked.error);
    return;
  }
  const files = picked.value.images.map((i): PictureInput => ({ name: i.name, path: i.path, bytes: async () => i.bytes }));
  await addImageFiles(editor, files, { kind: "picked" }, "Added", picked.value.refused);
}
