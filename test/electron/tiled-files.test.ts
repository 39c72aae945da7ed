// Issue 25 (backdrop): the tiled:read channel. The page gets a Tiled map's text files only by a
// relative path beside a scene the user chose or a map they imported, only for the Tiled file
// types (by extension, then by first character), only as UTF-8 text under the size limit, and only
// through the guarded channel with a well-formed request.
import path from "node:path";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { IPC, type ShellResult } from "../../core/shell/desktop-api";
import { appIndexUrl } from "../../electron/app-url";
import { createDesktopApi } from "../../electron/desktop-api-client";
import { createSceneFileService, type DialogLike } from "../../electron/file-service";
import type { InvokeEventLike } from "../../electron/ipc";
import { createTiledFiles, readableScenes, resolveTiledPath } from "../../electron/tiled-files";
import { registerTiledIpc, TILED_CHANNELS } from "../../electron/tiled-ipc";
import { expectError, fakeFs, fakeIpcMain, tempDir } from "./helpers";

const scene = path.resolve("/levels/one/level.json");
const text = (s: string) => new TextEncoder().encode(s);



describe("resolveTiledPath", () => {
  it("resolves a map, tileset or template path against the scene's folder, ../ included", () => {
    expect(resolveTiledPath(scene, "maps/a.tmx")).toEqual({ ok: true, path: path.resolve("/levels/one/maps/a.tmx") });
    expect(resolveTiledPath(scene, "../shared/terrain.tsj")).toEqual({ ok: true, path: path.resolve("/levels/shared/terrain.tsj") });
  });

  it.each([
    ["an absolute path", "/etc/a.tmx", /absolute path/],
    ["a URL", "https://example.com/a.tmx", /"https:"/],
    ["a drive", "C:/a.tmx", /"C:"/],
    ["backslashes", "maps\\a.tmx", /forward slashes/],
    ["another file type", "../../.ssh/id_rsa", /not a Tiled map, tileset or template file/],
    ["an image", "tiles.png", /not a Tiled map/],
    ["a NUL character", "a.tmx\0.png", /NUL/],
  ])("refuses %s", (_what, src, reason) => {
    const r = resolveTiledPath(scene, src);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe("createTiledFiles", () => {
  const map = path.resolve("/levels/one/maps/a.tmx");

  it("reads a map beside a chosen scene as text, without its byte order mark", async () => {
    const fs = fakeFs({ [map]: text('\uFEFF<?xml version="1.0"?>\n<map/>') });
    const files = createTiledFiles({ fs, isAllowed: (p) => p === scene });
    expect(await files.read({ scenePath: scene, src: "maps/a.tmx" })).toEqual({ ok: true, value: { text: '<?xml version="1.0"?>\n<map/>' } });
  });

  it("reads nothing beside a scene that was not chosen", async () => {
    const fs = fakeFs({ [map]: text("<map/>") });
    expectError(await createTiledFiles({ fs, isAllowed: () => false }).read({ scenePath: scene, src: "maps/a.tmx" }), /not opened or saved in a file dialog/);
    expect(fs.read).toEqual([]);
  });

  it("refuses a file whose content is not what its extension says, or not UTF-8, and names a missing one", async () => {
    const fs = fakeFs({ [map]: text('{"type": "map"}'), [path.resolve("/levels/one/t.tsj")]: Uint8Array.from([0x7b, 0xff, 0xfe]) });
    const files = createTiledFiles({ fs, isAllowed: () => true });
    expectError(await files.read({ scenePath: scene, src: "maps/a.tmx" }), /maps\/a\.tmx: it is not an XML file/);
    expectError(await files.read({ scenePath: scene, src: "t.tsj" }), /not UTF-8 text/);
    expectError(await files.read({ scenePath: scene, src: "maps/gone.tmj" }), /^file not found: maps\/gone\.tmj$/);
  });

  it("refuses a file over the limit before reading it, and a path of another type without touching the disk", async () => {
    const fs = fakeFs({ [map]: new Uint8Array(3 * 2 ** 20), [path.resolve("/levels/one/notes.txt")]: text("<x/>") });
    const files = createTiledFiles({ fs, isAllowed: () => true, maxBytes: 2 ** 20 });
    expectError(await files.read({ scenePath: scene, src: "maps/a.tmx" }), /3 MB, more than the 1 MB a Tiled file may be/);
    expectError(await files.read({ scenePath: scene, src: "notes.txt" }), /not a Tiled map, tileset or template file/);
    expect(fs.read).toEqual([]);
  });

  it("reads real files through Node; a folder is refused with a reason", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "maps", "dir.tsx"), { recursive: true });
    await writeFile(path.join(dir, "maps", "a.tmj"), '{ "type": "map" }');
    const files = createTiledFiles({ isAllowed: () => true });
    const sceneFile = path.join(dir, "level.json");
    expect(await files.read({ scenePath: sceneFile, src: "maps/a.tmj" })).toEqual({ ok: true, value: { text: '{ "type": "map" }' } });
    expectError(await files.read({ scenePath: sceneFile, src: "maps/dir.tsx" }), /it is a folder/);
  });
});

describe("readableScenes (beside what the page may read)", () => {
  it("allows a chosen scene, and a map imported through the file service, for reading only", async () => {
    const dir = await tempDir();
    const mapPath = path.join(dir, "level.tmj");
    await writeFile(mapPath, "{}");
    const dialog: DialogLike = { showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: [mapPath] })), showSaveDialog: vi.fn(async () => ({ canceled: true })) };
    const readable = readableScenes((p) => service.isAllowed(p));
    const service = createSceneFileService({ dialog, onImported: (p) => readable.addImported(p) });
    expect(readable.isReadable(mapPath)).toBe(false);
    const imported = await service.importFile({ title: "Import Tiled map", type: { name: "Tiled map", extensions: ["tmj"] } });
    expect(imported.ok).toBe(true);
    expect(readable.isReadable(mapPath)).toBe(true);
    expect(readable.isReadable(path.join(dir, "other.tmj"))).toBe(false);
    // Never a place to save to without a dialog; the Save dialog for its document starts beside it.
    expect(service.isAllowed(mapPath)).toBe(false);
    expectError(await service.save({ text: "{}", path: mapPath }), /not chosen in a file dialog/);
    await service.chooseTarget({ suggestedName: "level.json", path: mapPath });
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: path.join(dir, "level.json") }));
    await service.chooseTarget({ suggestedName: "level.json", path: path.join(dir, "other.tmj") });
    expect(dialog.showSaveDialog).toHaveBeenLastCalledWith(expect.objectContaining({ defaultPath: "level.json" }));
  });
});

