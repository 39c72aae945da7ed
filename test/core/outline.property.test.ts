// Property tests for simple outlines: checkSimplePolygon against the O(n²) pair-by-pair rule
// (outline-reference.ts) on small grids, where collinear, touching and folding edges are common;
// convexPieces against the shoelace area, the even–odd point test, the vertex limit, convexity
// and determinism; and every outline the check accepts having a geometry, slivers, collinear
// points and huge or tiny coordinates included. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConvexPolygon, checkSimplePolygon, convexPieces, firstCrossingEdges, geometryOf, isConvexOutline, MAX_PIECE_VERTICES, type Point } from "../../core/index";
import { real, seedOf } from "./arbitraries";
import { bruteCrossing, insideOutline, orient, outlineDistance, shoelace, starOutline } from "./outline-reference";

const gridOutline = fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), { minLength: 3, maxLength: 10 });
const noRepeats = (pts: readonly Point[]): boolean => pts.every((p, i) => { const q = pts[(i + pts.length - 1) % pts.length]!; return p[0] !== q[0] || p[1] !== q[1]; });

const mut = (pts: readonly (readonly [number, number])[]): Point[] => pts.map(([x, y]) => [x, y]);

describe("checkSimplePolygon against the pair-by-pair rule", () => {
  it("names the same first two edges on small grids (collinear, touching and folding edges)", () => {
    let simple = 0;
    fc.assert(
      fc.property(gridOutline, fc.integer({ min: -3, max: 3 }), (pts, e) => {
        fc.pre(noRepeats(pts));
        // Scaled off the grid too: the rule is exact, so the answer must not change.
        const scaled = mut(pts.map(([x, y]) => [x * 10 ** e + 0.5, y * 10 ** e - 0.25]));
        const expected = bruteCrossing(pts);
        expect(firstCrossingEdges(pts)).toEqual(expected);
        expect(checkSimplePolygon(pts)?.kind ?? null).toBe(expected ? "edges-cross" : null);
        if (e >= 0) expect(firstCrossingEdges(scaled)).toEqual(expected);
        if (!expected) simple++;
      }),
      { numRuns: 3000, seed: seedOf("simple vs brute") },
    );
    expect(simple).toBeGreaterThan(50);
  });

  it("past 16 edges (where the search uses its tree of edge boxes) too", () => {
    const long = fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })), { minLength: 17, maxLength: 40 });
    let simple = 0;
    fc.assert(
      fc.property(long, fc.boolean(), (pts, closed) => {
        fc.pre(noRepeats(pts));
        const expected = bruteCrossing(pts, closed);
        expect(firstCrossingEdges(pts, closed)).toEqual(expected);
        if (!expected) simple++;
      }),
      { numRuns: 2000, seed: seedOf("long vs brute") },
    );
    // Star outlines: simple and long, so the tree's search runs to the end without a find.
    fc.assert(
      fc.property(starOutline({ minPoints: 17, maxPoints: 60 }), (star) => {
        expect(firstCrossingEdges(mut(star))).toEqual(bruteCrossing(mut(star)));
        if (!bruteCrossing(mut(star))) simple++;
      }),
      { numRuns: 300, seed: seedOf("long stars vs brute") },
    );
    expect(simple).toBeGreaterThan(5);
  });

  it("open polylines (a chain's) the same way", () => {
    fc.assert(
      fc.property(gridOutline, (pts) => {
        fc.pre(noRepeats(pts));
        expect(firstCrossingEdges(pts, false)).toEqual(bruteCrossing(pts, false));
      }),
      { numRuns: 1000, seed: seedOf("open vs brute") },
    );
  });
});

