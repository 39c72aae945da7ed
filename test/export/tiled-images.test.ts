// Scene images and Tiled: exportTiled writes them as image layers under the object layers (paths
// relative to the map's folder), importTiled reads image layers back as images (paths relative to
// the scene's folder, group offsets and opacities applied), and a scene's images survive the
// round trip. tiled-images-real.test.ts runs the real Tiled on the same maps.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Scene, type SceneImage } from "../../core/index";
import { exportTiled, tiledImageNotes, type TiledExportOptions } from "../../core/export/tiled";
import { importTiled, type TiledImportOptions, type TiledImportResult } from "../../core/import/tiled";
import { resolvePath } from "../../core/scene/file-paths";
import { real, seedOf } from "../core/arbitraries";
import { HOSTILE } from "./tiled-helpers";

const PIXEL = "data:image/png;base64,iVBORw0KGgo=";

/** A scene through the real validator, so every test scene is a valid one. */
function sceneOf(images: readonly object[], shapes: readonly object[] = []): Scene {
  const r = parseScene(JSON.stringify({ format: "collider-studio-scene", version: 1, images, shapes }));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scene;
}

type Layer = Record<string, unknown> & { id: number; type: string; properties?: { name: string; type: string; value: unknown }[] };
const mapOf = (scene: Scene, options?: TiledExportOptions) => JSON.parse(exportTiled(scene, options)) as { nextlayerid: number; width: number; height: number; layers: Layer[] };

function imported(text: string, options?: TiledImportOptions): Extract<TiledImportResult, { ok: true }> {
  const result = importTiled(text, options);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  expect(parseScene(serializeScene(result.scene)).ok).toBe(true);
  return result;
}

const mapWith = (layers: readonly object[]) => JSON.stringify({ type: "map", orientation: "orthogonal", tiledversion: "1.8.2", layers });

describe("exportTiled: images as image layers", () => {
  const scene = sceneOf(
    [
      { id: "art", src: "art/level.png", x: 10, y: -20.5 },
      { id: "fg", src: "../shared/fg.png", x: 0, y: 0, width: 200, height: 100, opacity: 0.25, visible: false, locked: true },
    ],
    [{ id: "floor", type: "box", x: 50, y: 50, width: 10, height: 10 }],
  );

  it("puts them below the object layers, first image at the bottom, with ids after the object layers'", () => {
    const map = mapOf(scene, { images: { sceneDir: "/p/levels", outputDir: "/p/out", pixelSizes: new Map([["fg", { width: 100, height: 50 }]]) } });
    expect(map.layers.map((l) => [l.type, l.id])).toEqual([["imagelayer", 2], ["imagelayer", 3], ["objectgroup", 1]]);
    expect(map.nextlayerid).toBe(4);
    expect(map.layers[0]).toEqual({
      id: 2, name: "art", type: "imagelayer", image: "../levels/art/level.png", visible: true, locked: false, opacity: 1, x: 0, y: 0, offsetx: 10, offsety: -20.5,
      properties: [{ name: "image_id", type: "string", value: "art" }],
    });
    expect(map.layers[1]).toEqual({
      id: 3, name: "fg", type: "imagelayer", image: "../shared/fg.png", imagewidth: 100, imageheight: 50, visible: false, locked: true, opacity: 0.25, x: 0, y: 0, offsetx: 0, offsety: 0,
      properties: [{ name: "image_id", type: "string", value: "fg" }, { name: "image_width", type: "float", value: 200 }, { name: "image_height", type: "float", value: 100 }],
    });
  });

  it("writes paths as the scene has them when no folders are given (the editor's export, saved next to the scene)", () => {
    expect(mapOf(scene).layers.slice(0, 2).map((l) => l.image)).toEqual(["art/level.png", "../shared/fg.png"]);
  });

  it("notes what Tiled cannot show: a drawn size other than the pixel size, a data: URL not written out, another drive", () => {
    const notes = tiledImageNotes(sceneOf([
      { id: "scaled", src: "a.png", x: 0, y: 0, width: 64, height: 32 },
      { id: "same", src: "a.png", x: 0, y: 0, width: 32, height: 32 },
      { id: "embedded", src: PIXEL, x: 0, y: 0 },
      { id: "drive", src: "b.png", x: 0, y: 0 },
    ]), { images: { sceneDir: "C:/p", outputDir: "C:/p", pixelSizes: new Map([["scaled", { width: 32, height: 32 }], ["same", { width: 32, height: 32 }]]) } });
    expect(notes).toEqual([
      { image: "scaled", message: "drawn at 64 × 32 but 32 × 32 pixels: Tiled draws image layers at their pixel size, so the map shows it at 32 × 32" },
      { image: "embedded", message: "embedded in the scene (a data: URL), which Tiled cannot load: left out of the map. Add it in Tiled as an image layer, or have the scene name its file: in the desktop app, save the scene in a folder beside the art, then add the picture from that file (Add image…) and export again" },
    ]);
    const other = tiledImageNotes(sceneOf([{ id: "drive", src: "b.png", x: 0, y: 0 }]), { images: { sceneDir: "C:/p", outputDir: "D:/q" } });
    expect(other).toEqual([{ image: "drive", message: "no relative path leads to it from the map's folder (another drive): written as C:/p/b.png" }]);
  });

  it("leaves a data: URL image out unless it was written to a file, then names that file", () => {
    const embedded = sceneOf([{ id: "e", src: PIXEL, x: 1, y: 2 }]);
    expect(mapOf(embedded).layers.map((l) => l.type)).toEqual(["objectgroup"]);
    const written = mapOf(embedded, { images: { sceneDir: "/p/levels", outputDir: "/p/out", extracted: new Map([["e", "/p/out/level-images/e.png"]]) } });
    expect(written.layers[0]).toMatchObject({ type: "imagelayer", image: "level-images/e.png", offsetx: 1, offsety: 2 });
  });

  it("sizes the map to hold images of known size too", () => {
    const big = sceneOf([{ id: "a", src: "a.png", x: 100, y: 0, width: 1000, height: 70 }, { id: "b", src: "b.png", x: 0, y: 200 }]);
    expect(mapOf(big)).toMatchObject({ width: Math.ceil(1100 / 32), height: Math.ceil(70 / 32) });
    expect(mapOf(big, { images: { pixelSizes: new Map([["b", { width: 10, height: 300 }]]) } })).toMatchObject({ width: Math.ceil(1100 / 32), height: Math.ceil(500 / 32) });
  });

  it("an empty image list writes the same map as none", () => {
    const shapes = [{ id: "floor", type: "box", x: 50, y: 50, width: 10, height: 10 }];
    expect(exportTiled(sceneOf([], shapes))).toBe(exportTiled({ ...sceneOf([], shapes), images: undefined }));
  });
});

