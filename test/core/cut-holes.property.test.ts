// Properties of cutAtHoles (a blob with holes as a few simple polygons, for whole outlines) against
// a plain reference: the pieces' areas sum to the outer outline's minus the holes', each piece is a
// simple polygon the scene format accepts, and sampled points lie in exactly one piece when inside
// the outline and outside every hole (by the even-odd rule), in none otherwise.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSimplePolygon } from "../../core/index";
import { cutAtHoles, ringArea2 } from "../../core/trace/cut-holes";
import { traceOutlines } from "../../core/trace/marching-squares";
import { seedOf } from "./arbitraries";
import { depthInsideSimple } from "./trace-reference";

type Ring = Float64Array;

const pairs = (ring: ArrayLike<number>): [number, number][] => Array.from({ length: ring.length / 2 }, (_, k) => [ring[2 * k]!, ring[2 * k + 1]!]);

/** Checks the pieces of the region `outer` minus `holes` against the reference on an S × S grid over its box. */
function checkCut(outer: Ring, holes: readonly Ring[], pieces: readonly Ring[] | null, S = 48) {
  expect(pieces).not.toBeNull();
  if (!pieces) return;
  for (const p of pieces) {
    expect(checkSimplePolygon(pairs(p))).toBeNull();
    // Clockwise on screen, as the tracer's outer outlines.
    expect(ringArea2(p)).toBeGreaterThan(0);
  }
  const region = Math.abs(ringArea2(outer)) - holes.reduce((s, h) => s + Math.abs(ringArea2(h)), 0);
  const total = pieces.reduce((s, p) => s + ringArea2(p), 0);
  expect(Math.abs(total - region)).toBeLessThanOrEqual(1e-9 * Math.abs(ringArea2(outer)));
  expect(pieces.length).toBeLessThanOrEqual(holes.length + 1);

  const xs = pairs(outer).map(([x]) => x), ys = pairs(outer).map(([, y]) => y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const outerPts = pairs(outer), holePts = holes.map(pairs), piecePts = pieces.map(pairs);
  const wrong: string[] = [];
  for (let v = 0; v < S; v++) {
    for (let u = 0; u < S; u++) {
      // Off the grid lines the outlines follow.
      const x = x0 + ((u + 0.5 + 0.0137) / S) * (x1 - x0), y = y0 + ((v + 0.5 + 0.0071) / S) * (y1 - y0);
      const depths = [depthInsideSimple(outerPts, x, y), ...holePts.map((h) => depthInsideSimple(h, x, y)), ...piecePts.map((p) => depthInsideSimple(p, x, y))];
      if (depths.some((d) => Math.abs(d) < 1e-7)) continue;
      const inRegion = depths[0]! > 0 && holePts.every((_, k) => depths[1 + k]! < 0);
      const inPieces = piecePts.filter((_, k) => depths[1 + holes.length + k]! > 0).length;
      if (inPieces !== (inRegion ? 1 : 0)) wrong.push(`(${x}, ${y}): in ${inPieces} pieces, ${inRegion ? "inside" : "outside"} the region`);
    }
  }
  expect(wrong).toEqual([]);
}

/** A star-shaped ring around (cx, cy): n points at angles evenly spread, radii between r·(1 − wobble) and r; clockwise on screen when `clockwise`. */
function star(cx: number, cy: number, r: number, radii: readonly number[], clockwise: boolean): Ring {
  const n = radii.length;
  const ring = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n * (clockwise ? 1 : -1);
    ring[2 * k] = cx + r * radii[k]! * Math.cos(a);
    ring[2 * k + 1] = cy + r * radii[k]! * Math.sin(a);
  }
  return ring;
}

