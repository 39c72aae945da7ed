// The circle: a centre and a radius; its rotation is ignored.
import { plainSize } from "../scene/field-limits";
import type { CircleShape } from "../scene/types";
import { makeCircle } from "../shapes";
import { writeCircleBounds, type CoreShapeKind } from "./kind";


export const circleKind: CoreShapeKind<CircleShape> = {
  type: "circle",
  plainFields: (s) => plainSize(s.radius),
  solid: true,
  rotates: false,
  geometry: (s) => makeCircle(s.radius),
  writeBounds: (s, pose, out, at) => writeCircleBounds(pose[0]!, pose[1]!, s.radius, out, at),
};
