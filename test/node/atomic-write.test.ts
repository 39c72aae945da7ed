// The atomic writer shared by the desktop Save and the CLI's -o outputs: old or new content,
// never a part, and the previous content kept as <name>.bak.
import { execFileSync, spawn } from "node:child_process";
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, stat, symlink, writeFile } from "node:fs/promises";
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

  it("backups: 3 keeps three generations, newest as .bak, and drops the oldest", async () => {
    const dir = await tempDir(), file = path.join(dir, "level.json");
    for (const text of ["one", "two", "three", "four", "five"]) await writeTextAtomically(file, text, { backups: 3 });
    expect(await readFile(file, "utf8")).toBe("five");
    expect(backupPathOf(file, 2)).toBe(`${file}.bak.2`);
    expect(await readFile(`${file}.bak`, "utf8")).toBe("four");
    expect(await readFile(`${file}.bak.2`, "utf8")).toBe("three");
    expect(await readFile(`${file}.bak.3`, "utf8")).toBe("two");
    expect((await readdir(dir)).sort()).toEqual(["level.json", "level.json.bak", "level.json.bak.2", "level.json.bak.3"]);
  });

  it("a missing middle generation (deleted by hand) does not stop the rotation", async () => {
    const dir = await tempDir(), file = path.join(dir, "level.json");
    await writeFile(file, "current");
    await writeFile(`${file}.bak`, "previous");
    await writeFile(`${file}.bak.3`, "oldest");
    await writeTextAtomically(file, "new", { backups: 3 });
    expect(await readFile(`${file}.bak`, "utf8")).toBe("current");
    expect(await readFile(`${file}.bak.2`, "utf8")).toBe("previous");
    // .bak.2 was missing, so nothing moved onto .bak.3.
    expect(await readFile(`${file}.bak.3`, "utf8")).toBe("oldest");
  });

  it("backups: 0 writes no .bak, and a count out of range is refused before anything is written", async () => {
    const dir = await tempDir(), file = path.join(dir, "a.json");
    await writeFile(file, "old");
    await writeTextAtomically(file, "new", { backups: 0 });
    expect(await readdir(dir)).toEqual(["a.json"]);
    await expect(writeTextAtomically(file, "newer", { backups: -1 })).rejects.toThrow(/backups must be a whole number from 0 to 50, got -1/);
    await expect(writeTextAtomically(file, "newer", { backups: 1.5 })).rejects.toThrow(/got 1.5/);
    expect(await readFile(file, "utf8")).toBe("new");
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("a rotation that fails leaves the target and the backups as they were, and no temporary file", async () => {
    const dir = await tempDir(), file = path.join(dir, "a.json");
    await writeFile(file, "old");
    await writeFile(`${file}.bak`, "older");
    const fs: WriteFileSystem = { ...nodeWriteFileSystem, rename: (from, to) => (to.endsWith(".bak.2") ? Promise.reject(errno("EPERM")) : nodeWriteFileSystem.rename(from, to)) };
    await expect(writeTextAtomically(file, "new", { fs, backups: 2 })).rejects.toMatchObject({ code: "EPERM" });
    expect(await readFile(file, "utf8")).toBe("old");
    expect(await readFile(`${file}.bak`, "utf8")).toBe("older");
    expect((await readdir(dir)).sort()).toEqual(["a.json", "a.json.bak"]);
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

describe("what a write reaches", () => {
  it("a symbolic link is written through: the file it ends at gets the content and the backup, the link stays a link", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "real"));
    const real = path.join(dir, "real", "target.tscn"), link = path.join(dir, "link.tscn"), chain = path.join(dir, "chain.tscn");
    await writeFile(real, "old");
    await symlink("real/target.tscn", link);
    await symlink("link.tscn", chain);
    expect(await writeTextAtomically(chain, "new")).toBe(`${real}.bak`);
    expect(await readFile(real, "utf8")).toBe("new");
    expect(await readFile(`${real}.bak`, "utf8")).toBe("old");
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect((await lstat(chain)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe("real/target.tscn");
    expect((await readdir(dir)).sort()).toEqual(["chain.tscn", "link.tscn", "real"]);
  });

  it("a dangling link makes the file it names; a plain path is named as given", async () => {
    const dir = await tempDir(), link = path.join(dir, "out.tscn");
    await symlink("made/later.tscn", link);
    await mkdir(path.join(dir, "made"));
    await writeTextAtomically(link, "first");
    expect(await readFile(path.join(dir, "made", "later.tscn"), "utf8")).toBe("first");
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    const plain = path.relative(process.cwd(), path.join(dir, "plain.json"));
    await writeTextAtomically(plain, "1");
    expect(await writeTextAtomically(plain, "2")).toBe(`${plain}.bak`);
  });

  it("the new content keeps the old file's permission bits", async () => {
    const dir = await tempDir(), file = path.join(dir, "secret.json");
    await writeFile(file, "old");
    await chmod(file, 0o640);
    await writeTextAtomically(file, "new");
    expect((await stat(file)).mode & 0o777).toBe(0o640);
  });

  it("a pipe is written through (no rename over it, no backup read from it), and a folder is refused", async () => {
    const dir = await tempDir(), fifo = path.join(dir, "out.pipe");
    execFileSync("mkfifo", [fifo]);
    const reader = spawn("cat", [fifo]);
    let read = "";
    reader.stdout.on("data", (d: Buffer) => (read += d.toString()));
    const closed = new Promise((done) => reader.on("close", done));
    expect(await writeTextAtomically(fifo, "through the pipe")).toBeNull();
    await closed;
    expect(read).toBe("through the pipe");
    expect((await stat(fifo)).isFIFO()).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(["out.pipe"]);
    await expect(writeTextAtomically(dir, "x")).rejects.toMatchObject({ code: "EISDIR" });
  });
});
