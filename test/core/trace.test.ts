// The tracer (core/trace/): pixels in, convex pieces out, held to a plain pixel-coverage reference
// (trace-reference.ts) and to the scene format's own validation.
import { describe, expect, it } from "vitest";
import { CollisionWorld, EXPORT_FORMATS, chainCount, checkConvexPolygon, emptyScene, parseScene, serializeScene, traceImage, tracedChains, tracedShapes, wholeOutlinesNote, type TraceOptions, type TraceResult, type TraceStage } from "../../core/index";
import { QueryHit } from "../../core/scene-query";
import { traceOutlines } from "../../core/trace/marching-squares";
import { decomposeConvex } from "../../core/trace/decompose";
import { makeSpriteSheet } from "./sprite-sheet";
import { depthInside, sampleCoverage, toImage } from "./trace-reference";

/** An alpha image from a predicate on pixels. */
function image(width: number, height: number, opaque: (i: number, j: number) => boolean): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(width * height);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) data[j * width + i] = opaque(i, j) ? 255 : 0;
  return { width, height, data };
}

/** Pixels whose centre lies within [inner, outer] of (cx, cy). */
const annulus = (cx: number, cy: number, outer: number, inner = 0) => (i: number, j: number) => {
  const d = Math.hypot(i + 0.5 - cx, j + 0.5 - cy);
  return d <= outer && d >= inner;
};

/**
 * Traces every pixel (no least area, unless given), then checks what every result must be: valid
 * convex pieces within the limit that the format accepts, no overlap.
 */
function traced(img: ReturnType<typeof image>, options: TraceOptions = {}) {
  const result = traceImage(img, { minArea: 0, ...options });
  const limit = options.maxVertices ?? 8;
  for (const p of result.pieces) {
    expect(p.points.length).toBeGreaterThanOrEqual(3);
    expect(p.points.length).toBeLessThanOrEqual(limit);
    expect(checkConvexPolygon(p.points.map(([x, y]) => ({ x, y })))).toBeNull();
  }
  const scene = { ...emptyScene(), shapes: tracedShapes(result.pieces, "art") };
  const parsed = parseScene(serializeScene(scene));
  expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  const pieces = result.pieces.map((p) => toImage(p, options.x, options.y, options.scale));
  const coverage = sampleCoverage(img.width, img.height, (i, j) => img.data[j * img.width + i]! >= (options.alpha ?? 128), pieces);
  expect(coverage.overlapping).toBe(0);
  return { result, pieces, coverage };
}

