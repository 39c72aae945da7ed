// PNG files for the command line's `trace`: the signature and the IHDR header checked by hand
// before anything is decoded (a header can claim 100,000 px a side and ask for gigabytes), then
// fast-png decodes, and every colour type comes out as one alpha byte per pixel.
import { decode } from "fast-png";
import type { TraceImage } from "../trace/trace";
import { UserError } from "./files";

/** Images wider or taller than this are refused before decoding. */
export const MAX_IMAGE_SIDE = 16_384;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colorType: number;
}

/** The IHDR header of a PNG file, or a UserError naming `file` when it is not one or is too large. */
export function readPngHeader(bytes: Uint8Array, file: string): PngHeader {
  if (bytes.length < 8 || SIGNATURE.some((b, k) => bytes[k] !== b)) throw new UserError(`${file}: not a PNG image (it does not start with the PNG signature)`);
  // The first chunk: length 13, type "IHDR", width, height, bit depth, colour type, ….
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (bytes.length < 33 || view.getUint32(8) !== 13 || type !== "IHDR") throw new UserError(`${file}: not a valid PNG image (its header is missing or cut short)`);
  const width = view.getUint32(16), height = view.getUint32(20);
  if (width === 0 || height === 0) throw new UserError(`${file}: not a valid PNG image (its header says ${width} × ${height} pixels)`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new UserError(`${file}: the image is ${width} × ${height} pixels; images of more than ${MAX_IMAGE_SIDE.toLocaleString("en")} pixels a side are refused`);
  }
  return { width, height, bitDepth: bytes[24]!, colorType: bytes[25]! };
}

/** The image's alpha, one byte per pixel (16-bit samples keep their high byte), for the tracer. */
export function decodePngAlpha(bytes: Uint8Array, file: string): TraceImage {
  const header = readPngHeader(bytes, file);
  let png: ReturnType<typeof decode>;
  try {
    png = decode(bytes);
  } catch (err) {
    throw new UserError(`${file}: cannot decode the PNG image (${err instanceof Error ? err.message : String(err)})`);
  }
  const { width, height } = png;
  if (width !== header.width || height !== header.height) throw new UserError(`${file}: cannot decode the PNG image (its size changed while decoding)`);
  return { width, height, data: alphaOf(png) };
}

/** One alpha byte per pixel from any of PNG's colour types and depths. */
function alphaOf(png: ReturnType<typeof decode>): Uint8Array {
  const { width, height, depth, channels, data } = png;
  const n = width * height;
  const alpha = new Uint8Array(n);
  // A sample as 8 bits: the high byte of a 16-bit one, the value itself otherwise.
  const shift = depth === 16 ? 8 : 0;
  if (png.palette) {
    // Indexed colour: the palette entry's alpha (from tRNS), opaque when it has none.
    const indices = unpack(data, width, height, depth);
    for (let k = 0; k < n; k++) alpha[k] = png.palette[indices[k]!]?.[3] ?? 255;
    return alpha;
  }
  if (channels === 2 || channels === 4) {
    for (let k = 0; k < n; k++) alpha[k] = data[k * channels + channels - 1]! >> shift;
    return alpha;
  }
  // Grey or RGB without alpha: opaque, but for the one colour tRNS makes transparent.
  const key = png.transparency;
  if (!key || key.length < channels) return alpha.fill(255);
  const samples = depth < 8 ? unpack(data, width, height, depth) : data;
  for (let k = 0; k < n; k++) {
    let same = true;
    for (let c = 0; c < channels && same; c++) same = samples[k * channels + c] === key[c];
    alpha[k] = same ? 0 : 255;
  }
  return alpha;
}

/** Samples of 1, 2 or 4 bits (rows padded to whole bytes) as one value per pixel; 8- and 16-bit data as it is. */
function unpack(data: ArrayLike<number>, width: number, height: number, depth: number): ArrayLike<number> {
  if (depth >= 8) return data;
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8), mask = (1 << depth) - 1;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const bit = i * depth;
      out[j * width + i] = (data[j * rowBytes + (bit >> 3)]! >> (8 - depth - (bit & 7))) & mask;
    }
  }
  return out;
}
