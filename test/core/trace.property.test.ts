// Properties of the tracer on random images (pinned seeds): IoU against the plain pixel-coverage
// reference, convexity, the vertex limit, validity in the scene format, no overlap; and of the
// outlines themselves, checked by brute force.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConvexPolygon, checkSimplePolygon, emptyScene, traceImage, tracedChains, tracedShapes, validateSceneData } from "../../core/index";
import { STEP_TOLERANCE, traceOutlines } from "../../core/trace/marching-squares";
import { opaqueMask } from "../../core/trace/trace";
import { seedOf } from "./arbitraries";
import { depthInsideSimple, sampleCoverage, toImage } from "./trace-reference";

interface Blob {
  readonly size: number;
  readonly radius: number;
  readonly harmonics: readonly { k: number; a: number; p: number }[];
  readonly holes: readonly { x: number; y: number; r: number }[];
  readonly threshold: number;
}

/** A wobbly disc at least 32 px across, maybe with holes well inside it, its alpha falling off over 2 px. */
const blob: fc.Arbitrary<Blob> = fc.record({
  radius: fc.double({ min: 16.5, max: 50, noNaN: true }),
  harmonics: fc.array(fc.record({ k: fc.integer({ min: 2, max: 7 }), a: fc.double({ min: 0, max: 0.07, noNaN: true }), p: fc.double({ min: 0, max: 6.3, noNaN: true }) }), { maxLength: 3 }),
  holes: fc.array(fc.record({ t: fc.double({ min: 0, max: 6.3, noNaN: true }), d: fc.double({ min: 0, max: 0.4, noNaN: true }), r: fc.double({ min: 0.1, max: 0.25, noNaN: true }) }), { maxLength: 2 }),
  threshold: fc.integer({ min: 1, max: 255 }),
}).map(({ radius, harmonics, holes, threshold }) => {
  // The wobble never takes the radius under 16.5 · (1 − 0.21): the blob stays 32 px or more across.
  const r = Math.max(radius, 16.5 / (1 - harmonics.reduce((s, h) => s + h.a, 0)));
  const size = Math.ceil(2 * r * 1.25) + 6;
  return {
    size, radius: r, threshold,
    harmonics: harmonics.map((h) => ({ ...h, a: h.a * r })),
    holes: holes.map((h) => ({ x: size / 2 + h.d * r * Math.cos(h.t), y: size / 2 + h.d * r * Math.sin(h.t), r: h.r * r })),
  };
});

function blobImage(b: Blob): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(b.size * b.size);
  const c = b.size / 2;
  for (let j = 0; j < b.size; j++) {
    for (let i = 0; i < b.size; i++) {
      const x = i + 0.5 - c, y = j + 0.5 - c;
      let d = b.radius + b.harmonics.reduce((s, h) => s + h.a * Math.sin(h.k * Math.atan2(y, x) + h.p), 0) - Math.hypot(x, y);
      for (const h of b.holes) d = Math.min(d, Math.hypot(i + 0.5 - h.x, j + 0.5 - h.y) - h.r);
      data[j * b.size + i] = Math.round(255 * Math.min(1, Math.max(0, 0.5 + d / 2)));
    }
  }
  return { width: b.size, height: b.size, data };
}

/** A small image of random pixels, from sparse dots to nearly solid. */
const noise = fc.record({ width: fc.integer({ min: 1, max: 18 }), height: fc.integer({ min: 1, max: 18 }), density: fc.double({ min: 0.05, max: 0.95, noNaN: true }), seed: fc.integer() })
  .map(({ width, height, density, seed }) => {
    let s = seed >>> 0;
    const data = new Uint8Array(width * height);
    for (let k = 0; k < data.length; k++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      data[k] = s / 2 ** 32 < density ? 255 : 0;
    }
    return { width, height, data };
  });

/** What every trace must be: valid convex pieces within the limit, accepted by the format, none overlapping another. */
function checkPieces(img: { width: number; height: number; data: Uint8Array }, result: ReturnType<typeof traceImage>, maxVertices: number, threshold = 128, samples = 4) {
  for (const p of result.pieces) {
    expect(p.points.length).toBeLessThanOrEqual(maxVertices);
    expect(checkConvexPolygon(p.points.map(([x, y]) => ({ x, y })))).toBeNull();
  }
  const validated = validateSceneData({ ...emptyScene(), shapes: tracedShapes(result.pieces, "blob") });
  expect(validated.ok ? [] : validated.problems).toEqual([]);
  const coverage = sampleCoverage(img.width, img.height, (i, j) => img.data[j * img.width + i]! >= threshold, result.pieces.map((p) => toImage(p)), samples);
  expect(coverage.overlapping).toBe(0);
  return coverage;
}

