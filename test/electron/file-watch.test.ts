// Watching the open file: a change by another program is reported once per new content, bursts
// are debounced, our own saves and content-free touches are ignored, and a file replaced by a
// rename (another editor's atomic save) is still watched; the last with the real fs.watch.
import { watch as fsWatch } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { FileChange } from "../../core/shell/desktop-api";
import { createFileWatch, watchingFileService, type WatchLike } from "../../electron/file-watch";
import { createSceneFileService, type DialogLike } from "../../electron/file-service";
import { errnoError, manualClock, tempDir } from "./helpers";

/** fs.watch as a fake: the test fires events on the folder being watched. */
function fakeWatch() {
  const watched: { folder: string; listener: (event: string, filename: string | null) => void; closed: boolean; onError?: (err: Error) => void }[] = [];
  const watch: WatchLike = (folder, listener) => {
    const entry: (typeof watched)[number] = { folder, listener, closed: false };
    watched.push(entry);
    return {
      close: () => { entry.closed = true; },
      on: (_event, onError) => { entry.onError = onError; },
    };
  };
  const open = () => watched.filter((w) => !w.closed);
  const fire = (filename: string | null, event = "change") => { for (const w of open()) w.listener(event, filename); };
  return { watch, watched, open, fire };
}

function setup(files: Map<string, string>) {
  const clock = manualClock();
  const fake = fakeWatch();
  const changes: FileChange[] = [];
  const errors: string[] = [];
  const readText = vi.fn(async (file: string) => {
    const text = files.get(file);
    if (text === undefined) throw errnoError("ENOENT");
    return text;
  });
  const fileWatch = createFileWatch({ watch: fake.watch, readText, onChange: (c) => changes.push(c), setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout, onError: (m) => errors.push(m) });
  /** Lets the debounce run out and the read finish. */
  const settle = async () => {
    clock.advance(300);
    await fileWatch.settled();
  };
  return { clock, fake, changes, errors, readText, fileWatch, settle };
}

function dialogFor(file: string): DialogLike {
  return {
    showOpenDialog: async () => ({ canceled: false, filePaths: [file] }),
    showSaveDialog: async () => ({ canceled: false, filePath: file }),
  };
}

/**
 * A file service whose dialog picks `picked(dir)`, with "open.json" opened and watched and a
 * second file `other` beside it; `changeOpen` rewrites the open file as another program would and
 * lets the watch report.
 */
async function openWithAnother(other: string, otherText: string, picked: (dir: string) => string) {
  const dir = await tempDir();
  const open = path.join(dir, "open.json"), otherPath = path.join(dir, other);
  await writeFile(open, "o1");
  await writeFile(otherPath, otherText);
  const fake = fakeWatch();
  const clock = manualClock();
  const changes: FileChange[] = [];
  const readText = (f: string) => readFile(f, "utf8");
  const fileWatch = createFileWatch({ watch: fake.watch, readText, onChange: (c) => changes.push(c), ...clock });
  const service = watchingFileService(createSceneFileService({ dialog: dialogFor(picked(dir)) }), fileWatch, readText);
  await service.openPath(open);
  service.opened(open);
  const changeOpen = async () => {
    await writeFile(open, "o2 from another program");
    fake.fire("open.json");
    clock.advance(300);
    await fileWatch.settled();
  };
  return { open, other: otherPath, fileWatch, service, changes, changeOpen };
}

const FILE = path.resolve("/levels/level.json");

