// The ray tool at rest: a press starts a ray there; the status bar says how (a click alone makes none).
import { StateNode, type PointerInfo } from "../state-node";

export const RAY_HINT = "Ray: drag from where it starts to where it points; it stops at the first shape it hits";

export class RayIdle extends StateNode {
  readonly id = "idle";

  override hint(): string {
    return RAY_HINT;
  }

  override onPointerDown(p: PointerInfo): void {
    this.go("drawing", p);
  }
}
