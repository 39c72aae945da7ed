// Colliders traced from an image's alpha: the opaque pixels' outlines (marching-squares.ts),
// simplified within a tolerance (simplify.ts), cut into convex pieces of a few points each
// (decompose.ts) or, with `concave`, kept whole (a blob with holes cut down from them into a few
// simple polygons: cut-holes.ts), or, with `chains`, every outline a closed chain; placed in the world and
// checked as the scene format checks polygons; then the pieces' union is compared with the pixels
// (coverage.ts).
import { checkConvexPolygon } from "../hull";
import { checkSimplePolygon } from "../outline";
import type { ChainShape, Point, PolygonShape } from "../scene/types";
import { balanceOutlines } from "./balance";
import { coverageIoU, type PixelBox } from "./coverage";
import { cutAtHoles } from "./cut-holes";
import { decomposeConvex } from "./decompose";
import { STEP_TOLERANCE, traceOutlines, type Outline } from "./marching-squares";
import { dropNotches, repairTopology, segmentErrors, simplifyRing, splitRun, strayRuns } from "./simplify";
import { dropSpecks } from "./specks";

/** An image as pixels: one alpha byte per pixel, or four (RGBA) per pixel, row-major. */
export interface TraceImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

export interface TraceOptions {
  /** A pixel is opaque when its alpha is at least this (0–255); default 128. */
  readonly alpha?: number;
  /** How far, in pixels, a simplified outline may stray from the traced one; default 1 (0: none). */
  readonly tolerance?: number;
  /** The most points a convex piece may have, at least 3; default 8 (Box2D's limit). */
  readonly maxVertices?: number;
  /**
   * Blobs of fewer opaque pixels than this are left out, then holes of fewer transparent pixels
   * filled (brush dust, antialiasing crumbs, pinholes); default 16 (a 4 × 4 px speck), 0 keeps all.
   */
  readonly minArea?: number;
  /**
   * A blob without holes becomes one polygon along its outline, concave where the outline is (as
   * Godot's CollisionPolygon2D takes a sprite's outline), instead of convex pieces; a blob with
   * holes is cut from each hole's leftmost and rightmost points straight down to the next outline, into a few
   * such polygons (one more than its holes, or fewer). Default false.
   */
  readonly concave?: boolean;
  /**
   * Every outline, outer and hole, becomes a closed one-sided chain instead of pieces (terrain
   * edges: a character walks along one chain with no seam to catch on). Its edges face away from
   * the opaque pixels, so the rock blocks from outside. Not with `concave`. Default false.
   */
  readonly chains?: boolean;
  /** Called as the trace moves from stage to stage (cheap: a few calls, none per pixel). */
  readonly progress?: (stage: TraceStage) => void;
  /** Where the image's top-left corner lies in the world; default (0, 0). */
  readonly x?: number;
  readonly y?: number;
  /** World units per pixel, greater than 0; default 1. */
  readonly scale?: number;
}

/** What a trace is doing: finding the blobs, simplifying their outlines, cutting them into pieces (or chains), measuring the IoU. */
export type TraceStage = "labelling" | "outlines" | "pieces" | "coverage";

/** A piece in the world: its position (the centre of its points' box) and its points relative to it. */
export interface TracedPiece {
  readonly x: number;
  readonly y: number;
  readonly points: readonly Point[];
}

export interface TraceResult {
  /**
   * Pieces each accepted by the scene format, none overlapping another: strictly convex, or with
   * `concave` simple polygons: a blob's whole outline, or the parts its holes' cuts make.
   */
  readonly pieces: readonly TracedPiece[];
  /**
   * With `chains` (and then no pieces): each outline as a closed chain's points relative to its
   * position, in the outline's order: opaque pixels on the right of travel (y down), so the edges'
   * fronts face out of the rock. Each is simple and apart from the others.
   */
  readonly chains: readonly TracedPiece[];
  /** Boundaries traced, outer ones and holes. */
  readonly outlines: number;
  /** Of which holes. */
  readonly holes: number;
  /** Blobs (outer outlines: outlines − holes) with at least one hole. */
  readonly blobsWithHoles: number;
  /** With `concave`: the polygons the blobs with holes were cut into. */
  readonly holedPolygons: number;
  /**
   * With `concave`: blobs with holes left in convex pieces all the same, having more than
   * MAX_TRIANGULATED_HOLES holes, or cut parts the world's rounding would leave touching themselves.
   */
  readonly holedConvex: number;
  /** Opaque pixels, the ones of blobs left out too. */
  readonly opaque: number;
  /** Blobs left out as smaller than `minArea`. */
  readonly ignoredBlobs: number;
  /** Holes filled as smaller than `minArea`. */
  readonly filledHoles: number;
  /** Blobs kept though smaller than `minArea`, as every blob was (nothing would be left): 0 otherwise. */
  readonly smallKept: number;
  /** Intersection over union of the pieces' area and the opaque pixels' after `minArea` (1 when both are empty). */
  readonly iou: number;
}

