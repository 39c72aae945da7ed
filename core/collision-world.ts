// A scene kept live for collision queries, after Box2D's world: a broad phase (broad-phase.ts: a
// dynamic tree of fat boxes and the candidate pairs of moved shapes), a contact cache
// (contact-cache.ts: each pair's manifold by shape version, and the sorted overlap list) and the
// shapes by slot (shape-table.ts). The world syncs them with a shape list and answers overlaps,
// region queries, ray casts and sweeps through the tree. Filtering follows collision-filter.ts;
// the overlaps it ignores are found apart, on demand (ignored-pairs.ts).
import { DEFAULT_FILTER_RULE, type FilterRule } from "./collision-filter";
import { isMarked, markClass } from "./brand";
import { BroadPhase } from "./broad-phase";
import { ContactCache } from "./contact-cache";
import { ContactEventBuffer, ContactReporter } from "./contact-events";

export { ContactEventBuffer, SensorEventBuffer } from "./contact-events";
import { RAY_CLIP } from "./dynamic-tree";
import { containsPoint, writeAABB, writeShapeBounds, type AABB } from "./geometry";
import { CORE_KINDS, coreKindOf } from "./kinds/registry";
import { IgnoredPairs, type IgnoredPair } from "./ignored-pairs";
import { OverlapRecord } from "./overlap-record";
import { Manifold, collide } from "./manifold";
import { collideWithMover } from "./mover-planes";
import { shapeGeometry, shapeTransform, type OverlapPair } from "./overlaps";
import {
  bitsHint, checkBox, got, checkGeometry, checkMask, checkNumber, checkObject, checkOptions, checkPoint, checkTransform, checkWorldOptions, fail, OVERLAP_OPTIONS, PROBE_OPTIONS, RAY_OPTIONS, SWEEP_OPTIONS,
} from "./query-arguments";
import { probeProblems, shapeProblems } from "./runtime/check-shapes";
import { formatPath } from "./scene/errors";
import { MAX_COORDINATE, coordinateProblem, rotationProblem } from "./scene/field-limits";
import type { ShapeGeometry, Transform } from "./shapes";
import { CastOutput, rayCast } from "./raycast";
import { PlaneResult, QueryHit, type CastHit, type QueryMode } from "./scene-query";
import { shapeCast, shapeCastIn } from "./shape-cast";
import { ShapeTable, slotTransform } from "./shape-table";
import type { Probe, Shape } from "./scene/types";
import { normalizeDegrees, vec2, writeRotFromDegrees, type Vec2 } from "./vec2";
import { WorldError } from "./world-error";

/** A world's options: `filter`, how two shapes' collision bits combine ("godot" by default, "box2d" or "none"). */
export interface CollisionWorldOptions {
  /** How two shapes' bits combine (default "godot"). */
  readonly filter?: FilterRule;
}

/** The options of raycast and sweep: `mode`, `mask`, `ignore`, `reportInside` (rays only), `includeSensors`, `ignoreLeaving` (sweeps only). Any other key is refused. */
export interface WorldQueryOptions {
  /** Which hits to return: "closest" (the default), "all" (by fraction) or "any" (the first found). */
  readonly mode?: QueryMode;
  /** Only shapes on these collision layers (collisionLayer & mask ≠ 0); without it, every shape. */
  readonly mask?: number;
  /** Rays only: report shapes the ray starts inside, at fraction 0. */
  readonly reportInside?: boolean;
  /** Shapes to leave out (by id). */
  readonly ignore?: ReadonlySet<string>;
  /** Let sensors stop it too; by default rays and sweeps pass through sensors, as Box2D's and Godot's queries do. */
  readonly includeSensors?: boolean;
  /**
   * Sweeps only: a shape the moving shape starts overlapping does not stop a motion that does not
   * go deeper into it (the translation's dot with the overlap's normal, out of that shape, is ≥ 0),
   * so a mover left slightly inside (a lift rose under it) can step away and along; a motion
   * deeper into it still stops at fraction 0 with startedInside. After Box2D's b2World_CastMover.
   */
  readonly ignoreLeaving?: boolean;
}

/** A query shape for overlapShape: a geometry (from makeCircle, makeBox…) placed by a transform { px, py, c, s }. */
export interface PlacedGeometry {
  /** The geometry in its own frame (a maker's value). */
  readonly geometry: ShapeGeometry;
  /** Where the geometry is in the world. */
  readonly transform: Transform;
}

/** What overlapShape looks at: as the queries, a mask, shapes left out, and sensors only when asked. */
export type OverlapShapeOptions = Pick<WorldQueryOptions, "mask" | "ignore" | "includeSensors">;

/** What a sweep reads: the queries' options but reportInside (a sweep that starts inside is always reported, at fraction 0). */
export type SweepOptions = Omit<WorldQueryOptions, "reportInside">;

/** A scene shape as add() takes it: its rotation may be left out (0, the format's default). */
export type ShapeInput = { [K in Shape["type"]]: Omit<Extract<Shape, {
  /** The shape's kind: "circle", "box", "capsule", "polygon" or "chain". */
  type: K;
}>, "rotation"> & {
  /** Degrees, clockwise on screen; 0 when left out. */
  readonly rotation?: number;
} }[Shape["type"]];

/** A shape as overlapShape() takes it: as add() does, and its id may be left out too (it is in no world). */
export type QueryShape = { [K in Shape["type"]]: Omit<Extract<Shape, {
  /** The shape's kind: "circle", "box", "capsule", "polygon" or "chain". */
  type: K;
}>, "rotation" | "id"> & {
  /** Degrees, clockwise on screen; 0 when left out. */
  readonly rotation?: number;
  /** Any id, or none: the shape is in no world. */
  readonly id?: string;
} }[Shape["type"]];

