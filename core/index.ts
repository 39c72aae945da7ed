// The public surface of the collision core, as Box2D keeps its own in collision.h: pure TypeScript,
// no UI, Electron, Node or DOM. Every name the editor, the desktop shell, the command line, the
// benchmarks and the tests take from the core is listed here, one line of doc each, grouped by
// family; internals and test hooks are not (tests import their module directly).

// ---- Math ----------------------------------------------------------------------------------
export {
  /** A 2D point or vector, plain readonly data. */
  type Vec2,
  /** Makes a Vec2. */
  vec2,
  /** The rotation (cosine, sine) of an angle in degrees, exact at multiples of 90°. */
  rotFromDegrees,
  /** The same angle in (−180, 180] degrees, exactly: the range of rotations everywhere. */
  normalizeDegrees,
} from "./vec2";

// ---- Geometry and shapes -------------------------------------------------------------------
export {
  /** Geometry kind of a circle (a point with a radius). */
  CIRCLE,
  /** Geometry kind of a capsule (a segment with a radius). */
  CAPSULE,
  /** Geometry kind of a convex polygon, maybe rounded. */
  POLYGON,
  /** A circle in its local frame. */
  type CircleGeometry,
  /** A capsule in its local frame; its two ends are never equal. */
  type CapsuleGeometry,
  /** A convex polygon in its local frame: vertices with positive cross products, outward normals, radius. */
  type PolygonGeometry,
  /** Any of the three geometries, by `kind`. */
  type Geometry,
  /** Geometry kind of a compound: a concave polygon's convex pieces, or a chain's edges. */
  COMPOUND,
  /** A compound of convex parts in one local frame: a solid (concave polygon) or edges (chain, maybe one-sided). */
  type CompoundGeometry,
  /** What a scene shape collides as: a Geometry or a CompoundGeometry. */
  type ShapeGeometry,
  /** A rigid transform: position and rotation as cosine and sine. */
  type Transform,
  /** A guarded constructor's result: `{ok: true, value}` or `{ok: false, reason}`, never NaN. */
  type Made,
  /** A circle of this radius about (cx, cy). */
  makeCircle,
  /** A capsule between two points; coinciding points make a circle. */
  makeCapsule,
  /** A convex polygon from points, through computeHull (welds and drops collinear points). */
  makePolygon,
  /** A box of half-widths hw, hh, centred at (cx, cy) and turned by `degrees`. */
  makeBox,
  /** An edge between two distinct points: a capsule of radius 0. */
  makeSegment,
  /** A compound of convex parts: solid, or edges that may be one-sided. */
  makeCompound,
  /** A scene shape's geometry in its local frame. */
  geometryOf,
  /** A scene shape's transform (position and rotation). */
  transformOf,
} from "./shapes";
export {
  /** The convex hull of points, as Box2D's b2ComputeHull: welds near-duplicates, fails with a reason on degenerate input. */
  computeHull,
  /** Null when points form a strictly convex simple polygon, else the problem. */
  checkConvexPolygon,
  /** A scene point `[x, y]` as a Vec2. */
  toVec,
} from "./hull";
export {
  /** Null when points form a simple polygon (convex or concave), else the problem, naming the first two crossing edges. */
  checkSimplePolygon,
  /** The first two edges (by index) of an outline that cross or touch, or null. */
  firstCrossingEdges,
  /** Whether a simple polygon is strictly convex. */
  isConvexOutline,
  /** Convex pieces (at most 8 points each by default) whose union is a simple polygon. */
  convexPieces,
  /** The most points of a concave polygon's convex piece (Box2D's limit). */
  MAX_PIECE_VERTICES,
  /** What the format says of a simple polygon's points. */
  type OutlineProblem,
} from "./outline";
export {
  /** What the format says of a chain's points (count, repeats), or null. */
  chainPointsProblem,
} from "./kinds/chain";
export {
  /** An axis-aligned box: minX, minY, maxX, maxY. */
  type AABB,
  /** The tight box of a geometry under a transform. */
  computeAABB,
  /** The box of a scene shape, without making its geometry (a polygon's box holds all its points). */
  shapeBounds,
  /** Whether two boxes meet; touching counts. */
  aabbOverlaps,
  /** Whether a world point is inside or on a geometry. */
  containsPoint,
} from "./geometry";
export {
  /** A scene shape's geometry, transform and box, cached per shape object. */
  collisionBody,
  /** A scene shape's box, from its cached body. */
  shapeAABB,
} from "./overlaps";
export {
  /** Where an outline is traced: a canvas's path methods, or any writer with the same four. */
  type PathSink,
  /** Traces a scene shape's outline in world units, as its kind draws it (the editor, the HTML report). */
  traceShapeOutline,
} from "./kinds/trace";
export {
  /** Whether `rotation` turns shapes of a kind (a circle's is ignored). */
  kindTurns,
} from "./kinds/registry";

