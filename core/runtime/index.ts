// The runtime package's main entry, `@collider-studio/core`: what a game needs at run time, the
// world, the zod-free scene loader and the queries, with no dependency. The editor's whole core
// (exporters, importers, tracing, replay) stays in core/index.ts; the full validation of every
// field of a file is the `@collider-studio/core/validate` entry (validate.ts).
//
// TypeDoc gives a re-export's own comment to every name it lists, over the names' own comments:
// a name documented where it is declared is listed under a plain comment here, and one that is
// not gets a comment of its own here, one export each.

// ---- Loading a scene -----------------------------------------------------------------------
// loadScene, SceneLoadError, LoadedScene, SceneInput: documented where declared.
export { loadScene } from "./load-scene";
export { SceneLoadError, type LoadedScene, type SceneInput } from "./scene-error";
/** A problem in a scene file: its message, its JSON path (`shapes[3].radius`), and its line and column when the file came as text. */
export { type SceneProblem } from "../scene/errors";

// ---- The world -----------------------------------------------------------------------------
/**
 * Shapes in a broad phase: raycast, sweep, queryBox, overlapShape, overlaps, sensorContacts,
 * sensorEvents, queryPoint, collideMover; add, remove, move, sync. Allocation-free forms for a
 * game's hot loop: raycastClosest and sweepClosest (into a QueryHit), queryBoxInto, queryPointInto,
 * overlapShapeInto and collideMover (into an array), overlapsInto (into an OverlapBuffer),
 * sensorEventsInto (into a SensorEventBuffer) and moveTo.
 */
export { CollisionWorld } from "../collision-world";
/** A world's options: `filter`, how two shapes' collision bits combine ("godot" by default, "box2d" or "none"). */
export { type CollisionWorldOptions } from "../collision-world";
/** The options of raycast and sweep: `mode`, `mask`, `ignore`, `reportInside` (rays only), `includeSensors`, `ignoreLeaving` (sweeps only). Any other key is refused. */
export { type WorldQueryOptions } from "../collision-world";
// Documented where declared.
export { type SweepOptions, type OverlapShapeOptions, type PlacedGeometry, type SensorEvents, SensorEventBuffer, OverlapBuffer, type MoveTarget, type ShapeInput, type QueryShape } from "../collision-world";
export { WorldError, GeometryError } from "../world-error";
/** A query's hit: the shape's id, the fraction of the way along the ray or sweep, the point and the normal (`{ x, y }` each). */
export { type CastHit } from "../scene-query";
export { QueryHit, type QueryMode } from "../scene-query";
/** collideMover's answer for one shape the mover overlaps: the shape's id, the unit normal out of it, the depth and a contact point. */
export { PlaneResult } from "../scene-query";
/** A pair of overlapping shapes (`a`, `b`, their ids in scene order) with its contact manifold. */
export { type OverlapPair } from "../overlaps";
/** overlapsInto's and sensorEventsInto's pairs: an OverlapPair rewritten in place. */
export { type OverlapRecord } from "../overlap-record";
/** An overlap the collision bits filter out, with the reason (ignoredOverlaps()). */
export { type IgnoredPair } from "../ignored-pairs";
export { type FilterRule, type FilterMiss } from "../collision-filter";

// ---- Geometry and pair queries -------------------------------------------------------------
/** A point or vector `{ x, y }`. */
export { type Vec2 } from "../vec2";
/** The point `{ x, y }`, as given: the queries check it where it is passed. */
export { vec2 } from "../vec2";
export { type Rot } from "../vec2";
/** A geometry's kind: a circle, a capsule, a convex polygon, or a compound of them (`geometry.kind`). */
export { CIRCLE, CAPSULE, POLYGON, COMPOUND } from "../shapes";
export {
  type CircleGeometry, type CapsuleGeometry, type PolygonGeometry, type Geometry, type CompoundGeometry, type ShapeGeometry, type Transform,
} from "../shapes";
/** What a maker returns: `{ ok: true, value }`, or `{ ok: false, reason }` naming the argument it refuses. */
export { type Made } from "../shapes";
/** A circle geometry of `radius` centred at (cx, cy) in its own frame, or a result saying why (a radius not above 0, a number not finite). */
export { makeCircle } from "../shapes";
/**
 * A capsule geometry: the segment from (x1, y1) to (x2, y2) grown by `radius`, or a result saying
 * why. One whose two centres coincide (within 1e-12 of its size) is made as a circle.
 */
export { makeCapsule } from "../shapes";
// Documented where declared.
export { makeBox, makeSegment } from "../shapes";
// The checked makers, pair queries and helpers, each documented where declared (checked.ts).
export {
  makePolygon, makeCompound, collide, rayCast, shapeCast, timeOfImpact, computeAABB, aabbOverlaps, containsPoint, shapeBounds, geometryOf, transformOf,
  rotFromDegrees, sweepOf, bitsCollide, collisionLayerOf, collisionMaskOf, isSensor, formatProblem,
} from "./checked";
/** An axis-aligned box `{ minX, minY, maxX, maxY }` in world units, min at most max on each axis. */
export { type AABB } from "../geometry";
export { Manifold } from "../manifold";
export { CastOutput, type RayCastOptions } from "../raycast";
export { type Sweep } from "../time-of-impact";
/** What timeOfImpact writes: a CastOutput's fields, `converged`, and the tolerance it used. */
export { TimeOfImpactOutput } from "../time-of-impact";
/** A compound's tree over its parts' bounding circles (CompoundGeometry.tree), read-only. */
export { type PartTree } from "../part-tree";

// ---- Scene model ---------------------------------------------------------------------------
/** A shape of a scene file: one of the five kinds, told apart by `type`. */
export { type Shape } from "../scene/types";
/** A shape's kind, its `type`: "circle", "box", "capsule", "polygon" or "chain". */
export { type ShapeType } from "../scene/types";
/** The five shape kinds, in the order the format lists them. */
export { SHAPE_TYPES } from "../scene/types";
/** A point of a polygon, a chain or a probe: `[x, y]`. */
export { type Point } from "../scene/types";
/** A probe of a scene file, a ray (`from`, `to`) or a sweep of a shape (`shape`, `to`), told apart by `type`. */
export { type Probe } from "../scene/types";
/** A circle shape: `radius` about (x, y). */
export { type CircleShape } from "../scene/types";
/** A box shape: `width` × `height` centred on (x, y), turned by `rotation`. */
export { type BoxShape } from "../scene/types";
/** A ray probe: from `from` to `to`, world points. */
export { type RayProbe } from "../scene/types";
/** A sweep probe: the shape `shape` moved, unturned, from where it is to `to`. */
export { type SweepProbe } from "../scene/types";
/** A whole scene file as loaded: its shapes and probes, and the editor's layers, images and map. */
export { type Scene } from "../scene/types";
/** The `format` field every scene file has: "collider-studio-scene". */
export { SCENE_FORMAT } from "../scene/types";
/** The scene format version this package reads, and its major version: files of a newer version are refused. */
export { SCENE_VERSION } from "../scene/types";
// Documented where declared.
export {
  type CapsuleShape, type PolygonShape, type ChainShape,
  type Layer, type LayerGroup, type CollisionLayer, type SceneImage, type Property, type PropertyBase, type JsonValue, type TiledMapRef,
} from "../scene/types";
