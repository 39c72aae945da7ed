// Scene → Tiled map (TMJ, Tiled's JSON map format): one object layer per editor layer, one object
// per shape. Formats checked against doc.mapeditor.org "JSON Map Format" (map, layer, object and
// property fields) and, for what Tiled really writes, against Tiled 1.8.2's own --export-map output.
//
// Tiled conventions (same y-down screen axes and clockwise degrees as the scene):
// - Rectangles, ellipses and capsules are positioned by their top-left corner (x, y) and turned by
//   `rotation` about that corner (Tiled's maprenderer; bjorn in mapeditor/tiled#2182: "rotation is
//   applied around their position"). A centred shape's corner is centre − R(θ)·(w/2, h/2).
// - A capsule object (Tiled 1.12, mapeditor/tiled#4288, JSON `"capsule": true`) is the stadium
//   inscribed in its width × height box: radius min(w, h)/2, long axis along the longer side.
// - Polygon points are relative to (x, y) and turned with the object about (x, y), as ours are.
// - A polygon (convex or concave) is a polygon object; an open chain a polyline; a closed chain a
//   polygon of class "chain" (its own class, if any, is not kept). `sensor` and a chain's
//   `oneSided` are bool properties of those names, written only when true.
import { assertNever } from "../assert-never";
import { geometryOf, transformOf } from "../shapes";
import { computeAABB } from "../geometry";
import { rotFromDegrees } from "../vec2";
import { INT32_MAX, layerOf, sceneLayers, type Layer, type LayerGroup, type Scene, type Shape } from "../scene/types";
import { TILED_BIT_NAME_PREFIX, TILED_CHAIN_CLASS, TILED_COLLISION_LAYER, TILED_COLLISION_MASK, TILED_ONE_SIDED, TILED_SENSOR, TILED_IMAGE_HEIGHT, TILED_IMAGE_ID, TILED_IMAGE_WIDTH, TILED_LAYER_ID, TILED_SHAPE_ID, toTiledProperty, type PathRebase, type TiledProperty } from "../tiled/properties";
import { drawnSize, locateImages, sizeText, type ImageExportOptions, type ImageNote, type LocatedImage } from "./images";

export interface TiledExportOptions {
  /**
   * "capsule" (default): Tiled 1.12 capsule objects. "polygon": a convex polygon inscribed in the
   * capsule, for Tiled before 1.12 (which reads a capsule object as a plain rectangle).
   */
  readonly capsules?: "capsule" | "polygon";
  /** Segments per semicircular cap when capsules are polygons; 2 to 64, default 8. */
  readonly capsuleSegments?: number;
  /** The map's tile width and height in pixels (Tiled stores whole numbers); default 32. */
  readonly tileSize?: number;
  /** Where the scene's images are and where the map goes, so image paths are relative to the map (default: the same folder). */
  readonly images?: ImageExportOptions;
}

export {
  TILED_CHAIN_CLASS,
  TILED_ONE_SIDED,
  TILED_SENSOR,
  escapePropertyName,
  fromTiledColor,
  TILED_BIT_NAME_PREFIX,
  TILED_COLLISION_LAYER,
  TILED_COLLISION_MASK,
  TILED_ESCAPE_PREFIX,
  TILED_IMAGE_HEIGHT,
  TILED_IMAGE_ID,
  TILED_IMAGE_WIDTH,
  TILED_LAYER_ID,
  TILED_SHAPE_ID,
  toTiledColor,
} from "../tiled/properties";

export const DEFAULT_CAPSULE_SEGMENTS = 8;
export const DEFAULT_TILE_SIZE = 32;

/**
 * The tile size a Tiled export keeps from the map a scene came from: its tile width when its tiles
 * are square whole numbers the export takes (1 to 65536), else undefined (the export's default).
 */
export function keptTileSize(tileWidth: unknown, tileHeight: unknown): number | undefined {
  return typeof tileWidth === "number" && tileWidth === tileHeight && Number.isInteger(tileWidth) && tileWidth >= 1 && tileWidth <= 65536 ? tileWidth : undefined;
}