export const TRACE_DEFAULTS = { alpha: 128, tolerance: 1, maxVertices: 8, minArea: 16, concave: false, chains: false, x: 0, y: 0, scale: 1 } as const;

/** The opaque pixels of an image: 1 where alpha ≥ threshold. */
export function opaqueMask(image: TraceImage, alpha: number): Uint8Array {
  const { width, height, data } = image;
  const n = width * height;
  const stride = data.length === n ? 1 : data.length === 4 * n ? 4 : 0;
  if (stride === 0) throw new RangeError(`an image of ${width} × ${height} needs ${n} alpha bytes or ${4 * n} RGBA bytes, got ${data.length}`);
  const mask = new Uint8Array(n);
  const at = stride - 1;
  for (let k = 0; k < n; k++) mask[k] = data[k * stride + at]! >= alpha ? 1 : 0;
  return mask;
}

/**
 * Traces the opaque pixels of `image` into convex pieces (or whole outlines: `concave`; or closed
 * chains, one per outline: `chains`). Pixel (i, j) covers [i, i+1] × [j, j+1]
 * in image units and lands in the world at (x + scale·i, y + scale·j), y down.
 * - Blobs under `minArea` pixels are left out and holes under it filled first (specks.ts), unless
 *   every blob is under it; the rest of this is said of the pixels then kept.
 * - Every outline and hole is kept: a ring traces as a ring; blobs touching only at a corner are
 *   one blob, and blobs apart give pieces apart.
 * - The traced outline runs along the pixels' edges (from a tolerance of 0.5, across one-pixel
 *   steps: marching-squares.ts); the simplified one strays from it by at most `tolerance` pixels.
 * - A blob MIN_BLOB_SIZE pixels wide and tall or more matches its pixels with an IoU of at least
 *   minBlobIoU(tolerance): 0.97 at the default tolerance.
 * - Pieces are strictly convex, within `maxVertices`, share edges and never overlap. With
 *   `concave`, a blob without holes is one simple polygon instead, covering what its convex pieces
 *   would, and a blob with holes a few, cut straight down from each hole's sides; one
 *   that the world's rounding would leave touching itself is cut into convex pieces after all.
 * Deterministic. Throws a RangeError for options out of range.
 */
