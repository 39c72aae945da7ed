// Issue 24's images edited through the TestEditor as on the canvas: picked where no shape is (they
// lie under the shapes), moved with snapping, resized by a corner keeping the aspect ratio unless
// Alt is held, never picked when hidden or locked, deleted with the Delete key, reordered, shown,
// locked and made translucent from the Layers panel's actions: each gesture one undo step.
import { describe, expect, it } from "vitest";
import { emptyScene, type Scene, type SceneImage } from "../../core";
import { addImages, deleteImage, imageBaseName, moveImageInOrder, nextImageId, renameImage, selectImage, setImageFlag, updateImage } from "../../renderer/store/image-actions";
import { imageAt, imageHitId } from "../../renderer/tools/select/image-picking";
import { Editor } from "../../renderer/editor/editor";
import type { ImageLoader } from "../../renderer/images/image-cache";
import type { Level } from "../../renderer/images/pyramid";
import { TestEditor } from "./test-editor";
import { dispatchKey } from "../../renderer/actions/keyboard";
import { ownsEvent } from "../../renderer/actions/text-field";

const art: SceneImage = { id: "art", src: "art/level-1.png", x: 0, y: 0, width: 400, height: 200 };

function withImages(images: SceneImage[], shapes: Scene["shapes"] = []): TestEditor {
  return new TestEditor({ ...emptyScene(), images, shapes });
}

describe("images on the canvas, with the Select tool", () => {
  it("a click on an image where no shape is selects it, then a drag moves it, one undo step; a shape over it is picked first", () => {
    const ed = withImages([art], [{ id: "box-1", type: "box", x: 100, y: 100, rotation: 0, width: 40, height: 40 }]);
    ed.click(100, 100);
    expect(ed.selection).toEqual(["box-1"]);
    expect(ed.state.selectedImage).toBeNull();
    ed.click(300, 50);
    expect(ed.state.selectedImage).toBe("art");
    expect(ed.undoSteps).toBe(0);
    ed.drag([300, 50], [330, 70]);
    expect(ed.state.selectedImage).toBe("art");
    expect(ed.selection).toEqual([]);
    expect(ed.state.images[0]).toEqual({ ...art, x: 30, y: 20 });
    expect(ed.undoSteps).toBe(1);
    ed.key("z", { mod: true });
    expect(ed.state.images[0]).toEqual(art);
    // Selecting a shape drops the image; Escape drops either.
    ed.key("z", { mod: true, shift: true });
    ed.click(100, 100);
    expect(ed.state.selectedImage).toBeNull();
    ed.click(300, 50);
    ed.key("Escape");
    expect(ed.state.selectedImage).toBeNull();
  });

  it("moving snaps the image's top-left corner to the grid like a shape's anchor, and leaves a size from the pixels unwritten", () => {
    const ed = withImages([{ id: "a", src: "a.png", x: 3, y: 4 }]);
    ed.editor.update({ grid: { visible: true, snap: true }, gridSize: 25 });
    // Its size is unknown in Node (no decoder): the 256 × 256 placeholder is what is picked.
    ed.click(100, 100);
    ed.drag([100, 100], [140, 105]);
    expect(ed.state.images[0]).toEqual({ id: "a", src: "a.png", x: 50, y: 0 });
  });

  it("a corner keeps the aspect ratio; with Alt it follows the pointer; Escape puts it back", () => {
    const ed = withImages([art]);
    ed.click(10, 10);
    ed.drag([400, 200], [600, 250], { hit: imageHitId("art", "se") });
    expect(ed.state.images[0]).toMatchObject({ x: 0, y: 0, width: 600, height: 300 });
    ed.drag([600, 300], [700, 320], { hit: imageHitId("art", "se"), alt: true });
    expect(ed.state.images[0]).toMatchObject({ x: 0, y: 0, width: 700, height: 320 });
    expect(ed.undoSteps).toBe(2);
    ed.pointerDown(0, 0, { hit: imageHitId("art", "nw") }).pointerMove(-100, -100);
    expect(ed.path).toBe("select.resizing-image");
    ed.key("Escape");
    expect(ed.state.images[0]).toMatchObject({ x: 0, y: 0, width: 700, height: 320 });
    expect(ed.undoSteps).toBe(2);
  });

  it("a corner of an image that is not selected does nothing; a hidden or locked image is never picked", () => {
    const ed = withImages([art, { ...art, id: "top", x: 1000, locked: true }, { ...art, id: "gone", x: 2000, visible: false }]);
    ed.pointerDown(400, 200, { hit: imageHitId("art", "se") }).pointerUp(400, 200);
    expect(ed.state.images[0]).toEqual(art);
    ed.click(1100, 50);
    ed.click(2100, 50);
    expect(ed.state.selectedImage).toBeNull();
    expect(ed.path).toBe("select.idle");
  });

  it("the topmost image under the pointer is picked (the last in the list)", () => {
    const ed = withImages([art, { ...art, id: "over", x: 200 }]);
    ed.click(300, 100);
    expect(ed.state.selectedImage).toBe("over");
    ed.click(100, 100);
    expect(ed.state.selectedImage).toBe("art");
  });

  it("Delete removes the selected image, one undo step", () => {
    const ed = withImages([art]);
    ed.click(10, 10);
    expect(ed.key("Delete")).toBe(true);
    expect(ed.state.images).toEqual([]);
    expect(ed.state.selectedImage).toBeNull();
    ed.key("z", { mod: true });
    expect(ed.state.images).toEqual([art]);
    // Undone back, it is not selected again by accident; a redo that removes it drops it from the selection.
    ed.click(10, 10);
    ed.editor.update({ images: [] });
    ed.key("z", { mod: true });
    ed.key("z", { mod: true, shift: true });
    expect(ed.state.selectedImage).toBeNull();
  });
});

