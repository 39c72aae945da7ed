// Phaser export: PhysicsEditor's "Phaser (Matter)" JSON, which Phaser 3 and 4 read with
// `this.matter.add.fromPhysicsEditor(x, y, config)` (one body's entry, not the whole file).
//
// Format, as Phaser's reader takes it (phaser src/physics/matter-js/PhysicsEditorParser.js,
// Factory.js, Matter's lib/body/Body.js):
// - the file: { "generator_info": text, "<body name>": body, … };
// - a body: every key but "fixtures" and "type" goes to Matter's Body.create (label, isStatic,
//   collisionFilter {group, category, mask}, …); "fixtures" become its parts (Body.setParts), then
//   Body.setPosition moves the body so its centre of mass is at the (x, y) given to
//   fromPhysicsEditor;
// - a fixture: { label, isSensor, circle: {x, y, radius} } or { label, isSensor, vertices:
//   [[{x, y}, …], …] } (one convex part per list); its other keys go to that part's Body.create.
//
// Choices:
// - COLLISION BITS ON THE BODY. Matter filters by the parent body's collisionFilter only (a
//   fixture's "filter" is ignored), so shapes with different bits are in different bodies. Its
//   rule is Box2D's: both sides must agree ((catA & maskB) && (catB & maskA); Detector.canCollide),
//   not the editor's default Godot rule (either side scans the other).
// - PLACEMENT. Vertices and circle centres are in WORLD (scene) coordinates, and every body carries
//   "x" and "y": its centre of mass as Matter computes it (area-weighted part centroids, a circle
//   part being Matter's polygon of it). `fromPhysicsEditor(body.x, body.y, body)` then leaves
//   every part where the scene has it. No body-level "position" is written: Body.create would apply
//   it before the parts exist, and the body's bounds would then miss its parts.
// - SENSORS: "isSensor" on each fixture. Matter marks a pair a sensor by its parts
//   (Pair.create: bodyA.isSensor || bodyB.isSensor with parts), so a body may mix both.
// - CURVES: a circle stays a circle where Matter's own polygon of it is close enough; Matter makes
//   it a polygon inscribed in it, of ceil(max(10, min(25, r))) sides rounded up to even
//   (Bodies.circle), up to r·(1 − cos(π/sides)) inside (MATTER_CIRCLE_ERROR): 4.9 % of r up to
//   r = 10 px, 0.73 % from r = 25 px. Where that exceeds CURVE_TOLERANCE (r ≤ 14 px) the circle is
//   written as a convex polygon of 2·CAPSULE_CAP_SEGMENTS sides instead, its vertices at
//   2r / (1 + cos(π/16)) from the centre, so it stays within tan²(π/32)·r ≈ 0.97 % of the circle
//   either way, as a capsule's caps do. A capsule becomes one convex polygon,
//   CAPSULE_CAP_SEGMENTS edges per cap, vertices at that same radius from the cap's centre
//   (PHASER_CAPSULE_ERROR): inside at mid-edge, outside at the vertices.
// - CONCAVE POLYGONS: their convex pieces (core/outline.ts convexPieces), one vertex list each, in
//   one fixture. Matter takes convex parts of any vertex count, so convex polygons stay whole.
// - CHAINS: Matter has no edges. Each edge becomes a thin quad, `chainThickness` px thick (default
//   1) centred on the edge, one vertex list per edge in one fixture. So a ray passing within
//   thickness/2 of an edge (or its end) hits it in Matter; one-sided chains are two-sided in
//   Matter; and a fast body can tunnel through a quad that thin, as through any thin Matter body.
// - PROPERTIES AND CLASS: each shape's custom properties as "properties" (name → value) and its
//   class as "class", on its fixture (Phaser copies a fixture's keys onto each of its parts) and,
//   one body per shape, on the body. Values are JSON: numbers, booleans, text; a color its
//   "#rrggbb(aa)" text, a file its path relative to the scene's folder, a class value its members,
//   an object the id of the shape imported from that Tiled object ("" for none).
// - STATIC BODIES: parseBody calls Body.create (static) and then Body.setParts, whose Body.setMass
//   gives the body a finite inverseMass again; no key of the file prevents it, so the game calls
//   Body.setStatic(body, true) after fromPhysicsEditor (PHASER_RECIPE).
import { assertNever } from "../assert-never";
import { convexPieces, isConvexOutline } from "../outline";
import { collisionLayerOf, collisionMaskOf, isSensor, layerOf, sceneLayers, type JsonValue, type Point, type Property, type Scene, type Shape } from "../scene/types";
import { stableStringify } from "../scene/io";
import { rotFromDegrees } from "../vec2";
import { objectTarget } from "./object-refs";

