// Box2D export: the scene as a b2dJson document (the JSON layout of iforce2d's b2dJson library and
// R.U.B.E.), which b2dJson's loaders for Box2D v2.x (C++, Java/libGDX, JS ports) turn into a world.
//
// Format, as b2dJson.cpp writes and reads it (iforce2d/b2dJson, c++/b2dJson.cpp: b2j() and
// j2b2World/j2b2Body/j2b2Fixture; www.iforce2d.net/mktree/content/jsonstructure.html):
// - world: gravity, allowSleep, autoClearForces, warmStarting, continuousPhysics, subStepping,
//   "body" (array), customProperties.
// - body: name, type (0 static, 1 kinematic, 2 dynamic), position, angle (radians), "fixture"
//   (array), customProperties. Missing numbers read as 0, missing booleans as false.
// - fixture: name, density, friction, restitution, sensor, filter-categoryBits (read default 1),
//   filter-maskBits (read default 0xffff), filter-groupIndex, and one of "circle" {center,
//   radius} or "polygon" {vertices: {x: [...], y: [...]}}; the reader ignores a polygon of more
//   than b2_maxPolygonVertices and makes an edge of a 2-vertex one.
// - "edge" {vertex1, vertex2, hasVertex0, hasVertex3, vertex0, vertex3}: the ghost vertices are
//   the edge's neighbours, read into b2EdgeShape's m_vertex0/3 (Box2D 2.3, planck), which then
//   collides smoothly across the joint. "chain" {vertices, hasPrevVertex, hasNextVertex,
//   prevVertex, nextVertex}: read with CreateChain, then the ghost vertices; a loop is written as
//   b2dJson writes a CreateLoop chain: the first vertex again at the end, the ghosts its neighbours.
// - a vec2 is {x, y}; writers may shorten (0, 0) to the number 0 and floats to hex strings. We
//   always write {x, y} and plain numbers: every reader accepts both, not every port the shortcuts.
// - customProperties: [{ name, int | float | string | bool | vec2 | color: [r, g, b, a] }].
//
// Choice: ONE STATIC BODY PER SHAPE, at the shape's position and angle, its fixtures in the body's
// local frame. A level object is one collider to a game programmer: it keeps its own name, its
// custom properties and its transform (a door can later be made kinematic and moved), and
// b2dJson's getBodyByName finds it. One body per editor layer would bake every vertex into world
// space and lose per-object properties. The editor layer goes into a fixture property instead.
//
// The new kinds: a concave polygon is its convex pieces (core/outline.ts convexPieces, at most 8
// vertices each), one polygon fixture each. A one-sided chain is a chain fixture: Box2D 2.4 and
// v3 make every chain segment one-sided, colliding on the right of its direction (y up), so the
// points go in reverse after the y flip, which keeps the scene's normal (dy, −dx) (y down) on
// that side. An open one-sided chain's ghost vertices extend its end edges in a straight line:
// Box2D 2.4's CreateChain needs both, and v3's open b2ChainDef makes its first and last points
// ghosts only, so a v3 loader passes [prevVertex, ...vertices, nextVertex] and keeps every edge.
// A two-sided chain is one edge fixture per edge, two-sided in every Box2D (a chain fixture would
// be one-sided in 2.4 and v3), each with its neighbours as ghost vertices (none at an open end,
// which stays a corner a body can hit). A sensor's fixtures get "sensor": true.
import { assertNever } from "../assert-never";
import { convexPieces, isConvexOutline } from "../outline";
import { sceneLayers, layerOf, collisionLayerOf, collisionMaskOf, isSensor, type ChainShape, type Property, type Scene, type Shape } from "../scene/types";
import { stableStringify } from "../scene/io";
import { angleToRadians, B2_MAX_POLYGON_VERTICES, capsuleParts, capsulePolygon, clean, pointToMetres, polygonToMetres, splitConvex, toMetres, type MetrePoint } from "./box2d-geometry";

/** How a capsule (which Box2D v2 does not have) is written. */
export type Box2dCapsuleMode = "circles-and-box" | "polygon";

