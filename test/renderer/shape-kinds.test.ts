// The shape-kind registry is what the tools, the actions and the Inspector read: every kind of the
// file format has a module, a tool of its own with its shortcut, and fields the Inspector edits;
// and a kind that does not turn keeps its handles where rotation would have moved them.
import { describe, expect, it } from "vitest";
import { SHAPE_TYPES, type Shape } from "../../core";
import { ACTIONS } from "../../renderer/actions/registry";
import { Editor } from "../../renderer/editor/editor";
import { CLICK_SLOP } from "../../renderer/shapes/kind";
import { KIND_LIST, SHAPE_KINDS, kindOf, localToWorld } from "../../renderer/shapes/registry";
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
