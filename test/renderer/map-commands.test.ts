// Save to Map and Bake Tile Colliders from the editor (issue 25): the scene's colliders written
// back into the TMX it came from through the desktop shell, the rest of the map as it was; the
// map's tile collision shapes baked into a new layer, one undo step.
import { deflateSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseTmx } from "../../core";
import type { DesktopApi, WriteTiledMapRequest } from "../../core/shell/desktop-api";
import { isDirty, openDroppedFile, receiveImported } from "../../renderer/app/document-commands";
import { bakeMapTiles, reloadChangedMap, reloadTiledMap, saveToMap } from "../../renderer/app/map-commands";
import { Editor } from "../../renderer/editor/editor";
import { addShape, markSaved } from "../../renderer/store/actions";
import { documentOf } from "../../renderer/editor/state";
import { addImages } from "../../renderer/store/image-actions";
import { actionById, disabledReason } from "../../renderer/actions/registry";
import { pickWithPicker } from "../../renderer/platform/web-files";
import { pageTiledReader } from "../../renderer/tiled-map/read-text";

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="4" height="2" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="2">
 <tileset firstgid="1" source="../tiles/ground.tsx"/>
 <layer id="1" name="Ground" width="4" height="2">
  <data encoding="base64" compression="zlib">eJxjYIAAAAAMAAE=</data>
 </layer>
 <objectgroup id="2" name="Walls">
  <object id="1" name="wall" type="Solid" x="0" y="0" width="16" height="8"/>
 </objectgroup>
</map>`;
const TSX = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="ground" tilewidth="16" tileheight="16" tilecount="1" columns="1">
 <image source="ground.png" width="16" height="16"/>
 <tile id="0"><objectgroup draworder="index"><object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile>
</tileset>`;

afterEach(() => {
  vi.unstubAllGlobals();
});

async function imported(layerData: string, tsx = TSX): Promise<{ editor: Editor; writes: WriteTiledMapRequest[]; files: Record<string, string> }> {
  const tmx = TMX.replace("eJxjYIAAAAAMAAE=", layerData);
  const files: Record<string, string> = { "level.tmx": tmx, "../tiles/ground.tsx": tsx };
  const writes: WriteTiledMapRequest[] = [];
  const api: Partial<DesktopApi> = {
    writeTiledMap: async (request) => {
      writes.push(request);
      return { ok: true, value: { path: `/game/maps/${request.src}`, name: request.src } };
    },
  };
  vi.stubGlobal("window", { colliderStudio: api });
  const editor = new Editor({ tiledReader: async (path) => (path in files ? { ok: true, text: files[path]! } : { ok: false, message: `file not found: ${path}` }) });
  await receiveImported(editor, { kind: "done", value: { name: "level.tmx", path: "/game/maps/level.tmx", text: tmx } });
  return { editor, writes, files };
}

/** Base64 zlib of 8 gids: the bottom row of four ground tiles, the top row empty. */
const BOTTOM_ROW = deflateSync(Buffer.from(new Uint32Array([0, 0, 0, 0, 1, 1, 1, 1]).buffer)).toString("base64");

