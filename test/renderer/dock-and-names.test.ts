// The pieces behind the dock, the Objects panel, names on the canvas and the probe Inspector:
// the Objects search against a plain filter, the saved dock layout, framing, label fitting and
// room, and probe edits (one undo step each, refusals leaving the document alone).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyScene, type Probe, type Scene, type Shape } from "../../core";
import { filterRows, inDrawOrder, ListOrder, matchesQuery } from "../../renderer/app/dock/object-rows";
import { DEFAULT_DOCK, DOCK_MIN_HEIGHT, clampDockHeight, parseDockLayout } from "../../renderer/app/dock/dock-preference";
import { FONT_PX, fitText, labelsInView, MIN_LETTERS, MIN_ROOM, placeLabels } from "../../renderer/canvas/name-labels";
import { labelOf, nameAndId } from "../../renderer/editor/names";
import { maskText } from "../../renderer/app/dock/mask-text";
import { findShape, setProbeCoordinate, setProbeMaskBit, setSweepShape, sweptShapeText } from "../../renderer/store/probe-edits";
import { frameView } from "../../renderer/store/view";
import { frameItems } from "../../renderer/store/view-actions";
import { TestEditor } from "./test-editor";

const circle = (id: string, x: number, name?: string): Shape => ({ id, type: "circle", x, y: 0, rotation: 0, radius: 10, layer: "layer-1", ...(name ? { name } : {}) });
const ray: Probe = { id: "ray-1", name: "", type: "ray", from: [0, 0], to: [100, 0] };
const sweep: Probe = { id: "sweep-1", name: "fall", type: "sweep", shape: "c1", to: [0, 100] };
const scene = (shapes: Shape[], probes: Probe[] = []): Scene => ({ ...emptyScene(), shapes, probes });

describe("the Objects panel's search", () => {
  const names = fc.constantFrom("", "coin", "Coin", "player", "floor-1", "ray");
  it("keeps exactly the rows whose name, id, kind or layer's name contains the query, shapes then probes, in order", () => {
    const layerNames = new Map([["layer-1", "Ground"]]);
    fc.assert(
      fc.property(fc.array(names, { maxLength: 30 }), fc.constantFrom("", "co", "COIN", "circle", "ray", "1", " 1 ", "zzz", "grou"), (shapeNames, query) => {
        const shapes = shapeNames.map((n, i) => circle(`c${i}`, i, n || undefined));
        const probes = [ray, sweep];
        const rows = filterRows(shapes, probes, query, layerNames);
        const all = [...shapes, ...probes];
        const q = query.trim().toLowerCase();
        // A plain reference: every item, tested one by one with string methods.
        const expected = q === "" ? null : all.flatMap((item, i) => ([item.name ?? "", item.id, item.type, "layer" in item ? "Ground" : ""].some((t) => t.toLowerCase().includes(q)) ? [i] : []));
        expect(rows === null ? null : [...rows]).toEqual(expected);
      }),
    );
  });

  it("matches names without case, ids and kinds", () => {
    expect(matchesQuery(circle("c1", 0, "Gold Coin"), "coin")).toBe(true);
    expect(matchesQuery(circle("c1", 0), "c1")).toBe(true);
    expect(matchesQuery(circle("c1", 0), "circ")).toBe(true);
    expect(matchesQuery(circle("c1", 0), "box")).toBe(false);
  });
});

describe("the dock's saved layout", () => {
  it("restores each good field and defaults the rest", () => {
    expect(parseDockLayout({ open: false, height: 240, tab: "probes" })).toEqual({ open: false, height: 240, tab: "probes" });
    for (const saved of [undefined, null, 3, "x", []]) expect(parseDockLayout(saved)).toEqual(DEFAULT_DOCK);
    expect(parseDockLayout({ open: "yes", height: 5, tab: "elsewhere" })).toEqual(DEFAULT_DOCK);
    expect(parseDockLayout({ height: Number.NaN, open: false })).toEqual({ ...DEFAULT_DOCK, open: false });
  });

  it("keeps the height between its least and the room given", () => {
    expect(clampDockHeight(10, 500)).toBe(DOCK_MIN_HEIGHT);
    expect(clampDockHeight(900, 500)).toBe(500);
    expect(clampDockHeight(200.4, 500)).toBe(200);
    // A window too short for both limits keeps the least height.
    expect(clampDockHeight(200, 40)).toBe(DOCK_MIN_HEIGHT);
  });
});

