// Writing a file so that a reader (or a crash) sees either the old content or the new, never a
// part, and keeping previous contents as `<name>.bak`, `<name>.bak.2`, …. Shared by the desktop
// shell's Save and exports and the command line's -o outputs.
import { randomBytes } from "node:crypto";
import { copyFile, open, rename, rm } from "node:fs/promises";
import path from "node:path";

/** The file operations an atomic write needs (tests substitute failures). */
export interface WriteFileSystem {
  /** Creates `path` (failing if it exists), writes `text` and flushes it to disk. */
  writeNewFile(path: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Removes `path`; a missing file is not an error. */
  remove(path: string): Promise<void>;
  /** Copies `from` over `to`; rejects with ENOENT when `from` does not exist. */
  copy(from: string, to: string): Promise<void>;
}

export const nodeWriteFileSystem: WriteFileSystem = {
  async writeNewFile(file, text) {
    const handle = await open(file, "wx", 0o644);
    try {
      await handle.writeFile(text, "utf8");
      // Flush before the rename so a crash cannot leave an empty file under the real name.
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => rename(from, to),
  remove: (file) => rm(file, { force: true }),
  copy: (from, to) => copyFile(from, to),
};

/** How many generations are kept unless a caller says otherwise. */
export const DEFAULT_BACKUPS = 1;
/** More than this is surely a typo in a setting; it also bounds the renames per save. */
export const MAX_BACKUPS = 50;

/** Where the `generation`-th previous content of `target` is kept: 1 is `.bak`, 2 is `.bak.2`, …. */
export const backupPathOf = (target: string, generation = 1): string => (generation <= 1 ? `${target}.bak` : `${target}.bak.${generation}`);

/** A temporary name next to the target, so the final rename stays on one file system. */
function temporaryPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
}

const isMissing = (err: unknown) => typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT";

export interface AtomicWriteOptions {
  /** Keep the content `target` had before as `<target>.bak` (default true); false is `backups: 0`. */
  readonly backup?: boolean;
  /** How many previous contents to keep (default 1): `.bak` is the newest, `.bak.N` the oldest. */
  readonly backups?: number;
  readonly fs?: WriteFileSystem;
}

/** The number of generations to keep, from the options. */
function backupCount(options: AtomicWriteOptions): number {
  if (options.backup === false) return 0;
  const n = options.backups ?? DEFAULT_BACKUPS;
  if (!Number.isInteger(n) || n < 0 || n > MAX_BACKUPS) throw new RangeError(`backups must be a whole number from 0 to ${MAX_BACKUPS}, got ${n}`);
  return n;
}

/** Renames `from` to `to`; true if it was there to move. */
async function moveIfPresent(fs: WriteFileSystem, from: string, to: string): Promise<boolean> {
  try {
    await fs.rename(from, to);
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

/**
 * Writes `text` to `target` through a flushed temporary file in the same folder, then renames it
 * over the target (atomic on one file system). The old content is first copied to a temporary
 * file and renamed to `<target>.bak` after the older backups move one place down (`.bak` →
 * `.bak.2` …, the oldest is replaced): a copy, not a rename, so the target never stops existing,
 * and every backup name too only ever holds a complete file. On any failure the target is as it
 * was and the temporary files are gone; the error is rethrown. Resolves to the backup kept
 * (`<target>.bak`), or null when there was nothing to keep or no backups are kept.
 */
export async function writeTextAtomically(target: string, text: string, options: AtomicWriteOptions = {}): Promise<string | null> {
  const fs = options.fs ?? nodeWriteFileSystem;
  return writeAtomically(target, (temporary) => fs.writeNewFile(temporary, text), options);
}

/**
 * writeTextAtomically for content too big to hold as one string: `produce` creates the temporary
 * file it is given (it must not exist yet), writes it however it likes and flushes it to disk;
 * the backups and the final rename are the same.
 */
export async function writeAtomically(target: string, produce: (temporary: string) => Promise<void>, options: AtomicWriteOptions = {}): Promise<string | null> {
  const fs = options.fs ?? nodeWriteFileSystem;
  const backups = backupCount(options);
  const temporary = temporaryPathFor(target);
  const previous = temporaryPathFor(target);
  try {
    await produce(temporary);
    let kept = backups > 0;
    if (kept) {
      try {
        await fs.copy(target, previous);
      } catch (err) {
        // A first save has nothing to keep.
        if (!isMissing(err)) throw err;
        kept = false;
      }
      if (kept) {
        for (let g = backups; g >= 2; g--) await moveIfPresent(fs, backupPathOf(target, g - 1), backupPathOf(target, g));
        await fs.rename(previous, backupPathOf(target));
      }
    }
    await fs.rename(temporary, target);
    return kept ? backupPathOf(target) : null;
  } catch (err) {
    await fs.remove(temporary).catch(() => undefined);
    await fs.remove(previous).catch(() => undefined);
    throw err;
  }
}
