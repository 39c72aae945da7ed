// The Godot exporter's sprites (withImages): ext_resources with res:// paths, one Sprite2D (Godot
// 3: Sprite) per image before the bodies, position, scale from the pixel size, modulate, visible,
// lock; what is left out and why; texture ids that a re-export keeps. Read back with the strict
// .tscn reader; images-real.test.ts loads the Godot 3 file in godot3-server.
import { describe, expect, it } from "vitest";
import { parseScene, type Scene } from "../../core/index";
import { exportGodot, godotImageNotes, planGodotScene, type GodotExportOptions } from "../../core/export/godot";
import { changedLines, prop, readTscn, type TscnSection } from "./tscn-reader";

function sceneOf(images: readonly object[], shapes: readonly object[] = [], extra: object = {}): Scene {
  const r = parseScene(JSON.stringify({ format: "collider-studio-scene", version: 1, images, shapes, ...extra }));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scene;
}

const PIXEL = "data:image/png;base64,iVBORw0KGgo=";
const sizes = (entries: Record<string, [number, number]>) => new Map(Object.entries(entries).map(([id, [width, height]]) => [id, { width, height }]));

const scene = sceneOf(
  [
    { id: "art", src: "art/level.png", x: 10, y: -20.5 },
    { id: "fg", src: "art/level.png", x: 0, y: 0, width: 200, height: 25, opacity: 0.25, visible: false, locked: true },
    { id: "Ground", src: "ground.webp", x: 3, y: 4 },
  ],
  [{ id: "floor", type: "box", x: 50, y: 50, width: 10, height: 10 }],
  { layers: [{ id: "layer-1", name: "Ground" }] },
);
const options = (version: 3 | 4): GodotExportOptions => ({ version, withImages: true, images: { sceneDir: "/p/levels", outputDir: "/p/levels", pixelSizes: sizes({ fg: [100, 50] }) } });

