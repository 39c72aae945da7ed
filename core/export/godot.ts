// Godot scene export: the scene as a Godot 4 (.tscn format=3) or Godot 3 (format=2) text scene.
// A .tscn has one root, so the root is a Node2D holding one StaticBody2D per (editor layer,
// collisionLayer, collisionMask): the bits belong to the body, not the shape. Each shape is a
// CollisionShape2D child with its own shape sub-resource. Both engines are y-down with positive
// rotation clockwise on screen, as the scene is, so positions and angles map one to one.
// Format checked against the TSCN file format docs (3.x and 4.x), scene/resources/resource_format_text.cpp
// and core/variant/variant_parser.cpp; the Godot 3 output is loaded by godot3-server in the tests.
import { assertNever } from "../assert-never";
import { collisionLayerOf, collisionMaskOf, DEFAULT_COLLISION_LAYER, DEFAULT_COLLISION_MASK, layerOf, sceneLayers, type Layer, type Point, type Property, type Scene, type Shape } from "../scene/types";
import { identifier, nodeName, UniqueNames } from "./godot-names";
import { godotColor, godotReal, godotString, godotSubResource, godotVector2, godotVector2Array, type GodotVersion } from "./godot-variant";

export type { GodotVersion } from "./godot-variant";

export interface GodotExportOptions {
  /** 4 (default): format=3, Godot 4.x. 3: format=2, Godot 3.x. */
  readonly version?: GodotVersion;
  /** Name of the root Node2D (default "Colliders"); made a valid node name. */
  readonly rootName?: string;
}

export const DEFAULT_GODOT_ROOT = "Colliders";

export interface GodotShapeNode {
  readonly shape: Shape;
  /** The CollisionShape2D's name: unique among all shape nodes of the export. */
  readonly name: string;
}

export interface GodotBody {
  /** The StaticBody2D's name: the layer's, unique among the root's children. */
  readonly name: string;
  readonly layer: Layer;
  readonly collisionLayer: number;
  readonly collisionMask: number;
  /** In scene order. */
  readonly shapes: readonly GodotShapeNode[];
}

/** What the export writes, before it is text: node names are final here. */
export interface GodotPlan {
  readonly rootName: string;
  /** Layers bottom first; within a layer, groups in the order their first shape appears. */
  readonly bodies: readonly GodotBody[];
}

