// Watching the open scene file for changes made by other programs. The folder is watched, not the
// file: an editor that saves by renaming a new file over the old one replaces the inode a file
// watch would follow, and the watch would go quiet. Events are debounced, and a change counts only
// when the content differs from what the editor last opened, saved or was told about (a hash, not
// the mtime), so our own atomic saves and touches that change nothing are ignored.
import { createHash } from "node:crypto";
import path from "node:path";
import type { FileChange, OpenedFile, ReloadRequest, ShellResult } from "../core/shell/desktop-api";
import { describeFileError } from "./file-errors";
import type { SceneFileService } from "./file-service";

/** What fs.watch returns, as far as it is used here. */
export interface WatcherLike {
  close(): void;
  on(event: "error", listener: (err: Error) => void): unknown;
}

/** fs.watch on a folder: the listener gets the event type and the name of the entry it concerns. */
export type WatchLike = (folder: string, listener: (event: string, filename: string | null) => void) => WatcherLike;

export interface FileWatchOptions {
  readonly watch: WatchLike;
  readonly readText: (file: string) => Promise<string>;
  /** The file's content now differs from what the editor has. */
  readonly onChange: (change: FileChange) => void;
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  /** Quiet time after the last event before the file is read (default DEBOUNCE_MS). */
  readonly debounceMs?: number;
  /** A watch that failed, as one line (logged; the editor works on without it). */
  readonly onError?: (message: string) => void;
}

export interface FileWatch {
  /** Watches `file`, whose content the editor has as `text` (just opened or saved). Replaces any earlier watch. */
  watch(file: string, text: string): void;
  /** While our own save runs, events wait; `resume` then checks once. */
  suspend(): void;
  resume(): void;
  /** The file being watched, if any. */
  readonly file: string | undefined;
  stop(): void;
  /** Resolves when a check under way is done (tests). */
  settled(): Promise<void>;
}

/**
 * Quiet time after a folder's last event before a watched file is read: an editor's save is a
 * burst of events (a temporary file, a rename, a write), read once when it is over.
 */
export const DEBOUNCE_MS = 300;

export const hashText = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

const isMissing = (err: unknown) => typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT";

export function createFileWatch(options: FileWatchOptions): FileWatch {
  const { watch, readText, onChange, debounceMs = DEBOUNCE_MS, onError = () => {} } = options;
  let file: string | undefined;
  let known = "";
  let watcher: WatcherLike | undefined;
  let timer: unknown = null;
  let suspended = 0;
  let missedWhileSuspended = false;
  let checking: Promise<void> = Promise.resolve();
  // Bumped on every watch/stop so a check started for an older file reports nothing.
  let generation = 0;

  const clearTimer = () => {
    if (timer !== null) options.clearTimeout(timer);
    timer = null;
  };

  const check = (): void => {
    timer = null;
    const target = file;
    const mine = generation;
    if (target === undefined) return;
    checking = checking.then(async () => {
      let text: string;
      try {
        text = await readText(target);
      } catch (err) {
        // Gone (deleted, or between another editor's delete and write): its return is another event.
        if (!isMissing(err)) onError(`cannot read ${target} to see whether it changed: ${describeFileError(err)}`);
        return;
      }
      if (mine !== generation || suspended > 0) return;
      const hash = hashText(text);
      if (hash === known) return;
      // Asked once per content: declining a reload must not bring the question back until it changes again.
      known = hash;
      onChange({ path: target, name: path.basename(target) });
    });
  };

  const schedule = (): void => {
    if (suspended > 0) {
      missedWhileSuspended = true;
      return;
    }
    clearTimer();
    timer = options.setTimeout(check, debounceMs);
  };

  const stop = (): void => {
    generation++;
    clearTimer();
    watcher?.close();
    watcher = undefined;
    file = undefined;
  };

  return {
    get file() {
      return file;
    },

    watch(target, text) {
      const resolved = path.resolve(target);
      known = hashText(text);
      if (resolved === file && watcher !== undefined) {
        generation++;
        clearTimer();
        return;
      }
      stop();
      file = resolved;
      const name = path.basename(resolved);
      try {
        const w = watch(path.dirname(resolved), (_event, filename) => {
          // Only our file; some platforms give no name, so then it is checked anyway.
          if (filename === null || filename === name) schedule();
        });
        w.on("error", (err) => {
          onError(`stopped watching ${resolved}: ${describeFileError(err)}`);
          if (watcher === w) stop();
        });
        watcher = w;
      } catch (err) {
        onError(`cannot watch ${resolved}: ${describeFileError(err)}`);
        file = undefined;
      }
    },

    suspend() {
      suspended++;
      // An event that was waiting is checked after the save, not lost.
      if (timer !== null) missedWhileSuspended = true;
      clearTimer();
    },

    resume() {
      suspended = Math.max(0, suspended - 1);
      if (suspended === 0 && missedWhileSuspended) {
        missedWhileSuspended = false;
        schedule();
      }
    },

    stop,
    settled: () => checking,
  };
}

export interface WatchedFileService extends SceneFileService {
  /** Reads the open file again; only a file the user chose (see SceneFileService.isAllowed). */
  reload(request: ReloadRequest): Promise<ShellResult<OpenedFile>>;
  /** A document restored after a crash lives at `file`: allow saving there and watch it as it is on disk now. */
  adopt(file: string): Promise<void>;
}

/**
 * The scene file service with the open file watched. Every way a scene is opened or saved goes
 * through here: Open and openPath (Open Recent, a drop, a file from the command line, macOS
 * 'open-file', a second launch) once the page loaded the scene they read (opened), Save, Reload
 * and a restored document's adopt (re)start the watch with the text the editor now has, and a
 * save's own events are held until it is done.
 */
export function watchingFileService(files: SceneFileService, fileWatch: FileWatch, readText: (file: string) => Promise<string>): WatchedFileService {
  return {
    ...files,
    // Only a scene the page then loads is the open file (a map is imported into a new document, an
    // image added; a scene with problems is not loaded): the watch moves to it once the page
    // confirms, not when it is read (open, openPath).
    opened(file) {
      const picked = files.opened(file);
      if (picked) fileWatch.watch(picked.path, picked.text);
      return picked;
    },
    async save(request) {
      fileWatch.suspend();
      try {
        const result = await files.save(request);
        if (result.ok) fileWatch.watch(result.value.path, request.text);
        return result;
      } finally {
        fileWatch.resume();
      }
    },
    async adopt(file) {
      files.allow(file);
      try {
        fileWatch.watch(file, await readText(file));
      } catch {
        // Gone since the crash: Save will create it again; nothing to watch until then.
      }
    },
    async reload({ path: requested }) {
      const target = path.resolve(requested);
      if (!files.isAllowed(target)) return { ok: false, canceled: false, error: `cannot reload ${requested}: it is not a file the user chose (opened, saved or on the recent list)` };
      try {
        const text = await readText(target);
        fileWatch.watch(target, text);
        return { ok: true, value: { path: target, name: path.basename(target), text } };
      } catch (err) {
        return { ok: false, canceled: false, error: `cannot reload ${target}: ${describeFileError(err)}` };
      }
    },
  };
}
