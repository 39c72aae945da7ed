// Chains, one-sided chains and sensors in the editor: the chain tool by clicks and keys, its
// handles, picking near an edge, the normals' arrows, how each is painted, the Inspector's toggles,
// the triggers apart from the overlaps, probes through sensors, and copy, paste, duplicate and nudge.
import { describe, expect, it } from "vitest";
import { emptyScene, type Probe, type Shape } from "../../core";
import { ACTIONS } from "../../renderer/actions/registry";
import { duplicate } from "../../renderer/actions/edit-actions";
import { normalArrows } from "../../renderer/canvas/chain-normals";
import { paintShapes } from "../../renderer/canvas/shape-batch";
import { shapeStyle } from "../../renderer/canvas/shape-style";
import { canvasTheme, shapePaint, THEME } from "../../renderer/canvas/theme";
import { matchesQuery, objectKind } from "../../renderer/app/dock/object-rows";
import { chainKind, distanceToChain } from "../../renderer/shapes/chain";
import { select, undo } from "../../renderer/store/actions";
import { copySelection, planPaste } from "../../renderer/store/clipboard";
import { setProbeIncludeSensors } from "../../renderer/store/probe-edits";
import { setSelectionFlag, shapesWithFlag } from "../../renderer/store/shape-edits";
import { setView, nudgeSelection } from "../../renderer/store/view-actions";
import { shapeHandleId } from "../../renderer/tools/select/select-tool";
import { shapesAt } from "../../renderer/tools/select/picking";
import { TestEditor } from "./test-editor";

type Chain = Extract<Shape, { type: "chain" }>;

const worldPoints = (c: Shape) => ("points" in c ? c.points.map(([x, y]) => [x + c.x, y + c.y]) : []);
const platform = (id: string, extra: Partial<Chain> = {}): Chain => ({ id, type: "chain", x: 100, y: 100, rotation: 0, points: [[-50, 0], [50, 0]], ...extra });
const circle = (id: string, x: number, y: number, extra: Partial<Shape> = {}): Shape => ({ id, type: "circle", x, y, rotation: 0, radius: 10, ...extra }) as Shape;
const box = (id: string, x: number, y: number): Shape => ({ id, type: "box", x, y, rotation: 0, width: 20, height: 20 });
const scene = (shapes: Shape[], probes: Probe[] = []) => ({ ...emptyScene(), shapes, probes });

describe("chain tool", () => {
  it("the shortcut is L and no other action has it; clicks add points and Enter ends an open chain, one undo step", () => {
    const singles = ACTIONS.flatMap((a) => a.keys.filter((k) => !k.mod && !k.alt && !k.alias && k.key.length === 1).map((k) => `${k.shift ? "S+" : ""}${k.key}`));
    expect(singles.filter((k) => k === "l")).toHaveLength(1);
    expect(new Set(singles).size).toBe(singles.length);
    const t = new TestEditor();
    expect(t.key("l")).toBe(true);
    expect(t.path).toBe("chain.idle");
    const before = t.undoSteps;
    t.click(0, 100).click(100, 100).click(200, 50);
    expect(t.path).toBe("chain.drawing");
    expect(t.editor.overlay.getState().draft).toHaveLength(3);
    expect(t.shapes).toHaveLength(0);
    t.key("Enter");
    expect(t.path).toBe("chain.idle");
    expect(t.shapes).toHaveLength(1);
    const c = t.shapes[0] as Chain;
    expect(c.type).toBe("chain");
    expect(c.closed).toBeUndefined();
    expect(worldPoints(c)).toEqual([[0, 100], [100, 100], [200, 50]]);
    expect(t.undoSteps).toBe(before + 1);
    undo(t.editor);
    expect(t.shapes).toHaveLength(0);
  });

  it("clicking the first point closes it; a double-click ends it open; Backspace takes back a point; Escape abandons", () => {
    const t = new TestEditor();
    t.key("l");
    t.click(0, 0).click(100, 0).click(100, 100).click(2, 1); // near the first point: closes
    expect((t.shapes[0] as Chain).closed).toBe(true);
    expect(worldPoints(t.shapes[0]!)).toEqual([[0, 0], [100, 0], [100, 100]]);
    // Two points and a click on the first adds a point (closing takes three): no repeat, no close.
    t.click(300, 0).click(400, 0).click(400, 0); // double-click on the last point: ends open
    expect(t.shapes).toHaveLength(2);
    expect((t.shapes[1] as Chain).closed).toBeUndefined();
    expect(worldPoints(t.shapes[1]!)).toEqual([[300, 0], [400, 0]]);
    t.click(0, 300).click(50, 300).click(99, 399);
    expect(t.key("Backspace")).toBe(true);
    expect(t.editor.overlay.getState().draft).toEqual([{ x: 0, y: 300 }, { x: 50, y: 300 }]);
    expect(t.shapes).toHaveLength(2); // Backspace took the point, not the selection
    t.key("Escape");
    expect(t.path).toBe("chain.idle");
    expect(t.editor.overlay.getState().draft).toEqual([]);
    expect(t.shapes).toHaveLength(2);
    // One point and Enter makes nothing, and says why.
    t.click(0, 500);
    t.key("Enter");
    expect(t.shapes).toHaveLength(2);
    expect(t.state.notice).toMatch(/^Cannot make the chain: a chain needs at least 2 points/);
  });
});

