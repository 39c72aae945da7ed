// Godot scene export: the scene as a Godot 4 (.tscn format=3) or Godot 3 (format=2) text scene.
// A .tscn has one root, so the root is a Node2D holding one StaticBody2D per (editor layer,
// collisionLayer, collisionMask): the bits belong to the body, not the shape. Each shape is a
// CollisionShape2D child with its own shape sub-resource. Both engines are y-down with positive
// rotation clockwise on screen, as the scene is, so positions and angles map one to one.
// Format checked against the TSCN file format docs (3.x and 4.x), scene/resources/resource_format_text.cpp
// and core/variant/variant_parser.cpp; the Godot 3 output is loaded by godot3-server in the tests.
// Sensors go under an Area2D instead (same bits). A concave polygon is a CollisionPolygon2D (build
// mode solids: Godot cuts it into convex pieces itself and the outline stays editable as one
// node); a chain one SegmentShape2D node per edge, turned along the edge, and with
// one_way_collision when one-sided: the node's local −y (the side Godot's one-way shape blocks
// from: it stops what moves along its +y) is then the edge's normal. Not one ConcavePolygonShape2D:
// a KinematicBody2D's test_move in Godot 3.2 went through one from either side (godot3-chains test).
// With images, a Sprite2D (Godot 3: Sprite) per image comes first under the root, so the art is
// drawn under the colliders; its texture is an [ext_resource] named by a res:// path, its id made
// from that path (textureIds), as sub-resource ids are from shape ids.
import { assertNever } from "../assert-never";
import { collisionLayerOf, collisionMaskOf, DEFAULT_COLLISION_LAYER, DEFAULT_COLLISION_MASK, isSensor, layerOf, sceneLayers, type ChainShape, type Layer, type Point, type Property, type Scene, type SceneImage, type Shape } from "../scene/types";
import { isConvexOutline } from "../outline";
import { rotFromDegrees } from "../vec2";
import { identifier, nodeName, siblingNames, UniqueNames, type SiblingNames } from "./godot-names";
import { godotColor, godotExtResource, godotJson, godotNodePath, godotNumber, godotReal, godotRgba, godotString, godotSubResource, godotVector2, godotVector2Array, type GodotVersion } from "./godot-variant";
import { locateImages, type ImageExportOptions, type ImageNote } from "./images";
import { objectTarget } from "./object-refs";
import { cleanNumber } from "./tiled";

export type { GodotVersion } from "./godot-variant";

export interface GodotExportOptions {
  /** 4 (default): format=3, Godot 4.x. 3: format=2, Godot 3.x. */
  readonly version?: GodotVersion;
  /** Name of the root Node2D (default "Colliders"); made a valid node name. */
  readonly rootName?: string;
  /** Add a sprite per scene image, under the collision bodies (default false). */
  readonly withImages?: boolean;
  /**
   * Where the images are, and the folder res:// names (`outputDir`: the Godot project's root);
   * by default res:// is the scene's folder. `pixelSizes` are needed for images with a width or height.
   */
  readonly images?: ImageExportOptions;
}

export const DEFAULT_GODOT_ROOT = "Colliders";

export interface GodotShapeNode {
  readonly shape: Shape;
  /**
   * The node's name, unique among its body's children: the shape's name (or id), or, when another
   * shape of the body wants that name, the name and the id ("Coin_coin-3").
   */
  readonly name: string;
  /** A chain's nodes: the index of the edge (chainEdges) this node holds. */
  readonly edge?: number;
}

export interface GodotBody {
  /**
   * The body's name: the layer's (with " Sensors" for an Area2D); when the layer needs several
   * bodies of its kind, all but one (the one with Godot's default bits, else the most shapes) add
   * their bits. Unique among the root's children.
   */
  readonly name: string;
  /** Area2D holds sensors, StaticBody2D the rest. */
  readonly type: "StaticBody2D" | "Area2D";
  readonly layer: Layer;
  readonly collisionLayer: number;
  readonly collisionMask: number;
  /** In scene order; a chain has one node per edge, in edge order. */
  readonly shapes: readonly GodotShapeNode[];
}

