// The select tool's selection gestures and transform handles, driven by pointer events as the
// canvas sends them: state paths, the documents they make, one undo step per drag, Escape.
import { dispatchKey } from "../../renderer/actions/keyboard";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { checkConvexPolygon, type Layer, type Shape } from "../../core";
import { loadDocument, select, undo, redo } from "../../renderer/store/actions";
import { RESIZE_SIDES, resizeBox, type ResizeHandle } from "../../renderer/shapes/box";
import { MIN_EDIT_SIZE } from "../../renderer/shapes/kind";
import { localToWorld } from "../../renderer/shapes/registry";
import { handlesOf, ROTATE_OFFSET } from "../../renderer/tools/select/handles";
import { shapeHandleId } from "../../renderer/tools/select/select-tool";
import { pointerAt, toolDriver } from "./pointer";

let editor = new Editor();

type Box = Extract<Shape, { type: "box" }>;
type Polygon = Extract<Shape, { type: "polygon" }>;
type Capsule = Extract<Shape, { type: "capsule" }>;

const box = (id: string, x: number, y: number, rotation = 0, width = 40, height = 20, layer?: string): Box => ({ id, type: "box", x, y, rotation, width, height, ...(layer ? { layer } : {}) });
const square = (id: string): Polygon => ({ id, type: "polygon", x: 100, y: 100, rotation: 0, points: [[-10, -10], [10, -10], [10, 10], [-10, 10]] });
const capsule = (id: string): Capsule => ({ id, type: "capsule", x: 0, y: 0, rotation: 0, radius: 10, height: 60 });

function load(shapes: Shape[], layers?: Layer[]) {
  loadDocument(editor, { format: "collider-studio-scene", version: 1, shapes, probes: [], ...(layers ? { layers } : {}) }, { name: "t.json" });
}
const shape = <T extends Shape = Shape>(id: string) => editor.getState().shapes.find((s) => s.id === id) as T;
const selection = () => editor.getState().selection;
const past = () => editor.history.undoCount;

/** The world position of a box's local corner (sx, sy) ∈ {−1, 1}². */
const corner = (b: Box, sx: number, sy: number) => localToWorld(b, { x: (sx * b.width) / 2, y: (sy * b.height) / 2 });

beforeEach(() => {
  editor = new Editor();
  load([]);
  editor.overlay.setState({ marquee: null, draft: [] });
});