describe("importTiled: image layers as images", () => {
  it("takes the offsets and opacity of the groups above, their hidden and locked, and rebases the path on the scene's folder", () => {
    const { scene, skipped } = imported(mapWith([
      {
        type: "group", name: "World", offsetx: 100, offsety: 10, opacity: 0.5, locked: true,
        layers: [{ type: "imagelayer", name: "Sky", image: "../art/sky.png", imagewidth: 640, imageheight: 480, offsetx: 5, offsety: 6, opacity: 0.5, visible: true }],
      },
      { type: "group", name: "Hidden", visible: false, layers: [{ type: "imagelayer", name: "Fog", image: "fog.png" }] },
    ]), { mapDir: "/p/maps", sceneDir: "/p/levels" });
    expect(skipped).toEqual([]);
    expect(scene.images).toEqual([
      { id: "World/Sky", src: "../art/sky.png", x: 105, y: 16, width: 640, height: 480, opacity: 0.25, locked: true },
      { id: "Hidden/Fog", src: "../maps/fog.png", x: 0, y: 0, visible: false },
    ]);
  });

  it("keeps paths relative to the map when no folders are given (the editor's import), and makes absolute ones relative when they are", () => {
    expect(imported(mapWith([{ type: "imagelayer", name: "a", image: "art/./a.png" }])).scene.images).toEqual([{ id: "a", src: "art/a.png", x: 0, y: 0 }]);
    expect(imported(mapWith([{ type: "imagelayer", name: "a", image: "/p/art/a.png" }]), { mapDir: "/q", sceneDir: "/p/levels" }).scene.images?.[0]?.src).toBe("../art/a.png");
  });

  it("reads its own maps' id and drawn size from properties, ignoring the pixel size Tiled 1.11+ adds", () => {
    const { scene } = imported(mapWith([
      { type: "imagelayer", name: "shown name", image: "a.png", imagewidth: 32, imageheight: 32, properties: [{ name: "image_id", type: "string", value: "art" }, { name: "image_width", type: "float", value: 64.5 }] },
      { type: "imagelayer", name: "plain", image: "b.png", imagewidth: 32, imageheight: 32, properties: [{ name: "image_id", type: "string", value: "b" }] },
    ]));
    expect(scene.images).toEqual([{ id: "art", src: "a.png", x: 0, y: 0, width: 64.5 }, { id: "b", src: "b.png", x: 0, y: 0 }]);
  });

  it("hands out unique ids: a stored one wins, names count up", () => {
    const { scene } = imported(mapWith([
      { type: "imagelayer", name: "b", image: "1.png" },
      { type: "imagelayer", name: "Sky", image: "2.png" },
      { type: "imagelayer", name: "Sky", image: "3.png" },
      { type: "imagelayer", name: "", image: "4.png" },
      { type: "imagelayer", name: "x", image: "5.png", properties: [{ name: "image_id", type: "string", value: "b" }] },
    ]));
    expect(scene.images?.map((i) => [i.id, i.src])).toEqual([["b-2", "1.png"], ["Sky", "2.png"], ["Sky-2", "3.png"], ["image", "4.png"], ["b", "5.png"]]);
  });

  it("lists what does not come along: no image, a URL, an absolute path with no folders, repeats, tints, custom properties", () => {
    const { scene, skipped } = imported(mapWith([
      { type: "imagelayer", name: "none", image: "" },
      { type: "imagelayer", name: "web", image: "https://example.com/a.png" },
      { type: "imagelayer", name: "abs", image: "/home/me/a.png" },
      { type: "imagelayer", name: "tiles", image: "t.png", repeatx: true, tintcolor: "#ff0000", properties: [{ name: "speed", type: "float", value: 2 }] },
    ]));
    expect(scene.images).toEqual([{ id: "tiles", src: "t.png", x: 0, y: 0 }]);
    expect(skipped).toEqual([
      { layer: "none", object: 0, name: "", reason: "image layer without an image" },
      { layer: "web", object: 0, name: "", reason: 'image "https://example.com/a.png": must be a path relative to the scene\'s folder or a data: URL, not "https:" (opening a scene never touches the network or other drives)' },
      { layer: "abs", object: 0, name: "", reason: 'image "/home/me/a.png": no relative path leads to it from the scene\'s folder (an absolute path: give the map\'s and the scene\'s folders)' },
      { layer: "tiles", object: 0, name: "", property: "speed", reason: "scene images have no custom properties" },
      { layer: "tiles", object: 0, name: "", property: "repeatx", reason: "a repeated image: imported once (scene images do not repeat)" },
      { layer: "tiles", object: 0, name: "", property: "tintcolor", reason: "scene images have no colour key or tint" },
    ]);
  });
});

