// Where the contact overlay draws a pair's marks (ContactOverlay.tsx): the contact points, the
// normal from their centre the way the selected shape gets out, and the depth beside its tip; and
// the box they take, which the names on the canvas keep clear of.
import type { OverlapPair } from "../../core";

/**
 * The canvas marks the contacts of a selection with at most this many overlaps: more cover the
 * level with arrows and numbers no one can read (a traced level's whole selection); their shapes
 * stay red, and the Contacts tab lists every one.
 */
export const MAX_MARKED_CONTACTS = 16;

/** The overlaps whose marks the canvas draws: all of them, or none past MAX_MARKED_CONTACTS. */
export const markedContacts = (pairs: readonly OverlapPair[]): readonly OverlapPair[] => (pairs.length > MAX_MARKED_CONTACTS ? [] : pairs);

/** The normal is drawn at least this long (screen pixels) so shallow overlaps stay visible. */
export const MIN_ARROW = 28;
/** A contact point's dot, screen pixels. */
export const DOT_RADIUS = 4;
/** The depth's text: its size, and its place right of and above the arrow's tip (screen pixels). */
export const DEPTH_FONT = 12;
const DEPTH_OFFSET = 6;

export interface ContactMark {
  readonly pair: OverlapPair;
  /** The contact points' centre, where the arrow starts. */
  readonly cx: number;
  readonly cy: number;
  /** The arrow's tip. */
  readonly tipX: number;
  readonly tipY: number;
  /** Where the depth's text starts. */
  readonly textX: number;
  readonly textY: number;
  readonly text: string;
}

/** A pair's marks at `px` world units a screen pixel, for the selected shapes `selected`. */
export function contactMark(p: OverlapPair, selected: ReadonlySet<string>, px: number): ContactMark {
  const cx = p.points.reduce((s, q) => s + q.x, 0) / p.points.length;
  const cy = p.points.reduce((s, q) => s + q.y, 0) / p.points.length;
  const len = Math.max(p.depth, MIN_ARROW * px);
  // The normal moves b out of a, so a selected a (and not b) is shown the opposite way.
  const sign = selected.has(p.b) ? 1 : -1;
  const tipX = cx + sign * p.normal.x * len, tipY = cy + sign * p.normal.y * len;
  return { pair: p, cx, cy, tipX, tipY, textX: tipX + DEPTH_OFFSET * px, textY: tipY - DEPTH_OFFSET * px, text: p.depth.toFixed(2) };
}

/** The box a pair's marks cover (world units), the depth's text taken as wide as 0.6 em a character. */
export function markBox(m: ContactMark, px: number): { readonly x: number; readonly y: number; readonly width: number; readonly height: number } {
  const dot = DOT_RADIUS * px;
  let minX = Math.min(m.tipX, m.textX), minY = Math.min(m.tipY, m.textY), maxX = m.textX + m.text.length * 0.6 * DEPTH_FONT * px, maxY = m.textY + DEPTH_FONT * px;
  for (const q of m.pair.points) {
    minX = Math.min(minX, q.x - dot); minY = Math.min(minY, q.y - dot);
    maxX = Math.max(maxX, q.x + dot); maxY = Math.max(maxY, q.y + dot);
  }
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2, width: maxX - minX, height: maxY - minY };
}
