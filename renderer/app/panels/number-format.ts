// How number fields show a value: short enough to read, while the document keeps every digit.

/** Decimals a number field shows at most. */
export const SHOWN_DECIMALS = 4;

/**
 * A value as a number field shows it: at most 4 decimals (466.666666667 shows as 466.6667), no
 * float noise (0.30000000000000004 shows as 0.3), no "-0". A non-zero value that would round to 0
 * shows 4 significant digits instead (1e-9 stays 1e-9: a size is never shown as 0).
 */
export function formatNumber(v: number): string {
  const rounded = Number(v.toFixed(SHOWN_DECIMALS));
  if (rounded === 0 && v !== 0) return String(Number(v.toPrecision(4)));
  return String(rounded + 0);
}

/**
 * A coordinate or angle as a number field shows it: at most 4 decimals, a value that rounds to 0
 * shown as 0 (a point 7.105e-15 from its shape's centre is float noise, not a distance to read).
 */
export function formatCoordinate(v: number): string {
  return String(Number(v.toFixed(SHOWN_DECIMALS)) + 0);
}
