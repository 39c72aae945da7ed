// A multi-selection turned and scaled as a group: the pure transforms (shapes/transform.ts) as
// properties over every kind, and the select tool's knob and corners on a group (RotatingGroup,
// ScalingGroup): one named undo step per drag, Escape, the factor's floor, snapping, probes.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { emptyScene, normalizeDegrees, validateSceneData, type Layer, type Point, type Probe, type Shape } from "../../core";
import { Editor } from "../../renderer/editor/editor";
import { MIN_EDIT_SIZE } from "../../renderer/shapes/kind";
import { kindOf } from "../../renderer/shapes/registry";
import { scaleProbeAbout, scaleShapeAbout, smallestScale, turnProbeAbout, turnShapeAbout } from "../../renderer/shapes/transform";
import { loadDocument, select } from "../../renderer/store/actions";
import { cornerScale, groupHandleId, groupHandlesOf, MIN_CORNERS_PX, selectionGroup } from "../../renderer/tools/select/group";
import { anyShape, asRead, real, seedOf } from "../core/arbitraries";
import { pointerAt, toolDriver } from "./pointer";

const chain = (id: string): fc.Arbitrary<Shape> =>
  fc
    .tuple(real(-500, 500), real(-500, 500), real(-180, 180), fc.uniqueArray(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 })), { minLength: 2, maxLength: 6, selector: ([x, y]) => `${x},${y}` }), fc.boolean())
    .filter(([, , , points, closed]) => !closed || points.length >= 3)
    .map(([x, y, rotation, points, closed]): Shape => ({ id, type: "chain", x, y, rotation, points: points as Point[], ...(closed ? { closed: true } : {}) }));

/** Shapes of every kind, a few hundred units about the origin. */
const shapes = fc.array(fc.oneof(anyShape("s", { extent: 500, minSize: 1, maxSize: 200 }).map(asRead), chain("s")), { minLength: 1, maxLength: 6 }).map((list) => list.map((s, i) => ({ ...s, id: `s${i}` })));
const centre = fc.record({ x: real(-500, 500), y: real(-500, 500) });
const ray: Probe = { id: "r", name: "r", type: "ray", from: [10, 20], to: [300, -40] };
const sweep: Probe = { id: "w", name: "w", type: "sweep", shape: "s0", to: [-70, 5] };

const NEAR = 1e-9;
/** Whether two numbers agree within 1e-9 of their size (at least absolutely). */
const near = (a: number, b: number): boolean => Math.abs(a - b) <= NEAR * Math.max(1, Math.abs(a), Math.abs(b));
const nearAngle = (a: number, b: number): boolean => Math.abs(normalizeDegrees(a - b)) <= NEAR * 360;

/** Whether two versions of a shape agree within 1e-9 in every number (angles modulo 360). */
function sameShape(a: Shape, b: Shape): boolean {
  const ra = a as unknown as Record<string, unknown>, rb = b as unknown as Record<string, unknown>;
  return Object.keys(ra).every((k) => {
    const u = ra[k], v = rb[k];
    if (k === "rotation") return nearAngle(u as number, v as number);
    if (typeof u === "number") return near(u, v as number);
    if (k === "points") return (u as Point[]).every(([x, y], i) => near(x, (v as Point[])[i]![0]) && near(y, (v as Point[])[i]![1]));
    return u === v;
  });
}

const valid = (list: readonly Shape[]) => validateSceneData({ ...emptyScene(), shapes: list }).ok;
const options = (name: string) => ({ seed: seedOf(name), numRuns: 300 });