describe("createFileWatch", () => {
  it("watches the file's folder and reports a change of content once, after a quiet 300 ms", async () => {
    const disk = new Map([[FILE, "v1"]]);
    const { clock, fake, changes, readText, fileWatch, settle } = setup(disk);
    fileWatch.watch(FILE, "v1");
    expect(fake.open().map((w) => w.folder)).toEqual([path.dirname(FILE)]);
    disk.set(FILE, "v2");
    for (let i = 0; i < 5; i++) {
      fake.fire("level.json");
      clock.advance(100);
    }
    expect(readText).not.toHaveBeenCalled();
    await settle();
    expect(readText).toHaveBeenCalledTimes(1);
    expect(changes).toEqual([{ path: FILE, name: "level.json" }]);
    // The same content again (a touch, a second event) is not a new change.
    fake.fire("level.json");
    await settle();
    expect(changes).toHaveLength(1);
    disk.set(FILE, "v3");
    fake.fire("level.json", "rename");
    await settle();
    expect(changes).toHaveLength(2);
  });

  it("ignores other files in the folder, and events that leave the content as the editor has it", async () => {
    const disk = new Map([[FILE, "v1"]]);
    const { fake, changes, readText, fileWatch, settle } = setup(disk);
    fileWatch.watch(FILE, "v1");
    fake.fire("level.json.bak");
    fake.fire(".level.json.123-abc.tmp");
    await settle();
    expect(readText).not.toHaveBeenCalled();
    fake.fire("level.json"); // mtime only
    await settle();
    expect(readText).toHaveBeenCalledTimes(1);
    expect(changes).toEqual([]);
  });

  it("an event without a file name is checked anyway", async () => {
    const disk = new Map([[FILE, "v1"]]);
    const { fake, changes, fileWatch, settle } = setup(disk);
    fileWatch.watch(FILE, "v1");
    disk.set(FILE, "other");
    fake.fire(null);
    await settle();
    expect(changes).toHaveLength(1);
  });

  it("a deleted file is no change; its return with new content is", async () => {
    const disk = new Map([[FILE, "v1"]]);
    const { fake, changes, errors, fileWatch, settle } = setup(disk);
    fileWatch.watch(FILE, "v1");
    disk.delete(FILE);
    fake.fire("level.json", "rename");
    await settle();
    expect(changes).toEqual([]);
    expect(errors).toEqual([]);
    disk.set(FILE, "v2");
    fake.fire("level.json", "rename");
    await settle();
    expect(changes).toHaveLength(1);
  });

  it("holds events during our own save and compares with what was saved", async () => {
    const disk = new Map([[FILE, "v1"]]);
    const { fake, changes, fileWatch, settle } = setup(disk);
    fileWatch.watch(FILE, "v1");
    fake.fire("level.json");
    fileWatch.suspend();
    disk.set(FILE, "saved by us");
    fake.fire("level.json", "rename");
    await settle();
    fileWatch.watch(FILE, "saved by us");
    fileWatch.resume();
    await settle();
    expect(changes).toEqual([]);
    // Afterwards another program's change is reported as before.
    disk.set(FILE, "theirs");
    fake.fire("level.json");
    await settle();
    expect(changes).toHaveLength(1);
  });

  it("moves to the new file on Save As / Open and stops watching the old folder", async () => {
    const other = path.resolve("/elsewhere/b.json");
    const disk = new Map([[FILE, "v1"], [other, "b1"]]);
    const { fake, changes, fileWatch, settle } = setup(disk);
    fileWatch.watch(FILE, "v1");
    fileWatch.watch(other, "b1");
    expect(fake.open().map((w) => w.folder)).toEqual([path.dirname(other)]);
    expect(fileWatch.file).toBe(other);
    disk.set(other, "b2");
    fake.fire("b.json");
    await settle();
    expect(changes).toEqual([{ path: other, name: "b.json" }]);
    fileWatch.stop();
    expect(fake.open()).toEqual([]);
    expect(fileWatch.file).toBeUndefined();
  });

  it("a watch that fails to start or errors later is reported in one line and stopped", () => {
    const clock = manualClock();
    const errors: string[] = [];
    const throwing = createFileWatch({ watch: () => { throw errnoError("ENOSPC"); }, readText: async () => "", onChange: () => {}, ...clock, onError: (m) => errors.push(m) });
    throwing.watch(FILE, "x");
    expect(errors).toEqual([`cannot watch ${FILE}: the disk is full`]);
    expect(throwing.file).toBeUndefined();

    const fake = fakeWatch();
    const failing = createFileWatch({ watch: fake.watch, readText: async () => "", onChange: () => {}, ...clock, onError: (m) => errors.push(m) });
    failing.watch(FILE, "x");
    fake.watched[0]!.onError!(errnoError("EPERM"));
    expect(errors[1]).toBe(`stopped watching ${FILE}: permission denied`);
    expect(fake.open()).toEqual([]);
  });
});