describe("selection", () => {
  it("clicks select, Shift-click toggles, a click on empty canvas clears", () => {
    load([box("a", 0, 0), box("b", 100, 0)]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(0, 0, "a")); t.up(pointerAt(0, 0));
    expect(selection()).toEqual(["a"]);
    t.down(pointerAt(100, 0, "b", { shift: true })); t.up(pointerAt(100, 0));
    expect(selection()).toEqual(["a", "b"]);
    t.down(pointerAt(0, 0, "a", { shift: true })); t.up(pointerAt(0, 0));
    expect(selection()).toEqual(["b"]);
    t.down(pointerAt(500, 500)); t.up(pointerAt(500, 500));
    expect(selection()).toEqual([]);
  });

  it("a marquee selects the shapes whose bounds it touches; Shift adds; Escape restores", () => {
    load([box("a", 0, 0), box("b", 100, 0), box("c", 300, 0)]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(-50, -50));
    expect(t.path()).toBe("select.brushing");
    t.move(pointerAt(85, 50)); // reaches b's left edge at x = 80
    expect(editor.overlay.getState().marquee).toEqual({ from: { x: -50, y: -50 }, to: { x: 85, y: 50 } });
    expect(selection()).toEqual(["a", "b"]);
    t.up(pointerAt(85, 50));
    expect(t.path()).toBe("select.idle");
    expect(editor.overlay.getState().marquee).toBeNull();
    // Shift keeps a and b and adds c; a drag right-to-left works the same.
    t.down(pointerAt(400, 50, null, { shift: true }));
    t.move(pointerAt(290, -50, null, { shift: true }));
    t.up(pointerAt(290, -50));
    expect(selection()).toEqual(["a", "b", "c"]);
    select(editor, ["c"]);
    t.down(pointerAt(-50, -50)); t.move(pointerAt(500, 50));
    expect(selection()).toEqual(["a", "b", "c"]);
    t.cancel();
    expect(selection()).toEqual(["c"]);
    expect(editor.overlay.getState().marquee).toBeNull();
  });

  it("Alt-click cycles down through the stack of shapes at the point", () => {
    load([box("bottom", 0, 0), box("middle", 5, 0), box("top", 10, 0), box("apart", 200, 0)]);
    const t = toolDriver(editor, "select");
    const altClick = () => { t.down(pointerAt(5, 0, "top", { alt: true })); t.up(pointerAt(5, 0)); };
    altClick();
    expect(selection()).toEqual(["middle"]); // under the top one
    altClick();
    expect(selection()).toEqual(["bottom"]);
    altClick();
    expect(selection()).toEqual(["top"]); // cycles back
  });

  it("shapes in hidden or locked layers are not picked by click, marquee or Alt-click", () => {
    const layers: Layer[] = [{ id: "base", name: "Base" }, { id: "hidden", name: "H", visible: false }, { id: "locked", name: "L", locked: true }];
    load([box("free", 0, 0, 0, 40, 20, "base"), box("h", 5, 0, 0, 40, 20, "hidden"), box("l", 10, 0, 0, 40, 20, "locked")], layers);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(25, 0, "l")); t.up(pointerAt(25, 0));
    expect(selection()).toEqual([]); // only the locked box is at x = 25
    t.down(pointerAt(5, 0, "l")); t.up(pointerAt(5, 0));
    expect(selection()).toEqual(["free"]); // falls through to what is pickable there
    t.down(pointerAt(5, 0, "l", { alt: true })); t.up(pointerAt(5, 0));
    expect(selection()).toEqual(["free"]);
    t.down(pointerAt(-100, -100)); t.move(pointerAt(100, 100)); t.up(pointerAt(100, 100));
    expect(selection()).toEqual(["free"]);
    // Selected anyway (select all), a locked shape stays put when the selection is dragged.
    select(editor, ["free", "l"]);
    t.down(pointerAt(0, 0, "free")); t.move(pointerAt(7, 0)); t.up(pointerAt(7, 0));
    expect([shape("free").x, shape("l").x]).toEqual([7, 10]);
    // A handle of a locked shape does nothing either.
    const before = shape<Box>("l");
    t.down(pointerAt(30, 10, shapeHandleId("l", { kind: "resize", side: "se" }))); t.move(pointerAt(80, 80)); t.up(pointerAt(80, 80));
    expect(shape("l")).toBe(before);
  });
});

