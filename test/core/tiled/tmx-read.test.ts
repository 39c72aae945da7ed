// parseTmx, parseTsx and parseTx on their own (tmx-read-tiled.test.ts compares them with Tiled).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeTileData } from "../../../core/tiled/layer-data";
import { parseTmx, parseTsx, parseTx, tiledColor } from "../../../core/tiled/tmx-read";
import type { JsonObject } from "../../../core/tiled/types";
import { FIXTURES } from "./tiled-app";

type Json = { [key: string]: unknown };

function read(file: string, parse = parseTmx): JsonObject {
  const r = parse(readFileSync(join(FIXTURES, file), "utf8"), file);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  expect(r.problems).toEqual([]);
  return r.value;
}

const layers = (map: JsonObject) => map.layers as Json[];

/** The problems parseTmx finds in `text`, as "line:column: path: message". */
function problems(text: string, parse = parseTmx): string[] {
  const r = parse(text, "f.tmx");
  expect(r.ok).toBe(false);
  return r.problems.map((p) => `${p.line}:${p.column}: ${p.path}: ${p.message}`);
}

const MAP = (body: string, attrs = 'width="2" height="2"') => `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" ${attrs} tilewidth="16" tileheight="16">
${body}
</map>`;

describe("parseTmx: tile layer data", () => {
  it("the same layer in CSV, base64, zlib, gzip and zstd: the same gids, each layer keeping its own encoding", () => {
    const forms = { csv: undefined, base64: "", zlib: "zlib", gzip: "gzip", zstd: "zstd" } as const;
    const gids = Object.entries(forms).map(([name, compression]) => {
      const layer = layers(read(`tiled-examples/${name === "zlib" ? "desert" : `desert-${name}`}.tmx`))[0]!;
      if (compression === undefined) {
        expect(Array.isArray(layer.data)).toBe(true);
        expect(layer.encoding).toBeUndefined();
      } else {
        expect(typeof layer.data).toBe("string");
        expect([layer.encoding, layer.compression]).toEqual(["base64", compression]);
        // As written, whitespace (TMX indentation) taken out.
        expect(layer.data).toMatch(/^[A-Za-z0-9+/=]+$/);
      }
      const decoded = decodeTileData(layer.data as string, layer.encoding as string | undefined, layer.compression as string | undefined, 40 * 40);
      if (!decoded.ok) throw new Error(decoded.message);
      return Array.from(decoded.gids);
    });
    expect(gids[0]!.filter((g) => g !== 0).length).toBeGreaterThan(1000);
    for (const g of gids) expect(g).toEqual(gids[0]);
  });

  it("XML <tile> data is an array, like CSV", () => {
    const map = parseTmx(MAP('<layer id="1" name="L" width="2" height="2"><data><tile gid="3"/><tile/><tile gid="2147483649"/><tile gid="0"/></data></layer>'), "m.tmx");
    expect(map.ok && layers(map.value)[0]!.data).toEqual([3, 0, 2147483649, 0]);
  });

  it("an infinite map's layers keep their chunks; width, height, startx and starty are Tiled's 16-aligned bounds of the filled cells", () => {
    const layer = layers(read("tileson/test-maps/infinite.tmx"))[0]!;
    expect([layer.startx, layer.starty, layer.width, layer.height]).toEqual([-16, -16, 32, 32]);
    expect((layer.chunks as Json[]).map((c) => [c.x, c.y, c.width, c.height])).toEqual([[-16, -16, 16, 16], [0, -16, 16, 16], [-16, 0, 16, 16], [0, 0, 16, 16]]);
    const cells = new Array(16 * 16).fill(0);
    cells[16 * 3 + 5] = 7; // cell (37, 19) of the chunk at (32, 16)
    const one = parseTmx(MAP(`<layer id="1" name="L" width="2" height="2"><data encoding="csv"><chunk x="32" y="16" width="16" height="16">${cells.join(",")}</chunk><chunk x="0" y="0" width="16" height="16">${new Array(256).fill(0).join(",")}</chunk></data></layer>`, 'width="2" height="2" infinite="1"'), "m.tmx");
    if (!one.ok) throw new Error(JSON.stringify(one.problems));
    const l = layers(one.value)[0]!;
    expect([l.startx, l.starty, l.width, l.height]).toEqual([32, 16, 16, 16]);
  });

  it("refuses data that is not what its layer says, with the line and column of <data>", () => {
    const layer = (data: string) => MAP(` <layer id="1" name="L" width="2" height="2">\n  ${data}\n </layer>`);
    expect(problems(layer('<data encoding="csv">1,2,3</data>'))).toEqual(["4:3: layers[0].data: expected 4 tiles (2 × 2), found 3"]);
    expect(problems(layer('<data encoding="csv">1,2,x,4</data>'))).toEqual(['4:3: layers[0].data: tile 2: "x" is not a gid']);
    expect(problems(layer('<data encoding="yaml">1</data>'))).toEqual(['4:3: layers[0].encoding: unknown encoding "yaml" (Tiled writes csv or base64)']);
    expect(problems(layer('<data encoding="base64" compression="lzma">AAAA</data>'))).toEqual(['4:3: layers[0].compression: unknown compression "lzma" (Tiled writes zlib, gzip or zstd)']);
    expect(problems(layer('<data encoding="base64">AAAAAAAAAAA=</data>'))).toEqual(["4:3: layers[0].data: base64 data: expected 4 tiles (16 bytes), found 8 bytes"]);
    expect(problems(layer('<data encoding="base64" compression="zlib">AAAAAAAAAAA=</data>'))).toEqual([expect.stringMatching(/^4:3: layers\[0\]\.data: base64 zlib data: cannot decompress the zlib data/)]);
    expect(problems(layer("<data><tile/><tile/></data>"))).toEqual(["4:3: layers[0].data: expected 4 <tile> elements (2 × 2), found 2"]);
  });
});

