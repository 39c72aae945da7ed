// The editor's export (runExport, in the page or the export worker) and scene images: Tiled gets
// image layers with the scene's own paths (the export saved beside the scene), and what it leaves
// out comes back as notes the status line shows; Godot's export from the editor has no sprites, and says so.
import { describe, expect, it } from "vitest";
import { parseScene, type Scene } from "../../core";
import { runExport } from "../../renderer/app/run-export";

function sceneOf(images: readonly object[]): Scene {
  const r = parseScene(JSON.stringify({ format: "collider-studio-scene", version: 1, images, shapes: [] }));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scene;
}

describe("runExport with scene images", () => {
  const scene = sceneOf([{ id: "art", src: "../art/level.png", x: 4, y: 5 }, { id: "pasted", src: "data:image/png;base64,iVBORw0KGgo=", x: 0, y: 0 }]);

  it("Tiled: the scene's paths, and a note for the data: URL image it leaves out", () => {
    const reply = runExport("tiled", scene);
    if (reply.kind !== "done") throw new Error(reply.message);
    const map = JSON.parse(reply.text) as { layers: { type: string; image?: string }[] };
    expect(map.layers.filter((l) => l.type === "imagelayer").map((l) => l.image)).toEqual(["../art/level.png"]);
    expect(reply.notes).toEqual(['image "pasted": embedded in the scene (a data: URL), which Tiled cannot load: left out of the map. Add it in Tiled as an image layer, or have the scene name its file: in the desktop app, save the scene in a folder beside the art, then add the picture from that file (Add image…) and export again']);
  });

  it("Godot and Box2D: no images, and a note saying so (Godot's: what a designer can do instead)", () => {
    const godot = "2 images without a sprite: this export writes the colliders only. Add the art in Godot (a Sprite2D at the image's X and Y, Centered off), or export from the command line with --with-images to have it written";
    const why = { godot, godot3: godot, box2d: "2 images: Box2D JSON has no images: left out" };
    for (const [format, line] of Object.entries(why)) {
      const reply = runExport(format, scene);
      expect(reply.kind === "done" && reply.notes).toEqual([line]);
      expect(reply.kind === "done" && reply.text).not.toContain("level.png");
    }
  });
});

describe("runExport of a scene imported from a Tiled map", () => {
  const r = parseScene(JSON.stringify({ format: "collider-studio-scene", version: 1, tiledMap: { src: "castle.tmx" }, shapes: [] }));
  if (!r.ok) throw new Error("fixture");

  it("Tiled: the map's tile size when the editor knows it, and a note that its tile layers and tilesets are not written", () => {
    const reply = runExport("tiled", r.scene, {}, 16);
    if (reply.kind !== "done") throw new Error(reply.message);
    expect(JSON.parse(reply.text)).toMatchObject({ tilewidth: 16, tileheight: 16, tilesets: [] });
    expect(reply.notes).toHaveLength(1);
    expect(reply.notes[0]).toMatch(/^the tile layers and tilesets of castle\.tmx, the map this scene came from: .*Save to Map/);
    const unknown = runExport("tiled", r.scene);
    expect(unknown.kind === "done" && JSON.parse(unknown.text).tilewidth).toBe(32);
  });
});
