// What each export format cannot carry of a scene is said, one line per kind of loss, and nothing
// is said of what it does carry: checked against the exporters' own output, so a line that claims
// a loss the file does not have (or misses one it has) fails.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bitsCollide } from "../../core/collision-filter";
import { EXPORT_FORMATS, exportFormat, parseScene, type Scene } from "../../core";
import { box2dWorld } from "../../core/export/box2d";
import { box2dLeftOut, godotLeftOut, phaserMatterLeftOut } from "../../core/export/left-out";

function sceneOf(extra: Record<string, unknown>): Scene {
  const r = parseScene(JSON.stringify({ format: "collider-studio-scene", version: 1, ...extra }));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.scene;
}

const platform = { id: "ledge", type: "chain", x: 0, y: 0, rotation: 0, points: [[0, 0], [100, 0]], oneSided: true, class: "Platform", properties: [{ name: "speed", type: "number", value: 3 }] };
const box = { id: "door", type: "box", x: 200, y: 0, rotation: 0, width: 20, height: 40, class: "Door", collisionLayer: 1 << 20 };
const rich = sceneOf({
  shapes: [platform, box, { id: "trigger", type: "chain", x: 0, y: 90, rotation: 0, points: [[0, 0], [50, 0]], oneSided: true, sensor: true }],
  layers: [{ id: "layer-1", name: "World", properties: [{ name: "music", type: "string", value: "cave" }] }],
  collisionLayers: [{ bit: 1, name: "world" }],
  images: [{ id: "art", src: "art.png", x: 0, y: 0 }],
});
const plain = sceneOf({ shapes: [{ id: "b", type: "box", x: 0, y: 0, rotation: 0, width: 10, height: 10 }] });

