// The box: a centre, a width and a height, turned by its rotation; made as a 4-gon.
import { z } from "zod";
import { base, plainSize, positive } from "../scene/field-rules";
import type { BoxShape } from "../scene/types";
import { makeBox } from "../shapes";
import { rotFromDegrees } from "../vec2";
import type { CoreShapeKind } from "./kind";

const schema = z.looseObject({ ...base, type: z.literal("box"), width: positive, height: positive });

/** A box's corner i in world units: −hw,−hh; hw,−hh; hw,hh; −hw,hh (the order makeBox gives them). */
const cornerX = (i: number, hw: number) => (i === 0 || i === 3 ? -hw : hw);
const cornerY = (i: number, hh: number) => (i < 2 ? -hh : hh);

export const boxKind: CoreShapeKind<BoxShape, typeof schema> = {
  type: "box",
  schema,
  plainFields: (s) => plainSize(s.width) && plainSize(s.height),
  rotates: true,
  geometry: (s) => makeBox(s.width / 2, s.height / 2),
  writeBounds(shape, out, at) {
    const { c, s } = rotFromDegrees(shape.rotation);
    const hw = shape.width / 2, hh = shape.height / 2, px = shape.x, py = shape.y;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    // Corners in a plain loop over numbers: no closure or point per corner.
    for (let i = 0; i < 4; i++) {
      const lx = cornerX(i, hw), ly = cornerY(i, hh);
      const x = c * lx - s * ly + px, y = s * lx + c * ly + py;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    out[at] = minX; out[at + 1] = minY; out[at + 2] = maxX; out[at + 3] = maxY;
  },
  trace(shape, sink) {
    const { c, s } = rotFromDegrees(shape.rotation);
    const hw = shape.width / 2, hh = shape.height / 2;
    for (let i = 0; i < 4; i++) {
      const lx = cornerX(i, hw), ly = cornerY(i, hh);
      const x = shape.x + c * lx - s * ly, y = shape.y + s * lx + c * ly;
      if (i === 0) sink.moveTo(x, y);
      else sink.lineTo(x, y);
    }
    sink.closePath();
  },
};
