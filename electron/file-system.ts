// The few file operations the scene file service needs, as an interface (tests substitute
// failures) with its Node implementation; writes go through core/node's atomic writer.
import { readFile } from "node:fs/promises";
import { nodeWriteFileSystem, type WriteFileSystem } from "../core/node/atomic-write";

export interface SceneFileSystem extends WriteFileSystem {
  readText(path: string): Promise<string>;
}

export const nodeFileSystem: SceneFileSystem = {
  ...nodeWriteFileSystem,
  readText: (path) => readFile(path, "utf8"),
};
