// How the backdrop is cut for drawing: each tile layer into chunks of CHUNK × CHUNK cells (fewer
// for big tiles), each drawn once into a bitmap at the level of detail the zoom asks for, kept
// while it is used and dropped least recently used first. Which chunks a frame needs follows from
// the view; a tile may reach out of its cell (a tall tree, a tileoffset), so a chunk's bitmap has
// a margin all round, and chunks are drawn in the map's render order so later rows cover earlier
// ones as in Tiled. Zoomed out until a tile is a few pixels, a layer is drawn from its overview
// instead: one pixel per cell, the tile's mean colour. Pure: no DOM.
import type { BackdropMap, CellGrid } from "./model";

/** Cells per chunk side, at most: a 32-pixel tile makes chunks of 1,024 pixels. */
export const CHUNK_CELLS = 32;
/** A chunk's side in pixels, at most (big tiles make chunks of fewer cells). */
export const CHUNK_MAX_PIXELS = 2048;
/** Cells per side of an overview block (one pixel each). */
export const OVERVIEW_CELLS = 256;
/** Below this many screen pixels per cell, a layer is drawn from its overview. */
export const OVERVIEW_BELOW_PIXELS = 4;

export interface ViewLike {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

/** How far the map's tiles may reach out of their cells, in map pixels, on each side. */
export interface Bleed {
  readonly left: number;
  readonly right: number;
  readonly up: number;
  readonly down: number;
}

/**
 * How far any tile of the map may reach beyond its cell: a tile is drawn from its cell's
 * bottom-left corner up and to the right, over its draw size (either way round, for diagonal
 * flips), moved by its tileset's offset.
 */
export function bleedOf(map: Pick<BackdropMap, "tilesets" | "tileWidth" | "tileHeight">): Bleed {
  let minX = 0, maxX = map.tileWidth, minY = -map.tileHeight, maxY = 0;
  for (const t of map.tilesets) {
    const grid = t.renderSize === "grid";
    const w = grid ? map.tileWidth : t.maxWidth, h = grid ? map.tileHeight : t.maxHeight;
    const side = Math.max(w, h);
    // Grid-sized tiles scale their offset with them: by at most the larger ratio.
    const k = grid ? Math.max(1, map.tileWidth / t.maxWidth, map.tileHeight / t.maxHeight) : 1;
    minX = Math.min(minX, t.offsetX * k);
    maxX = Math.max(maxX, t.offsetX * k + side);
    minY = Math.min(minY, t.offsetY * k - side);
    maxY = Math.max(maxY, t.offsetY * k);
  }
  return { left: Math.max(0, -minX), right: Math.max(0, maxX - map.tileWidth), up: Math.max(0, -minY - map.tileHeight), down: Math.max(0, maxY) };
}

/** Cells per chunk side for tiles of this size: CHUNK_CELLS, halved until a chunk fits CHUNK_MAX_PIXELS. */
export function chunkCells(tileWidth: number, tileHeight: number): number {
  let cells = CHUNK_CELLS;
  while (cells > 1 && cells * Math.max(tileWidth, tileHeight) > CHUNK_MAX_PIXELS) cells /= 2;
  return cells;
}

/** What a frame draws a tile layer from: chunks of tiles at mip level `level` (pixels halved `level` times), or the overview. */
export type Detail = { readonly kind: "tiles"; readonly level: number } | { readonly kind: "overview" };

/**
 * The detail for a zoom: the overview when a cell is under OVERVIEW_BELOW_PIXELS on screen, else
 * the coarsest level whose pixels are still at least one per screen pixel.
 */
export function detailFor(scale: number, tileWidth: number, tileHeight: number): Detail {
  if (Math.min(tileWidth, tileHeight) * scale < OVERVIEW_BELOW_PIXELS) return { kind: "overview" };
  return { kind: "tiles", level: Math.max(0, Math.floor(Math.log2(1 / scale) + 1e-9)) };
}

export interface ChunkRef {
  readonly cx: number;
  readonly cy: number;
}

/** Whether rows run up (right-up, left-up) and columns run left (left-down, left-up). */
const orderOf = (renderOrder: string) => ({ up: renderOrder.endsWith("-up"), left: renderOrder.startsWith("left") });

/**
 * The chunks of `cells` (chunks of `size` cells a side, cells `tileWidth` × `tileHeight`, the layer
 * moved by `offset`) whose drawing, margins included, meets the `width` × `height` canvas under
 * `view`, widened by `ring` chunks each way; in the order Tiled draws their cells.
 */
export function visibleChunks(cells: Pick<CellGrid, "x" | "y" | "width" | "height">, size: number, tileWidth: number, tileHeight: number, offset: { readonly x: number; readonly y: number }, bleed: Bleed, view: ViewLike, width: number, height: number, renderOrder: string, ring = 0): ChunkRef[] {
  if (cells.width <= 0 || cells.height <= 0) return [];
  const cw = size * tileWidth, ch = size * tileHeight;
  // The canvas in the layer's pixels.
  const x0 = -view.x / view.scale - offset.x, x1 = (width - view.x) / view.scale - offset.x;
  const y0 = -view.y / view.scale - offset.y, y1 = (height - view.y) / view.scale - offset.y;
  // A chunk's drawing spans [c·cw − left, (c + 1)·cw + right] across, and likewise down.
  const first = (lo: number, reach: number, span: number) => Math.floor((lo - reach) / span);
  const last = (hi: number, reach: number, span: number) => Math.ceil((hi + reach) / span) - 1;
  const cx0 = Math.max(Math.floor(cells.x / size), first(x0, bleed.right, cw) - ring);
  const cx1 = Math.min(Math.floor((cells.x + cells.width - 1) / size), last(x1, bleed.left, cw) + ring);
  const cy0 = Math.max(Math.floor(cells.y / size), first(y0, bleed.down, ch) - ring);
  const cy1 = Math.min(Math.floor((cells.y + cells.height - 1) / size), last(y1, bleed.up, ch) + ring);
  const out: ChunkRef[] = [];
  if (cx1 < cx0 || cy1 < cy0) return out;
  const { up, left } = orderOf(renderOrder);
  for (let j = 0; j <= cy1 - cy0; j++) {
    const cy = up ? cy1 - j : cy0 + j;
    for (let i = 0; i <= cx1 - cx0; i++) out.push({ cx: left ? cx1 - i : cx0 + i, cy });
  }
  return out;
}

/** Screen pixels on each side of a chunk's cells: whole pixels, shared with its neighbours, so chunks meet without a seam at any zoom. */
export interface ChunkOnScreen {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export function chunkOnScreen(chunk: ChunkRef, size: number, tileWidth: number, tileHeight: number, offset: { readonly x: number; readonly y: number }, view: ViewLike): ChunkOnScreen {
  const sx = (px: number) => Math.round(view.x + (px + offset.x) * view.scale);
  const sy = (px: number) => Math.round(view.y + (px + offset.y) * view.scale);
  return { x0: sx(chunk.cx * size * tileWidth), x1: sx((chunk.cx + 1) * size * tileWidth), y0: sy(chunk.cy * size * tileHeight), y1: sy((chunk.cy + 1) * size * tileHeight) };
}

/** Values kept by key, each with its cost in bytes; over the budget, the least recently used go (`drop` frees each). */
export class LruCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly bytes: number }>();
  private total = 0;

  constructor(private readonly budget: number, private readonly drop: (value: V) => void) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** The value under `key`, now the most recently used. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` under `key` (the most recently used), then drops the least recently used while over budget, never `key` itself. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [k, e] of this.entries) {
      if (this.total <= this.budget || k === key) break;
      this.entries.delete(k);
      this.total -= e.bytes;
      this.drop(e.value);
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes;
    this.drop(e.value);
  }

  /** Drops every value `keep` says no to. */
  retain(keep: (key: string, value: V) => boolean): void {
    for (const [k, e] of [...this.entries]) if (!keep(k, e.value)) this.delete(k);
  }

  clear(): void {
    this.retain(() => false);
  }
}