describe("Save to Map", () => {
  it("keeps what was done in Tiled since the import, and the map as written is the next save's base", async () => {
    const { editor, writes, files } = await imported(BOTTOM_ROW);
    // In Tiled: the wall moved, an object added.
    files["level.tmx"] = files["level.tmx"]!.replace('x="0" y="0" width="16" height="8"/>', 'x="32" y="0" width="16" height="8"/>\n  <object id="2" name="tiledNew" x="0" y="16" width="8" height="8"/>').replace('nextobjectid="2"', 'nextobjectid="3"');
    addShape(editor, { id: "door", name: "door", type: "box", x: 40, y: 8, rotation: 0, width: 8, height: 16 });
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Saved to level.tmx: 0 objects updated, 1 added, 0 removed");
    const out = writes[0]!.text;
    expect(out).toContain('<object id="1" name="wall" type="Solid" x="32" y="0" width="16" height="8"/>');
    expect(out).toContain('<object id="2" name="tiledNew"');
    expect(out).toContain('<object id="3" name="door"');
    const base = (editor.getState().extras.tiledMap as { base: { id: string; tiledId: number }[] }).base;
    expect(base.map((b) => [b.id, b.tiledId])).toEqual([["tiled-1", 1], ["door", 3]]);
  });

  it("leaves the scene unsaved: its file must keep the new base, or the next session merges against the old one", async () => {
    const { editor } = await imported(BOTTOM_ROW);
    addShape(editor, { id: "door", name: "door", type: "box", x: 40, y: 8, rotation: 0, width: 8, height: 16 });
    markSaved(editor, documentOf(editor.getState()), { name: "level.json", path: "/game/maps/level.json" });
    expect(isDirty(editor)).toBe(false);
    await saveToMap(editor);
    expect(isDirty(editor)).toBe(true);
    markSaved(editor, documentOf(editor.getState()), { name: "level.json", path: "/game/maps/level.json" });
    expect(isDirty(editor)).toBe(false);
  });

  it("writes the scene's colliders into the TMX beside the map, keeping its tile layer and tileset", async () => {
    const { editor, writes } = await imported(BOTTOM_ROW);
    addShape(editor, { id: "door", name: "door", type: "box", x: 40, y: 8, rotation: 0, width: 8, height: 16 });
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Saved to level.tmx: 0 objects updated, 1 added, 0 removed");
    expect(writes.map((w) => [w.scenePath, w.src])).toEqual([["/game/maps/level.tmx", "level.tmx"]]);
    const out = parseTmx(writes[0]!.text, "level.tmx");
    const before = parseTmx(TMX.replace("eJxjYIAAAAAMAAE=", BOTTOM_ROW), "level.tmx");
    if (!out.ok || !before.ok) throw new Error("not TMX");
    const layers = out.value.layers as { name: string; data?: unknown; objects?: { id: number; name: string; x: number; y: number }[] }[];
    expect(layers[0]).toEqual((before.value.layers as unknown[])[0]);
    expect(out.value.tilesets).toEqual(before.value.tilesets);
    expect(layers[1]!.objects!.map((o) => [o.id, o.name, o.x, o.y])).toEqual([[1, "wall", 0, 0], [2, "door", 36, 0]]);
    expect(out.value.nextobjectid).toBe(3);
  });

  it("says what it did not write in short, and lists it whole under the canvas (the status line fades)", async () => {
    const { editor, writes } = await imported(BOTTOM_ROW);
    addImages(editor, [{ id: "art", src: "art.png", x: 0, y: 0 }]);
    await saveToMap(editor);
    expect(writes).toHaveLength(1);
    expect(editor.getState().notice).toBe("Saved to level.tmx: 0 objects updated, 0 added, 0 removed; 1 note (see the list)");
    expect(editor.getState().problems).toEqual({
      kind: "map",
      file: "level.tmx",
      heading: "Saved to level.tmx: 0 objects updated, 0 added, 0 removed: what it did not write",
      list: [{ path: "", message: 'image "art": images are not written into a map (edit image layers in Tiled)' }],
    });
  });

  it("says why when the map cannot be written, and with no map, that there is nothing to save to", async () => {
    const { editor } = await imported(BOTTOM_ROW);
    vi.stubGlobal("window", { colliderStudio: { writeTiledMap: async () => ({ ok: false, canceled: false, error: "cannot write level.tmx: the disk is full" }) } });
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Could not save to level.tmx: 1 problem (see the list)");
    expect(editor.getState().problems).toEqual({ kind: "map", file: "level.tmx", heading: "Could not save to level.tmx: 1 problem", list: [{ path: "", message: "cannot write level.tmx: the disk is full" }] });
    const empty = new Editor();
    await saveToMap(empty);
    expect(empty.getState().notice).toMatch(/^Nothing to save to: this scene was not made from a Tiled map/);
  });
});

describe("the map changed on disk (desktop app)", () => {
  it("reads the drawing again and says so; the scene's shapes are not imported again", async () => {
    const { editor, files } = await imported(BOTTOM_ROW);
    addShape(editor, { id: "door", name: "door", type: "box", x: 40, y: 8, rotation: 0, width: 8, height: 16 });
    const base = "/game/maps/level.tmx";
    editor.backdrop.request("level.tmx", base);
    await vi.waitFor(() => expect(editor.backdrop.entry("level.tmx", base)?.state).toBe("ready"));
    files["level.tmx"] = files["level.tmx"]!.replace('<layer id="1" name="Ground"', '<layer id="1" name="Ground" visible="0"');
    await reloadChangedMap(editor);
    expect(editor.getState().notice).toBe("level.tmx changed on disk: redrawn");
    const entry = editor.backdrop.entry("level.tmx", base);
    expect(entry?.state === "ready" && entry.map.layers.map((l) => l.visible)).toEqual([false]);
    expect(editor.getState().shapes.map((s) => s.id)).toEqual(["tiled-1", "door"]);
    delete files["level.tmx"];
    await reloadChangedMap(editor);
    expect(editor.getState().notice).toBe("level.tmx changed on disk and cannot be shown: file not found: level.tmx");
  });
});

