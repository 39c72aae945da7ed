// A TestEditor in the manner of tldraw's: a fresh Editor per test, driven with pointer and key
// events in world units as the canvas and the window would, without a browser. The shape under the
// pointer is found with the select tool's own picking (topmost pickable shape), unless a test names
// the hit (a handle id, say).
import { emptyScene, type Scene, type Shape } from "../../core";
import { clearMemoryClipboard } from "../../renderer/actions/edit-actions";
import { dispatchKey } from "../../renderer/actions/keyboard";
import { Editor } from "../../renderer/editor/editor";
import type { EditorState } from "../../renderer/editor/state";
import { loadDocument } from "../../renderer/store/actions";
import { hitAt } from "../../renderer/tools/select/image-picking";
import { pointerAt, type Modifiers } from "./pointer";

export interface PointerOptions extends Modifiers {
  /** What the canvas reports under the pointer; default: the topmost pickable shape there. */
  readonly hit?: string | null;
}

export class TestEditor {
  readonly editor: Editor;

  constructor(scene: Scene = emptyScene(), editor = new Editor()) {
    clearMemoryClipboard();
    this.editor = editor;
    loadDocument(editor, scene, { name: "test.json" });
    editor.update({ notice: null });
  }

  get state(): EditorState {
    return this.editor.getState();
  }

  get shapes(): readonly Shape[] {
    return this.state.shapes;
  }

  shape(id: string): Shape {
    const s = this.state.shapes.find((x) => x.id === id);
    if (!s) throw new Error(`no shape ${id}`);
    return s;
  }

  get selection(): readonly string[] {
    return this.state.selection;
  }

  get undoSteps(): number {
    return this.editor.history.undoCount;
  }

  /** The active tool's state path, as "select.idle". */
  get path(): string {
    return this.editor.tools.statePath();
  }

  private hitAt(x: number, y: number, o: PointerOptions): string | null {
    if (o.hit !== undefined) return o.hit;
    return hitAt(this.editor, { x, y });
  }

  pointerDown(x: number, y: number, o: PointerOptions = {}): this {
    this.editor.update({ cursor: { x, y } });
    this.editor.tools.pointerDown(pointerAt(x, y, this.hitAt(x, y, o), o));
    return this;
  }

  /** Moves carry no hit, as the canvas follows a drag on the window. */
  pointerMove(x: number, y: number, o: Modifiers = {}): this {
    this.editor.update({ cursor: { x, y } });
    this.editor.tools.pointerMove(pointerAt(x, y, null, o));
    return this;
  }

  pointerUp(x: number, y: number, o: Modifiers = {}): this {
    this.editor.tools.pointerUp(pointerAt(x, y, null, o));
    return this;
  }

  click(x: number, y: number, o: PointerOptions = {}): this {
    return this.pointerDown(x, y, o).pointerUp(x, y, o);
  }

  /** Press at `from`, move in `steps` steps to `to`, release there. */
  drag(from: readonly [number, number], to: readonly [number, number], o: PointerOptions = {}, steps = 4): this {
    this.pointerDown(from[0], from[1], o);
    for (let i = 1; i <= steps; i++) this.pointerMove(from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps, o);
    return this.pointerUp(to[0], to[1], o);
  }

  /** A key press through the editor's dispatcher ("z" with mod for Ctrl+Z); returns whether it was the editor's. */
  key(key: string, o: Modifiers = {}): boolean {
    return dispatchKey(this.editor, { key, ctrlKey: o.mod ?? false, metaKey: false, shiftKey: o.shift ?? false, altKey: o.alt ?? false, target: null });
  }
}