describe("box handles", () => {
  it("a corner drag of a rotated box keeps the opposite corner fixed and is one undo step", () => {
    load([box("b", 50, 50, 30, 40, 20)]);
    select(editor, ["b"]);
    const t = toolDriver(editor, "select");
    const b0 = shape<Box>("b");
    const fixed = corner(b0, -1, -1);
    const grab = corner(b0, 1, 1);
    const before = past();
    t.down(pointerAt(grab.x, grab.y, shapeHandleId("b", { kind: "resize", side: "se" })));
    expect(t.path()).toBe("select.resizing");
    const to = localToWorld(b0, { x: 40, y: 30 });
    t.move(pointerAt(to.x - 3, to.y)); t.move(pointerAt(to.x, to.y));
    t.up(pointerAt(to.x, to.y));
    const b1 = shape<Box>("b");
    expect(b1.width).toBeCloseTo(60, 9);
    expect(b1.height).toBeCloseTo(40, 9);
    expect(b1.rotation).toBe(30);
    const still = corner(b1, -1, -1);
    expect(still.x).toBeCloseTo(fixed.x, 9);
    expect(still.y).toBeCloseTo(fixed.y, 9);
    expect(past()).toBe(before + 1);
    undo(editor);
    expect(shape("b")).toEqual(b0);
    redo(editor);
    expect(shape<Box>("b").width).toBeCloseTo(60, 9);
  });

  it("Shift resizes about the centre; Ctrl keeps the aspect ratio; sizes stop at the minimum", () => {
    const b = box("b", 0, 0, 0, 40, 20);
    const centred = resizeBox(b, "e", { x: 30, y: 0 }, { centred: true, keepAspect: false });
    expect([centred.x, centred.y, centred.width, centred.height]).toEqual([0, 0, 60, 20]);
    const aspect = resizeBox(b, "se", { x: 60, y: 15 }, { centred: false, keepAspect: true });
    expect(aspect.width / aspect.height).toBeCloseTo(2, 12);
    expect(aspect.width).toBeCloseTo(80, 12); // the x axis grew most: 40 → 80
    expect(corner(aspect, -1, -1)).toEqual({ x: -20, y: -10 });
    const tiny = resizeBox(b, "nw", { x: 500, y: 500 }, { centred: false, keepAspect: false });
    expect([tiny.width, tiny.height]).toEqual([MIN_EDIT_SIZE, MIN_EDIT_SIZE]);
    expect(corner(tiny, 1, 1)).toEqual({ x: 20, y: 10 });
  });

  it("any corner or edge drag of a random rotated box keeps the opposite side fixed and sizes positive", () => {
    const sides = Object.keys(RESIZE_SIDES) as ResizeHandle[];
    const finite = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true });
    fc.assert(
      fc.property(finite(-500, 500), finite(-500, 500), finite(-720, 720), finite(1, 300), finite(1, 300), fc.constantFrom(...sides), finite(-1000, 1000), finite(-1000, 1000), (x, y, rotation, width, height, side, px, py) => {
        const b = box("b", x, y, rotation, width, height);
        const out = resizeBox(b, side, { x: px, y: py }, { centred: false, keepAspect: false });
        expect(out.width).toBeGreaterThanOrEqual(MIN_EDIT_SIZE);
        expect(out.height).toBeGreaterThanOrEqual(MIN_EDIT_SIZE);
        const [sx, sy] = RESIZE_SIDES[side];
        // The opposite side's point on the centre line (or corner) stays put in world coordinates.
        const fixedBefore = localToWorld(b, { x: (-sx * b.width) / 2, y: (-sy * b.height) / 2 });
        const fixedAfter = localToWorld(out, { x: (-sx * out.width) / 2, y: (-sy * out.height) / 2 });
        expect(Math.abs(fixedAfter.x - fixedBefore.x)).toBeLessThan(1e-9);
        expect(Math.abs(fixedAfter.y - fixedBefore.y)).toBeLessThan(1e-9);
      }),
      { numRuns: 500 },
    );
  });

  it("the rotate knob turns clockwise on screen and snaps to 15° with Shift; Escape restores", () => {
    load([box("b", 0, 0)]);
    select(editor, ["b"]);
    const t = toolDriver(editor, "select");
    const knob = handlesOf(shape("b"), 1).find((h) => h.handle.kind === "rotate")!;
    expect(knob.at.y).toBeLessThan(-10); // above the box
    t.down(pointerAt(knob.at.x, knob.at.y, shapeHandleId("b", { kind: "rotate" })));
    expect(t.path()).toBe("select.rotating");
    t.move(pointerAt(50, 0)); // pointing right: a quarter turn clockwise
    expect(shape<Box>("b").rotation).toBeCloseTo(90, 9);
    t.move(pointerAt(50, 10));
    expect(shape<Box>("b").rotation).toBeCloseTo(90 + (Math.atan2(10, 50) * 180) / Math.PI, 9);
    t.move(pointerAt(50, 10, null, { shift: true }));
    expect(shape<Box>("b").rotation).toBe(105); // 101.3° snaps to 105°
    // Past 180° (pointing down and to the left) the angle goes on from −180°, never above 180°.
    t.move(pointerAt(-50, 10));
    expect(shape<Box>("b").rotation).toBeCloseTo(-90 - (Math.atan2(10, 50) * 180) / Math.PI, 9);
    t.move(pointerAt(0, 50));
    expect(shape<Box>("b").rotation).toBe(180);
    t.move(pointerAt(-50, 0, null, { shift: true }));
    expect(shape<Box>("b").rotation).toBe(-90); // not 270
    const before = past();
    // Escape cancels with Shift still held for the snap.
    expect(dispatchKey(editor, { key: "Escape", ctrlKey: false, metaKey: false, shiftKey: true, altKey: false, target: null })).toBe(true);
    expect(shape<Box>("b").rotation).toBe(0);
    expect(past()).toBe(before);
    expect(t.path()).toBe("select.idle");
  });

  it("keeps the knob's distance constant on screen: divided by the view's scale", () => {
    const b = box("b", 0, 0);
    const knobY = (scale: number) => handlesOf(b, scale).find((h) => h.handle.kind === "rotate")!.at.y;
    expect(knobY(1)).toBe(-10 - ROTATE_OFFSET);
    expect(knobY(4)).toBe(-10 - ROTATE_OFFSET / 4);
  });

  it("circles get a radius handle and no rotate knob", () => {
    load([{ id: "c", type: "circle", x: 0, y: 0, rotation: 0, radius: 10 }]);
    select(editor, ["c"]);
    expect(handlesOf(shape("c"), 1).map((h) => h.handle.kind)).toEqual(["radius"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(10, 0, shapeHandleId("c", { kind: "radius" }))); t.move(pointerAt(0, 25)); t.up(pointerAt(0, 25));
    expect(shape("c")).toMatchObject({ radius: 25, x: 0, y: 0 });
  });
});

