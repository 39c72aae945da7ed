// A placing tool at rest: a press starts placing a shape there.
import { StateNode, type PointerInfo } from "../state-node";

export class PlaceIdle extends StateNode {
  readonly id = "idle";

  override onPointerDown(p: PointerInfo): void {
    this.go("placing", p);
  }
}
