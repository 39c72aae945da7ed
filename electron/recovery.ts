// Crash recovery: the unsaved document is kept in `<userData>/recovery/recovery.json`, written
// atomically a moment after the page sends it, and removed when the document is saved, its
// changes are discarded or the app quits cleanly. A file still there at the next start means the
// last run did not end cleanly: the user is offered to restore it. Everything Electron or the disk
// provides comes in as parameters, so this is tested in Node.
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { parseScene } from "../core/scene/io";
import type { RecoveredDocument, RecoveryRequest } from "../core/shell/desktop-api";
import { nodeWriteFileSystem, writeTextAtomically, type WriteFileSystem } from "../core/node/atomic-write";
import { describeFileError } from "./file-errors";

export const RECOVERY_FOLDER = "recovery";
export const RECOVERY_FILE_NAME = "recovery.json";
/** Where an unreadable recovery file is moved, so it is reported once and not lost. */
export const BROKEN_RECOVERY_FILE_NAME = "recovery.broken.json";

/** The file operations recovery needs: the atomic writer's, plus reading and making a folder. */
export interface RecoveryFileSystem extends WriteFileSystem {
  readText(path: string): Promise<string>;
  /** Creates the folder and its parents; an existing folder is not an error. */
  makeDirectory(path: string): Promise<void>;
  /** The names in a folder; a missing folder has none. */
  list(path: string): Promise<string[]>;
}

const isMissing = (err: unknown) => typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT";

export const nodeRecoveryFileSystem: RecoveryFileSystem = {
  ...nodeWriteFileSystem,
  readText: (file) => readFile(file, "utf8"),
  makeDirectory: async (dir) => {
    await mkdir(dir, { recursive: true });
  },
  list: (dir) => readdir(dir).catch((err: unknown) => (isMissing(err) ? [] : Promise.reject(err))),
};

export interface RecoveryClock {
  /** Milliseconds since the epoch (Date.now). */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RecoveryOptions extends RecoveryClock {
  /** The recovery folder, `<userData>/recovery`. */
  readonly folder: string;
  readonly fs: RecoveryFileSystem;
  /** At most one write per this many milliseconds, whatever the page sends (default 1000). */
  readonly minIntervalMs?: number;
  /** A write or removal that failed, as one line (the app logs it; autosave must never crash it). */
  readonly onError?: (message: string) => void;
}

export type RecoveryCheck =
  | { readonly kind: "none" }
  | { readonly kind: "found"; readonly document: RecoveredDocument }
  /** `movedTo` is where the file now is, if it could be moved aside. */
  | { readonly kind: "broken"; readonly reason: string; readonly file: string; readonly movedTo?: string };

export interface Recovery {
  /** The file the unsaved document is kept in. */
  readonly file: string;
  /** Looks for a recovery file left by a run that did not end cleanly, and validates it. */
  check(): Promise<RecoveryCheck>;
  /** Keeps this document; the write happens soon (coalesced: only the latest is written). */
  update(request: RecoveryRequest): void;
  /** Drops any pending write and removes the file. */
  discard(): Promise<void>;
  /** Resolves when every write and removal asked for so far is done (pending ones are written now). */
  flush(): Promise<void>;
}

const FORMAT = "collider-studio-recovery";

const recoveryFileSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  savedAt: z.iso.datetime(),
  name: z.string().min(1).max(255),
  path: z.string().min(1).max(4096).optional(),
  /** The scene file's text, exactly as Save would write it. */
  scene: z.string(),
});


/** What the recovery file holds: the document with its name, path and the time it was written. */
export function recoveryFileText(request: RecoveryRequest, savedAt: Date): string {
  const { text, name, path: original } = request;
  return `${JSON.stringify({ format: FORMAT, version: 1, savedAt: savedAt.toISOString(), name, ...(original === undefined ? {} : { path: original }), scene: text }, null, 1)}\n`;
}

/** Reads a recovery file's text into the document it holds, or says in one line what is wrong. */
export function readRecoveryFile(text: string): { ok: true; document: RecoveredDocument } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: text.trim() === "" ? "it is empty" : "it is not valid JSON" };
  }
  const parsed = recoveryFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
    return { ok: false, reason: `${where}${issue?.message ?? "not a recovery file"}` };
  }
  const { name, path: original, savedAt, scene } = parsed.data;
  // The scene is checked like any file the editor opens.
  const result = parseScene(scene);
  if (!result.ok) {
    const first = result.problems[0];
    const count = `${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}`;
    return { ok: false, reason: `the scene in it has ${count}${first ? `, the first: ${first.path === "" ? "" : `${first.path}: `}${first.message}` : ""}` };
  }
  return { ok: true, document: { name, ...(original === undefined ? {} : { path: original }), savedAt, text: scene } };
}

