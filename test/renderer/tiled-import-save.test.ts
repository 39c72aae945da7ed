// Issue 25 (backdrop): the page's side of importing a Tiled map and saving the scene. The imported
// document remembers its map (tiledMap.src) and reads beside it until saved; a map imported as a
// single file in a browser says its tiles cannot be shown; a first save in another folder than the
// map's rewrites the path and leaves the document unsaved until saved again; one beside it does not.
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseScene } from "../../core";
import type { DesktopApi, SaveRequest } from "../../core/shell/desktop-api";
import { receiveImported, saveDocument, isDirty } from "../../renderer/app/document-commands";
import { Editor } from "../../renderer/editor/editor";
import { tiledMapOf } from "../../renderer/tiled-map/backdrop";

const MAP = JSON.stringify({ type: "map", orientation: "orthogonal", width: 2, height: 2, tilewidth: 16, tileheight: 16, layers: [{ type: "objectgroup", name: "Walls", objects: [{ id: 1, x: 0, y: 0, width: 16, height: 16 }] }] });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A desktop shell whose Save dialog answers `path`, recording what was written. */
function shell(path: string): { saves: SaveRequest[] } {
  const saves: SaveRequest[] = [];
  const api = {
    saveScene: async (request: SaveRequest) => {
      saves.push(request);
      return { ok: true as const, value: { path: request.path ?? path, name: (request.path ?? path).split("/").pop()! } };
    },
  } as unknown as DesktopApi;
  vi.stubGlobal("window", { colliderStudio: api });
  return { saves };
}

describe("importing a Tiled map", () => {
  it("remembers the map by its file name and reads beside it until the document is saved", () => {
    shell("/x.json");
    const editor = new Editor();
    receiveImported(editor, { kind: "done", value: { name: "level 1.tmj", path: "/game/maps/level 1.tmj", text: MAP } });
    const s = editor.getState();
    expect(tiledMapOf(s.extras)).toEqual({ src: "level 1.tmj" });
    expect(s.file).toEqual({ name: "level 1.json", importedFrom: "/game/maps/level 1.tmj" });
    expect(s.notice).toBe("Imported 1 shape from level 1.tmj");
  });

  it("in a browser, a map picked as a single file says its tiles are not shown, and how to show them", () => {
    vi.stubGlobal("window", { showOpenFilePicker: () => {}, showSaveFilePicker: () => {}, showDirectoryPicker: () => {} });
    const editor = new Editor();
    receiveImported(editor, { kind: "done", value: { name: "level.tmj", text: MAP } });
    expect(editor.getState().notice).toMatch(/its tiles are not shown: .*File → Import Tiled Map in Folder…/);
    vi.stubGlobal("window", {});
    receiveImported(editor, { kind: "done", value: { name: "level.tmj", text: MAP } });
    expect(editor.getState().notice).toMatch(/this browser cannot read the files beside a map/);
  });
});

describe("saving an imported scene (desktop)", () => {
  it("beside the map: the path stays, the document is saved", async () => {
    const { saves } = shell("/game/maps/level.json");
    const editor = new Editor();
    receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "/game/maps/level.tmj", text: MAP } });
    expect(await saveDocument(editor)).toBe("saved");
    expect(parseScene(saves[0]!.text).ok && JSON.parse(saves[0]!.text).tiledMap).toEqual({ src: "level.tmj" });
    expect(isDirty(editor)).toBe(false);
    expect(editor.getState().file).toEqual({ name: "level.json", path: "/game/maps/level.json" });
  });

  it("in another folder: the path is rewritten to lead to the same map, and the next Save writes it", async () => {
    const { saves } = shell("/game/levels/one/level.json");
    const editor = new Editor();
    receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "/game/maps/level.tmj", text: MAP } });
    expect(await saveDocument(editor)).toBe("saved");
    expect(JSON.parse(saves[0]!.text).tiledMap).toEqual({ src: "level.tmj" });
    expect(tiledMapOf(editor.getState().extras)).toEqual({ src: "../../maps/level.tmj" });
    expect(editor.getState().notice).toBe("Saved level.json; its Tiled map is ../../maps/level.tmj from its folder: Save again to write that");
    expect(isDirty(editor)).toBe(true);
    expect(await saveDocument(editor)).toBe("saved");
    expect(saves[1]!.path).toBe("/game/levels/one/level.json");
    expect(JSON.parse(saves[1]!.text).tiledMap).toEqual({ src: "../../maps/level.tmj" });
    expect(isDirty(editor)).toBe(false);
  });

  it("on another drive: says the backdrop cannot be reached, and leaves the path", async () => {
    shell("D:/level.json");
    const editor = new Editor();
    receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "C:/game/level.tmj", text: MAP } });
    await saveDocument(editor);
    expect(editor.getState().notice).toMatch(/its Tiled map level\.tmj cannot be reached from there by a relative path/);
    expect(tiledMapOf(editor.getState().extras)).toEqual({ src: "level.tmj" });
  });
});
