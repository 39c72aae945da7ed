// A Tiled map dropped on the desktop app's canvas (tiled:import-dropped): the preload records the
// paths of the user's own (trusted) drops and the page's API sends only those; the main process
// takes one absolute .tmx or .tmj path from the editor page, reads it as Import Tiled map… reads a
// picked map (never a place to save without asking), and lets the page read the files beside it.
// Electron's objects are fakes (helpers.ts), as in the other IPC tests.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { IPC, type ShellResult } from "../../core/shell/desktop-api";
import { appIndexUrl } from "../../electron/app-url";
import { createDesktopApi } from "../../electron/desktop-api-client";
import { createDropRecord, recordDrop } from "../../electron/drop-record";
import { createSceneFileService, type DialogLike } from "../../electron/file-service";
import type { InvokeEventLike } from "../../electron/ipc";
import { readableScenes } from "../../electron/tiled-files";
import { registerTiledIpc } from "../../electron/tiled-ipc";
import { expectError, fakeIpcMain, tempDir } from "./helpers";

const indexUrl = appIndexUrl("/app/dist/renderer/index.html");
const editor = { id: 1 };
const policy = { indexUrl, editorContents: () => editor };
const fromEditor: InvokeEventLike = { sender: editor, senderFrame: { url: indexUrl, parent: null } };
const fromElsewhere: InvokeEventLike = { sender: editor, senderFrame: { url: "https://evil.example/", parent: null } };
const tiled = { read: vi.fn(), writeMap: vi.fn() };
const noDialog: DialogLike = {
  showOpenDialog: () => Promise.reject(new Error("no dialog for a drop")),
  showSaveDialog: () => Promise.reject(new Error("no dialog for a drop")),
};

describe("the tiled:import-dropped channel", () => {
  it("hands one absolute .tmx or .tmj path from the editor page to the importer, and refuses the rest untouched", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const imported: string[] = [];
    registerTiledIpc(ipcMain, tiled, policy, async (filePath) => {
      imported.push(filePath);
      return { ok: true, value: { path: filePath, name: path.basename(filePath), text: "<map/>" } };
    });
    const map = path.resolve("/levels/castle.TMX");
    expect(await invoke(IPC.importDropped, fromEditor, map)).toEqual({ ok: true, value: { path: map, name: "castle.TMX", text: "<map/>" } });
    const tmj = path.resolve("/levels/castle.tmj");
    expect(await invoke(IPC.importDropped, fromEditor, tmj)).toMatchObject({ ok: true });
    const refused = (r: unknown, pattern: RegExp) => expectError(r as ShellResult<unknown>, pattern);
    refused(await invoke(IPC.importDropped, fromEditor, "levels/castle.tmx"), /^invalid dropped map: expected an absolute path$/);
    refused(await invoke(IPC.importDropped, fromEditor, path.resolve("/levels/level.json")), /^cannot import level\.json: only a Tiled map \(\.tmx, \.tmj\) imports when dropped$/);
    refused(await invoke(IPC.importDropped, fromEditor, path.resolve("/levels/tiles.tsx")), /^cannot import tiles\.tsx/);
    refused(await invoke(IPC.importDropped, fromEditor, 42), /^invalid dropped map: expected an absolute path$/);
    refused(await invoke(IPC.importDropped, fromEditor, `${map}\0.tmx`), /^invalid dropped map/);
    refused(await invoke(IPC.importDropped, fromEditor, path.resolve(`/${"a".repeat(5000)}.tmx`)), /^invalid dropped map/);
    refused(await invoke(IPC.importDropped, fromEditor, map, map), /^invalid dropped map: expected one argument, got 2$/);
    refused(await invoke(IPC.importDropped, fromElsewhere, map), /^refused tiled:import-dropped/);
    expect(imported).toEqual([map, tmj]);
  });

  it("reads the dropped map through the file service: the files beside it become readable, and it is no place to save", async () => {
    const dir = await tempDir();
    const map = path.join(dir, "castle.tmx");
    await writeFile(map, "<map/>", "utf8");
    const readable = readableScenes(() => false);
    const files = createSceneFileService({ dialog: noDialog, onImported: (filePath) => readable.addImported(filePath) });
    const { ipcMain, invoke } = fakeIpcMain();
    registerTiledIpc(ipcMain, tiled, policy, (filePath) => files.importPath(filePath));
    expect(readable.isReadable(map)).toBe(false);
    expect(await invoke(IPC.importDropped, fromEditor, map)).toEqual({ ok: true, value: { path: map, name: "castle.tmx", text: "<map/>" } });
    expect(readable.isReadable(map)).toBe(true);
    expect(files.isAllowed(map)).toBe(false);
    // A map that is not there says so, and lets nothing be read.
    const gone = path.join(dir, "gone.tmj");
    expectError((await invoke(IPC.importDropped, fromEditor, gone)) as ShellResult<unknown>, /^cannot open .*gone\.tmj/);
    expect(readable.isReadable(gone)).toBe(false);
  });
});

describe("the page's side: only the paths of the user's own drops are sent", () => {
  const file = (p: string) => ({ p });
  const pathOf = (f: object) => (f as { p: string }).p;

  it("records a trusted drop's paths, ignores an untrusted one, and keeps the newest drops only", () => {
    const drops = createDropRecord(3);
    recordDrop(drops, { isTrusted: false, dataTransfer: { files: [file("/x/forged.tmx")] } }, pathOf);
    expect(drops.has("/x/forged.tmx")).toBe(false);
    recordDrop(drops, { isTrusted: true, dataTransfer: { files: [file("/levels/a.tmx"), file(""), file("/levels/b.json")] } }, pathOf);
    expect(drops.has("/levels/a.tmx")).toBe(true);
    expect(drops.has("/levels/b.json")).toBe(true);
    expect(drops.has("")).toBe(false);
    // A file that is no File (getPathForFile throws) is skipped.
    recordDrop(drops, { isTrusted: true, dataTransfer: { files: [{}, file("/levels/c.tmj"), file("/levels/d.tmj")] } }, (f) => {
      if (!("p" in f)) throw new TypeError("not a File");
      return pathOf(f);
    });
    expect(["/levels/a.tmx", "/levels/b.json", "/levels/c.tmj", "/levels/d.tmj"].map((p) => drops.has(p))).toEqual([false, true, true, true]);
  });

  it("sends importDropped and openDropped only for dropped paths; refuses any other without asking the shell", async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: null }));
    const drops = createDropRecord();
    const api = createDesktopApi(invoke, "linux", vi.fn(), () => "", (p) => drops.has(p));
    expectError(await api.importDropped("/etc/secret.tmx"), /^cannot open \/etc\/secret\.tmx: it was not dropped on the window$/);
    expectError(await api.openDropped("/etc/other.json"), /it was not dropped on the window$/);
    expect(invoke).not.toHaveBeenCalled();
    drops.record(["/levels/castle.tmx", "/levels/level.json"]);
    await api.importDropped("/levels/castle.tmx");
    await api.openDropped("/levels/level.json");
    expect(invoke.mock.calls).toEqual([[IPC.importDropped, "/levels/castle.tmx"], [IPC.openDropped, "/levels/level.json"]]);
    // Without a record of drops (no preload), nothing is sent.
    expectError(await createDesktopApi(invoke, "linux", vi.fn()).importDropped("/levels/castle.tmx"), /not dropped/);
    expect(invoke).toHaveBeenCalledTimes(2);
  });
});
