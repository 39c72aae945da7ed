// Small JSON files the desktop app keeps in its user-data folder (recent files, window state).
// A missing, unreadable or malformed file reads as "nothing saved": settings must never stop the
// app from starting. Writes are atomic (no .bak: these are caches, not the user's work).
import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { nodeWriteFileSystem, writeTextAtomically, type WriteFileSystem } from "../core/node/atomic-write";
import { describeFileError } from "./file-errors";

export interface JsonStoreFileSystem extends WriteFileSystem {
  readText(path: string): Promise<string>;
}

export const nodeJsonStoreFileSystem: JsonStoreFileSystem = {
  ...nodeWriteFileSystem,
  readText: (path) => readFile(path, "utf8"),
};

const isMissing = (err: unknown) => typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT";

/**
 * The file's value if it parses and matches `schema`; otherwise undefined, after telling `warn`
 * why in one line (a missing file is the first run, not a problem, and says nothing).
 */
export async function readJsonFile<T>(file: string, schema: z.ZodType<T>, fs: JsonStoreFileSystem, warn: (line: string) => void): Promise<T | undefined> {
  let text: string;
  try {
    text = await fs.readText(file);
  } catch (err) {
    if (!isMissing(err)) warn(`cannot read ${file}: ${describeFileError(err)}; starting afresh`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    warn(`${file} is not valid JSON; starting afresh`);
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    warn(`${file} is not in the expected form; starting afresh`);
    return undefined;
  }
  return parsed.data;
}

export async function writeJsonFile(file: string, value: unknown, fs: WriteFileSystem): Promise<void> {
  await writeTextAtomically(file, `${JSON.stringify(value, null, 2)}\n`, { fs, backup: false });
}

/** Runs writes one after the other, so an older value never lands after a newer one. */
export function serialWriter(write: () => Promise<void>, warn: (line: string) => void): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    last = last.then(write).catch((err: unknown) => warn(describeFileError(err)));
    return last;
  };
}