/** Top-left corner of a w × h box centred at (cx, cy) and turned by `degrees` about its centre. */
export function cornerOfCentred(cx: number, cy: number, w: number, h: number, degrees: number): { x: number; y: number } {
  const q = rotFromDegrees(degrees);
  return { x: cx - (q.c * w - q.s * h) / 2, y: cy - (q.s * w + q.c * h) / 2 };
}

/** Centre of a Tiled w × h object at corner (x, y) turned by `degrees` about that corner. */
export function centreOfCornered(x: number, y: number, w: number, h: number, degrees: number): { x: number; y: number } {
  const q = rotFromDegrees(degrees);
  return { x: x + (q.c * w - q.s * h) / 2, y: y + (q.s * w + q.c * h) / 2 };
}

/** No "-0" in the output (JSON.stringify writes -0 as 0 already, but objects compared in tests keep it). */
const num = (v: number): number => (Object.is(v, -0) ? 0 : v);

/**
 * A computed position or size as the map gets it: the last-bit noise of arithmetic taken off when
 * 15 significant digits give a much shorter number (96.00000000000001 is written 96,
 * 0.30000000000000004 0.3), every digit kept otherwise (a value with 17 digits of its own).
 */
export function cleanNumber(v: number): number {
  if (!Number.isFinite(v)) return v;
  const short = Number(v.toPrecision(15));
  return num(Number.isFinite(short) && String(short).length + 4 <= String(v).length ? short : v);
}

/** Collision bits as Tiled's signed 32-bit int: bit 31 set reads negative (two's complement). */
const int32 = (bits: number): number => bits | 0;

/** The properties that carry a shape's id, collision bits (only when not 1), `oneSided` and `sensor` (only when true). */
export function shapeMetaProperties(shape: Shape): TiledProperty[] {
  const out: TiledProperty[] = [{ name: TILED_SHAPE_ID, type: "string", value: shape.id }];
  if (shape.collisionLayer !== undefined && shape.collisionLayer !== 1) out.push({ name: TILED_COLLISION_LAYER, type: "int", value: int32(shape.collisionLayer) });
  if (shape.collisionMask !== undefined && shape.collisionMask !== 1) out.push({ name: TILED_COLLISION_MASK, type: "int", value: int32(shape.collisionMask) });
  if (shape.type === "chain" && shape.oneSided === true) out.push({ name: TILED_ONE_SIDED, type: "bool", value: true });
  if (shape.sensor === true) out.push({ name: TILED_SENSOR, type: "bool", value: true });
  return out;
}

/** The object's class in Tiled: "chain" for a closed chain, else the shape's own. */
export const tiledClassOf = (shape: Shape): string => (shape.type === "chain" && shape.closed === true ? TILED_CHAIN_CLASS : (shape.class ?? ""));

function shapeProperties(shape: Shape, rebase: PathRebase | undefined): TiledProperty[] {
  return [...shapeMetaProperties(shape), ...(shape.properties ?? []).map((p) => toTiledProperty(p, rebase))];
}

/** The map properties naming collision bits, in bit order. */
export const bitNameProperties = (scene: Pick<Scene, "collisionLayers">): TiledProperty[] =>
  [...(scene.collisionLayers ?? [])].sort((a, b) => a.bit - b.bit).map((c) => ({ name: `${TILED_BIT_NAME_PREFIX}${c.bit}`, type: "string", value: c.name }));

/** Where `file` properties' paths go: from the scene's folder to the map's (ImageExportOptions' folders). */
export const fileRebase = (images: ImageExportOptions | undefined): PathRebase | undefined =>
  images?.sceneDir === undefined && images?.outputDir === undefined ? undefined : { from: images.sceneDir ?? "", to: images.outputDir ?? images.sceneDir ?? "" };

/**
 * A convex polygon inscribed in a vertical capsule (local, centred): `segments` chords per cap,
 * every vertex on the capsule's surface. A capsule whose core is (nearly) a point becomes a regular
 * 2·segments-gon, so no two vertices coincide.
 */
