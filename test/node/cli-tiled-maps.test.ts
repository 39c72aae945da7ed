// `collider-studio import` of TMX and TMJ maps through loadTiledMap: external tilesets and
// templates read (templates applied), one line per problem naming the file, line and column,
// exit 1 for a file read and found wrong, 2 for a file that cannot be read, never a stack trace.
import { runInMemory } from "./run-cli";
import { describe, expect, it } from "vitest";
import { parseScene } from "../../core/scene/io";

const FIXTURES = "test/fixtures/tiled";

/** Runs the CLI in process; files come from `files`, else from disk. */
const run = (argv: readonly string[], files: Record<string, string> = {}) => runInMemory(argv, files, { disk: true });

const MAP = (body: string, tilesets = "") => `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="4" height="4" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="9">
${tilesets}${body}
</map>
`;

describe("import of Tiled maps with their tilesets and templates", () => {
  it("a TMX map: its shapes, its images, and what it could not bring listed", async () => {
    const r = await run(["import", `${FIXTURES}/libtmx/csv.tmx`]);
    expect(r.code).toBe(0);
    const scene = parseScene(r.out);
    if (!scene.ok) throw new Error(JSON.stringify(scene.problems));
    expect(scene.scene.shapes.map((s) => [s.id, s.type, s.name])).toEqual([["tiled-1", "box", "square"], ["tiled-2", "polygon", "polygon"], ["tiled-3", "chain", "polyline"], ["tiled-4", "circle", "ellipse"]]);
    expect(scene.scene.images?.map((i) => [i.id, i.width, i.height])).toEqual([["Group/Image", 896, 576]]);
    // One line each, naming the property when only a property was left out.
    const at = `${FIXTURES}/libtmx/csv.tmx`;
    expect(r.err.trimEnd().split("\n")).toEqual([
      `${at}: not imported: the map, property "class": the map's class "map_class": only objects keep their class`,
      `${at}: not imported: layer "Group/Image", property "alt": scene images have no custom properties`,
      `${at}: not imported: layer "Group/Image", property "repeatx": a repeated image: imported once (scene images do not repeat)`,
      `${at}: not imported: layer "Group/Image", property "repeaty": a repeated image: imported once (scene images do not repeat)`,
      `${at}: not imported: layer "Objects", property "class": the layer's class "obj_layer_class": only objects keep their class`,
      `${at}: not imported: layer "Objects", object 5 "text": text object`,
      `${at}: imported 4 shapes, 1 image; 1 tile layer left in the map as its backdrop; 6 items not imported (listed above)`,
    ]);
  });

  it("templates are applied: an instance imports with its template's shape, size and properties, its own position and name", async () => {
    const files = {
      "game/maps/level.tmx": MAP(` <objectgroup id="1" name="Walls">
  <object id="1" template="../templates/wall.tx" x="10" y="20"/>
  <object id="2" template="../templates/wall.tx" name="tall" x="100" y="20" width="16" height="64">
   <properties><property name="collision_layer" type="int" value="3"/></properties>
  </object>
 </objectgroup>`),
      "game/templates/wall.tx": `<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="wall" type="Wall" width="32" height="8">
  <properties><property name="collision_layer" type="int" value="2"/></properties>
 </object>
</template>
`,
    };
    const r = await run(["import", "game/maps/level.tmx"], files);
    expect(r.err).toBe("game/maps/level.tmx: imported 2 shapes\n");
    const scene = parseScene(r.out);
    if (!scene.ok) throw new Error(JSON.stringify(scene.problems));
    expect(scene.scene.shapes).toEqual([
      expect.objectContaining({ type: "box", name: "wall", x: 26, y: 24, width: 32, height: 8, collisionLayer: 2 }),
      expect.objectContaining({ type: "box", name: "tall", x: 108, y: 52, width: 16, height: 64, collisionLayer: 3 }),
    ]);
    // The template was read once for both objects.
    expect(r.reads.filter((p) => p.endsWith("wall.tx"))).toEqual(["game/templates/wall.tx"]);
  });

  it("TMX and TMJ of the same map (Tiled's own conversion, with its TSX/TSJ tileset and TX/TJ templates) give the same scene", async () => {
    const dir = `${FIXTURES}/tiled-examples/sticker-knight`;
    const scenes = [];
    for (const map of ["sandbox.tmx", "sandbox.tmj", "sandbox-json.tmx"]) {
      const r = await run(["import", `${dir}/${map}`]);
      expect(r.code, map).toBe(0);
      const read = parseScene(r.out);
      if (!read.ok) throw new Error(map);
      const { tiledMap, ...scene } = read.scene;
      expect(tiledMap?.src).toBe(`${dir}/${map}`);
      // The objects as imported, the base of a later export --into, are the same too.
      scenes.push({ ...scene, base: tiledMap?.base });
    }
    expect(scenes[0]!.shapes.length).toBeGreaterThanOrEqual(2);
    expect(scenes[0]!.layers!.length).toBeGreaterThanOrEqual(2);
    expect(scenes[1]).toEqual(scenes[0]);
    expect(scenes[2]).toEqual(scenes[0]);
  });

  it("a TMJ map with a JSON tileset (.tsj) and JSON templates (.tj) goes through the same loader", async () => {
    const r = await run(["import", `${FIXTURES}/tiled-examples/sticker-knight/sandbox.tmj`]);
    expect(r.code).toBe(0);
    // The hero is a template instance of a tile: with its template applied it is a tile object,
    // left in the map and drawn with it (counted, not listed as not imported).
    expect(r.err).not.toContain('"hero"');
    expect(r.err).toMatch(/imported 2 shapes; \d+ tile objects left in the map as its backdrop\n$/);
    expect(r.err).not.toContain("template");
    expect(r.reads).toEqual(expect.arrayContaining([`${FIXTURES}/tiled-examples/sticker-knight/objs.tsj`, `${FIXTURES}/tiled-examples/sticker-knight/templates/hero.tj`]));
  });

  it("a missing tileset or template: exit 2, one line naming it where the map refers to it", async () => {
    const tileset = await run(["import", "m.tmx"], { "m.tmx": MAP(' <objectgroup id="1" name="o"/>', ' <tileset firstgid="1" source="gone/t.tsx"/>\n') });
    expect(tileset.code).toBe(2);
    expect(tileset.out).toBe("");
    expect(tileset.err).toBe('m.tmx:3:2: tilesets[0].source: cannot read the tileset "gone/t.tsx": cannot read gone/t.tsx: no such file\n');
    const template = await run(["import", "m.tmx"], { "m.tmx": MAP(' <objectgroup id="1" name="o">\n  <object id="1" template="gone.tx" x="1" y="2"/>\n </objectgroup>') });
    expect(template.code).toBe(2);
    expect(template.err).toBe('m.tmx:4:3: layers[0].objects[0].template: cannot read the template "gone.tx": cannot read gone.tx: no such file\n');
  });

  it("a malformed TMX or TSX: exit 1 with its file, line and column", async () => {
    const map = await run(["import", "bad.tmx"], { "bad.tmx": '<?xml version="1.0"?>\n<map orientation="orthogonal">\n <layer>\n</map>\n' });
    expect(map.code).toBe(1);
    expect(map.err).toMatch(/^bad\.tmx:4:1: not well-formed XML: Expected closing tag 'layer'.*\n$/);
    const tileset = await run(["import", "m.tmx"], { "m.tmx": MAP(' <objectgroup id="1" name="o"/>', ' <tileset firstgid="1" source="t.tsx"/>\n'), "t.tsx": '<tileset name="t" tilewidth="x"/>' });
    expect(tileset.code).toBe(1);
    expect(tileset.err).toBe('t.tsx:1:1: attribute tilewidth="x" is not a whole number\n');
  });

  it("an unknown encoding or compression: exit 1, named by its path in the map", async () => {
    const tmx = await run(["import", "m.tmx"], { "m.tmx": MAP(' <layer id="1" name="L" width="4" height="4">\n  <data encoding="base64" compression="lzma">AAAA</data>\n </layer>') });
    expect(tmx.code).toBe(1);
    expect(tmx.err).toBe('m.tmx:4:3: layers[0].compression: unknown compression "lzma" (Tiled writes zlib, gzip or zstd)\n');
    const tmj = JSON.stringify({ type: "map", orientation: "orthogonal", layers: [{ type: "tilelayer", name: "L", width: 2, height: 1, encoding: "base64", compression: "brotli", data: "AAAAAAAAAAA=" }] });
    const r = await run(["import", "m.tmj"], { "m.tmj": tmj });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^m\.tmj:1:\d+: layers\[0\]\.data: unknown compression "brotli"\n$/);
  });

  it("a problem the import finds in a TMX map is placed at its line in the map", async () => {
    const iso = MAP(' <objectgroup id="1" name="o"/>').replace('orientation="orthogonal"', 'orientation="isometric"');
    const r = await run(["import", "iso.tmx"], { "iso.tmx": iso });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^iso\.tmx:2:1: orientation: only orthogonal maps can be imported/);
  });
});
