// writeTmx and writeTsx: parseTmx of what they write gives the model back, for every fixture and
// for random maps (tmx-write-tiled.test.ts checks that Tiled reads it as it reads the original).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTmx, parseTsx } from "../../../core/tiled/tmx-read";
import { writeTmx, writeTsx } from "../../../core/tiled/tmx-write";
import type { JsonObject } from "../../../core/tiled/types";
import { filesUnder, FIXTURES } from "./tiled-app";
import { tiledMap } from "./tiled-arbitrary";

function parsed(text: string, parse = parseTmx): JsonObject {
  const r = parse(text, "written.tmx");
  if (!r.ok) throw new Error(`${JSON.stringify(r.problems)}\n${text}`);
  return r.value;
}

const fixture = (file: string) => readFileSync(join(FIXTURES, file), "utf8");

describe("writeTmx", () => {
  for (const file of filesUnder(FIXTURES).filter((f) => /\.tsx?$|\.tmx$/.test(f) && !f.endsWith(".tx"))) {
    it(`reads back as it was read: ${file}`, () => {
      const parse = file.endsWith(".tsx") ? parseTsx : parseTmx;
      const model = parsed(fixture(file), parse);
      const written = file.endsWith(".tsx") ? writeTsx(model) : writeTmx(model);
      expect(parsed(written, parse)).toEqual(model);
    });
  }

  it("reads back as it was read: random maps (every layer kind, property type, object shape, tileset field)", () => {
    fc.assert(
      fc.property(tiledMap, (map) => {
        expect(parsed(writeTmx(map as JsonObject))).toEqual(map);
      }),
      { numRuns: 300 },
    );
  });

  it("writes as Tiled does: defaults left out, CSV a row a line, base64 indented, a zstd layer's data as it was", () => {
    const map = parsed(fixture("tiled-examples/desert-zstd.tmx"));
    const written = writeTmx(map);
    expect(written).toContain(`<data encoding="base64" compression="zstd">\n   ${(map.layers as { data: string }[])[0]!.data}\n  </data>`);
    const small = writeTmx({ type: "map", orientation: "orthogonal", width: 3, height: 2, tilewidth: 8, tileheight: 8, layers: [
      { type: "tilelayer", id: 1, name: "L", width: 3, height: 2, x: 0, y: 0, opacity: 1, visible: true, data: [1, 2, 3, 4, 5, 2147483654] },
      { type: "objectgroup", id: 2, name: "", draworder: "topdown", objects: [{ id: 1, name: "", type: "", x: 1.5, y: 2, width: 0, height: 0, rotation: 0, visible: true, point: true }] },
    ] });
    expect(small).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<map orientation="orthogonal" renderorder="right-down" width="3" height="2" tilewidth="8" tileheight="8" infinite="0">
 <layer id="1" name="L" width="3" height="2">
  <data encoding="csv">
1,2,3,
4,5,2147483654
</data>
 </layer>
 <objectgroup id="2">
  <object id="1" x="1.5" y="2">
   <point/>
  </object>
 </objectgroup>
</map>
`);
  });

  it("encodes an array of gids given a base64 encoding; refuses to zstd-compress one", () => {
    const layer = (compression: string) => ({ type: "map", orientation: "orthogonal", layers: [{ type: "tilelayer", id: 1, width: 2, height: 1, encoding: "base64", compression, data: [7, 2147483649] }] });
    const zlib = parsed(writeTmx(layer("zlib")));
    const decoded = (zlib.layers as { data: string }[])[0]!;
    expect(typeof decoded.data).toBe("string");
    expect(() => writeTmx(layer("zstd"))).toThrow(new RangeError("layers[0].data: an array of gids cannot be written as zstd (no compressor here): give the original base64 string"));
  });

  it("refuses what TMX cannot hold, naming its place in the model", () => {
    const named = (name: string) => ({ type: "map", orientation: "orthogonal", layers: [{ type: "objectgroup", id: 1, objects: [{ id: 1, name, x: 0, y: 0 }] }] });
    expect(() => writeTmx(named("bell\u0007"))).toThrow(new RangeError("layers[0].objects[0].name: character U+0007 cannot be written in XML"));
    expect(() => writeTmx({ layers: [{ type: "tilelayer", width: 1, height: 1, data: [-1] }] })).toThrow(new RangeError("layers[0].data[0]: not a gid: -1"));
    expect(() => writeTmx({ layers: [{ type: "hologram" }] })).toThrow(/^layers\[0\]\.type: unknown layer type "hologram"/);
    expect(() => writeTmx({ properties: [{ name: "n", type: "int", value: "seven" }] })).toThrow(new RangeError('properties[0].value: a int property needs a whole number, got "seven"'));
  });

  it("a TMJ map from Tiled, written as TMX, reads as Tiled's own TMX of it", () => {
    const tmj = JSON.parse(fixture("tiled-examples/sticker-knight/sandbox.tmj")) as JsonObject;
    const fromTmx = parsed(fixture("tiled-examples/sticker-knight/sandbox-json.tmx"));
    const { version: _v, tiledversion: _t, ...viaTmj } = parsed(writeTmx(tmj));
    const { version: _w, tiledversion: _u, ...direct } = fromTmx;
    expect(viaTmj).toEqual(direct);
  });
});
