// loadTiledMap over files given in memory (load-tiled.test.ts compares `resolved` with Tiled's own).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderOf, loadTiledMap, rebasePath, type ReadText } from "../../../core/tiled/load";
import { FIXTURES } from "./tiled-app";

type Json = { [key: string]: unknown };

/** A readText over `files` that counts its reads; async, as the editor's is. */
function files(all: Record<string, string>): { readText: ReadText; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readText: async (path) => {
      reads.push(path);
      if (!(path in all)) throw new Error(`cannot read ${path}: no such file`);
      return all[path]!;
    },
  };
}

const MAP = (body: string, tilesets = "") => `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="4" height="4" tilewidth="16" tileheight="16" nextlayerid="9" nextobjectid="9">
${tilesets}${body}
</map>`;

const TILESET = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="things" tilewidth="16" tileheight="16" tilecount="4" columns="2">
 <properties><property name="sheet" type="file" value="art/notes.txt"/></properties>
 <image source="art/things.png" width="32" height="32"/>
 <tile id="1"><properties><property name="script" type="file" value="../scripts/door.lua"/></properties></tile>
</tileset>`;

const TEMPLATE = `<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="../tilesets/things.tsx"/>
 <object name="door" type="Door" gid="2147483650" width="16" height="16">
  <properties>
   <property name="locked" type="bool" value="true"/>
   <property name="key" value="gold"/>
   <property name="sound" type="file" value="../sounds/creak.wav"/>
  </properties>
 </object>