describe("watchingFileService", () => {

  it("Open starts the watch once the page opened the pick, Save updates what counts as ours, Reload reads the file again", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "level.json");
    await writeFile(file, "v1");
    const fake = fakeWatch();
    const clock = manualClock();
    const changes: FileChange[] = [];
    const readText = (f: string) => readFile(f, "utf8");
    const fileWatch = createFileWatch({ watch: fake.watch, readText, onChange: (c) => changes.push(c), ...clock });
    const service = watchingFileService(createSceneFileService({ dialog: dialogFor(file) }), fileWatch, readText);
    expect((await service.open()).ok).toBe(true);
    expect(fileWatch.file).toBeUndefined();
    expect(service.opened(file)?.path).toBe(file);
    expect(fileWatch.file).toBe(file);
    expect((await service.save({ text: "v2", path: file })).ok).toBe(true);
    fake.fire("level.json", "rename");
    clock.advance(300);
    await fileWatch.settled();
    expect(changes).toEqual([]);
    await writeFile(file, "v3 from another program");
    fake.fire("level.json");
    clock.advance(300);
    await fileWatch.settled();
    expect(changes).toEqual([{ path: file, name: "level.json" }]);
    expect(await service.reload({ path: file })).toEqual({ ok: true, value: { path: file, name: "level.json", text: "v3 from another program" } });
  });

  it("a scene opened outside a dialog (Open Recent, a drop, the OS) is watched like one opened with Open, once the page opened it", async () => {
    const dir = await tempDir();
    const first = path.join(dir, "first.json"), recent = path.join(dir, "recent.json");
    await writeFile(first, "first");
    await writeFile(recent, "r1");
    const fake = fakeWatch();
    const clock = manualClock();
    const changes: FileChange[] = [];
    const readText = (f: string) => readFile(f, "utf8");
    const fileWatch = createFileWatch({ watch: fake.watch, readText, onChange: (c) => changes.push(c), ...clock });
    const service = watchingFileService(createSceneFileService({ dialog: dialogFor(first) }), fileWatch, readText);
    expect((await service.open()).ok).toBe(true);
    service.opened(first);
    expect(await service.openPath(recent)).toEqual({ ok: true, value: { path: recent, name: "recent.json", text: "r1" } });
    expect(fileWatch.file).toBe(first);
    expect(service.opened(recent)?.path).toBe(recent);
    expect(fileWatch.file).toBe(recent);
    expect(fake.open().map((w) => w.folder)).toEqual([dir]);
    await writeFile(recent, "r2 from another program");
    fake.fire("recent.json");
    clock.advance(300);
    await fileWatch.settled();
    expect(changes).toEqual([{ path: recent, name: "recent.json" }]);
    expect((await service.reload({ path: recent })).ok).toBe(true);
    // A path that cannot be read leaves the watch where it was.
    expect((await service.openPath(path.join(dir, "gone.json"))).ok).toBe(false);
    expect(fileWatch.file).toBe(recent);
  });

  // Regression: openPath moved the watch as soon as it read the file, so a scene from Open Recent,
  // a drop or the OS that the page could not open left the open document unwatched (and a change
  // to the broken file asked to "reload" it over the document).
  it("a scene read by openPath that the page did not open leaves the watch on the open file", async () => {
    const { open, other: broken, fileWatch, service, changes, changeOpen } = await openWithAnother("broken.json", "not a scene", (dir) => path.join(dir, "open.json"));
    expect((await service.openPath(broken)).ok).toBe(true);
    expect(fileWatch.file).toBe(open);
    await changeOpen();
    expect(changes).toEqual([{ path: open, name: "open.json" }]);
  });

  it("a scene picked in Open… but not opened (the user kept the document) leaves the watch on the open file", async () => {
    const { open, fileWatch, service, changes, changeOpen } = await openWithAnother("picked.json", "p1", (dir) => path.join(dir, "picked.json"));
    expect((await service.open()).ok).toBe(true);
    expect(fileWatch.file).toBe(open);
    await changeOpen();
    expect(changes).toEqual([{ path: open, name: "open.json" }]);
  });

  it("Reload refuses a file the user did not choose", async () => {
    const fake = fakeWatch();
    const clock = manualClock();
    const fileWatch = createFileWatch({ watch: fake.watch, readText: async () => "", onChange: () => {}, ...clock });
    const service = watchingFileService(createSceneFileService({ dialog: dialogFor("/x.json") }), fileWatch, async () => "secret");
    expect(await service.reload({ path: "/etc/passwd" })).toEqual({ ok: false, canceled: false, error: "cannot reload /etc/passwd: it is not a file the user chose (opened, saved or on the recent list)" });
  });
});

describe("createFileWatch with the real fs.watch", () => {
  it("sees another editor's atomic saves (a rename over the file), again and again, but not a rewrite of the same content", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "level.json");
    await writeFile(file, "v1");
    const changes: FileChange[] = [];
    const fileWatch = createFileWatch({
      watch: (folder, listener) => fsWatch(folder, (event, filename) => listener(event, filename)),
      readText: (f) => readFile(f, "utf8"),
      onChange: (c) => changes.push(c),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      debounceMs: 50,
    });
    fileWatch.watch(file, "v1");
    const replace = async (text: string) => {
      const temporary = path.join(dir, `.level.json.${text}.tmp`);
      await writeFile(temporary, text);
      await rename(temporary, file);
    };
    const waitFor = async (count: number) => {
      for (let i = 0; i < 100 && changes.length < count; i++) await new Promise((r) => setTimeout(r, 50));
      await fileWatch.settled();
    };
    try {
      await replace("v2");
      await waitFor(1);
      expect(changes).toEqual([{ path: file, name: "level.json" }]);
      await replace("v3");
      await waitFor(2);
      expect(changes).toHaveLength(2);
      await writeFile(file, "v3");
      await new Promise((r) => setTimeout(r, 300));
      await fileWatch.settled();
      expect(changes).toHaveLength(2);
    } finally {
      fileWatch.stop();
    }
  }, 15_000);
});
