// A picture changed on disk (the desktop app's image:changed; the editor kept drawing the old level
// art until the scene was reopened): the cache entry is read and decoded again and swapped in, the
// old bitmaps freed; the document, its history and its saved state are not touched; an image the
// scene sizes keeps its size, one sized by its pixels takes the new size; a picture that became
// unreadable keeps its last good drawing and the status line says why; the backdrop's pictures are
// redrawn the same way; a change beside another scene does nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyScene, type Scene } from "../../core";
import type { DesktopApi } from "../../core/shell/desktop-api";
import { addImageFiles } from "../../renderer/app/image-commands";
import { dirty } from "../../renderer/app/document-commands";
import { pictureChangeNotice, redrawChangedPicture } from "../../renderer/app/picture-changes";
import { Editor } from "../../renderer/editor/editor";
import type { ImageLoader } from "../../renderer/images/image-cache";
import type { Level } from "../../renderer/images/pyramid";
import { imageRectOf } from "../../renderer/tools/select/image-picking";
import { loadDocument } from "../../renderer/store/actions";

const SCENE_PATH = "/levels/level.json";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Pictures on a fake disk: a picture's bytes are [width, height]; the loader records freed levels. */
function setup() {
  const disk = new Map<string, Uint8Array>([["art/level.png", Uint8Array.from([40, 30])], ["art/sized.png", Uint8Array.from([10, 10])], ["tiles/ground.png", Uint8Array.from([64, 64])]]);
  const closed: Level[] = [];
  const loader: ImageLoader<Level> = {
    read: async (src) => {
      const bytes = disk.get(src);
      return bytes ? { ok: true, bytes, type: "image/png" } : { ok: false, message: `image not found: ${src}` };
    },
    decode: async (bytes, _type, onSize, onLevel) => {
      // A real PNG's header (a picture added from a file) decodes as 16 × 16.
      const [width, height] = bytes[0] === 0x89 ? [16, 16] : bytes.length === 2 ? [bytes[0]!, bytes[1]!] : [];
      if (width === undefined || height === undefined) throw new Error("not a picture");
      onSize(width, height, 1);
      onLevel(0, { width, height, tiles: [] });
    },
    close: (level) => void closed.push(level),
  };
  const editor = new Editor({ imageLoader: loader });
  const scene: Scene = { ...emptyScene(), images: [{ id: "art", src: "art/level.png", x: 100, y: 50 }, { id: "sized", src: "art/sized.png", x: 0, y: 0, width: 200, height: 100 }] };
  loadDocument(editor, scene, { name: "level.json", path: SCENE_PATH });
  return { disk, closed, editor };
}

async function requestAll(editor: Editor): Promise<void> {
  for (const image of editor.getState().images) editor.imageCache.request(image.src, SCENE_PATH);
  await Promise.all(editor.getState().images.map((i) => editor.imageCache.provide(i.src, SCENE_PATH, new Uint8Array(), "image/png")));
}

