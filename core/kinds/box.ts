// The box: a centre, a width and a height, turned by its rotation; made as a 4-gon.
import { plainSize } from "../scene/field-limits";
import type { BoxShape } from "../scene/types";
import { makeBox } from "../shapes";
import { emptyBounds, growBounds, type CoreShapeKind } from "./kind";


/** A box's corner i in world units: −hw,−hh; hw,−hh; hw,hh; −hw,hh (the order makeBox gives them). */
export const boxCornerX = (i: number, hw: number) => (i === 0 || i === 3 ? -hw : hw);
export const boxCornerY = (i: number, hh: number) => (i < 2 ? -hh : hh);

export const boxKind: CoreShapeKind<BoxShape> = {
  type: "box",
  plainFields: (s) => plainSize(s.width) && plainSize(s.height),
  solid: true,
  rotates: true,
  geometry: (s) => makeBox(s.width / 2, s.height / 2),
  writeBounds(shape, pose, out, at) {
    const x = pose[0]!, y = pose[1]!, c = pose[2]!, s = pose[3]!;
    const hw = shape.width / 2, hh = shape.height / 2;
    emptyBounds(out, at);
    for (let i = 0; i < 4; i++) growBounds(out, at, x, y, c, s, boxCornerX(i, hw), boxCornerY(i, hh));
  },
};
