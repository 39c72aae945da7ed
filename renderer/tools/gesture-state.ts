// A state that is one undo step: entering it marks the history, each pointer move is a step that
// writes the document through actions, release records the whole gesture, Escape puts the
// document back. Undo, redo or an open that ends the gesture under it send it back to idle.
import { StateNode, type PointerInfo } from "./state-node";

export abstract class GestureState<Start> extends StateNode {
  protected from: Start | null = null;

  /** One step of the gesture with the pointer at `p`, from what the state was entered with. */
  protected abstract step(from: Start, p: PointerInfo): void;

  override onEnter(info: unknown): void {
    this.from = info as Start;
    this.editor.beginGesture();
  }

  /** The undo step's name, where the one derived from the change would be vague (describe-change.ts). */
  protected stepLabel(_from: Start): string | undefined {
    return undefined;
  }

  override onExit(): void {
    const from = this.from;
    this.from = null;
    // Left without a release (another tool chosen mid-drag): what was done stays, as one step.
    this.editor.endGesture(from === null ? undefined : this.stepLabel(from));
  }

  override onPointerMove(p: PointerInfo): void {
    if (!this.editor.gestureActive()) {
      this.go("idle");
      return;
    }
    this.step(this.from!, p);
  }

  override onPointerUp(): void {
    this.editor.endGesture(this.from === null ? undefined : this.stepLabel(this.from));
    this.go("idle");
  }

  override onCancel(): void {
    this.editor.cancelGesture();
    this.go("idle");
  }
}