export function capsulePolygon(radius: number, height: number, segments: number): [number, number][] {
  const half = height / 2 - radius;
  const points: [number, number][] = [];
  // Below this the straight sides would be shorter than the validator's duplicate-point tolerance.
  const straight = half > 1e-9 * radius;
  const arc = (cy: number, from: number, count: number) => {
    for (let k = 0; k <= count; k++) {
      const a = from + (Math.PI * k) / segments;
      points.push([num(radius * Math.cos(a)), num(cy + radius * Math.sin(a))]);
    }
  };
  if (!straight) {
    arc(0, 0, 2 * segments - 1);
    return points;
  }
  arc(half, 0, segments); // bottom cap (y down), from +x through +y to −x
  arc(-half, Math.PI, segments); // top cap, from −x through −y to +x
  return points;
}

type TiledObject = Record<string, unknown>;
export type ShapeOptions = Required<Omit<TiledExportOptions, "images">>;

/**
 * A shape's geometry as a Tiled object's fields, in Tiled's order: `ellipse` or `capsule` (the
 * kind's flag), x, y, width, height, rotation, `polygon`. (dx, dy) is the offset of the layer (and
 * its groups) it goes in: Tiled adds it when drawing, so it is taken off the position.
 */
export function tiledGeometry(shape: Shape, options: ShapeOptions, dx = 0, dy = 0): TiledObject {
  const rectLike = (w: number, h: number, flag: Record<string, true>): TiledObject => {
    const corner = cornerOfCentred(shape.x, shape.y, w, h, shape.rotation);
    return { ...flag, x: cleanNumber(corner.x - dx), y: cleanNumber(corner.y - dy), width: cleanNumber(w), height: cleanNumber(h), rotation: num(shape.rotation) };
  };
  const polygon = (points: readonly (readonly [number, number])[], key: "polygon" | "polyline" = "polygon"): TiledObject => ({
    x: cleanNumber(shape.x - dx),
    y: cleanNumber(shape.y - dy),
    width: 0,
    height: 0,
    rotation: num(shape.rotation),
    [key]: points.map(([x, y]) => ({ x: num(x), y: num(y) })),
  });
  switch (shape.type) {
    case "box":
      return rectLike(shape.width, shape.height, {});
    case "circle":
      return rectLike(2 * shape.radius, 2 * shape.radius, { ellipse: true });
    case "capsule":
      return options.capsules === "polygon" ? polygon(capsulePolygon(shape.radius, shape.height, options.capsuleSegments)) : rectLike(2 * shape.radius, shape.height, { capsule: true });
    case "polygon":
      return polygon(shape.points);
    case "chain":
      return polygon(shape.points, shape.closed === true ? "polygon" : "polyline");
    default:
      return assertNever(shape, "shape kind");
  }
}

/** The shape as a new Tiled object of id `id`, in a layer offset by (dx, dy). */
export function tiledObject(shape: Shape, id: number, options: ShapeOptions, rebase?: PathRebase, dx = 0, dy = 0): TiledObject {
  // Tiled writes an object's class as "type" (Tiled 1.9 alone wrote "class"; later ones read either).
  return { id, name: shape.name ?? "", type: tiledClassOf(shape), ...tiledGeometry(shape, options, dx, dy), visible: shape.visible !== false, properties: shapeProperties(shape, rebase) };
}

export function resolveOptions(options: TiledExportOptions): ShapeOptions {
  const capsules = options.capsules ?? "capsule";
  const capsuleSegments = options.capsuleSegments ?? DEFAULT_CAPSULE_SEGMENTS;
  const tileSize = options.tileSize ?? DEFAULT_TILE_SIZE;
  if (capsules !== "capsule" && capsules !== "polygon") throw new RangeError(`capsules must be "capsule" or "polygon", got ${String(capsules)}`);
  if (!Number.isInteger(capsuleSegments) || capsuleSegments < 2 || capsuleSegments > 64) throw new RangeError(`capsuleSegments must be a whole number from 2 to 64, got ${capsuleSegments}`);
  if (!Number.isInteger(tileSize) || tileSize < 1 || tileSize > 65536) throw new RangeError(`tileSize must be a whole number from 1 to 65536, got ${tileSize}`);
  return { capsules, capsuleSegments, tileSize };
}

