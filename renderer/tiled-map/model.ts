// A loaded Tiled map (Tiled's JSON model, tilesets inlined, paths from the map's folder) as the
// backdrop draws it: its tilesets, able to say where each tile's pixels are; its tile and image
// layers in drawing order, group layers composed into them; each tile layer's cells decoded once.
// Of object layers, tile objects are drawn (Tiled's pictures placed as objects), and the objects the
// scene cannot hold as colliders (points, ellipses that are not circles, text) as faint marks; their
// other objects are the scene's shapes. Pure: no DOM, no drawing.
import { CIRCLE_TOLERANCE, tiledChainOf } from "../../core/import/tiled";
import { resolvePath } from "../../core/scene/file-paths";
import { decodeTileData } from "../../core/tiled/layer-data";
import { tilePlacement, type TilePlacement } from "../../core/tiled/tile-shapes";
import { gidOf, type JsonObject, type JsonValue } from "../../core/tiled/types";
import { folderOf } from "./load";

/** Cells per side of a block of cells: the unit the backdrop decodes, caches and draws. */
export const CHUNK = 32;

/** Multiplied into everything a layer draws: red, green, blue, alpha, each 0–1. */
export type Tint = readonly [number, number, number, number];

/** A shape of Tiled's Tile Collision Editor, in the tile's own pixels. */
export interface TileShape {
  /** A polygon of class "chain" is a closed chain (core/import/tiled.ts tiledChainOf). */
  readonly kind: "rectangle" | "ellipse" | "polygon" | "chain" | "polyline" | "point" | "capsule";
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Degrees clockwise about (x, y). */
  readonly rotation: number;
  /** Polygon, chain and polyline points, relative to (x, y). */
  readonly points: readonly (readonly [number, number])[];
}

/** An opaque colour's red, green and blue, each 0–255. */
export type Rgb = readonly [number, number, number];

/** Where a tile's pixels are: a picture (its src relative to the scene's folder) and a rectangle of it. */
export interface TileImage {
  readonly src: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The tileset's transparent colour (`trans`, `transparentcolor`): its pixels of exactly that colour are not drawn. */
  readonly transparent?: Rgb;
}

export interface TileInfo {
  /** Null when the tileset has no picture for it (a collection tile without an image). */
  readonly image: TileImage | null;
  /** How it is drawn in a cell (core/tiled/tile-shapes.ts: image frame, drawn size, offset). */
  readonly placement: TilePlacement;
  readonly shapes: readonly TileShape[];
}

export interface BackdropTileset {
  readonly name: string;
  readonly firstgid: number;
  /** The tile's draw size when its tileset says "tile" (tilerendersize), and its grid's. */
  readonly tileWidth: number;
  readonly tileHeight: number;
  readonly offsetX: number;
  readonly offsetY: number;
  /** Tiled's tilerendersize: "grid" draws every tile at the map's grid size. */
  readonly renderSize: "tile" | "grid";
  /** Where a tile object's (x, y) is on its picture, as fractions of its width and height (objectalignment; unspecified: bottom-left, as in an orthogonal map). */
  readonly alignX: number;
  readonly alignY: number;
  /** The largest tile picture, for how far a tile may reach out of its cell. */
  readonly maxWidth: number;
  readonly maxHeight: number;
  /** Every picture the tileset's tiles come from. */
  readonly images: readonly string[];
  /**
   * Tile `id` (its gid less firstgid), or null when the tileset has none by that id. `sizeOf` tells
   * a decoded picture's size: an atlas whose file gives no grid (an old TSX's `<image>` without
   * width and height) takes its columns and tile count from its picture, as Tiled does; until
   * that is known its tiles are its picture's first tile-sized rectangle, not kept, so a picture
   * still loading or missing is drawn as such.
   */
  tile(id: number, sizeOf?: PictureSize): TileInfo | null;
}

/** A picture's size once decoded (by its src, as TileImage's), else null. */
export type PictureSize = (src: string) => { readonly width: number; readonly height: number } | null;

/**
 * An atlas's columns and tile count in a picture of `width` × `height` pixels, as Tiled counts
 * them (tileset.cpp columnCountForWidth, rowCountForHeight: the margin taken once).
 */