export interface PhaserMatterExportOptions {
  /** "shape" (default): one body per shape, named by its id. "layer": one per editor layer and collision bits. */
  readonly bodies?: PhaserBodiesMode;
  /** A chain edge's quad thickness in scene pixels (default 1). */
  readonly chainThickness?: number;
  /** Written as each body's isStatic (default true: level colliders do not move). */
  readonly isStatic?: boolean;
}

export type PhaserBodiesMode = "shape" | "layer";
export const PHASER_BODIES_MODES: readonly PhaserBodiesMode[] = ["shape", "layer"];
export const PHASER_DEFAULT_CHAIN_THICKNESS = 1;

/** Edges per capsule cap; with the balanced radius below the error is tan²(π / (4 · this)). */
export const CAPSULE_CAP_SEGMENTS = 8;
/** How far, as a fraction of the radius, a capsule's polygon strays from the capsule either way. */
export const PHASER_CAPSULE_ERROR = Math.tan(Math.PI / (4 * CAPSULE_CAP_SEGMENTS)) ** 2;

/** The largest error, as a fraction of the radius, a curve may have in Matter. */
export const CURVE_TOLERANCE = 0.02;

/** The sides of Matter's polygon for a circle of this radius (Bodies.circle, maxSides 25). */
export function matterCircleSides(radius: number): number {
  const sides = Math.ceil(Math.max(10, Math.min(25, radius)));
  return sides % 2 === 1 ? sides + 1 : sides;
}

/** How far inside the circle Matter's polygon reaches, as a fraction of the radius. */
export const MATTER_CIRCLE_ERROR = (radius: number): number => 1 - Math.cos(Math.PI / matterCircleSides(radius));

export interface MatterVec {
  readonly x: number;
  readonly y: number;
}

export interface PhaserFixture {
  /** The shape's id: Matter copies it to every part the fixture makes. */
  readonly label: string;
  readonly isSensor: boolean;
  readonly circle?: { readonly x: number; readonly y: number; readonly radius: number };
  /** Convex vertex lists in world coordinates, one Matter part each. */
  readonly vertices?: readonly (readonly MatterVec[])[];
  /** The shape's custom properties by name (absent when it has none): Phaser copies them onto each part. */
  readonly properties?: PhaserProperties;
  /** The shape's class (absent when it has none). */
  readonly class?: string;
}

/** Custom properties by name, as JSON values (see phaserPropertyValue). */
export type PhaserProperties = { readonly [name: string]: JsonValue };

export interface PhaserBody {
  /** PhysicsEditor writes it for Phaser's `setBody({ type: "fromPhysicsEditor" })`; the parser drops it. */
  readonly type: "fromPhysicsEditor";
  readonly label: string;
  readonly isStatic: boolean;
  readonly collisionFilter: { readonly group: 0; readonly category: number; readonly mask: number };
  /** Where to pass the body: its centre of mass, as Matter computes it. */
  readonly x: number;
  readonly y: number;
  readonly fixtures: readonly PhaserFixture[];
  /** One body per shape: the shape's properties and class, as on its fixture. */
  readonly properties?: PhaserProperties;
  readonly class?: string;
}

/**
 * How the game makes each body. Body.setStatic is needed: Phaser's parseBody calls Body.setParts
 * after Body.create, and its Body.setMass leaves the static body a finite inverseMass.
 */
export const PHASER_RECIPE = "const b = this.matter.add.fromPhysicsEditor(body.x, body.y, body); if (body.isStatic) this.matter.body.setStatic(b, true);";

export const PHASER_GENERATOR_INFO =
  "Collider Studio: PhysicsEditor's Phaser (Matter) format. World coordinates: create each body with " + PHASER_RECIPE;

const clean = (n: number): number => (n === 0 ? 0 : n);

function resolve(options: PhaserMatterExportOptions): { bodies: PhaserBodiesMode; thickness: number; isStatic: boolean } {
  const bodies = options.bodies ?? "shape";
  if (!PHASER_BODIES_MODES.includes(bodies)) throw new RangeError(`bodies must be "shape" or "layer", got ${String(bodies)}`);
  const thickness = options.chainThickness ?? PHASER_DEFAULT_CHAIN_THICKNESS;
  if (!(Number.isFinite(thickness) && thickness > 0)) throw new RangeError(`chainThickness must be a finite number greater than 0, got ${thickness}`);
  return { bodies, thickness, isStatic: options.isStatic ?? true };
}

/**
 * A custom property's value in the file: numbers, booleans and text as they are; a color its
 * "#rrggbb(aa)" text; a file its path relative to the scene's folder; a class value its members;
 * an object the id of the shape imported from that Tiled object ("" for none or no such shape).
 */