export interface GodotSprite {
  readonly image: SceneImage;
  /** The sprite's name (the image's id): unique among the root's children. */
  readonly name: string;
  /** "res://art/level.png". */
  readonly texture: string;
  /** Drawn size ÷ pixel size. */
  readonly scaleX: number;
  readonly scaleY: number;
}

/** What the export writes, before it is text: node names are final here. */
export interface GodotPlan {
  readonly rootName: string;
  /** Images bottom first (with `withImages`; else none). */
  readonly sprites: readonly GodotSprite[];
  /** Layers bottom first; within a layer, groups in the order their first shape appears. */
  readonly bodies: readonly GodotBody[];
  /** Images left out, and why. */
  readonly notes: readonly ImageNote[];
}

type UnnamedSprite = Omit<GodotSprite, "name">;

/** The scene's images as sprites whose texture res:// can name, and notes for the others. */
function planSprites(scene: Scene, options: GodotExportOptions): { sprites: UnnamedSprite[]; notes: ImageNote[] } {
  const sprites: UnnamedSprite[] = [];
  const notes: ImageNote[] = [];
  if (!options.withImages) return { sprites, notes };
  for (const { image, path, relative, pixelSize } of locateImages(scene, options.images)) {
    const leftOut = (why: string) => notes.push({ image: image.id, message: `${why}: left out` });
    if (path === null) leftOut("a data: URL, which a Godot scene cannot load as a texture");
    else if (!relative) leftOut(`no res:// path reaches it (another drive): ${path}`);
    else if (path === ".." || path.startsWith("../")) leftOut(`${path} is outside the folder res:// names (the Godot project's)`);
    else if ((image.width !== undefined || image.height !== undefined) && !pixelSize) leftOut("its size in pixels is unknown, so its scale cannot be written");
    else {
      sprites.push({
        image,
        texture: `res://${path}`,
        scaleX: pixelSize && image.width !== undefined ? image.width / pixelSize.width : 1,
        scaleY: pixelSize && image.height !== undefined ? image.height / pixelSize.height : 1,
      });
    }
  }
  return { sprites, notes };
}

/** The edges of a chain: [from, to] point indices, the closing edge last when closed. */
export function chainEdges(shape: ChainShape): [number, number][] {
  const n = shape.points.length;
  const edges: [number, number][] = [];
  for (let i = 0; i + 1 < n; i++) edges.push([i, i + 1]);
  if (shape.closed === true) edges.push([n - 1, 0]);
  return edges;
}

/** The nodes a shape becomes: one, or one per edge of a chain, in edge order. */
const nodeCount = (shape: Shape): number => (shape.type === "chain" ? chainEdges(shape).length : 1);

/**
 * A shape's node names: its name (or id); a chain's edges "wall", "wall2", "wall3" ("w1", "w1_2",
 * when the name ends in a digit). Told apart from a sibling's: the name, "_" and the id
 * ("Coin_coin-3"; edges "wall_w-7", "wall_w-7_2").
 */
function shapeNames(shape: Shape): SiblingNames {
  const base = nodeName(shape.name, shape.id, "Shape");
  const apart = `${base}_${nodeName(shape.id, "Shape", "Shape")}`;
  const edge = (stem: string, k: number) => (k === 0 ? stem : `${stem}${/\d$/.test(stem) || stem === apart ? "_" : ""}${k + 1}`);
  const ks = Array.from({ length: nodeCount(shape) }, (_, k) => k);
  return { plain: ks.map((k) => edge(base, k)), distinct: ks.map((k) => edge(apart, k)) };
}

