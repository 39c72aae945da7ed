// The active layer of each scene file, kept across opens as Tiled keeps a map's current layer in
// its session ("selectedLayer"; file-session.ts keeps it).
// It is not in the scene file: it is where the designer was working, not part of the level. A
// file with no remembered layer (or whose remembered layer is gone) opens with its topmost layer
// that is neither locked nor hidden active (loadPrepared). Kept in localStorage (stored.ts's rules: blocked storage keeps nothing, silently).
import type { Editor } from "../editor/editor";
import type { FileState } from "../editor/state";
import { rememberedFor, rememberFor } from "./file-session";
import { activeLayerOf } from "./layer-actions";

export { REMEMBERED_FILES } from "./file-session";

const KEY = "collider-studio.active-layers";

/** The layer `file` was last left with, when `layers` still have it. */
export function rememberedActiveLayer(file: FileState, layers: readonly { readonly id: string }[]): string | null {
  const id = rememberedFor(KEY, file);
  return typeof id === "string" && layers.some((l) => l.id === id) ? id : null;
}

/** Remembers the active layer of the open file whenever it or the file changes; returns the unsubscribe. */
export function followActiveLayer(editor: Editor): () => void {
  return editor.store.subscribe((s, prev) => {
    if (s.activeLayer !== prev.activeLayer || s.file !== prev.file) rememberFor(KEY, s.file, activeLayerOf(s));
  });
}
