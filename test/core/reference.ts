// An independent, deliberately plain reference for the signed distance between two shapes of
// scene format v1. It shares no code with core/ (and must never import it): every shape is
// rebuilt here from the format's definition as a convex "core" point set grown by a radius,
// and the distance comes from the Minkowski difference of the two cores.
//
//   signedDistance(a, b) = sd(origin, hull(coreB − coreA)) − (rA + rB)
//
// where sd is negative inside the hull (minus the distance to its boundary). The shapes overlap
// when it is negative, and the penetration depth is then −signedDistance.

export type RefPoint = readonly [number, number];

interface RefBase {
  readonly x: number;
  readonly y: number;
  /** Degrees, clockwise on screen (y grows downward); optional, default 0; ignored by circles. */
  readonly rotation?: number;
}

export type RefShape =
  | (RefBase & { readonly type: "circle"; readonly radius: number })
  | (RefBase & { readonly type: "box"; readonly width: number; readonly height: number })
  | (RefBase & { readonly type: "capsule"; readonly radius: number; readonly height: number })
  | (RefBase & { readonly type: "polygon"; readonly points: readonly RefPoint[] });

/** A point as a mutable pair, the only vector type used here. */
type P = [number, number];

/** Local point → world point: rotate by `degrees` (clockwise on screen, y down), then translate. */
function toWorld(x: number, y: number, degrees: number, lx: number, ly: number): P {
  const t = (degrees * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  // With y down, (1, 0) turned by +90° lands on (0, 1): straight down, i.e. clockwise on screen.
  return [x + lx * c - ly * s, y + lx * s + ly * c];
}

/** The shape's core points in world space (the shape is their convex hull grown by coreRadius). */
export function worldCore(shape: RefShape): P[] {
  const rot = shape.rotation ?? 0;
  switch (shape.type) {
    case "circle":
      return [[shape.x, shape.y]];
    case "box": {
      const hw = shape.width / 2;
      const hh = shape.height / 2;
      return [
        toWorld(shape.x, shape.y, rot, -hw, -hh),
        toWorld(shape.x, shape.y, rot, hw, -hh),
        toWorld(shape.x, shape.y, rot, hw, hh),
        toWorld(shape.x, shape.y, rot, -hw, hh),
      ];
    }
    case "capsule": {
      // height is the total height including both caps; the core segment is vertical at rotation 0.
      const half = shape.height / 2 - shape.radius;
      return [toWorld(shape.x, shape.y, rot, 0, -half), toWorld(shape.x, shape.y, rot, 0, half)];
    }
    case "polygon":
      return shape.points.map((p) => toWorld(shape.x, shape.y, rot, p[0], p[1]));
  }
}

export function coreRadius(shape: RefShape): number {
  return shape.type === "circle" || shape.type === "capsule" ? shape.radius : 0;
}

const crossO = (o: P, a: P, b: P): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/**
 * Andrew's monotone chain. Returns the hull's corners without collinear or repeated points, in
 * counter-clockwise order in math axes (positive cross product); 1 or 2 points when degenerate.
 */
export function convexHull(input: readonly RefPoint[]): P[] {
  const pts: P[] = input.map((p) => [p[0], p[1]] as P).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const unique: P[] = [];
  for (const p of pts) {
    const last = unique[unique.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) unique.push(p);
  }
  if (unique.length <= 2) return unique;
  const lower: P[] = [];
  for (const p of unique) {
    while (lower.length >= 2 && crossO(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: P[] = [];
  for (let i = unique.length - 1; i >= 0; i--) {
    const p = unique[i]!;
    while (upper.length >= 2 && crossO(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Distance from point p to the segment ab. */
function segmentDistance(p: P, a: P, b: P): number {
  const abx = b[0] - a[0];
  const aby = b[1] - a[1];
  const len2 = abx * abx + aby * aby;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * abx), p[1] - (a[1] + t * aby));
}

/** Signed distance from p to the convex hull `h` (as convexHull returns it): negative inside. */
export function signedDistanceToHull(p: P, h: readonly P[]): number {
  if (h.length === 0) return Infinity;
  if (h.length === 1) return Math.hypot(p[0] - h[0]![0], p[1] - h[0]![1]);
  if (h.length === 2) return segmentDistance(p, h[0]!, h[1]!);
  let inside = true;
  let best = Infinity;
  for (let i = 0; i < h.length; i++) {
    const a = h[i]!;
    const b = h[(i + 1) % h.length]!;
    if (crossO(a, b, p) < 0) inside = false;
    best = Math.min(best, segmentDistance(p, a, b));
  }
  return inside ? -best : best;
}

/** The Minkowski difference coreB − coreA as a convex hull. */
export function minkowskiDifference(a: RefShape, b: RefShape): P[] {
  const pa = worldCore(a);
  const pb = worldCore(b);
  const diff: P[] = [];
  for (const q of pb) for (const p of pa) diff.push([q[0] - p[0], q[1] - p[1]]);
  return convexHull(diff);
}

/** Signed distance between two shapes: > 0 apart, 0 touching, < 0 overlapping (−depth). */
export function signedDistance(a: RefShape, b: RefShape): number {
  return signedDistanceToHull([0, 0], minkowskiDifference(a, b)) - (coreRadius(a) + coreRadius(b));
}

/** Penetration depth (length of the smallest separating translation); 0 when not overlapping. */
export function penetrationDepth(a: RefShape, b: RefShape): number {
  return Math.max(0, -signedDistance(a, b));
}

export function translate<S extends RefShape>(shape: S, dx: number, dy: number): S {
  return { ...shape, x: shape.x + dx, y: shape.y + dy };
}

/** The largest coordinate or size involved: the scale for relative tolerances. */
export function magnitudeOf(...shapes: RefShape[]): number {
  let m = 1;
  for (const s of shapes) {
    for (const p of worldCore(s)) m = Math.max(m, Math.abs(p[0]), Math.abs(p[1]));
    m = Math.max(m, Math.abs(s.x), Math.abs(s.y), coreRadius(s));
  }
  return m;
}

/** Signed distance from the world point p to the shape's surface: negative inside, 0 on it. */
export function pointSignedDistance(shape: RefShape, p: RefPoint): number {
  return signedDistanceToHull([p[0], p[1]], convexHull(worldCore(shape))) - coreRadius(shape);
}
