// The objects the scene cannot hold as colliders (model.ts ObjectMark: points, ellipses that are
// not circles, text), drawn faintly over their object layer as Tiled draws them, read-only: a
// point as a pin whose tip is the point, an ellipse as its outline, a text object as its box with
// its text (clipped to the box), each named above its bounds as Tiled labels objects
// (MapObjectLabel: centred on the top of the object's bounds, turned as it is). The pin and the
// labels keep their screen size at every zoom. Geometry (placeMark) is pure; drawing is not.
import { applyAffine, compose, rotationAbout, translation, type Affine } from "./affine";
import { wrapText } from "../canvas/draw-images";
import type { ObjectMark } from "./model";

/** Segments of an ellipse's outline. */
const SEGMENTS = 48;

/** Where a mark is in world pixels. */
export interface MarkPlace {
  /** The object's own pixels (its (x, y) at the origin) → world pixels: its turn about (x, y), then its place and layer's offset. */
  readonly m: Affine;
  /** A point's one point; an ellipse's outline; a text's box, corners clockwise from (x, y). */
  readonly outline: readonly (readonly [number, number])[];
  /** The top-centre of the outline's bounds, where the name label stands; a point's pin is drawn above it. */
  readonly label: readonly [number, number];
}

/** Where `mark` of a layer offset by (offsetX, offsetY) is drawn. */
export function placeMark(mark: ObjectMark, offset: { readonly offsetX: number; readonly offsetY: number }): MarkPlace {
  const at = translation(mark.x + offset.offsetX, mark.y + offset.offsetY);
  if (mark.kind === "point") {
    const p = applyAffine(at, 0, 0);
    return { m: at, outline: [p], label: p };
  }
  const m = mark.rotation === 0 ? at : compose(at, rotationAbout(mark.rotation, 0, 0));
  const { width: w, height: h } = mark;
  const local: [number, number][] =
    mark.kind === "text"
      ? [[0, 0], [w, 0], [w, h], [0, h]]
      : Array.from({ length: SEGMENTS }, (_, i) => {
          const t = (2 * Math.PI * i) / SEGMENTS;
          return [w / 2 + (w / 2) * Math.cos(t), h / 2 + (h / 2) * Math.sin(t)];
        });
  const outline = local.map(([x, y]) => applyAffine(m, x, y));
  const xs = outline.map(([x]) => x), ys = outline.map(([, y]) => y);
  return { m, outline, label: [(Math.min(...xs) + Math.max(...xs)) / 2, Math.min(...ys)] };
}

/** The pin's size in screen pixels: its head's radius, and its tip's distance below the head's centre. */
export const PIN_RADIUS = 5;
export const PIN_DROP = 12;
const LABEL_PX = 11;

/** What drawing marks needs of a 2D context. */
export type MarksContext = Pick<
  CanvasRenderingContext2D,
  "save" | "restore" | "beginPath" | "moveTo" | "lineTo" | "closePath" | "arc" | "rect" | "clip" | "fill" | "stroke" | "fillText" | "strokeText" | "measureText" | "setTransform"
> & {
  globalAlpha: number;
  strokeStyle: CanvasRenderingContext2D["strokeStyle"];
  fillStyle: CanvasRenderingContext2D["fillStyle"];
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
};

export interface MarksPaint {
  /** Outlines and the pin, as tiles' collision shapes are drawn. */
  readonly shapeLine: string;
  readonly shapeFill: string;
  /** Names and a text object's text, on a halo. */
  readonly text: string;
  readonly halo: string;
}

export interface MarksFrame {
  /** World pixels → screen pixels. */
  readonly screen: Affine;
  readonly width: number;
  readonly height: number;
  readonly paint: MarksPaint;
}

/** Screen pixels a mark may reach beyond its outline (the pin, a label). */
const REACH = 200;

