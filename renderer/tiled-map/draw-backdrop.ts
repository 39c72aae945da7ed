// Draws the backdrop in screen pixels, layer by layer, bottom first: a tile layer from the chunks
// (or overview blocks) the view needs, each built once and kept in the store; an image layer as a
// scene image is drawn (draw-images.ts), placeholder included. A frame builds chunks for at most
// BUILD_MS, the visible ones first, then a ring around them so a pan finds them ready; what is
// left is built in the frames after (`pending`). A chunk built while a picture was loading is
// built again once the image cache has news.
import type { SceneImage } from "../../core";
import type { ImageEntry } from "../images/image-cache";
import type { Level } from "../images/pyramid";
import type { ViewState } from "../store/preferences";
import { drawImages, wrapText, type ImageContext, type ImagePaint } from "../canvas/draw-images";
import { bleedOf, chunkCells, chunkOnScreen, detailFor, LruCache, OVERVIEW_CELLS, visibleChunks, type Bleed, type ChunkRef } from "./chunks";
import { buildOverviewBlock, buildTileChunk, hatchPattern, meanColours, type BuiltChunk, type ChunkPaint, type MeanOf, type PictureOf } from "./draw-chunk";
import type { BackdropMap, ImageLayerDraw, TileLayerDraw } from "./model";
import { drawObjectMarks, type MarksContext } from "./object-marks";
import { drawTileObjects, type ObjectsContext } from "./tile-objects";

/** The context the backdrop draws in: images', tile objects' (turned and flipped) and marks', with a pattern for missing pictures. */
export type BackdropContext = ImageContext & ObjectsContext & MarksContext & Pick<CanvasRenderingContext2D, "createPattern">;

/** Bitmap bytes kept for one map's chunks before the least recently used go. */
export const CHUNK_BUDGET_BYTES = 256 * 1024 * 1024;
/** Milliseconds of chunk building per frame (at least one chunk is built). */
export const BUILD_MS = 8;

interface Stored extends BuiltChunk {
  /** The image cache's version when it was built. */
  readonly version: number;
}

/** One map's chunks and overview blocks, built on demand, least recently used dropped first. */
export class ChunkStore {
  readonly bleed: Bleed;
  readonly size: number;
  private readonly cache: LruCache<Stored>;
  private means: MeanOf | null = null;

  constructor(readonly map: BackdropMap, budget = CHUNK_BUDGET_BYTES) {
    this.bleed = bleedOf(map);
    this.size = chunkCells(map.tileWidth, map.tileHeight);
    this.cache = new LruCache<Stored>(budget, (s) => s.bitmap?.close());
  }

  get count(): number {
    return this.cache.size;
  }

  stored(key: string): Stored | undefined {
    return this.cache.get(key);
  }

  /** Builds and keeps a chunk. */
  keep(key: string, built: BuiltChunk, version: number): Stored {
    const stored = { ...built, version };
    this.cache.set(key, stored, built.bitmap ? built.width * built.height * 4 : 64);
    return stored;
  }

  meanOf(pictureOf: PictureOf): MeanOf {
    return (this.means ??= meanColours(this.map, pictureOf));
  }

  /** Forgets chunks drawn with another paint (the theme changed) or pictures that changed. */
  clear(): void {
    this.cache.clear();
    this.means = null;
  }
}

export interface BackdropFrame {
  readonly store: ChunkStore;
  readonly pictureOf: PictureOf;
  /** For image layers, drawn as scene images are. */
  readonly imageEntryOf: (src: string) => ImageEntry<Level> | undefined;
  /** The image cache's version now: incomplete chunks built before it are built again. */
  readonly pictureVersion: number;
  readonly view: ViewState;
  readonly width: number;
  readonly height: number;
  /** The whole backdrop's opacity (the Layers panel's slider). */
  readonly opacity: number;
  readonly paint: ChunkPaint & ImagePaint;
  /** Whether tiles' collision shapes, and the objects the scene holds no collider for (object-marks.ts), are drawn. */
  readonly shapes: boolean;
  /**
   * The scene's own images' srcs: an image layer showing one of them is left to the scene's image
   * (the import made it one), so the picture is drawn once, and moves and fades as the designer sets it.
   */
  readonly sceneImages?: ReadonlySet<string>;
  readonly now?: () => number;
}

export interface FrameResult {
  /** Chunks the view needs were left for the next frame. */
  readonly pending: boolean;
  /** Every chunk the view needs is built with all its pictures (none still loading). */
  readonly complete: boolean;
  /** Pictures that could not be shown, by src, with why. */
  readonly missing: ReadonlyMap<string, string>;
}