describe("Bake Tile Colliders", () => {
  it("adds the merged tile boxes on a new layer in one undo step", async () => {
    const { editor } = await imported(BOTTOM_ROW);
    const before = editor.getState().shapes.length;
    await bakeMapTiles(editor);
    expect(editor.getState().notice).toBe("Baked 4 tile shapes into 1 collider on 1 new layer");
    const baked = editor.getState().shapes.slice(before);
    expect(baked.map((s) => [s.type, s.x, s.y, s.type === "box" ? s.width : 0, s.type === "box" ? s.height : 0])).toEqual([["box", 32, 24, 64, 16]]);
    expect(editor.getState().layers.map((l) => l.name)).toContain("Ground colliders");
    editor.undo();
    expect(editor.getState().shapes.length).toBe(before);
  });

  it("lists each tile object it could not bake, where it is and why; the status line says how many", async () => {
    const { editor } = await imported(BOTTOM_ROW, TSX.replace("</objectgroup></tile>", '<object id="2" x="4" y="4"><point/></object></objectgroup></tile>'));
    await bakeMapTiles(editor);
    expect(editor.getState().notice).toBe("Baked 4 tile shapes into 1 collider on 1 new layer; 1 tile object not baked (see the list)");
    const problems = editor.getState().problems!;
    expect(problems.heading).toBe("Baked 4 tile shapes into 1 collider on 1 new layer: what it did not bake");
    expect(problems.list).toEqual([{ path: 'layer "Ground", cell (0, 1) and 3 more cells, tile 1, object 2', message: expect.stringMatching(/^not baked: ./) }]);
  });
});