describe("a picture changed on disk is redrawn", () => {
  it("drops and reloads the cache entry, frees the old bitmaps, and leaves the document, its history and its saved state alone", async () => {
    const { disk, closed, editor } = setup();
    await requestAll(editor);
    const before = editor.getState();
    const old = editor.imageCache.entry("art/level.png", SCENE_PATH);
    expect(imageRectOf(editor, before.images[0]!)).toEqual({ x: 100, y: 50, width: 40, height: 30 });
    disk.set("art/level.png", Uint8Array.from([80, 60]));
    disk.set("art/sized.png", Uint8Array.from([20, 20]));
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "art/level.png" });
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "art/sized.png" });
    const after = editor.getState();
    expect(editor.imageCache.pixelSize("art/level.png", SCENE_PATH)).toMatchObject({ width: 80, height: 60 });
    expect(old?.state).toBe("ready");
    expect(closed).toContain(old?.state === "ready" ? old.levels[0] : null);
    // Placed where it was; sized by its pixels, it takes the new size; sized by the scene, it keeps it.
    expect(imageRectOf(editor, after.images[0]!)).toEqual({ x: 100, y: 50, width: 80, height: 60 });
    expect(imageRectOf(editor, after.images[1]!)).toEqual({ x: 0, y: 0, width: 200, height: 100 });
    expect(after.images).toBe(before.images);
    expect(editor.history.undoCount).toBe(0);
    expect(dirty(after)).toBe(false);
    expect(after.notice).toBe("sized.png changed on disk: redrawn");
  });

  it("keeps the last good drawing of a picture that became unreadable, and says why", async () => {
    const { disk, editor } = setup();
    await requestAll(editor);
    disk.delete("art/level.png");
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "art/level.png" });
    expect(editor.imageCache.entry("art/level.png", SCENE_PATH)).toMatchObject({ state: "ready", width: 40, height: 30 });
    expect(editor.getState().notice).toBe("level.png changed on disk, old drawing kept: image not found: art/level.png");
    disk.set("art/level.png", Uint8Array.from([1, 2, 3]));
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "art/level.png" });
    expect(editor.imageCache.entry("art/level.png", SCENE_PATH)).toMatchObject({ state: "ready", width: 40, height: 30 });
    expect(editor.getState().notice).toBe("level.png changed on disk, old drawing kept: cannot decode the image: not a picture");
    // Back again: drawn anew.
    disk.set("art/level.png", Uint8Array.from([50, 50]));
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "art/level.png" });
    expect(editor.imageCache.pixelSize("art/level.png", SCENE_PATH)).toMatchObject({ width: 50, height: 50 });
  });

  it("a picture that was missing when the scene opened is drawn once it appears", async () => {
    const { disk, editor } = setup();
    disk.delete("art/level.png");
    await requestAll(editor);
    expect(editor.imageCache.entry("art/level.png", SCENE_PATH)?.state).toBe("failed");
    disk.set("art/level.png", Uint8Array.from([40, 30]));
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "art/level.png" });
    expect(editor.imageCache.entry("art/level.png", SCENE_PATH)?.state).toBe("ready");
    expect(editor.getState().notice).toBe("level.png changed on disk: redrawn");
  });

  it("redraws a picture of the Tiled backdrop (its chunks are forgotten), and ignores a change beside another scene or to a picture not shown", async () => {
    const { disk, editor } = setup();
    await requestAll(editor);
    editor.backdrop.pictures.request("tiles/ground.png", SCENE_PATH);
    await editor.backdrop.pictures.provide("tiles/ground.png", SCENE_PATH, new Uint8Array(), "image/png");
    editor.update({ notice: null });
    disk.set("tiles/ground.png", Uint8Array.from([128, 64]));
    await redrawChangedPicture(editor, { scenePath: "/elsewhere/level.json", src: "tiles/ground.png" });
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "art/unused.png" });
    expect(editor.getState().notice).toBeNull();
    expect(editor.backdrop.redrawn.getState().count).toBe(0);
    await redrawChangedPicture(editor, { scenePath: SCENE_PATH, src: "tiles/ground.png" });
    expect(editor.backdrop.pictures.pixelSize("tiles/ground.png", SCENE_PATH)).toMatchObject({ width: 128, height: 64 });
    expect(editor.backdrop.redrawn.getState().count).toBe(1);
    expect(editor.getState().notice).toBe("ground.png changed on disk: redrawn");
  });

  it("says nothing of a picture shown nowhere; a failure with no drawing to keep says only why", () => {
    expect(pictureChangeNotice("a/b.png", [{ kind: "none" }, { kind: "none" }])).toBeNull();
    expect(pictureChangeNotice("a/b.png", [{ kind: "failed", message: "image not found: a/b.png", kept: false }, { kind: "none" }])).toBe("b.png changed on disk and cannot be shown: image not found: a/b.png");
  });

  it("a picture added from a file beside the scene (never read through image:read) is watched too; an embedded one is not", async () => {
    const watchImage = vi.fn<DesktopApi["watchImage"]>(async () => ({ ok: true, value: null }));
    vi.stubGlobal("window", { colliderStudio: { watchImage } satisfies Partial<DesktopApi> });
    const { editor } = setup();
    const bytes = async () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await addImageFiles(editor, [{ name: "new.png", path: "/levels/art/new.png", bytes }, { name: "pasted.png", path: "", bytes }], { kind: "centred", at: { x: 0, y: 0 } });
    expect(editor.getState().images.map((i) => i.src.slice(0, 5))).toEqual(["art/l", "art/s", "art/n", "data:"]);
    expect(watchImage.mock.calls).toEqual([[{ scenePath: SCENE_PATH, src: "art/new.png" }]]);
  });
});