describe("traceImage: edge cases", () => {
  it("a 1 × 1 opaque image is one unit square, placed and scaled", () => {
    const { result } = traced(image(1, 1, () => true), { x: 10, y: -4, scale: 2 });
    expect(result).toMatchObject({ outlines: 1, holes: 0, opaque: 1, iou: 1 });
    expect(result.pieces).toHaveLength(1);
    const [p] = result.pieces;
    expect({ x: p!.x, y: p!.y }).toEqual({ x: 11, y: -3 });
    expect([...p!.points].map(([x, y]) => [x, y]).sort()).toEqual([[-1, -1], [-1, 1], [1, -1], [1, 1]]);
  });

  it("nothing opaque: no outline, no piece", () => {
    expect(traceImage(image(1, 1, () => false))).toEqual({ pieces: [], chains: [], outlines: 0, holes: 0, blobsWithHoles: 0, holedPolygons: 0, holedConvex: 0, opaque: 0, ignoredBlobs: 0, filledHoles: 0, smallKept: 0, iou: 1 });
    const faint = { width: 3, height: 2, data: new Uint8Array(6).fill(127) };
    expect(traceImage(faint)).toMatchObject({ pieces: [], opaque: 0 });
  });

  it("an all-opaque image is its rectangle, exactly", () => {
    const { result } = traced(image(37, 23, () => true), { x: 1, y: 2, scale: 0.5 });
    expect(result.pieces).toHaveLength(1);
    expect(result.iou).toBe(1);
    const world = result.pieces[0]!.points.map(([x, y]) => [result.pieces[0]!.x + x, result.pieces[0]!.y + y]);
    expect(world.sort()).toEqual([[1, 13.5], [1, 2], [19.5, 13.5], [19.5, 2]]);
  });

  it("a lone pixel is a unit square and a one-pixel line a rectangle, at any tolerance", () => {
    for (const tolerance of [0, 1, 4]) {
      const dot = traced(image(9, 9, (i, j) => i === 4 && j === 6), { tolerance }).result;
      expect(dot.pieces.map((p) => [p.x, p.y, p.points.length])).toEqual([[4.5, 6.5, 4]]);
      const line = traced(image(40, 5, (i, j) => j === 2 && i >= 3 && i < 37), { tolerance }).result;
      expect(line.pieces).toHaveLength(1);
      expect(line.pieces[0]).toMatchObject({ x: 20, y: 2.5 });
      expect(line.iou).toBe(1);
    }
  });

  it("pixels touching at a corner are one blob; a one-pixel diagonal line keeps every pixel", () => {
    const pair = traced(image(4, 4, (i, j) => (i === 1 && j === 1) || (i === 2 && j === 2)), { tolerance: 0 });
    expect(pair.result.outlines).toBe(1);
    for (const [i, j] of [[1, 1], [2, 2]] as const) expect(pair.coverage.coversCentre(i, j)).toBe(true);
    const diagonal = traced(image(40, 40, (i, j) => i === j));
    expect(diagonal.result.outlines).toBe(1);
    for (let k = 0; k < 40; k++) expect(diagonal.coverage.coversCentre(k, k)).toBe(true);
  });

  it("a checkerboard at tolerance 0: every opaque centre covered, no transparent one", () => {
    const img = image(11, 7, (i, j) => (i + j) % 2 === 0);
    const { coverage, result } = traced(img, { tolerance: 0 });
    expect(result.outlines).toBeGreaterThan(1);
    for (let j = 0; j < 7; j++) for (let i = 0; i < 11; i++) expect(coverage.coversCentre(i, j), `${i}, ${j}`).toBe((i + j) % 2 === 0);
  });
});

