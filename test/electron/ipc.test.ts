import path from "node:path";
import { readFile, writeFile } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { IPC, type ShellResult } from "../../core/shell/desktop-api";
import { appIndexUrl } from "../../electron/app-url";
import { createSceneFileService, type DialogLike, type SceneFileService } from "../../electron/file-service";
import { createEditorPage, DOCUMENT_CHANNELS, registerDocumentIpc } from "../../electron/document-ipc";
import type { WatchedFileService } from "../../electron/file-watch";
import { isTrustedSender, registerSceneIpc, SCENE_CHANNELS, type InvokeEventLike } from "../../electron/ipc";
import type { Recovery } from "../../electron/recovery";
import { RECOVERY_CHANNELS, registerRecoveryIpc } from "../../electron/recovery-ipc";
import { IMAGE_CHANNELS, registerImageIpc } from "../../electron/image-ipc";
import { registerTiledIpc, TILED_CHANNELS } from "../../electron/tiled-ipc";
import { fakeIpcMain, tempDir } from "./helpers";

const indexUrl = appIndexUrl("/app/dist/renderer/index.html");
const editorContents = { id: 1 };
const policy = { indexUrl, editorContents: () => editorContents };

/** A call from the editor page in the editor window, unless overridden. */
function event(overrides: Partial<InvokeEventLike> = {}): InvokeEventLike {
  return { sender: editorContents, senderFrame: { url: indexUrl, parent: null }, ...overrides };
}

function fakeFiles(): SceneFileService & { open: ReturnType<typeof vi.fn>; opened: ReturnType<typeof vi.fn>; save: ReturnType<typeof vi.fn>; chooseTarget: ReturnType<typeof vi.fn>; exportFile: ReturnType<typeof vi.fn>; importFile: ReturnType<typeof vi.fn>; importPath: ReturnType<typeof vi.fn> } {
  return {
    open: vi.fn(async () => ({ ok: true, value: { kind: "scene", path: "/x.json", name: "x.json", text: "{}" } }) as const),
    opened: vi.fn((filePath: string) => (filePath === "/x.json" ? { path: "/x.json", name: "x.json", text: "{}" } : undefined)),
    save: vi.fn(async () => ({ ok: true, value: { path: "/x.json", name: "x.json" } }) as const),
    chooseTarget: vi.fn(async () => ({ ok: true, value: { path: "/y.json", name: "y.json" } }) as const),
    exportFile: vi.fn(async () => ({ ok: true, value: { path: "/x.tscn", name: "x.tscn" } }) as const),
    importFile: vi.fn(async () => ({ ok: true, value: { path: "/m.tmj", name: "m.tmj", text: "{}" } }) as const),
    importPath: vi.fn(async () => ({ ok: true, value: { path: "/m.tmj", name: "m.tmj", text: "{}" } }) as const),
    isAllowed: () => false,
    openPath: vi.fn(async () => ({ ok: true, value: { path: "/r.json", name: "r.json", text: "{}" } }) as const),
    allow: () => {},
  };
}

function expectError(result: ShellResult<unknown>, pattern: RegExp): void {
  expect(result).toMatchObject({ ok: false, canceled: false });
  if (result.ok || result.canceled) return;
  expect(result.error).toMatch(pattern);
  expect(result.error).not.toMatch(/\n| {4}at /);
}

