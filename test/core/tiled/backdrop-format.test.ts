// Issue 25 (backdrop): a scene's `tiledMap` — read, written back in canonical order with unknown
// fields kept, its `src` held to a relative path of a map file (never a URL, an absolute path or a
// data: URL), each problem named by its JSON path; and which Tiled files the editor may read.
import { describe, expect, it } from "vitest";
import { parseScene, serializeScene } from "../../../core/index";
import { tiledFileSourceProblem, tiledFileSyntax, tiledMapSourceProblem, tiledTextProblem } from "../../../core/tiled/file-types";

const withMap = (tiledMap: string): string => `{
  "format": "collider-studio-scene",
  "version": 1,
  "tiledMap": ${tiledMap},
  "shapes": []
}
`;

describe("tiledMap in the scene file", () => {
  it("reads it and writes it back byte for byte, after the version, unknown fields kept", () => {
    const text = `{
  "format": "collider-studio-scene",
  "version": 1,
  "tiledMap": {
    "src": "../maps/level 1.tmx",
    "note": "kept"
  },
  "shapes": []
}
`;
    const read = parseScene(text);
    expect(read.ok && read.scene.tiledMap).toEqual({ src: "../maps/level 1.tmx", note: "kept" });
    expect(read.ok && serializeScene(read.scene)).toBe(text);
  });

  it("writes a scene without one as before", () => {
    const text = `{\n  "format": "collider-studio-scene",\n  "version": 1,\n  "shapes": []\n}\n`;
    const read = parseScene(text);
    expect(read.ok && serializeScene(read.scene)).toBe(text);
  });

  it("moves it to its canonical place whatever order the file had", () => {
    const read = parseScene(`{"shapes": [], "tiledMap": {"src": "level.tmj"}, "version": 1, "format": "collider-studio-scene"}`);
    expect(read.ok && serializeScene(read.scene)).toBe(withMap(`{\n    "src": "level.tmj"\n  }`));
  });

  it.each([
    ['"http://example.com/level.tmx"', /"http:"/],
    ['"/home/me/level.tmx"', /absolute path/],
    ['"C:/maps/level.tmx"', /"C:"/],
    ['"maps\\\\level.tmx"', /forward slashes/],
    ['"data:image/png;base64,AAAA"', /not a data: URL/],
    ['"level.png"', /must name a Tiled map file/],
    ['""', /must not be empty/],
  ])("refuses the src %s, naming tiledMap.src", (src, message) => {
    const read = parseScene(withMap(`{ "src": ${src} }`));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]!.path).toBe("tiledMap.src");
    expect(read.problems[0]!.message).toMatch(message);
    expect(read.problems[0]!.line).toBe(4);
  });

  it("refuses a tiledMap without a src, or of the wrong type", () => {
    const missing = parseScene(withMap("{}"));
    expect(!missing.ok && missing.problems.map((p) => `${p.path}: ${p.message}`)).toEqual(["tiledMap.src: is missing (expected a string)"]);
    const wrong = parseScene(withMap('"level.tmx"'));
    expect(!wrong.ok && wrong.problems[0]!.path).toBe("tiledMap");
  });
});

describe("Tiled files the editor reads", () => {
  it("knows each kind by its extension, whatever its case", () => {
    expect(["a.tmx", "a.TSX", "t/a.tx", "a.tmj", "a.tsj", "a.tj", "a.json"].map(tiledFileSyntax)).toEqual(["xml", "xml", "xml", "json", "json", "json", "json"]);
    expect([".tmx", "a.png", "a", "tmx"].map(tiledFileSyntax)).toEqual([null, null, null, null]);
    expect(tiledFileSourceProblem("tiles/terrain.tsx")).toBeNull();
    expect(tiledFileSourceProblem("../../secrets.txt")).toMatch(/not a Tiled map, tileset or template file/);
    expect(tiledFileSourceProblem("/etc/a.tsx")).toMatch(/absolute/);
    expect(tiledFileSourceProblem("a\0.tsx")).toMatch(/NUL/);
    expect(tiledMapSourceProblem("tiles/terrain.tsx")).toMatch(/must name a Tiled map file/);
  });

  it("refuses text that is not what its extension says", () => {
    expect(tiledTextProblem("a.tmx", '\uFEFF  <?xml version="1.0"?><map/>')).toBeNull();
    expect(tiledTextProblem("a.tmj", '\n{ "type": "map" }')).toBeNull();
    expect(tiledTextProblem("a.tmx", '{ "type": "map" }')).toMatch(/not an XML file/);
    expect(tiledTextProblem("a.tsj", "<tileset/>")).toMatch(/not a JSON object/);
    expect(tiledTextProblem("a.tsj", "")).toMatch(/not a JSON object/);
  });
});
