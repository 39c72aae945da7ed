// The limits every shape's fields follow, as plain values and predicates without zod: the kinds'
// plain checks (core/kinds/), the fast path of a big file's check and the runtime package's
// zod-free loader use them; field-rules.ts builds the zod schema's rules from the same numbers.

/**
 * Coordinates and sizes stay within ±1e15, sizes at least 1e-9: beyond them squares overflow or
 * halves round to zero (regression: a box 5e-324 wide validated, then crashed `overlaps`).
 */
export const MAX_COORDINATE = 1e15;
export const MIN_SIZE = 1e-9;
export const COORDINATE_RANGE = "must be between -1e15 and 1e15";
export const SIZE_RANGE = "must be between 1e-9 and 1e15";

/** A rotation has a coordinate's limits, said in its unit (the Inspector's, the file's). */
export const ROTATION_RANGE = `${COORDINATE_RANGE} degrees`;

/** What the schema says of a coordinate (x, y, a point), or null when it accepts it. */
export function coordinateProblem(v: number): string | null {
  return Math.abs(v) <= MAX_COORDINATE ? null : COORDINATE_RANGE;
}

/** What the schema says of a rotation (degrees), or null when it accepts it. */
export function rotationProblem(v: number): string | null {
  return Math.abs(v) <= MAX_COORDINATE ? null : ROTATION_RANGE;
}

/** What the schema says of a size (width, height, radius), or null when it accepts it. */
export function sizeProblem(v: number): string | null {
  if (!(v > 0)) return "must be greater than 0";
  return v >= MIN_SIZE && v <= MAX_COORDINATE ? null : SIZE_RANGE;
}

/** A scene's grid cell (`gridSize`): a size, at most 1e6 (a cell wider than any level is no grid). */
export const MAX_GRID_SIZE = 1e6;
export const GRID_SIZE_RANGE = "must be between 1e-9 and 1e6";

/** What the schema says of a grid cell size, or null when it accepts it. */
export function gridSizeProblem(v: number): string | null {
  if (!Number.isFinite(v)) return "must be a finite number";
  if (!(v > 0)) return "must be greater than 0";
  return v >= MIN_SIZE && v <= MAX_GRID_SIZE ? null : GRID_SIZE_RANGE;
}

/** A colour as CSS writes it: "#rrggbb", or "#rrggbbaa" with alpha. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** A layer's colour is opaque: its shapes' fill takes its own alpha. */
export const LAYER_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** U+0000–U+001F and U+007F: refused in ids, names and property names (Tiled strips a NUL; Godot 3 drops a whole `__meta__` over one). */
// eslint-disable-next-line no-control-regex -- matching them is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
export const CONTROL_MESSAGE = "must not hold control characters (U+0000 to U+001F, U+007F)";

/** What the format says of an id or a name holding a control character (which, and where), or null when it holds none. */
export function controlCharacterProblem(text: string): string | null {
  const m = CONTROL_CHARACTER.exec(text);
  return m ? `${CONTROL_MESSAGE}: U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at character ${m.index + 1}` : null;
}

/** Text without the control characters the format refuses (for names typed as they go). */
export const withoutControlCharacters = (text: string): string => text.replace(new RegExp(CONTROL_CHARACTER.source, "g"), "");

/** Plain predicates with the same limits as the zod rules (field-rules.ts). */
export const plainCoordinate = (v: unknown): v is number => typeof v === "number" && v <= MAX_COORDINATE && v >= -MAX_COORDINATE;
export const plainSize = (v: unknown): v is number => typeof v === "number" && v >= MIN_SIZE && v <= MAX_COORDINATE;
