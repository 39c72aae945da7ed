// What the editor remembers per scene file across opens and runs, as Tiled's session keeps each
// map's state (mapeditor.cpp, saveDocumentState/restoreDocumentState): the active layer
// (layer-session.ts) and the view (view-session.ts). Not in the scene file: where the designer was
// working, not part of the level. Kept in localStorage (stored.ts's rules: blocked storage keeps
// nothing, silently), the least recently used file dropped first.
import type { FileState } from "../editor/state";
import { readStored, storedFields, writeStored } from "../app/stored";

/** The most files remembered under one key; the least recently used go first. */
export const REMEMBERED_FILES = 100;

/** The file's key: its path (desktop), else its name (a browser knows no more); none for a new, never-saved document. */
export function fileKey(file: FileState): string | null {
  if (file.path !== undefined) return file.path;
  return file.importedFrom !== undefined || file.name === "untitled.json" ? null : `name:${file.name}`;
}

/** What `file` has remembered under `storageKey`, unchecked; undefined when nothing. */
export function rememberedFor(storageKey: string, file: FileState): unknown {
  const key = fileKey(file);
  return key === null ? undefined : storedFields(readStored(storageKey))[key];
}

/** Remembers `value` for `file` under `storageKey`, as the most recently used (`same` skips a write that changes nothing). */
export function rememberFor(storageKey: string, file: FileState, value: unknown, same: (a: unknown, b: unknown) => boolean = (a, b) => a === b): void {
  const key = fileKey(file);
  if (key === null) return;
  const all = storedFields(readStored(storageKey));
  if (same(all[key], value)) return;
  // Re-inserted last: the object's key order is the order of use.
  const entries = Object.entries(all).filter(([k]) => k !== key);
  writeStored(storageKey, Object.fromEntries([...entries.slice(Math.max(0, entries.length - (REMEMBERED_FILES - 1))), [key, value]]));
}