export function atlasGrid(width: number, height: number, tileWidth: number, tileHeight: number, margin: number, spacing: number): { readonly columns: number; readonly count: number } {
  const columns = Math.max(0, Math.floor((width - margin + spacing) / (tileWidth + spacing)));
  const rows = Math.max(0, Math.floor((height - margin + spacing) / (tileHeight + spacing)));
  return { columns, count: columns * rows };
}

/** A tile layer's cells: raw gids (flip bits included) by cell, 0 where empty. */
export interface CellGrid {
  /** The cells that may hold tiles: the layer's rectangle, or the bounding box of its chunks. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  gid(x: number, y: number): number;
}

/** What a layer inherits from the group layers above it (Tiled's effective values). */
export interface Composite {
  readonly opacity: number;
  readonly visible: boolean;
  readonly offsetX: number;
  readonly offsetY: number;
  /** Null: white (no tint). */
  readonly tint: Tint | null;
}

export const TOP: Composite = { opacity: 1, visible: true, offsetX: 0, offsetY: 0, tint: null };

export interface TileLayerDraw extends Composite {
  readonly kind: "tiles";
  /** "Group/Layer", as the import names layers. */
  readonly name: string;
  readonly cells: CellGrid;
}

export interface ImageLayerDraw extends Composite {
  readonly kind: "image";
  readonly name: string;
  /** The picture, relative to the scene's folder; "" when the layer has none. */
  readonly src: string;
  readonly repeatX: boolean;
  readonly repeatY: boolean;
}

/** A tile object: a tile drawn as an object is, at its own size and turn. */
export interface TileObject {
  /** The raw gid, flip bits included. */
  readonly gid: number;
  /** Its anchor (the tileset's object alignment), in the layer's pixels. */
  readonly x: number;
  readonly y: number;
  /** The drawn size; 0: the tile's picture's. */
  readonly width: number;
  readonly height: number;
  /** Degrees clockwise about (x, y). */
  readonly rotation: number;
}

/** Where a text object's lines sit in its box (Tiled's halign, valign; justify is drawn as left). */
export type TextAlign = { readonly h: "left" | "center" | "right"; readonly v: "top" | "center" | "bottom" };

/**
 * An object the import cannot make a collider of (core/import/tiled.ts shapeBody), drawn for
 * context, read-only: a point, an ellipse that is not a circle, a text object. In the layer's
 * pixels; `rotation` is degrees clockwise about (x, y), as Tiled turns objects.
 */
export type ObjectMark =
  | { readonly kind: "point"; readonly name: string; readonly x: number; readonly y: number }
  | { readonly kind: "ellipse"; readonly name: string; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly rotation: number }
  | {
      readonly kind: "text";
      readonly name: string;
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly rotation: number;
      readonly text: string;
      /** Font size in the layer's pixels (Tiled's pixelsize; 16 when not given). */
      readonly pixelSize: number;
      readonly fontFamily: string;
      readonly wrap: boolean;
      readonly align: TextAlign;
    };

/** An object layer's tile objects, in the order Tiled draws them, and its marks (its other objects are the scene's shapes). */
export interface ObjectLayerDraw extends Composite {
  readonly kind: "objects";
  readonly name: string;
  readonly objects: readonly TileObject[];
  readonly marks: readonly ObjectMark[];
}

export type LayerDraw = TileLayerDraw | ImageLayerDraw | ObjectLayerDraw;

export type RenderOrder = "right-down" | "right-up" | "left-down" | "left-up";

export interface BackdropMap {
  readonly tileWidth: number;
  readonly tileHeight: number;
  readonly renderOrder: RenderOrder;
  /** By firstgid, ascending. */
  readonly tilesets: readonly BackdropTileset[];
  /** Bottom first. */
  readonly layers: readonly LayerDraw[];
  /** The map's `backgroundcolor` (a CSS colour), filled under every layer over `area` (world pixels); null when it has none. */
  readonly background: { readonly color: string; readonly area: { readonly x: number; readonly y: number; readonly width: number; readonly height: number } } | null;
}

/**
 * What the Layers panel says the map drew: the layers shown (a hidden one, or one under a hidden
 * group, is not drawn), the hidden ones named apart, and the tile objects of the shown layers.
 */
export function drawnSummary(map: BackdropMap): string {
  const shown = map.layers.filter((l) => l.visible);
  const hidden = map.layers.length - shown.length;
  const tileObjects = shown.reduce((n, l) => n + (l.kind === "objects" ? l.objects.length : 0), 0);
  const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const hiddenNote = hidden === 0 ? "" : ` (${plural(hidden, "hidden layer")})`;
  if (shown.length === 0) return `no tiles to draw${hiddenNote}`;
  return `${plural(shown.length, "layer")}${tileObjects === 0 ? "" : `, ${plural(tileObjects, "tile object")}`}${hiddenNote}`;
}

export type BuiltBackdrop = { readonly ok: true; readonly map: BackdropMap; readonly problems: readonly string[] } | { readonly ok: false; readonly problems: readonly string[] };

const isObject = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: JsonValue | undefined, fallback: number): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: JsonValue | undefined, fallback = ""): string => (typeof v === "string" ? v : fallback);
const list = (v: JsonValue | undefined): readonly JsonValue[] => (Array.isArray(v) ? (v as readonly JsonValue[]) : []);

