// The atomic writer shared by the desktop Save and the CLI's -o outputs: old or new content,
// never a part, and the previous content kept as <name>.bak.
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupPathOf, nodeWriteFileSystem, writeTextAtomically, type WriteFileSystem } from "../../core/node/atomic-write";

const tempDir = () => mkdtemp(path.join(os.tmpdir(), "atomic-write-"));
const errno = (code: string) => Object.assign(new Error(code), { code });

describe("writeTextAtomically", () => {
  it("creates a new file without a backup (nothing to keep)", async () => {
    const dir = await tempDir(), file = path.join(dir, "out.tscn");
    await writeTextAtomically(file, "first");
    expect(await readFile(file, "utf8")).toBe("first");
    expect(await readdir(dir)).toEqual(["out.tscn"]);
  });

  it("keeps the previous content as <name>.bak, one generation", async () => {
    const dir = await tempDir(), file = path.join(dir, "level.json");
    await writeTextAtomically(file, "one");
    await writeTextAtomically(file, "two");
    await writeTextAtomically(file, "three");
    expect(await readFile(file, "utf8")).toBe("three");
    expect(backupPathOf(file)).toBe(`${file}.bak`);
    expect(await readFile(`${file}.bak`, "utf8")).toBe("two");
    expect((await readdir(dir)).sort()).toEqual(["level.json", "level.json.bak"]);
  });

  it("backup: false writes no .bak", async () => {
    const dir = await tempDir(), file = path.join(dir, "a.json");
    await writeFile(file, "old");
    await writeTextAtomically(file, "new", { backup: false });
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("a backup that cannot be taken leaves the target as it was and no temporary file", async () => {
    const dir = await tempDir(), file = path.join(dir, "a.json");
    await writeFile(file, "old");
    const fs: WriteFileSystem = { ...nodeWriteFileSystem, copy: () => Promise.reject(errno("EACCES")) };
    await expect(writeTextAtomically(file, "new", { fs })).rejects.toMatchObject({ code: "EACCES" });
    expect(await readFile(file, "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("a failed write leaves the target as it was and no temporary file", async () => {
    const dir = await tempDir(), file = path.join(dir, "a.json");
    await writeFile(file, "old");
    const fs: WriteFileSystem = {
      ...nodeWriteFileSystem,
      async writeNewFile(p, text) { await nodeWriteFileSystem.writeNewFile(p, text.slice(0, 2)); throw errno("ENOSPC"); },
    };
    await expect(writeTextAtomically(file, "new content", { fs })).rejects.toMatchObject({ code: "ENOSPC" });
    expect(await readFile(file, "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["a.json"]);
  });
});