describe("isConvexOutline", () => {
  it("answers as checkConvexPolygon on the points as objects: grids (repeats, collinear, folds), stars, near-collinear and non-finite points", () => {
    const nearly = fc.tuple(fc.integer({ min: 3, max: 8 }), fc.integer({ min: -12, max: -6 }), fc.double({ min: -1, max: 1, noNaN: true })).map(([n, e, t]) => {
      // A regular polygon with one point pushed off its edge by ±10^e: at the collinear tolerance.
      const pts: Point[] = [];
      for (let i = 0; i < n; i++) pts.push([Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n)]);
      const a = pts[0]!, b = pts[1]!;
      pts.splice(1, 0, [(a[0] + b[0]) / 2 + t * 10 ** e, (a[1] + b[1]) / 2 + t * 10 ** e]);
      return pts;
    });
    const odd = fc.array(fc.tuple(fc.constantFrom(0, 1, Infinity, NaN, -1e300, 1e-300), fc.constantFrom(0, 2, -Infinity, 1e300)), { maxLength: 5 });
    let convex = 0;
    fc.assert(
      fc.property(fc.oneof(gridOutline, starOutline({ collinear: true, maxPoints: 12 }), nearly, odd), (pts) => {
        const expected = checkConvexPolygon(pts.map(([x, y]) => ({ x, y }))) === null;
        expect(isConvexOutline(pts)).toBe(expected);
        if (expected) convex++;
      }),
      { numRuns: 4000, seed: seedOf("convex outline vs hull check") },
    );
    expect(convex).toBeGreaterThan(100);
  });
});

/** Star outlines, some with collinear points, at a scale from 1e-6 to 1e6 and offset as far. */
const outline = fc
  .tuple(starOutline({ collinear: true, maxPoints: 40 }), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }))
  .map(([pts, e, o]) => mut(pts.map(([x, y]) => [x * 10 ** e + 10 ** o, y * 10 ** e - 10 ** o])))
  .filter((pts) => checkSimplePolygon(pts) === null);

describe("convexPieces", () => {
  it("cover the outline exactly (area and points), convex, at most 8 points, deterministic", () => {
    fc.assert(
      fc.property(outline, fc.array(fc.tuple(real(-1, 1), real(-1, 1)), { minLength: 30, maxLength: 30 }), (pts, samples) => {
        const pieces = convexPieces(pts);
        expect(convexPieces(pts.map((p) => [p[0], p[1]]))).toEqual(pieces);
        const area = Math.abs(shoelace(pts));
        const sum = pieces.reduce((a, p) => a + Math.abs(shoelace(p)), 0);
        let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
        for (const [x, y] of pts) { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
        const size = Math.max(maxX - minX, maxY - minY);
        // Rounding of the products, a few ulps of size² per point.
        expect(Math.abs(sum - area)).toBeLessThanOrEqual(1e-9 * area + 8 * pts.length * Number.EPSILON * size * size);
        for (const piece of pieces) {
          expect(piece.length).toBeLessThanOrEqual(MAX_PIECE_VERTICES);
          for (let i = 0; i < piece.length; i++) {
            const a = piece[(i + piece.length - 1) % piece.length]!, b = piece[i]!, c = piece[(i + 1) % piece.length]!;
            const scale = Math.hypot(b[0] - a[0], b[1] - a[1]) * Math.hypot(c[0] - b[0], c[1] - b[1]);
            expect(orient(a, b, c)).toBeGreaterThanOrEqual(-1e-12 * scale);
          }
        }
        for (const [u, v] of samples) {
          const q: [number, number] = [(minX + maxX) / 2 + (u * (maxX - minX)) / 2, (minY + maxY) / 2 + (v * (maxY - minY)) / 2];
          if (outlineDistance(pts, q) < 1e-9 * size) continue;
          const inPiece = pieces.some((piece) => piece.every((b, i) => orient(b, piece[(i + 1) % piece.length]!, q) >= 0));
          expect(inPiece, `point ${q}`).toBe(insideOutline(pts, q));
        }
      }),
      { numRuns: 400, seed: seedOf("convex pieces") },
    );
  });

  it("every outline the check accepts has a geometry, slivers and far-out coordinates included", () => {
    const sliver = fc.tuple(real(1e-9, 1e-3), fc.integer({ min: -6, max: 6 })).map(([h, e]): Point[] => {
      const s = 10 ** e;
      return [[0, 0], [s, 0], [2 * s, h * s], [s, 2 * h * s], [1.5 * s, h * s]];
    });
    fc.assert(
      fc.property(fc.oneof(outline, sliver.filter((p) => checkSimplePolygon(p) === null)), fc.integer({ min: 0, max: 359 }), (points, rotation) => {
        const made = geometryOf({ id: "p", type: "polygon", x: 0, y: 0, rotation, points });
        expect(made.ok, made.ok ? "" : made.reason).toBe(true);
      }),
      { numRuns: 400, seed: seedOf("geometry never fails") },
    );
  });
});