describe("chain handles and picking", () => {
  it("has a handle per point and per edge's midpoint (the closing edge's too when closed)", () => {
    const open: Chain = { id: "c", type: "chain", x: 0, y: 0, rotation: 0, points: [[0, 0], [10, 0], [10, 10]] };
    const kinds = (c: Chain) => chainKind.handles(c).map((h) => `${h.handle.kind[0]}${"index" in h.handle ? h.handle.index : ""}`);
    // Midpoints first: a vertex is drawn and hit above a midpoint that overlaps it.
    expect(kinds(open)).toEqual(["m0", "m1", "v0", "v1", "v2"]);
    expect(kinds({ ...open, closed: true })).toEqual(["m0", "m1", "m2", "v0", "v1", "v2"]);
  });

  it("a midpoint drag inserts a point, a vertex drag moves one, Alt-click deletes one down to two, each one undo step", () => {
    const t = new TestEditor(scene([platform("c")]));
    select(t.editor, ["c"]);
    const steps = t.undoSteps;
    t.drag([100, 100], [100, 80], { hit: shapeHandleId("c", { kind: "midpoint", index: 0 }) });
    expect(worldPoints(t.shape("c"))).toEqual([[50, 100], [100, 80], [150, 100]]);
    t.drag([150, 100], [160, 110], { hit: shapeHandleId("c", { kind: "vertex", index: 2 }) });
    expect(worldPoints(t.shape("c"))).toEqual([[50, 100], [100, 80], [160, 110]]);
    expect(t.undoSteps).toBe(steps + 2);
    t.click(100, 80, { hit: shapeHandleId("c", { kind: "vertex", index: 1 }), alt: true });
    expect(worldPoints(t.shape("c"))).toEqual([[50, 100], [160, 110]]);
    t.click(50, 100, { hit: shapeHandleId("c", { kind: "vertex", index: 0 }), alt: true });
    expect(worldPoints(t.shape("c"))).toHaveLength(2);
    expect(t.state.notice).toMatch(/an open chain keeps at least 2 points/);
    // Dragging a point onto its neighbour is refused: a chain's points do not repeat.
    t.drag([160, 110], [50, 100], { hit: shapeHandleId("c", { kind: "vertex", index: 1 }) }, 1);
    expect(worldPoints(t.shape("c"))).toEqual([[50, 100], [160, 110]]);
    expect(t.state.notice).toBe("Stopped: point 1 would land on point 0 · Alt-click a point to delete it");
  });

  it("picks a chain within a few screen pixels of an edge, at any zoom, and never inside a closed one", () => {
    const t = new TestEditor(scene([platform("c"), platform("loop", { x: 400, points: [[-50, -50], [50, -50], [50, 50], [-50, 50]], closed: true })]));
    expect(shapesAt(t.editor, { x: 120, y: 104 }).map((s) => s.id)).toEqual(["c"]);
    expect(shapesAt(t.editor, { x: 120, y: 107 })).toEqual([]);
    expect(shapesAt(t.editor, { x: 400, y: 100 })).toEqual([]); // the loop's middle: no inside
    expect(shapesAt(t.editor, { x: 449, y: 100 }).map((s) => s.id)).toEqual(["loop"]); // its right edge
    setView(t.editor, { x: 0, y: 0, scale: 4 });
    expect(shapesAt(t.editor, { x: 120, y: 102 })).toEqual([]); // 8 screen pixels away at 4×
    expect(shapesAt(t.editor, { x: 120, y: 101 }).map((s) => s.id)).toEqual(["c"]);
    // The distance against a plain reference: a point beyond an end measures to that end.
    expect(distanceToChain(platform("c"), { x: 153, y: 104 })).toBeCloseTo(5, 9);
    expect(distanceToChain(platform("c", { rotation: 90 }), { x: 100, y: 130 })).toBeCloseTo(0, 9);
  });
});