export function phaserPropertyValue(p: Property, scene: Scene): JsonValue {
  switch (p.type) {
    case "string":
    case "file":
    case "color":
    case "boolean":
    case "class":
      return p.value;
    case "number":
    case "int":
    case "float":
      return clean(p.value);
    case "object":
      return objectTarget(scene, p.value)?.id ?? "";
    default:
      return assertNever(p, "property type");
  }
}

/** The shape's properties and class as fixture (and body) keys; none for what it lacks. */
function shapeExtras(shape: Shape, scene: Scene): { properties?: PhaserProperties; class?: string } {
  const out: { properties?: PhaserProperties; class?: string } = {};
  const props = shape.properties ?? [];
  if (props.length > 0) out.properties = Object.fromEntries(props.map((p) => [p.name, phaserPropertyValue(p, scene)]));
  if ((shape.class ?? "") !== "") out.class = shape.class!;
  return out;
}

/** The capsule as a convex polygon in its local frame (segment from (0, −half) to (0, half)). */
export function capsuleOutline(radius: number, half: number): MatterVec[] {
  const n = CAPSULE_CAP_SEGMENTS, step = Math.PI / n;
  const rho = (2 * radius) / (1 + Math.cos(step / 2));
  const out: MatterVec[] = [];
  // The cap at −y from angle π through 3π/2 to 2π, then the one at +y from 0 to π.
  for (let i = 0; i <= n; i++) {
    const a = Math.PI + i * step;
    out.push({ x: rho * Math.cos(a), y: -half + rho * Math.sin(a) });
  }
  for (let i = 0; i <= n; i++) {
    const a = i * step;
    out.push({ x: rho * Math.cos(a), y: half + rho * Math.sin(a) });
  }
  return out;
}

/**
 * A circle's fixture: Matter's own circle where its polygon is within CURVE_TOLERANCE, else a
 * 2·CAPSULE_CAP_SEGMENTS-gon at the capsule caps' balanced radius.
 */
function circleFixture(label: string, sensor: boolean, x: number, y: number, radius: number): PhaserFixture {
  if (!(MATTER_CIRCLE_ERROR(radius) > CURVE_TOLERANCE)) return { label, isSensor: sensor, circle: { x, y, radius } };
  const n = 2 * CAPSULE_CAP_SEGMENTS, step = (2 * Math.PI) / n, rho = (2 * radius) / (1 + Math.cos(step / 2));
  const ring: MatterVec[] = [];
  for (let i = 0; i < n; i++) ring.push({ x: clean(x + rho * Math.cos(i * step)), y: clean(y + rho * Math.sin(i * step)) });
  return { label, isSensor: sensor, vertices: [ring] };
}

/** One shape's fixture in world coordinates. */
function shapeFixture(shape: Shape, thickness: number): PhaserFixture {
  const label = shape.id, sensor = isSensor(shape);
  const { c, s } = rotFromDegrees(shape.type === "circle" ? 0 : shape.rotation);
  const world = (x: number, y: number): MatterVec => ({ x: clean(c * x - s * y + shape.x), y: clean(s * x + c * y + shape.y) });
  const list = (points: readonly Point[]) => points.map(([x, y]) => world(x, y));
  switch (shape.type) {
    case "circle":
      return circleFixture(label, sensor, shape.x, shape.y, shape.radius);
    case "box": {
      const hw = shape.width / 2, hh = shape.height / 2;
      return { label, isSensor: sensor, vertices: [[world(-hw, -hh), world(hw, -hh), world(hw, hh), world(-hw, hh)]] };
    }
    case "capsule": {
      const half = shape.height / 2 - shape.radius;
      // A capsule with no core is a circle (as core/shapes.ts makes it).
      if (!(half > 1e-12 * shape.radius)) return circleFixture(label, sensor, shape.x, shape.y, shape.radius);
      return { label, isSensor: sensor, vertices: [capsuleOutline(shape.radius, half).map((p) => world(p.x, p.y))] };
    }
    case "polygon": {
      const pieces = isConvexOutline(shape.points) ? [shape.points] : convexPieces(shape.points, shape.points.length);
      return { label, isSensor: sensor, vertices: pieces.map(list) };
    }
    case "chain": {
      const pts = list(shape.points), half = thickness / 2, quads: MatterVec[][] = [];
      const edges = shape.closed === true ? pts.length : pts.length - 1;
      for (let i = 0; i < edges; i++) {
        const p = pts[i]!, q = pts[(i + 1) % pts.length]!;
        const dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy);
        const nx = (dy / len) * half, ny = (-dx / len) * half;
        quads.push([{ x: p.x + nx, y: p.y + ny }, { x: q.x + nx, y: q.y + ny }, { x: q.x - nx, y: q.y - ny }, { x: p.x - nx, y: p.y - ny }]);
      }
      return { label, isSensor: sensor, vertices: quads };
    }
    default:
      return assertNever(shape, "shape kind");
  }
}

