import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeJsonStoreFileSystem } from "../../electron/json-store";
import { loadRecentFiles, RECENT_FILES_LIMIT, withRecent } from "../../electron/recent-files";
import { errnoError, tempDir } from "./helpers";

async function scenes(dir: string, count: number): Promise<string[]> {
  const files = Array.from({ length: count }, (_, i) => path.join(dir, `level-${i}.json`));
  await Promise.all(files.map((f) => writeFile(f, "{}")));
  return files;
}

describe("withRecent", () => {
  it("puts the path first, removes its older entry and keeps at most the limit", () => {
    expect(withRecent(["/a.json", "/b.json", "/c.json"], "/b.json")).toEqual(["/b.json", "/a.json", "/c.json"]);
    const many = Array.from({ length: RECENT_FILES_LIMIT }, (_, i) => `/${i}.json`);
    const next = withRecent(many, "/new.json");
    expect(next).toHaveLength(RECENT_FILES_LIMIT);
    expect(next[0]).toBe("/new.json");
    expect(next).not.toContain(`/${RECENT_FILES_LIMIT - 1}.json`);
  });

  it("stores absolute paths, so one file reached two ways is listed once", () => {
    const abs = path.resolve("x.json");
    expect(withRecent([abs], "./x.json")).toEqual([abs]);
  });
});

describe("loadRecentFiles", () => {
  it("starts empty without a file, and keeps what is added across runs, most recent first", async () => {
    const dir = await tempDir();
    const store = path.join(dir, "recent-files.json");
    const [a, b] = await scenes(dir, 2);
    const recent = await loadRecentFiles({ file: store, exists: existsSync });
    expect(recent.list()).toEqual([]);
    await recent.add(a!);
    await recent.add(b!);
    await recent.add(a!);
    expect(recent.list()).toEqual([a, b]);
    const again = await loadRecentFiles({ file: store, exists: existsSync });
    expect(again.list()).toEqual([a, b]);
    expect(JSON.parse(await readFile(store, "utf8"))).toEqual({ version: 1, files: [a, b] });
  });

  it("keeps the ten most recent", async () => {
    const dir = await tempDir();
    const files = await scenes(dir, 12);
    const recent = await loadRecentFiles({ file: path.join(dir, "r.json"), exists: existsSync });
    for (const f of files) await recent.add(f);
    expect(recent.list()).toEqual(files.slice(2).reverse());
  });

  it("prunes files that no longer exist, and saves the pruned list", async () => {
    const dir = await tempDir();
    const store = path.join(dir, "r.json");
    const [a, b, c] = await scenes(dir, 3);
    const recent = await loadRecentFiles({ file: store, exists: existsSync });
    for (const f of [a!, b!, c!]) await recent.add(f);
    await rm(b!);
    expect(recent.prune()).toEqual([c, a]);
    await recent.add(a!);
    expect(JSON.parse(await readFile(store, "utf8")).files).toEqual([a, c]);
  });

  it("clears and removes, telling onChange each time", async () => {
    const dir = await tempDir();
    const [a, b] = await scenes(dir, 2);
    const seen: (readonly string[])[] = [];
    const recent = await loadRecentFiles({ file: path.join(dir, "r.json"), exists: existsSync, onChange: (l) => seen.push([...l]) });
    await recent.add(a!);
    await recent.add(b!);
    await recent.remove(a!);
    expect(recent.has(b!)).toBe(true);
    expect(recent.has(a!)).toBe(false);
    await recent.clear();
    expect(recent.list()).toEqual([]);
    expect(seen).toEqual([[a], [b, a], [b], []]);
  });

  it.each([
    ["not JSON", "{oops", /not valid JSON/],
    ["the wrong form", JSON.stringify({ version: 1, files: "a.json" }), /not in the expected form/],
    ["a future version", JSON.stringify({ version: 2, files: [] }), /not in the expected form/],
  ])("starts afresh from a file that is %s, with a one-line warning", async (_what, text, pattern) => {
    const dir = await tempDir();
    const store = path.join(dir, "r.json");
    await writeFile(store, text);
    const warnings: string[] = [];
    const recent = await loadRecentFiles({ file: store, exists: existsSync, warn: (w) => warnings.push(w) });
    expect(recent.list()).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(pattern);
    expect(warnings[0]).not.toMatch(/\n/);
  });

  it("cleans a hand-edited list: duplicates, relative paths, too many entries", async () => {
    const dir = await tempDir();
    const store = path.join(dir, "r.json");
    const files = Array.from({ length: 14 }, (_, i) => path.join(dir, `${i}.json`));
    await writeFile(store, JSON.stringify({ version: 1, files: [files[0], files[0], "rel.json", ...files.slice(1)] }));
    const recent = await loadRecentFiles({ file: store, exists: () => true });
    expect(recent.list()).toEqual([files[0], path.resolve("rel.json"), ...files.slice(1, 9)]);
  });

  it("a failing write is a warning, and the list in memory still changes", async () => {
    const dir = await tempDir();
    const warnings: string[] = [];
    const fs = { ...nodeJsonStoreFileSystem, writeNewFile: () => Promise.reject(errnoError("ENOSPC")) };
    const recent = await loadRecentFiles({ file: path.join(dir, "r.json"), exists: () => true, fs, warn: (w) => warnings.push(w) });
    await recent.add("/a.json");
    expect(recent.list()).toEqual([path.resolve("/a.json")]);
    expect(warnings).toEqual([`cannot save the recent files list ${path.join(dir, "r.json")}: the disk is full`]);
  });
});
