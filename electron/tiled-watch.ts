// Watching the files of the open scene's Tiled map (the map, and the tilesets and templates it
// refers to), as Tiled watches a map's files and reloads them: each file the page reads through
// tiled:read is watched until the page reads for another scene (or map imported), through its
// folder (watched-files.ts: Tiled saves by writing a new file over the old one). Events are
// debounced into one report, made only when a file's content differs from what was last read or written (a hash): Save to Map's
// own write, and touches that change nothing, are not reported. The page then reads the files
// again (its backdrop only: the scene's shapes are not imported again).
import path from "node:path";
import { DEBOUNCE_MS, hashText, type WatchLike } from "./file-watch";
import { watchedFiles } from "./watched-files";

export interface TiledWatchOptions {
  readonly watch: WatchLike;
  readonly readText: (file: string) => Promise<string>;
  /** One of the map's files changed on disk (debounced: a save that touches several files reports once). */
  readonly onChange: () => void;
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  /** Quiet time after the last event before reporting (default DEBOUNCE_MS, as for the scene). */
  readonly debounceMs?: number;
  /** A watch that failed, as one line (logged; the map is still drawn, just not reloaded by itself). */
  readonly onError?: (message: string) => void;
}

export interface TiledWatch {
  /** The page read `file` (absolute), whose content is `text`, for the map beside `scenePath`: watch it; a read for another scene forgets the earlier ones. */
  read(scenePath: string, file: string, text: string): void;
  /** Save to Map wrote `text` into `file`: not a change to report. */
  wrote(file: string, text: string): void;
  /** Resolves when a check under way is done (tests). */
  settled(): Promise<void>;
  /** The files watched now, absolute (tests). */
  readonly files: readonly string[];
  stop(): void;
}

export function createTiledWatch({ watch, readText, onChange, setTimeout, clearTimeout, debounceMs = DEBOUNCE_MS, onError = () => {} }: TiledWatchOptions): TiledWatch {
  let scene: string | undefined;
  /** The hash of each watched file's content as last read or written. */
  const known = new Map<string, string>();
  let checking: Promise<void> = Promise.resolve();
  // Bumped on every stop so a check started for an earlier scene reports nothing.
  let generation = 0;

  const check = (files: readonly string[]): void => {
    const mine = generation;
    checking = checking.then(async () => {
      let changed = false;
      for (const file of files) {
        let text: string;
        try {
          text = await readText(file);
        } catch {
          // Gone, or between Tiled's delete and write: its return is another event.
          continue;
        }
        // As tiled:read hands it to the page: a byte order mark dropped.
        const hash = hashText(text.replace(/^\uFEFF/, ""));
        if (mine !== generation || !known.has(file) || known.get(file) === hash) continue;
        known.set(file, hash);
        changed = true;
      }
      if (changed && mine === generation) onChange();
    });
  };
  const watched = watchedFiles({ watch, onTouched: check, setTimeout, clearTimeout, debounceMs, what: "the Tiled map", onError });

  const stop = (): void => {
    generation++;
    watched.clear();
    known.clear();
    scene = undefined;
  };

  return {
    wrote(file, text) {
      const resolved = path.resolve(file);
      if (known.has(resolved)) known.set(resolved, hashText(text));
    },
    settled: () => checking,
    read(scenePath, file, text) {
      const owner = path.resolve(scenePath);
      if (owner !== scene) {
        stop();
        scene = owner;
      }
      const resolved = path.resolve(file);
      known.set(resolved, hashText(text));
      watched.add(resolved);
    },
    get files() {
      return watched.files;
    },
    stop,
  };
}
