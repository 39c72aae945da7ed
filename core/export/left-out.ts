// What an export format cannot carry of the scene's colliders, one line each, for the editor's
// status line and the command line's stderr, as the image notes say what is left out of images.
// Each line is read off the exporter's own choices (the top of box2d.ts, godot.ts and
// phaser-matter.ts); the Tiled export carries every field of a shape (class, properties, one-sided
// chains, layer properties, collision layer names), but writes a new map: the tile layers and
// tilesets of the map a scene came from are not in it (Save to Map / export --into keep them).
import { bitsCollide } from "../collision-filter";
import { COLLISION_BITS, collisionLayerOf, collisionMaskOf, isSensor, type Scene, type Shape } from "../scene/types";
import { planGodotScene, shapeMetadataKeys, type GodotVersion } from "./godot";
import { objectTarget } from "./object-refs";

const count = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

const withClass = (shapes: readonly Shape[]): number => shapes.filter((s) => (s.class ?? "") !== "").length;
const withProperties = (shapes: readonly Shape[]): number => shapes.filter((s) => (s.properties?.length ?? 0) > 0).length;

/** Lines for the fields of `scene` that `format` (named in the lines) has no place for. */
function common(scene: Scene, format: string, what: { readonly classes?: boolean; readonly properties: boolean; readonly layerNames: boolean; readonly images: string | null }): string[] {
  const out: string[] = [];
  const classes = what.classes === false ? 0 : withClass(scene.shapes);
  if (classes > 0) out.push(`the class of ${count(classes, "shape")}: ${format} has no place for it: left out`);
  const properties = what.properties ? withProperties(scene.shapes) : 0;
  if (properties > 0) out.push(`the custom properties of ${count(properties, "shape")}: ${format} has no place for them: left out`);
  const layerProperties = (scene.layers ?? []).filter((l) => (l.properties?.length ?? 0) > 0).length;
  if (layerProperties > 0) out.push(`the custom properties of ${count(layerProperties, "layer")}: left out`);
  const names = what.layerNames ? (scene.collisionLayers ?? []).length : 0;
  if (names > 0) out.push(`the names of ${count(names, "collision layer")}: left out`);
  const images = what.images === null ? 0 : (scene.images ?? []).length;
  if (images > 0) out.push(`${count(images, "image")}: ${what.images}: left out`);
  return out;
}

/**
 * A line for the collision bits whose shapes interact under the editor's rule (Godot's: either
 * side scans the other) but not under `format`'s (Box2D's: both sides must), read off the
 * distinct (layer, mask) pairs of the scene's shapes, each named by its first shape.
 */
function oneSidedScans(scene: Scene, format: string): string[] {
  const kinds = new Map<string, { readonly layer: number; readonly mask: number; readonly first: string }>();
  for (const s of scene.shapes) {
    const layer = collisionLayerOf(s), mask = collisionMaskOf(s), key = `${layer} ${mask}`;
    if (!kinds.has(key)) kinds.set(key, { layer, mask, first: s.name !== undefined && s.name !== "" ? s.name : s.id });
  }
  const list = [...kinds.values()], found: string[] = [];
  const named = (k: (typeof list)[number]) => `${JSON.stringify(k.first)} (layer ${k.layer >>> 0}, mask ${k.mask >>> 0})`;
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!, b = list[j]!;
      if (bitsCollide(a.layer, a.mask, b.layer, b.mask, "godot") && !bitsCollide(a.layer, a.mask, b.layer, b.mask, "box2d")) found.push(`${named(a)} and ${named(b)}`);
    }
  }
  if (found.length === 0) return [];
  const which = found.length === 1 ? found[0]! : `${found[0]!}, and ${count(found.length - 1, "more pair")} of bits`;
  return [`collision bits only one side scans: ${which} meet in the editor, which takes Godot's rule (either side scans the other), but not in ${format}, where both sides must scan each other: add each one's layer to the other's mask`];
}

const chains = (scene: Scene) => scene.shapes.filter((s) => s.type === "chain");

/**
 * A Tiled map (.tmj) written from the scene: a new map of its colliders and images. A scene
 * imported from a Tiled map (it records the map as `tiledMap`) loses that map's tile layers and
 * tilesets, which the scene does not hold; writing into the map itself keeps them.
 */
export function tiledLeftOut(scene: Scene): string[] {
  const map = scene.tiledMap?.src;
  if (map === undefined) return [];
  return [`the tile layers and tilesets of ${map}, the map this scene came from: a Tiled export writes a new map of the colliders and images only (Save to Map, or the command line's export --into ${map}, writes the colliders into that map and keeps its tiles): left out`];
}

/** Phaser Matter (PhysicsEditor JSON): bodies, parts, sensors, collision filters, and each shape's properties and class. */
export function phaserMatterLeftOut(scene: Scene, options: { readonly bodies?: "shape" | "layer"; readonly chainThickness?: number } = {}): string[] {
  const out: string[] = [];
  const all = chains(scene);
  if (all.length > 0) out.push(`${count(all.length, "chain")}: Matter has no edges, so each edge is a quad ${options.chainThickness ?? 1} px thick`);
  const oneSided = all.filter((s) => s.oneSided === true).length;
  if (oneSided > 0) out.push(`${count(oneSided, "one-sided chain")}: Matter has no one-sided bodies, so ${oneSided === 1 ? "it blocks" : "they block"} from both sides`);
  if (options.bodies === "layer") out.push("the shapes' names: one body per layer and collision bits, named after the layer");
  out.push(...oneSidedScans(scene, "Matter"));
  out.push(...lostReferences(scene, 'written as ""'));
  out.push(...common(scene, "Phaser Matter", { classes: false, properties: false, layerNames: true, images: "Phaser Matter has no images" }));
  return out;
}

