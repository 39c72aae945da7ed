// A tile's polylines bake into open chains and its polygons of class "chain" into closed ones,
// placed as the tile's other shapes are; under a mirroring flip (an odd number of H, V and D) the
// points run backwards so a one-sided chain still faces the side of the art it was drawn facing.
// Checked against a plain forward reference of the TMX flip order (tileToCell) for all 8 flag sets.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serializeScene, validateSceneData } from "../../../core/scene/io";
import { emptyScene, type Shape } from "../../../core/scene/types";
import { bakeTileColliders, tilePlacement, tileShapes, withBakedLayers, type TileShape } from "../../../core/tiled/tile-colliders";
import type { JsonObject } from "../../../core/tiled/types";
import { seedOf } from "../arbitraries";
import { D, FLAG_SETS, H, polygon, polyline, rect, tile, tileToCell, tmj, V } from "./tile-map-fixtures";

const ONE_SIDED = { name: "oneSided", type: "bool", value: true };
const SENSOR = { name: "sensor", type: "bool", value: true };
type P = readonly [number, number];

function bake(map: JsonObject) {
  const result = bakeTileColliders(map);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
}

function placed(t: JsonObject, flags: number, tileset: JsonObject = { tilewidth: 16, tileheight: 16 }, cellWidth = 16, cellHeight = 16) {
  const placement = tilePlacement(tileset, t, cellWidth, cellHeight);
  if (typeof placement === "string") throw new Error(placement);
  return tileShapes(t, flags, placement);
}

/** A chain's points in the cell's frame (or the world's, for a baked shape). */
const worldPoints = (s: TileShape | Shape): P[] => {
  if (s.type !== "chain") throw new Error(`expected a chain, got a ${s.type}`);
  expect(s.rotation).toBe(0);
  return s.points.map(([x, y]) => [s.x + x, s.y + y]);
};

/** An odd number of flags mirrors the tile: the plain count, not the transform's determinant. */
const mirrors = (flags: number) => [H, V, D].filter((f) => (flags & f) !== 0).length % 2 === 1;

/** The object's points turned by its rotation about (x, y): the tile image's frame. */
function drawnPoints(x: number, y: number, rotation: number, points: readonly P[]): P[] {
  const r = (rotation * Math.PI) / 180, c = Math.cos(r), s = Math.sin(r);
  return points.map(([px, py]) => [x + c * px - s * py, y + s * px + c * py]);
}

const close = (a: readonly P[], b: readonly P[], tolerance = 1e-9) => {
  expect(a.length).toBe(b.length);
  a.forEach((p, i) => {
    expect(Math.abs(p[0] - b[i]![0]) <= tolerance && Math.abs(p[1] - b[i]![1]) <= tolerance, `point ${i}: (${p.join(", ")}) vs (${b[i]!.join(", ")})`).toBe(true);
  });
};

/**
 * For each edge as drawn, a point just in front of it (on the side of its normal (dy, −dx)) mapped
 * by `place` must be in front of the placed edge with the same midpoint: the chain faces the same
 * side of the art.
 */
function facesAsDrawn(drawn: readonly P[], closed: boolean, place: (x: number, y: number) => [number, number], chain: readonly P[]): void {
  const edges = (pts: readonly P[]) => {
    const out: [P, P][] = [];
    for (let i = 0; i < (closed ? pts.length : pts.length - 1); i++) out.push([pts[i]!, pts[(i + 1) % pts.length]!]);
    return out;
  };
  const baked = edges(chain);
  for (const [a, b] of edges(drawn)) {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const mid: P = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const front = place(mid[0] + (0.01 * (b[1] - a[1])) / len, mid[1] - (0.01 * (b[0] - a[0])) / len);
    const m = place(mid[0], mid[1]);
    const match = baked.find(([p, q]) => Math.abs((p[0] + q[0]) / 2 - m[0]) < 1e-7 && Math.abs((p[1] + q[1]) / 2 - m[1]) < 1e-7);
    expect(match, "a placed edge with the drawn edge's midpoint").toBeDefined();
    const [p, q] = match!;
    const side = (front[0] - m[0]) * (q[1] - p[1]) - (front[1] - m[1]) * (q[0] - p[0]);
    expect(side).toBeGreaterThan(0);
  }
}