describe("image actions (the Layers panel's Images section)", () => {
  it("adds with fresh ids in one step, and each change is one undo step", () => {
    const ed = withImages([]);
    expect(nextImageId([{ ...art, id: "image-1" }], ["image-2"])).toBe("image-3");
    addImages(ed.editor, [{ ...art, id: "image-1" }, { ...art, id: "image-2", x: 10 }]);
    expect(ed.state.images.map((i) => i.id)).toEqual(["image-1", "image-2"]);
    expect(ed.state.selectedImage).toBe("image-2");
    expect(ed.undoSteps).toBe(1);
    updateImage(ed.editor, "image-1", { opacity: 0.4 });
    setImageFlag(ed.editor, "image-1", "locked", true);
    moveImageInOrder(ed.editor, "image-1", 1);
    expect(ed.state.images.map((i) => [i.id, i.opacity, i.locked])).toEqual([["image-2", undefined, undefined], ["image-1", 0.4, true]]);
    // Moving the top one further up changes nothing, and records nothing.
    moveImageInOrder(ed.editor, "image-1", 1);
    expect(ed.undoSteps).toBe(4);
    for (let i = 0; i < 3; i++) ed.key("z", { mod: true });
    expect(ed.state.images.map((i) => [i.id, i.opacity, i.locked])).toEqual([["image-1", undefined, undefined], ["image-2", undefined, undefined]]);
  });

  it("an image is named after its file as the command line's trace names shapes, then numbered; a paste is image-1…", () => {
    expect(["level.png", "art/level-1.png", "C:\\art\\cave.webp", ".png", "tiles.v2.jpeg", "a\u0007b.png"].map(imageBaseName)).toEqual(["level", "level-1", "cave", ".png", "tiles.v2", "ab"]);
    expect(nextImageId([], [], "level.png")).toBe("level");
    expect(nextImageId([{ ...art, id: "level" }], ["level-2"], "level.png")).toBe("level-3");
    expect(nextImageId([{ ...art, id: "image-1" }], [], "image.png")).toBe("image-2");
    expect(nextImageId([], [], "")).toBe("image-1");
  });

  it("renaming an image in its Inspector is one undo step; an empty name or another image's is refused", () => {
    const ed = withImages([art, { ...art, id: "b" }]);
    selectImage(ed.editor, "art");
    const steps = ed.undoSteps;
    expect(renameImage(ed.editor, "art", "  cave ")).toEqual({ ok: true, value: "cave" });
    expect(ed.state.images.map((i) => i.id)).toEqual(["cave", "b"]);
    expect(ed.state.selectedImage).toBe("cave");
    expect(ed.undoSteps).toBe(steps + 1);
    expect(renameImage(ed.editor, "cave", "b")).toEqual({ ok: false, message: "another image is named b" });
    expect(renameImage(ed.editor, "cave", " ")).toEqual({ ok: false, message: "an image needs a name" });
    expect(ed.state.images.map((i) => i.id)).toEqual(["cave", "b"]);
  });

  it("hiding or locking the selected image unselects it; deleting one removes only it", () => {
    const ed = withImages([art, { ...art, id: "b" }]);
    selectImage(ed.editor, "b");
    setImageFlag(ed.editor, "b", "visible", false);
    expect(ed.state.selectedImage).toBeNull();
    selectImage(ed.editor, "art");
    setImageFlag(ed.editor, "art", "locked", true);
    expect(ed.state.selectedImage).toBeNull();
    deleteImage(ed.editor, "art");
    expect(ed.state.images.map((i) => i.id)).toEqual(["b"]);
  });

  it("an opacity slider's whole drag is one undo step", () => {
    const ed = withImages([art]);
    for (const v of [0.9, 0.7, 0.5]) {
      ed.editor.beginGesture();
      updateImage(ed.editor, "art", { opacity: v });
    }
    ed.editor.endGesture();
    expect(ed.undoSteps).toBe(1);
    ed.key("z", { mod: true });
    expect(ed.state.images[0]!.opacity).toBeUndefined();
  });

  it("a scene saved after editing keeps every image field, unknown ones too", () => {
    const ed = withImages([{ ...art, note: "from the artist" } as SceneImage]);
    ed.click(10, 10);
    ed.drag([10, 10], [20, 10]);
    expect(ed.state.images[0]).toMatchObject({ x: 10, note: "from the artist", src: "art/level-1.png" });
  });
});