/** add()'s name in its messages, with the shape's id when it has one. */
const addName = (shape: unknown): string => {
  const id = (shape as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? `add(${JSON.stringify(id)})` : "add";
};

const NO_PROBLEMS: readonly string[] = [];

/** The scene format's problems with a shape add() or overlapShape() is given, by field ("width: must be …"). */
function worldShapeProblems(shape: unknown): readonly string[] {
  const found = shapeProblems(shape, 0);
  if (found.length === 0) return NO_PROBLEMS;
  return found.map(([path, message]) => {
    const key = path[2];
    const hint = key === "collisionLayer" || key === "collisionMask" ? bitsHint((shape as Record<string, unknown>)[key]) : "";
    return `${formatPath(path.slice(2)) || "shape"}: ${message}${hint}`;
  });
}

/** The contacts that began and ended since the last call: contactEvents()'s and sensorEvents()' answer. */
export interface ContactEvents {
  /** Contacts new since the last call, ordered as the list they come from (overlaps() or sensorContacts()). */
  readonly begin: readonly OverlapPair[];
  /** Contacts gone since the last call (a shape moved away, was removed, or the pair stopped being of this kind), ordered as they were listed. */
  readonly end: readonly {
    /** Id of the pair's first shape in scene order. */
    readonly a: string;
    /** Id of the pair's second shape in scene order. */
    readonly b: string;
  }[];
}

/** sensorEvents()' answer: the sensor contacts that began and ended since the last call. */
export type SensorEvents = ContactEvents;

/**
 * What overlapsInto fills, kept by the caller: overlaps() into pairs[0…count), each a record of
 * the buffer's own rewritten by the next call. Entries past the count are left from earlier
 * calls. Reuse one for every call: it then stops growing.
 */
export class OverlapBuffer {
  /** The pairs, in pairs[0…count), ordered as overlaps(). */
  readonly pairs: OverlapRecord[] = [];
  /** How many entries of `pairs` the last call wrote. */
  count = 0;
}

markClass(OverlapBuffer, "OverlapBuffer");

/** sensorEvents()' and contactEvents()' events before they are copied into new arrays. */
const eventScratch = new ContactEventBuffer();

const queryManifold = new Manifold();

/** The contacts' list and its solid and sensor parts. */
interface SplitPairs {
  /** The contact list's version they were made from. */
  readonly from: number;
  readonly solid: readonly OverlapPair[];
  readonly sensor: readonly OverlapPair[];
}

/** The list of a world without such pairs. */
const NO_PAIRS: readonly OverlapPair[] = Object.freeze([]);

/** sensorEvents() and contactEvents() when nothing began or ended. */
const NO_EVENTS: ContactEvents = Object.freeze({ begin: NO_PAIRS, end: NO_PAIRS });

/** Whether move() takes this number: finite and within the format's ±1e15 (NaN fails the comparison). */
const placeable = (v: unknown): v is number => typeof v === "number" && Math.abs(v) <= MAX_COORDINATE;

/** A shape's box, checked before update() writes it into the broad phase. */
const updateBox = new Float64Array(4);

/** A box of finite numbers with min ≤ max (false for NaN: a shape sync() was given unvalidated). */
const boundsHold = (b: Float64Array, k: number): boolean =>
  b[k]! <= b[k + 2]! && b[k + 1]! <= b[k + 3]! && b[k]! > -Infinity && b[k + 1]! > -Infinity && b[k + 2]! < Infinity && b[k + 3]! < Infinity;

/**
 * Writes a shape sync() was given to out[at…] and says whether its box holds: false, having
 * thrown nothing, for what is not an object with a string id and a known type (a shape built in
 * plain JS: a number id would answer queries with an id no other call takes), for fields the box
 * cannot be read from (a null point), and for a box that is not finite.
 */
function syncedBoundsHold(shape: Shape, out: Float64Array, at: number): boolean {
  const type: unknown = (shape as { type?: unknown } | null)?.type;
  if (typeof shape?.id !== "string" || typeof type !== "string" || !Object.hasOwn(CORE_KINDS, type)) return false;
  try {
    writeShapeBounds(shape, out, at);
  } catch {
    return false;
  }
  return boundsHold(out, at);
}

/** sync()'s error for a shape whose box is not finite: the format's problems with it, by path. */
function unsyncable(shape: unknown, index: number): WorldError {
  const problems = shapeProblems(shape, index).map(([path, message]) => `${formatPath(path)}: ${message}`);
  // The format defaults a missing rotation to 0; sync() takes shapes as loadScene gives them, with one.
  const rotation = (shape as { rotation?: unknown } | null)?.rotation;
  if (problems.length === 0 && typeof rotation !== "number") problems.push(`${formatPath(["shapes", index, "rotation"])}: is missing (sync takes shapes as loadScene returns them, each with its rotation)`);
  if (problems.length === 0) problems.push(`${formatPath(["shapes", index])}: its bounding box is not finite`);
  return new WorldError(`sync: ${problems.join("; ")}`, problems);
}

function duplicateId(id: string, first: number, index: number): WorldError {
  const problem = `${formatPath(["shapes", index, "id"])}: ${JSON.stringify(id)} is already ${formatPath(["shapes", first])}'s (ids must be unique)`;
  return new WorldError(`sync: ${problem}`, [problem]);
}

/** From this many shapes on, a first load builds the tree in bulk. */
const BULK = 256;

const cast = new CastOutput();
/** A queried shape's transform, and a sweep's moving shape's (the table writes them). */
const xfQueried = slotTransform(), xfMoving = slotTransform();
/** move()'s pose: x, y, cos, sin, rotation (degrees). */
const movePose = new Float64Array(5);
/** moveTo's place: x, y and, when given, the rotation in degrees. */
export interface MoveTarget {
  /** The shape's new world x (its position, as the shape's `x`). */
  readonly x: number;
  /** The shape's new world y. */
  readonly y: number;
  /**
   * The new rotation in degrees, clockwise on screen; left out, the shape keeps its rotation. A
   * Phaser sprite's `rotation` and a Matter body's `angle` are radians: pass a sprite as
   * `{ x: s.x, y: s.y, rotation: s.angle }` (Phaser's `angle` is degrees), never the sprite itself
   * (moveTo refuses an object with scene, body or parts, or with both rotation and angle).
   */
  readonly rotation?: number;
}
/**
 * What a refused move says of one of its numbers, or null when it is fine (a rotation's limits in
 * degrees). Outside the class so refuseMove stays small: grown, it cost moveTo() its loop without
 * garbage collection (test/runtime/contacts-no-allocation.test.ts).
 */
function moveProblem(name: "x" | "y" | "rotation", v: number | undefined): string | null {
  const problem = v === undefined ? "is missing (expected a number)" : typeof v !== "number" ? `expected a number, got ${got(v)}` : Number.isNaN(v) ? "must be a number, got NaN" : name === "rotation" ? rotationProblem(v) : coordinateProblem(v);
  return problem === null ? null : `${name}: ${problem}`;
}

/** Keys of a Phaser game object (scene; body, null without physics) or a Matter body (parts, angle in radians) that a move target never has. */
type GameObjectKeys = MoveTarget & { readonly scene?: unknown; readonly body?: unknown; readonly parts?: unknown; readonly angle?: unknown };

/** moveTo's refusal of a game object or a body passed as the target: its rotation would be read as degrees. */
function refuseGameObject(id: string, o: GameObjectKeys): never {
  const keys = (["scene", "body", "parts"] as const).filter((k) => o[k] !== undefined);
  const which = keys.length > 0 ? `it has ${keys.join(", ")}: a game object or a Matter body` : "it has both rotation and angle";
  throw new WorldError(`moveTo(${JSON.stringify(id)}): to: ${which}, whose rotation or angle may be radians; pass { x: s.x, y: s.y, rotation: s.angle }, the rotation in degrees (a Phaser sprite's angle)`);
}

/** move()'s arguments, handed to place() as moveTo's are. */
const moveArgs: { x: number; y: number; rotation?: number } = { x: 0, y: 0 };
/** sweepClosest's motion for shapeCastIn: the translation, and the best fraction so far. */
const sweepMotion = new Float64Array(3);
/** Reused for every ray against a shape (rayCast reads it only during the call). */
const rayOptions = { reportInside: false, maxFraction: 1 };

/**
 * Shapes in a broad phase: raycast, sweep, queryBox, overlapShape, overlaps, sensorContacts,
 * sensorEvents, contactEvents, queryPoint, collideMover; add, remove, move, sync. Allocation-free
 * forms for a game's hot loop: raycastClosest and sweepClosest (into a QueryHit), queryBoxInto,
 * queryPointInto, overlapShapeInto and collideMover (into an array), overlapsInto (into an
 * OverlapBuffer), sensorEventsInto and contactEventsInto (into a ContactEventBuffer) and moveTo. Coordinates are world units, y down;
 * rotations are degrees, clockwise on screen.
 */
export class CollisionWorld {
  /** How two shapes' collision bits combine in this world (its options' `filter`, "godot" by default). */
  readonly filter: FilterRule;
  private readonly table: ShapeTable;
  private readonly broadPhase = new BroadPhase();
  private readonly contacts: ContactCache;
  private readonly ignored: IgnoredPairs;
  private readonly byId = new Map<string, number>();
  private synced: readonly Shape[] | null = null;
  /** The contacts are brought up to date when overlaps are asked for, not on every sync. */
  private pairsDirty = false;

  /**
   * An empty world: add shapes with add() or sync(), or let loadScene make one from a file.
   * Throws WorldError for an unknown option or filter.
   *
   * @param options - `filter`: how two shapes' collision bits combine, "godot" (the default), "box2d" or "none".
   */
  constructor(options: CollisionWorldOptions = {}) {
    checkWorldOptions("CollisionWorld", options);
    this.filter = options.filter ?? DEFAULT_FILTER_RULE;
    this.table = new ShapeTable(this.filter);
    this.contacts = new ContactCache(this.table, this.broadPhase);
    this.ignored = new IgnoredPairs(this.table, this.broadPhase);
  }

  /** How many shapes the world holds. */
  get size(): number {
    return this.byId.size;
  }

  /**
   * The shape with this id as the world holds it (its latest position and rotation after move()),
   * or undefined: O(1) whatever was added or removed. (lookup() gives its place in the scene order
   * too, which ranks the shapes again after a removal.)
   *
   * @param id - The shape's id.
   */
  get(id: string): Shape | undefined {
    const slot = this.byId.get(id);
    return slot === undefined ? undefined : this.table.shape(slot);
  }

  /**
   * The synced shape with this id and its index in the synced list, or undefined: O(1) until a
   * removal, after which the first call ranks the shapes again (O(n)); get(id) is O(1) always.
   *
   * @param id - The shape's id.
   */
  lookup(id: string): {
    /** The shape as the world holds it. */
    readonly shape: Shape;
    /** Its place in the scene order, from 0. */
    readonly index: number;
  } | undefined {
    const slot = this.byId.get(id);
    return slot === undefined ? undefined : { shape: this.table.shape(slot), index: this.table.rank(slot) };
  }

  /**
   * Writes the box of `shape` (shapeBounds) to out[0…3] and returns true when the world holds
   * this very object, else returns false and leaves `out` alone: views that cull many shapes by
   * their boxes read the world's, with no object per shape.
   *
   * @param shape - A shape object the world was given (or gave).
   * @param out - Receives minX, minY, maxX, maxY (world) at 0…3.
   */
  readBox(shape: Shape, out: Float64Array): boolean {
    const slot = this.byId.get(shape.id);
    if (slot === undefined || !this.table.holds(slot, shape)) return false;
    const t = this.broadPhase.tight, k = 4 * slot;
    out[0] = t[k]!; out[1] = t[k + 1]!; out[2] = t[k + 2]!; out[3] = t[k + 3]!;
    return true;
  }

  /**
   * Makes the world hold exactly `shapes` (validated scene shapes with unique ids): new ids are
   * added, missing ones removed, and shapes whose object changed are updated. Shapes are
   * immutable, so an unchanged object costs one comparison. Calling it with the same array again
   * does nothing. A shape's geometry is made when first needed, or by prepareGeometry(): one that
   * bypassed validation and has none (a polygon that crosses itself) throws when a query or
   * overlaps() needs it. Two shapes with one id are refused (WorldError), the shapes before the
   * second already synced, and so is an entry that is not an object with a string id and a known
   * type, or whose box cannot be read or is not finite.
   *
   * @param shapes - Every shape the world should hold, in scene order, each with its rotation (as loadScene gives them).
   */
  sync(shapes: readonly Shape[]): void {
    if (shapes === this.synced) return;
    if (!Array.isArray(shapes)) fail("sync", "shapes", "an array of validated shapes", shapes);
    if (this.byId.size === 0 && shapes.length >= BULK) {
      this.load(shapes);
      return;
    }
    if (this.patch(shapes)) return;
    const table = this.table, seen = new Set<number>();
    shapes.forEach((shape, index) => {
      const id: unknown = (shape as Shape | null | undefined)?.id;
      const slot = typeof id === "string" ? this.byId.get(id) : undefined;
      if (slot === undefined) seen.add(this.insert(shape, index));
      else {
        if (seen.has(slot)) throw duplicateId(shape.id, table.index(slot), index);
        seen.add(slot);
        table.setIndex(slot, index);
        if (!table.holds(slot, shape)) this.update(slot, shape);
      }
    });
    if (seen.size !== this.byId.size) {
      const removed = new Set<number>();
      for (const [id, slot] of this.byId) {
        if (seen.has(slot)) continue;
        this.broadPhase.destroyProxy(slot);
        table.remove(slot);
        this.byId.delete(id);
        removed.add(slot);
      }
      this.contacts.removeSlots(removed);
    }
    table.ordered(shapes.length);
    this.synced = shapes;
    this.changed();
    this.reorder();
  }

  /**
   * The common edit (a drag, an inspector change): the same shapes in the same places but for a
   * few replaced objects with the same ids. Compares by index instead of diffing by id; returns
   * false, having changed nothing, when the edit is anything else.
   */
  private patch(shapes: readonly Shape[]): boolean {
    const before = this.synced;
    if (!before || before.length !== shapes.length) return false;
    const changed: number[] = [];
    for (let i = 0; i < shapes.length; i++) {
      if (shapes[i] === before[i]) continue;
      if ((shapes[i] as Shape | null | undefined)?.id !== before[i]!.id) return false;
      changed.push(i);
    }
    for (const i of changed) {
      const slot = this.byId.get(shapes[i]!.id)!;
      this.update(slot, shapes[i]!);
      this.contacts.touch(slot);
      this.ignored.touch(slot);
    }
    this.synced = shapes;
    if (changed.length > 0) this.changed();
    return true;
  }

  /** After any change of the shapes: the contacts need an update, the list a remake, and an update in steps starts again. */
  private changed(): void {
    this.pairsDirty = true;
    this.contacts.changed();
    this.ignored.changed();
  }

  /** Shapes came, went or changed places: every contact and every ignored pair is looked at again. */
  private reorder(): void {
    this.contacts.reorder();
    this.ignored.reorder();
  }

  /** A first load of many shapes into an empty world: one bulk-built tree instead of one insertion each. */
  private load(shapes: readonly Shape[]): void {
    const n = shapes.length, broadPhase = this.broadPhase;
    broadPhase.reserve(n);
    const tight = broadPhase.tight;
    const byId = this.byId;
    for (let i = 0; i < n; i++) {
      const shape = shapes[i]!, first = byId.get(shape?.id);
      if (!syncedBoundsHold(shape, tight, 4 * i) || first !== undefined) {
        byId.clear();
        throw first === undefined ? unsyncable(shape, i) : duplicateId(shape.id, first, i);
      }
      byId.set(shape.id, i);
    }
    broadPhase.load(n);
    this.table.load(shapes);
    this.contacts.clear();
    this.synced = shapes;
    this.changed();
    this.reorder();
  }

  private insert(shape: Shape, index: number): number {
    const slot = this.table.nextSlot(), broadPhase = this.broadPhase;
    broadPhase.reserve(slot + 1);
    // Before the table takes the shape: a shape whose box is not finite is refused, and nothing is added.
    if (!syncedBoundsHold(shape, broadPhase.tight, 4 * slot)) throw unsyncable(shape, index);
    broadPhase.createProxy(slot);
    this.table.add(shape, index);
    this.byId.set(shape.id, slot);
    return slot;
  }

  private update(slot: number, shape: Shape): void {
    // Checked in scratch first, so that a refused shape leaves the slot's box as it was.
    if (!syncedBoundsHold(shape, updateBox, 0)) throw unsyncable(shape, this.table.index(slot));
    writeShapeBounds(shape, this.broadPhase.tight, 4 * slot);
    const bitsChanged = this.table.update(slot, shape);
    if (!this.broadPhase.moveProxy(slot) && bitsChanged) this.broadPhase.bufferMove(slot);
  }

  // ---- Edits for a game loop -------------------------------------------------------------------
  // Each changes one shape and lets the contacts update only its pairs, as sync() does for a
  // replaced object. The scene order they keep: add() appends (the shape comes last), remove()
  // closes the gap (later shapes move up one), move() keeps the shape's place. After any of them
  // the world answers exactly as after sync() of the list so edited, and a later sync() diffs
  // against the world's shapes as usual.

  /**
   * Adds a shape at the end of the scene order. Throws WorldError for an id the world holds, or a
   * shape the scene format refuses (a field missing or of the wrong type, a number not finite or
   * beyond ±1e15, a size not above 0, a polygon that crosses itself), naming each problem. A
   * shape without a rotation is held as a copy with rotation 0, and one whose rotation is outside
   * (−180, 180] as a copy with it brought in (270 is −90), as loadScene gives shapes. `layer` (the
   * editor's layer id) is kept as given: the world has no list of layers, and collision never reads it.
   *
   * @param shape - A scene shape with an id the world does not hold; its position is world units, its rotation degrees.
   */
  add(shape: ShapeInput): void {
    const problems = worldShapeProblems(shape);
    if (problems.length > 0) throw new WorldError(`${addName(shape)}: ${problems.join("; ")}`, problems);
    if (this.byId.has(shape.id)) throw new WorldError(`${addName(shape)}: the world already holds a shape with this id`);
    const table = this.table;
    if (table.orderFull) {
      // Rare (the key range outgrew the shapes): new keys in the same order, but the contacts' and
      // ignored pairs' sort keys are stale, so they are looked at again.
      table.compact();
      this.reorder();
    }
    // As the loader gives it: a shape written without a rotation is unturned, and one outside (−180, 180] is brought in.
    const r = shape.rotation;
    const held = r !== undefined && r > -180 && r <= 180 ? shape as Shape : { ...shape, rotation: r === undefined ? 0 : normalizeDegrees(r) } as Shape;
    const slot = this.insert(held, table.nextIndex);
    this.edited(slot);
  }

  /**
   * Removes the shape with this id; later shapes move up one in scene order. Throws WorldError for
   * an unknown id. Costs what the shape's own contacts do, not the world's size: its order key
   * leaves a gap (lookup() ranks the shapes again when next asked), and the other shapes keep their
   * order, so the contacts update only the removed slot's pairs.
   *
   * @param id - The shape's id.
   */
  remove(id: string): void {
    const slot = this.slotOf("remove", id);
    this.broadPhase.destroyProxy(slot);
    this.table.remove(slot);
    this.byId.delete(id);
    this.contacts.removeSlot(slot);
    // As an edit in place of the slot: the listed pairs with it are left out, and a shape added to
    // the slot later has its new pairs found. The ignored pairs are found again (an editor's ask).
    this.contacts.touch(slot);
    this.ignored.reorder();
    this.synced = null;
    this.changed();
  }

  /**
   * Puts the shape with this id at (x, y), turned by `rotation` degrees (default: as it was). The
   * world answers as if its object were replaced by a copy with these values, as the editor's drag
   * does; the copy is made only when asked for (lookup, forEachInBox), so a frame of moves makes
   * no object. Throws WorldError for an unknown id or a number that is not finite or beyond ±1e15,
   * and then changes nothing. A number passed to a call V8 does not inline is boxed: moveTo takes
   * them in an object the game keeps.
   *
   * @param id - The shape's id.
   * @param x - The new world x of its position (absolute, not an offset from where it is).
   * @param y - The new world y of its position.
   * @param rotation - The new rotation in degrees, clockwise on screen; left out, the shape keeps its rotation.
   */
  move(id: string, x: number, y: number, rotation?: number): void {
    moveArgs.x = x;
    moveArgs.y = y;
    moveArgs.rotation = rotation;
    this.place("move", id, moveArgs);
  }

  /**
   * move(id, to.x, to.y, to.rotation) with no allocation: `to` is an object the game keeps and rewrites.
   *
   * @param id - The shape's id.
   * @param to - The new absolute position (world) and, when given, rotation (degrees, not a Phaser sprite's radians); read during the call only.
   */
  moveTo(id: string, to: MoveTarget): void {
    checkObject("moveTo", "to", to, "{ x, y, rotation? }");
    const o = to as GameObjectKeys;
    if (o.scene !== undefined || o.body !== undefined || o.parts !== undefined || (o.angle !== undefined && o.rotation !== undefined)) refuseGameObject(id, o);
    this.place("moveTo", id, to);
  }

  private place(call: string, id: string, to: MoveTarget): void {
    const slot = this.byId.get(id), x = to.x, y = to.y, rotation = to.rotation;
    if (slot === undefined || !placeable(x) || !placeable(y) || (rotation !== undefined && !placeable(rotation))) this.refuseMove(call, id, x, y, rotation);
    const table = this.table, broadPhase = this.broadPhase, t = broadPhase.tight, k = 4 * slot;
    // As add() and the loader hold it: in (−180, 180] (270 is −90). normalizeDegrees written out:
    // the call, rarely taken and so not inlined, made the turn a boxed number on every move.
    let turn = table.rotation(slot);
    if (rotation !== undefined) {
      const r = rotation % 360;
      turn = r > 180 ? r - 360 : r <= -180 ? r + 360 : r + 0;
    }
    const minX = t[k]!, minY = t[k + 1]!;
    movePose[0] = x;
    movePose[1] = y;
    writeRotFromDegrees(turn, movePose, 2);
    movePose[4] = turn;
    // The box writeShapeBounds gives a copy so placed: the same numbers.
    const fields = table.fields(slot);
    coreKindOf(fields).writeBounds(fields, movePose, t, k);
    table.place(slot, movePose);
    // The filter bits stay: only a box that left its fat box needs the broad phase, which
    // stretches the new one along the step.
    const step = broadPhase.step;
    step[0] = t[k]! - minX;
    step[1] = t[k + 1]! - minY;
    broadPhase.moveProxy(slot, true);
    this.edited(slot);
  }

  /** Throws the WorldError of a move() refused, naming each problem. */
  private refuseMove(call: string, id: string, x: number, y: number, rotation: number | undefined): never {
    this.slotOf(call, id);
    const problems = [moveProblem("x", x), moveProblem("y", y), rotation === undefined ? null : moveProblem("rotation", rotation)].filter((p) => p !== null);
    throw new WorldError(`${call}(${JSON.stringify(id)}): ${problems.join("; ")}`, problems);
  }

  /** The slot of `id`, or a WorldError naming the call. */
  private slotOf(call: string, id: string): number {
    const slot = this.byId.get(id);
    if (slot === undefined) {
      if (typeof id !== "string") fail(call, "id", "a string", id);
      throw new WorldError(`${call}(${JSON.stringify(id)}): the world holds no shape with this id${this.namedHint(id)}`);
    }
    return slot;
  }

  /** For an unknown id (the error path only): `: a shape is named "Player": its id is "player"`, or "". */
  private namedHint(id: string): string {
    if (typeof id !== "string") return "";
    for (const slot of this.byId.values()) {
      if (this.table.name(slot) === id) return `: a shape is named ${JSON.stringify(id)}: its id is ${JSON.stringify(this.table.id(slot))}`;
    }
    return "";
  }

  /** One shape was added or replaced in place: only its contacts and ignored pairs are looked at again. */
  private edited(slot: number): void {
    this.contacts.touch(slot);
    this.ignored.touch(slot);
    this.synced = null;
    this.changed();
  }

  /**
   * Ids of the world's shapes that overlap `query` (a shape not in the world, or a geometry and
   * transform), in scene order: the test of overlaps(), so touching counts as it does there.
   * Returns a new array.
   * Sensors are left out unless `includeSensors`; `mask` and `ignore` as the queries'. The query
   * shape's own collision bits are not used. Throws WorldError for a shape the format refuses, or
   * a geometry or transform that is not one (a transform's c and s must be a rotation's cosine and sine). overlapShapeInto allocates nothing.
   *
   * @param query - A scene shape (world position, rotation in degrees; no id needed), or `{ geometry, transform }`.
   * @param options - `mask`, `ignore` and `includeSensors`, as the queries'.
   */
  overlapShape(query: QueryShape | PlacedGeometry, options?: OverlapShapeOptions): string[] {
    const placed = placedQuery("overlapShape", query), out: string[] = [];
    this.overlapShapeIn("overlapShape", placed.geometry, placed.transform, out, options);
    return out;
  }

  /**
   * Sweeps a shape the world does not hold (a scene shape, its id and rotation optional, or
   * `{ geometry, transform }`), without turning it, from where it is placed to `to` (where its
   * position ends, as sweep's), against the world's shapes (Box2D's b2World_CastShape): whether a
   * character would fit through a gap, where a thrown crate lands. Results, modes and options as
   * sweep's; the query has no collision bits, so `mask`, `ignore` and `includeSensors` alone pick
   * the shapes it meets (as overlapShape). Throws WorldError for bad input, as overlapShape.
   *
   * @param query - The shape to cast: a scene shape (world coordinates; `id` and `rotation` may be
   *   left out), or a geometry from the makers placed by a transform.
   * @param to - Where the shape's position ends (an absolute point in the world, not a translation).
   * @param options - `mode` ("closest" by default, "all" or "any"), `mask`, `ignore`,
   *   `includeSensors` and `ignoreLeaving`, as sweep's.
   */
  castShape(query: QueryShape | PlacedGeometry, to: Vec2, options: SweepOptions = NO_OPTIONS): CastHit[] {
    const { geometry, transform } = placedQuery("castShape", query);
    checkGeometry("castShape", "geometry", geometry);
    checkTransform("castShape", "transform", transform);
    checkPoint("castShape", "to", to);
    checkOptions("castShape", options, SWEEP_OPTIONS);
    const mode = options.mode ?? "closest", tx = to.x - transform.px, ty = to.y - transform.py, box = this.box;
    writeAABB(geometry, transform, box);
    box[0] = Math.min(box[0]!, box[0]! + tx); box[1] = Math.min(box[1]!, box[1]! + ty);
    box[2] = Math.max(box[2]!, box[2]! + tx); box[3] = Math.max(box[3]!, box[3]! + ty);
    return this.castFound(this.collect(-1, options), geometry, transform, tx, ty, mode, options.ignoreLeaving === true);
  }

  /**
   * Casts `geometry` at `transform` by (tx, ty) against the candidates found[0…n), in scene order,
   * and gives the hits as `mode` asks (sweep's and castShape's results; "any" stops at the first).
   */
  private castFound(n: number, geometry: ShapeGeometry, transform: Transform, tx: number, ty: number, mode: QueryMode, ignoreLeaving: boolean): CastHit[] {
    const table = this.table, hits: { index: number; hit: CastHit }[] = [];
    for (let i = 0; i < n; i++) {
      const q = this.found[i]!;
      shapeCast(table.geometry(q), table.transform(q, xfQueried), geometry, transform, tx, ty, cast, 1, ignoreLeaving);
      if (!cast.hit) continue;
      hits.push({ index: table.index(q), hit: toHit(table.id(q), cast) });
      if (mode === "any") break;
    }
    return finish(hits, mode);
  }

  /**
   * overlapShape of a geometry placed by a transform, with no allocation: the ids, in scene order,
   * into out[0…n), n returned (entries past n are left as they were).
   *
   * @param geometry - The query geometry in its own frame (a maker's value).
   * @param transform - Where it is in the world.
   * @param out - Receives the ids; grows only when an answer is longer than any before.
   * @param options - `mask`, `ignore` and `includeSensors`, as the queries'.
   */
  overlapShapeInto(geometry: ShapeGeometry, transform: Transform, out: string[], options: OverlapShapeOptions = NO_OPTIONS): number {
    return this.overlapShapeIn("overlapShapeInto", geometry, transform, out, options);
  }

  /** overlapShapeInto, its errors naming `call`. */
  private overlapShapeIn(call: string, geometry: ShapeGeometry, transform: Transform, out: string[], options: OverlapShapeOptions = NO_OPTIONS): number {
    checkGeometry(call, "geometry", geometry);
    checkTransform(call, "transform", transform);
    checkArray(call, out);
    checkOptions(call, options, OVERLAP_OPTIONS);
    writeAABB(geometry, transform, this.box);
    const table = this.table, found = this.collect(-1, options);
    let n = 0;
    for (let i = 0; i < found; i++) {
      const slot = this.found[i]!;
      // The world's shape first, as a pair of overlaps() with it first in scene order.
      if (collide(table.geometry(slot), table.transform(slot, xfQueried), geometry, transform, queryManifold).pointCount > 0) this.found[n++] = slot;
    }
    return this.writeIds(n, out);
  }

  /** The begin and end events' state between calls: the sensor contacts', the solid ones'. */
  private readonly sensorReporter = new ContactReporter(true);
  private readonly contactReporter = new ContactReporter(false);

  /**
   * The sensor contacts (sensorContacts()) that began and ended since the last call; the first
   * call reports every current one as begun. A contact is its two ids, whichever comes first: one
   * that lasts is not reported again however its shapes move, and one that ends and begins again
   * between two calls is not reported at all. Call it once a step, after the step's edits. New
   * arrays each call; sensorEventsInto gives the same events with no allocation.
   */
  sensorEvents(): SensorEvents {
    return this.events(this.sensorReporter);
  }

  /**
   * sensorEvents() with no allocation in a game loop's steady state: the contacts that began go to
   * out.begin[0…beginCount), ordered as sensorContacts(); those that ended to
   * out.end[0…endCount), each as it was last listed, ordered as listed. Each is the contact's
   * record (ContactEventBuffer). Entries past the counts are left as they were, and the arrays grow
   * only when more events come at once than ever before. Returns beginCount + endCount. It shares
   * sensorEvents()'s "since the last call": a call of either form starts the next period.
   *
   * @param out - A buffer the game keeps and passes to every call (a SensorEventBuffer or any ContactEventBuffer).
   */
  sensorEventsInto(out: ContactEventBuffer): number {
    return this.eventsInto(this.sensorReporter, out, "sensorEventsInto");
  }

  /**
   * The solid contacts (the pairs overlaps() lists: no sensor on either side, and the filter lets
   * them interact) that began and ended since the last call, as Box2D's begin and end touch
   * events; the first call reports every current one as begun. As sensorEvents(), a contact is its
   * two ids, one that lasts is not reported again, and one that ends and begins again between two
   * calls is not reported. Its "since the last call" is its own, apart from sensorEvents()'s. New
   * arrays each call; contactEventsInto gives the same events with no allocation.
   */
  contactEvents(): ContactEvents {
    return this.events(this.contactReporter);
  }

  /**
   * contactEvents() with no allocation in a game loop's steady state, as sensorEventsInto is
   * sensorEvents(): the contacts that began into out.begin[0…beginCount), ordered as overlaps();
   * those that ended into out.end[0…endCount). Returns beginCount + endCount. It shares
   * contactEvents()'s "since the last call".
   *
   * @param out - A ContactEventBuffer the game keeps and passes to every call (not the one it passes to sensorEventsInto, whose entries it would overwrite).
   */
  contactEventsInto(out: ContactEventBuffer): number {
    return this.eventsInto(this.contactReporter, out, "contactEventsInto");
  }

  private events(reporter: ContactReporter): ContactEvents {
    const events = eventScratch;
    if (this.report(reporter, events) === 0) return NO_EVENTS;
    const begin: OverlapPair[] = [], end: { a: string; b: string }[] = [];
    for (let i = 0; i < events.beginCount; i++) begin.push(this.contacts.pair(reporter.began[i]!));
    for (let i = 0; i < events.endCount; i++) end.push({ a: events.end[i]!.a, b: events.end[i]!.b });
    return { begin, end };
  }

  private eventsInto(reporter: ContactReporter, out: ContactEventBuffer, call: string): number {
    if (!(out instanceof ContactEventBuffer) && !isMarked(out, "ContactEventBuffer")) fail(call, "out", "a ContactEventBuffer", out);
    return this.report(reporter, out);
  }

  /** The events since the reporter's last call into a buffer known to be one, the contacts brought up to date first. */
  private report(reporter: ContactReporter, out: ContactEventBuffer): number {
    this.prepareOverlaps(Infinity);
    return reporter.report(this.contacts, this.byId, out);
  }

  /**
   * Makes the geometry of up to `limit` shapes that have none yet (sync() leaves it to be made
   * when first needed), so that the first queries after it cost what later ones do: true once
   * every shape's is made. loadScene calls it; an editor can spread it over idle time. Throws a
   * WorldError naming a shape that bypassed validation and has no geometry, as a query would.
   *
   * @param limit - How many shapes' geometry to make at most; every remaining one by default.
   */
  prepareGeometry(limit = Infinity): boolean {
    return this.table.prepare(limit);
  }

  /**
   * Does up to `limit` contacts' worth of the work the next overlaps() would do, so that a caller
   * can spread a big first load over several tasks: true once overlaps() has only its list left to
   * make. The first step also lets the broad phase find the new candidate pairs. A sync in between
   * starts the contacts' update again (the pairs found stay).
   *
   * @param limit - How many contacts to bring up to date at most in this call.
   */
  prepareOverlaps(limit: number): boolean {
    if (!this.pairsDirty) return true;
    const contacts = this.contacts;
    if (!contacts.updating) {
      contacts.begin(this.broadPhase.updatePairs(contacts, this.pairFilter));
    }
    if (!contacts.update(limit)) return false;
    this.pairsDirty = false;
    return true;
  }

  /** The broad phase's filter of new pairs: made once, so that an update makes no closure. */
  private readonly pairFilter = (p: number, q: number): boolean => this.table.collides(p, q);

  /**
   * Every overlapping pair of solid shapes (no sensor on either side) that the filter lets
   * interact, `a` before `b` in scene order, sorted by (a, b) scene index: the overlap warnings.
   * The same array until the shapes change; overlapsInto gives the same pairs with no allocation.
   */
  overlaps(): readonly OverlapPair[] {
    return this.splitContacts().solid;
  }

  /**
   * overlaps() with no allocation in a game loop's steady state: the pairs into out.pairs[0…n),
   * records of the buffer's own rewritten in place (OverlapBuffer), n returned and in out.count.
   *
   * @param out - A buffer the game keeps and passes to every call.
   */
  overlapsInto(out: OverlapBuffer): number {
    if (!(out instanceof OverlapBuffer) && !isMarked(out, "OverlapBuffer")) fail("overlapsInto", "out", "an OverlapBuffer", out);
    this.prepareOverlaps(Infinity);
    const contacts = this.contacts, n = contacts.list(), pairs = out.pairs;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const c = contacts.at(i);
      if (!contacts.sensor(c)) contacts.write(c, (pairs[count++] ??= new OverlapRecord()));
    }
    return (out.count = count);
  }

  /**
   * Every overlapping pair with a sensor on either side (two sensors included) that the filter
   * lets interact, each with `sensor: true`, ordered as overlaps(): the triggers' contacts. The
   * same array until the shapes change.
   */
  sensorContacts(): readonly OverlapPair[] {
    return this.splitContacts().sensor;
  }

  /** The contacts' list in its two parts, made again only when the list changes. */
  private split: SplitPairs | null = null;

  private splitContacts(): SplitPairs {
    this.prepareOverlaps(Infinity);
    const contacts = this.contacts, n = contacts.list();
    if (this.split?.from === contacts.listVersion) return this.split;
    const solid: OverlapPair[] = [], sensor: OverlapPair[] = [];
    for (let i = 0; i < n; i++) {
      const c = contacts.at(i);
      (contacts.sensor(c) ? sensor : solid).push(contacts.pair(c));
    }
    return (this.split = { from: contacts.listVersion, solid, sensor: sensor.length > 0 ? sensor : NO_PAIRS });
  }

  /** Whether a query with these options looks at the shape in `slot`: its layer is scanned, it is not left out, and it is no sensor unless sensors are asked for. */
  private queried(slot: number, options: WorldQueryOptions): boolean {
    const table = this.table;
    if (!table.seenBy(slot, options.mask)) return false;
    if (options.includeSensors !== true && table.sensor(slot)) return false;
    return options.ignore === undefined || !options.ignore.has(table.id(slot));
  }

  /**
   * Every overlapping pair that the filter keeps apart, with why (IgnoredPair.misses), ordered as
   * overlaps(). Pairs with a sensor are listed too, marked `sensor: true` as in sensorContacts():
   * a trigger that does not fire because the bits keep it apart is what a designer looks for.
   * Found when asked, apart from overlaps(), which never pays for it.
   */
  ignoredOverlaps(): readonly IgnoredPair[] {
    return this.ignored.pairs();
  }

  /**
   * Calls visit(shape) for every shape whose bounding box meets the given box (touching counts) and
   * whose layer the mask scans (no mask: every shape), in no particular order. An infinite bound
   * reaches everything; NaN throws WorldError.
   *
   * @param minX - The box's left edge, world x.
   * @param minY - The box's top edge, world y (y grows downward).
   * @param maxX - The box's right edge, world x (not a width).
   * @param maxY - The box's bottom edge, world y (not a height).
   * @param visit - Called once per shape found, with the shape as the world holds it.
   * @param mask - Collision layer bits: only shapes with `collisionLayer & mask ≠ 0`; left out, every shape.
   */
  forEachInBox(minX: number, minY: number, maxX: number, maxY: number, visit: (shape: Shape) => void, mask?: number): void {
    checkBox("forEachInBox", { minX, minY, maxX, maxY });
    checkMask("forEachInBox", "mask", mask);
    if (typeof visit !== "function") fail("forEachInBox", "visit", "a function", visit);
    const table = this.table;
    this.broadPhase.query(minX, minY, maxX, maxY, (slot) => {
      if (table.seenBy(slot, mask)) visit(table.shape(slot));
    });
  }

  /**
   * Ids of the shapes whose box meets the given box (touching counts) and whose layer the mask scans, in scene order,
   * in a new array. queryBoxInto allocates nothing.
   *
   * @param minX - The box's left edge, world x.
   * @param minY - The box's top edge, world y (y grows downward).
   * @param maxX - The box's right edge, world x (not a width).
   * @param maxY - The box's bottom edge, world y (not a height).
   * @param mask - Collision layer bits: only shapes with `collisionLayer & mask ≠ 0`; left out, every shape.
   */
  queryBox(minX: number, minY: number, maxX: number, maxY: number, mask?: number): string[] {
    const out: string[] = [];
    this.boxInto("queryBox", { minX, minY, maxX, maxY }, out, mask);
    return out;
  }

  /**
   * queryBox with no allocation: the box as an object the caller keeps (numbers passed one by one
   * would be boxed); the ids, in scene order, into out[0…n), n returned (entries past n are left
   * as they were, and `out` grows only when an answer is longer than any before).
   *
   * @param box - `{ minX, minY, maxX, maxY }` in world units, min at most max.
   * @param out - Receives the ids.
   * @param mask - Collision layer bits: only shapes with `collisionLayer & mask ≠ 0`; left out, every shape.
   */
  queryBoxInto(box: AABB, out: string[], mask?: number): number {
    return this.boxInto("queryBoxInto", box, out, mask);
  }

  /** queryBoxInto, its errors naming `call`. */
  private boxInto(call: string, box: AABB, out: string[], mask: number | undefined): number {
    checkBox(call, box);
    checkMask(call, "mask", mask);
    checkArray(call, out);
    const b = this.box;
    b[0] = box.minX; b[1] = box.minY; b[2] = box.maxX; b[3] = box.maxY;
    this.collectMask = mask;
    return this.writeIds(this.collect(-1, null), out);
  }

  /**
   * Ids of the shapes that contain the point (x, y), their boundary included (containsPoint), in
   * scene order: what is under a cursor or a foot. Sensors are left out unless `includeSensors`;
   * `mask` and `ignore` as the other queries'. A chain (edges only) contains no point. Throws
   * WorldError for a number that is not finite or beyond ±1e15. Returns a new array; queryPointInto allocates nothing.
   *
   * @param x - The point's world x.
   * @param y - The point's world y.
   * @param options - `mask`, `ignore` and `includeSensors`, as the queries'.
   */
  queryPoint(x: number, y: number, options?: OverlapShapeOptions): string[] {
    checkNumber("queryPoint", "x", x);
    checkNumber("queryPoint", "y", y);
    const out: string[] = [];
    this.queryPointIn("queryPoint", { x, y }, out, options);
    return out;
  }

  /**
   * queryPoint with no allocation: the point as an object the caller keeps; the ids, in scene
   * order, into out[0…n), n returned (entries past n are left as they were).
   *
   * @param point - The world point, an object the caller keeps.
   * @param out - Receives the ids; grows only when an answer is longer than any before.
   * @param options - `mask`, `ignore` and `includeSensors`, as the queries'.
   */
  queryPointInto(point: Vec2, out: string[], options: OverlapShapeOptions = NO_OPTIONS): number {
    return this.queryPointIn("queryPointInto", point, out, options);
  }

  /** queryPointInto, its errors naming `call`. */
  private queryPointIn(call: string, point: Vec2, out: string[], options: OverlapShapeOptions = NO_OPTIONS): number {
    checkPoint(call, "point", point);
    checkArray(call, out);
    checkOptions(call, options, OVERLAP_OPTIONS);
    const b = this.box, x = point.x, y = point.y;
    b[0] = x; b[1] = y; b[2] = x; b[3] = y;
    // containsPoint may hold a point a rounding outside the shape's exact box: the fat boxes'
    // margin (broad-phase.ts fatten) is well above it, so the candidates are those boxes'.
    this.collectLoose = true;
    const table = this.table, found = this.collect(-1, options);
    let n = 0;
    for (let i = 0; i < found; i++) {
      const slot = this.found[i]!;
      if (containsPoint(table.geometry(slot), table.transform(slot, xfQueried), x, y)) this.found[n++] = slot;
    }
    return this.writeIds(n, out);
  }

  /**
   * Casts the ray from → to through the tree: as the one-pass scan over the scene would, the
   * closest hit (a tie goes to the shape first in scene order), or every hit by fraction, ties in
   * scene order; "any" stops at the first hit the tree reaches. Returns a new array (empty for a
   * miss); raycastClosest allocates nothing.
   *
   * @param from - The ray's start, a world point.
   * @param to - The ray's end, a world point (not a direction): hits lie between the two.
   * @param options - `mode` ("closest" by default), `mask`, `ignore`, `reportInside`, `includeSensors`.
   */
  raycast(from: Vec2, to: Vec2, options: WorldQueryOptions = NO_OPTIONS): CastHit[] {
    // The points first: raycast(0, 0, 0, 100) is a mistake in `from`, not in the options.
    checkPoint("raycast", "from", from);
    checkPoint("raycast", "to", to);
    checkOptions("raycast", options, RAY_OPTIONS);
    const mode = options.mode ?? "closest";
    if (mode === "closest") return this.closestRay("raycast", from, to, closestHit, options) ? [hitOf(closestHit)] : [];
    const table = this.table, tree = this.broadPhase.tree;
    rayOptions.reportInside = options.reportInside ?? false;
    const hits: { index: number; hit: CastHit }[] = [];
    let stop = false;
    rayOptions.maxFraction = 1;
    tree.rayCast(from.x, from.y, to.x, to.y, 1, (_proxy, slot, maxFraction) => {
      if (stop) return 0;
      if (!this.queried(slot, options)) return -1;
      rayCast(table.geometry(slot), table.transform(slot, xfQueried), from.x, from.y, to.x, to.y, cast, rayOptions);
      if (!cast.hit) return -1;
      hits.push({ index: table.index(slot), hit: toHit(table.id(slot), cast) });
      if (mode === "any") {
        stop = true;
        return 0;
      }
      return maxFraction;
    });
    return finish(hits, mode);
  }

  /**
   * raycast's closest hit with no allocation: written into `out` (a QueryHit the caller keeps),
   * returning true, or false for a miss (`out` then unchanged). `options.mode` is not read.
   *
   * @param from - The ray's start, a world point.
   * @param to - The ray's end, a world point (not a direction).
   * @param out - Receives the hit.
   * @param options - `mask`, `ignore`, `reportInside`, `includeSensors`.
   */
  raycastClosest(from: Vec2, to: Vec2, out: QueryHit, options: WorldQueryOptions = NO_OPTIONS): boolean {
    return this.closestRay("raycastClosest", from, to, out, options);
  }

  /** raycastClosest, its errors naming `call`. */
  private closestRay(call: string, from: Vec2, to: Vec2, out: QueryHit, options: WorldQueryOptions = NO_OPTIONS): boolean {
    checkPoint(call, "from", from);
    checkPoint(call, "to", to);
    if (!(out instanceof QueryHit) && !isMarked(out, "QueryHit")) fail(call, "out", "a QueryHit", out);
    checkOptions(call, options, RAY_OPTIONS);
    rayOptions.reportInside = options.reportInside ?? false;
    this.rayOptions = options;
    const tree = this.broadPhase.tree, args = tree.rayArgs, ray = this.ray;
    ray[0] = from.x; ray[1] = from.y; ray[2] = to.x; ray[3] = to.y;
    args[0] = ray[0]!; args[1] = ray[1]!; args[2] = ray[2]!; args[3] = ray[3]!; args[4] = 1;
    this.bestSlot = -1;
    tree.rayCastIn(this.rayVisit);
    this.rayOptions = NO_OPTIONS;
    if (this.bestSlot < 0) return false;
    const b = this.best;
    out.shape = this.table.id(this.bestSlot);
    out.fraction = b[0]!; out.pointX = b[1]!; out.pointY = b[2]!; out.normalX = b[3]!; out.normalY = b[4]!;
    out.startedInside = this.bestInside;
    return true;
  }

  // The closest ray's state, in the world's fields so that its visit is made once: the ray, the
  // options, the best hit so far (slot, scene index, and fraction, point, normal in `best`).
  private rayOptions: WorldQueryOptions = NO_OPTIONS;
  private readonly ray = new Float64Array(4);
  private readonly best = new Float64Array(5);
  private bestSlot = -1;
  private bestIndex = 0;
  private bestInside = false;
  private readonly rayVisit = (_proxy: number, slot: number): number => {
    const table = this.table, ray = this.ray, args = this.broadPhase.tree.rayArgs;
    if (!this.queried(slot, this.rayOptions)) return -1;
    rayOptions.maxFraction = args[5]!;
    rayCast(table.geometry(slot), table.transform(slot, xfQueried), ray[0]!, ray[1]!, ray[2]!, ray[3]!, cast, rayOptions);
    if (!cast.hit) return -1;
    // The ray is clipped at the best hit, so this one is no farther; a tie goes to scene order.
    if (this.bestSlot >= 0 && cast.fraction === this.best[0] && table.index(slot) > this.bestIndex) return -1;
    this.bestSlot = slot;
    this.bestIndex = table.index(slot);
    const b = this.best;
    // Separate stores: the value of a chained assignment (a = b = x) is boxed.
    b[0] = cast.fraction; args[5] = cast.fraction; b[1] = cast.pointX; b[2] = cast.pointY; b[3] = cast.normalX; b[4] = cast.normalY;
    this.bestInside = cast.startedInside;
    return RAY_CLIP;
  };

  /**
   * A probe's closest hit: null for a miss, or for a sweep of a shape the world does not hold.
   * Sensors stop it only when the probe says `includeSensors` (or `options` does); it sees only
   * the layers of its `mask`, when it has one. Throws WorldError for a probe the format refuses.
   *
   * @param probe - A scene file's probe (loadScene's `probes`).
   * @param options - `includeSensors`: let sensors stop it even when the probe does not say so.
   */
  probe(probe: Probe, options: Pick<WorldQueryOptions, "includeSensors"> = NO_OPTIONS): CastHit | null {
    const problems = probeProblems(probe, 0).map(([path, message]) => `${formatPath(path.slice(2)) || "probe"}: ${message}`);
    if (problems.length > 0) throw new WorldError(`probe: ${problems.join("; ")}`, problems);
    checkOptions("probe", options, PROBE_OPTIONS);
    const includeSensors = probe.includeSensors === true || options.includeSensors === true;
    const asked = probe.mask === undefined ? { includeSensors } : { includeSensors, mask: probe.mask };
    if (probe.type === "ray") return this.raycast(vec2(probe.from[0], probe.from[1]), vec2(probe.to[0], probe.to[1]), asked)[0] ?? null;
    if (!this.byId.has(probe.shape)) return null;
    return this.sweep(probe.shape, vec2(probe.to[0], probe.to[1]), asked)[0] ?? null;
  }

  /**
   * Sweeps shape `movingId` (without turning it) from its position to `to` against the shapes the
   * filter lets it meet, never itself: candidates from the swept box, cast in scene order so a
   * closest sweep clips at the best fraction so far. Results as raycast's. Throws WorldError for
   * an unknown id. Returns a new array (empty for a miss); sweepClosest allocates nothing.
   *
   * @param movingId - The id of the world's shape that moves; it is not moved (move() it to where it stops).
   * @param to - Where the shape's position ends, a world point: an absolute position, not a translation. A hit's fraction is of the way from its position to `to`.
   * @param options - `mode` ("closest" by default), `mask`, `ignore`, `includeSensors`, `ignoreLeaving`.
   */
  sweep(movingId: string, to: Vec2, options: SweepOptions = NO_OPTIONS): CastHit[] {
    // `to` first: sweep("player", 0, 100) is a mistake in `to`, not in the options.
    if (to !== STILL) checkPoint("sweep", "to", to);
    checkOptions("sweep", options, SWEEP_OPTIONS);
    const mode = options.mode ?? "closest";
    if (mode === "closest") return this.closestSweep("sweep", movingId, to, closestHit, options) ? [hitOf(closestHit)] : [];
    const found = this.sweepCandidates("sweep", movingId, to, options), table = this.table, slot = this.byId.get(movingId)!;
    return this.castFound(found, table.geometry(slot), table.transform(slot, xfMoving), this.ray[2]!, this.ray[3]!, mode, options.ignoreLeaving === true);
  }

  /**
   * sweep's closest hit with no allocation: written into `out` (a QueryHit the caller keeps),
   * returning true, or false for a miss (`out` then unchanged). `options.mode` is not read.
   *
   * @param movingId - The id of the world's shape that moves; it is not moved.
   * @param to - Where the shape's position ends, a world point: an absolute position, not a translation.
   * @param out - Receives the hit.
   * @param options - `mask`, `ignore`, `includeSensors`, `ignoreLeaving`.
   */
  sweepClosest(movingId: string, to: Vec2, out: QueryHit, options: SweepOptions = NO_OPTIONS): boolean {
    return this.closestSweep("sweepClosest", movingId, to, out, options);
  }

  /** sweepClosest, its errors naming `call`. */
  private closestSweep(call: string, movingId: string, to: Vec2, out: QueryHit, options: SweepOptions): boolean {
    if (!(out instanceof QueryHit) && !isMarked(out, "QueryHit")) fail(call, "out", "a QueryHit", out);
    const found = this.sweepCandidates(call, movingId, to, options), table = this.table, slot = this.byId.get(movingId)!;
    const movingGeometry = table.geometry(slot), movingTransform = table.transform(slot, xfMoving);
    // The cast's translation and the best fraction so far, handed over in an array (the doubles
    // of a call V8 does not inline are boxed).
    const motion = sweepMotion, leaving = options.ignoreLeaving === true;
    motion[2] = 1;
    let hit = -1;
    for (let i = 0; i < found; i++) {
      const q = this.found[i]!;
      motion[0] = this.ray[2]!; motion[1] = this.ray[3]!;
      shapeCastIn(table.geometry(q), table.transform(q, xfQueried), movingGeometry, movingTransform, motion, cast, leaving);
      if (!cast.hit || (hit >= 0 && !(cast.fraction < motion[2]!))) continue;
      hit = q;
      motion[2] = cast.fraction;
      out.fraction = cast.fraction; out.pointX = cast.pointX; out.pointY = cast.pointY; out.normalX = cast.normalX; out.normalY = cast.normalY;
      out.startedInside = cast.startedInside;
    }
    if (hit < 0) return false;
    out.shape = table.id(hit);
    return true;
  }

  /**
   * A sweep's checks, then its candidates in found[0…n), in scene order; the translation in
   * ray[2], ray[3] (none for `to` STILL: the shapes whose boxes meet the mover's). `known`: the
   * options the call reads. Returns n.
   */
  private sweepCandidates(call: string, movingId: string, to: Vec2, options: SweepOptions, known = SWEEP_OPTIONS): number {
    if (typeof movingId !== "string") fail(call, "the id", "a string", movingId);
    const slot = this.slotOf(call, movingId);
    if (to !== STILL) checkPoint(call, "to", to);
    checkOptions(call, options, known);
    const t = this.broadPhase.tight;
    // The shape's position from its transform (the same numbers as its x, y): a number read there
    // is not returned by a call, which V8 boxes when it does not inline the call.
    this.table.geometry(slot);
    const xf = this.table.transform(slot, xfMoving);
    const tx = to === STILL ? 0 : to.x - xf.px, ty = to === STILL ? 0 : to.y - xf.py;
    this.ray[2] = tx; this.ray[3] = ty;
    const k = 4 * slot, box = this.box;
    box[0] = Math.min(t[k]!, t[k]! + tx); box[1] = Math.min(t[k + 1]!, t[k + 1]! + ty);
    box[2] = Math.max(t[k + 2]!, t[k + 2]! + tx); box[3] = Math.max(t[k + 3]!, t[k + 3]! + ty);
    return this.collect(slot, options);
  }

  /**
   * The planes that push shape `movingId` out of the shapes it overlaps where it stands, after
   * Box2D's b2World_CollideMover: for each shape the filter lets it meet (as its sweeps: sensors
   * only with `includeSensors`, `mask` and `ignore` as the queries'), in scene order, a PlaneResult
   * with the shape's id, the unit normal out of that shape (moving the mover by `depth` along it
   * separates the two) and a contact point, written into out[0…n) (reusing the PlaneResults there,
   * making one only where out is shorter than ever before); returns n. The overlap is overlaps()'s
   * manifold of the pair, the shape first: touching is no overlap. A one-sided chain gives a plane
   * only from edges whose front the mover's centre is on or in front of (mover-planes.ts), so a
   * mover passing up through a one-way platform is not pushed back. Throws WorldError for an unknown id.
   *
   * @param movingId - The id of the world's shape that is the mover.
   * @param out - Receives the planes; the game keeps it and passes it to every call.
   * @param options - `mask`, `ignore` and `includeSensors`, as the queries'.
   */
  collideMover(movingId: string, out: PlaneResult[], options: OverlapShapeOptions = NO_OPTIONS): number {
    checkArray("collideMover", out);
    const found = this.sweepCandidates("collideMover", movingId, STILL, options, OVERLAP_OPTIONS), table = this.table, slot = this.byId.get(movingId)!;
    const g = table.geometry(slot), xf = table.transform(slot, xfMoving);
    let n = 0;
    for (let i = 0; i < found; i++) {
      const q = this.found[i]!, m = collideWithMover(table.geometry(q), table.transform(q, xfQueried), g, xf, queryManifold);
      if (m.pointCount === 0) continue;
      let plane = out[n];
      if (!(plane instanceof PlaneResult || isMarked<PlaneResult>(plane, "PlaneResult"))) out[n] = plane = new PlaneResult();
      plane.shape = table.id(q);
      plane.normalX = m.normalX; plane.normalY = m.normalY; plane.depth = m.depth; plane.pointX = m.point1X; plane.pointY = m.point1Y;
      n++;
    }
    return n;
  }

  // The allocation-free queries' scratch, each world's own: the slots a query collected
  // (found[0…n)), and the state of collectVisit, made once.
  private found = new Int32Array(64);
  private foundCount = 0;
  private readonly box = new Float64Array(4);
  private collectMoving = -1;
  private collectMask: number | undefined = undefined;
  private collectOptions: WorldQueryOptions | null = null;
  /** Candidates by their fat boxes alone (the tree's), for a test that rounds past the exact box. */
  private collectLoose = false;
  private readonly collectVisit = (_proxy: number, slot: number): boolean => {
    const t = this.broadPhase.tight, k = 4 * slot, box = this.box, moving = this.collectMoving, options = this.collectOptions;
    if (slot === moving || (!this.collectLoose && !(t[k]! <= box[2]! && box[0]! <= t[k + 2]! && t[k + 1]! <= box[3]! && box[1]! <= t[k + 3]!))) return true;
    if (options === null ? !this.table.seenBy(slot, this.collectMask) : !this.queried(slot, options) || (moving >= 0 && !this.table.collides(moving, slot))) return true;
    if (this.foundCount === this.found.length) {
      const grown = new Int32Array(2 * this.found.length);
      grown.set(this.found);
      this.found = grown;
    }
    this.found[this.foundCount++] = slot;
    return true;
  };

  /**
   * Puts in found[0…n), in scene order, the slots whose exact box (fat box, when collectLoose)
   * meets `box` (touching counts) that a query with `options` looks at (null: those collectMask scans, sensors too),
   * never `moving`, and with moving ≥ 0 only those the filter lets it meet. Returns n.
   */
  private collect(moving: number, options: WorldQueryOptions | null): number {
    this.collectMoving = moving;
    this.collectOptions = options;
    this.foundCount = 0;
    this.broadPhase.tree.queryIn(this.box, this.collectVisit);
    this.collectOptions = null;
    this.collectLoose = false;
    this.collectMask = undefined;
    sortSlots(this.found, this.foundCount, this.table);
    return this.foundCount;
  }

  /**
   * The ids of found[0…n) into out[0…n); returns n. Entries past n are left as they were: setting
   * a shorter length lets V8 shrink the array's store, and the next longer answer allocates one.
   */
  private writeIds(n: number, out: string[]): number {
    const table = this.table, found = this.found;
    for (let i = 0; i < n; i++) out[i] = table.id(found[i]!);
    return n;
  }
}

