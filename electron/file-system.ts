// The few file operations the scene file service needs, as an interface (tests substitute
// failures) with its Node implementation.
import { open, readFile, rename, rm } from "node:fs/promises";

export interface SceneFileSystem {
  readText(path: string): Promise<string>;
  /** Creates `path` (failing if it exists), writes `text` and flushes it to disk. */
  writeNewFile(path: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Removes `path`; a missing file is not an error. */
  remove(path: string): Promise<void>;
}

export const nodeFileSystem: SceneFileSystem = {
  readText: (path) => readFile(path, "utf8"),
  async writeNewFile(path, text) {
    const handle = await open(path, "wx", 0o644);
    try {
      await handle.writeFile(text, "utf8");
      // Flush before the rename so a crash cannot leave an empty file under the real name.
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => rename(from, to),
  remove: (path) => rm(path, { force: true }),
};
