// Property tests: the tree over a big compound's parts (core/part-tree.ts) changes how fast a
// query finds the parts near it, never what it answers. Every query on concave outlines of
// hundreds of points and chains of hundreds of edges is compared, bit for bit, with the same
// compound walked by the plain loop over every part (the same parts, `tree: null`); and the walk
// itself against a plain scan of the parts' circles. Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CastOutput, collide, containsPoint, DistanceOutput, geometryOf, Manifold, rayCast, shapeCast, shapeDistance, sweepOf, timeOfImpact, TimeOfImpactOutput, transformOf,
  type CompoundGeometry, type Point, type Shape, type ShapeGeometry, type Transform,
} from "../../core/index";
import { LEAF, PartWalk, TREE_MIN_PARTS } from "../../core/part-tree";
import { COMPOUND } from "../../core/shapes";
import { seededRandom } from "../seeded-random";
import { seedOf } from "./arbitraries";

type Random = () => number;
const between = (random: Random, lo: number, hi: number): number => lo + (hi - lo) * random();

/** A star of n points about the origin with random radii: concave at about half its points. */
function star(random: Random, n: number, size: number): Point[] {
  return Array.from({ length: n }, (_, i): Point => {
    const angle = (2 * Math.PI * i) / n, r = size * (0.5 + 0.5 * random());
    return [r * Math.cos(angle), r * Math.sin(angle)];
  });
}

/** A strip of ground: a bumpy top of n points over [0, width], closed below. */
function terrain(random: Random, n: number, width: number): Point[] {
  const top = Array.from({ length: n }, (_, i): Point => [(width * i) / (n - 1), 3 * Math.sin(i / 7) + 2 * random()]);
  return [...top, [width, -10], [0, -10]];
}

/** A random walk of n points: a chain that winds and may cross itself (chains may). */
function randomWalk(random: Random, n: number): Point[] {
  const points: Point[] = [[0, 0]];
  let angle = 0;
  for (let i = 1; i < n; i++) {
    angle += between(random, -0.6, 0.6);
    const step = between(random, 0.3, 1.5), [x, y] = points[i - 1]!;
    points.push([x + step * Math.cos(angle), y + step * Math.sin(angle)]);
  }
  return points;
}

function geometry(s: Shape): ShapeGeometry {
  const g = geometryOf(s);
  if (!g.ok) throw new Error(`${s.id}: ${g.reason}`);
  return g.value;
}

/** A big compound at a random place: a concave outline or a chain. */
function bigShape(random: Random, kind: number): Shape {
  const x = between(random, -60, 60), y = between(random, -60, 60), rotation = between(random, -180, 180);
  switch (kind) {
    case 0: return { id: "star", type: "polygon", x, y, rotation, points: star(random, 100 + Math.floor(300 * random()), 40) };
    case 1: return { id: "ground", type: "polygon", x, y, rotation, points: terrain(random, 100 + Math.floor(300 * random()), 150) };
    case 2: return { id: "walk", type: "chain", x, y, rotation, points: randomWalk(random, 100 + Math.floor(600 * random())), closed: random() < 0.3, oneSided: random() < 0.5 };
    default: return { id: "zigzag", type: "chain", x, y, rotation, points: terrain(random, 200 + Math.floor(500 * random()), 200).slice(0, -2), oneSided: random() < 0.7 };
  }
}

/** A small convex shape, or (one in eight) a small concave star of its own tree, near (x, y). */
function smallShape(random: Random, x: number, y: number): Shape {
  const rotation = between(random, -180, 180), size = between(random, 0.2, 4), pick = random();
  if (pick < 0.2) return { id: "s", type: "circle", x, y, rotation, radius: size / 2 };
  if (pick < 0.4) return { id: "s", type: "box", x, y, rotation, width: size, height: between(random, 0.2, 4) };
  if (pick < 0.6) return { id: "s", type: "capsule", x, y, rotation, radius: size / 4, height: size / 2 + between(random, 0, 3) };
  if (pick < 0.875) return { id: "s", type: "polygon", x, y, rotation, points: [[-size / 2, -size / 3], [size / 2, -size / 2], [size / 3, size / 2], [-size / 2, size / 3]] };
  return { id: "s", type: "polygon", x, y, rotation, points: star(random, 20 + Math.floor(20 * random()), size) };
}


/** The same compound walked by the plain loop. */
const linear = (g: ShapeGeometry): ShapeGeometry => (g.kind === COMPOUND ? { ...g, tree: null } : g);

/** A world point near one of g's parts (its bound circle's centre, moved by up to `spread`). */
function nearPart(random: Random, g: CompoundGeometry, xf: Transform, spread: number): [number, number] {
  const i = Math.floor(random() * g.parts.length), cx = g.circles[3 * i]!, cy = g.circles[3 * i + 1]!;
  return [xf.c * cx - xf.s * cy + xf.px + between(random, -spread, spread), xf.s * cx + xf.c * cy + xf.py + between(random, -spread, spread)];
}

