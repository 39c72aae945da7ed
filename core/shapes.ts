// Collision geometry, as Box2D v3 keeps it: three convex kinds in local coordinates plus a
// transform, and a compound of them for the shapes that are not one convex piece (a concave
// polygon's pieces, a chain's edges). A box is made as a polygon; a capsule whose core has no
// length is made as a circle; an edge is a capsule of radius 0. Geometry is only built through the
// guarded constructors here, which never produce NaN.
import { hullIndex, hullOf, hullRoom } from "./hull";
import { coreKindOf } from "./kinds/registry";
import { buildPartTree, circlesMaxRadius, circlesReach, TREE_MIN_PARTS, type PartTree } from "./part-tree";
import type { Shape } from "./scene/types";
import { rotFromDegrees, safeLength, writeRotFromDegrees, type Vec2 } from "./vec2";

/** A circle geometry's `kind`. */
export const CIRCLE = 0;
/** A capsule geometry's `kind` (a segment's too: a capsule of radius 0). */
export const CAPSULE = 1;
/** A convex polygon geometry's `kind` (a box's too). */
export const POLYGON = 2;
export type GeometryKind = typeof CIRCLE | typeof CAPSULE | typeof POLYGON;
/** A compound geometry's `kind`: the convex parts of a concave polygon or a chain. */
export const COMPOUND = 3;

/**
 * Every geometry carries `extent`, its largest local coordinate magnitude plus its radius, and
 * `bound`, the radius of a circle about its local origin that holds it (a cheap early out).
 * A circle of `radius` centred at (cx, cy) in its own frame (makeCircle).
 */
export interface CircleGeometry {
  /** CIRCLE. */
  readonly kind: typeof CIRCLE;
  /** The largest of |cx| and |cy|, plus the radius. */
  readonly extent: number;
  /** The radius of a circle about the local origin that holds it. */
  readonly bound: number;
  /** The centre's x in the geometry's own frame. */
  readonly cx: number;
  /** The centre's y in the geometry's own frame. */
  readonly cy: number;
  /** Above 0, in world units. */
  readonly radius: number;
}

/**
 * A segment from (x1, y1) to (x2, y2) of non-zero length, grown by `radius` (0 for an edge:
 * makeSegment), in the geometry's own frame. The two points are the caps' centres.
 */
export interface CapsuleGeometry {
  /** CAPSULE. */
  readonly kind: typeof CAPSULE;
  /** The largest coordinate magnitude of the two centres, plus the radius. */
  readonly extent: number;
  /** The radius of a circle about the local origin that holds it. */
  readonly bound: number;
  /** The first cap centre's x, local. */
  readonly x1: number;
  /** The first cap centre's y, local. */
  readonly y1: number;
  /** The second cap centre's x, local. */
  readonly x2: number;
  /** The second cap centre's y, local. */
  readonly y2: number;
  /** The caps' radius: above 0, or 0 for an edge. */
  readonly radius: number;
}

/**
 * A convex polygon grown by `radius` (0 for boxes and plain polygons). Vertices run with positive
 * cross products (clockwise on a y-down screen); normals[i] is the outward unit normal of the edge
 * from vertex i to vertex i + 1. Packed as x, y pairs.
 */
