// The recovery and reload channels: sender check, argument validation, a path kept only if the
// user chose it, a restored document handed out once, and reload limited to files the user chose.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { IPC, type RecoveredDocument, type RecoveryRequest, type ShellResult } from "../../core/shell/desktop-api";
import { appIndexUrl } from "../../electron/app-url";
import { createSceneFileService } from "../../electron/file-service";
import { createFileWatch, watchingFileService, type WatchedFileService } from "../../electron/file-watch";
import type { InvokeEventLike, InvokeHandler, IpcMainLike } from "../../electron/ipc";
import type { Recovery } from "../../electron/recovery";
import { RECOVERY_CHANNELS, registerRecoveryIpc } from "../../electron/recovery-ipc";
import { manualClock, tempDir } from "./helpers";

const indexUrl = appIndexUrl("/app/dist/renderer/index.html");
const editorContents = { id: 1 };
const policy = { indexUrl, editorContents: () => editorContents };
const fromEditor: InvokeEventLike = { sender: editorContents, senderFrame: { url: indexUrl, parent: null } };

function fakeRecovery() {
  const updates: RecoveryRequest[] = [];
  const recovery: Recovery = {
    file: "/data/recovery/recovery.json",
    check: async () => ({ kind: "none" }),
    update: (r) => { updates.push(r); },
    discard: vi.fn(async () => {}),
    flush: async () => {},
  };
  return { recovery, updates };
}

/** A real file service and watch over `dir`, whose Open dialog picks `opened`. */
function watchedFiles(opened: string): { files: WatchedFileService; watchFile: () => string | undefined } {
  const readText = (f: string) => readFile(f, "utf8");
  const fileWatch = createFileWatch({ watch: () => ({ close: () => {}, on: () => {} }), readText, onChange: () => {}, ...manualClock() });
  const dialog = { showOpenDialog: async () => ({ canceled: false, filePaths: [opened] }), showSaveDialog: async () => ({ canceled: true }) };
  return { files: watchingFileService(createSceneFileService({ dialog }), fileWatch, readText), watchFile: () => fileWatch.file };
}

function register(files: WatchedFileService, recovery: Recovery, restored: RecoveredDocument | null = null) {
  const handlers = new Map<string, InvokeHandler>();
  const ipcMain: IpcMainLike = { handle: (c, l) => { handlers.set(c, l); }, removeHandler: (c) => { handlers.delete(c); } };
  const restoredFn = vi.fn(async () => restored);
  const dispose = registerRecoveryIpc(ipcMain, { recovery, files, restored: restoredFn }, policy);
  const invoke = (channel: string, ...args: unknown[]): Promise<ShellResult<unknown>> => handlers.get(channel)!(fromEditor, ...args);
  return { handlers, invoke, dispose, restoredFn };
}

describe("registerRecoveryIpc", () => {
  it("registers the four channels and removes them again", () => {
    const { handlers, dispose } = register(watchedFiles("/x.json").files, fakeRecovery().recovery);
    expect([...handlers.keys()].sort()).toEqual([IPC.discardRecovery, IPC.reloadScene, IPC.saveRecovery, IPC.takeRecovered].sort());
    expect([...RECOVERY_CHANNELS].sort()).toEqual([...handlers.keys()].sort());
    dispose();
    expect(handlers.size).toBe(0);
  });

  it("keeps the document's path only if the user chose it in a dialog", async () => {
    const dir = await tempDir();
    const chosen = path.join(dir, "level.json");
    await writeFile(chosen, "{}");
    const { files } = watchedFiles(chosen);
    const { recovery, updates } = fakeRecovery();
    const { invoke } = register(files, recovery);
    expect(await invoke(IPC.saveRecovery, { text: "a", name: "level.json", path: chosen })).toEqual({ ok: true, value: null });
    await files.open();
    await invoke(IPC.saveRecovery, { text: "b", name: "level.json", path: chosen });
    await invoke(IPC.saveRecovery, { text: "c", name: "x.json", path: "/etc/passwd" });
    expect(updates).toEqual([{ text: "a", name: "level.json" }, { text: "b", name: "level.json", path: chosen }, { text: "c", name: "x.json" }]);
  });

  it.each([
    [IPC.saveRecovery, [{ text: 1, name: "a" }], /^invalid recovery request: text: /],
    [IPC.saveRecovery, [{ text: "", name: "a", extra: true }], /^invalid recovery request: .*extra/],
    [IPC.saveRecovery, [], /^invalid recovery request: expected one argument, got 0$/],
    [IPC.discardRecovery, ["now"], /^invalid discard request/],
    [IPC.takeRecovered, [1], /^invalid recovery request: it takes no arguments$/],
    [IPC.reloadScene, [{ path: "" }], /^invalid reload request: path: /],
    [IPC.reloadScene, ["/x.json"], /^invalid reload request: /],
  ])("%s refuses bad arguments %j in one line", async (channel, args, error) => {
    const { recovery, updates } = fakeRecovery();
    const { invoke } = register(watchedFiles("/x.json").files, recovery);
    const result = await invoke(channel, ...args);
    expect(result).toMatchObject({ ok: false, canceled: false });
    expect(!result.ok && !result.canceled && result.error).toMatch(error);
    expect(updates).toEqual([]);
    expect(recovery.discard).not.toHaveBeenCalled();
  });

  it("refuses a sender that is not the editor page", async () => {
    const { recovery } = fakeRecovery();
    const { handlers } = register(watchedFiles("/x.json").files, recovery);
    const foreign: InvokeEventLike = { sender: { id: 2 }, senderFrame: { url: indexUrl, parent: null } };
    expect(await handlers.get(IPC.discardRecovery)!(foreign)).toMatchObject({ ok: false, error: expect.stringMatching(/^refused recovery:discard: /) as unknown });
    expect(recovery.discard).not.toHaveBeenCalled();
  });

  it("discard removes the recovery file", async () => {
    const { recovery } = fakeRecovery();
    const { invoke } = register(watchedFiles("/x.json").files, recovery);
    expect(await invoke(IPC.discardRecovery)).toEqual({ ok: true, value: null });
    expect(recovery.discard).toHaveBeenCalledTimes(1);
  });

  it("hands the restored document out once, allowing saves to and watching its original path", async () => {
    const dir = await tempDir();
    const original = path.join(dir, "level.json");
    await writeFile(original, "on disk");
    const { files, watchFile } = watchedFiles("/unused.json");
    const document: RecoveredDocument = { name: "level.json", path: original, savedAt: "2026-11-22T21:00:00.000Z", text: "{}" };
    const { invoke, restoredFn } = register(files, fakeRecovery().recovery, document);
    expect(files.isAllowed(original)).toBe(false);
    expect(await invoke(IPC.takeRecovered)).toEqual({ ok: true, value: document });
    expect(files.isAllowed(original)).toBe(true);
    expect(watchFile()).toBe(original);
    expect(await invoke(IPC.takeRecovered)).toEqual({ ok: true, value: null });
    expect(restoredFn).toHaveBeenCalledTimes(1);
  });

  it("reloads only a file the user chose", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "level.json");
    await writeFile(file, "v1");
    const { files } = watchedFiles(file);
    const { invoke } = register(files, fakeRecovery().recovery);
    expect(await invoke(IPC.reloadScene, { path: file })).toMatchObject({ ok: false, error: expect.stringMatching(/not a file the user chose/) as unknown });
    await files.open();
    await writeFile(file, "v2");
    expect(await invoke(IPC.reloadScene, { path: file })).toEqual({ ok: true, value: { path: file, name: "level.json", text: "v2" } });
  });
});
