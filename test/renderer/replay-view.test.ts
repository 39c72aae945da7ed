// What the replay view shows, without a UI: the selected ray follows the editor's selection, a
// replayed ray on a scene probe leaves the label to it, the mismatches summed by shape and the rows
// filtered to one shape, and the keys a focused button keeps.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { emptyScene, type Probe, type RayRecord, type ReplayResult, type Shape } from "../../core";
import { OTHER_SHAPES } from "../../core/replay/shape-summary";
import { loadDocument, select } from "../../renderer/store/actions";
import { closeRayLog, openRayLog, readRayLog, replayResultsOf, selectRay } from "../../renderer/store/replay";
import { mismatchesOfShape, shapeEntries, shapeSummaryOf, toggleShapeFilter } from "../../renderer/store/replay-shapes";
import { coincidesWithProbe, placedLabels, type LabelCandidate } from "../../renderer/canvas/replay-labels";
import { ownsEvent } from "../../renderer/actions/text-field";
import { dispatchKey } from "../../renderer/actions/keyboard";

// A wall whose left face is at x = 90, from y = −50 to 50; a post below it.
const wall: Shape = { id: "wall", type: "box", x: 100, y: 0, rotation: 0, width: 20, height: 100 };
const post: Shape = { id: "post", type: "circle", x: 100, y: 300, rotation: 0, radius: 10 };

const line = (r: object) => JSON.stringify(r);
// Against the wall: three moved points (2, 3 and 10 off), a new hit; a lost hit on the post (it
// expected the post 100 below where it is); an ok ray; one on a shape the scene lacks.
const LOG = [
  line({ id: "m-1", from: [0, 0], to: [200, 0], expect: { hit: true, shape: "wall", point: [88, 0] } }),
  line({ id: "m-2", from: [0, 10], to: [200, 10], expect: { hit: true, shape: "wall", point: [87, 10] } }),
  line({ id: "m-3", from: [0, 20], to: [200, 20], expect: { hit: true, shape: "wall", point: [80, 20] } }),
  line({ id: "new-1", from: [0, 30], to: [200, 30], expect: { hit: false } }),
  line({ id: "lost-1", from: [0, 400], to: [200, 400], expect: { hit: true, shape: "post", point: [90, 400] } }),
  line({ id: "ok-1", from: [0, 40], to: [200, 40], expect: { hit: true, shape: "wall", point: [90, 40] } }),
  line({ id: "gone-1", from: [0, -300], to: [200, -300], expect: { hit: true, shape: "plat-9", point: [50, -300] } }),
].join("\n");

let editor = new Editor();
const view = () => editor.replay.getState();

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, { ...emptyScene(), shapes: [wall, post] }, { name: "level.json" });
  closeRayLog(editor);
  openRayLog(editor, readRayLog("qa.jsonl", LOG));
});

describe("the selected replayed ray follows the editor's selection", () => {
  // The ray picked from its row had stayed cyan after Escape ("0 selected" in the status bar).
  it("a selection made after the ray's, or none, ends it", () => {
    selectRay(editor, 1);
    expect([view().selected, editor.getState().selection]).toEqual([1, ["wall"]]);
    select(editor, []);
    expect(view().selected).toBeNull();
    selectRay(editor, 5); // lost hit: the shape it expected
    expect(editor.getState().selection).toEqual(["post"]);
    select(editor, ["wall"]);
    expect(view().selected).toBeNull();
    // A ray that names no shape the scene has selects none, and is selected until the selection changes.
    selectRay(editor, 7);
    expect([view().selected, editor.getState().selection]).toEqual([7, []]);
    select(editor, []);
    expect(view().selected).toBeNull();
  });
});

describe("replayed rays and the scene's probes", () => {
  const probe: Probe = { id: "ray-1", name: "door line of sight", type: "ray", from: [40, 300], to: [700, 300] };
  const ray = (from: [number, number], to: [number, number]): RayRecord => ({ id: "ray-1", line: 1, from, to, extra: {} });
  it("a ray is on a probe when both its ends are within the tolerance of the probe's", () => {
    expect(coincidesWithProbe(ray([40, 300], [700, 300]), [probe], 0.01)).toBe(true);
    expect(coincidesWithProbe(ray([40.005, 300], [700, 299.995]), [probe], 0.01)).toBe(true);
    expect(coincidesWithProbe(ray([40, 300], [700, 310]), [probe], 0.01)).toBe(false);
    expect(coincidesWithProbe(ray([40, 300], [600, 300]), [probe], 0.01)).toBe(false);
    // Reversed, it is another ray (it hits another face).
    expect(coincidesWithProbe(ray([700, 300], [40, 300]), [probe], 0.01)).toBe(false);
    expect(coincidesWithProbe(ray([40, 300], [700, 300]), [{ id: "sweep-1", name: "", type: "sweep", shape: "ball", to: [700, 300] }], 0.01)).toBe(false);
  });
});