export interface PolygonGeometry {
  /** POLYGON. */
  readonly kind: typeof POLYGON;
  /** The largest vertex coordinate magnitude, plus the radius. */
  readonly extent: number;
  /** The radius of a circle about the local origin that holds it. */
  readonly bound: number;
  /** The number of vertices, 3 or more. */
  readonly count: number;
  /** The vertices in the geometry's own frame, packed as x, y pairs: `2 · count` numbers. Read only. */
  readonly vertices: Float64Array;
  /** The edges' outward unit normals, packed as x, y pairs: `2 · count` numbers. Read only. */
  readonly normals: Float64Array;
  /**
   * The buffer holding this polygon's numbers, from `at` on, in one run a hot path reads with
   * fixed offsets: [bound, radius, extent, count, centroidX, centroidY, halfX, halfY,
   * vertices…, normals…]. Shared by many polygons (a slab); `vertices` and `normals` are views
   * into it. `at` is a multiple of 8 (64 bytes from the buffer's start).
   */
  readonly packed: Float64Array;
  /** Where this polygon's run starts in `packed`. */
  readonly at: number;
  /** How far the polygon is grown (rounded corners): 0 or more. */
  readonly radius: number;
  /** The x of the area's centroid, local. */
  readonly centroidX: number;
  /** The y of the area's centroid, local. */
  readonly centroidY: number;
  /** For a box centred on its origin and not turned in its own frame: its half-width (else 0). */
  readonly halfX: number;
  /** For a box centred on its origin and not turned in its own frame: its half-height (else 0). */
  readonly halfY: number;
}

/** Offsets from PolygonGeometry.at into its packed buffer; normals start at PACKED_VERTICES + 2 · count. */
export const PACKED_BOUND = 0;
export const PACKED_RADIUS = 1;
export const PACKED_EXTENT = 2;
export const PACKED_COUNT = 3;
export const PACKED_CENTROID_X = 4;
export const PACKED_CENTROID_Y = 5;
export const PACKED_HALF_X = 6;
export const PACKED_HALF_Y = 7;
export const PACKED_VERTICES = 8;

/** The convex kinds, which the pair kernels and the dispatch table COLLIDE[kindA][kindB] take. */
export type Geometry = CircleGeometry | CapsuleGeometry | PolygonGeometry;

/**
 * A shape made of convex parts in one local frame. `solid`: a concave polygon's convex pieces,
 * whose union is one solid: a point in any piece is inside it, a ray or a sweep starting in any
 * piece starts inside it. Otherwise a chain's edges (capsules of radius 0), which enclose nothing;
 * with `oneSided`, an edge from P to Q blocks rays, sweeps and time of impact only from its front,
 * the side of the normal (dy, −dx), (dx, dy) = Q − P. `extent` and `bound` hold every part.
 */
export interface CompoundGeometry {
  /** COMPOUND. */
  readonly kind: typeof COMPOUND;
  /** The largest of the parts' extents. */
  readonly extent: number;
  /** The radius of a circle about the local origin that holds every part. */
  readonly bound: number;
  /** Compounds have no radius of their own (each part has its own). */
  readonly radius: 0;
  /** From 16 parts on, in the order of the compound's tree (`tree`), not the order given. */
  readonly parts: readonly Geometry[];
  /**
   * Each part's bound circle in the compound's frame, packed as (x, y, radius) per part: every
   * query tests it before the part's exact kernel, so a small shape near a terrain of 1,000
   * pieces runs the kernels of the few pieces it reaches.
   */
  readonly circles: Float64Array;
  /**
   * From 16 parts on, a tree over the parts' circles, which every query walks instead
   * of testing every circle (same parts, same order, same result); null below.
   */
  readonly tree: PartTree | null;
  /** true: the parts are one solid (a concave polygon's pieces); false: edges enclosing nothing (a chain's). */
  readonly solid: boolean;
  /** true: each edge blocks rays, sweeps and time of impact only from its front (a one-sided chain's). */
  readonly oneSided: boolean;
}

/** What a scene shape collides as: one convex geometry, or a compound of them. */
export type ShapeGeometry = Geometry | CompoundGeometry;

/**
 * A rigid transform from a geometry's own frame to the world: rotate by (c, s), then translate by
 * (px, py). transformOf(shape) gives a scene shape's; rotFromDegrees gives (c, s) for an angle.
 */
export interface Transform {
  /** The world x the local origin goes to. */
  readonly px: number;
  /** The world y the local origin goes to. */
  readonly py: number;
  /** The rotation's cosine. */
  readonly c: number;
  /** The rotation's sine (positive turns clockwise on a y-down screen). */
  readonly s: number;
}

export const IDENTITY: Transform = { px: 0, py: 0, c: 1, s: 0 };