export function createRecovery(options: RecoveryOptions): Recovery {
  const { folder, fs, minIntervalMs = 1000, onError = () => {} } = options;
  const file = path.join(folder, RECOVERY_FILE_NAME);
  // Writes and removals run one after another, in the order they were asked for.
  let chain: Promise<void> = Promise.resolve();
  let pending: RecoveryRequest | null = null;
  let timer: unknown = null;
  let lastWriteAt = Number.NEGATIVE_INFINITY;

  const enqueue = (what: string, op: () => Promise<void>): Promise<void> => {
    chain = chain.then(op).catch((err: unknown) => onError(`cannot ${what} the recovery file ${file}: ${describeFileError(err)}`));
    return chain;
  };

  /** A crash in the middle of a write leaves its temporary file behind; nothing else will remove it. */
  const removeLeftovers = async (): Promise<void> => {
    try {
      const names = await fs.list(folder);
      const leftovers = names.filter((n) => n.startsWith(`.${RECOVERY_FILE_NAME}.`) && n.endsWith(".tmp"));
      await Promise.all(leftovers.map((n) => fs.remove(path.join(folder, n))));
    } catch (err) {
      onError(`cannot tidy the recovery folder ${folder}: ${describeFileError(err)}`);
    }
  };

  const writePending = (): void => {
    timer = null;
    const request = pending;
    pending = null;
    if (request === null) return;
    lastWriteAt = options.now();
    void enqueue("write", async () => {
      await fs.makeDirectory(folder);
      await writeTextAtomically(file, recoveryFileText(request, new Date(options.now())), { fs, backups: 0 });
    });
  };

  return {
    file,

    async check() {
      await removeLeftovers();
      let text: string;
      try {
        text = await fs.readText(file);
      } catch (err) {
        if (isMissing(err)) return { kind: "none" };
        return { kind: "broken", file, reason: `cannot read it: ${describeFileError(err)}` };
      }
      const read = readRecoveryFile(text);
      if (read.ok) return { kind: "found", document: read.document };
      const movedTo = path.join(folder, BROKEN_RECOVERY_FILE_NAME);
      try {
        await fs.rename(file, movedTo);
        return { kind: "broken", file, reason: read.reason, movedTo };
      } catch {
        return { kind: "broken", file, reason: read.reason };
      }
    },

    update(request) {
      pending = request;
      if (timer !== null) return;
      timer = options.setTimeout(writePending, Math.max(0, lastWriteAt + minIntervalMs - options.now()));
    },

    discard() {
      pending = null;
      if (timer !== null) options.clearTimeout(timer);
      timer = null;
      return enqueue("remove", () => fs.remove(file));
    },

    flush() {
      if (timer !== null) {
        options.clearTimeout(timer);
        writePending();
      }
      return chain;
    },
  };
}

/** The part of Electron's `dialog.showMessageBox` used here. */
export interface MessageBoxLike {
  showMessageBox(options: {
    type: "question" | "warning";
    title: string;
    message: string;
    detail: string;
    buttons: string[];
    defaultId: number;
    cancelId: number;
    noLink?: boolean;
  }): Promise<{ response: number }>;
}

const RESTORE = 0;

/**
 * At start: if the last run left a recovery file, asks Restore / Discard. Restore returns the
 * document (the file stays until it is saved or discarded); Discard removes the file; a broken
 * file is reported and moved aside. Closing the box restores: losing work must take a click.
 */
export async function offerRecovery(recovery: Recovery, box: MessageBoxLike, formatTime: (iso: string) => string = (iso) => new Date(iso).toLocaleString()): Promise<RecoveredDocument | null> {
  const found = await recovery.check();
  if (found.kind === "none") return null;
  if (found.kind === "broken") {
    await box.showMessageBox({
      type: "warning",
      title: "Recovery file unreadable",
      message: "Collider Studio did not close properly last time, and the unsaved changes it kept cannot be restored.",
      detail: `${found.file}: ${found.reason}.${found.movedTo === undefined ? "" : ` The file was kept as ${found.movedTo}.`}`,
      buttons: ["OK"],
      defaultId: 0,
      cancelId: 0,
    });
    return null;
  }
  const { document } = found;
  const where = document.path === undefined ? "a new scene that was never saved" : document.path;
  const { response } = await box.showMessageBox({
    type: "question",
    title: "Restore unsaved changes",
    message: `Collider Studio did not close properly last time. Restore the unsaved changes to ${document.name}?`,
    detail: `Autosaved ${formatTime(document.savedAt)} (${where}). Discard deletes them.`,
    buttons: ["Restore", "Discard"],
    defaultId: RESTORE,
    cancelId: RESTORE,
    noLink: true,
  });
  if (response === RESTORE) return document;
  await recovery.discard();
  return null;
}

/** The part of Electron's `app` a clean quit needs. */
export interface AppQuitLike {
  on(event: "will-quit", listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/**
 * A clean quit removes the recovery file, so one found at start means a crash. The quit waits for
 * writes under way and the removal, then goes on; `beforeRemoving` stops what could write again
 * (the file watch). Every will-quit until the removal is done is held, not only the first: another
 * holder of the quit (the window state's write) may start it again sooner. When `keep()` says the
 * quit is not clean after all (the editor page crashed with its document unsaved), the file is
 * written out and kept, to be offered at the next start.
 */
export function removeRecoveryOnCleanQuit(app: AppQuitLike, recovery: Recovery, beforeRemoving: () => void = () => {}, keep: () => boolean = () => false): void {
  let removing = false;
  let removed = false;
  app.on("will-quit", (event) => {
    if (removed) return;
    event.preventDefault();
    if (removing) return;
    removing = true;
    beforeRemoving();
    void (keep() ? recovery.flush() : recovery.discard()).finally(() => {
      removed = true;
      app.quit();
    });
  });
}
