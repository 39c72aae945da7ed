// The overlap of two scene shapes as depth and normal only, for tests that check those two.
import { collideShapes, vec2, type Shape, type Vec2 } from "../../core/index";

export interface Penetration {
  readonly depth: number;
  readonly normal: Vec2;
}

export function overlap(a: Shape, b: Shape): Penetration | null {
  const m = collideShapes(a, b);
  return m.pointCount > 0 ? { depth: m.depth, normal: vec2(m.normalX, m.normalY) } : null;
}