/** Tiled's "#RRGGBB" or "#AARRGGBB" as a tint; null for white, absent or malformed. */
export function parseTint(color: JsonValue | undefined): Tint | null {
  if (typeof color !== "string") return null;
  const m = /^#?([0-9a-fA-F]{2})?([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/.exec(color);
  if (!m) return null;
  const byte = (h: string | undefined) => (h === undefined ? 1 : parseInt(h, 16) / 255);
  const tint: Tint = [byte(m[2]), byte(m[3]), byte(m[4]), byte(m[1])];
  return tint.every((c) => c === 1) ? null : tint;
}

/** A map's `backgroundcolor` ("#rrggbb" or "#aarrggbb", as Tiled writes it) as a CSS colour; null when absent or malformed. */
export function parseBackground(color: JsonValue | undefined): string | null {
  if (typeof color !== "string") return null;
  const m = /^#?([0-9a-fA-F]{2})?([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/.exec(color);
  if (!m) return null;
  const alpha = m[1] === undefined ? 1 : parseInt(m[1], 16) / 255;
  return `rgba(${parseInt(m[2]!, 16)}, ${parseInt(m[3]!, 16)}, ${parseInt(m[4]!, 16)}, ${Number(alpha.toFixed(4))})`;
}

/**
 * Where the background colour is filled: a finite map's own rectangle (width × height tiles); an
 * infinite map's, the cells its tile layers cover (shown or not); null when that is empty.
 */
function backgroundArea(resolved: JsonObject, layers: readonly LayerDraw[], tileWidth: number, tileHeight: number): { x: number; y: number; width: number; height: number } | null {
  if (resolved.infinite !== true) {
    const width = num(resolved.width, 0) * tileWidth, height = num(resolved.height, 0) * tileHeight;
    return width > 0 && height > 0 ? { x: 0, y: 0, width, height } : null;
  }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const layer of layers) {
    if (layer.kind !== "tiles" || layer.cells.width <= 0 || layer.cells.height <= 0) continue;
    minX = Math.min(minX, layer.cells.x);
    minY = Math.min(minY, layer.cells.y);
    maxX = Math.max(maxX, layer.cells.x + layer.cells.width);
    maxY = Math.max(maxY, layer.cells.y + layer.cells.height);
  }
  return minX < maxX ? { x: minX * tileWidth, y: minY * tileHeight, width: (maxX - minX) * tileWidth, height: (maxY - minY) * tileHeight } : null;
}

/** A tileset's `transparentcolor` ("#rrggbb", as Tiled writes it; the "#" may be left out); null when absent or malformed. */
export function parseTransparent(color: JsonValue | undefined): Rgb | null {
  if (typeof color !== "string") return null;
  const m = /^#?([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/.exec(color);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : null;
}

const multiplyTints = (a: Tint | null, b: Tint | null): Tint | null => (a === null ? b : b === null ? a : [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]]);

/** A layer's own opacity, visibility, offset and tint composed with its groups' (Tiled's effective values; parallax is not read). */
export function composeLayer(parent: Composite, layer: JsonObject): Composite {
  return {
    opacity: parent.opacity * Math.min(1, Math.max(0, num(layer.opacity, 1))),
    visible: parent.visible && layer.visible !== false,
    offsetX: parent.offsetX + num(layer.offsetx, 0),
    offsetY: parent.offsetY + num(layer.offsety, 0),
    tint: multiplyTints(parent.tint, parseTint(layer.tintcolor)),
  };
}