/** What a maker returns: `{ ok: true, value }`, or `{ ok: false, reason }` naming the argument it refuses. */
export type Made<T> =
  | {
      /** Made. */
      readonly ok: true;
      /** The geometry. */
      readonly value: T;
    }
  | {
      /** Refused. */
      readonly ok: false;
      /** Why, naming the argument (`circle: radius must be greater than 0`). */
      readonly reason: string;
    };

// Plain checks and square roots below, not a rest-argument `finite(...v)` or Math.hypot (a builtin
// call with boxed arguments): opening a file builds every shape's geometry.
const isFinite = Number.isFinite;
/** A maker's refusal naming the first of `values` that is not a finite number (`circle: cx must be a finite number, got NaN`). */
function notFinite<T>(what: string, names: readonly string[], values: readonly unknown[]): Made<T> {
  const i = values.findIndex((v) => !isFinite(v));
  return { ok: false, reason: `${what}: ${names[i]!} must be a finite number, got ${values[i] === null ? "null" : typeof values[i] === "number" ? String(values[i]) : typeof values[i]}` };
}

/** A bound must hold what Math.hypot would: the square root's rounding, covered. */
const outward = (l: number): number => l * (1 + 4 * Number.EPSILON);

// Polygons' numbers live in shared slabs: a Float64Array of its own per polygon would put a
// backing store outside V8's heap behind every box, far dearer to make than a view, and one slab
// read at an offset is one typed array every polygon shares (no view of its own to load first).
const SLAB = 1 << 16;
let slab = new Float64Array(SLAB), slabUsed = 0, slabAt = 0;

/**
 * Room for `n` zeroed doubles: returns the buffer and sets slabAt to where the room starts, a
 * multiple of 8. A slab stays alive while any polygon made from it does.
 */
function slabRoom(n: number): Float64Array {
  if (n > SLAB / 4) {
    slabAt = 0;
    return new Float64Array(n);
  }
  if (slabUsed + n > SLAB) {
    slab = new Float64Array(SLAB);
    slabUsed = 0;
  }
  slabAt = slabUsed;
  slabUsed += (n + 7) & ~7;
  return slab;
}

/**
 * A circle geometry of `radius` centred at (cx, cy) in its own frame, or a result saying why (a
 * radius not above 0, a number not finite). Allocates the geometry.
 *
 * @param radius - The radius, above 0.
 * @param cx - The centre's x in the geometry's own frame; 0 by default.
 * @param cy - The centre's y in the geometry's own frame; 0 by default.
 */
export function makeCircle(radius: number, cx = 0, cy = 0): Made<CircleGeometry> {
  if (!(isFinite(radius) && isFinite(cx) && isFinite(cy))) return notFinite("circle", ["radius", "cx", "cy"], [radius, cx, cy]);
  if (!(radius > 0)) return { ok: false, reason: "circle: radius must be greater than 0" };
  const centred = cx === 0 && cy === 0;
  return { ok: true, value: { kind: CIRCLE, extent: (centred ? 0 : Math.max(Math.abs(cx), Math.abs(cy))) + radius, bound: (centred ? 0 : outward(safeLength(cx, cy))) + radius, cx, cy, radius } };
}

/**
 * A capsule geometry: the segment from (x1, y1) to (x2, y2) grown by `radius`, or a result saying
 * why. One whose two centres coincide (within 1e-12 of its size) is made as a circle. It takes the
 * two cap centres, in its own frame: a scene file's capsule (CapsuleShape) gives a radius and the
 * total height instead, which is the capsule from (0, −(height / 2 − radius)) to (0, height / 2 − radius).
 * Allocates the geometry.
 *
 * @param x1 - The first cap centre's x, local.
 * @param y1 - The first cap centre's y, local.
 * @param x2 - The second cap centre's x, local.
 * @param y2 - The second cap centre's y, local.
 * @param radius - The caps' radius, above 0 (a segment of radius 0 is makeSegment's).
 */