/** Why an embedded image is not in a Tiled export, and the two ways to have it there. */
export const EMBEDDED_IMAGE_NOTE = "embedded in the scene (a data: URL), which Tiled cannot load: left out of the map. Add it in Tiled as an image layer, or have the scene name its file: in the desktop app, save the scene in a folder beside the art, then add the picture from that file (Add image…) and export again";

/**
 * The scene's images as Tiled can show them: image layers for those with a file (a data: URL one
 * needs `extracted`), and notes for the rest and for what Tiled cannot show (a drawn size other
 * than the pixel size: Tiled 1.8 to 1.12 draw image layers unscaled).
 */
export function tiledImages(scene: Pick<Scene, "images">, images: ImageExportOptions = {}): { readonly layers: readonly (LocatedImage & { readonly path: string })[]; readonly notes: readonly ImageNote[] } {
  const layers: (LocatedImage & { readonly path: string })[] = [];
  const notes: ImageNote[] = [];
  for (const located of locateImages(scene, images)) {
    const { image, path, pixelSize } = located;
    if (path === null) {
      // Every image a browser adds is embedded: the note says what to do, not only what happened.
      notes.push({ image: image.id, message: EMBEDDED_IMAGE_NOTE });
      continue;
    }
    layers.push({ ...located, path });
    if (!located.relative) notes.push({ image: image.id, message: `no relative path leads to it from the map's folder (another drive): written as ${path}` });
    const drawn = drawnSize(image, pixelSize);
    if (pixelSize && drawn && (drawn.width !== pixelSize.width || drawn.height !== pixelSize.height)) {
      notes.push({ image: image.id, message: `drawn at ${sizeText(drawn)} but ${sizeText(pixelSize)} pixels: Tiled draws image layers at their pixel size, so the map shows it at ${sizeText(pixelSize)}` });
    }
  }
  return { layers, notes };
}

/** What the export of `scene` to Tiled cannot write of its images as the scene has them. */
export const tiledImageNotes = (scene: Pick<Scene, "images">, options: TiledExportOptions = {}): readonly ImageNote[] => tiledImages(scene, options.images).notes;

/** The map's size in tiles: enough to hold every shape's bounding box and every image of known size from the origin, at least 1. */
function mapSize(scene: Scene, images: readonly LocatedImage[], tileSize: number): { width: number; height: number } {
  let maxX = 0, maxY = 0;
  for (const shape of scene.shapes) {
    const g = geometryOf(shape);
    if (!g.ok) continue;
    const box = computeAABB(g.value, transformOf(shape));
    maxX = Math.max(maxX, box.maxX);
    maxY = Math.max(maxY, box.maxY);
  }
  for (const { image, pixelSize } of images) {
    const size = drawnSize(image, pixelSize);
    if (!size) continue;
    maxX = Math.max(maxX, image.x + size.width);
    maxY = Math.max(maxY, image.y + size.height);
  }
  const tiles = (extent: number) => Math.min(INT32_MAX, Math.max(1, Math.ceil(extent / tileSize)));
  return { width: tiles(maxX), height: tiles(maxY) };
}

/** An image as an image layer, offset to its top-left corner; its id and drawn size ride in properties. */
function imageLayer({ image, path, pixelSize }: LocatedImage & { readonly path: string }, id: number): Record<string, unknown> {
  const properties: TiledProperty[] = [{ name: TILED_IMAGE_ID, type: "string", value: image.id }];
  if (image.width !== undefined) properties.push({ name: TILED_IMAGE_WIDTH, type: "float", value: image.width });
  if (image.height !== undefined) properties.push({ name: TILED_IMAGE_HEIGHT, type: "float", value: image.height });
  return {
    id,
    name: image.id,
    type: "imagelayer",
    image: path,
    // The file's size, as Tiled 1.11.1+ writes it (Tiled itself reads the file instead).
    ...(pixelSize ? { imagewidth: pixelSize.width, imageheight: pixelSize.height } : {}),
    visible: image.visible !== false,
    locked: image.locked === true,
    opacity: image.opacity ?? 1,
    x: 0,
    y: 0,
    offsetx: num(image.x),
    offsety: num(image.y),
    properties,
  };
}

