// The undo history's patches against the plain definition: applied forwards a patch turns the old
// array into the new one, backwards the new into the old, item for item (the same objects), for
// any two arrays built from each other by edits of every kind.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyArrayPatch, diffArray, History } from "../../renderer/editor/history";
import type { DocumentSlice } from "../../renderer/editor/state";

interface Item {
  readonly n: number;
}

/** An edit of an array: replace an item by a new object, insert, delete, or move. */
const edit = fc.record({ kind: fc.constantFrom("replace", "insert", "delete", "move"), at: fc.nat(), to: fc.nat() });

function applyEdits(from: readonly Item[], edits: readonly { kind: string; at: number; to: number }[]): Item[] {
  const out = [...from];
  for (const e of edits) {
    const i = out.length === 0 ? 0 : e.at % out.length;
    if (e.kind === "replace" && out.length > 0) out[i] = { n: out[i]!.n + 1 };
    else if (e.kind === "insert") out.splice(e.at % (out.length + 1), 0, { n: -1 });
    else if (e.kind === "delete" && out.length > 0) out.splice(i, 1);
    else if (e.kind === "move" && out.length > 0) out.splice(e.to % out.length, 0, out.splice(i, 1)[0]!);
  }
  return out;
}

const same = (a: readonly Item[], b: readonly Item[]) => a.length === b.length && a.every((x, i) => x === b[i]);

describe("array patches", () => {
  it("turn the old array into the new one and back, with the same objects", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100), { maxLength: 30 }), fc.array(edit, { maxLength: 8 }), (ns, edits) => {
        const a = ns.map((n) => ({ n }));
        const b = applyEdits(a, edits);
        const patch = diffArray(a, b);
        if (!patch) return same(a, b);
        return same(applyArrayPatch(a, patch, true), b) && same(applyArrayPatch(b, patch, false), a);
      }),
      { seed: 22, numRuns: 2000 },
    );
  });

  it("store only what changed: one replaced item of many is one index and two objects", () => {
    const a = Array.from({ length: 1000 }, (_, n) => ({ n }));
    const b = a.map((x, i) => (i === 500 ? { n: -1 } : x));
    expect(diffArray(a, b)).toEqual({ kind: "replace", at: [500], before: [a[500]], after: [b[500]] });
    const added = [...a, { n: 1000 }];
    expect(diffArray(a, added)).toEqual({ kind: "splice", start: 1000, removed: [], inserted: [added[1000]] });
    expect(diffArray(a, a)).toBeNull();
  });
});

describe("History", () => {
  const doc = (shapes: DocumentSlice["shapes"]): DocumentSlice => ({ shapes, probes: [], layers: [], collisionLayers: [], images: [], gridSize: 25, exportOptions: {} });

  it("keeps at most `limit` steps, drops redo on a new step, and reports its counts", () => {
    const h = new History(2);
    const s0 = doc([]), s1 = doc([{ id: "a", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 }]);
    const s2 = doc([...s1.shapes, { id: "b", type: "circle", x: 0, y: 0, rotation: 0, radius: 1 }]);
    const s3 = doc(s2.shapes.slice(1));
    h.record(s0, s1);
    h.record(s1, s2);
    h.record(s2, s3);
    expect(h.counts.getState()).toEqual({ undo: 2, redo: 0, undoLabel: "Delete a", redoLabel: null });
    const back = h.undo(s3)!;
    expect(back.doc.shapes).toEqual(s2.shapes);
    expect(back.label).toBe("Delete a");
    expect(h.counts.getState()).toEqual({ undo: 1, redo: 1, undoLabel: "Add circle", redoLabel: "Delete a" });
    h.record(back.doc, s1, "Cut 1 item");
    expect(h.counts.getState()).toEqual({ undo: 2, redo: 0, undoLabel: "Cut 1 item", redoLabel: null });
    expect(h.undo(s1)!.doc.shapes).toEqual(s2.shapes);
    h.record(s1, s1); // no change: no step
    expect(h.undoCount).toBe(1);
  });

  it("joins steps with one merge key moments apart into one, named anew; a pause, another key, another step or an undo starts a new one", () => {
    let clock = 0;
    const h = new History(500, () => clock);
    const at = (x: number) => doc([{ id: "box-11", type: "box", x, y: 0, rotation: 0, width: 10, height: 10 }]);
    const key = ["box-11"], other = ["box-11"];
    const nudge = (from: number, to: number, k: unknown = key) => {
      clock += 200;
      h.record(at(from), at(to), undefined, k);
    };
    h.record(doc([]), at(0));
    for (let x = 0; x < 5; x++) nudge(x, x + 1);
    expect(h.steps.getState().done).toEqual(["Add box", "Move box-11"]);
    expect(h.undo(at(5))!.doc.shapes[0]!.x).toBe(0);
    h.redo(at(0));
    // After a redo, a pause, another key (an equal array is another selection) or another step: a new step.
    nudge(5, 6);
    clock += 1001;
    nudge(6, 7);
    nudge(7, 8, other);
    h.record(at(8), at(9));
    nudge(9, 10);
    expect(h.steps.getState().done).toEqual(["Add box", "Move box-11", "Move box-11", "Move box-11", "Move box-11", "Move box-11", "Move box-11"]);
    nudge(10, 11);
    expect(h.undoCount).toBe(7);
    expect(h.undo(at(11))!.doc.shapes[0]!.x).toBe(9);
  });

  it("a merged step that cancels out is gone, and the next one never joins the step before it (another action's)", () => {
    let clock = 0;
    const h = new History(500, () => clock);
    const box = { id: "box-11", type: "box", x: 0, y: 0, rotation: 0, width: 10, height: 10 } as const;
    const d0 = doc([box]), d1 = { ...d0, shapes: [{ ...box, x: 1 }] }, d2 = { ...d0, shapes: [{ ...box, y: 1 }] };
    h.record(doc([]), d0);
    const key = ["box-11"];
    clock += 100;
    h.record(d0, d1, undefined, key);
    clock += 100;
    h.record(d1, d0, undefined, key);
    expect(h.steps.getState().done).toEqual(["Add box"]);
    clock += 100;
    h.record(d0, d2, undefined, key);
    expect(h.steps.getState().done).toEqual(["Add box", "Move box-11"]);
    expect(h.undo(d2)!.doc.shapes).toEqual([box]);
  });
});
