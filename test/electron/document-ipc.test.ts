import path from "node:path";
import { describe, expect, it } from "vitest";
import { IPC, IPC_EVENTS } from "../../core/shell/desktop-api";
import { appIndexUrl } from "../../electron/app-url";
import { createEditorPage, DOCUMENT_CHANNELS, registerDocumentIpc } from "../../electron/document-ipc";
import type { InvokeEventLike } from "../../electron/ipc";
import { expectError, fakeIpcMain } from "./helpers";

const indexUrl = appIndexUrl("/app/dist/renderer/index.html");
const editorContents = { id: 1 };
const policy = { indexUrl, editorContents: () => editorContents };
const fromEditor: InvokeEventLike = { sender: editorContents, senderFrame: { url: indexUrl, parent: null } };
const fromElsewhere: InvokeEventLike = { sender: editorContents, senderFrame: { url: "https://evil.example/", parent: null } };


describe("createEditorPage", () => {
  it("knows nothing until the page reports, then the last report", () => {
    const page = createEditorPage(() => true);
    expect(page.documentState()).toBeUndefined();
    page.report({ dirty: true, name: "a.json" });
    page.report({ dirty: false, name: "a.json", path: "/a.json" });
    expect(page.documentState()).toEqual({ dirty: false, name: "a.json", path: "/a.json" });
  });

  it("asks the page to save with a numbered request and resolves with the answer to that number", async () => {
    const sent: unknown[][] = [];
    const page = createEditorPage((...args) => { sent.push(args); return true; });
    const first = page.save();
    const second = page.save();
    expect(sent).toEqual([[IPC_EVENTS.saveRequest, 1], [IPC_EVENTS.saveRequest, 2]]);
    page.answer(2, "canceled");
    page.answer(99, "saved"); // no such request
    page.answer(1, "saved");
    expect(await first).toBe("saved");
    expect(await second).toBe("canceled");
  });

  it("a save with no page to ask, or whose page goes away, has failed", async () => {
    expect(await createEditorPage(() => false).save()).toBe("failed");
    const page = createEditorPage(() => true);
    page.report({ dirty: true, name: "a.json" });
    const saving = page.save();
    page.reset();
    expect(await saving).toBe("failed");
    expect(page.documentState()).toBeUndefined();
  });
});

describe("registerDocumentIpc", () => {
  it("records a valid report from the editor page and tells onState", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const page = createEditorPage(() => true);
    const seen: unknown[] = [];
    registerDocumentIpc(ipcMain, policy, page, (s) => seen.push(s));
    const state = { dirty: true, name: "level.json", path: "/levels/level.json" };
    expect(await invoke(IPC.documentState, fromEditor, state)).toEqual({ ok: true, value: null });
    expect(page.documentState()).toEqual(state);
    expect(seen).toEqual([state]);
  });

  it.each([
    ["no argument", []],
    ["dirty as a string", [{ dirty: "yes", name: "a.json" }]],
    ["an empty name", [{ dirty: true, name: "" }]],
    ["an extra key", [{ dirty: true, name: "a.json", text: "{}" }]],
    ["two arguments", [{ dirty: true, name: "a.json" }, {}]],
  ])("rejects a report with %s and keeps the last good one", async (_what, args) => {
    const { ipcMain, invoke } = fakeIpcMain();
    const page = createEditorPage(() => true);
    registerDocumentIpc(ipcMain, policy, page);
    await invoke(IPC.documentState, fromEditor, { dirty: true, name: "a.json" });
    expectError(await invoke(IPC.documentState, fromEditor, ...args), /^invalid document state/);
    expect(page.documentState()).toEqual({ dirty: true, name: "a.json" });
  });

  it("refuses reports and save answers from anything but the editor page", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const page = createEditorPage(() => true);
    registerDocumentIpc(ipcMain, policy, page);
    const saving = page.save();
    // A page pretending the document is clean, or that a save succeeded, must change nothing.
    expectError(await invoke(IPC.documentState, fromElsewhere, { dirty: false, name: "a.json" }), /^refused document:state/);
    expectError(await invoke(IPC.saveDone, fromElsewhere, { request: 1, outcome: "saved" }), /^refused document:saved/);
    expect(page.documentState()).toBeUndefined();
    expectError(await invoke(IPC.saveDone, fromEditor, { request: 1, outcome: "done" }), /^invalid save answer: outcome/);
    expectError(await invoke(IPC.saveDone, fromEditor, { request: 0, outcome: "saved" }), /^invalid save answer: request/);
    expect(await invoke(IPC.saveDone, fromEditor, { request: 1, outcome: "failed" })).toEqual({ ok: true, value: null });
    expect(await saving).toBe("failed");
  });

  it("opens a scene dropped on the page by its absolute path, and refuses anything else with a clear line", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const opened: string[] = [];
    registerDocumentIpc(ipcMain, policy, createEditorPage(() => true), () => {}, (p) => opened.push(p));
    const scene = path.resolve("/levels/level.JSON");
    expect(await invoke(IPC.openDropped, fromEditor, scene)).toEqual({ ok: true, value: null });
    expect(opened).toEqual([scene]);
    expectError(await invoke(IPC.openDropped, fromEditor, "levels/level.json"), /^invalid dropped file: expected an absolute path$/);
    expectError(await invoke(IPC.openDropped, fromEditor, path.resolve("/levels/map.tmx")), /^cannot open map\.tmx: only a scene \(\.json\) opens when dropped$/);
    expectError(await invoke(IPC.openDropped, fromEditor, 42), /^invalid dropped file: expected an absolute path$/);
    expectError(await invoke(IPC.openDropped, fromEditor, `${scene}\0.png`), /^invalid dropped file/);
    expectError(await invoke(IPC.openDropped, fromEditor, scene, scene), /^invalid dropped file: expected one argument, got 2$/);
    expectError(await invoke(IPC.openDropped, fromElsewhere, scene), /^refused scene:open-dropped/);
    expect(opened).toEqual([scene]);
  });

  it("registers its channels and removes them again (ipc.test.ts checks every channel together)", () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const dispose = registerDocumentIpc(ipcMain, policy, createEditorPage(() => true));
    expect([...handlers.keys()].sort()).toEqual([...DOCUMENT_CHANNELS].sort());
    expect([...DOCUMENT_CHANNELS].sort()).toEqual([IPC.documentState, IPC.saveDone, IPC.openDropped].sort());
    dispose();
    expect(handlers.size).toBe(0);
  });
});
