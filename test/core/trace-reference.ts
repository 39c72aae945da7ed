// A plain pixel-coverage reference for the tracer, written apart from it: every piece is taken
// back to image units and sampled on a grid of S × S points per pixel with a point-in-convex-
// polygon test, so coverage, IoU and overlaps are counted point by point.
import type { TracedPiece } from "../../core/trace/trace";

/**
 * Samples per pixel side, by default. A sample on an edge is covered (pieces are closed); one
 * overlaps only if inside two pieces by more than ON_EDGE. Samples sit a little off the centres of
 * the sub-cells (by JITTER), so that none falls exactly on the half-pixel lines outlines follow.
 */
export const SAMPLES = 4;
const JITTER = 0.01 * Math.SQRT2;

export interface Coverage {
  /** Intersection over union of the sampled pieces and the opaque pixels. */
  readonly iou: number;
  /** Times a sample was found strictly inside a piece it was already strictly inside another of. */
  readonly overlapping: number;
  /** How deep the deepest overlapping sample lies inside both of its pieces (image units). */
  readonly overlapDepth: number;
  /** Whether a piece covers the centre of pixel (i, j). */
  readonly coversCentre: (i: number, j: number) => boolean;
}

/** A piece's points in image units, given where the image was placed. */
export function toImage(piece: TracedPiece, x = 0, y = 0, scale = 1): [number, number][] {
  return piece.points.map(([px, py]) => [(piece.x + px - x) / scale, (piece.y + py - y) / scale]);
}

/** On an edge within this (image units) counts as on it: the pieces come back from world units by floating point. */
const ON_EDGE = 1e-9;

/**
 * How far (x, y) lies inside a convex polygon (either winding): the least distance to an edge's
 * line, 0 on an edge, negative outside.
 */
export function depthInside(poly: readonly (readonly [number, number])[], x: number, y: number): number {
  // The winding from the signed area.
  let twice = 0;
  for (let k = 0; k < poly.length; k++) {
    const [ax, ay] = poly[k]!, [bx, by] = poly[(k + 1) % poly.length]!;
    twice += ax * by - bx * ay;
  }
  const sign = Math.sign(twice);
  let depth = Infinity;
  for (let k = 0; k < poly.length; k++) {
    const [ax, ay] = poly[k]!, [bx, by] = poly[(k + 1) % poly.length]!;
    const d = (sign * ((bx - ax) * (y - ay) - (by - ay) * (x - ax))) / Math.hypot(bx - ax, by - ay);
    depth = Math.min(depth, d);
  }
  return Math.abs(depth) <= ON_EDGE ? 0 : depth;
}

/**
 * How far (x, y) lies inside any simple polygon: inside by the even-odd rule (a ray towards +x
 * crossing the edges), the distance to the nearest edge segment; 0 on an edge, negative outside.
 */
export function depthInsideSimple(poly: readonly (readonly [number, number])[], x: number, y: number): number {
  let inside = false, nearest = Infinity;
  for (let k = 0; k < poly.length; k++) {
    const [ax, ay] = poly[k]!, [bx, by] = poly[(k + 1) % poly.length]!;
    if (ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) inside = !inside;
    const ex = bx - ax, ey = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
    nearest = Math.min(nearest, Math.hypot(x - ax - t * ex, y - ay - t * ey));
  }
  return nearest <= ON_EDGE ? 0 : inside ? nearest : -nearest;
}

/**
 * Coverage of the opaque pixels (`opaque(i, j)`) of a width × height image by the pieces (in image
 * units), convex ones unless `depth` is depthInsideSimple.
 */
export function sampleCoverage(width: number, height: number, opaque: (i: number, j: number) => boolean, pieces: readonly (readonly (readonly [number, number])[])[], S = SAMPLES, depth = depthInside): Coverage {
  const W = width * S, H = height * S;
  const count = new Uint8Array(W * H);
  let overlapping = 0, overlapDepth = 0;
  const centres = new Uint8Array(width * height);
  const depthAt = new Float64Array(W * H);
  for (const poly of pieces) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const [x, y] of poly) {
      minX = Math.min(minX, x); maxX = Math.max(maxX, x);
      minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    const u0 = Math.max(0, Math.floor(minX * S)), u1 = Math.min(W - 1, Math.ceil(maxX * S));
    const v0 = Math.max(0, Math.floor(minY * S)), v1 = Math.min(H - 1, Math.ceil(maxY * S));
    for (let v = v0; v <= v1; v++) {
      for (let u = u0; u <= u1; u++) {
        const d = depth(poly, (u + 0.5 + JITTER) / S, (v + 0.5 + JITTER) / S);
        if (d < 0) continue;
        const at = v * W + u;
        count[at] = 1;
        if (d === 0) continue;
        // Strictly inside this piece: an overlap if strictly inside an earlier one too.
        if (depthAt[at]! > 0) {
          overlapping++;
          overlapDepth = Math.max(overlapDepth, Math.min(d, depthAt[at]!));
        }
        depthAt[at] = Math.max(depthAt[at]!, d);
      }
    }
    // Pixel centres: (i + 0.5, j + 0.5).
    const i0 = Math.max(0, Math.floor(minX)), i1 = Math.min(width - 1, Math.ceil(maxX));
    const j0 = Math.max(0, Math.floor(minY)), j1 = Math.min(height - 1, Math.ceil(maxY));
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) if (depth(poly, i + 0.5, j + 0.5) >= 0) centres[j * width + i] = 1;
  }
  let inter = 0, union = 0;
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      const o = opaque(Math.floor(u / S), Math.floor(v / S)), c = count[v * W + u]! > 0;
      if (o && c) inter++;
      if (o || c) union++;
    }
  }
  return { iou: union === 0 ? 1 : inter / union, overlapping, overlapDepth, coversCentre: (i, j) => centres[j * width + i] === 1 };
}
