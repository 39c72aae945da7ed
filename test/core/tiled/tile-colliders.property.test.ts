// Baking against the tiles placed one by one: on random tile layers (full-tile boxes of two
// collision layers, half boxes, small boxes, triangles and circles, each cell with random flips),
// the baked shapes cover exactly the sample points the tiles' own shapes cover, collision layer by
// collision layer, never cover a point more often, and leave no two full-tile boxes that could
// still merge. The same cells in an infinite map's chunks bake the same.
import fc from "fast-check";
import { convexShape } from "../arbitraries";
import { describe, expect, it } from "vitest";
import type { Shape } from "../../../core/scene/types";
import { bakeTileColliders, tilePlacement, tileShapes } from "../../../core/tiled/tile-colliders";
import type { JsonObject } from "../../../core/tiled/types";
import { seedOf } from "../arbitraries";
import { convexHull, coreRadius, signedDistanceToHull, worldCore } from "../reference";
import { ellipse, FLAG_SETS, polygon, rect, tile, tileLayer, tmj } from "./tile-map-fixtures";

const T = 16;
const LAYER2 = [{ name: "collision_layer", type: "int", value: 2 }];
const TILES: JsonObject[] = [
  tile(0, [rect(0, 0, T, T)]),
  tile(1, [rect(0, 0, T, T)]),
  tile(2, [rect(0, 0, T, T, { properties: LAYER2 })]),
  tile(3, [rect(0, 0, T, 8)]),
  tile(4, [rect(0, 0, 8, T)]),
  tile(5, [polygon(0, 8, [[0, 0], [16, 8], [0, 8]])]),
  tile(6, [ellipse(4, 4, 8, 8)]),
  tile(7, [rect(4, 4, 8, 8, { properties: LAYER2 })]),
];
/** Full boxes weigh most, so long runs and blocks appear. */
const cell = fc.oneof(
  { arbitrary: fc.constant(0), weight: 3 },
  { arbitrary: fc.constantFrom(1, 2), weight: 6 },
  { arbitrary: fc.integer({ min: 3, max: 8 }), weight: 3 },
);
const layerArb = fc.record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 9 }) }).chain(({ width, height }) =>
  fc.record({
    width: fc.constant(width),
    height: fc.constant(height),
    gids: fc.array(fc.tuple(cell, fc.constantFrom(...FLAG_SETS)).map(([g, f]) => (g === 0 ? 0 : (g | f) >>> 0)), { minLength: width * height, maxLength: width * height }),
    chunk: fc.integer({ min: 1, max: 5 }),
  }),
);

/** The tiles' shapes placed one by one: tileShapes in each cell. */
function placedOneByOne(width: number, gids: readonly number[]): Shape[] {
  const out: Shape[] = [];
  gids.forEach((raw, i) => {
    if (raw === 0) return;
    const t = TILES[(raw & 0x0fffffff) - 1]!;
    const placement = tilePlacement({ tilewidth: T, tileheight: T }, t, T, T);
    if (typeof placement === "string") throw new Error(placement);
    const x = (i % width) * T, y = Math.floor(i / width) * T;
    for (const s of tileShapes(t, raw, placement).shapes) out.push({ ...s, id: `ref-${out.length}`, x: s.x + x, y: s.y + y });
  });
  return out;
}

/** For each sample point (8 × 8 per cell, at odd sixteenths: never on an edge of these tiles), the shapes covering it, by collision layer. */
function coverage(shapes: readonly Shape[], width: number, height: number): { layer: Uint8Array; count: Uint8Array } {
  const S = 8;
  const n = width * S * height * S;
  const layer = new Uint8Array(n), count = new Uint8Array(n);
  for (const s of shapes) {
    const hull = convexHull(worldCore(convexShape(s))), radius = coreRadius(convexShape(s));
    // Only the samples in the shape's bounding box can be inside it.
    const xs = hull.map((p) => p[0]), ys = hull.map((p) => p[1]);
    const step = T / S;
    const i0 = Math.max(0, Math.floor((Math.min(...xs) - radius) / step)), i1 = Math.min(width * S - 1, Math.ceil((Math.max(...xs) + radius) / step));
    const j0 = Math.max(0, Math.floor((Math.min(...ys) - radius) / step)), j1 = Math.min(height * S - 1, Math.ceil((Math.max(...ys) + radius) / step));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const x = (i + 0.5) * (T / S), y = (j + 0.5) * (T / S);
        if (signedDistanceToHull([x, y], hull) - radius < 0) {
          layer[j * width * S + i]! |= s.collisionLayer ?? 1;
          count[j * width * S + i]!++;
        }
      }
    }
  }
  return { layer, count };
}

describe("baking tile layers", () => {
  it("covers what the tiles cover, collision layer by collision layer, with maximal full-tile boxes; chunks bake the same", () => {
    fc.assert(
      fc.property(layerArb, ({ width, height, gids, chunk }) => {
        const result = bakeTileColliders(tmj({ width, height, tiles: TILES, layers: [gids] }));
        if (!result.ok) throw new Error(JSON.stringify(result.problems));
        const baked = result.layers.flatMap((l) => l.shapes);
        const reference = placedOneByOne(width, gids);
        expect(result.unbaked).toEqual([]);
        expect(result.layers[0]?.tileShapes ?? 0).toBe(reference.length);
        expect(baked.length).toBeLessThanOrEqual(reference.length);
        const want = coverage(reference, width, height), got = coverage(baked, width, height);
        expect(Buffer.from(got.layer).equals(Buffer.from(want.layer))).toBe(true);
        for (let k = 0; k < got.count.length; k++) if (got.count[k]! > want.count[k]!) throw new Error(`sample ${k} is covered ${got.count[k]} times, by the tiles ${want.count[k]} times`);

        // No two whole-cell boxes of one collision layer that share a full side are left apart.
        const whole = baked.filter((s): s is Extract<Shape, { type: "box" }> => s.type === "box" && [s.x - s.width / 2, s.y - s.height / 2, s.width, s.height].every((v) => v % T === 0));
        for (const a of whole) {
          for (const b of whole) {
            if (a === b || (a.collisionLayer ?? 1) !== (b.collisionLayer ?? 1)) continue;
            const sideBySide = a.y === b.y && a.height === b.height && a.x + a.width / 2 === b.x - b.width / 2;
            const stacked = a.x === b.x && a.width === b.width && a.y + a.height / 2 === b.y - b.height / 2;
            if (sideBySide || stacked) throw new Error(`${a.id} and ${b.id} could merge`);
          }
        }

        // The same cells as an infinite map's chunks (listed in reverse), with the layer at the same place.
        const chunks: JsonObject[] = [];
        for (let cy = 0; cy < height; cy += chunk) {
          for (let cx = 0; cx < width; cx += chunk) {
            const w = Math.min(chunk, width - cx), h = Math.min(chunk, height - cy);
            const data: number[] = [];
            for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) data.push(gids[(cy + j) * width + cx + i]!);
            chunks.unshift({ x: cx, y: cy, width: w, height: h, data });
          }
        }
        const layer = tileLayer("Layer 1", width, height, [], { data: undefined, chunks });
        const infinite = bakeTileColliders(tmj({ width, height, tiles: TILES, layers: [layer], map: { infinite: true } }));
        if (!infinite.ok) throw new Error(JSON.stringify(infinite.problems));
        expect(infinite.layers.flatMap((l) => l.shapes)).toEqual(baked);
      }),
      { seed: seedOf("tile-colliders coverage"), numRuns: 150 },
    );
  });
});
