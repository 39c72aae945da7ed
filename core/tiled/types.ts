// A Tiled map as Tiled's JSON format (TMJ) has it: plain JSON values, every field kept, so a map
// read from TMJ or TMX and written back loses nothing the scene does not change. Field names and
// meanings are Tiled's (https://doc.mapeditor.org/en/stable/reference/json-map-format/); only the
// fields the readers here rely on are typed, the rest ride along in the index signature.

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;
/** `undefined` only so typed optional fields fit; a parsed map never holds it. */
export type JsonObject = { readonly [key: string]: JsonValue | undefined };

/** A tile layer's `data` or a chunk's: gids (flip bits included) as an array, or a base64 string with `encoding`/`compression`. */
export type TileData = readonly number[] | string;

/** "" (none), or how a base64 layer's bytes are compressed. */
export type TileCompression = "" | "zlib" | "gzip" | "zstd";

export interface TiledChunk extends JsonObject {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly data: TileData;
}

export interface TiledTileLayer extends JsonObject {
  readonly type: "tilelayer";
  readonly id: number;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Finite maps. */
  readonly data?: TileData;
  /** Infinite maps. */
  readonly chunks?: readonly TiledChunk[];
  /** "csv" (data is an array) or "base64"; absent means csv. */
  readonly encoding?: "csv" | "base64";
  readonly compression?: TileCompression;
}

/** Bits Tiled sets on a gid to flip or turn the tile placed there. */
export const FLIPPED_HORIZONTALLY = 0x80000000;
export const FLIPPED_VERTICALLY = 0x40000000;
export const FLIPPED_DIAGONALLY = 0x20000000;
/** Hexagonal maps' 120° turn; read on orthogonal maps as Tiled does (ignored). */
export const ROTATED_HEXAGONAL_120 = 0x10000000;
export const GID_FLAGS = FLIPPED_HORIZONTALLY | FLIPPED_VERTICALLY | FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120;

/** The tileset index part of a gid (flags cleared); 0 is an empty cell. */
export const gidOf = (raw: number): number => (raw & ~GID_FLAGS) >>> 0;
