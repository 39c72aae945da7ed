// The circle: a centre and a radius; its rotation is ignored.
import { plainSize } from "../scene/field-limits";
import type { CircleShape } from "../scene/types";
import { makeCircle } from "../shapes";
import type { CoreShapeKind } from "./kind";


export const circleKind: CoreShapeKind<CircleShape> = {
  type: "circle",
  plainFields: (s) => plainSize(s.radius),
  solid: true,
  rotates: false,
  geometry: (s) => makeCircle(s.radius),
  // Not through writeCircleBounds: a move calls this through the kind, where V8 may not inline
  // that call, and the numbers it passes would be boxed.
  writeBounds(s, pose, out, at) {
    const x = pose[0]!, y = pose[1]!, r = s.radius;
    out[at] = x - r; out[at + 1] = y - r; out[at + 2] = x + r; out[at + 3] = y + r;
  },
};
