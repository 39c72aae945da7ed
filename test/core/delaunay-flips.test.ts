// Lawson's flips on ear-clipped triangulations of random simple polygons, with and without holes
// (pinned seeds): the result is still a triangulation of the same outline (every triangle turning
// clockwise, the same area, the rings' edges kept, each other edge shared by two triangles), it is
// locally Delaunay by angles measured apart with atan2, and its smallest angle is never smaller.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { delaunayFlips } from "../../core/trace/delaunay-flips";
import { triangulateRing } from "../../core/trace/ear-clipping";
import { triangulate } from "../../core/trace/triangulate";

/** A star-shaped ring (angles increasing, radii apart from zero) on a grid of 1/4, clockwise on screen. */
const star = (cx: number, cy: number, size: number, minLength = 3) =>
  fc.array(fc.tuple(fc.double({ min: 0.1, max: 0.9, noNaN: true }), fc.double({ min: 0.3, max: 1, noNaN: true })), { minLength, maxLength: 40 }).map((ks) =>
    ks.flatMap(([t, r], k) => {
      const angle = (2 * Math.PI * (k + t)) / ks.length;
      return [Math.round(4 * (cx + size * r * Math.cos(angle))) / 4, Math.round(4 * (cy + size * r * Math.sin(angle))) / 4];
    }));

/** The angle at b of the triangle a, b, c, by atan2. */
function angleAt(p: ArrayLike<number>, a: number, b: number, c: number): number {
  const u = Math.atan2(p[2 * a + 1]! - p[2 * b + 1]!, p[2 * a]! - p[2 * b]!), v = Math.atan2(p[2 * c + 1]! - p[2 * b + 1]!, p[2 * c]! - p[2 * b]!);
  const d = Math.abs(u - v);
  return d > Math.PI ? 2 * Math.PI - d : d;
}

const twiceArea = (p: ArrayLike<number>, a: number, b: number, c: number) =>
  (p[2 * b]! - p[2 * a]!) * (p[2 * c + 1]! - p[2 * a + 1]!) - (p[2 * b + 1]! - p[2 * a + 1]!) * (p[2 * c]! - p[2 * a]!);

function ringArea(p: ArrayLike<number>, start: number, end: number): number {
  let s = 0;
  for (let i = start; i < end; i++) {
    const j = i + 1 < end ? i + 1 : start;
    s += p[2 * i]! * p[2 * j + 1]! - p[2 * j]! * p[2 * i + 1]!;
  }
  return Math.abs(s) / 2;
}

const minAngle = (p: ArrayLike<number>, t: readonly number[]) => {
  let least = Math.PI;
  for (let k = 0; k < t.length; k += 3) {
    const [a, b, c] = [t[k]!, t[k + 1]!, t[k + 2]!];
    if (twiceArea(p, a, b, c) === 0) continue;
    least = Math.min(least, angleAt(p, b, a, c), angleAt(p, a, b, c), angleAt(p, a, c, b));
  }
  return least;
};

function check(p: number[], rings: number[], before: readonly number[]): void {
  const n = p.length / 2;
  const after = delaunayFlips(p, before, rings);
  const kept = before.length / 3 - [...Array(before.length / 3).keys()].filter((k) => twiceArea(p, before[3 * k]!, before[3 * k + 1]!, before[3 * k + 2]!) === 0).length;
  expect(after.length / 3).toBe(kept);
  // Every triangle turns clockwise on screen; together they cover the outline's area, holes out.
  let area = 0;
  for (let k = 0; k < after.length; k += 3) {
    const turn = (p[2 * after[k + 1]!]! - p[2 * after[k]!]!) * (p[2 * after[k + 2]! + 1]! - p[2 * after[k + 1]! + 1]!) - (p[2 * after[k + 1]! + 1]! - p[2 * after[k]! + 1]!) * (p[2 * after[k + 2]!]! - p[2 * after[k + 1]!]!);
    expect(turn).toBeGreaterThan(0);
    area += turn / 2;
  }
  const holes = rings.slice(1).reduce((s, start, r) => s + ringArea(p, start, rings[r + 2] ?? n), 0);
  expect(area).toBeCloseTo(ringArea(p, 0, rings[1] ?? n) - holes, 6);
  // Edges: a ring's edge in one triangle, any other in two; and locally Delaunay across the others.
  const edges = new Map<string, number[]>();
  for (let k = 0; k < after.length; k += 3) {
    for (let e = 0; e < 3; e++) {
      const a = after[k + e]!, b = after[k + (e + 1) % 3]!, c = after[k + (e + 2) % 3]!;
      const id = `${Math.min(a, b)}-${Math.max(a, b)}`;
      edges.set(id, [...(edges.get(id) ?? []), angleAt(p, a, c, b)]);
    }
  }
  const ringEdges = new Set<string>();
  rings.forEach((start, r) => {
    const end = rings[r + 1] ?? n;
    for (let i = start; i < end; i++) { const j = i + 1 < end ? i + 1 : start; ringEdges.add(`${Math.min(i, j)}-${Math.max(i, j)}`); }
  });
  for (const [id, facing] of edges) {
    if (ringEdges.has(id)) continue;
    expect(facing, `edge ${id}`).toHaveLength(2);
    expect(facing[0]! + facing[1]!).toBeLessThanOrEqual(Math.PI + 1e-6);
  }
  // The constrained Delaunay triangulation has the largest smallest angle.
  expect(minAngle(p, after)).toBeGreaterThanOrEqual(minAngle(p, before) - 1e-9);
}

describe("delaunayFlips", () => {
  it("turns an ear-clipped simple polygon into its constrained Delaunay triangulation", () => {
    fc.assert(fc.property(star(0, 0, 50), (p) => check(p, [0], triangulateRing(p))), { seed: 2751, numRuns: 300 });
  });

  it("keeps a hole's edges and stays a triangulation of the ring with its hole", () => {
    fc.assert(fc.property(star(0, 0, 100, 6), (outer) => {
      // A small square hole at the centre, well inside every star of 6 points or more (radii from
      // 30, neighbours less than 108° apart: every edge at least 17 from the centre).
      // Its corners off the outline's grid of 1/4: no outline point lies on a line through a hole's edge.
      const h = 5.0123;
      const hole = [-h, -h, -h, h, h, h, h, -h];
      const p = [...outer, ...hole];
      check(p, [0, outer.length / 2], triangulate(p, [outer.length / 2]));
    }), { seed: 2752, numRuns: 200 });
  });

  it("leaves a rectangle's diagonal (its corners are on one circle)", () => {
    const p = [0, 0, 10, 0, 10, 4, 0, 4];
    const tri = triangulateRing(p);
    const sorted = (t: readonly number[]) => [t.slice(0, 3), t.slice(3, 6)].map((x) => [...x].sort().join()).sort();
    expect(sorted(delaunayFlips(p, tri, [0]))).toEqual(sorted(tri));
  });
});