describe("drawing chains and sensors", () => {
  const paint = shapePaint(THEME, "#6b7cff", false);

  it("a one-sided edge's arrow points along (dy, -dx): left to right faces up, right to left down, a turned chain turns it", () => {
    const up = normalArrows(platform("c", { oneSided: true }), 10);
    expect(up).toHaveLength(1);
    expect(up[0]!.from).toEqual({ x: 100, y: 100 });
    expect(up[0]!.to.x).toBeCloseTo(100, 9);
    expect(up[0]!.to.y).toBeCloseTo(90, 9);
    const down = normalArrows(platform("c", { oneSided: true, points: [[50, 0], [-50, 0]] }), 10);
    expect(down[0]!.to.y).toBeCloseTo(110, 9);
    const turned = normalArrows(platform("c", { oneSided: true, rotation: 90 }), 10);
    expect(turned[0]!.to.x).toBeCloseTo(110, 9); // the edge runs down the screen: it faces right
    expect(normalArrows(platform("c"), 10)).toEqual([]); // two-sided: no arrows
    expect(normalArrows(platform("c", { oneSided: true, closed: true, points: [[0, 0], [10, 0], [0, 10]] }), 10)).toHaveLength(3);
    // A long edge shows its side along its length: an odd number of arrows, evenly spaced, one at its middle.
    const long = normalArrows(platform("c", { oneSided: true, points: [[-300, 0], [300, 0]] }), 10);
    expect(long).toHaveLength(9);
    long.forEach((a, k) => expect(a.from.x).toBeCloseTo(-200 + (600 * (k + 0.5)) / 9, 9));
    expect(long[4]!.from.x).toBeCloseTo(100, 9);
    expect(long.every((a) => a.to.y < a.from.y)).toBe(true);
  });

  it("chains are stroked, never filled; sensors are dashed in the sensor colour and never in the warning's", () => {
    expect(shapeStyle(platform("c"), false, false, paint)).toEqual({ fill: null, stroke: paint.stroke, dashed: false });
    expect(shapeStyle(box("b", 0, 0), true, false, paint)).toEqual({ fill: paint.overlapFill, stroke: paint.overlapStroke, dashed: false });
    expect(shapeStyle(circle("s", 0, 0, { sensor: true }), true, false, paint)).toEqual({ fill: THEME.sensorFill, stroke: THEME.sensor, dashed: true });
    expect(shapeStyle(platform("c", { sensor: true }), false, true, paint)).toEqual({ fill: null, stroke: THEME.selected, dashed: true });
    // Both themes have their own sensor colour, apart from the selection's and the warnings'.
    const light = canvasTheme("light");
    expect(shapePaint(light, "#6b7cff", false).sensorStroke).toBe(light.sensor);
    for (const theme of [THEME, light]) expect(new Set([theme.sensor, theme.selected, theme.overlapStroke, theme.hover]).size).toBe(4);
  });

  it("paintShapes fills a box, only strokes a chain, traces a one-sided chain's arrow, and dashes a sensor", () => {
    const log: string[] = [];
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (t, name: string) => (name in t ? t[name] : (...args: unknown[]) => log.push(`${name}(${args.length})`)),
      set: (t, name: string, v: unknown) => {
        t[name] = v;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
    const all = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 };
    paintShapes(ctx, [box("b", 0, 0)], new Set(), all, "plain", paint, 1);
    expect(log.filter((l) => l.startsWith("fill("))).toHaveLength(1);
    log.length = 0;
    paintShapes(ctx, [platform("c")], new Set(), all, "plain", paint, 1);
    expect(log.filter((l) => l.startsWith("fill("))).toHaveLength(0);
    expect(log.filter((l) => l.startsWith("lineTo("))).toHaveLength(1);
    log.length = 0;
    paintShapes(ctx, [platform("c", { oneSided: true })], new Set(), all, "plain", paint, 1);
    expect(log.filter((l) => l.startsWith("lineTo("))).toHaveLength(1 + 3); // the edge, the shaft and the head's two strokes
    log.length = 0;
    paintShapes(ctx, [circle("s", 0, 0, { sensor: true })], new Set(), all, "plain", paint, 1);
    expect(log).toContain("setLineDash(1)");
    expect(log.filter((l) => l.startsWith("fill("))).toHaveLength(1);
  });
});