describe("the mismatches by shape", () => {
  const results = (): readonly ReplayResult[] => replayResultsOf(editor);
  it("sums the mismatches by the shape each expected (a new hit: the one it hits), as the CLI does", () => {
    const list = shapeSummaryOf(results());
    expect(list.map((s) => [s.shape, s.rays])).toEqual([["wall", 4], ["plat-9", 1], ["post", 1]]);
    const { entries, more } = shapeEntries(list, null);
    expect(entries.map((e) => e.text)).toEqual([
      "wall: 4 rays: moved-point 3 (2–10, median 3), new-hit 1",
      "plat-9: 1 ray: lost-hit 1",
      "post: 1 ray: lost-hit 1",
    ]);
    expect(more).toBeNull();
    expect(entries.every((e) => !e.picked && e.pickable)).toBe(true);
  });

  it("lists the first few, then how many more; the picked one is listed even past them", () => {
    const list = shapeSummaryOf(results());
    const { entries, more } = shapeEntries(list, null, 1);
    expect(entries.map((e) => e.shape)).toEqual(["wall"]);
    expect(more).toBe("and 2 more shapes (2 rays)");
    expect(shapeEntries(list, "post", 1).entries.map((e) => [e.shape, e.picked])).toEqual([["wall", false], ["post", true]]);
    // Picked, then fixed by an edit: still listed, so its filter can be seen and cleared.
    expect(shapeEntries(list, "crate", 1).entries.at(-1)).toEqual({ shape: "crate", text: "crate: no mismatching rays shown", picked: true, pickable: true });
    // Shapes past ShapeTally's limit are lumped together: no one shape to filter by.
    expect(shapeEntries([{ shape: OTHER_SHAPES, rays: 3, kinds: [{ kind: "lost-hit", count: 3 }] }], null).entries[0]!.pickable).toBe(false);
  });

  it("a shape picked filters the rows to its mismatches and selects it; picked again, every row is back", () => {
    expect(mismatchesOfShape(results(), null).map((r) => r.ray.id)).toEqual(["m-1", "m-2", "m-3", "new-1", "lost-1", "gone-1"]);
    toggleShapeFilter(editor, "wall");
    expect(view().shape).toBe("wall");
    expect(editor.getState().selection).toEqual(["wall"]);
    expect(mismatchesOfShape(results(), view().shape).map((r) => r.ray.id)).toEqual(["m-1", "m-2", "m-3", "new-1"]);
    // A shape the scene lacks filters the rows and selects nothing.
    toggleShapeFilter(editor, "plat-9");
    expect(mismatchesOfShape(results(), view().shape).map((r) => r.ray.id)).toEqual(["gone-1"]);
    expect(editor.getState().selection).toEqual(["wall"]);
    toggleShapeFilter(editor, "plat-9");
    expect(view().shape).toBeNull();
    // Closing the log (or opening another) ends the filter.
    toggleShapeFilter(editor, "wall");
    openRayLog(editor, readRayLog("qa.jsonl", LOG));
    expect(view().shape).toBeNull();
  });
});

describe("a focused button keeps Enter and Space", () => {
  // Enter on a shape's entry (or a ray's row) reached by Tab had run Finish shape and pressed nothing.
  it("Enter and Space press a <button>; other keys, chords and the clipboard go to the editor", () => {
    const button = { tagName: "BUTTON" } as unknown as EventTarget;
    expect(ownsEvent(button, { key: "Enter" }) && ownsEvent(button, { key: " " }) && ownsEvent(button, { key: "Tab" })).toBe(true);
    expect(ownsEvent(button, { key: "r" }) || ownsEvent(button, { key: "Enter", ctrlKey: true }) || ownsEvent(button, { clipboard: true })).toBe(false);
    const press = (key: string) => dispatchKey(editor, { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: button });
    expect(press("Enter")).toBe(false);
    expect(press("r")).toBe(true);
    expect(editor.getState().tool).toBe("ray");
  });
});

describe("replay labels on dense rays", () => {
  /** The same rule, plainly: each candidate in turn is placed unless its box overlaps a placed one. */
  function reference(candidates: readonly LabelCandidate<number>[], px: number): Set<number> {
    const boxes: [number, number, number, number][] = [];
    const out = new Set<number>();
    for (const c of candidates) {
      const box: [number, number, number, number] = [c.x, c.y, c.x + c.text.length * 6.6 * px, c.y + 13 * px];
      if (boxes.some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3])) continue;
      boxes.push(box);
      out.add(c.key);
    }
    return out;
  }

  it("places a label only where no earlier one is, as a plain all-pairs check does, at any zoom", () => {
    const candidate = fc.record({ x: fc.double({ min: -500, max: 500, noNaN: true }), y: fc.double({ min: -500, max: 500, noNaN: true }), text: fc.string({ minLength: 1, maxLength: 12 }) });
    fc.assert(fc.property(fc.array(candidate, { maxLength: 60 }), fc.constantFrom(0.05, 0.5, 1, 4), (list, px) => {
      const candidates = list.map((c, key) => ({ ...c, key }));
      expect(placedLabels(candidates, px)).toEqual(reference(candidates, px));
    }), { seed: 20261128 });
  });

  it("a row of floor rays 10 apart: every label at 100 % would overlap its neighbour, so every other one or fewer shows; zoomed in, all do", () => {
    const row = Array.from({ length: 20 }, (_, i) => ({ key: i, x: 100 + 10 * i, y: 200, text: `floor-${i}` }));
    const at100 = placedLabels(row, 1);
    expect(at100.has(0)).toBe(true);
    expect(at100.size).toBeLessThan(10);
    expect(placedLabels(row, 0.1).size).toBe(20);
  });
});