export interface Box2dExportOptions {
  /**
   * Scene pixels per Box2D metre; default 32: power of two, so every coordinate divides exactly,
   * and a 64-pixel character is 2 m tall, inside Box2D's 0.1–10 m range for moving objects.
   */
  readonly pixelsPerMeter?: number;
  /**
   * "circles-and-box" (default): three fixtures whose union is the capsule exactly. "polygon":
   * one circumscribed 8-gon, at most 0.0824 × radius beyond the capsule (CAPSULE_POLYGON_ERROR).
   */
  readonly capsules?: Box2dCapsuleMode;
  /** World gravity in m/s², y up; default (0, −10) as Box2D's HelloWorld and testbed. */
  readonly gravity?: { readonly x: number; readonly y: number };
  /**
   * 16 (default): Box2D v2.x's uint16 b2Filter bits, so collision layers 17–32 are dropped.
   * 32: the scene's full 32-bit values, for Box2D v3 (uint64 bits) or planck (JS numbers).
   */
  readonly filterBits?: 16 | 32;
}

export const BOX2D_DEFAULT_PIXELS_PER_METER = 32;
export const BOX2D_DEFAULT_GRAVITY = { x: 0, y: -10 } as const;
/** b2FixtureDef's defaults (friction 0.2); density 1 so a body made dynamic later has mass. */
export const BOX2D_FIXTURE_DEFAULTS = { density: 1, friction: 0.2, restitution: 0 } as const;

export interface B2dVec2 {
  readonly x: number;
  readonly y: number;
}

export type B2dCustomProperty =
  | { readonly name: string; readonly string: string }
  | { readonly name: string; readonly float: number }
  | { readonly name: string; readonly int: number }
  | { readonly name: string; readonly bool: boolean }
  | { readonly name: string; readonly color: readonly [number, number, number, number] };

export interface B2dFixture {
  readonly name: string;
  readonly density: number;
  readonly friction: number;
  readonly restitution: number;
  readonly "filter-categoryBits": number;
  readonly "filter-maskBits": number;
  readonly "filter-groupIndex": number;
  /** Written only when true (b2dJson reads a missing one as false). */
  readonly sensor?: true;
  readonly circle?: { readonly center: B2dVec2; readonly radius: number };
  readonly polygon?: { readonly vertices: B2dVertices };
  readonly edge?: B2dEdge;
  readonly chain?: B2dChain;
  readonly customProperties: readonly B2dCustomProperty[];
}

export interface B2dVertices {
  readonly x: readonly number[];
  readonly y: readonly number[];
}

/** An edge fixture as b2dJson writes b2EdgeShape: a ghost vertex for each neighbouring edge. */
export interface B2dEdge {
  readonly vertex1: B2dVec2;
  readonly vertex2: B2dVec2;
  readonly hasVertex0?: true;
  readonly hasVertex3?: true;
  readonly vertex0?: B2dVec2;
  readonly vertex3?: B2dVec2;
}

/** A chain fixture as b2dJson writes b2ChainShape, always with both ghost vertices. */
export interface B2dChain {
  readonly vertices: B2dVertices;
  readonly hasPrevVertex?: true;
  readonly hasNextVertex?: true;
  readonly prevVertex?: B2dVec2;
  readonly nextVertex?: B2dVec2;
}

export interface B2dBody {
  readonly name: string;
  /** 0: b2_staticBody. */
  readonly type: 0;
  readonly position: B2dVec2;
  readonly angle: number;
  readonly fixture: readonly B2dFixture[];
  readonly customProperties?: readonly B2dCustomProperty[];
}

export interface B2dWorld {
  readonly gravity: B2dVec2;
  readonly allowSleep: boolean;
  readonly autoClearForces: boolean;
  readonly warmStarting: boolean;
  readonly continuousPhysics: boolean;
  readonly subStepping: boolean;
  readonly body: readonly B2dBody[];
  readonly customProperties: readonly B2dCustomProperty[];
}

/** Where a shape's fixtures carry its scene id and editor layer name. */
export const FIXTURE_ID_PROPERTY = "id";
export const FIXTURE_LAYER_PROPERTY = "editorLayer";
/** World properties: the scale used, and collisionLayer<bit> = name for each named bit. */
export const WORLD_PPM_PROPERTY = "pixelsPerMeter";

interface Resolved {
  readonly ppm: number;
  readonly capsules: Box2dCapsuleMode;
  readonly gravity: B2dVec2;
  readonly bitMask: number;
}

