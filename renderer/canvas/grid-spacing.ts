// How far apart the grid's lines are drawn at a zoom: pure, so tests need no canvas.

export const MAJOR_EVERY = 4;
/** Screen pixels below which a family of lines would be a smear. */
export const MIN_SPACING = 6;

export interface GridSpacing {
  /** World units between minor lines, or null when they would be too dense to draw. */
  readonly minor: number | null;
  /** World units between major lines (coarsened by MAJOR_EVERY until they are far enough apart). */
  readonly major: number;
}

export function gridSpacing(size: number, scale: number): GridSpacing {
  const minor = size * scale >= MIN_SPACING ? size : null;
  let major = size * MAJOR_EVERY;
  while (major * scale < MIN_SPACING) major *= MAJOR_EVERY;
  return { minor, major };
}