/** Options left out: one shared object, so that a query without them allocates none. */
const NO_OPTIONS: WorldQueryOptions = Object.freeze({});

/** collideMover's "target" for the sweeps' candidates: no motion (never a caller's object, so a bad `to` is still refused). */
const STILL: Vec2 = Object.freeze({ x: 0, y: 0 });

/** The convenient forms' closest hit, read into a CastHit. */
const closestHit = new QueryHit();

const hitOf = (h: QueryHit): CastHit => ({ shape: h.shape, fraction: h.fraction, point: vec2(h.pointX, h.pointY), normal: vec2(h.normalX, h.normalY), startedInside: h.startedInside });

function toHit(id: string, c: CastOutput): CastHit {
  return { shape: id, fraction: c.fraction, point: vec2(c.pointX, c.pointY), normal: vec2(c.normalX, c.normalY), startedInside: c.startedInside };
}

/**
 * A query shape placed: `{ geometry, transform }` as given (checked by the caller), or a scene
 * shape made into one, its id and rotation optional as add() takes them (a WorldError naming
 * `call` for one the format refuses).
 */
function placedQuery(call: string, query: QueryShape | PlacedGeometry): PlacedGeometry {
  checkObject(call, "query", query, "a shape or { geometry, transform }");
  if ("geometry" in query) return query;
  // The query is in no world: its id may be left out, and its rotation as add() takes it.
  const shape = { ...query, id: query.id ?? "query", rotation: query.rotation ?? 0 } as Shape;
  const problems = worldShapeProblems(shape);
  if (problems.length > 0) throw new WorldError(`${call}: ${problems.join("; ")}`, problems);
  const geometry = shapeGeometry(shape);
  return { geometry, transform: shapeTransform(shape, geometry) };
}

