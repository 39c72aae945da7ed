// Adding pictures to the document: picked with File → Add Image…, dropped on the canvas, or pasted.
// Each is read once, checked by its first bytes (PNG, JPEG or WebP), decoded to learn its pixel
// size (its width and height in the scene), and added in one undo step, centred where it was
// dropped or pasted (the canvas's middle for Add Image…). In the desktop app a file from disk
// beside a saved scene is stored by its path relative to the scene; anything else (every image in
// a browser, a pasted one, one on another drive, any before the scene is first saved) is embedded
// as a data: URL, with a warning when that takes the scene past 10 MB.
import { imageTypeOfBytes, serializeScene, type ImageType, type SceneImage } from "../../core";
import type { Editor } from "../editor/editor";
import { relativeImagePath } from "../images/image-source";
import { desktop } from "../platform/files";
import { currentScene, notify } from "../store/actions";
import { addImages, nextImageId } from "../store/image-actions";
import { screenToWorld } from "../store/view";
import type { Point2 } from "../shapes/kind";

/** Past this many bytes of scene text, embedding another image says so. */
export const EMBED_WARNING_BYTES = 10 * 1024 * 1024;

/** A picture to add: a File from disk (picked, dropped) or from the clipboard. */
export interface ImageFileLike {
  readonly name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Bytes as a data: URL of their type (base64, as the format wants it). */
async function dataUrlOf(bytes: Uint8Array, type: ImageType): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("cannot read the image"));
    reader.readAsDataURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  });
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

/**
 * Adds the files as images centred at `at` (several are stepped one grid cell apart), in one undo
 * step; says what was added, how it is stored, and what could not be.
 */
export async function addImageFiles(editor: Editor, files: readonly ImageFileLike[], at: Point2, verb = "Added"): Promise<void> {
  if (files.length === 0) return;
  const api = desktop();
  const scenePath = editor.getState().file.path;
  const added: SceneImage[] = [];
  const refused: string[] = [];
  let embedded = 0;
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = imageTypeOfBytes(bytes);
    if (!type) {
      refused.push(`${file.name} is not a PNG, JPEG or WebP image`);
      continue;
    }
    // Beside the scene on disk: its path relative to the scene file's folder.
    const onDisk = api && scenePath !== undefined ? api.pathForFile(file) : "";
    const relative = onDisk !== "" && scenePath !== undefined ? relativeImagePath(scenePath, onDisk) : null;
    const src = relative ?? (await dataUrlOf(bytes, type));
    const entry = await editor.imageCache.provide(src, scenePath, bytes, type);
    if (entry.state !== "ready") {
      refused.push(`${file.name}: ${entry.state === "failed" ? entry.message : "it could not be decoded"}`);
      continue;
    }
    if (relative === null) embedded++;
    const step = added.length * editor.getState().grid.size;
    added.push({ id: nextImageId(editor.getState().images, added.map((i) => i.id)), src, x: at.x - entry.width / 2 + step, y: at.y - entry.height / 2 + step, width: entry.width, height: entry.height });
  }
  addImages(editor, added);
  const parts: string[] = [];
  if (added.length > 0) {
    const one = added.length === 1 ? `image ${added[0]!.id} (${added[0]!.width} × ${added[0]!.height} px)` : `${added.length} images`;
    const stored = embedded === 0 ? `, stored as ${added.length === 1 ? added[0]!.src : "paths"} beside the scene` : embedded === added.length ? ", embedded in the scene" : `, ${embedded} embedded in the scene`;
    // A desktop scene not saved yet has no folder to be relative to.
    const unsaved = api && scenePath === undefined && embedded > 0 ? " (save the scene first to keep files beside it by path)" : "";
    parts.push(`${verb} ${one}${stored}${unsaved}`);
    if (embedded > 0) {
      const size = serializeScene(currentScene(editor)).length;
      if (size > EMBED_WARNING_BYTES) parts.push(`the scene is now ${mb(size)}: keep big art as files beside the scene (desktop app) to keep it small`);
    }
  }
  if (refused.length > 0) parts.push(`not added: ${refused.join("; ")}`);
  notify(editor, parts.join(" · "));
}