/** Box2D JSON (b2dJson): custom properties and collision layer names are carried, classes and images not. */
export function box2dLeftOut(scene: Scene, options: { readonly filterBits?: 16 | 32 } = {}): string[] {
  const out: string[] = [];
  if ((options.filterBits ?? 16) === 16) {
    const high = scene.shapes.filter((s) => ((s.collisionLayer ?? 1) | (s.collisionMask ?? 1)) >>> 16 !== 0).length;
    if (high > 0) out.push(`collision layers 17–${COLLISION_BITS} of ${count(high, "shape")}: Box2D v2.x filters have 16 bits (the command line's --filter-bits 32 keeps them): left out`);
  }
  out.push(...oneSidedScans(scene, "Box2D"));
  out.push(...common(scene, "Box2D JSON", { properties: false, layerNames: false, images: "Box2D JSON has no images" }));
  return out;
}

/** A shape as the lines name it: its name, else its id. */
const shapeLabel = (s: Shape): string => JSON.stringify(s.name !== undefined && s.name !== "" ? s.name : s.id);

/**
 * A line for the shapes whose Godot node is not named as the shape is: node names are unique among
 * a body's children (shapes sharing a name take their id after it: "crate" is crate_box-2) and have
 * none of . : @ / " % (godot-names.ts). A chain's later edges (wall2, wall3) are its own nodes, not renames.
 */
function godotRenames(scene: Scene): string[] {
  const renamed: { readonly from: string; readonly to: string }[] = [];
  for (const body of planGodotScene(scene).bodies) {
    for (const node of body.shapes) {
      if ((node.edge ?? 0) !== 0) continue;
      const from = node.shape.name !== undefined && node.shape.name !== "" ? node.shape.name : node.shape.id;
      if (node.name !== from) renamed.push({ from, to: node.name });
    }
  }
  const first = renamed[0];
  if (!first) return [];
  const more = renamed.length > 1 ? ` (and ${count(renamed.length - 1, "more", "more")})` : "";
  return [`${count(renamed.length, "shape")} renamed: a Godot node's name is unique among its body's children (shapes sharing one take their id after it) and has no . : @ / " %, so ${JSON.stringify(first.from)} is written ${first.to}${more}; name them apart in the editor to choose the names yourself`];
}

/**
 * A line for the custom properties whose metadata key is not their name (Godot 4's are identifiers:
 * "open speed" is open_speed; in both, shape_id is the node's own), each with its shape, up to five:
 * get_meta takes the written key.
 */
function godotKeyRenames(scene: Scene, version: GodotVersion): string[] {
  const renamed = scene.shapes.flatMap((shape) => shapeMetadataKeys(shape, version).filter((k) => k.from !== k.to).map((k) => `${JSON.stringify(k.from)} of ${shapeLabel(shape)} is ${k.to}`));
  if (renamed.length === 0) return [];
  const shown = renamed.slice(0, 5).join(", ") + (renamed.length > 5 ? `, and ${count(renamed.length - 5, "more", "more")}` : "");
  const why = version === 4 ? "Godot 4's metadata keys are identifiers (letters, digits and _) and shape_id holds the shape's id" : "shape_id holds the shape's id";
  return [`${count(renamed.length, "custom property", "custom properties")} under another metadata key: ${why}, so ${shown}; get_meta takes the key as written`];
}

/** A line for the object properties whose Tiled object no shape of the scene was imported from, ending with how they are written. */
function lostReferences(scene: Scene, writtenAs: string): string[] {
  const lost = scene.shapes.flatMap((shape) => (shape.properties ?? []).flatMap((p) => (p.type === "object" && p.value !== 0 && objectTarget(scene, p.value) === undefined ? [`${JSON.stringify(p.name)} of ${shapeLabel(shape)} (object ${p.value})`] : [])));
  if (lost.length === 0) return [];
  const shown = lost.slice(0, 5).join(", ") + (lost.length > 5 ? `, and ${count(lost.length - 5, "more", "more")}` : "");
  return [`${count(lost.length, "object property", "object properties")} naming a Tiled object no shape was imported from: ${shown}: ${writtenAs}`];
}

/**
 * Godot scenes: properties are metadata, classes groups and one-sided chains one_way_collision, but
 * layer properties, layer names and (without sprites) images are not carried; names and keys Godot
 * would refuse or repeat are changed.
 */
export function godotLeftOut(scene: Scene, options: { readonly withImages?: boolean; readonly version?: GodotVersion } = {}): string[] {
  const out: string[] = [];
  // An Area2D ignores one_way_collision.
  const oneSidedSensors = chains(scene).filter((s) => s.oneSided === true && isSensor(s)).length;
  if (oneSidedSensors > 0) out.push(`${count(oneSidedSensors, "one-sided sensor chain")}: an Area2D has no one-way collision, so ${oneSidedSensors === 1 ? "it is" : "they are"} two-sided`);
  out.push(...godotRenames(scene));
  out.push(...godotKeyRenames(scene, options.version ?? 4));
  out.push(...lostReferences(scene, "written as an empty NodePath"));
  out.push(...common(scene, "a Godot scene", { classes: false, properties: false, layerNames: true, images: null }));
  // The editor's export writes no sprites (only the command line's --with-images does): say what to do instead.
  const images = options.withImages ? 0 : (scene.images ?? []).length;
  if (images > 0) out.push(`${count(images, "image")} without a sprite: this export writes the colliders only. Add the art in Godot (a Sprite2D at the image's X and Y, Centered off), or export from the command line with --with-images to have it written`);
  return out;
}