function resolve(options: Box2dExportOptions): Resolved {
  const ppm = options.pixelsPerMeter ?? BOX2D_DEFAULT_PIXELS_PER_METER;
  // Options come from code or a command line, not from the scene: a wrong one is a caller's bug.
  if (!(Number.isFinite(ppm) && ppm > 0)) throw new RangeError(`pixelsPerMeter must be a finite number greater than 0, got ${ppm}`);
  const gravity = options.gravity ?? BOX2D_DEFAULT_GRAVITY;
  if (!Number.isFinite(gravity.x) || !Number.isFinite(gravity.y)) throw new RangeError("gravity must be finite");
  const capsules = options.capsules ?? "circles-and-box";
  if (capsules !== "circles-and-box" && capsules !== "polygon") throw new RangeError(`capsules must be "circles-and-box" or "polygon", got ${String(capsules)}`);
  const bits = options.filterBits ?? 16;
  if (bits !== 16 && bits !== 32) throw new RangeError(`filterBits must be 16 or 32, got ${String(bits)}`);
  return { ppm, capsules, gravity: { x: clean(gravity.x), y: clean(gravity.y) }, bitMask: bits === 16 ? 0xffff : 0xffffffff };
}

/** "#rrggbb" or "#rrggbbaa" as b2dJson's color [r, g, b, a] (0–255; alpha 255 when absent). */
export function colorToRgba(value: string): [number, number, number, number] | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(value);
  if (!m) return null;
  const byte = (h: string | undefined) => (h === undefined ? 255 : parseInt(h, 16));
  return [byte(m[1]), byte(m[2]), byte(m[3]), byte(m[4])];
}

/**
 * A scene property as a b2dJson one. A `number` is always "float": a key that changed with the
 * value (int for 3, float for 3.5) would break getCustomFloat; `int` and `object` (an id) are
 * "int". Files are strings, a class its members as JSON text (b2dJson has no nested values).
 */
export function customProperty(p: Property): B2dCustomProperty {
  switch (p.type) {
    case "string":
    case "file":
      return { name: p.name, string: p.value };
    case "number":
    case "float":
      return { name: p.name, float: clean(p.value) };
    case "int":
    case "object":
      return { name: p.name, int: clean(p.value) };
    case "boolean":
      return { name: p.name, bool: p.value };
    case "color": {
      const rgba = colorToRgba(p.value);
      return rgba ? { name: p.name, color: rgba } : { name: p.name, string: p.value };
    }
    case "class":
      return { name: p.name, string: JSON.stringify(p.value) };
    default:
      return assertNever(p, "property type");
  }
}

const vertices = (points: readonly MetrePoint[]) => ({ vertices: { x: points.map((p) => p.x), y: points.map((p) => p.y) } });

type FixtureShape = Pick<B2dFixture, "circle" | "polygon" | "edge" | "chain">;

/** `b` continued past itself by the length of a → b: a ghost vertex that keeps the end edge straight. */
const extend = (a: MetrePoint, b: MetrePoint): MetrePoint => ({ x: clean(2 * b.x - a.x), y: clean(2 * b.y - a.y) });

/**
 * A chain's fixtures in metres, y up. One-sided: one chain fixture, points reversed (see the top of
 * this file), its ghost vertices the straight extensions of its end edges; closed, as a CreateLoop
 * chain. Two-sided: one edge fixture per edge, in edge order, its neighbours as ghost vertices.
 */
export function chainFixtures(shape: ChainShape, ppm: number): FixtureShape[] {
  const points = shape.points.map(([x, y]) => pointToMetres(x, y, ppm));
  const closed = shape.closed === true;
  const n = points.length;
  if (shape.oneSided !== true) {
    const at = (i: number): MetrePoint => points[(i + n) % n]!;
    const edges: FixtureShape[] = [];
    for (let i = 0; i < (closed ? n : n - 1); i++) {
      const before = closed || i > 0, after = closed || i + 2 < n;
      edges.push({ edge: {
        vertex1: at(i), vertex2: at(i + 1),
        ...(before ? { hasVertex0: true as const } : {}), ...(after ? { hasVertex3: true as const } : {}),
        ...(before ? { vertex0: at(i - 1) } : {}), ...(after ? { vertex3: at(i + 2) } : {}),
      } });
    }
    return edges;
  }
  const reversed = [...points].reverse();
  const ghosts = closed ? { prevVertex: reversed[n - 1]!, nextVertex: reversed[1]! } : { prevVertex: extend(reversed[1]!, reversed[0]!), nextVertex: extend(reversed[n - 2]!, reversed[n - 1]!) };
  const list = closed ? [...reversed, reversed[0]!] : reversed;
  return [{ chain: { ...vertices(list), hasPrevVertex: true, hasNextVertex: true, ...ghosts } }];
}

