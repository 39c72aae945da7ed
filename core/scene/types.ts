// The scene model as the rest of the core sees it: plain readonly data, one variant per shape kind.
// The file format (schema.ts) validates into exactly these types.

/** A shape's kind, its `type`: "circle", "box", "capsule", "polygon" or "chain". */
export type ShapeType = "circle" | "box" | "capsule" | "polygon" | "chain";
/** The five shape kinds, in the order the format lists them. */
export const SHAPE_TYPES: readonly ShapeType[] = ["circle", "box", "capsule", "polygon", "chain"];

/** A point of a polygon, a chain or a probe: `[x, y]`. */
export type Point = readonly [number, number];

/** A JSON value, as a class property's members hold them. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** What every custom property has, whatever its type: its name and, for a class or enum value, Tiled's type name. */
export interface PropertyBase {
  /** Unique within its list; no control characters. */
  readonly name: string;
  /** Tiled's custom type of the value (`propertytype`): the class of a `class` value, or an enum's name. */
  readonly propertytype?: string;
}

/**
 * A custom property, typed as in Tiled. `number` (any finite number; Tiled: int when whole within
 * 32 bits, else float) is the editor's first numeric type, kept as it was; `int` (signed 32-bit)
 * and `float` are Tiled's own and keep their type. `color` values are "#rrggbb" or "#rrggbbaa";
 * `file` a path relative to the scene's folder (or "" for none); `object` a Tiled object id (0 for
 * none); `class` the members of a Tiled class value, nested classes as nested objects.
 */
export type Property = PropertyBase &
  (
    | {
        /** Any text. */
        readonly type: "string";
        /** The text. */
        readonly value: string;
      }
    | {
        /** The editor's number: any finite number. */
        readonly type: "number";
        /** The number. */
        readonly value: number;
      }
    | {
        /** Tiled's int. */
        readonly type: "int";
        /** A whole number from −2147483648 to 2147483647. */
        readonly value: number;
      }
    | {
        /** Tiled's float. */
        readonly type: "float";
        /** Any finite number. */
        readonly value: number;
      }
    | {
        /** A flag. */
        readonly type: "boolean";
        /** The flag. */
        readonly value: boolean;
      }
    | {
        /** A colour. */
        readonly type: "color";
        /** "#rrggbb" or "#rrggbbaa". */
        readonly value: string;
      }
    | {
        /** A file. */
        readonly type: "file";
        /** A path relative to the scene's folder, or "" for none. */
        readonly value: string;
      }
    | {
        /** A Tiled object. */
        readonly type: "object";
        /** A Tiled object id, or 0 for none. */
        readonly value: number;
      }
    | {
        /** A Tiled class value. */
        readonly type: "class";
        /** Its members by name, nested classes as nested objects. */
        readonly value: { readonly [member: string]: JsonValue };
      }
  );
export type PropertyType = Property["type"];
export const PROPERTY_TYPES: readonly PropertyType[] = ["string", "number", "int", "float", "boolean", "color", "file", "object", "class"];
/** Tiled's int: signed 32-bit. */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** Godot's defaults: a shape is on collision layer 1 and scans layer 1. */
export const DEFAULT_COLLISION_LAYER = 1;
export const DEFAULT_COLLISION_MASK = 1;
/** Category bits are numbered 1 to 32, as Godot's collision layers are. */
export const COLLISION_BITS = 32;

interface ShapeBase {
  /** Unique within the scene: what the world and the queries name the shape by. */
  readonly id: string;
  /** What designers call it; exporters name nodes after it. Absent or "" means unnamed. */
  readonly name?: string;
  /** Id of the editor layer it belongs to; absent means the scene's first layer. */
  readonly layer?: string;
  /** Category bits (bit 0 is collision layer 1); absent means 1 (collision layer 1 alone). */
  readonly collisionLayer?: number;
  /** The categories it collides with, as bits; absent means 1 (collision layer 1 alone). */
  readonly collisionMask?: number;
  /** Custom properties, typed as in Tiled; absent means none. */
  readonly properties?: readonly Property[];
  /** What kind of thing it is in the game ("Door", "WARP"): Tiled's class (its `type` before 1.9). Absent or "" means none. */
  readonly class?: string;
  /** false: hidden (Tiled's object `visible`): not drawn or picked in the editor; it still collides and exports. Absent means visible. */
  readonly visible?: boolean;
  /**
   * true: a trigger (Box2D's isSensor, Godot's Area2D). Its contacts are reported apart from the
   * overlap warnings, and rays, sweeps and probes pass through it unless asked. Absent means false.
   */
  readonly sensor?: boolean;
  /** The id of the Tiled object it was imported from: what the editor matches it by when it writes back into that map. */
  readonly tiledId?: number;
  /** World x of the shape's position: a circle's, box's or capsule's centre, a polygon's or chain's origin. */
  readonly x: number;
  /** World y of the shape's position; y grows downward as on screen. */
  readonly y: number;
  /** Degrees, clockwise on screen, about (x, y), in (−180, 180] once loaded (270 is read as −90). Ignored by circles. */
  readonly rotation: number;
}

