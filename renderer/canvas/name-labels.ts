// Which shapes' names the canvas writes, where, and how a long name is cut: a named shape in view
// on a visible layer whose box is at least MIN_ROOM pixels on screen, centred on its box. Labels
// never cover each other or the contact overlay's marks: the shape with the most room writes first,
// and a label that would touch one already written or a mark is left out, as is a name cut to
// fewer than MIN_LETTERS letters.
import { shapeBounds, type Layer } from "../../core";
import type { Editor } from "../editor/editor";
import type { ViewState } from "../store/preferences";

/** A label's font size in screen pixels. */
export const FONT_PX = 11;
/** The least screen width and height of a shape's box that gets a label. */
export const MIN_ROOM = { width: 28, height: 12 };
/** The fewest letters a cut name keeps before its ellipsis (a shorter name is written whole or not at all). */
export const MIN_LETTERS = 3;
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

/**
 * The labels to draw for the named shapes in view on visible layers, at most MAX_LABELS; shapes in
 * `skip` get none (a selected shape's contacts and depth are drawn where its name would be).
 */
export function labelsInView(editor: Editor, view: ViewState, width: number, height: number, layers: readonly Layer[], skip: ReadonlySet<string> = new Set()): NameLabel[] {
  const hidden = new Set(layers.filter((l) => l.visible === false).map((l) => l.id));
  const first = layers[0]?.id;
  const out: NameLabel[] = [];
  const minX = -view.x / view.scale;
  const minY = -view.y / view.scale;
  editor.documentWorld().forEachInBox(minX, minY, minX + width / view.scale, minY + height / view.scale, (shape) => {
    if (!shape.name || out.length >= MAX_LABELS || skip.has(shape.id) || shape.visible === false || hidden.has(shape.layer ?? first ?? "")) return;
    const b = shapeBounds(shape);
    const w = b.maxX - b.minX;
    if (w * view.scale < MIN_ROOM.width || (b.maxY - b.minY) * view.scale < MIN_ROOM.height) return;
    out.push({ text: shape.name, x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2, width: w });
  });
  return out;
}

/** `text` cut with an ellipsis to fit `room` as `measure` measures it; "" when fewer than `minLetters` letters would be left. */
export function fitText(text: string, room: number, measure: (t: string) => number, minLetters = 1): string {
  if (measure(text) <= room) return text;
  let n = text.length;
  while (n > 1 && measure(`${text.slice(0, n - 1)}…`) > room) n--;
  return n > 1 && n - 1 >= Math.min(minLetters, text.length) ? `${text.slice(0, n - 1)}…` : "";
}

/** A label as written: its text, centre and size, world units. */
export interface PlacedLabel {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A box by its centre and size, world units. */
export interface CentredBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const apart = (a: CentredBox, b: CentredBox): boolean => Math.abs(a.x - b.x) * 2 >= a.width + b.width || Math.abs(a.y - b.y) * 2 >= a.height + b.height;

/**
 * The labels to write, each cut to its room (`px` world units a screen pixel), widest room first,
 * leaving out any that would come within a pixel of one already placed or touch an obstacle (the
 * contact overlay's marks).
 */
export function placeLabels(labels: readonly NameLabel[], measure: (t: string) => number, px: number, obstacles: readonly CentredBox[] = []): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const height = (FONT_PX + 2) * px;
  for (const l of [...labels].sort((a, b) => b.width - a.width)) {
    const text = fitText(l.text, l.width - 4 * px, measure, MIN_LETTERS);
    if (!text) continue;
    const box = { text, x: l.x, y: l.y, width: measure(text) + 2 * px, height };
    if (placed.every((p) => apart(p, box)) && obstacles.every((o) => apart(o, box))) placed.push(box);
  }
  return placed;
}