describe("registerSceneIpc", () => {
  it("registers its own channels, and removes only those again", () => {
    const { ipcMain, handlers } = fakeIpcMain();
    handlers.set(IPC.documentState, async () => ({ ok: true, value: null }));
    const dispose = registerSceneIpc(ipcMain, fakeFiles(), policy);
    expect([...handlers.keys()].sort()).toEqual([IPC.documentState, ...SCENE_CHANNELS].sort());
    dispose();
    expect([...handlers.keys()]).toEqual([IPC.documentState]);
  });

  it("passes a valid open and save through to the file service", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    expect(await invoke(IPC.openScene, event())).toMatchObject({ ok: true });
    const request = { text: "{}", path: "/x.json", saveAs: false, suggestedName: "x" };
    expect(await invoke(IPC.saveScene, event(), request)).toMatchObject({ ok: true });
    expect(files.save).toHaveBeenCalledExactlyOnceWith(request);
  });

  it.each([
    ["no argument", []],
    ["two arguments", [{ text: "{}" }, { text: "{}" }]],
    ["a string", ["{}"]],
    ["null", [null]],
    ["an array", [["{}"]]],
    ["text of the wrong type", [{ text: 42 }]],
    ["a missing text", [{ path: "/x.json" }]],
    ["an empty path", [{ text: "{}", path: "" }]],
    ["a path of the wrong type", [{ text: "{}", path: ["/x.json"] }]],
    ["saveAs of the wrong type", [{ text: "{}", saveAs: "yes" }]],
    ["an extra key", [{ text: "{}", encoding: "latin1" }]],
    ["a prototype-polluting key", [JSON.parse('{"text":"{}","__proto__":{"admin":true}}')]],
    ["an overlong suggested name", [{ text: "{}", suggestedName: "x".repeat(256) }]],
  ])("rejects a save with %s, without calling the file service", async (_what, args) => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    expectError(await invoke(IPC.saveScene, event(), ...args), /^invalid save request: /);
    expect(files.save).not.toHaveBeenCalled();
  });

  it("passes a valid export and import through to the file service", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    const type = { name: "Godot scene", extensions: ["tscn"] };
    const exportRequest = { text: "[gd_scene]", suggestedName: "level", type };
    expect(await invoke(IPC.exportFile, event(), exportRequest)).toMatchObject({ ok: true });
    expect(files.exportFile).toHaveBeenCalledExactlyOnceWith(exportRequest);
    const importRequest = { title: "Import Tiled map", type: { name: "Tiled map", extensions: ["tmj", "json"] } };
    expect(await invoke(IPC.importFile, event(), importRequest)).toMatchObject({ ok: true });
    expect(files.importFile).toHaveBeenCalledExactlyOnceWith(importRequest);
  });

  it.each([
    ["no argument", []],
    ["a missing type", [{ text: "x", suggestedName: "a" }]],
    ["an extension with a dot or a slash", [{ text: "x", suggestedName: "a", type: { name: "T", extensions: ["../x"] } }]],
    ["no extensions", [{ text: "x", suggestedName: "a", type: { name: "T", extensions: [] } }]],
    ["an extra key", [{ text: "x", suggestedName: "a", type: { name: "T", extensions: ["tscn"] }, folder: "/etc" }]],
  ])("rejects an export with %s, without calling the file service", async (_what, args) => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    expectError(await invoke(IPC.exportFile, event(), ...args), /^invalid export request: /);
    expect(files.exportFile).not.toHaveBeenCalled();
  });

  it("passes a save target request through, and rejects a malformed one without calling the file service", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    const request = { suggestedName: "level.json", path: "/levels/level.json" };
    expect(await invoke(IPC.chooseSaveTarget, event(), request)).toMatchObject({ ok: true, value: { path: "/y.json" } });
    expect(files.chooseTarget).toHaveBeenCalledExactlyOnceWith(request);
    expectError(await invoke(IPC.chooseSaveTarget, event(), { suggestedName: "a", text: "x" }), /^invalid save target request: /);
    expectError(await invoke(IPC.chooseSaveTarget, event()), /^invalid save target request: expected one argument, got 0$/);
    expect(files.chooseTarget).toHaveBeenCalledTimes(1);
  });

  it("rejects an import naming a path, without calling the file service", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    expectError(await invoke(IPC.importFile, event(), { title: "x", type: { name: "T", extensions: ["tmj"] }, path: "/etc/passwd" }), /^invalid import request: /);
    expect(files.importFile).not.toHaveBeenCalled();
  });

  it("names the offending field in the message", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    registerSceneIpc(ipcMain, fakeFiles(), policy);
    expectError(await invoke(IPC.saveScene, event(), { text: 42 }), /^invalid save request: text: /);
    expectError(await invoke(IPC.saveScene, event(), { text: "", extra: 1 }), /extra/);
  });

  it("rejects an open with arguments", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    expectError(await invoke(IPC.openScene, event(), "/etc/passwd"), /^invalid open request/);
    expect(files.open).not.toHaveBeenCalled();
  });

  it("passes the page's word that it opened the picked scene, and refuses any other path or argument", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    expect(await invoke(IPC.sceneOpened, event(), "/x.json")).toEqual({ ok: true, value: null });
    expectError(await invoke(IPC.sceneOpened, event(), "/etc/passwd"), /^cannot take \/etc\/passwd as opened: it is not the scene last read to open \(File → Open…, Open Recent, a drop, the OS\)$/);
    expectError(await invoke(IPC.sceneOpened, event()), /^invalid opened scene: expected its path$/);
    expectError(await invoke(IPC.sceneOpened, event(), { path: "/x.json" }), /^invalid opened scene/);
    expect(files.opened.mock.calls).toEqual([["/x.json"], ["/etc/passwd"]]);
  });

  it.each([
    ["another page", event({ senderFrame: { url: "https://evil.example/", parent: null } })],
    ["another local file", event({ senderFrame: { url: "file:///tmp/evil.html", parent: null } })],
    ["an iframe of the editor page", event({ senderFrame: { url: indexUrl, parent: { url: indexUrl } } })],
    ["a destroyed frame", event({ senderFrame: null })],
    ["another web contents showing the editor page", event({ sender: { id: 2 } })],
  ])("refuses calls from %s", async (_what, foreign) => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    registerSceneIpc(ipcMain, files, policy);
    expectError(await invoke(IPC.openScene, foreign), /^refused scene:open: /);
    expectError(await invoke(IPC.saveScene, foreign, { text: "{}" }), /^refused scene:save: /);
    expect(files.open).not.toHaveBeenCalled();
    expect(files.save).not.toHaveBeenCalled();
  });

  it("refuses every call while there is no editor window", () => {
    expect(isTrustedSender(event(), { indexUrl, editorContents: () => undefined })).toBe(false);
    expect(isTrustedSender(event(), policy)).toBe(true);
  });

  it("answers a throwing file service with a message instead of a rejected promise", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const files = fakeFiles();
    files.open.mockRejectedValueOnce(new Error("boom\n    at somewhere (file.ts:1:1)"));
    registerSceneIpc(ipcMain, files, policy);
    expectError(await invoke(IPC.openScene, event()), /^internal error in scene:open: boom$/);
  });

  it("with the real file service, refuses to save over a file the user never chose", async () => {
    const dir = await tempDir();
    const victim = path.join(dir, "victim.json");
    await writeFile(victim, "precious");
    const dialog: DialogLike = {
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
      showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: "" })),
    };
    const { ipcMain, invoke } = fakeIpcMain();
    registerSceneIpc(ipcMain, createSceneFileService({ dialog }), policy);
    expectError(await invoke(IPC.saveScene, event(), { text: "pwned", path: victim }), /not chosen in a file dialog/);
    expect(await readFile(victim, "utf8")).toBe("precious");
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
  });
});

