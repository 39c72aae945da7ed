// Where an export finds the scene's images. A scene's `src` is relative to the scene file's folder;
// an exported file names its images relative to its own folder (Tiled) or to a project's root
// (Godot's res://), so every path is resolved against the scene's folder and made relative again.
import { relativePath, resolvePath } from "../scene/file-paths";
import type { SceneImage, Scene } from "../scene/types";

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

export interface ImageExportOptions {
  /**
   * The scene file's folder, forward slashes (absolute, or relative to the same folder as
   * `outputDir`). Default "": with `outputDir` left out too, paths are written as the scene has them.
   */
  readonly sceneDir?: string;
  /** The folder the export's paths are relative to: the output file's (Tiled) or the Godot project's (res://). Default: `sceneDir`. */
  readonly outputDir?: string;
  /** Images' sizes in pixels, by image id, where the caller could read them. */
  readonly pixelSizes?: ReadonlyMap<string, PixelSize>;
  /**
   * data: URL images the caller wrote to files, by image id: each file's path, relative to
   * `sceneDir` or absolute. A data: URL image not listed here cannot be exported.
   */
  readonly extracted?: ReadonlyMap<string, string>;
}

export interface LocatedImage {
  readonly image: SceneImage;
  /**
   * The image file seen from `outputDir`: relative ("art/a.png", "../a.png"), or absolute when
   * no relative path leads there (another drive). Null for a data: URL that was not written out.
   */
  readonly path: string | null;
  readonly relative: boolean;
  readonly pixelSize: PixelSize | undefined;
}

/** Every image of the scene, bottom first, with its path from the export's folder. */
export function locateImages(scene: Pick<Scene, "images">, options: ImageExportOptions = {}): LocatedImage[] {
  const sceneDir = options.sceneDir ?? "";
  const outputDir = options.outputDir ?? sceneDir;
  return (scene.images ?? []).map((image) => {
    const pixelSize = options.pixelSizes?.get(image.id);
    const src = image.src.startsWith("data:") ? options.extracted?.get(image.id) : image.src;
    if (src === undefined) return { image, path: null, relative: false, pixelSize };
    const target = resolvePath(sceneDir, src);
    const relative = relativePath(outputDir, target);
    return { image, path: relative ?? target, relative: relative !== null, pixelSize };
  });
}

/** The image's drawn size in world units: its width and height, else its pixel size; undefined when neither is known. */
export function drawnSize(image: SceneImage, pixelSize: PixelSize | undefined): PixelSize | undefined {
  const width = image.width ?? pixelSize?.width, height = image.height ?? pixelSize?.height;
  return width === undefined || height === undefined ? undefined : { width, height };
}

/** Something about one image that the export could not write as the scene has it. */
export interface ImageNote {
  readonly image: string;
  readonly message: string;
}

/** "2048 × 1024". */
export const sizeText = (s: PixelSize): string => `${s.width} × ${s.height}`;