const tileKey = (layer: number, level: number, c: ChunkRef) => `${layer}|t${level}|${c.cx},${c.cy}`;
const overviewKey = (layer: number, c: ChunkRef) => `${layer}|o|${c.cx},${c.cy}`;

const NO_BLEED: Bleed = { left: 0, right: 0, up: 0, down: 0 };

/** Where a repeated image's copies start along one axis so they cover [from, to): every period from the one at `at`. */
export function repeatStarts(at: number, period: number, from: number, to: number): number[] {
  if (!(period > 0)) return [at];
  const out: number[] = [];
  for (let p = at + Math.floor((from - at) / period) * period; p < to; p += period) out.push(p);
  return out;
}

function imageLayerCopies(layer: ImageLayerDraw, id: string, frame: BackdropFrame): SceneImage[] {
  const entry = frame.imageEntryOf(layer.src);
  const size = entry?.state === "ready" ? entry : null;
  const { view, width, height } = frame;
  const opacity = frame.opacity * layer.opacity * (layer.tint?.[3] ?? 1);
  const one = { id, src: layer.src, opacity };
  if (!size || (!layer.repeatX && !layer.repeatY)) return [{ ...one, x: layer.offsetX, y: layer.offsetY }];
  const xs = layer.repeatX ? repeatStarts(layer.offsetX, size.width, -view.x / view.scale, (width - view.x) / view.scale) : [layer.offsetX];
  const ys = layer.repeatY ? repeatStarts(layer.offsetY, size.height, -view.y / view.scale, (height - view.y) / view.scale) : [layer.offsetY];
  return ys.flatMap((y) => xs.map((x) => ({ ...one, x, y })));
}

/** Draws the map; says whether chunks were left to build, and which pictures are missing. */
export function drawBackdrop(ctx: BackdropContext, frame: BackdropFrame): FrameResult {
  const { store, view, width, height } = frame;
  const { map, size } = store;
  const now = frame.now ?? (() => performance.now());
  const deadline = now() + BUILD_MS;
  let built = 0;
  let pending = false;
  let complete = true;
  const missing = new Map<string, string>();
  const canBuild = () => built === 0 || now() < deadline;
  /** The stored chunk, built now when it is not there (or was built before its pictures came) and time allows. */
  const fetch = (key: string, build: () => BuiltChunk): Stored | undefined => {
    const s = store.stored(key);
    if (s && (s.complete || s.version === frame.pictureVersion)) return s;
    if (!canBuild()) {
      pending = true;
      return s;
    }
    built++;
    return store.keep(key, build(), frame.pictureVersion);
  };
  const visible = (key: string, build: () => BuiltChunk): Stored | undefined => {
    const s = fetch(key, build);
    if (!s?.complete) complete = false;
    return s;
  };
  const prefetch: (() => void)[] = [];
  let hatch: CanvasPattern | string | undefined;
  // The map's background colour, under its layers as Tiled fills it, at the map's opacity.
  if (map.background && frame.opacity > 0) {
    const { color, area } = map.background;
    ctx.save();
    ctx.globalAlpha = frame.opacity;
    ctx.fillStyle = color;
    ctx.fillRect(view.x + area.x * view.scale, view.y + area.y * view.scale, area.width * view.scale, area.height * view.scale);
    ctx.restore();
  }
  map.layers.forEach((layer, index) => {
    const alpha = frame.opacity * layer.opacity * (layer.tint?.[3] ?? 1);
    if (!layer.visible || alpha <= 0) return;
    if (layer.kind === "image") {
      if (layer.src === "" || frame.sceneImages?.has(layer.src)) return;
      drawImages(ctx, imageLayerCopies(layer, `${layer.name}`, frame), (image) => frame.imageEntryOf(image.src), view, width, height, frame.paint);
      return;
    }
    if (layer.kind === "objects") {
      ctx.save();
      ctx.globalAlpha = alpha;
      // Magnified two times or more, pixels are drawn sharp, as tile layers' are.
      ctx.imageSmoothingEnabled = view.scale < 2;
      const s = view.scale;
      const screen = { a: s, b: 0, c: 0, d: s, e: view.x + layer.offsetX * s, f: view.y + layer.offsetY * s };
      const drawn = drawTileObjects(ctx, layer, { map, pictureOf: frame.pictureOf, screen, width, height, missingFill: (hatch ??= hatchPattern(ctx, frame.paint.missing)) }, missing);
      // Over its tile objects: the objects the scene holds no collider for, faint, for context.
      if (frame.shapes && layer.marks.length > 0) drawObjectMarks(ctx, layer.marks, layer, { screen: { a: s, b: 0, c: 0, d: s, e: view.x, f: view.y }, width, height, paint: frame.paint });
      ctx.restore();
      if (!drawn.complete) complete = false;
      return;
    }
    drawTileLayer(ctx, frame, layer, index, alpha, visible, fetch, missing, prefetch, size);
  });
  for (const p of prefetch) {
    if (!canBuild()) {
      pending = true;
      break;
    }
    p();
  }
  return { pending, complete, missing };
}

