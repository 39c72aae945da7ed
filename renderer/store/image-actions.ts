// Writing the document's images: add, select, move, resize, reorder, show, lock, delete. Each
// write outside a gesture is one undo step; a drag or a slider's whole gesture is one.
import type { SceneImage } from "../../core";
import type { Editor } from "../editor/editor";
import type { Rect } from "../images/image-geometry";
import type { Edit } from "./layer-actions";

/**
 * An image's id from its file's name, as `collider-studio trace` names its shapes: the name without
 * its folder and extension ("level" for art/level.png), control characters dropped; "image" when
 * nothing is left.
 */
export function imageBaseName(fileName: string): string {
  const file = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = file.lastIndexOf(".");
  // eslint-disable-next-line no-control-regex -- ids have no control characters (core/scene/field-rules.ts)
  const base = (dot > 0 ? file.slice(0, dot) : file).replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base === "" ? "image" : base;
}

/**
 * The first id not taken by an image of the document (nor by `taken`): the file's base name
 * ("level", then "level-2", "level-3"…), or "image-1", "image-2"… for a picture without a name
 * (a pasted one is "image.png").
 */
export function nextImageId(images: readonly SceneImage[], taken: readonly string[] = [], fileName?: string): string {
  const used = new Set([...images.map((i) => i.id), ...taken]);
  // A picture with no name of its own (a paste is "image.png") is numbered.
  if (fileName === undefined || imageBaseName(fileName) === "image") {
    let n = 1;
    while (used.has(`image-${n}`)) n++;
    return `image-${n}`;
  }
  const base = imageBaseName(fileName);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

export const imageById = (editor: Editor, id: string): SceneImage | undefined => editor.getState().images.find((i) => i.id === id);

/** Whether the canvas may pick the image: shown and not locked. */
export const imagePickable = (image: SceneImage): boolean => image.visible !== false && image.locked !== true;

/** Adds images on top of the others, in one undo step, and selects the last. */
export function addImages(editor: Editor, added: readonly SceneImage[]): void {
  if (added.length === 0) return;
  editor.update({ images: [...editor.getState().images, ...added], selectedImage: added.at(-1)!.id, selection: [] });
}

/** Renames an image (its id, unique among the document's images) in one undo step; refused with why when empty or taken. */
export function renameImage(editor: Editor, id: string, text: string): Edit<string> {
  // eslint-disable-next-line no-control-regex -- ids have no control characters (core/scene/field-rules.ts)
  const name = text.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (name === "") return { ok: false, message: "an image needs a name" };
  const s = editor.getState();
  if (name === id) return { ok: true, value: name };
  if (s.images.some((i) => i.id === name)) return { ok: false, message: `another image is named ${name}` };
  editor.update({ images: s.images.map((i) => (i.id === id ? { ...i, id: name } : i)), ...(s.selectedImage === id ? { selectedImage: name } : {}) });
  return { ok: true, value: name };
}

/** Selects one image (shapes and probes are then unselected), or none. */
export function selectImage(editor: Editor, id: string | null): void {
  const s = editor.getState();
  if (s.selectedImage === id && (id === null || s.selection.length === 0)) return;
  editor.update(id === null ? { selectedImage: null } : { selectedImage: id, selection: [] });
}

/** Replaces one image's fields (one undo step unless inside a gesture); nothing when nothing changes. */
export function updateImage(editor: Editor, id: string, patch: Partial<Omit<SceneImage, "id" | "src">>): void {
  const { images } = editor.getState();
  const at = images.findIndex((i) => i.id === id);
  if (at < 0) return;
  const old = images[at]!;
  if ((Object.keys(patch) as (keyof typeof patch)[]).every((k) => old[k] === patch[k])) return;
  const next = [...images];
  next[at] = { ...old, ...patch };
  editor.update({ images: next });
}

/** Puts the image at `rect` (a move or a resize step). */
export const placeImage = (editor: Editor, id: string, rect: Rect): void => updateImage(editor, id, { x: rect.x, y: rect.y, width: rect.width, height: rect.height });

/**
 * Shows or hides, locks or unlocks an image. An image hidden or locked is no longer selected: the
 * canvas can neither show its handles nor move it.
 */
export function setImageFlag(editor: Editor, id: string, flag: "visible" | "locked", value: boolean): void {
  updateImage(editor, id, { [flag]: value });
  const s = editor.getState();
  if (s.selectedImage === id && ((flag === "visible" && !value) || (flag === "locked" && value))) editor.update({ selectedImage: null });
}

/** Moves the image one place up (+1: drawn later, over the next) or down (−1) the list. */
export function moveImageInOrder(editor: Editor, id: string, delta: 1 | -1): void {
  const { images } = editor.getState();
  const at = images.findIndex((i) => i.id === id);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= images.length) return;
  const next = [...images];
  [next[at], next[to]] = [next[to]!, next[at]!];
  editor.update({ images: next });
}

export function deleteImage(editor: Editor, id: string): void {
  const s = editor.getState();
  if (!s.images.some((i) => i.id === id)) return;
  editor.update({ images: s.images.filter((i) => i.id !== id), ...(s.selectedImage === id ? { selectedImage: null } : {}) });
}
