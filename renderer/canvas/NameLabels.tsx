// Shapes' names written on the canvas (View → Show names on shapes), centred on each named shape
// in view whose box is at least MIN_ROOM pixels wide on screen, cut with an ellipsis to that width.
// One Konva node draws them all; the world's tree finds the shapes in view.
import type Konva from "konva";
import { useMemo } from "react";
import { Shape as KonvaShape } from "react-konva";
import { shapeBounds, type Layer } from "../../core";
import type { Editor } from "../editor/editor";
import { useEditor, useEditorState } from "../editor/react";
import type { ViewState } from "../store/preferences";
import { useCanvasTheme } from "./theme";

/** A label's font size in screen pixels. */
const FONT_PX = 11;
/** The least screen width and height of a shape's box that gets a label. */
export const MIN_ROOM = { width: 28, height: 12 };
/** Labels drawn at most: beyond it, zoom in to read names. */
export const MAX_LABELS = 400;

export interface NameLabel {
  readonly text: string;
  /** The centre of the shape's box, world units. */
  readonly x: number;
  readonly y: number;
  /** The room the label has, world units. */
  readonly width: number;
}

/** The labels to draw for the named shapes in view on visible layers, at most MAX_LABELS. */
export function labelsInView(editor: Editor, view: ViewState, width: number, height: number, layers: readonly Layer[]): NameLabel[] {
  const hidden = new Set(layers.filter((l) => l.visible === false).map((l) => l.id));
  const first = layers[0]?.id;
  const out: NameLabel[] = [];
  const minX = -view.x / view.scale;
  const minY = -view.y / view.scale;
  editor.documentWorld().forEachInBox(minX, minY, minX + width / view.scale, minY + height / view.scale, (shape) => {
    if (!shape.name || out.length >= MAX_LABELS || hidden.has(shape.layer ?? first ?? "")) return;
    const b = shapeBounds(shape);
    const w = b.maxX - b.minX;
    if (w * view.scale < MIN_ROOM.width || (b.maxY - b.minY) * view.scale < MIN_ROOM.height) return;
    out.push({ text: shape.name, x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2, width: w });
  });
  return out;
}

/** `text` cut with an ellipsis to fit `room` as `measure` measures it. */
export function fitText(text: string, room: number, measure: (t: string) => number): string {
  if (measure(text) <= room) return text;
  let n = text.length;
  while (n > 1 && measure(`${text.slice(0, n - 1)}…`) > room) n--;
  return n > 1 ? `${text.slice(0, n - 1)}…` : "";
}

export function NameLabels({ width, height }: { readonly width: number; readonly height: number }) {
  const editor = useEditor();
  const show = useEditorState((s) => s.showNames);
  const shapes = useEditorState((s) => s.shapes);
  const layers = useEditorState((s) => s.layers);
  const view = useEditorState((s) => s.view);
  const THEME = useCanvasTheme();
  const labels = useMemo(() => (show ? labelsInView(editor, view, width, height, layers) : []), [editor, show, shapes, layers, view, width, height]);
  if (labels.length === 0) return null;
  const px = 1 / view.scale;
  const sceneFunc = (ctx: Konva.Context) => {
    ctx.font = `${FONT_PX * px}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = 3 * px;
    ctx.strokeStyle = THEME.labelHalo;
    ctx.fillStyle = THEME.label;
    const measure = (t: string) => ctx.measureText(t).width;
    for (const l of labels) {
      const text = fitText(l.text, l.width - 4 * px, measure);
      if (!text) continue;
      ctx.strokeText(text, l.x, l.y);
      ctx.fillText(text, l.x, l.y);
    }
  };
  return <KonvaShape name="name-labels" sceneFunc={sceneFunc} listening={false} perfectDrawEnabled={false} />;
}