describe("a tile's polylines and chain polygons", () => {
  const slope: P[] = [[0, 14], [8, 10], [16, 2]];

  it("bakes a polyline into an open chain placed by the reference for all 8 flag sets, reversed exactly under the mirroring ones", () => {
    const t = tile(0, [polyline(1, 2, slope, { properties: [ONE_SIDED] })]);
    const drawn = drawnPoints(1, 2, 0, slope);
    for (const flags of FLAG_SETS) {
      const { shapes, skipped } = placed(t, flags);
      expect(skipped).toEqual([]);
      expect(shapes).toHaveLength(1);
      expect(shapes[0]).toMatchObject({ type: "chain", oneSided: true });
      expect(shapes[0]).not.toHaveProperty("closed");
      const ref = drawn.map(([x, y]) => tileToCell(flags, 16, 16, 16)(x, y));
      close(worldPoints(shapes[0]!), mirrors(flags) ? [...ref].reverse() : ref);
      facesAsDrawn(drawn, false, tileToCell(flags, 16, 16, 16), worldPoints(shapes[0]!));
    }
  });

  it("mirrors under exactly H, V, D and H+V+D; H+V, H+D and V+D turn the tile without mirroring", () => {
    expect(FLAG_SETS.filter(mirrors).map((f) => f >>> 0)).toEqual([H, V, D, (H | V | D) >>> 0].map((f) => f >>> 0));
    const t = tile(0, [polyline(0, 0, [[0, 0], [10, 0]])]);
    for (const flags of FLAG_SETS) {
      const [a, b] = worldPoints(placed(t, flags).shapes[0]!);
      // The drawn edge runs from (0, 0) to (10, 0): its start is the placed (0, 0) unless mirrored.
      const start = tileToCell(flags, 16, 16, 16)(0, 0);
      close([mirrors(flags) ? b! : a!], [start]);
    }
  });

  it("bakes a polygon of class \"chain\" (\"class\" or \"type\") into a closed chain, and keeps sensor and oneSided as the object import does", () => {
    const ring: P[] = [[2, 2], [14, 2], [8, 12]];
    const t = tile(0, [
      polygon(0, 0, ring, { type: "chain", properties: [SENSOR, ONE_SIDED] }),
      polygon(0, 0, ring, { class: "chain" }),
      polygon(0, 0, ring),
      rect(0, 0, 4, 4, { properties: [SENSOR, ONE_SIDED] }),
    ]);
    const ids = (t.objectgroup as { objects: JsonObject[] }).objects.map((o) => o.id as number);
    const { shapes, skipped } = placed(t, H);
    expect(shapes.map((s) => [s.type, s.type === "chain" ? s.closed : undefined, s.sensor, s.oneSided])).toEqual([
      ["chain", true, true, true],
      ["chain", true, undefined, undefined],
      ["polygon", undefined, undefined, undefined],
      ["box", undefined, true, undefined],
    ]);
    expect(skipped).toEqual([{ object: ids[3], reason: 'property "oneSided": only chains (polylines, polygons of class "chain") are one-sided' }]);
    const ref = ring.map(([x, y]) => tileToCell(H, 16, 16, 16)(x, y)).reverse();
    close(worldPoints(shapes[0]!), ref);
    facesAsDrawn(ring, true, tileToCell(H, 16, 16, 16), worldPoints(shapes[0]!));
  });

  it("places a chain with exactly the polygons' transform under a tile offset, a turned object and tilerendersize grid (a non-uniform scale)", () => {
    const tri: P[] = [[0, 0], [12, 3], [4, 9]];
    const t = tile(0, [polyline(3, 5, tri, { rotation: 25 }), polygon(3, 5, tri, { rotation: 25 })]);
    const tileset = { tilewidth: 16, tileheight: 24, tileoffset: { x: 2, y: -3 }, tilerendersize: "grid" };
    for (const flags of FLAG_SETS) {
      const { shapes } = placed(t, flags, tileset, 32, 16);
      const chain = worldPoints(shapes[0]!);
      const poly = shapes[1]!;
      if (poly.type !== "polygon") throw new Error("expected one convex polygon");
      const polyPoints = poly.points.map(([x, y]): P => [poly.x + x, poly.y + y]);
      const key = (p: P) => `${p[0].toFixed(9)},${p[1].toFixed(9)}`;
      expect(chain.map(key).sort()).toEqual(polyPoints.map(key).sort());
    }
  });

  it("lists a polyline it cannot make a chain of in the import's words", () => {
    const t = tile(0, [polyline(0, 0, [[3, 3]]), polyline(0, 0, [[0, 0], [0, 0], [5, 5]]), polygon(0, 0, [[0, 0], [4, 0]], { type: "chain" }), rect(0, 0, 0, 0, { polyline: "no" })]);
    expect(placed(t, 0).skipped.map((s) => s.reason)).toEqual([
      "polyline: a chain needs at least 2 points, got 1",
      "polyline: point 1 repeats point 0",
      'polygon of class "chain" (a closed chain): a closed chain needs at least 3 points, got 2',
      "polyline points are not a list",
    ]);
  });

  it("bakes chains tile by tile in world coordinates, never merged, into a scene the format accepts", () => {
    const tiles = [tile(0, [polyline(0, 8, [[0, 0], [16, 0]], { properties: [ONE_SIDED] })]), tile(1, [rect(0, 0, 16, 16, { properties: [SENSOR] })]), tile(2, [rect(0, 0, 16, 16)])];
    const { layers, unbaked } = bake(tmj({ width: 4, height: 2, tiles, layers: [[1, 1, (1 | V) >>> 0, 0, 2, 2, 3, 3]] }));
    expect(unbaked).toEqual([]);
    const shapes = layers[0]!.shapes;
    expect(shapes.map((s) => s.type)).toEqual(["chain", "chain", "chain", "box", "box"]);
    close(worldPoints(shapes[0]!), [[0, 8], [16, 8]]);
    close(worldPoints(shapes[1]!), [[16, 8], [32, 8]]);
    // V mirrors: the edge runs backwards, still facing up ((dy, −dx) = (0, −16)), as drawn.
    close(worldPoints(shapes[2]!), [[48, 8], [32, 8]]);
    // Sensor boxes merge only with sensor boxes.
    expect(shapes.slice(3)).toMatchObject([
      { type: "box", x: 16, y: 24, width: 32, sensor: true },
      { type: "box", x: 48, y: 24, width: 32 },
    ]);
    expect(shapes[4]).not.toHaveProperty("sensor");
    const scene = withBakedLayers(emptyScene(), layers);
    const check = validateSceneData(JSON.parse(serializeScene(scene)));
    expect(check.ok).toBe(true);
  });
});