function readShapes(tile: JsonObject): TileShape[] {
  const group = tile.objectgroup;
  if (!isObject(group)) return [];
  const out: TileShape[] = [];
  for (const o of list(group.objects)) {
    if (!isObject(o) || o.visible === false) continue;
    const points = (o.polygon ?? o.polyline) as JsonValue | undefined;
    // Tiled 1.9 wrote an object's class as "class"; before and since, as "type".
    const cls = str(o.class) || str(o.type);
    const kind: TileShape["kind"] =
      o.point === true ? "point"
      : o.ellipse === true ? "ellipse"
      : o.capsule === true ? "capsule"
      : Array.isArray(o.polygon) ? (tiledChainOf("polygon", cls) ? "chain" : "polygon")
      : Array.isArray(o.polyline) ? "polyline"
      : "rectangle";
    out.push({
      kind,
      x: num(o.x, 0),
      y: num(o.y, 0),
      width: num(o.width, 0),
      height: num(o.height, 0),
      rotation: num(o.rotation, 0),
      points: list(points).filter(isObject).map((p) => [num(p.x, 0), num(p.y, 0)] as const),
    });
  }
  return out;
}

/** The picture a tileset's path names, relative to the scene's folder ("" stays "": none). */
const sceneSrc = (mapDir: string, path: JsonValue | undefined): string => {
  const p = str(path);
  return p === "" ? "" : resolvePath(mapDir, p);
};

/** Tiled's objectalignment as fractions of a tile object's size; unspecified (and anything else) is bottom-left, as Tiled takes it in an orthogonal map. */
function alignmentOf(value: JsonValue | undefined): { readonly alignX: number; readonly alignY: number } {
  const v = str(value);
  const alignX = v.endsWith("left") ? 0 : v.endsWith("right") ? 1 : v === "top" || v === "bottom" || v === "center" ? 0.5 : 0;
  const alignY = v.startsWith("top") ? 0 : v.startsWith("bottom") ? 1 : v === "left" || v === "right" || v === "center" ? 0.5 : 1;
  return { alignX, alignY };
}

/** An object layer's visible tile objects, in Tiled's drawing order: by y when its draworder is topdown (the default, a stable sort), else as listed. */
function readTileObjects(layer: JsonObject): TileObject[] {
  const out: TileObject[] = [];
  for (const o of list(layer.objects)) {
    if (!isObject(o) || o.visible === false || typeof o.gid !== "number" || gidOf(o.gid) === 0) continue;
    out.push({ gid: o.gid >>> 0, x: num(o.x, 0), y: num(o.y, 0), width: Math.max(0, num(o.width, 0)), height: Math.max(0, num(o.height, 0)), rotation: num(o.rotation, 0) });
  }
  return layer.draworder === "index" ? out : out.sort((a, b) => a.y - b.y);
}

/**
 * An object layer's visible objects that the import leaves in the map for want of a collider: a
 * point, an ellipse of unequal sides (a circle is the scene's), a text object. A tile object or a
 * shape is not one; neither is a zero-size ellipse.
 */
export function readObjectMarks(layer: JsonObject): ObjectMark[] {
  const out: ObjectMark[] = [];
  for (const o of list(layer.objects)) {
    if (!isObject(o) || o.visible === false || o.gid !== undefined) continue;
    const name = str(o.name), x = num(o.x, 0), y = num(o.y, 0);
    const width = num(o.width, 0), height = num(o.height, 0), rotation = num(o.rotation, 0);
    if (isObject(o.text)) {
      const t = o.text;
      const h = str(t.halign, "left"), v = str(t.valign, "top");
      out.push({
        kind: "text", name, x, y, width: Math.max(0, width), height: Math.max(0, height), rotation,
        text: str(t.text),
        pixelSize: Math.max(1, num(t.pixelsize, 16)),
        fontFamily: str(t.fontfamily, "sans-serif"),
        wrap: t.wrap === true,
        align: { h: h === "center" || h === "right" ? h : "left", v: v === "center" || v === "bottom" ? v : "top" },
      });
    } else if (o.point === true) out.push({ kind: "point", name, x, y });
    else if (o.ellipse === true && width > 0 && height > 0 && Math.abs(width - height) > CIRCLE_TOLERANCE * Math.max(width, height)) {
      out.push({ kind: "ellipse", name, x, y, width, height, rotation });
    }
  }
  return out;
}

