// A document imported from a Tiled map stands beside the map until it is saved (file.importedFrom):
// its images are read and placed from the map's folder, as its backdrop's tilesets are, not
// refused as "save it first" (desktop) or "only through Open Scene in Folder…" (browser).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DesktopApi } from "../../core/shell/desktop-api";
import { exportDocument, receiveImported } from "../../renderer/app/document-commands";
import { addImageFiles } from "../../renderer/app/image-commands";
import { Editor } from "../../renderer/editor/editor";
import type { ImageLoader } from "../../renderer/images/image-cache";
import type { Level } from "../../renderer/images/pyramid";
import { imageRectOf } from "../../renderer/tools/select/image-picking";

afterEach(() => {
  vi.unstubAllGlobals();
});

const MAP = JSON.stringify({
  type: "map", orientation: "orthogonal", width: 2, height: 2, tilewidth: 16, tileheight: 16,
  layers: [{ type: "imagelayer", name: "Sky", image: "sky.png" }, { type: "objectgroup", name: "Walls", objects: [{ id: 1, x: 0, y: 0, width: 16, height: 16 }] }],
});

/** A loader that reads through `read` and decodes every picture as 40 × 30. */
function loader(read: ImageLoader<Level>["read"]): ImageLoader<Level> {
  return {
    read,
    decode: async (_b, _t, onSize, onLevel) => {
      onSize(40, 30, 1);
      onLevel(0, { width: 40, height: 30, tiles: [] });
    },
    close: () => {},
  };
}

describe("an imported map's document reads its images beside the map until it is saved", () => {
  it("desktop: a picture added before the first save gets its path from the map's folder, not embedded", async () => {
    vi.stubGlobal("window", { colliderStudio: { pathForFile: () => "", watchImage: async () => ({ ok: true, value: null }) } satisfies Partial<DesktopApi> });
    const editor = new Editor({ imageLoader: loader(async () => ({ ok: false, message: "not read here" })) });
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "/game/maps/level.tmj", text: MAP } });
    expect(editor.getState().file).toEqual({ name: "level.json", importedFrom: "/game/maps/level.tmj" });
    await addImageFiles(editor, [{ name: "red.png", path: "/game/art/red.png", bytes: async () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }], { kind: "centred", at: { x: 0, y: 0 } });
    expect(editor.getState().images.map((i) => i.src)).toEqual(["sky.png", "../art/red.png"]);
  });

  it("the image layer's picture is the one beside the map: its size is what picking and the inspector use", async () => {
    vi.stubGlobal("window", { colliderStudio: {} satisfies Partial<DesktopApi> });
    const reads: [string, string | undefined][] = [];
    const editor = new Editor({ imageLoader: loader(async (src, scenePath) => (reads.push([src, scenePath]), { ok: true, bytes: new Uint8Array(1), type: "image/png" })) });
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "/game/maps/level.tmj", text: MAP } });
    const sky = editor.getState().images[0]!;
    await editor.imageCache.provide(sky.src, "/game/maps/level.tmj", new Uint8Array(1), "image/png");
    const rect = imageRectOf(editor, { ...sky, width: undefined, height: undefined });
    expect([rect.width, rect.height]).toEqual([40, 30]);
    expect(reads).toEqual([]);
  });

  it("desktop: exported before the first save, its images' paths lead from the export's folder to the pictures beside the map", async () => {
    const written: string[] = [];
    const api: Partial<DesktopApi> = {
      chooseSaveTarget: async () => ({ ok: true, value: { path: "/game/out/level.tmj", name: "level.tmj" } }),
      exportFile: async (request) => (written.push(request.text), { ok: true, value: { path: request.path!, name: "level.tmj" } }),
    };
    vi.stubGlobal("window", { colliderStudio: api });
    const editor = new Editor();
    await receiveImported(editor, { kind: "done", value: { name: "level.tmj", path: "/game/maps/level.tmj", text: MAP } });
    await exportDocument(editor, "tiled");
    const map = JSON.parse(written[0]!) as { layers: { type: string; image?: string }[] };
    expect(map.layers.filter((l) => l.type === "imagelayer").map((l) => l.image)).toEqual(["../maps/sky.png"]);
  });
});

describe("adding a big picture", () => {
  it("says 'Adding NAME (SIZE)…' before reading it in (encoding and decoding hold the page), then what was added", async () => {
    const editor = new Editor({ imageLoader: loader(async () => ({ ok: false, message: "not read here" })) });
    const notices: string[] = [];
    editor.store.subscribe((s, prev) => {
      if (s.notice !== null && s.notice !== prev.notice) notices.push(s.notice);
    });
    const png = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return bytes;
    };
    await addImageFiles(editor, [{ name: "small.png", path: "", bytes: async () => png(2 ** 20 - 1) }], { kind: "centred", at: { x: 0, y: 0 } });
    expect(notices).toEqual(["Added image small (40 × 30 px) at -20, -15, embedded in the scene"]);
    notices.length = 0;
    await addImageFiles(editor, [{ name: "cave.png", path: "", bytes: async () => png(6 * 2 ** 20) }], { kind: "centred", at: { x: 0, y: 0 } });
    expect(notices[0]).toBe("Adding cave.png (6.0 MB)…");
    expect(notices.at(-1)).toMatch(/^Added image cave \(40 × 30 px\)/);
  });
});