describe("chains under the 8 flag sets (property)", () => {
  const pointArb = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }));
  const caseArb = fc.record({
    closed: fc.boolean(),
    points: fc.uniqueArray(pointArb, { minLength: 3, maxLength: 7, selector: ([x, y]) => `${x},${y}` }),
    x: fc.integer({ min: -8, max: 8 }),
    y: fc.integer({ min: -8, max: 8 }),
    rotation: fc.constantFrom(0, 0, 30, -45, 90, 137),
    width: fc.integer({ min: 8, max: 48 }),
    height: fc.integer({ min: 8, max: 48 }),
    cell: fc.integer({ min: 8, max: 32 }),
    ox: fc.integer({ min: -6, max: 6 }),
    oy: fc.integer({ min: -6, max: 6 }),
  });

  it("the baked chain's world points are the reference's (reversed exactly when the flags mirror), and every edge faces as drawn", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const extra = { properties: [ONE_SIDED], rotation: c.rotation };
        const obj = c.closed ? polygon(c.x, c.y, c.points, { type: "chain", ...extra }) : polyline(c.x, c.y, c.points, extra);
        const t = tile(0, [obj]);
        const tileset = { tilewidth: c.width, tileheight: c.height, tileoffset: { x: c.ox, y: c.oy } };
        const drawn = drawnPoints(c.x, c.y, c.rotation, c.points);
        for (const flags of FLAG_SETS) {
          const { shapes, skipped } = placed(t, flags, tileset, c.cell, c.cell);
          expect(skipped).toEqual([]);
          expect(shapes).toHaveLength(1);
          expect(shapes[0]).toMatchObject({ type: "chain", oneSided: true, ...(c.closed ? { closed: true } : {}) });
          const place = tileToCell(flags, c.width, c.height, c.cell, c.ox, c.oy);
          const ref = drawn.map(([x, y]) => place(x, y));
          close(worldPoints(shapes[0]!), mirrors(flags) ? ref.reverse() : ref, 1e-9 * 64);
          facesAsDrawn(drawn, c.closed, place, worldPoints(shapes[0]!));
        }
      }),
      { seed: seedOf("tile chains under flips"), numRuns: 200 },
    );
  });
});
