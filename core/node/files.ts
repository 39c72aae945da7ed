// File IO for the command-line tool, with errors a user can read (never a stack trace).
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { writeTextAtomically } from "./atomic-write";

export class UserError extends Error {
  /** Process exit code: 2 for usage and input errors, 1 for an invalid document. */
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

/** Why a file operation failed, in words ("no such file", "it is a directory"). */
export function readableReason(err: unknown): string {
  const code = typeof err === "object" && err !== null && "code" in err ? String(err.code) : "";
  switch (code) {
    case "ENOENT": return "no such file";
    case "EACCES": case "EPERM": return "permission denied";
    case "EISDIR": return "it is a directory";
    case "ENOTDIR": return "a part of the path is not a folder";
    case "ENOSPC": return "the disk is full";
    case "EROFS": return "the file system is read-only";
    default: return err instanceof Error ? err.message : String(err);
  }
}

export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (err) {
    throw new UserError(`cannot read ${path}: ${readableReason(err)}`);
  }
}

export async function readBytesFile(file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (err) {
    throw new UserError(`cannot read ${file}: ${readableReason(err)}`);
  }
}

/** Writes a file, making its folder first; replaces what was there. */
export async function writeBytesFile(file: string, bytes: Uint8Array): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  } catch (err) {
    throw new UserError(`cannot write ${file}: ${readableReason(err)}`);
  }
}

/**
 * The outermost folder on the way to `file` that does not exist (of /a/b/c/out.txt with only /a
 * there: /a/b), or null when its folder is there or cannot be told apart from a problem.
 */
export async function missingFolder(file: string): Promise<string | null> {
  let missing: string | null = null;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    try {
      await stat(dir);
      return missing;
    } catch (err) {
      const code = typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
      if (code !== "ENOENT") return null;
      missing = dir;
      if (path.dirname(dir) === dir) return missing;
    }
  }
}

/** Refuses an output file whose folder does not exist, naming the missing folder (before any work or warning). */
export async function checkOutputFolder(file: string): Promise<void> {
  const missing = await missingFolder(file);
  if (missing !== null) throw new UserError(`cannot write ${file}: there is no folder ${missing}`);
}

/** Writes an output file atomically, keeping what it replaces as <path>.bak; resolves to that backup's path, or null. */
export async function writeTextFile(file: string, text: string): Promise<string | null> {
  try {
    return await writeTextAtomically(file, text);
  } catch (err) {
    const missing = typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT" ? await missingFolder(file) : null;
    throw new UserError(`cannot write ${file}: ${missing === null ? readableReason(err) : `there is no folder ${missing}`}`);
  }
}