/** A circle shape: `radius` about (x, y). */
export interface CircleShape extends ShapeBase {
  /** Tells a circle from the other kinds. */
  readonly type: "circle";
  /** Above 0, in world units. */
  readonly radius: number;
}

/** A box shape: `width` × `height` centred on (x, y), turned by `rotation`. */
export interface BoxShape extends ShapeBase {
  /** Tells a box from the other kinds. */
  readonly type: "box";
  /** The full width along the box's own x axis (not a half-extent), above 0, in world units. */
  readonly width: number;
  /** The full height along the box's own y axis (not a half-extent), above 0, in world units. */
  readonly height: number;
}

/**
 * A capsule shape centred on (x, y): vertical at rotation 0; `height` is the total height including
 * both caps (Godot 4, Unity), so its two cap centres are `height / 2 − radius` above and below (x, y).
 * (makeCapsule, the geometry maker, takes the two centres instead.)
 */
export interface CapsuleShape extends ShapeBase {
  /** Tells a capsule from the other kinds. */
  readonly type: "capsule";
  /** The caps' radius, above 0, in world units. */
  readonly radius: number;
  /** The total height, caps included, in world units: at least 2 × radius. */
  readonly height: number;
}

/**
 * A simple polygon (convex or concave), either winding, points local to (x, y): at least 3 points,
 * no point repeating the one before it, and no two edges crossing or touching except neighbours at
 * their shared point. A concave one collides as a solid made of convex pieces.
 */
export interface PolygonShape extends ShapeBase {
  /** Tells a polygon from the other kinds. */
  readonly type: "polygon";
  /** The outline's corners in order, local to (x, y) and turned by `rotation`. */
  readonly points: readonly Point[];
}

/**
 * Edges of zero thickness (Box2D's chain shape, Godot's segments): one from each point to the
 * next, points local to (x, y) and turned by `rotation`; `closed` adds the edge from the last point
 * back to the first. `oneSided`: each edge from P to Q blocks only from its front, the side of the
 * normal (dy, −dx) / |(dx, dy)| with (dx, dy) = Q − P in y-down coordinates (a platform drawn left
 * to right faces up). At least 2 points (3 when closed), none repeating the one before it.
 */
export interface ChainShape extends ShapeBase {
  /** Tells a chain from the other kinds. */
  readonly type: "chain";
  /** The chain's points in order, local to (x, y) and turned by `rotation`. */
  readonly points: readonly Point[];
  /** Absent means false. */
  readonly closed?: boolean;
  /** Absent means false. */
  readonly oneSided?: boolean;
}

/** A shape of a scene file: one of the five kinds, told apart by `type`. */
export type Shape = CircleShape | BoxShape | CapsuleShape | PolygonShape | ChainShape;

/**
 * A query kept in the scene so designers and QA see it live and can name it. A ray probe casts
 * from → to; a sweep probe moves shape `shape` (without turning) from its position to `to`.
 */
interface ProbeBase {
  /** Unique among the scene's probes. */
  readonly id: string;
  /** What QA calls it ("door line of sight"); may be empty. */
  readonly name: string;
  /** true: sensors can stop it too. Absent means false: it passes through sensors, as Box2D's and Godot's queries do by default. */
  readonly includeSensors?: boolean;
  /**
   * The collision layers it sees: a shape whose collisionLayer & mask ≠ 0, as a ray log line's
   * mask and Godot's RayCast2D collision_mask. Absent: every shape.
   */
  readonly mask?: number;
}

/** A ray probe: from `from` to `to`, world points. */
export interface RayProbe extends ProbeBase {
  /** Tells a ray probe from a sweep probe. */
  readonly type: "ray";
  /** Where the ray starts, a world point. */
  readonly from: Point;
  /** Where the ray ends, a world point (not a direction). */
  readonly to: Point;
}

