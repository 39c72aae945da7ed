// Writing a file so that a reader (or a crash) sees either the old content or the new, never a
// part, and keeping previous contents as `<name>.bak`, `<name>.bak.2`, …. Shared by the desktop
// shell's Save and exports and the command line's -o outputs.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, copyFile, lstat, open, readlink, realpath, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

/**
 * What a write to a path reaches: the file a chain of symbolic links ends at (written there, so
 * the link stays a link), and whether that is missing, a regular file (with its permission bits,
 * which the new content keeps) or something else (a device, a pipe, /dev/stdout: written
 * through, never replaced). A folder is refused as EISDIR.
 */
export type WriteTarget =
  | { readonly kind: "missing"; readonly path: string }
  | { readonly kind: "file"; readonly path: string; readonly mode: number }
  | { readonly kind: "special"; readonly path: string };

/** The file operations an atomic write needs (tests substitute failures). */
export interface WriteFileSystem {
  /** Creates `path` (failing if it exists), writes `text` and flushes it to disk. */
  writeNewFile(path: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Removes `path`; a missing file is not an error. */
  remove(path: string): Promise<void>;
  /** Copies `from` over `to`; rejects with ENOENT when `from` does not exist. */
  copy(from: string, to: string): Promise<void>;
  /** What writing `path` reaches (without it, `path` is taken as a regular file or a new one). */
  resolve?(path: string): Promise<WriteTarget>;
  /** Sets a file's permission bits (with resolve: the new content keeps the old file's). */
  chmod?(path: string, mode: number): Promise<void>;
}

/** How many symbolic links a path may pass through, as Linux's own limit. */
const MAX_LINKS = 40;

/** WriteTarget of `file`, following symbolic links (a dangling one to the file it names). */
export async function resolveWriteTarget(file: string): Promise<WriteTarget> {
  // The process's own output, whatever it is open on (a file the shell redirected to included).
  if (ownDescriptor(file) !== undefined) return { kind: "special", path: file };
  let info;
  try {
    info = await stat(file);
  } catch (err) {
    if (isMissing(err)) return { kind: "missing", path: await danglingEnd(file) };
    throw err;
  }
  if (info.isDirectory()) throw Object.assign(new Error(`${file} is a directory`), { code: "EISDIR" });
  // Written through by its own name: /dev/stdout's link (to a pipe, /proc/self/fd/1) names no path.
  if (!info.isFile()) return { kind: "special", path: file };
  // The path as given unless it is a link (messages then name the backup as the user wrote it).
  const linked = (await lstat(file)).isSymbolicLink();
  return { kind: "file", path: linked ? await realpath(file) : file, mode: info.mode & 0o7777 };
}

/**
 * The descriptor a path names when it is the process's own (/dev/stdout, /dev/stderr, /dev/fd/N,
 * /proc/self/fd/N): written by number, since a socket (a parent process's pipe) cannot be opened
 * by its path, and a redirected file must be written where the shell opened it, not replaced.
 */
function ownDescriptor(file: string): number | undefined {
  const m = /^\/(?:dev\/std(out|err)|dev\/fd\/(\d+)|proc\/self\/fd\/(\d+))$/.exec(path.resolve(file));
  if (!m) return undefined;
  return m[1] === "out" ? 1 : m[1] === "err" ? 2 : Number(m[2] ?? m[3]);
}

/** Where a path that does not exist leads: itself, or the missing file its chain of links names. */
async function danglingEnd(file: string): Promise<string> {
  let at = file;
  for (let hop = 0; hop <= MAX_LINKS; hop++) {
    try {
      if (!(await lstat(at)).isSymbolicLink()) return at;
    } catch (err) {
      if (isMissing(err)) return at;
      throw err;
    }
    at = path.resolve(path.dirname(at), await readlink(at));
  }
  throw Object.assign(new Error(`${file}: too many symbolic links`), { code: "ELOOP" });
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
  resolve: resolveWriteTarget,
  chmod: (file, mode) => chmod(file, mode),
};

/** How many generations are kept unless a caller says otherwise. */
export const DEFAULT_BACKUPS = 1;
/** More than this is surely a typo in a setting; it also bounds the renames per save. */
export const MAX_BACKUPS = 50;

/** Where the `generation`-th previous content of `target` is kept: 1 is `.bak`, 2 is `.bak.2`, …. */
export const backupPathOf = (target: string, generation = 1): string => (generation <= 1 ? `${target}.bak` : `${target}.bak.${generation}`);

/** A temporary name in `folder` (next to the target, so the final rename stays on one file system). */
function temporaryPathFor(target: string, folder = path.dirname(target)): string {
  return path.join(folder, `.${path.basename(target)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
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
 * the backups and the final rename are the same. A symbolic link is written through: the file it
 * ends at gets the content (and its backups beside it), keeping its permission bits. A device or
 * a pipe (`-o /dev/stdout`) gets the content copied into it, with no backup and no rename.
 */
export async function writeAtomically(file: string, produce: (temporary: string) => Promise<void>, options: AtomicWriteOptions = {}): Promise<string | null> {
  const fs = options.fs ?? nodeWriteFileSystem;
  const backups = backupCount(options);
  const reached: WriteTarget = fs.resolve ? await fs.resolve(file) : { kind: "missing", path: file };
  if (reached.kind === "special") return writeThrough(fs, reached.path, produce);
  const target = reached.path;
  const temporary = temporaryPathFor(target);
  const previous = temporaryPathFor(target);
  try {
    await produce(temporary);
    if (reached.kind === "file" && fs.chmod) await fs.chmod(temporary, reached.mode);
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

/**
 * A device's or a pipe's write: the content made in a temporary file elsewhere, then streamed in
 * (not copyFile, which would also set the device's permission bits to the temporary file's).
 */
async function writeThrough(fs: WriteFileSystem, target: string, produce: (temporary: string) => Promise<void>): Promise<null> {
  const temporary = temporaryPathFor(target, tmpdir());
  try {
    await produce(temporary);
    const fd = ownDescriptor(target);
    await pipeline(createReadStream(temporary), fd === undefined ? createWriteStream(target) : createWriteStream("", { fd, autoClose: false }));
    return null;
  } finally {
    await fs.remove(temporary).catch(() => undefined);
  }
}
