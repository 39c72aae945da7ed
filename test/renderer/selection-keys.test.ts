// Selecting from the keyboard and with the pointer as a Tiled or Godot designer does: which keys a
// focused control keeps from the canvas, Ctrl/Cmd- and Shift-clicks, and the selection commands.
import { describe, expect, it } from "vitest";
import { dispatchKey } from "../../renderer/actions/keyboard";
import { ownsEvent } from "../../renderer/actions/text-field";
import { TestEditor } from "./test-editor";
import { emptyScene, type Shape } from "../../core";

const box = (id: string, x: number, y: number, layer = "default"): Shape => ({ id, type: "box", x, y, rotation: 0, width: 40, height: 40, layer });
const scene = (...shapes: Shape[]) => ({ ...emptyScene(), shapes });

describe("a focused drop-down keeps its keys", () => {
  // ArrowDown on the Inspector's Layer drop-down moved the shape, C picked the Circle tool and
  // Delete deleted the shape while the drop-down had focus.
  const dropDown = { tagName: "SELECT" } as unknown as EventTarget;

  it("owns the arrows, Home/End, Page keys, Space, Enter, Backspace, Delete and printable keys; not chords, Escape, F-keys or the clipboard", () => {
    for (const key of ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", " ", "Enter", "Backspace", "Delete", "c", "C", "7", "é", "Tab"]) expect(ownsEvent(dropDown, { key }), key).toBe(true);
    for (const key of ["Escape", "F2", "F1"]) expect(ownsEvent(dropDown, { key }), key).toBe(false);
    expect(ownsEvent(dropDown, { key: "z", ctrlKey: true }) || ownsEvent(dropDown, { key: "s", metaKey: true }) || ownsEvent(dropDown, { clipboard: true })).toBe(false);
  });

  it("the canvas commands do not run from it: the shape neither moves nor goes, the tool stays", () => {
    const ed = new TestEditor(scene(box("b", 0, 0)));
    ed.editor.update({ selection: ["b"] });
    const press = (key: string, ctrlKey = false) => dispatchKey(ed.editor, { key, ctrlKey, metaKey: false, shiftKey: false, altKey: false, target: dropDown });
    expect([press("ArrowDown"), press("Delete"), press("Backspace"), press("c")]).toEqual([false, false, false, false]);
    expect(ed.shape("b")).toMatchObject({ x: 0, y: 0 });
    expect(ed.state.tool).toBe("select");
    expect(ed.undoSteps).toBe(0);
    // Ctrl+Z still undoes from it, as from a slider.
    expect(press("z", true)).toBe(true);
  });
});
