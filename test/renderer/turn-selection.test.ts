// Flip and quarter-turn of the selection (Tiled's X, Y, Z, Shift+Z). Against a plain reference: a
// point is inside a turned shape exactly when the point turned back is inside the shape
// (containsPoint on both, fast-check with a pinned seed), and two flips or four quarter turns give
// the shapes back. A one-sided chain keeps the side the mirror puts its front on.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsPoint, emptyScene, geometryOf, transformOf, type Point, type Shape } from "../../core";
import { turnCentre, turnedShape, type Turn } from "../../renderer/store/turn-selection";
import { TestEditor } from "./test-editor";

const inside = (s: Shape, x: number, y: number): boolean => {
  const g = geometryOf(s);
  if (!g.ok) throw new Error(g.reason);
  return containsPoint(g.value, transformOf(s), x, y);
};

/** Where a point goes under a turn about (cx, cy), written plainly, and back. */
function forward(turn: Turn, cx: number, cy: number, x: number, y: number): [number, number] {
  if (turn === "flipHorizontal") return [2 * cx - x, y];
  if (turn === "flipVertical") return [x, 2 * cy - y];
  if (turn === "rotateClockwise") return [cx - (y - cy), cy + (x - cx)];
  return [cx + (y - cy), cy - (x - cx)];
}

const coordinate = fc.integer({ min: -200, max: 200 });
const size = fc.integer({ min: 4, max: 60 });
const rotation = fc.integer({ min: -179, max: 180 });
/** A convex or concave outline: a star of 5–9 points at radii 10–40 around the origin. */
const star = fc.array(fc.integer({ min: 10, max: 40 }), { minLength: 5, maxLength: 9 }).map((radii) =>
  radii.map((r, i): Point => [Math.round(r * Math.cos((2 * Math.PI * i) / radii.length) * 100) / 100 + 5, Math.round(r * Math.sin((2 * Math.PI * i) / radii.length) * 100) / 100 - 3]));
const shape: fc.Arbitrary<Shape> = fc.oneof(
  fc.record({ x: coordinate, y: coordinate, radius: size }).map((s): Shape => ({ id: "s", type: "circle", rotation: 0, ...s })),
  fc.record({ x: coordinate, y: coordinate, rotation, width: size, height: size }).map((s): Shape => ({ id: "s", type: "box", ...s })),
  fc.record({ x: coordinate, y: coordinate, rotation, radius: fc.integer({ min: 2, max: 10 }), extra: size }).map(({ extra, ...s }): Shape => ({ id: "s", type: "capsule", height: 2 * s.radius + extra, ...s })),
  fc.record({ x: coordinate, y: coordinate, rotation, points: star }).map((s): Shape => ({ id: "s", type: "polygon", ...s })),
);
const turn = fc.constantFrom<Turn>("flipHorizontal", "flipVertical", "rotateClockwise", "rotateAnticlockwise");

