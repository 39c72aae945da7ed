// A picture changed on disk (the desktop app watches the ones the page read: electron/picture-watch.ts),
// as an artist re-exports the level art or a tileset: a scene image showing it is decoded again and
// redrawn, and so is the Tiled backdrop drawing it. The document is not touched (no edit, no undo
// step, not dirtied): an image keeps its place, and its size when the scene gives one (else it takes
// the new pixel size, as opening the scene would). A picture that cannot be read or decoded now
// keeps its last good drawing, and the status line says why.
import type { PictureChange } from "../../core/shell/desktop-api";
import type { Editor } from "../editor/editor";
import { readBase } from "../editor/state";
import type { Redraw } from "../images/image-cache";
import { notify } from "../store/actions";

/** The status line's words for what reading the changed picture `src` again made, or null when it showed nowhere. */
export function pictureChangeNotice(src: string, redraws: readonly Redraw[]): string | null {
  const done = redraws.filter((r) => r.kind !== "none");
  if (done.length === 0) return null;
  const name = src.slice(src.lastIndexOf("/") + 1);
  const failed = done.find((r) => r.kind === "failed");
  if (!failed) return `${name} changed on disk: redrawn`;
  // The drawing kept said first: the status line cuts a long reason short.
  return failed.kept ? `${name} changed on disk, old drawing kept: ${failed.message}` : `${name} changed on disk and cannot be shown: ${failed.message}`;
}

/** Reads the changed picture again wherever the open scene shows it; a change beside another scene is not this one's. */
export async function redrawChangedPicture(editor: Editor, change: PictureChange): Promise<void> {
  const base = readBase(editor.getState().file);
  if (base !== change.scenePath) return;
  const redraws = await Promise.all([editor.imageCache.reload(change.src, base), editor.backdrop.reloadPicture(change.src, base)]);
  const notice = pictureChangeNotice(change.src, redraws);
  if (notice !== null) notify(editor, notice);
}
