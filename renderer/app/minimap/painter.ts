// The mini-map's two bitmaps: the art (images and the Tiled map, faint) and the shapes over it.
// The art is drawn again only when it changes. The shapes are drawn whole when the level, its
// layers or the mini-map's size change; a drag step, which replaces a few shapes in place, redraws
// only the region they left and entered (with the shapes meeting them, whose overlap colour may
// have changed), found through the collision world's tree: a step among 100,000 shapes costs what
// its neighbourhood costs.
import { shapeBounds, type AABB, type Layer, type Shape } from "../../../core";
import type { Editor } from "../../editor/editor";
import { readBase } from "../../editor/state";
import { drawImages } from "../../canvas/draw-images";
import type { CanvasTheme } from "../../canvas/theme";
import { layerColours } from "../../store/layer-colours";
import { replacedInPlace } from "../../store/replaced-in-place";
import { drawBackdrop, type ChunkStore } from "../../tiled-map/draw-backdrop";
import type { Picture } from "../../tiled-map/draw-chunk";
import { clearRegion, emptyPixels, fillOutlines, planMiniMapShapes, type MiniMapPaint, type MiniMapPixels, type PixelRegion } from "./draw-minimap";
import { unionBounds } from "../../store/view";
import type { MiniMapFit } from "./minimap-geometry";

/** How much of the background covers the art, so the shapes read over it. */
const ART_VEIL = 0.55;
/** More shapes replaced than this in one change: the whole picture is drawn again. */
const PARTIAL_LIMIT = 64;

/** The device-pixel region of world box `b` on the mini-map, grown by a pixel, or null off it. */
export function regionOf(b: AABB, fit: MiniMapFit, width: number, height: number, ratio: number): PixelRegion | null {
  const k = fit.scale * ratio;
  const c0 = Math.max(0, Math.floor(b.minX * k + fit.x * ratio) - 1), r0 = Math.max(0, Math.floor(b.minY * k + fit.y * ratio) - 1);
  const c1 = Math.min(width, Math.ceil(b.maxX * k + fit.x * ratio) + 1), r1 = Math.min(height, Math.ceil(b.maxY * k + fit.y * ratio) + 1);
  return c1 > c0 && r1 > r0 ? { c0, r0, c1, r1 } : null;
}

const sameFit = (a: MiniMapFit, b: MiniMapFit): boolean => a.scale === b.scale && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

interface Drawn {
  readonly fit: MiniMapFit;
  readonly ratio: number;
  readonly shapes: readonly Shape[];
  readonly layers: readonly Layer[];
  readonly theme: CanvasTheme;
  readonly overlapping: ReadonlySet<string>;
  readonly pixels: MiniMapPixels;
  readonly image: ImageData;
}

export class MiniMapPainter {
  private drawn: Drawn | null = null;
  /** How the last shapes' draw went, for tests and the bench: "full", "partial" or "none". */
  last: "full" | "partial" | "none" = "none";

  constructor(private readonly art: HTMLCanvasElement, private readonly shapes: HTMLCanvasElement) {}

