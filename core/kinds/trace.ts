// The shape kinds' outlines, as the editor's canvas and the HTML report draw them: drawing only, so
// apart from the kind modules (kind.ts), which a game's bundle carries. A new kind is a line here
// too (the table's type asks for every kind).
import type { ChainShape, Point, Shape, ShapeType } from "../scene/types";
import { rotFromDegrees } from "../vec2";
import { boxCornerX, boxCornerY } from "./box";

/**
 * Where an outline is traced, in world units: the canvas's path methods (a
 * CanvasRenderingContext2D or Konva's context is one), or a writer of SVG path data.
 * `arc` is the canvas's: centre, radius, start and end angles in radians, clockwise on screen.
 */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  closePath(): void;
}

/** Traces points as an outline in world units, closing it when `closed`. */
function tracePoints(x: number, y: number, rotation: number, points: readonly Point[], closed: boolean, sink: PathSink): void {
  const { c, s } = rotFromDegrees(rotation);
  points.forEach(([lx, ly], i) => {
    const wx = x + c * lx - s * ly, wy = y + s * lx + c * ly;
    if (i === 0) sink.moveTo(wx, wy);
    else sink.lineTo(wx, wy);
  });
  if (closed) sink.closePath();
}

/** Each kind's outline (the caller begins and fills the path). */
const TRACES: { readonly [K in ShapeType]: (shape: Extract<Shape, { type: K }>, sink: PathSink) => void } = {
  circle(s, sink) {
    sink.moveTo(s.x + s.radius, s.y);
    sink.arc(s.x, s.y, s.radius, 0, 2 * Math.PI);
  },
  box(shape, sink) {
    const { c, s } = rotFromDegrees(shape.rotation);
    const hw = shape.width / 2, hh = shape.height / 2;
    for (let i = 0; i < 4; i++) {
      const lx = boxCornerX(i, hw), ly = boxCornerY(i, hh);
      const x = shape.x + c * lx - s * ly, y = shape.y + s * lx + c * ly;
      if (i === 0) sink.moveTo(x, y);
      else sink.lineTo(x, y);
    }
    sink.closePath();
  },
  capsule(shape, sink) {
    // A stadium: the top cap from its left point over the top to its right, then the bottom cap.
    const { c, s } = rotFromDegrees(shape.rotation);
    const a = Math.atan2(s, c);
    const r = shape.radius, d = shape.height / 2 - r;
    sink.moveTo(shape.x - r * c + d * s, shape.y - r * s - d * c);
    sink.arc(shape.x + d * s, shape.y - d * c, r, Math.PI + a, 2 * Math.PI + a);
    sink.arc(shape.x - d * s, shape.y + d * c, r, a, Math.PI + a);
    sink.closePath();
  },
  polygon: (shape, sink) => tracePoints(shape.x, shape.y, shape.rotation, shape.points, true, sink),
  chain: (shape: ChainShape, sink) => tracePoints(shape.x, shape.y, shape.rotation, shape.points, shape.closed === true, sink),
};

/** Traces a scene shape's outline in world units (see PathSink). */
export const traceShapeOutline = (s: Shape, sink: PathSink): void => (TRACES[s.type] as (shape: Shape, sink: PathSink) => void)(s, sink);
