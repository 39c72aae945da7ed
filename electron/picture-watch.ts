// Watching the pictures the page reads for the open scene through image:read (its images, and the
// Tiled backdrop's tilesets and image layers), as LDtk, Godot and Tiled watch theirs: an artist
// re-exports the level art and the editor draws the new one. Through their folders (watched-files.ts),
// events debounced into one check; a picture
// is reported only when its bytes differ from what was last read (a hash; a picture that cannot be
// read counts as one state of its own, so its going and its coming back are both reported). A
// read for another scene forgets the earlier pictures.
import { createHash } from "node:crypto";
import path from "node:path";
import type { PictureChange } from "../core/shell/desktop-api";
import { DEBOUNCE_MS, type WatchLike } from "./file-watch";
import { watchedFiles } from "./watched-files";

export interface PictureWatchOptions {
  readonly watch: WatchLike;
  /** The file's bytes; null when it cannot be read (gone, refused, too big). */
  readonly readBytes: (file: string) => Promise<Uint8Array | null>;
  /** A picture changed on disk: named as the page asked for it (one call per src). */
  readonly onChange: (change: PictureChange) => void;
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  /** Quiet time after the last event before the pictures are read (default DEBOUNCE_MS, as for the scene). */
  readonly debounceMs?: number;
  /** A watch that failed, as one line (logged; the pictures are still drawn, just not redrawn by themselves). */
  readonly onError?: (message: string) => void;
}

export interface PictureWatch {
  /**
   * The page read the picture `src` beside `scenePath`, the file `file` (absolute), and got `bytes`
   * (null: it could not be read): watch it. A read for another scene forgets the earlier ones.
   */
  read(scenePath: string, src: string, file: string, bytes: Uint8Array | null): void;
  /** Resolves when a check under way is done (tests). */
  settled(): Promise<void>;
  /** The files watched now, absolute (tests). */
  readonly files: readonly string[];
  stop(): void;
}

/** What a picture's state on disk is compared by: its bytes' hash, or this when it cannot be read. */
const UNREADABLE = "unreadable";
export const pictureFingerprint = (bytes: Uint8Array | null): string => (bytes === null ? UNREADABLE : createHash("sha256").update(bytes).digest("hex"));

interface Watched {
  /** Fingerprint as last read. */
  fingerprint: string;
  /** The srcs the page read this file by (one file may be named two ways). */
  readonly srcs: Set<string>;
}

export function createPictureWatch({ watch, readBytes, onChange, setTimeout, clearTimeout, debounceMs = DEBOUNCE_MS, onError = () => {} }: PictureWatchOptions): PictureWatch {
  /** The scene as the page names it (reported back as it is), and resolved (compared). */
  let scene: { readonly asked: string; readonly resolved: string } | undefined;
  const pictures = new Map<string, Watched>();
  let checking: Promise<void> = Promise.resolve();
  // Bumped on every stop so a check started for an earlier scene reports nothing.
  let generation = 0;

  const check = (files: readonly string[]): void => {
    const mine = generation;
    checking = checking.then(async () => {
      for (const file of files) {
        const fingerprint = pictureFingerprint(await readBytes(file).catch(() => null));
        const watched = pictures.get(file);
        if (mine !== generation || !watched || !scene || watched.fingerprint === fingerprint) continue;
        watched.fingerprint = fingerprint;
        for (const src of watched.srcs) onChange({ scenePath: scene.asked, src });
      }
    });
  };
  const watched = watchedFiles({ watch, onTouched: check, setTimeout, clearTimeout, debounceMs, what: "the scene's pictures", onError });

  const stop = (): void => {
    generation++;
    watched.clear();
    pictures.clear();
    scene = undefined;
  };

  return {
    settled: () => checking,
    read(scenePath, src, file, bytes) {
      const resolvedScene = path.resolve(scenePath);
      if (resolvedScene !== scene?.resolved) {
        stop();
        scene = { asked: scenePath, resolved: resolvedScene };
      }
      const resolved = path.resolve(file);
      const fingerprint = pictureFingerprint(bytes);
      const known = pictures.get(resolved);
      if (known) {
        // A change is reported against the bytes the page last read.
        known.fingerprint = fingerprint;
        known.srcs.add(src);
        return;
      }
      pictures.set(resolved, { fingerprint, srcs: new Set([src]) });
      watched.add(resolved);
    },
    get files() {
      return watched.files;
    },
    stop,
  };
}
