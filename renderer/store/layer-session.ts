// The active layer of each scene file, kept across opens as Tiled keeps a map's current layer in
// its session (Tiled's mapeditor.cpp, saveDocumentState/restoreDocumentState, "selectedLayer").
// It is not in the scene file: it is where the designer was working, not part of the level. A
// file with no remembered layer (or whose remembered layer is gone) opens with its topmost layer
// that is neither locked nor hidden active (loadPrepared). Kept in localStorage (stored.ts's rules: blocked storage keeps nothing, silently).
import type { Editor } from "../editor/editor";
import type { FileState } from "../editor/state";
import { readStored, storedFields, writeStored } from "../app/stored";
import { activeLayerOf } from "./layer-actions";

const KEY = "collider-studio.active-layers";
/** The most files remembered; the least recently used go first. */
export const REMEMBERED_FILES = 100;

/** The file's key: its path (desktop), else its name (a browser knows no more); none for a new, never-saved document. */
function fileKey(file: FileState): string | null {
  if (file.path !== undefined) return file.path;
  return file.importedFrom !== undefined || file.name === "untitled.json" ? null : `name:${file.name}`;
}

/** The layer `file` was last left with, when `layers` still have it. */
export function rememberedActiveLayer(file: FileState, layers: readonly { readonly id: string }[]): string | null {
  const key = fileKey(file);
  if (key === null) return null;
  const id = storedFields(readStored(KEY))[key];
  return typeof id === "string" && layers.some((l) => l.id === id) ? id : null;
}

function remember(file: FileState, layerId: string): void {
  const key = fileKey(file);
  if (key === null) return;
  const all = storedFields(readStored(KEY));
  if (all[key] === layerId) return;
  // Re-inserted last: the object's key order is the order of use.
  const entries = Object.entries(all).filter(([k, v]) => k !== key && typeof v === "string");
  writeStored(KEY, Object.fromEntries([...entries.slice(Math.max(0, entries.length - (REMEMBERED_FILES - 1))), [key, layerId]]));
}

/** Remembers the active layer of the open file whenever it or the file changes; returns the unsubscribe. */
export function followActiveLayer(editor: Editor): () => void {
  return editor.store.subscribe((s, prev) => {
    if (s.activeLayer !== prev.activeLayer || s.file !== prev.file) remember(s.file, activeLayerOf(s));
  });
}
