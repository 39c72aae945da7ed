import { describe, expect, it, vi } from "vitest";
import { IPC, IPC_EVENTS } from "../../core/shell/desktop-api";
import { createDesktopApi } from "../../electron/desktop-api-client";

describe("createDesktopApi (what the preload exposes)", () => {
  it("exposes only the DesktopApi members, no IPC object", () => {
    const api = createDesktopApi(vi.fn(), "linux", vi.fn());
    expect(Object.keys(api).sort()).toEqual(["chooseSaveTarget", "discardRecovery", "exportFile", "importDropped", "importFile", "onFileChanged", "onMenuCommand", "onOpenFile", "onPictureChanged", "onSaveRequest", "onTiledMapChanged", "openDropped", "openScene", "pathForFile", "pickImages", "platform", "readImage", "readTiledFile", "reloadScene", "reportDocumentState", "saveRecovery", "saveScene", "sceneOpened", "setMenu", "takeRecovered", "watchImage", "writeTiledMap"]);
    expect(api.platform).toBe("linux");
    for (const value of Object.values(api)) expect(typeof value === "function" || typeof value === "string").toBe(true);
  });

  it("invokes the contract's channels with exactly the given request", async () => {
    const invoke = vi.fn(async () => ({ ok: false, canceled: true }));
    const api = createDesktopApi(invoke, "win32", vi.fn(), () => "", (p) => p === "/levels/level.json");
    expect(await api.openScene()).toEqual({ ok: false, canceled: true });
    await api.sceneOpened("/levels/level.json");
    const request = { text: "{}", suggestedName: "a" };
    await api.saveScene(request);
    const menu = [{ label: "File" as const, items: [{ id: "file.new", label: "New", accelerator: "CmdOrCtrl+N" }] }];
    await api.setMenu(menu);
    const exportRequest = { text: "x", suggestedName: "a", type: { name: "Tiled map", extensions: ["tmj"] } };
    await api.exportFile(exportRequest);
    const importRequest = { title: "Import", type: { name: "Tiled map", extensions: ["tmj"] } };
    await api.importFile(importRequest);
    await api.openDropped("/levels/level.json");
    expect(invoke.mock.calls).toEqual([[IPC.openScene], [IPC.sceneOpened, "/levels/level.json"], [IPC.saveScene, request], [IPC.setMenu, menu], [IPC.exportFile, exportRequest], [IPC.importFile, importRequest], [IPC.openDropped, "/levels/level.json"]]);
  });

  it("passes menu commands to the page's listener as strings only, and unsubscribes", () => {
    let sent: ((...args: unknown[]) => void) | null = null;
    const unsubscribe = vi.fn();
    const subscribe = vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      expect(channel).toBe(IPC_EVENTS.menuCommand);
      sent = listener;
      return unsubscribe;
    });
    const api = createDesktopApi(vi.fn(), "linux", subscribe);
    const got: string[] = [];
    const off = api.onMenuCommand((id) => got.push(id));
    sent!("edit.undo");
    sent!({ evil: true });
    sent!(42);
    expect(got).toEqual(["edit.undo"]);
    off();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  /** A subscribe that records each channel's listener, so the test can play the main process. */
  function channels() {
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const subscribe = (channel: string, listener: (...args: unknown[]) => void) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    };
    return { subscribe, emit: (channel: string, ...args: unknown[]) => listeners.get(channel)!(...args), listeners };
  }

  it("reports the document state on its channel", async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: null }));
    const api = createDesktopApi(invoke, "linux", vi.fn());
    await api.reportDocumentState({ dirty: true, name: "a.json", path: "/a.json" });
    expect(invoke.mock.calls).toEqual([[IPC.documentState, { dirty: true, name: "a.json", path: "/a.json" }]]);
  });

  it("runs the page's save on a save request and answers with the request number and outcome", async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: null }));
    const { subscribe, emit } = channels();
    const api = createDesktopApi(invoke, "linux", subscribe);
    const outcomes = ["saved", "canceled"] as const;
    let call = 0;
    const save = vi.fn(async () => outcomes[call++]!);
    api.onSaveRequest(save);
    emit(IPC_EVENTS.saveRequest, 7);
    emit(IPC_EVENTS.saveRequest, 8);
    emit(IPC_EVENTS.saveRequest, "9"); // not a request number: ignored
    await new Promise((r) => setTimeout(r, 0));
    expect(save).toHaveBeenCalledTimes(2);
    expect(invoke.mock.calls).toEqual([[IPC.saveDone, { request: 7, outcome: "saved" }], [IPC.saveDone, { request: 8, outcome: "canceled" }]]);
  });

  it("answers a save that throws as failed, so a close never waits forever", async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: null }));
    const { subscribe, emit } = channels();
    createDesktopApi(invoke, "linux", subscribe).onSaveRequest(() => Promise.reject(new Error("bug")));
    emit(IPC_EVENTS.saveRequest, 3);
    await new Promise((r) => setTimeout(r, 0));
    expect(invoke.mock.calls).toEqual([[IPC.saveDone, { request: 3, outcome: "failed" }]]);
  });

  it("passes opened files and open errors to the page, and nothing malformed", () => {
    const { subscribe, emit, listeners } = channels();
    const api = createDesktopApi(vi.fn(), "linux", subscribe);
    const got: unknown[] = [];
    const off = api.onOpenFile((r) => got.push(r));
    const opened = { ok: true, value: { path: "/a.json", name: "a.json", text: "{}" } };
    const error = { ok: false, canceled: false, error: "cannot open /b.json: no such file or folder" };
    emit(IPC_EVENTS.openFile, opened);
    emit(IPC_EVENTS.openFile, error);
    emit(IPC_EVENTS.openFile, { ok: true, value: { path: "/a.json", name: "a.json" } });
    emit(IPC_EVENTS.openFile, { ok: false, canceled: false });
    emit(IPC_EVENTS.openFile, "text");
    emit(IPC_EVENTS.openFile, null);
    expect(got).toEqual([opened, error]);
    off();
    expect(listeners.has(IPC_EVENTS.openFile)).toBe(false);
  });

  it("invokes the recovery and reload channels with exactly the given request", async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: null }));
    const api = createDesktopApi(invoke, "linux", vi.fn());
    const recovery = { text: "{}", name: "a.json", path: "/a.json" };
    await api.saveRecovery(recovery);
    await api.discardRecovery();
    await api.takeRecovered();
    await api.reloadScene({ path: "/a.json" });
    expect(invoke.mock.calls).toEqual([[IPC.saveRecovery, recovery], [IPC.discardRecovery], [IPC.takeRecovered], [IPC.reloadScene, { path: "/a.json" }]]);
  });

  it("passes file changes to the page's listener as { path, name } only", () => {
    let sent: ((...args: unknown[]) => void) | null = null;
    const subscribe = vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      expect(channel).toBe(IPC_EVENTS.fileChanged);
      sent = listener;
      return () => {};
    });
    const api = createDesktopApi(vi.fn(), "linux", subscribe);
    const got: unknown[] = [];
    api.onFileChanged((change) => got.push(change));
    sent!({ path: "/a.json", name: "a.json", extra: "dropped" });
    sent!({ path: 1, name: "a.json" });
    sent!("/a.json");
    expect(got).toEqual([{ path: "/a.json", name: "a.json" }]);
  });

  it("tells the page's listener that the Tiled map changed, passing nothing of what arrives", () => {
    let sent: ((...args: unknown[]) => void) | null = null;
    const subscribe = vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      expect(channel).toBe(IPC_EVENTS.tiledMapChanged);
      sent = listener;
      return () => {};
    });
    const api = createDesktopApi(vi.fn(), "linux", subscribe);
    const got: unknown[][] = [];
    api.onTiledMapChanged((...args: unknown[]) => got.push(args));
    sent!({ sneaky: true });
    expect(got).toEqual([[]]);
  });

  it("passes a changed picture to the page's listener as { scenePath, src } only", () => {
    let sent: ((...args: unknown[]) => void) | null = null;
    const subscribe = vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      expect(channel).toBe(IPC_EVENTS.pictureChanged);
      sent = listener;
      return () => {};
    });
    const api = createDesktopApi(vi.fn(), "linux", subscribe);
    const got: unknown[] = [];
    api.onPictureChanged((change) => got.push(change));
    sent!({ scenePath: "/levels/a.json", src: "art/level.png", extra: "dropped" });
    sent!({ scenePath: "/levels/a.json", src: 3 });
    sent!("art/level.png");
    expect(got).toEqual([{ scenePath: "/levels/a.json", src: "art/level.png" }]);
  });

  it("invokes image:read with exactly the request, and gives a file's path or \"\", never an exception", async () => {
    const invoke = vi.fn(async () => ({ ok: false, canceled: false, error: "image not found: a.png" }));
    const pathForFile = vi.fn((file: object) => {
      if (!("name" in file)) throw new TypeError("not a File");
      return "/art/a.png";
    });
    const api = createDesktopApi(invoke, "linux", vi.fn(), pathForFile);
    const request = { scenePath: "/level.json", src: "a.png" };
    expect(await api.readImage(request)).toMatchObject({ ok: false });
    await api.pickImages();
    expect(invoke.mock.calls).toEqual([[IPC.readImage, request], [IPC.pickImages]]);
    expect(api.pathForFile({ name: "a.png" })).toBe("/art/a.png");
    expect(api.pathForFile({})).toBe("");
    expect(createDesktopApi(invoke, "linux", vi.fn()).pathForFile({ name: "a.png" })).toBe("");
  });
});
