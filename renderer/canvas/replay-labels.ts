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