describe("group transforms", () => {
  it("turning by a then b is turning by a + b (within 1e-9)", () => {
    fc.assert(
      fc.property(shapes, centre, real(-360, 360), real(-360, 360), (list, c, a, b) => {
        for (const s of list) expect(sameShape(turnShapeAbout(turnShapeAbout(s, c, a), c, b), turnShapeAbout(s, c, a + b))).toBe(true);
        const twice = turnProbeAbout(turnProbeAbout(ray, c, a), c, b), once = turnProbeAbout(ray, c, a + b);
        expect(twice.type === "ray" && once.type === "ray" && [0, 1].every((i) => near(twice.from[i]!, once.from[i]!) && near(twice.to[i]!, once.to[i]!))).toBe(true);
      }),
      options("turn a then b"),
    );
  });

  it("a circle only moves round; every other kind gains the angle; turned shapes stay valid", () => {
    fc.assert(
      fc.property(shapes, centre, real(-360, 360), (list, c, a) => {
        const turned = list.map((s) => turnShapeAbout(s, c, a));
        turned.forEach((t, i) => {
          const s = list[i]!;
          expect(t.rotation).toBe(kindOf(s).rotates ? normalizeDegrees(s.rotation + a) : s.rotation);
          expect(near(Math.hypot(t.x - c.x, t.y - c.y), Math.hypot(s.x - c.x, s.y - c.y))).toBe(true);
        });
        expect(valid(turned)).toBe(true);
      }),
      options("turn kinds"),
    );
  });

  it("scaling by s then 1/s gives the shapes back (within 1e-9), and every scaled shape is valid", () => {
    fc.assert(
      fc.property(shapes, centre, real(0.05, 20), (list, anchor, s) => {
        const k = Math.max(s, smallestScale(list));
        const scaled = list.map((x) => scaleShapeAbout(x, anchor, k));
        expect(valid(scaled)).toBe(true);
        scaled.forEach((x, i) => expect(sameShape(scaleShapeAbout(x, anchor, 1 / k), list[i]!)).toBe(true));
        // No length goes below the editor's least, nor below itself when it already was.
        scaled.forEach((x, i) => {
          const was = kindOf(list[i]!).lengths(list[i]!);
          kindOf(x).lengths(x).forEach((v, j) => expect(v).toBeGreaterThanOrEqual(Math.min(MIN_EDIT_SIZE, was[j]!) * (1 - 1e-12)));
        });
      }),
      options("scale s then 1/s"),
    );
  });

  it("a scale keeps a capsule's height at least twice its radius, even when equal", () => {
    const capsule: Shape = { id: "c", type: "capsule", x: 3, y: 4, rotation: 30, radius: 0.1 + 0.2, height: 2 * (0.1 + 0.2) };
    fc.assert(
      fc.property(real(0.01, 100), (k) => {
        const s = scaleShapeAbout(capsule, { x: 0, y: 0 }, k);
        expect(s.type === "capsule" && s.height >= 2 * s.radius).toBe(true);
      }),
      options("capsule scale"),
    );
  });

  it("probes go with the group: a ray by both ends, a sweep by its target", () => {
    expect(turnProbeAbout(ray, { x: 10, y: 20 }, 90)).toMatchObject({ from: [10, 20], to: [70, 310] });
    expect(turnProbeAbout(sweep, { x: 0, y: 0 }, 180)).toMatchObject({ shape: "s0", to: [70, -5] });
    expect(scaleProbeAbout(ray, { x: 10, y: 20 }, 2)).toMatchObject({ from: [10, 20], to: [590, -100] });
    expect(scaleProbeAbout(sweep, { x: 0, y: 5 }, 2)).toMatchObject({ to: [-140, 5] });
  });

  it("a frame smaller than MIN_CORNERS_PX on screen shows only its knob (corners would cover each other); zoomed in, its corners come back", () => {
    const frame = { box: { x: 0, y: 0, width: 6, height: 4 }, rotation: 0 };
    expect(groupHandlesOf(frame, 1).map((h) => h.handle)).toEqual(["rotate"]);
    expect(groupHandlesOf(frame, MIN_CORNERS_PX / 6).map((h) => h.handle)).toEqual(["rotate", "nw", "ne", "se", "sw"]);
    // One long side is enough (a row of coins).
    expect(groupHandlesOf({ box: { x: 0, y: 0, width: 200, height: 0 }, rotation: 0 }, 1)).toHaveLength(5);
  });

  it("a corner's factor follows the pointer's further pull, about the opposite corner or (centred) the centre", () => {
    const box = { x: 0, y: 0, width: 200, height: 100 };
    expect(cornerScale(box, "se", { x: 300, y: 120 }, false)).toEqual({ k: 1.5, anchor: { x: 0, y: 0 } });
    expect(cornerScale(box, "se", { x: 220, y: 200 }, false)).toEqual({ k: 2, anchor: { x: 0, y: 0 } });
    expect(cornerScale(box, "nw", { x: 100, y: 50 }, false)).toEqual({ k: 0.5, anchor: { x: 200, y: 100 } });
    expect(cornerScale(box, "ne", { x: 300, y: 50 }, true)).toEqual({ k: 2, anchor: { x: 100, y: 50 } });
    // A flat box (two level chains) scales by its one side.
    expect(cornerScale({ x: 0, y: 10, width: 100, height: 0 }, "se", { x: 50, y: 999 }, false).k).toBe(0.5);
  });
});