function readTileset(raw: JsonObject, mapDir: string, index: number, mapTileWidth: number, mapTileHeight: number): BackdropTileset {
  const tileWidth = Math.max(1, num(raw.tilewidth, 1)), tileHeight = Math.max(1, num(raw.tileheight, 1));
  const givenColumns = Math.max(0, Math.floor(num(raw.columns, 0)));
  const margin = num(raw.margin, 0), spacing = num(raw.spacing, 0);
  const image = sceneSrc(mapDir, raw.image);
  // Keyed out of the tileset's picture (Tiled's JSON has no colour for a collection tile's own picture).
  const transparent = parseTransparent(raw.transparentcolor);
  const keyed = transparent ? { transparent } : {};
  const offset = isObject(raw.tileoffset) ? raw.tileoffset : {};
  const tiles = new Map<number, JsonObject>();
  for (const t of list(raw.tiles)) if (isObject(t) && typeof t.id === "number") tiles.set(t.id, t);
  // An atlas's tile count: as written, else what its picture holds.
  const givenCount = typeof raw.tilecount === "number" ? raw.tilecount : givenColumns > 0 ? givenColumns * Math.max(1, Math.floor((num(raw.imageheight, tileHeight) - 2 * margin + spacing) / (tileHeight + spacing))) : 0;
  // No columns with a picture: the file did not know the picture's size (its tile count, if any, counts only the tiles it lists).
  let grid: { readonly columns: number; readonly count: number } | null = image === "" || givenColumns > 0 ? { columns: givenColumns, count: givenCount } : null;
  const gridFrom = (sizeOf: PictureSize | undefined) => {
    const size = grid === null ? sizeOf?.(image) : null;
    if (size) grid = atlasGrid(size.width, size.height, tileWidth, tileHeight, margin, spacing);
    return grid;
  };
  const images = new Set<string>();
  if (image !== "") images.add(image);
  let maxWidth = image === "" ? 0 : tileWidth, maxHeight = image === "" ? 0 : tileHeight;
  const info = new Map<number, TileInfo>();
  for (const t of tiles.values()) {
    const own = sceneSrc(mapDir, t.image);
    if (own !== "") images.add(own);
    maxWidth = Math.max(maxWidth, num(t.width, num(t.imagewidth, tileWidth)));
    maxHeight = Math.max(maxHeight, num(t.height, num(t.imageheight, tileHeight)));
  }
  const atlasRect = (id: number, columns: number) => {
    const col = id % columns, row = Math.floor(id / columns);
    return { x: margin + col * (tileWidth + spacing), y: margin + row * (tileHeight + spacing), width: tileWidth, height: tileHeight };
  };
  return {
    name: str(raw.name, `tileset ${index}`),
    firstgid: num(raw.firstgid, 1),
    tileWidth,
    tileHeight,
    offsetX: num(offset.x, 0),
    offsetY: num(offset.y, 0),
    renderSize: raw.tilerendersize === "grid" ? "grid" : "tile",
    ...alignmentOf(raw.objectalignment),
    maxWidth: Math.max(maxWidth, 1),
    maxHeight: Math.max(maxHeight, 1),
    images: [...images],
    tile(id, sizeOf) {
      const known = info.get(id);
      if (known) return known;
      const t = tiles.get(id);
      const g = gridFrom(sizeOf);
      // Its picture's size still unknown: a stand-in, not kept (the picture loading or missing decides how it is drawn).
      const pending = g === null && id >= 0;
      const atlas = image !== "" && g !== null && g.columns > 0 && id >= 0 && id < g.count;
      if (!t && !atlas && !pending) return null;
      const own = t ? sceneSrc(mapDir, t.image) : "";
      let picture: TileImage | null = null;
      if (own !== "") {
        // A collection tile: its own picture, or the rectangle of it Tiled 1.9+ names.
        picture = { src: own, x: num(t!.x, 0), y: num(t!.y, 0), width: num(t!.width, num(t!.imagewidth, tileWidth)), height: num(t!.height, num(t!.imageheight, tileHeight)) };
      } else if (atlas) picture = { src: image, ...atlasRect(id, g.columns), ...keyed };
      else if (pending) picture = { src: image, x: 0, y: 0, width: tileWidth, height: tileHeight, ...keyed };
      // Drawn whatever the tileset's grid says (it shapes Tiled's collision editor, not the tiles).
      const placed = tilePlacement({ ...raw, grid: null }, t, mapTileWidth, mapTileHeight);
      const placement: TilePlacement = typeof placed === "string" ? { imageWidth: tileWidth, imageHeight: tileHeight, renderWidth: tileWidth, renderHeight: tileHeight, scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0, cellHeight: mapTileHeight } : placed;
      const made: TileInfo = { image: picture && picture.width > 0 && picture.height > 0 ? picture : null, placement, shapes: t ? readShapes(t) : [] };
      if (!pending || own !== "") info.set(id, made);
      return made;
    },
  };
}

