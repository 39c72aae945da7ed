// The shape-kind registry is what the tools, the actions and the Inspector read: every kind of the
// file format has a module, a tool of its own with its shortcut, and fields the Inspector edits;
// and a kind that does not turn keeps its handles where rotation would have moved them.
import { describe, expect, it } from "vitest";
import { SHAPE_TYPES, type Shape } from "../../core";
import { ACTIONS } from "../../renderer/actions/registry";
import { Editor } from "../../renderer/editor/editor";
import { defaultCapsuleOn } from "../../renderer/shapes/capsule";
import { CLICK_SLOP, wholeCells } from "../../renderer/shapes/kind";
import { KIND_LIST, SHAPE_KINDS, kindOf, localToWorld, placeShape } from "../../renderer/shapes/registry";
import { handlesOf } from "../../renderer/tools/select/handles";

describe("shape kinds", () => {
  it("every kind of the file format has a module naming that kind", () => {
    expect(KIND_LIST.map((k) => k.type).sort()).toEqual([...SHAPE_TYPES].sort());
    for (const t of SHAPE_TYPES) expect(SHAPE_KINDS[t].type).toBe(t);
  });

  it("each kind's tool is in the tool machine and the action registry, under its own shortcut", () => {
    const editor = new Editor();
    const plainKeys = ACTIONS.flatMap((a) => a.keys.filter((k) => !k.mod && !k.shift && !k.alt).map((k) => `${a.id}:${k.key}`));
    for (const k of KIND_LIST) {
      editor.tools.setTool(k.type);
      expect(editor.tools.toolId()).toBe(k.type);
      expect(editor.getState().tool).toBe(k.type);
      const action = ACTIONS.find((a) => a.id === `tool.${k.type}`)!;
      expect(action.label).toBe(k.label);
      expect(action.keys).toEqual([{ key: k.shortcut }]);
      // No other action takes the same plain key.
      expect(plainKeys.filter((e) => e.endsWith(`:${k.shortcut}`))).toEqual([`tool.${k.type}:${k.shortcut}`]);
    }
  });

  it("a click places a shape of each kind with the fields its Inspector lists", () => {
    for (const k of KIND_LIST) {
      const s = k.place(`${k.type}-1`, { x: 10, y: 20 }, { x: 10, y: 20 }, CLICK_SLOP) as Shape;
      expect(s).toMatchObject({ type: k.type, x: 10, y: 20 });
      for (const f of k.fields) expect(typeof (s as unknown as Record<string, unknown>)[f]).toBe("number");
    }
  });

  it("a click's default sizes on a grid are the nearest whole number of cells, at least one, so the edges land on grid lines", () => {
    expect([16, 25, 10, 0.1, 1e-9, 100, 1e6].map((cell) => wholeCells(80, cell))).toEqual([80, 75, 80, 80, 80, 100, 1e6]);
    // The capsule's width (2 × 20) and height (90): 48 × 96 on 16s; never as short as it is wide (a circle).
    expect(defaultCapsuleOn(16)).toEqual({ radius: 24, height: 96 });
    expect(defaultCapsuleOn(10)).toEqual({ radius: 20, height: 90 });
    expect(defaultCapsuleOn(64)).toEqual({ radius: 32, height: 128 });
    const click = (type: "box" | "circle" | "capsule", cell?: number) => placeShape(type, "s", { x: 7, y: 9 }, { x: 7, y: 9 }, CLICK_SLOP, cell);
    expect(click("box", 16)).toMatchObject({ width: 80, height: 80 });
    expect(click("box", 32)).toMatchObject({ width: 96, height: 96 });
    expect(click("circle", 32)).toMatchObject({ radius: 48 });
    expect(click("capsule", 32)).toMatchObject({ radius: 16, height: 96 });
    expect(click("capsule")).toMatchObject({ radius: 20, height: 90 });
    // A drag's sizes are the drag's, grid or not.
    expect(SHAPE_KINDS.box.place("s", { x: 0, y: 0 }, { x: 30, y: 10 }, CLICK_SLOP, 16)).toMatchObject({ width: 30, height: 10 });
  });

  it("rotation turns a kind's handles only when the kind turns", () => {
    for (const k of KIND_LIST) {
      const s = k.place("s", { x: 0, y: 0 }, { x: 0, y: 0 }, CLICK_SLOP) as Shape;
      const turned = { ...s, rotation: 90 } as Shape;
      const before = handlesOf(s, 1).filter((h) => h.handle.kind !== "rotate").map((h) => h.at);
      const after = handlesOf(turned, 1).filter((h) => h.handle.kind !== "rotate").map((h) => h.at);
      if (kindOf(s).rotates) {
        expect(after).toEqual(before.map((p) => localToWorld(turned, p)).map((p) => expect.objectContaining({ x: expect.closeTo(p.x, 9), y: expect.closeTo(p.y, 9) }) as unknown));
        expect(handlesOf(s, 1).some((h) => h.handle.kind === "rotate")).toBe(true);
      } else {
        expect(after).toEqual(before);
        expect(handlesOf(s, 1).some((h) => h.handle.kind === "rotate")).toBe(false);
      }
    }
  });
});

describe("point handles: a press on a vertex moves it, whatever the zoom", () => {
  // A designer's review: at 12.5 % on a 44-point outline with 50-unit edges, a press exactly on a
  // vertex hit the midpoint drawn above it and added a 45th point.
  const ring = (n: number, edge: number): [number, number][] => {
    const r = edge / (2 * Math.sin(Math.PI / n));
    return Array.from({ length: n }, (_, i) => [Math.round(r * Math.cos((2 * Math.PI * i) / n) * 100) / 100, Math.round(r * Math.sin((2 * Math.PI * i) / n) * 100) / 100]);
  };
  const shapes: Shape[] = [
    { id: "p", type: "polygon", x: 0, y: 0, rotation: 30, points: ring(44, 50) },
    { id: "c", type: "chain", x: 0, y: 0, rotation: 0, points: ring(44, 50) },
    { id: "k", type: "chain", x: 0, y: 0, rotation: 0, points: ring(44, 50), closed: true },
  ];

  it("every kind emits its midpoints before its vertices (later handles are drawn above and hit first)", () => {
    for (const s of shapes) {
      const order = kindOf(s).handles(s).map((h) => h.handle.kind);
      expect(order.lastIndexOf("midpoint")).toBeLessThan(order.indexOf("vertex"));
    }
  });

  it("an edge shorter than three handles on screen shows no midpoint; its vertices stay", () => {
    for (const s of shapes) {
      const at = (scale: number) => handlesOf(s, scale).filter((h) => h.handle.kind === "midpoint").length;
      const edges = s.type === "chain" && s.closed !== true ? 43 : 44;
      expect(at(1)).toBe(edges);
      expect(at(0.125)).toBe(0);
      // About 50 units at 0.62 is 31 px: shown; at 0.5, 25 px: hidden.
      expect(at(0.62)).toBe(edges);
      expect(at(0.5)).toBe(0);
      expect(handlesOf(s, 0.125).filter((h) => h.handle.kind === "vertex")).toHaveLength(44);
    }
  });
});