/** Groups the shapes into bodies and names every node. Empty layers get no body. */
export function planGodotScene(scene: Scene, options: GodotExportOptions = {}): GodotPlan {
  const layers = sceneLayers(scene);
  const groups = new Map<string, { layer: Layer; sensor: boolean; collisionLayer: number; collisionMask: number; shapes: Shape[] }>();
  for (const shape of scene.shapes) {
    const layerId = layerOf(shape, layers);
    const key = JSON.stringify([layerId, isSensor(shape), collisionLayerOf(shape), collisionMaskOf(shape)]);
    let group = groups.get(key);
    if (!group) {
      // A layer id the scene does not declare (not a valid scene, but never throw): named after its id.
      const layer = layers.find((l) => l.id === layerId) ?? { id: layerId, name: layerId };
      group = { layer, sensor: isSensor(shape), collisionLayer: collisionLayerOf(shape), collisionMask: collisionMaskOf(shape), shapes: [] };
      groups.set(key, group);
    }
    group.shapes.push(shape);
  }
  const rank = (layer: Layer) => {
    const i = layers.findIndex((l) => l.id === layer.id);
    return i < 0 ? layers.length : i;
  };
  // Stable sort: groups of one layer keep the order their first shapes have in the scene.
  const ordered = [...groups.values()].sort((a, b) => rank(a.layer) - rank(b.layer));
  // Of the bodies of one editor layer and kind (solid or sensor) that differ by their bits, one
  // keeps the plain name, so that changing some shapes' bits renames no body of the others: the
  // one with Godot's default bits, else the one with the most shapes (the first of equals).
  const kindOf = (g: (typeof ordered)[number]) => JSON.stringify([g.layer.id, g.sensor]);
  const plainBody = new Map<string, (typeof ordered)[number]>();
  const isDefault = (g: (typeof ordered)[number]) => g.collisionLayer === DEFAULT_COLLISION_LAYER && g.collisionMask === DEFAULT_COLLISION_MASK;
  for (const g of ordered) {
    const best = plainBody.get(kindOf(g));
    if (!best || (!isDefault(best) && (isDefault(g) || g.shapes.length > best.shapes.length))) plainBody.set(kindOf(g), g);
  }
  // A layer's sensors: "Ground Sensors", beside its StaticBody2D "Ground". Other bits in Godot's
  // words, so that no body reads as another editor layer: "Ground (collision_layer 1, collision_mask 3)".
  const bodyNames: SiblingNames[] = ordered.map((g) => {
    const rest = (g.sensor ? " Sensors" : "") + (plainBody.get(kindOf(g)) === g ? "" : ` (collision_layer ${g.collisionLayer}, collision_mask ${g.collisionMask})`);
    const name = nodeName(g.layer.name, g.layer.id, "Layer");
    return { plain: [name + rest], distinct: [`${name}_${nodeName(g.layer.id, "Layer", "Layer")}${rest}`] };
  });
  const rootNames = siblingNames(bodyNames);
  // Sprites are named after the bodies, so adding an image renames no body: "Ground_image" beside the body "Ground".
  const taken = new UniqueNames();
  for (const [name] of rootNames) taken.take(name!);
  const { sprites, notes } = planSprites(scene, options);
  const named = sprites.map((sprite) => {
    const name = nodeName(sprite.image.id, sprite.image.id, "Image");
    return { ...sprite, name: taken.take(taken.has(name) ? `${name}_image` : name) };
  });
  const bodies = ordered.map((g, i) => {
    const names = siblingNames(g.shapes.map(shapeNames));
    return {
      name: rootNames[i]![0]!,
      type: g.sensor ? ("Area2D" as const) : ("StaticBody2D" as const),
      layer: g.layer,
      collisionLayer: g.collisionLayer,
      collisionMask: g.collisionMask,
      shapes: g.shapes.flatMap((shape, j) => names[j]!.map((name, edge) => (shape.type === "chain" ? { shape, name, edge } : { shape, name }))),
    };
  });
  return { rootName: nodeName(options.rootName, DEFAULT_GODOT_ROOT, DEFAULT_GODOT_ROOT), sprites: named, bodies, notes };
}

/** What the Godot export of `scene` leaves out of its images, and why. */
export const godotImageNotes = (scene: Scene, options: GodotExportOptions = {}): readonly ImageNote[] => planGodotScene(scene, options).notes;