describe("framing an item", () => {
  it("centres a box that fits at the current scale without zooming, and zooms out for one that does not", () => {
    const current = { x: 13, y: -7, scale: 2 };
    const small = frameView({ minX: 100, minY: 100, maxX: 120, maxY: 140 }, 800, 600, current);
    expect(small.scale).toBe(2);
    expect(110 * small.scale + small.x).toBeCloseTo(400);
    expect(120 * small.scale + small.y).toBeCloseTo(300);
    const big = frameView({ minX: 0, minY: 0, maxX: 2000, maxY: 100 }, 800, 600, current);
    expect(big.scale).toBeLessThan(2);
    expect(2000 * big.scale).toBeLessThanOrEqual(800 - 80 + 1e-9);
  });

  it("frames shapes and probes of the document by id", () => {
    const t = new TestEditor(scene([circle("c1", 500)], [ray]));
    t.editor.canvasSize = { width: 400, height: 300 };
    frameItems(t.editor, ["c1"]);
    const v = t.state.view;
    expect(500 * v.scale + v.x).toBeCloseTo(200);
    frameItems(t.editor, ["ray-1"]);
    expect(50 * t.state.view.scale + t.state.view.x).toBeCloseTo(200);
  });
});

describe("names on the canvas", () => {
  it("cuts a label with an ellipsis to its room, and drops it when not even one letter fits", () => {
    const measure = (t: string) => t.length * 6;
    expect(fitText("coin", 30, measure)).toBe("coin");
    expect(fitText("checkpoint", 30, measure)).toBe("chec…");
    expect(fitText("checkpoint", 10, measure)).toBe("");
    // Asked for at least three letters, a cut that leaves one or two drops the label.
    expect(fitText("checkpoint", 18, measure)).toBe("ch…");
    expect(fitText("checkpoint", 18, measure, 3)).toBe("");
    expect(fitText("checkpoint", 24, measure, 3)).toBe("che…");
    expect(fitText("ab", 18, measure, 3)).toBe("ab");
  });

  it("places labels that never cover each other or a contact mark, widest room first, each kept unless a kept one or a mark covers it", () => {
    const measure = (t: string) => t.length * 6;
    const label = fc.record({ text: fc.constantFrom("coin", "image-1-12", "a", "floor"), x: fc.integer({ min: 0, max: 200 }), y: fc.integer({ min: 0, max: 60 }), width: fc.integer({ min: 10, max: 120 }) });
    const mark = fc.record({ x: fc.integer({ min: 0, max: 200 }), y: fc.integer({ min: 0, max: 60 }), width: fc.integer({ min: 2, max: 40 }), height: fc.integer({ min: 2, max: 20 }) });
    fc.assert(
      fc.property(fc.array(label, { maxLength: 25 }), fc.constantFrom(0.5, 1, 2), fc.array(mark, { maxLength: 3 }), (labels, px, marks) => {
        const placed = placeLabels(labels, measure, px, marks);
        const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => Math.abs(a.x - b.x) * 2 >= a.width + b.width || Math.abs(a.y - b.y) * 2 >= a.height + b.height;
        for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(apart(placed[i]!, placed[j]!)).toBe(true);
        for (const p of placed) for (const m of marks) expect(apart(p, m)).toBe(true);
        // Each placed label is one of the input's, whole or cut to at least MIN_LETTERS letters.
        for (const p of placed) {
          const from = labels.find((l) => l.x === p.x && l.y === p.y && (p.text === l.text || (p.text.endsWith("…") && l.text.startsWith(p.text.slice(0, -1)))));
          expect(from).toBeDefined();
          if (p.text !== from!.text) expect(p.text.length - 1).toBeGreaterThanOrEqual(MIN_LETTERS);
        }
        // A label left out either has no room for its name or would touch a placed one with at least its room.
        for (const l of labels) {
          const text = fitText(l.text, l.width - 4 * px, measure, MIN_LETTERS);
          if (!text || placed.some((p) => p.x === l.x && p.y === l.y && p.text === text)) continue;
          const box = { x: l.x, y: l.y, width: measure(text) + 2 * px, height: (FONT_PX + 2) * px };
          expect(placed.some((p) => !apart(p, box)) || marks.some((m) => !apart(m, box))).toBe(true);
        }
      }),
      { seed: 2731, numRuns: 300 },
    );
  });

  it("labels the named shapes in view on visible layers whose box leaves room at this zoom", () => {
    const t = new TestEditor({
      ...emptyScene(),
      layers: [{ id: "layer-1", name: "Layer 1" }, { id: "hidden", name: "Hidden", visible: false }],
      shapes: [circle("c1", 50, "coin"), circle("c2", 100), { ...circle("c3", 150, "ghost"), layer: "hidden" }, circle("c4", 5000, "far")],
      probes: [],
    });
    const at = (scale: number) => labelsInView(t.editor, { x: 0, y: 100, scale }, 800, 600, t.state.layers).map((l) => l.text);
    expect(at(MIN_ROOM.width / 20)).toEqual(["coin"]);
    expect(labelsInView(t.editor, { x: 0, y: 100, scale: MIN_ROOM.width / 20 }, 800, 600, t.state.layers, new Set(["c1"]))).toEqual([]);
    // At this scale a 20-unit circle is narrower than the room a label needs.
    expect(at((MIN_ROOM.width - 1) / 20)).toEqual([]);
  });

  it("reads a name for a person: the name, else the id", () => {
    const t = new TestEditor(scene([circle("c1", 0, "coin"), circle("c2", 0)], [ray, sweep]));
    expect([labelOf(t.editor, "c1"), labelOf(t.editor, "c2"), labelOf(t.editor, "ray-1"), labelOf(t.editor, "sweep-1"), labelOf(t.editor, "gone")]).toEqual(["coin", "c2", "ray-1", "fall", "gone"]);
  });

  it("names a shape and its id once when they are the same (a traced piece: image-1-1 is named image-1-1)", () => {
    expect([nameAndId("coin", "c1"), nameAndId(undefined, "c2"), nameAndId("", "c3"), nameAndId("image-1-1", "image-1-1")]).toEqual(["coin (c1)", "c2", "c3", "image-1-1"]);
  });
});

