// Small Tiled maps (TMJ, tilesets embedded) for the tile-collider tests, and a plain reference
// for where Tiled puts a flipped tile: the TMX format's order (doc.mapeditor.org, "Tile
// Flipping"): the diagonal flip (swap x and y) first, then the horizontal, then the vertical flip;
// the tile then stands on its cell's bottom-left corner, moved by the tileset's tile offset.
import type { JsonObject } from "../../../core/tiled/types";
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY } from "../../../core/tiled/types";

export const H = FLIPPED_HORIZONTALLY;
export const V = FLIPPED_VERTICALLY;
export const D = FLIPPED_DIAGONALLY;
/** The 8 flag combinations. */
export const FLAG_SETS: readonly number[] = [0, H, V, D, H | V, H | D, V | D, H | V | D].map((f) => f >>> 0);

let nextId = 1;
/** A collision object; `id` counts up. */
export const rect = (x: number, y: number, width: number, height: number, extra: JsonObject = {}): JsonObject => ({ id: nextId++, name: "", type: "", x, y, width, height, rotation: 0, visible: true, ...extra });
export const polygon = (x: number, y: number, points: readonly (readonly [number, number])[], extra: JsonObject = {}): JsonObject =>
  rect(x, y, 0, 0, { polygon: points.map(([px, py]) => ({ x: px, y: py })), ...extra });
export const polyline = (x: number, y: number, points: readonly (readonly [number, number])[], extra: JsonObject = {}): JsonObject =>
  rect(x, y, 0, 0, { polyline: points.map(([px, py]) => ({ x: px, y: py })), ...extra });
export const ellipse = (x: number, y: number, width: number, height: number): JsonObject => rect(x, y, width, height, { ellipse: true });

/** A tileset entry for tile `id` with these collision objects. */
export const tile = (id: number, objects: readonly JsonObject[], extra: JsonObject = {}): JsonObject => ({
  id,
  ...extra,
  objectgroup: { draworder: "index", id: 2, name: "", opacity: 1, type: "objectgroup", visible: true, x: 0, y: 0, objects: [...objects] },
});

export interface MapSpec {
  readonly width: number;
  readonly height: number;
  readonly tileWidth?: number;
  readonly tileHeight?: number;
  /** The tileset's tile size (default the map's). */
  readonly setTileWidth?: number;
  readonly setTileHeight?: number;
  readonly tiles: readonly JsonObject[];
  readonly tileset?: JsonObject;
  /** Tile layers: gids, row by row. */
  readonly layers: readonly (readonly number[] | JsonObject)[];
  readonly map?: JsonObject;
}

/** A finite orthogonal map with one embedded tileset (firstgid 1) of 16 tiles in an image. */
export function tmj(spec: MapSpec): JsonObject {
  const tw = spec.tileWidth ?? 16, th = spec.tileHeight ?? 16;
  const stw = spec.setTileWidth ?? tw, sth = spec.setTileHeight ?? th;
  return {
    type: "map",
    version: "1.8",
    tiledversion: "1.8.2",
    orientation: "orthogonal",
    renderorder: "right-down",
    infinite: false,
    width: spec.width,
    height: spec.height,
    tilewidth: tw,
    tileheight: th,
    nextlayerid: spec.layers.length + 1,
    nextobjectid: 1,
    compressionlevel: -1,
    tilesets: [
      {
        firstgid: 1,
        name: "tiles",
        tilewidth: stw,
        tileheight: sth,
        tilecount: 16,
        columns: 4,
        image: "tiles.png",
        imagewidth: 4 * stw,
        imageheight: 4 * sth,
        margin: 0,
        spacing: 0,
        tiles: [...spec.tiles],
        ...spec.tileset,
      },
    ],
    layers: spec.layers.map((l, i) =>
      Array.isArray(l)
        ? { id: i + 1, name: `Layer ${i + 1}`, type: "tilelayer", x: 0, y: 0, width: spec.width, height: spec.height, opacity: 1, visible: true, data: [...l] }
        : (l as JsonObject),
    ),
    ...spec.map,
  };
}

/** A tile layer object for `tmj`'s `layers`. */
export const tileLayer = (name: string, width: number, height: number, data: readonly number[], extra: JsonObject = {}): JsonObject => ({
  id: nextId++,
  name,
  type: "tilelayer",
  x: 0,
  y: 0,
  width,
  height,
  opacity: 1,
  visible: true,
  data: [...data],
  ...extra,
});

/**
 * The reference placement, inverted: a point of the cell's frame (origin at the cell's top-left,
 * y down) → the point of the tile image (width × height) drawn there with `flags`, on cells `cellHeight`
 * tall, tile offset (ox, oy).
 */
export function cellToTile(flags: number, width: number, height: number, cellHeight: number, ox = 0, oy = 0): (x: number, y: number) => [number, number] {
  const d = (flags & D) !== 0, h = (flags & H) !== 0, v = (flags & V) !== 0;
  // Size after the diagonal flip.
  const w2 = d ? height : width, h2 = d ? width : height;
  return (x, y) => {
    let px = x - ox, py = y - oy - (cellHeight - h2);
    if (v) py = h2 - py;
    if (h) px = w2 - px;
    return d ? [py, px] : [px, py];
  };
}

/**
 * The reference placement forwards: a point of the tile image (width × height) drawn with `flags`
 * on cells `cellHeight` tall, tile offset (ox, oy) → the point of the cell's frame.
 */
export function tileToCell(flags: number, width: number, height: number, cellHeight: number, ox = 0, oy = 0): (px: number, py: number) => [number, number] {
  const d = (flags & D) !== 0, h = (flags & H) !== 0, v = (flags & V) !== 0;
  const w2 = d ? height : width, h2 = d ? width : height;
  return (px0, py0) => {
    let [px, py] = d ? [py0, px0] : [px0, py0];
    if (h) px = w2 - px;
    if (v) py = h2 - py;
    return [px + ox, py + oy + (cellHeight - h2)];
  };
}

/** Point in a polygon (even-odd), the plain way. */
export function insidePolygon(points: readonly (readonly [number, number])[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!, [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Point inside a Tiled collision object (rectangle, ellipse, capsule or polygon; turned by its rotation about (x, y)), in the tile image's frame. */
export function insideObject(obj: JsonObject, px: number, py: number): boolean {
  const x = obj.x as number, y = obj.y as number, w = obj.width as number, h = obj.height as number;
  const r = (((obj.rotation as number | undefined) ?? 0) * Math.PI) / 180;
  // Into the object's own frame: undo the turn about (x, y).
  const dx = px - x, dy = py - y;
  const lx = dx * Math.cos(r) + dy * Math.sin(r), ly = -dx * Math.sin(r) + dy * Math.cos(r);
  if (Array.isArray(obj.polygon)) return insidePolygon((obj.polygon as JsonObject[]).map((p) => [p.x as number, p.y as number]), lx, ly);
  if (obj.ellipse === true) return ((lx - w / 2) / (w / 2)) ** 2 + ((ly - h / 2) / (h / 2)) ** 2 < 1;
  if (obj.capsule === true) {
    // The stadium inside the box: its core runs along the longer side, the radius is half the shorter.
    const r2 = Math.min(w, h) / 2;
    const cx = Math.min(Math.max(lx, r2), w - r2), cy = Math.min(Math.max(ly, r2), h - r2);
    return (lx - cx) ** 2 + (ly - cy) ** 2 < r2 * r2;
  }
  return lx > 0 && lx < w && ly > 0 && ly < h;
}
