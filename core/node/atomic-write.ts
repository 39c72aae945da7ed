// Writing a file so that a reader (or a crash) sees either the old content or the new, never a
// part, and keeping the previous content as `<name>.bak`. Shared by the desktop shell's Save and
// the command line's -o outputs.
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

/** Where the previous content of `target` is kept. */
export const backupPathOf = (target: string): string => `${target}.bak`;

/** A temporary name next to the target, so the final rename stays on one file system. */
function temporaryPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
}

const isMissing = (err: unknown) => typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT";

export interface AtomicWriteOptions {
  /** Keep the content `target` had before as `<target>.bak` (default true). */
  readonly backup?: boolean;
  readonly fs?: WriteFileSystem;
}

/**
 * Writes `text` to `target` through a flushed temporary file in the same folder, then renames it
 * over the target (atomic on one file system). The old content is copied to `<target>.bak` first:
 * a copy, not a rename, so the target never stops existing. On any failure the target is as it
 * was and the temporary file is gone; the error is rethrown.
 */
export async function writeTextAtomically(target: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const fs = options.fs ?? nodeWriteFileSystem;
  const temporary = temporaryPathFor(target);
  try {
    await fs.writeNewFile(temporary, text);
    if (options.backup !== false) {
      try {
        await fs.copy(target, backupPathOf(target));
      } catch (err) {
        // A first save has nothing to keep.
        if (!isMissing(err)) throw err;
      }
    }
    await fs.rename(temporary, target);
  } catch (err) {
    await fs.remove(temporary).catch(() => undefined);
    throw err;
  }
}