describe("a drag over an image that is not selected draws a marquee (shapes over art are box-selected)", () => {
  const shapes: Scene["shapes"] = [
    { id: "box-1", type: "box", x: 100, y: 100, rotation: 0, width: 20, height: 20 },
    { id: "box-2", type: "box", x: 160, y: 100, rotation: 0, width: 20, height: 20 },
    { id: "box-3", type: "box", x: 350, y: 150, rotation: 0, width: 20, height: 20 },
  ];

  it("the band selects the shapes it touches and leaves the image where it was, with nothing recorded", () => {
    const ed = withImages([art], shapes);
    ed.drag([50, 50], [200, 130]);
    expect(ed.selection).toEqual(["box-1", "box-2"]);
    expect(ed.state.selectedImage).toBeNull();
    expect(ed.state.images[0]).toEqual(art);
    expect(ed.undoSteps).toBe(0);
  });

  it("with Shift the band adds to the selection; Escape mid-drag restores it", () => {
    const ed = withImages([art], shapes);
    ed.click(360, 160);
    ed.drag([50, 50], [200, 130], { shift: true });
    expect(ed.selection).toEqual(["box-3", "box-1", "box-2"]);
    ed.key("Escape");
    ed.click(360, 160);
    ed.pointerDown(50, 50).pointerMove(200, 130);
    expect(ed.selection).toEqual(["box-1", "box-2"]);
    ed.key("Escape");
    expect(ed.selection).toEqual(["box-3"]);
    expect(ed.state.selectedImage).toBeNull();
  });

  it("a selected image still moves under a drag", () => {
    const ed = withImages([art], shapes);
    ed.click(300, 20);
    expect(ed.state.selectedImage).toBe("art");
    ed.drag([300, 20], [310, 30]);
    expect(ed.state.images[0]).toMatchObject({ x: 10, y: 10 });
    expect(ed.selection).toEqual([]);
  });
});