// What an answer says: fields a miss or a single point leaves as they were are not part of it.
const MANIFOLD_KEPT = [["pointCount"], ["normalX", "normalY", "depth", "point1X", "point1Y", "separation1"], ["point2X", "point2Y", "separation2"]];
const CAST_KEPT = ["fraction", "pointX", "pointY", "normalX", "normalY"];
function plain(o: Manifold | CastOutput | DistanceOutput): Record<string, number | boolean> {
  const all: Record<string, number | boolean> = { ...o };
  const keep = (keys: readonly string[]): Record<string, number | boolean> => Object.fromEntries(Object.entries(all).filter(([k]) => keys.includes(k)));
  if (o instanceof Manifold) return keep(MANIFOLD_KEPT.slice(0, 1 + Math.min(o.pointCount, 2)).flat());
  if (o instanceof CastOutput && !o.hit) return keep(Object.keys(all).filter((k) => !CAST_KEPT.includes(k)));
  return all;
}

const QUERIES = 30;

/** Runs every query with the tree and with the plain loop; the answers must be the same, bit for bit. */
function compareQueries(seed: number): number {
  const random = seededRandom(seed);
  const big = bigShape(random, Math.floor(4 * random()));
  const g = geometry(big) as CompoundGeometry, xf = transformOf(big), flat = linear(g);
  expect(g.kind).toBe(COMPOUND);
  expect(g.tree).not.toBeNull();
  let hits = 0;
  const m1 = new Manifold(), m2 = new Manifold(), c1 = new CastOutput(), c2 = new CastOutput();
  const d1 = new DistanceOutput(), d2 = new DistanceOutput(), t1 = new TimeOfImpactOutput(), t2 = new TimeOfImpactOutput();
  for (let q = 0; q < QUERIES; q++) {
    const [x, y] = nearPart(random, g, xf, 3);
    const small = smallShape(random, x, y), s = geometry(small), xs = transformOf(small), sFlat = linear(s);
    // Containment.
    expect(containsPoint(g, xf, x, y)).toBe(containsPoint(flat, xf, x, y));
    // Rays: short ones near the parts, and long ones across the whole compound.
    const reach = random() < 0.5 ? between(random, 0.5, 5) : between(random, 20, 300), angle = between(random, 0, 2 * Math.PI);
    const toX = x + reach * Math.cos(angle), toY = y + reach * Math.sin(angle), inside = random() < 0.5;
    rayCast(g, xf, x, y, toX, toY, c1, { reportInside: inside });
    rayCast(flat, xf, x, y, toX, toY, c2, { reportInside: inside });
    expect(plain(c1)).toEqual(plain(c2));
    hits += c1.hit ? 1 : 0;
    // Manifolds, both orders (a small star is a compound of its own: both sides walk).
    expect(plain(collide(g, xf, s, xs, m1))).toEqual(plain(collide(flat, xf, sFlat, xs, m2)));
    expect(plain(collide(s, xs, g, xf, m1))).toEqual(plain(collide(sFlat, xs, flat, xf, m2)));
    // Sweeps, both orders.
    const tx = between(random, -10, 10), ty = between(random, -10, 10);
    expect(plain(shapeCast(g, xf, s, xs, tx, ty, c1))).toEqual(plain(shapeCast(flat, xf, sFlat, xs, tx, ty, c2)));
    expect(plain(shapeCast(s, xs, g, xf, -tx, -ty, c1))).toEqual(plain(shapeCast(sFlat, xs, flat, xf, -tx, -ty, c2)));
    // Time of impact: the small shape moves and turns; the big one stays, moves, or (one in four) turns.
    const angleS = Math.atan2(xs.s, xs.c), angleG = Math.atan2(xf.s, xf.c);
    const sweepS = sweepOf(small.x, small.y, angleS, small.x + tx, small.y + ty, angleS + between(random, -2, 2));
    const motion = random();
    const turn = motion < 0.25 ? between(random, -0.3, 0.3) : 0, move = motion < 0.5 ? 0 : between(random, -5, 5);
    const sweepG = sweepOf(xf.px, xf.py, angleG, xf.px + move, xf.py - move, angleG + turn);
    expect(plain(timeOfImpact(g, sweepG, s, sweepS, t1))).toEqual(plain(timeOfImpact(flat, sweepG, sFlat, sweepS, t2)));
    expect(plain(timeOfImpact(s, sweepS, g, sweepG, t1))).toEqual(plain(timeOfImpact(sFlat, sweepS, flat, sweepG, t2)));
    // Distance, from near and from afar.
    const far = random() < 0.3 ? between(random, 10, 200) : 0;
    const xd: Transform = { ...xs, px: xs.px + far, py: xs.py - far / 2 };
    expect(plain(shapeDistance(g, xf, s, xd, d1))).toEqual(plain(shapeDistance(flat, xf, sFlat, xd, d2)));
    expect(plain(shapeDistance(s, xd, g, xf, d1))).toEqual(plain(shapeDistance(sFlat, xd, flat, xf, d2)));
  }
  return hits;
}

