// Reopening a scene makes active the layer it was left with (Tiled keeps a map's current layer in
// its session the same way); a file with none remembered, or whose layer is gone, opens with its
// top layer active (the topmost neither locked nor hidden); a new or imported document remembers nothing until it has a file.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Scene } from "../../core";
import { Editor } from "../../renderer/editor/editor";
import { loadDocument } from "../../renderer/store/actions";
import { setActiveLayer } from "../../renderer/store/layer-actions";
import { followActiveLayer, REMEMBERED_FILES } from "../../renderer/store/layer-session";

/** localStorage as a browser keeps it: strings by key. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const scene = (layers = ["bottom", "middle", "top"]): Scene => ({
  format: "collider-studio-scene", version: 1, probes: [], shapes: [],
  layers: layers.map((id) => ({ id, name: id })),
});

let editor: Editor;
let stop: () => void;
beforeEach(() => {
  vi.stubGlobal("localStorage", fakeStorage());
  editor = new Editor();
  stop = followActiveLayer(editor);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe("the active layer across opens", () => {
  it("a scene opened fresh has its top layer active; reopened, the layer it was left with", () => {
    loadDocument(editor, scene(), { name: "level.json", path: "/game/level.json" });
    expect(editor.getState().activeLayer).toBe("top");
    setActiveLayer(editor, "middle");
    loadDocument(editor, scene(), { name: "other.json", path: "/game/other.json" });
    expect(editor.getState().activeLayer).toBe("top");
    loadDocument(editor, scene(), { name: "level.json", path: "/game/level.json" });
    expect(editor.getState().activeLayer).toBe("middle");
    // Another editor (the next run of the app) reads the same storage.
    const next = new Editor();
    loadDocument(next, scene(), { name: "level.json", path: "/game/level.json" });
    expect(next.getState().activeLayer).toBe("middle");
  });

  it("a remembered layer since deleted (or renamed away) gives the top layer", () => {
    loadDocument(editor, scene(), { name: "level.json", path: "/game/level.json" });
    setActiveLayer(editor, "middle");
    loadDocument(editor, scene(["bottom", "top"]), { name: "level.json", path: "/game/level.json" });
    expect(editor.getState().activeLayer).toBe("top");
  });

  it("with none remembered, the topmost layer a shape can be drawn on: a locked or hidden top is passed over", () => {
    const layered: Scene = { ...scene(), layers: [{ id: "bottom", name: "bottom" }, { id: "middle", name: "middle" }, { id: "hidden", name: "hidden", visible: false }, { id: "top", name: "top", locked: true }] };
    loadDocument(editor, layered, { name: "fresh.json", path: "/game/fresh.json" });
    expect(editor.getState().activeLayer).toBe("middle");
    // Every layer locked: the top one, as before.
    loadDocument(editor, { ...layered, layers: layered.layers!.map((l) => ({ ...l, locked: true })) }, { name: "all.json", path: "/game/all.json" });
    expect(editor.getState().activeLayer).toBe("top");
  });

  it("a browser keys files by name; a new or imported document remembers nothing until saved", () => {
    loadDocument(editor, scene(), { name: "level.json" });
    setActiveLayer(editor, "bottom");
    loadDocument(editor, scene(), { name: "untitled.json" });
    setActiveLayer(editor, "middle");
    loadDocument(editor, scene(), { name: "untitled.json" });
    expect(editor.getState().activeLayer).toBe("top");
    loadDocument(editor, scene(), { name: "level.json", importedFrom: "level.tmx" }, { unsaved: true });
    expect(editor.getState().activeLayer).toBe("top");
    loadDocument(editor, scene(), { name: "level.json" });
    expect(editor.getState().activeLayer).toBe("bottom");
  });

  it("keeps the most recently used files only", () => {
    for (let i = 0; i <= REMEMBERED_FILES; i++) {
      loadDocument(editor, scene(), { name: `${i}.json`, path: `/game/${i}.json` });
      setActiveLayer(editor, "bottom");
    }
    loadDocument(editor, scene(), { name: "0.json", path: "/game/0.json" });
    expect(editor.getState().activeLayer).toBe("top");
    // Opening 0.json again made it the newest, so 1.json, now the oldest, went.
    loadDocument(editor, scene(), { name: "2.json", path: "/game/2.json" });
    expect(editor.getState().activeLayer).toBe("bottom");
    loadDocument(editor, scene(), { name: "1.json", path: "/game/1.json" });
    expect(editor.getState().activeLayer).toBe("top");
  });

  it("storage that throws (blocked by privacy settings) keeps nothing and breaks nothing", () => {
    vi.stubGlobal("localStorage", { getItem: () => { throw new Error("blocked"); }, setItem: () => { throw new Error("blocked"); } });
    loadDocument(editor, scene(), { name: "level.json", path: "/game/level.json" });
    setActiveLayer(editor, "middle");
    loadDocument(editor, scene(), { name: "level.json", path: "/game/level.json" });
    expect(editor.getState().activeLayer).toBe("top");
  });
});
