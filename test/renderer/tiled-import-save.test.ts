// Issue 25 (backdrop): the page's side of importing a Tiled map and saving the scene. The imported
// document remembers its map (tiledMap.src) and reads beside it until saved; a map imported as a
// single file in a browser says its tiles cannot be shown; its first save asks where starting beside
// the map, and writes the map's path (and its images') from the folder chosen.
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseScene } from "../../core";
import type { DesktopApi, SaveRequest } from "../../core/shell/desktop-api";
import { receiveImported, saveDocument, isDirty } from "../../renderer/app/document-commands";
import { Editor } from "../../renderer/editor/editor";
import { tiledMapOf } from "../../renderer/tiled-map/backdrop";

const MAP = JSON.stringify({ type: "map", orientation: "orthogonal", width: 2, height: 2, tilewidth: 16, tileheight: 16, layers: [{ type: "objectgroup", name: "Walls", objects: [{ id: 1, x: 0, y: 0, width: 16, height: 16 }] }] });

/** MAP with a tile layer drawn from a tileset picture beside it. */
const TILE_MAP = JSON.stringify({
  ...(JSON.parse(MAP) as object),
  tilesets: [{ firstgid: 1, name: "t", tilewidth: 16, tileheight: 16, tilecount: 1, columns: 1, image: "t.png", imagewidth: 16, imageheight: 16 }],
  layers: [{ type: "tilelayer", name: "Ground", width: 2, height: 2, data: [1, 1, 0, 0] }, ...(JSON.parse(MAP) as { layers: object[] }).layers],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A desktop shell whose Save dialog answers `path`, recording where it was asked to start and what was written. */
function shell(path: string): { saves: SaveRequest[]; asked: (string | undefined)[] } {
  const saves: SaveRequest[] = [];
  const asked: (string | undefined)[] = [];
  const api: Partial<DesktopApi> = {
    chooseSaveTarget: async (request) => {
      asked.push(request.path);
      return { ok: true, value: { path, name: path.split("/").pop()! } };
    },
    saveScene: async (request) => {
      saves.push(request);
      return { ok: true, value: { path: request.path!, name: request.path!.split("/").pop()! } };
    },
    readImage: async () => ({ ok: false, canceled: false, error: "not read here" }),
  };
  vi.stubGlobal("window", { colliderStudio: api });
  return { saves, asked };
}

describe("importing a Tiled map", () => {
  it("remembers the map by its file name and reads beside it until the document is saved", async () => {
    shell("/x.json");
    const editor = new Editor();
    await receiveImported(editor, { kind: "done", value: { name: "level 1.tmj", path: "/game/maps/level 1.tmj", text: MAP } });
    const s = editor.getState();
    expect(tiledMapOf(s.extras)).toEqual({ src: "level 1.tmj" });
    expect(s.file).toEqual({ name: "level 1.json", importedFrom: "/game/maps/level 1.tmj" });
    // Colliders drawn over the tiles snap to them: the grid takes the map's 16-unit tiles.
    expect(s.notice).toBe("Imported 1 shape from level 1.tmj; grid 16 (the map's tiles)");
    expect(s.gridSize).toBe(16);
  });

  it("in a browser, a map picked as a single file says its tiles are not shown, and how to show them; a map with no tiles says nothing of them", async () => {
    vi.stubGlobal("window", { showOpenFilePicker: () => {}, showSaveFilePicker: () => {}, showDirectoryPicker: () => {} });
    const editor = new Editor();
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", text: MAP } });
    // Save to Map needs the map's folder even when nothing is drawn: the import says so.
    expect(editor.getState().notice).toBe("Imported 1 shape from level.tmj; grid 16 (the map's tiles); Save to Map will ask for its folder");
    expect(editor.getState().problems).toBeNull();
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", text: TILE_MAP } });
    // The status line in short; why, whole, in the problems list, which stays until dismissed.
    expect(editor.getState().notice).toMatch(/^Imported 1 shape from level.tmj; its tiles are not shown \(see the list\)/);
    expect(editor.getState().problems).toEqual({ kind: "import", file: "level.tmj", heading: "Imported 1 shape from level.tmj; its tiles are not shown", list: [{ path: "", message: expect.stringMatching(/^its tiles are not shown: .*File → Import Tiled Map in Folder…/) }] });
    vi.stubGlobal("window", {});
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", text: TILE_MAP } });
    expect(editor.getState().problems?.list[0]?.message).toMatch(/this browser cannot read the files beside a map/);
  });
});

describe("importing a TMX map with its tileset and templates", () => {
  const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="3">
 <tileset firstgid="1" source="../tiles/ground.tsx"/>
 <layer id="1" name="Ground" width="2" height="2"><data encoding="csv">1,1,0,0</data></layer>
 <objectgroup id="2" name="Walls">
  <object id="1" name="wall" type="Solid" x="0" y="0" width="16" height="8"/>
  <object id="2" template="door.tx" x="20" y="4"/>
 </objectgroup>
</map>`;
  const TSX = '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="ground" tilewidth="16" tileheight="16" tilecount="1" columns="1">\n <image source="ground.png" width="16" height="16"/>\n</tileset>\n';
  const TX = '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object name="door" type="Door" width="6" height="12"/>\n</template>\n';

  it("reads the files beside the map through the page's reader: template objects come in with their class", async () => {
    const files: Record<string, string> = { "../tiles/ground.tsx": TSX, "door.tx": TX };
    const asked: [string, string | undefined][] = [];
    const editor = new Editor({
      tiledReader: async (path, scenePath) => {
        asked.push([path, scenePath]);
        return path in files ? { ok: true, text: files[path]! } : { ok: false, message: `file not found: ${path}` };
      },
    });
    await receiveImported(editor, { kind: "done", value: { name: "level.tmx", path: "/game/maps/level.tmx", text: TMX } });
    const shapes = editor.getState().shapes;
    expect(shapes.map((sh) => [sh.name, sh.class, sh.x, sh.y])).toEqual([["wall", "Solid", 8, 4], ["door", "Door", 23, 10]]);
    expect(asked).toEqual([["../tiles/ground.tsx", "/game/maps/level.tmx"], ["door.tx", "/game/maps/level.tmx"]]);
    expect(editor.getState().file.name).toBe("level.json");
    expect(editor.getState().notice).toBe("Imported 2 shapes from level.tmx; grid 16 (the map's tiles)");
  });

  it("where the files beside it cannot be read, imports the map's own objects and says what was not read", async () => {
    const editor = new Editor({ tiledReader: async (path) => ({ ok: false, message: `file not found: ${path}` }) });
    await receiveImported(editor, { kind: "done", value: { name: "level.tmx", path: "/game/maps/level.tmx", text: TMX } });
    expect(editor.getState().shapes.map((sh) => sh.name)).toEqual(["wall"]);
    expect(editor.getState().notice).toMatch(/^Imported 1 shape from level.tmx; its tilesets and templates were not read \(see the list\)/);
    expect(editor.getState().problems?.list[0]?.message).toMatch(/^its tilesets and templates were not read \(cannot read the tileset "..\/tiles\/ground.tsx": file not found: ..\/tiles\/ground.tsx\)/);
  });

  it("a malformed TMX shows its problems with line and column, and keeps the open document", async () => {
    const editor = new Editor();
    await receiveImported(editor, { kind: "done", value: { name: "bad.tmx", text: "<map>\n<layer></map>" } });
    const problems = editor.getState().problems;
    expect(problems?.file).toBe("bad.tmx");
    expect(problems?.list[0]?.line).toBe(2);
    expect(editor.getState().notice).toMatch(/^Could not import bad.tmx: 1 problem/);
  });
});

describe("saving an imported scene (desktop)", () => {
  const IMAGE_MAP = JSON.stringify({ ...JSON.parse(MAP), layers: [...JSON.parse(MAP).layers, { type: "imagelayer", name: "sky", image: "art/sky.png" }] });

  it("beside the map: the Save dialog starts there, the paths stay, the document is saved", async () => {
    const { saves, asked } = shell("/game/maps/level.json");
    const editor = new Editor();
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "/game/maps/level.tmj", text: IMAGE_MAP } });
    expect(await saveDocument(editor)).toBe("saved");
    expect(asked).toEqual(["/game/maps/level.tmj"]);
    const written = JSON.parse(saves[0]!.text);
    expect(parseScene(saves[0]!.text).ok).toBe(true);
    expect([written.tiledMap.src, written.images[0].src]).toEqual(["level.tmj", "art/sky.png"]);
    expect(isDirty(editor)).toBe(false);
    expect(editor.getState().file).toEqual({ name: "level.json", path: "/game/maps/level.json" });
  });

  it("in another folder: the map's path and the images' are written from there, once", async () => {
    const { saves } = shell("/game/levels/one/level.json");
    const editor = new Editor();
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "/game/maps/level.tmj", text: IMAGE_MAP } });
    editor.update({ extras: { ...editor.getState().extras, tiledMap: { src: "level.tmj", note: "kept" } } });
    expect(await saveDocument(editor)).toBe("saved");
    const written = JSON.parse(saves[0]!.text);
    expect([written.tiledMap, written.images[0].src]).toEqual([{ src: "../../maps/level.tmj", note: "kept" }, "../../maps/art/sky.png"]);
    expect(editor.getState().extras.tiledMap).toEqual({ src: "../../maps/level.tmj", note: "kept" });
    expect(editor.getState().notice).toBe("Saved level.json · its Tiled map is ../../maps/level.tmj from there");
    expect(isDirty(editor)).toBe(false);
    // Saved again in place: nothing moves.
    expect(await saveDocument(editor)).toBe("saved");
    expect(JSON.parse(saves[1]!.text).tiledMap).toEqual({ src: "../../maps/level.tmj", note: "kept" });
  });

  it("on another drive: says no path reaches the map, and keeps the path", async () => {
    const { saves } = shell("D:/level.json");
    const editor = new Editor();
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "C:/game/level.tmj", text: MAP } });
    await saveDocument(editor);
    expect(editor.getState().notice).toBe("Saved level.json; 1 path not moved (see the list)");
    expect(editor.getState().problems).toEqual({ kind: "save", file: "level.json", heading: "Saved level.json: what did not move with it", list: [{ path: "", message: "no path from the new folder reaches its Tiled map level.tmj (kept as it was: not shown)" }] });
    expect(JSON.parse(saves[0]!.text).tiledMap).toMatchObject({ src: "level.tmj" });
    expect(Array.isArray(JSON.parse(saves[0]!.text).tiledMap.base)).toBe(true);
    expect(editor.getState().extras.tiledMap).toMatchObject({ src: "level.tmj" });
  });
});
