// The capsule: a centre, a radius and a height (end to end, at least 2 × radius) along its local
// y axis, turned by its rotation; made as a segment grown by the radius, or a circle when the
// segment has no length.
import { plainSize } from "../scene/field-limits";
import type { CapsuleShape } from "../scene/types";
import { makeCapsule } from "../shapes";
import { writeCircleBounds, type CoreShapeKind } from "./kind";


export const capsuleKind: CoreShapeKind<CapsuleShape> = {
  type: "capsule",
  plainFields: (s) => plainSize(s.radius) && plainSize(s.height) && s.height >= 2 * s.radius,
  solid: true,
  rotates: true,
  geometry(s) {
    const half = s.height / 2 - s.radius;
    if (!(half >= -1e-12 * s.height)) return { ok: false, reason: "capsule: height must be at least 2 × radius" };
    return makeCapsule(0, -Math.max(half, 0), 0, Math.max(half, 0), s.radius);
  },
  writeBounds(shape, pose, out, at) {
    const px = pose[0]!, py = pose[1]!, c = pose[2]!, s = pose[3]!;
    // As makeCapsule: the core from (0, −half) to (0, half), or a circle when it has no length.
    const r = shape.radius, half = Math.max(shape.height / 2 - r, 0);
    if (2 * half <= 1e-12 * Math.max(r, half)) {
      writeCircleBounds(px, py, r, out, at);
      return;
    }
    const x1 = c * 0 - s * -half + px, y1 = s * 0 + c * -half + py;
    const x2 = c * 0 - s * half + px, y2 = s * 0 + c * half + py;
    out[at] = Math.min(x1, x2) - r; out[at + 1] = Math.min(y1, y2) - r; out[at + 2] = Math.max(x1, x2) + r; out[at + 3] = Math.max(y1, y2) + r;
  },
};
