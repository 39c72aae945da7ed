// 2D vector math on plain readonly tuples-as-objects. y grows downward (screen convention),
// so a positive angle turns clockwise on screen.

export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

export const vec2 = (x: number, y: number): Vec2 => ({ x, y });
export const ZERO: Vec2 = vec2(0, 0);

export const add = (a: Vec2, b: Vec2): Vec2 => vec2(a.x + b.x, a.y + b.y);
export const sub = (a: Vec2, b: Vec2): Vec2 => vec2(a.x - b.x, a.y - b.y);
export const scale = (a: Vec2, s: number): Vec2 => vec2(a.x * s, a.y * s);
export const neg = (a: Vec2): Vec2 => vec2(-a.x, -a.y);
export const dot = (a: Vec2, b: Vec2): number => a.x * b.x + a.y * b.y;
/** z of the 3D cross product: > 0 when b is clockwise from a on screen (y down). */
export const cross = (a: Vec2, b: Vec2): number => a.x * b.y - a.y * b.x;
export const lengthSquared = (a: Vec2): number => a.x * a.x + a.y * a.y;
export const length = (a: Vec2): number => Math.hypot(a.x, a.y);
export const distance = (a: Vec2, b: Vec2): number => Math.hypot(a.x - b.x, a.y - b.y);
/** Left perpendicular (rotated 90° counter-clockwise in y-up terms). */
export const perp = (a: Vec2): Vec2 => vec2(-a.y, a.x);
export const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);

/** Unit vector along a, or `fallback` when a is too short to have a direction (never NaN). */
export function normalize(a: Vec2, fallback: Vec2 = vec2(1, 0)): Vec2 {
  const len = length(a);
  return len > Number.EPSILON * 1e3 ? vec2(a.x / len, a.y / len) : fallback;
}

/** A rotation stored as cosine and sine, as Box2D's b2Rot. */
export interface Rot {
  readonly c: number;
  readonly s: number;
}


export function rotFromDegrees(degrees: number): Rot {
  // Exact values at multiples of 90° keep boxes axis-aligned to the last bit.
  const quarter = degrees / 90;
  if (Number.isInteger(quarter)) {
    const q = ((quarter % 4) + 4) % 4;
    return [{ c: 1, s: 0 }, { c: 0, s: 1 }, { c: -1, s: 0 }, { c: 0, s: -1 }][q]!;
  }
  const r = (degrees * Math.PI) / 180;
  return { c: Math.cos(r), s: Math.sin(r) };
}

export const rotate = (q: Rot, v: Vec2): Vec2 => vec2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y);

