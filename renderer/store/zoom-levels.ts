// The preset zoom levels that wheel and keyboard steps go through, and the status bar's list.
import { evaluateNumberExpression } from "./number-expression";
import { MAX_SCALE, MIN_SCALE } from "./view";

/**
 * Tiled's zoom factors (src/tiled/zoomable.cpp) up to this editor's 6400 %; Tiled goes on to 25600 %.
 * Fit to view may give any scale between 1 % and 6400 %; a step from there goes to the next preset.
 */
export const ZOOM_LEVELS: readonly number[] = [
  0.015625, 0.03125, 0.0625, 0.125, 0.25, 0.33, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5.5, 8, 11, 16, 23, 32, 45, 64,
].filter((s) => s <= MAX_SCALE);

/** Scales this close (relative) to a preset count as it, so a scale off by a rounding error does not step twice. */
const SAME = 1e-9;

/** The smallest preset above `scale`, or `scale` itself at or past the largest. */
export function zoomLevelIn(scale: number): number {
  return ZOOM_LEVELS.find((level) => level > scale * (1 + SAME)) ?? scale;
}

/** The largest preset below `scale`, or `scale` itself at or below the smallest (Fit may go to 1 %). */
export function zoomLevelOut(scale: number): number {
  for (let i = ZOOM_LEVELS.length - 1; i >= 0; i--) if (ZOOM_LEVELS[i]! < scale * (1 - SAME)) return ZOOM_LEVELS[i]!;
  return scale;
}

/** `steps` presets in (positive) or out (negative) from `scale`. */
export function zoomLevelBy(scale: number, steps: number): number {
  let s = scale;
  for (let i = 0; i < Math.abs(steps); i++) s = steps > 0 ? zoomLevelIn(s) : zoomLevelOut(s);
  return s;
}

/** A zoom as the status bar writes it: at most two decimals, no trailing zeros ("12.5%", "1.56%", "100%"). */
export const zoomLabel = (scale: number): string => `${Math.round(scale * 10000) / 100}%`;

/** A zoom typed in percent, clamped to the zoom limits (`clamped` says which one it met), or why it cannot be one. */
export type TypedZoom = { readonly ok: true; readonly scale: number; readonly clamped: "smallest" | "largest" | null } | { readonly ok: false; readonly message: string };

/**
 * The status bar's typed zoom: a percentage ("250", "250 %", "33.3%") or a sum the number fields
 * take ("2*100"), with or without the % sign; past the limits it is the nearest limit.
 */
export function typedZoom(text: string): TypedZoom {
  const typed = evaluateNumberExpression(text.trim().replace(/%$/, ""));
  if (!typed.ok) return typed;
  if (!(typed.value > 0)) return { ok: false, message: `a zoom is more than 0%: ${text.trim()}` };
  const scale = typed.value / 100;
  if (scale < MIN_SCALE) return { ok: true, scale: MIN_SCALE, clamped: "smallest" };
  if (scale > MAX_SCALE) return { ok: true, scale: MAX_SCALE, clamped: "largest" };
  return { ok: true, scale, clamped: null };
}