export function traceImage(image: TraceImage, options: TraceOptions = {}): TraceResult {
  const d = TRACE_DEFAULTS;
  // An option given as undefined takes its default.
  const o = { alpha: options.alpha ?? d.alpha, tolerance: options.tolerance ?? d.tolerance, maxVertices: options.maxVertices ?? d.maxVertices, minArea: options.minArea ?? d.minArea, x: options.x ?? d.x, y: options.y ?? d.y, scale: options.scale ?? d.scale };
  const { width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new RangeError(`the image must be at least 1 × 1 pixels, got ${width} × ${height}`);
  if (!(o.alpha >= 0 && o.alpha <= 255)) throw new RangeError(`alpha must be from 0 to 255, got ${o.alpha}`);
  if (!(o.tolerance >= 0 && Number.isFinite(o.tolerance))) throw new RangeError(`tolerance must be a number of at least 0, got ${o.tolerance}`);
  if (!Number.isInteger(o.maxVertices) || o.maxVertices < 3) throw new RangeError(`maxVertices must be a whole number of at least 3, got ${o.maxVertices}`);
  if (!(o.minArea >= 0 && Number.isFinite(o.minArea))) throw new RangeError(`minArea must be a number of at least 0, got ${o.minArea}`);
  if (!(o.scale > 0 && Number.isFinite(o.scale)) || !Number.isFinite(o.x) || !Number.isFinite(o.y)) throw new RangeError("x and y must be finite numbers and scale a finite number greater than 0");
  const concave = options.concave === true, chains = options.chains === true;
  if (concave && chains) throw new RangeError("concave and chains are two kinds of output: ask for one");
  const progress = options.progress ?? (() => {});
  progress("labelling");

  const allOpaque = opaqueMask(image, o.alpha);
  // A minimum area that every blob is under (a small sprite: a 3 × 3 coin) is not applied: it would
  // leave nothing to trace.
  const cleaned = dropSpecks(allOpaque, width, height, o.minArea);
  const applied = cleaned.mask.includes(1) || !allOpaque.includes(1);
  const { mask, blobs: ignoredBlobs, holes: filledHoles } = applied ? cleaned : { mask: allOpaque, blobs: 0, holes: 0 };
  const { outlines, components, labels } = traceOutlines(mask, width, height, o.tolerance >= STEP_TOLERANCE);
  // Blobs with too many holes to triangulate in good time are cut into rectangles of their pixels.
  const holeCount = new Int32Array(components);
  for (const r of outlines) if (r.hole) holeCount[r.component]!++;
  // Chains are never triangulated: no blob needs cutting into rectangles.
  const pixelCut = Array.from(holeCount, (n) => !chains && n > MAX_TRIANGULATED_HOLES);
  progress("outlines");
  const rings = simplifiedOutlines(outlines, components, labels, width, height, o.tolerance, pixelCut);
  progress("pieces");
  if (chains) return chainsResult(outlines, rings, holeCount, mask, width, height, o, allOpaque, { ignoredBlobs, filledHoles, smallKept: applied ? 0 : cleaned.blobs }, progress);
  const imagePieces = piecesOf(outlines, rings, components, o.maxVertices, concave, pixelCut, labels, width, height);

  const pieces: TracedPiece[] = [];
  // The IoU measures the pieces written, in image units (where they are exact).
  const kept: Float64Array[] = [];
  const place = (poly: Float64Array) => {
    const piece = placePiece(poly, o.x, o.y, o.scale);
    if (!piece) return;
    pieces.push(piece);
    kept.push(poly);
  };
  let holedPolygons = 0, holedConvex = concave ? pixelCut.filter((cut) => cut).length : 0;
  for (const item of imagePieces) {
    if (!("blob" in item)) {
      place(item.poly);
      continue;
    }
    const placed = item.polys?.map((poly) => placeOutline(poly, o.x, o.y, o.scale)) ?? [null];
    if (item.polys && placed.every((p): p is TracedPiece => p !== null)) {
      pieces.push(...placed);
      kept.push(...item.polys);
      if (item.blob.holeStarts.length > 0) holedPolygons += placed.length;
      continue;
    }
    if (item.blob.holeStarts.length > 0) holedConvex++;
    for (const piece of decomposeConvex(item.blob.points, item.blob.holeStarts, o.maxVertices)) place(pickPoints(item.blob.points, piece));
  }
  progress("coverage");
  return {
    pieces,
    chains: [],
    outlines: outlines.length,
    holes: outlines.filter((r) => r.hole).length,
    blobsWithHoles: holeCount.filter((n) => n > 0).length,
    holedPolygons,
    holedConvex,
    opaque: countOpaque(allOpaque),
    ignoredBlobs,
    filledHoles,
    smallKept: applied ? 0 : cleaned.blobs,
    iou: coverageIoU(mask, width, 1, { x: 0, y: 0, width, height }, kept),
  };
}

const countOpaque = (mask: Uint8Array): number => {
  let n = 0;
  for (let k = 0; k < mask.length; k++) n += mask[k]!;
  return n;
};

/**
 * The `chains` result: every simplified outline as a closed chain in the world. Points the world's
 * rounding makes equal to the one before (far from the origin) are dropped; an outline left with
 * fewer than 3 is left out.
 */
function chainsResult(outlines: readonly Outline[], rings: readonly Float64Array[], holeCount: Int32Array, mask: Uint8Array, width: number, height: number, o: { x: number; y: number; scale: number }, allOpaque: Uint8Array, specks: Pick<TraceResult, "ignoredBlobs" | "filledHoles" | "smallKept">, progress: (stage: TraceStage) => void): TraceResult {
  const chains: TracedPiece[] = [];
  const kept: Float64Array[] = [];
  for (const ring of rings) {
    const { cx, cy, world } = toWorld(ring, o.x, o.y, o.scale);
    const points: Point[] = [];
    for (const p of world) {
      const q: Point = [p.x - cx, p.y - cy], last = points[points.length - 1];
      if (!last || last[0] !== q[0] || last[1] !== q[1]) points.push(q);
    }
    while (points.length > 1 && points[0]![0] === points[points.length - 1]![0] && points[0]![1] === points[points.length - 1]![1]) points.pop();
    if (points.length < 3) continue;
    chains.push({ x: cx, y: cy, points });
    kept.push(ring);
  }
  progress("coverage");
  return {
    pieces: [],
    chains,
    outlines: outlines.length,
    holes: outlines.filter((r) => r.hole).length,
    blobsWithHoles: holeCount.filter((n) => n > 0).length,
    holedPolygons: 0,
    holedConvex: 0,
    opaque: countOpaque(allOpaque),
    ...specks,
    // Holes run the other way round: the rings' signed areas give the blobs with their holes cut out.
    iou: coverageIoU(mask, width, 1, { x: 0, y: 0, width, height }, kept),
  };
}

/**
 * A blob with more holes than this (a noisy alpha channel) is cut into rectangles of its pixels,
 * rows of equal runs stacked: ear clipping joins holes one by one, in time growing as the square
 * of their count.
 */
export const MAX_TRIANGULATED_HOLES = 256;

/** Blobs at least this many pixels wide and tall are held to minBlobIoU. */
export const MIN_BLOB_SIZE = 32;
/** Rounds of refinement a blob gets before it is traced exactly. */
const REFINE_ROUNDS = 12;

/** The IoU a blob of MIN_BLOB_SIZE or more must reach at a tolerance: 0.97 at the default of 1 pixel, higher when finer. */
export const minBlobIoU = (tolerance: number): number => 1 - 0.03 * tolerance;

/**
 * The outlines simplified and balanced. A blob of MIN_BLOB_SIZE pixels or more whose outlines
 * would match its pixels with an IoU under minBlobIoU (a thin or ragged one: the error of straight
 * segments over a pixel staircase grows with the outline's length, not the blob's area) gets
 * points back where its outlines stray most: each round, the segments holding a third of its
 * error are split at their farthest pixel corner; after REFINE_ROUNDS it is traced exactly.
 */
function simplifiedOutlines(outlines: readonly Outline[], components: number, labels: Int32Array, width: number, height: number, tolerance: number, pixelCut: readonly boolean[]): Float64Array[] {
  const ringsOf: number[][] = Array.from({ length: components }, () => []);
  outlines.forEach((r, k) => ringsOf[r.component]!.push(k));
  const box: PixelBox[] = new Array<PixelBox>(components);
  for (const r of outlines) {
    if (r.hole) continue;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let k = 0; k < r.points.length; k += 2) {
      minX = Math.min(minX, r.points[k]!); maxX = Math.max(maxX, r.points[k]!);
      minY = Math.min(minY, r.points[k + 1]!); maxY = Math.max(maxY, r.points[k + 1]!);
    }
    // Chamfers sit on half pixels: the box is the pixels they cut.
    box[r.component] = { x: Math.floor(minX), y: Math.floor(minY), width: Math.ceil(maxX) - Math.floor(minX), height: Math.ceil(maxY) - Math.floor(minY) };
  }
  // A blob cut into pixel rectangles keeps its outlines as traced: the others then keep clear of its pixels.
  const tol = Float64Array.from(pixelCut, (cut) => (cut ? 0 : tolerance));
  const keeps = outlines.map((r) => simplifyRing(r.points, tol[r.component]!));
  const target = minBlobIoU(tolerance);
  let watched: number[] = [];
  if (tolerance > 0) for (let c = 0; c < components; c++) if (!pixelCut[c] && box[c]!.width >= MIN_BLOB_SIZE && box[c]!.height >= MIN_BLOB_SIZE) watched.push(c);
  let notchRounds = 2;
  for (let round = 1; ; round++) {
    repairTopology(outlines, keeps);
    const ringTol = outlines.map((r) => tol[r.component]!);
    const rings = balanceOutlines(outlines, keeps, ringTol, width, height);
    // A run the balanced segment could not bring within the tolerance (its ends did not move)
    // gets its farthest point back.
    let stray = false;
    outlines.forEach((r, k) => {
      for (const [from, to] of strayRuns(r.points, keeps[k]!, rings[k]!, ringTol[k]!)) { splitRun(r.points, keeps[k]!, from, to); stray = true; }
    });
    if (stray) { round--; continue; }
    if (notchRounds > 0) {
      notchRounds--;
      let dropped = false;
      outlines.forEach((r, k) => { if (ringTol[k]! > 0 && dropNotches(r.points, keeps[k]!, rings[k]!, ringTol[k]!)) dropped = true; });
      if (dropped) { round--; continue; }
    }
    const failing = watched.filter((c) => coverageIoU(labels, width, c + 1, box[c]!, ringsOf[c]!.map((k) => rings[k]!)) < target);
    if (failing.length === 0) return rings;
    for (const c of failing) {
      if (round >= REFINE_ROUNDS) {
        tol[c] = 0;
        for (const k of ringsOf[c]!) keeps[k] = simplifyRing(outlines[k]!.points, 0);
        continue;
      }
      const errors = ringsOf[c]!.flatMap((k) => segmentErrors(outlines[k]!.points, keeps[k]!, rings[k]!).map(([e, from, to]) => ({ e, k, from, to })));
      errors.sort((a, b) => b.e - a.e || a.k - b.k || a.from - b.from);
      const total = errors.reduce((sum, x) => sum + x.e, 0);
      let taken = 0;
      for (const x of errors) {
        if (taken >= total / 3) break;
        taken += x.e;
        splitRun(outlines[x.k]!.points, keeps[x.k]!, x.from, x.to);
      }
    }
    watched = failing.filter((c) => tol[c]! > 0);
  }
}