describe("an image is picked through its drawn pixels when their alpha is at hand", () => {
  /** A 4 × 2 picture: its left half opaque, its right half fully transparent. */
  interface FakeLevel extends Level { readonly alpha: readonly number[] }
  const loader: ImageLoader<FakeLevel> = {
    read: async () => ({ ok: true, bytes: new Uint8Array(1), type: "image/png" }),
    decode: async (_b, _t, onSize, onLevel) => {
      onSize(4, 2, 1);
      onLevel(0, { width: 4, height: 2, tiles: [], alpha: [255, 255, 0, 0, 255, 255, 0, 0] });
    },
    close: () => {},
    alphaAt: (level, x, y) => level.alpha[y * level.width + x] ?? null,
  };

  it("a press on a fully transparent pixel is no press on the image: a click there selects nothing, a drag draws a marquee", async () => {
    const editor = new Editor({ imageLoader: loader });
    const ed = new TestEditor({ ...emptyScene(), images: [art], shapes: [{ id: "box-1", type: "box", x: 300, y: 100, rotation: 0, width: 20, height: 20 }] }, editor);
    await editor.imageCache.provide(art.src, undefined, new Uint8Array(1), "image/png");
    expect(editor.imageCache.opaqueAt(art.src, undefined, 0.1, 0.5)).toBe(true);
    expect(editor.imageCache.opaqueAt(art.src, undefined, 0.9, 0.5)).toBe(false);
    expect(imageAt(editor, { x: 100, y: 100 })?.id).toBe("art");
    expect(imageAt(editor, { x: 350, y: 100 })).toBeUndefined();
    ed.click(350, 50);
    expect(ed.state.selectedImage).toBeNull();
    ed.click(100, 50);
    expect(ed.state.selectedImage).toBe("art");
    // Selected, its transparent part is still not it: a drag there draws a marquee.
    ed.drag([250, 20], [350, 120]);
    expect(ed.state.images[0]).toEqual(art);
    expect(ed.selection).toEqual(["box-1"]);
  });

  it("without the alpha (no loader, still loading) the whole rectangle picks, as before", () => {
    const editor = new Editor();
    new TestEditor({ ...emptyScene(), images: [art] }, editor);
    expect(editor.imageCache.opaqueAt(art.src, undefined, 0.9, 0.5)).toBeNull();
    expect(imageAt(editor, { x: 350, y: 100 })?.id).toBe("art");
  });
});

describe("keys around images", () => {
  const press = (ed: TestEditor, key: string, target: object | null, mod = true) =>
    dispatchKey(ed.editor, { key, ctrlKey: mod, metaKey: false, shiftKey: false, altKey: false, target: target as EventTarget | null });

  it("Ctrl+V is left to the browser, whose paste event carries pictures as well as text", () => {
    const ed = withImages([]);
    expect(press(ed, "v", null)).toBe(false);
    expect(press(ed, "c", null)).toBe(true);
  });

  it("Ctrl+Z after dragging the opacity slider undoes; the slider keeps its own arrows, a checkbox its Space, a text field every key", () => {
    const ed = withImages([art]);
    updateImage(ed.editor, "art", { opacity: 0.5 });
    const slider = { tagName: "INPUT", type: "range" };
    expect(press(ed, "z", slider)).toBe(true);
    expect(ed.state.images[0]!.opacity).toBeUndefined();
    expect(press(ed, "ArrowLeft", slider, false)).toBe(false);
    expect(press(ed, "z", { tagName: "INPUT", type: "text" })).toBe(false);
    expect(ownsEvent({ tagName: "INPUT", type: "range" } as unknown as EventTarget, { clipboard: true })).toBe(false);
    expect(ownsEvent({ tagName: "TEXTAREA" } as unknown as EventTarget, { clipboard: true })).toBe(true);
    // A checkbox keeps Space; a tool's letter goes to the editor (R for the Ray tool after ticking a bit).
    const checkbox = { tagName: "INPUT", type: "checkbox" };
    expect(press(ed, " ", checkbox, false)).toBe(false);
    expect(press(ed, "r", checkbox, false)).toBe(true);
    expect(ed.state.tool).toBe("ray");
    expect(press(ed, "b", { tagName: "INPUT", type: "text" }, false)).toBe(false);
    // Each control owns only its own keys: Home steps a slider, but fits the view from a checkbox
    // or a button (a desktop app's Home after ticking Sensor).
    const owns = (key: string, type: string) => ownsEvent({ tagName: "INPUT", type } as unknown as EventTarget, { key });
    expect(["range", "checkbox", "radio", "button", "color"].map((type) => owns("Home", type))).toEqual([true, false, false, false, false]);
    expect(["range", "checkbox", "radio", "button", "color"].map((type) => owns(" ", type))).toEqual([false, true, true, true, true]);
    expect(owns("ArrowDown", "radio") && owns("Enter", "button") && owns("Tab", "checkbox")).toBe(true);
    expect(ed.state.tool).toBe("ray");
  });
});