/** A sweep probe: the shape `shape` moved, unturned, from where it is to `to`. */
export interface SweepProbe extends ProbeBase {
  /** Tells a sweep probe from a ray probe. */
  readonly type: "sweep";
  /** Id of the shape that moves. */
  readonly shape: string;
  /** Where the shape's position ends, a world point (not a translation). */
  readonly to: Point;
}

/** A probe of a scene file, a ray (`from`, `to`) or a sweep of a shape (`shape`, `to`), told apart by `type`. */
export type Probe = RayProbe | SweepProbe;

/** An editor layer: a group of shapes drawn together, hidden or locked together. First is bottom. */
export interface Layer {
  /** Unique among the scene's layers: what a shape's `layer` names. */
  readonly id: string;
  /** What the editor shows; may repeat. */
  readonly name: string;
  /** Hidden layers are not drawn or picked in the editor; their shapes still export. */
  readonly visible?: boolean;
  /** Locked layers are drawn but cannot be selected or edited on the canvas. */
  readonly locked?: boolean;
  /** "#rrggbb": the fill of its shapes in the editor (Tiled's object layer `color`); absent: the editor's palette colour for its place. */
  readonly color?: string;
  /** Custom properties of the layer (a Tiled object layer's). */
  readonly properties?: readonly Property[];
}

/**
 * A Tiled group layer the scene's layers came from. Import flattens groups: a layer inside group
 * "World" > "Colliders" is named "World/Colliders/Walls"; this keeps each group's properties, and
 * the Tiled export writes the layers whose names start with `name` + "/" inside it again.
 */
export interface LayerGroup {
  /** The group's path: its name after those of the groups around it, joined by "/". */
  readonly name: string;
  /** The group's custom properties. */
  readonly properties?: readonly Property[];
}

/** A name for one category bit (1–32), as Godot's named 2D physics layers. */
export interface CollisionLayer {
  /** The bit's number, 1 to 32 (bit 1 is the value 1, bit 32 the value 2³¹). */
  readonly bit: number;
  /** Its name ("player", "walls"). */
  readonly name: string;
}

/**
 * A reference image drawn under every shape (the level's art), first in the list at the bottom.
 * Only the editor draws it; exporters that have images (Tiled's image layers, Godot's sprites)
 * write it.
 */
export interface SceneImage {
  /** Unique among the scene's images. */
  readonly id: string;
  /** A path relative to the scene file's folder (forward slashes), or a data:image/png|jpeg|webp;base64 URL. */
  readonly src: string;
  /** The x of the image's top-left corner in world units. */
  readonly x: number;
  /** The y of the image's top-left corner in world units (y down). */
  readonly y: number;
  /** Its drawn width in world units; absent: the image's width in pixels. */
  readonly width?: number;
  /** Its drawn height in world units; absent: the image's height in pixels. */
  readonly height?: number;
  /** 0–1; absent: 1. */
  readonly opacity?: number;
  /** Editor only, as for layers: absent means visible. */
  readonly visible?: boolean;
  /** Editor only, as for layers: absent means unlocked. */
  readonly locked?: boolean;
}

/**
 * The Tiled map the scene was made from, drawn read-only under the shapes as a backdrop (the
 * level as the game shows it). Only the editor reads it; it rides along in every save.
 */
export interface TiledMapRef {
  /** The map file (.tmx, .tmj or .json), a path relative to the scene file's folder (forward slashes, "../" allowed). */
  readonly src: string;
  /**
   * The map's objects as the scene and the map last agreed (at the import, then at each write into
   * the map): shapes, each with its `tiledId`. Writing back into the map merges three ways against
   * it (docs/tiled.md), so edits made in Tiled since are kept. Not checked when the scene loads: an
   * unreadable base is reported by the write-back, which then merges against the map as it is.
   */
  readonly base?: JsonValue;
}

/**
 * How the scene exports to each format, by the format's id (the CLI's --format): what the
 * editor's Export Options… sets, the editor's exports use, and the CLI's `export` takes where no
 * flag says otherwise. Each field is its CLI flag's (docs/exporters.md). Keys this build does not
 * know (a newer build's formats or options) are kept.
 */