/** The tileset a gid's tile is in (the last whose firstgid is at most the gid), and the tile's id in it. */
export function tilesetOf(tilesets: readonly BackdropTileset[], gid: number): { readonly tileset: BackdropTileset; readonly id: number } | null {
  const g = gidOf(gid);
  if (g === 0) return null;
  let lo = 0, hi = tilesets.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tilesets[mid]!.firstgid <= g) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : { tileset: tilesets[found]!, id: g - tilesets[found]!.firstgid };
}

const blockKey = (bx: number, by: number): number => (bx + 0x8000) * 0x10000 + (by + 0x8000);

/** A finite layer's cells: one array, row by row. */
function finiteGrid(x: number, y: number, width: number, height: number, gids: Uint32Array): CellGrid {
  return { x, y, width, height, gid: (cx, cy) => (cx < x || cy < y || cx >= x + width || cy >= y + height ? 0 : gids[(cy - y) * width + (cx - x)]!) };
}

/** An infinite layer's chunks, copied into blocks of CHUNK × CHUNK cells (Tiled's chunks may have any size). */
function chunkedGrid(chunks: readonly { x: number; y: number; width: number; height: number; gids: Uint32Array }[]): CellGrid {
  const blocks = new Map<number, Uint32Array>();
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of chunks) {
    for (let j = 0; j < c.height; j++) {
      for (let i = 0; i < c.width; i++) {
        const g = c.gids[j * c.width + i]!;
        if (g === 0) continue;
        const cx = c.x + i, cy = c.y + j;
        const key = blockKey(Math.floor(cx / CHUNK), Math.floor(cy / CHUNK));
        let block = blocks.get(key);
        if (!block) blocks.set(key, (block = new Uint32Array(CHUNK * CHUNK)));
        block[(cy - Math.floor(cy / CHUNK) * CHUNK) * CHUNK + (cx - Math.floor(cx / CHUNK) * CHUNK)] = g;
        x0 = Math.min(x0, cx);
        y0 = Math.min(y0, cy);
        x1 = Math.max(x1, cx + 1);
        y1 = Math.max(y1, cy + 1);
      }
    }
  }
  if (blocks.size === 0) return { x: 0, y: 0, width: 0, height: 0, gid: () => 0 };
  return {
    x: x0,
    y: y0,
    width: x1 - x0,
    height: y1 - y0,
    gid(cx, cy) {
      const bx = Math.floor(cx / CHUNK), by = Math.floor(cy / CHUNK);
      const block = blocks.get(blockKey(bx, by));
      return block ? block[(cy - by * CHUNK) * CHUNK + (cx - bx * CHUNK)]! : 0;
    },
  };
}

function readCells(layer: JsonObject, name: string, problems: string[]): CellGrid | null {
  const encoding = typeof layer.encoding === "string" ? layer.encoding : undefined;
  const compression = typeof layer.compression === "string" ? layer.compression : undefined;
  if (Array.isArray(layer.chunks)) {
    const chunks: { x: number; y: number; width: number; height: number; gids: Uint32Array }[] = [];
    for (const [i, c] of (layer.chunks as JsonValue[]).entries()) {
      if (!isObject(c) || (typeof c.data !== "string" && !Array.isArray(c.data))) continue;
      const width = Math.max(0, Math.floor(num(c.width, 0))), height = Math.max(0, Math.floor(num(c.height, 0)));
      const decoded = decodeTileData(c.data as string | number[], encoding, compression, width * height);
      if (!decoded.ok) {
        problems.push(`layer "${name}", chunk ${i}: ${decoded.message}`);
        continue;
      }
      chunks.push({ x: Math.floor(num(c.x, 0)), y: Math.floor(num(c.y, 0)), width, height, gids: decoded.gids });
    }
    return chunkedGrid(chunks);
  }
  if (typeof layer.data !== "string" && !Array.isArray(layer.data)) return null;
  const width = Math.max(0, Math.floor(num(layer.width, 0))), height = Math.max(0, Math.floor(num(layer.height, 0)));
  const decoded = decodeTileData(layer.data as string | number[], encoding, compression, width * height);
  if (!decoded.ok) {
    problems.push(`layer "${name}": ${decoded.message}`);
    return null;
  }
  return finiteGrid(Math.floor(num(layer.x, 0)), Math.floor(num(layer.y, 0)), width, height, decoded.gids);
}