describe("traceImage: holes and blobs", () => {
  it("a ring traces as a ring: one hole, its centre open, its band covered", () => {
    const img = image(90, 90, annulus(45, 45, 40, 20));
    const { result, coverage } = traced(img);
    expect(result).toMatchObject({ outlines: 2, holes: 1 });
    expect(coverage.coversCentre(45, 45)).toBe(false);
    expect(coverage.coversCentre(15, 45)).toBe(true);
    expect(coverage.iou).toBeGreaterThanOrEqual(0.97);
  });

  it("whole outlines cut a blob with holes into one polygon more than its holes: one blob with two holes, a ring, a solid square", () => {
    const twoHoles = (i: number, j: number) => i < 40 && j < 20 && !(j >= 6 && j < 14 && ((i >= 6 && i < 14) || (i >= 24 && i < 32)));
    const img = image(120, 40, (i, j) => twoHoles(i, j) || annulus(70, 20, 16, 8)(i, j) || (i >= 100 && i < 116 && j >= 4 && j < 20));
    const convex = traced(img).result;
    expect([convex.outlines, convex.holes, convex.blobsWithHoles]).toEqual([6, 3, 2]);
    const whole = traceImage(img, { concave: true, minArea: 0 });
    // Regression: the blobs with holes stayed in convex pieces (a ground with a cave became 53
    // slivers fanned from its corners); now 3 + 2 polygons for them and 1 for the square.
    expect(whole).toMatchObject({ blobsWithHoles: 2, holedPolygons: 5, holedConvex: 0 });
    expect(whole.pieces).toHaveLength(6);
    expect(wholeOutlinesNote(whole)).toBe("2 blobs have holes, so they are cut straight down from their holes into 5 polygons: a polygon cannot have a hole");
    expect(whole.iou).toBeCloseTo(convex.iou, 9);
  });

  it("says what whole outlines made of the blobs with holes, and of those left in convex pieces", () => {
    expect(wholeOutlinesNote({ blobsWithHoles: 0, holedPolygons: 0, holedConvex: 0, holes: 0 })).toBeNull();
    // Regression: one blob with two holes was said to have "a hole".
    expect(wholeOutlinesNote({ blobsWithHoles: 1, holedPolygons: 3, holedConvex: 0, holes: 2 })).toBe("1 blob has holes, so it is cut straight down from its holes into 3 polygons: a polygon cannot have a hole");
    expect(wholeOutlinesNote({ blobsWithHoles: 1, holedPolygons: 2, holedConvex: 0, holes: 1 })).toBe("1 blob has a hole, so it is cut straight down from the hole into 2 polygons: a polygon cannot have a hole");
    expect(wholeOutlinesNote({ blobsWithHoles: 1, holedPolygons: 0, holedConvex: 1, holes: 1 })).toBe("1 blob has a hole, so it is left in convex pieces (too many holes, or cut parts that would touch themselves)");
    expect(wholeOutlinesNote({ blobsWithHoles: 3, holedPolygons: 4, holedConvex: 1, holes: 5 })).toBe("3 blobs have holes, so they are cut straight down from their holes into 4 polygons (1 left in convex pieces: too many holes, or cut parts that would touch themselves): a polygon cannot have a hole");
  });

  it("separate blobs give separate pieces: none spans the gap", () => {
    const img = image(100, 50, (i, j) => annulus(25, 25, 20)(i, j) || annulus(75, 25, 20)(i, j));
    const { result, pieces } = traced(img);
    expect(result.outlines).toBe(2);
    for (const p of pieces) {
      const xs = p.map(([x]) => x);
      expect(Math.max(...xs) <= 50 || Math.min(...xs) >= 50).toBe(true);
    }
  });

  it("an island in a hole is a blob of its own", () => {
    const img = image(80, 80, (i, j) => annulus(40, 40, 38, 22)(i, j) || annulus(40, 40, 10)(i, j));
    const { result, coverage } = traced(img);
    expect(result).toMatchObject({ outlines: 3, holes: 1 });
    expect(coverage.coversCentre(40, 40)).toBe(true);
    expect(coverage.coversCentre(40, 24)).toBe(false);
  });

  it("pieces touch but never overlap: the collision world finds no overlapping pair", () => {
    const sheet = makeSpriteSheet(7, 2, 128);
    const result = traceImage(sheet);
    const world = new CollisionWorld({ filter: "none" });
    world.sync(tracedShapes(result.pieces, "s"));
    expect(world.overlaps().filter((p) => p.depth > 1e-9)).toEqual([]);
  });
});

