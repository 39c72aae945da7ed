// The runtime package's main entry, `@collider-studio/core`: what a game needs at run time, the
// world, the zod-free scene loader and the queries, with no dependency. The editor's whole core
// (exporters, importers, tracing, replay) stays in core/index.ts; the full validation of every
// field of a file is the `@collider-studio/core/validate` entry (validate.ts).

// ---- Loading a scene -----------------------------------------------------------------------
/** A scene file (text or parsed JSON) as `{ world, shapes, probes }`; throws SceneLoadError. */
export { loadScene } from "./load-scene";
/** A refused scene file: `problems`, each named by JSON path, and `message`, one line each. */
export { SceneLoadError, type LoadedScene } from "./scene-error";
/** A problem in a scene file: message, JSON path, line and column; and its one-line form. */
export { type SceneProblem, formatProblem } from "../scene/errors";

// ---- The world -----------------------------------------------------------------------------
/**
 * Shapes in a broad phase: raycast, sweep, queryBox, overlapShape, overlaps, sensorContacts,
 * sensorEvents, queryPoint, collideMover; add, remove, move, sync. Allocation-free forms for a
 * game's hot loop: raycastClosest and sweepClosest (into a QueryHit), queryBoxInto,
 * queryPointInto, overlapShapeInto and collideMover (into an array).
 */
export {
  CollisionWorld, type CollisionWorldOptions, type WorldQueryOptions, type OverlapShapeOptions, type PlacedGeometry, type SensorEvents, SensorEventBuffer,
} from "../collision-world";
/** What the world's edits and overlapShape throw for bad input (an unknown or duplicate id, a bad number): `message` and `problems`. */
export { WorldError } from "../world-error";
/** A query's hit (id, point, normal, fraction), the allocation-free queries' reusable hit, collideMover's plane, and how many hits a query wants. */
export { type CastHit, QueryHit, PlaneResult, type QueryMode } from "../scene-query";
/** A pair of overlapping shapes with its manifold. */
export { type OverlapPair } from "../overlaps";
/** An overlap the collision bits filter out, with the reason (ignoredOverlaps()). */
export { type IgnoredPair } from "../ignored-pairs";
/** How two shapes' collision bits combine ("godot" or "box2d"), and the test itself. */
export { type FilterRule, type FilterMiss, bitsCollide } from "../collision-filter";

// ---- Geometry and pair queries -------------------------------------------------------------
export { type Vec2, type Rot, vec2, rotFromDegrees } from "../vec2";
export {
  CIRCLE, CAPSULE, POLYGON, COMPOUND,
  type CircleGeometry, type CapsuleGeometry, type PolygonGeometry, type Geometry, type CompoundGeometry, type ShapeGeometry,
  type Transform, type Made, makeCircle, makeCapsule, makeBox, makeSegment, geometryOf, transformOf,
} from "../shapes";
/**
 * The makers (a result saying why for bad numbers or points; makePolygon takes a convex polygon
 * as given) and the pair queries (GeometryError for bad arguments), checked where a game calls them.
 */
export { makePolygon, makeCompound, collide, rayCast, shapeCast, timeOfImpact } from "./checked";
export { GeometryError } from "../world-error";
export { type AABB, computeAABB, aabbOverlaps, containsPoint, shapeBounds } from "../geometry";
export { Manifold } from "../manifold";
export { CastOutput, type RayCastOptions } from "../raycast";
export { type Sweep, sweepOf, TimeOfImpactOutput } from "../time-of-impact";
/** A compound's tree over its parts' bounding circles (CompoundGeometry.tree), read-only. */
export { type PartTree } from "../part-tree";

// ---- Scene model ---------------------------------------------------------------------------
export {
  type Scene, type Shape, type ShapeType, type Point, type Probe, type RayProbe, type SweepProbe,
  type CircleShape, type BoxShape, type CapsuleShape, type PolygonShape, type ChainShape,
  type Layer, type LayerGroup, type CollisionLayer, type SceneImage, type Property, type PropertyBase, type JsonValue, type TiledMapRef,
  SHAPE_TYPES, SCENE_FORMAT, SCENE_VERSION, collisionLayerOf, collisionMaskOf, isSensor,
} from "../scene/types";