/** The fixture shapes of one scene shape, in its body's local frame. */
function fixtureShapes(shape: Shape, r: Resolved): FixtureShape[] {
  switch (shape.type) {
    case "circle":
      return [{ circle: { center: { x: 0, y: 0 }, radius: toMetres(shape.radius, r.ppm) } }];
    case "box": {
      const hw = toMetres(shape.width / 2, r.ppm), hh = toMetres(shape.height / 2, r.ppm);
      return [{ polygon: vertices([{ x: clean(-hw), y: clean(-hh) }, { x: hw, y: clean(-hh) }, { x: hw, y: hh }, { x: clean(-hw), y: hh }]) }];
    }
    case "capsule": {
      const radius = toMetres(shape.radius, r.ppm);
      const half = Math.max(toMetres(shape.height / 2 - shape.radius, r.ppm), 0);
      const polygon = r.capsules === "polygon" ? capsulePolygon(radius, half) : null;
      if (polygon) return [{ polygon: vertices(polygon) }];
      const parts = capsuleParts(radius, half);
      const out: FixtureShape[] = parts.circles.map((center) => ({ circle: { center, radius } }));
      if (parts.box) out.push({ polygon: vertices(parts.box) });
      return out;
    }
    case "polygon":
      if (isConvexOutline(shape.points)) return splitConvex(polygonToMetres(shape.points, r.ppm)).map((piece) => ({ polygon: vertices(piece) }));
      return convexPieces(shape.points, B2_MAX_POLYGON_VERTICES).map((piece) => ({ polygon: vertices(polygonToMetres(piece, r.ppm)) }));
    case "chain":
      return chainFixtures(shape, r.ppm);
    default:
      return assertNever(shape, "shape kind");
  }
}

/** The b2dJson document for a scene, as plain data (exportBox2d writes it). */
export function box2dWorld(scene: Scene, options: Box2dExportOptions = {}): B2dWorld {
  const r = resolve(options);
  const layers = sceneLayers(scene);
  const layerNames = new Map(layers.map((l) => [l.id, l.name]));
  const body = scene.shapes.map((shape): B2dBody => {
    const name = shape.name || shape.id;
    const layerId = layerOf(shape, layers);
    const meta: B2dCustomProperty[] = [
      { name: FIXTURE_ID_PROPERTY, string: shape.id },
      { name: FIXTURE_LAYER_PROPERTY, string: layerNames.get(layerId) ?? layerId },
    ];
    // `>>> 0` keeps the unsigned 32-bit value (a plain & would turn bit 32 negative).
    const category = (collisionLayerOf(shape) & r.bitMask) >>> 0;
    const mask = (collisionMaskOf(shape) & r.bitMask) >>> 0;
    const fixture = fixtureShapes(shape, r).map((geometry): B2dFixture => ({
      name,
      ...BOX2D_FIXTURE_DEFAULTS,
      "filter-categoryBits": category,
      "filter-maskBits": mask,
      "filter-groupIndex": 0,
      ...(isSensor(shape) ? { sensor: true as const } : {}),
      ...geometry,
      customProperties: meta,
    }));
    const properties = (shape.properties ?? []).map(customProperty);
    return {
      name,
      type: 0,
      position: pointToMetres(shape.x, shape.y, r.ppm),
      // The core ignores a circle's rotation; so does its body.
      angle: shape.type === "circle" ? 0 : angleToRadians(shape.rotation),
      fixture,
      ...(properties.length > 0 ? { customProperties: properties } : {}),
    };
  });
  const named = [...(scene.collisionLayers ?? [])].sort((a, b) => a.bit - b.bit).map((c): B2dCustomProperty => ({ name: `collisionLayer${c.bit}`, string: c.name }));
  return {
    gravity: r.gravity,
    // b2World's defaults (b2_world.cpp): b2dJson reads a missing flag as false, so all are written.
    allowSleep: true,
    autoClearForces: true,
    warmStarting: true,
    continuousPhysics: true,
    subStepping: false,
    body,
    customProperties: [{ name: WORLD_PPM_PROPERTY, float: r.ppm }, ...named],
  };
}

/**
 * The scene as b2dJson text: two-space indentation, number arrays on one line, a final newline.
 * Deterministic; throws only a RangeError for invalid options (never for a valid scene).
 */
export function exportBox2d(scene: Scene, options: Box2dExportOptions = {}): string {
  return stableStringify(box2dWorld(scene, options)) + "\n";
}
