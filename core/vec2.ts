// 2D vector math on plain readonly tuples-as-objects. y grows downward (screen convention),
// so a positive angle turns clockwise on screen.

/** A point or vector `{ x, y }`; y grows downward, as on screen. */
export interface Vec2 {
  /** The x coordinate. */
  readonly x: number;
  /** The y coordinate (downward). */
  readonly y: number;
}

/**
 * The point `{ x, y }`, as given (a new object): the queries check it where it is passed.
 *
 * @param x - The x coordinate.
 * @param y - The y coordinate (downward).
 */
export const vec2 = (x: number, y: number): Vec2 => ({ x, y });

export const add = (a: Vec2, b: Vec2): Vec2 => vec2(a.x + b.x, a.y + b.y);
export const sub = (a: Vec2, b: Vec2): Vec2 => vec2(a.x - b.x, a.y - b.y);
/** z of the 3D cross product: > 0 when b is clockwise from a on screen (y down). */
export const cross = (a: Vec2, b: Vec2): number => a.x * b.y - a.y * b.x;
export const distance = (a: Vec2, b: Vec2): number => Math.hypot(a.x - b.x, a.y - b.y);
/**
 * √(x² + y²) by a square root, falling back to Math.hypot (a slow builtin call with boxed arguments)
 * only where the squares would overflow or underflow: for code run once per shape of a big file.
 */
export function safeLength(x: number, y: number): number {
  const l = Math.sqrt(x * x + y * y);
  return l > 1e-150 && l < 1e150 ? l : Math.hypot(x, y);
}
export const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);

/** A rotation stored as cosine and sine, as Box2D's b2Rot (rotFromDegrees makes one). */
export interface Rot {
  /** The angle's cosine. */
  readonly c: number;
  /** The angle's sine (positive turns clockwise on a y-down screen). */
  readonly s: number;
}


/** The cosines and sines of 0°, 90°, 180° and 270°, exact. */
const QUARTER_TURNS = [1, 0, 0, 1, -1, 0, 0, -1];

/** The rotation of `degrees` as its cosine and sine, written to out[at], out[at + 1], with no object made. */
export function writeRotFromDegrees(degrees: number, out: Float64Array, at: number): void {
  // Exact values at multiples of 90° keep boxes axis-aligned to the last bit.
  const quarter = degrees / 90;
  if (Number.isInteger(quarter)) {
    const q = 2 * (((quarter % 4) + 4) % 4);
    out[at] = QUARTER_TURNS[q]!;
    out[at + 1] = QUARTER_TURNS[q + 1]!;
    return;
  }
  const r = (degrees * Math.PI) / 180;
  out[at] = Math.cos(r);
  out[at + 1] = Math.sin(r);
}

const rot = new Float64Array(2);

/** writeRotFromDegrees as a Rot. */
export function rotFromDegrees(degrees: number): Rot {
  writeRotFromDegrees(degrees, rot, 0);
  return { c: rot[0]!, s: rot[1]! };
}

/**
 * The same angle in (−180, 180] degrees, the one range of rotations in files, the editor and
 * exports (270 is −90, −180 is 180). Exact: `%` is, and the one step of ±360 after it is too
 * (Sterbenz: both terms within a factor of two). In-range values come back as they are, −0 as 0;
 * NaN and ±Infinity give NaN.
 */
export function normalizeDegrees(degrees: number): number {
  const r = degrees % 360;
  return r > 180 ? r - 360 : r <= -180 ? r + 360 : r + 0;
}

export const rotate = (q: Rot, v: Vec2): Vec2 => vec2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y);

