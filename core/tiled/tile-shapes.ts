// One tile's collision shapes (the objects Tiled's Tile Collision Editor keeps in the tile's
// `objectgroup`) placed in its map cell as Tiled draws the tile. The transform is Tiled's own
// (src/libtiled/maprenderer.cpp, CellRenderer::render and paintTileCollisionShapes): the tile's
// image frame is centred, scaled to its drawn size, mirrored by the H and V flags and turned 90°
// by the D flag (which also swaps H and V: H' = V, V' = !H), then centred on its drawn rectangle,
// whose bottom-left corner sits on the cell's bottom-left corner (orthogonal maps), moved by the
// tileset's tile offset. Objects are first turned about their own position by their rotation.
// Polylines become open chains and polygons of class "chain" closed ones, as the object import has
// them; a mirroring placement reverses their points so a one-sided chain faces the same way.
import { checkConvexPolygon, signedArea, toVec } from "../hull";
import { capsulePolygon } from "../export/tiled";
import { CIRCLE_TOLERANCE, tiledChainOf, tiledChainProblem, tiledObjectMeta, tiledShapeFlags } from "../import/tiled";
import type { Point, Property } from "../scene/types";
import { decomposeConvex } from "../trace/decompose";
import { normalizeDegrees, rotFromDegrees } from "../vec2";
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, type JsonObject } from "./types";

/** A shape's geometry, as the scene's shape kinds have it. */
export type TileGeometry =
  | { readonly type: "circle"; readonly x: number; readonly y: number; readonly rotation: number; readonly radius: number }
  | { readonly type: "box"; readonly x: number; readonly y: number; readonly rotation: number; readonly width: number; readonly height: number }
  | { readonly type: "capsule"; readonly x: number; readonly y: number; readonly rotation: number; readonly radius: number; readonly height: number }
  | { readonly type: "polygon"; readonly x: number; readonly y: number; readonly rotation: number; readonly points: readonly Point[] }
  | { readonly type: "chain"; readonly x: number; readonly y: number; readonly rotation: number; readonly points: readonly Point[]; readonly closed?: true };

/** A shape's geometry and what it takes from its object (collision bits, sensor, one-sidedness, custom properties): a scene shape without id, name or layer. */
export type TileShape = TileGeometry & {
  readonly collisionLayer?: number;
  readonly collisionMask?: number;
  readonly sensor?: true;
  /** Chains only. */
  readonly oneSided?: true;
  readonly properties?: readonly Property[];
};

/** A collision object of the tile that gave no shape (or only part of its properties), and why. */
export interface TileObjectSkipped {
  /** The object's id in the tile's objectgroup; 0 for the tile as a whole. */
  readonly object: number;
  readonly reason: string;
}

export interface TileShapes {
  readonly shapes: readonly TileShape[];
  readonly skipped: readonly TileObjectSkipped[];
}

/** How a tile of a tileset is drawn in a cell, whatever its flags. */
export interface TilePlacement {
  /** The tile's image rectangle: the frame its collision objects are in. */
  readonly imageWidth: number;
  readonly imageHeight: number;
  /** Its drawn size: the image's, or the map's cell with tilerendersize "grid". */
  readonly renderWidth: number;
  readonly renderHeight: number;
  /** Drawn size over image size (equal with fillmode "preserve-aspect-fit"). */
  readonly scaleX: number;
  readonly scaleY: number;
  /** The tileset's `tileoffset`, in image pixels. */
  readonly offsetX: number;
  readonly offsetY: number;
  /** The map's cell height: tiles stand on the cell's bottom edge. */
  readonly cellHeight: number;
}

/** Vertices of the polygon standing in for an ellipse that is not a circle (then cut into convex pieces within the vertex limit). */
export const ELLIPSE_SEGMENTS = 16;
/** Chords per round end of a capsule that a non-uniform scale turns into a polygon. */
const CAPSULE_SEGMENTS = 4;

