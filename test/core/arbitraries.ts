// fast-check generators for random shapes of all four kinds, as plain scene-format objects.
// Convex polygons are hulls of random points (via the independent reference hull), rejecting
// degenerate ones (short edges, nearly straight corners).
import fc from "fast-check";
import { COMPOUND, normalizeDegrees, type Geometry, type Shape, type ShapeGeometry } from "../../core/index";
import { convexHull, type RefPoint } from "./reference";

/** The kinds these generate (chains and concave polygons have their own generators). */
export type ConvexShape = Exclude<Shape, { readonly type: "chain" }>;
export type Kind = ConvexShape["type"];
export const KINDS: readonly Kind[] = ["circle", "box", "capsule", "polygon"];

/** All 10 unordered pairs of kinds, each once. */
export const KIND_PAIRS: readonly (readonly [Kind, Kind])[] = KINDS.flatMap((k, i) => KINDS.slice(i).map((l) => [k, l] as const));

export interface ShapeOptions {
  /** Positions lie in [-extent, extent]. */
  readonly extent?: number;
  /** Mix in integer positions and multiples of 45°/90° rotations (grid-snapped editing). */
  readonly grid?: boolean;
  readonly minSize?: number;
  readonly maxSize?: number;
  /** Capsule height − 2·radius: "any" (0 or more), or "hair" (a few ulps above 2·radius). */
  readonly capsuleExtra?: "any" | "hair";
}

const STEPS = 2 ** 30;

/**
 * A real number spread evenly over [min, max]. (fc.double is even over the *representations*, so
 * most of its values are tiny, e.g. 1e-200: that makes every shape sit at the origin.)
 */
export const real = (min: number, max: number): fc.Arbitrary<number> => fc.integer({ min: 0, max: STEPS }).map((i) => min + ((max - min) * i) / STEPS);

/** Free values, plus (with `grid`) fc.double's edge cases (0, tiny, bounds) and whole numbers. */
function value(o: Required<ShapeOptions>, min: number, max: number, grid: fc.Arbitrary<number>): fc.Arbitrary<number> {
  const free = real(min, max);
  return o.grid ? fc.oneof({ arbitrary: free, weight: 3 }, { arbitrary: fc.double({ min, max, noNaN: true }), weight: 1 }, { arbitrary: grid, weight: 2 }) : free;
}

const coordinate = (o: Required<ShapeOptions>): fc.Arbitrary<number> =>
  value(o, -o.extent, o.extent, fc.integer({ min: -Math.floor(o.extent / 3), max: Math.floor(o.extent / 3) }));

const rotation = (o: Required<ShapeOptions>): fc.Arbitrary<number> => value(o, -720, 720, fc.constantFrom(0, 45, 90, 180, 270, -90, 30, 360));

const size = (o: Required<ShapeOptions>): fc.Arbitrary<number> =>
  value(o, o.minSize, o.maxSize, fc.integer({ min: Math.ceil(o.minSize), max: Math.max(Math.ceil(o.minSize), Math.floor(o.maxSize)) }));


/** A hull that every validator should accept: 3+ corners, no tiny edges, no nearly straight turns. */
export function wellShaped(points: readonly RefPoint[], scale: number): boolean {
  const n = points.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    const a = points[(i + n - 1) % n]!;
    const b = points[i]!;
    const c = points[(i + 1) % n]!;
    const e1 = [b[0] - a[0], b[1] - a[1]] as const;
    const e2 = [c[0] - b[0], c[1] - b[1]] as const;
    const l1 = Math.hypot(e1[0], e1[1]);
    const l2 = Math.hypot(e2[0], e2[1]);
    if (l2 < 1e-2 * scale) return false;
    if (Math.abs(e1[0] * e2[1] - e1[1] * e2[0]) < 2e-2 * l1 * l2) return false;
  }
  return true;
}

/** Local points of a random strictly convex polygon, in a random winding and starting corner. */
export function convexPoints(o: Required<ShapeOptions>): fc.Arbitrary<[number, number][]> {
  return size(o).chain((s) =>
    fc
      .tuple(
        fc.array(fc.tuple(real(-s, s), real(-s, s)), { minLength: 3, maxLength: 8 }),
        fc.tuple(real(-s / 2, s / 2), real(-s / 2, s / 2)),
        fc.boolean(),
        fc.nat(),
      )
      .map(([raw, [ox, oy], reverse, start]) => {
        const hull = convexHull(raw).map(([x, y]) => [x + ox, y + oy] as [number, number]);
        const rolled = hull.slice(start % Math.max(1, hull.length)).concat(hull.slice(0, start % Math.max(1, hull.length)));
        return { points: reverse ? rolled.reverse() : rolled, s };
      })
      .filter(({ points, s: scale }) => wellShaped(points, scale))
      .map(({ points }) => points),
  );
}

