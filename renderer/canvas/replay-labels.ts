// Where a replayed ray's label goes, apart from the scene's probes' own: a log saved from the
// scene's rays and opened over it puts each replayed ray exactly on its probe, and two labels there
// (red over green) read as neither.
import type { Probe, RayRecord } from "../../core";

/** Whether a replayed ray runs where one of the scene's rays does: both ends within `tolerance`. */
export function coincidesWithProbe(ray: RayRecord, probes: readonly Probe[], tolerance: number): boolean {
  const near = (a: readonly [number, number], b: readonly [number, number]) => Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;
  return probes.some((p) => p.type === "ray" && near(p.from, ray.from) && near(p.to, ray.to));
}

/**
 * A replayed ray's label, in screen pixels from its start: below and right of it, where a probe's
 * label (above and right, ProbeLayer) never is, so rays that start where a probe does stay readable.
 */
export const REPLAY_LABEL_OFFSET = { x: 6, y: 5 } as const;

/** A label's size on screen: 11 px text, about 0.6 em a character, one line. */
const LABEL_CHAR_PX = 6.6;
const LABEL_HEIGHT_PX = 13;

/** A label that could be drawn: its key, its top-left corner (world units) and its text. */
export interface LabelCandidate<K> {
  readonly key: K;
  readonly x: number;
  readonly y: number;
  readonly text: string;
}

/**
 * The labels to draw, first come first placed: a label whose box (on screen, at `px` world units
 * a pixel) would overlap one already placed is left out, so dense rays (a row of floor probes) show
 * a readable few, not one blot. Boxes are bucketed on a grid of their height, so this stays linear
 * for the thousands of rays the canvas draws.
 */
export function placedLabels<K>(candidates: Iterable<LabelCandidate<K>>, px: number): Set<K> {
  const h = LABEL_HEIGHT_PX * px;
  const cells = new Map<string, [number, number, number, number][]>();
  const placed = new Set<K>();
  for (const c of candidates) {
    const box: [number, number, number, number] = [c.x, c.y, c.x + c.text.length * LABEL_CHAR_PX * px, c.y + h];
    const x0 = Math.floor(box[0] / h), x1 = Math.floor(box[2] / h), y0 = Math.floor(box[1] / h), y1 = Math.floor(box[3] / h);
    let free = true;
    for (let gx = x0; gx <= x1 && free; gx++) {
      for (let gy = y0; gy <= y1 && free; gy++) {
        free = !(cells.get(`${gx},${gy}`) ?? []).some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3]);
      }
    }
    if (!free) continue;
    placed.add(c.key);
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const key = `${gx},${gy}`;
        const list = cells.get(key);
        if (list) list.push(box);
        else cells.set(key, [box]);
      }
    }
  }
  return placed;
}