// ---- Pair queries --------------------------------------------------------------------------
export {
  /** A contact manifold in world space: normal from A to B, depth, up to two points. */
  Manifold,
  /** The manifold of any two geometries (Box2D's b2Collide* by dispatch table). */
  collide,
  /** The manifold of two circles. */
  collideCircles,
  /** The manifold of a capsule (A) and a circle (B). */
  collideCapsuleAndCircle,
  /** The manifold of two capsules. */
  collideCapsules,
  /** The manifold of a polygon (A) and a circle (B). */
  collidePolygonAndCircle,
  /** The manifold of two polygons (separating axes, then clipping). */
  collidePolygons,
  /** The manifold of a capsule (A) and a polygon (B). */
  collideCapsuleAndPolygon,
} from "./manifold";
export {
  /** The manifold of two scene shapes, A's normal toward B. */
  collideShapes,
} from "./overlaps";
export {
  /** Closest points of two segments (Ericson 5.1.9, as Box2D's b2SegmentDistance). */
  segmentDistance,
  /** segmentDistance's result: closest points, their fractions and squared distance. */
  SegmentDistanceResult,
} from "./distance";
export {
  /** shapeDistance's result: distance, closest points, normal. */
  DistanceOutput,
  /** Distance and closest points of two geometries, radii included (Box2D's b2ShapeDistance). */
  shapeDistance,
  /** How many core points GJK sees for a geometry (Box2D's proxy count). */
  coreCount,
  /** Writes a geometry's core points under a transform into an array (Box2D's b2MakeProxy). */
  placeCore,
} from "./shape-distance";
export {
  /** How two shapes' collision bits combine: "godot", "box2d" or "none". */
  type FilterRule,
  /** Whether shapes with these layer and mask bits interact under a rule. */
  bitsCollide,
  /** One side of an ignored pair: a shape whose mask lacks the other's layer. */
  type FilterMiss,
  /** The sides that keep two shapes apart under a rule (empty when they interact). */
  filterMisses,
  /** Collision bits as the editor numbers them: "3 (pickups)", "1+2", "none". */
  describeBits,
  /** An ignored pair's reason in a designer's words: "masks don't meet (a's mask 2 lacks b's layer 3)". */
  describeFilterMisses,
} from "./collision-filter";

// ---- Casts ---------------------------------------------------------------------------------
export {
  /** A ray or shape cast's result: hit, fraction, point, normal, startedInside. */
  CastOutput,
  /** Casts a ray against one geometry; a ray starting inside misses unless asked to report it. */
  rayCast,
} from "./raycast";
export {
  /** Sweeps geometry B by a translation against A (Box2D's b2ShapeCast). */
  shapeCast,
  /** The rounded convex area a geometry covers while it translates. */
  sweptHull,
} from "./shape-cast";
export {
  /** A motion from one pose to another, turning about the shape's origin (Box2D's b2Sweep). */
  type Sweep,
  /** Makes a Sweep from two poses. */
  sweepOf,
  /** Writes a sweep's pose at time t into a transform (Box2D's b2GetSweepTransform). */
  poseAt,
  /** timeOfImpact's result: a CastOutput, whether it converged and the tolerance used in world units. */
  TimeOfImpactOutput,
  /** The first time two sweeping geometries touch, by conservative advancement (Box2D's b2TimeOfImpact). */
  timeOfImpact,
  /** timeOfImpact's default tolerance, as a fraction of the pair's scale. */
  TOI_TOLERANCE,
} from "./time-of-impact";
export {
  /** One hit of a scene query: shape id, fraction, point, normal out of the shape, startedInside. */
  type CastHit,
  /** closest: the first hit; all: every hit by fraction; any: the first one found. */
  type QueryMode,
  /** Whether the segment from (fx, fy) along (dx, dy) meets a box. */
  segmentHitsAABB,
} from "./scene-query";

