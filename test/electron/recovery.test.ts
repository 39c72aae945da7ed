// Crash recovery: the recovery file's writes (coalesced, throttled, atomic), its removal, and the
// check at the next start (found, broken, missing) with the Restore / Discard question.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emptyScene, serializeScene } from "../../core/index";
import { createRecovery, nodeRecoveryFileSystem, offerRecovery, removeRecoveryOnCleanQuit, readRecoveryFile, recoveryFileText, type MessageBoxLike, type RecoveryFileSystem } from "../../electron/recovery";
import { errnoError, manualClock, tempDir } from "./helpers";

const realFs = nodeRecoveryFileSystem;

const scene = (name: string) => serializeScene({ ...emptyScene(), shapes: [{ id: name, type: "circle", x: 1, y: 2, rotation: 0, radius: 3 }] });

async function setup(fs: RecoveryFileSystem = realFs) {
  const folder = path.join(await tempDir(), "recovery");
  const clock = manualClock();
  const errors: string[] = [];
  const recovery = createRecovery({ folder, fs, ...clock, onError: (m) => errors.push(m) });
  return { folder, clock, errors, recovery };
}

describe("createRecovery", () => {
  it("writes the document with its name, path and time, creating the folder, and validates it back", async () => {
    const { folder, clock, recovery } = await setup();
    expect(recovery.file).toBe(path.join(folder, "recovery.json"));
    recovery.update({ text: scene("a"), name: "level.json", path: "/levels/level.json" });
    clock.advance(0);
    await recovery.flush();
    const json: unknown = JSON.parse(await readFile(recovery.file, "utf8"));
    expect(json).toEqual({ format: "collider-studio-recovery", version: 1, savedAt: "2026-11-22T21:00:00.000Z", name: "level.json", path: "/levels/level.json", scene: scene("a") });
    expect(await recovery.check()).toEqual({ kind: "found", document: { name: "level.json", path: "/levels/level.json", savedAt: "2026-11-22T21:00:00.000Z", text: scene("a") } });
  });

  it("coalesces a burst into one write of the latest document, at most one write a second", async () => {
    const { fs, writes } = countingFs();
    const { clock, recovery } = await setup(fs);
    recovery.update({ text: scene("first"), name: "a.json" });
    clock.advance(0);
    await recovery.flush();
    expect(writes()).toBe(1);
    for (const n of ["b", "c", "d"]) recovery.update({ text: scene(n), name: "a.json" });
    clock.advance(999);
    await Promise.resolve();
    expect(writes()).toBe(1);
    clock.advance(1);
    await recovery.flush();
    expect(writes()).toBe(2);
    const check = await recovery.check();
    expect(check.kind === "found" && check.document.text).toBe(scene("d"));
    expect(clock.pendingTimers()).toBe(0);
  });

  it("discard drops a pending write and removes the file; a later update writes again", async () => {
    const { clock, recovery } = await setup();
    recovery.update({ text: scene("a"), name: "a.json" });
    clock.advance(0);
    recovery.update({ text: scene("b"), name: "a.json" });
    await recovery.discard();
    clock.advance(5000);
    await recovery.flush();
    expect(await recovery.check()).toEqual({ kind: "none" });
    recovery.update({ text: scene("c"), name: "a.json" });
    clock.advance(1000);
    await recovery.flush();
    expect((await recovery.check()).kind).toBe("found");
  });

  it("a write that fails is reported in one line and does not stop later writes", async () => {
    let fail = true;
    const fs: RecoveryFileSystem = { ...realFs, writeNewFile: (p, t) => (fail ? Promise.reject(errnoError("ENOSPC")) : realFs.writeNewFile(p, t)) };
    const { folder, clock, errors, recovery } = await setup(fs);
    recovery.update({ text: scene("a"), name: "a.json" });
    clock.advance(0);
    await recovery.flush();
    expect(errors).toEqual([`cannot write the recovery file ${path.join(folder, "recovery.json")}: the disk is full`]);
    fail = false;
    recovery.update({ text: scene("b"), name: "a.json" });
    clock.advance(1000);
    await recovery.flush();
    expect((await recovery.check()).kind).toBe("found");
    // Only the recovery file: no temporary file left by the failed write.
    expect(await readdir(folder)).toEqual(["recovery.json"]);
  });
});