const num = (v: JsonObject[string], fallback = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const positive = (v: JsonObject[string]): number | undefined => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : undefined);
const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * How `tile` (its entry in `tileset.tiles`, when it has one) is drawn on a map of `mapTileWidth` ×
 * `mapTileHeight` cells, or why it cannot be placed. The image rectangle is the tileset's tile size
 * for a tileset image; a collection tile's sub-rectangle (`width`, `height`) or image size.
 */
export function tilePlacement(tileset: JsonObject, tile: JsonObject | undefined, mapTileWidth: number, mapTileHeight: number): TilePlacement | string {
  const grid = tileset.grid;
  if (isObject(grid) && grid.orientation !== undefined && grid.orientation !== "orthogonal") return `the tileset's grid is ${JSON.stringify(grid.orientation)} (only orthogonal tile grids are baked)`;
  const setWidth = positive(tileset.tilewidth), setHeight = positive(tileset.tileheight);
  const own = tile !== undefined && typeof tileset.image !== "string";
  const imageWidth = (own ? positive(tile.width) ?? positive(tile.imagewidth) : undefined) ?? setWidth;
  const imageHeight = (own ? positive(tile.height) ?? positive(tile.imageheight) : undefined) ?? setHeight;
  if (imageWidth === undefined || imageHeight === undefined) return "the tile's size is unknown (no tilewidth and tileheight in its tileset)";
  const byGrid = tileset.tilerendersize === "grid";
  const renderWidth = byGrid ? mapTileWidth : imageWidth, renderHeight = byGrid ? mapTileHeight : imageHeight;
  let scaleX = renderWidth / imageWidth, scaleY = renderHeight / imageHeight;
  if (tileset.fillmode === "preserve-aspect-fit") scaleX = scaleY = Math.min(scaleX, scaleY);
  const offset = isObject(tileset.tileoffset) ? tileset.tileoffset : {};
  return { imageWidth, imageHeight, renderWidth, renderHeight, scaleX, scaleY, offsetX: num(offset.x), offsetY: num(offset.y), cellHeight: mapTileHeight };
}

/** x' = a·x + c·y + e, y' = b·x + d·y + f. */
export interface Affine {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
}

/**
 * Tile image pixels → the cell's frame (origin at the cell's top-left corner, y down) for a tile
 * placed with the gid flags `flags`: CellRenderer::render's fragment for an orthogonal cell with
 * the BottomLeft origin, then the tileTransform of paintTileCollisionShapes.
 */
export function tileTransform(p: TilePlacement, flags: number): Affine {
  const h = (flags & FLIPPED_HORIZONTALLY) !== 0, v = (flags & FLIPPED_VERTICALLY) !== 0, d = (flags & FLIPPED_DIAGONALLY) !== 0;
  const W = p.imageWidth, H = p.imageHeight, Sw = p.renderWidth, Sh = p.renderHeight;
  let fx = Sw / 2 + p.offsetX * p.scaleX;
  let fy = p.cellHeight - Sh / 2 + p.offsetY * p.scaleY;
  const fh = d ? v : h, fv = d ? !h : v;
  const kx = fh ? -p.scaleX : p.scaleX, ky = fv ? -p.scaleY : p.scaleY;
  if (!d) return { a: kx, b: 0, c: 0, d: ky, e: fx - (W / 2) * kx, f: fy - (H / 2) * ky };
  // Turned 90° clockwise about the drawn centre, which moves so the turned tile still stands on the cell's bottom-left corner.
  fx += Sh / 2 - Sw / 2;
  fy += Sh / 2 - Sw / 2;
  return { a: 0, b: kx, c: -ky, d: 0, e: fx + (H / 2) * ky, f: fy - (W / 2) * kx };
}

const apply = (m: Affine, x: number, y: number): [number, number] => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];