/** An outer star of radius 100 (never under 60, 12 points or more: its edges keep 57 from the centre) with up to 6 star holes within 50 of it, apart from one another; coordinates on a grid of 1/4 or anywhere. */
const region = fc.record({
  outer: fc.array(fc.double({ min: 0.6, max: 1, noNaN: true }), { minLength: 12, maxLength: 40 }),
  holes: fc.array(fc.record({
    x: fc.double({ min: -40, max: 40, noNaN: true }),
    y: fc.double({ min: -40, max: 40, noNaN: true }),
    r: fc.double({ min: 2, max: 15, noNaN: true }),
    radii: fc.array(fc.double({ min: 0.5, max: 1, noNaN: true }), { minLength: 3, maxLength: 12 }),
  }), { minLength: 1, maxLength: 6 }),
  grid: fc.boolean(),
}).map(({ outer, holes, grid }) => {
  const snap = (ring: Ring) => (grid ? ring.map((v) => Math.round(v * 4) / 4) : ring);
  const kept: typeof holes = [];
  // A hole is kept only clear of the ones before it.
  for (const h of holes) if (Math.hypot(h.x, h.y) + h.r < 50 && kept.every((k) => Math.hypot(h.x - k.x, h.y - k.y) > h.r + k.r + 1)) kept.push(h);
  return { outer: snap(star(0, 0, 100, outer, true)), holes: kept.map((h) => snap(star(h.x, h.y, h.r, h.radii, false))) };
}).filter(({ outer, holes }) => holes.length > 0 && [outer, ...holes].every((r) => checkSimplePolygon(pairs(r)) === null));

/** A small image of random pixels, dense enough to leave holes. */
const noise = fc.record({ width: fc.integer({ min: 3, max: 24 }), height: fc.integer({ min: 3, max: 24 }), density: fc.double({ min: 0.5, max: 0.95, noNaN: true }), seed: fc.integer(), steps: fc.boolean() })
  .map(({ width, height, density, seed, steps }) => {
    let s = seed >>> 0;
    const mask = new Uint8Array(width * height);
    for (let k = 0; k < mask.length; k++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      mask[k] = s / 2 ** 32 < density ? 1 : 0;
    }
    return traceOutlines(mask, width, height, steps);
  });

describe("cutAtHoles", () => {
  it("a square with a square hole: cut down from the hole's bottom corners into an arch and the piece under the hole", () => {
    const outer = Float64Array.of(0, 0, 10, 0, 10, 10, 0, 10);
    const hole = Float64Array.of(3, 3, 3, 7, 7, 7, 7, 3);
    const pieces = cutAtHoles(outer, [hole]);
    checkCut(outer, [hole], pieces);
    // The top edge (what is walked on) stays whole in the arch; the floor under the hole is one piece.
    expect(pieces!.map((p) => pairs(p).sort((a, b) => a[0] - b[0] || a[1] - b[1]))).toEqual([
      [[0, 0], [0, 10], [3, 3], [3, 10], [7, 3], [7, 10], [10, 0], [10, 10]],
      [[3, 7], [3, 10], [7, 7], [7, 10]],
    ]);
  });

  it("holes above one another: the upper one's cuts end on the lower one", () => {
    const outer = Float64Array.of(0, 0, 30, 0, 30, 30, 0, 30);
    // The lower hole's top-right corner is straight below the upper hole's bottom-right one.
    const upper = Float64Array.of(5, 5, 5, 10, 10, 10);
    const lower = Float64Array.of(4, 20, 10, 20, 10, 25);
    const pieces = cutAtHoles(outer, [upper, lower]);
    checkCut(outer, [upper, lower], pieces);
    expect(pieces).toHaveLength(3);
  });

  it("random stars with holes, on a grid of 1/4 or anywhere", () => {
    fc.assert(fc.property(region, ({ outer, holes }) => checkCut(outer, holes, cutAtHoles(outer, holes))), { seed: seedOf("cut at holes stars"), numRuns: 200 });
  }, 60_000);

  it("traced rings of random pixels (many holes, edges along the grid, points in line): never refused", () => {
    let cut = 0;
    fc.assert(fc.property(noise, ({ outlines }) => {
      const blobs = new Map<number, { outer?: Ring; holes: Ring[] }>();
      for (const o of outlines) {
        const b = blobs.get(o.component) ?? { holes: [] };
        if (o.hole) b.holes.push(o.points);
        else b.outer = o.points;
        blobs.set(o.component, b);
      }
      for (const { outer, holes } of blobs.values()) {
        if (!outer || holes.length === 0) continue;
        cut++;
        checkCut(outer, holes, cutAtHoles(outer, holes), 40);
      }
    }), { seed: seedOf("cut at holes traced"), numRuns: 200 });
    expect(cut).toBeGreaterThan(100);
  }, 60_000);
});