describe("inspector toggles", () => {
  it("sensor on any kind, closed and one-sided on chains: each one undo step, off written as an absent field", () => {
    const t = new TestEditor(scene([platform("c"), box("b", 300, 300)]));
    select(t.editor, ["c", "b"]);
    const steps = t.undoSteps;
    expect(setSelectionFlag(t.editor, "sensor", true).ok).toBe(true);
    expect(t.shapes.map((s) => s.sensor)).toEqual([true, true]);
    expect(t.undoSteps).toBe(steps + 1);
    // Only the chain has `closed`: the box is left as it is.
    select(t.editor, ["c"]);
    expect(setSelectionFlag(t.editor, "closed", true)).toEqual({ ok: false, message: "c: a closed chain needs at least 3 points, it has 2" });
    expect(setSelectionFlag(t.editor, "oneSided", true).ok).toBe(true);
    expect(t.shape("c")).toMatchObject({ oneSided: true, sensor: true });
    expect(setSelectionFlag(t.editor, "sensor", false).ok).toBe(true);
    expect("sensor" in t.shape("c")).toBe(false);
    expect(t.undoSteps).toBe(steps + 3);
    undo(t.editor);
    expect(t.shape("c").sensor).toBe(true);
    const three = platform("t", { points: [[0, 0], [10, 0], [0, 10]] });
    const closed = shapesWithFlag([three, box("b", 0, 0)], ["t", "b"], "closed", true);
    expect(closed.ok && closed.value.map((s) => ("closed" in s ? s.closed : "none"))).toEqual([true, "none"]);
  });

  it("a probe's include-sensors toggle lets the sensor stop it, one undo step", () => {
    const ray: Probe = { id: "ray-1", name: "ray-1", type: "ray", from: [0, 0], to: [200, 0] };
    const t = new TestEditor(scene([circle("coin", 50, 0, { sensor: true }), box("wall", 150, 0)], [ray]));
    expect(t.editor.probeHits().get("ray-1")?.shape).toBe("wall");
    const steps = t.undoSteps;
    expect(setProbeIncludeSensors(t.editor, "ray-1", true).ok).toBe(true);
    expect(t.state.probes[0]!.includeSensors).toBe(true);
    expect(t.editor.probeHits().get("ray-1")?.shape).toBe("coin");
    expect(t.undoSteps).toBe(steps + 1);
    setProbeIncludeSensors(t.editor, "ray-1", false);
    expect("includeSensors" in t.state.probes[0]!).toBe(false);
  });

  it("a one-sided platform stops a ray from above and lets one from below through", () => {
    const down: Probe = { id: "down", name: "down", type: "ray", from: [100, 50], to: [100, 150] };
    const up: Probe = { id: "up", name: "up", type: "ray", from: [100, 150], to: [100, 50] };
    const t = new TestEditor(scene([platform("p", { oneSided: true })], [down, up]));
    expect(t.editor.probeHits().get("down")?.shape).toBe("p");
    expect(t.editor.probeHits().get("up")).toBeNull();
  });
});

describe("triggers, the Objects list, and the clipboard", () => {
  it("a sensor's contacts are triggers, never overlaps", () => {
    const t = new TestEditor(scene([box("player", 0, 0), circle("coin", 5, 0, { sensor: true }), box("crate", 12, 0)]));
    expect(t.editor.overlaps().pairs.map((p) => `${p.a}-${p.b}`)).toEqual(["player-crate"]);
    expect(t.editor.sensorContacts().map((p) => `${p.a}-${p.b}:${p.sensor}`)).toEqual(["player-coin:true", "coin-crate:true"]);
    expect(t.editor.sensorContactsOf(new Set(["crate"])).map((p) => p.a)).toEqual(["coin"]);
    setSelectionFlag(t.editor, "sensor", false); // nothing selected: nothing changes
    select(t.editor, ["coin"]);
    setSelectionFlag(t.editor, "sensor", false);
    expect(t.editor.sensorContacts()).toEqual([]);
    expect(t.editor.overlaps().pairs).toHaveLength(3);
  });

  it("rows name a chain's make and mark sensors; search finds them", () => {
    expect(objectKind(platform("c", { closed: true, oneSided: true }))).toBe("chain, closed, one-sided");
    expect(objectKind(box("b", 0, 0))).toBe("box");
    expect(matchesQuery(circle("s", 0, 0, { sensor: true }), "sensor")).toBe(true);
    expect(matchesQuery(circle("s", 0, 0), "sensor")).toBe(false);
    expect(matchesQuery(platform("c", { oneSided: true }), "one-sided")).toBe(true);
  });

  it("copy and paste, duplicate and nudge keep a chain's points and flags", () => {
    const t = new TestEditor(scene([platform("c", { oneSided: true, sensor: true })]));
    select(t.editor, ["c"]);
    duplicate(t.editor);
    expect(t.shapes).toHaveLength(2);
    expect(t.shapes[1]).toMatchObject({ type: "chain", oneSided: true, sensor: true, points: [[-50, 0], [50, 0]] });
    const payload = copySelection(t.state, ["c"])!;
    const plan = planPaste(payload, t.state, t.state.activeLayer, 10, 10);
    expect(plan.shapes[0]).toMatchObject({ type: "chain", oneSided: true, sensor: true, points: [[-50, 0], [50, 0]] });
    select(t.editor, ["c"]);
    nudgeSelection(t.editor, 3, -2);
    expect(t.shape("c")).toMatchObject({ x: 103, y: 98, points: [[-50, 0], [50, 0]] });
  });
});