export function makeCapsule(x1: number, y1: number, x2: number, y2: number, radius: number): Made<CapsuleGeometry | CircleGeometry> {
  if (!(isFinite(x1) && isFinite(y1) && isFinite(x2) && isFinite(y2) && isFinite(radius))) return notFinite("capsule", ["x1", "y1", "x2", "y2", "radius"], [x1, y1, x2, y2, radius]);
  if (!(radius > 0)) return { ok: false, reason: "capsule: radius must be greater than 0" };
  if (safeLength(x2 - x1, y2 - y1) <= 1e-12 * Math.max(radius, Math.abs(x1), Math.abs(y1), Math.abs(x2), Math.abs(y2))) {
    return makeCircle(radius, (x1 + x2) / 2, (y1 + y2) / 2);
  }
  return capsuleOf(x1, y1, x2, y2, radius);
}

/** The capsule geometry of checked numbers: its extent and bound. */
function capsuleOf(x1: number, y1: number, x2: number, y2: number, radius: number): Made<CapsuleGeometry> {
  const extent = Math.max(Math.abs(x1), Math.abs(y1), Math.abs(x2), Math.abs(y2)) + radius;
  const bound = outward(Math.max(safeLength(x1, y1), safeLength(x2, y2))) + radius;
  return { ok: true, value: { kind: CAPSULE, extent, bound, x1, y1, x2, y2, radius } };
}

/**
 * An edge from (x1, y1) to (x2, y2): a capsule of radius 0 (Box2D's b2Segment), of non-zero length.
 * Allocates the geometry.
 *
 * @param x1 - The first end's x, local.
 * @param y1 - The first end's y, local.
 * @param x2 - The second end's x, local.
 * @param y2 - The second end's y, local.
 */
export function makeSegment(x1: number, y1: number, x2: number, y2: number): Made<CapsuleGeometry> {
  if (!(isFinite(x1) && isFinite(y1) && isFinite(x2) && isFinite(y2))) return notFinite("segment", ["x1", "y1", "x2", "y2"], [x1, y1, x2, y2]);
  if (x1 === x2 && y1 === y2) return { ok: false, reason: "segment: its two points are the same" };
  return capsuleOf(x1, y1, x2, y2, 0);
}

/**
 * A compound of convex parts (see CompoundGeometry); at least one part. From TREE_MIN_PARTS parts
 * on, the parts are put in the order of a tree over them, which the queries walk.
 */
export function makeCompound(parts: readonly Geometry[], solid: boolean, oneSided = false): Made<CompoundGeometry> {
  if (parts.length === 0) return { ok: false, reason: "compound: it has no parts" };
  let extent = 0, bound = 0;
  const n = parts.length, given = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const p = parts[i]!;
    extent = Math.max(extent, p.extent);
    bound = Math.max(bound, p.bound);
    partCircle(p, given, 3 * i);
  }
  if (n < TREE_MIN_PARTS) return { ok: true, value: { kind: COMPOUND, extent, bound, radius: 0, parts: parts.slice(), circles: given, tree: null, solid, oneSided } };
  const { tree, order } = buildPartTree(given, n);
  const ordered: Geometry[] = [], circles = new Float64Array(3 * n);
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    ordered.push(parts[i]!);
    circles[3 * k] = given[3 * i]!; circles[3 * k + 1] = given[3 * i + 1]!; circles[3 * k + 2] = given[3 * i + 2]!;
  }
  return { ok: true, value: { kind: COMPOUND, extent, bound, radius: 0, parts: ordered, circles, tree, solid, oneSided } };
}

/**
 * A circle holding a convex geometry, at out[at…] as x, y, radius: about the middle of its core's
 * box, out to its farthest core point plus its radius, rounded outward (a circle part's own).
 */