describe("traceImage on random blobs of 32 px or more", () => {
  it("IoU ≥ 0.97 against the reference, as reported; convex, within the vertex limit, valid, no overlap", () => {
    fc.assert(fc.property(blob, fc.integer({ min: 3, max: 12 }), (b, maxVertices) => {
      const img = blobImage(b);
      const result = traceImage(img, { maxVertices, alpha: b.threshold, minArea: 0 });
      const coverage = checkPieces(img, result, maxVertices, b.threshold);
      expect(coverage.iou).toBeGreaterThanOrEqual(0.97);
      expect(Math.abs(coverage.iou - result.iou)).toBeLessThan(0.005);
      expect(result.holes).toBeLessThanOrEqual(b.holes.length);
    }), { seed: seedOf("trace blobs"), numRuns: 40 });
  }, 120_000);
});

describe("traceImage on random pixels", () => {
  it("any tolerance and vertex limit: valid pieces, no overlap, the IoU it reports is the reference's", () => {
    fc.assert(fc.property(noise, fc.constantFrom(0, 0.5, 1, 2.5), fc.integer({ min: 3, max: 8 }), (img, tolerance, maxVertices) => {
      const result = traceImage(img, { tolerance, maxVertices, minArea: 0 });
      const coverage = checkPieces(img, result, maxVertices, 128, 16);
      expect(Math.abs(coverage.iou - result.iou)).toBeLessThan(0.02);
    }), { seed: seedOf("trace noise"), numRuns: 200 });
  }, 60_000);

  it("tolerance 0: every opaque pixel's centre is covered and no transparent one's; the pieces' area is the outlines'", () => {
    fc.assert(fc.property(noise, (img) => {
      const result = traceImage(img, { tolerance: 0, minArea: 0 });
      const coverage = checkPieces(img, result, 8);
      for (let j = 0; j < img.height; j++) for (let i = 0; i < img.width; i++) expect(coverage.coversCentre(i, j)).toBe(img.data[j * img.width + i]! > 0);
      // Each saddle (opaque pixels touching only at a corner) adds two chamfers of 1/8 px².
      let area = 0;
      for (const p of result.pieces) p.points.forEach(([x, y], k) => { const [x1, y1] = p.points[(k + 1) % p.points.length]!; area += (x * y1 - x1 * y) / 2; });
      expect(area).toBeCloseTo(result.opaque + saddles(img) / 4, 9);
    }), { seed: seedOf("trace exact"), numRuns: 300 });
  }, 60_000);
});

describe("traceImage with whole outlines (concave)", () => {
  /** Twice the area a piece encloses, either winding. */
  const area = (points: readonly (readonly [number, number])[]) => Math.abs(points.reduce((s, [x, y], k) => { const [x1, y1] = points[(k + 1) % points.length]!; return s + x * y1 - x1 * y; }, 0)) / 2;
  const check = (img: { width: number; height: number; data: Uint8Array }, options: { tolerance?: number; maxVertices?: number; alpha?: number; minArea?: number }, samples = 4) => {
    const convex = traceImage(img, { minArea: 0, ...options });
    const whole = traceImage(img, { minArea: 0, ...options, concave: true });
    // Each piece is a simple polygon the format accepts.
    for (const p of whole.pieces) expect(checkSimplePolygon(p.points)).toBeNull();
    const validated = validateSceneData({ ...emptyScene(), shapes: tracedShapes(whole.pieces, "blob") });
    expect(validated.ok ? [] : validated.problems).toEqual([]);
    // The same region as the convex pieces, in no more pieces.
    expect(whole.pieces.length).toBeLessThanOrEqual(convex.pieces.length);
    expect(whole.pieces.reduce((s, p) => s + area(p.points), 0)).toBeCloseTo(convex.pieces.reduce((s, p) => s + area(p.points), 0), 6);
    expect(whole.iou).toBeCloseTo(convex.iou, 6);
    expect([whole.outlines, whole.holes, whole.opaque]).toEqual([convex.outlines, convex.holes, convex.opaque]);
    if (whole.holes === 0 && whole.outlines > 0) expect(whole.pieces.length).toBe(whole.outlines);
    // A blob with holes is cut into at most one polygon more than its holes.
    expect(whole.holedConvex).toBe(0);
    expect(whole.pieces.length).toBeLessThanOrEqual(whole.outlines);
    // Sampled point by point with the even-odd rule: no two pieces overlap, and the IoU is as reported.
    const threshold = options.alpha ?? 128;
    const coverage = sampleCoverage(img.width, img.height, (i, j) => img.data[j * img.width + i]! >= threshold, whole.pieces.map((p) => toImage(p)), samples, depthInsideSimple);
    expect(coverage.overlapping).toBe(0);
    expect(Math.abs(coverage.iou - whole.iou)).toBeLessThan(0.02);
  };

  it("random blobs: one simple polygon per blob without holes, one more than its holes with them, covering what the convex pieces cover", () => {
    fc.assert(fc.property(blob, fc.integer({ min: 3, max: 8 }), (b, maxVertices) => check(blobImage(b), { maxVertices, alpha: b.threshold })), { seed: seedOf("trace concave blobs"), numRuns: 25 });
  }, 120_000);

  it("random pixels at any tolerance: valid, no overlap, the convex pieces' region", () => {
    fc.assert(fc.property(noise, fc.constantFrom(0, 0.5, 1, 2.5), fc.integer({ min: 3, max: 8 }), (img, tolerance, maxVertices) => check(img, { tolerance, maxVertices }, 16)), { seed: seedOf("trace concave noise"), numRuns: 200 });
  }, 60_000);
});