const segment = fc.oneof(fc.constantFrom("art", "levels", "a b", "ünï"), fc.stringMatching(/^[a-z0-9_-]{1,5}$/));
const source = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.array(segment, { maxLength: 3 }), fc.stringMatching(/^[a-z0-9]{1,6}$/), fc.constantFrom("png", "jpg", "webp"))
  .map(([ups, dirs, name, ext]) => [...new Array<string>(ups).fill(".."), ...dirs, `${name}.${ext}`].join("/"));

const imageArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.oneof(fc.constantFrom(...HOSTILE.filter((h) => h !== "")), fc.string({ minLength: 1, maxLength: 8 })),
    src: source,
    x: real(-1e6, 1e6),
    y: real(-1e6, 1e6),
    width: fc.option(real(0.5, 5000), { nil: undefined }),
    height: fc.option(real(0.5, 5000), { nil: undefined }),
    opacity: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    visible: fc.option(fc.boolean(), { nil: undefined }),
    locked: fc.option(fc.boolean(), { nil: undefined }),
  }),
  { minLength: 1, maxLength: 5, selector: (i) => i.id },
).map((images) => images.map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined)) as unknown as SceneImage));

const SCENE_DIR = "/p/levels/a";
/** What a scene says of an image, defaults filled in and its path resolved ("../a/x.png" from /p/a is "x.png"). */
const canonical = (i: SceneImage) => ({ ...i, src: resolvePath(SCENE_DIR, i.src), opacity: i.opacity ?? 1, visible: i.visible !== false, locked: i.locked === true });

describe("round trip: scene images → TMJ → import → the same images", () => {
  it("ids, paths (from the scene's folder, through the map's), offsets, sizes, opacity, visible and locked", () => {
    fc.assert(
      fc.property(imageArbitrary, fc.constantFrom("/p/levels/a", "/p", "/q/deep/er", "/p/levels/a/out"), (images, outputDir) => {
        const scene = sceneOf(images);
        const sceneDir = SCENE_DIR;
        const map = exportTiled(scene, { images: { sceneDir, outputDir } });
        const back = imported(map, { mapDir: outputDir, sceneDir });
        expect(back.skipped).toEqual([]);
        expect(back.scene.images?.map(canonical)).toEqual(scene.images!.map(canonical));
      }),
      { seed: seedOf("tiled images round trip"), numRuns: 300 },
    );
  });
});
