// Reading the images a scene refers to by a relative path, for the page (which cannot read files).
// Only beside a scene the user chose (opened or saved in a dialog, a recent file, a restored one);
// only a path the scene format accepts (relative, forward slashes: imageSourceProblem); only a
// PNG, JPEG or WebP file by its first bytes, whatever its name says; never a huge file.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { imageSourceProblem, imageTypeOfBytes } from "../core/scene/image-source";
import type { ImageFile, PickedImages, ReadImageRequest, ShellResult } from "../core/shell/desktop-api";
import { describeFileError } from "./file-errors";

/** The file operations reading an image needs (tests substitute them). */
export interface ImageFileSystem {
  /** The file's size in bytes; rejects as fs.stat does (ENOENT …), and for a folder. */
  size(filePath: string): Promise<number>;
  readBytes(filePath: string): Promise<Uint8Array>;
}

export const nodeImageFileSystem: ImageFileSystem = {
  async size(filePath) {
    const info = await stat(filePath);
    if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: ${filePath}`), { code: "EISDIR" });
    return info.size;
  },
  async readBytes(filePath) {
    const buffer = await readFile(filePath);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  },
};

/** Larger image files are refused before they are read (an 8192 × 8192 PNG is far smaller). */
export const MAX_IMAGE_BYTES = 256 * 1024 * 1024;

/** The part of Electron's `dialog` picking images uses (main.ts binds it to the editor window). */
export interface ImageDialogLike {
  showOpenDialog(options: {
    title: string;
    properties: Array<"openFile" | "multiSelections">;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
}

export interface ImageFilesOptions {
  readonly fs?: ImageFileSystem;
  /** For pick(); without one, pick() fails. */
  readonly dialog?: ImageDialogLike;
  /** Whether the user chose this scene file (SceneFileService.isAllowed). */
  readonly isAllowed: (scenePath: string) => boolean;
  readonly maxBytes?: number;
  /**
   * A read for a scene was made (the scene allowed, the src a path): the file it named and the
   * bytes found there, null when none could be read (the picture watch starts from them).
   */
  readonly onRead?: (scenePath: string, src: string, filePath: string, bytes: Uint8Array | null) => void;
}

export interface ImageFiles {
  read(request: ReadImageRequest): Promise<ShellResult<ImageFile>>;
  /** Reports an image of an allowed scene to onRead as read() would, without handing its bytes to the page (one the page added from a picked file). */
  watch(request: ReadImageRequest): Promise<ShellResult<null>>;
  /** Asks for images in the Open dialog and reads each the same way (size limit, type from its bytes). */
  pick(): Promise<ShellResult<PickedImages>>;
  /** Reads an image the user picked in File → Open…'s dialog (the main process's own call, no channel). */
  readPicked(filePath: string): Promise<ShellResult<ImageFile>>;
}

const failure = (error: string): ShellResult<never> => ({ ok: false, canceled: false, error });

/**
 * Where `src` (a path the scene format accepts) points from the scene file at `scenePath`, or why
 * it is refused. "../" may leave the scene's folder, as the format allows.
 */
export function resolveImagePath(scenePath: string, src: string): { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string } {
  if (src.startsWith("data:")) return { ok: false, reason: "a data: URL is read in the page, not from disk" };
  const problem = imageSourceProblem(src);
  if (problem !== null) return { ok: false, reason: `its src ${problem}` };
  if (src.includes("\0")) return { ok: false, reason: "its src holds a NUL character" };
  return { ok: true, path: path.resolve(path.dirname(path.resolve(scenePath)), ...src.split("/")) };
}

export const IMAGE_FILTERS = [{ name: "Images (PNG, JPEG, WebP)", extensions: ["png", "jpg", "jpeg", "webp"] }];

/** The file's bytes, or null when it cannot be read or is larger than `maxBytes` (the picture watch's reader). */
export async function readBytesWithin(fs: ImageFileSystem, filePath: string, maxBytes = MAX_IMAGE_BYTES): Promise<Uint8Array | null> {
  try {
    return (await fs.size(filePath)) > maxBytes ? null : await fs.readBytes(filePath);
  } catch {
    return null;
  }
}

export function createImageFiles({ fs = nodeImageFileSystem, dialog, isAllowed, maxBytes = MAX_IMAGE_BYTES, onRead }: ImageFilesOptions): ImageFiles {
  /** The image file at `filePath`, named `label` in messages (its src, or its name); `seen` gets the bytes read, if any. */
  async function readImageFile(filePath: string, label: string, seen: (bytes: Uint8Array | null) => void = () => {}): Promise<ShellResult<ImageFile>> {
    let size: number;
    try {
      size = await fs.size(filePath);
    } catch (err) {
      const code = typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
      return failure(code === "ENOENT" ? `image not found: ${label}` : `cannot read ${label}: ${describeFileError(err)}`);
    }
    if (size > maxBytes) return failure(`cannot read ${label}: it is ${Math.ceil(size / 2 ** 20)} MB, more than the ${Math.floor(maxBytes / 2 ** 20)} MB an image may be`);
    let bytes: Uint8Array;
    try {
      bytes = await fs.readBytes(filePath);
    } catch (err) {
      return failure(`cannot read ${label}: ${describeFileError(err)}`);
    }
    seen(bytes);
    const type = imageTypeOfBytes(bytes);
    if (type === null) return failure(`cannot read ${label}: it is not a PNG, JPEG or WebP file`);
    return { ok: true, value: { bytes, type } };
  }

  return {
    async read({ scenePath, src }) {
      if (!isAllowed(scenePath)) return failure(`cannot read ${src}: the scene was not opened or saved in a file dialog`);
      const where = resolveImagePath(scenePath, src);
      if (!where.ok) return failure(`cannot read ${src}: ${where.reason}`);
      let read: Uint8Array | null = null;
      const result = await readImageFile(where.path, src, (bytes) => (read = bytes));
      onRead?.(scenePath, src, where.path, read);
      return result;
    },

    async watch({ scenePath, src }) {
      if (!isAllowed(scenePath)) return failure(`cannot watch ${src}: the scene was not opened or saved in a file dialog`);
      const where = resolveImagePath(scenePath, src);
      if (!where.ok) return failure(`cannot watch ${src}: ${where.reason}`);
      onRead?.(scenePath, src, where.path, await readBytesWithin(fs, where.path, maxBytes));
      return { ok: true, value: null };
    },

    readPicked: (filePath) => readImageFile(path.resolve(filePath), path.basename(filePath)),

    async pick() {
      if (!dialog) return failure("cannot show the Open dialog here");
      let chosen: string[];
      try {
        const choice = await dialog.showOpenDialog({ title: "Add image", properties: ["openFile", "multiSelections"], filters: IMAGE_FILTERS });
        chosen = choice.canceled ? [] : choice.filePaths;
      } catch (err) {
        return failure(`cannot show the Open dialog: ${describeFileError(err)}`);
      }
      if (chosen.length === 0) return { ok: false, canceled: true };
      const images: PickedImages["images"][number][] = [];
      const refused: string[] = [];
      for (const picked of chosen) {
        const filePath = path.resolve(picked);
        const name = path.basename(filePath);
        const read = await readImageFile(filePath, name);
        if (read.ok) images.push({ ...read.value, name, path: filePath });
        else if (!read.canceled) refused.push(read.error);
      }
      return { ok: true, value: { images, refused } };
    },
  };
}
