// The ray tool at rest: a press starts a ray there.
import { StateNode, type PointerInfo } from "../state-node";

export class RayIdle extends StateNode {
  readonly id = "idle";

  override onPointerDown(p: PointerInfo): void {
    this.go("drawing", p);
  }
}