  /** Draws the art: the images, then the Tiled map, under a veil. Says whether map chunks are left to build. */
  paintArt(editor: Editor, fit: MiniMapFit, theme: CanvasTheme, chunks: ChunkStore | null): boolean {
    const ctx = sized(this.art, fit);
    if (!ctx) return false;
    const state = editor.getState();
    const base = readBase(state.file);
    const view = { x: fit.x, y: fit.y, scale: fit.scale };
    const paint = { line: theme.placeholder, text: theme.label, halo: theme.labelHalo };
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, fit.width, fit.height);
    drawImages(ctx, state.images, (i) => editor.imageCache.entry(i.src, base), view, fit.width, fit.height, paint);
    let pending = false;
    const display = editor.backdrop.display.getState();
    if (chunks && display.visible && display.opacity > 0) {
      const pictures = editor.backdrop.pictures;
      const pictureOf = (s: string): Picture => {
        const e = pictures.entry(s, base);
        if (e?.state === "failed") return { state: "failed", message: e.message };
        const level = e?.state === "ready" ? e.levels[0] : undefined;
        return level ? { state: "ready", level } : { state: "loading" };
      };
      pending = drawBackdrop(ctx, {
        store: chunks, pictureOf, imageEntryOf: (s) => pictures.entry(s, base), pictureVersion: pictures.version.getState().count,
        view, width: fit.width, height: fit.height, opacity: display.opacity,
        paint: { missing: theme.placeholder, shapeLine: theme.ignored, shapeFill: theme.ignoredFill, ...paint }, shapes: false,
        sceneImages: new Set(state.images.map((i) => i.src)),
      }).pending;
    }
    if (state.images.length > 0 || chunks) {
      ctx.globalAlpha = ART_VEIL;
      ctx.fillRect(0, 0, fit.width, fit.height);
      ctx.globalAlpha = 1;
    }
    return pending;
  }

  /** Draws the shapes: only where a few replaced shapes were and are when that is all that changed. */
  paintShapes(editor: Editor, fit: MiniMapFit, theme: CanvasTheme): void {
    const { shapes, layers } = editor.getState();
    const ratio = window.devicePixelRatio || 1;
    const was = this.drawn;
    const overlapping = editor.overlaps().ids;
    // Overlaps found later than the shapes changed (a big open's deferred search) change colours anywhere.
    const same = was !== null && was.ratio === ratio && was.layers === layers && was.theme === theme && sameFit(was.fit, fit) && (was.overlapping === overlapping || was.shapes !== shapes);
    if (same && was.shapes === shapes) {
      this.last = "none";
      return;
    }
    const replaced = same ? replacedInPlace(was.shapes, shapes, PARTIAL_LIMIT) : null;
    const ctx = sized(this.shapes, fit);
    if (!ctx) return;
    const world = editor.documentWorld();
    const readBox = (s: Shape, out: Float64Array) => world.readBox(s, out);
    const paint: MiniMapPaint = { colours: layerColours(layers), overlap: theme.overlapStroke };
    if (was && replaced) {
      const region = this.changedRegion(editor, was, shapes, replaced, fit);
      this.drawn = { ...was, shapes, overlapping };
      this.last = "partial";
      if (!region) return;
      const { c0, r0, c1, r1 } = region;
      clearRegion(was.pixels, region);
      // Every shape meeting the region, found through the tree, in panel units.
      const k = fit.scale * ratio;
      const inRegion: Shape[] = [];
      world.forEachInBox((c0 - fit.x * ratio) / k, (r0 - fit.y * ratio) / k, (c1 - fit.x * ratio) / k, (r1 - fit.y * ratio) / k, (s) => void inRegion.push(s));
      const outlines = planMiniMapShapes(inRegion, layers, overlapping, fit, paint, was.pixels, () => new Path2D(), readBox, region);
      // The context's transform is panel pixels; putImageData works in device pixels and ignores it.
      ctx.putImageData(was.image, 0, 0, c0, r0, c1 - c0, r1 - r0);
      ctx.save();
      ctx.beginPath();
      ctx.rect(c0 / ratio, r0 / ratio, (c1 - c0) / ratio, (r1 - r0) / ratio);
      ctx.clip();
      fillOutlines(ctx, outlines, layers, paint);
      ctx.restore();
      return;
    }
    const w = this.shapes.width, h = this.shapes.height;
    const image = ctx.createImageData(w, h);
    const pixels = { ...emptyPixels(w, h, ratio), data: new Uint32Array(image.data.buffer) };
    const outlines = planMiniMapShapes(shapes, layers, overlapping, fit, paint, pixels, () => new Path2D(), readBox);
    ctx.putImageData(image, 0, 0);
    fillOutlines(ctx, outlines, layers, paint);
    this.drawn = { fit, ratio, shapes, layers, theme, overlapping, pixels, image };
    this.last = "full";
  }

  /**
   * Where the replaced shapes were and are, grown to every shape meeting either place: those may
   * have started or stopped overlapping them, which changes their colour.
   */
  private changedRegion(editor: Editor, was: Drawn, shapes: readonly Shape[], replaced: readonly number[], fit: MiniMapFit): PixelRegion | null {
    const world = editor.documentWorld();
    const boxes: AABB[] = [];
    for (const i of replaced) {
      for (const s of [was.shapes[i]!, shapes[i]!]) {
        const b = shapeBounds(s);
        boxes.push(b);
        world.forEachInBox(b.minX, b.minY, b.maxX, b.maxY, (near) => void boxes.push(shapeBounds(near)));
      }
    }
    const all = unionBounds(boxes);
    return all ? regionOf(all, fit, was.pixels.width, was.pixels.height, was.ratio) : null;
  }
}

/** The canvas sized to the fit in device pixels, its context in panel pixels. */
function sized(canvas: HTMLCanvasElement, fit: MiniMapFit): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const w = Math.round(fit.width * ratio), h = Math.round(fit.height * ratio);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext("2d");
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}
