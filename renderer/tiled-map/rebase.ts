// The Tiled map's path (relative to the scene's folder) once the scene is saved in another folder:
// the path that leads from the new folder to the same map file, or null when none does (another
// drive, or outside the folder a browser was given). Pure.
import { tiledMapSourceProblem } from "../../core/tiled/file-types";
import { relativeImagePath } from "../images/image-source";
import { joinNames } from "../platform/web-files";

const accepted = (src: string | null): string | null => (src !== null && tiledMapSourceProblem(src) === null ? src : null);

/** Desktop: `src` read beside the file `fromFile`, seen from beside `toFile` (absolute paths of the OS). */
export const rebaseOnDisk = (fromFile: string, src: string, toFile: string): string | null =>
  // The file's own name followed by ".." is its folder, as relativeImagePath resolves names.
  accepted(relativeImagePath(toFile, `${fromFile}/../${src}`));

/** Browser: `src` relative to the folder `from`, seen from the folder `to` (both names from the top of the folder the user gave). */
export function rebaseInFolder(from: readonly string[], src: string, to: readonly string[]): string | null {
  const target = joinNames(from, src);
  if (!target || target.length === 0) return null;
  let common = 0;
  while (common < to.length && common < target.length - 1 && to[common] === target[common]) common++;
  return accepted([...to.slice(common).map(() => ".."), ...target.slice(common)].join("/"));
}