describe("parseTmx: the map", () => {
  it("properties of every type, in the file's order, with class members and propertytype", () => {
    const map = read("libtmx/csv.tmx");
    expect(map.class).toBe("map_class");
    expect(map.properties).toEqual([
      { name: "alt", type: "file", value: "csv.tmx" },
      { name: "bool_false", type: "bool", value: false },
      { name: "bool_true", type: "bool", value: true },
      { name: "colour", type: "color", value: "#cc1a1a1a" },
      { name: "multilines", type: "string", value: "foo\nbar\nbaz" },
      { name: "my_class", type: "class", propertytype: "MyClass", value: { MyInt: 22, MyName: "my_class_name" } },
      { name: "my_enum", type: "int", propertytype: "MyEnum", value: 5 },
      { name: "obj", type: "object", value: 3 },
      { name: "pi", type: "float", value: 3.14 },
      { name: "xml", type: "string", value: "libxml2" },
    ]);
  });

  it("list properties (Tiled 1.12) and colours as Tiled writes them", () => {
    const map = parseTmx(MAP(`<properties>
  <property name="l" type="list"><item type="int" value="10"/><item value="text"/><item type="list"><item type="bool" value="true"/></item></property>
  <property name="c" type="color" value="#ABCDEF"/>
  <property name="e" type="color" value=""/>
 </properties>`, 'width="2" height="2" backgroundcolor="#FF112233"'), "m.tmx");
    if (!map.ok) throw new Error(JSON.stringify(map.problems));
    expect(map.value.backgroundcolor).toBe("#112233");
    expect(map.value.properties).toEqual([
      { name: "l", type: "list", value: [{ type: "int", value: 10 }, { type: "string", value: "text" }, { type: "list", value: [{ type: "bool", value: true }] }] },
      { name: "c", type: "color", value: "#ffabcdef" },
      { name: "e", type: "color", value: "" },
    ]);
    expect([tiledColor("#80ff0000"), tiledColor("#fff"), tiledColor("#ffff0000", true), tiledColor("red")]).toEqual(["#80ff0000", "#ffffff", "#ffff0000", null]);
  });

  it("gives ids to layers and objects without one, in document order, as Tiled does", () => {
    const map = parseTmx(MAP(`<group name="G"><objectgroup name="A"><object x="1" y="2"/><object id="7"/></objectgroup></group>
 <objectgroup id="9" name="B"><object/></objectgroup>
 <layer name="C" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>`), "m.tmx");
    if (!map.ok) throw new Error(JSON.stringify(map.problems));
    const [g, b, c] = layers(map.value);
    const a = (g!.layers as Json[])[0]!;
    expect([g!.id, a.id, b!.id, c!.id]).toEqual([1, 2, 9, 3]);
    expect([...(a.objects as Json[]), ...(b!.objects as Json[])].map((o) => o.id)).toEqual([1, 7, 2]);
    expect([map.value.nextlayerid, map.value.nextobjectid]).toEqual([4, 3]);
  });

  it("objects: defaults Tiled writes, shapes, text, flip flags; a template instance has only what it sets", () => {
    const objects = (layers(read("libtmx/csv.tmx"))[1]!.objects as Json[]);
    expect(objects[0]).toEqual({ id: 1, name: "square", type: "spawn", x: 128, y: 128, width: 192, height: 192, rotation: 22.5, visible: true });
    expect(objects[2]!.polyline).toEqual([{ x: -14, y: 3 }, { x: 50, y: -61 }, { x: 114, y: 3 }, { x: 178, y: -61 }, { x: 242, y: 3 }, { x: 306, y: -61 }, { x: 370, y: 3 }]);
    expect(objects[3]!.ellipse).toBe(true);
    expect(objects[4]!.text).toEqual({ text: "Hello World", wrap: true, color: "#ff0000", bold: true, italic: true });
    const sandbox = layers(read("tiled-examples/sticker-knight/sandbox.tmx"));
    expect((sandbox[1]!.objects as Json[])[1]!.gid).toBe(2147483655);
    const hero = sandbox.flatMap((l) => (l.objects as Json[] | undefined) ?? []).find((o) => o.id === 58);
    expect(hero).toEqual({ id: 58, template: "templates/hero.tx", x: 45, y: 979.5 });
  });

  it("group and image layers, layer attributes, Tiled 1.9 classes", () => {
    const [group] = layers(read("libtmx/csv.tmx"));
    expect(group).toMatchObject({ type: "group", id: 1, name: "Group", x: 0, y: 0, visible: true, opacity: 1 });
    const [image, tiles] = group!.layers as Json[];
    expect(image).toMatchObject({ type: "imagelayer", class: "img_layer_class", image: "bg.jpg", imagewidth: 896, imageheight: 576, repeatx: true, repeaty: true });
    expect(tiles).toMatchObject({ type: "tilelayer", class: "layer_class", tintcolor: "#000000", width: 28, height: 18 });
    const old = layers(read("tileson/test-maps/ultimate_test.tmx"))[0]!;
    expect(old).toMatchObject({ type: "imagelayer", locked: true, offsetx: 0, offsety: -256, image: "../demo-background.png" });
  });

  it("tilesets: external references, embedded ones with tiles, collision objects and animations", () => {
    const map = read("libtmx/csv.tmx");
    const [ts] = map.tilesets as Json[];
    expect(ts).toMatchObject({ firstgid: 1, name: "base", class: "ts_class", tilewidth: 32, tileheight: 32, spacing: 1, margin: 0, tilecount: 9, columns: 3, image: "numbers.png", imagewidth: 100, imageheight: 100 });
    const tiles = ts!.tiles as Json[];
    expect(tiles.map((t) => t.id)).toEqual([0, 1, 2, 4, 6]);
    // The collision object's id 0 is written as no id, as Tiled does.
    expect(tiles[0]!.objectgroup).toEqual({ type: "objectgroup", name: "", x: 0, y: 0, visible: true, opacity: 1, draworder: "index", objects: [{ name: "", type: "", x: 11.75, y: 4.75, width: 10.25, height: 25.25, rotation: 0, visible: true }] });
    expect(tiles[3]).toEqual({ id: 4, type: "five" });
    expect((tiles[4]!.animation as Json[])[6]).toEqual({ tileid: 6, duration: 2000 });
    expect(read("libtmx/externtileset.tmx").tilesets).toEqual([{ firstgid: 1, source: "tileset.tsx" }]);
  });

  it("Tiled 1.2's terrain types and Wang sets become Wang sets, as Tiled 1.5+ reads them", () => {
    const [terrains, wang] = (read("tileson/test-maps/ultimate_test.tmx").tilesets as Json[])[0]!.wangsets as Json[];
    expect(terrains).toMatchObject({ name: "Terrains", type: "corner", tile: -1 });
    expect((terrains!.colors as Json[]).map((c) => [c.name, c.color])).toEqual([["test_terrain", "#ff0000"], ["test_terrain_2", "#00ff00"]]);
    expect((terrains!.wangtiles as Json[])[0]).toEqual({ tileid: 28, wangid: [0, 2, 0, 2, 0, 2, 0, 2] });
    expect(wang).toMatchObject({ name: "FirstWang", type: "edge" });
    expect((wang!.wangtiles as Json[])[0]).toEqual({ tileid: 0, wangid: [3, 0, 1, 0, 1, 0, 3, 0] });
  });

  it("refuses malformed maps with the file's line and column; warns of elements Tiled ignores", () => {
    expect(problems('<?xml version="1.0"?>\n<map orientation="orthogonal">\n <layer>\n</map>')).toEqual([expect.stringMatching(/^4:1: : not well-formed XML: Expected closing tag 'layer'/)]);
    expect(problems('<tileset name="t"/>')).toEqual(["1:1: : not a Tiled map file: the root element is <tileset>, expected <map>"]);
    expect(problems('<map width="2"/>')).toEqual(["1:1: orientation: the map has no orientation"]);
    expect(problems(MAP(' <objectgroup name="o">\n  <object x="ten"/>\n </objectgroup>'))).toEqual(['4:3: layers[0].objects[0]: attribute x="ten" is not a number']);
    expect(problems(MAP(' <objectgroup name="o">\n  <object><polygon points="0,0 1"/></object>\n </objectgroup>'))).toEqual(['4:11: layers[0].objects[0].polygon: points: "1" is not x,y']);
    expect(problems(MAP(' <objectgroup name="o" draworder="random"/>'))).toEqual(['3:2: layers[0]: attribute draworder="random" is not one of "topdown", "index"']);
    expect(problems(MAP(' <properties>\n  <property name="n" type="int" value="1.5"/>\n </properties>'))).toEqual(['4:3: properties[0].value: int property value "1.5" is not a whole number']);
    const warned = parseTmx(MAP(" <sprite/>"), "f.tmx");
    expect(warned.ok && warned.problems.map((p) => [p.line, p.message])).toEqual([[3, "<sprite> in <map> is not part of the format: ignored (as Tiled does)"]]);
  });

  it("locates each path of the model in the file", () => {
    const r = parseTmx(MAP(' <objectgroup id="1" name="o">\n  <object id="1" x="1" y="2">\n   <polygon points="0,0 1,1 1,0"/>\n  </object>\n </objectgroup>'), "m.tmx");
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.locate("layers[0].objects[0].polygon[1].x")).toEqual({ line: 5, column: 4 });
    expect(r.locate("layers[0].objects[0].x")).toEqual({ line: 4, column: 3 });
    expect(r.locate("orientation")).toEqual({ line: 2, column: 1 });
  });
});

describe("parseTsx and parseTx", () => {
  it("a TSX file is a JSON tileset with its type and version, an image collection's tiles with their images", () => {
    const ts = read("tiled-examples/sticker-knight/objs.tsx", parseTsx);
    expect(ts).toMatchObject({ type: "tileset", version: "1.4", tiledversion: "1.4.1", name: "objs", tilecount: 62, columns: 0, tilewidth: 384, tileheight: 332 });
    expect((ts.tiles as Json[])[0]).toEqual({ id: 0, image: "alter.png", imagewidth: 160, imageheight: 192 });
    expect(ts.firstgid).toBeUndefined();
  });

  it("a TX file is a JSON template: its tileset reference and its object without id or position", () => {
    expect(read("libtmx/tiletemplate.tx", parseTx)).toEqual({
      type: "template",
      tileset: { firstgid: 1, source: "tileset.tsx" },
      object: { name: "tile", type: "", gid: 3221225473, width: 128, height: 128, rotation: 45, visible: true },
    });
    expect(problems("<template/>", parseTx)).toEqual(["1:1: object: the template has no <object>"]);
  });
});