/** Area and area-weighted centroid sums of a vertex list (Matter's Vertices.area and centre), relative to acc's reference point. */
function addPolygon(points: readonly MatterVec[], acc: { area: number; x: number; y: number; rx: number; ry: number }): void {
  let twice = 0, cx = 0, cy = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!, b = points[(i + 1) % points.length]!;
    const ax = a.x - acc.rx, ay = a.y - acc.ry, bx = b.x - acc.rx, by = b.y - acc.ry;
    const cross = ax * by - ay * bx;
    twice += cross;
    cx += (ax + bx) * cross;
    cy += (ay + by) * cross;
  }
  const area = Math.abs(twice) / 2;
  if (area === 0) return;
  acc.area += area;
  acc.x += (cx / (3 * twice)) * area;
  acc.y += (cy / (3 * twice)) * area;
}

/**
 * The body's centre of mass as Matter's Body.setParts finds it: parts weighted by area (equal
 * density). Sums are taken relative to the first part's first point, so that a body of one
 * circle lands exactly on its centre and large coordinates lose no digits to cancellation.
 */
export function matterCentreOfMass(fixtures: readonly PhaserFixture[]): MatterVec {
  const first = fixtures[0]?.circle ?? fixtures[0]?.vertices?.[0]?.[0] ?? { x: 0, y: 0 };
  const acc = { area: 0, x: 0, y: 0, rx: first.x, ry: first.y };
  for (const f of fixtures) {
    if (f.circle) {
      const n = matterCircleSides(f.circle.radius), area = (n / 2) * f.circle.radius ** 2 * Math.sin((2 * Math.PI) / n);
      acc.area += area;
      acc.x += (f.circle.x - acc.rx) * area;
      acc.y += (f.circle.y - acc.ry) * area;
    }
    for (const piece of f.vertices ?? []) addPolygon(piece, acc);
  }
  return acc.area > 0 ? { x: clean(acc.rx + acc.x / acc.area), y: clean(acc.ry + acc.y / acc.area) } : { x: 0, y: 0 };
}

/** The file as plain data: generator_info, then the bodies by name, in scene order. */
export function phaserMatterBodies(scene: Scene, options: PhaserMatterExportOptions = {}): Record<string, PhaserBody | string> {
  const r = resolve(options);
  const layers = sceneLayers(scene);
  const layerNames = new Map(layers.map((l) => [l.id, l.name]));
  const groups = new Map<string, { name: string; category: number; mask: number; shapes: Shape[] }>();
  for (const shape of scene.shapes) {
    // `>>> 0` keeps bit 32 positive; Matter compares with & and !== 0, so either sign works.
    const category = collisionLayerOf(shape) >>> 0, mask = collisionMaskOf(shape) >>> 0;
    const layerId = layerOf(shape, layers);
    const key = r.bodies === "shape" ? `shape:${shape.id}` : `${layerId}\u0000${category}\u0000${mask}`;
    const group = groups.get(key);
    if (group) group.shapes.push(shape);
    else groups.set(key, { name: r.bodies === "shape" ? shape.id : layerNames.get(layerId) ?? layerId, category, mask, shapes: [shape] });
  }
  const out: Record<string, PhaserBody | string> = { generator_info: PHASER_GENERATOR_INFO };
  const layerBodies = new Map<string, number>();
  for (const g of groups.values()) layerBodies.set(g.name, (layerBodies.get(g.name) ?? 0) + 1);
  for (const g of groups.values()) {
    const fixtures = g.shapes.map((shape): PhaserFixture => ({ ...shapeFixture(shape, r.thickness), ...shapeExtras(shape, scene) }));
    const centre = matterCentreOfMass(fixtures);
    const first = g.shapes[0]!;
    const label = r.bodies === "shape" ? first.name || first.id : g.name;
    // A layer with several sets of bits gets one body per set, named with them.
    let name = r.bodies === "layer" && (layerBodies.get(g.name) ?? 0) > 1 ? `${g.name} (category ${g.category}, mask ${g.mask})` : g.name;
    for (let k = 2; name in out; k++) name = `${g.name} ${k}`;
    out[name] = {
      type: "fromPhysicsEditor",
      label,
      isStatic: r.isStatic,
      collisionFilter: { group: 0, category: g.category, mask: g.mask },
      x: centre.x,
      y: centre.y,
      fixtures,
      ...(r.bodies === "shape" ? shapeExtras(first, scene) : {}),
    };
  }
  return out;
}

/** The scene as PhysicsEditor "Phaser (Matter)" JSON text. Throws a RangeError only for invalid options. */
export function exportPhaserMatter(scene: Scene, options: PhaserMatterExportOptions = {}): string {
  return stableStringify(phaserMatterBodies(scene, options)) + "\n";
}
