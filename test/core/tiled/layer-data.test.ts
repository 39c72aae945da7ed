import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64, encodeBase64 } from "../../../core/base64";
import { decodeTileData, encodeTileData } from "../../../core/tiled/layer-data";
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, gidOf } from "../../../core/tiled/types";

const GIDS = [1, 2, 3, 0x80000005, 0, 7, 0x40000001, 0x20000002, 9, 10, 11, 12];
/** `zstd -c` of GIDS as little-endian uint32s (zstd 1.5, Debian). */
const ZSTD = "KLUv/SQwgQEAAQAAAAIAAAADAAAABQAAgAAAAAAHAAAAAQAAQAIAACAJAAAACgAAAAsAAAAMAAAA2gIeUw==";

describe("tile layer data", () => {
  it("decodes base64 as Node's Buffer does, and encodes back", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString("base64");
        expect(encodeBase64(bytes)).toBe(text);
        expect(Array.from(decodeBase64(text)!)).toEqual(Array.from(bytes));
      }),
    );
  });

  it("refuses malformed base64", () => {
    expect(decodeBase64("abc")).toBeNull();
    expect(decodeBase64("ab!d")).toBeNull();
    expect(decodeBase64("a=bc")).toBeNull();
  });

  it("reads TMX's indented base64", () => {
    const text = encodeBase64(Uint8Array.of(1, 2, 3, 4, 5, 6));
    expect(Array.from(decodeBase64(`\n   ${text.slice(0, 4)}\n   ${text.slice(4)}\n`)!)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("gives the same gids from csv, base64, zlib, gzip and zstd", () => {
    const gids = Uint32Array.from(GIDS);
    const forms: [string | undefined, string | undefined, readonly number[] | string][] = [
      [undefined, undefined, GIDS],
      ["csv", undefined, GIDS],
      ["base64", undefined, encodeTileData(gids, "base64", "")],
      ["base64", "zlib", encodeTileData(gids, "base64", "zlib")],
      ["base64", "gzip", encodeTileData(gids, "base64", "gzip")],
      ["base64", "zstd", ZSTD],
    ];
    for (const [encoding, compression, data] of forms) {
      const decoded = decodeTileData(data, encoding, compression, GIDS.length);
      expect(decoded.ok && Array.from(decoded.gids)).toEqual(GIDS);
    }
  });

  it("round-trips any gids through every writable form", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 0xffffffff }), { maxLength: 50 }), fc.constantFrom("", "zlib", "gzip" as const), (list, compression) => {
        const gids = Uint32Array.from(list);
        for (const encoding of ["csv", "base64"] as const) {
          const decoded = decodeTileData(encodeTileData(gids, encoding, compression), encoding, compression, list.length);
          expect(decoded.ok && Array.from(decoded.gids)).toEqual(list);
        }
      }),
    );
  });

  it("names what is wrong with bad data", () => {
    const bad = (data: readonly number[] | string, e?: string, c?: string, n = 12) => {
      const d = decodeTileData(data, e, c, n);
      return d.ok ? "ok" : d.message;
    };
    expect(bad(GIDS, undefined, undefined, 13)).toBe("expected 13 tiles, found 12");
    expect(bad([1, -1], "csv", undefined, 2)).toBe("tile 1 is not a gid: -1");
    expect(bad("AAAA", "base64", "lzma")).toBe('unknown compression "lzma"');
    expect(bad("AAAA", "xml")).toBe('unknown encoding "xml"');
    expect(bad("AAAAAA==", "base64", "zlib")).toMatch(/^cannot decompress the zlib data/);
    expect(bad("AAAA", "base64", "", 2)).toBe("expected 2 tiles (8 bytes), found 3 bytes");
    expect(() => encodeTileData(Uint32Array.of(1), "base64", "zstd")).toThrow(/zstd/);
  });

  it("clears the flip bits in gidOf", () => {
    expect(gidOf(0x80000005)).toBe(5);
    expect(gidOf(FLIPPED_HORIZONTALLY | FLIPPED_DIAGONALLY | 42)).toBe(42);
  });
});