describe("traceImage with chains (terrain edges)", () => {
  type Pt = [number, number];
  const twiceArea = (ring: readonly Pt[]) => ring.reduce((s, [x, y], k) => { const [x1, y1] = ring[(k + 1) % ring.length]!; return s + x * y1 - x1 * y; }, 0);
  /** The distance from p to the closed ring's nearest edge. */
  const toRing = (ring: readonly Pt[], [px, py]: Pt) => Math.min(...ring.map(([ax, ay], k) => {
    const [bx, by] = ring[(k + 1) % ring.length]!, ex = bx - ax, ey = by - ay;
    const t = Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)));
    return Math.hypot(px - ax - t * ex, py - ay - t * ey);
  }));
  const check = (img: { width: number; height: number; data: Uint8Array }, options: { tolerance?: number; alpha?: number }) => {
    const tolerance = options.tolerance ?? 1;
    const result = traceImage(img, { minArea: 0, ...options, chains: true });
    const convex = traceImage(img, { minArea: 0, ...options });
    expect(result.pieces).toEqual([]);
    // Every outline a chain: closed, valid in the format, one-sided.
    expect(result.chains).toHaveLength(result.outlines);
    const shapes = tracedChains(result.chains, "rock");
    for (const s of shapes) expect(s).toMatchObject({ type: "chain", closed: true, oneSided: true });
    const validated = validateSceneData({ ...emptyScene(), shapes });
    expect(validated.ok ? [] : validated.problems).toEqual([]);
    const rings = result.chains.map((c) => toImage(c));
    // None crosses or touches itself or another.
    const segs = rings.flatMap((ring, r) => ring.map((a, k) => ({ r, k, n: ring.length, a, b: ring[(k + 1) % ring.length]! })));
    expect(meetings(segs)).toEqual([]);
    // Within the tolerance of the pixels' boundary: every corner of the exact outline (chamfered
    // from STEP_TOLERANCE, as the tracer's) lies that close to its chain. Outer chains run
    // clockwise on screen and holes the other way, so every edge's front faces out of the rock.
    const exact = traceOutlines(opaqueMask(img, options.alpha ?? 128), img.width, img.height, tolerance >= STEP_TOLERANCE).outlines;
    exact.forEach((o, k) => {
      expect(twiceArea(rings[k]!) > 0).toBe(!o.hole);
      for (let v = 0; v < o.points.length; v += 2) expect(toRing(rings[k]!, [o.points[v]!, o.points[v + 1]!])).toBeLessThanOrEqual(tolerance + 1e-9);
    });
    // The region the chains enclose is the convex pieces' (the reference of the other modes).
    expect(rings.reduce((s, ring) => s + twiceArea(ring), 0) / 2).toBeCloseTo(convex.pieces.reduce((s, p) => s + twiceArea(p.points as Pt[]) / 2, 0), 6);
    expect(result.iou).toBeCloseTo(convex.iou, 9);
    expect([result.outlines, result.holes, result.opaque]).toEqual([convex.outlines, convex.holes, convex.opaque]);
  };

  it("random blobs: a closed chain per outline, not crossing, within the tolerance, the pieces' region", () => {
    fc.assert(fc.property(blob, fc.constantFrom(0.5, 1, 2.5), (b, tolerance) => check(blobImage(b), { tolerance, alpha: b.threshold })), { seed: seedOf("trace chain blobs"), numRuns: 25 });
  }, 120_000);

  it("random pixels at any tolerance: the same", () => {
    fc.assert(fc.property(noise, fc.constantFrom(0, 0.5, 1, 2.5), (img, tolerance) => check(img, { tolerance })), { seed: seedOf("trace chain noise"), numRuns: 200 });
  }, 60_000);
});