function partCircle(g: Geometry, out: Float64Array, at: number): void {
  if (g.kind === CIRCLE) {
    out[at] = g.cx; out[at + 1] = g.cy; out[at + 2] = g.radius;
    return;
  }
  if (g.kind === CAPSULE) {
    const x = 0.5 * (g.x1 + g.x2), y = 0.5 * (g.y1 + g.y2);
    out[at] = x; out[at + 1] = y; out[at + 2] = outward(safeLength(g.x2 - x, g.y2 - y)) + slack(x, y) + g.radius;
    return;
  }
  const v = g.vertices;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < 2 * g.count; i += 2) {
    minX = Math.min(minX, v[i]!); maxX = Math.max(maxX, v[i]!);
    minY = Math.min(minY, v[i + 1]!); maxY = Math.max(maxY, v[i + 1]!);
  }
  const x = 0.5 * (minX + maxX), y = 0.5 * (minY + maxY);
  let r = 0;
  for (let i = 0; i < 2 * g.count; i += 2) r = Math.max(r, safeLength(v[i]! - x, v[i + 1]! - y));
  out[at] = x; out[at + 1] = y; out[at + 2] = outward(r) + slack(x, y) + g.radius;
}

/** The rounding of a centre at (x, y), which every distance from it carries. */
const slack = (x: number, y: number): number => 8 * Number.EPSILON * (Math.abs(x) + Math.abs(y));

/**
 * Writes part `i` of `g` (or g itself when not a compound) at `xf`'s bound circle in the world to
 * `out`; returns the part.
 */
export function partInWorld(g: ShapeGeometry, i: number, xf: Transform, out: Float64Array): Geometry {
  if (g.kind !== COMPOUND) {
    out[0] = xf.px; out[1] = xf.py; out[2] = g.bound;
    return g;
  }
  const cx = g.circles[3 * i]!, cy = g.circles[3 * i + 1]!;
  out[0] = xf.c * cx - xf.s * cy + xf.px;
  out[1] = xf.s * cx + xf.c * cy + xf.py;
  out[2] = g.circles[3 * i + 2]!;
  return g.parts[i]!;
}

/**
 * How far a geometry's parts' bound circles reach from its origin: every part's circle lies in
 * the circle of this radius about it (a convex geometry's own bound).
 */
export const partsReach = (g: ShapeGeometry): number => (g.kind !== COMPOUND ? g.bound : g.tree !== null ? g.tree.reach : circlesReach(g.circles, g.parts.length));

/** The largest of a geometry's parts' bound circles' radii (a convex geometry's own bound). */
export const partsMaxRadius = (g: ShapeGeometry): number => (g.kind !== COMPOUND ? g.bound : g.tree !== null ? g.tree.maxRadius : circlesMaxRadius(g.circles, g.parts.length));

/** The tree over a geometry's parts, or null (a convex geometry, or a compound of few parts). */
export const partTree = (g: ShapeGeometry): PartTree | null => (g.kind === COMPOUND ? g.tree : null);

/** How many convex parts a geometry has: a compound's, or 1. */
export const partCount = (g: ShapeGeometry): number => (g.kind === COMPOUND ? g.parts.length : 1);

/**
 * The polygon of n points in hull order (positive cross products), point k at xy[2i…2i + 1] for
 * i = index[k] (k itself when index is null): copies them into a packed run of a slab, writes its
 * normals and header, and returns its object.
 */