/** The shape resource a node holds; null for a concave polygon, which is a CollisionPolygon2D node with no resource. */
function shapeResource(node: GodotShapeNode): string | null {
  const { shape } = node;
  switch (shape.type) {
    case "circle":
      return "CircleShape2D";
    case "box":
      return "RectangleShape2D";
    case "capsule":
      return "CapsuleShape2D";
    case "polygon":
      return isConvexOutline(shape.points) ? "ConvexPolygonShape2D" : null;
    case "chain":
      return "SegmentShape2D";
    default:
      return assertNever(shape, "shape kind");
  }
}

/** Twice the signed area: positive when the points turn with positive cross products. */
function doubleArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i]!, [bx, by] = points[(i + 1) % points.length]!;
    sum += ax * by - ay * bx;
  }
  return sum;
}

/**
 * The shape sub-resource's properties. Godot 4: RectangleShape2D.size, CapsuleShape2D.height the
 * total height. Godot 3: RectangleShape2D.extents (half sizes), CapsuleShape2D.height between the
 * cap centres (total − 2·radius; its physics puts the caps at ±height/2).
 */
function shapeProperties(node: GodotShapeNode, version: GodotVersion): string[] {
  const { shape } = node;
  switch (shape.type) {
    case "circle":
      return [`radius = ${godotReal(shape.radius)}`];
    case "box":
      return version === 4
        ? [`size = ${godotVector2(shape.width, shape.height, version)}`]
        : [`extents = ${godotVector2(shape.width / 2, shape.height / 2, version)}`];
    case "capsule":
      return [`radius = ${godotReal(shape.radius)}`, `height = ${godotReal(version === 4 ? shape.height : cleanNumber(Math.max(shape.height - 2 * shape.radius, 0)))}`];
    case "polygon": {
      // Godot's ConvexPolygonShape2D wants Geometry2D::is_polygon_clockwise false, i.e. positive
      // cross products (x right, y down); Godot 3.2+ reverses others itself, older 3.x did not.
      // Reversed keeping the first point first.
      const pts = doubleArea(shape.points) < 0 ? [shape.points[0]!, ...shape.points.slice(1).reverse()] : shape.points;
      return [`points = ${godotVector2Array(pts, version)}`];
    }
    case "chain":
      // An edge's node sits at its first point, turned along it: the edge runs along +x.
      return [`a = ${godotVector2(0, 0, version)}`, `b = ${godotVector2(edgeFrame(shape, node.edge ?? 0).length, 0, version)}`];
    default:
      return assertNever(shape, "shape kind");
  }
}

/**
 * Where a chain's edge node goes: at the edge's first point in the scene, turned by the
 * shape's rotation plus the edge's direction, so its local +x runs along the edge and its local −y
 * is the edge's normal (dy, −dx)/|d| (y down). Degrees, as the scene's.
 */
export function edgeFrame(shape: ChainShape, edge: number): { readonly x: number; readonly y: number; readonly degrees: number; readonly length: number } {
  const [i, j] = chainEdges(shape)[edge]!;
  const [px, py] = shape.points[i]!, [qx, qy] = shape.points[j]!;
  // Exact at quarter turns, so a chain turned 90° has no cos 90° = 6e-17 in its positions.
  const { c, s } = rotFromDegrees(shape.rotation);
  return {
    x: cleanSum(shape.x, c * px, -s * py),
    y: cleanSum(shape.y, s * px, c * py),
    degrees: shape.rotation + (Math.atan2(qy - py, qx - px) * 180) / Math.PI,
    length: cleanNumber(Math.hypot(qx - px, qy - py)),
  };
}

/**
 * a + b + c as written: the last-bit noise taken off (cleanNumber, as the Tiled writer does), and a
 * sum within the rounding error of its terms (1e-12 of the largest) written 0, which moves it far
 * less than 1e-9 px at any size a scene has.
 */
