// Drawing many shapes at once with the plain canvas API, for the batched layers of the canvas: one
// path per shape in the look of ShapeNode, culled to a world rectangle, and a bitmap cache of what
// a view shows so that panning and redraws of other things cost one drawImage, not 100,000 paths.
import { shapeBounds, traceShapeOutline, type Shape } from "../../core";
import { replacedInPlace } from "../store/replaced-in-place";
import { ARROW_PIXELS, normalArrows, traceArrows } from "./chain-normals";
import { offsetSink, ZERO_ORIGIN, type DrawOrigin } from "./draw-origin";
import { dashOf, styleKey, styleOf } from "./shape-style";
import type { ShapePaint } from "./theme";

/** The screen transform of the stage: screen = world × scale + (x, y), in CSS pixels. */
export interface ScreenView {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
  /** The canvas size in CSS pixels. */
  readonly width: number;
  readonly height: number;
  /** Device pixels per CSS pixel of the layer's canvas. */
  readonly pixelRatio: number;
  /** The world point paths are drawn relative to (draw-origin.ts): the bitmap's transform includes it. */
  readonly origin: DrawOrigin;
}

export interface WorldRect {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The world rectangle a view shows, grown by `margin` CSS pixels on every side. */
export function visibleRect(v: Pick<ScreenView, "x" | "y" | "scale" | "width" | "height">, margin: number): WorldRect {
  return { minX: (-margin - v.x) / v.scale, minY: (-margin - v.y) / v.scale, maxX: (v.width + margin - v.x) / v.scale, maxY: (v.height + margin - v.y) / v.scale };
}

/**
 * Writes a shape's box (minX, minY, maxX, maxY) into `out` when it knows the shape: the document's
 * collision world holds every shape's box, so a draw of 100,000 shapes computes none.
 */
export type BoxReader = (shape: Shape, out: Float64Array) => boolean;

// Shapes the reader does not hold (yet) get a box computed once per shape object (shapes are
// immutable) from the shape's own numbers.
const boxes = new WeakMap<Shape, WorldRect>();
/** minX, minY, maxX, maxY of the last boxOf: read before the next call. No object per shape on a draw of 100,000. */
const box = new Float64Array(4);
function boxOf(s: Shape, reader: BoxReader | undefined): Float64Array {
  if (reader?.(s, box)) return box;
  let b = boxes.get(s);
  if (!b) {
    b = shapeBounds(s);
    boxes.set(s, b);
  }
  box[0] = b.minX; box[1] = b.minY; box[2] = b.maxX; box[3] = b.maxY;
  return box;
}

/** Shapes smaller than this on screen, in CSS pixels, are drawn as their bounding box. */
const TINY_PIXELS = 3;

export type BatchLook = "plain" | "selected";

/** A batch's shapes in draw order; null holds the place of a shape drawn elsewhere (selected, live). */
export type BatchShapes = readonly (Shape | null)[];

/**
 * Fills and strokes every shape meeting `rect`, in order, each in its own colours (so overlapping
 * translucent fills stack as they do with one Konva node per shape). The context's transform must
 * map world units to device pixels; `pixelsPerUnit` keeps strokes 1.5 CSS pixels wide at any zoom.
 * A locked layer's paint draws at its lower opacity with dashed outlines; sensors are dashed in
 * their own colour, chains stroked and never filled (shape-style.ts). Points are written relative
 * to `origin` (the context's transform then maps from there). Returns how many shapes it drew.
 */
export function paintShapes(
  ctx: CanvasRenderingContext2D,
  shapes: BatchShapes,
  overlapping: ReadonlySet<string>,
  rect: WorldRect,
  look: BatchLook,
  paint: ShapePaint,
  pixelsPerUnit: number,
  reader?: BoxReader,
  origin: DrawOrigin = ZERO_ORIGIN,
): number {
  ctx.save();
  try {
    return paintRun(ctx, shapes, overlapping, rect, look, paint, pixelsPerUnit, reader, origin);
  } finally {
    ctx.restore();
  }
}

function paintRun(
  ctx: CanvasRenderingContext2D,
  shapes: BatchShapes,
  overlapping: ReadonlySet<string>,
  rect: WorldRect,
  look: BatchLook,
  paint: ShapePaint,
  pixelsPerUnit: number,
  reader: BoxReader | undefined,
  origin: DrawOrigin,
): number {
  ctx.lineWidth = (look === "selected" ? 2.5 : 1.5) / pixelsPerUnit;
  ctx.lineJoin = "miter";
  ctx.globalAlpha = paint.opacity;
  const tiny = TINY_PIXELS / pixelsPerUnit;
  const arrow = ARROW_PIXELS / pixelsPerUnit;
  const sink = offsetSink(ctx, origin.x, origin.y), ox = origin.x, oy = origin.y;
  let drawn = 0;
  let was = -1;
  let fill: string | null = null;
  // The dash set on the context, by its on length in CSS pixels (0: solid, as the context starts).
  let dashOn = 0;
  // Tiny shapes in a row with the same colours go into one path, stroked once: a whole level seen
  // from afar is 100,000 of them, and a stroke call per shape would dominate the frame.
  let pending = false;
  const flush = () => {
    if (pending) ctx.stroke();
    pending = false;
  };
  for (const s of shapes) {
    if (s === null) continue;
    const b = boxOf(s, reader);
    const minX = b[0]!, minY = b[1]!, maxX = b[2]!, maxY = b[3]!;
    if (minX > rect.maxX || maxX < rect.minX || minY > rect.maxY || maxY < rect.minY) continue;
    const key = styleKey(s, overlapping.has(s.id));
    if (key !== was) {
      flush();
      const style = styleOf(key, look === "selected", paint);
      fill = style.fill;
      if (fill !== null) ctx.fillStyle = fill;
      ctx.strokeStyle = style.stroke;
      const [on, off] = style.dashed ? dashOf(key) : [0, 0];
      if (on !== dashOn) ctx.setLineDash(on === 0 ? [] : [on / pixelsPerUnit, off / pixelsPerUnit]);
      dashOn = on;
      was = key;
    }
    drawn++;
    if (maxX - minX < tiny && maxY - minY < tiny) {
      // A few pixels across: its outline is all that shows, as a rectangle.
      if (!pending) ctx.beginPath();
      ctx.rect(minX - ox, minY - oy, maxX - minX, maxY - minY);
      pending = true;
      continue;
    }
    flush();
    ctx.beginPath();
    traceShapeOutline(s, sink);
    if (fill !== null) ctx.fill();
    // A one-sided chain's normals, in its outline's colour and dash.
    if (s.type === "chain" && s.oneSided === true) traceArrows(normalArrows(s, arrow), sink);
    ctx.stroke();
  }
  flush();
  return drawn;
}

/** What a batch shows: the cache is redrawn when any of it changes. */
export interface BatchContent {
  readonly shapes: BatchShapes;
  readonly overlapping: ReadonlySet<string>;
  /** The layer's colours under the theme (the same object while neither changes). */
  readonly paint: ShapePaint;
  readonly look: BatchLook;
  /** Where the shapes' boxes are read (not part of what is drawn). */
  readonly boxes?: BoxReader;
  /**
   * Visits the places in `shapes` of the shapes whose boxes meet a rectangle, through an index
   * (the world's tree): a patch then paints the few shapes under it, not a pass over all of them.
   */
  readonly near?: (rect: WorldRect, visit: (place: number) => void) => void;
}

/** The content's shapes whose boxes meet `area`, in their draw order, found through its index. */
function shapesNear(c: BatchContent, area: WorldRect): BatchShapes {
  const places: number[] = [];
  c.near!(area, (place) => {
    if (c.shapes[place]) places.push(place);
  });
  return places.sort((a, b) => a - b).map((p) => c.shapes[p]!);
}

/** What a batch's bitmap shows: its shapes, each one's index, and the overlap flags drawn. */
export interface DrawnShapes {
  readonly shapes: BatchShapes;
  readonly overlapping: ReadonlySet<string>;
  /** Index of each shape's id in `shapes`: asked for only when overlap flags changed (a big open's first draw never needs it). */
  readonly indexOf: () => ReadonlyMap<string, number>;
}

/**
 * The indices whose drawing differs between `drawn` and the same number of shapes `next` with
 * its overlap set: [] for none, null when more than `limit` differ or a shape's id moved (a
 * redraw is due). During a drag the arrays are new on every step but nearly every shape is the
 * same object, and only the overlap flags of the dragged shape's neighbours flip: replaced
 * objects are found by identity, flags from the two sets' difference (computed once for all of
 * a step's batches) rather than a set lookup for each of 10,000 shapes.
 */
// The last difference of two overlap sets: every batch of a step compares the same two.
let flippedFrom: ReadonlySet<string> | null = null, flippedTo: ReadonlySet<string> | null = null, flippedIds: readonly string[] = [];

/** The ids in one of the two sets and not the other (memoised for the last pair of sets). */
function flipped(from: ReadonlySet<string>, to: ReadonlySet<string>): readonly string[] {
  if (from !== flippedFrom || to !== flippedTo) {
    const ids: string[] = [];
    for (const id of from) if (!to.has(id)) ids.push(id);
    for (const id of to) if (!from.has(id)) ids.push(id);
    flippedFrom = from;
    flippedTo = to;
    flippedIds = ids;
  }
  return flippedIds;
}

export function changedShapes(drawn: DrawnShapes, next: BatchShapes, overlapping: ReadonlySet<string>, limit: number): number[] | null {
  const replaced = replacedInPlace(drawn.shapes, next, limit);
  if (!replaced) return null;
  const changed = new Set<number>(replaced);
  if (overlapping !== drawn.overlapping) {
    const indexOf = drawn.indexOf();
    for (const id of flipped(drawn.overlapping, overlapping)) {
      const i = indexOf.get(id);
      if (i === undefined) continue; // another batch's shape
      changed.add(i);
      if (changed.size > limit) return null;
    }
  }
  return [...changed];
}

/** CSS pixels drawn beyond each edge of the view, so a pan within them needs no redraw. */
export const CACHE_MARGIN = 256;
/** A redraw slower than this waits until the view rests; meanwhile the old bitmap is moved and scaled. */
const SLOW_REDRAW_MS = 12;
const VIEW_REST_MS = 150;
/** A redraw at rest paints for about this long between frames, this many shapes at a time. */
const SLICE_MS = 8;
const SLICE_SHAPES = 2000;

/**
 * The redraw thresholds; tests lower them (window.__colliderStudioRedraw = { slowMs, sliceShapes,
 * sliceMs }) to send a small scene's redraws through the slow path, a few shapes a step.
 */
function redrawLimits(): { readonly slowMs: number; readonly sliceShapes: number; readonly sliceMs: number } {
  const set = (globalThis as { __colliderStudioRedraw?: { slowMs?: unknown; sliceShapes?: unknown; sliceMs?: unknown } }).__colliderStudioRedraw;
  const number = (v: unknown, otherwise: number) => (typeof v === "number" ? v : otherwise);
  return { slowMs: number(set?.slowMs, SLOW_REDRAW_MS), sliceShapes: number(set?.sliceShapes, SLICE_SHAPES), sliceMs: number(set?.sliceMs, SLICE_MS) };
}
/** Beyond this many changed shapes, the whole bitmap is redrawn rather than patched. */
const PATCH_LIMIT = 64;

/**
 * Sizes `canvas` for view `v` with its margins, clears it, and sets its transform from world units
 * relative to the view's origin to its pixels; returns its context.
 */
function blankBitmap(canvas: HTMLCanvasElement, v: ScreenView): CanvasRenderingContext2D {
  const w = Math.ceil((v.width + 2 * CACHE_MARGIN) * v.pixelRatio), h = Math.ceil((v.height + 2 * CACHE_MARGIN) * v.pixelRatio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext("2d")!, k = v.pixelRatio * v.scale;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.setTransform(k, 0, 0, k, (v.x + v.origin.x * v.scale + CACHE_MARGIN) * v.pixelRatio, (v.y + v.origin.y * v.scale + CACHE_MARGIN) * v.pixelRatio);
  return ctx;
}

/** A redraw at rest in progress: the next shape to paint, and what was drawn and spent so far. */
interface RedrawJob {
  readonly canvas: HTMLCanvasElement;
  readonly c: BatchContent;
  readonly v: ScreenView;
  next: number;
  drawn: number;
  cost: number;
  timer: ReturnType<typeof setTimeout>;
}

const sameContent = (a: BatchContent, b: BatchContent): boolean => a.shapes === b.shapes && a.overlapping === b.overlapping && a.paint === b.paint && a.look === b.look;
const sameView = (a: ScreenView, b: ScreenView): boolean =>
  a.x === b.x && a.y === b.y && a.scale === b.scale && a.width === b.width && a.height === b.height && a.pixelRatio === b.pixelRatio && a.origin === b.origin;

/**
 * A bitmap of a batch as one view showed it, with margins. `draw` blits it under the current
 * view, redrawing it first when the content changed or the view left it; a change of view alone
 * moves and scales the old bitmap when redrawing is slow, and asks for a redraw once the view rests.
 */
export class BatchCache {
  private canvas: HTMLCanvasElement | null = null;
  private view: ScreenView | null = null;
  private shapes: BatchShapes = [];
  private overlapping: ReadonlySet<string> = new Set();
  /** Index of each drawn shape's id, made when a change first needs it (not on a big open's first draw). */
  private indexOfDrawn: Map<string, number> | null = null;
  private paint: ShapePaint | null = null;
  private look: BatchLook = "plain";
  private lastCost = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** What the last draw asked for: the redraw at rest draws it. */
  private wanted: { readonly c: BatchContent; readonly v: ScreenView } | null = null;
  /** A redraw at rest under way, a slice at a time into its own canvas (the old bitmap shows meanwhile). */
  private job: RedrawJob | null = null;
  private spare: HTMLCanvasElement | null = null;
  /** Shapes in the bitmap (those meeting the view and its margins). */
  drawn = 0;

  constructor(private readonly requestRedraw: () => void) {}

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.cancelJob();
    this.canvas = null;
  }

  private cancelJob(): void {
    if (this.job) {
      clearTimeout(this.job.timer);
      this.spare = this.job.canvas;
    }
    this.job = null;
  }

  /**
   * Redraws what the last draw asked for, in slices of a few milliseconds between frames, and
   * swaps the new bitmap in when done: a redraw of tens of thousands of shapes in one piece would
   * freeze the view when a pan or zoom comes to rest.
   */
  private startJob(): void {
    this.cancelJob();
    const wanted = this.wanted;
    if (!wanted) return;
    const { c, v } = wanted;
    // The last bitmap replaced, reused.
    const canvas = this.spare ?? document.createElement("canvas");
    this.spare = null;
    blankBitmap(canvas, v);
    const job: RedrawJob = { canvas, c, v, next: 0, drawn: 0, cost: 0, timer: setTimeout(() => this.step(job), 0) };
    this.job = job;
  }

  private step(job: RedrawJob): void {
    if (this.job !== job) return;
    const started = performance.now(), ctx = job.canvas.getContext("2d")!, rect = visibleRect(job.v, CACHE_MARGIN), shapes = job.c.shapes;
    const { sliceShapes, sliceMs } = redrawLimits();
    // At least one slice a step, then more while the step's time lasts.
    do {
      const end = Math.min(shapes.length, job.next + sliceShapes);
      job.drawn += paintShapes(ctx, shapes.slice(job.next, end), job.c.overlapping, rect, job.c.look, job.c.paint, job.v.scale, job.c.boxes, job.v.origin);
      job.next = end;
    } while (job.next < shapes.length && performance.now() - started < sliceMs);
    job.cost += performance.now() - started;
    if (job.next < shapes.length) {
      job.timer = setTimeout(() => this.step(job), 0);
      return;
    }
    this.job = null;
    this.adopt(job.canvas, job.c, job.v, job.drawn, job.cost);
    this.requestRedraw();
  }

  /** Makes `canvas` the bitmap, showing `c` under `v`. */
  private adopt(canvas: HTMLCanvasElement, c: BatchContent, v: ScreenView, drawn: number, cost: number): void {
    if (this.canvas && this.canvas !== canvas) this.spare = this.canvas;
    this.canvas = canvas;
    this.drawn = drawn;
    this.view = v;
    this.shapes = c.shapes;
    this.overlapping = c.overlapping;
    this.paint = c.paint;
    this.look = c.look;
    this.indexOfDrawn = null;
    this.lastCost = cost;
  }

  /**
   * What differs between the bitmap and `c`: nothing ([]), the indices of the few shapes whose
   * object or overlap flag changed, or null when everything must be redrawn.
   */
  private changes(c: BatchContent): number[] | null {
    if (c.paint !== this.paint || c.look !== this.look || c.shapes.length !== this.shapes.length) return null;
    const drawn = this.shapes;
    const indexOf = () => {
      if (!this.indexOfDrawn) {
        const map = new Map<string, number>();
        drawn.forEach((s, i) => {
          if (s) map.set(s.id, i);
        });
        this.indexOfDrawn = map;
      }
      return this.indexOfDrawn;
    };
    return changedShapes({ shapes: drawn, overlapping: this.overlapping, indexOf }, c.shapes, c.overlapping, PATCH_LIMIT);
  }

  /** Redraws the area of the changed shapes (old and new outlines), with everything under it. */
  private patch(c: BatchContent, changed: readonly number[]): void {
    const v = this.view!, ctx = this.canvas!.getContext("2d")!;
    const pad = 3 / v.scale; // strokes reach past the box
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const i of changed) {
      for (const s of [this.shapes[i], c.shapes[i]]) {
        if (!s) continue;
        const b = boxOf(s, c.boxes);
        minX = Math.min(minX, b[0]! - pad);
        minY = Math.min(minY, b[1]! - pad);
        maxX = Math.max(maxX, b[2]! + pad);
        maxY = Math.max(maxY, b[3]! + pad);
      }
    }
    this.shapes = c.shapes;
    this.overlapping = c.overlapping;
    // The drawn shapes' places changed with them (a shape can leave its place for another batch's).
    this.indexOfDrawn = null;
    // A flag flipped on a place that is empty before and after: nothing of this batch to repaint.
    if (!(minX <= maxX)) return;
    const area = { minX, minY, maxX, maxY };
    ctx.save();
    ctx.beginPath();
    ctx.rect(minX - v.origin.x, minY - v.origin.y, maxX - minX, maxY - minY);
    ctx.clip();
    ctx.clearRect(minX - v.origin.x, minY - v.origin.y, maxX - minX, maxY - minY);
    paintShapes(ctx, c.near ? shapesNear(c, area) : c.shapes, c.overlapping, area, c.look, c.paint, v.scale, c.boxes, v.origin);
    ctx.restore();
  }

