// findOverlaps on whole scenes against a brute-force all-pairs loop over the reference.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collisionBody, overlappingIds, parseScene, serializeScene, type Scene } from "../../core/index";
import type { ConvexShape as Shape } from "./arbitraries";
import { findOverlaps } from "./scan-reference";
import { anyShape, asRead } from "./arbitraries";
import { magnitudeOf, signedDistance } from "./reference";

const BOUNDARY = 1e-6;

function randomScene(seed: number, count = 60): Shape[] {
  const [shapes] = fc.sample(fc.array(anyShape("?", { extent: 60 }), { minLength: count, maxLength: count }), { seed, numRuns: 1 });
  return shapes!.map((s, i) => ({ ...s, id: `s${i}` }));
}

interface Expected {
  readonly a: string;
  readonly b: string;
  readonly depth: number;
}

/** Every pair i < j, by the reference: certain overlaps, and the ids of pairs too close to call. */
function bruteForce(shapes: readonly Shape[]): { pairs: Expected[]; unsure: Set<string> } {
  const pairs: Expected[] = [];
  const unsure = new Set<string>();
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const a = shapes[i]!;
      const b = shapes[j]!;
      const sd = signedDistance(a, b);
      if (Math.abs(sd) < BOUNDARY * magnitudeOf(a, b)) unsure.add(`${a.id}|${b.id}`);
      else if (sd < 0) pairs.push({ a: a.id, b: b.id, depth: -sd });
    }
  }
  return { pairs, unsure };
}

describe("findOverlaps equals a brute-force all-pairs loop over the reference", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("random scene of 60 shapes, seed %i", (seed) => {
    const shapes = randomScene(seed);
    const found = findOverlaps(shapes);
    const { pairs, unsure } = bruteForce(shapes);
    expect(pairs.length, "the scene should be busy enough to mean something").toBeGreaterThan(15);

    const certain = found.filter((p) => !unsure.has(`${p.a}|${p.b}`));
    expect(certain.map((p) => `${p.a}|${p.b}`)).toEqual(pairs.map((p) => `${p.a}|${p.b}`));
    for (let k = 0; k < pairs.length; k++) {
      const got = certain[k]!;
      expect(Math.abs(got.depth - pairs[k]!.depth), `${got.a}/${got.b}`).toBeLessThanOrEqual(1e-9 * 100);
      expect(Math.abs(Math.hypot(got.normal.x, got.normal.y) - 1)).toBeLessThanOrEqual(1e-9);
    }
  });

  it.each([11, 12, 13])("the same through a saved and reloaded file, seed %i", (seed) => {
    const scene: Scene = { format: "collider-studio-scene", version: 1, shapes: randomScene(seed).map(asRead), probes: [] };
    const loaded = parseScene(serializeScene(scene));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(findOverlaps(loaded.scene.shapes)).toEqual(findOverlaps(scene.shapes));
    expect(findOverlaps(loaded.scene.shapes).length).toBeGreaterThan(0);
  });

  it("every pair once, in scene order, never a shape with itself", () => {
    for (const seed of [21, 22, 23]) {
      const shapes = randomScene(seed, 80);
      const index = new Map(shapes.map((s, i) => [s.id, i]));
      const found = findOverlaps(shapes);
      const keys = found.map((p) => `${p.a}|${p.b}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const p of found) expect(index.get(p.a)!).toBeLessThan(index.get(p.b)!);
      const order = found.map((p) => [index.get(p.a)!, index.get(p.b)!] as const);
      const sorted = [...order].sort((u, v) => u[0] - v[0] || u[1] - v[1]);
      expect(order).toEqual(sorted);
    }
  });
});

describe("findOverlaps on small scenes", () => {
  const box = (id: string, x: number, y: number, w = 2, h = 2): Shape => ({ id, type: "box", x, y, rotation: 0, width: w, height: h });

  it("a is the earlier shape in the scene even when it lies to the right; the normal moves b", () => {
    const pairs = findOverlaps([box("right", 1.5, 0), box("left", 0, 0)]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ a: "right", b: "left" });
    expect(pairs[0]!.depth).toBeCloseTo(0.5, 12);
    expect(pairs[0]!.normal.x).toBeCloseTo(-1, 12);
    expect(pairs[0]!.normal.y).toBeCloseTo(0, 12);
  });

  it("a row of boxes: neighbours overlap, touching ones do not, far ones are skipped", () => {
    const shapes = [box("a", 0, 0), box("b", 1.5, 0), box("c", 3.5, 0), box("d", 100, 100), box("e", 4, 0.5)];
    expect(findOverlaps(shapes).map((p) => `${p.a}|${p.b}`)).toEqual(["a|b", "c|e"]);
    expect([...overlappingIds(findOverlaps(shapes))].sort()).toEqual(["a", "b", "c", "e"]);
  });

  it("an empty scene and a single shape have no pairs", () => {
    expect(findOverlaps([])).toEqual([]);
    expect(findOverlaps([box("only", 0, 0)])).toEqual([]);
  });

  it("a shape whose AABB spans the whole sweep still meets shapes that start much later", () => {
    const shapes = [box("long", 0, 0, 1000, 1), ...Array.from({ length: 20 }, (_, i) => box(`k${i}`, -480 + i * 50, 0, 1, 5))];
    expect(findOverlaps(shapes)).toHaveLength(20);
  });
});

describe("collision bodies", () => {
  it("are built once per shape object, and anew for a changed shape", () => {
    const a: Shape = { id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 2, height: 2 };
    expect(collisionBody(a)).toBe(collisionBody(a));
    const moved: Shape = { ...a, x: 5 };
    expect(collisionBody(moved)).not.toBe(collisionBody(a));
    expect(collisionBody(moved).aabb.minX).toBe(4);
  });
});
