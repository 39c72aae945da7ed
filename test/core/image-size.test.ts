// Image sizes from headers (core/scene/image-size.ts): PNGs written by fast-png, a JPEG and WebPs
// written by Chromium's encoders (test/fixtures/images, sizes checked by Chromium's decoder when
// they were made: the lossy WebP is Chromium's with its VP8X and ICC chunks taken out), and
// headers made by hand for what those do not cover: lossless WebP sizes past one byte, JPEG fill
// bytes and progressive frames, and broken files.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { encode } from "fast-png";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { imageSize } from "../../core/scene/image-size";
import { seedOf } from "./arbitraries";

const FIXTURES = join(import.meta.dirname, "../fixtures/images");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

const png = (width: number, height: number) => encode({ width, height, data: new Uint8Array(width * height * 4), channels: 4 });

/** A RIFF/WEBP file holding one chunk with `data`. */
function webp(fourcc: string, data: readonly number[]): Uint8Array {
  const body = [...Buffer.from("WEBP"), ...Buffer.from(fourcc), data.length & 0xff, (data.length >> 8) & 0xff, 0, 0, ...data, ...(data.length % 2 ? [0] : [])];
  const size = body.length;
  return new Uint8Array([...Buffer.from("RIFF"), size & 0xff, (size >> 8) & 0xff, 0, 0, ...body]);
}

/** A lossless (VP8L) header for a width × height image. */
function vp8l(width: number, height: number): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  return webp("VP8L", [0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0, 0, 0, 0]);
}

/** A JPEG: SOI, an APP0 segment, fill bytes, then a frame header of `marker` for width × height. */
function jpeg(width: number, height: number, marker = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xff, 0xff, marker, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
}

describe("imageSize", () => {
  it("reads PNGs of any size fast-png writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), (w, h) => {
        expect(imageSize(png(w, h))).toEqual({ ok: true, type: "png", width: w, height: h });
      }),
      { seed: seedOf("png sizes"), numRuns: 40 },
    );
  });

  it("reads the encoders' files: a JPEG, a lossy WebP, an extended WebP with alpha, a lossless WebP", () => {
    expect(imageSize(fixture("37x21.jpg"))).toEqual({ ok: true, type: "jpeg", width: 37, height: 21 });
    expect(imageSize(fixture("45x19-lossy.webp"))).toEqual({ ok: true, type: "webp", width: 45, height: 19 });
    expect(imageSize(fixture("33x17-extended.webp"))).toEqual({ ok: true, type: "webp", width: 33, height: 17 });
    expect(imageSize(fixture("1x1-lossless.webp"))).toEqual({ ok: true, type: "webp", width: 1, height: 1 });
  });

  it("reads 14-bit lossless WebP sizes up to 16384 a side", () => {
    for (const [w, h] of [[1, 16384], [16384, 1], [300, 200], [12345, 9876]] as const) {
      expect(imageSize(vp8l(w, h)), `${w} × ${h}`).toEqual({ ok: true, type: "webp", width: w, height: h });
    }
  });

  it("reads JPEG frames past other segments and fill bytes, baseline and progressive, up to 65535 a side", () => {
    expect(imageSize(jpeg(640, 480))).toEqual({ ok: true, type: "jpeg", width: 640, height: 480 });
    expect(imageSize(jpeg(65535, 1, 0xc2))).toEqual({ ok: true, type: "jpeg", width: 65535, height: 1 });
  });

  it("says why when there is no size", () => {
    const reason = (bytes: Uint8Array) => {
      const r = imageSize(bytes);
      return r.ok ? "ok" : r.reason;
    };
    expect(reason(new TextEncoder().encode("GIF89a........"))).toBe("it is not a PNG, JPEG or WebP file");
    expect(reason(new Uint8Array())).toBe("it is not a PNG, JPEG or WebP file");
    expect(reason(png(3, 2).slice(0, 20))).toBe("the PNG file ends before its size");
    expect(reason(jpeg(10, 10).slice(0, 30))).toBe("the JPEG file ends before its size");
    expect(reason(jpeg(10, 0))).toBe("the JPEG file leaves its height to a DNL segment");
    expect(reason(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBe("the JPEG file has no frame header before its image data");
    expect(reason(webp("VP8 ", [0, 0, 0, 1, 2, 3, 0, 0, 0, 0]))).toBe("the WebP file's VP8 frame has no start code");
    expect(reason(webp("ABCD", new Array<number>(12).fill(0)))).toBe('the WebP file starts with an unknown chunk "ABCD"');
    const zero = png(3, 2);
    zero.set([0, 0, 0, 0], 16);
    expect(reason(zero)).toBe("the PNG header gives a size of 0 × 2");
  });
});
