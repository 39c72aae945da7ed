// Raise / Lower / Raise to Top / Lower to Bottom of the selected shapes within their layer (Tiled's
// object order, PgUp / PgDn, Shift+PgUp / Shift+PgDn). reorderRun against a plain reference
// (fast-check, pinned seed); in the editor: only the layer's own slots trade places, one named undo
// step each, the order reaches the saved scene, picking and the Tiled export.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportGodot, exportTiled, type Layer, type Scene, type Shape } from "../../core";
import { currentScene, select } from "../../renderer/store/actions";
import { reorderRun, type Reorder } from "../../renderer/store/shape-order";
import { shapesAt } from "../../renderer/tools/select/picking";
import { TestEditor } from "./test-editor";

/** Raise written plainly: each run of picked items trades places with the unpicked item just above it. */
function raiseReference(order: readonly number[], picked: ReadonlySet<number>): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < order.length) {
    let m = 0;
    while (i + m < order.length && picked.has(order[i + m]!)) m++;
    if (m > 0 && i + m < order.length) {
      out.push(order[i + m]!, ...order.slice(i, i + m));
      i += m + 1;
    } else if (m > 0) {
      out.push(...order.slice(i));
      i = order.length;
    } else out.push(order[i++]!);
  }
  return out;
}

function reference(order: readonly number[], picked: ReadonlySet<number>, how: Reorder): number[] {
  if (how === "raise") return raiseReference(order, picked);
  if (how === "lower") return raiseReference([...order].reverse(), picked).reverse();
  const moved = order.filter((x) => picked.has(x)), rest = order.filter((x) => !picked.has(x));
  return how === "top" ? [...rest, ...moved] : [...moved, ...rest];
}

describe("reorderRun", () => {
  it("matches the plain reference for every command (fast-check, pinned seed)", () => {
    const run = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(fc.constant([...Array(n).keys()]), fc.subarray([...Array(n).keys()])));
    fc.assert(
      fc.property(run, fc.constantFrom<Reorder>("raise", "lower", "top", "bottom"), ([order, chosen], how) => {
        const picked = new Set(chosen);
        expect(reorderRun(order, (x) => picked.has(x), how)).toEqual(reference(order, picked, how));
      }),
      { seed: 20261128, numRuns: 500 },
    );
  });

  it("a run of picked shapes moves as one and keeps its own order", () => {
    const picked = new Set(["b", "c"]);
    expect(reorderRun(["a", "b", "c", "d", "e"], (x) => picked.has(x), "raise")).toEqual(["a", "d", "b", "c", "e"]);
    expect(reorderRun(["a", "b", "c", "d", "e"], (x) => picked.has(x), "lower")).toEqual(["b", "c", "a", "d", "e"]);
  });
});

const LAYERS: Layer[] = [{ id: "ground", name: "Ground" }, { id: "coins", name: "Coins" }];
const box = (id: string, layer: string): Shape => ({ id, name: id, type: "box", x: 0, y: 0, rotation: 0, width: 20, height: 20, layer });
/** Ground and Coins shapes interleaved in the scene's list, all on one spot. */
const scene = (): Scene => ({ format: "collider-studio-scene", version: 1, layers: LAYERS, probes: [], shapes: [box("g1", "ground"), box("c1", "coins"), box("g2", "ground"), box("c2", "coins"), box("g3", "ground")] });
const order = (t: TestEditor) => t.shapes.map((s) => s.id);

describe("Raise / Lower within the layer", () => {
  it("PgUp raises past the next shape of the same layer; the other layer's slots stay; one named undo step", () => {
    const t = new TestEditor(scene());
    select(t.editor, ["g1"]);
    expect(t.key("PageUp")).toBe(true);
    expect(order(t)).toEqual(["g2", "c1", "g1", "c2", "g3"]);
    expect(t.editor.history.undoLabel).toBe("Raise g1");
    expect(t.key("PageUp", { shift: true })).toBe(true);
    expect(order(t)).toEqual(["g2", "c1", "g3", "c2", "g1"]);
    expect(t.editor.history.undoLabel).toBe("Raise g1 to top");
    // The topmost ground shape is now picked first among the ground shapes (coins is the upper layer).
    expect(shapesAt(t.editor, { x: 0, y: 0 }).map((s) => s.id)).toEqual(["c2", "c1", "g1", "g3", "g2"]);
    t.key("z", { mod: true });
    expect(order(t)).toEqual(["g2", "c1", "g1", "c2", "g3"]);
  });

  it("PgDn and Shift+PgDn lower; several shapes on two layers each move within their own", () => {
    const t = new TestEditor(scene());
    select(t.editor, ["g3", "c2"]);
    t.key("PageDown");
    expect(order(t)).toEqual(["g1", "c2", "g3", "c1", "g2"]);
    expect(t.editor.history.undoLabel).toBe("Lower 2 shapes");
    select(t.editor, ["g2"]);
    t.key("PageDown", { shift: true });
    expect(order(t)).toEqual(["g2", "c2", "g1", "c1", "g3"]);
    expect(t.editor.history.undoLabel).toBe("Lower g2 to bottom");
  });

  it("at the top already: nothing changes, the status line says so; a locked layer's shape is refused", () => {
    const t = new TestEditor(scene());
    select(t.editor, ["g3"]);
    const steps = t.undoSteps;
    t.key("PageUp");
    expect(t.undoSteps).toBe(steps);
    expect(t.state.notice).toBe("g3 is already at the top of layer Ground");
    t.editor.update({ layers: [{ ...LAYERS[0]!, locked: true }, LAYERS[1]!] }, { record: false });
    select(t.editor, ["g1"]);
    t.key("PageDown", { shift: true });
    t.key("PageUp");
    expect(order(t)).toEqual(["g1", "c1", "g2", "c2", "g3"]);
    expect(t.state.notice).toBe("Layer 'Ground' is locked: unlock it to edit its shapes");
  });

  it("the saved scene, the Tiled export and the Godot scene write the new order", () => {
    const t = new TestEditor(scene());
    select(t.editor, ["g1"]);
    t.key("PageUp", { shift: true });
    expect(currentScene(t.editor).shapes.map((s) => s.id)).toEqual(["g2", "c1", "g3", "c2", "g1"]);
    const tmj = JSON.parse(exportTiled(currentScene(t.editor))) as { layers: { name: string; objects?: { name: string }[] }[] };
    const ground = tmj.layers.find((l) => l.name === "Ground")!;
    const ids = ground.objects!.map((o) => o.name);
    expect(ids).toEqual(["g2", "g3", "g1"]);
    // Godot draws a body's children in order: the layer's body lists them in the new order.
    const nodes = exportGodot(currentScene(t.editor)).split("\n").filter((l) => l.includes('parent="Ground"'));
    expect(nodes.map((l) => /name="(\w+)"/.exec(l)![1])).toEqual(["g2", "g3", "g1"]);
  });
});