  private render(c: BatchContent, v: ScreenView): void {
    const started = performance.now();
    this.canvas ??= document.createElement("canvas");
    const ctx = blankBitmap(this.canvas, v);
    const drawn = paintShapes(ctx, c.shapes, c.overlapping, visibleRect(v, CACHE_MARGIN), c.look, c.paint, v.scale, c.boxes, v.origin);
    this.adopt(this.canvas, c, v, drawn, performance.now() - started);
  }

  /** Draws the batch on `target` (any transform) as it looks under view `v`. */
  draw(target: CanvasRenderingContext2D, c: BatchContent, v: ScreenView): void {
    this.wanted = { c, v };
    // A redraw under way stays wanted only while nothing it draws has changed.
    const job = this.job;
    if (job && !(sameContent(job.c, c) && sameView(job.v, v))) this.cancelJob();
    const old = this.view;
    const sameSize = old !== null && old.width === v.width && old.height === v.height && old.pixelRatio === v.pixelRatio;
    const within = old !== null && Math.abs(v.x - old.x) <= CACHE_MARGIN && Math.abs(v.y - old.y) <= CACHE_MARGIN;
    let changed = sameSize ? this.changes(c) : null;
    if (changed && changed.length > 0 && old!.scale === v.scale && within) {
      this.patch(c, changed);
      changed = [];
    }
    const fresh = changed !== null && changed.length === 0;
    if (!fresh || old!.scale !== v.scale || !within) {
      // Only the view changed (a zoom, or a pan past the margins) and redrawing is slow.
      if (fresh && this.lastCost > redrawLimits().slowMs) {
        if (this.timer) clearTimeout(this.timer);
        if (!this.job) {
          this.timer = setTimeout(() => {
            this.timer = null;
            this.startJob();
          }, VIEW_REST_MS);
        }
      } else {
        // Drawn at once: a redraw at rest still pending would only draw the same again.
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.cancelJob();
        this.render(c, v);
      }
    }
    const at = this.view!, bitmap = this.canvas!;
    // Bitmap pixel p shows screen point p / ratio − margin under `at`; map it through `v`.
    const k = v.scale / at.scale;
    target.save();
    target.setTransform(1, 0, 0, 1, 0, 0);
    target.imageSmoothingEnabled = k !== 1;
    // Only the part on screen: blitting the margins too doubles the copy in a software renderer.
    const dx = ((-CACHE_MARGIN - at.x) * k + v.x) * v.pixelRatio, dy = ((-CACHE_MARGIN - at.y) * k + v.y) * v.pixelRatio;
    const x0 = Math.max(0, dx), y0 = Math.max(0, dy);
    const x1 = Math.min(v.width * v.pixelRatio, dx + bitmap.width * k), y1 = Math.min(v.height * v.pixelRatio, dy + bitmap.height * k);
    if (x1 > x0 && y1 > y0) target.drawImage(bitmap, (x0 - dx) / k, (y0 - dy) / k, (x1 - x0) / k, (y1 - y0) / k, x0, y0, x1 - x0, y1 - y0);
    target.restore();
  }
}