/** Draws a layer's marks at the context's alpha. */
export function drawObjectMarks(ctx: MarksContext, marks: readonly ObjectMark[], offset: { readonly offsetX: number; readonly offsetY: number }, frame: MarksFrame): void {
  const { screen, paint } = frame;
  ctx.save();
  ctx.lineWidth = 1;
  ctx.lineJoin = "round";
  for (const mark of marks) {
    const placed = placeMark(mark, offset);
    const on = placed.outline.map(([x, y]) => applyAffine(screen, x, y));
    const xs = on.map(([x]) => x), ys = on.map(([, y]) => y);
    if (Math.max(...xs) < -REACH || Math.min(...xs) > frame.width + REACH || Math.max(...ys) < -REACH || Math.min(...ys) > frame.height + REACH) continue;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.strokeStyle = paint.shapeLine;
    ctx.fillStyle = paint.shapeFill;
    ctx.beginPath();
    if (mark.kind === "point") pinPath(ctx, on[0]![0], on[0]![1]);
    else {
      on.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
      ctx.closePath();
    }
    if (mark.kind !== "text") ctx.fill();
    ctx.stroke();
    if (mark.kind === "text" && mark.text !== "") drawText(ctx, mark, compose(screen, placed.m), paint);
    if (mark.name !== "") {
      const [lx, ly] = applyAffine(screen, placed.label[0], placed.label[1]);
      label(ctx, mark.name, lx, ly - (mark.kind === "point" ? PIN_DROP + PIN_RADIUS + 2 : 3), paint);
    }
  }
  ctx.restore();
}

/** A pin: a round head above, its tip at (x, y). */
function pinPath(ctx: MarksContext, x: number, y: number): void {
  const cy = y - PIN_DROP;
  // The tangents from the tip touch the head where the angle from straight down is acos(r / drop).
  const a = Math.acos(PIN_RADIUS / PIN_DROP);
  ctx.moveTo(x, y);
  ctx.arc(x, cy, PIN_RADIUS, Math.PI / 2 - a, Math.PI / 2 + a, true);
  ctx.closePath();
  ctx.moveTo(x + PIN_RADIUS / 2.5, cy);
  ctx.arc(x, cy, PIN_RADIUS / 2.5, 0, 2 * Math.PI);
}

function label(ctx: MarksContext, text: string, x: number, y: number, paint: MarksPaint): void {
  ctx.font = `${LABEL_PX}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.lineWidth = 3;
  ctx.strokeStyle = paint.halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = paint.text;
  ctx.fillText(text, x, y);
  ctx.lineWidth = 1;
}

/** A text object's lines in its box (the object's own pixels under `m`), at its font size, clipped to the box. */
function drawText(ctx: MarksContext, mark: Extract<ObjectMark, { kind: "text" }>, m: Affine, paint: MarksPaint): void {
  ctx.save();
  ctx.setTransform(m.a, m.b, m.c, m.d, m.e, m.f);
  ctx.beginPath();
  ctx.rect(0, 0, mark.width, mark.height);
  ctx.clip();
  ctx.font = `${mark.pixelSize}px ${mark.fontFamily.includes(" ") ? JSON.stringify(mark.fontFamily) : mark.fontFamily}, sans-serif`;
  ctx.textBaseline = "top";
  ctx.textAlign = mark.align.h;
  const lines = mark.text.split("\n").flatMap((line) => (mark.wrap ? wrapText(ctx, line, mark.width) : [line]));
  const lineHeight = mark.pixelSize * 1.2;
  const total = lines.length * lineHeight;
  const top = mark.align.v === "top" ? 0 : mark.align.v === "bottom" ? mark.height - total : (mark.height - total) / 2;
  const x = mark.align.h === "left" ? 0 : mark.align.h === "right" ? mark.width : mark.width / 2;
  // On a halo 3 screen pixels wide, to be read over tiles.
  ctx.lineWidth = 3 / Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  ctx.lineJoin = "round";
  ctx.strokeStyle = paint.halo;
  ctx.fillStyle = paint.text;
  lines.forEach((line, i) => {
    ctx.strokeText(line, x, top + i * lineHeight);
    ctx.fillText(line, x, top + i * lineHeight);
  });
  ctx.restore();
}