// ---- World ---------------------------------------------------------------------------------
export {
  /** A scene kept live for queries: incremental overlaps, regions, rays, sweeps and probes through one tree. */
  CollisionWorld,
  /** CollisionWorld's constructor options (the filter rule). */
  type CollisionWorldOptions,
  /** Options of the world's ray casts and sweeps: mode, mask, reportInside, ignore. */
  type WorldQueryOptions,
  /** overlapShape's query (a geometry and transform) and options, and the contact and sensor events' answers and buffers. */
  type PlacedGeometry, type OverlapShapeOptions, type ContactEvents, type SensorEvents, ContactEventBuffer, SensorEventBuffer, OverlapBuffer, type MoveTarget,
} from "./collision-world";
/** What the world's edits and overlapShape throw for bad input. */
export { WorldError } from "./world-error";
export {
  /** One overlapping pair: ids in scene order, depth, normal from a to b, contact points. */
  type OverlapPair,
  /** The ids of every shape in a list of pairs. */
  overlappingIds,
} from "./overlaps";
export {
  /** An overlapping pair the filter keeps apart, with the sides that miss (CollisionWorld.ignoredOverlaps). */
  type IgnoredPair,
} from "./ignored-pairs";
export {
  /** A dynamic AABB tree (Box2D's b2DynamicTree): proxies, region queries, ray casts, bulk build. */
  DynamicTree,
} from "./dynamic-tree";

