// Reopening a scene makes active the layer it was left with (Tiled keeps a map's current layer in
// its session the same way); a file with none remembered, or whose layer is gone, opens with its
// top layer active (the topmost neither locked nor hidden); a new or imported document remembers nothing until it has a file.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Scene } from "../../core";
import { Editor } from "../../renderer/editor/editor";
import { loadDocument } from "../../renderer/store/actions";
import { setActiveLayer } from "../../renderer/store/layer-actions";
import { followActiveLayer, REMEMBERED_FILES } from "../../renderer/store/layer-session";
import { followView, rememberedView, VIEW_WRITE_DELAY } from "../../renderer/store/view-session";
import { setView } from "../../renderer/store/view-actions";

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

describe("the view (zoom and scroll) across opens, as Tiled's session keeps it", () => {
  let stopView: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    stopView = followView(editor);
  });
  afterEach(() => {
    stopView();
    vi.useRealTimers();
  });
  const level = { name: "level.json", path: "/game/level.json" };
  const other = { name: "other.json", path: "/game/other.json" };

  it("reopening a file brings back its view; another file keeps its own; a file never seen keeps the view as it is", () => {
    loadDocument(editor, scene(), level);
    setView(editor, { x: 120, y: -40, scale: 2 });
    // Opening another file at once (before the view rested) still keeps the first one's view.
    expect(loadDocument(editor, scene(), other)).toBe(false);
    expect(editor.getState().view).toEqual({ x: 120, y: -40, scale: 2 });
    setView(editor, { x: 5, y: 6, scale: 0.5 });
    vi.advanceTimersByTime(VIEW_WRITE_DELAY);
    expect(loadDocument(editor, scene(), level)).toBe(true);
    expect(editor.getState().view).toEqual({ x: 120, y: -40, scale: 2 });
    loadDocument(editor, scene(), other);
    expect(editor.getState().view).toEqual({ x: 5, y: 6, scale: 0.5 });
    // The next run reads the same storage.
    expect(rememberedView(level)).toEqual({ x: 120, y: -40, scale: 2 });
  });

  it("a pan is written once it rests, not at every step; a new or imported document remembers nothing", () => {
    loadDocument(editor, scene(), level);
    const writes = vi.spyOn(localStorage, "setItem");
    for (let i = 0; i < 50; i++) setView(editor, { x: i, y: 0, scale: 1 });
    vi.advanceTimersByTime(VIEW_WRITE_DELAY);
    expect(writes.mock.calls.filter(([k]) => k === "collider-studio.views")).toHaveLength(1);
    expect(rememberedView(level)).toEqual({ x: 49, y: 0, scale: 1 });
    loadDocument(editor, scene(), { name: "untitled.json" });
    setView(editor, { x: 1, y: 1, scale: 3 });
    loadDocument(editor, scene(), { name: "map.json", importedFrom: "/game/map.tmj" }, { unsaved: true });
    expect(editor.getState().view).toEqual({ x: 1, y: 1, scale: 3 });
  });

  it("a malformed remembered view is ignored", () => {
    localStorage.setItem("collider-studio.views", JSON.stringify({ "/game/level.json": { x: "a", y: 0, scale: 1 } }));
    expect(rememberedView(level)).toBeNull();
    localStorage.setItem("collider-studio.views", JSON.stringify({ "/game/level.json": { x: 0, y: 0, scale: 1e9 } }));
    expect(rememberedView(level)).toBeNull();
  });
});