describe("probe edits from the Inspector", () => {
  it("finds a shape by id first, then by a unique name, and refuses a shared or unknown one", () => {
    const shapes = [circle("c1", 0, "coin"), circle("c2", 0, "coin"), circle("coin", 0, "x"), circle("c4", 0, "player")];
    expect(findShape(shapes, "coin")).toMatchObject({ ok: true, value: { id: "coin" } });
    expect(findShape(shapes, " player ")).toMatchObject({ ok: true, value: { id: "c4" } });
    expect(findShape(shapes.slice(0, 2), "coin")).toEqual({ ok: false, message: '2 shapes are named "coin" (c1, c2); give an id' });
    expect(findShape(shapes, "nobody")).toEqual({ ok: false, message: "no shape has this id or name" });
    expect(findShape(shapes, "  ")).toEqual({ ok: false, message: "enter a shape's id or name" });
    expect(sweptShapeText(shapes, shapes[3], "c4")).toBe("player");
    expect(sweptShapeText(shapes, shapes[0], "c1")).toBe("c1");
  });

  it("moves a ray's end and a sweep's shape in one undo step each; a refusal changes nothing", () => {
    const t = new TestEditor(scene([circle("c1", 0, "coin"), circle("c2", 50, "coin"), circle("c3", 90, "player")], [ray, sweep]));
    expect(setProbeCoordinate(t.editor, "ray-1", "from", 1, 25).ok).toBe(true);
    expect(t.state.probes[0]).toMatchObject({ from: [0, 25], to: [100, 0] });
    expect(setProbeCoordinate(t.editor, "sweep-1", "from", 0, 1)).toEqual({ ok: false, message: 'a sweep has no "from" point' });
    const before = t.state.probes;
    expect(setSweepShape(t.editor, "sweep-1", "coin").ok).toBe(false);
    expect(t.state.probes).toBe(before);
    expect(setSweepShape(t.editor, "sweep-1", "player").ok).toBe(true);
    expect(t.state.probes[1]).toMatchObject({ shape: "c3" });
    t.editor.undo();
    expect(t.state.probes[1]).toMatchObject({ shape: "c1" });
    t.editor.undo();
    expect(t.state.probes[0]).toMatchObject({ from: [0, 0] });
  });

  it("a probe's mask: a bit off makes a mask, every bit on again drops it; each an undo step; the world's answer follows", () => {
    const near = { ...circle("near", 50), collisionLayer: 1 }, far = { ...circle("far", 80), collisionLayer: 2 };
    const t = new TestEditor(scene([near, far], [ray]));
    expect(t.editor.probeHit(t.state.probes[0]!)?.shape).toBe("near");
    expect(setProbeMaskBit(t.editor, "ray-1", 1, false).ok).toBe(true);
    expect(t.state.probes[0]!.mask).toBe(0xfffffffe);
    expect(t.editor.probeHit(t.state.probes[0]!)?.shape).toBe("far");
    expect(setProbeMaskBit(t.editor, "ray-1", 2, false).ok).toBe(true);
    expect(t.state.probes[0]!.mask).toBe(0xfffffffc);
    expect(t.editor.probeHit(t.state.probes[0]!)).toBeNull();
    // Already off: nothing changes, no undo step.
    const before = t.state.probes;
    expect(setProbeMaskBit(t.editor, "ray-1", 2, false).ok).toBe(true);
    expect(t.state.probes).toBe(before);
    expect(setProbeMaskBit(t.editor, "ray-1", 33, true)).toEqual({ ok: false, message: "a collision bit is 1 to 32, got 33" });
    t.editor.undo();
    expect(t.state.probes[0]!.mask).toBe(0xfffffffe);
    expect(setProbeMaskBit(t.editor, "ray-1", 1, true).ok).toBe(true);
    expect("mask" in t.state.probes[0]!).toBe(false);
    expect([maskText(undefined), maskText(0xffffffff), maskText(0), maskText(4), maskText(0x80000005), maskText(0b111011), maskText(0xfffffffe), maskText(0x7ffffff8)])
      .toEqual(["", "", "no layer", "layer 3", "layers 1, 3, 32", "layers 1, 2, 4–6", "every layer but 1", "every layer but 1–3, 32"]);
  });
});

