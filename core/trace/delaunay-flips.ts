// Lawson's edge flips (Lawson 1977) on a triangulation of a polygon with holes: a diagonal whose
// two triangles form a strictly convex quad is swapped for the quad's other diagonal while the two
// angles facing it add up to more than a half turn, until none does. The result is the constrained
// Delaunay triangulation of the same outline (its edges kept): the triangulation that maximizes
// the smallest angle, so the convex pieces merged from it are not fans of slivers from one corner.
//
// Every flip keeps a valid triangulation: it is made only when both new triangles turn the right
// way by an exact-sign cross product. The angle test is rounded, so a flip needs a margin, and
// cocircular points (a rectangle's corners) leave their diagonal as it is.

/** Flips asked for at most, per triangle: ends the work on any rounding cycle. */
const MAX_FLIPS_PER_TRIANGLE = 32;
/** How far the facing angles must pass a half turn, relative to the test's terms, for a flip. */
const ANGLE_MARGIN = 1e-12;

/**
 * The triangles `tri` (point indices into `points`, x0, y0, …) flipped towards the constrained
 * Delaunay triangulation, as a new list: each triangle clockwise on screen (positive cross
 * product, y down), degenerate ones left out. `rings` are where each ring starts (0, then the
 * holes), in points: the rings' edges are never flipped.
 */
export function delaunayFlips(points: ArrayLike<number>, tri: readonly number[], rings: readonly number[]): number[] {
  const n = points.length / 2;
  const x = (i: number) => points[2 * i]!, y = (i: number) => points[2 * i + 1]!;
  const cross = (a: number, b: number, c: number): number => (x(b) - x(a)) * (y(c) - y(b)) - (y(b) - y(a)) * (x(c) - x(b));
  const key = (a: number, b: number) => Math.min(a, b) * n + Math.max(a, b);

  const fixed = new Set<number>();
  for (let r = 0; r < rings.length; r++) {
    const start = rings[r]!, end = r + 1 < rings.length ? rings[r + 1]! : n;
    for (let i = start; i < end; i++) fixed.add(key(i, i + 1 < end ? i + 1 : start));
  }

  const t: number[] = [];
  for (let k = 0; k < tri.length; k += 3) {
    const a = tri[k]!, b = tri[k + 1]!, c = tri[k + 2]!;
    const turn = cross(a, b, c);
    if (turn > 0) t.push(a, b, c);
    else if (turn < 0) t.push(a, c, b);
  }
  // The triangle on each side of each edge, by the directed edge it holds.
  const side = new Map<number, number>();
  const setSides = (k: number) => {
    for (let e = 0; e < 3; e++) side.set(t[3 * k + e]! * n + t[3 * k + (e + 1) % 3]!, k);
  };
  const count = t.length / 3;
  for (let k = 0; k < count; k++) setSides(k);

  const stack: [number, number][] = [];
  for (let k = 0; k < count; k++) for (let e = 0; e < 3; e++) stack.push([t[3 * k + e]!, t[3 * k + (e + 1) % 3]!]);
  let budget = MAX_FLIPS_PER_TRIANGLE * count;
  while (stack.length > 0 && budget > 0) {
    const [a, b] = stack.pop()!;
    if (fixed.has(key(a, b))) continue;
    const t1 = side.get(a * n + b), t2 = side.get(b * n + a);
    if (t1 === undefined || t2 === undefined) continue;
    const c = third(t, t1, a, b), d = third(t, t2, b, a);
    // The quad a, d, b, c: its other diagonal c–d only when both new triangles turn clockwise.
    if (!(cross(c, a, d) > 0 && cross(d, b, c) > 0)) continue;
    // The angles at c and at d, facing a–b: flip when they add up to more than a half turn.
    const s1 = Math.abs(cross(a, c, b)), c1 = (x(a) - x(c)) * (x(b) - x(c)) + (y(a) - y(c)) * (y(b) - y(c));
    const s2 = Math.abs(cross(b, d, a)), c2 = (x(a) - x(d)) * (x(b) - x(d)) + (y(a) - y(d)) * (y(b) - y(d));
    if (!(s1 * c2 + c1 * s2 < -ANGLE_MARGIN * (s1 * Math.abs(c2) + Math.abs(c1) * s2))) continue;
    side.delete(a * n + b);
    side.delete(b * n + a);
    t[3 * t1] = a; t[3 * t1 + 1] = d; t[3 * t1 + 2] = c;
    t[3 * t2] = d; t[3 * t2 + 1] = b; t[3 * t2 + 2] = c;
    setSides(t1);
    setSides(t2);
    stack.push([a, d], [d, b], [b, c], [c, a]);
    budget--;
  }
  return t;
}

/** The point of triangle `k` that is neither `a` nor `b` (it holds the directed edge a → b). */
function third(t: readonly number[], k: number, a: number, b: number): number {
  for (let e = 0; e < 3; e++) {
    const v = t[3 * k + e]!;
    if (v !== a && v !== b) return v;
  }
  return a;
}
