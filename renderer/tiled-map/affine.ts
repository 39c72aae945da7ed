// The few affine maps the backdrop composes with a tile's own (core/tiled/tile-shapes.ts
// tileTransform, Tiled's placement of a tile in its cell): moves, turns, and applying them.
import type { Affine } from "../../core/tiled/tile-shapes";

export type { Affine };

/** `m` after `n`: a point goes through `n` first. */
export const compose = (m: Affine, n: Affine): Affine => ({
  a: m.a * n.a + m.c * n.b,
  b: m.b * n.a + m.d * n.b,
  c: m.a * n.c + m.c * n.d,
  d: m.b * n.c + m.d * n.d,
  e: m.a * n.e + m.c * n.f + m.e,
  f: m.b * n.e + m.d * n.f + m.f,
});

export const translation = (x: number, y: number): Affine => ({ a: 1, b: 0, c: 0, d: 1, e: x, f: y });

/** A turn by `degrees` clockwise on screen (y down) about (x, y). */
export function rotationAbout(degrees: number, x: number, y: number): Affine {
  const t = (degrees * Math.PI) / 180;
  const cos = Math.cos(t), sin = Math.sin(t);
  return { a: cos, b: sin, c: -sin, d: cos, e: x - cos * x + sin * y, f: y - sin * x - cos * y };
}

export const applyAffine = (m: Affine, x: number, y: number): readonly [number, number] => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