describe("what each export format leaves out", () => {
  it("Phaser Matter: chains as two-sided quads, layer properties, layer names and images; classes and properties are carried", () => {
    expect(phaserMatterLeftOut(rich)).toEqual([
      "2 chains: Matter has no edges, so each edge is a quad 1 px thick",
      "2 one-sided chains: Matter has no one-sided bodies, so they block from both sides",
      "collision bits only one side scans: \"ledge\" (layer 1, mask 1) and \"door\" (layer 1048576, mask 1) meet in the editor, which takes Godot's rule (either side scans the other), but not in Matter, where both sides must scan each other: add each one's layer to the other's mask",
      "the custom properties of 1 layer: left out",
      "the names of 1 collision layer: left out",
      "1 image: Phaser Matter has no images: left out",
    ]);
    // The file indeed has none of them.
    const text = exportFormat("phaser-matter")!.write(rich, {});
    for (const lost of ["oneSided", "music", "art.png"]) expect(text).not.toContain(lost);
    const written = JSON.parse(text) as Record<string, { class?: string; properties?: object }>;
    expect([written.ledge!.class, written.ledge!.properties, written.door!.class]).toEqual(["Platform", { speed: 3 }, "Door"]);
    // An object property naming no shape of the scene is written "".
    const lost = sceneOf({ shapes: [{ ...box, collisionLayer: 1, properties: [{ name: "opens", type: "object", value: 12 }] }] });
    expect(phaserMatterLeftOut(lost)).toEqual(['1 object property naming a Tiled object no shape was imported from: "opens" of "door" (object 12): written as ""']);
    expect(phaserMatterLeftOut(rich, { bodies: "layer", chainThickness: 4 })).toContain("the shapes' names: one body per layer and collision bits, named after the layer");
    expect(phaserMatterLeftOut(rich, { chainThickness: 4 })[0]).toBe("2 chains: Matter has no edges, so each edge is a quad 4 px thick");
  });

  it("Box2D JSON: classes, layer properties, images and, with 16 filter bits, layers 17–32; properties and one-sidedness are carried", () => {
    expect(box2dLeftOut(rich)).toEqual([
      "collision layers 17–32 of 1 shape: Box2D v2.x filters have 16 bits (the command line's --filter-bits 32 keeps them): left out",
      "collision bits only one side scans: \"ledge\" (layer 1, mask 1) and \"door\" (layer 1048576, mask 1) meet in the editor, which takes Godot's rule (either side scans the other), but not in Box2D, where both sides must scan each other: add each one's layer to the other's mask",
      "the class of 2 shapes: Box2D JSON has no place for it: left out",
      "the custom properties of 1 layer: left out",
      "1 image: Box2D JSON has no images: left out",
    ]);
    expect(box2dLeftOut(rich, { filterBits: 32 })[1]).toBe("the class of 2 shapes: Box2D JSON has no place for it: left out");
    const world = box2dWorld(rich);
    const door = world.body.find((b) => b.name === "door")!;
    expect(door.fixture[0]!["filter-categoryBits"]).toBe(0);
    expect(JSON.stringify(world.body.find((b) => b.name === "ledge"))).toContain("speed");
    expect(JSON.stringify(world)).not.toContain("Platform");
  });

  it("Godot: layer properties, collision layer names, images without sprites, and one-sided sensors; classes are carried (groups)", () => {
    expect(godotLeftOut(rich)).toEqual([
      "1 one-sided sensor chain: an Area2D has no one-way collision, so it is two-sided",
      "the custom properties of 1 layer: left out",
      "the names of 1 collision layer: left out",
      "1 image without a sprite: this export writes the colliders only. Add the art in Godot (a Sprite2D at the image's X and Y, Centered off), or export from the command line with --with-images to have it written",
    ]);
    expect(godotLeftOut(rich, { withImages: true })).not.toContainEqual(expect.stringMatching(/image/));
    const text = exportFormat("godot")!.write(rich, {});
    expect(text).toContain("one_way_collision = true");
    expect(text).toContain('groups=["Platform"]');
  });

  it("Godot: custom properties under another metadata key are listed with their shape and both keys, and object properties naming no shape's Tiled object", () => {
    const keys = sceneOf({ shapes: [
      { id: "door-1", name: "Door", type: "box", x: 0, y: 0, rotation: 0, width: 1, height: 1, tiledId: 4, properties: [{ name: "open speed", type: "number", value: 2 }, { name: "my prop-1", type: "int", value: 1 }, { name: "2nd", type: "boolean", value: true }, { name: "ok_key", type: "string", value: "" }, { name: "to", type: "object", value: 4 }] },
      { id: "lever", type: "box", x: 0, y: 0, rotation: 0, width: 1, height: 1, properties: [{ name: "shape_id", type: "string", value: "mine" }, { name: "door", type: "object", value: 9 }] },
    ] });
    expect(godotLeftOut(keys)).toEqual([
      `4 custom properties under another metadata key: Godot 4's metadata keys are identifiers (letters, digits and _) and shape_id holds the shape's id, so "open speed" of "Door" is open_speed, "my prop-1" of "Door" is my_prop_1, "2nd" of "Door" is _nd, "shape_id" of "lever" is shape_id2; get_meta takes the key as written`,
      `1 object property naming a Tiled object no shape was imported from: "door" of "lever" (object 9): written as an empty NodePath`,
    ]);
    expect(godotLeftOut(keys, { version: 3 })[0]).toBe(`1 custom property under another metadata key: shape_id holds the shape's id, so "shape_id" of "lever" is shape_id2; get_meta takes the key as written`);
    // Read off the export: those keys are the ones written.
    const text = exportFormat("godot")!.write(keys, {});
    for (const line of ["metadata/open_speed = 2.0", "metadata/my_prop_1 = 1", "metadata/_nd = true", 'metadata/ok_key = ""', 'metadata/to = NodePath(".")', 'metadata/shape_id2 = "mine"', 'metadata/door = NodePath("")']) expect(text).toContain(line);
  });

  it("Godot: shapes whose node is named otherwise (a repeated name takes the shape's id, a refused character becomes _) are listed, with the first as an example", () => {
    const crate = (i: number) => ({ id: `box-${i}`, type: "box", x: 40 * i, y: 0, rotation: 0, width: 20, height: 20, name: "crate" });
    const wall = { id: "chain-1", type: "chain", x: 0, y: 90, rotation: 0, points: [[0, 0], [50, 0], [50, 50]], name: "wall" };
    const crates = sceneOf({ shapes: [...[1, 2, 3, 4, 5, 6].map(crate), wall, { ...crate(7), name: "a.b" }] });
    expect(godotLeftOut(crates)).toEqual([
      `7 shapes renamed: a Godot node's name is unique among its body's children (shapes sharing one take their id after it) and has no . : @ / " %, so "crate" is written crate_box-1 (and 6 more); name them apart in the editor to choose the names yourself`,
    ]);
    // Read off the export itself: the nodes are so named, and a chain's second edge (wall2) is not a rename.
    const text = exportFormat("godot")!.write(crates, {});
    for (const name of ["crate_box-1", "crate_box-2", "crate_box-6", "wall", "wall2", "a_b"]) expect(text).toContain(`[node name="${name}" type=`);
    // Names already unique and valid: nothing said.
    expect(godotLeftOut(sceneOf({ shapes: [crate(1), { ...crate(2), name: "crate2" }, wall] }))).toEqual([]);
  });

  it("a scene of plain shapes loses nothing in any format; Tiled carries every field of a shape", () => {
    for (const format of EXPORT_FORMATS) expect(format.leftOut?.(plain, {}) ?? [], format.id).toEqual([]);
    expect(exportFormat("tiled")!.leftOut!(rich, {})).toEqual([]);
  });

  it("Tiled: a scene from a Tiled map loses that map's tile layers and tilesets, and is pointed to Save to Map", () => {
    const fromMap = sceneOf({ shapes: plain.shapes, tiledMap: { src: "maps/castle.tmx" } });
    const lines = exportFormat("tiled")!.leftOut!(fromMap, {});
    expect(lines).toEqual([
      "the tile layers and tilesets of maps/castle.tmx, the map this scene came from: a Tiled export writes a new map of the colliders and images only (Save to Map, or the command line's export --into maps/castle.tmx, writes the colliders into that map and keeps its tiles): left out",
    ]);
    // Read off the export itself: a new map with no tile layer and no tileset.
    const map = JSON.parse(exportFormat("tiled")!.write(fromMap, {})) as { layers: { type: string }[]; tilesets: unknown[] };
    expect(map.layers.some((l) => l.type === "tilelayer")).toBe(false);
    expect(map.tilesets).toEqual([]);
  });
});