</template>`;

describe("loadTiledMap", () => {
  it("inlines external tilesets and applies templates, with every path from the map's folder and gids from the map's tilesets", async () => {
    const fs = files({
      "game/maps/level.tmx": MAP(` <objectgroup id="1" name="o">
  <object id="1" template="../templates/door.tx" x="10" y="20"/>
  <object id="2" template="../templates/door.tx" name="back" x="30" y="20">
   <properties><property name="key" value="silver"/><property name="extra" type="int" value="1"/></properties>
  </object>
 </objectgroup>`, ' <tileset firstgid="1" name="e" tilewidth="16" tileheight="16" tilecount="10" columns="0"/>\n <tileset firstgid="11" source="../tilesets/things.tsx"/>\n'),
      "game/tilesets/things.tsx": TILESET,
      "game/templates/door.tx": TEMPLATE,
    });
    const r = await loadTiledMap("game/maps/level.tmx", fs.readText);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.problems).toEqual([]);
    expect(r.files).toEqual(["game/maps/level.tmx", "game/tilesets/things.tsx", "game/templates/door.tx"]);
    // Each file read once, though two objects use the template and the template names the tileset.
    expect(fs.reads).toEqual(r.files);

    const [, things] = r.resolved.tilesets as Json[];
    expect(things).toMatchObject({ firstgid: 11, name: "things", image: "../tilesets/art/things.png", properties: [{ name: "sheet", type: "file", value: "../tilesets/art/notes.txt" }] });
    expect(things!.source).toBeUndefined();
    expect(things!.type).toBeUndefined();
    expect(((things!.tiles as Json[])[0]!.properties as Json[])[0]!.value).toBe("../scripts/door.lua");

    const [door, back] = (r.resolved.layers as Json[])[0]!.objects as Json[];
    // Template gid 2 (tileset firstgid 1) with the horizontal flip → the map's gid 12, flip kept.
    expect(door).toEqual({
      id: 1, name: "door", type: "Door", gid: (0x80000000 | 12) >>> 0, x: 10, y: 20, width: 16, height: 16, rotation: 0, visible: true,
      properties: [{ name: "locked", type: "bool", value: true }, { name: "key", type: "string", value: "gold" }, { name: "sound", type: "file", value: "../sounds/creak.wav" }],
    });
    expect(back).toMatchObject({ id: 2, name: "back", x: 30 });
    expect(back!.properties).toEqual([{ name: "locked", type: "bool", value: true }, { name: "key", type: "string", value: "silver" }, { name: "sound", type: "file", value: "../sounds/creak.wav" }, { name: "extra", type: "int", value: 1 }]);

    // `original` is the file as written.
    expect((r.original.tilesets as Json[])[1]).toEqual({ firstgid: 11, source: "../tilesets/things.tsx" });
    expect(((r.original.layers as Json[])[0]!.objects as Json[])[0]).toEqual({ id: 1, template: "../templates/door.tx", x: 10, y: 20 });
  });

  it("a template's tileset the map does not use is added after the map's own", async () => {
    const fs = files({
      "m/level.tmx": MAP(' <objectgroup id="1" name="o">\n  <object id="1" template="../templates/door.tx" x="1" y="2"/>\n </objectgroup>', ' <tileset firstgid="1" name="e" tilewidth="16" tileheight="16" tilecount="10" columns="0"><tile id="12" type="t"/></tileset>\n'),
      "tilesets/things.tsx": TILESET,
      "templates/door.tx": TEMPLATE,
    });
    const r = await loadTiledMap("m/level.tmx", fs.readText);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    // The embedded tileset spans gids 1 to 13 (its tile 12), so the added one starts at 14.
    expect((r.resolved.tilesets as Json[]).map((t) => [t.firstgid, t.name, t.image])).toEqual([[1, "e", undefined], [14, "things", "../tilesets/art/things.png"]]);
    expect(((r.resolved.layers as Json[])[0]!.objects as Json[])[0]!.gid).toBe((0x80000000 | 15) >>> 0);
    expect(r.original.tilesets as Json[]).toHaveLength(1);
  });

  it("an instance's own shape replaces its template's; what it does not set comes from the template", async () => {
    const fs = files({
      "m.tmx": MAP(' <objectgroup id="1" name="o">\n  <object id="1" template="t.tx" x="1" y="2"><polygon points="0,0 4,0 0,4"/></object>\n  <object id="2" template="t.tx" x="5" y="6" rotation="30" visible="0"/>\n </objectgroup>'),
      "t.tx": '<template><object name="blob" width="8" height="8"><ellipse/></object></template>',
    });
    const r = await loadTiledMap("m.tmx", fs.readText);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const [poly, blob] = (r.resolved.layers as Json[])[0]!.objects as Json[];
    expect(poly).toEqual({ id: 1, name: "blob", type: "", x: 1, y: 2, width: 8, height: 8, rotation: 0, visible: true, polygon: [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 0, y: 4 }] });
    expect(blob).toEqual({ id: 2, name: "blob", type: "", x: 5, y: 6, width: 8, height: 8, rotation: 30, visible: false, ellipse: true });
  });

  it("a TMJ map with a TSJ tileset and TJ templates resolves as its TMX counterpart does", async () => {
    const read = (p: string) => readFileSync(p, "utf8");
    const tmj = await loadTiledMap(join(FIXTURES, "tiled-examples/sticker-knight/sandbox.tmj"), read);
    const tmx = await loadTiledMap(join(FIXTURES, "tiled-examples/sticker-knight/sandbox.tmx"), read);
    if (!tmj.ok || !tmx.ok) throw new Error(JSON.stringify([tmj.problems, tmx.problems]));
    expect(tmj.files.map((f) => f.split("/").pop())).toEqual(["sandbox.tmj", "objs.tsj", "hero.tj", "block.tj", "diamond.tj"]);
    const { version: _v, tiledversion: _t, ...a } = tmj.resolved;
    const { version: _w, tiledversion: _u, ...b } = tmx.resolved;
    expect(a).toEqual(b);
  });

  it("a missing tileset or template: not ok, named by its path and where the map refers to it", async () => {
    const fs = files({ "m.tmx": MAP(' <objectgroup id="1" name="o">\n  <object id="1" template="gone.tx" x="1" y="2"/>\n </objectgroup>', ' <tileset firstgid="1" source="ts/gone.tsx"/>\n') });
    const r = await loadTiledMap("m.tmx", fs.readText);
    expect(r).toEqual({
      ok: false,
      problems: [
        { file: "m.tmx", path: "tilesets[0].source", line: 3, column: 2, message: 'cannot read the tileset "ts/gone.tsx": cannot read ts/gone.tsx: no such file', unreadable: true },
        { file: "m.tmx", path: "layers[0].objects[0].template", line: 5, column: 3, message: 'cannot read the template "gone.tx": cannot read gone.tx: no such file', unreadable: true },
      ],
    });
    const missing = await loadTiledMap("nowhere.tmj", fs.readText);
    expect(missing).toEqual({ ok: false, problems: [{ file: "nowhere.tmj", path: "", message: "cannot read nowhere.tmj: no such file", unreadable: true }] });
  });

  it("a malformed tileset or template: its own file, line and column", async () => {
    const fs = files({
      "m.tmx": MAP(' <objectgroup id="1" name="o">\n  <object id="1" template="t.tj" x="1" y="2"/>\n </objectgroup>', ' <tileset firstgid="1" source="t.tsx"/>\n'),
      "t.tsx": '<?xml version="1.0"?>\n<tileset name="t">\n <image source="a.png"\n</tileset>',
      "t.tj": '{"type": "template",\n "object": }',
    });
    const r = await loadTiledMap("m.tmx", fs.readText);
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`)).toEqual([
      expect.stringMatching(/^t\.tsx:4:1: not well-formed XML/),
      expect.stringMatching(/^t\.tj:2:\d+: not valid JSON/),
    ]);
  });

  it("a TMJ map's tile data that does not decode: its JSON path, line and column", async () => {
    const map = JSON.stringify({ type: "map", orientation: "orthogonal", layers: [{ type: "group", layers: [{ type: "tilelayer", width: 2, height: 1, encoding: "base64", compression: "lzma", data: "AAAAAAAAAAA=" }] }, { type: "tilelayer", width: 2, height: 2, data: [1, 2, 3] }] }, null, 1);
    const r = await loadTiledMap("m.tmj", files({ "m.tmj": map }).readText);
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => `${p.line}: ${p.path}: ${p.message}`)).toEqual([
      '14: layers[0].layers[0].data: unknown compression "lzma"',
      "22: layers[1].data: expected 4 tiles, found 3",
    ]);
  });

  it("takes a readText that answers at once, and tells a map from a tileset by its root", async () => {
    const text = readFileSync(join(FIXTURES, "libtmx/externtileset.tmx"), "utf8");
    const tsx = readFileSync(join(FIXTURES, "libtmx/tileset.tsx"), "utf8");
    const r = await loadTiledMap("a/map.xml", (p) => (p === "a/map.xml" ? text : p === "a/tileset.tsx" ? tsx : ""));
    expect(r.ok && (r.resolved.tilesets as Json[])[0]!.name).toBe("base");
    const bom = await loadTiledMap("m.tmj", () => `\uFEFF${JSON.stringify({ type: "map", orientation: "orthogonal", layers: [] })}`);
    expect(bom.ok).toBe(true);
    const notMap = await loadTiledMap("t.tsx", () => tsx);
    expect(notMap.ok ? [] : notMap.problems.map((p) => p.message)).toEqual(["not a Tiled map file: the root element is <tileset>, expected <map>"]);
  });
});

describe("paths", () => {
  it("rebasePath: from one folder to another, URLs and empty paths as they are", () => {
    expect(rebasePath("art/a.png", "game/tilesets", "game/maps")).toBe("../tilesets/art/a.png");
    expect(rebasePath("../a.png", "ts", "")).toBe("a.png");
    expect(rebasePath("a.png", "../ts", "")).toBe("../ts/a.png");
    expect(rebasePath("/abs/a.png", "ts", "maps")).toBe("/abs/a.png");
    expect(rebasePath("C:/art/a.png", "D:/ts", "D:/maps")).toBe("C:/art/a.png");
    expect(rebasePath("qrc:/a.png", "ts", "maps")).toBe("qrc:/a.png");
    expect(rebasePath("", "ts", "maps")).toBe("");
    expect([folderOf("a/b/c.tmx"), folderOf("c.tmx"), folderOf("/c.tmx")]).toEqual(["a/b", "", "/"]);
  });
});