describe("Save to Map in a browser given the map alone (File → Open… or a drop)", () => {
  /** A folder "game" holding maps/level.tmx and tiles/ground.tsx, as the File System Access API gives it. */
  function fakeBrowser(tmx: string, withFolders = true) {
    const files = new Map<string, string>([["maps/level.tmx", tmx], ["tiles/ground.tsx", TSX]]);
    const writes: { path: string; text: string }[] = [];
    /** The permission each folder dialog asked for. */
    const modes: string[] = [];
    const fileHandle = (path: string) => ({
      name: path.split("/").at(-1)!,
      path,
      getFile: async () => new Blob([files.get(path)!]),
      createWritable: async () => {
        let text = "";
        return { write: async (d: string) => void (text += d), close: async () => void (files.set(path, text), writes.push({ path, text })) };
      },
    });
    const dirHandle = (at: string): unknown => ({
      name: at === "" ? "game" : at.split("/").at(-1)!,
      getDirectoryHandle: async (name: string) => dirHandle(at === "" ? name : `${at}/${name}`),
      getFileHandle: async (name: string, options?: { create: boolean }) => {
        const path = at === "" ? name : `${at}/${name}`;
        if (!files.has(path) && options?.create) files.set(path, "");
        if (!files.has(path)) throw new DOMException(`${name} was not found`, "NotFoundError");
        return fileHandle(path);
      },
      resolve: async (h: { path: string }) => h.path.split("/"),
    });
    const pickers = withFolders
      ? { showOpenFilePicker: async () => [fileHandle("maps/level.tmx")], showSaveFilePicker: async () => fileHandle("maps/level.json"), showDirectoryPicker: async (o: { mode: string }) => (modes.push(o.mode), dirHandle("")) }
      : {};
    vi.stubGlobal("window", pickers);
    return { files, writes, dirHandle, fileHandle, modes };
  }

  /** Open…, a drop (Chromium gives the file's handle), or a drop with no handle (other browsers). */
  async function openedAlone(how: "open" | "drop" | "drop, no handle", withFolders = true) {
    const tmx = TMX.replace("eJxjYIAAAAAMAAE=", BOTTOM_ROW);
    const browser = fakeBrowser(tmx, withFolders);
    const editor = new Editor({ tiledReader: pageTiledReader(() => undefined) });
    if (how === "drop") await openDroppedFile(editor, new File([tmx], "level.tmx"), Promise.resolve({ kind: "file", ...browser.fileHandle("maps/level.tmx") }));
    else {
      const picked = how === "open" ? await pickWithPicker() : null;
      const path = picked?.kind === "done" ? picked.value.path : undefined;
      await receiveImported(editor, { kind: "done", value: { name: "level.tmx", ...(path ? { path } : {}), text: tmx } });
    }
    const imported = editor.getState().notice;
    addShape(editor, { id: "door", name: "door", type: "box", x: 40, y: 8, rotation: 0, width: 8, height: 16 });
    return { editor, imported, ...browser };
  }

  it.each(["open", "drop"] as const)("after %s, the import says Save to Map asks for the folder; Save to Map… asks, writes the map there and keeps the drawing", async (how) => {
    const { editor, writes, imported, modes } = await openedAlone(how);
    expect(imported).toMatch(/; its tiles are not shown \(see the list\)/);
    expect(editor.getState().problems!.list[0]!.message).toMatch(/; Save to Map will ask for its folder$/);
    const action = actionById("file.saveToMap");
    expect(disabledReason(editor, action)).toBeNull();
    expect(action.title!(editor)).toBe("Save to Map…");
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Saved to level.tmx: 0 objects updated, 1 added, 0 removed");
    // The map as it was is kept beside it first, as the desktop app keeps it.
    expect(writes.map((w) => w.path)).toEqual(["maps/level.tmx.bak", "maps/level.tmx"]);
    expect(modes).toEqual(["readwrite"]);
    expect(writes[0]!.text).not.toContain('name="door"');
    expect(writes[1]!.text).toContain('name="door"');
    expect(editor.getState().shapes.map((s) => s.id)).toContain("door");
    // The folder is kept for the document: the next Save to Map asks nothing, and the tiles can be read from it.
    expect(action.title!(editor)).toBe("Save to Map");
    await saveToMap(editor);
    expect(writes).toHaveLength(4);
  });

  it("dropped with no handle: looks for the map at the top of the folder given, refuses one it is not in or whose tilesets are outside it; a canceled folder dialog writes nothing", async () => {
    const { editor, writes, dirHandle } = await openedAlone("drop, no handle");
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Could not save to level.tmx: level.tmx is not in the folder game (pick the folder it is in)");
    // The map's own folder: its tileset (../tiles) is outside it, so nothing is written, and the next Save to Map asks again.
    (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = async () => dirHandle("maps");
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Could not save to level.tmx: 1 problem (see the list)");
    expect(editor.getState().problems!.list[0]!.message).toMatch(/\.\.\/tiles\/ground\.tsx.*outside the folder maps/);
    expect(actionById("file.saveToMap").title!(editor)).toBe("Save to Map…");
    (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = async () => {
      throw new DOMException("The user aborted a request.", "AbortError");
    };
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Could not save to level.tmx: canceled (a browser reads and writes a map only in a folder it is given: the one the map is in)");
    expect(writes).toEqual([]);
    expect(editor.getState().shapes.map((s) => s.id)).toContain("door");
  });

  it("writes nothing when the .bak cannot be kept (the folder refuses a new file)", async () => {
    const { editor, writes, dirHandle } = await openedAlone("open");
    (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = async () => {
      const root = dirHandle("") as { getDirectoryHandle: (n: string) => Promise<Record<string, unknown>> };
      return { ...root, getDirectoryHandle: async (n: string) => ({ ...(await root.getDirectoryHandle(n)), queryPermission: async () => "prompt", requestPermission: async () => "denied" }) };
    };
    await saveToMap(editor);
    expect(editor.getState().notice).toBe("Could not save to level.tmx: 1 problem (see the list)");
    expect(editor.getState().problems!.list[0]!.message).toBe("Could not write level.tmx: permission to keep level.tmx.bak beside it was refused (the map is left as it was)");
    expect(writes).toEqual([]);
  });

  it("Reload Tiled Map… asks for the folder too, and then reads the map from it without writing it", async () => {
    const { editor, writes, modes } = await openedAlone("open");
    expect(actionById("view.reloadTiledMap").title!(editor)).toBe("Reload Tiled Map…");
    await reloadTiledMap(editor);
    expect(editor.getState().notice).toBe("Reloaded level.tmx");
    expect(writes).toEqual([]);
    // Reading only is asked for: writing is asked for when Save to Map writes.
    expect(modes).toEqual(["read"]);
    expect(actionById("view.reloadTiledMap").title!(editor)).toBe("Reload Tiled Map");
    expect(editor.getState().shapes.map((s) => s.id)).toContain("door");
  });

  it("is greyed out, with why, in a browser that cannot be given a folder", async () => {
    const { editor, imported } = await openedAlone("drop", false);
    expect(imported).toMatch(/; its tiles are not shown \(see the list\)/);
    expect(editor.getState().problems!.list[0]!.message).toMatch(/; Save to Map needs its folder \(Chrome, Edge or the desktop app\)$/);
    expect(disabledReason(editor, actionById("file.saveToMap"))).toMatch(/^Save to Map needs the map's folder, which only Chrome, Edge or the desktop app can be given/);
  });
});