function polygonAt(xy: Float64Array, index: Int32Array | null, n: number, radius: number, halfX: number, halfY: number): PolygonGeometry {
  const packed = slabRoom(PACKED_VERTICES + 4 * n), at = slabAt;
  const V = at + PACKED_VERTICES, N = V + 2 * n;
  let extent = 0, bound = 0;
  for (let k = 0; k < n; k++) {
    const i = index === null ? k : index[k]!, x = xy[2 * i]!, y = xy[2 * i + 1]!;
    packed[V + 2 * k] = x;
    packed[V + 2 * k + 1] = y;
    extent = Math.max(extent, Math.abs(x), Math.abs(y));
    bound = Math.max(bound, safeLength(x, y));
  }
  // Area-weighted centroid about the first vertex (Box2D's b2ComputePolygonCentroid).
  let area = 0, cx = 0, cy = 0;
  const ox = packed[V]!, oy = packed[V + 1]!;
  for (let i = 0; i < n; i++) {
    const a = V + 2 * i, b = i + 1 < n ? a + 2 : V;
    const ax = packed[a]!, ay = packed[a + 1]!, bx = packed[b]!, by = packed[b + 1]!;
    const ex = bx - ax, ey = by - ay;
    const len = safeLength(ex, ey);
    packed[N + 2 * i] = ey / len;
    packed[N + 2 * i + 1] = -ex / len;
    const e1x = ax - ox, e1y = ay - oy, e2x = bx - ox, e2y = by - oy;
    const triangle = 0.5 * (e1x * e2y - e1y * e2x);
    area += triangle;
    cx += (triangle * (e1x + e2x)) / 3;
    cy += (triangle * (e1y + e2y)) / 3;
  }
  bound = outward(bound) + radius;
  extent += radius;
  const centroidX = ox + cx / area, centroidY = oy + cy / area;
  // The header in PACKED_* order, which the object's number fields read.
  packed[at] = bound; packed[at + 1] = radius; packed[at + 2] = extent; packed[at + 3] = n;
  packed[at + 4] = centroidX; packed[at + 5] = centroidY; packed[at + 6] = halfX; packed[at + 7] = halfY;
  return new Polygon(packed, at, n);
}

/**
 * A polygon's object: its numbers are read from its packed run, where they are written once
 * (an object's own number fields would each be a number object of their own), and its
 * `vertices` and `normals` views are made on first read (the kernels read the run).
 */
class Polygon implements PolygonGeometry {
  readonly kind = POLYGON;
  private v: Float64Array | null = null;
  private w: Float64Array | null = null;
  constructor(readonly packed: Float64Array, readonly at: number, readonly count: number) {}

  // The header's fields, in PACKED_* order.
  get bound(): number { return this.packed[this.at]!; }
  get radius(): number { return this.packed[this.at + 1]!; }
  get extent(): number { return this.packed[this.at + 2]!; }
  get centroidX(): number { return this.packed[this.at + 4]!; }
  get centroidY(): number { return this.packed[this.at + 5]!; }
  get halfX(): number { return this.packed[this.at + 6]!; }
  get halfY(): number { return this.packed[this.at + 7]!; }

  get vertices(): Float64Array {
    const V = this.at + PACKED_VERTICES;
    return (this.v ??= this.packed.subarray(V, V + 2 * this.count));
  }

  get normals(): Float64Array {
    const N = this.at + PACKED_VERTICES + 2 * this.count;
    return (this.w ??= this.packed.subarray(N, N + 2 * this.count));
  }
}

/** A convex polygon from any points: hull, weld and checks as computeHull. */
export function makePolygon(points: readonly Vec2[], radius = 0): Made<PolygonGeometry> {
  if (!(radius >= 0) || !Number.isFinite(radius)) return { ok: false, reason: "polygon: radius must be 0 or more" };
  return makeOutlinePolygon(points.map((p) => [p.x, p.y]), radius);
}

/** makePolygon of points as x, y pairs (a scene polygon's): no object a point. */
export function makeOutlinePolygon(points: readonly (readonly [number, number])[], radius = 0): Made<PolygonGeometry> {
  const n = points.length, xy = hullRoom(n);
  for (let i = 0; i < n; i++) {
    const x = points[i]![0], y = points[i]![1];
    if (!isFinite(x) || !isFinite(y)) return { ok: false, reason: `polygon: point ${i} is not a finite number` };
    xy[2 * i] = x;
    xy[2 * i + 1] = y;
  }
  const h = hullOf(xy, n, hullIndex);
  return typeof h === "string" ? { ok: false, reason: `polygon: ${h}` } : { ok: true, value: polygonAt(xy, hullIndex, h, radius, 0, 0) };
}

