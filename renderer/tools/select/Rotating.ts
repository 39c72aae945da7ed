// Select tool, Rotating: the rotate knob turns the shape towards the pointer (Shift: 15° steps).
import type { Shape } from "../../../core";
import type { PointerInfo } from "../state-node";
import { HandleDrag, type HandleDragStart } from "./handle-drag";
import { rotationTowards } from "./handles";

export class Rotating extends HandleDrag {
  readonly id = "rotating";

  protected reshape({ shape }: HandleDragStart, p: PointerInfo): Shape {
    return shape.type === "circle" ? shape : { ...shape, rotation: rotationTowards(shape, p.world, p.shift) };
  }
}