/** A point list that closes on itself or repeats or runs straight through a point, cleaned; null when fewer than 3 points are left. */
function cleanRing(points: [number, number][]): [number, number][] | null {
  let extent = 0;
  for (const [x, y] of points) extent = Math.max(extent, Math.abs(x), Math.abs(y));
  const weld = 1e-9 * Math.max(extent, 1);
  let ring = points.filter((p, i) => {
    const q = points[(i + 1) % points.length]!;
    return Math.abs(p[0] - q[0]) > weld || Math.abs(p[1] - q[1]) > weld;
  });
  for (let changed = true; changed && ring.length >= 3; ) {
    changed = false;
    for (let i = 0; i < ring.length; i++) {
      const a = ring[(i + ring.length - 1) % ring.length]!, b = ring[i]!, c = ring[(i + 1) % ring.length]!;
      const k = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
      const l = Math.hypot(b[0] - a[0], b[1] - a[1]) * Math.hypot(c[0] - b[0], c[1] - b[1]);
      // Straight on (or straight back: a spike of no width).
      if (Math.abs(k) <= 1e-9 * l) {
        ring = ring.filter((_, j) => j !== i);
        changed = true;
        break;
      }
    }
  }
  return ring.length >= 3 ? ring : null;
}

/** A convex polygon as a shape centred on its bounding box, or null when it is not strictly convex even without points that run straight on. */
function polygonShape(world: readonly [number, number][]): TileGeometry | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of world) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
  let local = world.map(([x, y]): [number, number] => [x - cx, y - cy]);
  // As the tracer's pieces: a point the validator calls collinear or duplicate goes.
  for (let guard = 0; local.length >= 3 && guard < world.length; guard++) {
    const problem = checkConvexPolygon(local.map(toVec));
    if (problem === null) return { type: "polygon", x: cx, y: cy, rotation: 0, points: local };
    if (problem.kind !== "collinear" && problem.kind !== "duplicate-point") return null;
    local = local.filter((_, k) => k !== problem.index);
  }
  return null;
}

/** Whether two edges of the ring that share no point cross or touch (Ericson 5.1.9.1, with touching counted). */
function crossesItself(ring: readonly [number, number][]): boolean {
  const n = ring.length;
  const orient = (a: readonly number[], b: readonly number[], c: readonly number[]) => Math.sign((b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!));
  const onSegment = (a: readonly number[], b: readonly number[], p: readonly number[]) =>
    Math.min(a[0]!, b[0]!) <= p[0]! && p[0]! <= Math.max(a[0]!, b[0]!) && Math.min(a[1]!, b[1]!) <= p[1]! && p[1]! <= Math.max(a[1]!, b[1]!);
  for (let i = 0; i < n; i++) {
    const a = ring[i]!, b = ring[(i + 1) % n]!;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const c = ring[j]!, d = ring[(j + 1) % n]!;
      const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
      if (o1 * o2 < 0 && o3 * o4 < 0) return true;
      if ((o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b))) return true;
    }
  }
  return false;
}

/** The polygon `ring` (either winding) as convex polygons within `maxVertices`, or why not. */
function convexPieces(ring: [number, number][], maxVertices: number, what: string): TileGeometry[] | string {
  const clean = cleanRing(ring);
  if (!clean) return `degenerate ${what} (no area)`;
  if (crossesItself(clean)) return `self-intersecting ${what}`;
  const area = Math.abs(signedArea(clean.map(toVec)));
  if (!(area > 0)) return `degenerate ${what} (no area)`;
  if (clean.length <= maxVertices && checkConvexPolygon(clean.map(toVec)) === null) {
    const one = polygonShape(clean);
    if (one) return [one];
  }
  const flat = clean.flat();
  const pieces = decomposeConvex(flat, [], maxVertices);
  const out: TileGeometry[] = [];
  let covered = 0;
  for (const piece of pieces) {
    const points = piece.map((i): [number, number] => [flat[2 * i]!, flat[2 * i + 1]!]);
    covered += Math.abs(signedArea(points.map(toVec)));
    const shape = polygonShape(points);
    if (!shape) return `${what} could not be cut into convex pieces`;
    out.push(shape);
  }
  // The pieces tile the ring exactly; a cut that went astray shows in the sum of their areas.
  if (Math.abs(covered - area) > 1e-9 * area) return `${what} could not be cut into convex pieces`;
  return out;
}

/**
 * A chain through `drawn` (its points as drawn, for the import's checks) placed at `placed` (the
 * same points in the cell's frame), centred on its bounding box. Under a mirroring placement
 * (`reflect`) the points run backwards: an edge's normal (dy, −dx) then stays on the side of the
 * edge it was drawn on, so a one-sided chain keeps blocking from the same side of the art.
 */
