// The root of the tool state machine: its children are the tools, the active one is the store's
// `tool`. The canvas and the keyboard feed it events; it hands each to the deepest active state.
import type { Editor } from "../editor/editor";
import type { ToolId } from "../editor/state";
import { KIND_LIST } from "../shapes/registry";
import { PanTool } from "./pan/pan-tool";
import { PlaceTool } from "./place/place-tool";
import { PointsTool } from "./points/points-tool";
import { RayTool } from "./ray/ray-tool";
import { SelectTool } from "./select/select-tool";
import { StateNode, type PointerInfo } from "./state-node";
import { SweepTool } from "./sweep/sweep-tool";

export class ToolRoot extends StateNode {
  readonly id = "root";
  protected override readonly initial = "select";

  constructor(editor: Editor) {
    super(editor);
    this.addChildren(
      new SelectTool(editor, this),
      // A tool per shape kind: placed by a drag, or drawn by clicked points (polygons, chains).
      ...KIND_LIST.map((k) => (k.drawnBy === "drag" ? new PlaceTool(editor, this, k.type) : new PointsTool(editor, this, k.type))),
      new RayTool(editor, this),
      new SweepTool(editor, this),
      new PanTool(editor, this),
    );
    this.enter();
  }

  /** Leaves the active tool (its onExit abandons or ends what it was doing) and enters `id`. */
  setTool(id: ToolId): void {
    if (this.toolId() !== id) this.transition(id);
    if (this.editor.getState().tool !== id) this.editor.update({ tool: id });
  }

  protected override pathChanged(): void {
    const toolPath = this.statePath();
    if (this.editor.getState().toolPath !== toolPath) this.editor.update({ toolPath });
  }

  /** The hint of the active state, if it has one. */
  override hint(): string | null {
    return this.current().hint?.() ?? null;
  }

  /** The active tool's id. */
  toolId(): ToolId {
    return this.path().split(".")[1] as ToolId;
  }

  /** The active state path below the root: "select.idle", "polygon.drawing". */
  statePath(): string {
    return this.path().slice(this.id.length + 1);
  }

  pointerDown(p: PointerInfo): void {
    this.current().onPointerDown?.(p);
  }

  pointerMove(p: PointerInfo): void {
    this.current().onPointerMove?.(p);
  }

  pointerUp(p: PointerInfo): void {
    this.current().onPointerUp?.(p);
  }

  /** Whether the active tool rests in its idle state: no drag, drawing or marquee under way. */
  resting(): boolean {
    return this.statePath().endsWith(".idle");
  }

  /** Escape: the active state abandons its gesture and its tool returns to where it started. */
  cancel(): void {
    this.current().onCancel?.();
  }

  /** Enter: whether the active state finished something. */
  complete(): boolean {
    return this.current().onComplete?.() ?? false;
  }

  /** Backspace or Delete: whether the active state used the key. */
  deleteKey(): boolean {
    return this.current().onDelete?.() ?? false;
  }

  /** A right-click on the canvas: whether the active state used it (else the context menu opens). */
  secondaryClick(p: PointerInfo): boolean {
    return this.current().onSecondaryClick?.(p) ?? false;
  }

  /** What Undo takes back in the active state before the document (an outline Escape discarded), or null. */
  override undoStep(): string | null {
    return this.current().undoStep?.() ?? null;
  }

  /** Undo: whether the active state took something back itself (else the document's history undoes). */
  undo(): boolean {
    if (this.undoStep() === null) return false;
    this.current().onUndo?.();
    return true;
  }
}