function withDefaults(options: ShapeOptions): Required<ShapeOptions> {
  return { extent: 10, grid: true, minSize: 0.5, maxSize: 20, capsuleExtra: "any", ...options };
}

/** A random shape of `kind` with id `id`. */
export function shapeOf(kind: Kind, id: string, options: ShapeOptions = {}): fc.Arbitrary<ConvexShape> {
  const o = withDefaults(options);
  const pos = fc.record({ x: coordinate(o), y: coordinate(o), rotation: rotation(o) });
  switch (kind) {
    case "circle":
      return fc.tuple(pos, size(o)).map(([p, d]): ConvexShape => ({ id, type: "circle", ...p, radius: d / 2 }));
    case "box":
      return fc.tuple(pos, size(o), size(o)).map(([p, width, height]): ConvexShape => ({ id, type: "box", ...p, width, height }));
    case "capsule": {
      const extra = o.capsuleExtra === "hair" ? fc.integer({ min: 1, max: 40 }).map((k) => -k) : fc.oneof(fc.constant(0), real(0, 2 * o.maxSize));
      return fc.tuple(pos, size(o), extra).map(([p, d, e]): ConvexShape => {
        const radius = d / 2;
        // "hair": k ulps-ish above 2·radius, i.e. a core segment of length ~1e-14·radius.
        const height = e < 0 ? 2 * radius * (1 + -e * 2 * Number.EPSILON) : 2 * radius + e;
        return { id, type: "capsule", ...p, radius, height };
      });
    }
    case "polygon":
      return fc.tuple(pos, convexPoints(o)).map(([p, points]): ConvexShape => ({ id, type: "polygon", ...p, points }));
  }
}

export function anyShape(id: string, options: ShapeOptions = {}): fc.Arbitrary<ConvexShape> {
  return fc.oneof(...KINDS.map((k) => shapeOf(k, id, options)));
}

/**
 * `shape` as a read scene holds it and Collider Studio writes it: its rotation in (−180, 180]. The
 * generators above turn shapes through ±720° for the core, which takes any angle.
 */
export const asRead = <S extends { readonly rotation: number }>(shape: S): S => ({ ...shape, rotation: normalizeDegrees(shape.rotation) });

/** A stable 32-bit seed from a test's name (FNV-1a), so every property runs the same cases. */
export const seedOf = (name: string): number => {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h | 0;
};

/** `shape` with every size (and polygon point) multiplied by `factor`, placed at (x, y). */
export function scaledShape(shape: ConvexShape, factor: number, x: number, y: number): ConvexShape {
  switch (shape.type) {
    case "circle":
      return { ...shape, x, y, radius: shape.radius * factor };
    case "box":
      return { ...shape, x, y, width: shape.width * factor, height: shape.height * factor };
    case "capsule":
      return { ...shape, x, y, radius: shape.radius * factor, height: shape.height * factor };
    case "polygon":
      return { ...shape, x, y, points: shape.points.map(([px, py]) => [px * factor, py * factor] as [number, number]) };
  }
}

/** 0, or ±m·10^e with e an integer in [lo, hi] and m in [1, 10): spread evenly over the decades. */
export const decade = (lo: number, hi: number, zero = true): fc.Arbitrary<number> => {
  const nonZero = fc.tuple(fc.integer({ min: lo, max: hi }), real(1, 10), fc.boolean()).map(([e, m, neg]) => (neg ? -1 : 1) * m * 10 ** e);
  return zero ? fc.oneof({ arbitrary: nonZero, weight: 4 }, { arbitrary: fc.constant(0), weight: 1 }) : nonZero;
};

/**
 * A shape of `kind` whose size is anywhere from about 1e-6 to 1e6 and whose position is 0 or
 * anywhere from ±1e-6 to ±1e6, so one scene can hold a speck far out and a giant at the origin.
 */
export function extremeShape(kind: Kind, id: string): fc.Arbitrary<ConvexShape> {
  const base = shapeOf(kind, id, { extent: 1, minSize: 0.5, maxSize: 2, grid: false });
  return fc
    .tuple(base, decade(-6, 5, false), decade(-6, 6), decade(-6, 6))
    .map(([s, factor, x, y]) => scaledShape(s, Math.abs(factor), x, y));
}

/** A shape the convex reference (reference.ts) takes: every kind but chains. */
export function convexShape(shape: Shape): ConvexShape {
  if (shape.type === "chain") throw new Error(`shape ${shape.id}: the convex reference takes no chains`);
  return shape;
}

/** A convex shape's geometry as the pair kernels take it (never a compound). */
export function convexGeometry(g: ShapeGeometry): Geometry {
  if (g.kind === COMPOUND) throw new Error("a compound geometry where a convex one was expected");
  return g;
}
