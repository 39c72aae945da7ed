// TMJ written as Tiled writes it, so a map written back differs from Tiled's own save only where
// the scene changed it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { writeTmj } from "../../../core/tiled/tmj-write";
import type { JsonObject } from "../../../core/tiled/types";

const EXAMPLES = "test/fixtures/tiled/tiled-examples/sticker-knight";

describe("writeTmj", () => {
  it("gives back Tiled's own TMJ files byte for byte", () => {
    for (const file of [`${EXAMPLES}/sandbox.tmj`, `${EXAMPLES}/sandbox2.tmj`]) {
      const text = readFileSync(file, "utf8");
      expect(writeTmj(JSON.parse(text) as JsonObject), file).toBe(text);
    }
  });

  it("a tile layer's data: one line for Tiled 1.8, a row a line for Tiled 1.9 and later (as they write it)", () => {
    const map = (tiledversion: string): JsonObject => ({ tiledversion, width: 3, height: 2, infinite: false, layers: [{ type: "tilelayer", data: [1, 2, 3, 4, 5, 6] }] });
    expect(writeTmj(map("1.8.2"))).toContain('"data":[1, 2, 3, 4, 5, 6]');
    expect(writeTmj(map("1.10.2"))).toContain('"data":[1, 2, 3,\n            4, 5, 6]');
  });

  it("numbers have at most 15 significant digits; '/' and non-ASCII are escaped; keys sorted", () => {
    expect(writeTmj({ y: 96.00000000000001, x: 0.1 + 0.2, image: "../a/é.png" })).toBe('{ "image":"..\\/a\\/\\u00e9.png",\n "x":0.3,\n "y":96\n}');
  });
});