// ---- Scene format and IO -------------------------------------------------------------------
export {
  /** A scene: shapes, probes, layers, collision layer names. */
  type Scene,
  /** How a scene exports to each format (Export Options…, the CLI's defaults). */
  type SceneExportOptions,
  /** A collider: circle, box, capsule, polygon (convex or concave) or chain, with its id, pose, layer and bits. */
  type Shape,
  /** A polygon shape: a simple outline (convex or concave), points local to its position. */
  type PolygonShape,
  /** Edges through points (Box2D chain), open or closed, maybe one-sided. */
  type ChainShape,
  /** A shape's `type`. */
  type ShapeType,
  /** Every ShapeType, in the editor's order. */
  SHAPE_TYPES,
  /** A point in a scene file: `[x, y]`. */
  type Point,
  /** A custom property of a shape. */
  type Property,
  /** A property's `type`. */
  type PropertyType,
  /** Every PropertyType. */
  PROPERTY_TYPES,
  /** A JSON value: a class property's members. */
  type JsonValue,
  /** The range of Tiled's int (and of `int` properties): signed 32-bit. */
  INT32_MIN,
  INT32_MAX,
  /** A Tiled group layer the scene's layers came from, with its properties. */
  type LayerGroup,
  /** A ray or a sweep kept in the scene, evaluated live. */
  type Probe,
  /** A ray from one point to another. */
  type RayProbe,
  /** A shape's sweep to a point. */
  type SweepProbe,
  /** An editor layer: shapes drawn, hidden and locked together. */
  type Layer,
  /** The layer of a scene without layers. */
  DEFAULT_LAYER,
  /** A scene's layers, never empty. */
  sceneLayers,
  /** The id of a shape's layer. */
  layerOf,
  /** A reference image under the shapes (the level's art). */
  type SceneImage,
  /** The Tiled map a scene was made from, drawn under it in the editor. */
  type TiledMapRef,
  /** A name for one collision bit, as Godot's named physics layers. */
  type CollisionLayer,
  /** How many collision bits a shape has (32). */
  COLLISION_BITS,
  /** A shape's collision layer bits (default 1). */
  collisionLayerOf,
  /** The collision bits a shape scans (default 1). */
  collisionMaskOf,
  /** Whether a shape is a sensor (a trigger): `sensor: true`. */
  isSensor,
  /** The scene format version this build writes. */
  SCENE_VERSION,
  /** A scene with no shapes, probes or layers. */
  emptyScene,
} from "./scene/types";
export {
  /** A problem in a scene file: message, JSON path, line and column. */
  type SceneProblem,
  /** "FILE:LINE:COLUMN: PATH: MESSAGE". */
  formatProblem,
} from "./scene/errors";
export {
  /** parseScene's result: the scene, or its problems. */
  type SceneParseResult,
  /** Parses and validates scene text (JSON), migrating older versions. */
  parseScene,
  /** Validates already-parsed data as a scene; `text` adds lines and columns. */
  validateSceneData,
  /** A scene from data already validated elsewhere, defaults filled in place. */
  acceptedScene,
  /** A scene as stable, formatted JSON text. */
  serializeScene,
  /** What is wrong with an exportOptions value, by the option's path ("box2d.pixelsPerMeter"). */
  exportOptionsProblems,
} from "./scene/io";
/** Equal as JSON values (key order ignored). */
export { sameJson } from "./tiled/properties";
export {
  /** What is wrong with an image's `src` (a relative path or a data: URL), or null. */
  imageSourceProblem,
  /** The MIME type of an image's data: URL, or null for a path. */
  dataUrlType,
  /** PNG, JPEG or WebP by a file's first bytes, or null. */
  imageTypeOfBytes,
  /** The image types a scene's picture may be. */
  type ImageType,
} from "./scene/image-source";
export {
  /** Bytes as standard base64, and back (null when malformed). */
  encodeBase64,
  decodeBase64,
} from "./base64";
export {
  /** Relative image paths made relative to another folder (Save As elsewhere). */
  rebaseRelativePaths,
} from "./scene/file-paths";
export {
  /** The scene format as JSON Schema. */
  sceneJsonSchema,
  /** sceneJsonSchema as stable JSON text. */
  sceneJsonSchemaText,
  /** One line of a ray log as JSON Schema. */
  rayLogLineJsonSchema,
  /** rayLogLineJsonSchema as stable JSON text. */
  rayLogLineJsonSchemaText,
} from "./scene/json-schema";

