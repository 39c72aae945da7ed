// Least blob area (core/trace/specks.ts and traceImage's minArea): specks left out and pinholes
// filled before tracing, checked on examples and, on random pixels, against the blobs traceOutlines
// labels and a plain flood fill of the holes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { specksNote, TRACE_DEFAULTS, traceImage } from "../../core/index";
import { traceOutlines } from "../../core/trace/marching-squares";
import { dropSpecks } from "../../core/trace/specks";
import { seedOf } from "./arbitraries";

function image(width: number, height: number, opaque: (i: number, j: number) => boolean): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(width * height);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) data[j * width + i] = opaque(i, j) ? 255 : 0;
  return { width, height, data };
}

/** Pixel counts of the 8-connected blobs, from traceOutlines' labels (1 + blob, 0 transparent). */
function blobSizes(mask: Uint8Array, width: number, height: number): { labels: Int32Array; sizes: number[] } {
  const { labels, components } = traceOutlines(mask, width, height);
  const sizes = new Array<number>(components).fill(0);
  for (const l of labels) if (l > 0) sizes[l - 1]!++;
  return { labels, sizes };
}

/** The transparent 4-connected regions not touching the edge, each as its pixels: a plain flood fill. */
function enclosed(mask: Uint8Array, width: number, height: number): number[][] {
  const seen = new Set<number>();
  const out: number[][] = [];
  for (let k = 0; k < mask.length; k++) {
    if (mask[k] !== 0 || seen.has(k)) continue;
    const region: number[] = [];
    const todo = [k];
    seen.add(k);
    let edge = false;
    while (todo.length > 0) {
      const at = todo.pop()!;
      region.push(at);
      const x = at % width, y = Math.floor(at / width);
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) edge = true;
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
        const n = ny * width + nx;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && mask[n] === 0 && !seen.has(n)) { seen.add(n); todo.push(n); }
      }
    }
    if (!edge) out.push(region);
  }
  return out;
}

describe("least blob area", () => {
  it("defaults to 16 px²: brush dust round a block is left out, and said so", () => {
    // Regression: specks of 4–65 px² each became a collider (25 blobs instead of 5 on the review's art).
    const speck = (i: number, j: number) => [[3, 3], [40, 5], [70, 4], [90, 50], [10, 55]].some(([x, y], k) => Math.abs(i - x!) <= k % 2 && Math.abs(j - y!) <= k % 2);
    const img = image(100, 60, (i, j) => (i >= 20 && i < 80 && j >= 20 && j < 50) || speck(i, j));
    expect(TRACE_DEFAULTS.minArea).toBe(16);
    const result = traceImage(img);
    expect(result).toMatchObject({ outlines: 1, ignoredBlobs: 5, filledHoles: 0, iou: 1 });
    expect(result.opaque).toBe(60 * 30 + 3 + 9 * 2);
    expect(specksNote(result, 16)).toBe("Left out 5 blobs smaller than 16 px²");
    expect(traceImage(img, { minArea: 0 })).toMatchObject({ outlines: 6, ignoredBlobs: 0 });
  });

  it("a blob of exactly the least area is kept; a pinhole under it filled, a hole of it kept", () => {
    const square = image(10, 10, (i, j) => i >= 3 && i < 7 && j >= 3 && j < 7);
    expect(traceImage(square).pieces).toHaveLength(1);
    // Every blob under the least area: kept, as nothing would be left (a small sprite's coin).
    expect(traceImage(square, { minArea: 17 })).toMatchObject({ pieces: [{}], ignoredBlobs: 0, smallKept: 1 });
    expect(specksNote(traceImage(square, { minArea: 17 }), 17)).toBe("Every blob is smaller than 17 px²: it is kept, as nothing would be left");
    const sprite = image(8, 8, (i, j) => (i < 3 && j < 3) || (i === 6 && j < 6));
    expect(traceImage(sprite)).toMatchObject({ ignoredBlobs: 0, smallKept: 2, opaque: 15 });
    expect(traceImage(sprite).pieces.length).toBeGreaterThan(1);
    const holed = (side: number) => image(40, 40, (i, j) => i >= 5 && i < 35 && j >= 5 && j < 35 && !(i >= 18 && i < 18 + side && j >= 18 && j < 18 + side));
    expect(traceImage(holed(3))).toMatchObject({ holes: 0, filledHoles: 1, pieces: [{}], iou: 1 });
    expect(specksNote(traceImage(holed(3)), 16)).toBe("Filled 1 hole smaller than 16 px²");
    expect(traceImage(holed(4))).toMatchObject({ holes: 1, filledHoles: 0 });
  });

  it("a speck in a hole goes, and the hole is measured with its pixels", () => {
    // A 5 × 5 hole with a lone pixel in it: the pixel goes, and the hole (25 px²) stays at 16, fills at 30.
    const img = image(30, 30, (i, j) => (i >= 5 && i < 25 && j >= 5 && j < 25 && !(i >= 12 && i < 17 && j >= 12 && j < 17)) || (i === 14 && j === 14));
    expect(traceImage(img)).toMatchObject({ outlines: 2, holes: 1, ignoredBlobs: 1, filledHoles: 0 });
    expect(traceImage(img, { minArea: 30 })).toMatchObject({ outlines: 1, holes: 0, ignoredBlobs: 1, filledHoles: 1 });
    expect(specksNote({ ignoredBlobs: 1, filledHoles: 1, smallKept: 0 }, 30)).toBe("Left out 1 blob and filled 1 hole smaller than 30 px²");
  });

  it("random pixels: every blob and hole left is at least the least area, and only smaller ones changed", () => {
    const noise = fc.record({ width: fc.integer({ min: 1, max: 24 }), height: fc.integer({ min: 1, max: 24 }), density: fc.double({ min: 0.05, max: 0.95, noNaN: true }), seed: fc.integer(), minArea: fc.integer({ min: 0, max: 40 }) });
    fc.assert(fc.property(noise, ({ width, height, density, seed, minArea }) => {
      let s = seed >>> 0;
      const mask = new Uint8Array(width * height);
      for (let k = 0; k < mask.length; k++) {
        s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
        mask[k] = s / 2 ** 32 < density ? 1 : 0;
      }
      const { mask: out, blobs, holes } = dropSpecks(mask, width, height, minArea);
      // Blobs: the small ones cleared, the others as they were.
      const before = blobSizes(mask, width, height);
      const cleared = mask.map((v, k) => (v === 1 && before.sizes[before.labels[k]! - 1]! < minArea ? 0 : v));
      expect(blobs).toBe(before.sizes.filter((n) => n < minArea).length);
      // Holes: of what is left, the small enclosed regions filled and nothing else.
      const small = enclosed(cleared, width, height).filter((r) => r.length < minArea);
      const expected = Uint8Array.from(cleared);
      for (const r of small) for (const k of r) expected[k] = 1;
      expect(holes).toBe(small.length);
      expect([...out]).toEqual([...expected]);
      const after = blobSizes(out, width, height);
      expect(after.sizes.every((n) => n >= minArea)).toBe(true);
    }), { seed: seedOf("trace specks"), numRuns: 300 });
  });
});