describe("Save to Map's write (tiled:write)", () => {
  it("writes only a map that exists, beside a scene the user chose, atomically with its .bak; refuses other files and places", async () => {
    const dir = await tempDir();
    const level = path.join(dir, "levels", "level.json");
    const map = path.join(dir, "maps", "level.tmx");
    await mkdir(path.dirname(level), { recursive: true });
    await mkdir(path.dirname(map), { recursive: true });
    await writeFile(map, "<map old/>", "utf8");
    await writeFile(path.join(dir, "maps", "tiles.tsx"), "<tileset/>", "utf8");
    const tiled = createTiledFiles({ isAllowed: (p) => p === level });
    expect(await tiled.writeMap({ scenePath: level, src: "../maps/level.tmx", text: "<map new/>" })).toEqual({ ok: true, value: { path: map, name: "level.tmx" } });
    expect(await readFile(map, "utf8")).toBe("<map new/>");
    expect(await readFile(`${map}.bak`, "utf8")).toBe("<map old/>");
    expectError(await tiled.writeMap({ scenePath: level, src: "../maps/tiles.tsx", text: "x" }), /^cannot write ..\/maps\/tiles.tsx: only a Tiled map \(.tmx, .tmj, .json\) is written back$/);
    expectError(await tiled.writeMap({ scenePath: level, src: "../maps/new.tmx", text: "x" }), /there is no such map \(Save to Map writes into a map that exists\)/);
    expectError(await tiled.writeMap({ scenePath: path.join(dir, "other.json"), src: "maps/level.tmx", text: "x" }), /the scene was not opened or saved in a file dialog/);
    expectError(await tiled.writeMap({ scenePath: level, src: "/etc/level.tmx", text: "x" }), /^cannot write \/etc\/level.tmx: /);
    expect(await readFile(path.join(dir, "maps", "tiles.tsx"), "utf8")).toBe("<tileset/>");
  });
});

describe("the tiled:read channel", () => {
  const indexUrl = appIndexUrl("/app/dist/renderer/index.html");
  const editor = { id: 1 };
  const policy = { indexUrl, editorContents: () => editor };
  const event = (overrides: Partial<InvokeEventLike> = {}): InvokeEventLike => ({ sender: editor, senderFrame: { url: indexUrl, parent: null }, ...overrides });

  it("hands a well-formed request from the editor page to the reader, and refuses the rest untouched", async () => {
    const { ipcMain, invoke, handlers } = fakeIpcMain();
    const tiled = { read: vi.fn(async () => ({ ok: true, value: { text: "<map/>" } }) as const), writeMap: vi.fn(async () => ({ ok: true, value: { path: "/l/maps/a.tmx", name: "a.tmx" } }) as const) };
    const remove = registerTiledIpc(ipcMain, tiled, policy);
    expect([...handlers.keys()]).toEqual([...TILED_CHANNELS]);
    const request = { scenePath: "/l/level.json", src: "maps/a.tmx" };
    expect(await invoke(IPC.readTiledFile, event(), request)).toEqual({ ok: true, value: { text: "<map/>" } });
    expect(tiled.read).toHaveBeenCalledWith(request);
    expectError((await invoke(IPC.readTiledFile, event(), { ...request, extra: 1 })) as ShellResult<unknown>, /invalid Tiled file request/);
    expectError((await invoke(IPC.readTiledFile, event(), { scenePath: "", src: "a.tmx" })) as ShellResult<unknown>, /invalid Tiled file request: scenePath/);
    expectError((await invoke(IPC.readTiledFile, event())) as ShellResult<unknown>, /expected one argument, got 0/);
    expectError((await invoke(IPC.readTiledFile, event({ senderFrame: { url: "https://evil.example/", parent: null } }), request)) as ShellResult<unknown>, /^refused tiled:read/);
    expect(tiled.read).toHaveBeenCalledTimes(1);
    remove();
    expect(handlers.size).toBe(0);
  });
});

describe("the page's side of tiled:read", () => {
  it("invokes tiled:read with exactly the request", async () => {
    const invoke = vi.fn(async () => ({ ok: false, canceled: false, error: "file not found: a.tmx" }));
    const request = { scenePath: "/level.json", src: "a.tmx" };
    expect(await createDesktopApi(invoke, "linux", vi.fn()).readTiledFile(request)).toMatchObject({ ok: false });
    expect(invoke.mock.calls).toEqual([[IPC.readTiledFile, request]]);
  });
});