function countingFs() {
  let count = 0;
  const fs: RecoveryFileSystem = { ...realFs, writeNewFile: (p, t) => { count++; return realFs.writeNewFile(p, t); } };
  return { fs, writes: () => count };
}

describe("check", () => {
  it("removes temporary files a crash left in the recovery folder, and nothing else", async () => {
    const { folder, recovery } = await setup();
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, ".recovery.json.1234-abcdef.tmp"), "half a doc");
    await writeFile(path.join(folder, "notes.txt"), "mine");
    expect(await recovery.check()).toEqual({ kind: "none" });
    expect(await readdir(folder)).toEqual(["notes.txt"]);
  });

  it("a missing recovery folder is simply no recovery file", async () => {
    const { errors, recovery } = await setup();
    expect(await recovery.check()).toEqual({ kind: "none" });
    expect(errors).toEqual([]);
  });
});

describe("check: a recovery file that cannot be restored", () => {
  const valid = recoveryFileText({ text: scene("a"), name: "a.json" }, new Date(0));
  it.each([
    ["", "it is empty"],
    [valid.slice(0, valid.length / 2), "it is not valid JSON"],
    ['{"format":"something-else"}', "format: "],
    [valid.replace('"version": 1', '"version": 2'), "version: "],
    [recoveryFileText({ text: "{ nope", name: "a.json" }, new Date(0)), "the scene in it has 1 problem, the first: "],
    [recoveryFileText({ text: '{"format":"collider-studio-scene","version":1,"shapes":[{"id":"c","type":"circle","x":0,"y":0,"radius":-1}]}', name: "a.json" }, new Date(0)), "radius"],
  ])("%#: is reported, moved aside and not offered", async (text, reason) => {
    const { folder, recovery } = await setup();
    await mkdir(folder, { recursive: true });
    await writeFile(recovery.file, text);
    const check = await recovery.check();
    expect(check).toMatchObject({ kind: "broken", file: recovery.file, movedTo: path.join(folder, "recovery.broken.json") });
    expect(check.kind === "broken" && check.reason).toContain(reason);
    expect(check.kind === "broken" && check.reason).not.toMatch(/\n/);
    expect(await readdir(folder)).toEqual(["recovery.broken.json"]);
    expect(await recovery.check()).toEqual({ kind: "none" });
  });

  it("a file it cannot read is reported, not thrown", async () => {
    const { recovery } = await setup({ ...realFs, readText: () => Promise.reject(errnoError("EACCES")) });
    expect(await recovery.check()).toEqual({ kind: "broken", file: recovery.file, reason: "cannot read it: permission denied" });
  });

  it("readRecoveryFile keeps a missing path missing (a never-saved document)", () => {
    expect(readRecoveryFile(valid)).toEqual({ ok: true, document: { name: "a.json", savedAt: "1970-01-01T00:00:00.000Z", text: scene("a") } });
  });
});

function fakeBox(response: number) {
  const asked: Parameters<MessageBoxLike["showMessageBox"]>[0][] = [];
  const box: MessageBoxLike = {
    showMessageBox: async (options) => {
      asked.push(options);
      return { response };
    },
  };
  return { box, asked };
}