describe("traceImage: accuracy, limits and options", () => {
  it("IoU of 0.97 or more for discs from 32 px, and the IoU it reports is the reference's", () => {
    for (const r of [16, 20, 27, 40, 64]) {
      const size = 2 * r + 6;
      const { result, coverage } = traced(image(size, size, annulus(size / 2, size / 2, r)));
      expect(coverage.iou, `radius ${r}`).toBeGreaterThanOrEqual(0.97);
      expect(Math.abs(result.iou - coverage.iou), `radius ${r}`).toBeLessThan(0.005);
    }
  });

  it("few pieces: a disc is cut into strips, not a fan of triangles", () => {
    const r = 60, size = 2 * r + 6;
    const { result } = traced(image(size, size, annulus(size / 2, size / 2, r)));
    expect(result.pieces.length).toBeLessThanOrEqual(6);
    // A convex 16-gon: ⌈14 / 6⌉ = 3 pieces of at most 8 points, 14 of at most 3.
    const gon = Array.from({ length: 16 }, (_, k) => [Math.round(1000 * Math.cos(k * Math.PI / 8)), Math.round(1000 * Math.sin(k * Math.PI / 8))]).flat();
    expect(decomposeConvex(gon, [], 8)).toHaveLength(3);
    expect(decomposeConvex(gon, [], 3)).toHaveLength(14);
  });

  it("--max-vertices is never exceeded, down to triangles", () => {
    const img = image(70, 70, annulus(35, 35, 32, 12));
    for (const maxVertices of [3, 4, 5, 12]) {
      const { result, coverage } = traced(img, { maxVertices });
      expect(Math.max(...result.pieces.map((p) => p.points.length))).toBeLessThanOrEqual(maxVertices);
      expect(coverage.iou).toBeGreaterThanOrEqual(0.97);
    }
  });

  it("tolerance 0 keeps every pixel edge; a larger tolerance makes fewer pieces", () => {
    const img = image(60, 60, annulus(30, 30, 26));
    const exact = traced(img, { tolerance: 0 }).result;
    expect(exact.iou).toBe(1);
    expect(traced(img, { tolerance: 3 }).result.pieces.length).toBeLessThan(exact.pieces.length);
  });

  it("the alpha threshold decides what is opaque; RGBA reads the fourth byte", () => {
    const rgba = new Uint8Array(4 * 6);
    for (let k = 0; k < 6; k++) rgba[4 * k + 3] = k * 50; // 0, 50, …, 250
    expect(traceImage({ width: 6, height: 1, data: rgba }, { alpha: 100 }).opaque).toBe(4);
    expect(traceImage({ width: 6, height: 1, data: rgba }).opaque).toBe(3);
    expect(traceImage({ width: 6, height: 1, data: rgba }, { alpha: 0 }).opaque).toBe(6);
  });

  it("a placed image's pieces are the plain ones moved and scaled", () => {
    const img = image(50, 40, (i, j) => annulus(20, 20, 18)(i, j) || (i > 38 && j > 5));
    const plain = traceImage(img), placed = traceImage(img, { x: -300, y: 12.5, scale: 0.25 });
    expect(placed.pieces).toHaveLength(plain.pieces.length);
    placed.pieces.forEach((p, k) => {
      const q = plain.pieces[k]!;
      expect(p.x).toBeCloseTo(-300 + 0.25 * q.x, 9);
      expect(p.y).toBeCloseTo(12.5 + 0.25 * q.y, 9);
      p.points.forEach(([x, y], n) => {
        expect(x).toBeCloseTo(0.25 * q.points[n]![0], 9);
        expect(y).toBeCloseTo(0.25 * q.points[n]![1], 9);
      });
    });
  });

  it("is deterministic", () => {
    const sheet = makeSpriteSheet(11, 2, 128);
    const a: TraceResult = traceImage(sheet), b = traceImage(sheet);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it("refuses options out of range with a RangeError", () => {
    const img = image(4, 4, () => true);
    for (const bad of [{ maxVertices: 2 }, { maxVertices: 4.5 }, { tolerance: -1 }, { tolerance: NaN }, { alpha: -1 }, { scale: 0 }, { x: Infinity }, { minArea: -1 }, { minArea: NaN }]) {
      expect(() => traceImage(img, bad), JSON.stringify(bad)).toThrow(RangeError);
    }
    expect(() => traceImage({ width: 2, height: 2, data: new Uint8Array(5) })).toThrow(RangeError);
    // Left undefined, an option takes its default.
    expect(traceImage(img, { alpha: undefined, maxVertices: undefined, minArea: undefined }).pieces).toHaveLength(1);
  });
});

describe("traceImage with chains (terrain edges)", () => {
  /** A cave floor 600 px wide: noisy ground, a 35° ramp, a plateau, a 45° slope down, and a platform above it. */
  const floorY = (i: number) => 240 + 6 * Math.sin(i / 17) + 3 * Math.sin(i / 5.3) - (i >= 150 && i < 300 ? (i - 150) * 0.7 : i >= 300 && i < 420 ? 105 : i >= 420 && i < 525 ? 105 - (i - 420) : 0);
  const cave = image(600, 300, (i, j) => j + 0.5 >= floorY(i + 0.5) || (i >= 40 && i < 120 && j >= 120 && j < 126));
  /** The shapes the down-rays every 5 px first meet, in order, runs of one shape counted once. */
  const topShapes = (world: CollisionWorld) => {
    const hit = new QueryHit(), seen: string[] = [];
    for (let x = 2.5; x < 600; x += 5) {
      const id = world.raycastClosest({ x, y: 1 }, { x, y: 299 }, hit) ? hit.shape : "-";
      if (seen[seen.length - 1] !== id) seen.push(id);
    }
    return seen;
  };

  it("a down-ray anywhere over the floor meets the floor's one chain, where convex pieces show seams", () => {
    const chains = traceImage(cave, { chains: true });
    expect(chainCount(chains)).toMatch(/^2 chains of \d+ points$/);
    const world = new CollisionWorld({ filter: "none" });
    world.sync(tracedChains(chains.chains, "cave"));
    // The floor, the platform over x 40–120 (rays 8 to 23), the floor again.
    expect(topShapes(world)).toEqual(["cave-2", "cave-1", "cave-2"]);
    const pieces = new CollisionWorld({ filter: "none" });
    pieces.sync(tracedShapes(traceImage(cave).pieces, "cave"));
    expect(topShapes(pieces).length).toBeGreaterThan(8);
  });

  it("the rock is solid from outside only: a ray from inside it passes out through its chain", () => {
    const world = new CollisionWorld({ filter: "none" });
    world.sync(tracedChains(traceImage(cave, { chains: true }).chains, "cave"));
    const hit = new QueryHit();
    expect(world.raycastClosest({ x: 80, y: 200 }, { x: 80, y: 299 }, hit)).toBe(true);
    expect(hit.normalY).toBeLessThan(-0.5); // up, out of the rock
    // From under the platform's top and the floor's surface, upwards: nothing stops the ray until the next rock's outside.
    expect(world.raycastClosest({ x: 200, y: 295 }, { x: 200, y: 150 }, hit)).toBe(false);
    expect(world.raycastClosest({ x: 80, y: 123 }, { x: 80, y: 10 }, hit)).toBe(false);
  });

  it("every exporter takes the traced chains: closed, one-sided where the format has it", () => {
    const ring = image(60, 60, annulus(30, 30, 26, 12));
    const scene = { ...emptyScene(), shapes: tracedChains(traceImage(ring, { chains: true }).chains, "ring") };
    expect(scene.shapes).toHaveLength(2);
    const out = Object.fromEntries(EXPORT_FORMATS.map((f) => [f.id, f.write(scene, {})]));
    expect(out.godot).toContain("one_way_collision = true");
    expect(out.tiled).toContain('"polygon"');
    expect(out.box2d).toContain('"chain"');
    expect(JSON.parse(out["phaser-matter"]!)).toBeTruthy();
  });

  it("refuses concave with chains; reports its stages in order", () => {
    expect(() => traceImage(cave, { chains: true, concave: true })).toThrow(RangeError);
    const stages: TraceStage[] = [];
    traceImage(image(20, 20, annulus(10, 10, 8)), { chains: true, progress: (s) => stages.push(s) });
    expect(stages).toEqual(["labelling", "outlines", "pieces", "coverage"]);
    stages.length = 0;
    traceImage(image(20, 20, annulus(10, 10, 8)), { progress: (s) => stages.push(s) });
    expect(stages).toEqual(["labelling", "outlines", "pieces", "coverage"]);
  });
});

describe("traceOutlines: rings", () => {
  it("outer boundaries run clockwise on screen and holes the other way; a saddle is cut, not touched", () => {
    const { outlines } = traceOutlines(Uint8Array.from([1, 1, 1, 1, 0, 1, 1, 1, 1]), 3, 3);
    expect(outlines.map((o) => o.hole)).toEqual([false, true]);
    // Two pixels touching at a corner: one ring that passes the corner twice, half a pixel apart.
    const [ring] = traceOutlines(Uint8Array.from([1, 0, 0, 1]), 2, 2).outlines;
    const points = [...ring!.points];
    expect(points.filter((v, k) => k % 2 === 0 && v === 1 && points[k + 1] === 1)).toEqual([]);
    expect(depthInside([[0, 0], [2, 0], [2, 2], [0, 2]], 1, 1)).toBe(1);
  });
});