describe("the Objects list's order", () => {
  const layers = [{ id: "a", name: "A" }, { id: "b", name: "B" }, { id: "c", name: "C" }];
  const circle = (i: number, layer: string | undefined, x = 0): Shape => ({ id: `s${i}`, type: "circle", x, y: 0, rotation: 0, radius: 1, ...(layer === undefined ? {} : { layer }) });
  const rankOf = (s: Shape) => {
    const i = layers.findIndex((l) => l.id === s.layer);
    return i < 0 ? layers.length : i;
  };
  /** The plain reference: a stable sort by the layer's place, unknown layers last. */
  const reference = (shapes: readonly Shape[]) => shapes.map((s, i) => ({ s, i })).sort((p, q) => rankOf(p.s) - rankOf(q.s) || p.i - q.i).map((p) => p.s);

  // A shape moved to another layer was listed where it sat in the scene, not among its layer's.
  it("is the canvas's: layer by layer from the bottom, scene order within, unknown layers last; the scene's own array when already so", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "gone", undefined), { maxLength: 40 }), (specs) => {
        const shapes = specs.map((layer, i) => circle(i, layer));
        const { listed, pos } = inDrawOrder(shapes, layers);
        expect(listed).toEqual(reference(shapes));
        if (pos === null) expect(listed).toBe(shapes);
        else shapes.forEach((s, i) => expect(listed[pos[i]!]).toBe(s));
      }),
      { seed: 41, numRuns: 500 },
    );
  });

  it("follows a drag (shapes replaced in place) without sorting again, and a change of layer by sorting", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: 30 }), fc.array(fc.nat(), { maxLength: 5 }), fc.nat(), (specs, moved, relayered) => {
        const order = new ListOrder();
        let shapes = specs.map((layer, i) => circle(i, layer));
        order.of(shapes, layers);
        shapes = shapes.map((s, i) => (moved.includes(i % shapes.length) || moved.some((m) => m % shapes.length === i) ? { ...s, x: s.x + 5 } : s));
        expect(order.of(shapes, layers)).toEqual(reference(shapes));
        const k = relayered % shapes.length;
        shapes = shapes.map((s, i) => (i === k ? { ...s, layer: s.layer === "a" ? "c" : "a" } : s));
        const listed = order.of(shapes, layers);
        expect(listed).toEqual(reference(shapes));
        expect(listed[order.placeOf(k)]).toBe(shapes[k]);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