export interface SceneExportOptions {
  /** Godot 4 (.tscn). */
  readonly godot?: {
    /** The root node's name (--root-name; default "Colliders"). */
    readonly rootName?: string;
  };
  /** Godot 3 (.tscn). */
  readonly godot3?: {
    /** The root node's name (--root-name; default "Colliders"). */
    readonly rootName?: string;
  };
  /** Tiled map (.tmj). */
  readonly tiled?: {
    /** "capsule" (Tiled 1.12 capsule objects, the default) or "polygon" (older Tiled) (--capsules). */
    readonly capsules?: "capsule" | "polygon";
  };
  /** Box2D JSON (b2dJson / RUBE). */
  readonly box2d?: {
    /** Scene pixels per Box2D metre (--ppm; default 32). */
    readonly pixelsPerMeter?: number;
    /** "circles-and-box" (exact, the default) or "polygon" (one circumscribed 8-gon) (--capsules). */
    readonly capsules?: "circles-and-box" | "polygon";
    /** 16 (Box2D v2.x, the default) or 32 (Box2D v3, planck) category bits (--filter-bits). */
    readonly filterBits?: 16 | 32;
  };
  /** Phaser Matter (PhysicsEditor JSON). */
  readonly "phaser-matter"?: {
    /** "shape" (one body per shape, the default) or "layer" (one per layer and collision bits) (--bodies). */
    readonly bodies?: "shape" | "layer";
    /** A chain edge's quad thickness in scene pixels (--chain-thickness; default 1). */
    readonly chainThickness?: number;
  };
}

/** A whole scene file as loaded: its shapes and probes, and the editor's layers, images and map. */
export interface Scene {
  /** Always "collider-studio-scene" (SCENE_FORMAT). */
  readonly format: "collider-studio-scene";
  /** The format version the file was written in (SCENE_VERSION). */
  readonly version: 1;
  /** The shapes, in scene order (the order overlap pairs and ties follow). */
  readonly shapes: readonly Shape[];
  /** Optional in files; always present (maybe empty) once parsed. */
  readonly probes: readonly Probe[];
  /** Optional; absent means one implicit layer, id "layer-1", named "Layer 1". */
  readonly layers?: readonly Layer[];
  /** Optional names of category bits; unnamed bits are still usable. */
  readonly collisionLayers?: readonly CollisionLayer[];
  /** Optional reference images under every shape, bottom first. */
  readonly images?: readonly SceneImage[];
  /** Custom properties of the scene (a Tiled map's). */
  readonly properties?: readonly Property[];
  /** Tiled group layers the layers came from, outermost first. */
  readonly groups?: readonly LayerGroup[];
  /** The Tiled map the scene was made from, drawn read-only under the shapes as a backdrop. */
  readonly tiledMap?: TiledMapRef;
  /**
   * The editor's grid cell in world units (Tiled's tile size), 1e-9 to 1e6. Absent: the editor
   * keeps its current cell (a square-tiled map's tile size, for a scene with a Tiled map).
   */
  readonly gridSize?: number;
  /** How the scene exports to each format (Export Options…); absent: every format's defaults. */
  readonly exportOptions?: SceneExportOptions;
  /**
   * The Tiled object id a Tiled export gives the next shape without one (a map's
   * `nextobjectid`): every id below it was given out before, so a deleted shape's id is never
   * given again. The editor's Export as Tiled stores it with the shapes' `tiledId`s.
   */
  readonly tiledNextObjectId?: number;
}

/** The layer a scene without "layers" has. */
export const DEFAULT_LAYER: Layer = { id: "layer-1", name: "Layer 1" };

/** The scene's layers, never empty. */
export const sceneLayers = (scene: Pick<Scene, "layers">): readonly Layer[] => (scene.layers && scene.layers.length > 0 ? scene.layers : [DEFAULT_LAYER]);

/** The id of the layer a shape belongs to. */
export const layerOf = (shape: Shape, layers: readonly Layer[]): string => shape.layer ?? layers[0]?.id ?? DEFAULT_LAYER.id;

export const collisionLayerOf = (shape: Shape): number => shape.collisionLayer ?? DEFAULT_COLLISION_LAYER;
export const collisionMaskOf = (shape: Shape): number => shape.collisionMask ?? DEFAULT_COLLISION_MASK;
export const isSensor = (shape: Shape): boolean => shape.sensor === true;

/** The `format` field every scene file has: "collider-studio-scene". */
export const SCENE_FORMAT = "collider-studio-scene";
/** The scene format version this package reads, and its major version: files of a newer version are refused. */
export const SCENE_VERSION = 1;

export function emptyScene(): Scene {
  return { format: SCENE_FORMAT, version: SCENE_VERSION, shapes: [], probes: [] };
}
