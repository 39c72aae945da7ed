// A set of files watched through their folders, as the Tiled map's files (tiled-watch.ts) and the
// scene's pictures (picture-watch.ts) are: folders, not files, since a program that saves by
// renaming a new file over the old one replaces the inode a file watch would follow. Every event
// naming one of the files (or naming none, on platforms that give no name: then any of them) is
// debounced into one call with the files touched since the last one.
import path from "node:path";
import { describeFileError } from "./file-errors";
import type { WatcherLike, WatchLike } from "./file-watch";

export interface WatchedFilesOptions {
  readonly watch: WatchLike;
  /** The files events named since the last call, absolute, once the events have been quiet for `debounceMs`. */
  readonly onTouched: (files: readonly string[]) => void;
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  readonly debounceMs: number;
  /** What the files are, for the error lines: "the Tiled map", "the scene's pictures". */
  readonly what: string;
  /** A watch that failed, as one line. */
  readonly onError: (message: string) => void;
}

export interface WatchedFiles {
  /** Watches `file` (absolute, resolved) too. */
  add(file: string): void;
  /** The files watched now, absolute. */
  readonly files: readonly string[];
  /** Stops every watch and forgets the files and the events not yet reported. */
  clear(): void;
}

export function watchedFiles({ watch, onTouched, setTimeout, clearTimeout, debounceMs, what, onError }: WatchedFilesOptions): WatchedFiles {
  /** Per folder: its watcher and the names in it that are watched files. */
  const folders = new Map<string, { readonly watcher: WatcherLike; readonly names: Set<string> }>();
  /** Files an event named since the last report. */
  const touched = new Set<string>();
  let timer: unknown = null;

  const report = (): void => {
    timer = null;
    const files = [...touched];
    touched.clear();
    onTouched(files);
  };

  const schedule = (files: readonly string[]): void => {
    for (const f of files) touched.add(f);
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(report, debounceMs);
  };

  return {
    add(file) {
      const folder = path.dirname(file);
      const name = path.basename(file);
      const watched = folders.get(folder);
      if (watched) {
        watched.names.add(name);
        return;
      }
      const names = new Set([name]);
      try {
        const watcher = watch(folder, (_event, filename) => {
          if (filename === null) schedule([...names].map((n) => path.join(folder, n)));
          else if (names.has(filename)) schedule([path.join(folder, filename)]);
        });
        watcher.on("error", (err) => {
          onError(`stopped watching ${folder} for changes to ${what}: ${describeFileError(err)}`);
          watcher.close();
          if (folders.get(folder)?.watcher === watcher) folders.delete(folder);
        });
        folders.set(folder, { watcher, names });
      } catch (err) {
        onError(`cannot watch ${folder} for changes to ${what}: ${describeFileError(err)}`);
      }
    },
    get files() {
      return [...folders].flatMap(([folder, { names }]) => [...names].map((n) => path.join(folder, n)));
    },
    clear() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      for (const { watcher } of folders.values()) watcher.close();
      folders.clear();
      touched.clear();
    },
  };
}