function cleanSum(a: number, b: number, c: number): number {
  const sum = a + b + c;
  return Math.abs(sum) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), Math.abs(c)) ? 0 : cleanNumber(sum);
}

/** The metadata key every shape's node carries its id under (as the Tiled export's property). */
export const GODOT_SHAPE_ID_KEY = "shape_id";

/**
 * The metadata keys of a shape's custom properties, in order: Godot 4's set_meta refuses keys that
 * are not identifiers, so they are made identifiers ("open speed" → open_speed); Godot 3 keeps any
 * string. In both, a key is unique and none is shape_id (the node's own: the property's is shape_id2).
 */
export function shapeMetadataKeys(shape: Shape, version: GodotVersion): { readonly from: string; readonly to: string }[] {
  const keys = new UniqueNames();
  keys.take(GODOT_SHAPE_ID_KEY);
  return (shape.properties ?? []).map((p) => ({ from: p.name, to: keys.take(version === 4 ? identifier(p.name) : p.name) }));
}

/** Where a shape's node is: its body's name and its own (a chain's first edge). */
type NodeOf = (shape: Shape) => { readonly body: string; readonly name: string } | undefined;

/** A NodePath from the node `from` (in body `fromBody`) to `to`: ".", "../Door" or "../../Doors/Door". */
function relativePath(fromBody: string, from: string, to: { readonly body: string; readonly name: string }): string {
  if (to.body === fromBody) return to.name === from ? "." : `../${to.name}`;
  return `../../${to.body}/${to.name}`;
}

function propertyValue(p: Property, version: GodotVersion, reference: (tiledId: number) => string): string {
  switch (p.type) {
    case "string":
    case "file":
      return godotString(p.value);
    case "number":
    case "float":
      return godotReal(p.value);
    case "object":
      return godotNodePath(reference(p.value));
    case "int":
      return godotNumber(p.value);
    case "boolean":
      return String(p.value);
    case "color":
      return godotColor(p.value, version);
    case "class":
      return godotJson(p.value, version);
    default:
      return assertNever(p, "property type");
  }
}

/**
 * Metadata lines, keys as given (identifiers in Godot 4: shapeMetadataKeys): Godot 4 writes one
 * "metadata/<key> = value" per key, Godot 3 one __meta__ dictionary.
 */
function metadata(entries: readonly (readonly [string, string])[], version: GodotVersion): string[] {
  if (entries.length === 0) return [];
  if (version === 3) return [`__meta__ = {\n${entries.map(([k, v]) => `${godotString(k)}: ${v}`).join(",\n")}\n}`];
  return entries.map(([k, v]) => `metadata/${k} = ${v}`);
}

function section(header: string, lines: readonly string[]): string {
  return [header, ...lines].join("\n");
}

/**
 * Node header: name and parent path are escaped as Godot writes them (c_escape). Groups last, an
 * array of strings (both parsers read `groups=["Door"]`).
 */
function nodeHeader(name: string, type: string, parent?: string, groups: readonly string[] = []): string {
  const inGroups = groups.length === 0 ? "" : ` groups=[${groups.map(godotString).join(", ")}]`;
  return `[node name=${godotString(name)} type="${type}"${parent === undefined ? "" : ` parent=${godotString(parent)}`}${inGroups}]`;
}

/**
 * FNV-1a of `key` in 1…999999999, the next free one on a clash: Godot 3's resource ids are integers
 * (its text loader reads `int index = next_tag.fields["id"]`, and SubResource(n) / ExtResource(n)
 * want a number), so a stable id there is a hash. A clash depends on what was taken before.
 */
function hashedId(key: string, taken: Set<number>): string {
  let h = 0x811c9dc5;
  for (const c of key) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193) >>> 0;
  let n = (h % 999_999_999) + 1;
  while (taken.has(n)) n = (n % 999_999_999) + 1;
  taken.add(n);
  return String(n);
}

/**
 * Sub-resource ids made from the shape's id (and a chain's edge), so that deleting a shape changes
 * no other shape's lines. Godot 4: "Type_<id as an identifier>", unique. Godot 3: hashedId of the id and edge.
 */
