// Tile layer data in every form Tiled writes (https://doc.mapeditor.org/en/stable/reference/tmx-map-format/#data):
// an array of gids (TMJ csv), or base64 of little-endian uint32 gids, uncompressed or compressed
// with zlib, gzip or zstd. Decoding checks the count, so a truncated layer is an error, not a
// layer of holes. Encoding is the inverse, for writing a layer back in its own form.
import { gunzipSync, gzipSync, unzlibSync, zlibSync } from "fflate";
import { decompress as unzstd } from "fzstd";
import { decodeBase64, encodeBase64 } from "../base64";

export { decodeBase64, encodeBase64 };
import type { TileCompression, TileData } from "./types";

export type Decoded = { readonly ok: true; readonly gids: Uint32Array } | { readonly ok: false; readonly message: string };

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function inflate(bytes: Uint8Array, compression: TileCompression): Uint8Array {
  switch (compression) {
    case "":
      return bytes;
    case "zlib":
      return unzlibSync(bytes);
    case "gzip":
      return gunzipSync(bytes);
    case "zstd":
      return unzstd(bytes);
  }
}

/**
 * The `count` gids (flip bits included) of a layer's or chunk's data. `encoding` "csv" (or absent)
 * wants an array; "base64" a string, compressed as `compression` says.
 */
export function decodeTileData(data: TileData, encoding: string | undefined, compression: string | undefined, count: number): Decoded {
  if (typeof data !== "string") {
    if (encoding !== undefined && encoding !== "csv") return { ok: false, message: `data is an array but the encoding is "${encoding}"` };
    if (data.length !== count) return { ok: false, message: `expected ${count} tiles, found ${data.length}` };
    const gids = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const g = data[i];
      if (typeof g !== "number" || !Number.isInteger(g) || g < 0 || g > 0xffffffff) return { ok: false, message: `tile ${i} is not a gid: ${JSON.stringify(g)}` };
      gids[i] = g;
    }
    return { ok: true, gids };
  }
  if (encoding !== "base64") return { ok: false, message: encoding === undefined || encoding === "csv" ? "data is a string but the encoding is not base64" : `unknown encoding "${encoding}"` };
  const how = compression ?? "";
  if (how !== "" && how !== "zlib" && how !== "gzip" && how !== "zstd") return { ok: false, message: `unknown compression "${how}"` };
  const packed = decodeBase64(data);
  if (!packed) return { ok: false, message: "data is not valid base64" };
  let bytes: Uint8Array;
  try {
    bytes = inflate(packed, how);
  } catch (err) {
    return { ok: false, message: `cannot decompress the ${how} data: ${reason(err)}` };
  }
  if (bytes.length !== count * 4) return { ok: false, message: `expected ${count} tiles (${count * 4} bytes), found ${bytes.length} bytes` };
  const gids = new Uint32Array(count);
  for (let i = 0, b = 0; i < count; i++, b += 4) gids[i] = (bytes[b]! | (bytes[b + 1]! << 8) | (bytes[b + 2]! << 16) | (bytes[b + 3]! << 24)) >>> 0;
  return { ok: true, gids };
}

/**
 * Gids as `encoding`/`compression` write them: an array for csv, else a base64 string. zstd cannot
 * be written (no compressor here): callers keep a zstd layer's original data when its tiles are unchanged.
 */
export function encodeTileData(gids: Uint32Array, encoding: "csv" | "base64" | undefined, compression: TileCompression | undefined): TileData {
  if (encoding !== "base64") return Array.from(gids);
  const bytes = new Uint8Array(gids.length * 4);
  for (let i = 0, b = 0; i < gids.length; i++, b += 4) {
    const g = gids[i]!;
    bytes[b] = g & 255;
    bytes[b + 1] = (g >>> 8) & 255;
    bytes[b + 2] = (g >>> 16) & 255;
    bytes[b + 3] = (g >>> 24) & 255;
  }
  switch (compression ?? "") {
    case "zlib":
      return encodeBase64(zlibSync(bytes));
    case "gzip":
      return encodeBase64(gzipSync(bytes));
    case "zstd":
      throw new Error("zstd layers cannot be written; keep the original data");
    default:
      return encodeBase64(bytes);
  }
}