/** By fraction, ties in scene order; closest keeps the first. */
function finish(hits: { index: number; hit: CastHit }[], mode: QueryMode): CastHit[] {
  hits.sort((p, q) => p.hit.fraction - q.hit.fraction || p.index - q.index);
  const sorted = hits.map((h) => h.hit);
  return mode === "closest" ? sorted.slice(0, 1) : sorted;
}

/** Sorts slots[0…n) by scene index in place: a heap sort, which allocates nothing (Array.prototype.sort copies). Indices are unique. */
function sortSlots(slots: Int32Array, n: number, table: ShapeTable): void {
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(slots, i, n, table);
  for (let end = n - 1; end > 0; end--) {
    const k = slots[0]!; slots[0] = slots[end]!; slots[end] = k;
    siftDown(slots, 0, end, table);
  }
}

/** Moves slots[root] down the heap slots[0…end) (the largest scene index on top) to where it belongs. */
function siftDown(slots: Int32Array, root: number, end: number, table: ShapeTable): void {
  for (let child = 2 * root + 1; child < end; root = child, child = 2 * root + 1) {
    if (child + 1 < end && table.index(slots[child + 1]!) > table.index(slots[child]!)) child++;
    if (table.index(slots[root]!) >= table.index(slots[child]!)) return;
    const k = slots[root]!; slots[root] = slots[child]!; slots[child] = k;
  }
}

function checkArray(call: string, out: unknown): void {
  if (!Array.isArray(out)) fail(call, "out", "an array", out);
}