// ---- Exporters and importers ---------------------------------------------------------------
export {
  /** Every export format: id, label, file type, writer. */
  EXPORT_FORMATS,
  /** The export format with this id. */
  exportFormat,
  /** The name an export of a scene is offered under, before the type's extension ("level.godot3"). */
  exportBaseName,
  /** What an export runs with: the scene's Export Options for the format, overridden by the options given. */
  exportOptionsFor,
} from "./export/formats";
/** The scene as a Godot 4 or Godot 3 .tscn scene. */
export { exportGodot } from "./export/godot";
/** Where an export finds the scene's images (the scene's and the output's folders, pixel sizes). */
export type { ImageExportOptions } from "./export/images";
/** The scene as a Tiled map (.tmj). */
export { exportTiled, keptTileSize, withTiledIds } from "./export/tiled";
/** The scene as b2dJson (Box2D, RUBE, planck). */
export { exportBox2d } from "./export/box2d";
/** The scene as PhysicsEditor's "Phaser (Matter)" JSON (Phaser's matter.add.fromPhysicsEditor). */
export { exportPhaserMatter, phaserMatterBodies, type PhaserMatterExportOptions, type PhaserBody, type PhaserFixture } from "./export/phaser-matter";
export {
  /** The scene written back into the Tiled map it came from (Tiled's JSON model), the rest of the map kept. */
  mergeIntoTiledMap,
  type TiledMergeOptions,
  type TiledMergeReport,
  type RemovedObject,
  type TiledMergeResult,
} from "./tiled/merge";
export {
  /** A Tiled map (.tmj) as a scene, with what could not come along. */
  importTiled,
  /** Something in a Tiled map that did not come along. */
  type TiledSkipped,
  /** The map's and the scene's folders, for image paths. */
  type TiledImportOptions,
} from "./import/tiled";
export {
  /** A scene's colliders written back into the Tiled map it came from (TMX or TMJ), as the map file's text. */
  writeSceneIntoMap,
  /** A write-back's outcome in words: counts, objects kept deleted, fields both sides changed. */
  mergeSummary,
  type SceneIntoMap,
} from "./tiled/write-back";
export {
  /** A scene's Tiled shapes as its `tiledMap.base`, the base of a write-back's three-way merge. */
  tiledBaseOf,
  /** The scene ids a `tiledMap.base` names, which a new shape must not take. */
  baseShapeIds,
  /** The Tiled ids a `tiledMap.base` names: the map's objects the scene has known. */
  baseTiledIds,
  /** How many of a scene's shapes its Tiled map does not hold as they are (Save to Map would write them). */
  changesSinceMap,
} from "./tiled/merge-base";
export {
  /** A Tiled map's tile collision shapes (tilesets inlined), layer by layer in world coordinates, boxes of adjacent tiles merged. */
  bakeTileColliders,
  /** A scene with one more layer per baked tile layer. */
  withBakedLayers,
  /** One tile's collision shapes in its cell, flipped and turned by the gid's flags as Tiled draws the tile. */
  tileShapes,
  /** How a tileset's tile is drawn in a map's cell (image frame, drawn size, offset). */
  tilePlacement,
  /** Bake options: hidden layers, the polygon vertex limit. */
  type BakeOptions,
  /** The baked layers and what could not be baked, or the map's problems. */
  type BakeResult,
  /** One tile layer's baked shapes. */
  type BakedLayer,
  /** A tile's collision object that gave no shape: where, on how many cells, and why. */
  type Unbaked,
  /** Where an Unbaked happened: layer, cells, tile and object, in words. */
  unbakedPlace,
} from "./tiled/tile-colliders";

// ---- Tiled maps (TMX, TMJ and what they refer to) ------------------------------------------
export {
  /** A map file with its external tilesets and templates: `original` as written, `resolved` with them inlined and applied. */
  loadTiledMap,
  /** How loadTiledMap reads a file (Node's file system, the editor's channel); may be async. */
  type ReadText,
  /** loadTiledMap's answer: ok with both models, or the problems that kept the map from being read whole. */
  type TiledMapLoad,
} from "./tiled/load";
/** A TMX map, TSX tileset or TX template as Tiled's JSON model (as Tiled 1.8 converts it). */
export { parseTmx, parseTsx, parseTx } from "./tiled/tmx-read";
/** Tiled's JSON model of a map (or tileset) written as TMX (TSX), each tile layer in its own encoding. */
export { writeTmx, writeTsx } from "./tiled/tmx-write";
/** A problem in a Tiled file: its file, JSON path, message, line and column. */
export type { TiledParse, TiledProblem } from "./tiled/problems";
/** Tiled's JSON model as plain JSON. */
export type { JsonObject } from "./tiled/types";