describe("a big compound's tree answers every query as the plain loop over its parts does", () => {
  it("concave outlines of 100–400 points and chains of 100–700 edges, against small shapes, rays, sweeps, times of impact and distances", () => {
    let hits = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        hits += compareQueries(seed);
      }),
      { seed: seedOf("part tree against the plain loop"), numRuns: 40 },
    );
    // The rays reached parts: the comparison was not only of misses.
    expect(hits).toBeGreaterThan(100);
  }, 120_000);

  it("two big compounds: a concave outline against a chain and against another outline", () => {
    const random = seededRandom(seedOf("two big compounds"));
    const m1 = new Manifold(), m2 = new Manifold(), c1 = new CastOutput(), c2 = new CastOutput(), d1 = new DistanceOutput(), d2 = new DistanceOutput();
    let overlaps = 0;
    for (let k = 0; k < 12; k++) {
      const a = bigShape(random, k % 2), b = bigShape(random, 2 + (k % 3 === 0 ? 0 : 1));
      const other = k % 4 === 0 ? bigShape(random, 1) : b;
      const ga = geometry(a), gb = geometry(other), xa = transformOf(a), xb = transformOf(other);
      expect(plain(collide(ga, xa, gb, xb, m1))).toEqual(plain(collide(linear(ga), xa, linear(gb), xb, m2)));
      overlaps += m1.pointCount > 0 ? 1 : 0;
      expect(plain(shapeCast(ga, xa, gb, xb, 20, -10, c1))).toEqual(plain(shapeCast(linear(ga), xa, linear(gb), xb, 20, -10, c2)));
      expect(plain(shapeDistance(ga, xa, gb, xb, d1))).toEqual(plain(shapeDistance(linear(ga), xa, linear(gb), xb, d2)));
    }
    expect(overlaps).toBeGreaterThan(0);
  }, 60_000);
});

describe("PartWalk", () => {
  it("gives, in ascending order, every part whose circle the query reaches, and few others", () => {
    const random = seededRandom(seedOf("part walk"));
    const walk = new PartWalk();
    let given = 0, total = 0;
    for (let k = 0; k < 40; k++) {
      const g = geometry(bigShape(random, k % 4)) as CompoundGeometry, n = g.parts.length;
      const [qx, qy] = nearPart(random, g, { px: 0, py: 0, c: 1, s: 0 }, 5);
      const moving = random() < 0.5, vx = moving ? between(random, -20, 20) : 0, vy = moving ? between(random, -20, 20) : 0, r = between(random, 0, 3);
      const seen: number[] = [];
      walk.begin(g.tree, n, qx, qy, vx, vy, r, 1, g.extent);
      for (let i = walk.next(); i >= 0; i = walk.next()) seen.push(i);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
      // Every circle the moving circle comes within reach of (sampled along the motion) is given.
      const set = new Set(seen);
      for (let i = 0; i < n; i++) {
        const cx = g.circles[3 * i]!, cy = g.circles[3 * i + 1]!, cr = g.circles[3 * i + 2]!;
        for (let t = 0; t <= 1; t += 1 / 64) {
          if (Math.hypot(qx + t * vx - cx, qy + t * vy - cy) <= cr + r) {
            expect(set.has(i)).toBe(true);
            break;
          }
        }
      }
      given += seen.length;
      total += n;
    }
    // Small queries reach few of the parts.
    expect(given).toBeLessThan(total / 5);
  });

  it("gives every part when there is no tree, and a compound below TREE_MIN_PARTS has none", () => {
    const walk = new PartWalk().begin(null, 5, 0, 0, 0, 0, 0, 0, 1);
    expect([walk.next(), walk.next(), walk.next(), walk.next(), walk.next(), walk.next()]).toEqual([0, 1, 2, 3, 4, -1]);
    const few = geometry({ id: "few", type: "chain", x: 0, y: 0, rotation: 0, points: randomWalk(seededRandom(1), TREE_MIN_PARTS) }) as CompoundGeometry;
    expect(few.parts.length).toBe(TREE_MIN_PARTS - 1);
    expect(few.tree).toBeNull();
    const many = geometry({ id: "many", type: "chain", x: 0, y: 0, rotation: 0, points: randomWalk(seededRandom(1), TREE_MIN_PARTS + 1) }) as CompoundGeometry;
    expect(many.tree).not.toBeNull();
    expect(LEAF).toBeGreaterThan(0);
  });

  it("nearestRun gives a leaf's run holding the part nearest the query, for a bound", () => {
    const g = geometry({ id: "line", type: "chain", x: 0, y: 0, rotation: 0, points: Array.from({ length: 101 }, (_, i): Point => [i, 0]) }) as CompoundGeometry;
    const out = new Int32Array(2), w = new PartWalk().begin(g.tree, g.parts.length, 70.5, 3, 0, 0, Infinity, 0, 100);
    w.nearestRun(out);
    expect(out[1]! - out[0]!).toBeLessThanOrEqual(LEAF);
    const xs = Array.from({ length: out[1]! - out[0]! }, (_, k) => g.circles[3 * (out[0]! + k)]!);
    expect(xs.some((x) => Math.abs(x - 70.5) < 1)).toBe(true);
  });
});
