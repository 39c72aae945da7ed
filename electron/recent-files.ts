// File → Open Recent: the scene files last opened or saved, most recent first, kept in
// <userData>/recent-files.json. Paths come only from the main process (dialogs, the OS), never from
// the page, so a path in this list is one the user chose.
import path from "node:path";
import { z } from "zod";
import { nodeJsonStoreFileSystem, readJsonFile, serialWriter, writeJsonFile, type JsonStoreFileSystem } from "./json-store";

export const RECENT_FILES_LIMIT = 10;

const recentFilesSchema = z.object({
  version: z.literal(1),
  files: z.array(z.string().min(1).max(4096)).max(100),
});

/** `list` with `filePath` moved (or added) to the front, without duplicates, at most `limit` long. */
export function withRecent(list: readonly string[], filePath: string, limit = RECENT_FILES_LIMIT): string[] {
  const added = path.resolve(filePath);
  return [added, ...list.filter((p) => p !== added)].slice(0, limit);
}

export interface RecentFiles {
  /** The list as it is, most recent first. */
  list(): readonly string[];
  /** Drops files that no longer exist (saving the list if that changed it); returns what is left. */
  prune(): readonly string[];
  add(filePath: string): Promise<void>;
  remove(filePath: string): Promise<void>;
  clear(): Promise<void>;
  /** Whether the path is on the list: a file the user opened or saved before. */
  has(filePath: string): boolean;
}

export interface RecentFilesOptions {
  /** The JSON file the list is kept in. */
  readonly file: string;
  /** Synchronous, because the menu is built synchronously; called for at most `limit` paths. */
  readonly exists: (filePath: string) => boolean;
  readonly fs?: JsonStoreFileSystem;
  readonly warn?: (line: string) => void;
  readonly limit?: number;
  /** Called after every change, e.g. to rebuild the menu. */
  readonly onChange?: (list: readonly string[]) => void;
}

/** Reads the saved list (an unreadable one counts as empty) and returns the live list. */
export async function loadRecentFiles(options: RecentFilesOptions): Promise<RecentFiles> {
  const { file, exists, fs = nodeJsonStoreFileSystem, warn = () => {}, limit = RECENT_FILES_LIMIT, onChange = () => {} } = options;
  const saved = await readJsonFile(file, recentFilesSchema, fs, warn);
  // A hand-edited file may hold duplicates, relative paths or too many entries.
  let files: string[] = (saved?.files ?? []).reduceRight<string[]>((list, p) => withRecent(list, p, limit), []);
  const save = serialWriter(() => writeJsonFile(file, { version: 1, files }, fs), (reason) => warn(`cannot save the recent files list ${file}: ${reason}`));

  const change = (next: string[]): Promise<void> => {
    files = next;
    onChange(files);
    return save();
  };

  return {
    list: () => files,
    prune() {
      const kept = files.filter((p) => exists(p));
      // Not through `change`: pruning happens while the menu is being built and must not rebuild it.
      if (kept.length !== files.length) {
        files = kept;
        void save();
      }
      return files;
    },
    add: (filePath) => change(withRecent(files, filePath, limit)),
    remove: (filePath) => change(files.filter((p) => p !== path.resolve(filePath))),
    clear: () => change([]),
    has: (filePath) => files.includes(path.resolve(filePath)),
  };
}
