// A small b2dJson loader for planck (the JS port of Box2D v2.x), written from b2dJson.cpp's reader
// (iforce2d/b2dJson: j2b2World, j2b2Body, j2b2Fixture, readCustomPropertiesFromJson) rather than
// from our exporter's types: it reads untyped JSON with the same keys and the same defaults
// (missing numbers 0, missing vectors (0, 0) or the number 0, filter bits 1 / 0xffff / 0), so a
// misspelt key or a wrong default shows up as a wrong world.
//
// Where b2dJson quietly skips (a polygon of more than 8 vertices, fewer than 2) this loader
// throws, so a test sees it; it also throws where planck would silently change a polygon (its
// hull dropping or welding a vertex) or on clockwise polygons, and on hex-string floats (our
// exporter never writes them).
import { Chain, Circle, Edge, Polygon, Vec2, World, type Body, type Fixture, type Vec2Value } from "planck";

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { readonly [key: string]: Json };

export type LoadedProperty =
  | { readonly type: "int" | "float"; readonly value: number }
  | { readonly type: "string"; readonly value: string }
  | { readonly type: "bool"; readonly value: boolean }
  | { readonly type: "color"; readonly value: readonly number[] }
  | { readonly type: "vec2"; readonly value: Vec2Value };

export interface LoadedFixture {
  readonly fixture: Fixture;
  readonly name: string;
  readonly kind: "circle" | "polygon" | "edge" | "chain";
  /** Polygon, edge or chain vertices exactly as the file lists them. */
  readonly vertices: readonly Vec2Value[];
  readonly properties: ReadonlyMap<string, LoadedProperty>;
}

export interface LoadedBody {
  readonly body: Body;
  readonly name: string;
  readonly fixtures: readonly LoadedFixture[];
  readonly properties: ReadonlyMap<string, LoadedProperty>;
}

export interface LoadedWorld {
  readonly world: World;
  readonly bodies: readonly LoadedBody[];
  readonly properties: ReadonlyMap<string, LoadedProperty>;
  /** The loaded fixture of each planck fixture (for ray-cast callbacks). */
  readonly byFixture: ReadonlyMap<Fixture, { readonly body: LoadedBody; readonly fixture: LoadedFixture }>;
}

/** b2_maxPolygonVertices in Box2D v2.x (planck allows 12: we hold files to Box2D's limit). */
const MAX_POLYGON_VERTICES = 8;
const BODY_TYPES = ["static", "kinematic", "dynamic"] as const;

const isObject = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const isArray = (v: Json | undefined): v is readonly Json[] => Array.isArray(v);

function object(v: Json | undefined, what: string): JsonObject {
  if (!isObject(v)) throw new Error(`${what}: expected an object`);
  return v;
}

/** jsonToFloat: a number, or missing (the default). */
function float(o: JsonObject, key: string, fallback = 0): number {
  const v = o[key];
  if (v === undefined) return fallback;
  if (typeof v === "string") throw new Error(`${key}: hex-string floats are not read by this loader`);
  if (typeof v !== "number") throw new Error(`${key}: expected a number, got ${JSON.stringify(v)}`);
  return v;
}

/** jsonToVec: {x, y}, the number 0 for (0, 0), or missing. */
function vec(o: JsonObject, key: string): Vec2Value {
  const v = o[key];
  if (v === undefined || v === 0) return { x: 0, y: 0 };
  const p = object(v, key);
  return { x: float(p, "x"), y: float(p, "y") };
}

/** The i-th vertex of {x: [...], y: [...]}. */
function vertexList(o: JsonObject, key: string): Vec2Value[] {
  const v = object(o[key], key);
  const xs = v.x, ys = v.y;
  if (!isArray(xs) || !isArray(ys) || xs.length !== ys.length) throw new Error(`${key}: expected {x: [...], y: [...]} of equal length`);
  return xs.map((x, i) => {
    const y = ys[i];
    if (typeof x !== "number" || typeof y !== "number") throw new Error(`${key}[${i}]: expected numbers`);
    return { x, y };
  });
}

function bool(o: JsonObject, key: string, fallback: boolean): boolean {
  const v = o[key];
  if (v === undefined) return fallback;
  if (typeof v !== "boolean") throw new Error(`${key}: expected a boolean`);
  return v;
}

function string(o: JsonObject, key: string): string {
  const v = o[key];
  if (v === undefined) return "";
  if (typeof v !== "string") throw new Error(`${key}: expected a string`);
  return v;
}

function int(o: JsonObject, key: string, fallback: number): number {
  const v = float(o, key, fallback);
  if (!Number.isInteger(v)) throw new Error(`${key}: expected a whole number, got ${v}`);
  return v;
}

/** readCustomPropertiesFromJson: each entry is {name, <type>: value}. */
function properties(o: JsonObject): Map<string, LoadedProperty> {
  const out = new Map<string, LoadedProperty>();
  const list = o.customProperties;
  if (list === undefined) return out;
  if (!isArray(list)) throw new Error("customProperties: expected an array");
  for (const entry of list) {
    const p = object(entry, "customProperties[]");
    const name = string(p, "name");
    if (out.has(name)) throw new Error(`customProperties: "${name}" twice`);
    if (typeof p.int === "number") out.set(name, { type: "int", value: p.int });
    else if (typeof p.float === "number") out.set(name, { type: "float", value: p.float });
    else if (typeof p.string === "string") out.set(name, { type: "string", value: p.string });
    else if (typeof p.bool === "boolean") out.set(name, { type: "bool", value: p.bool });
    else if (p.vec2 !== undefined) out.set(name, { type: "vec2", value: vec(p, "vec2") });
    else if (isArray(p.color) && p.color.length > 3) out.set(name, { type: "color", value: p.color.map((c) => (typeof c === "number" ? c : NaN)) });
    else throw new Error(`customProperties "${name}": no value of a known type`);
  }
  return out;
}