describe("offerRecovery", () => {
  async function withRecoveryFile(request: { name: string; path?: string }) {
    const s = await setup();
    s.recovery.update({ text: scene("kept"), ...request });
    s.clock.advance(0);
    await s.recovery.flush();
    return s;
  }

  it("asks nothing when there is no recovery file", async () => {
    const { recovery } = await setup();
    const { box, asked } = fakeBox(0);
    expect(await offerRecovery(recovery, box)).toBeNull();
    expect(asked).toEqual([]);
  });

  it("Restore returns the document and keeps the file until it is saved or discarded", async () => {
    const { recovery } = await withRecoveryFile({ name: "level.json", path: "/levels/level.json" });
    const { box, asked } = fakeBox(0);
    const restored = await offerRecovery(recovery, box, (iso) => `at ${iso}`);
    expect(restored).toEqual({ name: "level.json", path: "/levels/level.json", savedAt: "2026-11-22T21:00:00.000Z", text: scene("kept") });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ type: "question", buttons: ["Restore", "Discard"], defaultId: 0, cancelId: 0 });
    expect(asked[0]!.message).toContain("Restore the unsaved changes to level.json?");
    expect(asked[0]!.detail).toBe("Autosaved at 2026-11-22T21:00:00.000Z (/levels/level.json). Discard deletes them.");
    expect((await recovery.check()).kind).toBe("found");
  });

  it("Discard deletes the recovery file", async () => {
    const { recovery } = await withRecoveryFile({ name: "untitled.json" });
    const { box, asked } = fakeBox(1);
    expect(await offerRecovery(recovery, box)).toBeNull();
    expect(asked[0]!.detail).toContain("a new scene that was never saved");
    expect(await recovery.check()).toEqual({ kind: "none" });
  });

  it("a broken file is reported in a warning box, once", async () => {
    const { folder, recovery } = await setup();
    await mkdir(folder, { recursive: true });
    await writeFile(recovery.file, "{");
    const { box, asked } = fakeBox(0);
    expect(await offerRecovery(recovery, box)).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ type: "warning", buttons: ["OK"] });
    expect(asked[0]!.detail).toBe(`${recovery.file}: it is not valid JSON. The file was kept as ${path.join(folder, "recovery.broken.json")}.`);
    expect(await offerRecovery(recovery, fakeBox(0).box)).toBeNull();
  });
});

/** A fake Electron app for removeRecoveryOnCleanQuit: willQuit() fires will-quit; it counts quits and prevented quits. */
function fakeQuitApp() {
  let listener: ((event: { preventDefault(): void }) => void) | undefined;
  const counts = { quits: 0, prevented: 0 };
  const app = { on: (_e: "will-quit", l: (event: { preventDefault(): void }) => void) => { listener = l; }, quit: () => { counts.quits++; } };
  return { app, counts, willQuit: () => listener!({ preventDefault: () => { counts.prevented++; } }) };
}

describe("removeRecoveryOnCleanQuit", () => {
  it("holds the first quit until pending writes are done and the file is removed, then quits", async () => {
    const { clock, recovery } = await setup();
    const { app, counts, willQuit } = fakeQuitApp();
    const stopped: string[] = [];
    removeRecoveryOnCleanQuit(app, recovery, () => stopped.push("watch"));
    recovery.update({ text: scene("a"), name: "a.json" });
    clock.advance(0);
    willQuit();
    expect(counts.prevented).toBe(1);
    expect(stopped).toEqual(["watch"]);
    await recovery.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(counts.quits).toBe(1);
    expect(await recovery.check()).toEqual({ kind: "none" });
    // The quit it started goes through.
    willQuit();
    expect(counts.prevented).toBe(1);
  });

  it("holds a quit started again by someone else before the removal is done, and removes only once", async () => {
    const { clock, recovery } = await setup();
    const { app, counts, willQuit } = fakeQuitApp();
    let stops = 0;
    removeRecoveryOnCleanQuit(app, recovery, () => stops++);
    recovery.update({ text: scene("a"), name: "a.json" });
    clock.advance(0);
    willQuit();
    // The window state's holder finished first and quits again while the removal is under way.
    willQuit();
    expect(counts.prevented).toBe(2);
    expect(stops).toBe(1);
    await recovery.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(counts.quits).toBe(1);
    expect(await recovery.check()).toEqual({ kind: "none" });
    willQuit();
    expect(counts.prevented).toBe(2);
  });

  it("keeps the file, written out, when the quit is not clean (the page crashed with unsaved work)", async () => {
    const { clock, recovery } = await setup();
    const { app, counts, willQuit } = fakeQuitApp();
    removeRecoveryOnCleanQuit(app, recovery, () => {}, () => true);
    recovery.update({ text: scene("a"), name: "a.json" });
    clock.advance(0);
    recovery.update({ text: scene("b"), name: "a.json" });
    willQuit();
    await recovery.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(counts.quits).toBe(1);
    expect(await recovery.check()).toMatchObject({ kind: "found", document: { name: "a.json", text: scene("b") } });
  });
});
