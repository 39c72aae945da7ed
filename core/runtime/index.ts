// The runtime package's main entry, `@collider-studio/core`: what a game needs at run time, the
// world, the zod-free scene loader and the queries, with no dependency. The editor's whole core
// (exporters, importers, tracing, replay) stays in core/index.ts; the full validation of every
// field of a file is the `@collider-studio/core/validate` entry (validate.ts).
//
// Every name is documented where it is declared, never here: the bundled .d.ts files carry the
// declarations' comments (what an editor shows on hover) and drop a re-export's, and TypeDoc
// would give a re-export's comment to every name it lists, over the names' own.

// ---- Loading a scene -----------------------------------------------------------------------
export { loadScene } from "./load-scene";
export { SceneLoadError, type LoadedScene, type SceneInput, type SceneObject } from "./scene-error";
export { type SceneProblem } from "../scene/errors";

// ---- The world -----------------------------------------------------------------------------
export {
  CollisionWorld, type CollisionWorldOptions, type WorldQueryOptions, type SweepOptions, type OverlapShapeOptions, type PlacedGeometry, type ContactEvents, type SensorEvents,
  ContactEventBuffer, SensorEventBuffer, OverlapBuffer, type MoveTarget, type ShapeInput, type QueryShape,
} from "../collision-world";
export { WorldError, GeometryError } from "../world-error";
export { type CastHit, QueryHit, type QueryMode, PlaneResult } from "../scene-query";
export { type OverlapPair } from "../overlaps";
export { type OverlapRecord } from "../overlap-record";
export { type IgnoredPair } from "../ignored-pairs";
export { type FilterRule, type FilterMiss } from "../collision-filter";

// ---- Geometry and pair queries -------------------------------------------------------------
export { type Vec2, vec2, type Rot } from "../vec2";
export {
  CIRCLE, CAPSULE, POLYGON, COMPOUND,
  type CircleGeometry, type CapsuleGeometry, type PolygonGeometry, type Geometry, type CompoundGeometry, type ShapeGeometry, type Transform, type Made,
  makeCircle, makeCapsule, makeBox, makeSegment,
} from "../shapes";
// The checked makers, pair queries and helpers (checked.ts).
export {
  makePolygon, makeCompound, collide, rayCast, shapeCast, timeOfImpact, computeAABB, aabbOverlaps, containsPoint, shapeBounds, geometryOf, transformOf,
  rotFromDegrees, sweepOf, bitsCollide, collisionLayerOf, collisionMaskOf, isSensor, formatProblem,
} from "./checked";
export { type AABB } from "../geometry";
export { Manifold } from "../manifold";
export { CastOutput, type RayCastOptions } from "../raycast";
export { type Sweep, TimeOfImpactOutput } from "../time-of-impact";
export { type PartTree } from "../part-tree";

// ---- Scene model ---------------------------------------------------------------------------
export {
  type Shape, type ShapeType, SHAPE_TYPES, type Point, type Probe, type CircleShape, type BoxShape, type CapsuleShape, type PolygonShape, type ChainShape,
  type RayProbe, type SweepProbe, type Scene, SCENE_FORMAT, SCENE_VERSION,
  type Layer, type LayerGroup, type CollisionLayer, type SceneImage, type Property, type PropertyBase, type JsonValue, type TiledMapRef, type SceneExportOptions,
} from "../scene/types";
