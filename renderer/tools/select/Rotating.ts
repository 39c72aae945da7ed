// Select tool, Rotating: the rotate knob turns the shape towards the pointer (Shift: 15° steps).
import type { Shape } from "../../../core";
import { kindOf } from "../../shapes/registry";
import type { PointerInfo } from "../state-node";
import { HandleDrag, type HandleDragStart } from "./handle-drag";
import { rotationTowards } from "./handles";

export class Rotating extends HandleDrag {
  readonly id = "rotating";

  protected override reshape({ shape }: HandleDragStart, p: PointerInfo): Shape {
    return kindOf(shape).rotates ? { ...shape, rotation: rotationTowards(shape, p.world, p.shift) } : shape;
  }
}