describe("the select tool's group handles", () => {
  let editor = new Editor();
  const box = (id: string, x: number, y: number, layer?: string): Shape => ({ id, type: "box", x, y, rotation: 0, width: 40, height: 20, ...(layer ? { layer } : {}) });
  const circle: Shape = { id: "c", type: "circle", x: 100, y: 0, rotation: 0, radius: 10 };
  function load(list: Shape[], probes: Probe[] = [], layers?: Layer[]) {
    loadDocument(editor, { ...emptyScene(), shapes: list, probes, ...(layers ? { layers } : {}) }, { name: "t.json" });
  }
  const shape = (id: string) => editor.getState().shapes.find((s) => s.id === id)!;

  beforeEach(() => {
    editor = new Editor();
  });

  it("shows for two or more editable shapes only: one has its own handles, a locked layer's are left out", () => {
    const layers: Layer[] = [{ id: "open", name: "Open" }, { id: "shut", name: "Shut", locked: true }];
    load([box("a", 0, 0, "open"), box("b", 100, 0, "open"), box("l", 300, 0, "shut")], [], layers);
    select(editor, ["a"]);
    expect(selectionGroup(editor)).toBeNull();
    select(editor, ["a", "l"]);
    expect(selectionGroup(editor)).toBeNull();
    select(editor, ["a", "b", "l"]);
    expect(selectionGroup(editor)?.shapes.map((s) => s.id)).toEqual(["a", "b"]);
    expect(selectionGroup(editor)?.box).toEqual({ x: -20, y: -10, width: 140, height: 20 });
  });

  it("the knob turns every shape about the box's centre as one step named Rotate; Shift snaps; Escape cancels", () => {
    load([box("a", 0, 0), circle], [ray]);
    select(editor, ["a", "c", "r"]);
    // The box: shapes −20…110 and the ray's ends 10…300, −40…20: centre (140, −10).
    const t = toolDriver(editor, "select");
    t.down(pointerAt(140, -100, groupHandleId("rotate")));
    expect(t.path()).toBe("select.rotating-group");
    t.move(pointerAt(240, -10));
    expect(shape("a")).toMatchObject({ rotation: 90 });
    expect(shape("a").x).toBeCloseTo(130, 9);
    expect(shape("a").y).toBeCloseTo(-150, 9);
    expect(shape("c")).toMatchObject({ rotation: 0 });
    expect(editor.overlay.getState().readout?.text).toBe("90°");
    expect(editor.overlay.getState().groupFrame).toMatchObject({ rotation: 90 });
    t.move(pointerAt(240, 90, null, { shift: true })); // 135°: already a step
    t.move(pointerAt(240, 80, null, { shift: true })); // 132°: snaps to 135°
    expect(shape("a").rotation).toBe(135);
    expect(editor.overlay.getState().readout?.text).toBe("135° (15° steps)");
    t.up(pointerAt(240, 80));
    expect(editor.history.undoLabel).toBe("Rotate 3 items");
    expect(editor.history.undoCount).toBe(1);
    expect(editor.overlay.getState().groupFrame).toBeNull();

    t.down(pointerAt(140, -100, groupHandleId("rotate")));
    t.move(pointerAt(0, 0));
    t.cancel();
    expect(shape("a").rotation).toBe(135);
    expect(editor.history.undoCount).toBe(1);
  });

  it("a stop below × 0.1 is said to two significant digits, not rounded to a factor it never reaches", () => {
    load([{ ...circle, id: "a", x: 0, radius: 40 }, { ...circle, radius: 40 }]);
    select(editor, ["a", "c"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(140, 40, groupHandleId("se")));
    t.move(pointerAt(-500, -500));
    // r 40 stops at 1/40.
    expect(editor.getState().notice).toBe("Scale stops at × 0.025: no size goes below 1");
    t.cancel();
  });

  it("a corner scales about the opposite one (Shift: the centre) as one step named Scale; the factor stops where a size would go below 1", () => {
    load([box("a", 0, 0), box("b", 100, 0)]);
    select(editor, ["a", "b"]);
    // The box: −20…120 by −10…10.
    const t = toolDriver(editor, "select");
    t.down(pointerAt(120, 10, groupHandleId("se")));
    expect(t.path()).toBe("select.scaling-group");
    t.move(pointerAt(260, 10));
    expect(shape("a")).toMatchObject({ x: 20, y: 10, width: 80, height: 40 });
    expect(shape("b")).toMatchObject({ x: 220, y: 10, width: 80, height: 40 });
    expect(editor.overlay.getState().readout?.text).toBe("× 2.00");
    // Past the anchor: the least factor, a 20-high box 1 high, and the status bar says so.
    t.move(pointerAt(-100, -100));
    expect(shape("a")).toMatchObject({ type: "box" });
    const a = shape("a") as Extract<Shape, { type: "box" }>;
    expect(a.height).toBeCloseTo(1, 12);
    expect(a.width).toBeCloseTo(2, 12);
    expect(editor.getState().notice).toBe("Scale stops at × 0.05: no size goes below 1");
    expect(editor.overlay.getState().readout?.text).toBe("× 0.05");
    t.up(pointerAt(-100, -100));
    expect(editor.history.undoLabel).toBe("Scale 2 boxes");

    editor.undo();
    t.down(pointerAt(120, 10, groupHandleId("se"), { shift: true }));
    t.move(pointerAt(190, 20, null, { shift: true }));
    expect(shape("a")).toMatchObject({ x: -50, y: 0, width: 80 });
    t.cancel();
    expect(shape("a")).toMatchObject({ x: 0, width: 40 });
  });

  it("with snapping on, the dragged corner lands on the grid along its further pull", () => {
    load([box("a", 0, 0), box("b", 100, 0)]);
    editor.update({ grid: { ...editor.getState().grid, snap: true }, gridSize: 25 });
    select(editor, ["a", "b"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(120, 10, groupHandleId("se")));
    t.move(pointerAt(183, 4)); // snaps to (175, 0): x pulls further, by 195/140
    const k = 195 / 140;
    expect(shape("b").x + 20 * k).toBeCloseTo(175, 9); // b's right edge: the dragged corner's x
    t.move(pointerAt(183, 4, null, { mod: true })); // Ctrl turns snapping over: 203/140
    expect(editor.overlay.getState().readout?.text).toBe(`× ${(203 / 140).toFixed(2)}`);
    t.up(pointerAt(183, 4));
  });
});