/**
 * A convex piece from points already running with positive cross products (a decomposition's
 * piece), with no welding: for the slivers of a concave outline that the hull's weld would flatten.
 * Points where the outline does not turn (in floating point) are dropped; fails when fewer than 3
 * are left or the piece has no area.
 */
export function makeConvexPiece(points: readonly Vec2[]): Made<PolygonGeometry> {
  const kept: Vec2[] = [];
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[(i + n - 1) % n]!, b = points[i]!, c = points[(i + 1) % n]!;
    if (!(isFinite(b.x) && isFinite(b.y))) return { ok: false, reason: "polygon: numbers must be finite" };
    if ((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) > 0) kept.push(b);
  }
  if (kept.length < 3) return { ok: false, reason: "polygon: the piece has no area" };
  let area = 0;
  for (let i = 0; i < kept.length; i++) {
    const a = kept[i]!, b = kept[(i + 1) % kept.length]!;
    area += (a.x - kept[0]!.x) * (b.y - kept[0]!.y) - (a.y - kept[0]!.y) * (b.x - kept[0]!.x);
  }
  if (!(area > 0)) return { ok: false, reason: "polygon: the piece has no area" };
  const xy = hullRoom(kept.length);
  kept.forEach((p, i) => { xy[2 * i] = p.x; xy[2 * i + 1] = p.y; });
  return { ok: true, value: polygonAt(xy, null, kept.length, 0, 0, 0) };
}

/** makeBox's cosine and sine, then its corners. */
const boxRot = new Float64Array(2), boxXY = new Float64Array(8);

/**
 * A box of half-extents hw × hh centred at (cx, cy), turned by `degrees`, as a 4-gon: the box of
 * width 2 · hw and height 2 · hh. (A scene file's BoxShape gives the full width and height.)
 * Allocates the geometry.
 *
 * @param hw - Half the width, above 0 (not the full width).
 * @param hh - Half the height, above 0 (not the full height).
 * @param cx - The centre's x in the geometry's own frame; 0 by default.
 * @param cy - The centre's y in the geometry's own frame; 0 by default.
 * @param degrees - The box's turn in its own frame, in degrees (not radians), clockwise on a y-down screen; 0 by default.
 */
export function makeBox(hw: number, hh: number, cx = 0, cy = 0, degrees = 0): Made<PolygonGeometry> {
  if (!(isFinite(hw) && isFinite(hh) && isFinite(cx) && isFinite(cy) && isFinite(degrees))) return notFinite("box", ["hw", "hh", "cx", "cy", "degrees"], [hw, hh, cx, cy, degrees]);
  if (!(hw > 0 && hh > 0)) return { ok: false, reason: "box: width and height must be greater than 0" };
  writeRotFromDegrees(degrees, boxRot, 0);
  const c = boxRot[0]!, s = boxRot[1]!;
  // The corners −hw,−hh; hw,−hh; hw,hh; −hw,hh, turned and moved.
  for (let i = 0; i < 4; i++) {
    const x = i === 0 || i === 3 ? -hw : hw, y = i < 2 ? -hh : hh;
    boxXY[2 * i] = cx + c * x - s * y;
    boxXY[2 * i + 1] = cy + s * x + c * y;
  }
  const aligned = cx === 0 && cy === 0 && c === 1 && s === 0;
  return { ok: true, value: polygonAt(boxXY, null, 4, 0, aligned ? hw : 0, aligned ? hh : 0) };
}

export function transformOf(shape: Shape): Transform {
  const q = rotFromDegrees(coreKindOf(shape).rotates ? shape.rotation : 0);
  return { px: shape.x, py: shape.y, c: q.c, s: q.s };
}

/**
 * The collision geometry of a validated scene shape, in its local frame. A shape the format
 * accepted always converts; the failure branch is for hand-built shapes that bypassed validation.
 */
export function geometryOf(shape: Shape): Made<ShapeGeometry> {
  return coreKindOf(shape).geometry(shape);
}

