import { describe, expect, it } from "vitest";
import {
  makeBox, makeConvexPiece, makePolygon, PACKED_BOUND, PACKED_CENTROID_X, PACKED_CENTROID_Y, PACKED_COUNT, PACKED_EXTENT, PACKED_HALF_X,
  PACKED_HALF_Y, PACKED_RADIUS, PACKED_VERTICES, type PolygonGeometry,
} from "../../core/shapes";
import { seededRandom } from "../seeded-random";

/** What a polygon's packed run must hold, read field by field from the object and its views. */
function expectPacked(g: PolygonGeometry): void {
  const d = g.packed, at = g.at, n = g.count;
  expect(at % 8).toBe(0);
  expect(d[at + PACKED_BOUND]).toBe(g.bound);
  expect(d[at + PACKED_RADIUS]).toBe(g.radius);
  expect(d[at + PACKED_EXTENT]).toBe(g.extent);
  expect(d[at + PACKED_COUNT]).toBe(n);
  expect(d[at + PACKED_CENTROID_X]).toBe(g.centroidX);
  expect(d[at + PACKED_CENTROID_Y]).toBe(g.centroidY);
  expect(d[at + PACKED_HALF_X]).toBe(g.halfX);
  expect(d[at + PACKED_HALF_Y]).toBe(g.halfY);
  const v = at + PACKED_VERTICES;
  expect(Array.from(d.subarray(v, v + 2 * n))).toEqual(Array.from(g.vertices));
  expect(Array.from(d.subarray(v + 2 * n, v + 4 * n))).toEqual(Array.from(g.normals));
  // The views are the run itself, not copies.
  expect(g.vertices.buffer).toBe(d.buffer);
  expect(g.normals.buffer).toBe(d.buffer);
}

describe("a polygon's packed run", () => {
  it("holds its header, vertices and normals at PACKED_* from `at`, for every maker, and later polygons leave it alone", () => {
    const rnd = seededRandom(2711);
    const made: { g: PolygonGeometry; copy: number[] }[] = [];
    for (let k = 0; k < 3000; k++) {
      const which = k % 3;
      let g: PolygonGeometry;
      if (which === 0) {
        const r = makeBox(0.1 + rnd() * 5, 0.1 + rnd() * 5, k % 2 === 0 ? 0 : rnd() * 4 - 2, 0, k % 4 === 0 ? 0 : rnd() * 360);
        if (!r.ok) throw new Error(r.reason);
        g = r.value;
      } else {
        const n = 3 + Math.floor(rnd() * 6), pts = [];
        const t0 = rnd() * 2 * Math.PI, cx = rnd() * 20 - 10, cy = rnd() * 20 - 10;
        for (let i = 0; i < n; i++) {
          const t = t0 + ((i + 0.4 * rnd()) * 2 * Math.PI) / n;
          pts.push({ x: cx + 3 * Math.cos(t), y: cy + 2 * Math.sin(t) });
        }
        const r = which === 1 ? makePolygon(pts, k % 2 === 0 ? 0 : rnd()) : makeConvexPiece(pts);
        if (!r.ok) throw new Error(r.reason);
        g = r.value;
      }
      expectPacked(g);
      made.push({ g, copy: Array.from(g.packed.subarray(g.at, g.at + PACKED_VERTICES + 4 * g.count)) });
    }
    // Many polygons share a slab: none wrote into another's run (3000 span more than one slab).
    expect(new Set(made.map((m) => m.g.packed)).size).toBeGreaterThan(1);
    for (const { g, copy } of made) expect(Array.from(g.packed.subarray(g.at, g.at + PACKED_VERTICES + 4 * g.count))).toEqual(copy);
  });

  it("gives a polygon too large for a slab a buffer of its own from 0", () => {
    const n = 5000, pts = [];
    for (let i = 0; i < n; i++) pts.push({ x: 100 * Math.cos((2 * Math.PI * i) / n), y: 100 * Math.sin((2 * Math.PI * i) / n) });
    const r = makeConvexPiece(pts);
    if (!r.ok) throw new Error(r.reason);
    expect(r.value.at).toBe(0);
    expectPacked(r.value);
  });
});