/** A blob's outer outline then its holes, as one flat point list (image units) and where each hole starts, in points. */
interface BlobOutlines {
  readonly points: Float64Array;
  readonly holeStarts: readonly number[];
}

/**
 * A convex piece as a flat point list in image units; or (`concave`) a blob as simple polygons
 * whose union it is (null when its holes' cuts made none), to be cut into convex pieces after all
 * if the world would not take them.
 */
type ImagePiece = { readonly poly: Float64Array } | { readonly polys: readonly Float64Array[] | null; readonly blob: BlobOutlines };

/** The points of `poly` at the indices `piece`, as a flat list. */
function pickPoints(poly: ArrayLike<number>, piece: readonly number[]): Float64Array {
  const flat = new Float64Array(2 * piece.length);
  piece.forEach((v, k) => { flat[2 * k] = poly[2 * v]!; flat[2 * k + 1] = poly[2 * v + 1]!; });
  return flat;
}

/** Each blob's outer boundary with its holes, cut into convex pieces, or with `concave` into simple polygons. */
function piecesOf(outlines: readonly Outline[], rings: readonly Float64Array[], components: number, maxVertices: number, concave: boolean, pixelCut: readonly boolean[], labels: Int32Array, width: number, height: number): ImagePiece[] {
  const outer: number[] = new Array<number>(components).fill(-1);
  const holes: number[][] = Array.from({ length: components }, () => []);
  outlines.forEach((r, k) => {
    if (r.hole) holes[r.component]!.push(k);
    else outer[r.component] = k;
  });
  const out: ImagePiece[] = [];
  for (const rect of pixelRectangles(labels, width, height, pixelCut)) {
    const [x0, y0, x1, y1] = rect;
    if (maxVertices >= 4) out.push({ poly: Float64Array.of(x0, y0, x1, y0, x1, y1, x0, y1) });
    else out.push({ poly: Float64Array.of(x0, y0, x1, y0, x1, y1) }, { poly: Float64Array.of(x0, y0, x1, y1, x0, y1) });
  }
  for (let c = 0; c < components; c++) {
    if (outer[c]! < 0 || pixelCut[c]) continue;
    const parts = [outer[c]!, ...holes[c]!].map((k) => rings[k]!);
    const points = new Float64Array(parts.reduce((s, r) => s + r.length, 0));
    const holeStarts: number[] = [];
    let at = 0;
    for (const [k, r] of parts.entries()) {
      if (k > 0) holeStarts.push(at / 2);
      points.set(r, at);
      at += r.length;
    }
    const blob = { points, holeStarts };
    if (concave) {
      out.push({ polys: holeStarts.length === 0 ? [rings[outer[c]!]!] : cutAtHoles(rings[outer[c]!]!, holes[c]!.map((k) => rings[k]!)), blob });
      continue;
    }
    for (const piece of decomposeConvex(points, holeStarts, maxVertices)) out.push({ poly: pickPoints(points, piece) });
  }
  return out;
}