describe("menu:set", () => {
  const model = [{ label: "Edit", items: [{ id: "edit.undo", label: "Undo", accelerator: "CmdOrCtrl+Z" }] }];

  it("applies a valid menu from the editor page", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const applied: unknown[] = [];
    registerSceneIpc(ipcMain, fakeFiles(), policy, (m) => applied.push(m));
    expect(await invoke(IPC.setMenu, event(), model)).toEqual({ ok: true, value: null });
    expect(applied).toEqual([model]);
  });

  it("refuses a menu from another page, and malformed menus, without applying anything", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const applied: unknown[] = [];
    registerSceneIpc(ipcMain, fakeFiles(), policy, (m) => applied.push(m));
    expectError(await invoke(IPC.setMenu, event({ senderFrame: { url: "https://evil.example/", parent: null } }), model), /refused menu:set/);
    expectError(await invoke(IPC.setMenu, event(), [{ label: "Hack", items: [] }]), /invalid menu: 0\.label/);
    expectError(await invoke(IPC.setMenu, event(), [{ label: "Edit", items: [{ id: "x", label: "X" }] }]), /action id/);
    expectError(await invoke(IPC.setMenu, event(), [{ label: "Edit", items: [{ id: "edit.a", label: "A", accelerator: "Ctrl+<script>" }] }]), /accelerator/);
    expectError(await invoke(IPC.setMenu, event()), /expected one argument/);
    expect(applied).toEqual([]);
  });
});

