// followSplitRuns (the canvas's grouping, followed across drag steps and selection changes) against
// splitRuns from scratch: seeded random edits of every kind, the same lists every time, and a list
// that did not change keeps its array (so its batch is not looked at again).
import { describe, expect, it } from "vitest";
import type { Layer, Shape } from "../../core";
import { followSplitRuns, splitRuns, type SplitRuns } from "../../renderer/canvas/draw-order";
import { seededRandom } from "../seeded-random";

const ids = (list: readonly (Shape | null)[]) => list.map((s) => s?.id ?? null);
const view = (s: SplitRuns) => s.runs.map((r) => ({ layer: r.run.layer, locked: r.run.locked, rest: ids(r.rest), live: ids(r.live), objects: [...r.rest, ...r.live] }));

describe("followSplitRuns equals splitRuns from scratch (seeded edits)", () => {
  it.each([1, 2, 3, 4])("seed %i: 400 edits", (seed) => {
    const r = seededRandom(seed);
    let layers: Layer[] = [{ id: "a", name: "A" }, { id: "b", name: "B", locked: true }, { id: "c", name: "C" }];
    let shapes: Shape[] = Array.from({ length: 40 }, (_, i) => ({ id: `s${i}`, type: "circle", x: i, y: 0, rotation: 0, radius: 1, layer: ["a", "b", "c", "zz"][i % 4]! }));
    let selected: ReadonlySet<string> = new Set(["s1", "s6"]);
    let prev: SplitRuns | null = null;
    let followed = 0;
    for (let step = 0; step < 400; step++) {
      const next = followSplitRuns(prev, shapes, layers, selected);
      expect(view(next), `step ${step}`).toEqual(view(splitRuns(shapes, layers, selected)));
      if (prev && prev.layers === layers && prev.shapes.length === shapes.length && next.runOf === prev.runOf) {
        followed++;
        // Lists without a replaced shape are the same arrays as before.
        next.runs.forEach((run, k) => {
          const old = prev!.runs[k]!;
          const touched = (a: readonly (Shape | null)[], b: readonly (Shape | null)[]) => a.length !== b.length || a.some((s, i) => s !== b[i]);
          if (!touched(run.rest, old.rest)) expect(run.rest).toBe(old.rest);
          if (!touched(run.live, old.live)) expect(run.live).toBe(old.live);
        });
      }
      prev = next;
      const roll = r(), k = Math.floor(r() * shapes.length);
      if (roll < 0.6) shapes = shapes.map((s, i) => (i === k ? { ...s, x: s.x + 1 } : s)); // a drag step
      else if (roll < 0.7) shapes = shapes.map((s, i) => (i === k ? { ...s, layer: ["a", "b", "c"][Math.floor(r() * 3)]! } : s));
      else if (roll < 0.74) selected = new Set([`s${Math.floor(r() * 40)}`]);
      else if (roll < 0.78) selected = new Set([...selected, `s${Math.floor(r() * 40)}`, "probe-1"]); // a probe id names no shape
      else if (roll < 0.84) layers = layers.map((l, i) => (i === Math.floor(r() * 3) ? { ...l, visible: l.visible === false } : l));
      else if (roll < 0.9) shapes = [...shapes.slice(1), shapes[0]!]; // a reorder
      else if (roll < 0.95) shapes = shapes.map((s, i) => (i === k ? { ...s, x: s.x - 1 } : i === (k + 3) % shapes.length ? { ...s, y: s.y + 1 } : s));
    }
    expect(followed, "steps followed rather than split anew").toBeGreaterThan(200);
  });
});