/** Corners where two opaque pixels touch diagonally and the other two are transparent. */
function saddles(img: { width: number; height: number; data: Uint8Array }): number {
  const at = (i: number, j: number) => (i >= 0 && j >= 0 && i < img.width && j < img.height && img.data[j * img.width + i]! > 0 ? 1 : 0);
  let n = 0;
  for (let j = 0; j <= img.height; j++) {
    for (let i = 0; i <= img.width; i++) {
      const tl = at(i - 1, j - 1), tr = at(i, j - 1), bl = at(i - 1, j), br = at(i, j);
      if (tl === br && tr === bl && tl !== tr) n++;
    }
  }
  return n;
}

describe("traceOutlines", () => {
  it("rings are strictly simple and apart, outer ones clockwise on screen and holes not, with or without chamfered steps", () => {
    fc.assert(fc.property(noise, fc.boolean(), (img, steps) => {
      const mask = img.data.map((v) => (v > 0 ? 1 : 0));
      const { outlines } = traceOutlines(mask, img.width, img.height, steps);
      const segs: RingEdge[] = [];
      for (const [r, o] of outlines.entries()) {
        const n = o.points.length / 2;
        let twice = 0;
        for (let k = 0; k < n; k++) {
          const j = (k + 1) % n;
          const a: [number, number] = [o.points[2 * k]!, o.points[2 * k + 1]!], b: [number, number] = [o.points[2 * j]!, o.points[2 * j + 1]!];
          expect(a).not.toEqual(b);
          twice += a[0] * b[1] - b[0] * a[1];
          segs.push({ r, k, n, a, b });
        }
        expect(twice > 0).toBe(!o.hole);
      }
      expect(meetings(segs)).toEqual([]);
    }), { seed: seedOf("trace outlines"), numRuns: 200 });
  }, 60_000);
});

/** Whether two closed segments share a point; neighbours (sharing an end) only if they also share another. */
/** An edge of ring `r`: its index `k` of the ring's `n`, from `a` to `b`. */
interface RingEdge {
  readonly r: number;
  readonly k: number;
  readonly n: number;
  readonly a: [number, number];
  readonly b: [number, number];
}

/** Every two edges that meet, but for a ring's consecutive edges at their shared corner. */
function meetings(segs: readonly RingEdge[]): string[] {
  const out: string[] = [];
  for (let s = 0; s < segs.length; s++) {
    for (let t = s + 1; t < segs.length; t++) {
      const p = segs[s]!, q = segs[t]!;
      const neighbours = p.r === q.r && ((p.k + 1) % p.n === q.k || (q.k + 1) % q.n === p.k);
      if (meet(p.a, p.b, q.a, q.b, neighbours)) out.push(`${JSON.stringify(p)} ${JSON.stringify(q)}`);
    }
  }
  return out;
}

function meet(a: [number, number], b: [number, number], c: [number, number], d: [number, number], neighbours: boolean): boolean {
  const orient = (p: [number, number], q: [number, number], r: [number, number]) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  const on = (p: [number, number], q: [number, number], r: [number, number]) => orient(p, q, r) === 0 && Math.min(p[0], q[0]) <= r[0] && r[0] <= Math.max(p[0], q[0]) && Math.min(p[1], q[1]) <= r[1] && r[1] <= Math.max(p[1], q[1]);
  const same = (p: [number, number], q: [number, number]) => p[0] === q[0] && p[1] === q[1];
  if (neighbours) {
    // The shared end aside, neither segment's other end may lie on the other segment.
    const [shared, x, y] = same(b, c) ? [b, a, d] : [a, b, c];
    return (on(c, d, x) && !same(x, shared)) || (on(a, b, y) && !same(y, shared));
  }
  const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return on(a, b, c) || on(a, b, d) || on(c, d, a) || on(c, d, b);
}