function loadFixture(body: Body, value: JsonObject): LoadedFixture {
  const opt = {
    density: float(value, "density"),
    friction: float(value, "friction"),
    restitution: float(value, "restitution"),
    isSensor: bool(value, "sensor", false),
    filterCategoryBits: int(value, "filter-categoryBits", 0x0001),
    filterMaskBits: int(value, "filter-maskBits", 0xffff),
    filterGroupIndex: int(value, "filter-groupIndex", 0),
  };
  const name = string(value, "name");
  const props = properties(value);
  if (value.circle !== undefined) {
    const c = object(value.circle, "circle");
    const fixture = body.createFixture(new Circle(vec(c, "center"), float(c, "radius")), opt);
    return { fixture, name, kind: "circle", vertices: [], properties: props };
  }
  if (value.polygon !== undefined) {
    const vertices = vertexList(object(value.polygon, "polygon"), "vertices");
    if (vertices.length > MAX_POLYGON_VERTICES) throw new Error(`polygon "${name}" has ${vertices.length} vertices; b2dJson ignores more than ${MAX_POLYGON_VERTICES}`);
    if (vertices.length < 2) throw new Error(`polygon "${name}" has fewer than 2 vertices; b2dJson ignores it`);
    if (vertices.length === 2) {
      const fixture = body.createFixture(new Edge(vertices[0], vertices[1]), opt);
      return { fixture, name, kind: "edge", vertices, properties: props };
    }
    // Box2D ≥ 2.3 and planck re-hull any order, but older ports (Box2DWeb's SetAsArray, 2.1)
    // take the vertices as given and need them counter-clockwise.
    let twice = 0;
    vertices.forEach((a, i) => { const b = vertices[(i + 1) % vertices.length]!; twice += a.x * b.y - a.y * b.x; });
    if (!(twice > 0)) throw new Error(`polygon "${name}" is not counter-clockwise`);
    const shape = new Polygon(vertices);
    // planck's hull (as b2PolygonShape::Set) drops welded and collinear points, and makes a 1 × 1
    // box of anything left with fewer than 3: a file must never depend on that.
    if (shape.m_count !== vertices.length) throw new Error(`polygon "${name}": planck kept ${shape.m_count} of ${vertices.length} vertices`);
    const fixture = body.createFixture(shape, opt);
    return { fixture, name, kind: "polygon", vertices, properties: props };
  }
  if (value.edge !== undefined) {
    const e = object(value.edge, "edge");
    // j2b2Fixture: m_hasVertex0/3, and m_vertex0/3 only when those are set.
    const vertices = [vec(e, "vertex1"), vec(e, "vertex2")];
    const shape = new Edge(vertices[0], vertices[1]);
    if (bool(e, "hasVertex0", false)) shape.setPrevVertex(vec(e, "vertex0"));
    if (bool(e, "hasVertex3", false)) shape.setNextVertex(vec(e, "vertex3"));
    const fixture = body.createFixture(shape, opt);
    return { fixture, name, kind: "edge", vertices, properties: props };
  }
  if (value.chain !== undefined) {
    // j2b2Fixture: CreateChain(vertices), then the ghost vertices when present.
    const c = object(value.chain, "chain");
    const vertices = vertexList(c, "vertices");
    if (vertices.length < 2) throw new Error(`chain "${name}" has fewer than 2 vertices`);
    const shape = new Chain(vertices, false);
    if (bool(c, "hasPrevVertex", false)) shape.setPrevVertex(new Vec2(vec(c, "prevVertex")));
    if (bool(c, "hasNextVertex", false)) shape.setNextVertex(new Vec2(vec(c, "nextVertex")));
    const fixture = body.createFixture(shape, opt);
    return { fixture, name, kind: "chain", vertices, properties: props };
  }
  if (value.loop !== undefined) throw new Error(`fixture "${name}": the old "loop" key (b2dJson r197) is not written by the exporter`);
  throw new Error(`fixture "${name}": no circle, polygon, edge or chain`);
}

/** Builds a planck World from b2dJson text. */
export function loadB2dJson(text: string): LoadedWorld {
  const root = object(JSON.parse(text) as Json, "world");
  const world = new World({ gravity: vec(root, "gravity") });
  world.setAllowSleeping(bool(root, "allowSleep", false));
  world.setWarmStarting(bool(root, "warmStarting", false));
  world.setContinuousPhysics(bool(root, "continuousPhysics", false));
  world.setSubStepping(bool(root, "subStepping", false));
  const bodies: LoadedBody[] = [];
  const byFixture = new Map<Fixture, { body: LoadedBody; fixture: LoadedFixture }>();
  const list = root.body ?? [];
  if (!isArray(list)) throw new Error("body: expected an array");
  for (const entry of list) {
    const value = object(entry, "body");
    const type = BODY_TYPES[int(value, "type", 0)];
    if (!type) throw new Error(`body type ${String(value.type)}`);
    const body = world.createBody({ type, position: vec(value, "position"), angle: float(value, "angle"), linearVelocity: vec(value, "linearVelocity"), angularVelocity: float(value, "angularVelocity") });
    const fixtureList = value.fixture ?? [];
    if (!isArray(fixtureList)) throw new Error("fixture: expected an array");
    const fixtures = fixtureList.map((f) => loadFixture(body, object(f, "fixture")));
    const loaded: LoadedBody = { body, name: string(value, "name"), fixtures, properties: properties(value) };
    for (const fixture of fixtures) byFixture.set(fixture.fixture, { body: loaded, fixture });
    bodies.push(loaded);
  }
  return { world, bodies, properties: properties(root), byFixture };
}