function resourceIds(version: GodotVersion): (type: string, node: GodotShapeNode) => string {
  const names = new UniqueNames();
  const numbers = new Set<number>();
  return (type, node) => {
    const edge = node.edge === undefined ? "" : `_${node.edge + 1}`;
    return version === 4 ? names.take(`${type}_${identifier(node.shape.id)}${edge}`) : hashedId(`${node.shape.id}${edge}`, numbers);
  };
}

/**
 * One texture [ext_resource] per path (its sprites share it), with an id made from the path, so
 * that adding, removing or reordering an image changes no other image's lines. Godot 4:
 * "Texture2D_<path after res:// as an identifier>", unique (Godot's own "1_abcde" is letters,
 * digits and "_" too); Godot 3: hashedId of the path. Written and numbered in path order, so
 * neither the lines nor a clash's suffix depend on the images' order.
 */
function textureIds(sprites: readonly GodotSprite[], version: GodotVersion): Map<string, string> {
  const paths = [...new Set(sprites.map((s) => s.texture))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const names = new UniqueNames();
  const numbers = new Set<number>();
  return new Map(paths.map((path) => [path, version === 4 ? names.take(`Texture2D_${identifier(path.replace(/^res:\/\//, ""))}`) : hashedId(path, numbers)]));
}

/** The sprites' textures as [ext_resource]s (textureIds) and their nodes. */
function renderSprites(sprites: readonly GodotSprite[], version: GodotVersion): { resources: string[]; nodes: string[] } {
  const ids = textureIds(sprites, version);
  const resources = [...ids].map(([texture, id]) =>
    version === 4 ? `[ext_resource type="Texture2D" path=${godotString(texture)} id=${godotString(id)}]` : `[ext_resource path=${godotString(texture)} type="Texture" id=${id}]`,
  );
  const nodes: string[] = [];
  for (const { image, name, texture, scaleX, scaleY } of sprites) {
    const id = ids.get(texture)!;
    // In the order Godot writes them: CanvasItem's, Node2D's, then the sprite's own.
    const lines: string[] = [];
    if (image.visible === false) lines.push("visible = false");
    if (image.opacity !== undefined && image.opacity !== 1) lines.push(`modulate = ${godotRgba(1, 1, 1, image.opacity, version)}`);
    if (image.x !== 0 || image.y !== 0) lines.push(`position = ${godotVector2(image.x, image.y, version)}`);
    if (scaleX !== 1 || scaleY !== 1) lines.push(`scale = ${godotVector2(scaleX, scaleY, version)}`);
    lines.push(`texture = ${godotExtResource(id, version)}`, "centered = false");
    lines.push(...metadata(image.locked === true ? [["_edit_lock_", "true"]] : [], version));
    nodes.push(section(nodeHeader(name, version === 4 ? "Sprite2D" : "Sprite", "."), lines));
  }
  return { resources, nodes };
}

/** Where each shape's node is in `plan` (a chain's first edge). */
function nodesOf(plan: GodotPlan): NodeOf {
  const where = new Map<Shape, { readonly body: string; readonly name: string }>();
  for (const body of plan.bodies) for (const node of body.shapes) if ((node.edge ?? 0) === 0) where.set(node.shape, { body: body.name, name: node.name });
  return (shape) => where.get(shape);
}

/**
 * Renders a plan as .tscn text. Pure and deterministic: the same plan gives the same bytes.
 * `scene` resolves object properties (Tiled object ids) to node paths; without it they are NodePath("").
 */
export function renderGodotScene(plan: GodotPlan, version: GodotVersion = 4, scene?: Scene): string {
  const sprites = renderSprites(plan.sprites, version);
  const resources: string[] = [];
  const resourceId = resourceIds(version);
  const nodeOf = nodesOf(plan);
  const nodes: string[] = [nodeHeader(plan.rootName, "Node2D"), ...sprites.nodes];
  for (const body of plan.bodies) {
    const props: string[] = [];
    // Hidden layers only hide in the editor, so the body still collides; `visible` is a CanvasItem
    // property that Godot's physics ignores. Locked layers use the editor's own lock flag.
    if (body.layer.visible === false) props.push("visible = false");
    if (body.collisionLayer !== DEFAULT_COLLISION_LAYER) props.push(`collision_layer = ${body.collisionLayer}`);
    if (body.collisionMask !== DEFAULT_COLLISION_MASK) props.push(`collision_mask = ${body.collisionMask}`);
    props.push(...metadata(body.layer.locked === true ? [["_edit_lock_", "true"]] : [], version));
    nodes.push(section(nodeHeader(body.name, body.type, "."), props));
    for (const node of body.shapes) {
      const { shape, name } = node;
      const type = shapeResource(node);
      const lines: string[] = [];
      // A hidden shape (Tiled's hidden object) as a hidden layer's body: still colliding.
      if (shape.visible === false) lines.push("visible = false");
      const frame = shape.type === "chain" && node.edge !== undefined ? edgeFrame(shape, node.edge) : { x: cleanNumber(shape.x), y: cleanNumber(shape.y), degrees: shape.type === "circle" ? 0 : shape.rotation };
      if (frame.x !== 0 || frame.y !== 0) lines.push(`position = ${godotVector2(frame.x, frame.y, version)}`);
      // Radians in both (Godot 3 stores `rotation`, not the editor's rotation_degrees); circles ignore it.
      if (frame.degrees !== 0 && Number.isFinite(frame.degrees)) lines.push(`rotation = ${godotReal((frame.degrees * Math.PI) / 180)}`);
      if (type === null) {
        // CollisionPolygon2D: build_mode solids (0, the default in 3 and 4).
        lines.push(`polygon = ${godotVector2Array(shape.type === "polygon" ? shape.points : [], version)}`);
      } else {
        const id = resourceId(type, node);
        resources.push(section(`[sub_resource type="${type}" id=${version === 4 ? godotString(id) : id}]`, shapeProperties(node, version)));
        lines.push(`shape = ${godotSubResource(id, version)}`);
      }
      // An Area2D ignores one_way_collision (Godot's docs), so a sensor's edges do not get it.
      if (shape.type === "chain" && shape.oneSided === true && body.type === "StaticBody2D") lines.push("one_way_collision = true");
      const keys = shapeMetadataKeys(shape, version);
      const reference = (tiledId: number) => {
        const target = scene === undefined ? undefined : objectTarget(scene, tiledId);
        const to = target === undefined ? undefined : nodeOf(target);
        return to === undefined ? "" : relativePath(body.name, name, to);
      };
      const props = (shape.properties ?? []).map((p, i) => [keys[i]!.to, propertyValue(p, version, reference)] as const);
      lines.push(...metadata([[GODOT_SHAPE_ID_KEY, godotString(shape.id)], ...props], version));
      // The class as the node's group: get_tree().get_nodes_in_group("Door").
      const groups = (shape.class ?? "") === "" ? [] : [shape.class!];
      nodes.push(section(nodeHeader(name, type === null ? "CollisionPolygon2D" : "CollisionShape2D", body.name, groups), lines));
    }
  }
  // load_steps: resources + 1, left out when there are none (TSCN docs); newer Godot 4 ignores it.
  const count = sprites.resources.length + resources.length;
  const steps = count > 0 ? `load_steps=${count + 1} ` : "";
  const title = `[gd_scene ${steps}format=${version === 4 ? 3 : 2}]`;
  // External resources come before sub-resources, as Godot writes them.
  return [title, ...sprites.resources, ...resources, ...nodes].join("\n\n") + "\n";
}

/** The scene as a Godot 4 (default) or Godot 3 .tscn scene. Never throws on a valid scene. */
export function exportGodot(scene: Scene, options: GodotExportOptions = {}): string {
  return renderGodotScene(planGodotScene(scene, options), options.version ?? 4, scene);
}