describe("Godot sprites for scene images", () => {
  for (const version of [4, 3] as const) {
    it(`Godot ${version}: one texture per file, sprites first under the root, in image order`, () => {
      const text = exportGodot(scene, options(version));
      const sections = readTscn(text);
      const header = sections[0]!;
      expect(header.attrs.get("load_steps")).toBe(4); // two textures, one shape, plus one
      const ext = sections.filter((s) => s.tag === "ext_resource");
      expect(ext.map((s) => [s.attrs.get("path"), s.attrs.get("type")])).toEqual([
        ["res://art/level.png", version === 4 ? "Texture2D" : "Texture"],
        ["res://ground.webp", version === 4 ? "Texture2D" : "Texture"],
      ]);
      // Godot writes external resources before sub-resources.
      expect(sections.map((s) => s.tag).slice(0, 4)).toEqual(["gd_scene", "ext_resource", "ext_resource", "sub_resource"]);
      const nodes = sections.filter((s) => s.tag === "node");
      const sprite = version === 4 ? "Sprite2D" : "Sprite";
      // The body keeps its layer's name; the image with the same id takes "_image".
      expect(nodes.map((n) => [n.attrs.get("name"), n.attrs.get("type"), n.attrs.get("parent") ?? null])).toEqual([
        ["Colliders", "Node2D", null], ["art", sprite, "."], ["fg", sprite, "."], ["Ground_image", sprite, "."], ["Ground", "StaticBody2D", "."], ["floor", "CollisionShape2D", "Ground"],
      ]);
      const [art, fg, ground] = nodes.slice(1, 4) as [TscnSection, TscnSection, TscnSection];
      const texture = (s: TscnSection) => prop(s, "texture") as { ctor: string; args: readonly unknown[] };
      const idOf = (i: number) => ext[i]!.attrs.get("id");
      expect(texture(art)).toEqual({ ctor: "ExtResource", args: [idOf(0)] });
      expect(texture(fg)).toEqual({ ctor: "ExtResource", args: [idOf(0)] });
      expect(texture(ground)).toEqual({ ctor: "ExtResource", args: [idOf(1)] });
      expect(art.props.map(([k]) => k)).toEqual(["position", "texture", "centered"]);
      expect(prop(art, "position")).toEqual({ ctor: "Vector2", args: [10, -20.5] });
      expect(prop(art, "centered")).toBe(false);
      expect(fg.props.map(([k]) => k)).toEqual(["visible", "modulate", "scale", "texture", "centered", ...(version === 4 ? ["metadata/_edit_lock_"] : ["__meta__"])]);
      expect(prop(fg, "visible")).toBe(false);
      expect(prop(fg, "modulate")).toEqual({ ctor: "Color", args: [1, 1, 1, 0.25] });
      expect(prop(fg, "scale")).toEqual({ ctor: "Vector2", args: [2, 0.5] });
    });
  }

  it("texture ids come from the path, so adding, removing or reordering an image changes only its own lines (and load_steps)", () => {
    const images = [
      { id: "sky", src: "art/sky.png", x: 1, y: 2 },
      { id: "hills", src: "art/hills.png", x: 3, y: 4 },
      { id: "hills-2", src: "art/hills.png", x: 5, y: 6 },
      { id: "fg", src: "fg.png", x: 7, y: 8 },
    ];
    const shapes = [{ id: "floor", type: "box", x: 50, y: 50, width: 10, height: 10 }];
    const o = (version: 3 | 4): GodotExportOptions => ({ version, withImages: true, images: { sceneDir: "/p", outputDir: "/p" } });
    for (const version of [4, 3] as const) {
      const exported = (list: readonly object[]) => exportGodot(sceneOf(list, shapes), o(version));
      const before = exported(images);
      const ids = readTscn(before).filter((s) => s.tag === "ext_resource").map((s) => [s.attrs.get("path"), s.attrs.get("id")] as const);
      // One per path, in path order; Godot 3's ids are integers (FNV-1a of the path), Godot 4's strings.
      expect(ids.map(([path]) => path)).toEqual(["res://art/hills.png", "res://art/sky.png", "res://fg.png"]);
      if (version === 4) expect(ids.map(([, id]) => id)).toEqual(["Texture2D_art_hills_png", "Texture2D_art_sky_png", "Texture2D_fg_png"]);
      else for (const [, id] of ids) expect(Number.isInteger(id) && (id as number) >= 1 && (id as number) <= 999_999_999).toBe(true);
      // The first image, alone on its path: its ext_resource (1 line + blank), its sprite (header,
      // position, texture, centered + blank) and load_steps (old and new).
      expect(changedLines(before, exported(images.slice(1)))).toBe(2 + 5 + 2);
      // One of two sprites sharing a texture: its sprite only.
      expect(changedLines(before, exported(images.filter((i) => i.id !== "hills")))).toBe(5);
      // The last image moved to the bottom: its sprite moves (removed and added), nothing else.
      expect(changedLines(before, exported([images[3]!, ...images.slice(0, 3)]))).toBe(2 * 5);
      // A new image on a new path, at the bottom: its lines and load_steps.
      expect(changedLines(before, exported([{ id: "far", src: "art/far.png", x: 9, y: 9 }, ...images]))).toBe(2 + 5 + 2);
    }
  });

  it("without withImages, the scene's images change nothing", () => {
    const without = sceneOf([], [{ id: "floor", type: "box", x: 50, y: 50, width: 10, height: 10 }], { layers: [{ id: "layer-1", name: "Ground" }] });
    for (const version of [3, 4] as const) expect(exportGodot(scene, { version })).toBe(exportGodot(without, { version }));
  });

  it("names res:// from the project's folder, and leaves out what it cannot name or scale", () => {
    const tricky = sceneOf([
      { id: "up", src: "../shared/a.png", x: 0, y: 0 },
      { id: "in", src: "../shared/a.png", x: 0, y: 0, width: 64 },
      { id: "embedded", src: PIXEL, x: 0, y: 0 },
      { id: "written", src: PIXEL, x: 0, y: 0 },
      { id: "unsized", src: "b.png", x: 0, y: 0, height: 10 },
    ]);
    const o: GodotExportOptions = { withImages: true, images: { sceneDir: "/game/levels", outputDir: "/game", pixelSizes: sizes({ in: [32, 32] }), extracted: new Map([["written", "/game/out/level-images/written.png"]]) } };
    const plan = planGodotScene(tricky, o);
    expect(plan.sprites.map((s) => [s.name, s.texture, s.scaleX, s.scaleY])).toEqual([
      ["up", "res://shared/a.png", 1, 1],
      ["in", "res://shared/a.png", 2, 1],
      ["written", "res://out/level-images/written.png", 1, 1],
    ]);
    expect(godotImageNotes(tricky, o)).toEqual([
      { image: "embedded", message: "a data: URL, which a Godot scene cannot load as a texture: left out" },
      { image: "unsized", message: "its size in pixels is unknown, so its scale cannot be written: left out" },
    ]);
    const outside = godotImageNotes(tricky, { ...o, images: { ...o.images, outputDir: "/game/levels" } });
    expect(outside.slice(0, 2)).toEqual([
      { image: "up", message: "../shared/a.png is outside the folder res:// names (the Godot project's): left out" },
      { image: "in", message: "../shared/a.png is outside the folder res:// names (the Godot project's): left out" },
    ]);
    expect(godotImageNotes(sceneOf([{ id: "d", src: "a.png", x: 0, y: 0 }]), { withImages: true, images: { sceneDir: "C:/game", outputDir: "D:/game" } })).toEqual([
      { image: "d", message: "no res:// path reaches it (another drive): C:/game/a.png: left out" },
    ]);
  });

  it("escapes paths and names for the format", () => {
    const hostile = sceneOf([{ id: 'a "q"/b', src: 'dir "x"/ü.png', x: 0, y: 0 }]);
    for (const version of [3, 4] as const) {
      const sections = readTscn(exportGodot(hostile, { version, withImages: true }));
      expect(sections.find((s) => s.tag === "ext_resource")!.attrs.get("path")).toBe('res://dir "x"/ü.png');
      expect(sections.filter((s) => s.tag === "node")[1]!.attrs.get("name")).toBe("a _q__b");
    }
  });
});
