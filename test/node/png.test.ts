// Reading PNGs for `trace` (core/node/png.ts): the header checked by hand, and the alpha of every
// colour type and depth as one byte per pixel.
import { encode } from "fast-png";
import { describe, expect, it } from "vitest";
import { UserError } from "../../core/node/files";
import { decodePngAlpha, MAX_IMAGE_SIDE, readPngHeader } from "../../core/node/png";

const alphaOf = (bytes: Uint8Array) => [...decodePngAlpha(bytes, "t.png").data];

/** CRC-32 as PNG chunks use it. */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** The PNG with a chunk inserted after IHDR. */
function withChunk(png: Uint8Array, type: string, body: readonly number[]): Uint8Array {
  const chunk = new Uint8Array(12 + body.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, body.length);
  chunk.set([...type].map((ch) => ch.charCodeAt(0)), 4);
  chunk.set(body, 8);
  view.setUint32(8 + body.length, crc32(chunk.subarray(4, 8 + body.length)));
  return Uint8Array.from([...png.subarray(0, 33), ...chunk, ...png.subarray(33)]);
}

describe("decodePngAlpha", () => {
  it("RGBA and grey with alpha, 8 and 16 bits: the alpha channel (16-bit keeps its high byte)", () => {
    expect(alphaOf(encode({ width: 3, height: 1, data: Uint8Array.from([9, 9, 9, 0, 9, 9, 9, 128, 9, 9, 9, 255]) }))).toEqual([0, 128, 255]);
    expect(alphaOf(encode({ width: 3, height: 1, channels: 2, data: Uint8Array.from([5, 0, 5, 127, 5, 200]) }))).toEqual([0, 127, 200]);
    expect(alphaOf(encode({ width: 2, height: 1, depth: 16, data: Uint16Array.from([1, 2, 3, 0x7fff, 1, 2, 3, 0x8000]) }))).toEqual([127, 128]);
  });

  it("indexed colour: each entry's alpha from tRNS, entries past it opaque; 2-bit indices unpacked", () => {
    const palette = [[255, 0, 0, 0], [0, 255, 0, 90], [0, 0, 255, 255]];
    const indexed = encode({ width: 5, height: 1, channels: 1, depth: 2, palette, data: Uint8Array.from([0b00011000, 0b01000000]) });
    expect(alphaOf(indexed)).toEqual([0, 90, 255, 0, 90]);
  });

  it("grey and RGB without alpha: opaque, but for tRNS's colour", () => {
    const grey = encode({ width: 4, height: 1, channels: 1, data: Uint8Array.from([0, 7, 200, 7]) });
    expect(alphaOf(grey)).toEqual([255, 255, 255, 255]);
    expect(alphaOf(withChunk(grey, "tRNS", [0, 7]))).toEqual([255, 0, 255, 0]);
    // (fast-png refuses a tRNS of more 16-bit values than the image has pixels: four pixels here.)
    const rgb = encode({ width: 4, height: 1, channels: 3, data: Uint8Array.from([1, 2, 3, 1, 2, 4, 3, 2, 1, 1, 2, 3]) });
    expect(alphaOf(withChunk(rgb, "tRNS", [0, 1, 0, 2, 0, 3]))).toEqual([0, 255, 255, 0]);
    const bits = encode({ width: 10, height: 1, channels: 1, depth: 1, data: Uint8Array.from([0b10100000, 0]) });
    expect(alphaOf(withChunk(bits, "tRNS", [0, 1]))).toEqual([0, 255, 0, 255, 255, 255, 255, 255, 255, 255]);
  });
});

describe("readPngHeader", () => {
  const header = (width: number, height: number) => {
    const bytes = encode({ width: 1, height: 1, data: new Uint8Array(4) }).slice(0, 33);
    new DataView(bytes.buffer).setUint32(16, width);
    new DataView(bytes.buffer).setUint32(20, height);
    return bytes;
  };

  it("reads the size from IHDR alone", () => {
    expect(readPngHeader(header(640, MAX_IMAGE_SIDE), "a.png")).toMatchObject({ width: 640, height: 16_384, bitDepth: 8, colorType: 6 });
  });

  it("refuses what is not a PNG, a header cut short, no pixels, and more than 16,384 px a side, naming the file", () => {
    const message = (bytes: Uint8Array) => {
      try {
        readPngHeader(bytes, "a.png");
        return "accepted";
      } catch (err) {
        expect(err).toBeInstanceOf(UserError);
        return (err as UserError).message;
      }
    };
    expect(message(new TextEncoder().encode("GIF89a........................."))).toBe("a.png: not a PNG image (it does not start with the PNG signature)");
    expect(message(header(4, 4).slice(0, 20))).toBe("a.png: not a valid PNG image (its header is missing or cut short)");
    expect(message(header(0, 4))).toBe("a.png: not a valid PNG image (its header says 0 × 4 pixels)");
    expect(message(header(4, 16_385))).toBe("a.png: the image is 4 × 16385 pixels; images of more than 16,384 pixels a side are refused");
  });
});
