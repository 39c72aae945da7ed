// The page's side of the desktop shell's unsaved-changes prompt and of files the shell opens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyScene, serializeScene, type Shape } from "../../core";
import type { DesktopApi, DocumentState, OpenedFile, RecoveredDocument, SaveOutcome, SaveRequest, ShellResult } from "../../core/shell/desktop-api";
import { connectDesktopDocument } from "../../renderer/app/desktop-document";
import { openDroppedFile, receivePicked } from "../../renderer/app/document-commands";
import { restoreFromShell } from "../../renderer/app/desktop-recovery";
import { addShape, loadDocument } from "../../renderer/store/actions";
import { Editor } from "../../renderer/editor/editor";

let editor = new Editor();
beforeEach(() => {
  editor = new Editor();
});

const circle = (id: string): Shape => ({ id, type: "circle", x: 0, y: 0, rotation: 0, radius: 10 });

/** A shell that records reports and saves, and lets the test send its events. */
function fakeShell(saveAnswer: ShellResult<{ path: string; name: string }> = { ok: true, value: { path: "/levels/a.json", name: "a.json" } }) {
  const reports: DocumentState[] = [];
  const saves: SaveRequest[] = [];
  let saveListener: (() => Promise<SaveOutcome>) | undefined;
  let openListener: ((r: ShellResult<OpenedFile>) => void) | undefined;
  const api: DesktopApi = {
    platform: "linux",
    openScene: vi.fn(),
    sceneOpened: vi.fn(async () => ({ ok: true as const, value: null })),
    openDropped: vi.fn(),
    importDropped: vi.fn(),
    saveScene: async (request) => {
      saves.push(request);
      return saveAnswer;
    },
    chooseSaveTarget: async () => saveAnswer,
    writeTiledMap: vi.fn(),
    exportFile: vi.fn(),
    importFile: vi.fn(),
    setMenu: vi.fn(),
    onMenuCommand: () => () => {},
    reportDocumentState: async (state) => {
      reports.push(state);
      return { ok: true, value: null };
    },
    onSaveRequest: (save) => {
      saveListener = save;
      return () => { saveListener = undefined; };
    },
    onOpenFile: (listener) => {
      openListener = listener;
      return () => { openListener = undefined; };
    },
    saveRecovery: vi.fn(),
    discardRecovery: vi.fn(),
    takeRecovered: vi.fn(),
    reloadScene: vi.fn(),
    onFileChanged: () => () => {},
    onTiledMapChanged: () => () => {},
    onPictureChanged: () => () => {},
    readImage: vi.fn(),
    watchImage: vi.fn(),
    pickImages: vi.fn(),
    readTiledFile: vi.fn(),
    pathForFile: () => "",
  };
  vi.stubGlobal("window", { colliderStudio: api });
  return {
    api, reports, saves,
    requestSave: () => saveListener!(),
    sendOpened: (r: ShellResult<OpenedFile>) => openListener!(r),
    listening: () => saveListener !== undefined || openListener !== undefined,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("connectDesktopDocument", () => {
  it("reports the document at once, then only when dirty, name or path change", () => {
    loadDocument(editor, emptyScene(), { name: "untitled.json" });
    const shell = fakeShell();
    const disconnect = connectDesktopDocument(editor, shell.api);
    expect(shell.reports).toEqual([{ dirty: false, name: "untitled.json" }]);
    addShape(editor, circle("a"));
    addShape(editor, circle("b")); // still dirty: no new report
    editor.update({ view: { x: 5, y: 5, scale: 2 } }); // not the document
    expect(shell.reports).toEqual([{ dirty: false, name: "untitled.json" }, { dirty: true, name: "untitled.json" }]);
    disconnect();
    expect(shell.listening()).toBe(false);
    addShape(editor, circle("c"));
    expect(shell.reports).toHaveLength(2);
  });

  it("saves when the shell asks, answering saved, and reports the clean document with its path", async () => {
    loadDocument(editor, emptyScene(), { name: "a.json" });
    const shell = fakeShell();
    const disconnect = connectDesktopDocument(editor, shell.api);
    addShape(editor, circle("a"));
    expect(await shell.requestSave()).toBe("saved");
    expect(shell.saves).toHaveLength(1);
    expect(JSON.parse(shell.saves[0]!.text).shapes).toHaveLength(1);
    expect(shell.reports.at(-1)).toEqual({ dirty: false, name: "a.json", path: "/levels/a.json" });
    disconnect();
  });

  it.each([
    ["canceled", { ok: false, canceled: true } as const],
    ["failed", { ok: false, canceled: false, error: "cannot save /x.json: the disk is full" } as const],
  ])("answers %s when the save does not happen, and the document stays dirty", async (outcome, answer) => {
    loadDocument(editor, emptyScene(), { name: "a.json" });
    const shell = fakeShell(answer);
    const disconnect = connectDesktopDocument(editor, shell.api);
    addShape(editor, circle("a"));
    expect(await shell.requestSave()).toBe(outcome);
    expect(shell.reports.at(-1)).toEqual({ dirty: true, name: "a.json" });
    if (outcome === "failed") expect(editor.getState().notice).toBe("cannot save /x.json: the disk is full");
    disconnect();
  });

  it("loads a scene the shell opened, and shows an error the shell sends", () => {
    loadDocument(editor, emptyScene(), { name: "untitled.json" });
    const shell = fakeShell();
    const disconnect = connectDesktopDocument(editor, shell.api);
    const scene = { ...emptyScene(), shapes: [circle("r")] };
    shell.sendOpened({ ok: true, value: { path: "/levels/recent.json", name: "recent.json", text: serializeScene(scene) } });
    expect(editor.getState().file).toEqual({ name: "recent.json", path: "/levels/recent.json" });
    expect(editor.getState().shapes.map((s) => s.id)).toEqual(["r"]);
    expect(shell.reports.at(-1)).toEqual({ dirty: false, name: "recent.json", path: "/levels/recent.json" });
    shell.sendOpened({ ok: false, canceled: false, error: "cannot open /levels/gone.json: no such file or folder" });
    expect(editor.getState().notice).toBe("cannot open /levels/gone.json: no such file or folder");
    expect(editor.getState().file.name).toBe("recent.json");
    disconnect();
  });

  // Regression: the shell added a scene from Open Recent, a drop or the OS to Open Recent and
  // watched it as soon as it read it, even when the page then could not open it.
  it("tells the shell a scene it sent opened (Open Recent, the watch) only once it loaded: not for one with problems, nor an error", async () => {
    loadDocument(editor, emptyScene(), { name: "untitled.json" });
    const shell = fakeShell();
    const disconnect = connectDesktopDocument(editor, shell.api);
    shell.sendOpened({ ok: true, value: { path: "/levels/broken.json", name: "broken.json", text: '{"format": "collider-studio-scene", "version": 1, "shapes": [{"id": "a"}]}' } });
    shell.sendOpened({ ok: false, canceled: false, error: "cannot open /levels/gone.json: no such file or folder" });
    await Promise.resolve();
    expect(shell.api.sceneOpened).not.toHaveBeenCalled();
    expect(editor.getState().file.name).toBe("untitled.json");
    shell.sendOpened({ ok: true, value: { path: "/levels/good.json", name: "good.json", text: serializeScene({ ...emptyScene(), shapes: [circle("g")] }) } });
    await vi.waitFor(() => expect(shell.api.sceneOpened).toHaveBeenCalledExactlyOnceWith("/levels/good.json"));
    disconnect();
  });

  it("with a document being restored, reports first once it is in place (so the shell holds its files until then)", async () => {
    loadDocument(editor, emptyScene(), { name: "untitled.json" });
    const shell = fakeShell();
    const recovered: RecoveredDocument = { name: "level.json", path: "/levels/level.json", savedAt: "2026-11-22T21:00:00.000Z", text: serializeScene({ ...emptyScene(), shapes: [circle("kept")] }) };
    let answer: (r: ShellResult<RecoveredDocument | null>) => void = () => {};
    shell.api.takeRecovered = () => new Promise((resolve) => { answer = resolve; });
    const restored = restoreFromShell(editor, shell.api);
    // A remounted effect asks for the same restoration, not a second one.
    expect(restoreFromShell(editor, shell.api)).toBe(restored);
    const disconnect = connectDesktopDocument(editor, shell.api, restored);
    expect(shell.reports).toEqual([]);
    answer({ ok: true, value: recovered });
    await restored;
    await Promise.resolve();
    expect(shell.reports).toEqual([{ dirty: true, name: "level.json", path: "/levels/level.json" }]);
    addShape(editor, circle("more"));
    disconnect();
    const late = connectDesktopDocument(editor, shell.api, Promise.reject(new Error("no shell")));
    await Promise.resolve();
    await Promise.resolve();
    expect(shell.reports).toHaveLength(2);
    late();
  });
});

describe("a file dropped on the desktop app's canvas", () => {
  const dropped = (name: string) => new File(["{}"], name);

  it("opens a scene and imports a map through the shell by its path; leaves other files alone", async () => {
    const shell = fakeShell();
    shell.api.pathForFile = (file) => `/levels/${(file as File).name}`;
    const openDropped = vi.fn(async () => ({ ok: true as const, value: null }));
    shell.api.openDropped = openDropped;
    const MAP = JSON.stringify({ type: "map", orientation: "orthogonal", width: 2, height: 2, tilewidth: 16, tileheight: 16, layers: [{ type: "objectgroup", name: "Walls", objects: [{ id: 1, name: "wall", x: 0, y: 0, width: 16, height: 16 }] }] });
    const importDropped = vi.fn(async (filePath: string) => ({ ok: true as const, value: { path: filePath, name: "castle.tmj", text: MAP } }));
    shell.api.importDropped = importDropped;
    expect(await openDroppedFile(editor, dropped("level.json"))).toBe(true);
    expect(openDropped.mock.calls).toEqual([["/levels/level.json"]]);
    // A map is read by the shell (which then lets the page read its tilesets) and imported.
    expect(await openDroppedFile(editor, dropped("castle.tmj"))).toBe(true);
    expect(importDropped.mock.calls).toEqual([["/levels/castle.tmj"]]);
    expect(editor.getState().shapes.map((s) => [s.type, s.name])).toEqual([["box", "wall"]]);
    expect(editor.getState().file.name).toBe("castle.json");
    expect(editor.getState().notice).toMatch(/^Imported 1 shape from castle\.tmj/);
    // The imported map is unsaved: another drop asks first, and a No leaves it.
    const confirm = vi.fn(() => false);
    vi.stubGlobal("window", { colliderStudio: shell.api, confirm });
    expect(await openDroppedFile(editor, dropped("castle.tmx"))).toBe(true);
    expect(confirm.mock.calls).toEqual([["Discard unsaved changes and import a Tiled map?"]]);
    expect(importDropped).toHaveBeenCalledTimes(1);
    confirm.mockReturnValue(true);
    // The shell's refusal is shown as it says it.
    shell.api.importDropped = async () => ({ ok: false, canceled: false, error: "cannot open /levels/castle.tmx: no such file" });
    expect(await openDroppedFile(editor, dropped("castle.tmx"))).toBe(true);
    expect(editor.getState().notice).toBe("cannot open /levels/castle.tmx: no such file");
    expect(await openDroppedFile(editor, dropped("art.png"))).toBe(false);
    expect(openDropped).toHaveBeenCalledTimes(1);
    // A shell that could not open it says why.
    shell.api.openDropped = async () => ({ ok: false, canceled: false, error: "cannot read /levels/gone.json: no such file" });
    await openDroppedFile(editor, dropped("gone.json"));
    expect(editor.getState().notice).toBe("cannot read /levels/gone.json: no such file");
  });
});

describe("File → Open… in the desktop app", () => {
  const picked = (name: string, text: string) => ({ kind: "done" as const, value: { name, path: `/levels/${name}`, kind: "scene" as const, text: async () => text, bytes: async () => new Uint8Array() } });

  it("tells the shell a scene opened (for Open Recent and the watch) only once it did: not after No to the unsaved-changes question, nor for a scene with problems", async () => {
    const shell = fakeShell();
    const confirm = vi.fn(() => false);
    vi.stubGlobal("window", { colliderStudio: shell.api, confirm });
    loadDocument(editor, emptyScene(), { name: "untitled.json" });
    addShape(editor, circle("unsaved"));
    const next = serializeScene({ ...emptyScene(), shapes: [circle("next")] });
    await receivePicked(editor, picked("next.json", next));
    expect(confirm.mock.calls).toEqual([["Discard unsaved changes and open another scene?"]]);
    expect(editor.getState().shapes.map((s) => s.id)).toEqual(["unsaved"]);
    expect(shell.api.sceneOpened).not.toHaveBeenCalled();
    // Problems: shown without the question, the document kept, nothing opened.
    await receivePicked(editor, picked("broken.json", "{"));
    expect(editor.getState().notice).toMatch(/^Could not open broken\.json/);
    expect(shell.api.sceneOpened).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await receivePicked(editor, picked("next.json", next));
    expect(editor.getState().file).toEqual({ name: "next.json", path: "/levels/next.json" });
    expect(vi.mocked(shell.api.sceneOpened).mock.calls).toEqual([["/levels/next.json"]]);
  });
});
