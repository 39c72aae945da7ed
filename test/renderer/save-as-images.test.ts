// Save As into another folder (desktop): relative image paths are moved to the new folder, an image
// on another drive is embedded, and undo never brings back a path relative to the old folder.
import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyScene, type SceneImage } from "../../core";
import type { DesktopApi, ExportRequest, SaveRequest, ShellResult } from "../../core/shell/desktop-api";
import { exportDocument, isDirty, saveDocument } from "../../renderer/app/document-commands";
import { Editor } from "../../renderer/editor/editor";
import { loadDocument } from "../../renderer/store/actions";
import { addImages, updateImage } from "../../renderer/store/image-actions";

const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const image = (id: string, src: string): SceneImage => ({ id, src, x: 0, y: 0, width: 10, height: 10 });

/** The desktop shell, answering the Save dialog with `target`, recording writes and image reads. */
function shell(target: string) {
  const saves: SaveRequest[] = [];
  const exports: ExportRequest[] = [];
  const reads: { scenePath: string; src: string }[] = [];
  const api: Partial<DesktopApi> = {
    platform: "linux",
    chooseSaveTarget: async () => ({ ok: true, value: { path: target, name: target.split("/").pop()! } }),
    saveScene: async (request): Promise<ShellResult<{ path: string; name: string }>> => {
      saves.push(request);
      return { ok: true, value: { path: request.path!, name: request.path!.split("/").pop()! } };
    },
    exportFile: async (request) => {
      exports.push(request);
      return { ok: true, value: { path: request.path!, name: request.path!.split("/").pop()! } };
    },
    readImage: async (request) => {
      reads.push(request);
      return { ok: true, value: { bytes: PNG, type: "image/png" } };
    },
  };
  vi.stubGlobal("window", { colliderStudio: api });
  return { saves, exports, reads };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const srcs = (editor: Editor) => editor.getState().images.map((i) => i.src);

describe("Save As into another folder", () => {
  it("writes relative image paths from the new folder, keeps them in the document and in every undo step", async () => {
    const editor = new Editor();
    loadDocument(editor, { ...emptyScene(), images: [image("art", "art/level.png")] }, { name: "level.json", path: "/game/levels/level.json" });
    addImages(editor, [image("sky", "../sky.png")]);
    updateImage(editor, "art", { x: 5 });
    const { saves } = shell("/game/out/deep/copy.json");
    expect(await saveDocument(editor, true)).toBe("saved");
    const written = JSON.parse(saves[0]!.text) as { images: SceneImage[] };
    expect(written.images.map((i) => i.src)).toEqual(["../../levels/art/level.png", "../../sky.png"]);
    expect(saves[0]!.path).toBe("/game/out/deep/copy.json");
    expect(srcs(editor)).toEqual(["../../levels/art/level.png", "../../sky.png"]);
    expect(editor.getState().file).toEqual({ name: "copy.json", path: "/game/out/deep/copy.json" });
    expect(editor.getState().notice).toBe("Saved copy.json");
    // Clean after the save, though the images changed: the saved document holds the moved ones.
    expect(isDirty(editor)).toBe(false);
    editor.undo();
    expect(editor.getState().images[0]!.x).toBe(0);
    expect(srcs(editor)).toEqual(["../../levels/art/level.png", "../../sky.png"]);
    editor.undo();
    expect(srcs(editor)).toEqual(["../../levels/art/level.png"]);
    editor.redo();
    editor.redo();
    expect(srcs(editor)).toEqual(["../../levels/art/level.png", "../../sky.png"]);
    expect(editor.getState().images[0]!.x).toBe(5);
  });

  it("saving in the same folder changes no path; an image no path reaches from the new drive is embedded", async () => {
    const editor = new Editor();
    loadDocument(editor, { ...emptyScene(), images: [image("art", "art/level.png"), image("pasted", "data:image/png;base64,iVBORw0KGgo=")] }, { name: "level.json", path: "C:/game/level.json" });
    const same = shell("C:/game/other.json");
    await saveDocument(editor, true);
    expect((JSON.parse(same.saves[0]!.text) as { images: SceneImage[] }).images.map((i) => i.src)).toEqual(["art/level.png", "data:image/png;base64,iVBORw0KGgo="]);
    const far = shell("D:/copy/level.json");
    await saveDocument(editor, true);
    expect(far.reads).toEqual([{ scenePath: "C:/game/other.json", src: "art/level.png" }]);
    const embedded = `data:image/png;base64,${Buffer.from(PNG).toString("base64")}`;
    expect((JSON.parse(far.saves[0]!.text) as { images: SceneImage[] }).images.map((i) => i.src)).toEqual([embedded, "data:image/png;base64,iVBORw0KGgo="]);
    expect(srcs(editor)[0]).toBe(embedded);
    expect(editor.getState().notice).toBe("Saved level.json · 1 image on another drive embedded in the scene");
  });
});

describe("Export from the editor", () => {
  it("writes image paths relative to the export's folder, chosen before the export is made", async () => {
    const editor = new Editor();
    loadDocument(editor, { ...emptyScene(), images: [image("art", "art/level.png")] }, { name: "level.json", path: "/game/levels/level.json" });
    const { exports } = shell("/game/out/level.tmj");
    await exportDocument(editor, "tiled");
    expect(exports).toHaveLength(1);
    expect(exports[0]!.path).toBe("/game/out/level.tmj");
    const map = JSON.parse(exports[0]!.text) as { layers: { type: string; image?: string }[] };
    expect(map.layers.filter((l) => l.type === "imagelayer").map((l) => l.image)).toEqual(["../levels/art/level.png"]);
    expect(editor.getState().notice).toBe("Exported level.tmj (Tiled map)");
  });
});