describe("every channel", () => {
  /** The shell's registrations, as main.ts makes them, over fakes that record any call. */
  function registerAll() {
    const { ipcMain, handlers, invoke } = fakeIpcMain();
    const files: WatchedFileService & ReturnType<typeof fakeFiles> = { ...fakeFiles(), reload: vi.fn(async () => ({ ok: true, value: { path: "/x.json", name: "x.json", text: "{}" } }) as const), adopt: vi.fn(async () => {}) };
    const recovery: Recovery = { file: "/data/recovery/recovery.json", check: vi.fn(async () => ({ kind: "none" }) as const), update: vi.fn(), discard: vi.fn(async () => {}), flush: vi.fn(async () => {}) };
    const page = createEditorPage(() => true);
    const applied: unknown[] = [];
    const states: unknown[] = [];
    const restored = vi.fn(async () => null);
    const openDropped = vi.fn();
    const images = { read: vi.fn(async () => ({ ok: false, canceled: true }) as const), watch: vi.fn(async () => ({ ok: false, canceled: true }) as const), pick: vi.fn(async () => ({ ok: false, canceled: true }) as const), readPicked: vi.fn(async () => ({ ok: false, canceled: true }) as const) };
    const tiled = { read: vi.fn(async () => ({ ok: false, canceled: true }) as const), writeMap: vi.fn(async () => ({ ok: false, canceled: true }) as const) };
    const disposers = [
      registerSceneIpc(ipcMain, files, policy, (m) => applied.push(m)),
      registerDocumentIpc(ipcMain, policy, page, (s) => states.push(s), openDropped),
      registerRecoveryIpc(ipcMain, { recovery, files, restored }, policy),
      registerImageIpc(ipcMain, images, policy),
      registerTiledIpc(ipcMain, tiled, policy, (filePath) => files.importPath(filePath)),
    ];
    const untouched = () => {
      for (const fn of [files.open, files.opened, files.save, files.chooseTarget, files.exportFile, files.importFile, files.importPath, files.reload, files.adopt, recovery.update, recovery.discard, restored, openDropped, images.read, images.watch, images.pick, tiled.read, tiled.writeMap]) expect(fn).not.toHaveBeenCalled();
      expect(applied).toEqual([]);
      expect(states).toEqual([]);
      expect(page.documentState()).toBeUndefined();
    };
    return { handlers, invoke, disposers, untouched };
  }

  it("the scene, document, recovery, image and Tiled channels together are the contract's, each registered once (fakeIpcMain checks), and each removes its own", () => {
    const { handlers, disposers } = registerAll();
    expect([...SCENE_CHANNELS, ...DOCUMENT_CHANNELS, ...RECOVERY_CHANNELS, ...IMAGE_CHANNELS, ...TILED_CHANNELS].sort()).toEqual(Object.values(IPC).sort());
    expect([...handlers.keys()].sort()).toEqual(Object.values(IPC).sort());
    const [scene, document, recovery, image, tiledMap] = disposers;
    tiledMap!();
    expect([...handlers.keys()].sort()).toEqual([...SCENE_CHANNELS, ...DOCUMENT_CHANNELS, ...RECOVERY_CHANNELS, ...IMAGE_CHANNELS].sort());
    image!();
    expect([...handlers.keys()].sort()).toEqual([...SCENE_CHANNELS, ...DOCUMENT_CHANNELS, ...RECOVERY_CHANNELS].sort());
    document!();
    expect([...handlers.keys()].sort()).toEqual([...SCENE_CHANNELS, ...RECOVERY_CHANNELS].sort());
    recovery!();
    expect([...handlers.keys()].sort()).toEqual([...SCENE_CHANNELS].sort());
    scene!();
    expect(handlers.size).toBe(0);
  });

  /** A well-formed request for each channel, so only the sender check can refuse it. */
  const validArgs: Record<string, unknown[]> = {
    [IPC.openScene]: [],
    [IPC.sceneOpened]: ["/x.json"],
    [IPC.saveScene]: [{ text: "{}" }],
    [IPC.chooseSaveTarget]: [{ suggestedName: "a.json" }],
    [IPC.exportFile]: [{ text: "x", suggestedName: "a", type: { name: "T", extensions: ["tscn"] } }],
    [IPC.importFile]: [{ title: "Import", type: { name: "T", extensions: ["tmj"] } }],
    [IPC.setMenu]: [[{ label: "Edit", items: [{ id: "edit.undo", label: "Undo" }] }]],
    [IPC.documentState]: [{ dirty: false, name: "a.json" }],
    [IPC.saveDone]: [{ request: 1, outcome: "saved" }],
    [IPC.saveRecovery]: [{ text: "{}", name: "a.json" }],
    [IPC.discardRecovery]: [],
    [IPC.takeRecovered]: [],
    [IPC.reloadScene]: [{ path: "/x.json" }],
    [IPC.openDropped]: [path.resolve("/x.json")],
    [IPC.readImage]: [{ scenePath: "/x.json", src: "art/a.png" }],
    [IPC.watchImage]: [{ scenePath: "/x.json", src: "art/a.png" }],
    [IPC.pickImages]: [],
    [IPC.readTiledFile]: [{ scenePath: "/x.json", src: "maps/a.tmx" }],
    [IPC.writeTiledMap]: [{ scenePath: "/x.json", src: "maps/a.tmx", text: "<map/>" }],
    [IPC.importDropped]: [path.resolve("/maps/a.tmx")],
  };

  it.each(Object.values(IPC))("%s refuses a sender that is not the editor page, and does nothing", async (channel) => {
    const { invoke, untouched } = registerAll();
    expect(Object.keys(validArgs).sort()).toEqual(Object.values(IPC).sort());
    const args = validArgs[channel]!;
    const foreign = [
      event({ senderFrame: { url: "https://evil.example/", parent: null } }),
      event({ senderFrame: { url: indexUrl, parent: { url: indexUrl } } }),
      event({ sender: { id: 2 } }),
    ];
    for (const ev of foreign) expectError(await invoke(channel, ev, ...args), new RegExp(`^refused ${channel}: `));
    expectError(await invoke(channel, event(), ...args, "extra"), /^invalid /);
    untouched();
  });
});
