// An image's size in pixels from its first bytes, for PNG, JPEG and WebP, without decoding it.
// PNG: the IHDR chunk (PNG spec 11.2.2). JPEG: the first start-of-frame segment (ITU T.81 B.2.2),
// walking the segments before it; the size is the stored frame's (an EXIF orientation is not
// applied). WebP: the first chunk of the RIFF container: "VP8 " (RFC 6386 9.1), "VP8L" (WebP
// lossless bitstream 3.1) or "VP8X" (canvas size, WebP container spec).

export type ImageType = "png" | "jpeg" | "webp";

export type ImageSizeResult =
  | { readonly ok: true; readonly type: ImageType; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly reason: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

const truncated = (type: string): ImageSizeResult => ({ ok: false, reason: `the ${type} file ends before its size` });

function sized(type: ImageType, width: number, height: number): ImageSizeResult {
  return width > 0 && height > 0 ? { ok: true, type, width, height } : { ok: false, reason: `the ${type.toUpperCase()} header gives a size of ${width} × ${height}` };
}

function pngSize(b: Uint8Array): ImageSizeResult {
  if (b.length < 24) return truncated("PNG");
  if (ascii(b, 12, 4) !== "IHDR") return { ok: false, reason: "the PNG file does not start with its IHDR chunk" };
  return sized("png", u32be(b, 16), u32be(b, 20));
}

/** Start-of-frame markers: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Uint8Array): ImageSizeResult {
  let p = 2;
  while (p + 1 < b.length) {
    if (b[p] !== 0xff) return { ok: false, reason: `the JPEG file has no segment marker at byte ${p}` };
    const marker = b[p + 1]!;
    if (marker === 0xff) {
      p++; // a fill byte
      continue;
    }
    // Segments without a length: TEM, RST0–7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      p += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return { ok: false, reason: "the JPEG file has no frame header before its image data" };
    if (p + 3 >= b.length) break;
    const length = u16be(b, p + 2);
    if (isStartOfFrame(marker)) {
      if (p + 8 >= b.length) break;
      const height = u16be(b, p + 5);
      // Height 0: given after the first scan by a DNL segment (T.81 B.2.5), which few readers support.
      if (height === 0) return { ok: false, reason: "the JPEG file leaves its height to a DNL segment" };
      return sized("jpeg", u16be(b, p + 7), height);
    }
    if (length < 2) return { ok: false, reason: `the JPEG file has a segment of length ${length} at byte ${p}` };
    p += 2 + length;
  }
  return truncated("JPEG");
}

function webpSize(b: Uint8Array): ImageSizeResult {
  if (b.length < 30) return truncated("WebP");
  const chunk = ascii(b, 12, 4);
  switch (chunk) {
    case "VP8 ":
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return { ok: false, reason: "the WebP file's VP8 frame has no start code" };
      return sized("webp", u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
    case "VP8L": {
      if (b[20] !== 0x2f) return { ok: false, reason: "the WebP file's lossless stream has no signature" };
      const bits = u32le(b, 21);
      return sized("webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    case "VP8X":
      return sized("webp", u24le(b, 24) + 1, u24le(b, 27) + 1);
    default:
      return { ok: false, reason: `the WebP file starts with an unknown chunk ${JSON.stringify(chunk)}` };
  }
}

/** The size in pixels that an image file's header gives, or why it gives none. */
export function imageSize(bytes: Uint8Array): ImageSizeResult {
  if (PNG_SIGNATURE.every((v, i) => bytes[i] === v)) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegSize(bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webpSize(bytes);
  return { ok: false, reason: "it is not a PNG, JPEG or WebP file" };
}