/**
 * The pixels of the blobs marked in `cut` as rectangles [x0, y0, x1, y1]: each row's runs, a run
 * stacked onto the rectangle above it when it spans the same columns. Rectangles meet along their
 * edges and never overlap.
 */
function pixelRectangles(labels: Int32Array, width: number, height: number, cut: readonly boolean[]): [number, number, number, number][] {
  if (!cut.includes(true)) return [];
  const out: [number, number, number, number][] = [];
  // Open rectangles by the column their run starts at: [index in out, run end].
  let open = new Map<number, [number, number]>();
  for (let j = 0; j < height; j++) {
    const next = new Map<number, [number, number]>();
    for (let i = 0; i < width; ) {
      const l = labels[j * width + i]!;
      if (l === 0 || !cut[l - 1]) { i++; continue; }
      let end = i + 1;
      while (end < width && labels[j * width + end] === l) end++;
      const above = open.get(i);
      if (above && above[1] === end) {
        out[above[0]]![3] = j + 1;
        next.set(i, above);
      } else {
        out.push([i, j, end, j + 1]);
        next.set(i, [out.length - 1, end]);
      }
      i = end;
    }
    open = next;
  }
  return out;
}

/** Where a piece lands in the world: its points and the centre of their box. */
function toWorld(poly: Float64Array, x: number, y: number, scale: number): { cx: number; cy: number; world: { x: number; y: number }[] } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const world: { x: number; y: number }[] = [];
  for (let k = 0; k < poly.length; k += 2) {
    const wx = x + scale * poly[k]!, wy = y + scale * poly[k + 1]!;
    world.push({ x: wx, y: wy });
    minX = Math.min(minX, wx); maxX = Math.max(maxX, wx);
    minY = Math.min(minY, wy); maxY = Math.max(maxY, wy);
  }
  return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, world };
}