describe("bits that only one side scans (Godot's rule against Box2D's and Matter's)", () => {
  it("are named exactly when some two shapes interact under the editor's rule and not under the format's (fast-check, pinned seed)", () => {
    const bitsArb = fc.constantFrom(0, 1, 2, 3, 4, 5, 1 << 31 >>> 0, 0xffffffff);
    fc.assert(fc.property(fc.array(fc.record({ layer: bitsArb, mask: bitsArb }), { minLength: 1, maxLength: 8 }), (sides) => {
      const scene = sceneOf({ shapes: sides.map((b, i) => ({ id: `s${i}`, type: "circle", x: 0, y: 0, rotation: 0, radius: 1, collisionLayer: b.layer, collisionMask: b.mask })) });
      // The reference: every pair of shapes, both rules.
      let differs = false;
      for (const a of sides) for (const b of sides) if (bitsCollide(a.layer, a.mask, b.layer, b.mask, "godot") !== bitsCollide(a.layer, a.mask, b.layer, b.mask, "box2d")) differs = true;
      const named = (lines: string[]) => lines.some((l) => l.startsWith("collision bits only one side scans"));
      expect(named(phaserMatterLeftOut(scene))).toBe(differs);
      expect(named(box2dLeftOut(scene, { filterBits: 32 }))).toBe(differs);
      expect(named(godotLeftOut(scene))).toBe(false);
    }), { seed: 2712, numRuns: 300 });
  });

  it("name the first pair and count the rest", () => {
    const scene = sceneOf({ shapes: [
      { id: "player", type: "circle", x: 0, y: 0, rotation: 0, radius: 1, collisionLayer: 2, collisionMask: 5 },
      { id: "ground", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 },
      { id: "coin", type: "circle", x: 0, y: 0, rotation: 0, radius: 1, collisionLayer: 4, collisionMask: 0 },
    ] });
    expect(phaserMatterLeftOut(scene)[0]).toMatch(/^collision bits only one side scans: "player" \(layer 2, mask 5\) and "ground" \(layer 1, mask 1\), and 1 more pair of bits meet in the editor/);
  });
});
