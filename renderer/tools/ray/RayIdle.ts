// The ray tool at rest: a press starts a ray there; the status bar says how (a click alone makes none).
import { snapToggleHint } from "../snap-hint";
import { StateNode, type PointerInfo } from "../state-node";

/** The ray tool's hint, naming what the snap key does (`snap`). */
export const rayHint = (snap: string): string => `Ray: drag from where it starts to where it points (${snap}); it stops at the first shape it hits`;

export class RayIdle extends StateNode {
  readonly id = "idle";

  override hint(): string {
    return rayHint(snapToggleHint(this.editor, "Ctrl"));
  }

  override onPointerDown(p: PointerInfo): void {
    this.go("drawing", p);
  }
}