function readLayers(layers: readonly JsonValue[], parent: Composite, prefix: string, mapDir: string, out: LayerDraw[], problems: string[]): void {
  for (const raw of layers) {
    if (!isObject(raw)) continue;
    const composite = composeLayer(parent, raw);
    const name = `${prefix}${str(raw.name, "layer")}`;
    if (raw.type === "group") readLayers(list(raw.layers), composite, `${name}/`, mapDir, out, problems);
    else if (raw.type === "tilelayer") {
      const cells = readCells(raw, name, problems);
      if (cells) out.push({ kind: "tiles", name, ...composite, cells });
    } else if (raw.type === "imagelayer") {
      out.push({ kind: "image", name, ...composite, src: sceneSrc(mapDir, raw.image), repeatX: raw.repeatx === true, repeatY: raw.repeaty === true });
    } else if (raw.type === "objectgroup") {
      const objects = readTileObjects(raw), marks = readObjectMarks(raw);
      if (objects.length > 0 || marks.length > 0) out.push({ kind: "objects", name, ...composite, objects, marks });
    }
  }
}

const RENDER_ORDERS: readonly RenderOrder[] = ["right-down", "right-up", "left-down", "left-up"];

/**
 * The backdrop of a map loaded from `src` (relative to the scene's folder; `resolved`'s paths are
 * relative to the map's folder). Only orthogonal maps: Tiled draws the others on another grid.
 */
export function buildBackdrop(resolved: JsonObject, src: string): BuiltBackdrop {
  const orientation = str(resolved.orientation, "orthogonal");
  if (orientation !== "orthogonal") return { ok: false, problems: [`${src}: only orthogonal maps can be shown as a backdrop; this one is ${orientation}`] };
  const tileWidth = num(resolved.tilewidth, 0), tileHeight = num(resolved.tileheight, 0);
  if (!(tileWidth > 0 && tileHeight > 0)) return { ok: false, problems: [`${src}: the map's tilewidth and tileheight must be greater than 0`] };
  const mapDir = folderOf(src);
  const problems: string[] = [];
  const tilesets = list(resolved.tilesets)
    .filter(isObject)
    .map((t, i) => readTileset(t, mapDir, i, tileWidth, tileHeight))
    .sort((a, b) => a.firstgid - b.firstgid);
  const layers: LayerDraw[] = [];
  readLayers(list(resolved.layers), TOP, "", mapDir, layers, problems);
  const order = str(resolved.renderorder, "right-down");
  const color = parseBackground(resolved.backgroundcolor);
  const area = color === null ? null : backgroundArea(resolved, layers, tileWidth, tileHeight);
  return {
    ok: true,
    map: { tileWidth, tileHeight, renderOrder: RENDER_ORDERS.includes(order as RenderOrder) ? (order as RenderOrder) : "right-down", tilesets, layers, background: color !== null && area ? { color, area } : null },
    problems: problems.map((p) => `${src}: ${p}`),
  };
}

/** The world rectangle the map's visible tile layers cover (their cells' rectangles, offsets added); null when none. */
export function backdropBounds(map: BackdropMap): { minX: number; minY: number; maxX: number; maxY: number } | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const layer of map.layers) {
    if (layer.kind !== "tiles" || !layer.visible || layer.cells.width <= 0 || layer.cells.height <= 0) continue;
    const { x, y, width, height } = layer.cells;
    minX = Math.min(minX, x * map.tileWidth + layer.offsetX);
    minY = Math.min(minY, y * map.tileHeight + layer.offsetY);
    maxX = Math.max(maxX, (x + width) * map.tileWidth + layer.offsetX);
    maxY = Math.max(maxY, (y + height) * map.tileHeight + layer.offsetY);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}
