// The pan tool at rest: a press grabs the world point under the pointer.
import { StateNode, type PointerInfo } from "../state-node";

export class PanIdle extends StateNode {
  readonly id = "idle";

  override hint(): string {
    return "Pan: drag to move the view · with any tool, Space-drag or the middle button pans and the wheel zooms";
  }

  override cursor(): string {
    return "grab";
  }

  override onPointerDown(p: PointerInfo): void {
    this.go("panning", p.world);
  }
}