describe("flipping and quarter-turning shapes", () => {
  it("a point is in the turned shape exactly when it was in the shape before the turn (fast-check, pinned seed)", () => {
    fc.assert(fc.property(shape, turn, coordinate, coordinate, fc.array(fc.tuple(fc.integer({ min: -80, max: 80 }), fc.integer({ min: -80, max: 80 })), { minLength: 20, maxLength: 20 }), (s, t, cx, cy, offsets) => {
      const turned = turnedShape(s, t, cx, cy);
      expect(turned.type).toBe(s.type);
      for (const [dx, dy] of offsets) {
        const x = s.x + dx, y = s.y + dy;
        const [tx, ty] = forward(t, cx, cy, x, y);
        // Off a boundary by more than rounding: a point on the edge may fall either way.
        const was = inside(s, x, y), is = inside(turned, tx, ty);
        if (was !== is) {
          const near = [[0.01, 0], [-0.01, 0], [0, 0.01], [0, -0.01]].some(([ex, ey]) => inside(s, x + ex!, y + ey!) !== was);
          expect(near, `${t} of ${JSON.stringify(s)} about (${cx}, ${cy}) at (${x}, ${y})`).toBe(true);
        }
      }
    }), { seed: 2713, numRuns: 400 });
  });

  it("two flips, and four quarter turns, give the shape back exactly; a turn there and back too", () => {
    fc.assert(fc.property(shape, coordinate, coordinate, (s, cx, cy) => {
      for (const t of ["flipHorizontal", "flipVertical"] as const) expect(turnedShape(turnedShape(s, t, cx, cy), t, cx, cy)).toEqual(s);
      let r = s;
      for (let i = 0; i < 4; i++) r = turnedShape(r, "rotateClockwise", cx, cy);
      expect(r).toEqual(s);
      expect(turnedShape(turnedShape(s, "rotateClockwise", cx, cy), "rotateAnticlockwise", cx, cy)).toEqual(s);
    }), { seed: 2714, numRuns: 300 });
  });

  it("a one-way platform keeps its front where the mirror puts it: flipped horizontally it still blocks from above", () => {
    const ledge: Shape = { id: "ledge", type: "chain", x: 3, y: -2, rotation: 25, points: [[-50, 0], [0, 5], [50, 0]], oneSided: true };
    /** Each edge's world midpoint and front normal (dy, −dx), rounded to a millionth. */
    const fronts = (c: Shape): string[] => {
      if (c.type !== "chain") throw new Error("not a chain");
      const xf = transformOf(c), w = c.points.map(([x, y]) => [xf.px + xf.c * x - xf.s * y, xf.py + xf.s * x + xf.c * y] as const);
      const r = (v: number) => (Math.round(v * 1e6) / 1e6 + 0).toFixed(6);
      return w.slice(1).map((q, i) => {
        const p = w[i]!, dx = q[0] - p[0], dy = q[1] - p[1], l = Math.hypot(dx, dy);
        return `${r((p[0] + q[0]) / 2)} ${r((p[1] + q[1]) / 2)} ${r(dy / l)} ${r(-dx / l)}`;
      }).sort();
    };
    for (const t of ["flipHorizontal", "flipVertical", "rotateClockwise", "rotateAnticlockwise"] as const) {
      // The reference: every edge's midpoint moved and its normal turned as a direction by the same turn.
      const expected = fronts(ledge).map((line) => {
        const [mx, my, nx, ny] = line.split(" ").map(Number) as [number, number, number, number];
        const [tx, ty] = forward(t, 10, 20, mx, my), [ex, ey] = forward(t, 0, 0, nx, ny);
        const r = (v: number) => (Math.round(v * 1e6) / 1e6 + 0).toFixed(6);
        return `${r(tx)} ${r(ty)} ${r(ex)} ${r(ey)}`;
      }).sort();
      expect(fronts(turnedShape(ledge, t, 10, 20)), t).toEqual(expected);
    }
    // Drawn left to right, the flat ledge faces up; mirrored left to right it still does.
    const flat: Shape = { ...ledge, x: 0, y: 0, rotation: 0, points: [[-50, 0], [50, 0]] };
    expect(turnedShape(flat, "flipHorizontal", 0, 0)).toMatchObject({ points: [[-50, 0], [50, 0]] });
    expect(turnedShape(flat, "flipVertical", 0, 0)).toMatchObject({ points: [[50, 0], [-50, 0]] });
  });

  it("turns the selection about its centre, shapes and probes, as one undo step, from Tiled's keys", () => {
    const t = new TestEditor({
      ...emptyScene(),
      shapes: [
        { id: "a", type: "box", x: 0, y: 0, rotation: 30, width: 20, height: 10 },
        { id: "b", type: "circle", x: 100, y: 0, rotation: 0, radius: 10 },
        { id: "c", type: "box", x: 500, y: 500, rotation: 0, width: 10, height: 10 },
      ],
      probes: [{ id: "r", name: "", type: "ray", from: [0, 50], to: [100, 50] }],
    });
    t.editor.update({ selection: ["a", "b", "r"] });
    const before = t.undoSteps;
    const c = turnCentre([t.shape("a"), t.shape("b")], t.state.probes);
    expect(t.key("x")).toBe(true);
    // To a millionth: coordinates stay short numbers.
    const near = (v: number) => expect.closeTo(v, 6);
    expect(t.shape("a")).toMatchObject({ x: near(2 * c.x), y: 0, rotation: -30 });
    expect(t.shape("b")).toMatchObject({ x: near(2 * c.x - 100), y: 0 });
    expect(t.shape("c")).toMatchObject({ x: 500, y: 500 });
    expect(t.state.probes[0]).toMatchObject({ from: [near(2 * c.x), 50], to: [near(2 * c.x - 100), 50] });
    expect(t.undoSteps).toBe(before + 1);
    expect(t.state.notice).toBe("Flipped horizontally: 3 items");
    t.key("z", { shift: true });
    expect(t.shape("a").rotation).toBe(-120);
    t.key("z");
    t.key("x");
    expect(t.shape("a")).toMatchObject({ x: 0, y: 0, rotation: 30 });
    expect(t.state.probes[0]).toMatchObject({ from: [0, 50], to: [100, 50] });
    t.key("z", { mod: true });
    expect(t.shape("a").rotation).toBe(-30);
    // A shape on a locked layer (selected from a panel) is refused, as other edits are.
    t.editor.update({ layers: t.state.layers.map((l) => ({ ...l, locked: true })), selection: ["a"] });
    const kept = t.shapes;
    t.key("x");
    expect(t.shapes).toBe(kept);
    expect(t.state.notice).toMatch(/is locked: unlock it to edit its shapes$/);
    // Nothing selected: nothing turns, and the status says why.
    t.editor.update({ selection: [] });
    const shapes = t.shapes;
    t.key("y");
    expect(t.shapes).toBe(shapes);
    // An image selected: it keeps its orientation, and the status says so.
    t.editor.update({ selectedImage: "art" });
    t.key("x");
    expect(t.shapes).toBe(shapes);
    expect(t.state.notice).toBe("An image keeps its orientation: flip and rotate turn shapes and probes");
  });

  it("a picked point stays on the same corner when the polygon is mirrored (its points run the other way)", () => {
    const t = new TestEditor({ ...emptyScene(), shapes: [{ id: "p", type: "polygon", x: 0, y: 0, rotation: 0, points: [[-10, -10], [10, -10], [10, 10], [-10, 10]] }] });
    t.editor.update({ selection: ["p"] });
    t.editor.overlay.setState({ vertex: { shape: "p", index: 1 } });
    const corner = (index: number) => {
      const s = t.shape("p");
      if (s.type !== "polygon") throw new Error("not a polygon");
      const [qx, qy] = s.points[index]!, xf = transformOf(s);
      return [Math.round(xf.px + xf.c * qx - xf.s * qy) + 0, Math.round(xf.py + xf.s * qx + xf.c * qy) + 0];
    };
    expect(corner(1)).toEqual([10, -10]);
    t.key("x");
    // Mirrored left to right: the picked top-right corner is now the top-left one, under the ring.
    expect(corner(t.editor.overlay.getState().vertex!.index)).toEqual([-10, -10]);
    t.key("z");
    expect(corner(t.editor.overlay.getState().vertex!.index)).toEqual([10, -10]);
  });
});