/**
 * Tiled object ids for the shapes, by shape: a shape's `tiledId` when no shape before it has
 * claimed it (so `object` properties that point at imported objects still do), else the next id
 * above every claimed one and at least `first` (the scene's tiledNextObjectId: ids a deleted
 * shape had are not given again), in `order`. `next` is the map's nextobjectid.
 */
export function objectIds(order: readonly Shape[], first = 1): { readonly ids: ReadonlyMap<Shape, number>; readonly next: number } {
  const ids = new Map<Shape, number>();
  const claimed = new Set<number>();
  let next = first;
  for (const s of order) {
    if (s.tiledId !== undefined && !claimed.has(s.tiledId)) {
      claimed.add(s.tiledId);
      ids.set(s, s.tiledId);
      if (s.tiledId >= next) next = s.tiledId + 1;
    }
  }
  for (const s of order) if (!ids.has(s)) ids.set(s, next++);
  return { ids, next };
}

/** The shapes in the order exportTiled numbers them: layer by layer, bottom first, each in scene order. */
function tiledOrder(scene: Scene): Shape[] {
  const layers = sceneLayers(scene);
  return layers.flatMap((layer) => scene.shapes.filter((s) => layerOf(s, layers) === layer.id));
}

/**
 * The scene with its Tiled object ids stored: every shape's `tiledId` as exportTiled numbers it
 * now (objectIds: kept where no shape before claimed it, so the first stored ids are the ones the
 * last export wrote; a copy that shares its original's gets the next free one), and the map's
 * nextobjectid as `tiledNextObjectId`. Stored, an id stays with its shape whatever is deleted, so
 * an `object` property keeps naming the same object from one export to the next, and a deleted
 * shape's id is not given to a new one. The editor stores them when it exports a Tiled map. A
 * scene imported from a map (`tiledMap`) is left as it is: writing back into its map numbers new
 * shapes from the map's own nextobjectid. The very same scene when everything is already there.
 */
export function withTiledIds(scene: Scene): Scene {
  if (scene.tiledMap !== undefined) return scene;
  const { ids, next } = objectIds(tiledOrder(scene), scene.tiledNextObjectId);
  const sameShapes = scene.shapes.every((s) => s.tiledId === ids.get(s));
  if (sameShapes && scene.tiledNextObjectId === next) return scene;
  const shapes = sameShapes ? scene.shapes : scene.shapes.map((s) => (s.tiledId === ids.get(s) ? s : { ...s, tiledId: ids.get(s)! }));
  return { ...scene, shapes, tiledNextObjectId: next };
}

/** A layer list with object layers placed in the scene's groups: a layer "A/B/C" under groups "A" and "A/B" goes into them as "C". */
function nestInGroups(objectLayers: readonly TiledObject[], groups: readonly LayerGroup[], firstId: number, rebase: PathRebase | undefined): { readonly layers: TiledObject[]; readonly next: number } {
  interface Node { readonly path: string; readonly group: TiledObject | null; readonly children: TiledObject[] }
  const root: Node = { path: "", group: null, children: [] };
  let nextId = firstId;
  // The open group at each depth: a layer joins the groups it shares with the last one written.
  let open: Node[] = [root];
  for (const layer of objectLayers) {
    const name = layer.name as string;
    const chain = groups.filter((g) => name.startsWith(`${g.name}/`)).sort((a, b) => a.name.length - b.name.length);
    let depth = 0;
    while (depth < chain.length && open[depth + 1]?.path === chain[depth]!.name) depth++;
    open = open.slice(0, depth + 1);
    for (const g of chain.slice(depth)) {
      const parent = open[open.length - 1]!;
      const children: TiledObject[] = [];
      const group: TiledObject = {
        id: nextId++,
        name: parent.path === "" ? g.name : g.name.slice(parent.path.length + 1),
        type: "group",
        visible: true,
        locked: false,
        opacity: 1,
        x: 0,
        y: 0,
        ...(g.properties && g.properties.length > 0 ? { properties: g.properties.map((p) => toTiledProperty(p, rebase)) } : {}),
        layers: children,
      };
      parent.children.push(group);
      open.push({ path: g.name, group, children });
    }
    const inner = open[open.length - 1]!;
    inner.children.push(inner.path === "" ? layer : { ...layer, name: name.slice(inner.path.length + 1) });
  }
  return { layers: root.children, next: nextId };
}