type Fetch = (key: string, build: () => BuiltChunk) => Stored | undefined;

function drawTileLayer(ctx: ImageContext, frame: BackdropFrame, layer: TileLayerDraw, index: number, alpha: number, visible: Fetch, fetch: Fetch, missing: Map<string, string>, prefetch: (() => void)[], size: number): void {
  const { store, view, width, height } = frame;
  const { map, bleed } = store;
  const offset = { x: layer.offsetX, y: layer.offsetY };
  const detail = detailFor(view.scale, map.tileWidth, map.tileHeight);
  ctx.save();
  ctx.globalAlpha = alpha;
  if (detail.kind === "overview") {
    const meanOf = store.meanOf(frame.pictureOf);
    ctx.imageSmoothingEnabled = Math.min(map.tileWidth, map.tileHeight) * view.scale < 1;
    for (const c of visibleChunks(layer.cells, OVERVIEW_CELLS, map.tileWidth, map.tileHeight, offset, NO_BLEED, view, width, height, map.renderOrder)) {
      const s = visible(overviewKey(index, c), () => buildOverviewBlock(layer, c.cx, c.cy, OVERVIEW_CELLS, meanOf));
      if (!s?.bitmap) continue;
      const on = chunkOnScreen(c, OVERVIEW_CELLS, map.tileWidth, map.tileHeight, offset, view);
      ctx.drawImage(s.bitmap, on.x0, on.y0, on.x1 - on.x0, on.y1 - on.y0);
    }
    ctx.restore();
    return;
  }
  const { level } = detail;
  const build = (c: ChunkRef) => () => buildTileChunk(map, layer, c, size, level, bleed, frame.pictureOf, frame.paint, frame.shapes);
  // Magnified two times or more (after the level's halving), pixels are drawn sharp, as scene images are.
  ctx.imageSmoothingEnabled = view.scale * 2 ** level < 2;
  const seen = new Set<string>();
  for (const c of visibleChunks(layer.cells, size, map.tileWidth, map.tileHeight, offset, bleed, view, width, height, map.renderOrder)) {
    const key = tileKey(index, level, c);
    seen.add(key);
    const s = visible(key, build(c));
    if (!s) continue;
    for (const [src, message] of s.missing) missing.set(src, message);
    if (!s.bitmap) continue;
    const on = chunkOnScreen(c, size, map.tileWidth, map.tileHeight, offset, view);
    // Screen pixels per layer pixel, from the rounded edges of the chunk's cells.
    const sx = (on.x1 - on.x0) / (size * map.tileWidth), sy = (on.y1 - on.y0) / (size * map.tileHeight);
    const k = 2 ** level;
    ctx.drawImage(s.bitmap, on.x0 - bleed.left * sx, on.y0 - bleed.up * sy, s.width * k * sx, s.height * k * sy);
  }
  ctx.restore();
  // The ring around the view, built when the frame has time left (never drawn this frame).
  for (const c of visibleChunks(layer.cells, size, map.tileWidth, map.tileHeight, offset, bleed, view, width, height, map.renderOrder, 1)) {
    const key = tileKey(index, level, c);
    if (!seen.has(key)) prefetch.push(() => void fetch(key, build(c)));
  }
}

const FONT_PX = 12;

/** The pictures the backdrop could not show, written at the top-left of the canvas over the map, as a placeholder writes its reason. */
export function drawMissingNote(ctx: ImageContext, missing: ReadonlyMap<string, string>, width: number, paint: ImagePaint): void {
  if (missing.size === 0) return;
  ctx.save();
  ctx.font = `${FONT_PX}px system-ui, sans-serif`;
  ctx.textBaseline = "top";
  ctx.lineJoin = "round";
  ctx.lineWidth = 3;
  const lines = [...missing].flatMap(([src, message]) => wrapText(ctx, message.includes(src) ? `Tiled map: ${message}` : `Tiled map: ${src}: ${message}`, Math.max(120, width - 24)));
  lines.forEach((line, i) => {
    const y = 8 + i * (FONT_PX + 4);
    ctx.strokeStyle = paint.halo;
    ctx.strokeText(line, 8, y);
    ctx.fillStyle = paint.text;
    ctx.fillText(line, 8, y);
  });
  ctx.restore();
}