function chainShape(drawn: readonly Point[], placed: readonly [number, number][], closed: boolean, reflect: boolean): TileGeometry | string {
  const problem = tiledChainProblem(drawn, closed);
  if (problem) return problem;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of placed) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
  const local = placed.map(([x, y]): [number, number] => [x - cx, y - cy]);
  if (reflect) local.reverse();
  // Points apart as drawn may meet after a scale that rounds them together.
  const after = tiledChainProblem(local, closed);
  if (after) return `${after} (once placed)`;
  return { type: "chain", x: cx, y: cy, rotation: 0, points: local, ...(closed ? { closed: true as const } : {}) };
}

/** One collision object (of class `cls`) as shapes in the cell's frame, or why it gives none. */
function objectShapes(obj: JsonObject, cls: string, m: Affine, flags: number, maxVertices: number): TileGeometry[] | string {
  if (obj.gid !== undefined) return "tile object (only shapes are baked)";
  if (obj.text !== undefined) return "text object";
  if (obj.point === true) return "point object (it has no area)";
  if (obj.template !== undefined) return "template instance (its template was not applied)";
  const x = num(obj.x), y = num(obj.y), w = num(obj.width), h = num(obj.height), r = num(obj.rotation);
  const q = rotFromDegrees(r);
  // Object frame (x, y, turned by r) → cell frame.
  const at = (lx: number, ly: number) => apply(m, x + q.c * lx - q.s * ly, y + q.s * lx + q.c * ly);
  // An odd number of H, V and D flips mirrors the tile.
  const reflect = m.a * m.d - m.b * m.c < 0;

  const key = obj.polygon !== undefined ? "polygon" : obj.polyline !== undefined ? "polyline" : null;
  if (key !== null) {
    const list = obj[key];
    if (!Array.isArray(list)) return `${key} points are not a list`;
    const drawn: [number, number][] = [], ring: [number, number][] = [];
    for (const [i, p] of list.entries()) {
      if (!isObject(p) || typeof p.x !== "number" || typeof p.y !== "number" || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return `${key} point ${i} is not a finite {x, y}`;
      drawn.push([p.x, p.y]);
      ring.push(at(p.x, p.y));
    }
    const chain = tiledChainOf(key, cls);
    if (chain !== null) {
      const made = chainShape(drawn, ring, chain.closed, reflect);
      return typeof made === "string" ? made : [made];
    }
    return convexPieces(ring, maxVertices, "polygon");
  }

  const what = obj.ellipse === true ? "ellipse" : obj.capsule === true ? "capsule" : "rectangle";
  if (!(w > 0 && h > 0)) return `zero-size ${what} (${w} × ${h})`;
  const sx = Math.hypot(m.a, m.b), sy = Math.hypot(m.c, m.d);
  const uniform = sx === sy;
  const turn = (flags & FLIPPED_DIAGONALLY) !== 0 ? 90 : 0;
  // Boxes, circles and capsules are symmetric about their centre: a mirror only negates their rotation.
  const turned = (degrees: number) => normalizeDegrees((reflect ? -degrees : degrees) + turn);
  const [cx, cy] = at(w / 2, h / 2);
  const outline = (local: readonly [number, number][]) => convexPieces(local.map(([lx, ly]) => at(lx, ly)), maxVertices, what);

  if (what === "rectangle") {
    if (uniform) return [{ type: "box", x: cx, y: cy, rotation: turned(r), width: w * sx, height: h * sx }];
    // A non-uniform scale keeps a box a box only along its own axes.
    if (Number.isInteger(r / 90)) {
      const along = Number.isInteger(r / 180);
      return [{ type: "box", x: cx, y: cy, rotation: turned(r), width: w * (along ? sx : sy), height: h * (along ? sy : sx) }];
    }
    return outline([[0, 0], [w, 0], [w, h], [0, h]]);
  }
  if (what === "ellipse") {
    if (uniform && Math.abs(w - h) <= CIRCLE_TOLERANCE * Math.max(w, h)) return [{ type: "circle", x: cx, y: cy, rotation: 0, radius: ((w + h) / 4) * sx }];
    // An inscribed polygon grown to the ellipse's area.
    const n = ELLIPSE_SEGMENTS;
    const grow = Math.sqrt((2 * Math.PI) / (n * Math.sin((2 * Math.PI) / n)));
    const ring: [number, number][] = [];
    for (let k = 0; k < n; k++) {
      const t = ((k + 0.5) * 2 * Math.PI) / n;
      ring.push([w / 2 + (w / 2) * grow * Math.cos(t), h / 2 + (h / 2) * grow * Math.sin(t)]);
    }
    return outline(ring);
  }
  // A capsule: Tiled draws the stadium inside its box, round ends on the shorter sides.
  const radius = Math.min(w, h) / 2, length = Math.max(w, h), axis = w <= h ? r : r + 90;
  if (uniform) return [{ type: "capsule", x: cx, y: cy, rotation: turned(axis), radius: radius * sx, height: length * sx }];
  const a = rotFromDegrees(w <= h ? 0 : 90);
  return outline(capsulePolygon(radius, length, CAPSULE_SEGMENTS).map(([px, py]) => [w / 2 + a.c * px - a.s * py, h / 2 + a.s * px + a.c * py]));
}

/**
 * The collision shapes of `tile` (an entry of a tileset's `tiles`, with its `objectgroup`) placed
 * with the gid flags `flags`, in the cell's frame: origin at the cell's top-left corner, y down.
 * Rectangles stay boxes (turned by the D flag), circular ellipses become circles, capsules stay
 * capsules; other ellipses and polygons become convex polygons of at most `maxVertices` points
 * (concave ones in pieces). Polylines become open chains and polygons of class "chain" closed
 * ones, their points reversed under a mirroring placement (an odd number of flips) so a one-sided
 * chain faces the same side of the art. Under a non-uniform scale (tilerendersize "grid" with a
 * tile of another shape) circles and capsules become polygons and only axis-aligned boxes stay
 * boxes. Points, text and tile objects are listed in `skipped`, as are properties a shape cannot
 * keep. Each shape takes its object's collision bits, `sensor`, `oneSided` (chains only) and
 * custom properties as importTiled reads them.
 */
export function tileShapes(tile: JsonObject, flags: number, placement: TilePlacement, maxVertices = 8): TileShapes {
  const group = tile.objectgroup;
  if (!isObject(group) || !Array.isArray(group.objects)) return { shapes: [], skipped: [] };
  const m = tileTransform(placement, flags);
  const shapes: TileShape[] = [];
  const skipped: TileObjectSkipped[] = [];
  for (const obj of group.objects) {
    if (!isObject(obj)) continue;
    const id = num(obj.id);
    // Tiled 1.9 wrote an object's class as "class"; before and since, as "type" (read as the import reads it).
    const cls = typeof obj.class === "string" && obj.class !== "" ? obj.class : typeof obj.type === "string" ? obj.type : "";
    const made = objectShapes(obj, cls, m, flags, maxVertices);
    if (typeof made === "string") {
      skipped.push({ object: id, reason: made });
      continue;
    }
    const meta = tiledObjectMeta(Array.isArray(obj.properties) ? obj.properties : []);
    // An object gives one chain or shapes of area only.
    const flagged = tiledShapeFlags(meta, made[0]!.type);
    for (const d of [...meta.dropped, ...(flagged.dropped ? [flagged.dropped] : [])]) skipped.push({ object: id, reason: `property "${d.property}": ${d.reason}` });
    const extra = {
      ...(meta.collisionLayer !== undefined ? { collisionLayer: meta.collisionLayer } : {}),
      ...(meta.collisionMask !== undefined ? { collisionMask: meta.collisionMask } : {}),
      ...flagged.shape,
      ...(meta.properties.length > 0 ? { properties: meta.properties } : {}),
    };
    for (const g of made) shapes.push({ ...g, ...extra });
  }
  return { shapes, skipped };
}