/** A blob's whole outline in the world, relative to the centre of its box; null when the scene format would not call it simple there. */
function placeOutline(poly: Float64Array, x: number, y: number, scale: number): TracedPiece | null {
  const { cx, cy, world } = toWorld(poly, x, y, scale);
  const points = world.map((p): Point => [p.x - cx, p.y - cy]);
  return checkSimplePolygon(points) === null ? { x: cx, y: cy, points } : null;
}

/**
 * A piece in the world, relative to the centre of its box, as the scene format will check it:
 * points it would call duplicate or collinear (possible far from the origin, or for a turn of a
 * few millionths of a degree) are dropped, which keeps it convex; null when nothing valid is left.
 */
function placePiece(poly: Float64Array, x: number, y: number, scale: number): TracedPiece | null {
  const { cx, cy, world } = toWorld(poly, x, y, scale);
  let local = world.map((p) => ({ x: p.x - cx, y: p.y - cy }));
  for (let guard = 0; local.length >= 3 && guard < poly.length; guard++) {
    const problem = checkConvexPolygon(local);
    if (problem === null) return { x: cx, y: cy, points: local.map((p): Point => [p.x, p.y]) };
    if (!("index" in problem) || problem.kind === "not-convex" || problem.kind === "non-finite") return null;
    local = local.filter((_, k) => k !== problem.index);
  }
  return null;
}

/** Closed one-sided chain shapes from a trace's `chains`, named and identified `name-1`, `name-2`, … in order. */
export function tracedChains(chains: readonly TracedPiece[], name: string): ChainShape[] {
  return chains.map((c, k) => ({ id: `${name}-${k + 1}`, name: `${name}-${k + 1}`, type: "chain", x: c.x, y: c.y, rotation: 0, points: c.points, closed: true, oneSided: true }));
}

/** The pieces as polygon shapes named and identified `name-1`, `name-2`, … in order. */
export function tracedShapes(pieces: readonly TracedPiece[], name: string): PolygonShape[] {
  return pieces.map((p, k) => ({ id: `${name}-${k + 1}`, name: `${name}-${k + 1}`, type: "polygon", x: p.x, y: p.y, rotation: 0, points: p.points }));
}