/** Groups the shapes into bodies and names every node. Empty layers get no body. */
export function planGodotScene(scene: Scene, options: GodotExportOptions = {}): GodotPlan {
  const layers = sceneLayers(scene);
  const groups = new Map<string, { layer: Layer; collisionLayer: number; collisionMask: number; shapes: Shape[] }>();
  for (const shape of scene.shapes) {
    const layerId = layerOf(shape, layers);
    const key = JSON.stringify([layerId, collisionLayerOf(shape), collisionMaskOf(shape)]);
    let group = groups.get(key);
    if (!group) {
      // A layer id the scene does not declare (not a valid scene, but never throw): named after its id.
      const layer = layers.find((l) => l.id === layerId) ?? { id: layerId, name: layerId };
      group = { layer, collisionLayer: collisionLayerOf(shape), collisionMask: collisionMaskOf(shape), shapes: [] };
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
  const bodyNames = new UniqueNames();
  const shapeNames = new UniqueNames();
  return {
    rootName: nodeName(options.rootName, DEFAULT_GODOT_ROOT, DEFAULT_GODOT_ROOT),
    bodies: ordered.map((g) => ({
      name: bodyNames.take(nodeName(g.layer.name, g.layer.id, "Layer")),
      layer: g.layer,
      collisionLayer: g.collisionLayer,
      collisionMask: g.collisionMask,
      shapes: g.shapes.map((shape) => ({ shape, name: shapeNames.take(nodeName(shape.name, shape.id, "Shape")) })),
    })),
  };
}

const SHAPE_RESOURCE = { circle: "CircleShape2D", box: "RectangleShape2D", capsule: "CapsuleShape2D", polygon: "ConvexPolygonShape2D" } as const;

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
function shapeProperties(shape: Shape, version: GodotVersion): string[] {
  switch (shape.type) {
    case "circle":
      return [`radius = ${godotReal(shape.radius)}`];
    case "box":
      return version === 4
        ? [`size = ${godotVector2(shape.width, shape.height, version)}`]
        : [`extents = ${godotVector2(shape.width / 2, shape.height / 2, version)}`];
    case "capsule":
      return [`radius = ${godotReal(shape.radius)}`, `height = ${godotReal(version === 4 ? shape.height : Math.max(shape.height - 2 * shape.radius, 0))}`];
    case "polygon": {
      // Godot's ConvexPolygonShape2D wants Geometry2D::is_polygon_clockwise false, i.e. positive
      // cross products (x right, y down); Godot 3.2+ reverses others itself, older 3.x did not.
      // Reversed keeping the first point first.
      const pts = doubleArea(shape.points) < 0 ? [shape.points[0]!, ...shape.points.slice(1).reverse()] : shape.points;
      return [`points = ${godotVector2Array(pts, version)}`];
    }
    default:
      return assertNever(shape, "shape kind");
  }
}

function propertyValue(p: Property, version: GodotVersion): string {
  switch (p.type) {
    case "string":
      return godotString(p.value);
    case "number":
      return godotReal(p.value);
    case "boolean":
      return String(p.value);
    case "color":
      return godotColor(p.value, version);
  }
}

/**
 * Metadata lines: Godot 4 writes one "metadata/<key> = value" per key, and its set_meta refuses
 * keys that are not identifiers, so keys are made identifiers (and unique). Godot 3 writes one
 * __meta__ dictionary whose keys may be any string.
 */
function metadata(entries: readonly (readonly [string, string])[], version: GodotVersion): string[] {
  if (entries.length === 0) return [];
  if (version === 3) return [`__meta__ = {\n${entries.map(([k, v]) => `${godotString(k)}: ${v}`).join(",\n")}\n}`];
  const keys = new UniqueNames();
  return entries.map(([k, v]) => `metadata/${keys.take(identifier(k))} = ${v}`);
}

function section(header: string, lines: readonly string[]): string {
  return [header, ...lines].join("\n");
}

/** Node header: name and parent path are escaped as Godot writes them (c_escape). */
function nodeHeader(name: string, type: string, parent?: string): string {
  return `[node name=${godotString(name)} type="${type}"${parent === undefined ? "" : ` parent=${godotString(parent)}`}]`;
}

/** Renders a plan as .tscn text. Pure and deterministic: the same plan gives the same bytes. */
export function renderGodotScene(plan: GodotPlan, version: GodotVersion = 4): string {
  const resources: string[] = [];
  const nodes: string[] = [nodeHeader(plan.rootName, "Node2D")];
  for (const body of plan.bodies) {
    const props: string[] = [];
    // Hidden layers only hide in the editor, so the body still collides; `visible` is a CanvasItem
    // property that Godot's physics ignores. Locked layers use the editor's own lock flag.
    if (body.layer.visible === false) props.push("visible = false");
    if (body.collisionLayer !== DEFAULT_COLLISION_LAYER) props.push(`collision_layer = ${body.collisionLayer}`);
    if (body.collisionMask !== DEFAULT_COLLISION_MASK) props.push(`collision_mask = ${body.collisionMask}`);
    props.push(...metadata(body.layer.locked === true ? [["_edit_lock_", "true"]] : [], version));
    nodes.push(section(nodeHeader(body.name, "StaticBody2D", "."), props));
    for (const { shape, name } of body.shapes) {
      const type = SHAPE_RESOURCE[shape.type];
      const n = resources.length + 1;
      // Godot 4 ids are strings of letters, digits and "_" (Godot makes "Type_xxxxx"); Godot 3's are integers.
      const id = version === 4 ? `${type}_${n}` : String(n);
      resources.push(section(`[sub_resource type="${type}" id=${version === 4 ? godotString(id) : id}]`, shapeProperties(shape, version)));
      const lines: string[] = [];
      if (shape.x !== 0 || shape.y !== 0) lines.push(`position = ${godotVector2(shape.x, shape.y, version)}`);
      // Radians in both (Godot 3 stores `rotation`, not the editor's rotation_degrees); circles ignore it.
      if (shape.type !== "circle" && shape.rotation !== 0 && Number.isFinite(shape.rotation)) lines.push(`rotation = ${godotReal((shape.rotation * Math.PI) / 180)}`);
      lines.push(`shape = ${godotSubResource(id, version)}`);
      lines.push(...metadata((shape.properties ?? []).map((p) => [p.name, propertyValue(p, version)] as const), version));
      nodes.push(section(nodeHeader(name, "CollisionShape2D", body.name), lines));
    }
  }
  // load_steps: resources + 1, left out when there are none (TSCN docs); newer Godot 4 ignores it.
  const steps = resources.length > 0 ? `load_steps=${resources.length + 1} ` : "";
  const title = `[gd_scene ${steps}format=${version === 4 ? 3 : 2}]`;
  return [title, ...resources, ...nodes].join("\n\n") + "\n";
}

/** The scene as a Godot 4 (default) or Godot 3 .tscn scene. Never throws on a valid scene. */
export function exportGodot(scene: Scene, options: GodotExportOptions = {}): string {
  return renderGodotScene(planGodotScene(scene, options), options.version ?? 4);
}
