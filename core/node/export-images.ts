// The command line's part in exporting a scene's images: the folders the exporters' paths start
// from, each image's size in pixels (read from its header), and the files that data: URL images
// become next to the output ("level.tmj" → "level-images/<id>.png"), since no export format can
// embed them.
import { stat } from "node:fs/promises";
import path from "node:path";
import type { ImageExportOptions, PixelSize } from "../export/images";
import { dataUrlType } from "../scene/image-source";
import { imageSize } from "../scene/image-size";
import type { Scene, SceneImage } from "../scene/types";
import { UserError } from "./files";

export interface ImageFiles {
  readonly readBytes: (file: string) => Promise<Uint8Array>;
}

export interface ExportImagesRequest {
  readonly scene: Scene;
  readonly sceneFile: string;
  /** The output file; undefined for standard output (paths then start from the current folder). */
  readonly output: string | undefined;
  /**
   * "tiled": every image's size is read, for imagewidth/imageheight and the scale check; one that
   * cannot be read is a warning. "godot": only images with a width or height are read (their
   * scale needs it), and one that cannot be read is an error.
   */
  readonly format: "tiled" | "godot";
  /** Godot: the project's folder, which res:// names (default: the nearest folder holding project.godot, from the output's up). */
  readonly projectDir?: string;
}

/** The nearest of `folder` and the folders above it that holds a project.godot, or undefined. */
export async function findGodotProject(folder: string): Promise<string | undefined> {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    try {
      if ((await stat(path.join(dir, "project.godot"))).isFile()) return dir;
    } catch {
      // Not here (or unreadable): look further up.
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

export interface PreparedImages {
  readonly options: ImageExportOptions;
  /** data: URL images to write once the export has succeeded, before the output itself. */
  readonly files: readonly { readonly path: string; readonly bytes: Uint8Array }[];
  /** The folder they go to, when there are any. */
  readonly folder: string | undefined;
  /** One line each for stderr, after "FILE: ". */
  readonly warnings: readonly string[];
}

/** An OS path with forward slashes, as the core's path arithmetic takes it. */
export const forwardSlashes = (p: string): string => p.split(path.sep).join("/");

const EXTENSIONS = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" } as const;

/** Names Windows refuses for a file, whatever its extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** A file name for the image `id`: letters, digits, ".", "_", "-", unique ignoring case (as on Windows and macOS). */
export function imageFileName(id: string, extension: string, taken: Set<string>): string {
  let base = id.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "").slice(0, 100) || "image";
  if (RESERVED.test(base)) base = `_${base}`;
  let name = `${base}.${extension}`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}.${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The bytes of a data: URL image. */
const dataBytes = (src: string): Uint8Array => new Uint8Array(Buffer.from(src.slice(src.indexOf(",") + 1), "base64"));

/** "level.godot3.tscn" → "level.godot3-images". */
const imagesFolderOf = (output: string) => path.join(path.dirname(output), `${path.basename(output).replace(/\.[^.]*$/, "") || "export"}-images`);

export async function prepareExportImages(request: ExportImagesRequest, files: ImageFiles): Promise<PreparedImages> {
  const { scene, sceneFile, output, format } = request;
  const sceneFolder = path.dirname(path.resolve(sceneFile));
  const outputFile = output === undefined ? undefined : path.resolve(output);
  const outputFolder = outputFile === undefined ? process.cwd() : path.dirname(outputFile);
  const warnings: string[] = [];
  let pathsFrom = outputFolder;
  if (format === "godot" && request.projectDir !== undefined) pathsFrom = path.resolve(request.projectDir);
  else if (format === "godot") {
    // res:// is the project's root: a scene in levels/ of the project names its art res://levels/art/….
    const project = await findGodotProject(outputFolder);
    if (project !== undefined) pathsFrom = project;
    else warnings.push(`no project.godot in ${outputFolder} or a folder above it: res:// paths start from ${outputFolder}; give --godot-project DIR if the Godot project is elsewhere`);
  }
  const images = scene.images ?? [];

  const written: { path: string; bytes: Uint8Array }[] = [];
  const extracted = new Map<string, string>();
  const folder = outputFile === undefined ? undefined : imagesFolderOf(outputFile);
  if (folder !== undefined) {
    const taken = new Set<string>();
    for (const image of images) {
      const type = dataUrlType(image.src);
      if (type === null) continue;
      const file = path.join(folder, imageFileName(image.id, EXTENSIONS[type], taken));
      written.push({ path: file, bytes: dataBytes(image.src) });
      extracted.set(image.id, forwardSlashes(file));
    }
  }

  const pixelSizes = new Map<string, PixelSize>();
  const where = (image: SceneImage) => (image.src.startsWith("data:") ? "its data: URL" : image.src);
  for (const image of images) {
    if (format === "godot" && image.width === undefined && image.height === undefined) continue;
    let problem: string;
    try {
      const size = imageSize(image.src.startsWith("data:") ? dataBytes(image.src) : await files.readBytes(path.resolve(sceneFolder, image.src)));
      if (size.ok) {
        pixelSizes.set(image.id, { width: size.width, height: size.height });
        continue;
      }
      problem = `cannot read its size from ${where(image)}: ${size.reason}`;
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      problem = err.message;
    }
    if (format === "godot") throw new UserError(`${sceneFile}: image "${image.id}": ${problem} (its scale in Godot needs its size in pixels)`);
    warnings.push(`image "${image.id}": ${problem}; written as the scene has it`);
  }
  if (folder === undefined && images.some((i) => i.src.startsWith("data:"))) {
    warnings.push("data: URL images are written to files next to the output only with -o");
  }

  return {
    options: { sceneDir: forwardSlashes(sceneFolder), outputDir: forwardSlashes(pathsFrom), pixelSizes, extracted },
    files: written,
    folder: written.length > 0 ? folder : undefined,
    warnings,
  };
}