describe("capsule handles", () => {
  it("the bottom handle keeps the top fixed; height never drops below 2·radius", () => {
    load([capsule("k")]);
    select(editor, ["k"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(0, 30, shapeHandleId("k", { kind: "height", end: "bottom" })));
    t.move(pointerAt(3, 50));
    expect(shape<Capsule>("k")).toMatchObject({ height: 80, y: 10 }); // top stays at −30
    t.move(pointerAt(0, -100));
    expect(shape<Capsule>("k")).toMatchObject({ height: 20, y: -20 });
    t.up(pointerAt(0, -100));
    // A radius wider than half the height grows the height with it.
    t.down(pointerAt(10, -20, shapeHandleId("k", { kind: "radius" }))); t.move(pointerAt(15, -20)); t.up(pointerAt(15, -20));
    expect(shape<Capsule>("k")).toMatchObject({ radius: 15, height: 30 });
  });

  it("Shift drags both ends about the centre", () => {
    load([capsule("k")]);
    select(editor, ["k"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(0, -30, shapeHandleId("k", { kind: "height", end: "top" }))); t.move(pointerAt(0, -50, null, { shift: true })); t.up(pointerAt(0, -50));
    expect(shape<Capsule>("k")).toMatchObject({ height: 100, y: 0 });
  });
});

describe("polygon vertices", () => {
  it("drags a vertex as one undo step", () => {
    load([square("p")]);
    select(editor, ["p"]);
    const t = toolDriver(editor, "select");
    const before = past();
    t.down(pointerAt(110, 110, shapeHandleId("p", { kind: "vertex", index: 2 })));
    expect(t.path()).toBe("select.dragging-handle");
    t.move(pointerAt(115, 112)); t.move(pointerAt(120, 115)); t.up(pointerAt(120, 115));
    expect(shape<Polygon>("p").points).toEqual([[-10, -10], [10, -10], [20, 15], [-10, 10]]);
    expect(past()).toBe(before + 1);
    undo(editor);
    expect(shape<Polygon>("p").points[2]).toEqual([10, 10]);
  });

  it("keeps a dent concave, refuses a move that makes the outline cross itself, says why, and offers the hull with Shift", () => {
    load([square("p")]);
    select(editor, ["p"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(110, 110, shapeHandleId("p", { kind: "vertex", index: 2 })));
    t.move(pointerAt(105, 105)); // still convex
    t.move(pointerAt(95, 95)); // dents it: a concave polygon, kept as drawn
    expect(shape<Polygon>("p").points[2]).toEqual([-5, -5]);
    t.move(pointerAt(85, 95)); // edge 1 would cross edge 3: refused, the dent stays
    expect(shape<Polygon>("p").points[2]).toEqual([-5, -5]);
    // Short enough for the status line, what works first; the full reason in its tooltip.
    // The hull is offered: it keeps all the square's points but the dragged one.
    expect(editor.getState().notice).toBe("Stopped: edges 1 and 3 would cross (in red) · Shift-drag: convex hull");
    expect(editor.getState().noticeDetail).toMatch(/^Stopped at the last valid position: edges 1 and 3 cross or touch \(edge 1 runs from point 1 to point 2.* · Shift-drag: convex hull$/);
    // The two edges, where the pointer would put them, in world units.
    expect(editor.overlay.getState().crossing).toEqual([[{ x: 110, y: 90 }, { x: 85, y: 95 }], [{ x: 90, y: 110 }, { x: 90, y: 90 }]]);
    t.move(pointerAt(95, 95, null, { shift: true }));
    const hull = shape<Polygon>("p").points;
    expect(hull).toHaveLength(3); // the dented vertex is inside the hull of the other three
    expect(checkConvexPolygon(hull.map(([x, y]) => ({ x, y })))).toBeNull();
    expect(editor.getState().notice).toMatch(/convex hull/);
    expect(editor.overlay.getState().crossing).toBeNull();
    t.up(pointerAt(95, 95));
    undo(editor);
    expect(shape<Polygon>("p").points).toHaveLength(4);
  });

  it("adds a vertex by dragging an edge's midpoint outward, not by a click on it", () => {
    load([square("p")]);
    select(editor, ["p"]);
    const t = toolDriver(editor, "select");
    const id = shapeHandleId("p", { kind: "midpoint", index: 0 }); // top edge, (100, 90)
    t.down(pointerAt(100, 90, id)); t.up(pointerAt(100, 90));
    expect(shape<Polygon>("p").points).toHaveLength(4);
    t.down(pointerAt(100, 90, id));
    expect(t.path()).toBe("select.dragging-handle");
    t.move(pointerAt(100, 80)); t.up(pointerAt(100, 80));
    expect(shape<Polygon>("p").points).toEqual([[-10, -10], [0, -20], [10, -10], [10, 10], [-10, 10]]);
    undo(editor);
    expect(shape<Polygon>("p").points).toHaveLength(4);
  });

  it("Alt-click deletes a vertex (one undo step) but keeps at least 3", () => {
    load([square("p")]);
    select(editor, ["p"]);
    const t = toolDriver(editor, "select");
    const before = past();
    t.down(pointerAt(110, 110, shapeHandleId("p", { kind: "vertex", index: 2 }), { alt: true })); t.up(pointerAt(110, 110));
    expect(shape<Polygon>("p").points).toEqual([[-10, -10], [10, -10], [-10, 10]]);
    expect(past()).toBe(before + 1);
    t.down(pointerAt(90, 90, shapeHandleId("p", { kind: "vertex", index: 0 }), { alt: true })); t.up(pointerAt(90, 90));
    expect(shape<Polygon>("p").points).toHaveLength(3);
    expect(editor.getState().notice).toMatch(/at least 3 points/);
  });

  describe("a clicked vertex is picked, and Delete or Backspace removes that point, not the polygon", () => {
    const key = (k: string) => dispatchKey(editor, { key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: null });
    const pick = (t: ReturnType<typeof toolDriver>, index: number, at: [number, number]) => {
      t.down(pointerAt(at[0], at[1], shapeHandleId("p", { kind: "vertex", index })));
      t.up(pointerAt(at[0], at[1]));
    };

    it("Delete removes the picked point in one undo step, then (none picked) the shape; undo brings the shape back selected", () => {
      load([square("p")]);
      select(editor, ["p"]);
      const t = toolDriver(editor, "select");
      pick(t, 2, [110, 110]);
      expect(editor.overlay.getState().vertex).toEqual({ shape: "p", index: 2 });
      const before = past();
      expect(key("Delete")).toBe(true);
      expect(shape<Polygon>("p").points).toEqual([[-10, -10], [10, -10], [-10, 10]]);
      expect(past()).toBe(before + 1);
      expect(selection()).toEqual(["p"]);
      expect(editor.overlay.getState().vertex).toBeNull();
      // No point picked now: Delete removes the polygon, and undo selects it again.
      key("Delete");
      expect(shape("p")).toBeUndefined();
      undo(editor);
      expect(shape("p")).toBeDefined();
      expect(selection()).toEqual(["p"]);
      undo(editor);
      expect(shape<Polygon>("p").points).toHaveLength(4);
    });

    it("Backspace on a triangle's point is refused with the Alt-click's wording, and the triangle stays", () => {
      load([{ ...square("p"), points: [[-10, -10], [10, -10], [-10, 10]] }]);
      select(editor, ["p"]);
      const t = toolDriver(editor, "select");
      pick(t, 0, [90, 90]);
      const before = past();
      key("Backspace");
      expect(shape<Polygon>("p").points).toHaveLength(3);
      expect(past()).toBe(before);
      expect(editor.getState().notice).toMatch(/^Cannot delete the vertex: .*at least 3 points/);
    });

    it("a chain's picked point goes the same way; a press elsewhere or another selection drops the pick", () => {
      load([{ id: "p", type: "chain", x: 100, y: 100, rotation: 0, points: [[-10, -10], [10, -10], [10, 10]] }, box("b", 300, 300)]);
      select(editor, ["p"]);
      const t = toolDriver(editor, "select");
      pick(t, 1, [110, 90]);
      key("Delete");
      expect(shape<Extract<Shape, { type: "chain" }>>("p").points).toEqual([[-10, -10], [10, 10]]);
      pick(t, 0, [90, 90]);
      select(editor, ["b"]);
      expect(editor.overlay.getState().vertex).toBeNull();
      select(editor, ["p"]);
      key("Delete");
      expect(shape("p")).toBeUndefined();
    });
  });
});

describe("undo and redo select what they bring back", () => {
  it("an undone delete of several shapes selects them; a redone add selects it; an undone add selects nothing gone", () => {
    load([box("a", 0, 0), box("b", 100, 0), box("c", 200, 0)]);
    select(editor, ["a", "c"]);
    dispatchKey(editor, { key: "Delete", ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: null });
    expect(selection()).toEqual([]);
    undo(editor);
    expect(selection()).toEqual(["a", "c"]);
    redo(editor);
    expect(selection()).toEqual([]);
    const t = toolDriver(editor, "circle");
    t.down(pointerAt(500, 500));
    t.up(pointerAt(500, 500));
    const added = selection()[0]!;
    select(editor, []);
    undo(editor);
    expect(selection()).toEqual([]);
    redo(editor);
    expect(selection()).toEqual([added]);
  });
});

describe("a stop on a concave terrain outline says what would work there (a designer's review)", () => {
  // "Stopped (hold Shift for the convex hull): point 6 repeats point 5" on terrain: the hull would
  // have wrecked the outline, and a repeat is a point to delete, not a hull to take.
  const terrain: Polygon = { id: "t", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [100, 0], [100, 100], [80, 100], [80, 30], [60, 30], [60, 100], [0, 100]] };

  it("a point dropped on its neighbour: how to delete a point, not the hull", () => {
    load([terrain]);
    select(editor, ["t"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(60, 30, shapeHandleId("t", { kind: "vertex", index: 5 })));
    t.move(pointerAt(80, 30));
    expect(shape<Polygon>("t").points[5]).toEqual([60, 30]);
    expect(editor.getState().notice).toBe("Stopped: point 5 would land on point 4 · Alt-click a point to delete it");
    expect(editor.getState().notice).not.toMatch(/hull/);
    t.up(pointerAt(80, 30));
  });

  it("edges crossing on a concave outline: the red edges, and no hull advice (it would drop the notch)", () => {
    load([terrain]);
    select(editor, ["t"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(60, 30, shapeHandleId("t", { kind: "vertex", index: 5 })));
    t.move(pointerAt(65, 40));
    t.move(pointerAt(90, 50));
    expect(shape<Polygon>("t").points[5]).toEqual([65, 40]);
    expect(editor.getState().notice).toMatch(/^Stopped: edges \d+ and \d+ would cross \(in red\)$/);
    expect(editor.overlay.getState().crossing).toHaveLength(2);
    t.up(pointerAt(90, 50));
    // Shown after the release, until the next press; an undo clears it too.
    expect(editor.overlay.getState().crossing).toHaveLength(2);
    undo(editor);
    expect(editor.overlay.getState().crossing).toBeNull();
  });

  it("an Alt-click delete that would cross the outline is refused short, its two edges in red", () => {
    // A hooked notch: without point 4 the edge from point 3 cuts through the hook's bottom.
    const hook: Polygon = { id: "h", type: "polygon", x: 0, y: 0, rotation: 0, points: [[0, 0], [100, 0], [100, 100], [60, 100], [60, 40], [20, 40], [20, 60], [40, 60], [40, 100], [0, 100]] };
    load([hook]);
    select(editor, ["h"]);
    const t = toolDriver(editor, "select");
    t.down(pointerAt(60, 40, shapeHandleId("h", { kind: "vertex", index: 4 }), { alt: true }));
    t.up(pointerAt(60, 40, null, { alt: true }));
    expect(shape<Polygon>("h").points).toHaveLength(10);
    expect(editor.getState().notice).toBe("Cannot delete the vertex: edges 3 and 5 would cross (in red)");
    expect(editor.getState().noticeDetail).toMatch(/^Cannot delete the vertex: edges 3 and 5 cross or touch/);
    expect(editor.overlay.getState().crossing).toEqual([[{ x: 60, y: 100 }, { x: 20, y: 40 }], [{ x: 20, y: 60 }, { x: 40, y: 60 }]]);
  });
});