// ---- Tracing images -----------------------------------------------------------------------
export {
  /** Pixels to trace: one alpha byte per pixel, or four (RGBA). */
  type TraceImage,
  /** The tracer's options: alpha threshold, tolerance, vertex limit, least blob area, placement. */
  type TraceOptions,
  /** A traced convex piece: position and points relative to it, in world units. */
  type TracedPiece,
  /** The pieces (or chains), the counts of outlines and holes, and their IoU against the pixels. */
  type TraceResult,
  /** A trace's stage, as its `progress` callback hears it. */
  type TraceStage,
  /** The options' defaults: alpha 128, tolerance 1, 8 vertices, blobs of 16 px² or more, at (0, 0), scale 1. */
  TRACE_DEFAULTS,
  /** Convex pieces covering an image's opaque pixels (outlines, simplification, decomposition). */
  traceImage,
  /** Traced pieces as polygon shapes named and identified `name-1`, `name-2`, …. */
  tracedShapes,
  /** Traced chains as closed one-sided chain shapes named and identified `name-1`, `name-2`, …. */
  tracedChains,
} from "./trace/trace";
export {
  /** "2 blobs (1 hole)": the editor's and the CLI's count of what a trace found. */
  blobCount,
  /** What whole outlines made of the blobs with holes, or null. */
  wholeOutlinesNote,
  /** "18 chains of 2,345 points": what a trace into chains made. */
  chainCount,
  /** "finding the blobs (1 of 4)": a trace's stage as its progress says it. */
  traceStageWords,
  /** "Left out 20 blobs smaller than 16 px²", or null. */
  specksNote,
} from "./trace/trace-words";

// ---- Replay --------------------------------------------------------------------------------
export {
  /** One line of a ray log: id, from, to, mask, and the expected hit. */
  type RayRecord,
  /** A replayed ray's status: ok, mismatch or unchecked. */
  type ReplayStatus,
  /** Every kind of mismatch, in report order. */
  MISMATCH_KINDS,
  /** A replayed ray: its record, its hit now, its status and mismatch. */
  type ReplayResult,
  /** A replay's totals. */
  type ReplaySummary,
  /** Why a ray lost the shape it expected. */
  type MismatchReason,
} from "./replay/types";
export {
  /** A problem in one line of a ray log. */
  type RayLogProblem,
  /** Reads one line of a ray log; never throws. */
  parseRayLine,
  /** "FILE:LINE[:COLUMN]: MESSAGE" for a ray log problem. */
  formatRayProblem,
  /** A ray's log line with its expectation replaced (for --record). */
  rayLine,
  /** Whether a file's start reads as a scene (given where a ray log was asked for). */
  looksLikeScene,
} from "./replay/ray-log";
export {
  /** A recorded ray's closest hit now, cast through a world. */
  castRecordedRay,
  /** A recorded ray cast and compared; a lost hit names the shape the ray now starts inside. */
  replayRecordedRay,
} from "./replay/cast";
export {
  /** A scene's ray probes as a ray log, each with its hit now as the expectation (a QA baseline). */
  probeRayLog, type ProbeRayLog,
  /** A ray probe as a ray log's record. */
  rayRecordOfProbe,
  /** A ray's name on the canvas: its `name` field, else its id. */
  rayLabel,
  /** A ray's `name` field, when it has one. */
  rayName,
  /** A ray in the command line's reports: its id, and its name in quotes when it has one. */
  rayTitle,
} from "./replay/probe-log";
export {
  /** How far a hit point may move and still be the same hit. */
  DEFAULT_TOLERANCE,
  /** How many degrees an expected normal may turn and still be the same normal. */
  NORMAL_TOLERANCE_DEGREES,
  /** A distance or angle rounded for people (four significant digits). */
  roundForDisplay,
  /** A replayed hit compared with the ray's expectation. */
  compareRay,
  /** A hit as an expectation, for --record. */
  expectationOf,
  /** Replay totals kept as rays stream by. */
  ReplayTally,
} from "./replay/compare";
/** A replay as JUnit XML; a mismatch in words, alone or as the CLI lists it (by id, name and line). */
export { describeMismatch, describeReason, mismatchLine } from "./replay/describe";
export { replayJUnit } from "./replay/junit";
/** A replay's mismatches by shape, kept as rays stream by; a warning when none of the shapes a log expects are in the scene. */
export { ShapeTally, ExpectedShapes, shapeSummaryLines, describeShapeSummary, type ShapeSummary, type ShapeKindSummary } from "./replay/shape-summary";
/** A replay as one self-contained HTML page. */
export { replayHtmlReport } from "./replay/html-report";