/** A scene layer as a Tiled object layer numbered `id` and named `name` (a group's path left out), holding `objects`. */
export function tiledObjectLayer(layer: Layer, id: number, name: string, objects: TiledObject[], rebase: PathRebase | undefined): TiledObject {
  return {
    id,
    name,
    // Tiled's colour for drawing the layer's objects; left out (Tiled's grey) when the layer has none.
    ...(layer.color ? { color: layer.color.toLowerCase() } : {}),
    type: "objectgroup",
    visible: layer.visible !== false,
    locked: layer.locked === true,
    opacity: 1,
    x: 0,
    y: 0,
    draworder: "index",
    properties: [{ name: TILED_LAYER_ID, type: "string", value: layer.id }, ...(layer.properties ?? []).map((p) => toTiledProperty(p, rebase))],
    objects,
  };
}

/**
 * The scene as a complete orthogonal Tiled map (TMJ text ending in a newline). Deterministic;
 * never throws on a valid scene (a RangeError only for invalid options). Probes are not exported.
 * Images become image layers below the object layers, first image at the bottom; object layers
 * keep ids 1…n whether or not there are images, group layers (the scene's `groups`) come after.
 * Objects keep their `tiledId` where they can (objectIds).
 */
export function exportTiled(scene: Scene, options: TiledExportOptions = {}): string {
  // The scene's grid is its tile size where Tiled can store it (a whole number), as the import reads it back.
  const grid = scene.gridSize;
  const o = resolveOptions(options.tileSize === undefined && grid !== undefined && Number.isInteger(grid) && grid <= 65536 ? { ...options, tileSize: grid } : options);
  const rebase = fileRebase(options.images);
  const layers = sceneLayers(scene);
  const byLayer = layers.map((layer) => scene.shapes.filter((s) => layerOf(s, layers) === layer.id));
  const { ids, next: nextObjectId } = objectIds(tiledOrder(scene), scene.tiledNextObjectId);
  const objectLayers = layers.map((layer, i) => tiledObjectLayer(layer, i + 1, layer.name, byLayer[i]!.map((s) => tiledObject(s, ids.get(s)!, o, rebase)), rebase));
  const writesCapsules = o.capsules === "capsule" && scene.shapes.some((s) => s.type === "capsule");
  const mapProperties = [...bitNameProperties(scene), ...(scene.properties ?? []).map((p) => toTiledProperty(p, rebase))];
  const images = tiledImages(scene, options.images).layers;
  const imageLayers = images.map((image, i) => imageLayer(image, objectLayers.length + 1 + i));
  const nested = nestInGroups(objectLayers, scene.groups ?? [], objectLayers.length + imageLayers.length + 1, rebase);
  const { width, height } = mapSize(scene, images, o.tileSize);
  const map = {
    type: "map",
    // "1.10" is the JSON format version Tiled 1.10 to 1.12 write; capsule objects need Tiled 1.12.
    version: "1.10",
    tiledversion: writesCapsules ? "1.12.0" : "1.10.0",
    orientation: "orthogonal",
    renderorder: "right-down",
    width,
    height,
    tilewidth: o.tileSize,
    tileheight: o.tileSize,
    infinite: false,
    nextlayerid: nested.next,
    nextobjectid: nextObjectId,
    ...(mapProperties.length > 0 ? { properties: mapProperties } : {}),
    tilesets: [],
    layers: [...imageLayers, ...nested.layers],
  };
  return JSON.stringify(map, null, 2) + "\n";
}
